"""Thieves of Eldris' guided first game (#/learn/thieves-of-eldris): the lesson as data, built from
the game's core rules (``CORE_RULES``, each with the step that teaches it), and the board's next tap
toward a move (see frontend.shell.lesson for the shape).

The deal (seed 542, you against one Novice bot, Nell, the level the real game after the lesson plays)
was found by searching seeds with the engine.  Five turns of yours: a roll the Sigil throws again
and a theft on the edge; a theft in the corner; doubles that reset the Sigil, then a wrong
accusation between the two suspects beside your Cutpurse (Nell robbed the Knight, so Nell's Cutpurse
stood beside it), which shows your own Cutpurse to everyone; Dexterity doubles whose ability walks
a card two steps, and a theft on the edge; and the right accusation (the one card beside both of
Nell's thefts) that reaches $8 and the game.  Nell's turns land one move at a time in the coach's
panel.  What no five turns reach (the other abilities, triples, Strength's diagonal, 5-6 players,
an empty deck) is told in a sentence each where it matters.  tests/test_lesson.py and
tests/test_lesson_thieves_of_eldris.py replay it through the engine, so a rule or a bot that
changes breaks it loudly.  ``LESSON_PARTS`` adds the short solo lesson, against Rivals and Threats.
"""
from __future__ import annotations

from .draft import roll_mark

NELL = 1


def move(source: int, target: int) -> dict:
    return {"type": "move", "from": source, "to": target}


def shift(source: int, target: int) -> dict:
    return {"type": "shift", "from": source, "to": target}


ROLL = ["roll", {}]

# The rule text's words (thieves-of-eldris.txt) and the rulings' (RULINGS.md), as the steps quote them.
GOAL = "The game ends as soon as a thief has pocketed 8+ coins."
SQUARE = "Shuffle the Character cards, then arrange them faceup in a grid of 6 cards wide by 4 cards tall."
CHOOSE = ("In secret at the start of their first turn, each player selects 1 card as their Cutpurse and the "
          "other 2 as their personal Targets.")
ONCE = ("Each Character is represented once in both the Character and Townsfolk decks. This ensures that no "
        "two players share the same Target, and your Cutpurse cannot be anyone else's Target.")
PHASES = "Each player's turn consists of two phases: the Slip Phase and the Nick Phase."
ROLLING = "Each player starts their turn by rolling all 3 Slip Dice."
SIGIL = ("If a player is unsatisfied with their roll, they may flip their Sigil Token to its inactive side to "
         "reroll any number of dice, keeping the new results.")
SIGIL_STAYS = "Once a Sigil Token is used, it stays inactive until reset"
MOVING = ("To move a character in the Square, the active player selects any faceup or facedown card (occupied "
          "or unoccupied) with a Trait that matches one of their rolled dice.")
SWAP = ("They then swap that card's position with any orthogonally adjacent card (above, below, left, or "
        "right).")
SPENT = 'Once a card has been moved, set the corresponding die aside; it is now considered "spent."'
AGAIN = "If you have remaining Slip Dice, you may use their movement on a new card, or one you moved earlier."
ALL_SPENT = "All Slip Dice must be spent during this phase."
NEIGHBOURS = ("If a character card is on the edge of the Square, there are 3 orthogonally adjacent cards they "
              "can swap positions with (fig. 1); in a corner, there are only 2 (fig. 2).")
DARK_MOVES = "Cards on the unoccupied side can still be moved around the Square."
DOUBLES = ("Doubles: If two dice show the same Trait, you may (A) reset your Sigil Token, or (B) activate the "
           "matching special ability.")
TRIPLES = ("Triples: If all three dice show the same Trait, you may (A) reset your Sigil Token or (B) activate "
           "any one ability of your choice.")
CHARISMA = "Charisma — Peek at the top card of the Townsfolk deck, then return it facedown on top of the deck."
DEXTERITY = "Dexterity — Move any 1 card in the Square (occupied or unoccupied) up to two times."
CONSTITUTION = ("2-4 players: Pick up your three cards (2 Targets and 1 Cutpurse). You may choose to keep the "
                "same Cutpurse or select a new one.")
WISDOM = ("Wisdom — In the Square, swap the positions of any two cards (occupied or unoccupied) sharing the "
          "same Trait.")
