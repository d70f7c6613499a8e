// PyScript's interpreter (config.interpreter): the pinned Pyodide, started in one of two ways.
// - From the start-up snapshot, when there is one: the interpreter's memory as it stood with the
//   engines and the frontend imported, made after an earlier start (makeSnapshot, in a worker) and
//   kept by the service worker beside the app's version. Nothing boots: the memory is put back.
// - Otherwise normally, with our standard library that carries bytecode for what a start imports,
//   so CPython does not compile it at every launch.
// Either way it unpacks our archives (the engines' wheel, the frontend) itself, fetched while
// Python starts, before PyScript runs anything (rather than PyScript's config.files, which fetches
// them only once Python is up).
// PyScript passes no options of its own to choose any of this, so this module adds them.
// shell.js calls loadPyodide() first, so Python starts while PyScript sets itself up; PyScript's own
// call then gets the same Pyodide, with PyScript's output handlers attached.
// build.py replaces the placeholders below: STDLIB is {url, pyodide}, the zip and the Pyodide it
// fits; ARCHIVES is {url: folder/*}, where each archive is unpacked; SNAPSHOT is {key, imports:
// [module, ...]}: every module a start imports, in order, and a key that changes with anything the
// snapshot depends on.
import { loadPyodide as loadPinnedPyodide, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const STDLIB = self.__STDLIB__;
const ARCHIVES = self.__ARCHIVES__;
const SNAPSHOT = self.__SNAPSHOT__;
const indexURL = new URL("runtime/pyodide/", import.meta.url).href;
const stdLibURL = new URL(STDLIB.url, import.meta.url).href;
// The service worker answers this address from its cache (GET), and keeps (PUT) or drops (DELETE)
// the snapshot there; with no service worker there is none.
const SNAPSHOT_URL = new URL("__snapshot__", import.meta.url).href;
// A snapshot is Pyodide's whole heap as a start left it (about 30 MiB; a heap over 30 MiB did not
// restore): a length past this is damage, not a snapshot.
const LARGEST_SNAPSHOT = 256 * 1024 * 1024;
let booting = null;
let restored = false;
let making = false;
let snapshotMaker = null;       // the worker making the snapshot, or the idle callback that will start it

// The page may show what is happening (shell.js).
const say = (text, percent) => globalThis.thievesTable?.status(text, percent);
const note = (text, ...more) => console.warn(`Thieves' Table: ${text}`, ...more);

// Yield a frame so new words and the bar are painted before the next long step holds the main
// thread (or a moment, where there are no frames: a hidden tab).  The bar's shimmer is a compositor
// animation, so it keeps moving through the long steps themselves.  In Python's worker the page
// paints on its own thread: the words need only leave (a task), not wait for a frame.
const onPage = typeof globalThis.document !== "undefined";
const painted = () => new Promise((resolve) => {
  if (!onPage) return setTimeout(resolve);
  globalThis.requestAnimationFrame?.(() => setTimeout(resolve));
  setTimeout(resolve, 50);
});

// fsInit runs once the runtime and the stdlib are in, just before Python initialises and holds the
// main thread: say so first, and ask for our archives now. They are needed only once Python is up,
// so on a first visit they download while it starts instead of sharing the link with the wasm.
let archives = null;
function askForArchives() {
  archives ??= fetchArchives();
  archives.catch(() => {});       // a failure is told where the archives are awaited
  return archives;
}
async function beforePythonStarts() {
  askForArchives();
  say("Starting Python…", 88);
  await painted();
}

// Pyodide's module factory, run as Pyodide would, then a frame before Pyodide's bootstrap: on a
// normal start, CPython's initialisation and Pyodide's bootstrap are two tasks, not one, so the page
// can paint and answer between them.
const pyodideModule = import("./runtime/pyodide/pyodide.asm.mjs");
async function createPyodideModule(settings) {
  const module = await (await pyodideModule).default(settings);
  await painted();
  return module;
}

// Pyodide's module factory (pyodide.asm.mjs) makes a one-page shared WebAssembly memory as it runs,
// for Atomics.wait alone (its syncSleep: a stdin read retried after EAGAIN, which we never do; and
// Atomics.wait throws on a page's main thread anyway). Without cross-origin isolation a shared
// memory's buffer is a SharedArrayBuffer made without isolation, which Chromium reports as
// deprecated on every start (DevTools' Issues, Lighthouse's best practices). Our pages are not
// isolated (COOP and COEP would need every host to send them, and every page framing the embed:
// docs/hosting.md), so while Pyodide starts, a shared memory asked for is made unshared: syncSleep
// then says it cannot sleep, as it says on the main thread already. Pyodide's own memory is not
// shared (no threads), so nothing else changes.
function unsharedMemoryWhile(start) {
  const Memory = globalThis.WebAssembly?.Memory;
  if (globalThis.crossOriginIsolated || typeof Memory !== "function") return start();
  WebAssembly.Memory = new Proxy(Memory, {
    construct(target, [descriptor, ...rest], newTarget) {
      const unshared = descriptor?.shared ? { ...descriptor, shared: false } : descriptor;
      return Reflect.construct(target, [unshared, ...rest], newTarget);
    },
  });
  const started = (async () => start())();
  const putBack = () => { WebAssembly.Memory = Memory; };
  started.then(putBack, putBack);
  return started;
}
const startPinnedPyodide = (settings) => unsharedMemoryWhile(() => loadPinnedPyodide(settings));

// Our archives, fetched at once: [[url, folder, bytes], ...].
const fetchArchives = () => Promise.all(Object.entries(ARCHIVES).map(async ([url, folder]) => {
  const response = await fetch(new URL(url, import.meta.url));
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return [url, folder, await response.arrayBuffer()];
}));

// Our archives are stored, not deflated (build.py writes them so; the server and the service worker
// compress them whole): each file is a slice of the archive, written straight into Pyodide's file
// system, read from the archive's central directory.  Pyodide's own unpackArchive (Python's zipfile
// and a copy through a temporary file) took 70-85 ms of a relaunch's way to its first tap.  An
// archive with a deflated entry is unpacked by Pyodide as before.
function storedEntries(bytes) {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;             // the end-of-central-directory record (no comment of ours)
  while (end >= 0 && data.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("no zip directory");
  const count = data.getUint16(end + 10, true);
  let at = data.getUint32(end + 16, true);
  const names = new TextDecoder();
  const entries = [];
  for (let index = 0; index < count; index++) {
    if (data.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip directory");
    const method = data.getUint16(at + 10, true), size = data.getUint32(at + 20, true);
    const nameLength = data.getUint16(at + 28, true), extra = data.getUint16(at + 30, true), comment = data.getUint16(at + 32, true);
    const local = data.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (method !== 0) return null;         // deflated: not ours to slice
    if (data.getUint32(local, true) !== 0x04034b50) throw new Error("a damaged zip entry");
    const start = local + 30 + data.getUint16(local + 26, true) + data.getUint16(local + 28, true);
    if (start + size > bytes.length || name.split("/").includes("..") || name.startsWith("/")) throw new Error("a damaged zip entry");
    entries.push([name, bytes.subarray(start, start + size)]);
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

function unpackArchives(pyodide, archives) {
  for (const [url, folder, buffer] of archives) {
    const into = folder.replace(/\*$/, "").replace(/\/$/, "");
    let entries;
    try {
      entries = storedEntries(new Uint8Array(buffer));
    } catch (error) {
      throw new Error(`${url} is damaged: ${error.message}`);
    }
    if (!entries) {
      pyodide.unpackArchive(buffer, url.endsWith(".whl") ? "whl" : "zip", { extractDir: into });
      continue;
    }
    // Each folder made once: mkdirTree tries every step of a path and throws on each that exists.
    const made = new Set();
    const folderOf = (path) => {
      if (!made.has(path)) pyodide.FS.mkdirTree(path);
      made.add(path);
    };
    for (const [name, content] of entries) {
      const path = `${into}/${name}`;
      if (name.endsWith("/")) {
        folderOf(path.slice(0, -1));
      } else {
        folderOf(path.slice(0, path.lastIndexOf("/")));
        pyodide.FS.writeFile(path, content);
      }
    }
  }
  // (No importlib.invalidate_caches(): it imports importlib.metadata, email and more, from source.
  // A folder made here is newer than any listing Python keeps of it, so it is listed again anyway.)
}

const hex = (digest) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");

// The snapshot the service worker keeps, of this very build, or null (with a note why): its bytes
// (a buffer of its length, filled as they arrive) and whether they came whole (a promise that fails
// when they are damaged).
async function storedSnapshot(controlled) {
  if (!controlled) return null;
  let response;
  try {
    response = await fetch(SNAPSHOT_URL);
  } catch {
    return null;
  }
  if (response.status === 204 || response.status === 404) {      // none kept (404: an older worker)
    console.info("Thieves' Table: no start-up snapshot yet: a normal start (one is made after it)");
    return null;
  }
  if (!response.ok) return null;
  if (response.headers.get("x-snapshot-key") !== SNAPSHOT.key) {
    note("the start-up snapshot is from another version of the app: a normal start");
    forgetSnapshot();
    return null;
  }
  // The length sizes Pyodide's memory before a byte arrives: it must be a length, and no more than
  // a snapshot can be (the heap it was made in); else the kept snapshot is set aside.
  const length = Number(response.headers.get("content-length"));
  if (!Number.isSafeInteger(length) || length <= 0 || length > LARGEST_SNAPSHOT) {
    note("the start-up snapshot is damaged (its length is not a snapshot's): set aside, a normal start");
    forgetSnapshot();
    return null;
  }
  const bytes = new Uint8Array(length);
  // One arrayBuffer() and one copy: a loop over the body's chunks cost ~0.5 s of main-thread tasks
  // on the way to the first tap (bench --only trace, relaunch).
  const whole = response.arrayBuffer().then(async (buffer) => {
    if (buffer.byteLength !== bytes.length || !buffer.byteLength) throw new Error("the start-up snapshot is damaged");
    bytes.set(new Uint8Array(buffer));
    if (hex(await crypto.subtle.digest("SHA-256", bytes)) !== response.headers.get("x-snapshot-sha256")) {
      throw new Error("the start-up snapshot is damaged");
    }
  });
  return { bytes, whole };
}

function forgetSnapshot() {
  fetch(SNAPSHOT_URL, { method: "DELETE" }).catch(() => {});
}

// A restored interpreter's random generator is where the snapshot left it: the same every start.
const RESEED = "import random; random.seed()";

// Pyodide reads only a snapshot's length before it instantiates the wasm (for the memory's size),
// and its bytes after (to put them back): so they arrive and are checked while the wasm compiles.
async function restore(settings, { bytes, whole }) {
  const create = async (emscripten) => (await Promise.all([(await pyodideModule).default(emscripten), whole]))[0];
  const pyodide = await startPinnedPyodide({ ...settings, stdLibURL, _loadSnapshot: bytes, createPyodideModule: create });
  pyodide.runPython(RESEED);
  return pyodide;
}

async function boot(controlled) {
  // From the service worker's cache the archives take nothing from the wasm's way: asked for at once,
  // they are in before Python is (a relaunch waited 15-25 ms for them after restoring).
  if (controlled) askForArchives();
  const settings = { indexURL, fsInit: beforePythonStarts };
  let pyodide = null;
  if (STDLIB.pyodide !== version) {
    note(`the compiled standard library is for Pyodide ${STDLIB.pyodide}, not ${version}: using the original one`);
  } else {
    const snapshot = await storedSnapshot(controlled);
    if (snapshot) {
      try {
        pyodide = await restore(settings, snapshot);
        restored = true;
      } catch (error) {
        note(`${error?.message?.startsWith("the start-up snapshot") ? error.message : "the start-up snapshot did not load"}: ` +
             "a normal start.", error);
        forgetSnapshot();
        pyodide = null;
      }
    }
    try {
      pyodide ??= await startPinnedPyodide({ ...settings, stdLibURL, createPyodideModule });
    } catch (error) {
      note("the compiled standard library did not load; using the original one.", error);
    }
  }
  pyodide ??= await startPinnedPyodide({ ...settings, createPyodideModule });
  say("Unpacking the games…", 92);
  await painted();
  unpackArchives(pyodide, await askForArchives());
  return pyodide;
}

// Whether this start put the snapshot back (the tests and the benchmark ask).
export const restoredFromSnapshot = () => restored;

// ``controlled``: whether the page is served by the service worker (a worker's own navigator may not
// say), the only keeper of a snapshot.
export async function loadPyodide({ stdout, stderr, controlled = Boolean(globalThis.navigator?.serviceWorker?.controller) } = {}) {
  booting ??= boot(controlled);
  const pyodide = await booting;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}

// ---- making the snapshot ------------------------------------------------------------------------
// After a start that booted (shell.js calls this once the app is ready, on a start the service
// worker served: never on a first visit), a worker makes the snapshot when the page is idle.
export function makeSnapshotLater({ controlled = Boolean(globalThis.navigator?.serviceWorker?.controller) } = {}) {
  if (restored || making || !controlled) return;
  making = true;
  const start = () => {
    const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" });
    snapshotMaker = worker;
    worker.onmessage = ({ data }) => {
      worker.terminate();
      snapshotMaker = null;
      if (data.failed) note("no start-up snapshot was made:", data.failed);
      else console.info(`Thieves' Table: start-up snapshot made (${data.held} modules in it; left to each ` +
                        `start, as they touch the page: ${data.left.join(", ")})`);
    };
    worker.onerror = (event) => note("no start-up snapshot was made:", event.message);
  };
  // In Python's worker there is no idle to wait for: a moment after the first screen, then.
  snapshotMaker = globalThis.requestIdleCallback ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 2000);
}

// Before an update: a snapshot being made holds requests open in the serving worker, and the new
// version cannot take over until they end (the person would wait on a snapshot the update drops).
export function stopMakingSnapshot() {
  if (snapshotMaker instanceof Worker) snapshotMaker.terminate();
  else if (snapshotMaker !== null) (globalThis.cancelIdleCallback ?? clearTimeout)(snapshotMaker);
  snapshotMaker = null;
}

// Modules that reach into the page (PyScript's, and anything importing js) hold JavaScript objects a
// snapshot cannot keep: a start imports them itself, after the snapshot is restored.
const TOUCH_THE_PAGE = ["js", "pyodide_js", "pyscript", "_pyscript", "polyscript"];
const IMPORT_FOR_SNAPSHOT = `
import importlib, json, sys

class TouchesThePage:
    """Refuses the modules that reach into the page, and remembers asking."""
    refused = []

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ${JSON.stringify(TOUCH_THE_PAGE)}:
            self.refused.append(name)
            raise ImportError(f"{name} touches the page")

def import_all(names):
    left = []
    guard = TouchesThePage()
    sys.meta_path.insert(0, guard)
    try:
        for name in names:
            if name in sys.modules or name == "__main__":
                continue
            refused = len(guard.refused)
            try:
                importlib.import_module(name)
            except Exception:
                left.append(name)       # it needs the page (or its package did)
                continue
            if len(guard.refused) > refused:
                # It caught the refusal and carried on without the page: not what a start would see.
                raise RuntimeError(f"{name} imports differently without the page")
    finally:
        sys.meta_path.remove(guard)
    return json.dumps({"held": len(sys.modules), "left": left})
`;

// In a worker (snapshot-worker.mjs): start a Pyodide that can be snapshotted, unpack the archives
// where PyScript does, import what a start imports (but what touches the page), and hand the
// memory to the service worker under this build's key.
export async function makeSnapshot() {
  const pyodide = await startPinnedPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
  const heap = pyodide._module.HEAP8.length;
  unpackArchives(pyodide, await fetchArchives());
  const scope = pyodide.toPy({});        // not __main__: the snapshot's globals stay a fresh start's
  const report = JSON.parse(pyodide.runPython(`${IMPORT_FOR_SNAPSHOT}\nimport_all(${JSON.stringify(SNAPSHOT.imports)})`,
                                              { globals: scope }));
  scope.destroy();
  // A snapshot restores into memory of its own size; one that outgrew the start's does not load.
  if (pyodide._module.HEAP8.length !== heap) throw new Error(`the imports grew the heap past ${heap} bytes`);
  const bytes = pyodide.makeMemorySnapshot();
  const stored = await fetch(SNAPSHOT_URL, {
    method: "PUT",
    body: bytes,
    headers: { "x-snapshot-key": SNAPSHOT.key, "x-snapshot-sha256": hex(await crypto.subtle.digest("SHA-256", bytes)) },
  });
  if (!stored.ok) throw new Error(`the service worker did not keep it (${stored.status})`);
  return report;
}
