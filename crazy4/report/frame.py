"""What every game's report shares: what its sections read (:class:`ReportInput`), the
report's title and its headline sentence.

Examples
--------
>>> import pandas as pd
>>> exact_ev_texts(pd.DataFrame({"ev_numerator": [-3, 4], "ev_denominator": [40, 1]}))
['-3/40', '4']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from crazy4.analyze.bet_lookup import GameBets
from crazy4.core.bet_tables import fraction_text
from crazy4.core.text_safety import markdown_code, markdown_text
from crazy4.report.markdown import percent

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.specification import GameSpec


def exact_ev_texts(bets: pd.DataFrame) -> list[str]:
    """Each bet's exact EV as text (``"-3/40"``, ``"4"``)."""
    pairs = zip(bets["ev_numerator"], bets["ev_denominator"], strict=True)
    return [fraction_text(Fraction(int(n), int(d))) for n, d in pairs]


@dataclass(frozen=True)
class ReportInput(GameBets):
    """What a report's sections read: the game, its rule set, the analysis tables by name and
    their provenance (:func:`crazy4.results.write.provenance`).

    Examples
    --------
    >>> import pandas as pd
    >>> from crazy4.registry import load_rules
    >>> from crazy4.games.four_card.spec import FOUR_CARD_SPEC
    >>> bets = pd.DataFrame({"bet": ["ante_play", "ante_play_simple"],
    ...                      "ev_numerator": [-3, -4], "ev_denominator": [100, 100]})
    >>> view = ReportInput(FOUR_CARD_SPEC, load_rules("four-card-standard"), {"bets": bets}, {})
    >>> view.simple_bet, view.simple_strategy_cost
    ('ante_play_simple', Fraction(1, 100))
    """

    spec: GameSpec
    rules: RuleSet
    tables: dict[str, pd.DataFrame] = field(repr=False)
    record: Mapping[str, object] = field(repr=False)


def title_lines(rules: RuleSet) -> list[str]:
    """The report's title and the rule set it is for.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> title_lines(load_rules("crazy4-standard"))[0]
    '# Crazy 4 Poker, standard casino rules'
    """
    return [
        f"# {markdown_text(rules.title)}",
        "",
        f"Rule set {markdown_code(rules.name)} — {markdown_text(rules.source)}",
        "",
    ]


def headline(main: pd.Series, played: str) -> str:
    """The sentence that opens the bets: the main bet's house edge and element of risk.

    Examples
    --------
    >>> import pandas as pd
    >>> row = pd.Series({"house_edge": 0.034, "element_of_risk": 0.0109,
    ...                  "average_total_bet": 3.1})
    >>> headline(row, "the Ante + Play")  # doctest: +NORMALIZE_WHITESPACE
    'With optimal play the Ante + Play has a house edge of **3.4000%** of the Ante and an element
    of risk of **1.0900%** (average total bet 3.1000 Antes).'
    """
    return (
        f"With optimal play {played} has a house edge of **{percent(main['house_edge'])}** of "
        f"the Ante and an element of risk of **{percent(main['element_of_risk'])}** (average "
        f"total bet {main['average_total_bet']:.4f} Antes)."
    )
