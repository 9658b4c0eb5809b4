// The static site's service worker (registered by local/backend.js, never by `feerie
// gui`'s page): the page works offline once loaded. Every file of the site is fetched
// from the network when it answers, so a new build is seen at once, and kept in the
// cache, which answers when the network does not. The page posts the files it loaded
// before this worker took control ({cache: [urls]}), answered {cached: true}.

const CACHE = 'feerie-site';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

self.addEventListener('message', (e) => {
  const urls = [...new Set(e.data?.cache ?? [])].filter((u) => new URL(u).origin === location.origin);
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const failed = [];
    await Promise.all(urls.map((u) => cache.add(u).catch(() => failed.push(u))));
    e.source.postMessage(failed.length ? { cached: false, error: `not kept: ${failed.join(' ')}` } : { cached: true });
  })());
});

self.addEventListener('fetch', (e) => {
  const { request } = e;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const answer = await fetch(request);
      if (answer.ok) await cache.put(request, answer.clone());
      return answer;
    } catch (offline) {
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      throw offline;
    }
  })());
});
