"""A starting mapping for a foreign log (``crazy4 validate LOG --init-mapping``): columns, card
notation, decision labels, amount kinds and round ids guessed from the log, written as
commented TOML (:mod:`crazy4.log.mappingfile`), each guess said beside it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from crazy4.core.text_safety import one_line, toml_string
from crazy4.errors import InputError
from crazy4.log.grammar import CardGrammar, IntegerCodes, symbol_problem
from crazy4.log.initamounts import EVEN_MONEY, amount_kind, is_combined
from crazy4.log.mapping import CARD_COLUMNS
from crazy4.log.roundlog import DECISION_NAMES, WAGERS, number_cells, read_log_batches
from crazy4.log.vocabulary import card_grammars, learn

#: Rows read to guess from (decision labels are read from every row).
SAMPLE_ROWS = 2000
#: The wagers a log may hold, with their short names.
ALL_WAGERS = (*WAGERS, "ante_bonus", "aces_up", "pair_plus", "bad_beat", "progressive")
_SHORT = {"super_bonus": ("sb",), "queens_up": ("qu",), "aces_up": ("au",)}
#: Wagers with no stake of their own: the bare name is the amount paid.
_NO_STAKE = ("ante_bonus",)
_STAKE = ("", "bet", "wager", "stake", "amount", "bets")
_NET = ("net", "win", "won", "result", "payout", "paid", "return", "returned", "pay", "profit",
        "credit", "credits", "credited", "winnings", "winning")  # fmt: skip
_NAMES = {
    "round": ("round", "roundid", "roundno", "roundnumber", "hand", "handid", "handno", "game",
              "gameid", "gameno", "id"),
    "seat": ("seat", "seatno", "seatnumber", "spot", "box", "position"),
    "player": ("player", "playercards", "playerhand", "cards", "hand_cards", "playercard"),
    "dealer": ("dealer", "dealercards", "dealerhand", "dealercard", "house", "housecards"),
    "up_card": ("upcard", "up_card", "dealerupcard", "dealerup", "up"),
    "decision": ("decision", "action", "playdecision", "choice", "move", "play_action"),
    "balance": ("balance", "playerbalance", "balanceafter", "bankroll", "wallet"),
    "qualified": ("qualified", "dealerqualified", "dealerqualifies", "qualifies"),
}  # fmt: skip
_MULTIPLIER = ("multiplier", "mult", "multiple", "playmultiple", "playmultiplier", "factor")


def _plain(name: str) -> str:
    """A column name lower case, without blanks or punctuation (``Ante_Win`` is ``antewin``)."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def guess_columns(names: Iterable[str]) -> tuple[dict[str, str], str | None]:
    """crazy4's columns found among the log's ``names`` (ours to theirs), and the
    multiplier column beside the decision, if any.

    Examples
    --------
    >>> guess_columns(["HandId", "PlayerHand", "Dealer", "Action", "Mult", "AnteBet",
    ...                "Ante_Win", "play", "PlayNet"])  # doctest: +NORMALIZE_WHITESPACE
    ({'round': 'HandId', 'player': 'PlayerHand', 'dealer': 'Dealer', 'decision': 'Action',
      'ante': 'AnteBet', 'ante_net': 'Ante_Win', 'play': 'play', 'play_net': 'PlayNet'}, 'Mult')
    """
    found: dict[str, str] = {}
    multiplier = None
    for name in names:
        plain = _plain(name)
        ours = next((o for o, synonyms in _NAMES.items() if plain in map(_plain, synonyms)), None)
        for wager in ALL_WAGERS:
            for short in (_plain(wager), *_SHORT.get(wager, ())):
                if wager in _NO_STAKE and plain == short:
                    ours = ours or f"{wager}_net"
                elif any(plain == short + end for end in _STAKE):
                    ours = ours or wager
                if any(plain == short + end for end in _NET):
                    ours = ours or f"{wager}_net"
        if ours is not None and ours not in found:
            found[ours] = name
        elif plain in _MULTIPLIER and multiplier is None:
            multiplier = name
    return found, multiplier


