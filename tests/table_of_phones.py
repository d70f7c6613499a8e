"""Driving a table of phones (issue 40) in Chromium, for the tests (tests/test_app_phones.py) and the
bench (benchmarks/phones.py): a host's page and phones' pages joined by pasted codes, each phone's
link recorded as it reaches and leaves its Python, and the phones' moves made from their own screens."""
import json

from driver import boot, python_side, saved_state, set_up

# What reaches the phone's Python about its link, recorded on the way: the page posts it to Python's
# worker as [kind, detail] (Python in its worker, the default: the phones' tests and bench need it).
RECORD_PHONE_MESSAGES = """
window.phoneMessages = []; window.phoneTold = []; window.phoneActed = [];
const keep = (kind, detail) => {
  if (kind === 'phone-message') { window.phoneMessages.push(detail.text); window.phoneTold.push(performance.now()); }
};
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (data, ...rest) {
  if (Array.isArray(data)) keep(data[0], data[1] || {});
  return post.call(this, data, ...rest);
};
// What the phone's Python sends: its actions' times (its operations come back from the worker).
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', ({ data }) => {
      if (!Array.isArray(data)) return;
      for (const [name, args] of data) {
        if (name === 'phoneSend' && String(args[1]).startsWith('{"action"')) window.phoneActed.push(performance.now());
      }
    });
  }
};
"""

# The phone's choice, made in its own Python from its own screen: the Novice bot's, from the view and
# legal actions the host sent (exactly what a person holding the phone sees).
CHOOSE = """
import gc, json, random
import pycore
screen = next(o for o in gc.get_objects() if type(o).__name__ == "JoinScreen")
view = screen.view
legal = view.play.legal() if view is not None and not view.waiting else []
choice = None
if legal:
    game = view.play.state.game
    choice = game.bots["novice"].choose(view.play.view(), legal, random.Random(len(view.play.state.history)))
json.dumps(choice)
"""
SEND = """
import gc, json, js
screen = next(o for o in gc.get_objects() if type(o).__name__ == "JoinScreen")
screen.send(json.loads(js.probeGiven))
"null"
"""
# What a phone sends past its own screen (a tampered phone): straight down its link.
RAW_SEND = """
import gc, js
from frontend.shell import dom
screen = next(o for o in gc.get_objects() if type(o).__name__ == "JoinScreen")
dom.phone_send(screen.link, js.probeGiven)
"null"
"""
RUN_PYTHON = ("async ([code, given]) => { globalThis.probeGiven = given; const loader = await "
              "import(new URL('pyodide-loader.mjs', location.href).href); return (await loader.loadPyodide()).runPython(code); }")


def run_python(page, code: str, given=None):
    return json.loads(python_side(page).evaluate(RUN_PYTHON, [code, given]))


def open_phone(context, server):
    phone = context.new_page()
    phone.problems = []
    phone.on("pageerror", lambda error: phone.problems.append(str(error)))
    phone.said = []
    phone.on("console", lambda message: phone.said.append(message.text) if message.type == "error" else None)
    boot(phone, server.url + "#/join")
    phone.wait_for_selector("[data-field=join-code]")
    return phone


def show_seat(host, seat: int):
    """The host's phones panel shows one seat at a time: its tab."""
    tab = host.locator(f"[data-testid=phones] [data-command=phone-seat][data-seat='{seat}']")
    if tab.count() and "on" not in (tab.get_attribute("class") or "").split():
        tab.click()


def host_code(host, seat: int) -> str:
    show_seat(host, seat)
    code = host.locator(f"[data-testid=phone-code][data-seat='{seat}']")
    code.wait_for(timeout=20_000)
    return code.get_attribute("data-code")


def join(host, phone, seat: int, again: bool = True):
    """The phone pastes the host's code for ``seat``, the host pastes the phone's reply: seated.  A
    phone the host never seated says so (rarely, under load: the host's side of the link was lost
    as it opened); its person then joins again with the host's new code, as the screen tells them."""
    phone.fill("[data-field=join-code]", host_code(host, seat))
    phone.click("[data-command=join-paste]")
    reply = phone.locator("[data-testid=reply-code]")
    try:
        reply.wait_for(timeout=20_000)
    except Exception:
        raise AssertionError(f"no reply on the phone: {phone.inner_text('#app')[:600]}") from None
    show_seat(host, seat)
    host.fill(f"[data-field=reply-code][data-seat='{seat}']", reply.get_attribute("data-code"))
    host.click(f"[data-command=reply-paste][data-seat='{seat}']")
    try:
        phone.wait_for_selector("[data-testid=play], [data-testid=join-lost]", timeout=20_000)
    except Exception:
        raise AssertionError(f"the phone was not seated: {phone.inner_text('#app')[:400]} {phone.said} / the host: "
                             f"{host.inner_text('[data-testid=phones]')[:900]}") from None
    if phone.locator("[data-testid=join-lost]").count():
        assert again, f"seat {seat}: the host did not seat the phone twice"
        print(f"seat {seat}: the host did not seat the phone; joining again")
        join(host, phone, seat, again=False)
        return
    host.wait_for_selector(f"[data-testid=phone-seated][data-seat='{seat}']")


def phone_moves(phone) -> bool:
    """The phone's person moves if it is their turn: a tap on the choice's button where there is one."""
    if not phone.locator("[data-testid=play][data-moment=turn]").count():
        return False
    choice = run_python(phone, CHOOSE)
    if choice is None:
        return False
    wanted = json.dumps(choice, sort_keys=True, separators=(",", ":"))
    button = phone.locator(f"[data-act='{wanted}']:visible")
    if button.count() and "'" not in wanted:
        try:
            button.first.click(timeout=3000)
            return True
        except Exception:
            pass            # redrawn under the finger: the choice goes as the screen sends it
    run_python(phone, SEND, wanted)
    return True


def saved_game(host, over: bool = False):
    """The host's save, replayed (``over``: once it holds the end: a move is saved just after the frame
    that shows it)."""
    return saved_state(host, until=(lambda state: state.is_over) if over else None)


def a_table_of_phones(page, server, phone_contexts, game_id: str, seats=("phone:Ben", "phone:Cy", "sharp")):
    host = page
    boot(host, server.url + "?fast#/")
    set_up(host, game_id, list(seats))
    host.wait_for_selector("[data-testid=phones]")
    phones = [open_phone(context, server) for context in phone_contexts]
    for seat, phone in enumerate(phones):
        join(host, phone, seat)
    return host, phones


def play_to_the_end(host, phones, limit: int = 3000):
    """The phones move whenever it is their turn (the host's bots at their quick pace) until the end."""
    for _ in range(limit):
        if host.locator("[data-testid=end]").count():
            return
        if not any([phone_moves(phone) for phone in phones]):
            host.wait_for_timeout(50)
    raise AssertionError("the game did not end")
