"""How an engine reaches the game of a rule set, what an analysis hands to the drivers, and what
extends a game's analysis from outside it.

The interface modules (this one, :mod:`crazy4.spec.specification`) sit below every engine and
import none. An engine reaches a game only through its specification: the rule set it is given
carries the game that read it, and :func:`spec_of` returns that game's specification. The
drivers (the command line, the pipeline, :mod:`crazy4.testing`) take the registered
:class:`crazy4.game.SpecGame` from :mod:`crazy4.registry`; an exact analysis reaches them as a
:class:`GameAnalysis`.

A game knows nothing of its extensions (the card room extends Crazy 4 Poker's). An extension
says which rule sets it applies to and, given the game's analysis, returns its own tables,
report section and provenance; :mod:`crazy4.registry` lists them and
:func:`crazy4.pipeline.run_rule_set` runs those that apply.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.specification import GameSpec

#: Reports progress: called with a short message after each step.
Progress = Callable[[str], None]


@dataclass(frozen=True)
class GameAnalysis:
    """A game's exact analysis of one rule set, ready to be written.

    Attributes
    ----------
    tables : dict of str to DataFrame
        Written as ``<name>.parquet``.
    main_bet : str
        The bet (a row of the ``bets`` table) the headline figures are for.
    deals : int
        The number of deals counted (the game's cycle).
    details : dict
        Extra provenance.
    state : object
        The game's own analysis, for what extends the game; None when nothing does.
    """

    tables: dict[str, pd.DataFrame] = field(repr=False)
    main_bet: str
    deals: int
    details: dict[str, object]
    state: object = field(default=None, repr=False, compare=False)


def spec_of(rules: RuleSet) -> GameSpec:
    """The specification of the game that read a rule set (carried by it, no lookup).

    Raises
    ------
    ValueError
        For a rule set no game read (made by hand rather than loaded).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> spec_of(load_rules("four-card-standard")).title
    'Four Card Poker'
    """
    spec = getattr(rules.reader, "spec", None)
    if spec is None:
        raise ValueError(
            f"rule set {rules.name!r} was not read by a game (load it with its reader)"
        )
    return cast("GameSpec", spec)


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
