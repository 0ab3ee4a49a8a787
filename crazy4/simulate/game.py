"""The simulator's role of a game: what :mod:`crazy4.simulate` needs from each game.

The driver (:mod:`crazy4.simulate.driver`) owns everything that does not depend on the game:
the options and their messages, seeds and chunks, workers, the log file, the statistics of
every bet and the common parts of the summary. A game (the one the rule set carries, its role
by :meth:`crazy4.spec.game.Game.simulator`, reached with :func:`simulator_of`) provides:

* **the plan** -- its largest table (:attr:`SimulatedGame.max_seats`), whether a rule set has
  blind second hands, the name of its side bet (:attr:`SimulatedGame.side_bet_label` in
  messages, :attr:`SimulatedGame.side_bet_key` in the log and the provenance) and the decision
  array of a strategy;
* **a chunk** -- :meth:`SimulatedGame.play_chunk` deals a chunk's rounds from the plan's
  generator and counts them by :attr:`SimulatedGame.key_bins` seat keys (into a given total, or
  counts of its own), with the log rows when asked for;
* **the summary** -- every bet's net per key and exact value, the game's own fields of the JSON
  summary and the tail of the text summary.

Why a protocol: the role has one implementation, :class:`crazy4.simulate.engine.SpecSimulator`,
but the simulator's driver and summary (and planting's log, :mod:`crazy4.advantage.plantlog`)
cannot name that class: the chunk player is built of this package's plan, counts and kernels
(:mod:`crazy4.simulate.engine` imports :mod:`crazy4.simulate.plan`, ...), so an import of
:mod:`crazy4.generic` from :mod:`crazy4.simulate`, even inside a function or under
``TYPE_CHECKING``, would close a loop between the two units (``tests/test_structure.py``).

Imports no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol, cast

from crazy4.spec.game import game_of

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import pyarrow as pa

    from crazy4.rules.ruleset import RuleSet
    from crazy4.simulate.counts import BetNets, Chunk, Counts, ExactValue
    from crazy4.simulate.plan import SimulationPlan


class SimulatedGame(Protocol):
    """What the simulator calls on a game (see the module docstring)."""

    @property
    def max_seats(self) -> int:
        """The most seats (hands a round) one deck deals with the dealer's hand."""
        ...

    @property
    def side_bet_label(self) -> str:
        """The side bet as messages name it (``"Queens Up"``)."""
        ...

    @property
    def side_bet_key(self) -> str:
        """The side bet's log column and provenance key (``"queens_up"``); its tables are
        named ``<key with '-'>-<name>`` (``queens-up-50-40-8-4-3-2-1``)."""
        ...

    @property
    def key_bins(self) -> int:
        """How many seat keys the chunk player counts by (the length of ``Counts.seats``)."""
        ...

    @property
    def dealer_bins(self) -> int:
        """How many dealer strengths the chunk player counts by (the length of
        ``Counts.dealer``)."""
        ...

    def blind_hands_allowed(self, rules: RuleSet) -> bool:
        """Whether the rule set has the card room's blind second hand."""
        ...

    def strategy(self, rules: RuleSet, spec: str) -> npt.NDArray[np.int64]:
        """The decisions of ``optimal``, ``simple`` or a strategy file (raises ``InputError``)."""
        ...

    def play_chunk(
        self, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
    ) -> Chunk:
        """Deal and count chunk ``chunk`` of the plan (from ``plan.generator(chunk)``), with its
        log rows if ``log``. The counts are added to ``into`` when given (a task's total: no
        fresh count arrays a chunk, which cost a fifth of a one-seat round), and the returned
        chunk's counts are then ``into``."""
        ...

    def decided_log(
        self,
        plan: SimulationPlan,
        first_round: int,
        hands: npt.NDArray[np.int64],
        dealer: npt.NDArray[np.int64],
        decisions: npt.NDArray[np.int64],
    ) -> pa.Table:
        """The log rows (the columns :meth:`play_chunk` writes, cards as compact codes) of
        rounds dealt and decided elsewhere (a planted table, :mod:`crazy4.advantage.plant`):
        each seat's hand ``(n, seats, cards)`` (sorted card codes), the dealer's hand
        ``(n, dealer cards)`` as dealt (up cards first) and each seat's decision
        ``(n, seats)``, rounds numbered from ``first_round``; every bet settled by the rules."""
        ...

    def bet_nets(self, plan: SimulationPlan) -> BetNets:
        """Every summary bet's net per seat key."""
        ...

    def exact_bets(self, plan: SimulationPlan) -> Mapping[str, ExactValue]:
        """Every summary bet's exact value under the plan's strategy, by bet name."""
        ...

    def summary_options(self, plan: SimulationPlan) -> dict[str, object]:
        """The game's own plan options in the JSON summary, after the common ones."""
        ...

    def summary_counts(self, plan: SimulationPlan, counts: Counts) -> dict[str, object]:
        """The game's tallies in the JSON summary (hand categories, outcomes), before the bets."""
        ...

    def render_tail(
        self, plan: SimulationPlan, counts: Counts, data: Mapping[str, object]
    ) -> list[str]:
        """The lines of the text summary after the bets (``data``: the JSON summary)."""
        ...


def simulator_of(rules: RuleSet) -> SimulatedGame:
    """The simulator's role of the game a rule set carries (:func:`crazy4.spec.game.game_of`),
    with the type the interface below the engines does not name.

    Raises
    ------
    ValueError
        For a rule set no game read.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> simulator_of(load_rules("crazy4-standard")).side_bet_label
    'Queens Up'
    """
    return cast("SimulatedGame", game_of(rules).simulator())
