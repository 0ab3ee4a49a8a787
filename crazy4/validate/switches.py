"""The rule switches every game's rule set has, as candidate rule sets for the inference.

The rule dataclasses are frozen (:mod:`crazy4.rules.ruleset`), so a candidate is the rule set
with one field replaced (``dataclasses.replace``): another tie rule, another rule for Play
against a dealer who does not qualify, another qualifier; or one pay-table line paying what
the log paid (or not at all). A game adds its own sections' switches
(:mod:`crazy4.validate.infer`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.core.paytables import PayEntry, PayTable, format_odds, parse_hand_class
from crazy4.core.ranking import (
    HandCategory,
    category_of_strength,
    category_thresholds,
    hand_group,
    strength_of_description,
)
from crazy4.rules.ruleset import PLAY_WHEN_NOT_QUALIFIED, TIE_RULES, RuleSet
from crazy4.validate.infer import Variant
from crazy4.validate.patterns import amount_verb

Rules = TypeVar("Rules", bound=RuleSet)

#: The qualifiers tried besides the rule set's own.
QUALIFIERS = ("none", "J high", "Q high", "K high", "A high", "pair", "pair of 6s")

_TIES = {"push": "ties push", "player": "the player wins ties", "dealer": "the dealer wins ties"}
_NOT_QUALIFIED = {
    "wins": "Play wins 1:1 when the dealer does not qualify",
    "compared": "Play is compared with a dealer hand that does not qualify",
}


def dealer_switches(rules: Rules, qualifiers: bool = True) -> list[tuple[Variant, Rules]]:
    """The rule set with one ``[dealer]`` switch changed, each with its variant (the
    qualifiers of :data:`QUALIFIERS` too with ``qualifiers``; and Play against a dealer who
    does not qualify).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> [v.difference for v, _ in dealer_switches(load_rules("crazy4-standard"))][:3]
    ['ties = player (the player wins ties), not push', 'ties = dealer (the dealer wins ties), \
not push', 'play_when_not_qualified = compared (Play is compared with a dealer hand that does \
not qualify), not wins']
    """
    dealer = rules.dealer
    found: list[tuple[Variant, Rules]] = []
    for ties in TIE_RULES:
        if ties != dealer.ties:
            what = _TIES.get(ties, ties)
            settled = "the dealer's" if ties == "dealer" else ties
            variant = Variant(
                f"ties = {ties} ({what}), not {dealer.ties}", f"ties settled as {settled}"
            )
            found.append((variant, replace(rules, dealer=replace(dealer, ties=ties))))
    for rule in PLAY_WHEN_NOT_QUALIFIED if qualifiers else ():
        if rule != dealer.play_when_not_qualified:
            text = _NOT_QUALIFIED.get(rule, rule)
            variant = Variant(
                f"play_when_not_qualified = {rule} ({text}), not {dealer.play_when_not_qualified}",
                f"Play against a dealer who does not qualify settled as {rule}",
            )
            changed = replace(dealer, play_when_not_qualified=rule)
            found.append((variant, replace(rules, dealer=changed)))
    for qualifier in QUALIFIERS if qualifiers else ():
        strength = strength_of_description(qualifier)
        if strength != dealer.qualifier_strength:
            variant = Variant(
                f"the dealer qualifies with {qualifier}, not {dealer.qualifier}",
                f"dealer qualified from {qualifier}, not {dealer.qualifier}",
            )
            changed = replace(dealer, qualifier=qualifier, qualifier_strength=strength)
            found.append((variant, replace(rules, dealer=changed)))
    return found


def pay_line_switch(
    bet: str, table: PayTable, line: int, odds: Fraction | None
) -> tuple[Variant, PayTable]:
    """``table`` with its line ``line`` paying ``odds`` to 1 (None: the line removed).

    Examples
    --------
    >>> table = PayTable.from_mapping("sb", {"flush": 1.5, "straight": 1})
    >>> variant, changed = pay_line_switch("Super Bonus", table, 1, Fraction(1))
    >>> variant.difference, changed.describe()
    ('Super Bonus flush pays 1 to 1, not 3/2 to 1', 'flush 1, straight 1')
    >>> pay_line_switch("Super Bonus", table, 0, None)[0].pattern
    'Super Bonus straight not paid (the table pays 1 to 1)'
    """
    entry = table.entries[line]
    if odds is None:
        entries = tuple(e for i, e in enumerate(table.entries) if i != line)
        variant = Variant(
            f"{bet} has no {entry.label} line (the rule set pays {format_odds(entry.odds)} to 1)",
            f"{bet} {entry.label} not paid (the table pays {format_odds(entry.odds)} to 1)",
        )
    else:
        changed = PayEntry(entry.minimum_strength, entry.category, entry.label, odds)
        entries = tuple(changed if i == line else e for i, e in enumerate(table.entries))
        variant = Variant(
            f"{bet} {entry.label} pays {format_odds(odds)} to 1, not "
            f"{format_odds(entry.odds)} to 1",
            f"{bet} {entry.label} paid {format_odds(odds)} to 1, not {format_odds(entry.odds)}",
        )
    return variant, replace(table, entries=entries)


@dataclass(frozen=True)
class PayEdit:
    """One pay-table line set to ``odds`` to 1 (None: removed), added when the table lacks it.

    Edits compose: each finds its line by the weakest hand it pays, so two edits of one table
    apply in either order.

    Examples
    --------
    >>> table = PayTable.from_mapping("sb", {"flush": 1.5, "straight": 1})
    >>> two_pair = PayEdit.of_group("two pair", Fraction(1))
    >>> two_pair.apply(table).describe()
    'flush 3/2, straight 1, two pair 1'
    >>> PayEdit.of_group("flush", None).apply(two_pair.apply(table)).describe()
    'straight 1, two pair 1'
    """

    minimum_strength: int
    category: HandCategory
    label: str
    odds: Fraction | None

    @classmethod
    def of_group(cls, group: str, odds: Fraction | None) -> PayEdit:
        """The edit of the line paying a hand group (``"pair of aces"``, ``"two pair"``)."""
        category, weakest = parse_hand_class(group)
        return cls(weakest, category, group, odds)

    def apply(self, table: PayTable) -> PayTable:
        """``table`` with this line set, added or removed."""
        entries = [e for e in table.entries if e.minimum_strength != self.minimum_strength]
        if self.odds is not None:
            entries.append(PayEntry(self.minimum_strength, self.category, self.label, self.odds))
        return replace(table, entries=tuple(sorted(entries)))


def pay_line_variants(
    bet: str,
    table: PayTable,
    strength: npt.NDArray[np.int64],
    observed: npt.NDArray[np.float64],
) -> list[tuple[Variant, PayTable]]:
    """The pay-line search (:func:`pay_line_edits`), each edit applied to ``table``.


    Examples
    --------
    >>> table = PayTable.from_mapping("sb", {"flush": 1.5, "straight": 1})
    >>> flush = table.entries[1].minimum_strength  # the weakest flush (lines weakest first)
    >>> found = pay_line_variants("Super Bonus", table, np.array([flush, flush, 0]),
    ...                           np.array([1.0, 1.0, -1.0]))
    >>> [(variant.difference, changed.describe()) for variant, changed in found]
    [('Super Bonus flush pays 1 to 1, not 3/2 to 1', 'flush 1, straight 1')]
    """
    return [
        (variant, edit.apply(table))
        for variant, edit in pay_line_edits(bet, table, strength, observed)
    ]


def pay_line_edits(
    bet: str,
    table: PayTable,
    strength: npt.NDArray[np.int64],
    observed: npt.NDArray[np.float64],
    unpaid: str = "lost",
) -> list[tuple[Variant, PayEdit]]:
    """The pay-line search, line by line: for each line of ``table`` that hands of
    ``strength`` are on (weakest line first, as ``PayTable.by_strength``), the line paying
    what the log paid most often on it (``observed``: each hand's logged net per unit, to 6
    places; a net that is no win: the line removed), when that is not what the line pays; and
    for each hand group (:func:`crazy4.core.ranking.hand_group`) on no line that the log paid
    most often as a win, that line added (its pattern says what a hand below the table gets:
    ``unpaid``). Each with its variant.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> table = PayTable.from_mapping("sb", {"flush": 1.5, "straight": 1})
    >>> aces = hand_strength(parse_cards("As Ad 7c 2h"))
    >>> [v.difference for v, _ in pay_line_edits("Super Bonus", table, np.array([aces]),
    ...                                          np.array([1.0]))]
    ['Super Bonus pays 1 to 1 on pair of aces (a line the rule set lacks)']
    """
    owner = np.full(category_of_strength().shape[0], -1, dtype=np.int64)
    for line, entry in enumerate(table.entries):
        owner[entry.minimum_strength : int(category_thresholds()[entry.category + 1])] = line
    found = []
    for line, entry in enumerate(table.entries):
        on_line = owner[strength] == line
        if not on_line.any():
            continue
        odds = most_paid(observed[on_line])
        if odds != entry.odds:
            variant, _ = pay_line_switch(bet, table, line, odds)
            found.append(
                (variant, PayEdit(entry.minimum_strength, entry.category, entry.label, odds))
            )
    off = owner[strength] < 0
    groups = np.array([hand_group(int(s)) for s in strength[off]], dtype=object)
    for group in dict.fromkeys(groups.tolist()):
        odds = most_paid(observed[off][groups == group])
        if odds is not None:
            edit = PayEdit.of_group(str(group), odds)
            if edit.minimum_strength == int(category_thresholds()[edit.category]):
                group = edit.category.label  # the whole category ("pair", not "pair of twos")
                edit = replace(edit, label=str(group))
            variant = Variant(
                f"{bet} pays {format_odds(odds)} to 1 on {group} (a line the rule set lacks)",
                f"{bet} {amount_verb(float(odds))} where {unpaid} expected, player {group} "
                f"(no {group} line on the table)",
            )
            found.append((variant, edit))
    return found


def odds_of_net(net: float) -> Fraction | None:
    """Odds a winning net per unit stands for (limited to a denominator of 100); None for a
    net that is no win.

    Examples
    --------
    >>> odds_of_net(1.5), odds_of_net(-1.0), odds_of_net(0.0)
    (Fraction(3, 2), None, None)
    """
    if not net > 0:
        return None
    return Fraction(net).limit_denominator(100)


def most_paid(observed: npt.NDArray[np.float64]) -> Fraction | None:
    """The odds of the net per unit the log paid most often (to 6 places; the smallest of
    equals), None where that is no win (:func:`odds_of_net`).

    Examples
    --------
    >>> most_paid(np.array([1.0, 1.5, 1.5, -1.0])), most_paid(np.array([-1.0, -1.0, 2.0]))
    (Fraction(3, 2), None)
    """
    values, counts = np.unique(np.round(observed, 6), return_counts=True)
    return odds_of_net(float(values[np.argmax(counts)]))
