// A dedicated worker that makes the start-up snapshot off the page's main thread (the recipe is in
// pyodide-loader.mjs) and says how it went.
import { makeSnapshot } from "./pyodide-loader.mjs";

makeSnapshot().then((report) => postMessage(report), (error) => postMessage({ failed: String(error?.message ?? error) }));
