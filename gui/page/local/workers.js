// A module Worker running the WebAssembly module: the page compiles the module once
// (wasm/load.js) and posts it as the worker's first message, so a fresh worker does not
// fetch or compile it again. Messages posted before then wait here.

import { loadModule } from '../wasm/load.js';

export class ModuleWorker {
  /** Starts the worker script at `url`; `onMessage(data)` gets what it posts,
   * `onError(words)` says it failed (then it says nothing more). */
  constructor(url, onMessage, onError) {
    this.worker = new Worker(url, { type: 'module' });
    this.worker.onmessage = (e) => { if (this.worker) onMessage(e.data); };
    this.worker.onerror = (e) => {
      e.preventDefault();
      if (!this.worker) return;
      this.terminate();
      onError(e.message || 'its worker failed');
    };
    this.waiting = [];
    loadModule().then((module) => {
      if (!this.worker) return;
      this.worker.postMessage(module);
      for (const message of this.waiting.splice(0)) this.worker.postMessage(message);
      this.waiting = null;
    }, (e) => { this.terminate(); onError(`the module did not load: ${e.message ?? e}`); });
  }

  post(message) {
    if (!this.worker) return;
    if (this.waiting) this.waiting.push(message);
    else this.worker.postMessage(message);
  }

  /** Ends the worker at once; nothing it posted is heard after this. */
  terminate() {
    this.worker?.terminate();
    this.worker = null;
  }
}

/** The worker's side: `start(module)` once the page has posted the compiled module, then
 * `handle(message)` for every message after it. An error starting is thrown where the
 * page's `onError` hears it. */
export function serveModule(load, start, handle) {
  let started = false;
  let ready = false;
  const waiting = [];
  self.onmessage = async (e) => {
    if (started) {
      if (ready) handle(e.data);
      else waiting.push(e.data);
      return;
    }
    started = true;
    try {
      start(await load(e.data));
    } catch (error) {
      setTimeout(() => { throw error; }); // an uncaught error: the page's `onerror`
      return;
    }
    ready = true;
    for (const message of waiting.splice(0)) handle(message);
  };
}
