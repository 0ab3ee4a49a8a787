"""Rule deviations in foreign formats, named exactly by the rule inference.

Each log is the independent engine's (tests/validate_planted.py: its own evaluator, the simple
strategy, its own settlement written from the rules text, importing nothing from crazy4)
settled under deviated rules, then rewritten by tests/log/foreign_formats.py into each foreign
format: suit words with numeric ranks, list columns (parquet and pandas' CSV form), amounts
returned with the stake, a decision over two columns, text round ids. ``--init-mapping``
guesses the mapping from the deviated log itself; that mapping, not edited, validates it
against crazy4-standard, and the Rule inference check of the JSON report must name exactly
the planted deviations, each with the count of rows it acts on, and leave nothing unexplained.

The counts come from the independent engine alone: the rows a deviation acts on are those the
deviated engine settles otherwise than the same engine without that one deviation (so a row
two deviations act on at once counts for both); the Settlement check's count is the rows
the deviated engine settles otherwise than the faithful one. Every deck is stacked (every
fourth dealer hand ties the player's), so ties are common enough; the faithful engine deals
the same decks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pandas as pd
import pytest
from foreign_formats import FORMATS, cli
from validate_planted import STRAIGHT, TRIPS, TWO_PAIR, Engine, deal_rows

ROUNDS = 2_000
#: The fewest rows every planted deviation (and every overlap of them) must act on.
LEAST = 5
NETS = ["ante_net", "super_bonus_net", "play_net", "queens_up_net"]
FAITHFUL = Engine(stacked_ties=True)

NOT_QUALIFIED = "a dealer who does not qualify: the Ante wins 1:1 and the Play pushes"
TIES = "ties = dealer (the dealer wins ties), not push"
STRAIGHT_2 = "Super Bonus straight pays 2 to 1, not 1 to 1"
QUEENS_STRAIGHT_4 = "Queens Up straight pays 4 to 1, not 3 to 1"

#: Each planted log: its deviations, each an engine switch (field, value) and the difference
#: the inference must name for it.
CASES: dict[str, dict[str, tuple[object, str]]] = {
    "dealer not qualifying: Ante wins, Play pushes": {
        "not_qualified_ante_wins": (True, NOT_QUALIFIED)
    },
    "ties to the dealer": {"ties_to_dealer": (True, TIES)},
    "a pair compared with a pair by the high card": {
        "pairs_by_high_card": (
            True,
            "a pair is compared with a pair by the high card, not by the pair",
        )
    },
    "Super Bonus line added: 1:1 on two pair": {
        "bonus_lines": (
            ((TWO_PAIR, 1.0),),
            "Super Bonus pays 1 to 1 on two pair (a line the rule set lacks)",
        )
    },
    "Super Bonus line changed: flush 1:1": {
        "flush_pays": (1.0, "Super Bonus flush pays 1 to 1, not 3/2 to 1")
    },
    "Queens Up line changed: three of a kind 9:1": {
        "queens_lines": (((TRIPS, 9),), "Queens Up three of a kind pays 9 to 1, not 8 to 1")
    },
    "two on the same rows: ties to the dealer, straight 2:1 (a tied straight)": {
        "ties_to_dealer": (True, TIES),
        "bonus_lines": (((STRAIGHT, 2.0),), STRAIGHT_2),
    },
    "three on the same rows: ties, Super Bonus and Queens Up straight (a tied straight)": {
        "ties_to_dealer": (True, TIES),
        "bonus_lines": (((STRAIGHT, 2.0),), STRAIGHT_2),
        "queens_lines": (((STRAIGHT, 4),), QUEENS_STRAIGHT_4),
    },
    "two on the same rows: qualifier A high, then the Ante wins (a K-high dealer)": {
        "qualifier_ace_high": (True, "the dealer qualifies with A high, not K high"),
        "not_qualified_ante_wins": (True, NOT_QUALIFIED),
    },
}


@dataclass(frozen=True)
class Planted:
    """A deviated log and what the independent engine says about it."""

    frame: pd.DataFrame
    differing: int
    acts_on: dict[str, int]
    overlap: int
    unaccounted: int


def nets(engine: Engine) -> npt.NDArray[np.float64]:
    return pd.DataFrame(deal_rows(engine, ROUNDS))[NETS].to_numpy()


def plant(case: str) -> Planted:
    """The case's log, the rows it settles otherwise than the faithful engine, the rows each
    deviation acts on (named by its difference), the rows all of them act on, and the
    differing rows none acts on."""
    switches = {field: value for field, (value, _) in CASES[case].items()}
    engine = replace(FAITHFUL, **switches)  # type: ignore[arg-type]
    frame = pd.DataFrame(deal_rows(engine, ROUNDS))
    logged = frame[NETS].to_numpy()
    acts: dict[str, npt.NDArray[np.bool_]] = {}
    for field, (_, difference) in CASES[case].items():
        without = replace(engine, **{field: getattr(FAITHFUL, field)})
        acts[difference] = (nets(without) != logged).any(axis=1)
    overlap = np.logical_and.reduce(list(acts.values()))
    differing = (nets(FAITHFUL) != logged).any(axis=1)
    unaccounted = differing & ~np.logical_or.reduce(list(acts.values()))
    counts = {difference: int(rows.sum()) for difference, rows in acts.items()}
    return Planted(frame, int(differing.sum()), counts, int(overlap.sum()), int(unaccounted.sum()))


@pytest.fixture(scope="module")
def planted() -> dict[str, Planted]:
    return {case: plant(case) for case in CASES}


def test_each_deviation_acts_on_enough_rows(planted: dict[str, Planted]) -> None:
    for case, log in planted.items():
        assert min(log.acts_on.values()) >= LEAST, (case, log.acts_on)
        assert log.overlap >= LEAST, (case, log.overlap)  # those on the same rows too
        assert log.unaccounted == 0, case


def inference_of(report: Path) -> tuple[int, int, dict[str, object]]:
    """The Settlement check's count of differing rows, the rows the Well-formed check rests
    on, and the Rule inference check."""
    checks = {check["name"]: check for check in json.loads(report.read_text())["checks"]}
    settled = sum(finding["count"] for finding in checks["Settlement"]["findings"])
    return settled, checks["Well-formed"]["rests_on"]["count"], checks["Rule inference"]


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("name", list(FORMATS))
def test_planted_deviations_are_named_exactly(
    planted: dict[str, Planted], tmp_path: Path, name: str, case: str
) -> None:
    log = planted[case]
    path, _ = FORMATS[name](log.frame, tmp_path)
    mapping = tmp_path / "mapping.toml"
    status, out, err = cli(str(path), "--init-mapping", "--mapping", str(mapping))
    assert (status, err) == (0, ""), err
    report = tmp_path / "report.json"
    status, out, err = cli(
        str(path),
        *("--mapping", str(mapping), "--rules", "crazy4-standard", "--strategy", "simple"),
        *("--report", str(report)),
    )
    assert (status, err) == (1, ""), mapping.read_text() + out
    settled, well_formed, inference = inference_of(report)
    assert (settled, well_formed) == (log.differing, ROUNDS), out
    assert inference["status"] == "fail"
    named = {finding["what"]: finding["count"] for finding in inference["findings"]}
    assert named == log.acts_on, out
    summary = str(inference["summary"])
    assert summary.startswith("consistent with crazy4-standard except: "), summary
    assert "explained by no" not in summary, summary
    assert inference["notes"] == [], inference["notes"]
