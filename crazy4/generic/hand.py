"""One player hand of a spec game, counted by listing every dealer hand from the other cards.

Examples
--------
>>> from crazy4.core.cards import parse_cards
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.registry import load_rules
>>> result = spec_hand_result(THREE_CARD, load_rules("three-card-standard"),
...                           parse_cards("Qs 6d 4c"), None)
>>> result["dealer_hands"], result["optimal_decision"]
(18424, '1x')
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.core.bet_tables import fraction_text
from crazy4.core.cards import colex_index, format_card, format_cards
from crazy4.core.decisions import decision_label
from crazy4.core.hand_result import decision_evs, exact_tie
from crazy4.errors import InputError
from crazy4.generic.counts import dealer_histograms
from crazy4.generic.joint_bets import joint_counts
from crazy4.generic.pricing import cells_from_histograms, price
from crazy4.report.hand_text import count_lines, decision_lines, qualifier_rows
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import CELLS, GameSpec, SideBetSpec


def spec_hand_result(
    spec: GameSpec, rules: RuleSet, cards: tuple[int, ...], up: int | None
) -> dict[str, object]:
    """Exact dealer outcomes, EVs and the optimal decision of one hand (JSON-ready).

    Raises
    ------
    InputError
        For a wrong number of cards, or an up card the game does not deal (or lacks).
    """
    shape = spec.shape
    if len(cards) != shape.player_cards:
        raise InputError(f"a {spec.title} hand has {shape.player_cards} cards, not {len(cards)}")
    if (up is None) != (shape.face_up == 0):
        wanted = "deals no up card" if shape.face_up == 0 else "needs the up card (--up)"
        raise InputError(f"--up: rule set {rules.name!r} {wanted}")
    if up is not None and up in cards:
        raise InputError(f"--up: {format_card(up)} is one of the player's cards")
    forced = np.array([[up]] if up is not None else [[]], dtype=np.uint8).reshape(1, -1)
    table = spec.ranking.strengths(shape.dealer_cards)
    histogram = dealer_histograms(
        np.array([sorted(cards)], dtype=np.uint8),
        forced,
        table,
        shape.dealer_cards,
        spec.ranking.n_strengths,
    )
    strength = int(spec.ranking.strengths(len(cards))[colex_index(cards)])
    strengths = np.array([strength], dtype=np.int64)
    cells = cells_from_histograms(histogram, strengths, spec.qualifier(rules))
    prices = price(cells, strengths, spec.settlement(rules))
    counts = {name: int(cells[0, i]) for i, name in enumerate(CELLS)}
    side_bets = {}
    hand = np.array([sorted(cards)], dtype=np.uint8)
    for side in spec.side_bets(rules):
        if side.scores != "player":
            side_bets[side.name] = dealer_dependent(spec, side, hand, forced)
            continue
        ranking = side.ranking_of(spec.ranking)
        scored = (
            strength
            if ranking is spec.ranking
            else int(ranking.strengths(len(cards))[colex_index(cards)])
        )
        odds = Fraction(int(side.pays.odds_numerators(ranking, side.pays.unit)[scored]))
        odds /= side.pays.unit
        side_bets[side.name] = "loses" if odds < 0 else f"pays {fraction_text(odds)} to 1"
    return {
        "hand": format_cards(sorted(cards, reverse=True)),
        "rule_set": rules.name,
        "up_card": None if up is None else format_card(up),
        "best_hand": spec.ranking.describe(strength),
        "dealer_hands": prices.completions,
        "dealer_outcomes": counts,
        "dealer_does_not_qualify": sum(counts[name] for name in CELLS[:3]),
        "ev_per_ante": decision_evs(prices),
        "optimal_decision": decision_label(int(prices.decision[0])),
        "exact_tie": exact_tie(prices),
        "side_bets": side_bets,
    }


def dealer_dependent(
    spec: GameSpec, side: SideBetSpec, hand: npt.NDArray[np.uint8], seen: npt.NDArray[np.uint8]
) -> str:
    """A side bet on the dealer's cards too, for one hand: not priced from the hand alone but
    over every dealer hand from the other cards (its exact EV and how often it pays).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> bonus = THREE_CARD.side_bets(load_rules("three-card-side-bets"))[-3]
    >>> hand = np.array([sorted(parse_cards("As Ks Qs"))], dtype=np.uint8)
    >>> dealer_dependent(THREE_CARD, bonus, hand, np.zeros((1, 0), np.uint8))[:60]
    "depends on the dealer's cards: pays on 2,941 of 18,424 deale"
    """
    ranking = side.ranking_of(spec.ranking)
    unit = side.pays.unit
    values, column = np.unique(side.pays.odds_numerators(ranking, unit), return_inverse=True)
    table = ranking.strengths(side.cards(spec.shape))
    counts = joint_counts(
        hand, seen, table, spec.shape.dealer_cards, column.astype(np.int64), len(values)
    )[0]
    total = int(counts.sum())
    paid = int(counts[values > 0].sum())
    ev = Fraction(sum(int(c) * int(v) for c, v in zip(counts, values, strict=True)), total * unit)
    return (
        f"depends on the dealer's cards: pays on {paid:,} of {total:,} dealer hands, "
        f"EV {fraction_text(ev)} ({float(ev):+.4f}) per unit"
    )


def spec_hand_text(result: dict[str, object]) -> str:
    """:func:`spec_hand_result` as the lines ``crazy4 hand`` prints."""
    total = result["dealer_hands"]
    assert isinstance(total, int)
    rows = qualifier_rows(result)
    up = f", up card {result['up_card']}" if result["up_card"] else ""
    lines = [
        f"Hand {result['hand']}  ({result['rule_set']}{up})",
        f"Hand value: {result['best_hand']}",
        f"Dealer hands from the other cards: {total:,}",
        *count_lines(rows, total),
        *decision_lines(result, "EV per unit of Ante (every bet of the main game):"),
    ]
    return "\n".join(lines)
