"""Reading a game's pay tables by hand category, for any ranking.

A game whose ranking is not the five-card one (Three Card Poker's) reads its bonus and side-bet
tables (``pair = 1``, ``flush = 4``) here, against the ranking its specification gives
(:class:`crazy4.spec.specification.Ranking`); its ``qualifier`` and ``raise_minimum``
descriptions are read by the game's ``strength_of`` (:class:`crazy4.rules.load.RuleReader`).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

from crazy4.core.category_pays import CategoryPays, PayLine
from crazy4.core.paytables import parse_odds
from crazy4.errors import InputError
from crazy4.rules.sections import Section


class CategoryRanking(Protocol):
    """What reading a category table or a hand description needs of a ranking."""

    @property
    def categories(self) -> tuple[str, ...]:
        """Category names, weakest first."""
        ...

    def category_starts(self) -> npt.NDArray[np.int64]:
        """The weakest strength of each category."""
        ...


def read_category_pays(section: Section, name: str, ranking: CategoryRanking) -> CategoryPays:
    """The section's ``[pays]`` table (``category = odds``) against a ranking's categories.

    Raises
    ------
    InputError
        For a hand the ranking has no category for, or a bad payout (naming where).

    Examples
    --------
    >>> from crazy4.games.three_card.ranking import THREE_CARD_RANKING as three_card
    >>> section = Section({"pays": {"flush": 4, "pair": "1"}}, "x.toml [[pair_plus]] #1")
    >>> table = read_category_pays(section, "pp", three_card)
    >>> [(line.label, line.category_name, str(line.odds)) for line in table.lines]
    [('pair', 'pair', '1'), ('flush', 'flush', '4')]
    >>> read_category_pays(Section({"pays": {"quads": 1}}, "x.toml"), "pp", three_card)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml pays: unknown hand 'quads'; expected one of high_card, \
pair, flush, straight, three_of_a_kind, straight_flush
    """
    pays = section.raw("pays")
    if not isinstance(pays, dict) or not pays:
        raise InputError(f"{section.where}: 'pays' must be a table of hand = odds")
    names = {category.replace(" ", "_"): index for index, category in enumerate(ranking.categories)}
    starts = ranking.category_starts()
    lines = []
    for label, value in pays.items():
        if label not in names:
            raise InputError(
                f"{section.where} pays: unknown hand {label!r}; expected one of {', '.join(names)}"
            )
        odds = parse_odds(value, where=f"{section.where} pays: key {label!r}")
        category = names[label]
        category_name = ranking.categories[category]
        lines.append(PayLine(label, category, category_name, int(starts[category]), odds))
    return CategoryPays(name, tuple(sorted(lines, key=lambda line: line.category)))
