// PyScript's interpreter (config.interpreter): the pinned Pyodide, started with our standard library
// that carries bytecode for what a start imports, so CPython does not compile it at every launch.
// PyScript passes no options of its own to choose it, so this module adds stdLibURL.
// shell.js calls loadPyodide() first, so Python boots while PyScript sets itself up; PyScript's own
// call then gets the same Pyodide, with PyScript's output handlers attached.
// build.py replaces the placeholder below with {url, pyodide}: the zip and the Pyodide it fits.
import { loadPyodide as loadPinnedPyodide, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const STDLIB = self.__STDLIB__;
const indexURL = new URL("runtime/pyodide/", import.meta.url).href;
let booting = null;

// The page may show what is happening (shell.js).
const say = (text, percent) => globalThis.thievesTable?.status(text, percent);

// Yield a frame so new words and the bar are painted before the next long step holds the main
// thread (or a moment, where there are no frames: a hidden tab, a worker).  The bar's shimmer is a
// compositor animation, so it keeps moving through the long steps themselves.
const painted = () => new Promise((resolve) => {
  globalThis.requestAnimationFrame?.(() => setTimeout(resolve));
  setTimeout(resolve, 50);
});

// fsInit runs once the runtime and the stdlib are in, just before Python initialises and holds the
// main thread: say so first.
async function beforePythonStarts() {
  say("Starting Python…", 88);
  await painted();
}

// Pyodide's module factory, run as Pyodide would, then a frame before Pyodide's bootstrap: CPython's
// initialisation and Pyodide's bootstrap are two tasks, not one, so the page can paint and answer
// between them.
const pyodideModule = import("./runtime/pyodide/pyodide.asm.mjs");
async function createPyodideModule(settings) {
  const module = await (await pyodideModule).default(settings);
  await painted();
  return module;
}

async function boot() {
  const settings = { indexURL, fsInit: beforePythonStarts, createPyodideModule };
  let pyodide = null;
  if (STDLIB.pyodide !== version) {
    console.warn(`Thieves' Table: the compiled standard library is for Pyodide ${STDLIB.pyodide}, ` +
                 `not ${version}: using the original one`);
  } else {
    try {
      pyodide = await loadPinnedPyodide({ ...settings, stdLibURL: new URL(STDLIB.url, import.meta.url).href });
    } catch (error) {
      console.warn("Thieves' Table: the compiled standard library did not load; using the original one.", error);
    }
  }
  pyodide ??= await loadPinnedPyodide(settings);
  say("Unpacking the games…", 92);
  await painted();
  return pyodide;
}

export async function loadPyodide({ stdout, stderr } = {}) {
  booting ??= boot();
  const pyodide = await booting;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
