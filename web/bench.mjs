// Nodes per second of the WebAssembly engine against the native one, on each variant's
// `bench` (its positions at its bench depth, one thread), in one run: per variant the
// native binary, the plain module and the simd128 module run in turn, `rounds` times,
// and the best figure of each is kept. The node counts must agree (the same search).
//
//   node web/bench.mjs DIR [path/to/feerie] [rounds]
//
// DIR is what `cargo xtask web --out DIR` wrote; feerie defaults to target/release/feerie
// (cargo build --release); rounds to 1. docs/web.md, "Speed".

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [dir, feerie = 'target/release/feerie', rounds = '1'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node web/bench.mjs DIR [path/to/feerie] [rounds]');
  process.exit(2);
}
const VARIANTS = ['chess', 'dynamo', 'augsburg', 'einstein', 'reverse-einstein', 'anti-einstein'];

/** The nodes and nodes per second of a bench's summary lines. */
function figures(lines) {
  const field = (name) => Number(lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2));
  return { nodes: field('Nodes searched'), nps: field('Nodes/second') };
}

/** The module of DIR/wasm/NAME.js, initialised. */
async function module(name) {
  const glue = await import(pathToFileURL(`${dir}/wasm/${name}.js`));
  glue.initSync({ module: readFileSync(`${dir}/wasm/${name}_bg.wasm`) });
  return glue;
}

function wasmBench(glue, variant) {
  const lines = [];
  const engine = new glue.Engine((line) => lines.push(line));
  engine.command(`setoption name UCI_Variant value ${variant}`);
  engine.command('bench');
  engine.free();
  return figures(lines);
}

function nativeBench(variant) {
  const text = execFileSync(feerie, ['bench', '--variant', variant], { encoding: 'utf8' });
  return figures(text.split('\n'));
}

const builds = { plain: await module('feerie_web'), simd: await module('feerie_web_simd') };
let disagree = false;
console.log('variant           nodes     native nps   plain nps (ratio)   simd nps (ratio)');
for (const variant of VARIANTS) {
  const best = { native: 0, plain: 0, simd: 0 };
  const nodes = new Set();
  for (let round = 0; round < Number(rounds); round++) {
    const runs = {
      native: nativeBench(variant),
      plain: wasmBench(builds.plain, variant),
      simd: wasmBench(builds.simd, variant),
    };
    for (const [name, run] of Object.entries(runs)) {
      best[name] = Math.max(best[name], run.nps);
      nodes.add(run.nodes);
    }
  }
  if (nodes.size !== 1) disagree = true;
  const ratio = (nps) => `${nps} (${(nps / best.native).toFixed(2)})`;
  console.log(
    `${variant.padEnd(17)} ${[...nodes].join('/').padEnd(9)} ${String(best.native).padEnd(12)} ` +
      `${ratio(best.plain).padEnd(19)} ${ratio(best.simd)}`,
  );
}
if (disagree) {
  console.error('the node counts differ between the builds');
  process.exit(1);
}
