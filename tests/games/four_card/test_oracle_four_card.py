"""Four Card Poker against an independent oracle (``tests/oracle_four_card.py``).

The oracle evaluates, settles and prices from the rules text and the rule files' TOML with its
own evaluator; nothing in it comes from the package. Here it checks:

* itself: the published best-four-of-six counts of all 20,358,520 dealer hands;
* the exact pricing: for 20 seeded (hand, up card) situations, the dealer outcome counts,
  dealer categories and every decision's exact EV printed by ``crazy4 hand ... --up ... --json``
  equal the oracle's, listing all 1,370,754 hidden completions of each; every Aces Up table's
  exact house edge (all 2,598,960 hands) equals ``results/four-card-standard/bets.parquet``'s
  and spans the published 1.98%-6.15%;
* the simulator: every net of a 20,000-round seeded log re-settles exactly;
* the validator: wrong nets planted in that log are flagged on exactly those rows;
* the house edge of Ante + Play under optimal play by hand and up card, re-derived exactly by
  ``oracle_four_card_edge.py`` (inclusion-exclusion over the player's cards, about a minute
  of CPU), equals ``bets.parquet``'s exact fraction (-8840827253/317119576410 when written)
  and the published 2.78% of the Ante and 1.30% of the total wagered.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import in_process
import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
from oracle_four_card import (
    COMPLETIONS,
    DEALER_HANDS,
    DECISIONS,
    Reading,
    aces_up_edge,
    best_of_six,
    colex,
    dealer_category_counts,
    five_card_values,
    hand_text,
    parse_hand,
    read_rules,
    rule_file,
    settle,
    situation,
)
from oracle_four_card_edge import house_edge

Completed = subprocess.CompletedProcess[str]

ROOT = Path(__file__).resolve().parents[3]


def reading_of(name: str) -> Reading:
    """The oracle's reading of a shipped rule file."""
    return read_rules(rule_file(name))


