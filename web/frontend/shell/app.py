"""The app: routes, taps, the bot loop, saving after every action, the embed.

Routes live in the URL hash: #/ home · #/new/<game> set-up · #/play/<save> a game · #/rules/<game>.
Every screen is drawn from engine views (state.view(seat)) by the pure modules next to this one.
"""
from __future__ import annotations

import json
import random
from urllib.parse import unquote

import pycore

from . import dom, embed, savelist, screens, settings
from .. import widgets
from ..boards import BOARDS
from ..markup import button, esc
from .play import Play
from .saves import KEEP_FINISHED, PREFIX, BadSave, Save, SaveFailed, SaveStore
from .table import Seat, Table, check_name, name_key


def guarded(handler):
    """A bug in one tap must not take the table down: say so on screen, keep the saved game."""
    def run(self, *args):
        try:
            return handler(self, *args)
        except Exception as error:
            import traceback
            traceback.print_exc()
            dom.show_problem(f"Something went wrong ({type(error).__name__}: {error}). "
                             "The game as last saved is kept: go home and open it again.")
    run.__name__ = handler.__name__
    return run


class App:
    def __init__(self):
        self.store = SaveStore(dom.LocalStorage(), summarize=lambda save: BOARDS[save.game].summary(save.state.view(None), save.table.names()))
        self.play: Play | None = None
        self.setup: dict | None = None
        self.timer = None
        self.notice = ""
        self.embed: dict | None = None
        self.taking_over: int | None = None     # a bot seat a person is about to take
        self.taker_name = ""
        self.interject: dict | None = None      # someone acting out of turn (the game says when)
        self.held: int | None = None            # hot-seat: a person who just missed sees it before passing on
        self.skipping = False                   # "Skip to my turn": bots move at once until a person acts
        self.settings_open = False
        self.settings = settings.load(dom.LocalStorage())
        self.quick = "fast" in dom.query()      # tests: bots barely pause, whatever the setting

    @property
    def pause(self) -> int:
        return 40 if self.quick else settings.BOT_SPEEDS[self.settings["bot_speed"]]

    # -- start and routes --------------------------------------------------------------------
    def start(self):
        dom.status("Opening the games…", 95)
        dom.listen(dom.document, "click", self.on_click)
        dom.listen(dom.document, "input", self.on_input)
        dom.listen(dom.document, "change", self.on_input)
        dom.listen(dom.document, "submit", lambda event: event.preventDefault())
        dom.listen(dom.window, "thieves-table:reorder", self.on_reorder)
        dom.listen(dom.document, "keydown", dom.arrow_keys)
        dom.live_region()
        if dom.page() == "embed.html":
            self.start_embed()
        else:
            dom.listen(dom.window, "hashchange", lambda *_: self.route())
            dom.on_storage(self.on_storage)       # saves: another tab on the same games
            self.route()
        dom.set_state("ready")

    @guarded
    def route(self):
        dom.cancel(self.timer)
        self.timer = None
        self.play = None
        self.taking_over = self.interject = self.held = None
        self.skipping = False
        path = dom.location_hash().lstrip("#").strip("/").split("/")
        where = path[0] if path and path[0] else ""
        arg = unquote(path[1]) if len(path) > 1 else ""
        if where == "":
            self.show_home()
        elif where == "new" and arg in BOARDS:
            if not self.setup or self.setup["game"] != arg:
                self.setup = screens.new_setup(BOARDS[arg], pycore.GAMES[arg])
            self.show_setup()
        elif where == "rules" and arg in BOARDS:
            dom.render(screens.rules_page(pycore.GAMES[arg], BOARDS[arg]))
        elif where == "play" and arg:
            try:
                save = self.store.load(arg)
            except BadSave as error:
                dom.render(savelist.bad_save_page(arg, str(error)) if self.store.has(arg)
                           else screens.not_found(str(error)))
                return
            self.open(save)
        else:
            dom.render(screens.not_found(f"There is no page “{'/'.join(path)}” here."))
        dom.scroll_top()

    def show_home(self):
        panel = settings.panel(self.settings) if self.settings_open else ""
        dom.render(panel + screens.home(BOARDS, pycore.GAMES, self.store.listing(), self.notice))
        self.notice = ""
        if panel:
            dom.focus_first(["[data-testid=settings] button"])

    def show_setup(self):
        game_id = self.setup["game"]
        dom.render(screens.setup_screen(BOARDS[game_id], pycore.GAMES[game_id], self.setup))

    # -- taps ---------------------------------------------------------------------------------
    @guarded
    def on_click(self, event):
        target = event.target.closest("[data-command], [data-act]")
        if not target:
            return
        event.preventDefault()
        data = {str(key): str(getattr(target.dataset, key)) for key in dom.js.Object.keys(target.dataset)}
        if "act" in data:               # the button carries the very action it sends
            if self.play:
                self.send(json.loads(data["act"]))
            return
        command = data.pop("command")
        data.pop("motion", None)        # what animates on this element, not part of the tap
        handler = getattr(self, "do_" + command.replace("-", "_"), None)
        if handler:
            handler(data)
        elif self.play:
            self.play.tap(command, data)
            self.render_board()

    @guarded
    def on_input(self, event):
        target = event.target
        # An input of a board or a page (a radio that only styles) has no data-field: not ours.
        field = getattr(target.dataset, "field", None) if target.dataset else None
        if not field or self.setup is None:
            return
        field = str(field)
        if field.startswith("name-"):
            _, seat, slot = field.split("-")
            self.setup["rows"][int(seat)]["names"][int(slot)] = str(target.value)
        elif field.startswith("bot-"):
            self.setup["rows"][int(field[4:])]["bot"] = str(target.value)
        elif field.startswith("option-"):
            self.setup["options"][field[7:]] = bool(target.checked)
            # An option may change the seat range: keep the count within it.
            game_id = self.setup["game"]
            screens.set_seat_count(BOARDS[game_id], pycore.GAMES[game_id], self.setup, self.setup["seats"])
            self.show_setup()
        elif field == "take-over-name":
            self.taker_name = str(target.value)

    @guarded
    def on_reorder(self, event):
        if self.play:
            detail = event.detail
            self.play.tap("reorder", {"from": str(getattr(detail, "from")), "to": str(detail.to)})
            self.render_board()

    # -- set-up ---------------------------------------------------------------------------------
    def do_setup_seats(self, data):
        game_id = self.setup["game"]
        screens.set_seat_count(BOARDS[game_id], pycore.GAMES[game_id], self.setup, self.setup["seats"] + int(data["delta"]))
        self.show_setup()

    def do_setup_kind(self, data):
        self.setup["rows"][int(data["seat"])]["kind"] = data["kind"]
        self.setup["errors"] = {}
        self.show_setup()

    def do_setup_start(self, data):
        game_id = self.setup["game"]
        game = pycore.GAMES[game_id]
        chosen = screens.setup_table(BOARDS[game_id], game, self.setup)
        if chosen is None:
            self.show_setup()
            dom.focus("[aria-invalid=true]")
            return
        table, options = chosen
        self.new_game(game, table, options)

    def new_game(self, game, table: Table, options: dict):
        seed = random.SystemRandom().randrange(1, 2 ** 31)
        state = game.new_game(seats=len(table.seats), seed=seed, options=with_bots(game, table, options))
        now = dom.now()
        save = Save(f"{game.id}-{int(now * 1000):x}", game.id, table, state, now, now)
        try:
            self.store.put(save)
        except SaveFailed as error:
            dom.show_notice(self.not_saved_html(error, "the new game"))
            return
        dom.go(savelist.play_href(save.id))

    def do_delete_save(self, data):
        if dom.confirm("Delete this saved game? This cannot be undone."):
            self.store.remove(data["save"])
            if self.play is None and dom.location_hash() in ("", "#", "#/"):
                self.show_home()
            else:
                dom.go("#/")

    # -- when a save cannot be written, and other tabs (issue 12) ----------------------------------
    def not_saved_html(self, error: SaveFailed, what: str) -> str:
        return savelist.not_saved_html(error, what, len(self.store.listing().finished))

    def show_stored_instead(self, play: Play, error: SaveFailed):
        """A write failed: the screen goes back to what is stored, and says so plainly."""
        try:
            stored = self.store.load(play.save.id)
        except BadSave as gone:
            self.play = None
            dom.render(screens.not_found(f"{error} {gone}"))
            return
        self.reopen(stored, keep_viewer=play.viewer, bots_wait=True)
        dom.show_notice(self.not_saved_html(error, "this move"))

    def reopen(self, save: Save, keep_viewer=None, bots_wait=False):
        """Show the stored game; the person holding the device keeps their view unless it changed
        hands.  bots_wait: bots do not move here until a tap (their moves could not be saved, or
        another tab is playing them)."""
        self.play = play = Play(save, BOARDS[save.game])
        self.taking_over = self.interject = self.held = None
        if keep_viewer is not None and (not save.table.hot_seat or keep_viewer in save.state.to_act):
            play.conductor.uncover(keep_viewer)
        self.advance()
        if bots_wait:
            dom.cancel(self.timer)
            self.timer = None

    def on_storage(self, key: str, new_value):
        """Another tab wrote or deleted a save: bring this one up to date, never write over it."""
        play = self.play
        if play is None:
            if key.startswith(PREFIX) and dom.location_hash() in ("", "#", "#/"):
                self.show_home()
            return
        if key != PREFIX + play.save.id:
            return
        if new_value is None:
            self.route()       # says there is no such game any more
            return
        try:
            stored = self.store.load(play.save.id)
        except BadSave:
            return             # a damaged write elsewhere: keep playing here; this tab's next write refuses
        if stored.revision > play.save.revision:
            dom.cancel(self.timer)
            self.timer = None
            self.reopen(stored, keep_viewer=play.viewer, bots_wait=True)
            dom.show_notice(savelist.moved_on_html())

    def do_free_space(self, data):
        count = len(self.store.listing().finished)
        if count and not dom.confirm(f"Delete {count} finished game{'s' if count > 1 else ''}? "
                                     "Games in progress are kept."):
            return
        self.after_freeing(*self.store.remove_finished())

    def do_trim_finished(self, data):
        if dom.confirm(f"Keep the newest {KEEP_FINISHED} finished games and delete the older ones?"):
            self.after_freeing(*self.store.remove_finished(keep=KEEP_FINISHED))

    def after_freeing(self, count: int, freed: int):
        text = savelist.freed_text(count, freed)
        if self.play is not None:
            self.advance()
        elif dom.location_hash().startswith("#/new/"):
            self.show_setup()
        else:
            self.notice = text
            self.show_home()
            return
        dom.show_notice(f'<p data-testid="freed">{esc(text)}</p>')

    def do_retry_save(self, data):
        if self.play is not None:
            self.advance()
        else:
            self.show_setup()

    # -- playing --------------------------------------------------------------------------------
    def open(self, save: Save):
        self.play = Play(save, BOARDS[save.game])
        self.advance()

    def advance(self):
        play = self.play
        if play is None:
            return
        dom.cancel(self.timer)
        self.timer = None
        if self.held is not None:       # the guesser is still looking at their miss
            self.render_board()
            return
        step = play.step()
        if step.kind != "bot":
            self.skipping = False
        if step.kind == "cover":
            self.show_cover(step.seat, play.recap(step.seat))
            return
        self.render_board()
        if step.kind == "bot" and self.interject is None:
            self.timer = dom.later(0 if self.skipping else self.pause, lambda: self.bot_move(play, step.seat))
        if step.kind == "over" and self.embed is not None:
            dom.post_to_parent({"source": "thieves-table", "type": "over",
                                "game": play.state.game.id, "winners": play.state.outcome["winners"]})

    @guarded
    def bot_move(self, play: Play, seat: int):
        self.timer = None
        if play is not self.play or play.state.is_over or seat not in play.state.to_act:
            return
        action = play.bot_act(seat)
        if self.saved(play, seat, action):
            self.advance()

    def saved(self, play: Play, seat: int, action: dict) -> bool:
        """After every action: store the game (not in an embed) and tell the parent page.
        False when the write failed: the stored game is back on screen with the reason."""
        if self.embed is not None:
            dom.post_to_parent({"source": "thieves-table", "type": "move", "game": play.state.game.id,
                                "seat": seat, "action": action, "said": play.banner})
            return True
        play.save.updated = dom.now()
        try:
            self.store.put(play.save)
        except SaveFailed as error:
            self.show_stored_instead(play, error)
            return False
        return True

    def show_cover(self, seat: int, lines: list):
        """The hand-over cover: who, why, and what happened since they last saw the table (else
        what just happened: their own move, for the others at the table)."""
        play = self.play
        who, only = play.conductor.cover_text(seat)
        reason = getattr(play.board, "cover_reason", lambda view, seat, names: "")(play.state.view(None), seat, play.names)
        head = "Since your last move:" if lines else ""
        dom.render(widgets.cover(who, only, lines or play.banner, seat, reason, head))
        self.after_render(focus=True, board=False)

    def person_act(self, seat: int, action: dict, then=None):
        """Apply a person's action, save, then go on (advance, or end acting out of turn).  In
        hot-seat, a person whose turn ended in a miss sees it before the device moves on."""
        play = self.play
        if play.act(seat, action):
            if play.save.table.hot_seat and play.missed_out(seat):
                self.held = seat
            if self.saved(play, seat, action):
                (then or self.advance)()
        else:
            self.render_board()

    def send(self, action: dict):
        """A tapped button's action, for whoever has the screen (someone acting out of turn first)."""
        if self.interject is not None and self.interject.get("uncovered"):
            self.person_act(self.interject["seat"], action, then=self.end_interject)
        elif self.play.viewer is not None:
            self.person_act(self.play.viewer, action)

    def do_pass_device(self, data):
        self.held = None
        if self.play:
            self.play.conductor.viewer = None
            self.advance()

    def do_skip_bots(self, data):
        self.skipping = True
        self.advance()

    # The settings panel, from home or a board.
    def do_settings(self, data):
        self.settings_open = True
        self.redraw()

    def do_settings_close(self, data):
        self.settings_open = False
        self.redraw()

    def do_setting_toggle(self, data):
        key = data["key"]
        if key in settings.TOGGLES:
            self.settings[key] = not self.settings[key]
            settings.save(dom.LocalStorage(), self.settings)
            dom.cue("hit", self.settings)       # a sample of what was just turned on
        self.redraw()

    def redraw(self):
        if self.play is not None:
            self.render_board()
        else:
            self.show_home()

    def do_uncover(self, data):
        if self.play:
            self.play.conductor.uncover(int(data["seat"]))
            if self.interject is not None:
                self.interject["uncovered"] = True
            self.render_board()

    def do_rematch(self, data):
        play = self.play
        if play is None:
            return
        if self.embed is not None:
            self.embed["seed"] += 1
            self.start_embed_game()
            return
        state = play.state
        self.new_game(state.game, Table.from_json(play.save.table.to_json()), dict(state.options))

    # Taking over a bot's seat: offered wherever the engine lists take_over for that seat.
    def do_take_over(self, data):
        self.taking_over = int(data["seat"])
        self.taker_name = ""
        self.render_board()
        dom.focus("[data-field=take-over-name]")

    def do_take_over_cancel(self, data):
        self.taking_over = None
        self.render_board()

    def do_take_over_confirm(self, data):
        play, seat = self.play, self.taking_over
        try:
            name = check_name(self.taker_name)
        except ValueError as error:
            play.error = str(error)
            self.render_board()
            return
        taken = {name_key(n) for s in play.save.table.seats for n in s.people}
        if name_key(name) in taken:
            play.error = f"{name} is already at this table; choose another name."
            self.render_board()
            return
        if seat not in play.take_over_seats():
            play.error = "That seat cannot be taken just now; try again in a moment."
            self.render_board()
            return
        bot = play.save.table.seats[seat]
        play.save.table.seats[seat] = Seat(people=[name])    # named first, so the log says who
        if not play.act(seat, {"type": "take_over"}):
            play.save.table.seats[seat] = bot
            self.render_board()
            return
        play.conductor = type(play.conductor)(play.save.table)
        self.taking_over = None
        if self.saved(play, seat, {"type": "take_over"}):
            self.advance()

    # Acting out of turn, where the game allows it: who is it, then a cover, then their board.
    def do_interject(self, data):
        dom.cancel(self.timer)
        self.timer = None
        self.interject = {"seat": None, "uncovered": False}
        self.render_board()

    def do_interject_as(self, data):
        play, seat = self.play, int(data["seat"])
        self.interject = {"seat": seat, "uncovered": not play.save.table.hot_seat}
        if play.save.table.hot_seat:
            self.show_cover(seat, [])
        else:
            play.conductor.uncover(seat)
            self.render_board()

    def do_interject_done(self, data):
        self.end_interject()

    def end_interject(self):
        play, seat = self.play, self.interject["seat"]
        self.interject = None
        if play.save.table.hot_seat:
            # The one who acted out of turn holds the device: if the turn is now theirs they play
            # on; if not, the next step covers the screen for whoever's turn it is.
            play.conductor.viewer = seat
        else:
            play.conductor = type(play.conductor)(play.save.table)
        self.advance()

    # -- drawing the board ----------------------------------------------------------------------
    def render_board(self):
        play = self.play
        if self.interject is not None and not self.interject.get("uncovered"):
            chooser = self.interject_chooser()
        elif self.interject is not None:
            chooser = (f'<p class="actions interject">{button("Back: nothing to play", "interject-done", "btn")}'
                       '<span class="muted"> you are acting out of turn</span></p>')
        elif self.taking_over is not None:
            chooser = self.take_over_form()
        else:
            chooser = ""
        below = ""
        if self.held is not None:
            chooser = widgets.pass_device(play.names[self.held])
        elif self.interject is None and self.taking_over is None:
            below = self.out_of_turn_offer() + self.bot_speed_offer()
        if self.settings_open:
            chooser = settings.panel(self.settings) + chooser
        dom.render(screens.board_page(play, play.scene(), chooser, below, embedded=self.embed is not None))
        bots_playing = any(seat in play.save.table.bots() for seat in play.state.to_act)
        self.after_render(focus=not bots_playing or self.held is not None)

    def after_render(self, focus: bool, board: bool = True):
        """Motion and cues for what happened since the board was last drawn (kept behind a cover
        for whoever uncovers it), the status read out, and focus on the next thing to do (not while
        bots play: the person may be reading)."""
        play = self.play
        marks = play.motion() if play and board else {}
        dom.animate(marks)
        kinds = set(marks.values())
        if kinds:
            dom.cue("miss" if "tt-shake" in kinds else "hit" if "tt-flip" in kinds else "move", self.settings)
        dom.announce()
        if focus:
            dom.focus_first(NEXT_THING)

    def bot_speed_offer(self) -> str:
        """Bot speed, and a skip while bots play and a person waits for their turn."""
        play = self.play
        if not play.save.table.bots() or play.state.is_over:
            return ""
        offer = settings.bot_speed_control(self.settings["bot_speed"])
        bots_playing = any(seat in play.save.table.bots() for seat in play.state.to_act)
        if bots_playing and play.save.table.person_seats:
            offer += (f'<p class="actions skip">{button("Skip to my turn", "skip-bots", "btn")}'
                      '<span class="muted"> the bots move at once until a person must act</span></p>')
        return offer

    def do_bot_speed(self, data):
        """A new bot speed: remembered on this device, and the waiting bot moves at it."""
        self.settings["bot_speed"] = data["speed"] if data["speed"] in settings.BOT_SPEEDS else "normal"
        settings.save(dom.LocalStorage(), self.settings)
        if self.play:
            self.advance()
        else:
            self.show_home()        # the settings panel on the home screen

    def out_of_turn_offer(self) -> str:
        """The game says (from the public view) when anyone may act out of turn; in hot-seat the
        button shows for everyone, so it gives nothing away about who can."""
        play = self.play
        if play.state.is_over or not play.save.table.hot_seat:
            return ""
        offer = play.board.out_of_turn(play.state.view(None))
        if not offer:
            return ""
        label, hint = offer
        return (f'<p class="actions alarm-row">{button(esc(label), "interject", "btn warn small")}'
                f'<span class="muted"> {esc(hint)}</span></p>')

    def interject_chooser(self) -> str:
        play = self.play
        acting = set(play.state.to_act)
        people = [seat for seat in play.save.table.person_seats if seat not in acting]
        buttons = " ".join(button(esc(play.save.table.label(seat)), "interject-as", "btn", seat=seat) for seat in people)
        return (f'<div class="panel interject"><p>Who is acting out of turn?</p><p class="actions">{buttons} '
                f'{button("Never mind", "interject-done", "btn")}</p></div>')

    def take_over_form(self) -> str:
        name = self.play.names[self.taking_over]
        return (f'<form class="panel take-over"><label class="field">Who takes over from {esc(name)}?'
                f'<input type="text" data-field="take-over-name" autocomplete="off" placeholder="1–20 characters"></label>'
                f'<p class="actions">{button("Take the seat", "take-over-confirm", "btn primary")} '
                f'{button("Cancel", "take-over-cancel", "btn")}</p></form>')

    # -- the embed --------------------------------------------------------------------------------
    def start_embed(self):
        try:
            settings = embed.read_link(dom.query(), list(BOARDS), dom.origin(), dom.framing_origin())
        except embed.EmbedProblem as problem:
            dom.set_parent_origin(problem.parent)
            dom.render(f'<section class="panel"><p class="notice" role="alert" data-testid="embed-error">{esc(problem)}</p></section>')
            dom.post_to_parent({"source": "thieves-table", "type": "error", "message": str(problem)})
            return
        dom.set_parent_origin(settings.parent)
        self.embed = {"game": settings.game, "mode": settings.mode, "seed": settings.seed}
        self.start_embed_game()
        dom.post_to_parent({"source": "thieves-table", "type": "ready", "game": settings.game,
                            "mode": settings.mode, "seed": settings.seed, "seats": self.play.state.seats})

    def start_embed_game(self):
        game_id, mode, seed = self.embed["game"], self.embed["mode"], self.embed["seed"]
        game = pycore.GAMES[game_id]
        seats = BOARDS[game_id].DEMO_SEATS
        people = [Seat(people=["You"])] if mode == "tutorial" else []
        levels = ["ruthless", "sharp", "novice"]
        table = Table(people + [Seat(bot=levels[i % 3]) for i in range(seats - len(people))])
        state = game.new_game(seats=seats, seed=seed, options=with_bots(game, table, dict(game.options)))
        self.open(Save(f"embed-{seed}", game_id, table, state, 0, 0))


# Where focus goes after each action: the first of these on the screen.
NEXT_THING = ["[data-testid=settings] button", "[data-command=pass-device]", "[data-command=uncover]",
              ".sheet [data-act]:not([disabled])", ".sheet [data-command]:not([disabled])",
              ".choosable", ".tappable", "[data-testid=sort-row] button",
              "section.panel [data-act]:not([disabled])", "[data-command=rematch]", "[data-testid=status]"]


def with_bots(game, table: Table, options: dict) -> dict:
    """A game that needs to know its bots (an option named "bots") learns them from the table."""
    if "bots" in game.options:
        return {**options, "bots": table.bots()}
    return options


def start():
    try:
        App().start()
    except Exception as error:  # show it on screen rather than hang on "loading"
        dom.fail(f"{type(error).__name__}: {error}")
        raise
