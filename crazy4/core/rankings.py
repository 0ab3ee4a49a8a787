"""The standard hand rankings by name: what a rule file's game section names.

==============  =====================================================  =========  ==========
name            ranking                                                strengths  hand sizes
==============  =====================================================  =========  ==========
``best_four``   the best four cards (Crazy 4 Poker, Four Card Poker)       2,535  4, 5, 6
``three_card``  three-card poker (a straight beats a flush)                  741  3
``five_card``   five-card poker (the best five of 5, 6 or 7 cards)         7,462  5, 6, 7
==============  =====================================================  =========  ==========

Each is a whole ranking (:class:`crazy4.spec.specification.Ranking`): the strengths the
counting engines read, its categories, and the descriptions a rule file uses.

Examples
--------
>>> ranking_named("five_card").n_strengths
7462
>>> [ranking_named(name).categories[-1] for name in RANKING_NAMES]
['four of a kind', 'straight flush', 'royal flush']
"""

from __future__ import annotations

from crazy4.core.five_card_ranking import FIVE_CARD, FiveCardRanking
from crazy4.core.strength_table import BEST_FOUR, BestFourRanking
from crazy4.core.three_card_ranking import THREE_CARD_RANKING, ThreeCardRanking
from crazy4.errors import InputError

#: Any of the named rankings.
NamedRanking = BestFourRanking | ThreeCardRanking | FiveCardRanking

_RANKINGS: dict[str, NamedRanking] = {
    ranking.key: ranking for ranking in (BEST_FOUR, THREE_CARD_RANKING, FIVE_CARD)
}
#: The names :func:`ranking_named` knows, in the order of the table above.
RANKING_NAMES = tuple(_RANKINGS)

#: The hand sizes each ranking ranks (the table above; its ``strengths(cards)`` refuses others).
HAND_SIZES = {"best_four": (4, 5, 6), "three_card": (3,), "five_card": (5, 6, 7)}


def ranking_named(name: str) -> NamedRanking:
    """The ranking a name names (module docstring).

    Parameters
    ----------
    name : str
        ``"best_four"``, ``"three_card"`` or ``"five_card"``.

    Raises
    ------
    InputError
        For any other name, in one line naming the known ones.

    Examples
    --------
    >>> ranking_named("three_card").describe(740)
    'straight flush to A'
    >>> ranking_named("seven_card")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: unknown ranking 'seven_card'; known: best_four, three_card, five_card
    """
    try:
        return _RANKINGS[name]
    except (KeyError, TypeError):
        known = ", ".join(RANKING_NAMES)
        raise InputError(f"unknown ranking {name!r}; known: {known}") from None


def hand_sizes(name: str) -> tuple[int, ...]:
    """The numbers of cards a named ranking ranks (module docstring), without building a table.

    Raises
    ------
    InputError
        For an unknown name (:func:`ranking_named`).

    Examples
    --------
    >>> hand_sizes("five_card"), hand_sizes("three_card")
    ((5, 6, 7), (3,))
    """
    ranking_named(name)
    return HAND_SIZES[name]
