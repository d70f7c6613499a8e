// Thieves' Table: what the screen does in the browser itself, apart from starting Python (shell.js):
// drawing a screen (the play screen part by part), dragging a card along a sorting row, and the
// offer to install the app on the home screen.  Python (frontend/shell/dom.py) reads
// window.thievesTableUI.

// ---- drawing: a play screen drawn over a play screen changes only what changed in it.  Each node
// is compared with its new self (isEqualNode, the browser's own compare); one that differs in its
// attributes or text is changed in place and its children compared in turn, so the cards, tiles and
// drawers that did not change stay the same nodes and the frame restyles only what did.  A node
// whose kind, number of children or attribute names changed is replaced whole.  Any other screen, or a play screen
// with a notice put above it, is drawn whole.
// (idiomorph, measured in the bench's taps at 4x, answered taps 10-25 ms slower than this: its
// matching costs more script than it saves style; issue 39's note.)
const PLAY_SCREEN = /^<div\b[^>]*\bdata-testid="play"/;
let heldDraw = null;         // a screen drawn while a finger drags a card: it lands when the drag ends
function draw(target, html) {
  if (document.body.hasAttribute("data-dragging")) { heldDraw = [target, html]; return; }
  unpress();
  drawParts(target, html);
  drawCodes();
  fitNamesSoon();
  markPaintedSoon();
}
// ---- QR codes (issue 40, qr.mjs): a screen's [data-qr] elements get their codes drawn after each
// draw (a drawn code differs from the HTML, so the next draw replaces its element whole), and
// scanCode reads one with the camera. qr.mjs and its libraries load the first time they are needed.
let qrModule = null, qrLoading = null;
function qrCodes() {
  qrLoading ??= import("./qr.mjs").then((module) => {
    module.init(tell);
    return (qrModule = module);
  }, (error) => {
    qrLoading = null;                  // asked again, it is tried again
    throw error;
  });
  return qrLoading;
}
function drawCodes() {
  if (!document.querySelector("[data-qr]")) return;
  if (qrModule) qrModule.fillCodes(document);          // loaded: in this draw's own frame
  else qrCodes().then((module) => module.fillCodes(document))
    .catch((error) => console.error("Thieves' Table: the QR codes could not be drawn:", error));
}
function scanCode(field) {
  qrCodes().then((module) => module.scan(field), (error) => {
    console.error("Thieves' Table: the code reader could not be loaded:", error);
    tell("scan-failed", { field, message: "The code reader could not be loaded: paste the code instead." });
  });
}
// "tt:painted": the frame that shows a draw has been painted (a task queued from its animation
// frame runs after the paint), for the bench's tap → result figure.  One mark a frame.
let painting = 0;
const paintedChannel = new MessageChannel();
paintedChannel.port1.onmessage = () => performance.mark("tt:painted");
function markPaintedSoon() {
  if (!painting) painting = requestAnimationFrame(() => { painting = 0; paintedChannel.port2.postMessage(0); });
}