INTELLIGENCE = ("2-4 players: Draw the top card from the Townsfolk deck, adding it to your 2 other Targets. "
                "Then shuffle any one of the 3 Targets in your hand back into the deck.")
STRENGTH = ("Strength — During your Nick Phase, you may steal from or reveal a character diagonally adjacent "
            "to your Cutpurse.")
STRENGTH_HIDDEN = ("What a Strength steal or reveal hides: the log says who stole from or accused which "
                   "character, never whether the move used the diagonal.")
NICK = ("In the Nick Phase, the active player has three options: they may either (A) Steal from a Target, "
        "attempt to (B) Reveal an opponent's Cutpurse, or (C) Pass (taking no action in this phase).")
STEAL = "You may Steal from a Target who is orthogonally adjacent to your Cutpurse in the Square."
ONE_THEFT = "Only one Target may be stolen from on a player's turn."
DARK = "Flip the matching character in the Square to its unoccupied (dark) side."
CORNER, EDGE, CENTRE = "Corner of the Square: Take $2", "Edge of the Square: Take $1.5", "Center of the Square: Take $1"
SCOUT = ("In a 2-4 player game, the active player draws a new Target from the Townsfolk deck, looks at it in "
         "secret, then places it facedown in their play area, with the other Target they have remaining.")
REVEAL = ("You may attempt to Reveal an opponent's Cutpurse who is orthogonally adjacent to your Cutpurse in "
          "the Square.")
NAME = ("Touch the card of the character in the Square you believe to be the Cutpurse and name the exact "
        "player you believe controls them.")
WRONG = "You must reveal your own Cutpurse to all players, then return it to your play area facedown."
NO_MONEY = "No money is earned or lost in this situation."
KNOWN = "A wrong Reveal makes the accuser's Cutpurse known to everybody (it stays face down)."
THEIR_DOLLAR = "That player must give you $1 from their own haul."
GUILD = "Additionally, you receive $2 from the Thieves' Guild, which you take from the supply."
REPLACE = ("2-4 players: The player chooses one of their current Targets to become their Cutpurse, then draws "
           "a new Target from the Townsfolk deck.")
DECK_OUT = "Be careful—if the Townsfolk deck runs out, you will not be able to get new Targets or Cutpurses!"
PASS = "You do not wish to Steal or Reveal, so you end your turn."
COUNT = ("At the end of the active player's turn, they count their haul. If they've stolen 8 or more coins, "
         "they immediately win the game!")
DISPLAY = ("Draw 3 Townsfolk cards and place them faceup above the Square to form a Display of public "
           "Targets.")
SHADOW = ("5-6 players: The player must use their Shadow for the rest of the game. If their Shadow Cutpurse "
          "is revealed as well, they are eliminated from the game and can no longer earn or lose money.")

