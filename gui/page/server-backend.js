// The backend of `feerie gui` (backend.js): the server's HTTP API for the rules and one
// WebSocket per tab for the engines (docs/gui-api.md).

/** A JSON request to the server; an answer with `error` is thrown as an Error with its words. */
async function request(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  };
  let res;
  try { res = await fetch(path, init); } catch { throw new Error('the server does not answer (is `feerie gui` still running?)'); }
  let data;
  try { data = await res.json(); } catch { throw new Error(`the server answered ${res.status} without JSON`); }
  if (!res.ok || data.error) throw new Error(data.error || `the server answered ${res.status}`);
  return data;
}

export class ServerBackend {
  variants() { return request('/api/variants'); }

  position(req) { return request('/api/position', req); }

  pgnExport(req) { return request('/api/pgn/export', req); }

  pgnImport(req) { return request('/api/pgn/import', req); }

  session(handlers) { return new Socket(handlers); }
}

/** The tab's WebSocket, reconnecting when lost; messages wait while it is not open. */
class Socket {
  constructor(handlers) {
    this.handlers = handlers;
    this.ws = null;
    this.queue = [];
    this.retry = 500;
    this.connect();
  }

  connect() {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
      this.handlers.open?.();
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      this.handlers.message(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.handlers.closed?.();
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
    else this.queue.push(msg);
  }
}