const MOTIONS = ["tt-flip", "tt-shake", "tt-slide", "tt-hint"];
const MOTION_CLASSES = MOTIONS.map((name) => `.${name}`).join(", ");
// A form field keeps what the person typed or chose in its properties, not its attributes: one
// that changed is replaced whole, never patched.
const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);
// Patched, a node must also have the same attributes in the same order (only their values change),
// so that the page is exactly the HTML drawn (watch-back and the tests compare it).
// What this script itself puts on a node ("more below", set again after each draw) is not the HTML's.
const OWN_ATTRIBUTES = new Set(["data-more-below"]);
function sameNames(was, part) {
  const olds = [...was.attributes].filter(({ name }) => !OWN_ATTRIBUTES.has(name)), news = part.attributes;
  if (olds.length !== news.length) return false;
  for (let i = 0; i < olds.length; i++) if (olds[i].name !== news[i].name) return false;
  return true;
}
function patchable(was, part) {
  return was.nodeType === Node.ELEMENT_NODE && part.nodeType === Node.ELEMENT_NODE && was.tagName === part.tagName
    && was.childNodes.length === part.childNodes.length && !FIELDS.has(was.tagName) && sameNames(was, part);
}
function patch(was, part) {
  if (was.isEqualNode(part)) return;
  if (was.nodeType === Node.TEXT_NODE && part.nodeType === Node.TEXT_NODE) { was.data = part.data; return; }
  if (!patchable(was, part)) { was.replaceWith(part); return; }
  for (const { name, value } of [...part.attributes]) if (was.getAttribute(name) !== value) was.setAttribute(name, value);
  const olds = [...was.childNodes], news = [...part.childNodes];
  for (let i = 0; i < olds.length; i++) patch(olds[i], news[i]);
}
// Whether patch(was, part) keeps ``node`` (inside ``was``): every step down to it lands on a node
// patch keeps.  (A node carrying motion is drawn afresh, below.)
function survives(was, part, node) {
  const path = [];
  for (let at = node; at !== was; at = at.parentNode) path.unshift([...at.parentNode.childNodes].indexOf(at));
  for (const index of path) {
    if (!patchable(was, part)) return false;
    was = was.childNodes[index];
    part = part.childNodes[index];
    if (was.matches?.(MOTION_CLASSES)) return false;
  }
  return was.nodeType === part.nodeType && was.nodeName === part.nodeName && !FIELDS.has(was.nodeName);
}
function drawParts(target, html) {
  const place = document.getElementById(target);
  const old = place.childElementCount === 1 && place.childNodes.length === 1 ? place.firstElementChild : null;
  if (!old || old.dataset.testid !== "play" || !PLAY_SCREEN.test(html)) {
    place.innerHTML = html;
    return;
  }
  const template = document.createElement("template");
  template.innerHTML = html;
  const fresh = template.content.firstElementChild;
  if (template.content.childNodes.length !== 1 || fresh.dataset.game !== old.dataset.game) {
    place.innerHTML = html;
    return;
  }
  // A focused element about to leave the page loses its focus first, while the page is still laid
  // out from the last frame: removed among fresh nodes, it would force the browser to lay the whole
  // new screen out inside the tap (and again in the frame). Focus goes where it would have gone
  // (the body); Python puts it on the next thing before the frame.
  const focused = document.activeElement;
  if (focused && focused !== document.body && old.contains(focused) && !(old.childNodes.length === fresh.childNodes.length
      && survives(old, fresh, focused))) focused.blur();
  // A node still carrying the last move's motion is drawn afresh: kept, its animation would not
  // run again when the same motion is put back on it.
  for (const moved of old.querySelectorAll(MOTION_CLASSES)) {
    const copy = moved.cloneNode(true);
    copy.classList.remove(...MOTIONS);
    moved.replaceWith(copy);
  }
  const before = [...old.childNodes], after = [...fresh.childNodes];
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of [...fresh.attributes]) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  after.forEach((part, index) => {
    const was = before[index];
    if (was) patch(was, part);
    else old.append(part);
  });
  for (const part of before.slice(after.length)) part.remove();
}

// ---- names (widgets.name_tag): a name with a word too long for its box is drawn smaller, only
// where it would not fit and just enough to fit, never under 12 px nor three quarters of its size
// (and, that not fitting, its box ends it with "…"; the whole name is its title and a tap away).
// Measured once before the frame that shows it, and again when the screen turns.
let fitting = 0;
function fitNames() {
  fitting = 0;
  const names = [...document.querySelectorAll(".tt-name")];
  for (const name of names) { name.classList.remove("shrunk"); name.style.removeProperty("font-size"); }
  // Every measure first, then every change: one layout, not one a name.
  const tight = names.filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => {
    const size = parseFloat(getComputedStyle(name).fontSize);
    const fits = Math.floor(size * name.clientWidth / name.scrollWidth * 0.98 * 10) / 10;   // letter-spacing's share too
    return [name, Math.max(12, 0.75 * size, fits)];
  });
  for (const [name, size] of tight) { name.classList.add("shrunk"); name.style.fontSize = `${size}px`; }
  markMoreBelow();
}
function fitNamesSoon() {
  if (!fitting) fitting = requestAnimationFrame(fitNames);
}
window.addEventListener("resize", fitNamesSoon);

