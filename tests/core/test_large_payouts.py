"""Large and finely fractional payouts: exact figures, or one line refusing the value.

The issue: ``four_aces = 1e13`` (or ``straight = 1.00000000001``) made ``crazy4 hand`` advise
folding four aces (int64 overflow), ``crazy4 analyze`` died with an ``OverflowError`` and
``1e308`` tracebacked everywhere. Every expected EV here is priced in the test itself with
:class:`fractions.Fraction`, from the dealer-outcome counts of the standard rule set (they do
not depend on the pay tables) and the rules text.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.analyze.pricing import price
from crazy4.analyze.record import Analysis
from crazy4.cli.main import main
from crazy4.core.cards import parse_card, parse_cards
from crazy4.core.exact import group_sums, integer_column, parquet_integers
from crazy4.core.paytables import parse_odds
from crazy4.errors import InputError
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import CRAZY_FOUR, load_rules, parse_rules
from crazy4.registry import FOUR_CARD as FOUR_CARD_GAME
from crazy4.rules.load import RULES_DIR

CRAZY4 = (RULES_DIR / "crazy4-standard.toml").read_text()
FOUR_CARD = (RULES_DIR / "four-card-standard.toml").read_text()
ROOT = Path(__file__).resolve().parents[2]
LIMIT = 10**18

#: Crazy 4 Poker hands and the Super Bonus line that pays each (None: below the table).
CRAZY4_HANDS = {
    "As Ad Ac Ah 2s": "four_aces",
    "9s 8d 7c 6h 2s": "straight",
    "Ks Qd 8c 4h 2s": None,
}
#: Four Card Poker hands, up card, and the Ante Bonus line that pays each.
FOUR_CARD_HANDS = {
    ("As Ad Ac Ah 2s", "Kd"): "four_of_a_kind",
    ("7s 7d 7c 4h 2s", "Kd"): "three_of_a_kind",
    ("Ks Qd 8c 4h 2s", "3d"): None,
}


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "crazy4", *args], capture_output=True, text=True, cwd=cwd, env=env
    )


def _edit(text: str, line: str, value: str) -> str:
    old = next(row for row in text.splitlines() if row.startswith(f"{line} = "))
    assert text.count(old + "\n") >= 1
    return text.replace(old + "\n", f"{line} = {value}\n", 1)


def _write(text: str, folder: Path, name: str = "big.toml") -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


# --- the independent pricing ---------------------------------------------------------------


@cache
def _crazy4_cells(hand: str) -> dict[str, int]:
    rules = load_rules("crazy4-standard")
    counts = CRAZY_FOUR.hand_result(rules, parse_cards(hand), None)["dealer_outcomes"]
    assert isinstance(counts, dict)
    return {str(k): int(v) for k, v in counts.items()}


@cache
def _four_card_cells(hand: str, up: str) -> tuple[int, int, int]:
    result = FOUR_CARD_GAME.hand_result(
        load_rules("four-card-standard"), parse_cards(hand), parse_card(up)
    )
    counts = result["dealer_outcomes"]
    assert isinstance(counts, dict)
    return counts["dealer lower"], counts["tie"], counts["dealer higher"]


def crazy4_evs(hand: str, odds: Fraction | None) -> dict[str, Fraction | None]:
    """Ante + Super Bonus + Play per Ante, from the rules: the Ante pushes when the dealer does
    not qualify, the Play then wins; a tie pushes; the Super Bonus pays ``odds`` whatever the
    dealer holds, and below its table loses only to a qualifying dealer hand that is higher."""
    c = _crazy4_cells(hand)
    n = sum(c.values())
    not_qualified = c["nq_player_higher"] + c["nq_tie"] + c["nq_dealer_higher"]
    ante = Fraction(c["player_wins"] - c["dealer_wins"], n)
    play = Fraction(not_qualified + c["player_wins"] - c["dealer_wins"], n)
    bonus = odds if odds is not None else Fraction(-c["dealer_wins"], n)
    raises = odds is not None  # these hands are a pair of aces or better exactly when paid
    evs: dict[str, Fraction | None] = {"fold": Fraction(-2)}
    for m in (1, 2, 3):
        evs[f"{m}x"] = ante + m * play + bonus if m == 1 or raises else None
    return evs


def four_card_evs(hand: str, up: str, odds: Fraction | None) -> dict[str, Fraction]:
    """Ante + Play + Ante Bonus per Ante: ties win (``ties = "player"``); the Ante Bonus is
    paid on a fold too (``paid_only_with_play = false``)."""
    lower, tie, higher = _four_card_cells(hand, up)
    n = lower + tie + higher
    showdown = Fraction(lower + tie - higher, n)
    bonus = odds if odds is not None else Fraction(0)
    evs = {"fold": -1 + bonus}
    for m in (1, 2, 3):
        evs[f"{m}x"] = (1 + m) * showdown + bonus
    return evs


# --- the reported cases ------------------------------------------------------------------


def _reported_evs(code: int, out: str) -> dict[str, Fraction | None]:
    assert code == 0
    evs = json.loads(out)["ev_per_ante"]
    return {k: None if v is None else Fraction(v["exact"]) for k, v in evs.items()}


@pytest.mark.parametrize(
    ("line", "value", "odds"),
    [("four_aces", "1e13", Fraction(10**13)), ("straight", "1.00000000001", None)],
)
def test_reported_crazy4_hand_is_exact(line: str, value: str, odds: Fraction | None) -> None:
    """Four aces with ``four_aces = 1e13`` were advised to fold; now 3x, at the exact EV."""
    with tempfile.TemporaryDirectory() as folder:
        path = _write(_edit(CRAZY4, line, value), Path(folder))
        code, out, _ = _run(["hand", "As Ad Ac Ah 2s", "--rules", path, "--json"])
    evs = _reported_evs(code, out)
    assert evs == crazy4_evs("As Ad Ac Ah 2s", odds or Fraction(200))
    assert json.loads(out)["optimal_decision"] == "3x"


def test_reported_four_card_ante_bonus_is_exact() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = _write(_edit(FOUR_CARD, "four_of_a_kind", "1e13"), Path(folder))
        args = ["hand", "As Ad Ac Ah 2s", "--up", "Kd", "--rules", path, "--json"]
        evs = _reported_evs(*_run(args)[:2])
    assert evs == four_card_evs("As Ad Ac Ah 2s", "Kd", Fraction(10**13))


@pytest.mark.parametrize(
    ("base", "line", "value"),
    [
        (CRAZY4, "four_aces", "1e308"),
        (CRAZY4, "straight", '"1/1000000000000000000000"'),
        (FOUR_CARD, "four_of_a_kind", "1e308"),
        (FOUR_CARD, "aggregate_payout_cap", "1e300"),
    ],
)
@pytest.mark.parametrize("command", ["hand", "analyze"])
def test_values_beyond_the_limits_are_one_line(
    base: str, line: str, value: str, command: str, tmp_path: Path
) -> None:
    path = _write(_edit(base, line, value), tmp_path)
    if command == "hand":
        up = ["--up", "Kd"] if base is FOUR_CARD else []
        args = ["hand", "As Ad Ac Ah 2s", "--rules", path, *up]
    else:
        args = ["analyze", "--rules", path, "--out", str(tmp_path / "out")]
    code, out, err = _run(args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "big.toml" in err and line in err and "10^18" in err


def test_analyze_with_1e13_is_exact(tmp_path: Path) -> None:
    """``crazy4 analyze`` died with OverflowError; now every table is written and the main bet
    moves by exactly (10^13 - 200) x P(four aces) = (10^13 - 200) x 48 / C(52, 5) (four aces are
    played 3x either way: the Super Bonus is lost on a fold)."""
    path = _write(_edit(CRAZY4, "four_aces", "1e13"), tmp_path)
    out = tmp_path / "out"
    code, _, err = _run(["analyze", "--rules", path, "--out", str(out), "--quiet"])
    assert code == 0, err
    committed = pd.read_parquet(ROOT / "results" / "crazy4-standard" / "bets.parquet")
    bets = pd.read_parquet(out / "bets.parquet").set_index("bet")

    def ev(table: pd.DataFrame, bet: str) -> Fraction:
        row = table.loc[bet]
        return Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))

    before = ev(committed.set_index("bet"), "ante_super_bonus_play")
    assert ev(bets, "ante_super_bonus_play") == before + (10**13 - 200) * Fraction(48, 2598960)
    hands = pd.read_parquet(out / "player_hands.parquet")
    aces = hands[hands["best_hand"] == "four aces"]
    assert set(aces["decision"]) == {"3x"}
    # the EV numerators passed int64: written exactly, as decimal text
    assert max(int(n) for n in aces["ev_3x_numerator"]) > 2**63


def test_subprocess_runs_show_no_traceback(tmp_path: Path) -> None:
    big = _write(_edit(CRAZY4, "four_aces", "1e13"), tmp_path, "a.toml")
    huge = _write(_edit(FOUR_CARD, "four_of_a_kind", "1e308"), tmp_path, "b.toml")
    done = _cli("hand", "As Ad Ac Ah 2s", "--rules", big, cwd=tmp_path)
    assert done.returncode == 0 and "Optimal decision: 3x" in done.stdout
    assert done.stderr == ""
    done = _cli("analyze", "--rules", huge, "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert (
        done.stderr.count("\n") == 1 and "b.toml [ante_bonus] pays: four_of_a_kind" in done.stderr
    )


# --- the limits and the fast path ----------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "accepted"),
    [
        (LIMIT, True),
        (LIMIT + 1, False),
        (f"1/{LIMIT}", True),
        (f"1/{LIMIT + 1}", False),
        (f"{LIMIT * 3}/3", True),
        ("1e18", True),
        ("1e19", False),
        (1e-18, True),
        (1e-19, False),
        ("1e999999999", False),
        (float("inf"), False),
        (float("nan"), False),
        ("9" * 200, False),
    ],
)
def test_limits(value: object, accepted: bool) -> None:
    if accepted:
        assert parse_odds(value, where="x") <= LIMIT
    else:
        with pytest.raises(InputError, match=r"^x: payout"):
            parse_odds(value, where="x")


def test_ordinary_payouts_stay_int64_and_large_ones_widen(standard: Analysis) -> None:
    assert standard.prices.ev.dtype == np.int64
    assert all(bet.net.dtype == np.int64 for bet in standard.bets)
    big = parse_rules(_edit(CRAZY4, "four_aces", "1e13"), "big.toml")
    prices = price(
        standard.on_spec.cells, standard.on_spec.strengths, CRAZY_FOUR_SPEC.settlement(big)
    )
    assert prices.ev.dtype == object
    assert (prices.decision == standard.prices.decision).all()  # four aces were 3x before


def test_exact_helpers() -> None:
    assert group_sums(np.array([0, 0]), np.array([2**62, 2**62]), 1) == [2**63]
    assert integer_column(np.array([1, 2])).dtype == np.int64
    frame = parquet_integers(pd.DataFrame({"n": np.array([2**64, -1], dtype=object)}))
    assert frame["n"].tolist() == [str(2**64), "-1"]


# --- generated rule files ------------------------------------------------------------------


def _valid(odds: Fraction) -> bool:
    return 0 <= odds <= LIMIT and odds.denominator <= LIMIT


#: (TOML text, the exact payout it means): integers to 10^18, decimals with up to 11 places
#: (as text, exact), TOML floats (read by their shortest repr), fractions "a/b"
VALID = st.one_of(
    st.integers(0, 10**15).map(lambda n: (str(n), Fraction(n))),
    st.integers(10**15, LIMIT).map(lambda n: (str(n), Fraction(n))),
    st.tuples(st.integers(0, 10**15), st.integers(1, 11)).map(
        lambda d: (f'"{d[0] // 10 ** d[1]}.{d[0] % 10 ** d[1]:0{d[1]}d}"',
                   Fraction(d[0], 10 ** d[1]))
    ),
    st.floats(0, 1e18).map(lambda f: (repr(f), Fraction(repr(f)))).filter(
        lambda pair: _valid(pair[1])
    ),
    st.tuples(st.integers(0, 10**15), st.integers(1, 10**12)).map(
        lambda ab: (f'"{ab[0]}/{ab[1]}"', Fraction(*ab))
    ),
)  # fmt: skip

#: (TOML text, None): negative, too large, too fine, not finite, not a number
INVALID = st.one_of(
    st.integers(LIMIT + 1, 10**30).map(lambda n: (str(n), None)),
    st.integers(-(10**15), -1).map(lambda n: (str(n), None)),
    st.floats(1e19, 1e308).map(lambda f: (repr(f), None)),
    st.integers(LIMIT + 1, 10**21).map(lambda b: (f'"1/{b}"', None)),
    st.sampled_from(
        ["1e308", '"1e308"', '"1e999999999"', "inf", "nan", "-inf", '"abc"', '""', "true",
         "[1]", '"1/0"', '"inf"', "-0.5", '"3/-2"', "1e-300"]
    ).map(lambda text: (text, None)),
)  # fmt: skip


#: Pay tables of ``n`` lines: all valid (priced exactly), or valid and broken mixed
def _tables(n: int) -> st.SearchStrategy[list[tuple[str, Fraction | None]]]:
    return st.one_of(
        st.lists(VALID, min_size=n, max_size=n),
        st.lists(st.one_of(VALID, INVALID), min_size=n, max_size=n),
    )


def _pays(
    base: str, section: str, lines: list[str], payouts: list[tuple[str, Fraction | None]]
) -> str:
    """``base`` with the pay table ``[<section>.pays]`` replaced by ``lines`` = ``payouts``."""
    head, tail = base.split(f"[{section}.pays]\n", 1)
    _, rest = tail.split("\n\n", 1)
    table = "\n".join(f"{line} = {value}" for line, (value, _) in zip(lines, payouts, strict=True))
    return f"{head}[{section}.pays]\n{table}\n\n{rest}"


def _expect(
    code: int, out: str, err: str, payouts: list[tuple[str, Fraction | None]]
) -> dict[str, Fraction | None] | None:
    """Exit 2 with one line when any payout must be refused; else the reported EVs."""
    assert code in (0, 2)
    if any(odds is None for _, odds in payouts):
        assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("crazy4: ")
        return None
    assert code == 0 and err == ""
    return _reported_evs(code, out)


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(sorted(CRAZY4_HANDS)),
    _tables(6),
)
def test_generated_crazy4_rule_files(hand: str, payouts: list[tuple[str, Fraction | None]]) -> None:
    lines = ["four_aces", "four_of_a_kind", "straight_flush", "three_of_a_kind", "flush"]
    lines.append("straight")
    text = _pays(CRAZY4, "super_bonus", lines, payouts)
    with tempfile.TemporaryDirectory() as folder:
        path = _write(text, Path(folder))
        evs = _expect(*_run(["hand", hand, "--rules", path, "--json"]), payouts)
    if evs is not None:
        odds = dict(zip(lines, (o for _, o in payouts), strict=True))
        paid = CRAZY4_HANDS[hand]
        assert evs == crazy4_evs(hand, odds[paid] if paid else None)


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(sorted(FOUR_CARD_HANDS)),
    _tables(3),
)
def test_generated_four_card_rule_files(
    situation: tuple[str, str], payouts: list[tuple[str, Fraction | None]]
) -> None:
    lines = ["four_of_a_kind", "straight_flush", "three_of_a_kind"]
    text = _pays(FOUR_CARD, "ante_bonus", lines, payouts)
    hand, up = situation
    with tempfile.TemporaryDirectory() as folder:
        path = _write(text, Path(folder))
        evs = _expect(*_run(["hand", hand, "--up", up, "--rules", path, "--json"]), payouts)
    if evs is not None:
        odds = dict(zip(lines, (o for _, o in payouts), strict=True))
        paid = FOUR_CARD_HANDS[situation]
        assert evs == four_card_evs(hand, up, odds[paid] if paid else None)
