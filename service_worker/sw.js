// Thieves' Table service worker: precache everything, serve from the cache first, switch versions
// only when the new list is complete, and never swap under a game in progress (the page asks).
// It also keeps the start-up snapshot (pyodide-loader.mjs) in the version's cache, so an update
// drops it with the rest.
// build.py replaces the precache placeholder below with {version, snapshot: the snapshot key of
// this build, files: [[url, revision], ...]}.
const PRECACHE = self.__PRECACHE__;
const PREFIX = "thieves-table-";
const CACHE = PREFIX + PRECACHE.version;
const SCOPE = new URL(self.registration.scope);
const BY_URL = new Map(PRECACHE.files.map(([url, revision]) => [new URL(url, SCOPE).href, revision]));
const INDEX = new URL("index.html", SCOPE).href;
// Where the revision of every cached file is remembered, so the next version copies what did not
// change instead of downloading it again.
const REVISIONS = new URL("__revisions__", SCOPE).href;
const SNAPSHOT = new URL("__snapshot__", SCOPE).href;

// A damaged list (not JSON, not a map of url -> revision) is as good as none: everything downloads.
async function revisionsOf(cache) {
  const response = await cache.match(REVISIONS);
  try {
    const revisions = response ? await response.json() : {};
    return revisions && typeof revisions === "object" && !Array.isArray(revisions) ? revisions : {};
  } catch {
    return {};
  }
}

async function findUnchanged(url, revision) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    if ((await revisionsOf(cache))[url] === revision) {
      const response = await cache.match(url);
      if (response) return response;
    }
  }
  return null;
}

// A request that failed on the way (the connection dropped: a phone's network, a busy server) is
// asked once more before the install gives up; an answer such as 404 is not asked again.
async function fetchAgainOnce(url) {
  try {
    return await fetch(url, { cache: "no-cache" });
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return fetch(url, { cache: "no-cache" });
  }
}

async function precache() {
  const existing = (await caches.has(CACHE)) ? await caches.open(CACHE) : null;
  const done = existing ? await revisionsOf(existing) : {};
  // Every response is in hand before anything is stored: a version whose files cannot all be
  // fetched creates no cache at all (a partial one would only take up room).
  const results = await Promise.allSettled([...BY_URL].map(async ([url, revision]) => {
    if (existing && done[url] === revision && await existing.match(url)) return null;
    const unchanged = await findUnchanged(url, revision);
    if (unchanged) return [url, unchanged];
    // Revalidated, not reloaded: what the page has just downloaded comes from the HTTP cache (the
    // server says 304), so a first visit does not fetch everything twice.
    const response = await fetchAgainOnce(url);
    if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
    return [url, await asDecoded(response)];
  }));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  const cache = existing || await caches.open(CACHE);
  await Promise.all(results.filter((result) => result.value).map((result) => cache.put(...result.value)));
  // Only a complete cache is marked complete; an install that failed leaves the old version serving.
  for (const url of BY_URL.keys()) {
    if (!(await cache.match(url))) throw new Error(`precache: ${url} is missing`);
  }
  await cache.put(REVISIONS, new Response(JSON.stringify(Object.fromEntries(BY_URL)),
    { headers: { "content-type": "application/json" } }));
}

// A compressed response's body arrives decoded, but its headers still describe the compressed copy:
// store the file itself under headers that say so (no Content-Encoding, the file's own length).
async function asDecoded(response) {
  if (!response.headers.has("content-encoding")) return response;
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.delete("content-encoding");
  headers.set("content-length", String(body.size));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("install", (event) => {
  // No skipWaiting here: a new version waits until the page says the player agreed.
  event.waitUntil((async () => {
    const existed = await caches.has(CACHE);   // the same list already serving (only sw.js changed)
    try {
      await precache();
    } catch (error) {
      // A write that failed part way (storage full): throw the partial cache away (the next
      // attempt copies unchanged files from the serving version again).
      if (!existed) await caches.delete(CACHE);
      throw error;
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  if (data.type === "version" && event.ports[0]) event.ports[0].postMessage({ version: PRECACHE.version });
});

function cacheKey(request) {
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return null;
  // Pages are keyed without their query (embed.html?game=...) and "/" is index.html.
  url.search = "";
  url.hash = "";
  if (url.href === SCOPE.href) return INDEX;
  return BY_URL.has(url.href) ? url.href : null;
}

// The start-up snapshot: read (GET), kept (PUT: only one made for this very build) or dropped
// (DELETE) by the page's loader and its snapshot worker; never fetched from the network.
async function snapshotRequest(request) {
  const cache = await caches.open(CACHE);
  // None kept yet: "no content" rather than a 404, which the browser's console reports as an error.
  if (request.method === "GET") return (await cache.match(SNAPSHOT)) ?? new Response(null, { status: 204 });
  if (request.method === "DELETE") {
    await cache.delete(SNAPSHOT);
    return new Response(null, { status: 204 });
  }
  if (request.method !== "PUT") return new Response(null, { status: 405 });
  const key = request.headers.get("x-snapshot-key");
  if (key !== PRECACHE.snapshot) return new Response(null, { status: 409 });
  const body = await request.blob();
  await cache.put(SNAPSHOT, new Response(body, { headers: {
    "content-type": "application/octet-stream",
    "content-length": String(body.size),       // the loader sizes Pyodide's memory by it at once
    "x-snapshot-key": key,
    "x-snapshot-sha256": request.headers.get("x-snapshot-sha256") ?? "",
  } }));
  return new Response(null, { status: 201 });
}

self.addEventListener("fetch", (event) => {
  if (event.request.url.split(/[?#]/)[0] === SNAPSHOT) {
    event.respondWith(snapshotRequest(event.request));
    return;
  }
  if (event.request.method !== "GET") return;
  const key = cacheKey(event.request);
  if (!key) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (hit) return hit;
    return fetch(event.request);
  })());
});