// ---- a board that scrolls says so: "more below" at its foot while there is (a Guild end's final
// hands were cut mid-card with no sign, issue 36).
function markMoreBelow(board = document.querySelector("[data-testid=board]")) {
  if (board) board.toggleAttribute("data-more-below", board.scrollTop + board.clientHeight < board.scrollHeight - 4);
}
document.addEventListener("scroll", (event) => {
  if (event.target instanceof Element && event.target.matches("[data-testid=board]")) markMoreBelow(event.target);
}, { capture: true, passive: true });
// A motion that ends (a house dealt in slides up: a moving piece overflows the board while it
// moves) or a picture that loads changes what lies below: look again then, not only on a redraw.
let marking = 0;
function markMoreBelowSoon() {
  if (!marking) marking = requestAnimationFrame(() => { marking = 0; markMoreBelow(); });
}
for (const type of ["animationend", "animationcancel", "transitionend", "load"])
  document.addEventListener(type, markMoreBelowSoon, { capture: true, passive: true });

// ---- dragging a card along the sorting row (touch or mouse); a plain tap is Python's click ------
// While a finger drags, the screen is not redrawn under it (body[data-dragging]); a redraw asked
// for meanwhile lands when the drag ends (draw's heldDraw).
let drag = null;
let swallowClicksUntil = 0;
const body = () => document.body;
function stopDragging() {
  if (!drag) return;
  drag.card.style.transform = "";
  drag.card.classList.remove("dragging");
  drag = null;
  delete body().dataset.dragging;
  const held = heldDraw;
  heldDraw = null;
  if (held) draw(...held);
}
document.addEventListener("pointerdown", (event) => {
  swallowClicksUntil = 0;                         // a new touch is a new tap
  const card = event.target.closest("[data-sortable] [data-drag-index]");
  if (card) drag = { card, from: Number(card.dataset.dragIndex), x: event.clientX, y: event.clientY, moved: false };
});
document.addEventListener("pointermove", (event) => {
  if (!drag) return;
  const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 8) return;
  drag.moved = true;
  body().dataset.dragging = "1";
  drag.card.classList.add("dragging");
  drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
});
document.addEventListener("pointerup", (event) => {
  const done = drag;
  if (!done) return;
  if (!done.moved) { drag = null; return; }
  let to = done.from, best = Infinity;
  for (const card of done.card.parentElement.querySelectorAll("[data-drag-index]")) {
    const box = card.getBoundingClientRect();
    const distance = Math.hypot(event.clientX - (box.left + box.width / 2), event.clientY - (box.top + box.height / 2));
    if (distance < best) { best = distance; to = Number(card.dataset.dragIndex); }
  }
  swallowClicksUntil = performance.now() + 300;   // the click that ends a drag is not a tap
  stopDragging();
  if (to !== done.from) tell("reorder", { from: done.from, to });
});
document.addEventListener("pointercancel", stopDragging);
document.addEventListener("click", (event) => {
  if (performance.now() < swallowClicksUntil) { event.stopPropagation(); event.preventDefault(); }
}, { capture: true });

// ---- installing: the browser's own prompt where there is one, else a hint (iOS Safari) ----------
let deferredPrompt = null;
const standalone = () => matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
// "prompt": the browser offers to install; "ios": Safari on iPhone/iPad, installed by hand; "".
function installOffer() {
  if (standalone()) return "";
  if (deferredPrompt) return "prompt";
  const apple = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  return apple && "standalone" in navigator ? "ios" : "";
}
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();              // offered on our home screen, when the person chooses
  deferredPrompt = event;
  tell("installable", { offer: installOffer() });
});
// ---- keeping the saves: a browser may evict a site's storage under pressure unless the site asks
// it to persist. Asked when a person first saves a game (dom.keep_saves) or installs the app, once
// a page; where storage is refused (an embed on another site) there is nothing to keep.
let askedToPersist = false;
function keepSaves() {
  if (askedToPersist || !navigator.storage?.persist || window.thievesTable?.storage?.local === false) return;
  askedToPersist = true;
  navigator.storage.persisted().then((kept) => kept || navigator.storage.persist()).catch(() => {});
}
window.addEventListener("appinstalled", () => {
  keepSaves();
  deferredPrompt = null;
  tell("installable", { offer: installOffer() });
});

// ---- Python's side of the page (frontend/shell/dom.py) -------------------------------------------
// Python sees the page only through what follows: what happens on the page goes to Python as plain
// data (tell: an event's kind and detail), and what Python wants done is asked for by name with
// plain data (run). No element and no event crosses, so Python may run on this thread or in a
// worker alike (issue 39).
let toPython = null;
let pythonWorker = null;
let unanswered = 0;             // events sent to Python's worker and not yet handled
function tell(kind, detail = {}) {
  toPython?.(kind, detail);
}

