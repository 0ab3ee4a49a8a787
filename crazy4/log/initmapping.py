"""A starting mapping for a foreign log (``crazy4 validate LOG --init-mapping``): its columns,
card notation, decision labels, amounts and round ids guessed from the log itself, written as
commented TOML (the format of :mod:`crazy4.log.mappingfile`).

The guesses, each said in a comment beside it:

* **columns** by name: a column whose name, lower case without blanks or punctuation, is
  crazy4's or a common synonym (``HandId`` for ``round``, ``PlayerCards`` for ``player``,
  ``AnteWin`` for ``ante_net``, ``Multiplier`` beside the decision);
* **cards**: the notation under which every sampled cell of the card columns reads — text in
  rank-suit order, text in suit-rank order, or integer codes (whose encoding cannot be told
  from the data: the comment says to check it);
* **amounts**: a wager's amount column with no negative value on a sample with losses is a
  return (stake included), else a net;
* **decisions**: every label of the whole log (with the multiplier, when there is one), each
  given crazy4's decision when its text says it (``fold``, ``F``, ``play 3``, ``3x``, ``P2``);
* **round ids**: text when the sampled ids are not all numbers.

A label or column it cannot place is written as a comment to be filled in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

from crazy4.errors import InputError
from crazy4.log.grammar import CardGrammar, IntegerCodes
from crazy4.log.mapping import CARD_COLUMNS
from crazy4.log.roundlog import DECISION_NAMES, WAGERS, number_cells, read_log_batches

#: Rows read to guess from (decision labels are read from every row).
SAMPLE_ROWS = 2000
#: The wagers a log may hold, with their short names.
ALL_WAGERS = (*WAGERS, "ante_bonus", "aces_up", "pair_plus", "bad_beat", "progressive")
_SHORT = {"super_bonus": ("sb",), "queens_up": ("qu",), "aces_up": ("au",)}
#: Wagers with no stake of their own: the bare name is the amount paid.
_NO_STAKE = ("ante_bonus",)
_STAKE = ("", "bet", "wager", "stake", "amount", "bets")
_NET = ("net", "win", "won", "result", "payout", "paid", "return", "returned", "pay", "profit")
_NAMES = {
    "round": ("round", "roundid", "roundno", "roundnumber", "hand", "handid", "handno", "game",
              "gameid", "gameno", "id"),
    "seat": ("seat", "seatno", "seatnumber", "spot", "box", "position"),
    "player": ("player", "playercards", "playerhand", "cards", "hand_cards", "playercard"),
    "dealer": ("dealer", "dealercards", "dealerhand", "dealercard", "house", "housecards"),
    "up_card": ("upcard", "up_card", "dealerupcard", "dealerup", "up"),
    "decision": ("decision", "action", "playdecision", "choice", "move", "play_action"),
    "qualified": ("qualified", "dealerqualified", "dealerqualifies", "qualifies"),
}  # fmt: skip
_MULTIPLIER = ("multiplier", "mult", "multiple", "playmultiple", "playmultiplier", "factor")


def _plain(name: str) -> str:
    """A column name lower case, without blanks or punctuation (``Ante_Win`` is ``antewin``)."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _wager_names(wager: str) -> tuple[str, ...]:
    return (_plain(wager), *_SHORT.get(wager, ()))


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
            for short in _wager_names(wager):
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
    amounts: dict[str, str] = field(default_factory=dict)
    labels: dict[str, str | None] = field(default_factory=dict)
    round_ids: str = "numbers"
    unmapped: list[str] = field(default_factory=list)
    drop: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _card_notation(sample: pa.Table, columns: dict[str, str]) -> tuple[str, str]:
    """The first notation under which every sampled cell of every card column reads."""
    cells = [
        cell
        for ours in CARD_COLUMNS
        if ours in columns
        for cell in sample.column(columns[ours]).to_pylist()
        if cell is not None
    ]
    if cells and all(isinstance(c, bytes) for c in cells):
        return ("codes", "")
    for notation, reader in (
        (("text", "rank-suit"), CardGrammar()),
        (("text", "suit-rank"), CardGrammar(order="suit-rank")),
        (("integers", "rank*4+suit"), IntegerCodes()),
    ):
        try:
            if all(reader.cards(cell) for cell in cells):
                return notation
        except ValueError:
            continue
    return ("unknown", "")


