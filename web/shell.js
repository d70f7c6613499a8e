// Thieves' Table shell. The page paints before any of this runs; this script paints the last screen
// the person saw on a relaunch (a stored copy, inert until Python is up), shows real loading
// progress (bytes of the runtime as they arrive), starts Python in its worker from our own files,
// registers the service worker once Python is up, and offers updates instead of swapping them in.
// build.py replaces the placeholder below with {sizes: {path: [bytes, bytes of its Brotli copy]},
// screens: the version of what draws a screen (a stored screen of another version is not painted)}.
const BUILD = self.__BUILD__;
import { countedFetch } from "./counted-fetch.mjs";

const root = document.documentElement;
const appRoot = document.getElementById("app");
const here = (path) => new URL(path, location.href).href;

// The app holds every saved game: a page on another site must not frame it (a meta CSP cannot
// say frame-ancestors, so the host's header does, and this check does where there is none).
// The embed may be framed by another site: it stores nothing and checks its parent in Python.
function framedByAnotherSite() {
  if (window.top === window.self) return false;
  try {
    return window.top.location.origin !== location.origin;
  } catch {
    return true;       // reading another origin's location throws
  }
}
const refused = !root.classList.contains("embedded") && framedByAnotherSite();

// ---- storage: a frame on another site may be refused it ----------------------------------------
// A browser that blocks third-party site data gives a frame on another site no storage at all:
// reading localStorage throws, indexedDB.open fails. Probed here, before anything uses them;
// Python asks (thievesTable.storage) and, with none, plays from memory and says so.
const storage = {
  local: (() => {
    try {
      return Boolean(window.localStorage) && typeof window.localStorage.length === "number";
    } catch {
      return false;
    }
  })(),
};
// ---- the last screen: kept after each render, painted at once on a relaunch --------------------
// Python says what of each screen may be kept (web/frontend/shell/last_screen.py: never a secret;
// a hot-seat game keeps its cover); this keeps it under one key, by route (the last screen, and the
// home screen as last drawn, where the home-screen icon opens), with this build's version.
const LAST_SCREEN = "tt-last-screen";
const HOME = "#/";
const LARGEST_SCREEN = 400_000;      // characters: a copy never crowds the saves out of storage
const routeOf = (hash) => (!hash || hash === "#" || hash === "#/" ? HOME : hash);
const keepsScreens = !refused && !root.classList.contains("embedded");

// A screen is kept as the HTML Python drew, under LARGEST_SCREEN characters, with whether it is a
// game being played; the record holds at most two (the last and home) and this build's version.
const LARGEST_RECORD = 2 * LARGEST_SCREEN + 10_000;
const isScreen = (screen) => typeof screen?.html === "string" && screen.html.length <= LARGEST_SCREEN
  && typeof screen.playing === "boolean";

// The kept screens of this build, by route; a record that is too long, unreadable or of the wrong
// shape is set aside (dropped: it is only a copy, and Python draws the screen itself), and so is
// one of another build.
function storedScreens() {
  let text = null;
  try {
    text = localStorage.getItem(LAST_SCREEN);
  } catch {
    return {};                       // storage refused: nothing kept
  }
  if (text === null) return {};
  let stored;
  try {
    if (text.length <= LARGEST_RECORD) stored = JSON.parse(text);
  } catch { /* damaged: set aside below */ }
  const screens = stored?.screens;
  const whole = screens && typeof screens === "object" && !Array.isArray(screens)
    && Object.keys(screens).length <= 2 && Object.values(screens).every(isScreen);
  if (whole && stored.version === BUILD.screens) return screens;
  if (!whole || typeof stored?.version !== "string") {
    console.warn("Thieves' Table: the kept copy of the last screen is damaged: set aside (it is not painted)");
  }
  try { localStorage.removeItem(LAST_SCREEN); } catch { /* storage refused: nothing to drop */ }
  return {};
}

