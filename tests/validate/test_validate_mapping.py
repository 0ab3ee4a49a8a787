"""Any log: a third party's own export through a mapping file, suit symbols, integer cards, the
strategy and rule set read from the log's metadata, and the optional ``qualified`` column.

The third-party logs are the independent engine's (tests/validate_planted.py) rewritten by the
test's own code into another notation; nothing of crazy4's converts them.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pandas as pd
import pytest
from validate_planted import RANKS, SUITS, Engine, write_log

from crazy4.cli.main import main
from crazy4.errors import InputError
from crazy4.log.mapping import read_mapping
from crazy4.registry import load_rules
from crazy4.validate.driver import log_options, validate
from crazy4.validate.report import Check, Options, Report

ROUNDS = 3_000
SYMBOL = dict(zip("cdhs", "♣♦♥♠", strict=True))
THEIRS = {
    "round": "HandNo",
    "seat": "Spot",
    "player": "PlayerCards",
    "dealer": "DealerCards",
    "decision": "Action",
    "ante": "AnteBet",
    "super_bonus": "BonusBet",
    "play": "PlayBet",
    "queens_up": "QueensBet",
    "ante_net": "AnteWin",
    "super_bonus_net": "BonusWin",
    "play_net": "PlayWin",
    "queens_up_net": "QueensWin",
}
LABELS = {"fold": "FOLD", "1x": "PLAY", "3x": "RAISE"}


def check(report: Report, name: str) -> Check:
    return next(c for c in report.checks if c.name == name)


def with_symbols(hand: str) -> str:
    """``"Ts 9d"`` as ``"10♠ 9♦"``."""
    return " ".join(("10" if c[0] == "T" else c[0]) + SYMBOL[c[1]] for c in hand.split())


def as_integers(hand: str) -> str:
    """Cards coded suit*13+rank, ranks ace low (A=0 ... K=12), suits s, h, d, c."""
    ace_low = "A23456789TJQK"
    return " ".join(str("shdc".index(c[1]) * 13 + ace_low.index(c[0])) for c in hand.split())


def third_party(frame: pd.DataFrame, cards: str) -> pd.DataFrame:
    """The log in the third party's columns, labels, cents and card notation."""
    out = frame.copy()
    convert = with_symbols if cards == "symbols" else as_integers
    for column in ("player", "dealer"):
        out[column] = out[column].map(convert)
    out["decision"] = out["decision"].map(LABELS)
    for column in THEIRS:
        if column not in ("round", "seat", "player", "dealer", "decision"):
            out[column] = (out[column] * 100).round().astype(int)
    return out.rename(columns=THEIRS)


MAPPING = """
rule_set = "crazy4-standard"
strategy = "simple"
[columns]
{columns}
[decisions]
FOLD = "fold"
PLAY = "1x"
RAISE = "3x"
[wagers]
unit = 0.01
"""


def mapping_file(folder: Path, cards: str) -> Path:
    columns = "\n".join(f'{ours} = "{theirs}"' for ours, theirs in THEIRS.items())
    text = MAPPING.format(columns=columns)
    if cards == "integers":
        text += '[cards]\nnotation = "integers"\nencoding = "suit*13+rank"\n'
        text += 'ranks = "A23456789TJQK"\nsuits = "shdc"\n'
    path = folder / "mapping.toml"
    path.write_text(text)
    return path


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["validate", *args])
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("cards", ["symbols", "integers"])
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_a_third_party_export_validates_through_a_mapping_file(
    tmp_path: Path, cards: str, kind: str
) -> None:
    frame = pd.read_parquet(write_log(tmp_path / "ours.parquet", Engine(), ROUNDS))
    theirs = third_party(frame, cards)
    path = tmp_path / f"theirs.{kind}"
    theirs.to_csv(path, index=False) if kind == "csv" else theirs.to_parquet(path)
    status, out, err = cli(str(path), "--mapping", str(mapping_file(tmp_path, cards)))
    assert (status, err) == (0, ""), out
    assert "Verdict: CONSISTENT" in out and f"{ROUNDS:,} rows" in out


def test_a_planted_deviation_in_their_notation_is_still_its_pattern(tmp_path: Path) -> None:
    engine = Engine(qualifier_ace_high=True)
    frame = pd.read_parquet(write_log(tmp_path / "ours.parquet", engine, ROUNDS))
    path = tmp_path / "theirs.csv"
    third_party(frame, "symbols").to_csv(path, index=False)
    options = log_options(
        path, load=load_rules, mapping=read_mapping(mapping_file(tmp_path, "symbols"))
    )
    report = validate(path, options)
    assert list(check(report, "Settlement").findings) == [
        "dealer qualified from A high, not K high"
    ]


def test_suit_symbols_and_tens_read_without_a_mapping(tmp_path: Path) -> None:
    frame = pd.read_parquet(write_log(tmp_path / "ours.parquet", Engine(), ROUNDS))
    frame["player"] = frame["player"].map(with_symbols)
    path = tmp_path / "symbols.csv"
    frame.to_csv(path, index=False)
    report = validate(path, Options(load_rules("crazy4-standard"), strategy="simple"))
    assert check(report, "Well-formed").passed and check(report, "Settlement").passed


