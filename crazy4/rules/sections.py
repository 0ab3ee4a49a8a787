"""Reading a rule file's TOML tables strictly: every key taken once, with the right type.

Every game's rule sections are read through :class:`Section`, so an unknown key, a missing key or
a value of the wrong type is always one line naming the file, the section and the key.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from crazy4.core.money import parse_money
from crazy4.core.paytables import PayTable
from crazy4.core.ranking import strength_of_description
from crazy4.errors import InputError
from crazy4.rules.ruleset import SideBet

T = TypeVar("T")


class Section:
    """A TOML table read strictly: every key must be taken, with the right type.

    Parameters
    ----------
    data : dict
        The table as :mod:`tomllib` parsed it.
    where : str
        Where it is (``"my.toml [dealer]"``), the start of every error message.

    Examples
    --------
    >>> section = Section({"ties": "push", "extra": 1}, "x.toml [dealer]")
    >>> section.choice("ties", ("push", "player"), "push")
    'push'
    >>> section.finish()
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml [dealer]: unknown key 'extra'
    """

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data = data
        self.where = where
        self.taken: set[str] = set()

    def take(self, key: str, required: bool) -> Any:
        """The raw value of ``key`` (``None`` when absent and not required), marked as taken."""
        self.taken.add(key)
        if key not in self.data:
            if required:
                raise InputError(f"{self.where}: missing key {key!r}")
            return None
        return self.data[key]

    def string(self, key: str, default: str | None = None) -> str:
        """A text value; required when ``default`` is ``None``."""
        value = self.take(key, default is None)
        if value is None:
            return default if default is not None else ""
        if not isinstance(value, str):
            raise InputError(f"{self.where}: key {key!r} must be text, got {value!r}")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str) -> str:
        """A text value that must be one of ``options``."""
        value = self.string(key, default)
        if value not in options:
            raise InputError(
                f"{self.where}: key {key!r} is {value!r}; expected one of {', '.join(options)}"
            )
        return value

    def boolean(self, key: str, default: bool) -> bool:
        """``true`` or ``false``."""
        value = self.take(key, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise InputError(f"{self.where}: key {key!r} must be true or false, got {value!r}")
        return value

    def section(self, key: str, required: bool = True) -> Section | None:
        """The sub-table ``[key]`` (``None`` when absent and not required)."""
        value = self.take(key, required)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise InputError(f"{self.where}: [{key}] must be a table")
        return Section(value, f"{self.where} [{key}]")

    def integer(
        self, key: str, default: int, lowest: int | None = None, highest: int | None = None
    ) -> int:
        """A whole number, optionally within ``lowest`` to ``highest``."""
        value = self.take(key, False)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"{self.where}: key {key!r} must be a whole number, got {value!r}")
        if lowest is not None and highest is not None and not lowest <= value <= highest:
            raise InputError(
                f"{self.where}: key {key!r} is {value}; expected {lowest} to {highest}"
            )
        return value

    def money(
        self, key: str, default: Fraction | None = None, *, positive: bool = False
    ) -> Fraction:
        """A dollar amount, exact (``5``, ``"0.50"``, ``"1/2"``); required without a default."""
        value = self.take(key, default is None)
        if value is None:
            assert default is not None
            return default
        return parse_money(value, f"{self.where}: key {key!r}", positive=positive)

    def has(self, key: str) -> bool:
        """Whether the table has ``key`` (without taking it)."""
        return key in self.data

    def sections(self, key: str) -> list[Section]:
        """The array of tables ``[[key]]`` (empty when absent)."""
        value = self.take(key, False)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise InputError(f"{self.where}: [[{key}]] must be an array of tables")
        return [Section(item, f"{self.where} [[{key}]] #{n + 1}") for n, item in enumerate(value)]

    def raw(self, key: str, required: bool = True) -> Any:
        """The value of ``key`` unchecked (the caller checks it)."""
        return self.take(key, required)

    def finish(self) -> None:
        """Raise on the first key nobody took."""
        unknown = sorted(set(self.data) - self.taken)
        if unknown:
            raise InputError(f"{self.where}: unknown key {unknown[0]!r}")


def pay_table(section: Section, name: str) -> PayTable:
    """The section's ``[pays]`` table (hand = odds) as a :class:`PayTable` called ``name``."""
    pays = section.raw("pays")
    if not isinstance(pays, dict):
        raise InputError(f"{section.where}: 'pays' must be a table of hand = odds")
    return PayTable.from_mapping(name, pays, where=f"{section.where} pays")


