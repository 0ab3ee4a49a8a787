"""Rule files as data: change one line or switch by its path (``super_bonus.straight_flush``,
``dealer.ties``, ``queens_up[1].two_pair``), and write the result back as TOML.

Examples
--------
>>> data = {"name": "x", "super_bonus": {"pays": {"flush": 1.5}}}
>>> set_value(data, "super_bonus.flush", "2")
>>> data["super_bonus"]["pays"]["flush"]
2
>>> print(toml_text(data), end="")
name = "x"
<BLANKLINE>
[super_bonus.pays]
flush = 2
"""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from typing import Any

from crazy4.core.text_safety import toml_string
from crazy4.errors import InputError

#: A TOML key that needs no quotes.
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: ``name[2]``: an element of an array of tables.
INDEXED = re.compile(r"(?P<key>[A-Za-z0-9_-]+)\[(?P<index>\d+)\]")


def parse_value(text: str) -> Any:
    """A ``--set`` value as TOML reads it (number, boolean, list), else the text itself.

    Examples
    --------
    >>> parse_value("20"), parse_value("1.5"), parse_value("player"), parse_value("[1, 3]")
    (20, 1.5, 'player', [1, 3])
    """
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text


def child_node(node: Any, part: str, path: str, option: str = "--set") -> Any:
    """The element ``part`` names inside ``node`` (a table, or an array of tables)."""
    indexed = INDEXED.fullmatch(part)
    key = indexed.group("key") if indexed else part
    if isinstance(node, list):
        named = [item for item in node if isinstance(item, dict) and item.get("name") == part]
        if len(named) == 1:
            return named[0]
        raise InputError(f"{option} {path}: no table named {part!r} here")
    if not isinstance(node, dict) or key not in node:
        raise InputError(f"{option} {path}: the rule file has no {key!r} here")
    child = node[key]
    if indexed:
        index = int(indexed.group("index"))
        if not isinstance(child, list) or index >= len(child):
            raise InputError(f"{option} {path}: {key!r} has no table number {index}")
        child = child[index]
    return child


def set_value(data: dict[str, Any], path: str, value: str) -> None:
    """Set the key (or pay line) at dotted ``path`` of rule-file ``data`` to ``value``; a key
    that is neither is refused, so a typing mistake never adds a line.

    Examples
    --------
    >>> data = {"dealer": {"ties": "push"}, "qu": [{"name": "a", "pays": {"flush": 4}}]}
    >>> set_value(data, "qu[0].flush", "5"); set_value(data, "dealer.ties", "player")
    >>> data["qu"][0]["pays"]["flush"], data["dealer"]["ties"]
    (5, 'player')
    >>> set_value(data, "qu.a.straight", "3")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --set qu.a.straight: no key or pay line 'straight' there
    """
    parts = path.split(".")
    if len(parts) < 2 or not all(parts):
        raise InputError(f"--set {path}: give section.key=value (for example dealer.ties=push)")
    node: Any = data
    for part in parts[:-1]:
        node = child_node(node, part, path)
    last = parts[-1]
    if not isinstance(node, dict):
        raise InputError(f"--set {path}: {parts[-2]!r} is not a table")
    pays = node.get("pays")
    if last in node and not isinstance(node[last], dict) and not _is_tables(node[last]):
        node[last] = parse_value(value)
    elif isinstance(pays, dict) and last in pays:
        pays[last] = parse_value(value)
    else:
        raise InputError(f"--set {path}: no key or pay line {last!r} there")


def pays_at(data: dict[str, Any], path: str) -> dict[str, Any]:
    """The ``pays`` table of the rule-file table at dotted ``path`` (``queens_up[1]``).

    Examples
    --------
    >>> pays_at({"sb": {"pays": {"flush": 1}}}, "sb")
    {'flush': 1}
    """
    node: Any = data
    for part in path.split("."):
        node = child_node(node, part, path, "--table")
    pays = node.get("pays") if isinstance(node, dict) else None
    if not isinstance(pays, dict):
        raise InputError(f"--table {path}: not a pay table of the rule file (it has no 'pays')")
    return pays


def odds_value(odds: Fraction) -> int | float | str:
    """Odds as a rule file writes them: whole, a decimal when exact in binary, else ``"a/b"``.

    Examples
    --------
    >>> odds_value(Fraction(30)), odds_value(Fraction(3, 2)), odds_value(Fraction(7, 3))
    (30, 1.5, '7/3')
    """
    if odds.denominator == 1:
        return odds.numerator
    if odds.denominator & (odds.denominator - 1) == 0 and Fraction(float(odds)) == odds:
        return float(odds)
    return f"{odds.numerator}/{odds.denominator}"


def _key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else toml_string(key)


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(item) for item in value) + "]"
    raise InputError(f"cannot write {value!r} into a rule file")


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _table(lines: list[str], data: dict[str, Any], prefix: str) -> None:
    """Append the keys of ``data`` (scalars first), then its sub-tables, under ``prefix``."""
    scalars = [k for k, v in data.items() if not isinstance(v, dict) and not _is_tables(v)]
    for key in scalars:
        lines.append(f"{_key(key)} = {_scalar(data[key])}")
    for key, value in data.items():
        name = f"{prefix}{_key(key)}"
        if isinstance(value, dict):
            if any(not isinstance(v, dict) and not _is_tables(v) for v in value.values()):
                lines.extend(["", f"[{name}]"])
            _table(lines, value, f"{name}.")
        elif _is_tables(value):
            for item in value:
                lines.extend(["", f"[[{name}]]"])
                _table(lines, item, f"{name}.")


def toml_text(data: dict[str, Any], comment: str = "") -> str:
    """Rule-file ``data`` as TOML text (``tomllib`` reads it back to the same data).

    Examples
    --------
    >>> data = {"name": "x", "t": [{"name": "a", "pays": {"pair": 1}}], "notes": ["a b"]}
    >>> tomllib.loads(toml_text(data, "# a comment")) == data
    True
    >>> data = {"title": 'A "b" \\\\ 🂡 \x7f', "t": {"ké 😀": 1}}
    >>> tomllib.loads(toml_text(data)) == data
    True
    """
    lines = [comment] if comment else []
    _table(lines, data, "")
    return "\n".join(lines).lstrip("\n") + "\n"