LESSON = {
    "seed": 542,
    "seats": ["You", "novice"],
    "options": {},
    "steps": [
        # 0-1: the goal, the Square, your secret cards
        {"say": "Thieves of Eldris: you and Nell, a Novice bot, hide among the characters in the Square’s grid. "
                "The first thief to pocket $8 ends the game.",
         "rule": [GOAL, SQUARE]},
        {"say": "Your three cards are secret. Make the Monk your Cutpurse, the thief you hide behind; the "
                "Lightpriest and Merchant are your Targets.",
         "do": {"type": "choose_cutpurse", "character": "Monk"},
         "then": "Each character is once in the Square and once in the deck: no two players share a Target.",
         "rule": [CHOOSE, ONCE]},
        # 2-7: your first turn: the Slip Phase (roll, Sigil, moves), then the Nick Phase
        {"say": "A turn: the Slip Phase, then the Nick Phase. The Slip starts by rolling the three dice: tap a "
                "die.",
         "tap": ROLL,
         "rule": [PHASES, ROLLING]},
        {"say": "This roll can’t reach a Target. Flip your Sigil to reroll (it stays used till reset): tap each "
                "die, then Reroll.",
         "do": {"type": "reroll", "dice": [0, 1, 2]},
         "then": "A die moves a card of its Trait: it swaps with a neighbour above, below, left or right. All "
                 "three dice must be spent.",
         "rule": [SIGIL, SIGIL_STAYS, SWAP, ALL_SPENT]},
        {"say": "The Paladin’s Trait, Constitution, matches a die: tap it, then your Monk above it.",
         "do": move(7, 1),
         "then": "They swapped: a moved card’s die is spent.",
         "rule": [MOVING, SPENT]},
        {"say": "Strength: the Barbarian onto the Alchemist below it. A move away from your Monk hides your aim.",
         "do": move(2, 8),
         "then": "Strength is spent.",
         "rule": MOVING},
        {"say": "Your Monk, moved earlier, has Wisdom: move it left, next to your Target the Merchant.",
         "do": move(7, 6),
         "then": "Every die is spent: the Nick Phase. Steal, accuse, or pass.",
         "rule": [AGAIN, NICK]},
        {"say": "You may steal from a Target beside your Cutpurse: the Merchant, on the edge of the Square, for "
                "$1.5.",
         "do": {"type": "steal", "character": "Merchant"},
         "then": "The robbed Merchant goes dark; you drew a new secret Target. Watch Nell’s turn.",
         "after": "Up top: your $1.5, your three face-down cards, and a coin counting Targets robbed.",
         "rule": [STEAL, EDGE, DARK, SCOUT]},
        # 8-11: your second turn: a dark card moved, a corner theft; Nell robs in the centre
        {"say": "Tap a die to roll. Your Target the Wizard is above your Monk: first spend Charisma on the dark "
                "Merchant, onto the Assassin.",
         "do": move(12, 18),
         "then": "Dark cards still move.",
         "rule": [ROLLING, DARK_MOVES]},
        {"say": "Strength: the Barbarian onto the Warlock.",
         "do": move(8, 7),
         "then": "Strength is spent.",
         "rule": MOVING},
        {"say": "Dexterity: the Ranger onto the Knight above it.",
         "do": move(15, 9),
         "then": "Every die is spent.",
         "rule": ALL_SPENT},
        {"say": "The Wizard is in a corner of the Square: steal $2, the most. One Target a turn.",
         "do": {"type": "steal", "character": "Wizard"},
         "then": "You have $3.5. Watch Nell: a thief robs only beside their own Cutpurse.",
         "after": "Nell robbed the Knight, in the centre of the Square: $1, the least a theft can take. Nell’s "
                  "Cutpurse stands beside it.",
         "rule": [CORNER, ONE_THEFT, CENTRE]},
        # 12-19: your third turn: doubles reset the Sigil; the other abilities; a wrong accusation
        {"say": "Nell’s Cutpurse is beside the dark Knight (marked): the Ranger, Ninja, Necromancer or Gladiator. "
                "Tap a die to roll.",
         "tap": ROLL, "look": {"motion": "char-Knight"},
         "rule": STEAL},
        {"say": "Doubles, two Constitution: reset your Sigil, or use Constitution’s ability. Tap “Reset the "
                "Sigil”.",
         "do": {"type": "reset_sigil"},
         "then": "Your Sigil is ready again. Constitution’s ability would let you pick your Cutpurse again from "
                 "your three cards.",
         "rule": [DOUBLES, CONSTITUTION]},
        {"say": "Doubled, Charisma lets you peek at the deck’s top card; Intelligence, draw a Target and shuffle "
                "one of your three back.",
         "rule": [CHARISMA, INTELLIGENCE]},
        {"say": "Doubled, Wisdom swaps two cards of one Trait anywhere. Triples: reset, or any ability.",
         "rule": [WISDOM, TRIPLES]},
        {"say": "Charisma: the Jester onto your Monk, on its left.",
         "do": move(7, 6),
         "then": "Your Monk stepped right.",
         "rule": MOVING},
        {"say": "Constitution: the Paladin onto the dark Wizard. A corner card has only two neighbours.",
         "do": move(1, 0),
         "then": "One Constitution die is left.",
         "rule": NEIGHBOURS},
        {"say": "The Warlock onto your Monk, which lands beside the Ranger and the Necromancer.",
         "do": move(8, 7),
         "then": "Every die is spent.",
         "rule": AGAIN},
        {"say": "You may accuse only a card beside your own Cutpurse; beside yours, two suspects: the Ranger "
                "and the Necromancer. Tap the Ranger, then Nell.",
         "do": {"type": "reveal", "character": "Ranger", "player": NELL},
         "then": "Wrong! No money is earned or lost, but your Cutpurse is revealed: everyone knows your Monk.",
         "after": "Your Monk stays known to all, marked up top. A Novice never accuses; a sharper thief hunts a "
                  "known Cutpurse.",
         "rule": [REVEAL, NAME, WRONG, NO_MONEY, KNOWN]},
        # 20-26: your fourth turn: the Dexterity ability, a card moved twice, a theft on the edge
        {"say": "Tap a die to roll: Dexterity doubles. Its ability moves any one card up to two steps: tap “Use "
                "Dexterity”.",
         "do": {"type": "ability", "trait": "dexterity"},
         "then": "Then the dice.",
         "rule": [ROLLING, DEXTERITY]},
        {"say": "Tap the Ranger, then your Target the Artificer on its right: they swap.",
         "do": shift(9, 10),
         "then": "The Artificer stepped left.",
         "rule": DEXTERITY},
        {"say": "The ability’s second step: the Ranger on to the right edge.",
         "do": shift(10, 11),
         "then": "Now the dice.",
         "rule": DEXTERITY},
        {"say": "Dexterity: the Acrobat onto the Artificer below it, which rises to the top edge.",
         "do": move(3, 9),
         "then": "One Dexterity die is left.",
         "rule": MOVING},
        {"say": "Wisdom: your Monk steps right, onto the Alchemist.",
         "do": move(7, 8),
         "then": "Wisdom is spent.",
         "rule": MOVING},
        {"say": "The last die moves the Acrobat again: onto your Monk, which lands under the Artificer.",
         "do": move(9, 8),
         "then": "Every die is spent.",
         "rule": AGAIN},
        {"say": "Steal from the Artificer, on the top edge, for $1.5.",
         "do": {"type": "steal", "character": "Artificer"},
         "then": "You have $5. Watch Nell’s moves.",
         "after": "Nell robbed the Noble, beside the Barbarian and the Necromancer: only the Necromancer stood "
                  "beside both thefts.",
         "rule": EDGE},
        # 27-30: your fifth turn: the right accusation, and the game
        {"say": "Tap a die to roll, then spend Constitution: the Blacksmith onto the dark Artificer.",
         "do": move(4, 3),
         "then": "Constitution is spent.",
         "rule": [ROLLING, MOVING]},
        {"say": "Intelligence: the Necromancer up, onto the Ninja.",
         "do": move(20, 14),
         "then": "Intelligence is spent.",
         "rule": MOVING},
        {"say": "Wisdom: your Monk left, onto the Acrobat, right above the Necromancer.",
         "do": move(9, 8),
         "then": "Every die is spent.",
         "rule": REVEAL},
        {"say": "Accuse Nell of the Necromancer: if right, Nell must give you $1 from their haul, and the Guild "
                "$2 from the supply.",
         "do": {"type": "reveal", "character": "Necromancer", "player": NELL},
         "then": "Right: $8, counted at your turn’s end: you win! Nell made a Target its new Cutpurse and drew a "
                 "Target.",
         "rule": [THEIR_DOLLAR, GUILD, REPLACE, COUNT]},
        # 31-32: what no five turns reached
        {"say": "Strength doubles let you steal or accuse diagonally; the log never says if you did. Or pass: no "
                "steal, no reveal, the turn ends.",
         "rule": [STRENGTH, STRENGTH_HIDDEN, PASS]},
        {"say": "With 5 or 6 thieves, Targets lie face up in a Display and a Shadow replaces an unmasked "
                "Cutpurse. An empty deck gives no new Targets.",
         "rule": [DISPLAY, SHADOW, DECK_OUT]},
    ],
    "more": "Every rule is in the rules page, and “How this table plays it” there.",
}


