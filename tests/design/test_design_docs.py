"""The worked example of ``docs/design.md`` runs, one command a step, and prints what the page
shows; the rule file it writes loads back with its own name and provenance; and the commands'
bad input exits 2 with one line."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from crazy4.cli.main import main
from crazy4.rules.load import load_rules

PAGE = Path(__file__).resolve().parents[2] / "docs" / "design.md"


def _steps() -> list[tuple[list[str], str | None]]:
    """The ``sh`` blocks of the worked example, each with the ``text`` block after it."""
    example = PAGE.read_text().split("## Worked example", 1)[1]
    blocks = re.findall(r"```(sh|text)\n(.*?)```", example, re.S)
    steps: list[tuple[list[str], str | None]] = []
    for kind, body in blocks:
        if kind == "sh":
            steps.append((shlex.split(body.strip()), None))
        else:
            steps[-1] = (steps[-1][0], body)
    return steps


def test_the_worked_example_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    steps = _steps()
    assert [argv[:2] for argv, _ in steps] == [
        ["crazy4", "design"], ["crazy4", "design"], ["crazy4", "design"], ["crazy4", "report"]
    ]  # fmt: skip
    for argv, shown in steps:
        assert main(argv[1:]) == 0, argv
        printed = capsys.readouterr().out
        if shown is not None:
            assert printed == shown
    written = load_rules("crazy4-3pct.toml")
    assert written.name == "crazy4-3pct"
    assert written.source.startswith("derived from crazy4-standard (sha256 ")
    assert "Casino rack cards" not in written.text
    table = written.super_bonus.table.describe()  # type: ignore[attr-defined]
    assert "straight flush 20, three of a kind 3, flush 1, straight 1" in table
    assert "| ante_super_bonus_play | crazy4-3pct | 2.9684% |" in Path("comparison.md").read_text()
    assert Path("crazy4-3pct.pdf").read_bytes().startswith(b"%PDF")


SEARCH = ["--search", "super_bonus", "--table", "super_bonus", "--range"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--set", "super_bonus.royal=3"], "no key or pay line 'royal'"),
        (["--set", "nothing"], "is not PATH=VALUE"),
        ([*SEARCH, "flush=1:2"], "give --table, --edge"),
        ([*SEARCH, "flush=2:1", "--edge", "1:2"], "is not low:high"),
        ([*SEARCH, "royal=1:2", "--edge", "1:2"], "super_bonus has no such line"),
        (["--search", "x", "--table", "queens_up[5]", "--range", "a=1:2", "--edge", "1:2"],
         "has no table number 5"),
        (["--write", "x.txt", "--name", "a", "--title", "b"], "a rule file ends in .toml"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["design", "--rules", "crazy4-standard", *argv]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


def test_an_empty_window_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["design", "--rules", "three-card-standard", "--search", "pair-plus-1-4-6-30-40"]
    argv += ["--table", "pair_plus[0]", "--range", "flush=3:4", "--edge", "50:60"]
    assert main(argv) == 1
    assert "0 with a house edge in 50.00%..60.00%" in capsys.readouterr().out
