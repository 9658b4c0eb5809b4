// A module Worker running the WebAssembly module's UCI engine (uci-engine.js speaks to
// it): after the compiled module (workers.js), every message is one UCI line, and every
// line the engine says is posted back. A `go` holds this worker until its `bestmove`;
// the lines posted meanwhile wait their turn.

import { load } from '../wasm/load.js';
import { serveModule } from './workers.js';

let engine = null;
serveModule(
  load,
  (module) => { engine = new module.Engine((line) => self.postMessage(line)); },
  (line) => engine.command(String(line)),
);
