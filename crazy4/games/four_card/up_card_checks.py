"""What ``crazy4 validate`` checks only in Four Card Poker: :data:`FOUR_CARD_CHECKS`.

The engine is :mod:`crazy4.generic.bestfour_validate` (and its rule inference,
:mod:`crazy4.generic.bestfour_variants`); the game supplies here what differs. The log has
the Crazy 4 Poker columns with a six-card ``dealer`` hand, its ``up_card``, and the Four Card
Poker wagers (schema in ``docs/simulator.md``). Rows are settled again by
:class:`crazy4.games.four_card.showdown_cells.FourCardSettlement` (no qualifier; the Ante Bonus, the
Aces Up table, the Bad Beat), decisions are compared with the strategy of each situation class
(hand, up card), and the statistics test the player's best-four-of-five and the dealer's
best-four-of-six categories and every bet's mean against the exact analysis.

Its readings, beside the generic ones: a line of the Ante Bonus (logged apart) or of the Aces
Up table, and the Ante Bonus folded into the Ante's net when the log writes it apart.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from crazy4.core.paytables import PayTable
from crazy4.core.ranking import category_of_strength
from crazy4.games.four_card.rules import FourCardRuleSet, four_card_rules
from crazy4.games.four_card.showdown_cells import FourCardSettlement, four_card_settlement
from crazy4.games.four_card.situations import (
    FourCardReference,
    load_fourcard_reference,
    situation_of,
)
from crazy4.generic.bestfour_settle import showdown_results
from crazy4.generic.bestfour_validate import BestFourChecks, BestFourRun, BoolArray
from crazy4.generic.bestfour_variants import (
    BestFourReadings,
    Dealt,
    FloatNets,
    Reading,
    Settled,
    Showdown,
    play_multiple,
)
from crazy4.validate.checks import Component
from crazy4.validate.infer import Variant
from crazy4.validate.rows import LogBatch
from crazy4.validate.statistics import SUMMARY_KEYS, StatFamily, Summary
from crazy4.validate.switches import PayEdit
from crazy4.validate.tally import BetValues

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


def _pay_table(
    rules: FourCardRuleSet, wager: str, side: int | None
) -> tuple[PayTable, str, str] | None:
    """The table of the Ante Bonus or of the Aces Up bet, its name, what it does unpaid."""
    bonus = rules.four_card.ante_bonus
    if wager == "ante_bonus" and bonus is not None:
        return bonus.table, "Ante Bonus", "pushed"
    if wager == "aces_up" and rules.side_bets:
        return rules.side_bets[side or 0].table, "Aces Up", "lost"
    return None


def _edit_table(
    rules: FourCardRuleSet, wager: str, side: int | None, edit: PayEdit
) -> FourCardRuleSet:
    """The rule set with one pay line of the Ante Bonus or of an Aces Up table edited."""
    four = rules.four_card
    if wager == "ante_bonus":
        assert four.ante_bonus is not None
        bonus = replace(four.ante_bonus, table=edit.apply(four.ante_bonus.table))
        return replace(rules, four_card=replace(four, ante_bonus=bonus))
    bets, table = list(rules.side_bets), side or 0
    bets[table] = replace(bets[table], table=edit.apply(bets[table].table))
    return replace(rules, side_bets=tuple(bets))


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
    >>> variants = BestFourVariants(load_rules("four-card-standard"), FOUR_CARD_CHECKS.readings)
    >>> trips = strength_of_description("three of a kind")
    >>> dealt = Dealt(np.zeros((1, 5), np.intp), np.zeros((1, 6), np.intp), np.array([trips]),
    ...               np.array([trips]), np.array([1]), 0, frozenset({"ante_bonus"}))
    >>> nets = variants.settle([Reading.of(TIES_DEALER)], dealt)
    >>> nets["ante"].tolist(), nets["ante_bonus"].tolist()
    ([-1.0], [2.0])
    """
    strength, dealer = (shown.player2 + 1) // 2, (shown.dealer2 + 1) // 2
    category = category_of_strength()[dealer].astype(np.int64)
    units = settle.nets(
        strength, dealt.multiple, category, shown.comparison, side_bet=dealt.side or 0
    )
    nets = {name: value / settle.unit for name, value in units.items()}
    bonus_in_ante = BONUS_IN_ANTE in read.flags
    if "ante_bonus" not in dealt.logged or bonus_in_ante:
        nets["ante"] = nets["ante"] + nets["ante_bonus"]
    if bonus_in_ante:
        nets["ante_bonus"] = np.zeros_like(nets["ante_bonus"])
    return nets