// What a kept screen may hold on the page: what Python's screens draw (web/frontend), and nothing
// that loads, runs or goes anywhere: no meta, script, base, link, style, iframe, object; no event
// handlers; links and sources on this origin only. Anyone able to write this origin's storage can
// write the copy, so it is read in an inert template (nothing in it loads or acts there), cleaned,
// and only then put on the page.
const DRAWN_TAGS = new Set(("a abbr article aside b bdi bdo br button caption code col colgroup dd del details dfn div "
  + "dl dt em fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr i img input ins kbd label legend li "
  + "main mark meter nav ol optgroup option output p pre progress q s samp section select small span strong sub "
  + "summary sup table tbody td textarea tfoot th thead time tr u ul var wbr "
  + "svg g path rect circle ellipse line polyline polygon text tspan title desc defs symbol use "
  + "lineargradient radialgradient stop clippath mask pattern marker").split(" "));
const URL_ATTRIBUTES = new Set(["href", "xlink:href", "src", "action", "formaction"]);
const DROPPED_ATTRIBUTES = new Set(["srcset", "ping", "http-equiv", "background", "poster", "data"]);
const SHELL_IDS = new Set(["app", "boot", "boot-status", "waking", "update", "tt-live"]);
const onThisOrigin = (url) => {
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
};

function asDrawn(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  let dropped = 0;
  for (const element of [...template.content.querySelectorAll("*")]) {
    if (!DRAWN_TAGS.has(element.localName.toLowerCase())) {
      element.remove();
      dropped += 1;
      continue;
    }
    for (const { name, value } of [...element.attributes]) {
      const lower = name.toLowerCase();
      if (lower.startsWith("on") || DROPPED_ATTRIBUTES.has(lower)
          || (URL_ATTRIBUTES.has(lower) && !onThisOrigin(value))
          || (lower === "style" && /url|image|expression|\\/i.test(value))
          || (lower === "id" && SHELL_IDS.has(value))) {
        element.removeAttribute(name);
        dropped += 1;
      }
    }
  }
  if (dropped) console.warn(`Thieves' Table: ${dropped} things in the kept last screen the app never draws were left out`);
  return template.content;
}

// Painted before Python is up: the stored screen of this very route, marked as waking up (the boot
// bar as a thin line along the top, its fields read-only, taps held until Python is ready).
function paintLastScreen() {
  if (!keepsScreens) return false;
  const screen = storedScreens()[routeOf(location.hash)];
  if (!screen?.html) return false;
  appRoot.replaceChildren(asDrawn(screen.html));
  root.classList.toggle("tt-playing", screen.playing);
  root.classList.add("tt-waking");
  appRoot.setAttribute("aria-busy", "true");
  for (const field of appRoot.querySelectorAll("input, textarea")) field.readOnly = true;
  for (const field of appRoot.querySelectorAll("select")) field.disabled = true;
  // After the frame that paints it (the bench times a relaunch to this mark).
  requestAnimationFrame(() => setTimeout(() => performance.mark("tt:last-screen")));
  return true;
}
const waking = paintLastScreen();

// Taps on the stored screen are held, then carried out in order on Python's own screen once it is
// ready, each only if its element is there with the very same data (else it and every tap after it,
// which may depend on it, are refused, with a word: never lost silently).
const TAPPABLE = "[data-command], [data-act], [data-why], [data-field]";
const heldTaps = [];
const dataOf = (element) => JSON.stringify(Object.entries(element.dataset).filter(([key]) => key !== "motion").sort());

function holdTap(event) {
  // (A click ui.js swallowed, the one that ends a drag, is no tap.)
  if (!root.classList.contains("tt-waking") || event.defaultPrevented) return;
  const target = event.target.closest?.(TAPPABLE);
  if (!target || !appRoot.contains(target) || target.matches("input[type=text], input:not([type]), textarea")) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (target.matches("input[type=file]")) {
    refuseTaps(1);                   // a file picker opens only from the tap itself
    return;
  }
  heldTaps.push({ tag: target.tagName, data: dataOf(target) });
  target.classList.add("tt-held");
}

function carryOutHeldTaps() {
  const taps = heldTaps.splice(0);
  for (const [index, tap] of taps.entries()) {
    const element = [...appRoot.querySelectorAll(TAPPABLE)].find((candidate) =>
      candidate.tagName === tap.tag && dataOf(candidate) === tap.data);
    if (!element || element.disabled || element.getAttribute("aria-disabled") === "true") {
      refuseTaps(taps.length - index);
      return;
    }
    element.click();
  }
}

