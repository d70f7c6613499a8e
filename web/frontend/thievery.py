"""Thievery on the screen: sorting the row, reading the table, guessing, power-ups, partners.

Everything here is drawn from ``state.view(seat)`` of the person holding the device (or the public
view while the device waits between people).  Taps become engine actions; the engine says no with
a reason when a tap is not allowed.
"""
from __future__ import annotations

from pycore.thievery import POWERS, TABLE_RULES

from .markup import attrs, button, esc, join_names, ordinal
from .screens import GameScreen

RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def rank_label(rank) -> str:
    return RANK_LABELS.get(rank, str(rank))


def rank_word(rank) -> str:
    return RANK_WORDS.get(rank, str(rank))


def plural_rank(rank) -> str:
    word = rank_word(rank)
    return word + ("es" if word == "6" or word.endswith("x") else "s")


# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "Pass and play: before each person's private moment (sorting, guessing, a partner's show) the "
    "screen covers everything and names who should take the device; nothing secret shows until they tap.",
    "A hit means you must guess again: a turn ends only with a miss (or the win).",
    "Two people may share a hand: both see its cards and either may play it; they win together.",
    "A person can take over a bot's hand between turns with “Take over”; the bot leaves at once.",
    "Trip the alarm out of turn: tap “Trip the alarm!”, say who you are, and the device is passed "
    "to you behind a cover. Everyone may tap it, so it gives nothing away about who holds one.",
    "Bots draw no power-ups; a person who takes over a bot's hand draws from their next turn on.",
]


