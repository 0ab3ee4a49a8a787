"""The collusion role of any game specification (:func:`spec_colluder`): pooled cards on the one
collusion engine, from the deal shape, ranking, settlement and exact analysis
(``docs/collusion.md``).

Examples
--------
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.registry import load_rules
>>> rules = load_rules("three-card-standard")
>>> role = spec_colluder(THREE_CARD, 7)
>>> role.shape.player_cards, role.up_cards, role.practical_rules
(3, 0, ('A',))
>>> q = THREE_CARD.qualifier(rules)
>>> qualifier_thresholds(THREE_CARD, rules, np.array([q - 5, q + 5])).tolist() == [
...     [q - 5, q - 4, q, q, q], [q, q, q, q + 5, q + 6]]
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, partial

import numpy as np
import numpy.typing as npt

from crazy4.advantage.colluder import BetParts, CellColluder
from crazy4.core.cards import combinations_array
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.engine import analysis_of, optimal_decisions
from crazy4.spec.specification import GameSpec, Settlement

IntArray = npt.NDArray[np.int64]


def qualifier_thresholds(spec: GameSpec, rules: RuleSet, strengths: IntArray) -> IntArray:
    """The thresholds ``min(v, q), min(v + 1, q), q, max(v, q), max(v + 1, q)`` that cut the
    dealer hands into the six outcome cells, shape ``(n, 5)``."""
    v = np.asarray(strengths, dtype=np.int64)
    q = np.full_like(v, spec.qualifier(rules))
    cuts = (np.minimum(v, q), np.minimum(v + 1, q), q, np.maximum(v, q), np.maximum(v + 1, q))
    return np.stack(cuts, axis=1)


def main_settlement(spec: GameSpec, rules: RuleSet) -> Settlement:
    """The specification's settlement in the six cells."""
    settled = spec.settlement(rules)
    return Settlement(settled.nets, settled.allowed, settled.wagers, settled.unit)


@cache
def hands_by_colex(cards: int) -> npt.NDArray[np.uint8]:
    """Every ``cards``-card hand, row ``i`` the hand of colex index ``i``."""
    return combinations_array(52, cards)


def honest_decisions(
    spec: GameSpec, rules: RuleSet, colex: IntArray, up: IntArray | None
) -> IntArray:
    """The exact analysis' optimal decision of each dealt hand (by colex index) and up card."""
    hands = hands_by_colex(spec.shape.player_cards)[np.asarray(colex, dtype=np.int64)]
    seen = (
        np.zeros((hands.shape[0], 0), dtype=np.int64)
        if up is None
        else np.asarray(up, dtype=np.int64).reshape(hands.shape[0], -1)
    )
    return optimal_decisions(spec, rules, hands.astype(np.int64), seen)


def exact_edge(spec: GameSpec, rules: RuleSet) -> Fraction:
    """The exact house edge (per Ante) of the optimal strategy without seen cards."""
    return -Fraction(analysis_of(spec, rules).main_ev())


def forfeited_side_bets(
    spec: GameSpec, rules: RuleSet
) -> tuple[dict[str, Settlement], dict[str, str]]:
    """The side bets a fold forfeits, in the six cells, and those the cells cannot price.

    Examples
    --------
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.registry import load_rules
    >>> bets, unpriced = forfeited_side_bets(CRAZY_FOUR_SPEC, load_rules("crazy4-cardroom"))
    >>> [(name, int(s.nets[0, 0, 0]), int(s.nets[-1, 1, 5])) for name, s in bets.items()]
    [('queens-up-50-30-9-4-3-2-1', -1, 50)]
    >>> forfeited_side_bets(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"))
    ({}, {})
    """
    allowed = spec.settlement(rules).allowed
    bets, unpriced = {}, {}
    for side in spec.side_bets(rules):
        if not side.fold_forfeits:
            continue
        if side.scores != "player" or side.ranking_of(spec.ranking) is not spec.ranking:
            unpriced[side.name] = "scores cards the outcome cells do not hold"
            continue
        unit = side.pays.unit
        nets = side.cell_nets(side.pays.odds_numerators(spec.ranking, unit), unit)
        bets[side.name] = Settlement(nets, allowed, np.full(4, unit, dtype=np.int64), unit)
    return bets, unpriced


def bet_parts(
    spec: GameSpec, parts: BetParts | None, rules: RuleSet
) -> tuple[dict[str, Settlement], dict[str, str]]:
    """The game's ``parts`` of the main game, then the side bets a fold forfeits."""
    named, unpriced = parts(rules) if parts is not None else ({}, {})
    sides, unpriced_sides = forfeited_side_bets(spec, rules)
    return {**named, **sides}, {**unpriced, **unpriced_sides}


_ROLES: dict[tuple[GameSpec, int, tuple[str, ...], BetParts | None], CellColluder] = {}


def spec_colluder(
    spec: GameSpec, max_seats: int, practical: tuple[str, ...] = (), parts: BetParts | None = None
) -> CellColluder:
    """The collusion role of a specification, one per process and arguments; ``practical``
    defaults to the up card's rank when the dealer shows one, else the aces.
    """
    key = (spec, max_seats, practical, parts)
    if key not in _ROLES:
        rules_shared = practical or (("up",) if spec.shape.face_up else ("A",))
        _ROLES[key] = CellColluder(
            spec.main_bet, partial(qualifier_thresholds, spec), partial(main_settlement, spec),
            max_seats, rules_shared, partial(honest_decisions, spec), partial(exact_edge, spec),
            spec.shape, spec.ranking, partial(bet_parts, spec, parts),
        )  # fmt: skip
    return _ROLES[key]
