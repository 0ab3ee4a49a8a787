"""``crazy4 cardroom`` and the card-room tables of ``crazy4 analyze``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest

from crazy4.cli.main import main
from crazy4.results.write import read_provenance
from crazy4.rules.load import RULES_DIR


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_help_explains_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["cardroom", "--help"])
    assert exit_info.value.code == 0
    text = capsys.readouterr().out
    for option in (
        "--rules",
        "--table",
        "--seats",
        "--ante",
        "--queens-up",
        "--strategy",
        "--seat ANTE[:QUEENS_UP[:STRATEGY]]",
        "--bankroll",
        "--simulate-rounds",
        "--seed",
        "--json",
    ):
        assert option in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seats", "6", "--ante", "21", "--table", "5-20"], r"Ante \$21 is outside the limits"),
        (["--seats", "6", "--ante", "4"], r"Ante \$4 is outside the limits of every table"),
        (["--seats", "0", "--ante", "20"], "--seats 0: at least one seat is needed"),
        (
            ["--seats", "8", "--ante", "20"],
            "8 seats; the rule set 'crazy4-cardroom' seats at most 7",
        ),
        (  # found by tests/cli/test_cli_bad_input.py's hypothesis search: a traceback
            ["--seats", str(10**30), "--ante", "20"],
            f"{10**30} seats; the rule set 'crazy4-cardroom' seats at most 7",
        ),
        (["--seats", "2", "--ante", "twenty"], "--ante: 'twenty' is not an amount"),
        (["--ante", "20", "--queens-up", "50"], r"Queens Up \$50 is outside the limits"),
        (["--ante", "20", "--table", "1-2"], "table '1-2' is not in rule set"),
        (["--seats", "3"], "give --ante"),
        (["--seat", "20:5:lucky"], "strategy 'lucky'"),
        (["--ante", "20", "--rules", "crazy4-standard"], "describes no card-room tables"),
    ],
)
def test_invalid_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "cardroom", *argv)
    assert status == 2 and out == ""
    assert err.startswith("crazy4: error: ") and len(err.strip().splitlines()) == 1
    assert re.search(message, err)


def test_overlapping_bands_in_a_rule_file_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (RULES_DIR / "crazy4-cardroom.toml").read_text()
    band = "ante_from = 10\nante_to = 100\nflat = 1"
    assert band in text
    extra = "\n\n[[cardroom.tables.collection]]\nante_from = 50\nante_to = 60\nflat = 2"
    text = text.replace(band, band + extra)
    path = tmp_path / "overlap.toml"
    path.write_text(text)
    status, _, err = run(capsys, "cardroom", "--rules", str(path), "--ante", "20")
    assert status == 2
    assert "overlap.toml [cardroom] [[tables]] #2: collection bands #1" in err
    assert "overlap" in err


def test_cardroom_prints_player_and_banker(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["cardroom", "--seats", "6", "--ante", "20", "--queens-up", "5", "--bankroll", "5000"]
    status, out, _ = run(capsys, *argv, "--simulate-rounds", "20000")
    assert status == 0
    assert "table 5-20" in out
    assert "Player, one hand ($20 Ante, $5 Queens Up, optimal strategy)" in out
    assert "Player, two hands ($20 Ante each, the second blind" in out
    assert "Banker (player/dealer) against 6 seat(s)" in out
    assert "risk of ruin with $5,000" in out
    status, out, _ = run(capsys, *argv, "--simulate-rounds", "0", "--json")
    summary = json.loads(out)
    banker = summary["banker"]
    assert banker["seats"] == 6 and banker["variance_card_removal"] == 0
    assert banker["sd"] == banker["sd_dealer_conditioned"]
    one_hand = summary["player"]["one_hand"]
    assert one_hand["collection"] == 0.5 and one_hand["queens_up"] == 5
    # the banker wins what the seats lose to the game, less its own $2
    seat_loss = one_hand["game_loss"] + one_hand["queens_up_loss"]
    assert banker["banker_ev"] == pytest.approx(6 * seat_loss - 2, rel=1e-12)


def test_analyze_writes_the_cardroom_tables(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "results"
    status, text, _ = run(
        capsys,
        "analyze",
        "--rules",
        "crazy4-cardroom",
        "--out",
        str(out),
        "--quiet",
        "--simulate-rounds",
        "20000",
    )
    assert status == 0 and "11 tables" in text
    cost = pd.read_parquet(out / "cardroom_cost.parquet")
    assert len(cost) == 2 * (16 + 91)  # every Ante size, with and without Queens Up
    assert (cost["expected_loss"] > 0).all()
    banker = pd.read_parquet(out / "cardroom_banker.parquet")
    assert sorted(banker["seats"].unique()) == list(range(1, 8))
    assert len(banker) == 2 * 2 * 2 * 7
    assert read_provenance(out / "cardroom_banker.parquet")["simulation_rounds"] == 20000
    hands = pd.read_parquet(out / "two_hands.parquet")
    assert list(hands["hands"]) == [
        "first hand (optimal strategy)",
        "blind second hand",
        "both hands",
    ]
    distribution = pd.read_parquet(out / "two_hands_distribution.parquet")
    for label in ("blind", "both"):
        part = distribution[distribution["hands"] == label]
        assert part["probability"].sum() == pytest.approx(1, abs=1e-12)
    report = (out / "report.md").read_text()
    assert "## The card room: collection, the banker, two hands" in report
    assert "### The player's true cost" in report and "### Two hands" in report