class ThieveryScreen(GameScreen):
    game_id = "thievery"
    blurb = "Sort your row in secret, then name everyone else's hidden cards before they name yours."
    seat_word = "hand"
    shared_seats = True
    max_people = 12
    option_fields = [
        ("powerups", "Power-ups", "At 5 and 6 hands: draw one at the start of each turn (three at most)."),
        ("partnerships", "Partnerships", "At 4 hands: hands 1 and 3 against 2 and 4; partners may show each other a card."),
    ]

    def default_seats(self, game) -> int:
        return 4

    def option_enabled(self, option, seats, options) -> bool:
        if option == "powerups":
            return seats in (5, 6)
        if option == "partnerships":
            return seats == 4
        return True

    def engine_options(self, options, seats, table) -> dict:
        return {"powerups": bool(options.get("powerups")) and seats in (5, 6),
                "partnerships": bool(options.get("partnerships")) and seats == 4}

    def seat_options(self, table) -> dict:
        return {"bots": table.bots()}

    def table_rules(self) -> list:
        return TABLE_RULES + SCREEN_RULES

    def new_ui(self) -> dict:
        return {"draft": None, "picked": None, "target": None, "power": None, "power_args": {}}

    def keep_ui(self, ui, view) -> dict:
        return self.new_ui()

    def summary(self, state, table) -> str:
        view = state.view(None)
        if view["phase"] == "over":
            return "Won by " + join_names([table.label(s) for s in view["winners"]]) + "."
        if view["phase"] == "sorting":
            return "Sorting the rows."
        down = sum(1 for row in view["rows"] for card in row if not card["face_up"])
        return f"{table.label(view['turn'])}'s turn · {down} cards still face down."

    # -- rules in our own words ------------------------------------------------------------------
    def rules_html(self) -> str:
        powers = "".join(f"<li><strong>{esc(p['title'])}</strong> ({esc(p['tier'])}): {esc(p['text'])}</li>"
                         for p in POWERS.values())
        return f"""
<p class="lead">Work out everyone else's hidden cards before they work out yours.</p>
<h3>The cards</h3>
<p>26 cards: ace to king in red and ace to king in black. They are all dealt out into 3 to 6 hands
(3 hands: 9, 9 and 8 cards; 4: 7, 7, 6, 6; 5: 6, 5, 5, 5, 5; 6: 5, 5, 4, 4, 4, 4). There is no
draw pile: every card is in somebody's row all game. Up to two people may share a hand, so six hands
seat twelve; empty hands go to bots.</p>
<h3>Sort your row</h3>
<p>You see your own cards. Put them in order, lowest to highest (ace low), by dragging or by tapping
a card and then the place it should go, and press <em>Lock in</em>. Two cards of the same rank can
go either way round, and an <strong>ace is wild</strong>: put it anywhere. When everyone has locked
in, every row turns face down. Red cards lie sideways and black cards stand up, so everyone knows
the colour and place of every card, but only you know your ranks.</p>
<h3>Read the table</h3>
<p>Every row is in order, so a hidden card is fenced in by its neighbours: a black card between a 4
and a 7 is a 4, 5, 6 or 7 (or an ace). There is one card of each rank in each colour, so once the
black 9 is face up no other black card can be a 9. A missed guess is public too: everyone now knows
that card is not that rank.</p>
<h3>Your turn</h3>
<p>Tap a face-down card of another hand and name its rank. <strong>Right:</strong> it flips face up
for everyone and you must go again. <strong>Wrong:</strong> nothing else happens; the turn passes to
the next hand.</p>
<h3>Winning</h3>
<p>The first hand to see every card of every other hand face up wins (both people, if two share it).</p>
<h3>Power-ups (5 and 6 hands)</h3>
<p>With fewer cards per row a lucky streak can run through half the table, so at five and six hands
each person draws a power-up at the start of each of their turns: one a turn, three at most, never
two alike. Bots draw none. Common ones give private information; rarer ones interrupt.</p>
<ul>{powers}</ul>
<h3>Partnerships (4 hands)</h3>
<p>Hands 1 and 3 play against hands 2 and 4. You only guess at the other team's cards, and at the
start of your turn your partner may privately show you one of their face-down cards, or not. A team
wins when every card of the other team is face up.</p>"""

    # -- the board ---------------------------------------------------------------------------------
    def board(self, play, interjecting: bool = False) -> str:
        view = play.view()
        viewer = view["seat"]
        legal = play.legal()
        out = [f'<p class="status" data-testid="status">{esc(self.status(play, view, legal))}</p>']
        if view["phase"] == "sorting" and viewer is not None and not view["locked"][viewer]:
            out.append(self.sorter(play, view, legal))
        order = list(range(view["hands"]))
        if viewer is not None:        # your own row last, nearest your thumb
            order = order[viewer + 1:] + order[:viewer] + [viewer]
        out.append('<div class="rows">')
        for hand in order:
            if view["phase"] == "sorting" and hand == viewer and not view["locked"][viewer]:
                continue
            out.append(self.row(play, view, hand, legal))
        out.append("</div>")
        if view["phase"] == "guessing":
            out.append(self.controls(play, view, legal, interjecting))
        return "".join(out)

    def status(self, play, view, legal) -> str:
        names = play.names
        viewer = view["seat"]
        ui = play.ui
        you = names[viewer] if viewer is not None else None
        if view["phase"] == "over":
            return "The round is over: every card is turned up."
        if view["phase"] == "sorting":
            if viewer is not None and not view["locked"][viewer]:
                return f"{you}: put your row in order, lowest to highest (aces anywhere), then lock in."
            waiting = [names[h] for h in range(view["hands"]) if not view["locked"][h]]
            return "Waiting for " + join_names(waiting) + " to lock in."
        showing = view.get("showing")
        if showing:
            if viewer == showing["partner"]:
                return f"{you}: show {names[showing['for']]} one of your face-down cards, or don't."
            return f"{names[showing['partner']]} may show {names[showing['for']]} a card."
        turn = view["turn"]
        if viewer is not None and viewer == turn and legal:
            if ui.get("power"):
                return POWER_PROMPTS.get(ui["power"], "Choose how to play it.")
            if ui.get("target"):
                hand, index = ui["target"]
                card = view["rows"][hand][index]
                return f"What rank is {names[hand]}'s {ordinal(index + 1)} card ({card['colour']})?"
            again = " Right! Go again:" if view["guessed_this_turn"] else ""
            return f"Your turn, {you}.{again} Tap a face-down card of another hand, then name its rank."
        bots = view["bots"]
        if turn in bots:
            return f"{names[turn]} is thinking…"
        return f"{names[turn]}'s turn."

    def sorter(self, play, view, legal) -> str:
        ui = play.ui
        row = view["rows"][view["seat"]]
        if ui["draft"] is None or len(ui["draft"]) != len(row):
            ui["draft"] = list(range(len(row)))
        draft = ui["draft"]
        cards = []
        for place, index in enumerate(draft):
            card = row[index]
            picked = ui["picked"] == place
            label = f"{card['colour']} {rank_word(card['rank'])}, place {place + 1}"
            cls = card_classes(card, up=True, extra="picked" if picked else "", own=True)
            cards.append(
                f'<button{attrs(class_=cls, data_do="sort-tap", data_place=place, data_drag_index=place, aria_pressed="true" if picked else "false", aria_label=label)}>'
                f'<span class="rank">{rank_label(card["rank"])}</span></button>')
        valid = {"type": "lock_in", "order": draft} in legal
        hint = "In order: lock in when you are happy." if valid else sort_hint([row[i]["rank"] for i in draft])
        return (f'<section class="panel sorter"><h3>Your row</h3>'
                f'<div class="row own sortable" data-sortable="1" data-testid="sort-row">{"".join(cards)}</div>'
                f'<p class="muted">{esc(hint)} Drag a card, or tap one and then the place it should go.</p>'
                f'<p class="actions">{button("Lock in", "lock-in", "btn primary big", disabled=not valid)} '
                f'{button("Sort it for me", "auto-sort", "btn")}</p></section>')

    def row(self, play, view, hand, legal) -> str:
        names = play.names
        viewer = view["seat"]
        cards = view["rows"][hand]
        ui = play.ui
        badges = []
        kind = play.save.table.kind(hand)
        if kind:
            badges.append(f'<span class="badge bot">{esc(kind)}</span>')
        if hand == viewer:
            badges.append('<span class="badge you">you</span>')
        if view["teams"]:
            team = "A" if hand in view["teams"][0] else "B"
            badges.append(f'<span class="badge team">team {team}</span>')
        if view["phase"] == "sorting":
            badges.append('<span class="badge">locked in</span>' if view["locked"][hand] else '<span class="badge">sorting…</span>')
        if view["turn"] == hand and view["phase"] == "guessing":
            badges.append('<span class="badge turn">turn</span>')
        if view["powerups_on"] and view["held_counts"][hand]:
            n = view["held_counts"][hand]
            badges.append(f'<span class="badge">{n} power-up{"s" if n > 1 else ""}</span>')
        if view["stakeout"] == hand:
            badges.append('<span class="badge warn">staked out</span>')
        if hand in view["winners"] if view["winners"] else False:
            badges.append('<span class="badge win">wins</span>')
        take = ""
        if hand in view["bots"] and view["phase"] != "over" and not (view["turn"] == hand and view["guessed_this_turn"]):
            take = button("Take over", "take-over", "btn small ghost", seat=hand,
                          aria_label=f"A person takes over {names[hand]}'s hand")
        targetable = {(a["hand"], a["index"]) for a in legal if a["type"] == "guess"}
        power = ui.get("power")
        power_cards = {(a["hand"], a["index"]) for a in legal
                       if a["type"] == "power" and a["power"] == power and "index" in a and "hand" in a}
        own_tips = {a["index"] for a in legal if a["type"] == "power" and a["power"] == "tip_off"}
        show_cards = {a["index"] for a in legal if a["type"] == "show" and a["index"] is not None}
        tiles = []
        for index, card in enumerate(cards):
            extra = []
            do = None
            if ui.get("target") == (hand, index):
                extra.append("target")
            if power in ("casing", "crack") and (hand, index) in power_cards:
                do, extra = "power-card", extra + ["choosable"]
            elif power == "tip_off" and hand == viewer and index in own_tips:
                do, extra = "power-card", extra + ["choosable"]
            elif show_cards and hand == viewer and index in show_cards:
                do, extra = "show-card", extra + ["choosable"]
            elif not power and (hand, index) in targetable:
                do, extra = "pick-card", extra + ["choosable"]
            if view["phase"] == "sorting" and hand != viewer:
                tiles.append('<span class="card back unsorted" aria-hidden="true"></span>')
                continue
            if view["phase"] == "sorting" and hand == viewer:
                tiles.append(f'<span class="{card_classes(card, up=True, own=True)}"><span class="rank">{rank_label(card["rank"])}</span></span>')
                continue
            label = card_label(names[hand], index, card, hand == viewer)
            misses = "".join(f"<s>{rank_label(r)}</s>" for r in card["misses"]) if not card["face_up"] else ""
            inner = (f'<span class="rank">{rank_label(card["rank"]) if card["rank"] else ""}</span>'
                     + (f'<span class="misses" aria-hidden="true">{misses}</span>' if misses else ""))
            if hand == viewer and not card["face_up"]:
                extra.append("own-hidden")      # you see it; nobody else does yet
            cls = card_classes(card, up=card["face_up"] or card["rank"] is not None, extra=" ".join(extra),
                               own=hand == viewer)
            if do:
                tiles.append(f'<button{attrs(class_=cls, data_do=do, data_hand=hand, data_index=index, aria_label=label)}>{inner}</button>')
            else:
                tiles.append(f'<span{attrs(class_=cls, role="img", aria_label=label)}>{inner}</span>')
        return (f'<section class="hand{" mine" if hand == viewer else ""}{" acting" if view["turn"] == hand else ""}" data-hand="{hand}">'
                f'<header><strong>{esc(names[hand])}</strong> <span class="muted">hand {hand + 1}</span> {"".join(badges)} {take}</header>'
                f'<div class="row">{"".join(tiles)}</div></section>')

    def controls(self, play, view, legal, interjecting) -> str:
        ui = play.ui
        names = play.names
        viewer = view["seat"]
        out = []
        if ui.get("target") and not ui.get("power"):
            hand, index = ui["target"]
            allowed = {a["rank"] for a in legal if a["type"] == "guess" and a["hand"] == hand and a["index"] == index}
            out.append(f'<section class="panel guess" data-testid="rank-pad"><p>{esc(fence_hint(view, hand, index))}</p><div class="pad">')
            for rank in range(1, 14):
                out.append(button(rank_label(rank), "guess", "btn rank", rank=rank, disabled=rank not in allowed,
                                  aria_label=f"Guess {rank_word(rank)}"))
            out.append(f'</div><p>{button("Choose another card", "clear-target", "btn small")}</p></section>')
        if view.get("showing") and viewer == view["showing"]["partner"]:
            out.append(f'<section class="panel"><p>Tap one of your face-down cards to show it to '
                       f'{esc(names[view["showing"]["for"]])}, or:</p>'
                       f'<p>{button("Show nothing", "show-none", "btn")}</p></section>')
        out.append(self.powers_panel(play, view, legal))
        if interjecting:
            out.append(f'<p class="actions">{button("Back: nothing to play", "interject-done", "btn")}</p>')
        elif (view["powerups_on"] and play.save.table.hot_seat and view["phase"] == "guessing"
              and len(play.save.table.person_seats) >= 2):
            out.append(f'<p class="actions alarm-row">{button("Trip the alarm!", "interject", "btn warn small")}'
                       f'<span class="muted"> anyone holding it may stop this run</span></p>')
        return "".join(out)

    def powers_panel(self, play, view, legal) -> str:
        held = view.get("held") or []
        if not view["powerups_on"] or view["seat"] is None or not held:
            return ""
        ui = play.ui
        playable = {a["power"] for a in legal if a["type"] == "power"}
        items = []
        for power in held:
            info = POWERS[power]
            on = power in playable
            active = ui.get("power") == power
            items.append(f'<li class="power{" active" if active else ""}">'
                         + button(f"<strong>{esc(info['title'])}</strong><br><span class='muted'>{esc(info['text'])}</span>",
                                  "power", "btn power-btn", power=power, disabled=not on)
                         + "</li>")
        extra = ""
        power = ui.get("power")
        if power == "loose_lips":
            extra = '<div class="pad">' + "".join(button(rank_label(r), "power-rank", "btn rank", rank=r) for r in range(1, 14)) + "</div>"
        elif power in ("stakeout",) or (power == "misdirection" and "victim" in ui["power_args"]) or \
                (power == "tip_off" and "index" in ui["power_args"]):
            key = {"stakeout": "hand", "misdirection": "hand", "tip_off": "to"}[power]
            choices = sorted({a[key] for a in legal if a["type"] == "power" and a["power"] == power
                              and all(a.get(k) == v for k, v in ui["power_args"].items())})
            extra = '<p class="actions">' + " ".join(button(esc(play.names[h]), "power-hand", "btn", hand=h) for h in choices) + "</p>"
        elif power == "misdirection":
            victims = sorted({a["victim"] for a in legal if a["type"] == "power" and a["power"] == "misdirection"})
            extra = ('<p>Whose next guess do you steer?</p><p class="actions">'
                     + " ".join(button(esc(play.names[h]), "power-victim", "btn", hand=h) for h in victims) + "</p>")
        if power:
            extra += f'<p>{button("Cancel", "power-cancel", "btn small")}</p>'
        return (f'<section class="panel powers"><h3>Your power-ups</h3><ul class="power-list">{"".join(items)}</ul>'
                f'{extra}</section>')

    # -- taps ------------------------------------------------------------------------------------------
    def on(self, play, do, data):
        ui = play.ui
        view = play.view()
        viewer = view["seat"]
        if do == "sort-tap":
            place = int(data["place"])
            if ui["picked"] is None:
                ui["picked"] = place
            else:
                move(ui["draft"], ui["picked"], place)
                ui["picked"] = None
            return None
        if do == "reorder":
            if ui["draft"] is not None:
                move(ui["draft"], int(data["from"]), int(data["to"]))
                ui["picked"] = None
            return None
        if do == "auto-sort":
            row = view["rows"][viewer]
            ui["draft"] = sorted(range(len(row)), key=lambda i: (row[i]["rank"], row[i]["colour"]))
            ui["picked"] = None
            return None
        if do == "lock-in":
            return {"type": "lock_in", "order": list(ui["draft"])}
        if do == "pick-card":
            ui["target"] = (int(data["hand"]), int(data["index"]))
            return None
        if do == "clear-target":
            ui["target"] = None
            return None
        if do == "guess" and ui.get("target"):
            hand, index = ui["target"]
            return {"type": "guess", "hand": hand, "index": index, "rank": int(data["rank"])}
        if do == "show-card":
            return {"type": "show", "index": int(data["index"])}
        if do == "show-none":
            return {"type": "show", "index": None}
        if do == "power":
            power = data["power"]
            ui["target"] = None
            if power in ("second_storey", "pickpocket", "alarm"):
                return {"type": "power", "power": power}
            ui["power"], ui["power_args"] = power, {}
            return None
        if do == "power-cancel":
            ui["power"], ui["power_args"] = None, {}
            return None
        if do == "power-card":
            power = ui["power"]
            if power == "tip_off":
                ui["power_args"] = {"index": int(data["index"])}
                return None
            return {"type": "power", "power": power, "hand": int(data["hand"]), "index": int(data["index"])}
        if do == "power-rank":
            return {"type": "power", "power": "loose_lips", "rank": int(data["rank"])}
        if do == "power-victim":
            ui["power_args"] = {"victim": int(data["hand"])}
            return None
        if do == "power-hand":
            power = ui["power"]
            key = "to" if power == "tip_off" else "hand"
            return {"type": "power", "power": power, **ui["power_args"], key: int(data["hand"])}
        return None

    # -- the log in words ------------------------------------------------------------------------------
    def describe(self, event, names, viewer) -> str | None:
        def who(seat):
            return "you" if seat == viewer else names[seat]

        def Who(seat):
            text = who(seat)
            return text[0].upper() + text[1:]

        def card(hand, index):
            owner = "your" if hand == viewer else f"{names[hand]}'s"
            return f"{owner} {ordinal(index + 1)} card"

        kind = event["type"]
        if kind == "locked":
            return f"{Who(event['hand'])} locked in."
        if kind == "rows_down":
            return "Every row turns face down. The guessing starts."
        if kind == "turn":
            return "Your turn." if event["hand"] == viewer else f"{names[event['hand']]}'s turn."
        if kind == "skip":
            return f"{Who(event['hand'])} had nothing to guess at; the turn passes."
        if kind == "guess":
            verdict = "right, it flips!" if event["hit"] else "wrong."
            return f"{Who(event['by'])} guessed {card(event['hand'], event['index'])} is {article(event['rank'])} — {verdict}"
        if kind == "draw":
            if "power" in event:
                return f"{Who(event['hand'])} drew {POWERS[event['power']]['title']}."
            return f"{Who(event['hand'])} drew a power-up."
        if kind == "power":
            return describe_power(event, who, Who, card)
        if kind == "lapsed":
            return f"The {POWERS[event['power']]['title']} lapses."
        if kind == "show":
            if event["shown"]:
                detail = f" ({card(event['by'], event['index'])})" if "index" in event else ""
                return f"{Who(event['by'])} showed {who(event['to'])} a card{detail}."
            return f"{Who(event['by'])} chose not to show {who(event['to'])} a card."
        if kind == "learned":
            how = {"casing": "Casing the joint", "tip_off": "a tip-off", "show": "your partner"}[event["how"]]
            return f"From {how}: {card(event['hand'], event['index'])} is {article(event['rank'])}."
        if kind == "count":
            n = event["face_down"]
            return f"Loose lips: {n} {plural_rank(event['rank']) if n != 1 else rank_word(event['rank'])} {'is' if n == 1 else 'are'} still face down."
        if kind == "take_over":
            return f"{names[event['hand']]} takes over hand {event['hand'] + 1}."
        if kind == "win":
            return f"{join_names([Who(s) if i == 0 else who(s) for i, s in enumerate(event['winners'])])} win{'s' if len(event['winners']) == 1 and event['winners'][0] != viewer else ''}!"
        return None


