"""``crazy4 verify-par CLAIMS --rules R``: a manufacturer's claimed figures against the exact
ones; exit 0 when every figure matches, 1 when any differs, 2 on bad input."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from crazy4.cli.options import Commands, write_out
from crazy4.errors import InputError

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
