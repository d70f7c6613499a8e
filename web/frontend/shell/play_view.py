"""A game's screen as drawn, apart from the browser: pure Python, so CPython tests see exactly the
HTML a person sees at each moment.  game.py adds the flow (bots, timers, saving) on top.

What the sheet holds, by moment: the board's own choice ("turn"), bots at work ("wait"), the
person's move landing ("landing"), "Pass to Ben" ("handover"), who won and why ("over").
"""
from __future__ import annotations

from .. import widgets
from ..markup import button, esc
from . import layout, settings
from .play import Play


SIDE_LOG_LINES = 120       # the log beside a tablet's board: the latest lines (the menu's log has all)
HINT_LINE = 40            # the hint's line in the strip: longer than this, only its first clause


def as_regions(drawn) -> widgets.Regions:
    return drawn if isinstance(drawn, widgets.Regions) else widgets.Regions(board=drawn)


class GameView:
    def __init__(self, save, board, embedded: bool = False, device_settings: dict | None = None, play: Play | None = None):
        self.board = board
        self.play = play or Play(save, board)
        self.embedded = embedded
        self.settings = device_settings if device_settings is not None else dict(settings.DEFAULTS)
        self.taking_over: int | None = None     # a bot seat a person is about to take
        self.taker_name = ""
        self.interject: dict | None = None      # someone acting out of turn (the game says when)
        self.overlay: str | None = None         # an open panel: menu, recap, log, settings
        self.covering: int | None = None        # the seat a hand-over waits for
        self.hint: dict | None = None           # what the Ruthless bot would do here, and why
        self.agreeing: set | None = None        # hot-seat: who has agreed to take a move back
        self.tally = ""                         # the table's memory of these people, at the end

    # -- the screen --------------------------------------------------------------------------------
    def html(self) -> str:
        return layout.play_screen(self.compose())

    def compose(self) -> layout.Screen:
        play = self.play
        handover = self.covering is not None
        # Hot-seat, everyone takes the device to agree to a take-back: the board behind the panel is
        # the public one, as a hand-over cover draws it (game.py has hidden the viewer already).
        agreeing = self.overlay == "take-back" and play.hot_seat
        scene = play.scene("handover" if handover or agreeing else None)
        regions = as_regions(self.board.draw(scene))
        game, names = play.state.game, play.names
        status, prompt, sheet = regions.status or self.turn_words(), regions.prompt, regions.sheet
        if handover:
            status, prompt, sheet = "Pass the device", "", self.handover()
        elif agreeing:
            status, prompt, sheet = "Take back a move?", "", ""
            regions = widgets.Regions(board=regions.board)
        elif scene.moment == "landing":
            who = names[play.landing]
            status = f"{who}: your turn is over"
            prompt = f"{who}, your turn is over."
            sheet = layout.landing_sheet(play.landing_lines or play.banner, f"Hide {self.secret_words()} and pass on",
                                         waits=play.landing_private)
        elif scene.moment == "over":
            # The board turns everything up at the end, own things too: the dock is the end's alone.
            status, prompt, sheet = "The game is over", "", self.end()
            regions = widgets.Regions(board=regions.board)
        else:
            sheet = sheet + self.shell_choices(scene)
        # Between a person's move and the next person taking the device, nothing names the next
        # turn: no news strip and no log (whose last line may be "Ben's turn").
        passing = scene.moment in ("handover", "landing")
        return layout.Screen(
            game_id=game.id, title=game.title, mark=self.board.ART_SVG, regions=regions, moment=scene.moment,
            # At the end the sheet's headline says who won: the strip would only say it again.
            status=status, news="" if passing or scene.moment == "over" else play.news(), sheet=sheet, prompt=prompt,
            log="" if passing else layout.log_list(play.log_lines(SIDE_LOG_LINES),
                                                  total=len(scene.view["log"]) - play.held_back(scene.view)),
            notice=play.error, overlay=self.overlay_html(),
            hint=self.hint_line() if scene.moment == "turn" else "", tools=self.bar_tools(scene),
            embedded=self.embedded,
            # How many moves the screen shows: the save holds them a moment later (written once painted).
            extra={"seat": "" if scene.view["seat"] is None else scene.view["seat"], "moves": len(play.state.history)})

    def secret_words(self) -> str:
        return self.board.SECRET_WORDS

    def turn_words(self) -> str:
        """The bar's words when the board gives none: whose turn it is."""
        play = self.play
        acting = [play.names[seat] for seat in play.state.to_act]
        if not acting:
            return ""
        return f"{acting[0]}'s turn" if len(acting) == 1 else "Everyone acts"

    def handover(self) -> str:
        play, seat = self.play, self.covering
        who, only = play.conductor.cover_text(seat)
        reason = self.board.cover_reason(play.public_view(), seat, play.names)
        lines = play.recap(seat)
        head = ("Since your last move:" if play.has_acted(seat) else "So far:") if lines else ""
        return layout.handover_sheet(who, only, seat, reason, lines, head, self.secret_words())

    def end(self) -> str:
        play = self.play
        public = play.public_view()
        standings = self.board.standings(public, play.names)
        headline = self.board.headline(play.state.outcome, play.names)
        reason = self.board.reason(public, play.names)
        save = play.save
        helped = [f"{play.names[seat]} {count}" for seat, count in sorted(save.hints.items()) if count]
        notes = ([f"{save.takebacks} move{'s' if save.takebacks > 1 else ''} taken back"] if save.takebacks else []) \
            + ([f"hints asked: {', '.join(helped)}"] if helped else [])
        if notes:
            reason = f"{reason} ({'; '.join(notes)}.)" if reason else f"{'; '.join(notes).capitalize()}."
        extras = "" if self.embedded else button("Watch it back", "watch", "btn")
        people = save.table.person_seats
        close = self.board.how_close(public, play.names, people[0]) if len(people) == 1 else []
        return layout.end_sheet(play.state.outcome, play.names, "Deal again" if self.embedded else "Rematch",
                                home=not self.embedded, standings=standings, headline=headline, reason=reason,
                                extras=extras, after=self.tally, close=close)

    # -- take back and hints -------------------------------------------------------------------------
    def hints_allowed(self) -> bool:
        """Hints: for one person against bots; in hot-seat only when Settings say so."""
        play = self.play
        if self.embedded or play.state.is_over or not play.save.table.person_seats:
            return False
        return not play.hot_seat or bool(self.settings.get("hot_seat_hints"))

    def can_take_back(self) -> bool:
        play = self.play
        return not self.embedded and not play.state.is_over and play.take_back_point() is not None

    def menu_entries(self) -> list:
        entries = []
        if self.hints_allowed() and self.play.legal():
            entries.append(button("What would you do?", "hint", "btn"))
        if self.can_take_back():
            entries.append(button("Take back", "take-back", "btn"))
        if not self.embedded:
            entries.append(button("Export this game", "export-game", "btn"))
        return entries

    def agreement(self) -> str:
        """Hot-seat: everyone at the table agrees to a take-back, on one screen."""
        play = self.play
        people = [(seat, name) for seat in play.save.table.person_seats for name in play.save.table.seats[seat].people]
        rows = "".join(
            button(f"{esc(name)}: {'agrees' if name in self.agreeing else 'tap to agree'}", "agree-take-back",
                   "btn toggle" + (" on" if name in self.agreeing else ""), name=name,
                   aria_pressed=str(name in self.agreeing).lower())
            for seat, name in people)
        everyone = len(self.agreeing) == len(people)
        return layout.overlay("Take back a move", (
            f'<p>The last decision a person made is undone and that person decides again. Everyone at the '
            f'table must agree.</p><p class="actions tt-agree">{rows}</p>'
            f'<p class="actions">{button("Take it back", "confirm-take-back", "btn primary", disabled=not everyone)}</p>'),
            "take-back")

    def show_hint_unasked(self):
        """The hint shown before the person's move by itself (Settings; the real game after a
        lesson): it advises (its line, its move lit on the board) and the person chooses: it
        opens no move and is not counted among the hints asked."""
        self.hint = self.play.hint(asked=False)

    def hint_line(self) -> str:
        """A hint's short line: what to do, before the reason (the strip holds one line; the whole
        reason opens from it)."""
        if not self.hint:
            return ""
        line = self.hint["why"].split(": ", 1)[0]
        # A long first clause ("Lock in 3 4 5 7 8 9 9 K K, lowest to highest...") keeps its head.
        return line.split(", ", 1)[0] if len(line) > HINT_LINE else line

    def bar_tools(self, scene) -> list:
        """The menu's help the bar points to now: a hint at the person's own turn, a take-back."""
        if scene.moment not in ("turn", "wait", "landing") or self.covering is not None:
            return []
        tools = ["hint"] if scene.moment == "turn" and self.hints_allowed() else []
        return tools + (["take-back"] if self.can_take_back() else [])

    def shell_choices(self, scene) -> str:
        """What the shell adds to the sheet: a take-over form, acting out of turn, bots at work."""
        play = self.play
        if self.interject is not None and not self.interject.get("uncovered"):
            return self.interject_chooser()
        if self.interject is not None:
            return (f'<p class="actions interject">{button("Back: nothing to play", "interject-done", "btn")}'
                    '<span class="muted"> you are acting out of turn</span></p>')
        if self.taking_over is not None:
            return self.take_over_form()
        extra = self.out_of_turn_offer()
        if play.save.table.bots() and scene.moment == "wait":
            bots_playing = any(seat in play.save.table.bots() for seat in play.state.to_act)
            people = play.save.table.person_seats
            public = play.public_view()
            # Someone who is out has no turn to skip to: they may skip to the end instead.
            coming = any(self.board.turn_coming(public, seat) for seat in people)
            extra += layout.waiting_sheet(settings.bot_speed_control(self.settings["bot_speed"]),
                                          skip=bots_playing and bool(people), to_the_end=not coming)
        return extra

    def out_of_turn_offer(self) -> str:
        """The game says (from the public view) when anyone may act out of turn; in hot-seat the
        button shows for everyone, so it gives nothing away about who can."""
        play = self.play
        if play.state.is_over or not play.hot_seat:
            return ""
        offer = self.board.out_of_turn(play.public_view())
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
        return (f'<div class="interject"><p>Who is acting out of turn?</p><p class="actions">{buttons} '
                f'{button("Never mind", "interject-done", "btn")}</p></div>')

    def take_over_form(self) -> str:
        name = self.play.names[self.taking_over]
        return (f'<form class="take-over"><label class="field">Who takes over from {esc(name)}?'
                f'<input type="text" data-field="take-over-name" autocomplete="off" placeholder="1–20 characters"></label>'
                f'<p class="actions">{button("Take the seat", "take-over-confirm", "btn primary")} '
                f'{button("Cancel", "take-over-cancel", "btn")}</p></form>')

    def overlay_html(self) -> str:
        play = self.play
        if self.overlay == "menu":
            return layout.menu(play.state.game.id, self.embedded, self.menu_entries())
        if self.overlay == "take-back":
            return self.agreement()
        if self.overlay == "hint-why" and self.hint:
            return layout.overlay("Hint", f'<p data-testid="hint-why">{esc(self.hint["why"])}</p>'
                                  f'<p class="muted">A hint advises; any legal move is still yours to choose.</p>',
                                  "hint-panel")
        if self.overlay == "recap":
            seat = play.viewer
            lines = (play.recap(seat) if seat is not None else []) or [play.news() or "Nothing has happened yet."]
            title = "Since your last move" if seat is not None and play.has_acted(seat) else "What happened"
            return layout.overlay(title, layout.news_list(lines)
                                  + f'<p class="actions">{button("The whole log", "show-log", "btn")}</p>', "recap")
        if self.overlay == "log":
            return layout.overlay("What happened", layout.log_list(play.log_lines()), "log-panel")
        if self.overlay == "settings":
            return layout.overlay("Settings", settings.panel(self.settings, self.board.SOUND_WORDS),
                                  "settings-panel")
        return ""


def page(play: Play, embedded: bool = False) -> str:
    """The play screen of a game in progress as it is now (CPython tests read its taps)."""
    return GameView(play.save, play.board, embedded, play=play).html()
