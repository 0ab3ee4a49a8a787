"""A third party's own log read as crazy4's: :meth:`LogMapping.translate` gives every batch
crazy4's column names, card text, decision labels, nets in units and numeric round ids before
the game sees it. The mapping file is read by :func:`crazy4.log.mappingfile.read_mapping`
(reference: ``docs/mapping-reference.md``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from crazy4.errors import InputError
from crazy4.log.grammar import (
    CardGrammar,
    IntegerCodes,
    is_ascii,
    read_card_cells,
    read_text_cells,
)
from crazy4.log.roundlog import NUMERIC, text_array

#: The card columns of any game's log.
CARD_COLUMNS = ("player", "dealer", "up_card")
#: How a wager's amount column reads: a net, or a return that includes the stake.
AMOUNT_KINDS = ("net", "return", "winnings")
#: Field metadata on a ``round`` column whose ids are text: numbered in order of appearance.
ROUND_IDS_KEY = b"crazy4.round_ids"
_TRUE = ("1", "1.0", "true", "yes", "y", "t")
_FALSE = ("0", "0.0", "false", "no", "n", "f")


@dataclass(frozen=True)
class LogMapping:
    """How a log's columns, cards, decisions, amounts and round ids read as crazy4's (each
    field a mapping file's key, ``docs/mapping-reference.md``).

    Attributes
    ----------
    multiplier : str or None
        The log's column of the Play multiple: the decision label read is then
        ``"<label> <multiple>"`` (``"play 3"``), mapped by ``decisions``.
    amounts : dict
        A wager to how its ``<wager>_net`` column reads: ``"net"`` (default), ``"return"``
        (stake included), ``"winnings"`` or ``"in <wager>"`` (held in the other's amount);
        the last two are made nets once the rows are settled (:mod:`crazy4.validate.money`).
    decision_from : str
        ``"label"``, or ``"stakes"``: the decision read from the Play stake over the Ante's.
    read_cards : bool
        Read every card cell by the notation; else only cells not plain ASCII text, or lists.

    Examples
    --------
    >>> table = pa.table({"Cards": ["A♠ 10♦"], "Act": ["P"], "Bet": ["500"]})
    >>> mapping = LogMapping(columns={"player": "Cards", "decision": "Act", "ante": "Bet"},
    ...                      decisions={"P": "1x"}, unit=0.01)
    >>> mapping.translate(table).to_pylist()
    [{'player': 'As Td', 'decision': '1x', 'ante': '5.0'}]
    >>> two = LogMapping(columns={"decision": "Act"}, multiplier="X",
    ...                  decisions={"play 3": "3x", "fold": "fold"})
    >>> two.translate(pa.table({"Act": ["play", "fold"], "X": [3.0, None]})).to_pylist()
    [{'decision': '3x'}, {'decision': 'fold'}]
    >>> empty = LogMapping(columns={"decision": "Act", "ante": "Bet", "super_bonus": "Bet"},
    ...                    decisions={"": "fold", "P": "1x"})
    >>> read = empty.translate(pa.table({"Act": ["P", None, " "], "Bet": [1, 1, 1]}))
    >>> read.column("decision").to_pylist(), read.column_names
    (['1x', 'fold', 'fold'], ['decision', 'ante', 'super_bonus'])
    """

    columns: dict[str, str] = field(default_factory=dict)
    notation: str = "text"
    grammar: CardGrammar = field(default_factory=CardGrammar)
    codes: IntegerCodes = field(default_factory=IntegerCodes)
    read_cards: bool = False
    decisions: dict[str, str] = field(default_factory=dict)
    multiplier: str | None = None
    unit: float = 1.0
    amounts: dict[str, str] = field(default_factory=dict)
    round_ids: str = "numbers"
    decision_from: str = "label"
    drop: tuple[str, ...] = ()
    rules: dict[str, object] | None = None
    rule_set: str | None = None
    strategy: str | None = None
    side_bet: str | None = None

    @property
    def order(self) -> str:
        """The text notation's order of rank and suit."""
        return self.grammar.order

    @property
    def encoding(self) -> str:
        """How an integer code is made."""
        return self.codes.encoding

    @property
    def ranks(self) -> str:
        """The rank of each integer index, lowest first."""
        return self.codes.ranks

    @property
    def suits(self) -> str:
        """The suit of each integer index."""
        return self.codes.suits

    def translate(self, table: pa.Table) -> pa.Table:
        """The batch in crazy4's column names, card text, decision labels, nets and units.

        Raises
        ------
        InputError
            A column the mapping names that the log lacks (never silently the log's own
            column of crazy4's name), or a log column that clashes with a mapped one.
        """
        table = self._dropped(table)
        self._check_names(table.column_names)
        if self.multiplier is not None:
            table = self._two_column_decision(table)
        names, sources = self._fields(table)
        columns = []
        for name, column in zip(names, sources, strict=True):
            if name in CARD_COLUMNS:
                column = self._cards(column)
            elif name == "decision" and self.decisions:
                text = pc.utf8_trim_whitespace(text_array(column))
                if "" in self.decisions:  # an empty cell is a label of its own
                    text = pc.fill_null(text, "")
                keys = pa.array(list(self.decisions))
                values = pa.array(list(self.decisions.values()))
                found = pc.index_in(text, value_set=keys)
                column = pc.if_else(pc.is_null(found), text, pc.take(values, found))
            elif name == "qualified":
                column = _flags(column)
            elif (name in NUMERIC or name == "balance") and self.unit != 1.0:
                column = _scaled(column, self.unit)
            columns.append(column)
        fields = [
            pa.field(name, column.type, metadata=self._metadata(name))
            for name, column in zip(names, columns, strict=True)
        ]
        translated = pa.Table.from_arrays(columns, schema=pa.schema(fields))
        if self.decision_from == "stakes" and "decision" not in translated.column_names:
            translated = translated.append_column("decision", _stake_decisions(translated))
            translated = _absent_play(translated)
        return self._amounts(translated) if self.amounts else translated

    def _fields(self, table: pa.Table) -> tuple[list[str], list[pa.ChunkedArray]]:
        """crazy4's name of every column, and the log's column it reads (one may serve several)."""
        readers: dict[str, list[str]] = {}
        for ours, log in self.columns.items():
            readers.setdefault(log, []).append(ours)
        names: list[str] = []
        sources: list[pa.ChunkedArray] = []
        for name, column in zip(table.column_names, table.columns, strict=True):
            for ours in readers.get(name, [name]):
                names.append(ours)
                sources.append(column)
        return names, sources

    def _metadata(self, name: str) -> dict[bytes, bytes] | None:
        return {ROUND_IDS_KEY: b"text"} if name == "round" and self.round_ids == "text" else None

    def _dropped(self, table: pa.Table) -> pa.Table:
        lacking = [name for name in self.drop if name not in table.column_names]
        if lacking:
            raise InputError(
                f"the mapping's drop = [{lacking[0]!r}]: the log has no column {lacking[0]!r} "
                f"(its columns: {', '.join(table.column_names)[:200]})"
            )
        return table.drop_columns(list(self.drop)) if self.drop else table

    def _check_names(self, names: list[str]) -> None:
        wanted = list(self.columns.items())
        if self.multiplier is not None:
            wanted.append(("multiplier", self.multiplier))
        for ours, theirs in wanted:
            if theirs not in names:
                key = "decision" if ours == "multiplier" else ours
                raise InputError(
                    f"the mapping's [columns] {key} = {theirs!r}: the log has no column "
                    f"{theirs!r} (its columns: {', '.join(names)[:200]})"
                )
        renamed = set(self.columns.values())
        for ours, theirs in self.columns.items():
            if ours != theirs and ours in names and ours not in renamed:
                raise InputError(
                    f"the log's own column {ours!r} clashes with the mapping's [columns] "
                    f"{ours} = {theirs!r}: drop it (drop = [{ours!r}]) or rename it "
                    f'([columns] log_{ours} = "{ours}")'
                )

    def _two_column_decision(self, table: pa.Table) -> pa.Table:
        """The decision column as ``"<label> <multiple>"`` (the label alone without one)."""
        label_name = self.columns.get("decision", "decision")
        label = pc.utf8_trim_whitespace(text_array(table.column(label_name)).cast(pa.string()))
        multiple = _multiple_text(table.column(self.multiplier))
        joined = pc.binary_join_element_wise(label, multiple, " ")
        combined = pc.if_else(pc.is_null(multiple), label, joined)
        index = table.column_names.index(label_name)
        table = table.set_column(index, label_name, combined)
        return table.drop_columns([self.multiplier])

    def _cards(self, column: pa.Array | pa.ChunkedArray) -> pa.Array | pa.ChunkedArray:
        kind = column.type.value_type if pa.types.is_dictionary(column.type) else column.type
        if self.notation == "integers":
            return read_card_cells(column, self.codes, integer_key(self.codes))
        listed = pa.types.is_list(kind) or pa.types.is_large_list(kind)
        if not (listed or pa.types.is_string(kind) or pa.types.is_large_string(kind)):
            return column  # compact codes, or a type the game names
        if not (listed or self.read_cards or self.grammar != CardGrammar()) and is_ascii(column):
            return column  # plain ASCII text: the game's parser reads it, fast
        if listed:
            return read_card_cells(column, self.grammar, f"text notation, order {self.order}")
        return read_text_cells(column, self.grammar)

    def _amounts(self, table: pa.Table) -> pa.Table:
        """Each wager's amount as its net (a return less the stakes held in it)."""
        for wager, kind in self.amounts.items():
            net = f"{wager}_net"
            if kind.startswith("in ") and net in table.column_names:
                table = table.drop_columns([net])
            if kind.startswith("in ") and wager != "ante_bonus":  # resolved once settled
                table = table.append_column(net, pa.array(np.zeros(table.num_rows)))
            if kind != "return":
                continue
            held = [w for w, k in self.amounts.items() if k == f"in {wager}" and w != "ante_bonus"]
            for needed in (net, wager, *held):
                if needed not in table.column_names:
                    raise InputError(
                        f'the mapping\'s [amounts] {wager} = "return" needs the column '
                        f"{needed!r} (the stake and the amount returned)"
                    )
            amount = table.column(net)
            for stake in (wager, *held):  # a return of several wagers less all their stakes
                amount = _less(amount, table.column(stake))
            table = table.set_column(table.column_names.index(net), net, amount)
        return table


def integer_key(codes: IntegerCodes) -> str:
    """The integer notation as its mapping keys say it.

    Examples
    --------
    >>> integer_key(IntegerCodes())
    'integer notation, encoding rank*4+suit, ranks 23456789TJQKA, suits cdhs'
    """
    return f"integer notation, encoding {codes.encoding}, ranks {codes.ranks}, suits {codes.suits}"


def _multiple_text(column: pa.Array | pa.ChunkedArray) -> pa.Array:
    """A multiplier column as text: whole numbers without ``.0``; empty, null or NaN null.

    Examples
    --------
    >>> _multiple_text(pa.array([3.0, None, float("nan"), 1.5])).to_pylist()
    ['3', None, None, '1.5']
    >>> _multiple_text(pa.array(["2.0", " ", "x"])).to_pylist()
    ['2', None, 'x']
    """
    cells: list[str | None] = []
    for cell in text_array(column).to_pylist():
        text = (cell or "").strip()
        try:
            value = float(text)
        except ValueError:
            cells.append(text or None)
            continue
        if math.isnan(value):
            cells.append(None)
        else:
            cells.append(str(int(value)) if value.is_integer() else repr(value))
    return pa.array(cells, pa.string())


def _flags(column: pa.Array | pa.ChunkedArray) -> pa.Array:
    """A yes/no column as 1.0 / 0.0 (other text kept, so the row is named)."""
    if pa.types.is_boolean(column.type):
        return pc.cast(column, pa.float64())
    text = pc.utf8_lower(pc.utf8_trim_whitespace(text_array(column)))
    truth = pc.if_else(pc.is_in(text, value_set=pa.array(_TRUE)), "1", text)
    return pc.if_else(pc.is_in(text, value_set=pa.array(_FALSE)), "0", truth)


def _numbers(column: pa.Array | pa.ChunkedArray) -> list[float | str | None]:
    """Each cell as a number, or its text when it is none (null when empty)."""
    if pa.types.is_integer(column.type) or pa.types.is_floating(column.type):
        return list(pc.cast(column, pa.float64()).to_pylist())
    values: list[float | str | None] = []
    for cell in text_array(column).to_pylist():
        try:
            values.append(None if cell is None or not cell.strip() else float(cell))
        except ValueError:
            values.append(cell)
    return values


def _scaled(column: pa.Array | pa.ChunkedArray, unit: float) -> pa.Array:
    """An amount column times ``unit`` (a cell that is no number kept as text)."""
    if pa.types.is_integer(column.type) or pa.types.is_floating(column.type):
        return pc.multiply(pc.cast(column, pa.float64()), unit)
    cells = _numbers(column)
    text = [None if c is None else c if isinstance(c, str) else repr(c * unit) for c in cells]
    return pa.array(text, pa.string())


def _absent_play(table: pa.Table) -> pa.Table:
    """An empty Play stake (a fold marked by absence) as 0, and on such a row an empty Play
    net as 0 (a Play net that is there is kept as logged).

    Examples
    --------
    >>> table = pa.table({"play": ["3", None, "", None], "play_net": ["3", None, "", "-1"]})
    >>> [(r["play"], r["play_net"]) for r in _absent_play(table).to_pylist()]
    [('3', '3'), ('0', '0'), ('0', '0'), ('0', '-1')]
    """
    absent = _empty(table.column("play"))
    for name in ("play", "play_net"):
        if name not in table.column_names:
            continue
        column = table.column(name)
        if pa.types.is_null(column.type):
            column = pc.cast(column, pa.float64())
        text = pa.types.is_string(column.type) or pa.types.is_large_string(column.type)
        zero = pa.scalar("0" if text else 0, column.type)
        filled = pc.if_else(pc.and_(absent, _empty(column)), zero, column)
        table = table.set_column(table.column_names.index(name), name, filled)
    return table


def _empty(column: pa.Array | pa.ChunkedArray) -> pa.Array | pa.ChunkedArray:
    """Whether each cell is empty: null, or blank text."""
    empty = pc.is_null(column, nan_is_null=True)
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        blank = pc.equal(pc.utf8_trim_whitespace(column), "").fill_null(True)
        empty = pc.or_(empty, blank)
    return empty


def _stake_decisions(table: pa.Table) -> pa.Array:
    """Each row's decision from its Play stake over its Ante (``fold`` for 0 or an empty
    Play cell; a ratio that is no multiple kept as its text, so the row is named).

    Examples
    --------
    >>> table = pa.table({"ante": [5.0, 5.0, 5.0, 5.0], "play": [15.0, None, 0.0, 7.0]})
    >>> _stake_decisions(table).to_pylist()
    ['3x', 'fold', 'fold', 'play 7.0 over ante 5.0']
    """
    if "play" not in table.column_names or "ante" not in table.column_names:
        raise InputError('the mapping\'s decision_from = "stakes" needs the columns play and ante')
    labels: list[str | None] = []
    for play, ante in zip(
        _numbers(table.column("play")), _numbers(table.column("ante")), strict=True
    ):
        if play is None or play == 0:
            labels.append("fold")
        elif isinstance(play, float) and isinstance(ante, float) and ante > 0:
            ratio = play / ante
            whole = round(ratio)
            fits = whole in (1, 2, 3) and math.isclose(ratio, whole, rel_tol=1e-9)
            labels.append(f"{whole}x" if fits else f"play {play!r} over ante {ante!r}")
        else:
            labels.append(f"play {play} over ante {ante}")
    return pa.array(labels, pa.string())


def _less(amount: pa.Array | pa.ChunkedArray, stake: pa.Array | pa.ChunkedArray) -> pa.Array:
    """``amount - stake`` cell by cell (an amount that is no number kept as text, so its row
    is named; a stake that is none leaves the amount as it is, the stake's cell named).

    Examples
    --------
    >>> _less(pa.array(["15", "0", "x", ""]), pa.array([5.0, 5.0, 5.0, 5.0])).to_pylist()
    ['10.0', '-5.0', 'x', None]
    """
    values: list[str | None] = []
    for got, staked in zip(_numbers(amount), _numbers(stake), strict=True):
        if got is None or isinstance(got, str):
            values.append(got)
        elif staked is None or isinstance(staked, str):
            values.append(repr(got))
        else:
            values.append(repr(got - staked))
    return pa.array(values, pa.string())


def number_round_ids(column: pa.Array | pa.ChunkedArray, seen: dict[str, int]) -> pa.Array:
    """Text round ids as numbers 1, 2, ... in order of first appearance (``seen``, updated,
    holds every id numbered so far, across batches); an empty id stays null.

    Examples
    --------
    >>> seen: dict[str, int] = {}
    >>> number_round_ids(pa.array(["H01", "H01", "H02"]), seen).to_pylist()
    [1, 1, 2]
    >>> number_round_ids(pa.array(["H03", "H01", None]), seen).to_pylist()
    [3, 1, None]
    """
    text = pc.utf8_trim_whitespace(text_array(column))
    text = pc.if_else(pc.equal(text, ""), pa.scalar(None, pa.string()), text)
    distinct = pc.unique(text).drop_null()
    numbers = [seen.setdefault(value, len(seen) + 1) for value in distinct.to_pylist()]
    found = pc.index_in(text, value_set=distinct)
    return pc.take(pa.array(numbers, pa.int64()), found)