// A tap: a choice first (a name inside a button is the button's), else a thing that is no choice
// now, which says why (widgets.says_why: no tap is silent).
document.addEventListener("click", (event) => {
  const target = event.target.closest?.("[data-command], [data-act]") || event.target.closest?.("[data-why], [data-say]");
  if (!target || !toPython) return;
  event.preventDefault();
  pressed(target);
  tell("click", { data: { ...target.dataset } });
});
// A tap's own answer, painted at once: the thing tapped is marked pressed until Python's drawing of
// what it did replaces it (a moment later where Python runs in a worker), or a moment passes.
let pressedNow = null;
function pressed(target) {
  if (!target.matches("[data-act], [data-command]")) return;       // not a "why" (no choice now)
  unpress();
  pressedNow = [target, setTimeout(unpress, 600)];
  target.classList.add("tt-pressed");
}
function unpress() {
  if (!pressedNow) return;
  const [target, timer] = pressedNow;
  pressedNow = null;
  clearTimeout(timer);
  target.classList.remove("tt-pressed");
}
// A field of a screen (data-field): its value, a checkbox's tick, a file input's file (read in Python).
function fieldChanged(event) {
  const field = event.target;
  if (!field.dataset?.field) return;
  const kind = field.type;
  if (kind === "file" && event.type !== "change") return;
  const value = kind === "file" ? (field.files?.[0] ?? null) : kind === "checkbox" ? field.checked : field.value;
  tell(event.type, { data: { ...field.dataset }, value });
}
document.addEventListener("input", fieldChanged);
document.addEventListener("change", fieldChanged);
document.addEventListener("submit", (event) => event.preventDefault());    // no form goes anywhere
let toldHash = location.hash;     // the address Python has been told of (settled waits for a new one)
window.addEventListener("hashchange", () => {
  toldHash = location.hash;
  tell("hashchange", { hash: location.hash });
});
window.addEventListener("storage", (event) => {
  if (event.key !== null) tell("storage", { key: event.key, value: event.newValue });
});
// The page going away or out of sight: Python does the work it kept for after the frame (a save) now.
window.addEventListener("pagehide", () => tell("hidden"));
document.addEventListener("visibilitychange", () => tell("hidden"));

// Arrow keys move between the cards of a row or the houses of a town (data-arrows).
const ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
document.addEventListener("keydown", (event) => {
  const step = ARROWS[event.key];
  const group = step && event.target.closest?.("[data-arrows]");
  if (!group) return;
  const items = [...group.querySelectorAll("button:not([disabled])")];
  const here = items.indexOf(event.target);
  if (here < 0 || !items[here + step]) return;
  event.preventDefault();
  items[here + step].focus();
});

// shell.js asks what a relaunch may paint of this screen before it keeps a copy; Python answers
// (keepScreen) to the question's reply: at once on this thread, a moment later from a worker (never
// over a screen held back under a dragging finger, which is not the one Python answered for).
let keepAsked = null;
window.addEventListener("thieves-table:keep-screen", (event) => {
  keepAsked = event.detail;
  tell("keep-screen");
});

// ---- after the frame: Python's work that a tap need not wait for (saving its move) ------------
let paintAsked = null;
function afterPaint(motion) {
  if (paintAsked) { paintAsked.motion ||= motion; return; }
  paintAsked = { motion };
  requestAnimationFrame(() => setTimeout(() => {
    const asked = paintAsked;
    paintAsked = null;
    tell("painted", { motionLeft: asked.motion ? motionLeft() : 0 });
  }));
}
// Milliseconds until the board's motion has played out (finite animations only: an endless shimmer
// is not motion), read after the frame, when style and layout are made.
function motionLeft() {
  let left = 0;
  for (const animation of document.getAnimations()) {
    const end = animation.effect?.getComputedTiming().endTime;
    const current = animation.currentTime;
    if (current === null || !(end < 1e9)) continue;
    left = Math.max(left, end - current);
  }
  return Math.round(left);
}

