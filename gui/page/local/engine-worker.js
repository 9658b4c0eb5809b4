// A module Worker running the WebAssembly module's UCI engine (uci-engine.js speaks to
// it): every message is one UCI line, every line the engine says is posted back. A `go`
// holds this worker until its `bestmove`; the lines posted meanwhile wait their turn.

import { load } from '../wasm/load.js';

const waiting = [];
let engine = null;
self.onmessage = (e) => {
  if (engine) engine.command(String(e.data));
  else waiting.push(String(e.data));
};

const module = await load();
engine = new module.Engine((line) => self.postMessage(line));
for (const line of waiting.splice(0)) engine.command(line);
