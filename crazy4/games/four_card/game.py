"""Four Card Poker as a :class:`crazy4.generic.bestfour_game.BestFourGame`: the registry's entry.

The game's data, the hooks naming its parts, how ``crazy4 hand`` counts one hand, and what only
its seats know in the simulator (situation classes of the hand and the up card, the dealer's
hand categories as its classes, the bets and log columns by category and result). The heavy
parts (counting, pricing, the simulator and the validator) are imported when first
used, so reading a rule file does not load them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import HandCategory, category_of_strength
from crazy4.games.base import Progress
from crazy4.games.four_card.rules import (
    FourCardRuleSet,
    four_card_rules,
    read_four_card_sections,
)
from crazy4.generic.bestfour_game import BestFourGame

if TYPE_CHECKING:
    from crazy4.games.base import Settlement
    from crazy4.games.four_card.showdown_cells import FourCardSettlement
    from crazy4.games.four_card.situations import FourCardReference
    from crazy4.games.four_card.upcard_analysis import FourCardAnalysis
    from crazy4.generic.bestfour_hand import HandPrices
    from crazy4.generic.bestfour_report import BestFourReport
    from crazy4.generic.bestfour_sim_spec import BestFourSim, IntArray, KeyFields, SeatLookup
    from crazy4.generic.bestfour_validate import BestFourChecks
    from crazy4.generic.cell_roles import CellHoleCards
    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section
    from crazy4.simulate.counts import Counts
    from crazy4.simulate.plan import SimulationPlan


class FourCard(BestFourGame):
    """Four Card Poker: the dealer's six cards, one face up, no qualifier, the Ante Bonus.

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> from crazy4.registry import load_rules
    >>> result = FOUR_CARD.hand_result(load_rules("four-card-standard"),
    ...                                parse_cards("As Ad 7c 4h 2s"), parse_card("Kd"))
    >>> result["optimal_decision"], sum(result["dealer_outcomes"].values())
    ('3x', 1370754)
    """

    key = "four-card-poker"
    title = "Four Card Poker"
    dealer_cards = (6, 1)
    side_bet_label = "Aces Up"
    side_bet_key = "aces_up"
    steps = 3
    main_bet = "ante_play"
    hand_heading = "EV per unit of Ante (Ante + Play + Ante Bonus):"
    practical = ("up",)

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The Ante Bonus, Aces Up, Bad Beat and limits sections (:mod:`.rules`)."""
        return read_four_card_sections(top, common)

    def rules_of(self, rules: RuleSet) -> FourCardRuleSet:
        """The Four Card Poker rule set (:func:`.rules.four_card_rules`)."""
        return four_card_rules(rules)

    def reference_of(self, rules: FourCardRuleSet) -> FourCardReference:
        """The situation classes' reference (:func:`.situations.load_fourcard_reference`)."""
        from crazy4.games.four_card.situations import load_fourcard_reference

        return load_fourcard_reference(rules)

    def settlement_of(self, rules: FourCardRuleSet) -> FourCardSettlement:
        """The Ante, Ante Bonus, Play, Aces Up and Bad Beat nets by dealer category and result
        (:mod:`.showdown_cells`)."""
        from crazy4.games.four_card.showdown_cells import four_card_settlement

        return four_card_settlement(rules)

    def dealer_probabilities(self, reference: FourCardReference) -> npt.NDArray[np.float64]:
        """The best four of six's."""
        probabilities: npt.NDArray[np.float64] = reference.dealer_category_probabilities()
        return probabilities

    def prepare(self, rules: RuleSet) -> None:
        """On an empty cache, start compiling the count kernel
        (:func:`crazy4.games.four_card.shape.prepare_counting`)."""
        from crazy4.games.four_card.shape import prepare_counting

        prepare_counting()

    def run_analysis(
        self, rules: FourCardRuleSet, jobs: int, progress: Progress
    ) -> FourCardAnalysis:
        """Every (hand, up card) situation counted, priced and tabulated
        (:mod:`.upcard_analysis`)."""
        from crazy4.games.four_card.upcard_analysis import analyze_four_card

        return analyze_four_card(rules, jobs=jobs, progress=progress)

    def report(self) -> BestFourReport:
        """The up card's report (:mod:`.up_card_report`)."""
        from crazy4.games.four_card.up_card_report import FOUR_CARD_REPORT

        return FOUR_CARD_REPORT

    def count_hand(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> tuple[HandPrices, dict[str, object]]:
        """The 1,370,754 six-card dealer hands holding the up card, each looked up directly
        (independently of the subset tables), and the situation priced
        (:func:`crazy4.games.four_card.showdown_cells.price_situations`)."""
        import numpy as np

        from crazy4.core.engine import brute_force_counts
        from crazy4.core.ranking import HandCategory, hand_strength
        from crazy4.core.upcard import N_CATEGORIES, situation_thresholds
        from crazy4.games.four_card.shape import HIDDEN_COMPLETIONS
        from crazy4.games.four_card.showdown_cells import price_situations

        assert up is not None
        chosen = four_card_rules(rules)
        strength = hand_strength(cards)
        thresholds = situation_thresholds(np.array([cards]))[0]
        below = brute_force_counts(cards, thresholds, forced_cards=(up,), dealer_size=6)
        lower, tie = int(below[0]), int(below[1] - below[0])
        higher = HIDDEN_COMPLETIONS - int(below[1])
        edges = [0, *(int(b) for b in below[2:]), HIDDEN_COMPLETIONS]
        categories = {
            HandCategory(c).label: edges[c + 1] - edges[c] for c in range(N_CATEGORIES - 1, -1, -1)
        }
        prices = price_situations(
            chosen, np.array([strength]), np.array([lower]), np.array([tie]), np.array([higher])
        )
        bonus = chosen.four_card.ante_bonus
        bonus_odds = bonus.table.odds_of(strength) if bonus is not None else None
        return prices, {
            "hidden_completions": HIDDEN_COMPLETIONS,
            "dealer_outcomes": {"dealer lower": lower, "tie": tie, "dealer higher": higher},
            "dealer_categories": categories,
            "ante_bonus": "none" if bonus_odds is None else f"pays {bonus_odds} to 1",
        }

    def count_lines(self, result: dict[str, object]) -> list[str]:
        """The dealer's completions by result and by category, and the Ante Bonus."""
        from crazy4.report.hand_text import count_lines

        total = result["hidden_completions"]
        outcomes = result["dealer_outcomes"]
        categories = result["dealer_categories"]
        assert (
            isinstance(total, int) and isinstance(outcomes, dict) and isinstance(categories, dict)
        )
        return [
            f"Hidden dealer completions (5 of the other 46 cards): {total:,}",
            *count_lines(outcomes.items(), total),
            "Dealer's best four by category:",
            *count_lines(categories.items(), total),
            f"Ante Bonus: {result['ante_bonus']}",
        ]

    def simulation(self) -> BestFourSim[FourCardSettlement]:
        """The seats' part of the chunk player: the situation classes, the dealer's hand
        categories as its classes, the bets and log columns by category and result."""
        from crazy4.generic.bestfour_sim_spec import BestFourSim

        return BestFourSim(
            self,
            dealer_classes=len(HandCategory),
            lookup=_seat_lookup,
            dealer_class=_dealer_categories,
            bets=_bets,
            log_columns=_log_columns,
            summary=_summary,
            tail_line=_tail_line,
        )

    def checks(self) -> BestFourChecks:
        """This game's part of the log checks (:mod:`.up_card_checks`)."""
        from crazy4.games.four_card.up_card_checks import FOUR_CARD_CHECKS

        return FOUR_CARD_CHECKS

    def hole_cards(self) -> CellHoleCards:
        """The hole-card role: the game's outcome cells (:data:`.showdown_cells.HOLE_CARDS`)."""
        from crazy4.games.four_card.showdown_cells import HOLE_CARDS

        return HOLE_CARDS

    def cell_parts(self) -> Callable[[RuleSet], tuple[dict[str, Settlement], dict[str, str]]]:
        """The Bad Beat a fold forfeits (:func:`.pricing.cell_parts`)."""
        from crazy4.games.four_card.showdown_cells import cell_parts

        return cell_parts


def _seat_lookup(rules: RuleSet) -> SeatLookup:
    """A seat's decision class is the situation class of its hand and the up card."""
    from crazy4.core.upcard_lookup import situation_index_table, situation_slots
    from crazy4.generic.bestfour_sim_spec import SeatLookup

    reference = FOUR_CARD.reference(rules)
    return SeatLookup(
        strength=reference.strength_of_hand,
        entry_class=situation_index_table(),
        class_strength=reference.strengths,
        slots=situation_slots(),
        dealer_strength=reference.dealer_strength_of_hand,
    )


def _dealer_categories(rules: RuleSet) -> npt.NDArray[np.int8]:
    """Per dealer strength: its hand category."""
    return category_of_strength()


def _bets(settlement: FourCardSettlement, fields: KeyFields) -> dict[str, IntArray]:
    """The summary's bets per seat key: Ante and Play (with the Ante Bonus), each Aces Up table
    (by name) and the Bad Beat.

    Examples
    --------
    >>> import numpy as np
    >>> from crazy4.generic.bestfour_sim_spec import key_fields
    >>> from crazy4.registry import load_rules
    >>> settle = FOUR_CARD.settlement(load_rules("four-card-standard"))
    >>> from crazy4.core.ranking import strength_of_description
    >>> trips_3x_won = ((strength_of_description("three of a kind") * 4 + 3) * 8 + 2) * 3 + 0
    >>> nets = _bets(settle, key_fields(np.array([trips_3x_won]), 8))
    >>> [(name, int(net[0]) // settle.unit) for name, net in nets.items()][:2]  # 1 + 2 + 3
    [('ante_play', 6), ('aces-up-50-40-8-5-4-3-1', 8)]
    >>> int(nets["bad_beat"][0]) // settle.unit  # the dealer did not win
    -1
    """
    nets = settlement.nets(*fields)
    found = {"ante_play": (nets["ante"] + nets["ante_bonus"] + nets["play"]).astype(np.int64)}
    for index, bet in enumerate(settlement.rules.side_bets):
        found[bet.name] = settlement.nets(*fields, side_bet=index)["aces_up"].astype(np.int64)
    if settlement.rules.four_card.bad_beat is not None:
        found["bad_beat"] = nets["bad_beat"].astype(np.int64)
    return found


def _log_columns(
    plan: SimulationPlan,
    settlement: FourCardSettlement,
    fields: KeyFields,
    is_blind: npt.NDArray[np.bool_],
) -> dict[str, npt.NDArray[np.float64]]:
    """The wagers and their nets per unit of Ante (the Aces Up table of the plan)."""
    table = plan.side_bet if plan.side_bet is not None else 0
    nets = settlement.nets(*fields, side_bet=table)
    ones = np.ones(fields.strength.shape[0])
    columns = {"ante": ones, "play": fields.decision.astype(np.float64)}
    has_aces_up = plan.side_bet is not None
    has_bad_beat = settlement.rules.four_card.bad_beat is not None
    if has_aces_up:
        columns["aces_up"] = ones
    if has_bad_beat:
        columns["bad_beat"] = ones
    for name, shown in (
        ("ante", True),
        ("ante_bonus", True),
        ("play", True),
        ("aces_up", has_aces_up),
        ("bad_beat", has_bad_beat),
    ):
        if shown:
            columns[f"{name}_net"] = nets[name] / settlement.unit
    return columns


def _summary(plan: SimulationPlan, counts: Counts) -> dict[str, object]:
    """The showdown results of the seats."""
    from crazy4.core.upcard_lattice import RESULTS

    results = counts.seats.reshape(-1, len(RESULTS)).sum(axis=0)
    return {"results": {name: int(n) for name, n in zip(RESULTS, results, strict=True)}}


def _tail_line(plan: SimulationPlan, counts: Counts, data: Mapping[str, object]) -> str:
    """The showdown results' shares."""
    player, results = data["player_categories"], data["results"]
    assert isinstance(player, dict) and isinstance(results, dict)
    hands = max(1, sum(player.values()))
    return "showdowns: " + ", ".join(f"{name} {n / hands:.5f}" for name, n in results.items())


#: The game's one instance, registered in :mod:`crazy4.registry`.
FOUR_CARD = FourCard()
