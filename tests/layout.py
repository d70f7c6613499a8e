"""What a person at the table sees, checked in Chromium: the play layout of issue 16 and the table
standard of issue 17, for every board.

- :func:`check_choice` at a decision point: the subject of the current choice (``[data-subject]``)
  and every control of it (enabled ``[data-act]``, ``[data-pick]``, ``[data-command]`` in the sheet)
  lie inside the viewport and nothing covers them (``elementFromPoint`` at the centre of each is that
  element or inside it); the page never scrolls sideways (nor, on the play screen, at all); at a
  turn's start the board takes at least 55% of the height in portrait, 60% of the width in landscape.
- :func:`at_every_size` runs a check at 390×844, 844×390, 1024×768 and 1366×1024 (the viewport is
  resized in place, as a phone turned on its side is, and the shell settles), then restores the size.
- :func:`text_audit`: no text under 12 px, no text wider than its box, no ``:hover`` rule outside
  ``@media (hover: hover)``.
- :func:`check_state` in any state of the screen (issue 24's standard): ``check_choice`` and
  ``text_audit``, and no text cut (by a box that clips it, by an ellipsis, or by the screen's edge
  where the page cannot scroll to it), no word broken inside itself without a hyphen, and on its
  side (wider than tall) no scrolling at all, on any screen.  A person's name drawn by the shared
  name widget (``.tt-name`` with its whole name as its ``title``, a tap away) may end in an
  ellipsis where it cannot fit: that is the one cut allowed.
- :func:`check_names` (issue 36): every one of the given names on the screen is broken, if at all,
  only at its own spaces and hyphens (not inside a word, not at a soft hyphen the screen put in),
  whatever the page's hyphenation.
- :func:`check_end` (issue 36) on an end screen: the reveal first (the board, everything turned
  up, keeps a fair share of the screen: a third of the height upright, two fifths of the width on
  its side, and says "more below" where it runs past its edge) and the standings whole: no wider than their column, every row on the screen, in
  sight (not scrolled out of the end's panel) and uncovered.
- :func:`check_table` is ``check_state``, ``check_names`` and (at the end) ``check_end`` with the
  longest names a table may have (``LONG_NAMES``): the standard of a table of people.
"""
from __future__ import annotations

SIZES = {"phone": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390},
         "tablet": {"width": 1024, "height": 768}, "big-tablet": {"width": 1366, "height": 1024}}
# The sizes a table is played at: a phone upright, on its side, a tablet.
TABLE_SIZES = {name: SIZES[name] for name in ("phone", "landscape", "tablet")}
# Names as long as a name may be (20 characters): one that may wrap at its hyphen, one that may not
# wrap at all.
LONG_NAMES = ["Maximiliana-Konstant", "Konstantinopolousina"]
# A name the name widget shortened with an ellipsis: its whole self in its title, a tap away.
WHOLE_NAME = "el => el.closest('.tt-name[title]') && el.closest('.tt-name[title]').title === el.closest('.tt-name[title]').textContent.trim()"

