"""Strategy files read onto a game's classes (:mod:`crazy4.analyze.strategy_classes`), through
Crazy 4 Poker's specification (:func:`crazy4.simulate.plays.read_strategy_file`, what
``--strategy FILE`` reads): a whole file read back, and every refusal naming its row."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from crazy4.analyze.analysis import SpecAnalysis
from crazy4.core.cards import format_cards
from crazy4.errors import InputError
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import load_rules
from crazy4.simulate.plays import analysis_of, read_strategy_file

LABELS = np.array(["fold", "1x", "2x", "3x"])


@pytest.fixture(scope="module")
def crazy_rows() -> tuple[list[str], list[str]]:
    """Every Crazy 4 Poker hand class with its optimal decision (from the priced classes)."""
    analysis = _analysis()
    hands = [format_cards(row) for row in analysis.hands.tolist()]
    return hands, LABELS[analysis.prices.decision].tolist()


def _analysis() -> SpecAnalysis:
    return analysis_of(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"))


def _read(path: Path) -> np.ndarray:
    return read_strategy_file(CRAZY_FOUR_SPEC, _analysis(), path)


def _write(path: Path, **columns: list[str]) -> Path:
    pd.DataFrame(columns).to_csv(path, index=False)
    return path


def test_a_whole_file_reads_back(crazy_rows: tuple[list[str], list[str]], tmp_path: Path) -> None:
    hands, decisions = crazy_rows
    # reversed rows, hands written in another order of their cards: the classes still match
    path = _write(
        tmp_path / "s.csv",
        hand=[" ".join(hand.split()[::-1]) for hand in hands[::-1]],
        decision=decisions[::-1],
    )
    assert np.array_equal(_read(path), _analysis().prices.decision)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h, d: (h[:-1], d[:-1]), "covers 134,458 of 134,459 hand classes; missing e.g."),
        (lambda h, d: (h, ["4x", *d[1:]]), "row 1: decision '4x' is not one of"),
        (lambda h, d: (["As As", *h[1:]], d), "row 1:"),
        (lambda h, d: ([*h, h[0]], [*d, "3x" if d[0] != "3x" else "1x"]), "got a different"),
        # K-Q-8-4 may not raise (crazy4-standard: 3x only from a pair of aces)
        (
            lambda h, d: ([*h, "Ks Qd 8c 4h 2s"], [*d, "2x"]),
            "row 134460: 2x is not allowed for Ks Qd 8c 4h 2s",
        ),
    ],
    ids=["missing", "decision", "cards", "clash", "not-allowed"],
)
def test_a_bad_file_is_refused_naming_the_row(
    crazy_rows: tuple[list[str], list[str]], tmp_path: Path, change: object, message: str
) -> None:
    assert callable(change)
    hands, decisions = change(*crazy_rows)
    path = _write(tmp_path / "s.csv", hand=hands, decision=decisions)
    with pytest.raises(InputError, match=message):
        _read(path)