// ---- before the frame: what reads the layout (a scroll into view) finds it made once, as the
// frame is about to need it, rather than forcing a layout inside the tap and another in the frame.
// The latest work of a kind replaces one not yet done (a screen drawn twice before a frame).
const beforeFrame = new Map();
function soonBeforeFrame(kind, work) {
  if (!beforeFrame.size) requestAnimationFrame(() => {
    for (const [key, job] of [...beforeFrame]) {
      beforeFrame.delete(key);
      try { job(); } catch (error) { console.error("Thieves' Table: work before a frame failed:", error); }
    }
  });
  beforeFrame.set(kind, work);
}
const scrollIntoView = (element) => element.scrollIntoView({ block: "nearest", inline: "nearest" });
// The subjects of the current choice (data-subject) in view inside the board, never scrolling the
// page: the last, then the first, so where they fit together they all end in view, else the first.
function revealSubject() {
  const subjects = document.querySelectorAll("[data-testid=board] [data-subject]");
  if (subjects.length) {
    scrollIntoView(subjects[subjects.length - 1]);
    scrollIntoView(subjects[0]);
  }
}
// The coach's ring where it lies outside the board (a long word from the coach pushes the choices
// below the dock's fold on a phone on its side), and what the coach asks the person to watch inside
// the board (a ring inside the board is the choice the subject's reveal shows).
function revealRing() {
  const ring = document.querySelector("[data-coach-here]");
  if (ring && !ring.closest("[data-testid=board]")) scrollIntoView(ring);
  const look = document.querySelector("[data-testid=board] [data-coach-look]");
  if (look) scrollIntoView(look);
}
// Focus the first visible match of the selectors, in order, without scrolling the page. Visible is
// asked of the style alone (checkVisibility), never of the layout, so focusing forces no layout.
function focusFirst(selectors) {
  for (const selector of selectors) {
    for (const element of document.querySelectorAll(selector)) {
      if (element.checkVisibility ? element.checkVisibility() : element.getClientRects().length) {
        element.focus({ preventScroll: true });
        return;
      }
    }
  }
}
// A phone turned on its side, a window resized: the subject (and a lesson's ring) comes back into view.
let revealing = 0;
window.addEventListener("resize", () => {
  if (!revealing) revealing = requestAnimationFrame(() => { revealing = 0; revealSubject(); revealRing(); });
});

// ---- notices above the screen ----------------------------------------------------------------
function alertAbove(tag, className) {
  const box = document.createElement(tag);
  box.className = className;
  box.setAttribute("role", "alert");
  document.getElementById("app").prepend(box);
  return box;
}
// What the reads before a screen set aside (a damaged record), outside the screen, so the redraws
// after it keep it until the person taps OK.
function setAside(lines) {
  let box = document.querySelector("[data-testid=set-aside]");
  if (!box) {
    box = document.createElement("div");
    box.className = "set-aside";
    box.setAttribute("role", "alert");
    box.dataset.testid = "set-aside";
    box.innerHTML = '<div></div><button class="btn small" data-command="set-aside-ok">OK</button>';
    document.body.append(box);
  }
  for (const line of lines) {
    const said = document.createElement("p");
    said.textContent = line;
    box.firstElementChild.append(said);
  }
}
// A question before something that cannot be undone, in the app's own words and buttons: a
// browser's dialog stops the whole page, and a page framing the embed may forbid it.
function confirmFirst(id, text, yes) {
  document.querySelector(".tt-confirm")?.remove();
  const shade = document.createElement("div");
  shade.className = "tt-confirm";
  shade.innerHTML = '<div class="tt-confirm-box panel" role="alertdialog" aria-modal="true" aria-labelledby="tt-confirm-text" data-testid="confirm">'
    + '<p id="tt-confirm-text"></p><p class="actions"><button class="btn" data-answer="no">Cancel</button>'
    + '<button class="btn danger" data-answer="yes" data-testid="confirm-yes"></button></p></div>';
  shade.querySelector("p").textContent = text;
  shade.querySelector("[data-answer=yes]").textContent = yes;
  const was = document.activeElement;
  const answer = (said) => {
    shade.remove();
    if (was?.isConnected) was.focus({ preventScroll: true });
    tell("confirmed", { id, yes: said });
  };
  shade.addEventListener("click", (event) => {
    const button = event.target.closest("[data-answer]");
    if (button) answer(button.dataset.answer === "yes");
    else if (event.target === shade) answer(false);
  });
  shade.addEventListener("keydown", (event) => { if (event.key === "Escape") answer(false); });
  document.body.append(shade);
  shade.querySelector("[data-answer=no]").focus();
}

