"""``--init-mapping --rules`` searches card notations and round ids by settlement.

Each raw export is written here from the independent engine (tests/validate_planted.py: its own
evaluator, dealing, simple strategy and settlement, nothing of crazy4's), in a shape where the
values alone do not say the reading:

* ranks numbered 0-12 with the ace first (``S0`` the ace of spades, ``H12`` the king of
  hearts): the grammar reads none of it; the words learnt from the cells read every cell but
  wrongly (0 the one rank left, a king); the ace last reads every cell, wrongly too. Only
  settlement tells, and the guess must keep the ace first;
* two seats a round under an id no name says (``deal_ref``), beside a ticket number per row
  and a shoe number that changes every ten rounds: the shoe groups rows of different dealers
  (they do not read), the ticket reads every row but checks none together; the deal
  reference reads every row in half as many rounds;
* what cannot be settled: card text no notation reads, and two id columns that read and
  settle the same rows, each a one-line question in the file.

The guessed mapping, not edited, validates each export (only ``--strategy`` given) and finds
a planted deviation on exactly the rows the engine changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from foreign_formats import FORMATS, cli
from validate_planted import Engine, deal_rows, settle, text

ROUNDS = 1500
INDEX_ACE_FIRST = {"A": 0, **{r: i + 1 for i, r in enumerate("23456789TJQK")}}


def ace_first(hand: str) -> str:
    """``Kd Tc`` as ``D12 C9``: the suit letter, then the rank's index with the ace 0."""
    return " ".join(f"{card[1].upper()}{INDEX_ACE_FIRST[card[0]]}" for card in hand.split())


def guessed(log: Path, folder: Path) -> tuple[Path, str]:
    mapping = folder / f"{log.stem}.toml"
    status, _, err = cli(
        str(log), "--init-mapping", "--mapping", str(mapping), "--rules", "crazy4-standard"
    )
    assert (status, err) == (0, ""), err
    return mapping, mapping.read_text()


def settlement_rows(log: Path, mapping: Path, folder: Path) -> tuple[int, str, set[int]]:
    """Exit status, the printed report and the rows the Settlement check names."""
    report = folder / "report.json"
    args = ["--mapping", str(mapping), "--strategy", "simple", "--examples", "10000"]
    status, out, err = cli(str(log), *args, "--report", str(report))
    assert err == "", err
    checks = {c["name"]: c for c in json.loads(report.read_text())["checks"]}
    rows = {e["row"] for f in checks["Settlement"]["findings"] for e in f["examples"]}
    return status, out, rows


def numbered_export(engine: Engine, folder: Path, name: str) -> Path:
    frame = pd.DataFrame(deal_rows(engine, ROUNDS))
    for column in ("player", "dealer"):
        frame[column] = [ace_first(hand) for hand in frame[column]]
    path = folder / name
    frame.to_csv(path, index=False)
    return path


def test_ranks_numbered_from_zero_are_told_by_settlement(tmp_path: Path) -> None:
    clean = numbered_export(Engine(), tmp_path, "clean.csv")
    mapping, text_ = guessed(clean, tmp_path)
    notes = [line for line in text_.splitlines() if line.startswith("#   [cards] = ")]
    assert len(notes) == 1, text_
    assert notes[0].startswith("#   [cards] = text, suit-rank, ranks 0-12 with the ace first: ")
    assert "runner-up" in notes[0] and "QUESTION" not in text_
    assert '\n0 = "A"' in text_ and '\n12 = "K"' in text_
    status, out, rows = settlement_rows(clean, mapping, tmp_path)
    assert (status, rows) == (0, set()), out
    assert "Verdict: CONSISTENT" in out and f"{ROUNDS:,} rows" in out
    # a planted deviation through the same mapping, unedited: its rows exactly
    planted = numbered_export(Engine(flush_pays=1.0), tmp_path, "planted.csv")
    faithful, deviated = (pd.read_csv(p) for p in (clean, planted))
    nets = ["ante_net", "super_bonus_net", "play_net", "queens_up_net"]
    changed = set(np.flatnonzero((faithful[nets] != deviated[nets]).any(axis=1)) + 1)
    assert len(changed) > 10
    status, out, rows = settlement_rows(planted, mapping, tmp_path)
    assert (status, rows) == (1, changed), out
    assert "Super Bonus flush pays 1 to 1, not 3/2 to 1" in out


