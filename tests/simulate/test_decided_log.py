"""``SpecSimulator.decided_log``: the log rows of rounds decided elsewhere (a planted table).

Expected: the honest simulator's own log. The cards and decisions of an honest chunk, read
back from its log rows, given to ``decided_log`` give those rows again, column for column
(every wager and net, side bets and a progressive included), for every game; and a decision
changed in one row changes that row's Play wager and nets only.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from crazy4.log.roundlog import decision_column, parse_hand_column
from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan
from crazy4.simulate.engine import simulator_of

SEATS = 3


def _dealt(table: pa.Table, player: int, dealer: int, face_up: bool) -> tuple[np.ndarray, ...]:
    """Hands ``(n, seats, player)``, the dealer ``(n, dealer)`` up card first, decisions."""
    hands = parse_hand_column(table["player"], player)[0].astype(np.int64)
    hands = hands.reshape(-1, SEATS, player)
    rows = parse_hand_column(table["dealer"], dealer)[0].astype(np.int64)[::SEATS]
    if face_up:
        up = parse_hand_column(table["up_card"], 1)[0].astype(np.int64)[::SEATS]
        hidden = rows[rows != up].reshape(-1, dealer - 1)
        rows = np.concatenate([up, hidden], axis=1)
    decisions = decision_column(table["decision"]).astype(np.int64).reshape(-1, SEATS)
    return hands, rows, decisions


@pytest.mark.parametrize(
    ("rules", "player", "dealer", "face_up"),
    [
        ("crazy4-standard", 5, 5, False),
        ("crazy4-progressive", 5, 5, False),
        ("four-card-standard", 5, 6, True),
        ("three-card-standard", 3, 3, False),
    ],
)
def test_the_honest_rows_come_back_from_their_cards_and_decisions(
    rules: str, player: int, dealer: int, face_up: bool
) -> None:
    plan = make_plan(load_rules(rules), rounds=2000, seed=9, seats=SEATS)
    game = simulator_of(plan.rules)
    honest = game.play_chunk(plan, 0, log=True).log
    assert honest is not None
    hands, rows, decisions = _dealt(honest, player, dealer, face_up)
    again = game.decided_log(plan, 1, hands, rows, decisions)
    assert again.column_names == honest.column_names
    for name in honest.column_names:
        assert again[name].equals(honest[name]), name
    changed = decisions.copy()
    changed[5, 1] = 0 if decisions[5, 1] else 1  # row 16: seat 2 of round 6
    moved = game.decided_log(plan, 1, hands, rows, changed).to_pandas()
    before = honest.to_pandas()
    differ = sorted(set(np.flatnonzero((moved != before).any(axis=1).to_numpy()).tolist()))
    assert differ == [16]
    assert moved.loc[16, "play"] != before.loc[16, "play"]