// ---- sound and a buzz: short cues made here, no audio files --------------------------------------
// (frequency Hz, seconds, vibration pattern ms) of a hit, a miss, a move.
const CUES = { hit: [660, 0.12, [25]], miss: [170, 0.28, [60, 50, 60]], move: [440, 0.05, []] };
let audio = null;
function cue(kind, { sound, vibrate }) {
  const [frequency, seconds, pattern] = CUES[kind];
  if (vibrate && pattern.length) navigator.vibrate?.(pattern);
  if (!sound) return;
  try {
    audio ??= new (window.AudioContext || window.webkitAudioContext)();
    audio.resume();
    const tone = audio.createOscillator(), volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.15, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
    tone.connect(volume);
    volume.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + seconds);
  } catch { /* no WebAudio here: the game plays on silently */ }
}

// The one aria-live element: a screen reader hears the status line, not the whole board.
const live = document.createElement("p");
live.id = "tt-live";
live.className = "tt-live";
live.setAttribute("aria-live", "polite");
live.setAttribute("role", "status");
document.body.append(live);
function announce() {
  const source = document.querySelector("[data-testid=cover] h2, [data-testid=status]");
  if (!source) return;
  const reason = document.querySelector("[data-testid=cover-reason]");
  const text = source.textContent + (reason ? ` ${reason.textContent}` : "");
  if (live.textContent !== text) live.textContent = text;
}

// A hint on the board: the button carrying the move (data-act, as JSON with sorted keys) and what
// one taps to choose it (a card, a house: their data match the move's fields).
function markHint(wanted, fields) {
  for (const element of document.querySelectorAll("[data-act]")) if (element.dataset.act === wanted) element.classList.add("tt-hint");
  const NOT_OWN = new Set(["command", "pick", "motion", "testid"]);
  for (const element of document.querySelectorAll("[data-pick]")) {
    const own = Object.entries(element.dataset).filter(([key]) => !NOT_OWN.has(key));
    if (own.length && own.every(([key, value]) => fields[key] === value)) element.classList.add("tt-hint");
  }
}

