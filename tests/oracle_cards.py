"""Card notation shared by the test oracles (``"As Kd 7h"``), independent of the package.

A card is ``4 * rank + suit``: ranks ``2`` to ``A`` are 0 to 12, suits ``c d h s`` are 0 to 3.
Like the oracles that use it, this module imports nothing from :mod:`crazy4`.
"""

from __future__ import annotations

from collections.abc import Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def parse_hand(text: str) -> list[int]:
    """Cards of a hand written ``"As Kd 7h 4c 2s"`` (also ``10`` for a ten, any case, no spaces).

    >>> parse_hand("As 2c") == [4 * 12 + 3, 0]
    True
    >>> parse_hand("10h")
    [34]
    """
    cleaned = text.replace(" ", "").upper().replace("10", "T")
    if len(cleaned) % 2:
        raise ValueError(f"cannot read the hand {text!r}")
    cards = []
    for i in range(0, len(cleaned), 2):
        rank, suit = cleaned[i], cleaned[i + 1].lower()
        if rank not in RANKS or suit not in SUITS:
            raise ValueError(f"cannot read the card {cleaned[i : i + 2]!r} in {text!r}")
        cards.append(4 * RANKS.index(rank) + SUITS.index(suit))
    return cards


def hand_text(cards: Sequence[int]) -> str:
    """``"As Kd 7h 4c 2s"``: highest card first.

    >>> hand_text([0, 51])
    'As 2c'
    """
    return " ".join(RANKS[c // 4] + SUITS[c % 4] for c in sorted(cards, reverse=True))
