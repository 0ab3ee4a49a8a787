"""Every command the README's tour and the task pages show, run, with its output checked.

A fenced ``sh`` (or ``python``) block followed directly by a ``text`` block is an example with
its output: the commands are run (``crazy4`` from this interpreter's environment, ``cd`` moving
the working folder) and every line of the text block but ``...`` must appear in the output, in
order. The README's are run in an empty folder, the documentation pages' from the checkout. A
documented ``Verdict: INCONSISTENT`` must exit 1, any other example 0. The README's rule file
must be one the package reads.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from in_process import crazy4

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

#: The pages whose examples are run, and whether they run in an empty folder (True) or in a
#: copy of ``docs/examples`` (False: the page's commands ``cd docs/examples``).
PAGES = {
    "README.md": True,
    "docs/validate-a-log.md": False,
    "docs/pay-tables.md": False,
    "docs/describe-a-new-game.md": False,
}

pytestmark = pytest.mark.slow

FENCE = re.compile(r"```(\w+)\n(.*?)```\n", re.S)


def examples(page: str) -> list[tuple[str, str, str]]:
    """The (language, code, expected output) examples of a page, in order."""
    found = []
    text = (ROOT / page).read_text()
    blocks = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(text)]
    for (language, code, _, end), (kind, output, start, _) in itertools.pairwise(blocks):
        if language in ("sh", "python") and kind == "text" and start == end:
            found.append((language, code, output))
    return found


def test_the_pages_have_examples() -> None:
    """The README's tour has its seven tasks' examples; each task page at least one."""
    assert len(examples("README.md")) >= 7
    for page in PAGES:
        assert examples(page), page


def run_example(language: str, code: str, folder: Path) -> tuple[int, str, Path]:
    """Run one example in ``folder``; its last exit status, its output and the folder it ended
    in."""
    environment = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    if language == "python":
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=folder,
            env=environment,
            capture_output=True,
            text=True,
            timeout=600,
        )
        return done.returncode, done.stdout, folder
    output, status = "", 0
    for line in code.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        if not words:
            continue
        if words[0] == "cd":
            folder = folder / words[1]
            continue
        assert words[0] == "crazy4", f"the tour runs crazy4 commands only: {line}"
        # in this process, in the example's folder: what a command prints and returns is what
        # the page shows (a child Python would only add its start-up; the command line from
        # outside is tested in tests/cli/test_cli_bad_input.py::test_from_outside)
        with contextlib.chdir(folder):
            done = crazy4(*words[1:])
        assert "Traceback" not in done.stderr, done.stderr
        output += done.stdout
        status = done.returncode
    return status, output, folder


def check_output(expected: str, output: str, where: str) -> None:
    """Every expected line but ``...`` is an output line, in order."""
    lines = [line.rstrip() for line in output.splitlines()]
    position = 0
    for wanted in expected.rstrip("\n").splitlines():
        if wanted.strip() == "...":
            continue
        try:
            position = lines.index(wanted.rstrip(), position) + 1
        except ValueError:
            raise AssertionError(f"{where}: {wanted!r} not in the output:\n{output}") from None


@pytest.mark.parametrize("page", sorted(PAGES))
def test_every_example_runs_and_prints_what_the_page_shows(page: str, tmp_path: Path) -> None:
    """Run the page's examples in order (later ones read what earlier ones wrote, in the
    folder an earlier ``cd`` moved to)."""
    if not PAGES[page]:  # the page's examples start at the top of a copy of its example files
        shutil.copytree(ROOT / "docs" / "examples", tmp_path / "docs" / "examples")
    folder = tmp_path
    for number, (language, code, expected) in enumerate(examples(page), 1):
        status, output, folder = run_example(language, code, folder)
        where = f"{page} example {number}"
        assert status == (1 if "Verdict: INCONSISTENT" in expected else 0), (where, output)
        check_output(expected, output, where)


def test_the_readme_rule_file_is_read_by_the_package() -> None:
    """The README's rule-file example is a valid Crazy 4 Poker rule file, read as it says."""
    from crazy4.registry import parse_rules

    text = re.search(r"```toml\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert text is not None
    rules = parse_rules(text.group(1), "README.md")
    assert rules.game == "crazy-4-poker"
    assert rules.play.multiples == (1, 2, 3)
    assert rules.dealer.qualifier == "K high"
    assert [bet.name for bet in rules.side_bets] == ["queens-up-50-40-8-4-3-2-1"]


def test_the_readme_is_short() -> None:
    """The README stays a front page: at most 250 lines, the two commands first."""
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 250
    head = "\n".join(lines[:8])
    assert "make results" in head
    assert "make test" in head
