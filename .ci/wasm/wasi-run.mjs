// Runs a wasm32-wasip1 program under Node's WASI, as cargo's runner for that target:
//   node .ci/wasm/wasi-run.mjs program.wasm [args...]
// Exits with the program's status.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: "preview1", args: [program, ...args], env: {} });
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
