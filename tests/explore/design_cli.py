"""``crazy4 design --set`` run as a subprocess, its printed figures read back: the expected
values the explorer's numbers are compared with (never computed by the explorer's code)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: The figures ``crazy4 design --set`` prints per bet, in its column order after ``rules``.
PRINTED = ("house_edge", "house_edge_exact", "element_of_risk", "hit_frequency", "std_dev")
CRAZY4 = Path(sys.executable).with_name("crazy4")


def design_set(rules: str, changes: list[tuple[str, str]]) -> dict[str, dict[str, str]]:
    """The changed rules' figures per bet, as ``crazy4 design --rules R --set P=V ...``
    prints them (the rows whose ``rules`` column names the change)."""
    command = [str(CRAZY4), "design", "--rules", rules]
    for path, value in changes:
        command += ["--set", f"{path}={value}"]
    done = subprocess.run(
        command, capture_output=True, text=True, check=True, timeout=300, env=dict(os.environ)
    )
    lines = done.stdout.splitlines()
    start = lines.index("## Every bet") + 2  # the heading, then the column names
    figures: dict[str, dict[str, str]] = {}
    for line in lines[start:]:
        if not line.strip():
            break
        words = line.split()
        bet, label, values = words[0], " ".join(words[1:-5]), words[-5:]
        if label.startswith(f"{rules} with"):
            figures[bet] = dict(zip(PRINTED, values, strict=True))
    return figures
