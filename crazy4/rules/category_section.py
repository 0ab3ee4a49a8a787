"""Reading a game's pay tables by hand category, for any ranking.

A game whose ranking is not the five-card one (Three Card Poker's) reads its pay tables
(``pair = 1``, ``flush = 4``) here, against its specification's ranking.
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

    def strength_of(self, description: str) -> int:
        """The weakest strength a description names (:class:`InputError` when it names none)."""
        ...


def read_category_pays(section: Section, name: str, ranking: CategoryRanking) -> CategoryPays:
    """The section's ``[pays]`` table (``category = odds``) against a ranking's categories.

    A key may also name a hand the ranking describes (``"straight flush to A" = 100``, Three
    Card Poker's mini-royal, A-K-Q suited): a line paying the hands of that hand's category
    from that hand up, above the category's own line for them (a pay line with a minimum
    strength, :class:`crazy4.core.category_pays.PayLine`).

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
    >>> section = Section({"pays": {"straight_flush": 40, "straight flush to A": 100}}, "x.toml")
    >>> [(line.label, line.minimum_strength) for line in read_category_pays(
    ...     section, "pp", three_card).lines]
    [('straight_flush', 729), ('straight flush to A', 740)]
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
        minimum = _hand_named(label, ranking) if label not in names else None
        if label not in names and minimum is None:
            raise InputError(
                f"{section.where} pays: unknown hand {label!r}; expected one of {', '.join(names)}"
            )
        odds = parse_odds(value, where=f"{section.where} pays: key {label!r}")
        if minimum is None:
            category = names[label]
            minimum = int(starts[category])
        else:
            category = int(np.searchsorted(starts, minimum, side="right")) - 1
        category_name = ranking.categories[category]
        lines.append(PayLine(label, category, category_name, minimum, odds))
    # a line from a stronger hand of a category after the category's own: it pays them
    return CategoryPays(
        name, tuple(sorted(lines, key=lambda line: (line.category, line.minimum_strength)))
    )


def _hand_named(label: str, ranking: CategoryRanking) -> int | None:
    """The strength a pay key describes when it is not a category (None: it describes none)."""
    if " ".join(label.lower().split()) == "none":
        return None
    try:
        return ranking.strength_of(label)
    except InputError:
        return None
