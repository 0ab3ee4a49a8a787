"""The search's listed candidates, each re-analyzed through its game, as table rows
(``model_agrees``: whether the game's exact edge equals the vectorized price).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import pandas as pd

from crazy4.core.bet_tables import fraction_text
from crazy4.core.paytables import format_odds
from crazy4.design.basis import analyze_quietly, bet_of, changed_rules
from crazy4.design.ruletext import odds_value

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from crazy4.design.search import Priced, Space
    from crazy4.rules.ruleset import RuleSet


def changes_of(space: Space, odds: npt.NDArray[np.int64]) -> list[tuple[str, str]]:
    """The ``--set`` changes that make candidate ``odds`` (times ``space.scale``).

    Examples
    --------
    >>> import numpy as np
    >>> from crazy4.design.search import Space
    >>> space = Space("super_bonus", ("straight", "flush"), (Fraction(1), Fraction(3, 2)),
    ...               {"flush": (Fraction(1), Fraction(2))}, Fraction(1, 2))
    >>> changes_of(space, np.array([2, 5]))
    [('super_bonus.flush', '2.5')]
    """
    return [
        (f"{space.table}.{space.lines[n]}", str(odds_value(Fraction(int(odds[n]), space.scale))))
        for n in space.searched
    ]


def candidate_row(
    rules: RuleSet, bet: str, space: Space, priced: Priced, index: int, rank: int
) -> dict[str, object]:
    """Candidate ``index`` re-analyzed: its odds, the game's exact figures, the model's check."""
    odds = priced.grid[index]
    changed = changed_rules(rules, changes_of(space, odds), f"candidate {rank}")
    figures = bet_of(analyze_quietly(changed), bet, changed)
    row: dict[str, object] = {"rank": rank}
    for number in space.searched:
        row[space.lines[number]] = format_odds(Fraction(int(odds[number]), space.scale))
    row.update(
        {
            "house_edge": f"{float(figures.house_edge):.4%}",
            "house_edge_exact": fraction_text(figures.house_edge),
            "element_of_risk": f"{figures.element_of_risk:.4%}",
            "hit_frequency": f"{figures.hit_frequency:.4%}",
            "std_dev": f"{figures.std_dev:.4f}",
            "top_award": format_odds(Fraction(int(odds.max()), space.scale)),
            "model_agrees": figures.house_edge == priced.edge(index),
        }
    )
    return row


def listed_frame(
    rules: RuleSet, bet: str, space: Space, priced: Priced, indices: list[int]
) -> pd.DataFrame:
    """:func:`candidate_row` for each of ``indices``, ranked 1, 2, ..."""
    rows = [
        candidate_row(rules, bet, space, priced, index, rank)
        for rank, index in enumerate(indices, start=1)
    ]
    return pd.DataFrame(rows)
