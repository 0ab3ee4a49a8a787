"""The mapping file (TOML) read into a :class:`~crazy4.log.mapping.LogMapping`, every key checked
(``docs/mapping-reference.md``): a bad one is refused in one line naming the file and the key."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

from crazy4.core.cards import RANKS, SUITS
from crazy4.errors import InputError
from crazy4.log.grammar import (
    ENCODINGS,
    ORDERS,
    CardGrammar,
    IntegerCodes,
    symbol_problem,
    symbols_problem,
)
from crazy4.log.mapping import AMOUNT_KINDS, LogMapping
from crazy4.log.roundlog import DECISION_NAMES

_TOP = {
    "rule_set",
    "strategy",
    "side_bet",
    "round_ids",
    "decision_from",
    "drop",
    "columns",
    "cards",
    "decisions",
    "wagers",
    "amounts",
    "rules",
}
_CARDS = {"notation", "order", "encoding", "ranks", "suits", "symbols"}


def read_mapping(path: Path) -> LogMapping:
    """A mapping file, every key checked.

    Raises
    ------
    InputError
        Unreadable TOML, an unknown key or a bad value, named.
    """
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the mapping file {where!r}: {error}") from None
    return parse_mapping(text, where)


def parse_mapping(text: str, where: str) -> LogMapping:
    """A mapping's TOML text (``where`` names it in errors).

    Raises
    ------
    InputError
        Not TOML, an unknown key or a bad value, named.

    Examples
    --------
    >>> parse_mapping('[cards]\\nsymbols = {P = "x"}', "m.toml")
    Traceback (most recent call last):
    crazy4.errors.InputError: m.toml [cards.symbols] P: 'x' is not a rank (23456789TJQKA) or \
suit letter (cdhs)
    >>> parse_mapping('[decisions]\\nfold = "F"', "m.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    crazy4.errors.InputError: m.toml [decisions] fold = 'F': the log's label comes first ...
    """
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{where!r}: not TOML ({error})") from None
    except RecursionError:
        raise InputError(f"{where!r}: not TOML (values nested too deeply)") from None
    _no_unknown(data, _TOP, where)
    cards = _table(data, "cards", where)
    _no_unknown(cards, _CARDS, f"{where} [cards]")
    wagers = _table(data, "wagers", where)
    _no_unknown(wagers, {"unit"}, f"{where} [wagers]")
    columns = _table(data, "columns", where)
    multiplier = None
    pair = columns.get("decision")
    if isinstance(pair, list):
        if len(pair) != 2 or not all(isinstance(name, str) for name in pair):
            raise InputError(
                f"{where} [columns] decision: {str(pair)[:60]} is not one column or two "
                "(the label's, then the Play multiple's)"
            )
        columns = {**columns, "decision": pair[0]}
        multiplier = pair[1]
    rules = data.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise InputError(f"{where}: 'rules' must be a table (the rule file's sections)")
    notation = _choice(cards, "notation", ("text", "integers"), where)
    return LogMapping(
        columns=_strings(columns, f"{where} [columns]"),
        notation=notation,
        grammar=_grammar(cards, where),
        codes=_codes(cards, where),
        read_cards=notation == "text",
        decisions=_decisions(_table(data, "decisions", where), f"{where} [decisions]"),
        multiplier=multiplier,
        unit=_unit(wagers.get("unit", 1.0), where),
        amounts=_amounts(_table(data, "amounts", where), f"{where} [amounts]"),
        round_ids=_choice(data, "round_ids", ("numbers", "text"), where, ""),
        decision_from=_choice(data, "decision_from", ("label", "stakes"), where, ""),
        drop=_drop(data.get("drop", []), where),
        rules=rules,
        rule_set=_optional(data, "rule_set", where),
        strategy=_optional(data, "strategy", where),
        side_bet=_optional(data, "side_bet", where),
    )


def _grammar(cards: dict[str, object], where: str) -> CardGrammar:
    symbols = _table(cards, "symbols", f"{where} [cards]")
    for symbol, value in symbols.items():
        problem = symbol_problem(symbol, value)
        if problem:
            shown = symbol if symbol.isprintable() and symbol.strip() == symbol else repr(symbol)
            raise InputError(f"{where} [cards.symbols] {shown or repr(symbol)}: {problem}")
    ambiguous = symbols_problem({k: str(v) for k, v in symbols.items()})
    if ambiguous:
        raise InputError(f"{where} [cards.symbols]: {ambiguous}")
    order = _choice(cards, "order", ORDERS, where)
    return CardGrammar(order=order, symbols={k: str(v) for k, v in symbols.items()})


def _codes(cards: dict[str, object], where: str) -> IntegerCodes:
    """The integer notation's keys, each letter checked."""
    found = {}
    for key, letters in (("ranks", RANKS), ("suits", SUITS)):
        value = cards.get(key, letters)
        if not isinstance(value, str):
            raise InputError(f"{where} [cards] {key}: {str(value)[:40]!r} must be text")
        what = "rank" if key == "ranks" else "suit"
        for char in value:
            if char not in letters:
                raise InputError(
                    f"{where} [cards] {key}: {char!r} is not a {what} letter (accepted: "
                    f"{', '.join(letters)}; each once)"
                )
        if sorted(value) != sorted(letters):
            twice = [c for c in letters if value.count(c) > 1]
            problem = f"{twice[0]!r} is there twice" if twice else f"has {len(value)} letters"
            raise InputError(
                f"{where} [cards] {key}: {value!r} {problem}; give each of {letters} once, "
                f"the {what} of code index 0 first"
            )
        found[key] = value
    encoding = _choice(cards, "encoding", ENCODINGS, where)
    return IntegerCodes(encoding=encoding, ranks=found["ranks"], suits=found["suits"])


def _decisions(data: dict[str, object], where: str) -> dict[str, str]:
    """The log's label = crazy4's decision; the old direction named."""
    labels = _strings(data, where)
    for label, ours in labels.items():
        if ours.strip().lower() in DECISION_NAMES:
            continue
        if label.strip().lower() in DECISION_NAMES:
            raise InputError(
                f"{where} {label} = {ours!r}: the log's label comes first now "
                f'("{ours}" = "{label}"), as with --decision THEIRS=OURS'
            )
        raise InputError(
            f"{where} {label!r} = {ours!r}: {ours!r} is not a crazy4 decision "
            f"({', '.join(DECISION_NAMES)})"
        )
    return {label: ours.strip().lower() for label, ours in labels.items()}


def _amounts(data: dict[str, object], where: str) -> dict[str, str]:
    found = _strings(data, where)
    for wager, kind in found.items():
        folded = kind.startswith("in ") and kind[3:].strip() not in ("", wager)
        if kind not in AMOUNT_KINDS and not folded:
            raise InputError(
                f'{where} {wager} = {kind!r}: not one of net, return, winnings, "in <wager>" '
                "(paid inside another wager's amount)"
            )
    return found


def _drop(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise InputError(f"{where}: 'drop' must be a list of the log's column names")
    return tuple(value)


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


def _choice(
    data: dict[str, object],
    key: str,
    allowed: tuple[str, ...],
    where: str,
    section: str = "[cards] ",
) -> str:
    value = data.get(key, allowed[0])
    if value not in allowed:
        raise InputError(f"{where} {section}{key}: {value!r} is not one of {', '.join(allowed)}")
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
