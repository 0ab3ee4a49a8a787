"""A third party's own log read as crazy4's: columns, card notation, decisions and units.

Every batch of a log goes through :meth:`LogMapping.translate` before the game sees it, so a
log validates in its own export format. Without a mapping file only suit symbols are
translated (``A♠ 10♦`` reads as ``As Td``). A mapping file (TOML; every key optional, an
unknown key is an error)::

    rule_set = "crazy4-standard"       # when the log's metadata does not name one
    strategy = "simple"                # the strategy the log played
    side_bet = "50-40-8-4-3-2-1"        # the side-bet table its side wagers were settled on

    [columns]                          # crazy4's name = the log's column
    round = "HandId"
    player = "PlayerCards"
    ante_net = "AnteWin"

    [cards]
    notation = "text"                  # "text" (A♠ 10♦, As Td, 10d) or "integers"
    order = "rank-suit"                # text: "rank-suit" (As) or "suit-rank" (sA, ♠A)
    encoding = "rank*4+suit"           # integers: "rank*4+suit" or "suit*13+rank"
    ranks = "23456789TJQKA"            # integers: the rank of each code, lowest code first
    suits = "cdhs"                     # integers: the suit of each code

    [decisions]                        # the log's label = crazy4's (fold, 1x, 2x, 3x, blind)
    F = "fold"
    P1 = "1x"

    [wagers]
    unit = 0.01                        # the log's amounts times this (cents: 0.01)

Integer cards are a list column or text of whole numbers (``"12 51 3 40 7"``). A ``qualified``
column, when present, is read as 1 (true, yes, y, 1) or 0 (false, no, n, 0).
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from crazy4.core.cards import RANKS, SUITS
from crazy4.errors import InputError
from crazy4.log.roundlog import NUMERIC, UNREAD, hand_text_array, text_array

#: The card columns of any game's log.
CARD_COLUMNS = ("player", "dealer", "up_card")
#: Suit symbols (black and white) and the letters they stand for.
SUIT_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
_ENCODINGS = ("rank*4+suit", "suit*13+rank")
_TRUE = ("1", "1.0", "true", "yes", "y", "t")
_FALSE = ("0", "0.0", "false", "no", "n", "f")


@dataclass(frozen=True)
class LogMapping:
    """How a log's columns, cards, decisions and amounts read as crazy4's (module docstring).

    Examples
    --------
    >>> table = pa.table({"Cards": ["A♠ 10♦"], "Act": ["P"], "Bet": ["500"]})
    >>> mapping = LogMapping(columns={"player": "Cards", "decision": "Act", "ante": "Bet"},
    ...                      decisions={"P": "1x"}, unit=0.01)
    >>> mapping.translate(table).to_pylist()
    [{'player': 'As Td', 'decision': '1x', 'ante': '5.0'}]
    """

    columns: dict[str, str] = field(default_factory=dict)
    notation: str = "text"
    order: str = "rank-suit"
    encoding: str = "rank*4+suit"
    ranks: str = RANKS
    suits: str = SUITS
    decisions: dict[str, str] = field(default_factory=dict)
    unit: float = 1.0
    rule_set: str | None = None
    strategy: str | None = None
    side_bet: str | None = None

    def translate(self, table: pa.Table) -> pa.Table:
        """The batch in crazy4's column names, card text, decision labels and units.

        Raises
        ------
        InputError
            A column the mapping names that the log lacks (never silently the log's own
            column of crazy4's name).
        """
        lacking = [(o, t) for o, t in self.columns.items() if t not in table.column_names]
        if lacking:
            ours, theirs = lacking[0]
            raise InputError(
                f"the mapping's [columns] {ours} = {theirs!r}: the log has no column {theirs!r} "
                f"(its columns: {', '.join(table.column_names)[:200]})"
            )
        renamed = {log: ours for ours, log in self.columns.items()}
        names = [renamed.get(name, name) for name in table.column_names]
        columns = []
        for name, column in zip(names, table.columns, strict=True):
            if name in CARD_COLUMNS:
                column = self._cards(column, name)
            elif name == "decision" and self.decisions:
                text = pc.utf8_trim_whitespace(text_array(column))
                keys = pa.array(list(self.decisions))
                values = pa.array(list(self.decisions.values()))
                found = pc.index_in(text, value_set=keys)
                column = pc.if_else(pc.is_null(found), text, pc.take(values, found))
            elif name == "qualified":
                column = _flags(column)
            elif name in NUMERIC and self.unit != 1.0:
                column = _scaled(column, self.unit)
            columns.append(column)
        return pa.Table.from_arrays(columns, names=names)

    def _cards(self, column: pa.Array | pa.ChunkedArray, name: str) -> pa.Array:
        if self.notation == "integers":
            return self._integer_cards(column, name)
        if isinstance(column, pa.ChunkedArray):
            column = column.combine_chunks()
        if pa.types.is_dictionary(column.type):
            column = column.dictionary_decode()
        if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
            return column
        buffer = column.buffers()[2]
        ascii_only = buffer is None or np.frombuffer(buffer, np.uint8).max(initial=0) < 128
        if ascii_only and self.order == "rank-suit":
            return column
        for symbol, letter in SUIT_SYMBOLS.items():
            column = pc.replace_substring(column, symbol, letter)
        column = pc.replace_substring(column, "10", "T")
        if self.order == "suit-rank":
            column = pc.replace_substring_regex(
                column, r"([cdhsCDHS])\s*(10|[2-9TJQKAtjqka])", r"\2\1"
            )
        return column

    def _integer_cards(self, column: pa.Array | pa.ChunkedArray, name: str) -> pa.Array:
        """Integer codes as card text. Every token of a cell must be a whole number 0-51: a
        cell with any other token reads as no cards, with that token as the reason
        (:data:`~crazy4.log.roundlog.UNREAD`; the game names the row)."""
        text: list[str | None] = []
        for cell in column.to_pylist():
            try:
                codes = _codes(cell)
                cards = [self._card(code) for code in codes]
            except ValueError as error:
                text.append(f"{UNREAD}card cell {str(cell)[:60]!r}: {error} (integer notation)")
                continue
            text.append(None if not cards else _hand_text(cards))
        return pa.array(text, pa.string())

    def _card(self, code: int) -> int:
        """crazy4's card of one integer code."""
        if not 0 <= code < 52:
            raise ValueError(f"code {code} is not a card (codes are 0-51)")
        if self.encoding == "rank*4+suit":
            rank, suit = divmod(code, 4)
        else:
            suit, rank = divmod(code, 13)
        return RANKS.index(self.ranks[rank]) * 4 + SUITS.index(self.suits[suit])


def _codes(cell: object) -> list[int]:
    """The integer codes of one cell: a list of whole numbers, or text of whole numbers
    separated by blanks, commas or semicolons (in brackets or not); any other token raises.

    Examples
    --------
    >>> _codes("12 51, 3"), _codes([4, 5]), _codes(None)
    ([12, 51, 3], [4, 5], [])
    >>> _codes("SPADE 1 HEART 13")
    Traceback (most recent call last):
    ValueError: token 'SPADE' is not a whole number
    """
    if cell is None:
        return []
    if isinstance(cell, list):
        tokens: list[object] = list(cell)
    else:
        inner = str(cell).strip().removeprefix("[").removesuffix("]")
        tokens = [token for token in re.split(r"[\s,;]+", inner) if token]
    codes = []
    for token in tokens:
        if isinstance(token, bool) or not (
            isinstance(token, int)
            or (isinstance(token, str) and re.fullmatch(r"-?\d{1,18}", token))
        ):
            raise ValueError(f"token {str(token)[:20]!r} is not a whole number")
        codes.append(int(token))
    return codes


def _hand_text(cards: list[int]) -> str | None:
    if len(set(cards)) != len(cards):
        return " ".join(RANKS[c // 4] + SUITS[c % 4] for c in cards)
    hand = np.sort(np.array(cards))[:, None]
    return str(hand_text_array(hand).to_pylist()[0])


def _flags(column: pa.Array | pa.ChunkedArray) -> pa.Array:
    """A yes/no column as 1.0 / 0.0 (other text kept, so the row is named)."""
    if pa.types.is_boolean(column.type):
        return pc.cast(column, pa.float64())
    text = pc.utf8_lower(pc.utf8_trim_whitespace(text_array(column)))
    truth = pc.if_else(pc.is_in(text, value_set=pa.array(_TRUE)), "1", text)
    return pc.if_else(pc.is_in(text, value_set=pa.array(_FALSE)), "0", truth)


def _scaled(column: pa.Array | pa.ChunkedArray, unit: float) -> pa.Array:
    """An amount column times ``unit`` (a cell that is no number kept as text)."""
    if pa.types.is_integer(column.type) or pa.types.is_floating(column.type):
        return pc.multiply(pc.cast(column, pa.float64()), unit)
    text = text_array(column)
    values: list[str | None] = []
    for cell in text.to_pylist():
        try:
            values.append(None if cell is None or cell == "" else repr(float(cell) * unit))
        except ValueError:
            values.append(cell)
    return pa.array(values, pa.string())


def read_mapping(path: Path) -> LogMapping:
    """A mapping file (see the module docstring).

    Raises
    ------
    InputError
        Unreadable TOML, an unknown key or a bad value, named.
    """
    where = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the mapping file {where!r}: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{where!r}: not TOML ({error})") from None
    known = {"rule_set", "strategy", "side_bet", "columns", "cards", "decisions", "wagers"}
    _no_unknown(data, known, where)
    cards = _table(data, "cards", where)
    _no_unknown(cards, {"notation", "order", "encoding", "ranks", "suits"}, f"{where} [cards]")
    wagers = _table(data, "wagers", where)
    _no_unknown(wagers, {"unit"}, f"{where} [wagers]")
    mapping = LogMapping(
        columns=_strings(_table(data, "columns", where), f"{where} [columns]"),
        notation=_choice(cards, "notation", ("text", "integers"), where),
        order=_choice(cards, "order", ("rank-suit", "suit-rank"), where),
        encoding=_choice(cards, "encoding", _ENCODINGS, where),
        ranks=str(cards.get("ranks", RANKS)),
        suits=str(cards.get("suits", SUITS)),
        decisions=_strings(_table(data, "decisions", where), f"{where} [decisions]"),
        unit=_unit(wagers.get("unit", 1.0), where),
        rule_set=_optional(data, "rule_set", where),
        strategy=_optional(data, "strategy", where),
        side_bet=_optional(data, "side_bet", where),
    )
    if sorted(mapping.ranks) != sorted(RANKS) or sorted(mapping.suits) != sorted(SUITS):
        raise InputError(f"{where} [cards]: ranks must order {RANKS} and suits {SUITS}")
    return mapping


def _no_unknown(data: dict[str, object], known: set[str], where: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})")


def _table(data: dict[str, object], key: str, where: str) -> dict[str, object]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise InputError(f"{where}: {key!r} must be a table")
    return value


def _strings(data: dict[str, object], where: str) -> dict[str, str]:
    bad = [key for key, value in data.items() if not isinstance(value, str)]
    if bad:
        raise InputError(f"{where}: {bad[0]!r} must be text")
    return {key: str(value) for key, value in data.items()}


def _choice(data: dict[str, object], key: str, allowed: tuple[str, ...], where: str) -> str:
    value = data.get(key, allowed[0])
    if value not in allowed:
        raise InputError(f"{where} [cards] {key}: {value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _unit(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise InputError(
            f"{where} [wagers] unit: {value!r} is not a positive number (finite, above 0)"
        )
    return float(value)


def _optional(data: dict[str, object], key: str, where: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise InputError(f"{where}: {key!r} must be text")
    return value
