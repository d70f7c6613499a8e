"""Helpers the rule scenario tests share."""
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
