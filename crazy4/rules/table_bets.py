"""Bets on a pay table that several games deal, as a rule set holds them, knowing no game: the
Ante Bonus and the Bad Beat Bonus (Four Card Poker's ``[ante_bonus]`` and ``[bad_beat]``), and a
pay table with a rule for the hands it does not list (:class:`ListedTable`; Crazy 4 Poker's
Super Bonus is one).

A table with a straight line and no three-of-a-kind line leaves three of a kind *unlisted*: at
or above the table's lowest line, yet paid by no line. The table's ``unlisted`` rule
(:data:`UNLISTED_RULES`) settles it: ``"below_table"``, like a hand below the table, or
``"push"``, whatever the dealer holds.

Examples
--------
>>> table = PayTable.from_mapping("bb", {"four_of_a_kind": 500})
>>> BadBeat(table, keyed_on="player", fold_forfeits=True, illustrative=False).keyed_on
'player'
>>> table = PayTable.from_mapping("t", {"straight": 1, "straight_flush": 9, "four_of_a_kind": 9})
>>> listed = ListedTable(table, unlisted="push")
>>> listed.unlisted_categories(), listed.switched().unlisted
(['three of a kind', 'flush'], 'below_table')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Self

import numpy as np
import numpy.typing as npt

from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.ranking import HandCategory, category_of_strength, category_thresholds
from crazy4.errors import InputError

#: What a Bad Beat table may be keyed on: the losing player's hand or the dealer's winning one.
BAD_BEAT_KEYS = ("player", "dealer")


@dataclass(frozen=True)
class AnteBonus:
    """Bonus paid on the Ante for strong player hands, whatever the dealer holds.

    Attributes
    ----------
    table : PayTable
    paid_only_with_play : bool
        True: a folded hand gets no bonus (it never matters under optimal play: no paying hand
        folds).
    """

    table: PayTable
    paid_only_with_play: bool


@dataclass(frozen=True)
class BadBeat:
    """A bet paid when the player's hand loses to the dealer's.

    Attributes
    ----------
    table : PayTable
        Keyed on the losing player's hand (``keyed_on = "player"``) or the dealer's winning
        hand (``"dealer"``, whole categories only). Any other outcome loses the bet.
    keyed_on : str
    fold_forfeits : bool
        True: a folded hand loses the bet (it did not lose a showdown).
    illustrative : bool
        True when the table is not a published one.
    """

    table: PayTable
    keyed_on: str
    fold_forfeits: bool
    illustrative: bool


def check_keyed_on(keyed_on: str, table: PayTable, where: str) -> None:
    """Refuse a Bad Beat table keyed on the dealer's winning hand (``keyed_on = "dealer"``) that
    pays part of a category: such a table pays whole categories only.

    Raises
    ------
    InputError
        Naming ``where`` (the file and the section) and the line.

    Examples
    --------
    >>> from crazy4.registry import parse_rules
    >>> text = '''name = "x"
    ... title = "x"
    ... game = "four-card-poker"
    ... [dealer]
    ... cards = 6
    ... up_cards = 1
    ... ties = "player"
    ... [play]
    ... multiples = [1, 3]
    ... [bad_beat]
    ... keyed_on = "dealer"
    ... [bad_beat.pays]
    ... pair_of_aces = 5
    ... '''
    >>> parse_rules(text, "x.toml")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml [bad_beat]: keyed_on = "dealer" pays whole categories only; \
