"""``crazy4 design --set`` run in the test's process (``main``, :mod:`in_process`), its printed
figures read back: the expected values the explorer's numbers are compared with (never
computed by the explorer's code, which the command does not call). A child process only added
its start-up (the imports and the compiled kernels loaded again, seconds of CPU a call); the
browser test's explorer runs in a process of its own (a Voila kernel)."""

from __future__ import annotations

import in_process

#: The figures ``crazy4 design --set`` prints per bet, in its column order after ``rules``.
PRINTED = ("house_edge", "house_edge_exact", "element_of_risk", "hit_frequency", "std_dev")


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


def design_set_here(rules: str, changes: list[tuple[str, str]]) -> dict[str, dict[str, str]]:
    """The changed rules' figures per bet, as ``crazy4 design --rules RULES --set PATH=VALUE
    ...`` prints them (run in this process)."""
    arguments = ["design", "--rules", rules]
    for path, value in changes:
        arguments += ["--set", f"{path}={value}"]
    done = in_process.crazy4(*arguments)
    assert done.returncode == 0, done.stderr
    return printed_figures(done.stdout, rules)
