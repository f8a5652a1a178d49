// The door scanner's service worker: keeps the scanner page and its files, so that a reload
// without the network still opens it. Registered by the scanner only, with the scanner's path
// as its scope; the ticket list and the queued scans live in IndexedDB, not here.
const CACHE = "eventwerk-door-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The page names what it loaded (its path and the /assets/ files it used).
self.addEventListener("message", (event) => {
  const urls = event.data?.cache;
  if (Array.isArray(urls)) {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(urls).catch(() => {})));
  }
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/i18n/")) {
    // Hashed names (and the build's id in the messages' path) never change: the cached copy
    // is the file.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            const copy = response.clone();
            // Only what is kept for good: an older build's messages are answered `no-cache`.
            const kept = /immutable/.test(response.headers.get("cache-control") ?? "");
            if (response.ok && kept) caches.open(CACHE).then((cache) => cache.put(request, copy));
            return response;
          }),
      ),
    );
    return;
  }
  if (request.mode === "navigate") {
    // The network first (counters, a revoked link); the kept page when there is none.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          if (response.ok) caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
          return response;
        })
        .catch(() => caches.match(url.pathname).then((hit) => hit ?? Response.error())),
    );
  }
});
