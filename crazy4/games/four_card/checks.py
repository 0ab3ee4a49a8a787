"""What ``crazy4 validate`` checks only in Four Card Poker: :data:`FOUR_CARD_CHECKS`.

The engine is :mod:`crazy4.generic.bestfour_validate` (and its rule inference,
:mod:`crazy4.generic.bestfour_variants`); the game supplies here what differs. The log has
the Crazy 4 Poker columns with a six-card ``dealer`` hand, its ``up_card``, and the Four Card
Poker wagers (schema in ``docs/simulator.md``). Rows are settled again by
:class:`crazy4.games.four_card.cells.FourCardSettlement` (no qualifier; the Ante Bonus, the
Aces Up table, the Bad Beat), decisions are compared with the strategy of each situation class
(hand, up card), and the statistics test the player's best-four-of-five and the dealer's
best-four-of-six categories and every bet's mean against the exact analysis.

Its readings, beside the generic ones: a line of the Ante Bonus (logged apart) or of the Aces
Up table, and the Ante Bonus folded into the Ante's net when the log writes it apart.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import category_of_strength
from crazy4.core.upcard_lookup import situation_of
from crazy4.games.four_card.cells import FourCardSettlement
from crazy4.games.four_card.reference import FourCardReference
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.generic.bestfour_settle import showdown_results
from crazy4.generic.bestfour_validate import BestFourChecks, BestFourRun
from crazy4.generic.bestfour_variants import (
    BestFourReadings,
    BonusTable,
    Dealt,
    FloatNets,
    Reading,
    Showdown,
    nets_per_unit,
)
from crazy4.generic.bestfour_wagers import BestFourRows, IntArray
from crazy4.validate.infer import Variant
from crazy4.validate.rows import LogBatch
from crazy4.validate.statistics import SUMMARY_KEYS, StatFamily, Summary

#: The Ante Bonus paid inside the Ante's net (``ante_bonus_net`` left 0).
BONUS_IN_ANTE = "bonus_in_ante"


def _optional(rules: FourCardRuleSet, logged: frozenset[str]) -> list[tuple[Variant, Reading]]:
    """The Ante Bonus folded into the Ante, where the log writes it apart.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> [v.pattern for v, _ in _optional(load_rules("four-card-standard"), {"ante_bonus"})]
    ['Ante Bonus folded into the Ante']
    """
    if "ante_bonus" not in logged or rules.four_card.ante_bonus is None:
        return []
    variant = Variant(
        "the Ante Bonus is paid inside the Ante's net (ante_bonus_net left 0)",
        "Ante Bonus folded into the Ante",
    )
    return [(variant, Reading.of(BONUS_IN_ANTE))]


def _settle_read(
    settle: FourCardSettlement, read: Reading, dealt: Dealt, shown: Showdown
) -> FloatNets:
    """Nets per unit of each wager of ``dealt`` under ``read``; the Ante's includes the Ante
    Bonus unless the log writes it apart.

    Examples
    --------
    >>> from crazy4.core.ranking import strength_of_description
    >>> from crazy4.generic.bestfour_variants import BestFourVariants, TIES_DEALER
    >>> from crazy4.registry import load_rules
    >>> from crazy4.registry import game_named
    >>> game = game_named("four-card-poker")
    >>> rules = load_rules("four-card-standard")
    >>> variants = BestFourVariants(rules, game, FOUR_CARD_CHECKS.readings)
    >>> trips = strength_of_description("three of a kind")
    >>> dealt = Dealt(np.zeros((1, 5), np.intp), np.zeros((1, 6), np.intp), np.array([trips]),
    ...               np.array([trips]), np.array([1]), 0, frozenset({"ante_bonus"}))
    >>> nets = variants.settle([Reading.of(TIES_DEALER)], dealt)
    >>> nets["ante"].tolist(), nets["ante_bonus"].tolist()
    ([-1.0], [2.0])
    """
    category = category_of_strength()[shown.dealer_strength].astype(np.int64)
    cells = (category, shown.comparison)
    nets = nets_per_unit(
        settle, settle.nets(shown.strength, dealt.multiple, *cells, side_bet=dealt.side or 0)
    )
    bonus_in_ante = BONUS_IN_ANTE in read.flags
    if "ante_bonus" not in dealt.logged or bonus_in_ante:
        nets["ante"] = nets["ante"] + nets["ante_bonus"]
    if bonus_in_ante:
        nets["ante_bonus"] = np.zeros_like(nets["ante_bonus"])
    return nets


def _situation(reference: FourCardReference, batch: LogBatch) -> npt.NDArray[np.integer]:
    """The situation class of every row: the player's hand and the dealer's up card."""
    return situation_of(batch.derived["player_colex"], batch.indices("up_card")[:, 0])


def _cells(run: BestFourRun, strength: IntArray, dealer: IntArray) -> tuple[IntArray, IntArray]:
    """The dealer's hand category and the showdown result of every row."""
    category = category_of_strength()[dealer].astype(np.int64)
    return category, showdown_results(strength, dealer)