function download(filename, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The origin of the page this one is framed in ("" when it cannot be told), null if not framed.
function framingOrigin() {
  if (window.parent === window) return null;
  if (location.ancestorOrigins?.length) return location.ancestorOrigins[0];
  try { return document.referrer ? new URL(document.referrer).origin : ""; } catch { return ""; }
}

// ---- storage: Python keeps a copy (everythingStored, then other tabs' writes) and writes behind,
// a batch at a time: stored all or none. A record two tabs must never write over (a saved game) is
// stored only over what Python last read of it; else the batch is refused as a conflict.
function everythingStored() {
  try {
    return Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
  } catch {
    return {};                       // storage refused: Python keeps everything in memory
  }
}
function store(number, writes, answer) {
  const done = [];
  let failure = null;
  try {
    for (const [key, value, before, guarded] of writes) {
      const was = localStorage.getItem(key);
      if (guarded && was !== (before ?? null)) { failure = "conflict"; break; }     // (Python's None: undefined)
      done.push([key, was]);
      if (value == null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  } catch (error) {
    failure = /quota/i.test(`${error?.name} ${error?.message}`) ? "full" : String(error?.message ?? error);
  }
  if (failure) {
    for (const [key, was] of done.reverse()) {
      try { if (was === null) localStorage.removeItem(key); else localStorage.setItem(key, was); } catch { /* as it was */ }
    }
    const stored = {};
    for (const [key] of writes) {
      try { stored[key] = localStorage.getItem(key); } catch { stored[key] = null; }
    }
    queueMicrotask(() => tell("refused", { number, failure, stored }));
  } else if (answer) {
    queueMicrotask(() => tell("stored", { number }));
  }
}

// ---- a table of phones (issue 40, phones.mjs): WebRTC links to phones on the same network, loaded
// the first time one is asked for; it tells Python "phone-offer", "phone-answer", "phone-open",
// "phone-message", "phone-away", "phone-closed" and "phone-error".  Calls run in the order asked.
let phonesLoading = null;
const phones = (name) => (...args) => {
  phonesLoading ??= import("./phones.mjs").then((module) => { module.init(tell); return module; },
    (error) => { phonesLoading = null; throw error; });
  phonesLoading.then((module) => module[name](...args),
    () => tell("phone-error", { link: args[0], message: "The phone links could not be loaded: reload the app." }));
};

// What Python may ask for, by name.
const OPERATIONS = {
  draw,
  drawIfThere(target, html) { if (document.getElementById(target)) draw(target, html); },
  playing(on) { document.documentElement.classList.toggle("tt-playing", on); },
  setState(value) { document.documentElement.dataset.app = value; },
  status(text, percent) { window.thievesTable?.status(text, percent); },
  downloaded(url, bytes) { window.thievesTable?.downloaded?.(url, bytes); },
  fail(message) { window.thievesTable?.fail(message); },
  go(hash) { if (location.hash !== hash) location.hash = hash; },
  scrollTop() { window.scrollTo(0, 0); },
  focus(selector) { document.querySelector(selector)?.focus(); },
  focusFirst,
  settle(selectors) { soonBeforeFrame("settle", () => { if (selectors) focusFirst(selectors); revealSubject(); }); },
  revealRing() { soonBeforeFrame("ring", revealRing); },
  afterPaint,
  animate(marks) {
    for (const [key, name] of Object.entries(marks)) {
      for (const element of document.querySelectorAll(`[data-motion="${CSS.escape(key)}"]`)) element.classList.add(name);
    }
  },
  cue,
  announce,
  markHint,
  notice(html) { alertAbove("div", "panel notice-panel").innerHTML = html; },
  problem(text) { alertAbove("p", "notice").textContent = text; },
  setAside,
  dismissSetAside() { document.querySelector("[data-testid=set-aside]")?.remove(); },
  confirm: confirmFirst,
  download,
  copyText(text) { navigator.clipboard?.writeText(text).catch(() => {}); },
  scanCode,          // a QR code read by the camera: tells "scanned", "scan-cancelled" or "scan-failed"
  postToParent(message, origin) { if (window.parent !== window) window.parent.postMessage(message, origin); },
  install: () => install(),
  keepSaves,
  store,
  keepScreen(keep, html, playing) {
    const asked = keepAsked;
    keepAsked = null;
    if (asked && !heldDraw) asked.reply(keep === "html" ? { keep, html, playing } : { keep });
  },
  // Python has handled one more of what the page told it (and what it drew for it is on the page).
  answered() { unanswered = Math.max(0, unanswered - 1); },
  snapshotStopped() { window.dispatchEvent(new Event("thieves-table:snapshot-stopped")); },
  // A table of phones: phoneHost(link), phoneAccept(link, code), phoneJoin(link, code), phoneSend(link, text), phoneClose(link).
  phoneHost: phones("host"), phoneAccept: phones("accept"), phoneJoin: phones("join"), phoneSend: phones("send"), phoneClose: phones("close"),
};

async function install() {
  const prompt = deferredPrompt;
  if (!prompt) return "";
  deferredPrompt = null;
  await prompt.prompt();
  const choice = await prompt.userChoice;
  tell("installable", { offer: installOffer() });
  return choice?.outcome || "";
}

// The page's standing facts, as Python starts.
const pageFacts = () => ({
  hash: location.hash, query: Object.fromEntries(new URLSearchParams(location.search)),
  page: location.pathname.split("/").pop() || "index.html", origin: location.origin, framing: framingOrigin(),
  installOffer: installOffer(), storageKept: window.thievesTable?.storage?.local !== false, stored: everythingStored(),
});

window.thievesTableUI = {
  // Python on this thread (dom.py) connects once: where to send what happens, and the page's facts.
  connect(receive) {
    toPython = receive;
    return pageFacts();
  },
  // Python in a worker (python-worker.mjs): the facts as it starts, then everything by message.
  useWorker(worker, controlled) {
    pythonWorker = worker;
    worker.onmessage = ({ data }) => { for (const [name, args] of data) OPERATIONS[name](...args); };
    toPython = (kind, detail) => {
      unanswered += 1;
      worker.postMessage([kind, detail]);
    };
    worker.postMessage({ start: pageFacts(), controlled });
  },
  run(name, args) { OPERATIONS[name](...args); },
  // The bench's CPU slowed n times: Chromium slows this thread only, so Python's worker slows itself.
  slowPython(times) { pythonWorker?.postMessage({ slowdown: times }); },
  // Whether Python has handled everything the page told it (always, on this thread): the tests wait
  // for it after each tap where Python runs in a worker.
  settled: () => unanswered === 0 && toldHash === location.hash,
  // A phase of Python's work as a user timing (dom.timed): one call with plain numbers, so timing
  // costs next to nothing; a performance trace shows it beside the tasks it fills.
  measure(name, start) { performance.measure(name, { start }); },
};
