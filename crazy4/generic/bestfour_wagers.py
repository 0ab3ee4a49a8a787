"""The side wagers of a best-four game's log, checked the same way in every game.

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
>>> game = game_named("four-card-poker")
>>> run = game.validator().start(Options(load_rules("four-card-standard")), {})
>>> table = pa.table({"decision": ["1x", "fold"], "aces_up": [1.0, 0.0],
...                   "aces_up_net": [3.0, 0.0]})
>>> batch = LogBatch.read(table, 0, (), ("aces_up", "aces_up_net"))
>>> [c.name for c in side_components(run, batch, {"aces_up": np.array([3, 0])})]
['aces_up']
>>> values = side_values(run, batch, np.array([True, True]))
>>> {name: (hands.tolist(), nets.tolist()) for name, (hands, nets) in values.items()}
{'aces-up-50-40-8-5-4-3-1': ([True, False], [3.0, 0.0])}
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from crazy4.generic.bestfour_validate import BestFourRun
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
