// A module Worker running the solver: after the compiled module (workers.js), each
// message is a `solve` request (JSON text), answered by the module's `solve` with one
// message for the page (JSON text). Stopping a solve ends this worker (session.js starts
// a fresh one).

import { load } from '../wasm/load.js';
import { serveModule } from './workers.js';

let solver = null;
serveModule(
  load,
  (module) => { solver = module; },
  (request) => self.postMessage(solver.solve(String(request))),
);