'pair of aces' is part of one
    """
    if keyed_on != "dealer":
        return
    starts = category_thresholds()
    for entry in table.entries:
        if entry.minimum_strength != int(starts[entry.category]):
            raise InputError(
                f'{where}: keyed_on = "dealer" pays whole categories only; '
                f"{entry.label!r} is part of one"
            )


#: What a table's ``unlisted`` rule may say (see the module docstring).
UNLISTED_RULES = ("below_table", "push")


@dataclass(frozen=True)
class ListedTable:
    """A pay table and how it settles a hand at or above its lowest line that no line pays.

    Attributes
    ----------
    table : PayTable
    unlisted : str
        ``"below_table"`` or ``"push"`` (:data:`UNLISTED_RULES`).

    Examples
    --------
    >>> from crazy4.core.ranking import strength_of_description
    >>> table = PayTable.from_mapping("t", {"flush": 1.5, "straight": 1, "four_of_a_kind": 30})
    >>> trips = strength_of_description("three of a kind")
    >>> listed = ListedTable(table, unlisted="push")
    >>> bool(listed.unlisted_mask()[trips]), int(listed.by_strength()[0][trips])
    (True, 0)
    >>> int(ListedTable(table).by_strength()[0][trips])  # below the table: -1
    -1
    """

    table: PayTable
    unlisted: str = "below_table"

    #: What the bet on the table is called, in messages.
    bet_name: ClassVar[str] = "pay table"

    def __post_init__(self) -> None:
        if self.unlisted not in UNLISTED_RULES:
            raise ValueError(f"unknown {self.bet_name} unlisted rule {self.unlisted!r}")

    def unlisted_mask(self) -> npt.NDArray[np.bool_]:
        """Strengths at or above the table's lowest line that no line pays."""
        numerators, _ = self.table.by_strength()
        lowest = min(entry.minimum_strength for entry in self.table.entries)
        mask: npt.NDArray[np.bool_] = (np.arange(numerators.shape[0]) >= lowest) & (numerators < 0)
        return mask

    def by_strength(self) -> tuple[npt.NDArray[np.int64], int]:
        """Payout numerators by strength over a common denominator, ``-1`` for the hands settled
        as below the table (:meth:`crazy4.core.paytables.PayTable.by_strength`; with
        ``unlisted = "push"`` an unlisted hand is paid 0)."""
        numerators, denominator = self.table.by_strength()
        if self.unlisted == "push":
            numerators = np.where(self.unlisted_mask(), 0, numerators)
        return numerators, denominator

    def describe_unlisted(self) -> str:
        """The unlisted rule in words, for reports and the validator.

        Examples
        --------
        >>> ListedTable(PayTable.from_mapping("t", {"straight": 1})).describe_unlisted()
        'as below the table: loses to a qualifying dealer hand that beats it, else pushes'
        """
        if self.unlisted == "push":
            return "pushes whatever the dealer holds"
        return "as below the table: loses to a qualifying dealer hand that beats it, else pushes"

    def unlisted_categories(self) -> list[str]:
        """The categories with unlisted hands, strongest first (their labels)."""
        categories = category_of_strength()[self.unlisted_mask()]
        return [HandCategory(int(c)).label for c in sorted(set(categories.tolist()), reverse=True)]

    def switched(self) -> Self:
        """The same table under the other ``unlisted`` rule."""
        other = next(rule for rule in UNLISTED_RULES if rule != self.unlisted)
        return dataclasses.replace(self, unlisted=other)

    def line_variant(self, label: str, odds: int) -> tuple[bool, Self]:
        """The table with its ``label`` line removed when it has one (those hands then unlisted,
        pushing), else added at ``odds`` to 1: whether the line was added, and the table so
        changed.

        Examples
        --------
        >>> table = PayTable.from_mapping("t", {"straight": 1, "three_of_a_kind": 2})
        >>> added, changed = ListedTable(table).line_variant("three of a kind", 2)
        >>> added, changed.table.describe(), changed.unlisted
        (False, 'straight 1', 'push')
        >>> ListedTable(changed.table).line_variant("three of a kind", 2)[1].table.describe()
        'three of a kind 2, straight 1'
        """
        pays: dict[str, Fraction | float | int | str] = {
            e.label: e.odds for e in self.table.entries
        }
        if label in pays:
            del pays[label]
            table = PayTable.from_mapping(self.table.name, pays)
            return False, dataclasses.replace(self, table=table, unlisted="push")
        table = PayTable.from_mapping(self.table.name, {**pays, label: odds})
        return True, dataclasses.replace(self, table=table)

    def variants(self, label: str, odds: int, notes: tuple[str, str] = ("", "")) -> dict[str, Self]:
        """The variants people ask about, each applied alone: the ``label`` line added at
        ``odds`` to 1, or removed when the table has it (:meth:`line_variant`; ``notes``: what
        to say after each), and the other ``unlisted`` rule when some hand is unlisted.

        Examples
        --------
        >>> table = PayTable.from_mapping("t", {"straight": 1, "four_of_a_kind": 9})
        >>> list(ListedTable(table).variants("three of a kind", 2, (" (standard)", "")))
        ['with three of a kind 2:1 (standard)', 'unlisted hands: push']
        """
        added, changed = self.line_variant(label, odds)
        line = f"with {label} {odds}:1{notes[0]}" if added else f"without {label}{notes[1]}"
        variants = {line: changed}
        if self.unlisted_mask().any():
            variants[f"unlisted hands: {self.switched().unlisted}"] = self.switched()
        return variants

    def switch(self, label: str) -> tuple[str, str, Self] | None:
        """The ``unlisted`` rule switched, as the rule inference searches it (``label``: the
        bet's name): the difference and the pattern it names, and the table so read; None when
        every hand at or above the lowest line is listed (both rules settle alike).

        Examples
        --------
        >>> table = PayTable.from_mapping("t", {"straight": 1, "four_of_a_kind": 9})
        >>> ListedTable(table, "push").switch("Bonus")[:2]  # doctest: +NORMALIZE_WHITESPACE
        ('Bonus unlisted = below_table, not push',
         'Bonus on a hand its table does not list settled as below_table')
        >>> ListedTable(PayTable.from_mapping("t", {"four_of_a_kind": 9})).switch("Bonus")
        """
        if not self.unlisted_mask().any():
            return None
        other = self.switched()
        return (
            f"{label} unlisted = {other.unlisted}, not {self.unlisted}",
            f"{label} on a hand its table does not list settled as {other.unlisted}",
            other,
        )

    def readings(
        self, standard: dict[str, Fraction | float | int | str]
    ) -> list[tuple[str, str, Self]]:
        """The readings of the unlisted hands: ``(name, what those hands do, the table so
        read)`` for this ``unlisted`` rule, the other one, and the ``standard`` table's odds
        on the whole unlisted categories it pays (``standard``: a mapping for
        :meth:`crazy4.core.paytables.PayTable.from_mapping`). Empty when every hand is listed.

        Examples
        --------
        >>> table = PayTable.from_mapping("t", {"straight": 1, "straight_flush": 9,
        ...                                     "four_of_a_kind": 9})
        >>> readings = ListedTable(table).readings({"three_of_a_kind": 3, "flush": 2})
        >>> [name for name, _, _ in readings][1:]
        ['unlisted = "push"', "the standard table's line"]
        >>> readings[1][1], readings[2][1]
        ('pushes whatever the dealer holds', 'paid flush 2 to 1, three of a kind 3 to 1')
        >>> ListedTable(PayTable.from_mapping("t", {"four_of_a_kind": 9})).readings({"pair": 1})
        []
        """
        unlisted, tops = self.unlisted_mask(), category_thresholds()
        if not unlisted.any():
            return []
        pays = {entry.label: entry.odds for entry in self.table.entries}
        added = {
            entry.label: entry.odds
            for entry in PayTable.from_mapping("standard", standard).entries
            if unlisted[entry.minimum_strength : int(tops[entry.category + 1])].all()
            and entry.label not in pays
        }
        lines = ", ".join(f"{label} {format_odds(odds)} to 1" for label, odds in added.items())
        table = PayTable.from_mapping(self.table.name, {**pays, **added})
        switched = self.switched()
        readings = []
        for name, changed in (
            (f'this rule set: unlisted = "{self.unlisted}"', self),
            (f'unlisted = "{switched.unlisted}"', switched),
            ("the standard table's line", dataclasses.replace(self, table=table)),
        ):
            listed = f"paid {lines}" if added else "every hand listed"
            settlement = changed.describe_unlisted() if changed.unlisted_mask().any() else listed
            readings.append((name, settlement, changed))
        return readings
