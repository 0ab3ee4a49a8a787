"""Reading a validator's input: a per-round log in batches that never split a round, or a JSON
summary checked whole (:func:`check_summary`); a log's mapping tried on its first rows
(:func:`try_mapping`), a column most of whose rows do not read named as the mapping's error."""

from __future__ import annotations

import json
import math
import queue
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

import numpy as np
import pyarrow as pa

from crazy4.errors import InputError
from crazy4.log.cardtext import is_code_type
from crazy4.log.mapping import ROUND_IDS_KEY, LogMapping, number_round_ids
from crazy4.log.roundlog import DECISION_NAMES, number_column, read_log_batches
from crazy4.simulate.summary import SUMMARY_FORMAT
from crazy4.validate.rows import LogBatch
from crazy4.validate.statistics import Summary


def round_batches(
    path: Path, batch_rows: int, translate: Callable[[pa.Table], pa.Table] | None = None
) -> Iterator[pa.Table]:
    """Batches of about ``batch_rows`` rows that never split a round (each ``translate``d
    into crazy4's columns first; text round ids numbered in order of first appearance,
    :func:`~crazy4.log.mapping.number_round_ids`)."""
    carry: pa.Table | None = None
    seen: dict[str, int] = {}
    for table in read_log_batches(path, batch_rows):
        if translate is not None:
            table = translate(table)
        table = _numbered(table, seen)
        if carry is not None:
            table = pa.concat_tables([carry, table.cast(carry.schema)])
            carry = None
        if "round" not in table.column_names or table.num_rows == 0:
            yield table
            continue
        cut = last_round_start(table.column("round"))
        if cut:
            yield table.slice(0, cut)
        carry = table.slice(cut)
    if carry is not None and carry.num_rows:
        yield carry


def _numbered(table: pa.Table, seen: dict[str, int]) -> pa.Table:
    """``table`` with a ``round`` column of text ids (as a mapping marks it) numbered."""
    if "round" not in table.column_names:
        return table
    index = table.column_names.index("round")
    metadata = table.schema.field(index).metadata or {}
    if metadata.get(ROUND_IDS_KEY) != b"text":
        return table
    return table.set_column(index, "round", number_round_ids(table.column(index), seen))


def last_round_start(column: pa.ChunkedArray) -> int:
    """Where the last round of a ``round`` column starts: after its last id that differs from
    the last (ids read as :func:`number_column` reads them, NaN equal to NaN); read from the
    end, a widening tail at a time.

    Examples
    --------
    >>> last_round_start(pa.chunked_array([[1, 1, 2], [2, 2]]))
    2
    >>> last_round_start(pa.chunked_array([["x", "3", None, "y"]])), last_round_start(
    ...     pa.chunked_array([[5] * 100]))
    (2, 0)
    """
    n = len(column)
    width = 64
    while True:
        start = max(0, n - width)
        ids = number_column(column.slice(start))
        last = ids[-1]
        same = ids == last if not math.isnan(last) else np.isnan(ids)
        changes = np.flatnonzero(~same)
        if changes.size:
            return start + int(changes[-1]) + 1
        if not start:
            return 0
        width *= 8


Item = TypeVar("Item")
Batch = TypeVar("Batch")


