"""How an engine reaches the game of a rule set, and what an analysis hands to the drivers.

A game is its specification (:class:`crazy4.spec.specification.GameSpec`): data and a few
small functions. This package's interface modules (this one, :mod:`crazy4.spec.specification`,
:mod:`crazy4.spec.extension`) sit below every engine and import none. The engines (the
exact analysis, the simulator, the validator, the reports, advantage play) reach a game only
through its specification: the rule set they are given carries the game that read it, and
:func:`spec_of` returns that game's specification; each engine builds its role from it through
a function of its own folder (:func:`crazy4.analyze.record.game_analysis`,
:func:`crazy4.simulate.engine.simulator_of`, :func:`crazy4.validate.engine.validator_of`,
:func:`crazy4.advantage.collusion.colluder_role`,
:func:`crazy4.advantage.surveil.surveillance_of`).

The drivers (the command line, the pipeline, :mod:`crazy4.testing`) take the registered game
itself, :class:`crazy4.game.SpecGame` over the specification, from :mod:`crazy4.registry`
(:func:`crazy4.registry.game_of`): one class for every game, which runs the engines. Nothing
outside the registry compares game names or probes which game-specific fields a rule set has.
An exact analysis reaches the drivers as a :class:`GameAnalysis`; its report is the one report
engine's (:func:`crazy4.report.spec_report.render_spec_report`). The conformance suite
(``tests/test_conformance.py``) runs the same checks against every registered game and every
shipped rule set, in the spirit of scikit-learn's ``check_estimator``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

# Re-exported: a settlement by outcome cell has its own module below the specification
# (:mod:`crazy4.spec.settlement`), where the games' bets apart name it.
from crazy4.spec.settlement import Settlement as Settlement

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.specification import GameSpec

#: Reports progress: called with a short message after each step.
Progress = Callable[[str], None]


@dataclass(frozen=True)
class GameAnalysis:
    """A game's exact analysis of one rule set, ready to be written (its report is rendered
    from its tables: :func:`crazy4.report.spec_report.render_spec_report`).

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
        The game's own analysis, for what extends the game (:mod:`crazy4.spec.extension`:
        the card room reads Crazy 4 Poker's); None when nothing does.
    """

    tables: dict[str, pd.DataFrame] = field(repr=False)
    main_bet: str
    deals: int
    details: dict[str, object]
    state: object = field(default=None, repr=False, compare=False)


def spec_of(rules: RuleSet) -> GameSpec:
    """The specification of the game a rule set is for: that of the game that read it
    (carried by the rule set, no lookup).

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
