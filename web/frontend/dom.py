"""The browser side: the only module that talks to JavaScript (document, storage, timers, messages).

Everything else in the frontend is plain Python built from engine views, testable in CPython.
"""
import js
from pyodide.ffi import JsException, create_proxy, to_js
from pyscript.ffi import is_none

from .saves import SaveFailed, StorageFull

document = js.document
window = js.window
_keep = []   # proxies that must live as long as the page


def render(html: str, target: str = "app"):
    document.getElementById(target).innerHTML = html


def set_state(value: str):
    document.documentElement.dataset.app = value


def status(text: str, percent: int):
    window.thievesTable.status(text, percent)


def fail(message: str):
    window.thievesTable.fail(message)


def location_hash() -> str:
    return str(window.location.hash or "")


def go(hash_: str):
    if location_hash() != hash_:
        window.location.hash = hash_


def query() -> dict:
    params = js.URLSearchParams.new(window.location.search)
    return {str(key): str(params.get(key)) for key in js.Array.from_(params.keys())}


def page() -> str:
    return str(window.location.pathname).rsplit("/", 1)[-1] or "index.html"


def later(milliseconds: int, callback):
    """Run callback once after a pause (bots' visible thinking time)."""
    def once(*_):
        proxy.destroy()
        callback()
    proxy = create_proxy(once)
    return window.setTimeout(proxy, milliseconds)


def cancel(timer):
    if timer is not None:
        window.clearTimeout(timer)


def listen(target, event: str, handler):
    proxy = create_proxy(handler)
    _keep.append(proxy)
    target.addEventListener(event, proxy)


# Where the embed's messages may go: this page's own origin unless the embed link names the page
# around it (parent=...) and that is the page around it (checked in embed.py).  Never "*".
# (None until set: this page's own origin, read when a message is sent, not at import.)
_parent_origin = [None]


def set_parent_origin(origin: str):
    _parent_origin[0] = origin


def post_to_parent(message: dict):
    if window.parent != window:
        window.parent.postMessage(to_js(message, dict_converter=js.Object.fromEntries), _parent_origin[0] or origin())


def origin() -> str:
    return str(window.location.origin)


def framing_origin() -> str | None:
    """The origin of the page this one is framed in ("" when it cannot be told), None if not framed."""
    if window.parent == window:
        return None
    ancestors = getattr(window.location, "ancestorOrigins", None)     # Chromium, Safari
    if ancestors is not None and not is_none(ancestors) and ancestors.length:
        return str(ancestors.item(0))
    referrer = str(document.referrer or "")
    return str(js.URL.new(referrer).origin) if referrer else ""


def focus(selector: str):
    element = document.querySelector(selector)
    if element:
        element.focus()


def scroll_top():
    window.scrollTo(0, 0)


def confirm(text: str) -> bool:
    return bool(window.confirm(text))


def now() -> float:
    return float(js.Date.now()) / 1000


class LocalStorage:
    """localStorage as the mapping SaveStore expects."""

    def keys(self):
        return [str(key) for key in js.Object.keys(js.localStorage)]

    def get(self, key):
        value = js.localStorage.getItem(key)
        return None if is_none(value) else str(value)

    def set(self, key, value):
        try:
            js.localStorage.setItem(key, value)
        except JsException as error:    # caught here, where it happens, in the saves' own terms
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise StorageFull("Storage is full: this move is not saved.") from None
            raise SaveFailed(f"This device refused to store the game ({error}).") from None

    def remove(self, key):
        js.localStorage.removeItem(key)


def on_storage(handler):
    """handler(key, new_value) when another tab changes the storage (new_value None: removed)."""
    def changed(event):
        if not is_none(event.key):
            handler(str(event.key), None if is_none(event.newValue) else str(event.newValue))
    listen(window, "storage", changed)


def _alert(tag: str, class_name: str):
    """An alert placed above what is drawn (gone with the next render)."""
    box = document.createElement(tag)
    box.className = class_name
    box.setAttribute("role", "alert")
    document.getElementById("app").prepend(box)
    return box


def show_notice(html: str):
    """A notice with buttons above what is drawn."""
    _alert("div", "panel notice-panel").innerHTML = html


def show_problem(text: str):
    _alert("p", "notice").textContent = text