# The short solo lesson (#/learn/thieves-of-eldris/solo): one round of the solo game on seed 1919,
# where the Foes' Stack hides two Constitution Threats.  Your Wizard ends between two Targets with
# a Threat below it; the wager on that Threat is right, a Rival robs the Knight first (moved to the
# centre, where it pays least), and you rob two Targets in the one round.  What one round does not
# reach (a Target nobody stands beside, Stiff Competition, the end and its titles) is told after it.
S_GOAL = "Your goal is simple: steal at least as much money as all of your Rivals combined."
S_ROUNDS = "Prepare to outwit rival thieves over 4 rounds, vying for the favor of the Thieves' Guild."
S_CUTPURSE = "Choose one of those characters as your Cutpurse, placing it in front of you."
S_TARGETS = "These 3 Characters become the Targets for both you and your Rivals in the game."
S_START = "Collect $1 from the supply to start your haul."
S_FOES = "Begin each round by drawing 3 Rivals from the Townsfolk deck."
S_RIVAL = "The topmost card, with all features visible, is a known Rival."
S_THREATS = "The cards beneath it, showing only their Traits, are Threats."
S_TOKENS = ("Place Threat tokens on all other characters in the Square matching the Traits of the two "
            "concealed Threat cards.")
S_ONE_TOKEN = ("Characters in the Square can hold only one Rival or Threat token, meaning a Rival cannot also "
               "be a Threat.")
