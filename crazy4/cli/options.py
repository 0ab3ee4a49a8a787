"""Helpers every ``crazy4`` command shares: the parser, argument types, ``--jobs``, and the
command line as recorded.

Imported by :mod:`crazy4.cli.main` and :mod:`crazy4.cli.simulate` (neither imports the other's
helpers). An argument type raises :class:`argparse.ArgumentTypeError`, which :class:`Parser`
reports as one line, ``crazy4: error: argument --jobs: ...``, and exit status 2.
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, Protocol

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
    """An argument parser whose errors are one line: ``crazy4: error: <what> (see --help)``.

    :meth:`error` raises :class:`OptionError`, which :func:`crazy4.cli.main.main` prints as one
    line on standard error with exit status 2 (argparse's own ``error`` prints the usage block
    first). Its subcommands' parsers are of this class too (``add_subparsers`` uses the parent's
    class). ``--help`` is argparse's.

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
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
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
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive amount")
    return value


#: The ``--help`` of the exact analyses' ``--jobs`` (threads sharing the tables), whose default
#: (None) is every core: the numbers are the same for any number of threads, and threads add
#: no copy of the tables (Four Card Poker: 0.1 GB more at 2 threads than at 1).
EVERY_CORE = "default: every core this process may use"


def worker_count(jobs: int | None, option: str = "--jobs") -> int:
    """``--jobs`` bounded by the cores this process may use; a note on standard error if cut.

    More workers than cores only add memory (each worker holds its own tables) and never
    speed (the results are identical for any number), so ``--jobs`` above the cores runs on
    as many workers as there are cores and says so in one line (exit status unchanged).
    None (no ``--jobs`` where the default is :data:`EVERY_CORE`) is every core.

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


def progress_bar(
    total: int, description: str, enabled: bool
) -> tuple[Callable[[str], None], Callable[[], None]]:
    """A progress bar on a terminal (nothing in logs and pipes): its step and close."""
    from tqdm import tqdm

    # disable=None: a bar on a terminal, nothing in logs and pipes
    bar = tqdm(
        total=total, desc=description, unit="step", disable=None if enabled else True, leave=False
    )

    def step(message: str) -> None:
        bar.set_postfix_str(message)
        bar.update(1)

    return step, bar.close


def add_study_run_options(parser: argparse.ArgumentParser, seed: int, backend_help: str) -> None:
    """The options of a seeded Monte Carlo study that runs on local threads or a Dask cluster:
    ``--seed``, ``--jobs``, ``--backend`` (``backend_help`` its help) and ``--scheduler``.

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
    """Run one subcommand by itself (its tests call it so): parse ``argv`` (default: the
    process's arguments) with its options, run it, and turn an :class:`InputError` into one
    line on standard error and exit status 2.

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
