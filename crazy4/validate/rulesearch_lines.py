"""A side bet's pay lines that part a category (Four Card Poker's Aces Up), searched by line and
by hand group (:func:`table_line_edits`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from crazy4.core.category_pays import CategoryPays
from crazy4.core.paytables import format_odds
from crazy4.spec.specification import Ranking
from crazy4.validate.infer import Variant
from crazy4.validate.patterns import amount_verb
from crazy4.validate.rulesearch import SpecEdit
from crazy4.validate.switches import most_paid


def table_line_edits(
    ranking: Ranking,
    bet: str,
    pays: CategoryPays,
    strength: npt.NDArray[np.int64],
    observed: npt.NDArray[np.float64],
) -> list[tuple[Variant, SpecEdit]]:
    """The pay-line search of a side bet whose table's lines part a category: for each line of
    ``pays`` the rows are on (weakest first), the line paying what the log paid most often on
    it (``observed``: each hand's net per unit; no win: the line removed), when it pays
    otherwise; then a line added for each hand group on no line that the log paid as a win
    (:func:`_group_lines`).

    Examples
    --------
    >>> from fractions import Fraction
    >>> from crazy4.core.category_pays import PayLine
    >>> from crazy4.core.strength_table import BEST_FOUR as ranking
    >>> aces = ranking.strength_of("pair of aces")
    >>> pays = CategoryPays("aces", (PayLine("pair of aces", 1, "pair", aces, Fraction(1)),))
    >>> kings = ranking.strength_of("pair of kings")
    >>> found = table_line_edits(ranking, "Aces Up", pays, np.array([kings, aces]),
    ...                          np.array([1.0, 2.0]))
    >>> [variant.difference for variant, _ in found]
    ['Aces Up pair of aces pays 2 to 1, not 1 to 1', \
'Aces Up pays 1 to 1 on pair of kings (a line the rule set lacks)']
    >>> found[1][1].ranges == ((kings, aces, 1.0),)
    True
    """
    starts = ranking.category_starts()
    ends = np.append(starts[1:], ranking.n_strengths)
    owner = np.full(ranking.n_strengths, -1, dtype=np.int64)
    for index, line in enumerate(pays.lines):
        owner[line.minimum_strength : int(ends[line.category])] = index
    found: list[tuple[Variant, SpecEdit]] = []
    for index, line in enumerate(pays.lines):
        on_line = owner[strength] == index
        if not on_line.any():
            continue
        odds = most_paid(observed[on_line])
        if odds == line.odds:
            continue
        paid = format_odds(line.odds)
        if odds is None:
            variant = Variant(
                f"{bet} has no {line.label} line (the rule set pays {paid} to 1)",
                f"{bet} {line.label} not paid (the table pays {paid} to 1)",
            )
        else:
            variant = Variant(
                f"{bet} {line.label} pays {format_odds(odds)} to 1, not {paid} to 1",
                f"{bet} {line.label} paid {format_odds(odds)} to 1, not {paid}",
            )
        cells = np.flatnonzero(owner == index)
        net = None if odds is None else float(odds)
        found.append((variant, SpecEdit(ranges=((int(cells[0]), int(cells[-1]) + 1, net),))))
    return found + _group_lines(ranking, bet, owner, strength, observed)


def _group_lines(
    ranking: Ranking,
    bet: str,
    owner: npt.NDArray[np.int64],
    strength: npt.NDArray[np.int64],
    observed: npt.NDArray[np.float64],
) -> list[tuple[Variant, SpecEdit]]:
    """The lines :func:`table_line_edits` adds: for each hand group on no line (``owner``:
    each strength's line, -1 none) that the log paid most often as a win, a line from the
    group up to the next line of its category."""
    starts = ranking.category_starts()
    ends = np.append(starts[1:], ranking.n_strengths)
    found: list[tuple[Variant, SpecEdit]] = []
    off = owner[strength] < 0
    names = [ranking.group(int(s)) for s in strength[off]]
    for group in dict.fromkeys(names):
        mine = np.array([name == group for name in names])
        odds = most_paid(observed[off][mine])
        if odds is None:
            continue
        first = int(strength[off][mine].min())
        while first > 0 and ranking.group(first - 1) == group:
            first -= 1
        category = int(np.searchsorted(starts, first, side="right")) - 1
        end = int(ends[category])
        later = np.flatnonzero(owner[first:end] >= 0)
        end = first + int(later[0]) if later.size else end
        label = ranking.categories[category] if first == int(starts[category]) else group
        variant = Variant(
            f"{bet} pays {format_odds(odds)} to 1 on {label} (a line the rule set lacks)",
            f"{bet} {amount_verb(float(odds))} where lost expected, player {label} "
            f"(no {label} line on the table)",
        )
        found.append((variant, SpecEdit(ranges=((first, end, float(odds)),))))
    return found


def parts_categories(ranking: Ranking, pays: CategoryPays) -> bool:
    """Whether a table's lines part a category (a line starting above its category's weakest
    hand): its pay lines are then searched by line and hand group (:func:`table_line_edits`).

    Examples
    --------
    >>> from fractions import Fraction
    >>> from crazy4.core.category_pays import PayLine
    >>> from crazy4.core.strength_table import BEST_FOUR as ranking
    >>> pair = ranking.categories.index("pair")
    >>> line = PayLine("pair", pair, "pair", int(ranking.category_starts()[pair]), Fraction(1))
    >>> parts_categories(ranking, CategoryPays("p", (line,)))
    False
    """
    starts = ranking.category_starts()
    return any(line.minimum_strength > int(starts[line.category]) for line in pays.lines)
