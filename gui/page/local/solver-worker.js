// A module Worker running the solver: each message is a `solve` request (JSON text),
// answered by the module's `solve` with one message for the page (JSON text). Stopping
// a solve ends this worker (session.js starts a fresh one).

import { load } from '../wasm/load.js';

const module = load();
self.onmessage = async (e) => {
  self.postMessage((await module).solve(String(e.data)));
};
