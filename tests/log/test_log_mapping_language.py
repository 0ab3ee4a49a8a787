"""The mapping language beyond the guessed formats: a bonus folded into another wager's
amount, an inline pay table, clashing columns dropped or renamed, one direction for labels,
a log every row of which is malformed, and one-line errors naming the mapping key.

The logs are the independent engines' (tests/validate_planted.py for Crazy 4 Poker,
tests/oracle_four_card.py for Four Card Poker: settlement from the rules text, importing
nothing of crazy4's).
"""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle_four_card import hand_text, read_rules, rule_file, settle_round
from validate_planted import Engine, write_log

from crazy4.cli.main import main

ROUNDS = 2_000


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["validate", *args])
    return status, out.getvalue(), err.getvalue()


def checks(report: Path) -> dict[str, dict[str, object]]:
    return {check["name"]: check for check in json.loads(report.read_text())["checks"]}


def settlement_rows(report: Path) -> set[int]:
    found = checks(report)["Settlement"]["findings"]
    assert isinstance(found, list)
    return {example["row"] for finding in found for example in finding["examples"]}


def four_card_log(rounds: int, seed: int = 3) -> pd.DataFrame:
    """Four Card Poker rounds settled by the oracle, the Ante Bonus folded into ``ante_net``
    and repeated, for information, in a column of its own."""
    reading = read_rules(rule_file("four-card-standard"))
    rng = np.random.default_rng(seed)
    rows = []
    for number in range(1, rounds + 1):
        deck = rng.permutation(52)[:11]
        player, dealer = hand_text(deck[:5].tolist()), hand_text(deck[5:].tolist())
        up = hand_text([int(deck[5])])
        decision = ("fold", "1x", "3x")[number % 3]
        nets = settle_round(reading, player, dealer, decision)
        rows.append(
            {
                "round": number,
                "player": player,
                "dealer": dealer,
                "up_card": up,
                "decision": decision,
                "ante": 1.0,
                "play": float(Fraction(decision[0]) if decision != "fold" else 0),
                "ante_net": float(nets["ante"] + nets["ante_bonus"]),
                "ante_bonus_net": float(nets["ante_bonus"]),
                "play_net": float(nets["play"]),
            }
        )
    return pd.DataFrame(rows)


def test_a_bonus_folded_into_the_ante_reads_as_declared(tmp_path: Path) -> None:
    frame = four_card_log(ROUNDS)
    assert (frame["ante_bonus_net"] > 0).sum() > 20  # the bonus is paid on enough rows
    planted = [11, 600, 1500]
    frame.loc[[row - 1 for row in planted], "ante_net"] += 1
    path = tmp_path / "folded.csv"
    frame.to_csv(path, index=False)
    mapping = tmp_path / "m.toml"
    mapping.write_text('[amounts]\nante_bonus = "in ante"\n')
    report = tmp_path / "r.json"
    args = ["--rules", "four-card-standard", "--examples", "50", "--report", str(report)]
    status, out, err = cli(str(path), "--mapping", str(mapping), *args)
    assert status == 1 and err == "", out
    found = checks(report)["Settlement"]
    assert sum(f["count"] for f in found["findings"]) == len(planted)  # type: ignore[union-attr]
    assert settlement_rows(report) == set(planted)
    # read as separate amounts, every row paid a bonus differs (the bonus counted twice)
    status, out, _ = cli(str(path), *args)
    assert status == 1 and len(settlement_rows(report)) > len(planted)


SUPER_BONUS_FLUSH_2 = """
rule_set = "crazy4-standard"
strategy = "simple"
[rules.super_bonus.pays]        # the casino's table: flush 2 to 1, not shipped
four_aces = 200
four_of_a_kind = 30
straight_flush = 15
three_of_a_kind = 2
flush = 2
straight = 1
"""


def test_an_inline_pay_table_needs_no_rule_file(tmp_path: Path) -> None:
    path = write_log(tmp_path / "flush2.parquet", Engine(flush_pays=2.0), ROUNDS)
    mapping = tmp_path / "m.toml"
    mapping.write_text(SUPER_BONUS_FLUSH_2)
    status, out, err = cli(str(path), "--mapping", str(mapping))
    assert (status, err) == (0, ""), out
    assert "crazy4-standard.inline" in out
    # the shipped table instead: the flushes' Super Bonus differs
    status, out, _ = cli(str(path), "--rules", "crazy4-standard", "--strategy", "simple")
    assert status == 1 and "Super Bonus" in out
    mapping.write_text(SUPER_BONUS_FLUSH_2.replace("flush = 2", "flush = -2"))
    status, out, err = cli(str(path), "--mapping", str(mapping))
    assert status == 2 and "[rules]" in err and "flush" in err and err.count("\n") == 1


