"""What the explorer lets a user change: every pay line and every rule switch of a rule file.

Each section's ``pays`` table gives pay lines, each other key a switch, both named by the
path ``crazy4 design --set`` takes (``super_bonus.flush``, ``dealer.ties``). A user's text
becomes a ``--set`` value here; a bad one is a one-line :class:`~crazy4.errors.InputError`.

Examples
--------
>>> from crazy4.registry import load_rules
>>> lines = [c for c in controls(load_rules("crazy4-standard")) if c.kind == "line"]
>>> lines[4].path, lines[4].value
('super_bonus.flush', '3/2')
>>> odds_setting(" 1 ", "super_bonus.flush")
'1'
>>> ties = next(c for c in controls(load_rules("crazy4-standard")) if c.path == "dealer.ties")
>>> ties.options, ties.open
(('push', 'player', 'dealer'), False)
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from crazy4.core.bet_tables import fraction_text
from crazy4.core.paytables import parse_odds
from crazy4.design.basis import changed_rules, rule_data
from crazy4.design.ruletext import odds_value, parse_value
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: Top-level keys of a rule file that describe it rather than the game.
DESCRIPTIVE = frozenset({"name", "title", "game", "source", "notes"})
#: Keys inside a section that name or describe it (never a switch).
SECTION_LABELS = frozenset({"name", "illustrative", "notes"})
#: How the rule loader names the allowed values of a text switch it refuses
#: (:meth:`crazy4.rules.sections.Section.choice`).
CHOICES = re.compile(r"is '\?'; expected one of (?P<options>[\w ,-]+)$")
#: A list of whole numbers up to this (Play multiples) is chosen among its sublists.
SUBSETS_UP_TO = 4
#: Hand descriptions offered for a switch whose value is a hand (a qualifier, a raise
#: minimum), each offered only where the game's rule loader takes it; any other is typed.
HANDS = ("none", "A high", "K high", "Q high", "J high", "pair", "pair of 2s", "pair of 6s",
         "pair of 10s", "pair of queens", "pair of kings", "pair of aces", "two pair")  # fmt: skip


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
    options : tuple of str
        A switch's values the rule loader takes (empty: a pay line, a true/false switch, or a
        switch whose values are not listed).
    open : bool
        Whether other values than :attr:`options` may be typed (a hand description, a
        number); else the switch takes one of its options.
    """

    kind: str
    path: str
    group: str
    label: str
    value: str
    options: tuple[str, ...] = ()
    open: bool = True


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
                if isinstance(odds, dict | list):
                    continue  # not odds (a progressive meter): not a pay line to set
                text = fraction_text(parse_odds(odds, where=f"{prefix}.{line}"))
                found.append(Control("line", f"{prefix}.{line}", group, line, text))
        elif isinstance(value, dict):  # a sub-section (a declared game's [settle.play])
            found += _section_controls(f"{group} {key}", f"{prefix}.{key}", value)
        elif key not in SECTION_LABELS and not _nested(value):
            found.append(Control("switch", f"{prefix}.{key}", group, key, value_text(value)))
    return found


def _nested(value: Any) -> bool:
    return isinstance(value, dict) or (
        isinstance(value, list) and any(isinstance(item, dict | list) for item in value)
    )


def _taken(rules: RuleSet, path: str, value: str) -> bool:
    try:
        changed_rules(rules, [(path, value)])
    except InputError:
        return False
    return True


def with_options(rules: RuleSet, control: Control) -> Control:
    """``control`` with the values the rule loader takes for it: those it lists when it refuses
    another (``ties``), the sublists of ``1..3`` (``multiples``) or the hands of :data:`HANDS`
    (``qualifier``, still open to others); none for a true/false switch, a number or a line.
    """
    value = parse_value(control.value)
    if control.kind != "switch" or isinstance(value, bool | int | float):
        return control
    options: list[str] = []
    closed = False
    numbers = range(1, max([3, *(v for v in value if isinstance(v, int))]) + 1) if isinstance(
        value, list) else range(0)  # fmt: skip
    if len(numbers) > SUBSETS_UP_TO:
        return control  # a list of large numbers (amounts): typed
    if isinstance(value, list):
        subsets = itertools.chain.from_iterable(
            itertools.combinations(numbers, size) for size in range(1, len(numbers) + 1)
        )
        options, closed = [json.dumps(list(subset)) for subset in subsets], True
    else:
        try:
            changed_rules(rules, [(control.path, "?")])
        except InputError as error:
            listed = CHOICES.search(str(error))
            if listed:
                options, closed = listed.group("options").split(", "), True
        if not closed:
            options = list(HANDS)
    taken = [option for option in options if option == control.value or _taken(
        rules, control.path, option)]  # fmt: skip
    if control.value not in taken:
        taken.insert(0, control.value)
    return Control(control.kind, control.path, control.group, control.label, control.value,
                   tuple(taken), not closed)  # fmt: skip


def controls(rules: RuleSet) -> list[Control]:
    """Every pay line and switch of the rule file, in the file's order (each switch with the
    values the rule loader takes: :func:`with_options`)."""
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
    return [with_options(rules, control) for control in found]


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