POWER_PROMPTS = {
    "casing": "Casing the joint: tap an opponent's face-down card to look at it.",
    "loose_lips": "Loose lips: name a rank to learn how many are still face down.",
    "tip_off": "Tip-off: tap one of your face-down cards, then choose who sees it.",
    "stakeout": "Stakeout: choose the hand nobody may guess at until its next turn.",
    "misdirection": "Misdirection: choose whose next guess you steer, then at which hand.",
    "crack": "Crack the vault: tap an opponent's face-down card to flip it.",
}


def describe_power(event, who, Who, card) -> str:
    power, by = event["power"], event["by"]
    title = POWERS[power]["title"]
    if power in ("casing", "crack"):
        rank = f": {article(event['rank'])}" if "rank" in event else ""
        return f"{Who(by)} played {title} on {card(event['hand'], event['index'])}{rank}."
    if power == "tip_off":
        return f"{Who(by)} played {title}, showing {who(event['to'])} a card."
    if power == "stakeout":
        return f"{Who(by)} played {title}: nobody may guess at {who(event['hand'])} until their next turn."
    if power == "misdirection":
        return f"{Who(by)} played {title}: {who(event['victim'])} must guess at {who(event['hand'])} next."
    if power == "alarm":
        ended = f" {who(event['ended'])}'s run ends." if "ended" in event else ""
        return f"{Who(by)} tripped the alarm!{ended}"
    if power == "loose_lips":
        return f"{Who(by)} played {title} on the {plural_rank(event['rank'])}." if "rank" in event else f"{Who(by)} played {title}."
    return f"{Who(by)} played {title}."


