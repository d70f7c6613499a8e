"""Guild of Thieves: find the Jeweled Box (the Joker) and open it with the right combination.

>>> import pycore
>>> pycore.GAMES["guild-of-thieves"].title
'Guild of Thieves'
"""
from .rules import GAME

__all__ = ["GAME"]