function refuseTaps(count) {
  const notice = document.createElement("p");
  notice.className = "tt-held-notice";
  notice.setAttribute("role", "alert");
  notice.dataset.testid = "held-tap-refused";
  notice.textContent = count > 1 ? "Those taps came before the game was ready: tap again."
                                 : "That tap came before the game was ready: tap again.";
  document.querySelector(".tt-held-notice")?.remove();
  document.body.append(notice);
  setTimeout(() => notice.remove(), 5000);
}

function wakeUp() {
  root.classList.remove("tt-waking");
  appRoot.removeAttribute("aria-busy");
  document.getElementById("waking")?.remove();
}

if (waking) {
  document.addEventListener("click", holdTap, true);
  document.addEventListener("submit", (event) => { if (root.classList.contains("tt-waking")) event.preventDefault(); }, true);
}

// Kept once the page is quiet after Python drew (never inside a tap's own frame), and at once as the
// page is hidden (a phone's app switcher, a closed tab). A failed write (storage full) is dropped.
let keepTimer = null;
function keepScreenSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(() => (window.requestIdleCallback ?? setTimeout)(keepScreen, { timeout: 1000 }), 300);
}

function keepScreen() {
  clearTimeout(keepTimer);
  keepTimer = null;
  if (root.dataset.app !== "ready") return;
  // Python answers at once on this thread, or a moment later from its worker.
  window.dispatchEvent(new CustomEvent("thieves-table:keep-screen", { detail: { reply: keepAnswered } }));
}

function keepAnswered(answer) {
  if (root.dataset.app !== "ready") return;
  let screen = null;
  if (answer.keep === "screen") screen = { html: appRoot.innerHTML, playing: root.classList.contains("tt-playing") };
  else if (answer.keep === "html" && typeof answer.html === "string") screen = { html: answer.html, playing: Boolean(answer.playing) };
  if (screen && screen.html.length > LARGEST_SCREEN) screen = null;
  const route = routeOf(location.hash);
  const screens = {};
  if (route !== HOME) {
    const home = storedScreens()[HOME];
    if (home) screens[HOME] = home;
  }
  if (screen) screens[route] = screen;
  try {
    localStorage.setItem(LAST_SCREEN, JSON.stringify({ version: BUILD.screens, screens }));
  } catch {
    try { localStorage.removeItem(LAST_SCREEN); } catch { /* nothing more to do */ }
  }
}

let keeping = false;
function keepScreens() {
  if (!keepsScreens || keeping) return;
  keeping = true;
  new MutationObserver(keepScreenSoon).observe(appRoot, { childList: true, subtree: true, characterData: true });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keepScreen(); });
  window.addEventListener("pagehide", keepScreen);
  keepScreenSoon();
}

// The boot screen's bar and status line, written here for every page (index.html and embed.html
// each paint their own words at once, with no script of their own: the CSP forbids inline script).
// Over a stored screen, the bar is a thin line along the top and the words are for screen readers.
const BOOT_BAR = '<div class="progress busy" role="progressbar" aria-label="Loading" aria-valuemin="0" aria-valuemax="100"'
  + ' aria-valuenow="0"><div class="progress-fill"></div></div>';
if (waking) {
  document.body.insertAdjacentHTML("beforeend", '<div id="waking" class="tt-waking-line">' + BOOT_BAR
    + '<p id="boot-status" class="sr" role="status">Waking up…</p></div>');
} else {
  document.getElementById("boot")?.insertAdjacentHTML("beforeend", BOOT_BAR
    + '<p id="boot-status" class="muted boot-status">Downloading Python…</p>');
}
const bar = document.querySelector(".progress");
const fill = document.querySelector(".progress-fill");
const statusLine = document.getElementById("boot-status");

// ---- progress: bytes of the big runtime files, then Python's own start-up --------------------
// The bar counts the files' own bytes as they arrive (a compressed response arrives decoded); the
// words say what crosses the network: the Brotli copies' sizes, when the host sent this page
// compressed (it then compresses the rest: docs/hosting.md).
const [page] = performance.getEntriesByType("navigation");
const compressedHost = page?.encodedBodySize > 0 && page.encodedBodySize < page.decodedBodySize;
const expected = new Map(Object.entries(BUILD.sizes).map(([path, [bytes, brotli]]) =>
  [here(path), { bytes, wire: (compressedHost && brotli) || bytes }]));
const sum = (values) => values.reduce((a, b) => a + b, 0);
const totalBytes = sum([...expected.values()].map((size) => size.bytes));
const totalWire = sum([...expected.values()].map((size) => size.wire));
const received = new Map();
const DOWNLOAD_SHARE = 85; // percent of the bar; the rest is Python starting and our modules loading