def strength(
    section: Section,
    key: str,
    default: str,
    describe: Callable[[str], int] = strength_of_description,
) -> tuple[str, int]:
    """A hand description (``"K high"``, ``"pair of aces"``) and its strength, read by
    ``describe`` (the game's ranking; the five-card one by default)."""
    text = section.string(key, default)
    try:
        return text, describe(text)
    except InputError as error:
        raise InputError(f"{section.where}: key {key!r}: {error}") from None


def optional_section(top: Section, key: str, read: Callable[[Section], T]) -> T | None:
    """The optional section ``[key]`` read by ``read``, every key checked; None when absent.

    Examples
    --------
    >>> top = Section({"bonus": {"pays": {"flush": 1}}}, "x.toml")
    >>> optional_section(top, "bonus", lambda section: pay_table(section, "b").name)
    'b'
    >>> optional_section(top, "limits", lambda section: 1) is None
    True
    """
    section = top.section(key, required=False)
    if section is None:
        return None
    value = read(section)
    section.finish()
    return value


def named_tables(
    top: Section, key: str, read: Callable[[Section, str], T], name: Callable[[T], str]
) -> tuple[T, ...]:
    """Every ``[[key]]`` table, each with a ``name`` and read by ``read(section, name)``.

    Raises
    ------
    InputError
        For a table without a name, a key nobody took, or two tables sharing a name.

    Examples
    --------
    >>> top = Section({"t": [{"name": "a"}, {"name": "a"}]}, "x.toml")
    >>> named_tables(top, "t", lambda section, label: label, str)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml: two [[t]] tables share a name
    """
    items = []
    for section in top.sections(key):
        items.append(read(section, section.string("name")))
        section.finish()
    names = [name(item) for item in items]
    if len(set(names)) != len(names):
        raise InputError(f"{top.where}: two [[{key}]] tables share a name")
    return tuple(items)


def side_bet_tables(top: Section, key: str, prefix: str) -> tuple[SideBet, ...]:
    """Every ``[[key]]`` table of bets on the player's own hand, named ``<prefix>-<name>``.

    Examples
    --------
    >>> top = Section({"aces_up": [{"name": "a", "pays": {"pair_of_aces": 1}}]}, "x.toml")
    >>> [bet.name for bet in side_bet_tables(top, "aces_up", "aces-up")]
    ['aces-up-a']
    """

    def side_bet(section: Section, label: str) -> SideBet:
        table = pay_table(section, f"{prefix}-{label}")
        return SideBet(table=table, fold_forfeits=section.boolean("fold_forfeits", False))

    return named_tables(top, key, side_bet, lambda bet: bet.name)


#: Unicode categories no output carries as text: control characters (tab and newline too:
#: every rule-file text is printed on one line or one cell), surrogates, line and paragraph
#: separators.
UNPRINTABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})


def unprintable(text: str) -> str | None:
    """The first character of ``text`` no output format carries, or ``None``.

    Examples
    --------
    >>> unprintable("Crazy 4 Poker, ½ pay"), unprintable("a\\x07b"), unprintable("\\ufffe")
    (None, '\\x07', '\\ufffe')
    """
    import unicodedata

    for character in text:
        if unicodedata.category(character) in UNPRINTABLE or character in "\ufffe\uffff":
            return character
    return None


def check_printable(value: Any, where: str, key: str | None = None) -> None:
    """Refuse a rule file holding text an output cannot carry (every key and value, nested ones
    too, ends up in a report, a workbook, a PDF or one line on a terminal), naming the key.

    Raises
    ------
    InputError
        ``"my.toml [cardroom] [[tables]] #2: key 'name' holds the character U+0007, ..."``.

    Examples
    --------
    >>> check_printable({"dealer": {"ties": "push"}, "title": "ok"}, "x.toml")
    >>> check_printable({"aces_up": [{"name": "a\\tb"}]}, "x.toml")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml [[aces_up]] #1: key 'name' holds the character U+0009, ...
    """
    if isinstance(value, dict):
        for name, item in value.items():
            bad = unprintable(name)
            if bad is not None:
                raise InputError(
                    f"{where}: a key holds the character U+{ord(bad):04X}, which no output "
                    f"carries ({name!r})"
                )
            inner = f"{where} [{name}]" if isinstance(item, dict) else where
            check_printable(item, inner, name)
    elif isinstance(value, list):
        tables = all(isinstance(item, dict) for item in value)
        for number, item in enumerate(value, start=1):
            inner = f"{where} [[{key}]] #{number}" if tables else where
            check_printable(item, inner, None if tables else key)
    elif isinstance(value, str):
        bad = unprintable(value)
        if bad is not None:
            raise InputError(
                f"{where}: key {key!r} holds the character U+{ord(bad):04X}, which no output "
                "carries as text (a control character, a line separator); remove it"
            )
