// Runs a wasm32-wasip1 program under Node's WASI, as cargo's runner for that target:
//   node .ci/wasm/wasi-run.mjs program.wasm [args...]
// Exits with the program's status.
import { readFile } from "node:fs/promises";
import { setFlagsFromString } from "node:v8";
import { WASI } from "node:wasi";

// V8's fast calls into node:wasi keep the module's memory as it was before a
// memory.grow: past about 32 MiB (a hash table) writes then go to freed memory and
// Node crashes at exit (nodejs/node#53087). The plain calls read the memory afresh.
setFlagsFromString("--no-turbo-fast-api-calls");

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: "preview1", args: [program, ...args], env: {} });
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
