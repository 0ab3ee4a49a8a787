"""Transitional: the old import path of :mod:`crazy4.games.crazy_four.hand_reference`.

Only ``simulate.py`` and ``validate.py`` (being folded on other branches) still import it;
delete this module once they import :mod:`.hand_reference` instead.
"""

from crazy4.games.crazy_four.hand_reference import Reference, load_reference

__all__ = ["Reference", "load_reference"]