@dataclass
class Guess:
    """What the log looks like: its mapping, with the comments that say why."""

    columns: dict[str, str]
    multiplier: str | None = None
    notation: tuple[str, str] = ("text", "rank-suit")
    symbols: dict[str, str] = field(default_factory=dict)
    guessed_symbols: tuple[str, ...] = ()
    #: Integer codes: the encoding and the rank of each index, and whether settlement told them
    codes: tuple[str, str] = ("rank*4+suit", "23456789TJQKA")
    codes_told: bool = False
    #: Columns whose cells read as cards, no name saying whose hand (tried by settlement)
    card_candidates: list[str] = field(default_factory=list)
    amounts: dict[str, str] = field(default_factory=dict)
    labels: dict[str, str | None] = field(default_factory=dict)
    round_ids: str = "numbers"
    decision_from: str = "label"
    unmapped: list[str] = field(default_factory=list)
    drop: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def card_cells(sample: pa.Table, columns: dict[str, str]) -> list[object]:
    """Every sampled cell of every card column the sample has (nulls left out)."""
    return [
        cell
        for ours in CARD_COLUMNS
        if ours in columns and columns[ours] in sample.column_names
        for cell in sample.column(columns[ours]).to_pylist()
        if cell is not None
    ]


def _card_notation(cells: list[object]) -> tuple[str, str]:
    """The first notation under which every sampled card cell reads."""
    if cells and all(isinstance(c, bytes) for c in cells):
        return ("codes", "")
    for notation, reader in (
        (("text", "rank-suit"), CardGrammar()),
        (("text", "suit-rank"), CardGrammar(order="suit-rank")),
        (("integers", "rank*4+suit"), IntegerCodes()),
    ):
        if _reads(reader, cells):
            return notation
    return ("unknown", "")


def _reads(reader: CardGrammar | IntegerCodes, cells: list[object]) -> bool:
    try:
        return all(reader.cards(cell) for cell in cells)
    except ValueError:
        return False


def _card_columns_by_values(found: Guess, sample: pa.Table) -> None:
    """The card columns no name says: those whose every sampled cell reads as cards (which
    hand is which is tried by settlement, :mod:`crazy4.validate.initsearch`)."""
    missing = [name for name in ("player", "dealer") if name not in found.columns]
    if not missing:
        return
    for name in found.unmapped:
        cells = [c for c in sample.column(name).to_pylist() if c is not None]
        if (
            cells
            and all(isinstance(c, str) for c in cells)
            and any(_reads(r, cells) for r in card_grammars(cells))
        ):
            found.card_candidates.append(name)
    for ours, name in zip(missing, found.card_candidates, strict=False):
        found.columns[ours] = name
        found.unmapped.remove(name)
        found.notes.append(f"{ours} = {name!r}: its cells read as cards (no name says whose)")


def _learnt_notation(found: Guess, cells: list[object]) -> None:
    """The log's own card words, kept when the grammar with them reads every sampled cell."""
    learnt = learn(cells)
    if isinstance(learnt, str):
        found.notes.append(f"card words not learnt: {learnt}")
        return
    bad = [symbol_problem(k, v) for k, v in learnt.symbols.items() if symbol_problem(k, v)]
    if bad:
        found.notes.append(f"card words not learnt: {bad[0]}")
        return
    if not _reads(CardGrammar(order=learnt.order, symbols=learnt.symbols), cells):
        found.notes.append("card words learnt, but the cells do not all read with them")
        return
    found.notation = ("text", learnt.order)
    found.symbols = learnt.symbols
    found.guessed_symbols = learnt.guessed


