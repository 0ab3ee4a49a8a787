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

from collections.abc import Iterable
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.analyze.counts import dealer_histograms
from crazy4.analyze.joint_bets import joint_counts
from crazy4.analyze.pricing import cells_from_histograms, price
from crazy4.analyze.tables import played_cards
from crazy4.core.bet_tables import fraction_text
from crazy4.core.cards import colex_index, format_card, format_cards
from crazy4.core.decisions import decision_label
from crazy4.core.hand_result import decision_evs, exact_tie
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import CELLS, GameSpec, SideBetSpec

#: The outcome names of a showdown against a dealer who always qualifies.
SHOWDOWN = ("dealer lower", "tie", "dealer higher")

#: How many cards a hand uses, in words.
NUMBERS = {3: "three", 4: "four", 5: "five"}


def spec_hand_result(
    spec: GameSpec, rules: RuleSet, cards: tuple[int, ...], up: int | None
) -> dict[str, object]:
    """Exact dealer outcomes, EVs and the optimal decision of one hand (JSON-ready)."""
    shape = spec.shape
    if len(cards) != shape.player_cards:
        raise InputError(f"a {spec.title} hand has {shape.player_cards} cards, not {len(cards)}")
    if up is not None and shape.face_up == 0:
        raise InputError(f"--up: rule set {rules.name!r} deals the dealer no up card")
    if up is None and shape.face_up:
        raise InputError(f"rule set {rules.name!r} is {spec.title}: give the up card, --up Kd")
    if up is not None and up in cards:
        raise InputError(f"the up card {format_card(up)} is also in the player's hand")
    forced = np.array([[up]] if up is not None else [[]], dtype=np.uint8).reshape(1, -1)
    hand = np.array([sorted(cards)], dtype=np.uint8)
    histogram = dealer_histograms(
        hand, forced, spec.ranking.strengths(shape.dealer_cards), shape.dealer_cards,
        spec.ranking.n_strengths,
    )  # fmt: skip
    strength = int(spec.ranking.strengths(len(cards))[colex_index(cards)])
    strengths = np.array([strength], dtype=np.int64)
    qualifier = spec.qualifier(rules)
    cells = cells_from_histograms(histogram, strengths, qualifier)
    settlement = spec.settlement(rules)
    prices = price(cells, strengths, settlement)
    return {
        "hand": format_cards(sorted(cards, reverse=True)),
        "rule_set": rules.name,
        "up_card": None if up is None else format_card(up),
        **best_cards(spec, cards, strength),
        "dealer_hands": prices.completions,
        **dealer_outcomes(cells[0], qualifier),
        "dealer_categories": dealer_categories(spec, histogram[0]),
        **ante_bonus(settlement.parts["ante_bonus"], strength, settlement.unit),
        "ev_per_ante": decision_evs(prices),
        "optimal_decision": decision_label(int(prices.decision[0])),
        "exact_tie": exact_tie(prices),
        "side_bets": side_bet_results(spec, rules, hand, forced, strength, cells[0]),
    }


def best_cards(spec: GameSpec, cards: tuple[int, ...], strength: int) -> dict[str, object]:
    """The hand's value in words, its category and, from more cards, the best it plays.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC as spec
    >>> cards = parse_cards("Ks Qd 8c 4h 2s")
    >>> strength = int(spec.ranking.strengths(5)[colex_index(sorted(cards))])
    >>> best_cards(spec, cards, strength)
    {'best_hand': 'K-Q-8-4', 'category': 'high card', 'best_cards': 'Ks Qd 8c 4h'}
    """
    starts = spec.ranking.category_starts()
    category = int(np.searchsorted(starts, strength, side="right")) - 1
    found: dict[str, object] = {
        "best_hand": spec.ranking.describe(strength),
        "category": spec.ranking.categories[category],
    }
    if spec.shape.hand_cards < len(cards):
        found["best_cards"] = format_cards(played_cards(spec, cards))
    return found


def dealer_outcomes(cells: npt.NDArray[np.int64], qualifier: int) -> dict[str, object]:
    """The dealer hands in each outcome cell (:data:`CELLS`; the showdown's three if no qualifier).

    Examples
    --------
    >>> dealer_outcomes(np.array([0, 0, 0, 5, 1, 4]), 0)
    {'dealer_outcomes': {'dealer lower': 5, 'tie': 1, 'dealer higher': 4}}
    >>> dealer_outcomes(np.array([2, 0, 1, 5, 1, 4]), 9)["dealer_does_not_qualify"]
    3
    """
    if qualifier == 0:
        showdown = dict(zip(SHOWDOWN, (int(n) for n in cells[3:]), strict=True))
        return {"dealer_outcomes": showdown}
    counts = {name: int(cells[i]) for i, name in enumerate(CELLS)}
    return {
        "dealer_outcomes": counts,
        "dealer_does_not_qualify": sum(counts[name] for name in CELLS[:3]),
    }


def dealer_categories(spec: GameSpec, histogram: npt.NDArray[np.int64]) -> dict[str, int]:
    """The dealer hands by category, strongest first, from their histogram by strength."""
    starts = [*spec.ranking.category_starts().tolist(), spec.ranking.n_strengths]
    counts = {
        name: int(histogram[starts[i] : starts[i + 1]].sum())
        for i, name in enumerate(spec.ranking.categories)
    }
    return dict(reversed(counts.items()))


