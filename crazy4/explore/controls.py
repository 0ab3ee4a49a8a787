"""What the explorer lets a user change: every pay line and every rule switch of a rule file.

A rule file is TOML data (:func:`crazy4.design.basis.rule_data`); each section's ``pays``
table gives pay lines, each other key of a section a switch, both named by the path
``crazy4 design --set`` takes (``super_bonus.flush``, ``aces_up[0].two_pair``,
``dealer.ties``). A user's text becomes a ``--set`` value here, and a bad one is an
:class:`~crazy4.errors.InputError` of one line, shown beside the control.

Examples
--------
>>> from crazy4.registry import load_rules
>>> lines = [c for c in controls(load_rules("crazy4-standard")) if c.kind == "line"]
>>> lines[4].path, lines[4].value
('super_bonus.flush', '3/2')
>>> odds_setting(" 1 ", "super_bonus.flush")
'1'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from crazy4.core.bet_tables import fraction_text
from crazy4.core.paytables import parse_odds
from crazy4.design.basis import rule_data
from crazy4.design.ruletext import odds_value, parse_value
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: Top-level keys of a rule file that describe it rather than the game.
DESCRIPTIVE = frozenset({"name", "title", "game", "source", "notes"})
#: Keys inside a section that name or describe it (never a switch).
SECTION_LABELS = frozenset({"name", "illustrative", "notes"})


@dataclass(frozen=True)
class Control:
    """One pay line or rule switch.

    Attributes
    ----------
    kind : str
        ``"line"`` (a pay line: exact odds) or ``"switch"``.
    path : str
        As ``crazy4 design --set PATH=VALUE`` takes it.
    group : str
        The table or section it belongs to, for the page's headings.
    label : str
        The line's or switch's key.
    value : str
        Its value in the rule file as loaded, as text (odds as ``3/2``).
    """

    kind: str
    path: str
    group: str
    label: str
    value: str


def value_text(value: Any) -> str:
    """A switch's TOML value as a user types it (text unquoted).

    Examples
    --------
    >>> value_text("push"), value_text([1, 3]), value_text(True), value_text(25000)
    ('push', '[1, 3]', 'true', '25000')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value)


def _section_controls(section: str, prefix: str, node: dict[str, Any]) -> list[Control]:
    group = f"{section} {node['name']}" if isinstance(node.get("name"), str) else section
    found = []
    for key, value in node.items():
        if key == "pays" and isinstance(value, dict):
            for line, odds in value.items():
                text = fraction_text(parse_odds(odds, where=f"{prefix}.{line}"))
                found.append(Control("line", f"{prefix}.{line}", group, line, text))
        elif key not in SECTION_LABELS and not isinstance(value, dict):
            found.append(Control("switch", f"{prefix}.{key}", group, key, value_text(value)))
    return found


def controls(rules: RuleSet) -> list[Control]:
    """Every pay line and switch of the rule file, in the file's order."""
    found: list[Control] = []
    for section, node in rule_data(rules).items():
        if section in DESCRIPTIVE:
            continue
        if isinstance(node, dict):
            found += _section_controls(section, section, node)
        elif isinstance(node, list):
            for index, item in enumerate(node):
                if isinstance(item, dict):
                    found += _section_controls(section, f"{section}[{index}]", item)
    return found


def read_odds(text: str, where: str) -> Fraction:
    """Odds typed by a user: ``3/2``, ``1.5``, ``3 to 2``, ``0``.

    Raises
    ------
    InputError
        One line saying what is wrong (empty, not a number, negative, too large).

    Examples
    --------
    >>> read_odds("3/2", "flush"), read_odds("1.5", "flush")
    (Fraction(3, 2), Fraction(3, 2))
    >>> read_odds("abc", "flush")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: flush: payout 'abc' is not a number
    """
    stripped = text.strip()
    if not stripped:
        raise InputError(f"{where}: give the odds, such as 3/2")
    value = parse_value(stripped)
    return parse_odds(stripped if isinstance(value, str) else value, where=where)


def odds_setting(text: str, where: str) -> str:
    """The ``--set`` value of odds typed by a user (as ``crazy4 design`` writes odds).

    Examples
    --------
    >>> odds_setting("3/2", "x"), odds_setting("7/3", "x"), odds_setting("2", "x")
    ('1.5', '7/3', '2')
    """
    return str(odds_value(read_odds(text, where)))


def changes_of(controls_now: dict[str, str], base: list[Control]) -> list[tuple[str, str]]:
    """The ``(path, value)`` changes of the values now shown against the rule file's.

    Pay lines compare as exact odds (``1.5`` and ``3/2`` are no change); each changed line
    becomes a ``--set`` value by :func:`odds_setting`, each changed switch its text.

    Examples
    --------
    >>> base = [Control("line", "sb.flush", "sb", "flush", "3/2"),
    ...         Control("switch", "dealer.ties", "dealer", "ties", "push")]
    >>> changes_of({"sb.flush": "1.5", "dealer.ties": "player"}, base)
    [('dealer.ties', 'player')]
    >>> changes_of({"sb.flush": "1", "dealer.ties": "push"}, base)
    [('sb.flush', '1')]
    """
    changes = []
    for control in base:
        text = controls_now.get(control.path, control.value)
        if control.kind == "line":
            if read_odds(text, control.path) != read_odds(control.value, control.path):
                changes.append((control.path, odds_setting(text, control.path)))
        elif text.strip() != control.value:
            changes.append((control.path, text.strip()))
    return changes
