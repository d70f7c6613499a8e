"""Thieves of Eldris' guided first game (#/learn/thieves-of-eldris): the lesson as data, and the
board's next tap toward a move (see frontend.shell.lesson for the shape).

The deal (seed 253, you against one Sharp bot, Sly) plays four turns of yours: a roll you flip the
Sigil to throw again, a theft on the edge, a theft in the centre, doubles that reset the Sigil, and
two accusations that unmask Sly's Cutpurse, the second reaching $8.5 and the game.  Every move
scripted here is the one the Ruthless hint would make, so the coach and the hints agree.
tests/test_lesson.py replays it through the engine, so a rule or a bot that changes breaks it loudly.
``LESSON_PARTS`` adds the short solo lesson, against Rivals and Threats.
"""
from __future__ import annotations

from .draft import roll_mark

SLY = 1


def move(source: int, target: int) -> dict:
    return {"type": "move", "from": source, "to": target}


LESSON = {
    "seed": 253,
    "seats": ["You", "sharp"],
    "options": {},
    "steps": [
        {"say": "Welcome to Thieves of Eldris. You and Sly slip characters around Skulduggery Square "
                "to rob them: the first thief to $8 wins.",
         "rule": "The game ends as soon as a thief has pocketed 8+ coins."},
        {"say": "You hold three Townsfolk cards in secret. Make the Beastmaster your Cutpurse: the "
                "Knight and the Bard become your Targets.",
         "do": {"type": "choose_cutpurse", "character": "Beastmaster"},
         "then": "Your Cutpurse hides among the characters in the Square: only you know which one is yours.",
         "rule": "In secret at the start of their first turn, each player selects 1 card as their "
                 "Cutpurse and the other 2 as their personal Targets."},
        {"say": "Each turn starts with the three Slip Dice: each shows a Trait. Tap “Roll the dice”.",
         "tap": ["roll", {}],
         "rule": "Each player starts their turn by rolling all 3 Slip Dice."},
        {"say": "Charisma, Intelligence and Dexterity bring no Target beside your Cutpurse. Flip your "
                "Sigil to roll again: tap each die, then Reroll.",
         "do": {"type": "reroll", "dice": [0, 1, 2]},
         "then": "Dexterity, Intelligence and Constitution. Your Sigil is used until you reset it.",
         "rule": "If a player is unsatisfied with their roll, they may flip their Sigil Token to its "
                 "inactive side to reroll any number of dice, keeping the new results."},
        {"say": "A die moves one card of its Trait: the card swaps places with a neighbour above, "
                "below, left or right. All three dice must be spent.",
         "rule": "They then swap that card's position with any orthogonally adjacent card (above, "
                 "below, left, or right)."},
        {"say": "The Shieldmaiden has Constitution. Tap it, then your Beastmaster below it: they "
                "swap, and your Cutpurse climbs a row.",
         "do": move(8, 14),
         "then": "The Constitution die is spent.",
         "rule": "Once a card has been moved, set the corresponding die aside; it is now considered "
                 "\"spent.\""},
        {"say": "The Assassin has Dexterity. Tap it, then your Beastmaster: that puts your Cutpurse "
                "beside the Bard, your Target.",
         "do": move(2, 8),
         "then": "Your Beastmaster stands next to the Bard, on the top edge.",
         "rule": "If you have remaining Slip Dice, you may use their movement on a new card, or one "
                 "you moved earlier."},
        {"say": "The Intelligence die must be spent too. Move the Alchemist onto the Blacksmith: a "
                "move that helps nobody still hides what you are after.",
         "do": move(1, 0),
         "then": "Every die is spent: now the Nick Phase.",
         "rule": "All Slip Dice must be spent during this phase."},
        {"say": "Your Target the Bard is next to your Cutpurse, on the edge of the Square. Steal "
                "from the Bard for $1.5.",
         "do": {"type": "steal", "character": "Bard"},
         "then": "You have $1.5. The robbed Bard leaves the Square, and you drew a new Target: the "
                 "Lightpriest.",
         "rule": "You may Steal from a Target who is orthogonally adjacent to your Cutpurse in the Square."},
        {"say": "Sly robbed the Warlock in the top right corner for $2. Sly's Cutpurse is one of "
                "the cards beside it: watch what Sly moves.",
         "rule": "Corner of the Square: Take $2"},
        {"say": "Your turn again; the dice wait. Use Charisma on the Noble: swap it with your new "
                "Target, the Lightpriest, below it.",
         "do": move(10, 16),
         "then": "The Lightpriest is one row nearer.",
         "rule": "To move a character in the Square, the active player selects any faceup or "
                 "facedown card (occupied or unoccupied) with a Trait that matches one of their "
                 "rolled dice."},
        {"say": "Use Dexterity on the Assassin again: it swaps with your Beastmaster, who comes "
                "back down.",
         "do": move(8, 2),
         "then": "Your Beastmaster is in the middle of the Square now.",
         "rule": "If you have remaining Slip Dice, you may use their movement on a new card, or one "
                 "you moved earlier."},
        {"say": "The Lightpriest has Wisdom. Use it to slide the Lightpriest next to your Beastmaster.",
         "do": move(10, 9),
         "then": "Your Target stands beside your Cutpurse, in the centre.",
         "rule": "If a character card is on the edge of the Square, there are 3 orthogonally "
                 "adjacent cards they can swap positions with (fig. 1); in a corner, there are only 2 (fig. 2)."},
        {"say": "A Target in the centre pays less than on the edge. Steal from the Lightpriest for $1.",
         "do": {"type": "steal", "character": "Lightpriest"},
         "then": "You have $2.5. Sly took the Ninja in that same corner: the Paladin stood beside it both times.",
         "rule": "Center of the Square: Take $1"},
        {"say": "Doubles: two Constitution dice. Doubles may reset your Sigil or use their Trait's "
                "ability; tap “Reset the Sigil”.",
         "do": {"type": "reset_sigil"},
         "then": "Your Sigil is active again, ready for another reroll.",
         "rule": "Doubles: If two dice show the same Trait, you may (A) reset your Sigil Token, or "
                 "(B) activate the matching special ability."},
        {"say": "Spend a Constitution die on the Shieldmaiden: swap it with the Lightpriest, who "
                "has left the Square.",
         "do": move(14, 8),
         "then": "Robbed cards stay in the Square, face dark, and can still be moved.",
         "rule": "Cards on the unoccupied side can still be moved around the Square."},
        {"say": "The Paladin has Constitution too. Swap it with the Bard, so the Paladin stands "
                "right above your Beastmaster.",
         "do": move(4, 3),
         "then": "The Paladin, likely Sly's Cutpurse, is next to yours.",
         "rule": "You may attempt to Reveal an opponent's Cutpurse who is orthogonally adjacent to "
                 "your Cutpurse in the Square."},
        {"say": "Spend the Dexterity die on the Acrobat: swap it with the Druid, far from "
                "anything that matters.",
         "do": move(19, 20),
         "then": "Every die is spent: now accuse.",
         "rule": "All Slip Dice must be spent during this phase."},
        {"say": "Accuse Sly: tap the Paladin, then Sly. A wrong guess would show everyone your own "
                "Cutpurse.",
         "do": {"type": "reveal", "character": "Paladin", "player": SLY},
         "then": "Right! $1 from Sly and $2 from the Guild make $5.5, and Sly must pick a new Cutpurse.",
         "rule": "Touch the card of the character in the Square you believe to be the Cutpurse and "
                 "name the exact player you believe controls them."},
        {"say": "Sly robbed the Ranger in a corner, the Artificer beside it. Bring your Beastmaster "
                "nearer: tap the Shieldmaiden, then the Beastmaster.",
         "do": move(8, 9),
         "then": "Your Beastmaster stepped left.",
         "rule": "2-4 players: The player chooses one of their current Targets to become their "
                 "Cutpurse, then draws a new Target from the Townsfolk deck."},
        {"say": "The Artificer has Intelligence. Swap it with the Druid above it, one row nearer to you.",
         "do": move(19, 13),
         "then": "One Wisdom die left.",
         "rule": "The results indicate which characters they can move during their turn."},
        {"say": "The Lightpriest has Wisdom: swap it with the Artificer, which lands right below "
                "your Beastmaster.",
         "do": move(14, 13),
         "then": "The Artificer is next to your Cutpurse.",
         "rule": "If you have no Slip Dice left, proceed to the Nick Phase (see p.5-6)."},
        {"say": "Accuse Sly of being the Artificer: tap the Artificer, then Sly. Another right "
                "Reveal pays $3 and wins.",
         "do": {"type": "reveal", "character": "Artificer", "player": SLY},
         "then": "Right again: $8.5, and you win the game!",
         "rule": "Additionally, you receive $2 from the Thieves' Guild, which you take from the supply."},
        {"say": "Doubles offer abilities too: Dexterity moves a card twice, Wisdom swaps two of one "
                "Trait, Strength robs on the diagonal.",
         "rule": "Strength is the only special ability used after character movement:"},
    ],
    "more": "The abilities and the 5-6 player Display are in the rules.",
}


