"""What extends a game's analysis from outside it: the card room extends Crazy 4 Poker's.

A game knows nothing of its extensions. An extension says which rule sets it applies to and,
given the game's analysis, returns its own tables, report section and provenance;
:mod:`crazy4.registry` lists them and :func:`crazy4.pipeline.run_rule_set` runs those that apply.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import GameAnalysis, Progress


@dataclass(frozen=True)
class Extended:
    """What an extension adds to a rule set's results.

    Attributes
    ----------
    tables : dict of str to DataFrame
        Written beside the game's tables.
    lines : list of str
        The report's section (Markdown lines), placed before its provenance.
    details : dict
        Provenance stored with every table (what determines the data).
    """

    tables: dict[str, pd.DataFrame] = field(repr=False)
    lines: list[str] = field(repr=False)
    details: dict[str, object]


class AnalysisExtension(Protocol):
    """An analysis that extends a game's (see the module docstring)."""

    @property
    def steps(self) -> int:
        """How many times :meth:`extend` calls ``progress``."""
        ...

    def applies(self, rules: RuleSet) -> bool:
        """Whether the rule set asks for this extension."""
        ...

    def extend(
        self,
        rules: RuleSet,
        analysis: GameAnalysis,
        *,
        simulate_rounds: int | None,
        seed: int | None,
        progress: Progress,
    ) -> Extended:
        """The extension's tables, report lines and provenance for the game's ``analysis``
        (``simulate_rounds``, ``seed``: its own simulation, ``None`` for its defaults)."""
        ...
