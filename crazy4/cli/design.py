"""``crazy4 design``: change lines and switches, search pay tables for a target house edge,
compare rule sets, and write the chosen one as a rule file of its own; and ``crazy4
verify-par CLAIMS --rules R``: a manufacturer's claimed figures against the exact ones (exit 0
when every figure matches, 1 when any differs, 2 on bad input)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.cli.options import Commands, positive_int, write_out
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet


def assignment(text: str) -> tuple[str, str]:
    """``PATH=VALUE`` split at the first ``=``.

    Examples
    --------
    >>> assignment("super_bonus.straight_flush=20")
    ('super_bonus.straight_flush', '20')
    """
    path, sep, value = text.partition("=")
    if not sep or not path.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not PATH=VALUE")
    return path.strip(), value.strip()


def number_range(text: str) -> tuple[Fraction, Fraction]:
    """``LOW:HIGH`` as exact numbers.

    Examples
    --------
    >>> number_range("2.9:3.1")
    (Fraction(29, 10), Fraction(31, 10))
    """
    low, sep, high = text.partition(":")
    try:
        if not sep:
            raise ValueError
        return Fraction(low.strip()), Fraction(high.strip())
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"{text!r} is not LOW:HIGH") from None


def line_range(text: str) -> tuple[str, tuple[Fraction, Fraction]]:
    """``LINE=LOW:HIGH``.

    Examples
    --------
    >>> line_range("flush=1:4")
    ('flush', (Fraction(1, 1), Fraction(4, 1)))
    """
    line, value = assignment(text)
    return line, number_range(value)


def _write(args: argparse.Namespace, rules: RuleSet, changes: list[tuple[str, str]]) -> None:
    from crazy4.design.ruleswrite import write_rules

    written = write_rules(rules, changes, Path(args.write), args.name, args.title)
    print(f"{written.name}: rule file written to {args.write} (source: {written.source})")


def _check(args: argparse.Namespace) -> None:
    if args.write and not (args.name and args.title):
        raise InputError("--write: give --name and --title for the new rule file")
    if args.write and Path(args.write).suffix != ".toml":
        raise InputError(f"--write {args.write}: a rule file ends in .toml")
    if args.write and not Path(args.write).resolve().parent.is_dir():
        raise InputError(f"--write {args.write}: its folder does not exist")
    if args.write:
        from crazy4.rules.load import SAFE_NAME

        if not SAFE_NAME.fullmatch(args.name) or ".." in args.name:
            raise InputError(
                f"--name {args.name!r}: a name is a file stem of letters, digits, '.', '-' and '_'"
            )
        _check_title(args.title)
    if args.search is None:
        for option in ("table", "edge", "pick"):
            if getattr(args, option):
                raise InputError(f"--{option}: only with --search")
        if args.frontier or args.range:
            raise InputError("--range, --frontier: only with --search")
        return
    if args.set:
        raise InputError("--set: not with --search (search from a rule file: write it first)")
    if not (args.table and args.edge and args.range):
        raise InputError("--search: give --table, --edge LOW:HIGH and at least one --range")
    if args.step not in (Fraction(1), Fraction(1, 2)):
        raise InputError(f"--step {args.step}: 1 (whole odds) or 0.5 (half odds)")


def _check_title(title: str) -> None:
    """Refuse a ``--title`` a rule file cannot hold (:data:`crazy4.rules.sections.UNPRINTABLE`).

    Examples
    --------
    >>> _check_title("Café – Ñ 7♠ <b>unclosed & 😀")
    >>> _check_title("two\\nlines")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --title holds the character U+000A (a line break or control ...
    """
    from crazy4.rules.sections import unprintable

    if (character := unprintable(title)) is not None:
        raise InputError(
            f"--title holds the character U+{ord(character):04X} (a line break or control "
            "character), which a rule file's title cannot hold: give the title on one line"
        )


def cmd_design(args: argparse.Namespace, argv: Sequence[str]) -> int:
    """``crazy4 design --rules R [--set ...] [--search BET ...] [--write F ...]``."""
    from crazy4.registry import load_rules

    if args.rules is None:
        raise InputError("--rules: required (or 'crazy4 design compare A B ...')")
    _check(args)
    rules = load_rules(args.rules)
    if args.search is not None:
        return _search(args, rules)
    from crazy4.design.basis import analyze_quietly, changed_rules
    from crazy4.design.compare import compare, render

    changes = list(args.set or [])
    changed = changed_rules(rules, changes)
    listed = ", ".join(f"{path}={value}" for path, value in changes)
    label = f"{rules.name} with {listed}" if changes else f"{rules.name} as is"
    named = [(rules.name, analyze_quietly(rules)), (label, analyze_quietly(changed))]
    print(render(compare(named), "text"))
    if args.write:
        _write(args, rules, changes)
    return 0


def _search(args: argparse.Namespace, rules: RuleSet) -> int:
    from crazy4.design.listing import changes_of, listed_frame
    from crazy4.design.search import frontier, in_window, make_space, pricer

    ranges = dict(args.range)
    space = make_space(rules, args.table, ranges, args.step)
    grid = space.grid()
    model = pricer(rules, args.search, space)
    priced = model.price(grid)
    if not model.strategy_held:
        print(
            "note: one unit more on a searched line moves the strategy, and this game's analysis "
            "lists no hand's EVs: the window is priced with the strategy held (listed tables are "
            "re-analyzed)"
        )
    low, high = (value / 100 for value in args.edge)
    chosen = in_window(priced, low, high)
    print(
        f"{rules.name} {args.search}: {len(grid):,} tables priced exactly, {len(chosen):,} with "
        f"a house edge in {float(low):.2%}..{float(high):.2%}"
    )
    if not len(chosen):
        return 1
    shown = chosen[: args.top].tolist()
    frames = [listed_frame(rules, args.search, space, priced, shown)]
    print(frames[0].to_string(index=False))
    if args.frontier:
        edge = frontier(priced, chosen)
        print(
            f"\nFrontier (no other table has both a higher edge and a larger std dev): {len(edge)}"
        )
        frames.append(listed_frame(rules, args.search, space, priced, edge[: args.top].tolist()))
        print(frames[1].to_string(index=False))
    moved = sum(int((~frame["model_agrees"].astype(bool)).sum()) for frame in frames)
    if moved:
        print(
            f"\nnote: {moved} listed table(s) move the strategy where the vectorized price held "
            "it (model_agrees = False): their figures above are the game's own analysis; the "
            "window's other tables were priced with the strategy held"
        )
    if args.write:
        pick = args.pick or 1
        if pick > len(shown):
            raise InputError(f"--pick {pick}: only {len(shown)} candidates are listed")
        _write(args, rules, changes_of(space, priced.grid[shown[pick - 1]]))
    return 0


def cmd_compare(args: argparse.Namespace, argv: Sequence[str]) -> int:
    """``crazy4 design compare A B ...``."""
    from crazy4.design.compare import compare_rules, render
    from crazy4.registry import load_rules

    if len(args.rule_sets) < 2:
        raise InputError("compare: give at least two rule sets or rule files")
    rules = [load_rules(name) for name in args.rule_sets]
    text = render(compare_rules(rules), args.format)
    if args.out is None:
        print(text)
        return 0
    write_out(args.out, (text + "\n").encode())
    print(f"comparison written to {args.out}")
    return 0


def add_design(commands: Commands) -> None:
    """``crazy4 design`` and ``crazy4 design compare``."""
    design = commands.add_parser(
        "design",
        help="change pay lines and rules, search pay tables for a target edge, compare, write",
        description="Price changed rules exactly against the base (--set), search the pay "
        "tables of one bet for a house-edge window (--search), write the chosen rule set as a "
        "rule file of its own (--write), or compare rule sets (design compare A B ...).",
        epilog="Exit status: 0 done, 1 no table in the --edge window, 2 bad input.",
    )
    design.add_argument("--rules", help="the base: a shipped rule set name or a .toml file")
    design.add_argument(
        "--set", action="append", type=assignment, metavar="PATH=VALUE",
        help="change a pay line or switch (super_bonus.straight_flush=20, dealer.ties=player, "
        "queens_up[1].two_pair=3); repeatable",
    )  # fmt: skip
    design.add_argument(
        "--search", metavar="BET", help="the bet to search (a row of the bets table)"
    )
    design.add_argument(
        "--table", metavar="PATH", help="the pay table searched (super_bonus, queens_up[0])"
    )
    design.add_argument(
        "--range", action="append", type=line_range, metavar="LINE=LOW:HIGH",
        help="a searched line's odds range; the other lines stay as they are; repeatable",
    )  # fmt: skip
    design.add_argument("--step", type=Fraction, default=Fraction(1), help="1 (default) or 0.5")
    edge = "house-edge window in percent (2.9:3.1)"
    design.add_argument("--edge", type=number_range, metavar="LOW:HIGH", help=edge)
    design.add_argument(
        "--top", type=positive_int, default=10, help="candidates listed (default 10)"
    )
    design.add_argument(
        "--frontier", action="store_true", help="also list the edge/volatility frontier"
    )
    design.add_argument(
        "--pick", type=positive_int, help="the listed candidate --write writes (default 1)"
    )
    design.add_argument(
        "--write", metavar="FILE", help="write the changed rules or the pick as FILE.toml"
    )
    design.add_argument("--name", help="the written rule set's name")
    design.add_argument("--title", help="the written rule set's title")
    design.set_defaults(handler=cmd_design)
    sub = design.add_subparsers(dest="design_command", metavar="compare")
    compare = sub.add_parser(
        "compare",
        help="rule sets side by side: every bet, the decisions that differ",
        description="Analyze each rule set (shipped name or .toml file) and print every bet "
        "side by side with the hands whose decision differs from the first's.",
    )
    compare.add_argument(
        "rule_sets", nargs="+", metavar="RULES",
        help="shipped rule set names or .toml rule files (design --write's); the first is the "
        "reference the decisions are compared with",
    )  # fmt: skip
    compare.add_argument(
        "--format", choices=("text", "md", "html"), default="text",
        help="terminal text (default), a Markdown or a standalone HTML report",
    )  # fmt: skip
    compare.add_argument("--out", help="write the comparison to this file (else print it)")
    compare.set_defaults(handler=cmd_compare)


#: The default tolerance: half a unit in the fourth decimal of a percentage.
DEFAULT_TOLERANCE = "0.000005"


def cmd_verify(args: argparse.Namespace, argv: Sequence[str]) -> int:
    """Read the claims, check them, write the report; 0 / 1 / 2."""
    from crazy4.design.claims import parse_number, read_claims
    from crazy4.design.verify import json_text, markdown, verify
    from crazy4.registry import load_rules

    tolerance = parse_number(args.tolerance, "--tolerance")
    if tolerance < 0:
        raise InputError(f"--tolerance {args.tolerance}: must not be negative")
    if args.format == "pdf" and not args.out:
        raise InputError("--format pdf: give --out FILE.pdf")
    out = Path(args.out) if args.out else None
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        raise InputError(f"--out {out}: not a file in an existing folder")
    rules = load_rules(args.rules)
    claims = read_claims(Path(args.claims))
    checks = verify(rules, claims, tolerance)
    data: bytes
    if args.format == "pdf":
        from crazy4.design.verify import render_verify_pdf

        data = render_verify_pdf(rules, checks, tolerance)
    else:
        text = (json_text if args.format == "json" else markdown)(rules, checks, tolerance)
        data = text.encode()
    if out is None:
        print(data.decode(), end="")
    else:
        write_out(out, data)
    wrong = sum(not check.matches for check in checks)
    if out is not None:
        print(f"{rules.name}: {len(checks)} figures checked, {wrong} differ; written to {out}")
    return 1 if wrong else 0


def add_verify(commands: Commands) -> None:
    """``crazy4 verify-par``."""
    verify = commands.add_parser(
        "verify-par",
        help="check a manufacturer's claimed figures (CSV/XLSX) against the exact ones",
        description="Match every claimed figure of a claims file (docs/verify-par.md is the "
        "template: per bet house edge, hit frequency, element of risk; per pay line "
        "combinations, probability, payout, contribution) with the exact figures of the rule "
        "set, and report every difference beyond the tolerance.",
        epilog="Exit status: 0 every figure matches, 1 some differ, 2 bad input.",
    )
    verify.add_argument("claims", help="the claims file (.csv or .xlsx)")
    verify.add_argument("--rules", required=True, help="a shipped rule set name or a .toml file")
    verify.add_argument(
        "--tolerance",
        default=DEFAULT_TOLERANCE,
        help=f"largest accepted |claimed - exact| for probabilities, contributions, edges and "
        f"frequencies (0.0001, 0.01%%; default {DEFAULT_TOLERANCE}); combinations and payouts "
        "are compared exactly",
    )
    verify.add_argument(
        "--format", choices=("md", "pdf", "json"), default="md",
        help="Markdown (default), a PDF for the file, or JSON (every check as data)",
    )  # fmt: skip
    verify.add_argument("--out", help="write the report to this file (required for pdf)")
    verify.set_defaults(handler=cmd_verify)