def _derive(reference: FourCardReference, batch: LogBatch) -> None:
    """The hands' strengths (the dealer's best four of six) and the situation class."""
    batch.derive_strengths("player", reference.strength_of_hand)
    up_card = batch.indices("up_card")[:, 0]
    situation = situation_of(batch.derived["player_colex"], up_card)
    batch.derived["situation"] = situation.astype(np.int64)
    batch.derive_strengths("dealer", reference.dealer_strength_of_hand)


def _settle(run: BestFourRun, batch: LogBatch, good: BoolArray) -> Settled:
    """Every wager of the batch settled again (the Ante Bonus inside the Ante's net unless
    the log writes it apart)."""
    number = batch.number
    strength = batch.derived["player_strength"]
    dealer_strength = batch.derived["dealer_strength"]
    dealer_category = category_of_strength()[dealer_strength].astype(np.int64)
    result = showdown_results(strength, dealer_strength)
    multiple = play_multiple(batch.decision)
    nets = run.settlement.nets(
        strength, multiple, dealer_category, result, side_bet=run.side_table or 0
    )
    bonus_column = "ante_bonus_net" in number
    ante_expected = nets["ante"] + (0 if bonus_column else nets["ante_bonus"])
    ante = batch.wager("ante")
    components = [
        Component("ante", ante, ante_expected, number["ante_net"]),
        Component("play", ante, nets["play"], number["play_net"]),
    ]
    if bonus_column:
        bonus = nets["ante_bonus"]
        components.append(Component("ante_bonus", ante, bonus, number["ante_bonus_net"]))
    if run.side_table is not None and "aces_up" in number:
        aces, aces_net = batch.wager("aces_up"), batch.wager("aces_up_net")
        components.append(Component("aces_up", aces, nets["aces_up"], aces_net, side=True))
    if "bad_beat" in number and run.rules.four_card.bad_beat is not None:
        beat, beat_net = batch.wager("bad_beat"), batch.wager("bad_beat_net")
        components.append(Component("bad_beat", beat, nets["bad_beat"], beat_net, side=True))
    dealt = Dealt(
        *(batch.cards["player"], batch.cards["dealer"], strength, dealer_strength),
        *(multiple, run.side_table),
    )
    return Settled(components, dealt, result)


def _bet_values(run: BestFourRun, batch: LogBatch, keep: BoolArray, blind: BoolArray) -> BetValues:
    """Each bet's hands and results, per unit of its base wager (no blind hands here)."""
    number = batch.number
    ante = batch.wager("ante")
    per_ante = np.where(ante > 0, ante, 1)
    game = (
        batch.wager("ante_net") + batch.wager("ante_bonus_net") + batch.wager("play_net")
    ) / per_ante
    values: BetValues = {"ante_play": (keep, game)}
    aces, beat = batch.wager("aces_up"), batch.wager("bad_beat")
    if run.side_table is not None and "aces_up" in number:
        name = run.rules.side_bets[run.side_table].name
        net = batch.wager("aces_up_net")
        values[name] = (keep & (aces > 0), net / np.where(aces > 0, aces, 1))
    if "bad_beat" in number and "bad_beat" in run.reference_bets:
        net = batch.wager("bad_beat_net")
        values["bad_beat"] = (keep & (beat > 0), net / np.where(beat > 0, beat, 1))
    return values


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
    rules_of=four_card_rules,
    reference_of=load_fourcard_reference,
    readings=BestFourReadings(
        qualifies=False,
        settlement=four_card_settlement,
        misreadings=lambda rules: ([], []),
        optional=_optional,
        pay_table=_pay_table,
        edit_table=_edit_table,
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
    derive=_derive,
    side_key="aces_up",
    side_label="Aces Up",
    side_wagers=(("aces_up", "Aces Up"), ("bad_beat", "Bad Beat")),
    offered=_offered,
    matched=lambda rules: (),
    net_columns=("ante_net", "ante_bonus_net", "play_net", "aces_up_net", "bad_beat_net"),
    net_needs_wager=False,
    multiples_named=False,
    settle=_settle,
    bet_values=_bet_values,
    blind=None,
    raise_minimum=False,
    sequence_by_category=True,
    summary_keys=SUMMARY_KEYS,
    category_titles=(
        "player hand categories (best 4 of 5)",
        "dealer hand categories (best 4 of 6)",
    ),
    dealer_probabilities=lambda reference: reference.dealer_category_probabilities(),
    hand_tests=_no_tests,
    bet_notes=_rare_awards,
    bet_design=False,
    strategy_by=" by hand and up card",
    left_out="left out of the other checks",
    lost_per_deviation=False,
)
