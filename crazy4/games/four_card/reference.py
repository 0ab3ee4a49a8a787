"""Transitional: the old import path of :mod:`crazy4.games.four_card.situations`.

Only ``simulate.py`` and ``validate.py`` (being folded on other branches) still import it;
delete this module once they import :mod:`.situations` instead.
"""

from crazy4.games.four_card.situations import (
    FourCardReference,
    load_fourcard_reference,
    situation_index_table,
    situation_of,
    situation_slots,
)

__all__ = [
    "FourCardReference",
    "load_fourcard_reference",
    "situation_index_table",
    "situation_of",
    "situation_slots",
]