def test_a_clashing_column_is_named_then_dropped_or_renamed(tmp_path: Path) -> None:
    frame = pd.read_parquet(write_log(tmp_path / "x.parquet", Engine(), 500))
    frame = frame.rename(columns={"ante": "AnteBet"})
    frame["ante"] = "see AnteBet"  # the vendor's own column of that name
    path = tmp_path / "clash.csv"
    frame.to_csv(path, index=False)
    mapping = tmp_path / "m.toml"
    base = 'rule_set = "crazy4-standard"\nstrategy = "simple"\n'
    mapping.write_text(base + '[columns]\nante = "AnteBet"\n')
    status, _, err = cli(str(path), "--mapping", str(mapping))
    assert status == 2 and "drop = ['ante']" in err and err.count("\n") == 1
    for fix in ('drop = ["ante"]\n[columns]\n', '[columns]\ntheir_ante = "ante"\n'):
        mapping.write_text(base + fix + 'ante = "AnteBet"\n')
        status, out, err = cli(str(path), "--mapping", str(mapping))
        assert (status, err) == (0, ""), out


def test_labels_go_one_way_in_the_file_and_on_the_command_line(tmp_path: Path) -> None:
    frame = pd.read_parquet(write_log(tmp_path / "x.parquet", Engine(), 500))
    frame["decision"] = frame["decision"].map({"fold": "F", "1x": "P1", "3x": "P3"})
    path = tmp_path / "labels.csv"
    frame.to_csv(path, index=False)
    common = ["--rules", "crazy4-standard", "--strategy", "simple"]
    labels = ["--decision", "F=fold", "--decision", "P1=1x", "--decision", "P3=3x"]
    assert cli(str(path), *common, *labels)[0] == 0
    status, _, err = cli(str(path), *common, "--decision", "fold=F")
    assert status == 2 and "--decision F=fold" in err and err.count("\n") == 1
    mapping = tmp_path / "m.toml"
    mapping.write_text('[decisions]\nF = "fold"\nP1 = "1x"\nP3 = "3x"\n')
    assert cli(str(path), *common, "--mapping", str(mapping))[0] == 0
    mapping.write_text('[decisions]\nfold = "F"\n')
    status, _, err = cli(str(path), *common, "--mapping", str(mapping))
    assert status == 2 and '"F" = "fold"' in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("cells", "options", "named"),
    [
        ({"round": "H{:05d}"}, [], 'round_ids = "text"'),  # text ids, no mapping saying so
        (
            {"player": "SPADE 1 HEART 13 CLUB 2 DIAMOND 3 SPADE 4"},
            ["--cards", "integers"],
            "token 'SPADE' is not a whole number",
        ),
        ({"dealer": "Zz Yy Xx Ww Vv"}, [], "'Zz' at position 1 is not a card"),
    ],
)
def test_a_log_with_every_row_malformed_passes_nothing(
    tmp_path: Path, cells: dict[str, str], options: list[str], named: str
) -> None:
    frame = pd.read_parquet(write_log(tmp_path / "x.parquet", Engine(), 500))
    for column, cell in cells.items():
        frame[column] = [cell.format(number) for number in frame["round"]]
    path = tmp_path / "bad.csv"
    frame.to_csv(path, index=False)
    status, out, err = cli(str(path), "--rules", "crazy4-standard", *options)
    assert status == 2 and err.count("\n") == 1 and named in err, err
    assert "pass" not in out.lower()


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('[cards]\nnotation = "integers"\nsuits = "cdhx"', "'x' is not a suit letter"),
        ('[cards]\nranks = "23456789TJQKK"', "'K' is there twice"),
        ('[cards.symbols]\nP = "spade"', "'spade' is not a rank"),
        ('[cards]\norder = "rank-first"', "order: 'rank-first' is not one of"),
        ('[amounts]\nante = "gross"', "ante = 'gross': not one of net, return"),
        ('drop = "Notes"', "'drop' must be a list"),
        ('round_ids = "letters"', "round_ids: 'letters' is not one of numbers, text"),
        ('[columns]\ndecision = ["a", "b", "c"]', "not one column or two"),
        ('[decisions]\nP = "raise"', "'raise' is not a crazy4 decision"),
        ("rules = 3", "'rules' must be a table"),
    ],
)
def test_a_bad_mapping_is_one_line_naming_its_key(tmp_path: Path, text: str, named: str) -> None:
    log = write_log(tmp_path / "x.parquet", Engine(), 10)
    mapping = tmp_path / "m.toml"
    mapping.write_text(text)
    status, _, err = cli(str(log), "--rules", "crazy4-standard", "--mapping", str(mapping))
    assert status == 2 and named in err and err.count("\n") == 1, err
    if "suit letter" in named:
        assert "accepted: c, d, h, s" in err


