"""docs/validate-a-log.md's walk of a raw export is true: the mapping it shows is what
``--init-mapping`` prints for docs/examples/raw-export.csv, that mapping validates the export
unedited, and the fault export fails the Balance check on exactly the rows its own columns
say (a lost Play whose stake the balance never took), computed here with pandas alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
from foreign_formats import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
PAGE = ROOT / "docs" / "validate-a-log.md"


def shown_mapping() -> str:
    """The TOML block the page shows after ``raw.toml``, as written."""
    page = PAGE.read_text()
    start = page.index("`raw.toml`, as written")
    return re.search(r"```toml\n(.*?)```", page[start:], re.S).group(1)  # type: ignore[union-attr]


def test_the_page_shows_what_init_mapping_prints(tmp_path: Path) -> None:
    status, out, err = cli(
        str(EXAMPLES / "raw-export.csv"), "--init-mapping", "--rules", "crazy4-standard"
    )
    assert (status, err) == (0, "")
    assert out == shown_mapping()


def lost_play_rows(log: Path) -> set[int]:
    """The rows (1-based, the first left out) whose balance move is not the sum of the
    credits less the stakes: the export's own columns, nothing of crazy4's."""
    frame = pd.read_csv(log)
    nets = sum(frame[f"{w}_credit"] - frame[f"{w}_wager"] for w in ("ante", "super_bonus", "play"))
    moved = frame["balance"].diff()
    wrong = (moved - nets).abs() > 1e-9
    return set((frame.index[wrong] + 1).tolist()) - {1}


def test_the_unedited_mapping_gives_the_verdicts_the_page_says(tmp_path: Path) -> None:
    mapping = tmp_path / "raw.toml"
    mapping.write_text(shown_mapping())
    status, out, err = cli(str(EXAMPLES / "raw-export.csv"), "--mapping", str(mapping))
    assert (status, err) == (0, ""), out
    assert "Verdict: CONSISTENT" in out and "2,999 balance moves" in out
    assert lost_play_rows(EXAMPLES / "raw-export.csv") == set()
    report = tmp_path / "report.json"
    fault = EXAMPLES / "raw-export-fault.csv"
    args = ("--mapping", str(mapping), "--examples", "1000", "--report", str(report))
    status, out, err = cli(str(fault), *args)
    assert (status, err) == (1, ""), out
    checks = {c["name"]: c for c in json.loads(report.read_text())["checks"]}
    assert checks["Settlement"]["status"] == "pass"
    rows = {e["row"] for f in checks["Balance"]["findings"] for e in f["examples"]}
    assert rows == lost_play_rows(fault) and len(rows) == 898
    assert "898 differ" in PAGE.read_text()
