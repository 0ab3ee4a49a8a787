"""``crazy4 design --set`` run as a subprocess, its printed figures read back: the expected
values the explorer's numbers are compared with (never computed by the explorer's code).
:func:`design_set_here` runs it in the test's process instead, for the browser test, whose
explorer runs in a process of its own (a Voila kernel): nothing shared with it but the table
cache on disk, which a child process reads too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import in_process

#: The figures ``crazy4 design --set`` prints per bet, in its column order after ``rules``.
PRINTED = ("house_edge", "house_edge_exact", "element_of_risk", "hit_frequency", "std_dev")
CRAZY4 = Path(sys.executable).with_name("crazy4")


def start(rules: str, changes: list[tuple[str, str]]) -> subprocess.Popen[str]:
    """``crazy4 design --rules R --set P=V ...`` started (read it with :func:`figures_of`)."""
    command = [str(CRAZY4), "design", "--rules", rules]
    for path, value in changes:
        command += ["--set", f"{path}={value}"]
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ)
    )


def figures_of(run: subprocess.Popen[str], rules: str) -> dict[str, dict[str, str]]:
    """The changed rules' figures per bet, as the started command prints them (the rows
    whose ``rules`` column names the change)."""
    out, err = run.communicate(timeout=600)
    assert run.returncode == 0, err
    return printed_figures(out, rules)


def printed_figures(out: str, rules: str) -> dict[str, dict[str, str]]:
    """The changed rules' figures per bet in what ``crazy4 design --set`` printed."""
    lines = out.splitlines()
    start_at = lines.index("## Every bet") + 2  # the heading, then the column names
    figures: dict[str, dict[str, str]] = {}
    for line in lines[start_at:]:
        if not line.strip():
            break
        words = line.split()
        bet, label, values = words[0], " ".join(words[1:-5]), words[-5:]
        if label.startswith(f"{rules} with"):
            figures[bet] = dict(zip(PRINTED, values, strict=True))
    return figures


def design_set(rules: str, changes: list[tuple[str, str]]) -> dict[str, dict[str, str]]:
    """The changed rules' figures per bet, as ``crazy4 design --set`` prints them."""
    return figures_of(start(rules, changes), rules)


def design_set_here(rules: str, changes: list[tuple[str, str]]) -> dict[str, dict[str, str]]:
    """:func:`design_set` in this process (``main``, as the ``crazy4`` script calls it)."""
    arguments = ["design", "--rules", rules]
    for path, value in changes:
        arguments += ["--set", f"{path}={value}"]
    done = in_process.crazy4(*arguments)
    assert done.returncode == 0, done.stderr
    return printed_figures(done.stdout, rules)
