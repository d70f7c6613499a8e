// PyScript's interpreter (config.interpreter): the pinned Pyodide, started with our standard library
// that carries bytecode for what a start imports, so CPython does not compile it at every launch.
// PyScript passes no options of its own to choose it, so this module adds stdLibURL.
// build.py replaces the placeholder below with {url, pyodide}: the zip and the Pyodide it fits.
import { loadPyodide as loadPinnedPyodide, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const STDLIB = self.__STDLIB__;
const indexURL = new URL("runtime/pyodide/", import.meta.url).href;

// The page may show what is happening (shell.js); yield a frame so the words are painted before
// Python starts, which holds the main thread.
async function say(text, percent) {
  globalThis.thievesTable?.status(text, percent);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

export async function loadPyodide(options = {}) {
  await say("Starting Python…", 88);
  const settings = { ...options, indexURL };
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
  await say("Unpacking the games…", 92);
  return pyodide;
}
