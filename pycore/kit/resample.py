"""Deal afresh what a seat cannot see (OpenSpiel's ``resample_from_infostate``, in spirit)."""
from __future__ import annotations

import random


def resample(state, seat: int, rng):
    """A clone of ``state`` in which everything ``seat`` cannot see is dealt afresh, consistently
    with what it can see: ``view(seat)`` is the same on the clone.  The original is untouched.

    Each game's state knows what is hidden from whom: ``redeal_hidden(seat, rng)`` changes the
    clone in place.  The future is hidden too: the clone gets a generator of its own, seeded
    from ``rng``, so its dice, draws and reshuffles are not the real game's.
    """
    other = state.clone()
    other.rng = random.Random(rng.getrandbits(64))
    other.redeal_hidden(seat, rng)
    return other