def prefetched(items: Iterable[Item], depth: int = 2) -> Iterator[Item]:
    """``items`` produced by a background thread at most ``depth`` ahead, so reading and
    decoding the next batch (Arrow releases the GIL) overlaps checking this one; an error of
    the producer is raised here, and the producer stops when the consumer does.

    Examples
    --------
    >>> list(prefetched(iter(range(5))))
    [0, 1, 2, 3, 4]
    >>> def broken():
    ...     yield 1
    ...     raise ValueError("bad")
    >>> try:
    ...     list(prefetched(broken()))
    ... except ValueError as error:
    ...     print(error)
    bad
    """
    slots: queue.Queue[tuple[str, object]] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def offer(entry: tuple[str, object]) -> bool:
        while not stop.is_set():
            try:
                slots.put(entry, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def produce() -> None:
        try:
            for item in items:
                if not offer(("item", item)):
                    return
            offer(("done", None))
        except BaseException as error:  # handed to the consumer, raised there
            offer(("error", error))
        finally:  # a generator stopped early stops its own producer (a prefetched one)
            close = getattr(items, "close", None)
            if close is not None:
                close()

    worker = threading.Thread(target=produce, daemon=True)
    worker.start()
    try:
        while True:
            kind, value = slots.get()
            if kind == "done":
                return
            if kind == "error":
                assert isinstance(value, BaseException)
                raise value
            yield value  # type: ignore[misc]
    finally:
        stop.set()
        worker.join()


def read_rounds(
    path: Path,
    batch_rows: int,
    check_columns: Callable[[list[str]], None],
    read_batch: Callable[[pa.Table, int], Batch],
    process: Callable[[Batch], None],
    translate: Callable[[pa.Table], pa.Table] | None = None,
    trial: Callable[[pa.Table], None] | None = None,
) -> None:
    """Read a log in round-aligned batches (each ``translate``d; columns checked on the first,
    given to ``trial``), parse each by ``read_batch`` (given its first row, 1-based) and
    ``process`` it: three stages at once, each at most a batch ahead (:func:`prefetched`), so
    ``read_batch`` must only read its table; batches and errors arrive in the log's order.

    Raises
    ------
    InputError
        A log with no rows or a column named twice, or what ``check_columns`` or
        ``read_batch`` raises.
    """

    def checked() -> Iterator[pa.Table]:
        checked_columns = False
        for table in round_batches(path, batch_rows, translate):
            if not checked_columns:
                twice = [name for name, n in Counter(table.column_names).items() if n > 1]
                if twice:
                    raise InputError(f"{str(path)!r}: the log has two columns named {twice[0]!r}")
                try:
                    check_columns(table.column_names)
                except InputError as error:
                    raise InputError(
                        f"{error}; a log in another format reads through a mapping (crazy4 "
                        "validate LOG --init-mapping writes a starting one)"
                    ) from None
                checked_columns = True
                if trial is not None and table.num_rows:
                    trial(table)
            if table.num_rows:
                yield table

    def parsed(tables: Iterable[pa.Table]) -> Iterator[Batch]:
        before = 0
        for table in tables:
            yield read_batch(table, before + 1)
            before += table.num_rows

    batches = 0
    for batch in prefetched(parsed(prefetched(checked(), depth=1)), depth=1):
        process(batch)
        batches += 1
    if not batches:
        raise InputError(f"{str(path)!r} holds no rows")


def read_summary(path: Path, required: tuple[str, ...]) -> Summary:
    """A JSON summary (``crazy4 simulate --summary``) with the keys ``required``.

    Raises
    ------
    InputError
        Unreadable JSON, not one object, a key missing, an unknown format or a malformed
        value (:func:`check_summary`).
    """
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:  # JSONDecodeError, UnicodeDecodeError, huge ints
        message = " ".join(str(error).split())[:200]
        raise InputError(f"cannot read {str(path)!r} as a JSON summary: {message}") from None
    except RecursionError:
        raise InputError(f"cannot read {str(path)!r} as a JSON summary: nested too deep") from None
    if not isinstance(summary, dict):
        raise InputError(f"{str(path)!r}: a summary is one JSON object")
    missing = [key for key in required if key not in summary]
    if missing:
        raise InputError(
            f"{str(path)!r}: the summary has no {missing[0]!r} (see docs/simulator.md)"
        )
    if summary.get("format", SUMMARY_FORMAT) != SUMMARY_FORMAT:
        shown = repr(summary.get("format"))[:60]
        raise InputError(f"{str(path)!r}: unknown summary format {shown}")
    try:
        check_summary(summary)
    except InputError as error:
        raise InputError(f"{str(path)!r}: malformed summary: {error}") from None
    return summary


#: Largest count or total a summary may give (beyond it a value is absurd).
LARGEST_TOTAL = 1e18


def _shown(value: object) -> str:
    if isinstance(value, int) and abs(value) > LARGEST_TOTAL:
        return f"an integer of {len(str(abs(value))) if abs(value) < 10**4000 else 'many'} digits"
    return repr(value)[:40]


def _number(value: object, key: str) -> float:
    """``value`` as a finite number of size at most :data:`LARGEST_TOTAL`, else refused."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(f"{key} is {_shown(value)}, not a number")
    if abs(value) > LARGEST_TOTAL or not math.isfinite(value):
        raise InputError(f"{key} is {_shown(value)}, not a finite number within ±{LARGEST_TOTAL:g}")
    return float(value)


def _count(value: object, key: str) -> int:
    """``value`` as a count (a whole number >= 0), else refused."""
    number = _number(value, key)
    if number < 0 or number != int(number):
        raise InputError(f"{key} is {_shown(value)}, not a count (a whole number >= 0)")
    return int(number)


def _object(value: object, key: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise InputError(f"{key} is {_shown(value)}, not a JSON object")
    return value


def check_summary(summary: Mapping[str, object]) -> None:
    """Refuse a summary with a value of the wrong shape, naming its key.

    Counts (``rounds``, ``seats``, ``dealer_qualified``, each category and outcome, each bet's
    ``hands``) are whole numbers >= 0; ``net`` and ``wagered`` finite numbers; a bet with
    hands has a positive ``wagered``; ``dealer_qualified`` is at most ``rounds``; ``strategy``
    is text. Every number is at most :data:`LARGEST_TOTAL` in size.

    Raises
    ------
    InputError
        The first malformed value, by key.

    Examples
    --------
    >>> good = {"rounds": 2, "player_categories": {"pair": 2}, "dealer_categories": {},
    ...         "bets": {"ante_play": {"hands": 2, "net": -1.0}}}
    >>> check_summary(good)
    >>> check_summary({**good, "bets": {"ante_play": {"hands": 2, "net": float("nan")}}})
    Traceback (most recent call last):
    crazy4.errors.InputError: bets.ante_play.net is nan, not a finite number within ±1e+18
    >>> check_summary({**good, "player_categories": [2]})
    Traceback (most recent call last):
    crazy4.errors.InputError: player_categories is [2], not a JSON object
    """
    rounds = _count(summary.get("rounds"), "rounds")
    if "seats" in summary and _count(summary["seats"], "seats") < 1:
        raise InputError("seats is 0, not at least 1")
    if "dealer_qualified" in summary:
        qualified = _count(summary["dealer_qualified"], "dealer_qualified")
        if qualified > rounds:
            raise InputError(f"dealer_qualified is {qualified}, more than the {rounds} rounds")
    if "strategy" in summary and not isinstance(summary["strategy"], str):
        raise InputError(f"strategy is {_shown(summary['strategy'])}, not text")
    for key in ("player_categories", "dealer_categories", "outcomes"):
        if key in summary:
            for label, value in _object(summary[key], key).items():
                _count(value, f"{key}.{label}")
    for name, entry in _object(summary.get("bets"), "bets").items():
        bet = _object(entry, f"bets.{name}")
        for key in ("hands", "net"):
            if key not in bet:
                raise InputError(f"bets.{name} has no {key!r}")
        hands = _count(bet["hands"], f"bets.{name}.hands")
        _number(bet["net"], f"bets.{name}.net")
        wagered = _number(bet.get("wagered", hands), f"bets.{name}.wagered")
        if wagered < 0 or (hands and not wagered):
            raise InputError(
                f"bets.{name}.wagered is {_shown(bet.get('wagered'))}: a bet with hands has "
                "a positive wager"
            )


def _total(summary: Mapping[str, object], key: str) -> int | None:
    """The sum of a summary's counts ``key`` (None when it gives none)."""
    counts = summary.get(key)
    if not isinstance(counts, dict) or not counts:
        return None
    return int(sum(int(value) for value in counts.values()))


def check_summary_figures(summary: Mapping[str, object]) -> None:
    """Refuse a summary whose figures contradict each other (its shape already checked).

    The dealer's categories add up to the rounds, the player's to the hands dealt (rounds
    times seats); the outcome cells and each bet's hands are at most the hands dealt; a bet's
    ``mean`` is its ``net`` over its ``wagered`` (hands, when not given), and its ``net_exact``
    its ``net`` (relative tolerance 1e-9). The ``progressive`` row's mean is the figure its test
    reads (with its own standard error, :mod:`crazy4.validate.progressive`), so only its hands
    are checked.

    Raises
    ------
    InputError
        The first contradiction, naming both figures.

    Examples
    --------
    >>> good = {"rounds": 2, "player_categories": {"pair": 2}, "dealer_categories": {},
    ...         "bets": {"ante_play": {"hands": 2, "net": -1.0, "mean": -0.5}}}
    >>> check_summary_figures(good)
    >>> check_summary_figures({**good, "player_categories": {"pair": 200}})
    Traceback (most recent call last):
    crazy4.errors.InputError: player_categories add up to 200, not 2 (2 rounds x 1 seats)
    >>> check_summary_figures({**good, "bets": {"ante_play": {"hands": 2, "net": -1.0,
    ...     "mean": 0.25}}})
    Traceback (most recent call last):
    crazy4.errors.InputError: bets.ante_play.mean is 0.25, but its net over its wager is -0.5
    """
    rounds = int(_number(summary.get("rounds"), "rounds"))
    seats = int(_number(summary.get("seats", 1), "seats"))
    hands = rounds * seats
    dealt = f"{hands:,} ({rounds:,} rounds x {seats} seats)"
    dealer, player = _total(summary, "dealer_categories"), _total(summary, "player_categories")
    if dealer is not None and dealer != rounds:
        raise InputError(f"dealer_categories add up to {dealer:,}, not the {rounds:,} rounds")
    if player is not None and player != hands:
        raise InputError(f"player_categories add up to {player:,}, not {dealt}")
    outcomes = _total(summary, "outcomes")
    if outcomes is not None and outcomes > hands:
        raise InputError(f"outcomes add up to {outcomes:,}, more than {dealt}")
    bets = summary.get("bets")
    for name, bet in (bets if isinstance(bets, dict) else {}).items():
        if int(bet["hands"]) > hands:
            raise InputError(f"bets.{name}.hands is {int(bet['hands']):,}, more than {dealt}")
        net = float(bet["net"])
        wagered = float(bet.get("wagered", bet["hands"]))
        if "mean" in bet and wagered > 0 and name != "progressive":
            mean = _number(bet["mean"], f"bets.{name}.mean")
            if not math.isclose(mean, net / wagered, rel_tol=1e-9, abs_tol=1e-12):
                raise InputError(
                    f"bets.{name}.mean is {mean:g}, but its net over its wager is {net / wagered:g}"
                )
        if "net_exact" in bet:
            try:
                exact = float(Fraction(str(bet["net_exact"])))
            except (ValueError, ZeroDivisionError, OverflowError):
                raise InputError(
                    f"bets.{name}.net_exact is {_shown(bet['net_exact'])}, not a fraction"
                ) from None
            if not math.isclose(exact, net, rel_tol=1e-9, abs_tol=1e-9):
                raise InputError(f"bets.{name}.net_exact is {exact:g}, but its net is {net:g}")


#: The rows the mapping is tried on before the log is read.
SAMPLE_ROWS = 1000


def _column(mapping: LogMapping, name: str) -> str:
    """``'player'``, or ``'player' (the log's 'Cards')`` when the mapping renames it."""
    theirs = mapping.columns.get(name)
    return f"{name!r}" + (f" (the log's {theirs!r})" if theirs and theirs != name else "")


def card_key(mapping: LogMapping) -> str:
    """The mapping keys that decide how card text reads.

    Examples
    --------
    >>> card_key(LogMapping(notation="integers"))
    '[cards] notation = "integers" (encoding "rank*4+suit", ranks "23456789TJQKA", suits "cdhs")'
    >>> card_key(LogMapping())
    '[cards] notation = "text" (order "rank-suit")'
    """
    if mapping.notation == "integers":
        return (
            f'[cards] notation = "integers" (encoding "{mapping.encoding}", ranks '
            f'"{mapping.ranks}", suits "{mapping.suits}")'
        )
    return f'[cards] notation = "text" (order "{mapping.order}")'


def _most(failed: int, rows: int) -> bool:
    return rows > 0 and failed > rows / 2


def try_mapping(
    table: pa.Table, read_batch: Callable[[pa.Table, int], LogBatch], mapping: LogMapping
) -> None:
    """Parse the first rows of a (translated) log and refuse the mapping when more than half
    of them do not read in a card column, the decision or an amount.

    Raises
    ------
    InputError
        The mapping key and the column that do not fit, with the first row that does not read.
    """
    sample = table.slice(0, SAMPLE_ROWS)
    batch = read_batch(sample, 1)
    n = batch.n
    for name, (_, failures) in zip(batch.cards, batch.unparsed, strict=False):
        if _most(len(failures), n) and not is_code_type(sample.column(name).type):
            row = min(failures)
            raise InputError(
                f"the mapping's {card_key(mapping)} does not fit column {_column(mapping, name)}: "
                f"{len(failures):,} of the first {n:,} rows do not read; row {row + 1}: "
                f"{failures[row]}"
            )
    unknown = np.flatnonzero(batch.decision < 0)
    if _most(unknown.size, n):
        label = sample.column("decision")[int(unknown[0])].as_py()
        key = "[decisions] (or --decision)" if mapping.decisions else "no [decisions] given"
        raise InputError(
            f"the mapping's {key} does not fit column {_column(mapping, 'decision')}: "
            f"{unknown.size:,} of the first {n:,} rows give no decision of "
            f"{'/'.join(DECISION_NAMES)}; row {int(unknown[0]) + 1}: {str(label)[:40]!r}"
        )
    for what, cells in batch.bad_numbers:
        if _most(len(cells), n) and what.startswith("round ") and mapping.round_ids != "text":
            row = min(cells)
            raise InputError(
                f'the mapping\'s round_ids = "numbers" does not fit column '
                f"{_column(mapping, 'round')}: {len(cells):,} of the first {n:,} rows; row "
                f'{row + 1}: {cells[row]} (ids of any kind read with round_ids = "text")'
            )
    for what, cells in batch.bad_numbers:
        if _most(len(cells), n) and mapping.unit != 1.0:
            row = min(cells)
            raise InputError(
                f"the mapping's [wagers] unit = {mapping.unit:g} makes {what}: "
                f"{len(cells):,} of the first {n:,} rows; row {row + 1}: {cells[row]}"
            )