#: How the rows are settled again (the Ante Bonus inside the Ante's net unless the log writes
#: it apart) and made bets (no blind hands here).
ROWS = BestFourRows(
    _cells,
    (("ante_play", ("ante", "ante_bonus", "play")),),
    _situation,
    dealer_hands=lambda reference: reference.dealer_strength_of_hand,
)


def _rare_awards(run: BestFourRun, bet: str, hands: int, se: float) -> list[str]:
    """The side bets' rare top awards, and what the sample resolves."""
    if bet != "bad_beat" and not bet.startswith("aces-up-"):
        return []
    return [
        f"{bet}: its top awards (four of a kind, straight flush) are rare; a sample "
        f"of {hands:,} hands resolves the mean only to ± {se:.4f}"
    ]


def _offered(rules: FourCardRuleSet, side: int | None) -> frozenset[str]:
    """The side wagers the rules offer: the Aces Up table chosen, the Bad Beat."""
    offered = {"aces_up"} if side is not None else set()
    if rules.four_card.bad_beat is not None:
        offered.add("bad_beat")
    return frozenset(offered)


def _no_tests(run: BestFourRun, family: StatFamily, summary: Summary | None) -> None:
    """None besides the categories."""


#: The columns every Four Card Poker log has.
REQUIRED = ("player", "dealer", "up_card", "decision", "ante", "play", "ante_net", "play_net")

#: Four Card Poker's part of the validator (module docstring).
FOUR_CARD_CHECKS = BestFourChecks(
    readings=BestFourReadings(
        qualifies=False,
        misreadings=lambda rules: ([], []),
        optional=_optional,
        bonus=BonusTable(
            "ante_bonus",
            "Ante Bonus",
            "pushed",
            get=lambda rules: rules.four_card.ante_bonus,
            put=lambda rules, bonus: replace(
                rules, four_card=replace(rules.four_card, ante_bonus=bonus)
            ),
        ),
        settle=_settle_read,
    ),
    required=lambda rules: REQUIRED,
    needs="a Four Card Poker log needs",
    hands=(
        ("player", 5, "player not five valid card(s)"),
        ("dealer", 6, "dealer not six valid card(s)"),
        ("up_card", 1, "up_card not one valid card(s)"),
    ),
    numbers=(
        *("ante", "play", "aces_up", "bad_beat", "ante_net", "ante_bonus_net"),
        *("play_net", "aces_up_net", "bad_beat_net"),
    ),
    derive=ROWS.derive,
    side_wagers=(("aces_up", "Aces Up"), ("bad_beat", "Bad Beat")),
    offered=_offered,
    matched=lambda rules: (),
    net_columns=("ante_net", "ante_bonus_net", "play_net", "aces_up_net", "bad_beat_net"),
    net_needs_wager=False,
    multiples_named=False,
    settle=ROWS.settle,
    bet_values=ROWS.bet_values,
    blind=None,
    raise_minimum=False,
    sequence_by_category=True,
    summary_keys=SUMMARY_KEYS,
    category_titles=(
        "player hand categories (best 4 of 5)",
        "dealer hand categories (best 4 of 6)",
    ),
    hand_tests=_no_tests,
    bet_notes=_rare_awards,
    bet_design=False,
    strategy_by=" by hand and up card",
    left_out="left out of the other checks",
    lost_per_deviation=False,
)