function setProgress(percent, text) {
  const shown = Number(bar?.getAttribute("aria-valuenow") || 0);
  const value = Math.max(shown, Math.min(100, Math.round(percent)));
  if (bar) bar.setAttribute("aria-valuenow", String(value));
  if (fill) fill.style.width = value + "%";
  // The words never go back either: Python starts while our own files still arrive.
  if (text && statusLine && Math.round(percent) >= shown) statusLine.textContent = text;
}

function countBytes(url, bytes) {
  // A file counted whole (the page's preload, seen by the observer) is not counted down again by the
  // worker's own fetch of it (answered by the HTTP cache, in parts): a count never goes back.
  received.set(url, Math.max(received.get(url) || 0, bytes));
  const got = sum([...received.values()]);
  const wire = sum([...received].map(([file, n]) => (n / expected.get(file).bytes) * expected.get(file).wire));
  const mb = (n) => (n / 1e6).toFixed(1);
  if (got >= totalBytes) setProgress(DOWNLOAD_SHARE, "Starting Python…");
  else setProgress((DOWNLOAD_SHARE * got) / totalBytes, `Downloading Python… ${mb(wire)} of ${mb(totalWire)} MB`);
}

// Pyodide fetches its wasm and standard library with fetch(), in Python's worker (which counts its
// bytes and tells them: thievesTable.downloaded) or, with ?main, on this page (pythonHere).
// Scripts loaded by import() do not pass through fetch(): count them when they finish.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (expected.has(entry.name) && !received.has(entry.name)) countBytes(entry.name, expected.get(entry.name).bytes);
  }
}).observe({ type: "resource", buffered: true });

// ---- no storage: said in one line above the app, which every screen keeps -------------------
if (!storage.local) {
  root.classList.add("tt-unkept");
  const unkept = document.createElement("p");
  unkept.className = "tt-unkept-line";
  unkept.dataset.testid = "unkept";
  unkept.setAttribute("role", "note");
  unkept.textContent = "Playing from memory: nothing here will be kept.";
  document.body.prepend(unkept);
}

// ---- what Python calls -------------------------------------------------------------------------
window.thievesTable = {
  storage,
  status(text, percent) { setProgress(percent ?? DOWNLOAD_SHARE, text); },
  // Bytes of a counted file that Python's worker has received so far (its fetches are not the page's).
  downloaded(url, bytes) { if (expected.has(url)) countBytes(url, bytes); },
  fail(message) { showError(message); },
};

function showError(message) {
  wakeUp();
  root.dataset.app = "error";
  const box = document.createElement("section");
  box.className = "boot error";
  box.setAttribute("role", "alert");
  box.innerHTML = "<h2>Thieves' Table could not start</h2><p></p><p><button>Try again</button></p>";
  box.querySelector("p").textContent = message;
  box.querySelector("button").onclick = () => location.reload();
  appRoot.replaceChildren(box);
}
window.addEventListener("error", (event) => {
  if (root.dataset.app === "loading") showError(event.message || "a script failed to load");
});

// ---- service worker: installed once Python's first screen is painted and the page is idle ------
// Its install downloads and stores every file (22 MB into the cache). Begun as Python's first screen
// was drawn, it took the CPU from that screen's frame: on two cores a first start's frame was a
// 185-230 ms task of 13 ms of its own work (bench, longest main-thread task of a first start).
// (A hidden page paints no frames: then it begins a moment later all the same.)
function afterFirstScreen(work) {
  let begun = false;
  const once = () => { if (!begun) { begun = true; work(); } };
  requestAnimationFrame(() => setTimeout(() => (window.requestIdleCallback ?? setTimeout)(once, { timeout: 2000 })));
  setTimeout(once, 3000);
}
async function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register("sw.js");
  } catch (error) {
    console.warn("service worker not registered:", error);
    return;
  }
  const button = document.getElementById("update");
  let consented = false;
  const offer = () => {
    if (button && registration.waiting && navigator.serviceWorker.controller) button.hidden = false;
  };
  // A new version may already be installing (the browser checks sw.js on every navigation).
  const track = (worker) => worker?.addEventListener("statechange", () => { if (worker.state === "installed") offer(); });
  offer();
  track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
  registration.update().catch(() => {});   // offline: nothing to check
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (consented) location.reload(); });
  button?.addEventListener("click", () => {
    consented = true;
    button.disabled = true;
    button.textContent = "Updating…";
    // Every action is already saved as it is made: nothing to keep before the new version starts.
    const waiting = registration.waiting;
    python.stopMakingSnapshot().finally(() => waiting?.postMessage({ type: "skip-waiting" })).catch(() => {});
  });
}