def crazy4(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m crazy4 ARGS`` in a child process (two at once, from threads, where the
    situations are priced: :func:`in_process.crazy4` redirects this process's output)."""
    return subprocess.run(
        [sys.executable, "-m", "crazy4", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )


# --- the oracle itself ---------------------------------------------------------------------


@pytest.mark.slow
def test_dealer_best_four_of_six_counts_are_the_published_ones() -> None:
    """All 20,358,520 six-card hands by the oracle's best four of six: the rules file's
    published counts."""
    published = {
        "four of a kind": 14_664,
        "straight flush": 47_752,
        "three of a kind": 897_616,
        "flush": 2_245_352,
        "straight": 1_744_080,
        "two pair": 2_342_736,
        "pair": 8_194_320,
        "high card": 4_872_000,
    }
    assert sum(published.values()) == DEALER_HANDS
    assert dealer_category_counts() == published


# --- exact pricing of (hand, up card) situations ------------------------------------------------

CHOSEN = [
    ("As Kd 7h 4c 2s", "Qc"),  # ace high: fold
    ("3h 3d Kc 9s 5h", "Ts"),  # a pair of threes, where the simple strategy starts to play
    ("Td Tc 8h 5s 2c", "Ah"),  # a pair of tens: the simple strategy's 3x
    ("Ah 3d 2c 4s 9h", "4h"),  # A-2-3-4, the lowest straight, with its four as the up card
    ("7c 7d 7h 2s 9c", "7s"),  # three of a kind (the Ante Bonus), the fourth seven up
    ("9h 8h 7h 6h 2c", "5h"),  # a straight flush
    ("Kc Kd Kh Ks 2c", "Ac"),  # four of a kind
    ("Qh Jh 8h 4h 2c", "3h"),  # a flush, the up card of its suit
]
RANDOM_SITUATIONS = 12


def sampled_situations() -> list[tuple[list[int], int]]:
    """The chosen situations and a seeded sample of others."""
    rng = np.random.default_rng(24)
    out = [(parse_hand(hand), parse_hand(up)[0]) for hand, up in CHOSEN]
    for _ in range(RANDOM_SITUATIONS):
        cards = rng.choice(52, 6, replace=False).tolist()
        out.append((sorted(cards[:5]), cards[5]))
    return out


def package_situation(
    name: str, cards: list[int], up: int, run: Callable[..., Completed] = crazy4
) -> dict[str, object]:
    """``crazy4 hand CARDS --up CARD --rules NAME --json`` (in a child process unless ``run``
    says otherwise)."""
    done = run("hand", hand_text(cards), "--up", hand_text([up]), "--rules", name, "--json")
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def compare(name: str, cards: list[int], up: int, theirs: dict[str, object]) -> list[str]:
    """What differs between the package's answer and the oracle's listing."""
    mine = situation(reading_of(name), cards, up)
    evs = theirs["ev_per_ante"]
    assert isinstance(evs, dict)
    their_evs = {k: None if v is None else Fraction(v["exact"]) for k, v in evs.items()}
    wrong = []
    if theirs["dealer_hands"] != COMPLETIONS:
        wrong.append("completions")
    outcomes = {"dealer lower": mine.dealer_lower, "tie": mine.tie,
                "dealer higher": mine.dealer_higher}  # fmt: skip
    if theirs["dealer_outcomes"] != outcomes:
        wrong.append(f"outcomes {theirs['dealer_outcomes']} != {outcomes}")
    if theirs["dealer_categories"] != mine.dealer_categories:
        wrong.append("dealer categories")
    if their_evs != mine.evs:
        wrong.append(f"EVs {their_evs} != {mine.evs}")
    best = max(ev for ev in mine.evs.values() if ev is not None)
    if mine.evs[str(theirs["optimal_decision"])] != best:
        wrong.append(f"optimal {theirs['optimal_decision']}")
    return wrong


@pytest.mark.slow
def test_situations_match_a_listing_of_every_hidden_completion() -> None:
    """For 20 situations, ``crazy4 hand --up --json`` gives the oracle's dealer outcome
    counts, dealer categories and exact EV of every decision over all 1,370,754 hidden
    completions, and an optimal decision with the best EV."""
    situations = sampled_situations()
    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(lambda s: package_situation("four-card-standard", *s), situations))
    wrong = {}
    for (cards, up), theirs in zip(situations, answers, strict=True):
        differs = compare("four-card-standard", cards, up, theirs)
        if differs:
            wrong[(tuple(cards), up)] = differs
    assert not wrong, wrong


@pytest.mark.slow
def test_ante_bonus_on_a_fold_follows_the_switch() -> None:
    """Three of a kind folded: the standard rules pay the Ante Bonus anyway (fold EV -1 + 2),
    table 2's rule set pays it only with a Play bet (fold EV -1); the package's EVs are the
    oracle's under both rule files."""
    cards, up = parse_hand("7c 7d 7h 2s 9c"), parse_hand("7s")[0]
    standard = situation(reading_of("four-card-standard"), cards, up)
    online = situation(reading_of("four-card-ante-bonus-2"), cards, up)
    assert (standard.evs["fold"], online.evs["fold"]) == (1, -1)
    for name in ("four-card-standard", "four-card-ante-bonus-2"):
        answer = package_situation(name, cards, up, run=in_process.crazy4)
        assert compare(name, cards, up, answer) == [], name


# --- Aces Up ------------------------------------------------------------------------------------


def test_aces_up_edges_match_the_results_and_the_published_range() -> None:
    """Each Aces Up table's exact house edge over all 2,598,960 hands equals the committed
    ``bets.parquet``'s exact EV, and the five published tables span 1.98% to 6.15%."""
    reading = reading_of("four-card-standard")
    bets = pd.read_parquet(ROOT / "results" / "four-card-standard" / "bets.parquet")
    edges = {}
    for table in reading.aces_up:
        edges[table] = aces_up_edge(reading, table)
        row = bets.loc[bets["bet"] == f"aces-up-{table}"].iloc[0]
        assert Fraction(int(row.ev_numerator), int(row.ev_denominator)) == -edges[table], table
    assert len(edges) == 5
    assert round(float(min(edges.values())) * 100, 2) == 1.98
    assert round(float(max(edges.values())) * 100, 2) == 6.15


# --- the house edge -----------------------------------------------------------------------------


@pytest.mark.slow
def test_house_edge_is_rederived_exactly() -> None:
    """The oracle's exact house edge of Ante + Play (+ Ante Bonus) under optimal play over all
    C(52,5) * 47 * C(46,5) deals equals the committed analysis' exact EV; its average total
    wager matches too; both round to the published 2.78% (truncated, as quoted) and 1.30%."""
    edge, decisions = house_edge(reading_of("four-card-standard"))
    bets = pd.read_parquet(ROOT / "results" / "four-card-standard" / "bets.parquet")
    row = bets.loc[bets["bet"] == "ante_play"].iloc[0]
    assert edge == -Fraction(int(row.ev_numerator), int(row.ev_denominator))
    situations = sum(decisions.values())
    assert situations == 2_598_960 * 47
    wagered = 1 + Fraction(sum(int(k[0]) * n for k, n in decisions.items() if k != "fold"),
                           situations)  # fmt: skip
    assert float(wagered) == pytest.approx(float(row.average_total_bet), rel=1e-12)
    assert int(edge * 10_000) / 100 == 2.78
    assert round(float(edge / wagered) * 100, 2) == 1.30


# --- the simulator and the validator ------------------------------------------------------------

SIM_ROUNDS = 20_000


@pytest.fixture(scope="module")
def simulated_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``crazy4 simulate --rules four-card-standard --rounds 20000 --seed 3 --log x.parquet``."""
    folder = tmp_path_factory.mktemp("four-card-log")
    done = in_process.crazy4(
        "simulate", "--rules", "four-card-standard", "--rounds", str(SIM_ROUNDS), "--seed", "3",
        "--log", str(folder / "x.parquet"), "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return folder / "x.parquet"


NETS = {
    "ante_net": "ante",
    "play_net": "play",
    "ante_bonus_net": "ante_bonus",
    "bad_beat_net": "bad_beat",
}


def resettled(frame: pd.DataFrame, reading: Reading, aces_up: str) -> dict[str, np.ndarray]:
    """The oracle's nets of every logged row (per unit of each wager as logged)."""
    player = np.array([parse_hand(h) for h in frame["player"].astype(str)])
    dealer = np.array([parse_hand(h) for h in frame["dealer"].astype(str)])
    up = np.array([parse_hand(h)[0] for h in frame["up_card"].astype(str)])
    assert (dealer == up[:, None]).any(axis=1).all()
    assert all(
        len(set(p) | set(d)) == 11 for p, d in zip(player.tolist(), dealer.tolist(), strict=True)
    )
    multiple = frame["decision"].astype(str).map(DECISIONS).to_numpy()
    nets = settle(
        reading, five_card_values()[colex(np.sort(player, axis=1))], best_of_six(dealer), multiple
    )
    expected = {column: frame["ante"].to_numpy() * nets[key] / reading.unit
                for column, key in NETS.items()}  # fmt: skip
    expected["aces_up_net"] = (
        frame["aces_up"].to_numpy() * nets[f"aces_up:{aces_up}"] / reading.unit
    )
    expected["play"] = frame["ante"].to_numpy() * multiple
    return expected


def differing_rows(frame: pd.DataFrame, expected: dict[str, np.ndarray]) -> set[int]:
    """Rows where any logged amount differs from the oracle's."""
    differs = np.zeros(len(frame), dtype=bool)
    for column, values in expected.items():
        differs |= frame[column].to_numpy() != values
    return set(np.flatnonzero(differs).tolist())


@pytest.mark.slow
def test_simulator_log_resettles_exactly(simulated_log: Path) -> None:
    """Every net of the seeded 20,000-round log is the oracle's; the log covers folds, 1x and
    3x, wins and losses, Ante Bonus and Aces Up payouts (so the comparison is not vacuous)."""
    frame = pd.read_parquet(simulated_log)
    assert len(frame) == SIM_ROUNDS
    provenance = json.loads(pq.read_schema(simulated_log).metadata[b"crazy4"])
    aces_up = provenance["aces_up"].removeprefix("aces-up-")
    expected = resettled(frame, reading_of("four-card-standard"), aces_up)
    assert differing_rows(frame, expected) == set()
    assert {"fold", "1x", "3x"} <= set(frame["decision"].astype(str))
    assert (frame["ante_net"] == 1).any() and (frame["play_net"] == -3).any()
    assert (frame["ante_bonus_net"] == 2).any() and (frame["aces_up_net"] == 8).any()
    assert (frame["bad_beat_net"] > 0).any()


#: Planted faults: (row, column, the wrong amount), each a different pattern of the validator.
PLANTS = [
    (10, "ante_net", lambda v: -v if v else 1.0),
    (500, "aces_up_net", lambda v: v + 1),
    (12345, "bad_beat_net", lambda v: 15.0 if v < 0 else -1.0),
]


@pytest.mark.slow
def test_validator_flags_exactly_the_planted_rows(simulated_log: Path, tmp_path: Path) -> None:
    """Wrong nets planted in the simulator's log: the rows the oracle's re-settlement finds
    different are exactly the planted ones, and ``crazy4 validate`` fails the Settlement check
    on exactly those rows (finding counts and example rows), naming each."""
    frame = pd.read_parquet(simulated_log)
    frame["decision"] = frame["decision"].astype(str)
    # a fold with a bonus paid: an Ante Bonus on a hand that has none
    fold = int(np.flatnonzero((frame["decision"] == "fold").to_numpy())[-1])
    plants = [*PLANTS, (fold, "ante_bonus_net", lambda v: 2.0)]
    for row, column, wrong in plants:
        frame.loc[row, column] = wrong(float(frame.loc[row, column]))
    path = tmp_path / "planted.parquet"
    frame.to_parquet(path)
    expected = resettled(frame, reading_of("four-card-standard"), "50-40-8-5-4-3-1")
    planted = {row for row, _, _ in plants}
    assert differing_rows(frame, expected) == planted
    done = in_process.crazy4("validate", str(path), "--rules", "four-card-standard",
                  "--aces-up", "50-40-8-5-4-3-1", "--report", str(tmp_path / "r.json"))  # fmt: skip
    assert done.returncode == 1, done.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    checks = {check["name"]: check for check in report["checks"]}
    settlement = checks["Settlement"]
    assert settlement["status"] == "fail" and checks["Well-formed"]["status"] == "pass"
    assert sum(f["count"] for f in settlement["findings"]) == len(planted)
    flagged = {example["row"] - 1 for f in settlement["findings"] for example in f["examples"]}
    assert flagged == planted  # the report numbers rows from 1