def test_columns_and_labels_as_options(tmp_path: Path) -> None:
    frame = pd.read_parquet(write_log(tmp_path / "ours.parquet", Engine(), ROUNDS))
    path = tmp_path / "renamed.csv"
    frame.rename(columns={"player": "Hand"}).assign(decision=frame["decision"].map(LABELS)).to_csv(
        path, index=False
    )
    args = ["--rules", "crazy4-standard", "--strategy", "simple", "--column", "player=Hand"]
    for ours, theirs in LABELS.items():
        args += ["--decision", f"{ours}={theirs}"]
    status, out, _ = cli(str(path), *args)
    assert status == 0, out


@pytest.mark.parametrize("rules", ["crazy4-standard", "four-card-standard"])
@pytest.mark.parametrize("strategy", ["optimal", "simple"])
def test_a_simulated_log_passes_with_no_option_but_the_file(
    tmp_path: Path, rules: str, strategy: str
) -> None:
    log = tmp_path / "log.parquet"
    simulate = ["simulate", "--rules", rules, "--rounds", "3000", "--seats", "2"]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main([*simulate, "--strategy", strategy, "--log", str(log), "--quiet"]) == 0
    status, out, err = cli(str(log))
    assert (status, err) == (0, ""), out
    assert f"expected strategy: {strategy}" in out and f"against {rules}" in out


def test_a_log_without_a_rule_set_asks_for_one(tmp_path: Path) -> None:
    path = tmp_path / "bare.csv"
    pd.read_parquet(write_log(tmp_path / "x.parquet", Engine(), 10)).to_csv(path, index=False)
    status, _, err = cli(str(path))
    assert status == 2 and "names no rule set; pass --rules" in err and err.count("\n") == 1


def test_a_changed_rule_file_under_a_known_name_is_refused(tmp_path: Path) -> None:
    path = write_log(
        tmp_path / "x.parquet", Engine(), 10, rule_set="crazy4-standard", rule_set_sha256="0" * 64
    )
    with pytest.raises(InputError, match="whose text differs"):
        log_options(path, load=load_rules)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colour = 1", "unknown key 'colour'"),
        ('[cards]\nnotation = "runes"', "'runes' is not one of text, integers"),
        ("[wagers]\nunit = -1", "unit: -1 is not a positive number"),
        ("[columns]\nplayer = 3", "'player' must be text"),
        ("= broken", "not TOML"),
    ],
)
def test_a_bad_mapping_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    log = write_log(tmp_path / "x.parquet", Engine(), 10)
    mapping = tmp_path / "m.toml"
    mapping.write_text(text)
    status, _, err = cli(str(log), "--rules", "crazy4-standard", "--mapping", str(mapping))
    assert status == 2 and message in err and err.count("\n") == 1, err


def test_the_qualified_column_is_checked_when_present(tmp_path: Path) -> None:
    engine = Engine(any_king_or_ace=True)
    frame = pd.read_parquet(write_log(tmp_path / "x.parquet", engine, ROUNDS))
    # the engine's own qualification, as it would log it
    frame["qualified"] = [
        "yes" if any(card[0] in "KA" for card in hand.split()) else "no" for hand in frame["dealer"]
    ]
    path = tmp_path / "q.csv"
    frame.to_csv(path, index=False)
    report = validate(path, Options(load_rules("crazy4-standard"), strategy="simple"))
    assert list(check(report, "Settlement").findings) == ["dealer qualified on any K or A"]
    # the faithful engine's correct column passes
    clean = pd.read_parquet(write_log(tmp_path / "c.parquet", Engine(), ROUNDS))
    assert set(RANKS) and set(SUITS)
    qualifies = []
    for hand in clean["dealer"]:
        from validate_planted import HIGH, best_four

        cards = tuple(RANKS.index(c[0]) * 4 + SUITS.index(c[1]) for c in hand.split())
        qualifies.append(int(best_four(cards) >= (HIGH, 11)))
    clean["qualified"] = qualifies
    clean.to_csv(path, index=False)
    report = validate(path, Options(load_rules("crazy4-standard"), strategy="simple"))
    assert check(report, "Settlement").passed
    clean.loc[::100, "qualified"] = 1 - clean.loc[::100, "qualified"]
    clean.to_csv(path, index=False)
    report = validate(path, Options(load_rules("crazy4-standard"), strategy="simple"))
    assert not check(report, "Settlement").passed
    assert all("qualified column says" in what for what in check(report, "Settlement").findings)


def test_a_summary_names_its_rule_set_and_strategy(tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    simulate = ["simulate", "--rules", "crazy4-standard", "--rounds", "5000", "--quiet"]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main([*simulate, "--strategy", "simple", "--summary", str(summary)]) == 0
    status, out, err = cli(str(summary))
    assert (status, err) == (0, ""), out
    assert "against crazy4-standard" in out and "expected strategy: simple" in out
