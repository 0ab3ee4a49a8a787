"""Reading a strategy file: the table a player's decisions are given in (every game).

Each game's reference reads its own columns (a hand, an up card, a decision) and checks them
against its own classes; the file itself is read here, parquet or CSV alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.errors import InputError

if TYPE_CHECKING:
    import pandas as pd


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
