"""Pay tables: which hands pay what, as exact fractions, by hand strength.

A pay table maps *hand classes* to odds "to 1". A class is either a whole category
(``"flush"``) or the top part of one: ``"four aces"``, ``"pair of queens"`` (a pair of queens
or better, still a pair). A hand is paid by the most specific entry of its own category that it
reaches; a hand whose category has no entry it reaches is *below the table* (a table without a
three-of-a-kind line leaves three of a kind unpaid even though flushes, below it, are paid).

Payouts are :class:`fractions.Fraction`; :meth:`PayTable.by_strength` gives integer numerators
over one common denominator for exact vectorized pricing. A payout may be any exact number from
0 to :data:`MAX_ODDS` whose reduced denominator is at most :data:`MAX_DENOMINATOR`; anything
else is refused by :func:`parse_odds`. Where a computation's bound exceeds int64 it works on
Python integers instead (:mod:`crazy4.core.exact`), so every figure is exact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from math import isfinite, lcm

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS
from crazy4.core.category_pays import CategoryPays, PayLine
from crazy4.core.exact import IntArray, fits_int64, widen
from crazy4.core.ranking import (
    RANK_PLURALS,
    HandCategory,
    category_of_strength,
    category_thresholds,
    number_of_strengths,
    strength_of_description,
)
from crazy4.errors import InputError

#: The largest payout a rule file may give, "to 1" (see the module docstring).
MAX_ODDS = 10**18

#: The largest denominator of a payout, once reduced (``1.00000000001``: 10^11).
MAX_DENOMINATOR = 10**18

#: The longest payout text read (digits and signs); longer text is refused unread.
_MAX_TEXT = 80

_RANK_WORDS = {plural: rank for rank, plural in enumerate(RANK_PLURALS)}


@dataclass(frozen=True, order=True)
class PayEntry:
    """One line of a pay table.

    Attributes
    ----------
    minimum_strength : int
        The weakest hand this line pays (lines are ordered by it).
    category : HandCategory
        The category the line belongs to; it pays no hand of another category.
    label : str
        The line as written in the rule file, normalised (``"four aces"``).
    odds : Fraction
        Payout "to 1".
    """

    minimum_strength: int
    category: HandCategory
    label: str
    odds: Fraction


def parse_hand_class(label: str) -> tuple[HandCategory, int]:
    """Category and weakest strength of a pay-table hand class.

    Parameters
    ----------
    label : str
        A category label, ``"four <rank>s"`` or ``"pair of <rank>s"`` (underscores and hyphens
        may stand for spaces: ``four_aces``, ``pair_of_queens``; ``"... or better"`` is
        accepted and ignored).

    Examples
    --------
    >>> parse_hand_class("four_aces")[0].label
    'four of a kind'
    >>> category, weakest = parse_hand_class("pair of queens or better")
    >>> category.label, weakest == strength_of_description("pair of Qs")
    ('pair', True)
    """
    phrase = " ".join(label.lower().replace("_", " ").replace("-", " ").split())
    phrase = phrase.removesuffix(" or better")
    words = phrase.split(" ")
    if len(words) == 2 and words[0] == "four" and words[1] in _RANK_WORDS:
        rank = _RANK_WORDS[words[1]]
        weakest = strength_of_description(f"four {RANKS[rank]}s")
        return HandCategory.FOUR_OF_A_KIND, weakest
    if len(words) == 3 and words[:2] == ["pair", "of"] and words[2] in _RANK_WORDS:
        rank = _RANK_WORDS[words[2]]
        return HandCategory.PAIR, strength_of_description(f"pair of {RANKS[rank]}s")
    try:
        category = HandCategory.from_label(phrase)
    except InputError:
        raise InputError(
            f"unknown hand {label!r}: use a category (e.g. 'flush', 'three_of_a_kind'), "
            "'four_<rank>s' (e.g. 'four_aces') or 'pair_of_<rank>s' (e.g. 'pair_of_queens')"
        ) from None
    return category, int(category_thresholds()[category])


@dataclass(frozen=True)
class PayTable:
    """A pay table: entries ordered from the weakest hand paid to the strongest.

    Examples
    --------
    >>> table = PayTable.from_mapping("demo", {"four_aces": 200, "four_of_a_kind": 30,
    ...                                        "flush": 1.5})
    >>> [entry.label for entry in table.entries]
    ['flush', 'four of a kind', 'four aces']
    >>> numerators, denominator = table.by_strength()
    >>> denominator, int(numerators[-1]), int(numerators[0])
    (2, 400, -1)
    """

    name: str
    entries: tuple[PayEntry, ...]

    @classmethod
    def from_mapping(
        cls, name: str, pays: dict[str, Fraction | float | int | str], where: str | None = None
    ) -> PayTable:
        """Build from ``{hand class: odds}``; raises :class:`InputError` on a bad line.

        ``where`` (default: the name) starts every error message.
        """
        where = where or name
        entries = []
        for label, value in pays.items():
            try:
                category, weakest = parse_hand_class(label)
            except InputError as error:
                raise InputError(f"{where}: {error}") from None
            odds = parse_odds(value, where=f"{where}: {label}")
            normalized = " ".join(label.lower().replace("_", " ").replace("-", " ").split())
            entries.append(PayEntry(weakest, category, normalized.removesuffix(" or better"), odds))
        strengths = [entry.minimum_strength for entry in entries]
        if len(set(strengths)) != len(strengths):
            raise InputError(f"{where}: two lines name the same hand")
        if not entries:
            raise InputError(f"{where}: the pay table is empty")
        return cls(name=name, entries=tuple(sorted(entries)))

    def denominator(self) -> int:
        """Least common denominator of the odds."""
        return lcm(*(entry.odds.denominator for entry in self.entries))

    def largest_numerator(self) -> int:
        """The largest magnitude among the numerators of :meth:`by_strength`, and the
        denominator (a losing bet's ``-denominator``): what a bound on a bet's nets starts from.

        Examples
        --------
        >>> PayTable.from_mapping("x", {"flush": 1.5, "straight": 1}).largest_numerator()
        3
        """
        denominator = self.denominator()
        return max(denominator, *(int(entry.odds * denominator) for entry in self.entries))

    def paid_mask(self) -> npt.NDArray[np.bool_]:
        """Which strengths the table pays (True) rather than leaving below the table."""
        return self.by_strength()[0] >= 0

    def by_strength(self) -> tuple[IntArray, int]:
        """Payout of every strength as integer numerators over a common denominator.

        Returns
        -------
        numerators : ndarray of int64, shape (N_STRENGTHS,)
            ``odds * denominator`` for paid strengths; ``-1`` for strengths below the table.
            An object array of Python integers when a numerator exceeds int64.
        denominator : int
        """
        denominator = self.denominator()
        categories = category_of_strength()
        wide = not fits_int64(self.largest_numerator())
        numerators = widen(np.full(number_of_strengths(), -1, dtype=np.int64), wide)
        for entry in self.entries:  # weakest first, so a stronger line overwrites its range
            top = int(category_thresholds()[entry.category + 1])
            span = slice(entry.minimum_strength, top)
            assert (categories[span] == entry.category).all()
            numerators[span] = int(entry.odds * denominator)
        return numerators, denominator

    def odds_of(self, strength: int) -> Fraction | None:
        """Odds paid on a hand of this strength, or None below the table.

        Examples
        --------
        >>> from crazy4.core.cards import parse_cards
        >>> from crazy4.core.ranking import hand_strength
        >>> table = PayTable.from_mapping("qu", {"two_pair": 2, "pair_of_queens": 1})
        >>> table.odds_of(hand_strength(parse_cards("Qs Qd 3c 2h"))), table.odds_of(0)
        (Fraction(1, 1), None)
        """
        numerators, denominator = self.by_strength()
        value = int(numerators[strength])
        return None if value < 0 else Fraction(value, denominator)

    def describe(self) -> str:
        """One line, strongest first: ``"four aces 200, four of a kind 30, ..."``."""
        return ", ".join(f"{e.label} {format_odds(e.odds)}" for e in reversed(self.entries))

    def category_pays(self) -> CategoryPays:
        """The table as a pay table by category of any ranking
        (:class:`crazy4.core.category_pays.CategoryPays`): each line pays its category from its
        weakest hand up, the stronger line of a category overwriting the weaker (as
        :meth:`by_strength` pays).

        Examples
        --------
        >>> from crazy4.core.strength_table import BEST_FOUR
        >>> table = PayTable.from_mapping("qu", {"four_aces": 200, "four_of_a_kind": 30,
        ...                                      "pair_of_queens": 1})
        >>> pays = table.category_pays().odds_numerators(BEST_FOUR, 1)
        >>> bool(np.array_equal(pays, table.by_strength()[0]))
        True
        """
        lines = tuple(
            PayLine(
                label=entry.label,
                category=int(entry.category),
                category_name=HandCategory(entry.category).label,
                minimum_strength=entry.minimum_strength,
                odds=entry.odds,
            )
            for entry in self.entries
        )
        return CategoryPays(self.name, lines)


def parse_odds(value: object, *, where: str) -> Fraction:
    """Odds "to 1" from a rule file: a number, or text ``"3/2"`` / ``"3:2"`` / ``"3 to 2"``.

    Raises :class:`InputError` for anything negative, non-numeric or non-finite, above
    :data:`MAX_ODDS` or with a denominator above :data:`MAX_DENOMINATOR` (the module
    docstring says why).

    Examples
    --------
    >>> parse_odds(1.5, where="x"), parse_odds("3 to 2", where="x"), parse_odds(200, where="x")
    (Fraction(3, 2), Fraction(3, 2), Fraction(200, 1))
    >>> parse_odds("1e-5", where="x") == parse_odds(1e-5, where="x") == Fraction(1, 100000)
    True
    >>> parse_odds(1e308, where="x")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x: payout 1e+308 is above 10^18 to 1, the largest computed exactly
    """
    if isinstance(value, bool):
        raise InputError(f"{where}: payout {value!r} is not a number")
    if isinstance(value, float) and not isfinite(value):
        raise InputError(f"{where}: payout {value!r} is not a finite number")
    odds = _read_odds(value, where)
    if odds < 0:
        raise InputError(f"{where}: payout {value!r} is negative")
    if odds > MAX_ODDS:
        raise InputError(
            f"{where}: payout {value!r} is above 10^18 to 1, the largest computed exactly"
        )
    if odds.denominator > MAX_DENOMINATOR:
        raise InputError(
            f"{where}: payout {value!r} is finer than 1/10^18 (its denominator "
            f"{_short(odds.denominator)} is above 10^18, the finest payout computed exactly)"
        )
    return odds


def _short(number: int) -> str:
    """A large integer as text, its digits elided past 30 (``1234...5678, 400 digits``)."""
    text = str(number)
    return text if len(text) <= 30 else f"{text[:12]}...{text[-12:]} ({len(text)} digits)"


def _read_odds(value: object, where: str) -> Fraction:
    """The exact number a payout value stands for; refuses text too long to be a payout and
    exponents beyond any limit before they are expanded (``"1e999999999"``)."""
    try:
        if isinstance(value, Fraction):
            return value
        if isinstance(value, int):
            return Fraction(value)
        if isinstance(value, float):
            return Fraction(str(value))
        if not isinstance(value, str):
            raise ValueError
        text = value.strip().lower()
        sign = -1 if text.startswith("-") else 1  # "-3/2": negative, not "/3/2"
        text = text.removeprefix("-").replace(" to ", "/").replace(":", "/")
        text = re.sub(r"(?<!e)-", "/", text)  # "3-2" is 3 to 2; "1e-5" is a number
        text = text.replace(" ", "")
        if len(text) > _MAX_TEXT:
            raise InputError(f"{where}: payout {value[:20]!r}... is too long to be a payout")
        for part in text.replace("e", " e").split():
            exponent = int(part[1:].split("/")[0] or "x") if part.startswith("e") else 0
            if abs(exponent) > 40:
                limit = "finer than 1/10^18" if exponent < 0 else "above 10^18 to 1"
                raise InputError(
                    f"{where}: payout {value!r} is a number {limit}, beyond what is computed "
                    "exactly"
                )
        return sign * Fraction(text)
    except InputError:
        raise  # an InputError is a ValueError: said above, not "not a number"
    except (ValueError, ZeroDivisionError, OverflowError):
        raise InputError(f"{where}: payout {value!r} is not a number") from None


def format_odds(odds: Fraction) -> str:
    """``200``, ``3/2``: odds "to 1" (any exact fraction) as short text.

    Examples
    --------
    >>> format_odds(Fraction(3, 2)), format_odds(Fraction(30)), format_odds(Fraction(-3, 2))
    ('3/2', '30', '-3/2')
    """
    return str(odds.numerator) if odds.denominator == 1 else f"{odds.numerator}/{odds.denominator}"