CHOICE_JS = """([turnStart, modal]) => {
  const problems = [];
  const W = innerWidth, H = innerHeight;
  const name = el => el.tagName.toLowerCase() + (el.dataset.testid ? `[${el.dataset.testid}]` : '')
    + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '')
    + ` "${(el.getAttribute('aria-label') || el.innerText || '').trim().slice(0, 40)}"`;
  const root = document.scrollingElement;
  if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
  const play = document.querySelector('[data-testid=play]');
  if (play && root.scrollHeight > root.clientHeight + 1) problems.push(`the play screen scrolls (${root.scrollHeight} > ${root.clientHeight})`);
  const shown = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  // With ``modal``, a panel open over the screen (aria-modal) is the choice: its own controls.
  const dialog = modal ? [...document.querySelectorAll('[aria-modal=true]')].filter(shown).pop() : null;
  const wanted = new Set(dialog
    ? [...dialog.querySelectorAll('[data-act]:not([disabled]):not([aria-disabled=true]), [data-command]:not([disabled])')]
    : [...document.querySelectorAll(
    '[data-subject], [data-act]:not([disabled]):not([aria-disabled=true]), [data-pick]:not([disabled]), '
    + '[data-testid=sheet] [data-command]:not([disabled])')]);
  if (play && !wanted.size && !document.querySelector('[data-testid=end]')) problems.push('nothing to choose and no end on the play screen');
  for (const el of wanted) {
    if (!shown(el)) { if (el.hasAttribute('data-subject')) problems.push(`subject not drawn: ${name(el)}`); continue; }
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      problems.push(`outside the viewport: ${name(el)} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} of ${W}×${H}`);
      continue;
    }
    const x = Math.min(W - 1, Math.max(0, r.left + r.width / 2)), y = Math.min(H - 1, Math.max(0, r.top + r.height / 2));
    const top = document.elementFromPoint(x, y);
    if (!top || !(top === el || el.contains(top))) { problems.push(`covered: ${name(el)} lies under ${top ? name(top) : 'nothing'}`); continue; }
    // The line at a board's foot saying there is more below (a picture, so no hit test sees it).
    const board = el.closest('[data-more-below]');
    if (board && y > board.getBoundingClientRect().bottom - parseFloat(getComputedStyle(board, '::after').height || 0))
      problems.push(`covered: ${name(el)} lies under the board's "more below" line`);
  }
  // A board that says "more below" has more below it, without the line itself.
  for (const more of document.querySelectorAll('[data-more-below]')) {
    more.removeAttribute('data-more-below');
    const below = more.scrollHeight - more.clientHeight - more.scrollTop;
    more.setAttribute('data-more-below', '');
    if (below <= 4) problems.push(`${name(more)} says "more below" with nothing below (${below} px)`);
  }
  if (turnStart && play) {
    const board = document.querySelector('[data-testid=board]').getBoundingClientRect();
    if (H >= W && board.height < 0.55 * H) problems.push(`portrait: the board takes ${Math.round(board.height)} of ${H} px (< 55%)`);
    if (W > H && board.width < 0.60 * W) problems.push(`landscape: the board takes ${Math.round(board.width)} of ${W} px (< 60%)`);
  }
  return problems;
}"""

TEXT_JS = """() => {
  const problems = [];
  const WHOLE_NAME = WHOLE_NAME_JS;
  const name = el => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '')
    + ` "${(el.innerText || el.textContent || '').trim().slice(0, 30)}"`;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el) || el.closest('.sr, .tt-live, script, style, noscript, [aria-hidden=true] svg')) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    // Text in an SVG is drawn at the picture's scale: measure what is on the screen.
    const shownSize = el instanceof SVGElement && el.getScreenCTM() ? size * Math.abs(el.getScreenCTM().a) : size;
    if (shownSize < 11.95) problems.push(`text under 12 px (${shownSize.toFixed(1)}): ${name(el)}`);
  }
  for (const el of document.querySelectorAll('body *')) {
    if (el instanceof SVGElement || !el.firstChild || el.closest('.sr, .tt-live')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || ['auto', 'scroll'].includes(style.overflowX)) continue;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if ((WHOLE_NAME)(el)) continue;      // a name shortened with an ellipsis: whole in its title, a tap away
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) problems.push(`text wider than its box (${el.scrollWidth} > ${el.clientWidth}): ${name(el)}`);
  }
  const hover = [];
  const scan = (rules, inHover) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) scan(rule.cssRules, inHover || /\\(hover:\\s*hover\\)/.test(rule.conditionText));
      else if (rule.cssRules && rule.cssRules.length && !(rule instanceof CSSStyleRule)) scan(rule.cssRules, inHover);
      else if (rule.selectorText && /:hover/.test(rule.selectorText) && !inHover) hover.push(rule.selectorText);
      if (rule instanceof CSSStyleRule && rule.cssRules && rule.cssRules.length) scan(rule.cssRules, inHover);
    }
  };
  for (const sheet of document.styleSheets) { try { scan(sheet.cssRules, false); } catch (e) {} }
  for (const selector of hover) problems.push(`:hover outside @media (hover: hover): ${selector}`);
  return problems;
}""".replace("WHOLE_NAME_JS", WHOLE_NAME)