S_ROLL = "Begin your turn by rolling all 3 Slip Dice."
S_SLIP = ("The standard rules for the Slip Phase, including the effects of rolling doubles or triples, remain "
          "the same (see pp. 4-5).")
S_CENTRE, S_EDGE = "Center of the Square: Take $1", "Edge of the Square: $1.5"
S_MANY = "In Solo, multiple Targets may be robbed on the same turn!"
S_ORDER = "A. Wager: Optional B. Reveal (and Resolve Wagers, if any were placed): Mandatory C. Steal: Mandatory"
S_WAGER = ("Place exactly $1 from your haul on any number of characters orthogonally adjacent to your "
           "Cutpurse, with a Threat token, that you suspect could be a Rival.")
S_NOT_RIVAL = "Note: You cannot wager on a known Rival."
S_REVEAL = "Fan out the Foes' Stack to reveal the two hidden Threats."
S_WON = "Reclaim the $1 you Wagered and collect an additional $2 from the supply."
S_LOST = ("All other Threat tokens can now be removed from the Square, along with any Wager on them—that money "
          "is lost and returned to the supply.")
S_RIVALS_FIRST = ("Rivals Steal first: If any number of Rivals are orthogonally adjacent to an active Target "
                  "(character with a Target Token), the Targets is robbed.")
S_ONCE = "No matter how many Rivals are adjacent to a Target, the Target is only robbed once."
S_YOU_SECOND = ("You Steal second: If your Cutpurse is orthogonally adjacent to an active Target (character "
                "with a Target Token), the Targets is robbed.")
S_GONE = "The Target has left the Square coinless and can no longer be stolen from."
S_LUCKY = ("Lucky Targets: If neither you nor any Rivals are orthogonally adjacent to a Target, no theft occurs, "
           "and the Target remains in play for the next round.")
S_STIFF = ("Stiff Competition: If any number of Rivals are orthogonally adjacent to your Cutpurse, they will "
           "collect a total of $1.5 from you!")
S_REFILL = ("prepare for the upcoming round by drawing cards from the Townsfolk deck to refill the Display, if "
            "needed, so that there are 3 Targets faceup.")
S_STAY = "Rivals from the Foes' Stack remain visible and in play for the following round."
S_END = ("If you've collected as much, or more coins than your Rivals, you win, and earn a spot in the "
         "Thieves' Guild!")
S_LOW_TITLES = ('0–3 coins "Petty Pickpocket"', '4–6 coins "Street Scoundrel"')
S_HIGH_TITLES = ('7–9 coins "Skilled Swindler"', '10+ coins "Legend Among Thieves"')
S_NO_TOKENS = ("For a greater challenge: confident thieves can opt to play without any tokens—relying solely "
               "on their wits to outmaneuver and manipulate the characters in Skulduggery Square.")

