"""Crazy 4 Poker and Four Card Poker on the one spec simulator play exactly what their own
best-four simulator played (issue 42): the same log bytes and the same summary.

The digests below were taken from the best-four simulator (``BestFourSimulator`` over each
game's ``simulation()``, deleted since) on the same plans, and checked equal to the spec
simulator's before it was deleted: the parquet bytes of a chunk's log, and the JSON summary
with the text summary. A change to what either simulator writes for these games shows here.
The command line's outputs (text and JSON summaries, parquet and CSV logs, blind hands, the
simple strategy, a strategy file, another side-bet table) were compared byte for byte with
the best-four simulator's too when the games moved.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json

import pyarrow.parquet as pq
import pytest

from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan
from crazy4.simulate.engine import simulator_of
from crazy4.simulate.summary import summarize

#: (rule set, seats, blind hands, strategy) -> (log digest, summary digest), 3,000 rounds,
#: seed 17, from the best-four simulator.
DIGESTS = {
    ("crazy4-standard", 3, 0, "optimal"): ("16576a967693f015", "a42a1212b0e457bf"),
    ("crazy4-cardroom", 4, 1, "optimal"): ("4a919743e46502d3", "b527fbbc7f711185"),
    ("crazy4-progressive", 2, 0, "simple"): ("8f11833a42e5901e", "773486bb796fdeaa"),
    ("four-card-standard", 3, 0, "optimal"): ("117f731933c3e87d", "e74574541ffa9c07"),
    ("four-card-progressive", 2, 0, "simple"): ("5cce02bda2722032", "e6d63524add73a39"),
    ("four-card-ante-bonus-2", 1, 0, "optimal"): ("4a54ea92023c8101", "4feb2b06c50b495d"),
}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


@pytest.mark.parametrize("case", list(DIGESTS), ids=lambda case: "-".join(map(str, case)))
def test_log_and_summary_as_the_best_four_simulator_wrote_them(
    case: tuple[str, int, int, str],
) -> None:
    name, seats, blind, strategy = case
    rules = load_rules(name)
    simulator = simulator_of(rules)
    plan = make_plan(rules, rounds=3000, seed=17, seats=seats, blind_hands=blind)
    plan = dataclasses.replace(plan, decision=simulator.strategy(rules, strategy))
    chunk = simulator.play_chunk(plan, 0, True)
    assert chunk.log is not None
    sink = io.BytesIO()
    pq.write_table(chunk.log, sink)
    summary = summarize(plan, chunk.counts, simulator)
    text = json.dumps(summary.to_dict(), sort_keys=True) + summary.render()
    assert (_digest(sink.getvalue()), _digest(text.encode())) == DIGESTS[case]