def decision_meaning(label: str) -> str | None:
    """crazy4's decision a label says, else None.

    Examples
    --------
    >>> [decision_meaning(x) for x in ["FOLD", "F", "play 3", "P2", "1X", "raise", "blind"]]
    ['fold', 'fold', '3x', '2x', '1x', None, 'blind']
    """
    text = label.strip().lower()
    if text in ("fold", "f", "folded", "folds", "fold 0", "0", "play 0"):
        return "fold"
    if text == "blind":
        return "blind"
    match = re.fullmatch(r"(?:play|p|raise|bet|call|x)?\s*([123])\s*x?|([123])x", text)
    if match:
        return f"{match.group(1) or match.group(2)}x"
    return None


def _labels(path: Path, column: str, multiplier: str | None) -> dict[str, str | None]:
    """Every decision label of the log (the label and the multiple, when there is one)."""
    from crazy4.log.mapping import LogMapping

    found: dict[str, None] = {}
    join = LogMapping(columns={"decision": column}, multiplier=multiplier)
    for table in read_log_batches(path, 1 << 18):
        keep = [column] + ([multiplier] if multiplier else [])
        labels = join.translate(table.select(keep)).column("decision")
        for label in pc.unique(labels).drop_null().to_pylist():
            found.setdefault(str(label).strip(), None)
        if len(found) > 50:
            break
    return {label: decision_meaning(label) for label in sorted(found)}


def guess(path: Path) -> Guess:
    """Inspect a log and guess its mapping.

    Raises
    ------
    InputError
        An unreadable log (as the validator reads it).
    """
    sample = next(iter(read_log_batches(path, SAMPLE_ROWS)), None)
    if sample is None or not sample.num_rows:
        raise InputError(f"{str(path)!r} holds no rows to guess a mapping from")
    sample = sample.slice(0, SAMPLE_ROWS)
    columns, multiplier = guess_columns(sample.column_names)
    found = Guess(columns=columns, multiplier=multiplier)
    mapped = {*columns.values(), multiplier}
    for name in sample.column_names:
        if name in mapped:
            continue
        if name in columns and columns[name] != name:
            found.drop.append(name)
        else:
            found.unmapped.append(name)
    if "super_bonus_net" in columns and "super_bonus" not in columns and "ante" in columns:
        columns["super_bonus"] = columns["ante"]  # the rules make the Super Bonus the Ante
        found.notes.append(
            f"super_bonus = {columns['ante']!r}: no stake column of its own, and the rules "
            "make the Super Bonus equal to the Ante"
        )
    _card_columns_by_values(found, sample)
    cells = card_cells(sample, columns)
    found.notation = _card_notation(cells)
    if found.notation[0] in ("text", "integers"):
        read = f"{found.notation[0]}, {found.notation[1]}"
        found.notes.append(
            f"[cards]: every one of {len(cells):,} sampled card cells reads as {read}"
        )
    if found.notation[0] == "unknown" and cells:
        _learnt_notation(found, cells)
    _amounts(found, sample)
    if "round" in columns:
        _, bad = number_cells(sample.column(columns["round"]))
        if bad:
            found.round_ids = "text"
    if "decision" not in columns:
        _decision_by_values(found, sample)
    if "decision" in columns:
        found.labels = _labels(path, columns["decision"], found.multiplier)
        _empty_decisions(found, sample)
    elif "play" in columns and "ante" in columns:
        found.decision_from = "stakes"
        found.notes.append("no decision column: the Play stake says it (0 or empty: a fold)")
    return found