SOLO_LESSON = {
    "title": "Learn solo",
    "name": "the solo lesson",
    "seed": 1919,
    "seats": ["You"],
    "options": {},
    "steps": [
        # 0-3: the goal, your Cutpurse, the Targets, the Foes' Stack and its tokens
        {"say": "The solo game: four rounds against the Rivals, Townsfolk who rob the same Targets as you. "
                "Steal at least as much as all your Rivals together to win.",
         "rule": [S_GOAL, S_ROUNDS]},
        {"say": "Your haul starts with $1. Choose your Cutpurse from the three characters in the Display: the "
                "Wizard, already beside the Lightpriest.",
         "do": {"type": "choose_cutpurse", "character": "Wizard"},
         "then": "The Barbarian joined the Display: the Knight, Lightpriest and Barbarian are the Targets, "
                 "yours and the Rivals' alike.",
         "rule": [S_START, S_CUTPURSE, S_TARGETS]},
        {"say": "Each round 3 Foes are drawn. The top one, the Ranger, is a known Rival (R in the Square); "
                "the two beneath are Threats: you see only their Traits.",
         "rule": [S_FOES, S_RIVAL, S_THREATS]},
        {"say": "Both Threats are Constitution, so every other Constitution character wears a Threat token "
                "(?), one token each. Two of them are Rivals.",
         "rule": [S_TOKENS, S_ONE_TOKEN]},
        # 4-7: the Slip Phase, as in the full game
        {"say": "Begin your turn by rolling the three Slip Dice, as in the full game. Tap a die.",
         "tap": ["roll", {}],
         "rule": S_ROLL},
        {"say": "The Barbarian, a Target, sits in the far corner. Use Wisdom: tap the Monk, then the "
                "Barbarian, and they swap.",
         "do": move(4, 5),
         "then": "The Barbarian is on the top edge now, two cards from your Wizard. The Slip rules, doubles "
                 "and triples too, remain the same.",
         "rule": S_SLIP},
        {"say": "The Paladin, a Threat, stands beside the Knight. Use Constitution to swap them: in the centre "
                "of the Square, a Rival can take only $1 from the Knight.",
         "do": move(13, 12),
         "then": "The Knight stands in the centre, where a theft pays least.",
         "rule": S_CENTRE},
        {"say": "Now Intelligence on your own Wizard: it swaps with the Lightpriest and lands between two "
                "Targets.",
         "do": move(2, 3),
         "then": "Your Wizard stands between the Lightpriest and the Barbarian: solo, multiple Targets may be "
                 "robbed in the same turn.",
         "rule": S_MANY},
        # 8-10: the Nick Phase: a wager, the Reveal
        {"say": "Every die is spent: the Nick Phase. Solo, it goes in order: a wager if you like, then the "
                "Reveal, then the thefts.",
         "rule": S_ORDER},
        {"say": "Wager $1 from your haul on a Threat beside your Cutpurse: the Shieldmaiden. A known Rival "
                "takes no wager.",
         "do": {"type": "wager", "character": "Shieldmaiden"},
         "then": "Your $1 lies on the Shieldmaiden. Had you wagered on a Threat that stays a Threat, the $1 "
                 "would be lost.",
         "rule": [S_WAGER, S_NOT_RIVAL, S_LOST]},
        {"say": "Tap “Reveal the Foes”: the two hidden Threats turn up and become Rivals.",
         "do": {"type": "reveal_foes"},
         # One action reveals, steals and deals the next round: the board moves on to round 2
         # at once, so what follows tells round 1's thefts in the past, each on the board still.
         "then": "The Threats were the Paladin and the Shieldmaiden: you reclaim your $1 and collect $2 more. "
                 "Round 1's thefts followed, and round 2 was dealt.",
         "rule": [S_REVEAL, S_WON]},
        # 11-14: round 1's thefts, told in order
        {"say": "Round 1's thefts, Rivals first: the Paladin, a Rival now, stood beside the Knight and robbed "
                "it for $1, once however many Rivals stand there.",
         "rule": [S_RIVALS_FIRST, S_ONCE]},
        {"say": "You stole second: your Wizard robbed the Lightpriest and the Barbarian, on the edge, $1.5 "
                "each. Robbed Targets leave the Square coinless.",
         "rule": [S_YOU_SECOND, S_EDGE, S_GONE]},
        {"say": "A Target with nobody beside it is not robbed: it stays in play for the next round. No Rival "
                "stood beside your Wizard either.",
         "rule": S_LUCKY},
        {"say": "Had a Rival stood beside your Cutpurse, the Rivals would have collected $1.5 from you: Stiff "
                "Competition.",
         "rule": S_STIFF},
        # 15-17: the next round, and the end
        {"say": "Round 2 has begun: the Display is refilled to 3 Targets, and a new Foes’ Stack adds a Rival "
                "and two Threats. The Rivals you know stay.",
         "rule": [S_REFILL, S_STAY]},
        {"say": "After round 4 you win with as much as, or more coins than, the Rivals. Your haul earns a "
                "title: up to $3.5 Petty Pickpocket, $4 to $6.5 Street Scoundrel.",
         "rule": [S_END, *S_LOW_TITLES]},
        {"say": "$7 to $9.5 makes a Skilled Swindler, $10 or more a Legend Among Thieves. For a challenge, play "
                "without tokens, on your wits alone.",
         "rule": [*S_HIGH_TITLES, S_NO_TOKENS]},
    ],
    "end": "That is a solo round: three more like it, then your title.",
    "more": "Every rule is in the rules page, and “How this table plays it” there.",
}

