// Thieves' Table: what the screen does in the browser itself, apart from starting Python (shell.js):
// drawing a screen (the play screen part by part), dragging a card along a sorting row, and the
// offer to install the app on the home screen.  Python (frontend/shell/dom.py) reads
// window.thievesTableUI.

// ---- drawing: a play screen drawn over a play screen replaces only its parts whose HTML changed
// (the bar, the strip, the board, the dock, the side, an overlay), so a tap that rings a pick does not
// lay out the whole page again, and the parts it leaves keep their focus and scroll.  Any other
// screen, or a play screen with a notice put above it, is drawn whole.
const PLAY_SCREEN = /^<div\b[^>]*\bdata-testid="play"/;
function draw(target, html) {
  drawParts(target, html);
  fitNamesSoon();
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
  const before = [...old.childNodes], after = [...fresh.childNodes];
  const changed = after.map((part, index) => before[index] !== undefined && !before[index].isEqualNode(part));
  // A focused element about to be replaced loses its focus first, while the page is still laid
  // out from the last frame: removed among freshly inserted parts, it would force the browser to
  // lay the whole new screen out inside the tap (and again in the frame). Focus goes where it
  // would have gone (the body); Python puts it on the next thing before the frame.
  const focused = document.activeElement;
  if (focused && focused !== document.body && old.contains(focused)) {
    const holder = before.findIndex((was) => was.contains(focused));
    if (holder >= after.length || changed[holder]) focused.blur();
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of [...fresh.attributes]) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  after.forEach((part, index) => {
    const was = before[index];
    if (!was) old.append(part);
    else if (changed[index]) was.replaceWith(part);
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
