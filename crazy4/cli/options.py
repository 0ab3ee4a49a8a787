"""What every command shares: the parser, argument types, ``--jobs``, the command line."""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, Protocol

from crazy4.errors import InputError

#: Characters that would break a message over several lines (what ``str.splitlines`` splits on).
_LINE_BREAKS = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def one_line(text: str) -> str:
    r"""``text`` with every line break written as an escape, so it prints as one line.

    Examples
    --------
    >>> one_line("unrecognized arguments: a\nb")
    'unrecognized arguments: a\\nb'
    """
    return _LINE_BREAKS.sub(lambda match: repr(match.group())[1:-1], text)


class OptionError(InputError):
    """A command line argparse cannot read (unknown option, missing or malformed value)."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors raise :class:`OptionError` (one line, exit status 2).

    Examples
    --------
    >>> parser = Parser(prog="crazy4 x")
    >>> _ = parser.add_argument("--jobs", type=positive_int)
    >>> parser.parse_args(["--jobs", "0"])
    Traceback (most recent call last):
    ...
    crazy4.cli.options.OptionError: argument --jobs: 0 must be at least 1 (see 'crazy4 x --help')
    """

    def error(self, message: str) -> NoReturn:
        """Raise :class:`OptionError` naming the option and how to get help."""
        raise OptionError(f"{message} (see '{self.prog} --help')")


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
    return _whole_number(text, 1, "must be at least 1")


def as_number(text: str, given: str | None = None) -> float:
    """``text`` as a float, else an :class:`argparse.ArgumentTypeError` naming it as ``given``."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{given or text!r} is not a number") from None


def whole_numbers(text: str, option: str, example: str, dots: bool = False) -> set[int]:
    """``text`` as whole numbers: a number, a list or a range (``2-7``, or ``2..7`` with
    ``dots``); ``option`` and ``example`` (a list and a range) are named in its errors.

    Examples
    --------
    >>> sorted(whole_numbers("1..3,7", "--players", "(1,3,7) or a range (1-7)", dots=True))
    [1, 2, 3, 7]
    """
    values: set[int] = set()
    for part in (text.replace("..", "-") if dots else text).split(","):
        low, _, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high or low)
        except ValueError:
            raise InputError(f"{option} {text!r}: write a number, a list {example}") from None
        if first > last:
            raise InputError(f"{option} {text!r}: the range {part.strip()!r} is empty")
        values.update(range(first, last + 1))
    return values


def count(text: str) -> int:
    """A whole number of at least 1, also written as a float (``1e6``) or with ``_``.

    Examples
    --------
    >>> count("1e6"), count("10_000")
    (1000000, 10000)
    """
    value = as_number(text.replace("_", ""), text)
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
    return _whole_number(text, 0, "must not be negative")


def _whole_number(text: str, lowest: int, below: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < lowest:
        raise argparse.ArgumentTypeError(f"{value} {below}")
    return value


def probability(text: str) -> float:
    """A number strictly between 0 and 1.

    Examples
    --------
    >>> probability("0.001")
    0.001
    """
    value = as_number(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 0 and 1")
    return value


def amount(text: str) -> float:
    """A positive, finite amount of money (an Ante's size).

    Examples
    --------
    >>> amount("25")
    25.0
    >>> amount("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '-1' must be a positive amount
    """
    value = as_number(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive amount")
    return value


#: The ``--help`` of the exact analyses' ``--jobs`` (threads sharing the tables; default None).
EVERY_CORE = "default: every core this process may use"


def worker_count(jobs: int | None, option: str = "--jobs") -> int:
    """``--jobs`` cut to the cores this process may use (a one-line note if cut); None: all.

    Examples
    --------
    >>> worker_count(1)
    1
    >>> from crazy4.simulate.plan import available_cores
    >>> worker_count(10**6) == worker_count(None) == available_cores()
    True
    """
    from crazy4.simulate.plan import available_cores

    cores = available_cores()
    if jobs is None:
        return cores
    if jobs <= cores:
        return jobs
    noun = "core" if cores == 1 else "cores"
    print(
        f"crazy4: note: {option} {jobs:,} is more than the {cores} {noun} of this machine; "
        f"using {cores}",
        file=sys.stderr,
    )
    return cores


#: How ``--jobs`` is bounded, as every command's ``--help`` says it.
JOBS_BOUND = (
    "At most the cores of this machine: more runs on as many workers as there are cores, with "
    "a one-line note; never more workers than pieces of work"
)


def write_out(out: str | Path, data: bytes) -> None:
    """Write ``--out`` atomically; a failure is one line naming ``out`` as given."""
    from crazy4.core.atomic import replace_atomically

    def write(target: Path) -> None:
        target.write_bytes(data)

    try:
        replace_atomically(Path(out), write)
    except OSError as error:
        raise InputError(f"--out {out}: cannot write: {error.strerror or error}") from None


def progress_bar(
    total: int, description: str, enabled: bool
) -> tuple[Callable[[str], None], Callable[[], None]]:
    """A progress bar (:func:`tqdm_bar`) of steps: its step and close."""
    steps = tqdm_bar(total, description, "step", not enabled)

    def step(message: str) -> None:
        steps.set_postfix_str(message)
        steps.update(1)

    return step, steps.close


def tqdm_bar(total: int, description: str, unit: str, quiet: bool, scale: bool = False) -> Any:
    """A tqdm bar on a terminal; none with ``--quiet`` (``disable=None``: none in logs, pipes)."""
    from tqdm import tqdm

    disable = quiet or None
    return tqdm(
        total=total, desc=description, unit=unit, unit_scale=scale, disable=disable, leave=False
    )


def add_study_run_options(parser: argparse.ArgumentParser, seed: int, backend_help: str) -> None:
    """A seeded study's ``--seed``, ``--jobs``, ``--backend`` (``backend_help``), ``--scheduler``.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_study_run_options(parser, 7, "local threads or a Dask cluster's workers")
    >>> args = parser.parse_args(["--jobs", "2"])
    >>> args.seed, args.jobs, args.backend, args.scheduler
    (7, 2, 'local', None)
    """
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=seed,
        help=f"seed (default {seed}); the same numbers for any --jobs or backend",
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help="local worker threads (default 1; the numbers do not change); with --backend "
        "dask the cluster's threads",
    )
    parser.add_argument("--backend", choices=("local", "dask"), default="local", help=backend_help)
    parser.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://10.0.0.5:8786")


def run_alone(
    prog: str,
    description: str,
    add_arguments: Callable[[argparse.ArgumentParser], None],
    run: Callable[[argparse.Namespace, list[str]], int],
    argv: Sequence[str] | None,
) -> int:
    """Run one subcommand by itself (its tests do): an :class:`InputError` is one line, status 2.

    Examples
    --------
    >>> def add(parser: argparse.ArgumentParser) -> None:
    ...     _ = parser.add_argument("--deals", type=positive_int)
    >>> run_alone("demo", "A demo.", add, lambda args, argv: args.deals, ["--deals", "3"])
    3
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = Parser(prog=prog, description=description)
    add_arguments(parser)
    try:
        return run(parser.parse_args(arguments), arguments)
    except InputError as error:
        print(f"crazy4: error: {one_line(str(error))}", file=sys.stderr)
        return 2
