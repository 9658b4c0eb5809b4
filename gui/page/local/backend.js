// The backend of the static site (backend.js): the rules from the WebAssembly module in
// the page, the engines and the solver in Web Workers behind a session that speaks the
// server's WebSocket messages (session.js).

import { load } from '../wasm/load.js';
import { LocalSession } from './session.js';

/** The module's JSON answer; `{error}` becomes a rejection with its words. */
function answer(text) {
  const data = JSON.parse(text);
  if (data.error) throw new Error(data.error);
  return data;
}

/** The workers' scripts: kept for offline use with the files the page loaded. */
const WORKERS = [new URL('./engine-worker.js', import.meta.url), new URL('./solver-worker.js', import.meta.url)];

/** Keeps the site for use offline (sw.js); `window.feerie.offline` says 'ready' once it is
 * kept, or why not. */
async function keepOffline() {
  const feerie = window.feerie ?? {};
  try {
    await navigator.serviceWorker.register(new URL('../sw.js', import.meta.url));
    const { active } = await navigator.serviceWorker.ready;
    navigator.serviceWorker.addEventListener('message', (e) => {
      if ('cached' in e.data) feerie.offline = e.data.cached ? 'ready' : e.data.error;
    });
    const loaded = performance.getEntriesByType('resource')
      .filter((e) => e.initiatorType !== 'xmlhttprequest')
      .map((e) => e.name);
    active.postMessage({ cache: [location.href, ...loaded, ...WORKERS.map(String)] });
  } catch (e) { feerie.offline = `not kept offline: ${e.message ?? e}`; }
}

export class LocalBackend {
  static async start() {
    const module = await load();
    keepOffline();
    return new LocalBackend(module);
  }

  constructor(module) {
    this.module = module;
  }

  async variants() { return answer(this.module.variants()); }

  async position(req) { return answer(this.module.position(JSON.stringify(req))); }

  async pgnExport(req) { return answer(this.module.pgn_export(JSON.stringify(req))); }

  async pgnImport(req) { return answer(this.module.pgn_import(JSON.stringify(req))); }

  session(handlers) {
    const session = new LocalSession(this.module, handlers);
    queueMicrotask(() => handlers.open?.());
    return session;
  }
}