def settle(page):
    """Two animation frames: the shell has laid out and scrolled the subject into view."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


# The motion of the moment just drawn (a house dealt in slides up 18 px) ends before the layout is
# measured: a start from the snapshot is quick enough to catch it half-way.  A glow or a ring's
# pulse (box-shadow, outline only) changes no box and no text, so a check need not wait out its
# seconds.  At most a second even so.
MOVING = """a => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime)
  && !(a.effect.getKeyframes?.() ?? [{transform: 1}]).every(frame => Object.keys(frame).every(property =>
     /^(offset|computedOffset|easing|composite|boxShadow|outline.*)$/.test(property)))"""
AT_REST = f"""() => Promise.race([
  Promise.all(document.getAnimations().filter({MOVING}).map(a => a.finished.catch(() => null))),
  new Promise(done => setTimeout(done, 1000))])"""


# After a resize the shell brings the subject back into view (dom.keep_subject_in_view, in the next
# frame) and a scroll may take a few frames: the checks measure once nothing scrolls or resizes any
# more (two frames alike), at most two seconds (a busy machine draws slowly).
STILL = """() => new Promise(done => {
  const started = performance.now();
  let last = '';
  const look = () => {
    const page = document.scrollingElement, board = document.querySelector('[data-testid=board]');
    const dock = document.querySelector('[data-testid=sheet]');
    const now = [page.scrollTop, page.scrollLeft, board ? board.scrollTop : 0, innerWidth, innerHeight,
                 dock ? Math.round(dock.getBoundingClientRect().top) : 0].join();
    if (now === last || performance.now() - started > 2000) return done();
    last = now;
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def check_choice(page, where: str, turn_start: bool = False, modal: bool = False) -> list:
    """Problems of the decision point on screen now (see the module's docstring).  With ``modal``,
    a panel open over the screen (``aria-modal``) is the choice, and its controls are checked
    instead of those it lies over."""
    page.evaluate(AT_REST)
    settle(page)
    page.evaluate(STILL)
    size = page.viewport_size
    return [f"{where} at {size['width']}×{size['height']}: {problem}"
            for problem in page.evaluate(CHOICE_JS, [turn_start, modal])]


class FirstOfEachKind:
    """The sizes a whole game checks a decision point at: every size the first time a seat meets a
    kind of moment, the phone after that (Master Thieves' game tests began it).  The state tour
    (test_app_tour) and the every-size tests read every kind of state whole at every size; a whole
    game played by taps adds the moments no script reaches, and half a browser test's time went to
    turning the same kind of moment four ways over and over."""

    def __init__(self):
        self.sized = set()

    def __call__(self, *kind) -> dict:
        if kind in self.sized:
            return {"phone": SIZES["phone"]}
        self.sized.add(kind)
        return SIZES


def at_every_size(page, where: str, check=check_choice, sizes=SIZES, **kwargs) -> list:
    """Run ``check`` at each size (resizing in place), then go back to the size the test uses."""
    before, problems = page.viewport_size, []
    for size in sizes.values():
        page.set_viewport_size(size)
        problems += check(page, where, **kwargs)
    page.set_viewport_size(before)
    settle(page)
    return problems


def text_audit(page, where: str) -> list:
    settle(page)
    size = page.viewport_size
    return [f"{where} at {size['width']}×{size['height']}: {problem}" for problem in page.evaluate(TEXT_JS)]


def visible_text(page) -> str:
    """Everything a person can read on the screen now (not what lies hidden or off screen)."""
    return page.evaluate("() => document.body.innerText")


# Text a person cannot read whole, in any state of the screen.  For each text node: every line of
# it must lie inside each ancestor box that clips (overflow hidden or clip) — a box that scrolls
# (auto, scroll) lets the person reach the rest, so the walk stops there — and inside the viewport
# unless the page itself can scroll to it (a fixed or sticky ancestor never scrolls into view); and
# nothing else may be drawn over it (a neighbour over text that overflows its own box).
# An ellipsis counts when it truly truncates.  Each word's lines: a word drawn on two lines is
# broken inside itself unless the break follows a dash or a soft hyphen, or the browser hyphenates
# there (computed hyphens: auto, with a lang to hyphenate by).  On its side the page never scrolls.
STATE_JS = """() => {
  const problems = [];
  const WHOLE_NAME = WHOLE_NAME_JS;
  const W = innerWidth, H = innerHeight, SLACK = 1.5;
  const root = document.scrollingElement;
  const name = el => el.tagName.toLowerCase() + (el.dataset && el.dataset.testid ? `[${el.dataset.testid}]` : '')
    + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '');
  const quote = text => `"${text.trim().replace(/\\s+/g, ' ').slice(0, 40)}"`;
  const hidden = el => {
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return true;
    }
    return false;
  };
  const inner = el => {
    const r = el.getBoundingClientRect(), style = getComputedStyle(el);
    const px = v => parseFloat(v) || 0;
    return {left: r.left + px(style.borderLeftWidth), right: r.right - px(style.borderRightWidth),
            top: r.top + px(style.borderTopWidth), bottom: r.bottom - px(style.borderBottomWidth)};
  };
  const clips = v => v === 'hidden' || v === 'clip';
  const scrolls = v => v === 'auto' || v === 'scroll';
  const shownRects = range => [...range.getClientRects()].filter(r => r.width > 0.5 && r.height > 0.5);
  const apart = (a, b) => Math.abs(a.top - b.top) > Math.min(a.height, b.height) / 2;
  const HYPHEN = /[-\\u00ad\\u2010\\u2011\\u2013\\u2014\\u200b\\/]/;
  const canScrollY = root.scrollHeight > root.clientHeight + 1 && getComputedStyle(root).overflowY !== 'hidden';
  // One report of each kind for an element.
  const reported = new Map();
  const report = (el, kind, message) => {
    const kinds = reported.get(el) || new Set();
    if (kinds.has(kind)) return;
    reported.set(el, kinds.add(kind));
    problems.push(message);
  };
  const block = el => { for (let e = el; e; e = e.parentElement) if (!getComputedStyle(e).display.startsWith('inline')
                                                                  && getComputedStyle(e).display !== 'contents') return e; };
  const dialog = [...document.querySelectorAll('[aria-modal=true]')].filter(el => el.getBoundingClientRect().width > 0).pop();
  // What is drawn around a box, past its edge: an outline, a shadow's spread (a hint's glowing
  // ring).  Text under it is painted over though no hit-test finds it.
  const rings = [];
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    let extent = style.outlineStyle !== 'none' ? (parseFloat(style.outlineWidth) || 0) + (parseFloat(style.outlineOffset) || 0) : 0;
    // A ring that pulses is measured at its widest (its keyframes), so no frame hides it.
    const shadows = [style.boxShadow, ...el.getAnimations().flatMap(a => a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [])
      .map(frame => frame.boxShadow).filter(Boolean)].filter(value => value !== 'none');
    for (const value of shadows) {
      for (const shadow of value.split(/,(?![^(]*\\))/)) {
        if (/inset/.test(shadow)) continue;
        const alpha = Number((shadow.match(/rgba\\([^)]*,\\s*([\\d.]+)\\)/) || [0, 1])[1]);
        // A ring is a shadow's spread; a soft blur (a drop shadow, a glow) lets the text show.
        const lengths = shadow.replace(/rgba?\\([^)]*\\)|#[0-9a-f]+|var\\([^)]*\\)/gi, ' ').trim().split(/\\s+/)
          .filter(token => /^-?[\\d.]+(px)?$/.test(token)).map(parseFloat);
        const spread = lengths[3] || 0;
        if (alpha >= 0.1) extent = Math.max(extent, spread);
      }
    }
    if (extent < 2) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || hidden(el)) continue;
    // Only a box in sight draws its ring (not one scrolled out of its box, or under a panel).
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const top = cx >= 0 && cx < W && cy >= 0 && cy < H ? document.elementFromPoint(cx, cy) : null;
    if (!top || !(top === el || el.contains(top) || (getComputedStyle(el).pointerEvents === 'none' && top.contains(el)))) continue;
    rings.push({el, r, extent});
  }
  const range = document.createRange();
  let previous = null;      // the text node before, for a word split across two (by <wbr>, a tag)
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement, text = node.textContent;
    if (!text.trim() || !el || el.closest('.sr, .tt-live, script, style, noscript, template, title') || hidden(el)) continue;
    range.selectNodeContents(node);
    let lines = shownRects(range);
    // A name the name widget shortened with an ellipsis (whole in its title, a tap away) shows
    // what lies inside its own box: that is what the boxes around it must hold.
    if ((WHOLE_NAME)(el) && getComputedStyle(el.closest('.tt-name[title]')).textOverflow === 'ellipsis') {
      const n = el.closest('.tt-name[title]').getBoundingClientRect();
      lines = lines.map(r => ({left: Math.max(r.left, n.left), right: Math.min(r.right, n.right),
                               top: Math.max(r.top, n.top), bottom: Math.min(r.bottom, n.bottom)}))
        .map(r => ({...r, width: r.right - r.left, height: r.bottom - r.top})).filter(r => r.width > 0.5 && r.height > 0.5);
    }
    if (!lines.length) continue;
    // Cut by a box that clips it (the nearest scrolling box ends the walk: the rest is reachable).
    let pinned = false, cut = null, reach = null;
    for (let box = el; box && box !== document.body && box !== document.documentElement; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.position === 'fixed' || style.position === 'sticky') pinned = true;
      const inX = clips(style.overflowX), inY = clips(style.overflowY);
      if (inX || inY) {
        const b = inner(box);
        const past = lines.find(r => (inX && (r.left < b.left - SLACK || r.right > b.right + SLACK))
                                  || (inY && (r.top < b.top - SLACK || r.bottom > b.bottom + SLACK)));
        if (past) { cut = box; break; }
      }
      if (scrolls(style.overflowX) || scrolls(style.overflowY)) { reach = box; break; }
      if (box instanceof SVGSVGElement && box.parentElement && !(box.parentElement instanceof SVGElement)) {
        const b = box.getBoundingClientRect();
        if (style.overflow !== 'visible' && lines.some(r => r.left < b.left - SLACK || r.right > b.right + SLACK
                                                         || r.top < b.top - SLACK || r.bottom > b.bottom + SLACK)) { cut = box; break; }
      }
    }
    if (cut) report(el, 'cut', getComputedStyle(cut).textOverflow === 'ellipsis'
      ? `text cut by an ellipsis: ${quote(text)} in ${name(el)}`
      : `text cut by a box that clips it: ${quote(text)} in ${name(el)}, cut by ${name(cut)}`);
    // Inside a box that scrolls, the text is reachable wherever it lies in it: the box itself is
    // what must lie on the screen, and be uncovered, where it shows this text.
    const where = reach ? (() => { const b = reach.getBoundingClientRect();
      return lines.map(r => ({left: Math.max(r.left, b.left), right: Math.min(r.right, b.right),
                              top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom)}))
                  .map(r => ({...r, width: r.right - r.left, height: r.bottom - r.top}))
                  .filter(r => r.width > 0.5 && r.height > 0.5); })() : lines;
    if (!cut) {
      const off = where.find(r => r.left < -SLACK || r.right > W + SLACK
        || ((r.top < -SLACK || r.bottom > H + SLACK) && (pinned || !canScrollY
            || r.bottom + scrollY > root.scrollHeight + SLACK || r.top + scrollY < -SLACK)));
      if (off) report(el, 'cut', `text cut by the screen's edge: ${quote(text)} in ${name(el)} at ${Math.round(off.left)},${Math.round(off.top)}–${Math.round(off.right)},${Math.round(off.bottom)} of ${W}×${H}`);
    }
    // Drawn under something else (a neighbour painted over the text that overflows into it): the
    // ends of each line must hit the text's own element, or one around or inside it.  Under an
    // open panel only the panel's text counts; text that takes no taps cannot be hit-tested, and a
    // picture's own shapes may lie over its letters.
    if (!cut && !(dialog && !dialog.contains(el)) && getComputedStyle(el).pointerEvents !== 'none') {
      let under = null;
      for (const r of where) {
        const y = r.top + r.height / 2;
        for (const x of [r.left + Math.min(3, r.width / 2), r.right - Math.min(3, r.width / 2)]) {
          if (x < 0 || x >= W || y < 0 || y >= H) continue;
          const hit = document.elementFromPoint(x, y);
          if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
          if (el instanceof SVGElement && hit.closest('svg') === el.closest('svg')) continue;
          under = hit;
          break;
        }
        if (under) break;
      }
      if (under) report(el, 'covered', `text covered: ${quote(text)} in ${name(el)} lies under ${name(under)} ${quote(under.innerText || under.textContent || '')}`);
    }
    // Under a ring drawn around another box (the letters' ink, not the line's ascent and descent).
    const ink = r => ({left: r.left, right: r.right, top: r.top + 0.15 * r.height, bottom: r.bottom - 0.15 * r.height});
    // (Under an open panel only the panel counts: what it covers, its rings too, lies beneath.)
    const ring = dialog && !dialog.contains(el) ? null : rings.find(({el: box, r: b, extent}) => !box.contains(el) && !el.contains(box)
      && !(dialog && !dialog.contains(box)) && where.map(ink).some(r =>
      Math.min(r.right, b.right + extent) - Math.max(r.left, b.left - extent) > SLACK
      && Math.min(r.bottom, b.bottom + extent) - Math.max(r.top, b.top - extent) > SLACK
      && !(Math.min(r.right, b.right) - Math.max(r.left, b.left) > 0 && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 0)));
    if (ring) report(el, 'covered', `text covered: ${quote(text)} in ${name(el)} lies under the ring around ${name(ring.el)} ${quote(ring.el.innerText || '')}`);
    // A word split across two text nodes (a <wbr>, a tag inside it) and broken there.
    // (A <br> between the two is a line break: two words.)
    const broken = previous && (() => { range.setStartAfter(previous.node); range.setEndBefore(node);
                                        return !range.cloneContents().querySelector('br'); })();
    if (previous && broken && /\\S$/.test(previous.node.textContent) && /^\\S/.test(text) && block(previous.el) === block(el)) {
      const prior = previous.node.textContent;
      range.setStart(previous.node, prior.length - 1);
      range.setEnd(previous.node, prior.length);
      const last = shownRects(range).pop();
      range.setStart(node, 0);
      range.setEnd(node, 1);
      const first = shownRects(range).pop();
      if (last && first && apart(last, first) && !HYPHEN.test(prior[prior.length - 1]))
        report(el, 'broken', `a word broken inside itself without a hyphen: "${prior.match(/\\S+$/)[0]}/${text.match(/^\\S+/)[0]}" in ${name(el)}`);
    }
    previous = {node, el};
    // Each word on more than one line: where does it break, and is that a hyphen's place?
    const style = getComputedStyle(el);
    const hyphenates = style.hyphens === 'auto' && !!(el.closest('[lang]') && el.closest('[lang]').lang);
    for (const match of text.matchAll(/\\S+/g)) {
      const word = match[0];
      if (word.length < 2) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const rects = shownRects(range);
      if (rects.length < 2 || !rects.some(r => apart(r, rects[0]))) continue;
      let at = 1;
      for (; at < word.length; at++) {
        range.setStart(node, match.index + at);
        range.setEnd(node, match.index + at + 1);
        // A character at a line's start also reports a rect at the end of the line before (a soft
        // hyphen drawn there): its own is the last.
        const r = shownRects(range).pop();
        if (r && apart(r, rects[0])) break;
      }
      if (HYPHEN.test(word[at - 1]) || hyphenates) continue;
      report(el, 'broken', `a word broken inside itself without a hyphen: "${word.slice(0, at)}/${word.slice(at)}" in ${name(el)}`);
    }
  }
  // An ellipsis that truly cuts its text.
  for (const el of document.querySelectorAll('body *')) {
    if (el instanceof SVGElement || el.closest('.sr, .tt-live')) continue;
    const style = getComputedStyle(el);
    if (style.textOverflow !== 'ellipsis' || style.overflowX === 'visible' || hidden(el) || (WHOLE_NAME)(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.textContent.trim())
      report(el, 'cut', `text cut by an ellipsis: ${quote(el.textContent)} in ${name(el)}`);
  }
  // On its side nothing scrolls, on any screen (check_choice says so already on the play screen).
  if (W > H && !document.querySelector('[data-testid=play]') && root.scrollHeight > root.clientHeight + 1)
    problems.push(`on its side the page scrolls (${root.scrollHeight} > ${root.clientHeight})`);
  return problems;
}""".replace("WHOLE_NAME_JS", WHOLE_NAME)


# The screen at rest, at once: every motion that ends (a dealt card's slide, a hint's three pulses,
# the end's glow) is taken to its end, so each check measures what stays, whatever the frame.
FINISH_MOTION = """() => document.getAnimations()
  .filter(a => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime))
  .forEach(a => a.finish())"""


def check_state(page, where: str, turn_start: bool = False) -> list:
    """Problems of the screen as it is now, in any state (see the module's docstring): the
    decision's controls (``check_choice``), the text (``text_audit``), and text cut, words broken
    without a hyphen and, on its side, any scrolling (``STATE_JS``), all measured with the
    moment's motion at its end."""
    page.evaluate(FINISH_MOTION)
    problems = check_choice(page, where, turn_start=turn_start, modal=True) + text_audit(page, where)
    size = page.viewport_size
    return problems + [f"{where} at {size['width']}×{size['height']}: {problem}" for problem in page.evaluate(STATE_JS)]


# Each of ``names`` wherever it is written on the screen (in one text node): a line break inside it
# is allowed only after its own hyphen or at its own space; a break at a soft hyphen the screen put
# in, or a bare break, is a name broken.  Soft hyphens are read past (the name as typed is found).
NAMES_JS = """(names) => {
  const problems = [];
  const range = document.createRange();
  const rects = (node, at) => { range.setStart(node, at); range.setEnd(node, at + 1);
    return [...range.getClientRects()].filter(r => r.width > 0.5 && r.height > 0.5); };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement, raw = node.textContent;
    if (!el || el.closest('.sr, .tt-live, script, style, title, template') || !el.getClientRects().length) continue;
    // The text as typed (soft hyphens dropped), and where each of its letters is in the node.
    const at = [], plain = [...raw].map((c, i) => [c, i]).filter(([c]) => c !== '\u00ad');
    const text = plain.map(([c]) => c).join(''), index = plain.map(([, i]) => i);
    for (const name of names) {
      for (let start = text.indexOf(name); start >= 0; start = text.indexOf(name, start + 1)) {
        const first = rects(node, index[start]).pop();
        if (!first) continue;
        let top = first.top;
        for (let k = 1; k < name.length; k++) {
          const r = rects(node, index[start + k]).pop();
          if (!r || Math.abs(r.top - top) <= Math.min(r.height, first.height) / 2) continue;
          top = r.top;
          if (name[k - 1] === '-' || name[k - 1] === ' ' || name[k] === ' ') continue;
          const where = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '');
          problems.push(`a name broken inside a word: "${name.slice(0, k)}/${name.slice(k)}" in ${where}`);
          break;
        }
      }
    }
  }
  return problems;
}"""


def check_names(page, where: str, names=LONG_NAMES) -> list:
    """Problems of the names on the screen now (see the module's docstring)."""
    settle(page)
    size = page.viewport_size
    return [f"{where} at {size['width']}×{size['height']}: {problem}" for problem in page.evaluate(NAMES_JS, list(names))]


END_JS = """() => {
  const problems = [], W = innerWidth, H = innerHeight;
  const end = document.querySelector('[data-testid=end]');
  if (!end) return problems;
  const words = el => `"${(el.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 40)}"`;
  const table = end.querySelector('[data-testid=standings]');
  if (table) {
    const wrap = table.closest('.tt-standings-wrap') || table.parentElement;
    if (wrap.scrollWidth > wrap.clientWidth + 1 || table.getBoundingClientRect().width > wrap.getBoundingClientRect().width + 1)
      problems.push(`the standings are wider than their column (${Math.round(table.getBoundingClientRect().width)} > ${wrap.clientWidth})`);
    const story = table.closest('.tt-end-story');
    const b = story ? story.getBoundingClientRect() : {top: 0, bottom: H};
    for (const row of table.rows) {
      const r = row.getBoundingClientRect();
      if (r.top < -0.5 || r.bottom > H + 0.5 || r.left < -0.5 || r.right > W + 0.5) {
        problems.push(`a row of the standings is off the screen: ${words(row)} at ${Math.round(r.top)}–${Math.round(r.bottom)} of ${H}`);
        continue;
      }
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) {
        problems.push(`a row of the standings is out of sight (a scroll away in the end's panel): ${words(row)}`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !row.contains(hit)) problems.push(`a row of the standings is covered: ${words(row)} lies under ${hit ? words(hit) : 'nothing'}`);
    }
  }
  const board = document.querySelector('[data-testid=board]');
  if (board) {
    const r = board.getBoundingClientRect();
    if (H >= W && r.height < H / 3) problems.push(`the reveal takes ${Math.round(r.height)} of ${H} px (under a third)`);
    if (W > H && r.width < 0.4 * W) problems.push(`the reveal takes ${Math.round(r.width)} of ${W} px (under two fifths)`);
    if (board.scrollTop + board.clientHeight < board.scrollHeight - 4 && !board.hasAttribute('data-more-below'))
      problems.push(`the reveal runs ${board.scrollHeight - board.clientHeight - board.scrollTop} px below the board's edge with no sign that it scrolls`);
  }
  return problems;
}"""


def check_end(page, where: str) -> list:
    """Problems of an end screen (see the module's docstring); none where the end is not shown."""
    settle(page)
    size = page.viewport_size
    return [f"{where} at {size['width']}×{size['height']}: {problem}" for problem in page.evaluate(END_JS)]


def check_table(page, where: str, turn_start: bool = False, names=LONG_NAMES) -> list:
    """``check_state``, ``check_names`` and ``check_end``: the screen of a table with the longest
    names (issue 36)."""
    return check_state(page, where, turn_start=turn_start) + check_names(page, where, names) + check_end(page, where)
