"""Real exports in foreign formats, end to end: ``--init-mapping`` guesses a mapping from the
log, the mapping validates the faithful log with no edit, and planted wrong settlements are
found exactly (their count and their rows).

Each log is the independent engine's (tests/validate_planted.py: its own evaluator, the simple
strategy, its own settlement written from the rules text) rewritten by this file's own code
into another format — suit words with numeric ranks, list columns (parquet lists and pandas'
CSV form of them), amounts returned with the stake, a decision over two columns, text round
ids. Nothing of crazy4's writes them.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from validate_planted import Engine, write_log

from crazy4.cli.main import main

ROUNDS = 2_000
#: The rows (1-based) whose settlement is planted wrong.
PLANTED = (7, 450, 1203, 1999)
WORDS = {"c": "CLUB", "d": "DIAMOND", "h": "HEART", "s": "SPADE"}
NUMBERS = {"A": "1", "T": "10", "J": "11", "Q": "12", "K": "13"}
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
AMOUNTS = ("ante", "super_bonus", "play", "queens_up")


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["validate", *args])
    return status, out.getvalue(), err.getvalue()


def cards(hand: str) -> list[tuple[str, str]]:
    """The engine's ``"Kd Tc"`` as (rank, suit) pairs."""
    return [(card[0], card[1]) for card in hand.split()]


def suit_words(hand: str, ace: str) -> str:
    """``SPADE 1 HEART 13``: suit word first, numeric ranks (the ace ``ace``)."""
    spelled = []
    for rank, suit in cards(hand):
        number = ace if rank == "A" else NUMBERS.get(rank, rank)
        spelled.append(f"{WORDS[suit]} {number}")
    return " ".join(spelled)


def upper_list(hand: str) -> list[str]:
    """``['KD', '10H', ...]``."""
    return [("10" if r == "T" else r) + s.upper() for r, s in cards(hand)]


def net_columns(frame: pd.DataFrame, names: dict[str, str]) -> pd.DataFrame:
    return frame.rename(columns=names)


def words_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """Suit words with numeric ranks (ace 1 for the player, 14 for the dealer), vendor names."""
    out = pd.DataFrame(
        {
            "HandId": frame["round"],
            "Seat": frame["seat"],
            "PlayerHand": [suit_words(h, "1") for h in frame["player"]],
            "DealerHand": [suit_words(h, "14") for h in frame["dealer"]],
            "Decision": frame["decision"].map({"fold": "FOLD", "1x": "P1", "3x": "P3"}),
        }
    )
    for wager in AMOUNTS:
        title = "".join(part.title() for part in wager.split("_"))
        out[f"{title}Bet"] = frame[wager]
        out[f"{title}Win"] = frame[f"{wager}_net"]
    path = folder / "words.csv"
    out.to_csv(path, index=False)
    return path, "AnteWin"


def lists_parquet(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """List columns of upper-case cards with ``10`` for ten, in a parquet file."""
    out = frame.drop(columns=["player", "dealer"])
    out.insert(2, "player_cards", [upper_list(h) for h in frame["player"]])
    out.insert(3, "dealer_cards", [upper_list(h) for h in frame["dealer"]])
    path = folder / "lists.parquet"
    out.to_parquet(path, index=False)
    return path, "play_net"


def lists_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """The list columns as pandas writes them to CSV: ``['KD' '10H' ...]``."""
    out = frame.drop(columns=["player", "dealer"])
    out.insert(2, "player_cards", [np.array(upper_list(h)) for h in frame["player"]])
    out.insert(3, "dealer_cards", [np.array(upper_list(h)) for h in frame["dealer"]])
    path = folder / "lists.csv"
    out.to_csv(path, index=False)
    assert "['" in path.read_text().splitlines()[1]
    return path, "queens_up_net"


def returns_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """Each wager's amount returned with the stake (a loss 0, a push the stake)."""
    out = frame[["round", "seat", "player", "dealer"]].copy()
    out["player"] = [h.lower().replace("t", "10") for h in frame["player"]]
    out["dealer"] = [h.lower().replace("t", "10") for h in frame["dealer"]]
    out["decision"] = frame["decision"].map({"fold": "fold", "1x": "play1", "3x": "play3"})
    for wager in AMOUNTS:
        out[wager] = frame[wager]
        out[f"{wager}_return"] = frame[wager] + frame[f"{wager}_net"]
    path = folder / "returns.csv"
    out.to_csv(path, index=False)
    return path, "ante_return"


def two_columns_parquet(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """The decision as ``play``/``fold`` and a float multiplier (null on a fold); symbols."""
    out = frame.copy()
    for column in ("player", "dealer"):
        out[column] = [
            " ".join(("10" if r == "T" else r) + SYMBOLS[s] for r, s in cards(h))
            for h in frame[column]
        ]
    multiple = frame["decision"].map({"fold": np.nan, "1x": 1.0, "3x": 3.0})
    out["decision"] = np.where(frame["decision"] == "fold", "fold", "play")
    out.insert(out.columns.get_loc("decision") + 1, "multiplier", multiple)
    path = folder / "two.parquet"
    out.to_parquet(path, index=False)
    return path, "super_bonus_net"


def text_ids_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """Round ids as text (``H00001``)."""
    out = frame.copy()
    out["round"] = [f"H{number:05d}" for number in frame["round"]]
    path = folder / "text-ids.csv"
    out.to_csv(path, index=False)
    return path, "ante_net"


FORMATS: dict[str, Callable[[pd.DataFrame, Path], tuple[Path, str]]] = {
    "suit words, numeric ranks": words_csv,
    "list columns (parquet)": lists_parquet,
    "list columns (pandas CSV)": lists_csv,
    "amounts with the stake": returns_csv,
    "decision over two columns": two_columns_parquet,
    "text round ids": text_ids_csv,
}


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
