// Python in a worker (issue 39): the engines and the shell's drawing run here, off the page's main
// thread, so a tap's own answer and the motion never wait on Python. The page (ui.js useWorker)
// sends its standing facts first ({start}), then what happens on it as [kind, detail]; Python's
// operations go back as one message a turn: [[name, args], ...]. Only plain data crosses.
import { countedFetch } from "./counted-fetch.mjs";
import { loadPyodide, makeSnapshotLater, stopMakingSnapshot } from "./pyodide-loader.mjs";

// The bench's slowed CPU (Chromium's throttling slows the page's thread, never a worker's): each of
// Python's tasks here (an event handled, a timer once the bench asks) is followed by busy waiting for
// (n - 1) times its own length (ui.js slowPython).
let slowdown = 1;
function slowed(work) {
  return function (...args) {
    if (slowdown <= 1) return work.apply(this, args);
    const start = performance.now();
    try {
      return work.apply(this, args);
    } finally {
      const until = performance.now() + (performance.now() - start) * (slowdown - 1);
      while (performance.now() < until) { /* a slower CPU */ }
    }
  };
}
let timersSlowed = false;
function slowDown(times) {
  slowdown = Math.max(1, times);
  if (slowdown > 1 && !timersSlowed) {
    timersSlowed = true;
    const setTimeoutHere = globalThis.setTimeout;
    globalThis.setTimeout = (work, ...rest) => setTimeoutHere(typeof work === "function" ? slowed(work) : work, ...rest);
  }
}

let receive = null;
let facts = null;
let controlled = false;         // served by the service worker (the only keeper of a start-up snapshot)
const early = [];               // what happened on the page before Python connected
const outbox = [];

// A turn's operations leave together once the turn is over, its microtasks too (Python writes its
// storage in one: dom.py _flush), so the page applies a move's save and its drawing in one task.
const turnOver = new MessageChannel();
turnOver.port1.onmessage = () => postMessage(outbox.splice(0));
function post(name, args) {
  if (!outbox.length) turnOver.port2.postMessage(null);
  outbox.push([name, args]);
}

// What dom.py and the loader reach for, as on the page: thievesTableUI and thievesTable.status.
globalThis.thievesTable = { status: (text, percent) => post("status", [text, percent]) };
globalThis.thievesTableUI = {
  connect(receiver) {
    receive = receiver;
    // Told after this returns: Python first takes the facts, then what changed since they were read.
    setTimeout(() => { for (const [kind, detail] of early.splice(0)) handle(kind, detail); });
    return facts;
  },
  run(name, args) { post(name, args); },
  measure(name, start) { performance.measure(name, { start }); },
};

// On a first visit the page's bar counts the runtime's bytes as they arrive here (from the service
// worker's cache, on a relaunch, they arrive at once: nothing is counted, and nothing re-wrapped,
// as a re-wrapped response would lose the URL the browser reuses compiled WebAssembly by).
function countDownloads() {
  const told = new Map();         // url: the bytes last told (a message every 256 KB, and at the end)
  globalThis.fetch = countedFetch(globalThis.fetch.bind(globalThis), () => true, (url, seen, done) => {
    if (!done && seen - (told.get(url) ?? 0) < 256 * 1024) return;
    told.set(url, seen);
    post("downloaded", [url, seen]);
  });
}

async function start(controlled) {
  if (!controlled) countDownloads();
  try {
    const pyodide = await loadPyodide({ controlled });
    pyodide.runPython("from frontend.shell import app\napp.start()");
  } catch (error) {
    post("fail", [String(error?.message ?? error)]);
  }
}

onmessage = ({ data }) => {
  if (data?.start) {
    facts = data.start;
    controlled = Boolean(data.controlled);
    start(controlled);
  } else if (data?.slowdown) {
    slowDown(data.slowdown);
  } else if (data?.snapshot === "later") {
    makeSnapshotLater({ controlled });      // a relaunch that booted makes the next one's snapshot
  } else if (data?.snapshot === "stop") {
    stopMakingSnapshot();                   // an update is about to take over
    post("snapshotStopped", []);
  } else if (Array.isArray(data)) {
    if (receive) handle(data[0], data[1]);
    else early.push(data);
  }
};

const handle = slowed((kind, detail) => {
  try {
    receive(kind, detail);
  } finally {
    post("answered", []);
  }
});
