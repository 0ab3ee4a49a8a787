"""One hand of a best-four-of-five game (``crazy4 hand``), counted by listing every dealer hand.

The engine checks the cards, describes the player's best four and settles the result; the game
supplies a :class:`BestFourHand`: how many dealer cards are face up, how to count and price the
one hand (listing the dealer hands directly, independently of the subset tables, so ``crazy4
hand`` is also a check of the analysis) and the lines that show those counts.

Examples
--------
>>> from crazy4.core.cards import parse_cards
>>> from crazy4.report.hand_text import count_lines
>>> from types import SimpleNamespace
>>> prices = SimpleNamespace(ev=np.array([[-1, 2, 4, 6]]), denominator=1, decision=np.array([3]),
...                          allowed=np.ones((1, 4), bool), tied=np.zeros((1, 4), bool))
>>> toy = BestFourHand(
...     title="a toy", face_up=0, ev_heading="EV:",
...     count=lambda rules, cards, up: (prices, {"dealer_hands": 3}),
...     count_lines=lambda result: count_lines([("all", 3)], 3))
>>> rules = SimpleNamespace(name="toy-rules", side_bets=())
>>> result = bestfour_hand_result(toy, rules, parse_cards("As Ad Ac Ah 2s"), None)
>>> result["best_hand"], result["dealer_hands"], result["optimal_decision"]
('four aces', 3, '3x')
>>> print(bestfour_hand_text(toy, result).splitlines()[0])
Hand As Ah Ad Ac 2s  (toy-rules)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import format_card, format_cards
from crazy4.core.decisions import DecisionPrices, decision_label
from crazy4.core.hand_result import SideBetRules, decision_evs, exact_tie, side_bet_outcomes
from crazy4.core.ranking import best_four, category_of, describe_strength, hand_strength
from crazy4.errors import InputError
from crazy4.report.hand_text import decision_lines

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet


class HandPrices(DecisionPrices, Protocol):
    """The prices of one hand, with the optimal decision."""

    @property
    def decision(self) -> npt.NDArray[np.int8] | npt.NDArray[Any]:
        """The optimal decision's code per row."""
        ...


@dataclass(frozen=True)
class BestFourHand:
    """What a best-four-of-five game supplies to :func:`bestfour_hand_result`.

    Attributes
    ----------
    title : str
        The game's name, for the message asking for the up card.
    face_up : int
        Dealer cards face up: 0 (``--up`` refused) or 1 (``--up`` required).
    ev_heading : str
        The line above the EV of each decision.
    count : callable
        ``count(rules, cards, up)``: the hand's prices and the count entries of the result
        (JSON-ready, in the order shown), the up card already checked.
    count_lines : callable
        ``count_lines(result)``: the lines that show those counts.
    """

    title: str
    face_up: int
    ev_heading: str
    count: Callable[[RuleSet, tuple[int, ...], int | None], tuple[HandPrices, dict[str, object]]]
    count_lines: Callable[[dict[str, object]], list[str]]


def _check_up(game: BestFourHand, rules: RuleSet, cards: tuple[int, ...], up: int | None) -> None:
    if game.face_up == 0 and up is not None:
        raise InputError(f"--up: rule set {rules.name!r} deals the dealer no up card")
    if game.face_up and up is None:
        raise InputError(f"rule set {rules.name!r} is {game.title}: give the up card, --up Kd")
    if up is not None and up in cards:
        raise InputError(f"the up card {format_card(up)} is also in the player's hand")


def bestfour_hand_result(
    game: BestFourHand, rules: RuleSet | Any, cards: tuple[int, ...], up: int | None
) -> dict[str, object]:
    """Exact dealer outcomes, EVs and the optimal decision of one five-card hand (JSON-ready).

    Parameters
    ----------
    game : BestFourHand
    rules : RuleSet
    cards : tuple of int
        The player's five cards.
    up : int, optional
        The dealer's up card, where the game deals one.

    Raises
    ------
    InputError
        When an up card is given to a game without one, missing in a game with one, or in the
        player's hand.
    """
    _check_up(game, rules, cards, up)
    prices, counts = game.count(rules, cards, up)
    strength = hand_strength(cards)
    side_rules: SideBetRules = rules
    return {
        "hand": format_cards(sorted(cards, reverse=True)),
        **({} if up is None else {"up_card": format_card(up)}),
        "rule_set": rules.name,
        "best_four": format_cards(best_four(cards)),
        "best_hand": describe_strength(strength),
        "category": category_of(cards).label,
        **counts,
        "ev_per_ante": decision_evs(prices),
        "optimal_decision": decision_label(int(prices.decision[0])),
        "exact_tie": exact_tie(prices),
        "side_bets": side_bet_outcomes(side_rules, strength),
    }


def bestfour_hand_text(game: BestFourHand, result: dict[str, object]) -> str:
    """:func:`bestfour_hand_result` as the lines ``crazy4 hand`` prints."""
    up = f", dealer up card {result['up_card']}" if "up_card" in result else ""
    lines = [
        f"Hand {result['hand']}{up}  ({result['rule_set']})",
        f"Best four: {result['best_four']}  ({result['best_hand']}; {result['category']})",
        *game.count_lines(result),
        *decision_lines(result, game.ev_heading),
    ]
    return "\n".join(lines)
