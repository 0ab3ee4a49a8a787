"""Every command on Caribbean Stud Poker, a game with no code: its rule files alone.

The expected values are the rules' (a log simulated under a K-high qualifier is named exactly
by rule inference; a consistent log passes), the published figures (``verify-par``), and the
exact fractions of the independent C program (``analysis/bench/caribbean_stud.c``) where a
figure is checked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from in_process import crazy4

from crazy4.rules.load import resolve_rules_path

RULES = "caribbean-stud-standard"


def test_a_changed_qualifier_is_named(tmp_path: Path) -> None:
    """A log dealt under a K-high qualifier is inconsistent with the A-K rule file and rule
    inference names the qualifier (a consistent log passing is the conformance check's
    ``simulation_validates``)."""
    text = resolve_rules_path(RULES).read_text()
    changed = tmp_path / "k-high.toml"
    changed.write_text(
        text.replace('name = "caribbean-stud-standard"', 'name = "caribbean-stud-k-high"').replace(
            'qualifier = "A-K"', 'qualifier = "K high"'
        )
    )
    other = tmp_path / "k-high.csv"
    done = crazy4(
        "simulate",
        "--rules",
        str(changed),
        "--rounds",
        "4000",
        "--seed",
        "6",
        "--log",
        str(other),
        "--quiet",
    )
    assert done.returncode == 0, done.stderr
    checked = crazy4("validate", str(other), "--rules", RULES)
    assert checked.returncode == 1
    assert "the dealer qualifies with K high, not A-K" in checked.stdout


def test_a_changed_raise_line_is_named(tmp_path: Path) -> None:
    """A log whose Raise paid a flush 6 to 1 (the standard table pays 5) is named by rule
    inference on exactly the rows where a flush beat a qualifying dealer; the same log with
    that table given inline in a mapping (over the game declared in the rule file) passes."""
    text = resolve_rules_path(RULES).read_text()
    changed = tmp_path / "flush-6.toml"
    changed.write_text(
        text.replace('name = "caribbean-stud-standard"', 'name = "caribbean-stud-flush-6"').replace(
            "\nflush = 5\n", "\nflush = 6\n"
        )
    )
    log = tmp_path / "flush-6.csv"
    rounds = "20000"
    done = crazy4(
        "simulate",
        "--rules",
        str(changed),
        "--rounds",
        rounds,
        "--seed",
        "4",
        "--log",
        str(log),
        "--quiet",
    )
    assert done.returncode == 0, done.stderr
    rows = [line.split(",") for line in log.read_text().splitlines()]
    header = [name.strip('"') for name in rows[0]]
    play = header.index("play_net")
    paid_six = sum(1 for row in rows[1:] if float(row[play]) == 12.0)  # 2 Antes x 6
    assert paid_six > 0
    checked = crazy4("validate", str(log), "--rules", RULES)
    assert checked.returncode == 1
    assert f"{paid_six} x Play flush pays 6 to 1, not 5 to 1" in checked.stdout
    # the casino's table given inline in a log mapping, over the shipped rule set: consistent
    raise_line = text[text.index("[settle.play.pays]") :].split("\n\n")[0]
    mapping = tmp_path / "m.toml"
    mapping.write_text(
        f'rule_set = "{RULES}"\n'
        + raise_line.replace("[settle.play.pays]", "[rules.settle.play.pays]").replace(
            "\nflush = 5\n", "\nflush = 6\n"
        )
        + "\n"
    )
    inline = crazy4("validate", str(log), "--mapping", str(mapping))
    assert inline.stderr == "", inline.stderr
    # every row re-settled under the inline table, and rule inference finds nothing else (the
    # statistics are their own check: this seed's card frequencies are a 1-in-4,000 draw)
    assert "Settlement: pass (on 20,000 rows)" in inline.stdout
    assert f"Rule inference: pass (on 20,000 rows)\nconsistent with {RULES}.inline" in (
        inline.stdout
    )


def test_a_log_without_its_up_card_is_refused_in_one_line(tmp_path: Path) -> None:
    """A game dealt with an up card decides by it: a log without the column is refused."""
    (tmp_path / "no-up.csv").write_text(
        "round,seat,player,dealer,decision,ante,play,ante_net,play_net,ante_bonus_net\n"
        "1,1,As Kd 9h 5c 3s,Kh Qd 7c 4s 2h,2x,1,2,1,2,0\n"
    )
    checked = crazy4("validate", str(tmp_path / "no-up.csv"), "--rules", RULES)
    assert checked.returncode == 2
    assert checked.stderr.count("\n") == 1 and "up_card" in checked.stderr


@pytest.mark.parametrize("form", ["pdf", "xlsx", "card", "html"])
def test_every_report_format(
    form: str, tmp_path: Path, committed_pdf: Callable[[str], Path]
) -> None:
    """From the committed analysis folder (``make results``); the PDF is the run's one render
    of that command (``committed_pdf``, which checks its exit status)."""
    folder = Path(__file__).resolve().parents[2] / "results" / RULES
    out = tmp_path / f"report.{form}"
    if form == "pdf":
        out = committed_pdf(RULES)
    else:
        done = crazy4(
            "report", "--rules", RULES, "--from", str(folder), "--format", form, "--out", str(out)
        )
        assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 1000


def test_verify_par_matches_the_published_figures(tmp_path: Path) -> None:
    """The published house edge and element of risk (to their published decimals) match."""
    claims = tmp_path / "claims.csv"
    claims.write_text(
        "bet,table,line,combinations,total,probability,payout,contribution,house_edge,"
        "hit_frequency,element_of_risk\nante_raise,,,,,,,,5.224%,,2.555%\n"
    )
    done = crazy4("verify-par", str(claims), "--rules", RULES, "--tolerance", "0.00005")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 figures checked: 2 match, 0 differ." in done.stdout


def test_design_prices_a_raise_line(tmp_path: Path) -> None:
    """``design --set`` on the Raise pay table: the royal flush at 250 is the C program's
    exact EV (-86362082531/1661102543100)."""
    done = crazy4("design", "--rules", RULES, "--set", "settle.play.pays.royal_flush=250")
    assert done.returncode == 0, done.stderr
    assert "86362082531/1661102543100" in done.stdout


def test_design_searches_the_raise_table() -> None:
    """``design --search`` over the Raise table: each candidate priced exactly; the flush at 6
    and the full house at 7 is the C program's exact EV for that table
    (``caribbean_stud 1,1,2,3,4,6,7,20,50,100``: -249414732953/4983307629300)."""
    done = crazy4(
        "design", "--rules", RULES, "--search", "ante_raise", "--table", "settle.play",
        "--range", "flush=4:8", "--range", "full_house=6:10", "--edge", "4.8:5.1", "--top", "5",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    found = [row for row in rows if row[1:3] == ["6", "7"]]
    assert found and found[0][4] == "249414732953/4983307629300"
    assert "22 tables priced exactly, 5 with a house edge in 4.80%..5.10%" in done.stdout


def test_the_progressive_with_its_meter(tmp_path: Path) -> None:
    """The royal-250 variant's progressive: simulated at a meter, logged, and re-settled by
    the validator at that meter."""
    log = tmp_path / "progressive.csv"
    variant = "caribbean-stud-royal-250"
    done = crazy4(
        "simulate", "--rules", variant, "--rounds", "3000", "--seed", "3", "--meter", "50000",
        "--log", str(log), "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "progressive" in log.read_text().splitlines()[0]
    checked = crazy4("validate", str(log), "--rules", variant, "--meter", "50000")
    assert checked.returncode == 0, checked.stdout
    assert "3,000 rows' progressive re-settled" in checked.stdout