def _amounts(found: Guess, sample: pa.Table) -> None:
    """Each wager's amount kind by its values (:mod:`crazy4.log.initamounts`)."""
    columns = found.columns
    if "ante_net" not in columns and "play_net" not in columns:
        for name in list(found.unmapped):
            if is_combined(_plain(name), _NET):
                columns["ante_net"] = name
                found.unmapped.remove(name)
                found.amounts["play"] = "in ante"
                found.notes.append(f"ante_net = {name!r}: the Ante and the Play together")
    kinds: dict[str, str | None] = {}
    for wager in ALL_WAGERS:
        net, stake = columns.get(f"{wager}_net"), columns.get(wager)
        if not (net and stake):
            continue
        stakes = number_cells(sample.column(stake))[0]
        if wager == "ante" and found.amounts.get("play") == "in ante" and "play" in columns:
            stakes = stakes + np.nan_to_num(number_cells(sample.column(columns["play"]))[0])
        even = wager in EVEN_MONEY
        kinds[wager] = amount_kind(number_cells(sample.column(net))[0], stakes, even)
    convention = kinds.get("ante") or kinds.get("play")
    why = {
        "return": "never negative, twice the stake on an even-money win: a return",
        "winnings": "never negative, the stake itself on an even-money win: winnings",
    }
    for wager, kind in kinds.items():
        told = why.get(kind or "", "")
        if kind is None and convention in why:
            told = f"never negative: {convention}, as the log's Ante amounts"
        kind = kind or convention
        if kind in ("return", "winnings"):
            found.amounts[wager] = kind
            found.notes.append(f"[amounts] {wager}: {told}")
        elif kind is None:
            found.notes.append(
                f"QUESTION: [amounts] {wager} = ? (never negative: a return, stake included, "
                "or winnings, a win's profit? the values do not tell)"
            )


def _decision_by_values(found: Guess, sample: pa.Table) -> None:
    """A decision column (and its Play multiples) told by its values: no name says it."""
    for name in list(found.unmapped):
        cells = sample.column(name)
        if not (pa.types.is_string(cells.type) or pa.types.is_large_string(cells.type)):
            continue
        labels = {str(c).strip().lower() for c in cells.to_pylist() if c is not None}
        if not labels or not all(decision_meaning(x) or x == "play" for x in labels):
            continue
        found.columns["decision"] = name
        found.unmapped.remove(name)
        found.notes.append(f"decision = {name!r}: its every label says a decision")
        if "play" in labels and found.multiplier is None:
            _multiplier_by_values(found, sample, name)
        return


def _multiplier_by_values(found: Guess, sample: pa.Table, label: str) -> None:
    """The Play multiple beside a ``play``/``fold`` label: 1-3, empty exactly on the folds."""
    folds = [decision_meaning(str(c or "")) == "fold" for c in sample.column(label).to_pylist()]
    for name in found.unmapped:
        values, bad = number_cells(sample.column(name))
        if bad:
            continue
        empty = [bool(v != v) for v in values]  # NaN: an empty cell
        given = [float(v) for v in values if v == v]
        if empty == folds and given and all(v in (1.0, 2.0, 3.0) for v in given):
            found.multiplier = name
            found.unmapped.remove(name)
            found.notes.append(f"the Play multiple = {name!r}: 1-3, empty on every fold")
            return


def _empty_decisions(found: Guess, sample: pa.Table) -> None:
    """An empty decision cell is a fold when the Play stake is 0 on every such row."""
    labels = sample.column(found.columns["decision"]).to_pylist()
    empty = [i for i, c in enumerate(labels) if c is None or not str(c).strip()]
    if not empty:
        return
    play = found.columns.get("play")
    stakes = number_cells(sample.column(play))[0] if play else None
    if stakes is not None and all(stakes[i] == 0 for i in empty):
        found.labels[""] = "fold"
        found.notes.append("an empty decision cell is a fold: the Play stake is 0 on each")
    else:
        found.labels[""] = None


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else toml_string(name)


def _value(value: object) -> str:
    """A TOML value any reader reads back as it is (text through ``toml_string``)."""
    return toml_string(value) if isinstance(value, str) else json.dumps(value)


