"""A strategy file read onto a game's classes: one decision per class, every class covered.

Each row (a hand, and for a game with an up card the up card, and a decision) sets the
decision of its whole class; every class must be covered, none twice with different decisions,
none with a decision the rules forbid. The game supplies how a row's cards are read and which
class they fall in (:class:`ClassKeys`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.core.decisions import DECISIONS
from crazy4.errors import InputError

if TYPE_CHECKING:
    import pandas as pd

IntArray = npt.NDArray[np.int64]


def read_strategy_frame(path: Path, columns: list[str]) -> pd.DataFrame:
    """The ``columns`` of a strategy file (parquet, else CSV read as text).

    Raises
    ------
    InputError
        If the file cannot be read or lacks one of the columns.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "strategy.csv"
    >>> _ = path.write_text("hand,decision,note\\nAs Ks Qs Js 9s,3x,x\\n")
    >>> read_strategy_frame(path, ["hand", "decision"]).values.tolist()
    [['As Ks Qs Js 9s', '3x']]
    >>> read_strategy_frame(path, ["up_card"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: strategy file ... cannot be read: ...
    """
    import pandas as pd
    import pyarrow as pa

    try:
        if path.suffix == ".parquet":
            return pd.read_parquet(path, columns=columns)
        return pd.read_csv(path, usecols=columns, dtype=str)
    except (OSError, ValueError, KeyError, pa.ArrowException) as error:
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise InputError(f"strategy file {str(path)!r} cannot be read: {first_line}") from None


@dataclass(frozen=True)
class ClassKeys:
    """How a game's strategy rows are keyed.

    Attributes
    ----------
    columns : tuple of str
        The columns that name a class (``("hand",)`` or ``("hand", "up_card")``).
    parse : callable
        One row's texts of :attr:`columns` to its cards; raises :class:`InputError`.
    classes : callable
        The class index of every parsed row, from an array of shape ``(rows, cards)``.
    allowed : ndarray of bool, shape (classes, 4)
        The decisions each class may take.
    what, example
        What the classes are called in messages; a class in words, to name a missing one.
    """

    columns: tuple[str, ...]
    parse: Callable[[tuple[str, ...]], tuple[int, ...]]
    classes: Callable[[npt.NDArray[np.int64]], IntArray]
    allowed: npt.NDArray[np.bool_]
    what: str
    example: Callable[[int], str | None] | None = None


def read_class_strategy(path: Path, keys: ClassKeys) -> IntArray:
    """The decision code of every class, from a strategy file.

    Raises
    ------
    InputError
        For an unreadable file, a bad row (its number named), a decision not allowed, two
        decisions for one class, or a class not covered.

    Examples
    --------
    >>> import tempfile
    >>> keys = ClassKeys(("hand",), lambda texts: (int(texts[0]),),
    ...                  lambda rows: rows[:, 0], np.ones((2, 4), dtype=bool), "hand classes")
    >>> path = Path(tempfile.mkdtemp()) / "strategy.csv"
    >>> _ = path.write_text("hand,decision\\n1,3x\\n0,fold\\n")
    >>> read_class_strategy(path, keys).tolist()
    [0, 3]
    >>> _ = path.write_text("hand,decision\\n1,3x\\n")
    >>> read_class_strategy(path, keys)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: strategy file '...strategy.csv' covers 1 of 2 hand classes
    """
    where = f"strategy file {str(path)!r}"
    frame = read_strategy_frame(path, [*keys.columns, "decision"])
    codes = {name: code for code, name in enumerate(DECISIONS)}
    parsed, chosen = [], []
    texts = zip(*(frame[column].astype(str) for column in keys.columns), strict=True)
    decisions = frame["decision"].astype(str)
    for row, (key, decision_text) in enumerate(zip(texts, decisions, strict=True), start=1):
        try:
            parsed.append(keys.parse(tuple(key)))
        except InputError as error:
            raise InputError(f"{where} row {row}: {error}") from None
        code = codes.get(decision_text.strip().lower())
        if code is None:
            raise InputError(
                f"{where} row {row}: decision {decision_text!r} is not one of "
                f"{', '.join(DECISIONS)}"
            )
        chosen.append(code)
    if not parsed:
        raise InputError(f"{where} has no rows")
    index = keys.classes(np.array(parsed, dtype=np.int64))
    code_array = np.array(chosen, dtype=np.int64)
    refused = ~keys.allowed[index, code_array]
    if refused.any():
        row = int(np.flatnonzero(refused)[0])
        raise InputError(
            f"{where} row {row + 1}: {DECISIONS[chosen[row]]} is not allowed for "
            f"{', '.join(str(frame[column].iloc[row]) for column in keys.columns)}"
        )
    order = np.argsort(index, kind="stable")
    sorted_index, sorted_code = index[order], code_array[order]
    clash = (sorted_index[1:] == sorted_index[:-1]) & (sorted_code[1:] != sorted_code[:-1])
    if clash.any():
        row = int(order[int(np.flatnonzero(clash)[0]) + 1]) + 1
        raise InputError(
            f"{where} row {row}: another row of the same class got a different decision"
        )
    n = keys.allowed.shape[0]
    decision = np.full(n, -1, dtype=np.int64)
    decision[index] = code_array
    missing = np.flatnonzero(decision < 0)
    if missing.size:
        named = keys.example(int(missing[0])) if keys.example else None
        example = f"; missing e.g. {named}" if named is not None else ""
        raise InputError(f"{where} covers {n - missing.size:,} of {n:,} {keys.what}{example}")
    return decision
