"""Real exports in foreign formats, end to end: ``--init-mapping`` guesses a mapping from the
log, the mapping validates the faithful log with no edit, and planted wrong settlements are
found exactly (their count and their rows).

Each log is the independent engine's (tests/validate_planted.py: its own evaluator, the simple
strategy, its own settlement written from the rules text) rewritten by the tests' own code
(tests/log/foreign_formats.py) into another format — suit words with numeric ranks, list
columns (parquet lists and pandas' CSV form of them), amounts returned with the stake, a
decision over two columns, text round ids. Nothing of crazy4's writes them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from foreign_formats import (
    FORMATS,
    absent_folds_csv,
    cards,
    cli,
    clover_csv,
    credits_csv,
    empty_folds_csv,
    learnt_words_csv,
    returns_csv,
    text_ids_csv,
    two_columns_parquet,
    words_csv,
)
from validate_planted import Engine, write_log

ROUNDS = 2_000
#: The rows (1-based) whose settlement is planted wrong.
PLANTED = (7, 450, 1203, 1999)


@pytest.fixture(scope="module")
def engine_log(tmp_path_factory: pytest.TempPathFactory) -> pd.DataFrame:
    folder = tmp_path_factory.mktemp("engine")
    return pd.read_parquet(write_log(folder / "engine.parquet", Engine(), ROUNDS))


def planted_rows(report: Path) -> tuple[int, set[int], int]:
    """The Settlement check's count of differing rows, the rows its examples name, and the
    rows the Well-formed check rests on."""
    checks = {check["name"]: check for check in json.loads(report.read_text())["checks"]}
    settlement = checks["Settlement"]
    count = sum(finding["count"] for finding in settlement["findings"])
    rows = {example["row"] for f in settlement["findings"] for example in f["examples"]}
    return count, rows, checks["Well-formed"]["rests_on"]["count"]


@pytest.mark.parametrize("name", list(FORMATS))
def test_init_mapping_then_planted_settlements_found_exactly(
    engine_log: pd.DataFrame, tmp_path: Path, name: str
) -> None:
    clean, column = FORMATS[name](engine_log, tmp_path)
    mapping = tmp_path / "mapping.toml"
    status, out, err = cli(
        str(clean), "--init-mapping", "--mapping", str(mapping), "--rules", "crazy4-standard"
    )
    assert (status, err) == (0, ""), err
    assert "written to" in out
    # the faithful log validates through the guessed mapping, not edited
    status, out, err = cli(str(clean), "--mapping", str(mapping), "--strategy", "simple")
    assert (status, err) == (0, ""), mapping.read_text() + out
    assert "Verdict: CONSISTENT" in out and f"{ROUNDS:,} rows" in out
    # the same log with wrong amounts on the planted rows: those rows, and no other
    planted = tmp_path / f"planted{clean.suffix}"
    frame = pd.read_parquet(clean) if clean.suffix == ".parquet" else pd.read_csv(clean)
    frame.loc[[row - 1 for row in PLANTED], column] += 1
    if clean.suffix == ".parquet":
        frame.to_parquet(planted, index=False)
    else:
        frame.to_csv(planted, index=False)
    report = tmp_path / "report.json"
    args = ["--mapping", str(mapping), "--strategy", "simple", "--examples", "50"]
    status, out, err = cli(str(planted), *args, "--report", str(report))
    assert (status, err) == (1, ""), out
    count, rows, checked = planted_rows(report)
    assert (count, rows, checked) == (len(PLANTED), set(PLANTED), ROUNDS), out


def test_the_guessed_mappings_say_what_they_guessed(
    engine_log: pd.DataFrame, tmp_path: Path
) -> None:
    expected = {
        words_csv: ['order = "suit-rank"', 'P3 = "3x"', 'player = "PlayerHand"'],
        returns_csv: ['ante = "return"', 'play = "return"', 'play3 = "3x"'],
        two_columns_parquet: ['decision = ["decision", "multiplier"]', '"play 3" = "3x"'],
        text_ids_csv: ['round_ids = "text"'],
        clover_csv: ['order = "suit-rank"'],
        learnt_words_csv: ["[cards.symbols]", 'KREUZ = "c"', 'order = "rank-suit"'],
        credits_csv: [
            'ante_net = "ante_credit"',
            'decision = ["engine_decision", "play_multiplier"]',
            '"play 3" = "3x"',
            'queens_up = "return"',
        ],
        empty_folds_csv: ['"" = "fold"', 'super_bonus = "ante"', 'P1 = "1x"'],
        absent_folds_csv: ['decision_from = "stakes"'],
    }
    for write, lines in expected.items():
        log, _ = write(engine_log, tmp_path)
        status, out, err = cli(str(log), "--init-mapping")  # printed without --mapping
        assert (status, err) == (0, "")
        assert all(line in out for line in lines), out


def test_init_mapping_replaces_a_file_only_with_force(
    engine_log: pd.DataFrame, tmp_path: Path
) -> None:
    log, _ = text_ids_csv(engine_log, tmp_path)
    mapping = tmp_path / "m.toml"
    mapping.write_text("# mine\n")
    status, _, err = cli(str(log), "--init-mapping", "--mapping", str(mapping))
    assert status == 2 and "--force" in err and err.count("\n") == 1
    assert mapping.read_text() == "# mine\n"
    status, _, err = cli(str(log), "--init-mapping", "--mapping", str(mapping), "--force")
    assert (status, err) == (0, "") and 'round_ids = "text"' in mapping.read_text()
    status, _, err = cli(str(log), "--init-mapping", "--mapping", str(log), "--force")
    assert status == 2 and "is the input" in err and err.count("\n") == 1


def test_labels_whose_text_says_nothing_are_decided_by_settlement(
    engine_log: pd.DataFrame, tmp_path: Path
) -> None:
    """``PASS``, ``CALL`` and ``RAISE`` say no decision: ``--init-mapping --rules`` tries each
    of crazy4's decisions for each on the first rows and keeps the one under which the most
    rows read and settle; the mapping then validates the log unedited."""
    frame = engine_log.copy()
    frame["decision"] = frame["decision"].map({"fold": "PASS", "1x": "CALL", "3x": "RAISE"})
    log = tmp_path / "opaque.csv"
    frame.to_csv(log, index=False)
    mapping = tmp_path / "mapping.toml"
    status, _, err = cli(
        str(log), "--init-mapping", "--mapping", str(mapping), "--rules", "crazy4-standard"
    )
    assert (status, err) == (0, ""), err
    text = mapping.read_text()
    for line in ('PASS = "fold"', 'CALL = "1x"', 'RAISE = "3x"', "[decisions] 'RAISE' = 3x"):
        assert line in text, text
    assert "runner-up" in text and f"{1000:,} read, {1000:,} settled" in text
    status, out, err = cli(str(log), "--mapping", str(mapping), "--strategy", "simple")
    assert (status, err) == (0, ""), text + out


def test_integer_codes_are_decided_by_settlement(engine_log: pd.DataFrame, tmp_path: Path) -> None:
    """Cards as integers ``suit * 13 + rank`` with the ace first (0 the ace of its suit): which
    encoding and where the ace is cannot be told from the numbers, but only one reading
    settles the rows; ``--init-mapping --rules`` finds it, and the mapping validates unedited."""
    order = "A23456789TJQK"
    suits = "shdc"

    def codes(hand: str) -> str:
        return " ".join(str(suits.index(s) * 13 + order.index(r)) for r, s in cards(hand))

    frame = engine_log.copy()
    frame["player"] = frame["player"].map(codes)
    frame["dealer"] = frame["dealer"].map(codes)
    log = tmp_path / "integers.csv"
    frame.to_csv(log, index=False)
    mapping = tmp_path / "mapping.toml"
    status, _, err = cli(
        str(log), "--init-mapping", "--mapping", str(mapping), "--rules", "crazy4-standard"
    )
    assert (status, err) == (0, ""), err
    text = mapping.read_text()
    assert 'encoding = "suit*13+rank"' in text and f'ranks = "{order}"' in text, text
    assert "CHECK" not in text and "runner-up" in text
    status, out, err = cli(str(log), "--mapping", str(mapping), "--strategy", "simple")
    assert (status, err) == (0, ""), text + out


def test_card_columns_no_name_places_are_told_apart_by_settlement(
    engine_log: pd.DataFrame, tmp_path: Path
) -> None:
    """Two columns of five cards, ``hand_a`` (the dealer's) before ``hand_b`` (the player's):
    no name and no count tells them apart; ``--init-mapping --rules`` gives them by settlement,
    the runner-up (swapped) said, and the mapping validates unedited."""
    frame = engine_log.rename(columns={"dealer": "hand_a", "player": "hand_b"})
    frame = frame[["round", "seat", "hand_a", "hand_b", *frame.columns[4:]]]
    log = tmp_path / "unnamed.csv"
    frame.to_csv(log, index=False)
    mapping = tmp_path / "mapping.toml"
    status, _, err = cli(
        str(log), "--init-mapping", "--mapping", str(mapping), "--rules", "crazy4-standard"
    )
    assert (status, err) == (0, ""), err
    text = mapping.read_text()
    assert 'player = "hand_b"' in text and 'dealer = "hand_a"' in text, text
    assert "[columns] = player = 'hand_b', dealer = 'hand_a'" in text and "runner-up" in text
    status, out, err = cli(str(log), "--mapping", str(mapping), "--strategy", "simple")
    assert (status, err) == (0, ""), text + out