def article(rank) -> str:
    word = rank_word(rank)
    return ("an " if word in ("ace", "8") else "a ") + word


def card_classes(card, up: bool, extra: str = "", own: bool = False) -> str:
    # A card you know but others don't stays a card back, with its rank written on it.
    if card.get("known") and not card.get("face_up") and not own:
        up = False
    parts = ["card", card["colour"] or "unknown", "up" if up else "down"]
    if card.get("known") and not card.get("face_up") and not own:
        parts.append("known")
    if extra:
        parts.append(extra)
    return " ".join(parts)


def card_label(owner: str, index: int, card: dict, own: bool) -> str:
    state = "face up" if card["face_up"] else ("face down, you know it" if card["rank"] and not own else "face down")
    rank = f" {rank_word(card['rank'])}" if card["rank"] else ""
    misses = f", not {', '.join(rank_word(r) for r in card['misses'])}" if card["misses"] and not card["face_up"] else ""
    return f"{owner}'s {ordinal(index + 1)} card: {card['colour']}{rank}, {state}{misses}"


def fence_hint(view, hand, index) -> str:
    """What the row itself says about a card: the nearest shown ranks either side (aces are wild)."""
    row = view["rows"][hand]
    low = next((c["rank"] for c in reversed(row[:index]) if c["rank"] and c["rank"] != 1), None)
    high = next((c["rank"] for c in row[index + 1:] if c["rank"] and c["rank"] != 1), None)
    card = row[index]
    if low and high:
        where = f"is between {rank_word(low)} and {rank_word(high)} (or an ace)"
    elif low:
        where = f"is {rank_word(low)} or higher (or an ace)"
    elif high:
        where = f"is {rank_word(high)} or lower (or an ace)"
    else:
        where = "could still be any rank"
    misses = f"; it is not {', '.join(rank_word(r) for r in card['misses'])}" if card["misses"] else ""
    return f"This {card['colour']} card {where}{misses}. Name its rank:"


def sort_hint(ranks) -> str:
    plain = [r for r in ranks if r != 1]
    for a, b in zip(plain, plain[1:]):
        if a > b:
            return f"Not in order yet: the {rank_word(a)} comes before the {rank_word(b)}."
    return ""


def move(items: list, source: int, place: int):
    item = items.pop(source)
    items.insert(place, item)