def render(found: Guess, log: str, rule_set: str | None, rule_file: str | None = None) -> str:
    """The guessed mapping as commented TOML (``rule_set``: a shipped name; ``rule_file``: a
    rule file's path, which a mapping cannot name: it is said in a comment).

    Examples
    --------
    >>> text = render(Guess(columns={"player": "Hand"}, labels={"P": None}), "x.csv", None)
    >>> print(text[text.index("[columns]"):].split("[wagers]")[0].strip())
    [columns]                         # crazy4's name = the log's column
    player = "Hand"
    <BLANKLINE>
    [cards]
    notation = "text"
    order = "rank-suit"
    <BLANKLINE>
    [decisions]                       # the log's label = crazy4's (fold, 1x, 2x, 3x, blind)
    # "P" = ""                        # not guessed: what does it mean?
    """
    lines = [
        f"# A starting mapping for {one_line(log)}, guessed by crazy4 validate --init-mapping.",
        "# Check every line, then: crazy4 validate LOG --mapping THIS-FILE",
        "# Reference: docs/mapping-reference.md; worked examples: docs/mapping.md",
    ]
    if rule_set is not None:
        lines.append(f"rule_set = {_value(rule_set)}")
    elif rule_file is not None:
        lines.append(f"# rule_set: a rule file is passed as --rules {one_line(rule_file)}")
    else:
        lines.append('# rule_set = "crazy4-standard"      # or pass --rules')
    lines.append('# strategy = "simple"              # what the log played (default optimal)')
    if found.decision_from == "stakes":
        lines.append('decision_from = "stakes"          # no decision column: the Play stake')
    if found.round_ids == "text":
        lines.append('round_ids = "text"                # ids that are not numbers')
    if found.drop:
        shown = ", ".join(_value(name) for name in found.drop)
        lines.append(f"drop = [{shown}]   # the log's own, clashing with a mapped column")
    for name in found.unmapped:
        lines.append(f"# the log's column {_value(name)} is not mapped (kept, unused)")
    if found.notes:
        lines.append("# What the values told (check each):")
        lines += [f"#   {one_line(note)}" for note in found.notes]
    lines += ["", "[columns]                         # crazy4's name = the log's column"]
    for ours, theirs in found.columns.items():
        if ours == "decision" and found.multiplier is not None:
            pair = f"[{_value(theirs)}, {_value(found.multiplier)}]"
            lines.append(f"decision = {pair}   # the label, then the Play multiple")
        else:
            lines.append(f"{ours} = {_value(theirs)}")
    lines += ["", *_cards_lines(found)]
    if found.symbols:
        lines += ["", "[cards.symbols]                   # the log's own words, from its cells"]
        for symbol, letter in found.symbols.items():
            line = f"{_key(symbol)} = {_value(letter)}"
            if symbol in found.guessed_symbols:
                line = f"{line:<34}# CHECK: which suit is which is not told by the cells"
            lines.append(line)
    if found.labels:
        names = ", ".join(DECISION_NAMES)
        lines += ["", f"[decisions]                       # the log's label = crazy4's ({names})"]
        for label, meaning in found.labels.items():
            if meaning is None:
                blank = f"# {_value(label)} = " + '""'
                lines.append(f"{blank:<34}# not guessed: what does it mean?")
            else:
                lines.append(f"{_key(label)} = {_value(meaning)}")
    lines += ["", "[wagers]", "unit = 1.0                        # the log's amounts times this"]
    if found.amounts:
        lines += ["", "[amounts]                         # how each amount column reads"]
        lines += [f'{wager} = "{kind}"' for wager, kind in found.amounts.items()]
    return "\n".join(lines) + "\n"


def _cards_lines(found: Guess) -> list[str]:
    kind, detail = found.notation
    if kind == "text":
        return ["[cards]", 'notation = "text"', f'order = "{detail}"']
    if kind == "integers":
        encoding, ranks = found.codes
        if found.codes_told:
            return [
                "[cards]                           # integer codes: told by settlement",
                'notation = "integers"',
                f"encoding = {_value(encoding)}",
                f"ranks = {_value(ranks)}",
                'suits = "cdhs"                    # which suit is which no settlement tells',
            ]
        return [
            "[cards]                           # CHECK: integer codes, encoding not told by data",
            'notation = "integers"',
            f'encoding = {_value(encoding)}          # or "suit*13+rank"',
            f"ranks = {_value(ranks)}           # the rank of code index 0 first",
            'suits = "cdhs"',
        ]
    if kind == "codes":
        return ["# [cards]: compact card codes, read as they are"]
    return ["[cards]                           # CHECK: no notation read every sampled cell"]
