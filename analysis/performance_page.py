"""Write docs/performance.md from the benchmarks' JSON output; the page is never edited by hand.

Reads every ``analysis/bench/results/*.json`` a benchmark wrote with ``--json``
(``analysis/bench.py``: the analysis, cold, warm and recounting, against the C sweep;
``bench_simulate.py``: rounds a second against its C program, and the scaling table;
``bench_validate.py``: rows a second and peak memory; ``bench_advantage.py`` and
``bench_collusion.py``: the hole-card engine, collusion deals a second and their scaling table;
``bench_explore.py``: the explorer's answer to a pay-line change;
``bench_compare.py``: the families' workloads on an earlier commit and on this one, side by side)
and renders, for each, the machine, the date, the commit, the load and the figures with their
ratios to the C baseline. A benchmark without a JSON file yet is listed as not measured, with
the make target that measures it. Each ``make bench*`` target writes its file and rewrites the
page (``make performance`` rewrites it alone); ``--check`` exits 1 when the page is not what
the files give.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "analysis" / "bench" / "results"
PAGE = ROOT / "docs" / "performance.md"

#: Every benchmark: its JSON file's stem, title, make target and what it measures.
BENCHMARKS = (
    ("analyze", "The exact analysis", "make bench", "wall time and peak memory of the analysis"),
    (
        "analyze-caribbean",
        "Caribbean Stud Poker's exact analysis",
        "make bench",
        "wall time and peak memory of the analysis of a game declared in a rule file only,"
        " against the plain C program of the same count (`analysis/bench/caribbean_stud.c`)",
    ),
    (
        "simulate",
        "The simulator",
        "make bench-simulate",
        "rounds a second of `crazy4 simulate`, against a C program of the same method",
    ),
    (
        "validate",
        "The validator",
        "make bench-validate",
        "rows a second of `crazy4 validate` on parquet, peak memory on CSV",
    ),
    (
        "advantage",
        "The hole-card engine",
        "make bench-advantage",
        "wall time and peak memory of the hole-card engine, warm",
    ),
    (
        "collusion",
        "Collusion",
        "make bench-advantage",
        "collusion deals a second, and their scaling table",
    ),
    (
        "design",
        "The pay-table search",
        "make bench-design",
        "pay-table candidates priced exactly a second by `crazy4 design --search`",
    ),
    (
        "explore",
        "The explorer's answer",
        "make bench-explore",
        "time from a pay-line change to the explorer's answer (a line's first change and the later "
        "ones), and to every figure re-analyzed",
    ),
    (
        "compare",
        "Before and after",
        "make bench-compare",
        "the benchmark families' workloads on an earlier commit and on this checkout, side by"
        " side in one run",
    ),
)

#: What each cache state of the analysis benchmark means.
STATES = {
    "cold": "empty table and numba caches: every table built, every kernel compiled",
    "warm": "every table and the dealer counts cached",
    "count": "every table cached but the dealer counts deleted: the counting sweep runs",
}


def machine_lines(data: dict[str, Any]) -> list[str]:
    """The machine, the date and the conditions of one benchmark run."""
    machine = data["machine"]
    memory = f", {machine['memory_gib']} GiB" if machine.get("memory_gib") else ""
    return [
        f"Measured {machine['date']} at commit `{machine.get('commit') or 'unknown'}` on "
        f"{machine['cpu']} ({machine['cores']} cores{memory}), Python {machine['python']}, "
        f"{machine['system']}; load average {data['load_before']} before the run "
        "(the load of other processes slows every figure, the C baseline's too).",
        "",
        f"Command: `python {data['command']}`.",
        "",
    ]


def analyze_section(data: dict[str, Any]) -> list[str]:
    """The analysis benchmark's table."""
    lines = machine_lines(data)
    baselines = data.get("c_baseline_s", {})
    peaks = data.get("c_baseline_peak_mib", {})
    for rules, wall in baselines.items():
        peak = f", {peaks[rules]:,} MiB" if rules in peaks else ""
        lines.append(f"- C sweep of `{rules}` (the same count, single thread): {wall:.2f} s{peak}")
    if baselines:
        lines.append("")
    lines += [
        "| rule set | jobs | cache | runs | wall (median) | peak memory | / C sweep | load | "
        "user / system CPU |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in data["rows"]:
        ratio = "" if row["ratio_to_c"] is None else f"{row['ratio_to_c']:.2f}×"
        cpu = "not measured"
        if "user_s" in row:
            cpu = f"{row['user_s']:.2f} / {row['system_s']:.2f} s"
        lines.append(
            f"| {row['rules']} | {row['jobs']} | {row['cache']} | {row['runs']} | "
            f"{row['wall_s']:.2f} s | {row['peak_mib']:,} MiB | {ratio} | {row['load']:.2f} | "
            f"{cpu} |"
        )
    lines += ["", "Cache states:", ""]
    lines += [f"- *{state}*: {meaning}" for state, meaning in STATES.items()]
    lines += [
        "",
        "*user / system CPU* is the runs' median processor time (system time is where the",
        "machine's page faults show: on a virtual machine that hands freed memory back to its",
        "host, every fresh page can cost one).",
        "",
        "*/ C sweep* is the wall time over the C program's (`analysis/bench/*.c`), whose",
        "counts are checked equal to the engine's first; for Crazy 4 Poker and Caribbean Stud",
        "each run is paired with a C run just before it. The C program counts (Caribbean",
        "Stud's also settles) and prints a few totals; the analysis also prices, writes the",
        "tables and the report. Peak memory is the largest single process.",
        "",
    ]
    return lines


def simulate_section(data: dict[str, Any]) -> list[str]:
    """The simulator's rows, with the ratio to its C program, and the scaling table."""
    lines = machine_lines(data)
    if data["rows"]:
        lines += [
            "| rule set | mode | seats | jobs | rounds | per second | C, 1 thread | "
            "crazy4 / C time | load |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
    for row in data["rows"]:
        c = "" if row["c_per_second"] is None else f"{row['c_per_second']:,} rounds/s"
        ratio = "" if row["ratio_to_c"] is None else f"{row['ratio_to_c']:.2f}×"
        lines.append(
            f"| {row['rules']} | {row['mode']} | {row['seats']} | {row['jobs']} | "
            f"{row['rounds']:,} | {row['per_second']:,} {row['unit']} | {c} | {ratio} | "
            f"{row['load']:.2f} |"
        )
    lines += [
        "",
        "*crazy4 / C time* is crazy4's wall time over a plain single-thread C program's",
        f"(`analysis/bench/simulate_sweep.c`, `-{data['c_opt']} -march=native`) playing the same",
        "plan (seed, chunks, random states), whose counts are checked equal to crazy4's first:",
        "below 1, crazy4 is the faster. A log row's rate is rows (rounds) a second; *log text*",
        "spells the cards, *log compact* writes card codes. Each figure is the median of the",
        "timed runs after a warm-up run.",
        "",
    ]
    if data.get("scaling"):
        lines += scaling_lines(data["scaling"])
    return lines


def scaling_lines(table: dict[str, Any]) -> list[str]:
    """A scaling table (analysis/bench_scaling.py): local threads against Dask workers."""
    unit = table["unit"]
    lines = [
        f"Scaling ({table['title']}; load average {table['load_before']} before, "
        f"{table['load_after']} after):",
        "",
    ]
    if "command" in table:  # measured by a run of its own (bench_simulate.py --dask-only)
        when = table["machine"]
        lines += [
            f"Measured {when['date']} at commit `{when['commit']}` by `python {table['command']}`.",
            "",
        ]
    lines += [
        f"| backend | workers × threads | wall (median) | {unit}/s | ratio | against | cores "
        f"| CPU / {unit[:-1]} |",
        "|---|---|---:|---:|---:|---|---:|---:|",
    ]
    for row in table["rows"]:
        lines.append(
            f"| {row['backend']} | {row['workers']} × {row['threads']} | {row['wall_s']:.2f} s "
            f"| {row['per_second']:,} | {row['ratio']:.2f} | {row['against']} | "
            f"{row['cores']:.2f} | {row['cpu_per_unit']:.2f} |"
        )
    lines += [
        "",
        "*ratio* is the rate over the rate of the configuration it is *against*; *cores* the",
        "CPU seconds (this process and the Dask workers) over the wall time;",
        f"*CPU / {unit[:-1]}* the CPU a {unit[:-1]} over local 1 thread's",
        "(the Dask path's own cost).",
        "",
    ]
    return lines


def validate_section(data: dict[str, Any]) -> list[str]:
    """The validator's rows a second on parquet and its peak memory on CSV."""
    lines = machine_lines(data)
    lines += [
        "| log | rule set | seats | rows | wall (best) | rows/s | CPU | peak memory | load |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in data["parquet"]:
        lines.append(
            f"| parquet | {row['rules']} | {row['seats']} | {row['rows']:,} | "
            f"{row['wall_s']:.2f} s | {row['per_second']:,} | {row['cpu_s']:.2f} s | "
            f"{row['peak_mib']:,} MiB | {row['load']:.2f} |"
        )
    for row in data["csv"]:
        lines.append(
            f"| CSV ({row['megabytes']:,} MB) | {row['rules']} | {row['seats']} | "
            f"{row['rows']:,} | {row['wall_s']:.2f} s | {row['rows'] / row['wall_s']:,.0f} | "
            f"{row['cpu_s']:.2f} s | {row['peak_mib']:,} MiB | {row['load']:.2f} |"
        )
    lines += [
        "",
        "Each validation runs in a fresh process. Parquet: the exact tables warmed on a small",
        "log first, best of the timed runs, so the time is the reading and checking. CSV: one",
        "run without a warm-up (its wall time includes starting Python); its peak memory should",
        "not grow with the rows (the log is read in batches). Peak memory is the process's",
        "own peak resident size.",
        "",
    ]
    return lines


def advantage_section(data: dict[str, Any]) -> list[str]:
    """The hole-card engine's cases against their targets."""
    lines = machine_lines(data)
    lines += [
        "| rule set | seen cards | jobs | wall | CPU | peak memory | target | load |",
        "|---|---:|---:|---:|---:|---:|---|---:|",
    ]
    for row in data["rows"]:
        verdict = "met" if row["met"] else "not met"
        lines.append(
            f"| {row['rules']} | {row['seen']} | {row['jobs']} | {row['wall_s']:.1f} s | "
            f"{row['cpu_s']:.1f} s | {row['peak_mib']:,} MiB | < {row['target_s']:.0f} s: "
            f"{verdict} | {row['load']:.2f} |"
        )
    lines += [
        "",
        "Each case runs in a fresh process after a warm-up process has filled the lookup-table",
        "and numba caches; `HEAVY=1` adds two seen cards and Four Card Poker's hole card.",
        "",
    ]
    return lines + study_lines(data)


def study_lines(data: dict[str, Any]) -> list[str]:
    """Face-up dealing and S. How's study: run times and the figures (house edge ± SE)."""
    titles = {
        "faceup": "Face-up dealing, 1 to 7 players, standard errors at most 0.02 points "
        "(`crazy4 advantage faceup`, default options)",
        "how": "S. How's study, Four Card Poker, 6 seats, to 0.05 points (`crazy4 advantage how`)",
    }
    lines: list[str] = []
    for key, title in titles.items():
        if not data.get(key):
            continue
        header = "| rule set | jobs | wall | CPU | peak memory | load | house edge ± SE (deals) |"
        lines += [f"{title}:", "", header, "|---|---:|---:|---:|---:|---:|---|"]
        for row in data[key]:
            figures = "; ".join(f"{f[0]}: {100 * f[2]:.4f}% ± {100 * f[3]:.4f} ({f[1]:,})"
                                for f in row["figures"])  # fmt: skip
            lines.append(
                f"| {row['rules']} | {row['jobs']} | {row['wall_s']:.1f} s | {row['cpu_s']:.1f} s "
                f"| {row['peak_mib']:,} MiB | {row['load']:.2f} | {figures} |"
            )
        lines.append("")
    return lines


def collusion_section(data: dict[str, Any]) -> list[str]:
    """Collusion deals a second and their scaling table."""
    lines = machine_lines(data)
    lines += [
        "| rule set | colluders | jobs | deals | wall | deals/s | peak memory (main) | load |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in data["rows"]:
        lines.append(
            f"| {row['rules']} | {row['colluders']} | {row['jobs']} | {row['deals']:,} | "
            f"{row['wall_s']:.1f} s | {row['per_second']:,} | {row['peak_mib']:,} MiB | "
            f"{row['load']:.2f} |"
        )
    lines += ["", "Each configuration is timed once after a small warm-up plan.", ""]
    if data.get("scaling"):
        lines += scaling_lines(data["scaling"])
    return lines


def design_section(data: dict[str, Any]) -> list[str]:
    """The pay-table search's rows: candidates priced a second, by bet."""
    lines = machine_lines(data)
    lines += [
        "| rule set | bet | lines searched | candidates | strategy re-solved | models read | "
        "pricing | candidates / s | load |",
        "|---|---|---:|---:|---|---:|---:|---:|---:|",
    ]
    for row in data["rows"]:
        resolved = "yes" if row["strategy_resolved"] else "no: affine in the odds"
        lines.append(
            f"| {row['rules']} | {row['bet']} | {row['lines']} | {row['candidates']:,} | "
            f"{resolved} | {row['probe_s']:.1f} s | {row['price_s']:.3f} s | "
            f"{row['per_second']:,} | {row['load']:.2f} |"
        )
    lines += [
        "",
        "*Models read*: the base analysis and one per searched line (that line paid one unit",
        "more), once per search; *pricing*: every candidate of the ranges priced exactly, best",
        "of three. A main bet's candidates re-solve the optimal strategy hand by hand where the",
        "analysis lists every hand's EVs; otherwise the bet is affine in the odds (Four Card",
        "Poker's Ante Bonus moves no decision) and the listed candidates are re-analyzed.",
        "",
    ]
    return lines


def explore_section(data: dict[str, Any]) -> list[str]:
    """The explorer's rows: time to the instant answer of a line's first change and of the
    later ones, and to every figure, by rule set, pay line and bet."""
    lines = machine_lines(data)
    lines += [
        "| rule set | pay line | bet | answered at once | first change | later changes (median "
        "/ max) | every figure and plot | lines read ahead | load |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|",
    ]

    def shown(value: float | None) -> str:
        return "—" if value is None else f"{value:.1f} ms"

    for row in data["rows"]:
        later = "—"
        if row["later_ms"] is not None:
            later = f"{row['later_ms']:.1f} / {row['later_max_ms']:.1f} ms"
        lines.append(
            f"| {row['rules']} | `{row['line']}` | {row['bet']} | {row['answered']} of "
            f"{row['changes']} | {shown(row['first_ms'])} | {later} | "
            f"{row['analysis_s']:.2f} s | {row['lines']} in {row['prepare_s']:.1f} s "
            f"({row['analyses']} analyses) | {row['load']:.2f} |"
        )
    lines += [
        "",
        "The explorer (`crazy4.explore`, its widgets driven from Python) is built as the page",
        "builds it, and every pay line's slopes are read ahead as the page reads them when a",
        "rule set is loaded or a switch changes (*lines read ahead*: a probe a pay table, the",
        "lines that move the main bet one by one, the others batched; for Four Card Poker also",
        "the strategy at the corners of the Ante Bonus lines' box). Then each line is typed to",
        "several odds in turn. *First change* and *later changes*: from the change to the exact",
        "house edge of every bet the line moves (the bet named among them), from the slopes; the",
        "target is 0.3 s. *Every figure and plot*: until every bet's figures are the game's own",
        "analysis of the changed rules (what `crazy4 design --set` prints), the hands whose",
        "decision changed are listed and the three plots are drawn (the median of the changes).",
        "",
    ]
    return lines


def compare_section(data: dict[str, Any]) -> list[str]:
    """The same workloads on two commits: medians, ratios, spreads, peaks and the checks."""
    before, after = data["before"], data["after"]
    modified = " with crazy4/ modified" if after["crazy4_modified"] else ""
    lines = machine_lines(data)
    lines += [
        f"Before: `{before['commit']}` ({before['subject'].rstrip('.')}). After: "
        f"`{after['commit']}`{modified}. Each workload ran {data['repeat']} times on each"
        " version, the runs interleaved (before, after, then after, before, ...), each in a"
        " fresh process with its version's own warm table and numba caches. A run of some"
        " workloads (`--only`) replaces their rows and keeps the others, which name the commit"
        " they measured.",
        "",
        "| workload | before | after | after / before | pairs | spread before / after "
        "| per second, before → after | peak memory before / after | load | same result |",
        "|---|---:|---:|---:|---|---|---:|---:|---:|---|",
    ]
    for row in data["rows"]:
        pairs = row["pair_ratios"]
        rate = ""
        if row["unit"]:
            rate = f"{row['before_rate']:,} → {row['after_rate']:,} {row['unit']}"
        same = "yes" if row["same"] else "**no**"
        if row["cache_grew"]:
            same += " (a cache grew: not warm)"
        name = row["workload"]
        if row.get("after_commit", after["commit"]) != after["commit"]:
            name += f" (after: `{row['after_commit']}`)"  # a row an earlier run measured
        lines.append(
            f"| {name} | {row['before_s']:.2f} s | {row['after_s']:.2f} s | "
            f"{row['ratio']:.2f} ({row['verdict']}) | {pairs[0]:.2f}–{pairs[-1]:.2f} | "
            f"{row['before_spread']:.0%} / {row['after_spread']:.0%} | {rate} | "
            f"{row['before_peak_mib']:,} / {row['after_peak_mib']:,} MiB | {row['load']:.2f} | "
            f"{same}: {row['check']} |"
        )
    lines += [
        "",
        "`make bench-compare` checks the earlier commit (`BEFORE`, default `b5d0a05`: the",
        "last before the two engine families became one per job) out into a",
        "temporary git worktree and runs one or two workloads of each benchmark family on it",
        "and on this checkout, with the same interpreter and packages (`PYTHONPATH` points at",
        "the earlier tree; where `crazy4` is imported from is checked first). *before* and",
        "*after* are the medians of each version's runs: the whole command for `analyze`",
        "(*warm*: tables and dealer counts cached; *count*: the dealer counts deleted, so the",
        "counting sweep runs; *cold*: empty table and numba caches of its own), `holecards`,",
        "`collusion` and `detect` (an honest 7-seat log); the call itself, after a warm-up",
        "in the same process, for `simulate` (summary, and the parquet log with text cards)",
        "and `validate` (a parquet log written once by the later version), as their own",
        "benchmarks time them; every child writes bytecode caches, as a user's Python does.",
        "*after / before* above 1 is slower after. *pairs*: the range of the ratios of runs",
        "made one beside the other; *spread*: largest minus smallest over the median of one",
        "version's runs. The verdict calls a ratio past 5% slower or faster when it is also",
        "past the larger spread or every pair lies on its side. *Same result*: what every run",
        "of both versions computed (the",
        "house edge printed; a digest of the simulation's counts; the validation's rows and",
        "verdict; a digest of the strategies' JSON or of the printed table) was equal. Peak",
        "memory is the largest single process.",
        "",
    ]
    return lines


#: How each benchmark's JSON file is rendered.
SECTIONS = {
    "design": design_section,
    "analyze": analyze_section,
    "analyze-caribbean": analyze_section,
    "simulate": simulate_section,
    "validate": validate_section,
    "advantage": advantage_section,
    "collusion": collusion_section,
    "explore": explore_section,
    "compare": compare_section,
}


def render() -> str:
    """The page's Markdown from the JSON files present."""
    lines = [
        "# Performance",
        "",
        "<!-- Generated by analysis/performance_page.py from analysis/bench/results/*.json;"
        " do not edit. -->",
        "",
        "Figures from the benchmarks' own output, with the machine and the date they were",
        "measured on. Every figure depends on the machine and on what else runs on it; rerun",
        "the make target on yours, then `make performance` to rewrite this page. Why the",
        "figures are what they are, and where a target sits at the method's measured limit:",
        "[engineering notes](engineering.md).",
        "",
        "`make bench-compare` runs one or two workloads of each family on an earlier commit",
        "and on this checkout side by side, interleaved in one run, and checks that both",
        "computed the same: [Before and after](#before-and-after).",
        "",
        "The load average is the one-minute average of runnable processes when the run began;",
        "on a machine of 2 cores, a load near 2 or above means the benchmark shared the cores.",
        "It counts a benchmark started just before (the make targets run one after another)",
        "and, in the per-row *load* columns, the benchmark's own processes.",
        "",
    ]
    for stem, title, target, what in BENCHMARKS:
        path = RESULTS / f"{stem}.json"
        lines += [f"## {title}", "", f"`{target}`: {what}.", ""]
        if not path.exists():
            lines += [f"Not measured yet: `{target}` does not write JSON for this page yet.", ""]
            continue
        data = json.loads(path.read_text())
        lines += SECTIONS[stem](data)
    return "\n".join(lines).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the page is stale")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not PAGE.exists() or PAGE.read_text() != text:
            print(f"{PAGE.relative_to(ROOT)} is stale: run python analysis/performance_page.py")
            return 1
        return 0
    PAGE.write_text(text)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
