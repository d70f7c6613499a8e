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
function draw(target, html) {
  drawParts(target, html);
  fitNamesSoon();
  markPaintedSoon();
}
// "tt:painted": the frame that shows a draw has been painted (a task queued from its animation
// frame runs after the paint), for the bench's tap → result figure.  One mark a frame.
let painting = 0;
const afterPaint = new MessageChannel();
afterPaint.port1.onmessage = () => performance.mark("tt:painted");
function markPaintedSoon() {
  if (!painting) painting = requestAnimationFrame(() => { painting = 0; afterPaint.port2.postMessage(0); });
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
// for meanwhile lands when the drag ends ("thieves-table:drag-end").
let drag = null;
let swallowClicksUntil = 0;
const body = () => document.body;
function stopDragging() {
  if (!drag) return;
  drag.card.style.transform = "";
  drag.card.classList.remove("dragging");
  drag = null;
  delete body().dataset.dragging;
  window.dispatchEvent(new Event("thieves-table:drag-end"));
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
  if (to !== done.from) window.dispatchEvent(new CustomEvent("thieves-table:reorder", { detail: { from: done.from, to } }));
});
document.addEventListener("pointercancel", stopDragging);
document.addEventListener("click", (event) => {
  if (performance.now() < swallowClicksUntil) { event.stopPropagation(); event.preventDefault(); }
}, { capture: true });

// ---- installing: the browser's own prompt where there is one, else a hint (iOS Safari) ----------
let deferredPrompt = null;
const standalone = () => matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();              // offered on our home screen, when the person chooses
  deferredPrompt = event;
  window.dispatchEvent(new Event("thieves-table:installable"));
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
  window.dispatchEvent(new Event("thieves-table:installable"));
});
window.thievesTableUI = {
  draw,
  // A phase of Python's work as a user timing (dom.timed): one call with plain numbers, so timing
  // costs next to nothing; a performance trace shows it beside the tasks it fills.
  measure(name, start) { performance.measure(name, { start }); },
  keepSaves,
  // "prompt": the browser offers to install; "ios": Safari on iPhone/iPad, installed by hand; "".
  installOffer() {
    if (standalone()) return "";
    if (deferredPrompt) return "prompt";
    const apple = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    return apple && "standalone" in navigator ? "ios" : "";
  },
  async install() {
    const prompt = deferredPrompt;
    if (!prompt) return "";
    deferredPrompt = null;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    window.dispatchEvent(new Event("thieves-table:installable"));
    return choice?.outcome || "";
  },
};
