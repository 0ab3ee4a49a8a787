"""Crazy 4 Poker's validation reports, pinned to the best-four validator's.

Each case validates a small log and compares the text report and the JSON report with the
files in ``crazy_four_reports/``, written by the best-four validator
(``crazy4/generic/bestfour_validate.py``, deleted since) on 6 December 2026 before Crazy 4
Poker moved to the specification validator: the specification validator writes them byte for
byte but for the wordings it shares with every game, listed in ``docs/changelog.md``
(:func:`reworded`), and the examples of one finding (the dealer qualifying on any K or A: the
same 335 rows, the first five shown where the best-four validator showed five others). The
logs are the independent engine's (``tests/validate_planted.py``: the rules as written, and
each misreading it plants, validated against the simple strategy) and a seeded simulation of
the card room's rule set with a blind second hand (its log and its summary).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from validate_planted import FLUSH, STRAIGHT, Engine, write_log

from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts
from crazy4.validate.driver import validate
from crazy4.validate.report import Options, Report

REPORTS = Path(__file__).parent / "crazy_four_reports"
ROUNDS = 1_500

#: The independent engine's logs: each a case name and the engine's switches.
PLANTED: dict[str, Engine] = {
    "clean": Engine(),
    "fold_showdown": Engine(fold_showdown=True),
    "ties_lose_bonus": Engine(ties_lose_bonus=True, stacked_ties=True),
    "bonus_follows_play": Engine(bonus_follows_play=True),
    "any_king_or_ace": Engine(any_king_or_ace=True),
    "not_qualified_ante_wins": Engine(not_qualified_ante_wins=True),
    "aces_never_triple": Engine(aces_never_triple=True),
    "flush_pays": Engine(flush_pays=1.0),
    "two_lines_and_ties": Engine(
        ties_to_dealer=True,
        bonus_lines=((STRAIGHT, 2.0), (FLUSH, 2.0)),
        stacked_ties=True,
    ),
}


#: The case whose one finding shows other example rows (module docstring).
OTHER_EXAMPLES = "any_king_or_ace"


def reworded(text: str) -> str:
    """The best-four validator's report in the specification validator's words: the strategy
    check's comparison by hand class, the well-formed check's words on bad rows, a Play the
    rules do not allow, and the not-qualified misreading without naming Three Card Poker."""
    text = re.sub(r"(decisions compared with the \w+ strategy):", r"\1 by hand class:", text)
    text = text.replace(
        "the other checks; their rounds out of the statistics)", "the other checks)"
    )
    text = re.sub(
        r"Play multiple not allowed by ([\w-]+) \(multiples [\d, ]+\)",
        r"Play not allowed by \1",
        text,
    )
    return text.replace(" (Three Card Poker's rule)", "")


def without_examples(text: str) -> str:
    """The text report without its example rows."""
    report = text.split("\n{")[0]
    return "\n".join(line for line in report.splitlines() if not line.startswith("      - row"))


def rendered(report: Report) -> str:
    """The text report and the JSON report, as the command line writes them."""
    return report.render() + "\n" + json.dumps(report.to_dict()) + "\n"


def reports(folder: Path) -> dict[str, str]:
    """Every case's reports (the logs written under ``folder``)."""
    found: dict[str, str] = {}
    standard = load_rules("crazy4-standard")
    for name, engine in PLANTED.items():
        path = write_log(folder / f"{name}.parquet", engine, ROUNDS)
        found[name] = rendered(validate(path, Options(standard, strategy="simple")))
    room = load_rules("crazy4-cardroom")
    plan = make_plan(room, rounds=ROUNDS, seed=11, seats=3, blind_hands=1)
    log = folder / "cardroom.parquet"
    counts = run_simulation(plan, log_path=log)
    found["cardroom"] = rendered(validate(log, Options(room)))
    summary = folder / "cardroom.json"
    summary.write_text(json.dumps(summarize_counts(plan, counts).to_dict()))
    found["cardroom_summary"] = rendered(validate(summary, Options(room)))
    found["cardroom_as_standard"] = rendered(validate(log, Options(standard)))
    return found


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return reports(tmp_path_factory.mktemp("crazy_four_logs"))


@pytest.mark.parametrize("name", [*PLANTED, "cardroom", "cardroom_summary", "cardroom_as_standard"])
def test_reports_are_the_best_four_validators(written: dict[str, str], name: str) -> None:
    expected = reworded((REPORTS / f"{name}.txt").read_text())
    if name == OTHER_EXAMPLES:
        assert without_examples(written[name]) == without_examples(expected)
    else:
        assert written[name] == expected
