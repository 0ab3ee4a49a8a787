"""Audit a simulator's output against the exact analysis: ``crazy4 validate``.

A per-round log (read in round-aligned batches) or a JSON summary is checked by its rule set's
game (:func:`crazy4.validate.engine.validator_of`): well-formed, settlement, strategy and
statistics (``docs/validator.md``). The verdict is ``consistent`` when every check passes (exit
status 0), else ``inconsistent`` (1); unreadable input is an :class:`crazy4.errors.InputError`
(exit status 2).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.errors import InputError
from crazy4.log.mapping import LogMapping
from crazy4.log.roundlog import log_metadata, sniff_format
from crazy4.rules.load import RULES_DIR, shipped_rule_names
from crazy4.rules.ruleset import RuleSet
from crazy4.validate.checks import BalanceAudit
from crazy4.validate.engine import SpecRun, validator_of
from crazy4.validate.kernels import seat_codes
from crazy4.validate.money import money_reading
from crazy4.validate.progressive import start_progressive, summary_progressive
from crazy4.validate.reading import (
    check_summary_figures,
    read_rounds,
    read_summary,
    try_mapping,
)
from crazy4.validate.report import Options, Report, not_run
from crazy4.validate.rows import LogBatch
from crazy4.validate.statistics import SUMMARY_KEYS, statistics_check
from crazy4.validate.structure import IdsPart, Unreadable, ids_part, structure_check


def validate(path: Path, options: Options) -> Report:
    """Validate a per-round log or a JSON summary against a rule set.

    Raises
    ------
    InputError
        Unreadable, corrupt or schema-less input; unknown strategy or side bet table.

    Examples
    --------
    >>> import tempfile
    >>> from crazy4.registry import load_rules
    >>> from crazy4.simulate.driver import make_plan, run_simulation
    >>> rules = load_rules("crazy4-standard")
    >>> log = Path(tempfile.mkdtemp()) / "rounds.parquet"
    >>> _ = run_simulation(make_plan(rules, rounds=3000, seed=1, seats=2), log_path=log)
    >>> report = validate(log, Options(rules))
    >>> report.rows, report.rounds, report.exit_status
    (6000, 3000, 0)
    >>> [(check.name, check.passed) for check in report.checks][:2]
    [('Well-formed', True), ('Settlement', True)]
    """
    kind = sniff_format(path)
    identity: FileIdentity | None = None
    try:
        if kind == "summary":
            return _validate_summary(path, options)
        identity = FileIdentity(path)  # hashed on a thread of its own while the log is checked
        metadata = log_metadata(path)
        options = replace(options, table_seats=table_seats(options.rules, metadata))
        run = start_run(options, metadata)
        progressive = start_progressive(options, metadata)
        process = run.process if progressive is None else progressive.wrap(run.process)

        unreadable, balance = Unreadable(), BalanceAudit(options.examples)

        def checked(parsed: Parsed) -> None:
            run.tally.row_seats = parsed.seats  # the Strategy check's seats
            process(parsed.batch)
            balance.add(parsed.batch, run.tally)
            run.tally.round_ids.add_part(parsed.round_ids)
            unreadable.add(parsed.batch)

        read_rounds(
            *(path, options.batch_rows, run.check_columns, partial(parse, run.read_batch)),
            *(checked, options.mapping.translate),
            lambda table: try_mapping(table, run.read_batch, options.mapping),
        )
        unreadable.refuse(run.tally.rows, repr(str(path)))
    except InputError as error:
        if identity is not None:
            identity.stop()
        raise InputError(f"{error}{_content_note(path, kind)}") from None
    except BaseException:
        if identity is not None:
            identity.stop()
        raise
    assert identity is not None
    family = run.statistics(None)
    extra = [*balance.checks(), *([] if progressive is None else progressive.finish(family))]
    checks = [
        *run.row_checks(),
        *extra,
        statistics_check(family, options.alpha, (run.tally.stat_rows, "rows")),
    ]
    if run.tally.round_ids.count or run.tally.round_ids.unreadable:  # the log has round ids
        checks.append(structure_check(run.tally.round_ids, options.examples))
    checks = [not_run(check) for check in checks]
    return Report(
        source=path.name,
        kind=f"{kind} log",
        rule_set=options.rules.name,
        strategy=options.strategy,
        rows=run.tally.rows,
        rounds=run.tally.rounds,
        checks=checks,
        rule_set_sha256=options.rules.content_hash,
        source_sha256=identity.result()[0],
        source_bytes=path.stat().st_size,
    )


def start_run(options: Options, metadata: Mapping[str, object]) -> SpecRun:
    """The game's validation of ``options.rules``, told how the log records money that is not
    a net per wager (:func:`~crazy4.validate.money.money_reading` of the mapping)."""
    run = validator_of(options.rules)(options, metadata)
    run.tally.money = money_reading(options.mapping)
    run.tally.keep_exact_money = "balance" in options.mapping.columns
    return run


def table_seats(rules: RuleSet, metadata: Mapping[str, object]) -> int:
    """The seats at the table of a log: those its metadata records, else as many as one deck
    deals beside the dealer's hand (five cards a seat).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> table_seats(rules, {}), table_seats(rules, {"seats": 3}), table_seats(rules, {"seats": 40})
    (9, 3, 9)
    """
    most = (52 - rules.dealer.cards) // 5
    recorded = metadata.get("seats")
    if isinstance(recorded, int) and not isinstance(recorded, bool) and 1 <= recorded <= most:
        return recorded
    return most


class Parsed(NamedTuple):
    """One batch of a log as the batch reader's thread leaves it: parsed, its early checks
    made, its seat numbers and round ids read."""

    batch: LogBatch
    seats: npt.NDArray[np.int64] | None
    round_ids: IdsPart


def parse(read_batch: Callable[[pa.Table, int], LogBatch], table: pa.Table, first: int) -> Parsed:
    """A batch of rows (its first row ``first``, 1-based) as :class:`Parsed`: ``read_batch``
    (the game's) parses it, then its seat numbers and round ids are read."""
    batch = read_batch(table, first)
    seat = batch.number.get("seat")
    return Parsed(batch, None if seat is None else seat_codes(seat), round_ids(batch))


def round_ids(batch: LogBatch) -> IdsPart:
    """The id and first row of each round of ``batch`` (none without a ``round`` column)."""
    ids = batch.number.get("round")
    if ids is None or not ids.size:
        return ids_part(np.zeros(0), np.zeros(0, dtype=np.int64))
    boundary = np.ones(ids.shape[0], dtype=bool)
    boundary[1:] = ids[1:] != ids[:-1]  # as split_rounds: a NaN id is a round of its own
    starts = np.flatnonzero(boundary)
    return ids_part(ids[starts], batch.first_row + starts)


class FileIdentity:
    """:func:`file_identity` of a file computed on a background thread (``hashlib`` releases
    the GIL), so the hash of a large log overlaps its checks.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x"
    >>> _ = path.write_bytes(b"abc")
    >>> FileIdentity(path).result() == file_identity(path)
    True
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.halt = threading.Event()
        self.found: tuple[str, int] | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        with contextlib.suppress(OSError):  # result() reads the file again and raises
            self.found = file_identity(self.path, self.halt)

    def stop(self) -> None:
        """Stop hashing (the validation failed)."""
        self.halt.set()
        self.thread.join()

    def result(self) -> tuple[str, int]:
        """The file's SHA-256 and size."""
        self.thread.join()
        return self.found if self.found is not None else file_identity(self.path)


def file_identity(path: Path, halt: threading.Event | None = None) -> tuple[str, int]:
    """The SHA-256 and size in bytes of a file (read in blocks; stopped early, with the
    digest of what was read, when ``halt`` is set).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x"
    >>> _ = path.write_bytes(b"abc")
    >>> file_identity(path)[0][:12], file_identity(path)[1]
    ('ba7816bf8f01', 3)
    """
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as handle:
        while (block := handle.read(1 << 22)) and not (halt is not None and halt.is_set()):
            digest.update(block)
            size += len(block)
    return digest.hexdigest(), size


def _recorded(path: Path, kind: str) -> dict[str, object]:
    """What the log says of itself: a parquet log's crazy4 metadata, a summary's provenance."""
    if kind == "parquet":
        return log_metadata(path)
    if kind == "summary":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            return {}  # read_summary names what is wrong
        provenance = data.get("provenance") if isinstance(data, dict) else None
        strategy = data.get("strategy") if isinstance(data, dict) else None
        found = dict(provenance) if isinstance(provenance, dict) else {}
        if isinstance(strategy, str):
            found.setdefault("strategy", strategy)
        return found
    return {}


def log_options(
    path: Path,
    *,
    load: Callable[[str], RuleSet],
    rules: RuleSet | None = None,
    strategy: str | None = None,
    side_bet: str | None = None,
    mapping: LogMapping | None = None,
    alpha: float = 0.01,
    examples: int = 5,
) -> Options:
    """The options of a validation: what is given, else what the mapping file says, else
    what the log's metadata records (``rule_set``, its ``rule_set_sha256``, ``strategy``).
    ``load`` reads a shipped rule set the log names, given its file's path
    (:func:`crazy4.registry.load_rules`: the validator knows no game by name).

    Raises
    ------
    InputError
        No rule set given or recorded; a recorded rule set whose text differs from the one
        found by its name; a recorded strategy that is no file here.

    Examples
    --------
    >>> import tempfile
    >>> from crazy4.registry import load_rules
    >>> from crazy4.simulate.driver import make_plan, run_simulation
    >>> log = Path(tempfile.mkdtemp()) / "rounds.parquet"
    >>> plan = make_plan(load_rules("crazy4-standard"), rounds=100, seed=1, strategy="simple")
    >>> _ = run_simulation(plan, log_path=log, log_metadata={"rule_set": "crazy4-standard",
    ...                                                    "strategy": "simple"})
    >>> options = log_options(log, load=load_rules)
    >>> options.rules.name, options.strategy
    ('crazy4-standard', 'simple')
    """
    mapping = mapping or LogMapping()
    recorded = _recorded(path, sniff_format(path))
    if rules is None:
        name = mapping.rule_set or recorded.get("rule_set")
        if not isinstance(name, str):
            raise InputError(f"{str(path)!r}: the log names no rule set; pass --rules")
        rules = _shipped(name, path, "the mapping" if mapping.rule_set else "the log", load)
        sha = recorded.get("rule_set_sha256")
        if mapping.rule_set is None and isinstance(sha, str) and sha != rules.content_hash:
            raise InputError(
                f"{str(path)!r}: the log was written under a rule set {name!r} whose text "
                f"differs from the one found by that name (sha256 {sha[:12]}...); pass --rules"
            )
    if strategy is None:
        logged = mapping.strategy or recorded.get("strategy") or "optimal"
        if mapping.strategy is None and logged not in ("optimal", "simple"):
            raise InputError(
                f"{str(path)!r}: the log's metadata names the strategy {str(logged)[:80]!r}; "
                "a log may name optimal or simple, a strategy file only --strategy"
            )
        if not isinstance(logged, str) or (
            logged not in ("optimal", "simple") and not Path(logged).is_file()
        ):
            raise InputError(
                f"{str(path)!r}: the log's strategy {str(logged)[:80]!r} is no file here; "
                "pass --strategy"
            )
        strategy = logged
    return Options(
        rules=rules,
        strategy=strategy,
        side_bet=side_bet or mapping.side_bet,
        alpha=alpha,
        examples=examples,
        mapping=mapping,
    )


def _shipped(name: str, path: Path, whose: str, load: Callable[[str], RuleSet]) -> RuleSet:
    """The shipped rule set ``name`` that a log (or its mapping) names: never a path, which
    only ``--rules`` gives (an untrusted log must not choose which file is opened)."""
    if name not in shipped_rule_names():
        raise InputError(
            f"{str(path)!r}: {whose} names the rule set {name[-80:]!r}, which is no shipped rule "
            f"set (a path comes only from --rules; shipped: {', '.join(shipped_rule_names())})"
        )
    return load(str(RULES_DIR / f"{name}.toml"))


#: What the content of each format is called, and the file name endings that claim it.
_CONTENT = {"summary": ("JSON", (".json",)), "parquet": ("parquet", (".parquet", ".parq"))}
_CONTENT_CSV = ("CSV text", (".csv", ".txt"))


def _content_note(path: Path, kind: str) -> str:
    """`` (content read as CSV text, not the .json its name says)`` when the name claims another
    format; else empty.

    Examples
    --------
    >>> _content_note(Path("x.json"), "csv"), _content_note(Path("x.csv"), "csv")
    (' (content read as CSV text, not the .json its name says)', '')
    """
    what, _ = _CONTENT.get(kind, _CONTENT_CSV)
    suffix = path.suffix.lower()
    claimed = [ends for _, ends in (*_CONTENT.values(), _CONTENT_CSV) if suffix in ends]
    if not claimed or suffix in _CONTENT.get(kind, _CONTENT_CSV)[1]:
        return ""
    return f" (content read as {what}, not the {suffix} its name says)"


def _validate_summary(path: Path, options: Options) -> Report:
    """The statistics of a JSON summary's totals (its strategy, when it names a known one)."""
    start = validator_of(options.rules)
    summary = read_summary(path, SUMMARY_KEYS)
    strategy = str(summary.get("strategy", options.strategy))
    if strategy not in ("optimal", "simple"):
        strategy = options.strategy
    chosen = replace(options, strategy=strategy)
    run = start(chosen, {})
    try:
        family = run.statistics(summary)
        check_summary_figures(summary)  # after the labels are known to be the game's
        summary_progressive(chosen, summary, family)
        check = not_run(statistics_check(family, chosen.alpha, (int(summary["rounds"]), "rounds")))
    except InputError as error:
        raise InputError(f"{str(path)!r}: malformed summary: {error}") from None
    except (KeyError, TypeError, ValueError, ArithmeticError) as error:
        message = " ".join(str(error).split())[:200] or type(error).__name__
        raise InputError(f"{str(path)!r}: malformed summary ({message})") from None
    return Report(
        source=path.name,
        kind="summary",
        rule_set=options.rules.name,
        strategy=strategy,
        rows=0,
        rounds=int(summary["rounds"]),
        checks=[check],
        rule_set_sha256=options.rules.content_hash,
        source_sha256=file_identity(path)[0],
        source_bytes=path.stat().st_size,
    )