def ante_bonus(parts: npt.NDArray[np.int64], strength: int, unit: int) -> dict[str, str]:
    """What the Ante Bonus pays the hand (``pays 2 to 1``, ``none``) when the game has one.

    Examples
    --------
    >>> nets = np.zeros((2, 4, 6), dtype=np.int64)
    >>> nets[1, 1:, :] = 4
    >>> ante_bonus(nets, 1, 2), ante_bonus(nets, 0, 2), ante_bonus(nets * 0, 1, 2)
    ({'ante_bonus': 'pays 2 to 1'}, {'ante_bonus': 'none'}, {})
    """
    if not parts.any():
        return {}
    odds = Fraction(int(parts[strength, 1, 3]), unit)
    return {"ante_bonus": f"pays {fraction_text(odds)} to 1" if odds > 0 else "none"}


def side_bet_results(
    spec: GameSpec,
    rules: RuleSet,
    hand: npt.NDArray[np.uint8],
    forced: npt.NDArray[np.uint8],
    strength: int,
    cells: npt.NDArray[np.int64],
) -> dict[str, str]:
    """Each side bet's outcome for the hand: what it pays, or ``loses``, or its EV over the dealer
    hands (:func:`dealer_dependent`)."""
    side_bets = {}
    cards = tuple(int(card) for card in hand[0])
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
        said = "loses" if odds < 0 else f"pays {fraction_text(odds)} to 1"
        if odds >= 0 and side.pays_when == "dealer_higher":
            higher = int(cells[2] + cells[5])
            said += f" if the dealer's hand is higher ({higher:,} of {int(cells.sum()):,})"
        side_bets[side.name] = said  # if the hand is played: a fold loses a bet it forfeits
    return side_bets


def dealer_dependent(
    spec: GameSpec, side: SideBetSpec, hand: npt.NDArray[np.uint8], seen: npt.NDArray[np.uint8]
) -> str:
    """A side bet on the dealer's cards too: its exact EV over every dealer hand, how often it pays.

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
    categories = result["dealer_categories"]
    assert isinstance(total, int) and isinstance(categories, dict)
    counts = result["dealer_outcomes"]
    assert isinstance(counts, dict)
    rows = qualifier_rows(result) if "dealer_does_not_qualify" in result else counts.items()
    up = f", up card {result['up_card']}" if result["up_card"] else ""
    others = 52 - len(str(result["hand"]).split()) - bool(result["up_card"])  # cards unseen
    value = f"{result['best_hand']}; {result['category']}"
    best = result.get("best_cards")
    lines = [
        f"Hand {result['hand']}  ({result['rule_set']}{up})",
        f"Best {NUMBERS[len(str(best).split())]}: {best}  ({value})"
        if best
        else f"Hand value: {value}",
        f"Dealer hands from the other {others} cards: {total:,}",
        *count_lines(rows, total),
        "Dealer's hand by category:",
        *count_lines(categories.items(), total),
    ]
    if "ante_bonus" in result:
        lines.append(f"Ante Bonus: {result['ante_bonus']}")
    lines += decision_lines(result, "EV per unit of Ante (every bet of the main game):")
    return "\n".join(lines)


def count_lines(rows: Iterable[tuple[str, int]], total: int) -> list[str]:
    """One line per (label, count): the count and its share of ``total``.

    Examples
    --------
    >>> count_lines([("tie", 1)], 4)
    ['  tie                              1  25.0000%']
    """
    return [f"  {label:<24}{count:>10,}  {count / total:8.4%}" for label, count in rows]


def decision_lines(result: dict[str, object], heading: str) -> list[str]:
    """A hand result's EV of each decision, its optimal decision and its side bets."""
    lines = [heading]
    evs = result["ev_per_ante"]
    side_bets = result["side_bets"]
    tie = result["exact_tie"]
    assert isinstance(evs, dict) and isinstance(side_bets, dict) and isinstance(tie, list)
    for label, ev in evs.items():
        text = "not allowed" if ev is None else f"{ev['value']:+.6f}  (exact {ev['exact']})"
        lines.append(f"  {label:<5} {text}")
    note = f"  (exact tie: {' = '.join(tie)})" if tie else ""
    lines.append(f"Optimal decision: {result['optimal_decision']}{note}")
    lines.extend(f"{name}: {outcome}" for name, outcome in side_bets.items())
    return lines


def qualifier_rows(result: dict[str, object]) -> list[tuple[str, int]]:
    """The dealer outcome lines of a hand result with a qualifier.

    Examples
    --------
    >>> counts = {"nq_player_higher": 1, "nq_tie": 0, "nq_dealer_higher": 2, "player_wins": 3,
    ...           "tie": 0, "dealer_wins": 4}
    >>> qualifier_rows({"dealer_outcomes": counts, "dealer_does_not_qualify": 3})[0]
    ('does not qualify', 3)
    """
    counts = result["dealer_outcomes"]
    not_qualified = result["dealer_does_not_qualify"]
    assert isinstance(counts, dict) and isinstance(not_qualified, int)
    return [
        ("does not qualify", not_qualified),
        ("  player higher", counts["nq_player_higher"]),
        ("  tie", counts["nq_tie"]),
        ("  dealer higher", counts["nq_dealer_higher"]),
        ("qualifies, player wins", counts["player_wins"]),
        ("qualifies, tie", counts["tie"]),
        ("qualifies, dealer wins", counts["dealer_wins"]),
    ]