LESSON_PARTS = {"solo": SOLO_LESSON}

# Every rule that decides a game, with the step that teaches it, for each lesson ("" the whole game,
# "solo" the solo lesson): tests/test_lesson.py holds each lesson to its list (each quoted word for
# word, taught by a step whose words speak of it).
CORE_RULES = {
    "solo": [
        {"rule": "Solo goal: at least as much as all the Rivals together", "quote": S_GOAL, "step": 0},
        {"rule": "Solo: four rounds", "quote": S_ROUNDS, "step": 0},
        {"rule": "Solo set-up: your haul starts at $1", "quote": S_START, "step": 1},
        {"rule": "Solo set-up: your Cutpurse from the Display", "quote": S_CUTPURSE, "step": 1},
        {"rule": "Solo set-up: the Display's three Targets are everyone's", "quote": S_TARGETS, "step": 1},
        {"rule": "Each round, three Foes", "quote": S_FOES, "step": 2},
        {"rule": "The top Foe is a known Rival", "quote": S_RIVAL, "step": 2},
        {"rule": "The two beneath are Threats, Traits only", "quote": S_THREATS, "step": 2},
        {"rule": "Threat tokens on every character of the Threats' Traits", "quote": S_TOKENS, "step": 3},
        {"rule": "One Rival or Threat token a character", "quote": S_ONE_TOKEN, "step": 3},
        {"rule": "The turn starts with the roll", "quote": S_ROLL, "step": 4},
        {"rule": "The Slip Phase as in the full game, doubles and triples too", "quote": S_SLIP, "step": 5},
        {"rule": "Centre pays $1", "quote": S_CENTRE, "step": 6},
        {"rule": "Solo: several Targets robbed in one turn", "quote": S_MANY, "step": 7},
        {"rule": "The solo Nick Phase: wager, reveal, steal", "quote": S_ORDER, "step": 8},
        {"rule": "A wager: $1 on a Threat beside your Cutpurse", "quote": S_WAGER, "step": 9},
        {"rule": "No wager on a known Rival", "quote": S_NOT_RIVAL, "step": 9},
        {"rule": "A wager on a Threat that stays a Threat is lost", "quote": S_LOST, "step": 9},
        {"rule": "The Reveal: the Threats turn up", "quote": S_REVEAL, "step": 10},
        {"rule": "A right wager: the $1 back and $2 more", "quote": S_WON, "step": 10},
        {"rule": "Rivals steal first", "quote": S_RIVALS_FIRST, "step": 11},
        {"rule": "A Target is robbed once however many Rivals", "quote": S_ONCE, "step": 11},
        {"rule": "You steal second", "quote": S_YOU_SECOND, "step": 12},
        {"rule": "Edge pays $1.5", "quote": S_EDGE, "step": 12},
        {"rule": "A robbed Target leaves the Square", "quote": S_GONE, "step": 12},
        {"rule": "A Target nobody stands beside stays", "quote": S_LUCKY, "step": 13},
        {"rule": "Stiff Competition: $1.5 to Rivals beside your Cutpurse", "quote": S_STIFF, "step": 14},
        {"rule": "The Display refilled each round", "quote": S_REFILL, "step": 15},
        {"rule": "Known Rivals stay", "quote": S_STAY, "step": 15},
        {"rule": "The end: as much as the Rivals or more wins", "quote": S_END, "step": 16},
        {"rule": "Titles: Petty Pickpocket, Street Scoundrel", "quote": S_LOW_TITLES[0], "step": 16},
        {"rule": "Title: Street Scoundrel", "quote": S_LOW_TITLES[1], "step": 16},
        {"rule": "Title: Skilled Swindler", "quote": S_HIGH_TITLES[0], "step": 17},
        {"rule": "Title: Legend Among Thieves", "quote": S_HIGH_TITLES[1], "step": 17},
        {"rule": "The challenge without tokens", "quote": S_NO_TOKENS, "step": 17},
    ],
    "": [
        {"rule": "Goal: the first thief to $8 wins at once", "quote": GOAL, "step": 0},
        {"rule": "Skulduggery Square: the characters in a grid, 6 by 4", "quote": SQUARE, "step": 0},
        {"rule": "Set-up (2-4): a Cutpurse and two Targets chosen in secret", "quote": CHOOSE, "step": 1},
        {"rule": "Each character once in the Square and once in the deck", "quote": ONCE, "step": 1},
        {"rule": "A turn: the Slip Phase, then the Nick Phase", "quote": PHASES, "step": 2},
        {"rule": "The Slip starts with a roll of the three dice", "quote": ROLLING, "step": 2},
        {"rule": "The Sigil: reroll any dice once", "quote": SIGIL, "step": 3},
        {"rule": "A used Sigil stays used until reset", "quote": SIGIL_STAYS, "step": 3},
        {"rule": "A move: a card swaps with a neighbour above, below, left or right", "quote": SWAP, "step": 3},
        {"rule": "Every die must be spent", "quote": ALL_SPENT, "step": 3},
        {"rule": "A die moves a card of its Trait, occupied or not", "quote": MOVING, "step": 4},
        {"rule": "A moved card's die is spent", "quote": SPENT, "step": 4},
        {"rule": "A card may be moved again by another die", "quote": AGAIN, "step": 6},
        {"rule": "The Nick Phase: steal, reveal or pass", "quote": NICK, "step": 6},
        {"rule": "Steal from a Target beside your Cutpurse", "quote": STEAL, "step": 7},
        {"rule": "Edge pays $1.5", "quote": EDGE, "step": 7},
        {"rule": "A robbed character goes dark", "quote": DARK, "step": 7},
        {"rule": "After a theft, draw a new secret Target", "quote": SCOUT, "step": 7},
        {"rule": "Dark cards still move", "quote": DARK_MOVES, "step": 8},
        {"rule": "Corner pays $2", "quote": CORNER, "step": 11},
        {"rule": "One theft a turn", "quote": ONE_THEFT, "step": 11},
        {"rule": "Centre pays $1", "quote": CENTRE, "step": 11},
        {"rule": "Doubles: reset the Sigil or use the Trait's ability", "quote": DOUBLES, "step": 13},
        {"rule": "Constitution: choose your Cutpurse again from your three cards", "quote": CONSTITUTION, "step": 13},
        {"rule": "Charisma: peek at the deck's top card", "quote": CHARISMA, "step": 14},
        {"rule": "Intelligence: a Target traded with the deck", "quote": INTELLIGENCE, "step": 14},
        {"rule": "Wisdom: swap two cards of one Trait", "quote": WISDOM, "step": 15},
        {"rule": "Triples: reset the Sigil or any ability", "quote": TRIPLES, "step": 15},
        {"rule": "A corner card has two neighbours, an edge card three", "quote": NEIGHBOURS, "step": 17},
        {"rule": "Reveal only a card beside your own Cutpurse", "quote": REVEAL, "step": 19},
        {"rule": "A Reveal names the card and the player", "quote": NAME, "step": 19},
        {"rule": "A wrong Reveal shows your own Cutpurse to all", "quote": WRONG, "step": 19},
        {"rule": "A wrong Reveal moves no money", "quote": NO_MONEY, "step": 19},
        {"rule": "The accuser's Cutpurse stays known to everybody", "quote": KNOWN, "step": 19},
        {"rule": "Dexterity: one card up to two steps", "quote": DEXTERITY, "step": 20},
        {"rule": "A right Reveal: $1 from the unmasked thief", "quote": THEIR_DOLLAR, "step": 30},
        {"rule": "A right Reveal: $2 from the Guild", "quote": GUILD, "step": 30},
        {"rule": "The unmasked thief makes a Target the new Cutpurse and draws a Target", "quote": REPLACE,
         "step": 30},
        {"rule": "The haul is counted at the end of one's own turn", "quote": COUNT, "step": 30},
        {"rule": "Strength: steal or reveal diagonally", "quote": STRENGTH, "step": 31},
        {"rule": "Nobody learns whether Strength's diagonal was used", "quote": STRENGTH_HIDDEN, "step": 31},
        {"rule": "Pass: neither steal nor reveal", "quote": PASS, "step": 31},
        {"rule": "Set-up (5-6): a Display of public Targets", "quote": DISPLAY, "step": 32},
        {"rule": "5-6: the Shadow takes over; a second unmasking puts a thief out", "quote": SHADOW, "step": 32},
        {"rule": "An empty deck gives no new Targets or Cutpurses", "quote": DECK_OUT, "step": 32},
    ],
}


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
