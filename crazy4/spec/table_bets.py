"""Bets on a pay table as the engines settle them: a table with an unlisted rule
(:class:`crazy4.rules.table_bets.ListedTable`) paid whatever the dealer holds, the Ante Bonus
paid on the Ante, and the Bad Beat Bonus as a wager, a side bet of the specification, or a bet
the cells cannot price.

A Bad Beat table pays when the dealer's hand is higher, on the losing player's hand or on the
dealer's winning category, else it is lost. :func:`bad_beat_wager` settles it in cells of the
dealer's hand category (first axis) by the showdown result (last axis: 0 player higher, 1 tie,
2 dealer higher).

Examples
--------
>>> from crazy4.core.paytables import PayTable
>>> bad = BadBeat(PayTable.from_mapping("bb", {"four_of_a_kind": 500}), "dealer", True, False)
>>> bad_beat_side_bets(bad), unpriced_bad_beat(bad)
((), {'bad_beat': "keyed on the dealer's hand, which the cells do not hold"})
>>> wager = bad_beat_wager(bad, (8, 3))
>>> wager.cells[7].tolist(), wager.cells[6].tolist()  # dealer's four of a kind, straight flush
([-1, -1, 500], [-1, -1, -1])
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from crazy4.core.exact import fits_int64, widen
from crazy4.core.ranking import HandCategory, category_thresholds
from crazy4.rules.table_bets import AnteBonus, BadBeat, ListedTable
from crazy4.spec.specification import SideBetSpec
from crazy4.spec.wagers import Wager, hand_bet, hand_pays


def listed_table_wager(
    name: str, label: str, listed: ListedTable | None, loses: npt.NDArray[np.int64]
) -> Wager:
    """A bet on a listed table, paid its table on the player's hand whatever the dealer holds;
    below the table (or unlisted, as its rule says) lost in the cells ``loses`` marks (1) and
    pushed elsewhere; a fold loses it. Without a table: a zero wager nobody puts up.

    Examples
    --------
    >>> from crazy4.core.paytables import PayTable
    >>> from crazy4.core.ranking import strength_of_description
    >>> table = PayTable.from_mapping("sb", {"straight": 1, "four_of_a_kind": 30})
    >>> trips = strength_of_description("three of a kind")
    >>> loses = np.array([0, 0, 0, 0, 0, 1])
    >>> [int(listed_table_wager("b", "B", ListedTable(table, rule), loses).hand_pays[trips])
    ...  for rule in ("below_table", "push")]
    [-1, 0]
    >>> listed_table_wager("b", "B", None, loses).wagered
    False
    """
    if listed is None:
        return Wager(name, label, 0 * loses, on_fold="none", wagered=False)
    pays, unit = hand_pays(listed.by_strength())
    return Wager(
        name,
        label,
        widen(loses, not fits_int64(unit)) * -unit,
        hand_pays=pays,
        table=listed.table,
        unit=unit,
        hand_note=(
            listed.unlisted_mask(),
            f"not on its table, above its lowest line: unlisted = {listed.unlisted}",
        ),
    )


def ante_bonus_wager(bonus: AnteBonus | None, cells: tuple[int, ...]) -> Wager:
    """The ``ante_bonus`` wager, per unit of Ante and not put up itself: its table's odds on the
    player's hand whatever the dealer holds, nothing below the table; on a folded hand too
    unless the rule set pays it only with a Play bet (zeros when the rule set has none).

    Examples
    --------
    >>> from crazy4.core.paytables import PayTable
    >>> bonus = AnteBonus(PayTable.from_mapping("ab", {"straight": 1}), paid_only_with_play=True)
    >>> wager = ante_bonus_wager(bonus, (3,))
    >>> wager.on_fold, wager.wagered, int(wager.hand_pays[0])
    ('none', False, 0)
    """
    on_fold = "settled" if bonus is not None and not bonus.paid_only_with_play else "none"
    table = None if bonus is None else bonus.table
    wager = hand_bet("ante_bonus", "the Ante Bonus", table, cells, on_fold=on_fold, below=0)
    return replace(wager, wagered=False)


def _dealer_higher(cells: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    mask = np.zeros(cells, dtype=bool)
    mask[..., 2] = True
    return mask


def bad_beat_wager(bad: BadBeat | None, cells: tuple[int, ...]) -> Wager:
    """The ``bad_beat`` wager: paid when the dealer is higher, on the player's hand or the
    dealer's category (module docstring); lost everywhere when the rule set has none."""
    if bad is None:
        return Wager("bad_beat", "the Bad Beat", np.full(cells, -1, dtype=np.int64))
    pays, unit = hand_pays(bad.table.by_strength())
    lost = np.full(cells, -unit, dtype=np.int64)
    fold = "lost" if bad.fold_forfeits else "settled"
    if bad.keyed_on == "player":
        return Wager(
            "bad_beat",
            "the Bad Beat",
            lost,
            hand_pays=pays,
            pays_in=_dealer_higher(cells),
            on_fold=fold,
            table=bad.table,
            unit=unit,
        )
    by_category = pays[category_thresholds()[: len(HandCategory)]][:, None]
    paid = np.where(_dealer_higher(cells) & (by_category >= 0), by_category, lost)
    return Wager("bad_beat", "the Bad Beat", paid, on_fold=fold, unit=unit)


def bad_beat_side_bets(bad: BadBeat | None) -> tuple[SideBetSpec, ...]:
    """A Bad Beat keyed on the losing player's hand as a side bet of the specification (paid
    when the dealer is higher), per unit of its wager; none otherwise (one keyed on the dealer's
    hand is not a bet on the player's cards)."""
    if bad is None or bad.keyed_on != "player":
        return ()
    mark = " ILLUSTRATIVE table" if bad.illustrative else ""
    forfeit = "; a fold forfeits it" if bad.fold_forfeits else ""
    description = (
        f"Bad Beat Bonus{mark}: pays {bad.table.describe()} on the losing player's hand "
        f"when the player loses{forfeit} (per unit)"
    )
    return (
        SideBetSpec(
            "bad_beat",
            description,
            bad.table.category_pays(),
            fold_forfeits=bad.fold_forfeits,
            pays_when="dealer_higher",
            column="bad_beat",
        ),
    )


def unpriced_bad_beat(bad: BadBeat | None) -> dict[str, str]:
    """A Bad Beat a fold forfeits that is keyed on the dealer's hand, named unpriced (for
    :meth:`crazy4.spec.specification.GameSpec.bet_parts`: the outcome cells do not hold the
    dealer's category); none otherwise."""
    if bad is None or not bad.fold_forfeits or bad.keyed_on == "player":
        return {}
    return {"bad_beat": "keyed on the dealer's hand, which the cells do not hold"}