def _is_return(net: pa.ChunkedArray, stake: pa.ChunkedArray) -> bool:
    """A wager's amounts are returns: never below 0, some 0 where a stake was placed."""
    amounts, _ = number_cells(net)
    stakes, _ = number_cells(stake)
    placed = stakes > 0
    return bool(placed.any()) and bool((amounts[placed] == 0).any()) and not (amounts < 0).any()


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
    found.notation = _card_notation(sample, columns)
    for wager in ALL_WAGERS:
        net = columns.get(f"{wager}_net")
        stake = columns.get(wager)
        if net and stake and _is_return(sample.column(net), sample.column(stake)):
            found.amounts[wager] = "return"
    if "round" in columns:
        _, bad = number_cells(sample.column(columns["round"]))
        if bad:
            found.round_ids = "text"
    if "decision" in columns:
        found.labels = _labels(path, columns["decision"], multiplier)
    return found


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


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
        f"# A starting mapping for {log}, guessed by crazy4 validate --init-mapping.",
        "# Check every line, then: crazy4 validate LOG --mapping THIS-FILE",
        "# Reference: docs/mapping-reference.md; worked examples: docs/mapping.md",
    ]
    if rule_set is not None:
        lines.append(f"rule_set = {json.dumps(rule_set)}")
    elif rule_file is not None:
        lines.append(f"# rule_set: a rule file is passed as --rules {rule_file}")
    else:
        lines.append('# rule_set = "crazy4-standard"      # or pass --rules')
    lines.append('# strategy = "simple"              # what the log played (default optimal)')
    if found.round_ids == "text":
        lines.append('round_ids = "text"                # ids that are not numbers')
    if found.drop:
        shown = ", ".join(json.dumps(name) for name in found.drop)
        lines.append(f"drop = [{shown}]   # the log's own, clashing with a mapped column")
    for name in found.unmapped:
        lines.append(f"# the log's column {json.dumps(name)} is not mapped (kept, unused)")
    lines += ["", "[columns]                         # crazy4's name = the log's column"]
    for ours, theirs in found.columns.items():
        if ours == "decision" and found.multiplier is not None:
            pair = f"[{json.dumps(theirs)}, {json.dumps(found.multiplier)}]"
            lines.append(f"decision = {pair}   # the label, then the Play multiple")
        else:
            lines.append(f"{ours} = {json.dumps(theirs)}")
    lines += ["", *_cards_lines(found.notation)]
    if found.labels:
        names = ", ".join(DECISION_NAMES)
        lines += ["", f"[decisions]                       # the log's label = crazy4's ({names})"]
        for label, meaning in found.labels.items():
            if meaning is None:
                blank = f"# {json.dumps(label)} = " + '""'
                lines.append(f"{blank:<34}# not guessed: what does it mean?")
            else:
                lines.append(f"{_key(label)} = {json.dumps(meaning)}")
    lines += ["", "[wagers]", "unit = 1.0                        # the log's amounts times this"]
    if found.amounts:
        lines += ["", "[amounts]                         # no negative amount: stake included"]
        lines += [f'{wager} = "{kind}"' for wager, kind in found.amounts.items()]
    return "\n".join(lines) + "\n"


def _cards_lines(notation: tuple[str, str]) -> list[str]:
    kind, detail = notation
    if kind == "text":
        return ["[cards]", 'notation = "text"', f'order = "{detail}"']
    if kind == "integers":
        return [
            "[cards]                           # CHECK: integer codes, encoding not told by data",
            'notation = "integers"',
            'encoding = "rank*4+suit"          # or "suit*13+rank"',
            'ranks = "23456789TJQKA"           # the rank of code index 0 first',
            'suits = "cdhs"',
        ]
    if kind == "codes":
        return ["# [cards]: compact card codes, read as they are"]
    return ["[cards]                           # CHECK: no notation read every sampled cell"]
