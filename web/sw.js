// The service worker: keeps every file of one build in a cache named by that build's
// version, so that the game opens with no network after the first visit. web/build.sh
// writes BUILD (the version, a hash of the build's files, and each file's size); a new
// build is a new sw.js, which the browser installs beside the old one.
//   install:  fill `gomoku-VERSION` (the page has usually put the game's module there
//             already, from its own download), fetching past the HTTP cache;
//   activate: delete the other builds' caches, take over the open pages;
//   fetch:    the cached file, else the network. Any page address in scope (`./?play`)
//             is the cached index.html.
// A new version waits while pages of the old one are open (a page's later requests, such
// as a restarted AI worker's, must get files of the page's own build); a page that has
// not started its game yet asks it to take over when it is the only one (see index.html).
const BUILD = /*BUILD*/null;
const PREFIX = 'gomoku-';
const CACHE = PREFIX + (BUILD ? BUILD.version : 'unbuilt');
const scope = new URL(self.registration.scope);
const index = new URL('./', scope).href;

// The cache key of a file of the build.
const key = (name) => (name === 'index.html' ? index : new URL(name, scope).href);

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    if (!BUILD) throw new Error('sw.js was not written by web/build.sh: no file list');
    const cache = await caches.open(CACHE);
    await Promise.all(['index.html', ...Object.keys(BUILD.files)].map(async (name) => {
      if (await cache.match(key(name))) return;
      const response = await fetch(key(name), { cache: 'reload' });
      if (!response.ok) throw new Error(`${name}: ${response.status} ${response.statusText}`);
      await cache.put(key(name), response);
    }));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// `activate` from a page still on its loading screen: this version takes over now if that
// page is the only one open, and answers whether it did. A page says `leaving` as it goes
// (pagehide: a reload, a navigation, a closed tab, the back-forward cache) and `back` when
// the back-forward cache restores it, so the page a reload replaced does not count while
// it unloads. A page that said nothing (an older build's, one killed) still counts until
// it is gone, for some seconds at most: 4 s was once too few on a loaded two-core machine.
const UNLOAD_GRACE_MS = 10000;
const leaving = new Set();
self.addEventListener('message', (event) => {
  const page = event.source?.id;
  if (event.data === 'leaving' && page) leaving.add(page);
  if (event.data === 'back' && page) leaving.delete(page);
  if (event.data !== 'activate' || !event.ports[0]) return;
  event.waitUntil((async () => {
    const deadline = Date.now() + UNLOAD_GRACE_MS;
    let others = [];
    for (;;) {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      others = pages.filter((open) => open.id !== page && !leaving.has(open.id));
      if (others.length === 0 || Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The answer first, as pages of earlier builds read it: a boolean. Then, when it is
    // no, the pages that kept the old version, for the asking page to report.
    if (others.length === 0) {
      // Chromium resolves skipWaiting only once the activation has begun, which waits for
      // the old version's requests in flight: about a second in the tests. A test page
      // once had no answer within its 20 s, most likely for this, so the answer does not
      // wait for it.
      const activation = self.skipWaiting();
      event.ports[0].postMessage(true);
      await activation;
    } else {
      event.ports[0].postMessage(false);
      event.ports[0].postMessage({
        open: others.map((open) => ({ url: open.url, visibility: open.visibilityState, focused: open.focused })),
      });
    }
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const page = request.mode === 'navigate'
    && (url.pathname === scope.pathname || url.pathname === scope.pathname + 'index.html');
  if (!page && url.search) return;
  event.respondWith((async () => {
    const cached = await (await caches.open(CACHE)).match(page ? index : url.href);
    return cached ?? fetch(request);
  })());
});
