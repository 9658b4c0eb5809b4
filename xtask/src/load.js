// Feerie's WebAssembly module for the page and its (module) Workers, written into
// DIR/wasm/ by `cargo xtask web` (docs/web.md). Two builds sit beside this file: the
// simd128 one, used where the browser validates simd code, and the plain one.
//
//   load(module?)   resolves to the initialised module: variants(), position(request),
//                   pgn_export(request), pgn_import(request), solve(request), the Engine
//                   class. `module`, a compiled WebAssembly.Module (from loadModule(),
//                   posted to a worker), saves compiling it again.
//   loadModule()    resolves to the compiled WebAssembly.Module, compiled once.
//   simd            whether the simd128 build is the one used.

import * as plain from './feerie_web.js';
import * as simdBuild from './feerie_web_simd.js';

// The smallest module with simd128 code: one function returning
// i8x16.popcnt(i8x16.splat(0)) (popcnt came last into the simd proposal).
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // types: () -> v128
  0x03, 0x02, 0x01, 0x00, // functions: one of type 0
  0x0a, 0x0a, 0x01, 0x08, 0x00, // code: one body of 8 bytes, no locals
  0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x62, 0x0b, // i32.const 0; i8x16.splat; i8x16.popcnt; end
]);

export const simd = WebAssembly.validate(SIMD_PROBE);

const glue = simd ? simdBuild : plain;
const url = new URL(simd ? './feerie_web_simd_bg.wasm' : './feerie_web_bg.wasm', import.meta.url);

let compiled = null;

/** The compiled module of the build this browser runs, fetched and compiled once. */
export function loadModule() {
  compiled ??= WebAssembly.compileStreaming(fetch(url)).catch(
    // A server that does not send `application/wasm` defeats streaming compilation.
    async () => WebAssembly.compile(await (await fetch(url)).arrayBuffer()),
  );
  return compiled;
}

/** The module, initialised (from `module` when given), with its functions and Engine. */
export async function load(module) {
  await glue.default({ module_or_path: module ?? (await loadModule()) });
  return glue;
}
