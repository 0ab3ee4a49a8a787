"""Helpers every ``crazy4`` command shares: argument types and the command line as recorded.

Imported by :mod:`crazy4.cli.main` and :mod:`crazy4.cli.simulate` (neither imports the other's
helpers). An argument type raises :class:`argparse.ArgumentTypeError`, which argparse reports
as a usage error.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Sequence
from typing import Protocol


class Commands(Protocol):
    """The subcommands of an argument parser (what ``add_subparsers`` returns)."""

    def add_parser(
        self,
        name: str,
        *,
        help: str | None = None,
        description: str | None = None,
        epilog: str | None = None,
    ) -> argparse.ArgumentParser:
        """Add the subcommand ``name`` and return its parser."""
        ...


def command_line(argv: Sequence[str]) -> str:
    """The command as recorded in provenance (shell-quoted).

    Examples
    --------
    >>> command_line(["simulate", "--rules", "my rules.toml"])
    "crazy4 simulate --rules 'my rules.toml'"
    """
    return "crazy4 " + " ".join(shlex.quote(arg) for arg in argv)


def positive_int(text: str) -> int:
    """A whole number of at least 1.

    Examples
    --------
    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 0 must be at least 1
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def count(text: str) -> int:
    """A whole number of at least 1, also written as a float (``1e6``) or with ``_``.

    Examples
    --------
    >>> count("1e6"), count("10_000")
    (1000000, 10000)
    """
    try:
        value = float(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value.is_integer() or value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be a whole number of at least 1")
    return int(value)


def non_negative_int(text: str) -> int:
    """A whole number of at least 0.

    Examples
    --------
    >>> non_negative_int("0")
    0
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must not be negative")
    return value


def probability(text: str) -> float:
    """A number strictly between 0 and 1.

    Examples
    --------
    >>> probability("0.001")
    0.001
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 0 and 1")
    return value