def two_seat_export(folder: Path, engine: Engine, tickets: int = 1) -> Path:
    """Two seats a round: ``deal_ref`` the round, ``ticket`` (``tickets`` columns of them) a
    number per row, ``shoe`` one per ten rounds; no column named as a round."""
    decks = np.argsort(np.random.default_rng(31).random((ROUNDS // 2, 52)), axis=1)[:, :15]
    rows = []
    for number, deck in enumerate(decks.tolist()):
        dealer = tuple(deck[10:15])
        for seat in (1, 2):
            player = tuple(deck[5 * (seat - 1) : 5 * seat])
            row: dict[str, object] = {"deal_ref": f"D-{number:05d}", "seat": seat}
            row["shoe"] = 700 + number // 10
            for t in range(tickets):
                row[f"ticket{t or ''}"] = 90_000 + 7 * t + 2 * number + seat
            row.update({"player": text(player), "dealer": text(dealer)})
            row.update(settle(engine, player, dealer))
            rows.append(row)
    path = folder / f"seats-{tickets}.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


def test_the_round_id_is_the_column_that_groups_the_rows_it_reads(tmp_path: Path) -> None:
    clean = two_seat_export(tmp_path, Engine())
    mapping, text_ = guessed(clean, tmp_path)
    assert 'round = "deal_ref"' in text_ and 'round_ids = "text"' in text_, text_
    note = next(line for line in text_.splitlines() if "[columns] round = " in line)
    assert "in 500 rounds" in note and "runner-up" in note, note
    status, out, rows = settlement_rows(clean, mapping, tmp_path)
    assert (status, rows) == (0, set()), out
    assert f"{ROUNDS:,} rows, {ROUNDS // 2:,} rounds" in out


def test_what_settlement_cannot_tell_is_a_one_line_question(tmp_path: Path) -> None:
    frame = pd.read_csv(two_seat_export(tmp_path, Engine(), tickets=2))
    tied = tmp_path / "tied.csv"
    frame.drop(columns=["deal_ref", "shoe"]).to_csv(tied, index=False)
    _, text_ = guessed(tied, tmp_path)
    questions = [line for line in text_.splitlines() if "QUESTION: [columns] round" in line]
    assert len(questions) == 1 and "'ticket' or 'ticket1'" in questions[0], text_
    assert "\nround = " not in text_  # no silent guess
    frame["player"] = ["\U0001f0a1\U0001f0ae\U0001f0ad\U0001f0ab\U0001f0aa"] * len(frame)
    unread = tmp_path / "unread.csv"
    frame.to_csv(unread, index=False)
    _, text_ = guessed(unread, tmp_path)
    questions = [line for line in text_.splitlines() if "QUESTION: [cards]" in line]
    assert len(questions) == 1, text_


@pytest.mark.parametrize("hand", ["As Kd Qh Jc 9s", "2c 3d 4h 5s 7c"])
def test_the_test_notation_is_what_it_says(hand: str) -> None:
    spelled = ace_first(hand).split()
    assert spelled[0][0] == hand.split()[0][1].upper()
    assert ("0" if hand.startswith("A") else "1") == spelled[0][1:]


def test_unnamed_card_columns_of_numbered_ranks_are_found(tmp_path: Path) -> None:
    """No name says the card columns, and no built-in notation reads them: the columns are
    found by the readings learnt from their cells, whose hand each is and the ace's place by
    settlement; the mapping, unedited, validates the export."""
    frame = pd.read_csv(numbered_export(Engine(), tmp_path, "numbered.csv"))
    frame = frame.rename(columns={"dealer": "bank_cards", "player": "box_cards"})
    frame = frame[["round", "seat", "bank_cards", "box_cards", *frame.columns[4:]]]
    log = tmp_path / "unnamed.csv"
    frame.to_csv(log, index=False)
    mapping, text_ = guessed(log, tmp_path)
    assert 'player = "box_cards"' in text_ and 'dealer = "bank_cards"' in text_, text_
    assert "ranks 0-12 with the ace first" in text_ and "QUESTION" not in text_
    status, out, rows = settlement_rows(log, mapping, tmp_path)
    assert (status, rows) == (0, set()), out


@pytest.mark.parametrize("name", ["objects' text", "long suit words (clover), ace 1"])
def test_readings_that_read_the_same_cards_ask_nothing(tmp_path: Path, name: str) -> None:
    """Objects' text reads the same in either order: one reading, no question."""
    log, _ = FORMATS[name](pd.DataFrame(deal_rows(Engine(), 1200)), tmp_path)
    _, text_ = guessed(log, tmp_path)
    assert "QUESTION" not in text_, text_
    assert any(line.startswith("#   [cards] = text, ") for line in text_.splitlines()), text_
