"""The plain C program of Caribbean Stud's exact count (analysis/bench/caribbean_stud.c).

It reproduces the published figures (house edge 5.224% of the Ante, element of risk 2.555%,
and the total loss of the optimal strategy and of six fixed ones, Wizard of Odds), prints the
exact fractions its header records, and its counts of sampled (player hand, up card)
situations equal the brute-force oracle's (oracle_caribbean_stud.py). Skipped without a C
compiler. Its exact EV is the independent figure the engine is held to.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from fractions import Fraction
from math import comb
from pathlib import Path

import oracle_caribbean_stud as oracle
import pytest

SOURCE = Path(__file__).resolve().parent.parent / "analysis" / "bench" / "caribbean_stud.c"
COMPILER = shutil.which("cc") or shutil.which("gcc")

pytestmark = [pytest.mark.slow, pytest.mark.skipif(COMPILER is None, reason="no C compiler")]


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    assert COMPILER is not None
    built = tmp_path_factory.mktemp("caribbean_stud") / "caribbean_stud"
    subprocess.run([COMPILER, "-O2", "-o", str(built), str(SOURCE)], check=True)
    return built


def header() -> str:
    """The C file's opening comment as one line of words (its `` * `` margins dropped)."""
    comment = SOURCE.read_text().split("*/", 1)[0]
    return " ".join(re.sub(r"(?m)^ \* ?", "", comment).split())


def run(program: Path, *arguments: str, sample: int = 0) -> str:
    environment = {**os.environ, "CARIBBEAN_STUD_SAMPLE": str(sample)}
    done = subprocess.run(
        [str(program), *arguments], check=True, capture_output=True, text=True, env=environment
    )
    return done.stdout


def fraction(output: str, name: str) -> Fraction:
    found = re.search(rf"^{name} (-?\d+)/(\d+)", output, re.MULTILINE)
    assert found, name
    return Fraction(int(found.group(1)), int(found.group(2)))


@pytest.fixture(scope="module")
def standard(program: Path) -> str:
    return run(program, sample=199_999)


#: The Wizard of Odds' table of Caribbean Stud strategies: each one's total loss, in Antes, over
#: all 19,933,230,517,200 deals (player hand, up card, the dealer's four hidden cards).
PUBLISHED_LOSSES = {
    "optimal": 1_041_372_912_372,
    "three_rules_of_thumb": 1_041_417_758_724,
    "ace_king_jack_8_3_or_better": 1_059_715_400_580,
    "matching_rank": 1_063_176_931_284,
    "pair_or_better": 1_090_272_101_460,
    "ace_king_or_better": 1_132_600_203_540,
    "always_raise": 3_310_360_338_060,
}


def test_the_published_losses_of_seven_strategies(standard: str) -> None:
    found = {"optimal": int(re.findall(r"^total_loss (\d+)", standard, re.MULTILINE)[0])}
    for name, loss in re.findall(r"^fixed (\w+) total_loss (\d+)", standard, re.MULTILINE):
        found[name] = int(loss)
    assert found == PUBLISHED_LOSSES
    assert -fraction(standard, "ev_per_ante") * 19_933_230_517_200 == found["optimal"]


def test_the_published_figures(standard: str) -> None:
    ev = fraction(standard, "ev_per_ante")
    risk = fraction(standard, "element_of_risk")
    assert round(-ev * 100, 3) == Fraction(5224, 1000)
    assert round(risk * 100, 3) == Fraction(2555, 1000)
    assert "suit classes 134459 (weights sum 2598960)" in standard
    assert f"deals {comb(52, 5) * 47 * comb(46, 4)}" in standard


def test_the_header_records_the_printed_fractions(standard: str) -> None:
    names = ("ev_per_ante", "total_loss", "element_of_risk", "raise_fraction")
    for name in (*names, "dealer_not_qualified"):
        printed = re.search(rf"^{name} (-?\d+/\d+|\d+ over \d+)", standard, re.MULTILINE)
        assert printed and f"{name} {printed.group(1)}" in header(), name


def test_sampled_situations_equal_the_oracle(standard: str) -> None:
    lines = [line.split()[1:] for line in standard.splitlines() if line.startswith("situation ")]
    assert len(lines) > 20
    for line in lines:
        *cards, up, not_qualified, wins, ties = map(int, line)
        found = oracle.situation(cards, up)
        assert (found.not_qualified, found.player_wins, found.ties) == (
            not_qualified,
            wins,
            ties,
        ), line


def test_a_royal_flush_of_250_in_the_pairs_line(program: Path, standard: str) -> None:
    """The royal-250 table, run with ``--pairs``: its figures are the header's, and it pays more."""
    words = run(program, "--pairs", "1,1,2,3,4,5,7,20,50,250").split()
    pairs = {words[i]: int(words[i + 1]) for i in range(0, len(words), 2)}
    assert set(pairs) == {"loss", "deals", "situations", "raised", "not_qualified"}
    ev = Fraction(-pairs["loss"], pairs["deals"])
    risk = Fraction(pairs["loss"], oracle.COMPLETIONS * (pairs["situations"] + 2 * pairs["raised"]))
    assert ev > fraction(standard, "ev_per_ante")
    assert f"ev_per_ante {ev} " in header()
    assert f"element of risk {risk}." in header()


def test_bad_pay_tables_are_refused(program: Path) -> None:
    done = subprocess.run([str(program), "1,2"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "usage" in done.stderr
