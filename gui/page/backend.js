// The page's backend: what answers its rules questions and runs its engines. One
// interface, two implementations, chosen by `<html data-backend>`:
//   "server" (`feerie gui`): the server's HTTP API and WebSocket (server-backend.js);
//   "local" (the static site of `cargo xtask web`): the WebAssembly module in the page
//   and Web Workers (local/backend.js, loaded only then: it needs the site's wasm/).
//
// A backend has:
//   variants(), position(request), pgnExport(request), pgnImport(request): promises of
//     the JSON answers of docs/gui-api.md ("HTTP"); an answer with `error` rejects with
//     an Error holding its words;
//   session({ message, open, closed }): the session channel, speaking the messages of
//     docs/gui-api.md ("WebSocket /ws"); returns { send(msg) }. `message(msg)` gets each
//     message of the backend, `open()` is called once the channel can carry messages
//     (again, after a lost connection), `closed()` when it is lost (what was running has
//     ended). Messages sent before `open` wait for it.

import { ServerBackend } from './server-backend.js';

/** The backend `<html data-backend>` names (the server's when none). */
export async function openBackend() {
  if (document.documentElement.dataset.backend === 'local') {
    const { LocalBackend } = await import('./local/backend.js');
    return LocalBackend.start();
  }
  return new ServerBackend();
}
