"""A Four Card Poker log dealt with no up card, validated under a rule set that says so.

Some engines deal Four Card Poker's six dealer cards all face down. The rule set
``four-card-no-up-card`` declares that deal as data (``face_up = 0``); the log here is written
by the independent Four Card Poker oracle (``tests/oracle_four_card.py``: its own evaluator
and settlement, nothing from the package), once as the rules settle it and once by an engine
paying three of a kind 3 to 1 on the Ante Bonus. The validator reads the log without an
``up_card`` column, re-settles every row, compares every decision with the no-up-card optimal
strategy, and names the changed line on exactly the rows the oracle paid differently.
"""

from __future__ import annotations

import subprocess
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from in_process import crazy4
from oracle_four_card import (
    SCALE,
    THREE_OF_A_KIND,
    hand_text,
    hand_value,
    read_rules,
    rule_file,
    settle,
)

RULES = "four-card-no-up-card"
ROUNDS = 3000
TABLE = "50-40-8-5-4-3-1"


def _log(path: Path, bonus_trips: Fraction) -> int:
    """Write ``ROUNDS`` seeded rounds, every seat playing 1x, settled by the oracle with the
    Ante Bonus paying three of a kind ``bonus_trips`` to 1; return the rows a three of a kind
    was paid on."""
    reading = read_rules(rule_file("four-card-standard"))
    reading = replace(reading, ante_bonus={**reading.ante_bonus, "three_of_a_kind": bonus_trips})
    rng = np.random.default_rng(2026)
    lines = [
        "round,seat,player,dealer,decision,ante,play,ante_net,play_net,ante_bonus_net,"
        "aces_up,aces_up_net"
    ]
    trips = 0
    for number in range(1, ROUNDS + 1):
        cards = rng.permutation(52)[:11].tolist()
        player, dealer = cards[:5], cards[5:]
        nets = settle(reading, hand_value(player), hand_value(dealer), 1)
        unit = reading.unit
        money = {name: Fraction(int(value), unit) for name, value in nets.items()}
        trips += int(hand_value(player) // SCALE == THREE_OF_A_KIND)
        lines.append(
            f"{number},1,{hand_text(player)},{hand_text(dealer)},1x,1,1,{float(money['ante'])},"
            f"{float(money['play'])},{float(money['ante_bonus'])},1,"
            f"{float(money['aces_up:' + TABLE])}"
        )
    path.write_text("\n".join(lines) + "\n")
    return trips


def _validate(log: Path) -> subprocess.CompletedProcess[str]:
    return crazy4("validate", str(log), "--rules", RULES)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, int]:
    folder = tmp_path_factory.mktemp("no-up")
    _log(folder / "fair.csv", Fraction(2))
    trips = _log(folder / "trips-3.csv", Fraction(3))
    return folder / "fair.csv", folder / "trips-3.csv", trips


def test_a_log_with_no_up_card_settles_under_its_rule_set(logs: tuple[Path, Path, int]) -> None:
    """Every row re-settled as the oracle settled it; every decision compared with the
    no-up-card strategy (a seat playing 1x on every hand deviates on the hands it should fold
    or raise 3x: those are the strategy's findings, not settlement's)."""
    done = _validate(logs[0])
    assert f"{ROUNDS:,} rows re-settled under {RULES}: 0 with an amount that differs" in done.stdout
    assert f"{ROUNDS:,} decisions compared" in done.stdout
    assert "Well-formed: pass" in done.stdout


def test_a_changed_ante_bonus_line_is_named_on_its_rows(logs: tuple[Path, Path, int]) -> None:
    done = _validate(logs[1])
    trips = logs[2]
    assert trips > 0
    assert done.returncode == 1
    assert f"{trips:,} x Ante Bonus three of a kind pays 3 to 1, not 2 to 1" in done.stdout