// Served by the service worker: a relaunch, not a first visit.
const relaunch = Boolean(navigator.serviceWorker?.controller);
new MutationObserver(() => {
  if (root.dataset.app !== "ready") return;
  if (!performance.getEntriesByName("tt:ready").length) performance.mark("tt:ready");
  wakeUp();
  carryOutHeldTaps();
  keepScreens();
  afterFirstScreen(registerWorker);
  // A relaunch that booted Python makes the start-up snapshot for the next one, in the background.
  if (relaunch) python.makeSnapshotLater();
}).observe(root, { attributes: true, attributeFilter: ["data-app"] });

// ---- start Python: in its worker, or (?main) on this thread through PyScript --------------------
function refuseFraming() {
  wakeUp();
  root.dataset.app = "refused";
  const box = document.createElement("section");
  box.className = "boot error";
  box.setAttribute("role", "alert");
  box.innerHTML = "<h2>Thieves' Table opens in its own tab</h2>"
    + "<p>Another site tried to show it inside its page; your saved games stay closed to it.</p>"
    + '<p><a class="btn primary" target="_blank" rel="noopener">Open Thieves\' Table</a></p>';
  box.querySelector("a").href = location.href;
  appRoot.replaceChildren(box);
}

// Python runs in a worker (issue 39): the engines and the drawing of screens never hold the page, so
// a tap's own answer and the motion never wait on Python. The worker starts Pyodide with our loader
// (the start-up snapshot, our compiled stdlib) and speaks plain messages with ui.js. ?main (or the
// bench's switch) runs Python on this thread through PyScript instead, for the bench's comparison.
const onThisThread = new URLSearchParams(location.search).has("main") || globalThis.thievesTablePythonInWorker === false;
const python = refused ? null : onThisThread ? pythonHere() : pythonInWorker();
if (refused) refuseFraming();
else setProgress(1, "Downloading Python…");

function pythonInWorker() {
  const worker = new Worker(here("python-worker.mjs"), { type: "module" });
  worker.onerror = (event) => showError(event.message || "Python's worker failed to start");
  window.thievesTableUI.useWorker(worker, relaunch);
  return {
    makeSnapshotLater: () => worker.postMessage({ snapshot: "later" }),
    // The worker answers once its snapshot maker (a worker of its own) has stopped.
    stopMakingSnapshot: () => new Promise((resolve) => {
      window.addEventListener("thieves-table:snapshot-stopped", resolve, { once: true });
      worker.postMessage({ snapshot: "stop" });
      setTimeout(resolve, 2000);
    }),
  };
}

function pythonHere() {
  // Our loader: the pinned Pyodide from the start-up snapshot or with our compiled stdlib. Python
  // starts now, while PyScript sets itself up; PyScript's call to the same module takes the same Pyodide.
  const interpreter = here("pyodide-loader.mjs");
  // The bytes counted as they stream by, only on a first visit: from the service worker's cache the
  // files arrive at once, and a re-wrapped response would lose the URL the browser reuses compiled
  // WebAssembly by.
  if (!relaunch) window.fetch = countedFetch(window.fetch.bind(window), (url) => expected.has(url), countBytes);
  const loader = import(interpreter);
  loader.then((module) => module.loadPyodide()).catch((error) => showError(String(error)));
  const script = document.createElement("script");
  script.type = "py";
  script.src = "app/main.py";
  script.setAttribute("config", JSON.stringify({ interpreter }));   // the loader unpacks our archives itself
  document.body.append(script);
  import("./pyscript-stores.mjs").then(() => import("./runtime/pyscript/core.js")).catch((error) => showError(String(error)));
  return {
    makeSnapshotLater: () => loader.then((module) => module.makeSnapshotLater()).catch(() => {}),
    stopMakingSnapshot: () => loader.then((module) => module.stopMakingSnapshot()),
  };
}