# The short solo lesson (#/learn/thieves-of-eldris/solo): one round of the solo game on seed 1919,
# where the Foes' Stack hides two Constitution Threats.  Your Wizard ends between two Targets with
# a Threat below it; the wager on that Threat is right, a Rival robs the Knight first (moved to the
# centre, where it pays least), and you rob two Targets in the one round.
SOLO_LESSON = {
    "title": "Learn solo",
    "name": "the solo lesson",
    "seed": 1919,
    "seats": ["You"],
    "options": {},
    "steps": [
        {"say": "The solo game: four rounds against the Rivals, Townsfolk who rob the same Targets as "
                "you. Steal at least as much as all your Rivals together to win.",
         "rule": "Your goal is simple: steal at least as much money as all of your Rivals combined."},
        {"say": "Pick your Cutpurse from the three in the Display. Take the Wizard: in the Square it "
                "already stands beside the Lightpriest.",
         "do": {"type": "choose_cutpurse", "character": "Wizard"},
         "then": "The Barbarian joined the Display: the Knight, Lightpriest and Barbarian are the "
                 "Targets, yours and the Rivals' alike.",
         "rule": "These 3 Characters become the Targets for both you and your Rivals in the game."},
        {"say": "The Foes' Stack shows the Ranger: a known Rival, with a Rival token (R) in the "
                "Square. Two Threats hide beneath it: you see only their Traits.",
         "rule": "The topmost card, with all features visible, is a known Rival."},
        {"say": "Both Threats are Constitution, so every Constitution character wears a Threat token "
                "(?). At the Reveal, two of them turn out to be Rivals.",
         "rule": "Place Threat tokens on all other characters in the Square matching the Traits of "
                 "the two concealed Threat cards."},
        {"say": "Your turn starts with the three Slip Dice, as in the full game. Tap “Roll the dice”.",
         "tap": ["roll", {}],
         "rule": "Begin your turn by rolling all 3 Slip Dice."},
        {"say": "The Barbarian, a Target, sits in the far corner. Use Wisdom: tap the Monk, then the "
                "Barbarian, and they swap.",
         "do": move(4, 5),
         "then": "The Barbarian is on the top edge now, two cards from your Wizard.",
         "rule": "The standard rules for the Slip Phase, including the effects of rolling doubles or "
                 "triples, remain the same (see pp. 4-5)."},
        {"say": "The Paladin, a Threat, stands beside the Knight. Use Constitution to swap them: in "
                "the centre, a Rival who robs the Knight takes only $1.",
         "do": move(13, 12),
         "then": "The Knight stands in the centre, where a theft pays least.",
         "rule": "Center of the Square: $1"},
        {"say": "Now Intelligence on your own Wizard: it swaps with the Lightpriest and lands between "
                "two Targets.",
         "do": move(2, 3),
         "then": "Your Wizard stands between the Lightpriest and the Barbarian, the Shieldmaiden, a "
                 "Threat, below it.",
         "rule": "In Solo, multiple Targets may be robbed on the same turn!"},
        {"say": "Every die is spent: the Nick Phase. Solo, it goes in order: a wager if you like, then "
                "the Reveal, then the thefts.",
         "rule": "A. Wager: Optional B. Reveal (and Resolve Wagers, if any were placed): Mandatory C. "
                 "Steal: Mandatory"},
        {"say": "The Shieldmaiden beside your Wizard wears a Threat token. Wager your $1 on it: if it "
                "is a Rival, you win $2 more.",
         "do": {"type": "wager", "character": "Shieldmaiden"},
         "then": "Your $1 lies on the Shieldmaiden. Had you wagered on a Threat that stays a Threat, "
                 "the $1 would be lost.",
         "rule": "Place exactly $1 from your haul on any number of characters orthogonally adjacent "
                 "to your Cutpurse, with a Threat token, that you suspect could be a Rival."},
        {"say": "Tap “Reveal the Foes”: the two hidden Threats turn up and become Rivals.",
         "do": {"type": "reveal_foes"},
         # One action reveals, steals and deals the next round: the board moves on to round 2
         # at once, so what follows tells round 1's thefts in the past, each on the board still.
         "then": "The Threats were the Paladin and the Shieldmaiden: your wager won $3 back. Round 1's "
                 "thefts followed, and round 2 was dealt.",
         "rule": "Fan out the Foes' Stack to reveal the two hidden Threats."},
        {"say": "Round 1's thefts, Rivals first: the Paladin, a Rival now, stood beside the Knight "
                "and robbed it for $1, the centre's pay.",
         "rule": "Rivals Steal first: If any number of Rivals are orthogonally adjacent to an active "
                 "Target (character with a Target Token), the Targets is robbed."},
        {"say": "You stole second: your Wizard robbed the Lightpriest and the Barbarian, on the edge, "
                "$1.5 each. You have $6, the Rivals $1.",
         "rule": "You Steal second: If your Cutpurse is orthogonally adjacent to an active Target "
                 "(character with a Target Token), the Targets is robbed."},
        {"say": "No Rival stood beside your Wizard. If one had, the Rivals would have taken $1.5 "
                "from you: Stiff Competition.",
         "rule": "Stiff Competition: If any number of Rivals are orthogonally adjacent to your "
                 "Cutpurse, they will collect a total of $1.5 from you!"},
        {"say": "Round 2 has begun: the Display is full again, and a new Foes' Stack adds a Rival and "
                "two Threats. The Rivals you know stay.",
         "rule": "Rivals from the Foes' Stack remain visible and in play for the following round."},
    ],
    "end": "That is a solo round. After round 4, you win with as much as all your Rivals together.",
    "more": "The titles your haul earns, and the game without tokens, are in the rules.",
}

LESSON_PARTS = {"solo": SOLO_LESSON}


def lesson_tap(draft, action, view):
    """The next tap toward ``action`` from the draft as it is, when the action's own button is not
    on the screen yet: the roll shown first, then a move's card picked, the dice to throw again
    chosen, or the card to accuse in focus."""
    mark = roll_mark(view)
    if mark is not None and draft.get("rolled") != mark:
        return "roll", {}
    kind = action["type"]
    if kind in ("move", "shift", "exchange"):
        first = action["a"] if kind == "exchange" else action["from"]
        if draft.get("pick") is None:
            return "pick", {"position": first}
        if draft["pick"] != first:
            return "unpick", {}
        return None
    if kind == "reroll":
        if draft.get("pick") is not None:
            return "unpick", {}
        differ = sorted(set(draft.get("reroll") or []) ^ set(action["dice"]))
        return ("reroll-die", {"die": differ[0]}) if differ else None
    if kind in ("steal", "reveal"):
        focus = draft.get("focus")
        if kind == "reveal" and focus != action["character"]:
            return "focus", {"character": action["character"]}
        if kind == "steal" and focus not in (None, action["character"]):
            return "unfocus", {}
    return None