@given(
    key=st.sampled_from(["suits", "ranks", "order", "notation", "encoding"]),
    value=st.text(alphabet="cdhsxyzCDHS23456789TJQKA1♠-", min_size=0, max_size=14),
)
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_any_bad_card_key_is_exit_2_in_one_line(tmp_path: Path, key: str, value: str) -> None:
    good = {
        "suits": sorted("cdhs") == sorted(value),
        "ranks": sorted("23456789TJQKA") == sorted(value),
        "order": value in ("rank-suit", "suit-rank"),
        "notation": value in ("text", "integers"),
        "encoding": value in ("rank*4+suit", "suit*13+rank"),
    }
    if good[key]:
        return
    mapping = tmp_path / "bad.toml"
    mapping.write_text(f'[cards]\n{key} = "{value}"\n', encoding="utf-8")
    log = tmp_path / "x.parquet"
    if not log.exists():
        write_log(log, Engine(), 10)
    status, out, err = cli(str(log), "--rules", "crazy4-standard", "--mapping", str(mapping))
    assert status == 2 and out == "" and err.count("\n") == 1 and key in err, err


def test_init_mapping_names_a_rule_file_only_in_a_comment(tmp_path: Path) -> None:
    log = write_log(tmp_path / "x.parquet", Engine(), 20)
    rule_file = tmp_path / "mine.toml"
    rule_file.write_text((Path(__file__).parents[2] / "crazy4/rules/data/crazy4-standard.toml")
                         .read_text())  # fmt: skip
    status, out, _ = cli(str(log), "--init-mapping", "--rules", str(rule_file))
    assert status == 0 and f"# rule_set: a rule file is passed as --rules {rule_file}" in out
    assert "\nrule_set =" not in out


def test_text_round_ids_seen_again_are_a_repeated_round_by_row(tmp_path: Path) -> None:
    frame = pd.read_parquet(write_log(tmp_path / "x.parquet", Engine(), 500))
    frame["round"] = [f"H{number:05d}" for number in frame["round"]]
    frame = pd.concat([frame, frame.iloc[:3]], ignore_index=True)  # rounds 1-3 logged again
    path = tmp_path / "again.csv"
    frame.to_csv(path, index=False)
    mapping = tmp_path / "m.toml"
    mapping.write_text('rule_set = "crazy4-standard"\nstrategy = "simple"\nround_ids = "text"\n')
    report = tmp_path / "r.json"
    status, out, err = cli(str(path), "--mapping", str(mapping), "--report", str(report))
    assert status == 1 and err == "", out
    structure = checks(report)["Structure"]
    assert structure["status"] == "fail"
    (finding,) = structure["findings"]  # type: ignore[misc]
    assert finding["count"] == 3
    assert [example["rows"] for example in finding["examples"]] == ["1, 501", "2, 502", "3, 503"]


@given(
    header=st.lists(
        st.sampled_from(
            ["HandId", "Cards", "dealer", "Action", "Mult", "AnteBet", "ante_return", "x", "ante"]
        ),
        min_size=1,
        max_size=6,
        unique=True,
    ),
    cells=st.lists(st.text(alphabet="AKQ10SPADEhs ♠,;[]'1.5-", max_size=12), max_size=30),
)
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_init_mapping_on_any_log_writes_toml_or_one_line(
    tmp_path: Path, header: list[str], cells: list[str]
) -> None:
    import csv
    import tomllib

    path = tmp_path / "any.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for start in range(0, len(cells), len(header)):
            row = cells[start : start + len(header)]
            writer.writerow(row + [""] * (len(header) - len(row)))
    status, out, err = cli(str(path), "--init-mapping")
    if status == 0:
        tomllib.loads(out)  # the mapping it prints is TOML
    else:
        assert status == 2 and err.count("\n") == 1, err
