"""The wagers of a best-four game's log, settled again and made bets the same way in every game.

A game's rows are settled by its :class:`~crazy4.generic.bestfour_settle.BestFourSettlement`
(:class:`BestFourRows`): the hands' strengths, the Play multiple each decision put in action (a
blind second hand's from the raise minimum), the game's cells, then every wager of the
settlement against its logged net. A main wager is checked when the rule set requires its net
column; one that is not wagered (the Ante Bonus, paid on the Ante) is checked on its own when
the log writes its net, else inside the first wager's (the Ante's). The bets of the statistics
are sums of wagers' nets per unit of a base wager, as the game names them.

A best-four log may write side wagers beside the Ante and the Play (``queens_up``;
``aces_up`` and ``bad_beat``), each with its ``<wager>_net``. A side wager the rule set offers
and the log writes is settled again against its own net (:func:`side_components`) and is a
bet of its own in the statistics (:func:`side_values`): the chosen table of the game's side bet
under that table's name, any other side wager under its own.

Examples
--------
>>> import pyarrow as pa
>>> from crazy4.registry import game_named, load_rules
>>> from crazy4.validate.report import Options
>>> game = game_named("crazy-4-poker")
>>> run = game.validator().start(Options(load_rules("crazy4-standard")), {})
>>> table = pa.table({"decision": ["1x", "fold"], "queens_up": [1.0, 0.0],
...                   "queens_up_net": [3.0, 0.0]})
>>> batch = LogBatch.read(table, 0, (), ("queens_up", "queens_up_net"), examples=5)
>>> [c.name for c in side_components(run, batch, {"queens_up": np.array([3, 0])})]
['queens_up']
>>> values = side_values(run, batch, np.array([True, True]))
>>> {name: (hands.tolist(), nets.tolist()) for name, (hands, nets) in values.items()}
{'queens-up-50-40-8-4-3-2-1': ([True, False], [3.0, 0.0])}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.generic.bestfour_validate import BestFourRun, BoolArray
from crazy4.generic.bestfour_variants import Dealt, Settled, play_multiple
from crazy4.log.roundlog import BLIND
from crazy4.validate.checks import Component
from crazy4.validate.rows import LogBatch
from crazy4.validate.tally import BetValues


def side_components(
    run: BestFourRun, batch: LogBatch, nets: Mapping[str, npt.NDArray[np.int64]]
) -> list[Component]:
    """Each side wager the rules offer and the log writes, against its net (``nets``: the
    settlement's numerators per unit of that wager)."""
    offered = run.game.offered(run.rules, run.side_table)
    return [
        Component(wager, batch.wager(wager), nets[wager], batch.wager(f"{wager}_net"), side=True)
        for wager, _ in run.game.side_wagers
        if wager in offered and wager in batch.number
    ]


def side_values(run: BestFourRun, batch: LogBatch, keep: npt.NDArray[np.bool_]) -> BetValues:
    """Each side wager the rules offer and the log writes as a bet: its hands (kept rows that
    wager on it) and its net per unit of the wager, named as the summary names it (the side
    bet's chosen table by its name)."""
    offered = run.game.offered(run.rules, run.side_table)
    values: BetValues = {}
    for wager, _ in run.game.side_wagers:
        if wager in offered and wager in batch.number:
            name = wager
            if wager == run.spec.side_bet_key and run.side_table is not None:
                name = run.rules.side_bets[run.side_table].name
            hands = keep & (batch.wager(wager) > 0)
            values[name] = (hands, batch.per_unit(batch.wager(f"{wager}_net"), wager))
    return values


IntArray = npt.NDArray[np.int64]


def checked_wagers(run: BestFourRun, batch: LogBatch) -> list[tuple[str, str, bool]]:
    """The settlement's wagers other than the side wagers that are checked against their own
    logged nets, each with the column its net is per unit of and whether it is wagered: a
    wagered one when the rules require its net column (per unit of its own column, or of the
    first wager's when it is put up by the Play multiple), then an unwagered one (per unit of
    the first wager) when the log writes its net."""
    sides = {wager for wager, _ in run.game.side_wagers}
    main = [wager for wager in run.settlement.wagers if wager.name not in sides]
    base, required = main[0].name, run.game.required(run.rules)
    checked = [
        (wager.name, base if wager.by_multiple else wager.name, True)
        for wager in main
        if wager.wagered and f"{wager.name}_net" in required
    ]
    checked += [
        (wager.name, base, False)
        for wager in main
        if not wager.wagered and f"{wager.name}_net" in batch.number
    ]
    return checked


def main_components(
    run: BestFourRun, batch: LogBatch, nets: Mapping[str, IntArray]
) -> list[Component]:
    """The :func:`checked_wagers`, each against its logged net (``nets``: the settlement's
    numerators); an unwagered wager not checked alone is settled inside the first wager."""
    components = [
        Component(name, batch.wager(stake), nets[name], batch.wager(f"{name}_net"))
        for name, stake, _ in checked_wagers(run, batch)
    ]
    alone = {component.name for component in components}
    for wager in run.settlement.wagers:
        if not wager.wagered and wager.name not in alone:
            first = components[0]
            units = first.units + nets[wager.name]
            components[0] = Component(first.name, first.wager, units, first.logged)
    return components


@dataclass(frozen=True)
class BestFourRows:
    """How a best-four game's rows are settled again and made bets (module docstring).

    Attributes
    ----------
    cells : callable
        ``cells(run, strength, dealer_strength)``: the settlement's cell coordinates of every
        row; the last is the row's outcome cell (or showdown result) counted by the validator.
    bets : tuple
        The bets of the game itself: name and the wagers whose nets it sums, per unit of the
        first wager; one is made when any of its wagers is checked. The first is the blind
        second hand's bet too, where the rules deal one.
    situation : callable
        ``situation(reference, batch)``: the strategy's class of every row (-1: none), once
        the hands' strengths are derived.
    extra : callable
        ``extra(run, batch, cells)``: components of the game's own columns (none by default).
    """

    cells: Callable[[BestFourRun, IntArray, IntArray], tuple[IntArray, ...]]
    bets: tuple[tuple[str, tuple[str, ...]], ...]
    situation: Callable[[Any, LogBatch], npt.NDArray[np.integer]]
    extra: Callable[[BestFourRun, LogBatch, tuple[IntArray, ...]], list[Component]] = (
        lambda run, batch, cells: []
    )

    def derive(self, reference: Any, batch: LogBatch) -> None:
        """The hands' strengths and the strategy's class of every row, in ``batch.derived``."""
        batch.derive_strengths("player", reference.strength_of_hand)
        batch.derive_strengths("dealer", reference.strength_of_hand)
        batch.derived["situation"] = self.situation(reference, batch).astype(np.int64)

    def settle(self, run: BestFourRun, batch: LogBatch, good: BoolArray) -> Settled:
        """Every wager of the batch settled again (a blind hand plays its blind multiple)."""
        strength = batch.derived["player_strength"]
        dealer_strength = batch.derived["dealer_strength"]
        multiple = play_multiple(batch.decision)
        if run.game.blind is not None:
            blind = batch.decision == BLIND
            multiple = np.where(blind, run.settlement.blind_multiple(strength), multiple)
        cells = self.cells(run, strength, dealer_strength)
        nets = run.settlement.nets(strength, multiple, *cells, side_bet=run.side_table)
        components = main_components(run, batch, nets) + side_components(run, batch, nets)
        components += self.extra(run, batch, cells)
        dealt = Dealt(
            *(batch.indices("player"), batch.indices("dealer"), strength, dealer_strength),
            *(multiple, run.side_table),
        )
        return Settled(components, dealt, cells[-1])

    def bet_values(
        self, run: BestFourRun, batch: LogBatch, keep: BoolArray, blind: BoolArray
    ) -> BetValues:
        """Each bet's hands and results, per unit of its base wager."""
        checked = {name for name, _, _ in checked_wagers(run, batch)}
        hands = keep if run.game.blind is None else keep & ~blind
        values: BetValues = {}
        for name, wagers in self.bets:
            if checked.intersection(wagers):
                values[name] = (hands, batch.per_unit(_total_net(batch, wagers), wagers[0]))
        values.update(side_values(run, batch, keep))
        if run.game.blind is not None and run.game.blind(run.rules):
            name, wagers = self.bets[0]
            net = _total_net(batch, wagers)
            values["blind_second_hand"] = (keep & blind, batch.per_unit(net, wagers[0]))
        return values


def _total_net(batch: LogBatch, wagers: tuple[str, ...]) -> npt.NDArray[np.float64]:
    """The nets of ``wagers`` added up, row by row."""
    total = batch.wager(f"{wagers[0]}_net")
    for wager in wagers[1:]:
        total = total + batch.wager(f"{wager}_net")
    return total
