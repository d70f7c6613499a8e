"""Helpers the rule scenario tests share."""
import random

import pytest

import pycore


def refused(state, seat, action, *words) -> str:
    """``action`` is refused with a reason holding every one of ``words``, and the game is exactly as
    it was (its record unchanged); returns the reason."""
    before = pycore.record(state)
    with pytest.raises(pycore.IllegalAction) as error:
        state.apply(seat, action)
    assert pycore.record(state) == before
    message = str(error.value)
    for word in words:
        assert word in message, message
    return message


def check_advice(game, state, seat, rng) -> dict:
    """The Ruthless bot's advice for ``seat`` now: a legal action, the very one ``choose`` makes
    with its generator in the same state, and a sentence; dealing afresh what the seat cannot
    see (``pycore.kit.resample``) changes neither (a hint gives nothing away).  Returns it."""
    from pycore.kit import resample
    bot, view, legal = game.bots["ruthless"], state.view(seat), state.legal_actions(seat)
    before = rng.getstate()
    advice = bot.advise(view, legal, rng)
    after = rng.getstate()
    rng.setstate(before)
    assert bot.choose(view, legal, rng) == advice["action"] and rng.getstate() == after
    assert advice["action"] in legal
    why = advice["why"]
    assert isinstance(why, str) and why[:1].isupper() and why.endswith((".", "!")) and len(why) > 20, why
    other = resample(state, seat, random.Random(len(state.history)))
    rng.setstate(before)
    assert bot.advise(other.view(seat), other.legal_actions(seat), rng) == advice
    assert rng.getstate() == after
    return advice


def play_advised(game, state, rng, instead=None) -> list:
    """Play ``state`` to its end by the Ruthless bot's advice for every seat, each checked by
    :func:`check_advice`; returns the advice in order.  ``instead(state, seat, advice)`` may
    name another legal action to play (to reach a rare choice), or None."""
    advices = []
    while not state.is_over:
        seat = state.to_act[0]
        advice = check_advice(game, state, seat, rng)
        advices.append(advice)
        state.apply(seat, (instead and instead(state, seat, advice)) or advice["action"])
    return advices
