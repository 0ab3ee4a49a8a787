"""``crazy4 simulate`` plays the progressive (issue 13): every seat bets it, the meter fixed.

Expected values come from :mod:`tests.progressive_oracle` (the rule file's text, a plain
five-card evaluator and the textbook hand counts), never from crazy4's progressive code.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from crazy4.cli.main import main
from crazy4.core.cards import colex_index, parse_cards
from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts
from crazy4.simulate.engine import SpecSimulator, simulator_of
from crazy4.simulate.plan import CHUNK_ROUNDS
from crazy4.simulate.progressive import progressive_columns, progressive_counts
from tests.progressive_oracle import Oracle

GAMES = ("crazy4-progressive", "four-card-progressive")
_crazy_four, _four_card = (simulator_of(load_rules(name)) for name in GAMES)
assert isinstance(_crazy_four, SpecSimulator) and isinstance(_four_card, SpecSimulator)
crazy_four_simulate: SpecSimulator = _crazy_four
four_card_simulate: SpecSimulator = _four_card


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("seats", "meter"), [(1, None), (4, "60000")])
def test_simulated_mean_within_error_of_exact(name: str, seats: int, meter: str | None) -> None:
    oracle = Oracle(name)
    plan = make_plan(load_rules(name), rounds=60_000, seed=11, seats=seats, meter=meter)
    at = oracle.reset if meter is None else Fraction(meter)
    assert plan.meter == at
    summary = summarize_counts(plan, run_simulation(plan))
    row = {bet.name: bet for bet in summary.bets}["progressive"]
    exact = oracle.exact_mean(at, seats - 1)
    assert row.hands == 60_000 * seats
    assert row.exact_mean == pytest.approx(float(exact), rel=1e-12)
    assert abs(row.mean - float(exact)) < 4 * row.standard_error
    if seats == 1:
        assert row.exact_std_dev == pytest.approx(float(oracle.one_seat_variance(at)) ** 0.5)
        assert row.exact_hit_frequency == pytest.approx(float(oracle.one_seat_hits(at)))
    else:  # envy makes seats' nets depend on each other: the round is the unit
        assert row.exact_std_dev > float(oracle.one_seat_variance(at)) ** 0.5
    assert abs(row.hit_frequency - row.exact_hit_frequency) < 0.003
    data = summary.to_dict()
    assert data["progressive_meter"] == str(at)
    assert "progressive" in data["bets"]  # type: ignore[operator]


def test_jobs_do_not_change_the_numbers() -> None:
    rules = load_rules("crazy4-progressive")
    plan = make_plan(rules, rounds=CHUNK_ROUNDS + 300, seed=5, seats=2)
    one = summarize_counts(plan, run_simulation(plan, jobs=1)).to_dict()
    two = summarize_counts(plan, run_simulation(plan, jobs=2)).to_dict()
    assert one == two
    assert one["bets"]["progressive"]["hands"] == 2 * (CHUNK_ROUNDS + 300)  # type: ignore[index]


@pytest.mark.parametrize("seats", [1, 3])
def test_kernel_and_numpy_paths_agree(seats: int) -> None:
    for name, module in (("crazy4-progressive", crazy_four_simulate),):
        plan = make_plan(load_rules(name), rounds=5000, seed=3, seats=seats, meter="7000")
        fast = module.play_chunk(plan, 0, True)  # the compiled loops (the fast path)
        slow = module.numpy_chunk(plan, 0, True)
        assert fast.counts.progressive == slow.counts.progressive
        assert fast.counts.progressive is not None and fast.counts.progressive.hands == 5000 * seats
        assert fast.log is not None and slow.log is not None
        assert fast.log.column("progressive_net").equals(slow.log.column("progressive_net"))
    plan = make_plan(load_rules("four-card-progressive"), rounds=5000, seed=3, seats=seats)
    fast_counts = four_card_simulate.play_chunk(plan, 0, False).counts  # the fast path
    slow_chunk = four_card_simulate.numpy_chunk(plan, 0, True)
    assert fast_counts.progressive == slow_chunk.counts.progressive
    assert slow_chunk.counts.progressive is not None
    assert slow_chunk.counts.progressive.hands == 5000 * seats


def test_rules_without_the_section_play_no_progressive() -> None:
    plan = make_plan(load_rules("crazy4-standard"), rounds=2000, seed=1, seats=2)
    assert plan.meter is None
    counts = run_simulation(plan)
    assert counts.progressive is None
    summary = summarize_counts(plan, counts)
    assert "progressive" not in [bet.name for bet in summary.bets]
    assert "progressive_meter" not in summary.to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_logged_progressive_matches_the_rules_text(name: str, tmp_path: Path) -> None:
    oracle = Oracle(name)
    log = tmp_path / "rounds.parquet"
    plan = make_plan(load_rules(name), rounds=3000, seed=2, seats=3, meter="12345.5")
    run_simulation(plan, log_path=log)
    table = pq.read_table(log).to_pydict()
    meter = Fraction("12345.5")
    by_round: dict[int, list[int]] = {}
    for row, number in enumerate(table["round"]):
        by_round.setdefault(number, []).append(row)
    for rows in by_round.values():
        for row in rows:
            others = [table["player"][other] for other in rows if other != row]
            expected = oracle.net(table["player"][row], others, meter)
            assert table["progressive"][row] == float(oracle.wager)
            assert table["progressive_net"][row] == pytest.approx(float(expected), abs=1e-9)


@pytest.mark.parametrize("name", GAMES)
def test_rare_hands_and_envy_settle_as_the_rules_say(name: str) -> None:
    oracle = Oracle(name)
    hands = ["Ts Js Qs Ks As", "5h 6h 7h 8h 9h", "2c 2d 2h 2s 9c", "Ad Kd Qd Jd 9d"]
    rules, meter = load_rules(name), Fraction(40000)
    player = np.array([parse_cards(hand) for hand in hands]).T  # one round of four seats
    nets = progressive_columns(rules, meter, player, 4)["progressive_net"].to_pylist()
    for seat, hand in enumerate(hands):
        expected = oracle.net(hand, hands[:seat] + hands[seat + 1 :], meter)
        assert nets[seat] == float(expected)
    colex = [np.array([colex_index(parse_cards(hand))]) for hand in hands]
    counts = progressive_counts(rules, meter, colex)
    assert counts is not None
    total = sum(oracle.net(h, hands[:s] + hands[s + 1 :], meter) for s, h in enumerate(hands))
    assert Fraction(counts.total, counts.denominator) == total


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--rules", "crazy4-progressive", "--meter", "-5"), "--meter"),
        (("--rules", "four-card-progressive", "--meter", "lots"), "--meter"),
        (("--rules", "crazy4-standard", "--meter", "100"), "no [progressive] section"),
    ],
)
def test_bad_meter_exits_2_with_one_line(
    args: tuple[str, ...], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--rounds", "10", "--quiet", *args]) == 2
    error = capsys.readouterr().err
    assert len(error.strip().splitlines()) == 1
    assert needle in error
