"""The hole-card engine against brute force, the game's own exact EVs, and the rules' logic.

Expected values come from listing dealer completions here (numpy, independent of the subset
tables), from every suit relabelling applied here, and from each game's exact analysis (the
no-information strategy run through the hole-card engine must reproduce it to the last digit).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest
from shared_results import SharedResults

from crazy4.advantage.holecard_engine import (
    FULL_CARD,
    NO_INFORMATION,
    RANK_GROUPS,
    HoleCardAnalysis,
    Strategy,
    analyze_hole_cards,
    chart_totals,
    parse_groups,
)
from crazy4.advantage.holecard_tables import hole_card_tables
from crazy4.core.cards import colex_indices
from crazy4.core.forced import forced_situations
from crazy4.core.ranking import build_best_four_strengths, hand_strength
from crazy4.core.symmetry import build_suit_classes
from crazy4.core.table_kernels import set_threads
from crazy4.registry import game_of, load_rules

GROUPS = "A,K,QJT,98765432"


def _dealer_strengths(
    hand: tuple[int, ...], forced: tuple[int, ...], dealer_size: int
) -> np.ndarray:
    """Every dealer hand containing ``forced`` and missing ``hand``, listed, and its strength."""
    remaining = np.array([c for c in range(52) if c not in hand and c not in forced])
    free = dealer_size - len(forced)
    chosen = remaining[np.array(list(combinations(range(remaining.shape[0]), free)))]
    dealer = np.sort(
        np.concatenate([chosen, np.tile(np.array(forced), (chosen.shape[0], 1))], axis=1), axis=1
    )
    return build_best_four_strengths(dealer_size)[colex_indices(dealer)].astype(np.int64)


def _brute_cells(rules_name: str, hand: tuple[int, ...], forced: tuple[int, ...]) -> list[int]:
    """The game's outcome cells by the rules text: Crazy 4 Poker (qualifier x comparison) or
    Four Card Poker (dealer lower / tie / higher, no qualifier)."""
    rules = load_rules(rules_name)
    size = rules.dealer.cards
    dealer = _dealer_strengths(hand, forced, size)
    player = hand_strength(hand)
    lower, tie, higher = dealer < player, dealer == player, dealer > player
    if size == 6:
        return [int(lower.sum()), int(tie.sum()), int(higher.sum())]
    qualifies = dealer >= rules.dealer.qualifier_strength
    return [
        int((~qualifies & lower).sum()),
        int((~qualifies & tie).sum()),
        int((~qualifies & higher).sum()),
        int((qualifies & lower).sum()),
        int((qualifies & tie).sum()),
        int((qualifies & higher).sum()),
    ]


CASES = [("crazy4-standard", 1, 0), ("crazy4-standard", 2, 0), ("four-card-standard", 1, 1)]


@pytest.mark.parametrize(("name", "seen", "up"), CASES)
def test_counts_equal_a_listing_of_dealer_completions(name: str, seen: int, up: int) -> None:
    """20 random (hand, up card, seen cards) situations per game and k: every cell exactly, as
    the specification's counter counts them with the known dealer cards forced (what the
    surveillance table prices a seen situation with); Four Card Poker's dealer always
    qualifies, so its cells are the qualified three."""
    from crazy4.analyze.counting import counter_for

    rng = np.random.default_rng(11 + seen + up)
    rules = load_rules(name)
    spec = game_of(rules).spec
    hands, forced, expected = [], [], []
    for _ in range(20):
        cards = rng.choice(52, size=5 + up + seen, replace=False)
        hand, known = tuple(sorted(cards[:5].tolist())), tuple(sorted(cards[5:].tolist()))
        hands.append(hand)
        forced.append(known)
        expected.append(_brute_cells(name, hand, known))
    strengths = np.array([hand_strength(hand) for hand in hands], dtype=np.int64)
    cells = counter_for(spec.shape).cells(
        np.array(hands, dtype=np.uint8),
        strengths,
        spec.qualifier(rules),
        spec.ranking,
        spec.shape.dealer_cards,
        forced=np.array(forced, dtype=np.uint8),
    )
    n = comb(52 - spec.shape.player_cards - up - seen, spec.shape.dealer_cards - up - seen)
    if up:
        assert not cells[:, :3].any()
        cells = cells[:, 3:]
    assert cells.tolist() == expected
    assert (cells.sum(axis=1) == n).all()


def _orbits_by_relabelling(hand: tuple[int, ...], seen: int) -> dict[tuple[int, ...], int]:
    """The least set of every orbit of ``seen``-card sets under the suit permutations fixing
    ``hand`` (all 24 tried), with the orbit's size."""
    fixing = []
    for perm in permutations(range(4)):
        image = tuple(sorted(4 * (c // 4) + perm[c % 4] for c in hand))
        if image == hand:
            fixing.append(perm)
    remaining = [c for c in range(52) if c not in hand]
    orbits: dict[tuple[int, ...], int] = {}
    for cards in combinations(remaining, seen):
        images = {tuple(sorted(4 * (c // 4) + p[c % 4] for c in cards)) for p in fixing}
        if min(images) == cards:
            orbits[cards] = len(images)
    return orbits


@pytest.mark.parametrize("seen", [1, 2])
def test_situation_classes_are_the_orbits_of_every_relabelling(seen: int) -> None:
    classes = build_suit_classes()
    rng = np.random.default_rng(5)
    rows = rng.choice(classes.weights.shape[0], size=25, replace=False)
    hands = classes.representatives[rows]
    situations = forced_situations(hands, classes.weights[rows], seen)
    for row, hand in enumerate(hands):
        mine = situations.hand_of == row
        got = {
            tuple(cards): int(weight) // int(classes.weights[rows[row]])
            for cards, weight in zip(
                situations.cards[mine].tolist(), situations.weights[mine].tolist(), strict=True
            )
        }
        assert got == _orbits_by_relabelling(tuple(int(c) for c in hand), seen)
    assert int(situations.weights.sum()) == int(classes.weights[rows].sum()) * comb(47, seen)


def _crazy_four_one_card() -> dict[str, HoleCardAnalysis]:
    previous = set_threads(2)
    strategies = [
        NO_INFORMATION,
        Strategy("group", parse_groups(GROUPS)),
        Strategy("rank", RANK_GROUPS),
        FULL_CARD,
    ]
    try:
        return {
            name: analyze_hole_cards(load_rules(name), 1, strategies)
            for name in ("crazy4-standard", "crazy4-cardroom")
        }
    finally:
        set_threads(previous)


@pytest.fixture(scope="module")
def crazy_four_one_card(shared: SharedResults) -> dict[str, HoleCardAnalysis]:
    """Both shipped Crazy 4 Poker rule sets, one seen card, every strategy (2 threads; once
    for all the run's workers)."""
    return shared.get("holecards-crazy4-one-card", _crazy_four_one_card)


@pytest.mark.parametrize("name", ["crazy4-standard", "crazy4-cardroom"])
def test_no_information_reproduces_the_exact_ev(
    name: str, crazy_four_one_card: dict[str, HoleCardAnalysis]
) -> None:
    """Summed over every seen card, the ordinary strategy's EV is the game's exact EV."""
    from crazy4.analyze.record import analyze_game
    from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC

    analysis = crazy_four_one_card[name]
    exact = analyze_game(CRAZY_FOUR_SPEC, load_rules(name))
    assert analysis.exact_ev("none") == exact.exact_ev("ante_super_bonus_play")
    row = exact.bet("ante_super_bonus_play")
    assert analysis.std_dev("none") == pytest.approx(float(row["std_dev"]), rel=1e-12)
    bet = float(analysis.average_total_bet("none"))
    assert bet == pytest.approx(float(row["average_total_bet"]), rel=1e-12)
    assert analysis.totals["none"].weight == comb(52, 5) * 47


@pytest.mark.parametrize("name", ["crazy4-standard", "crazy4-cardroom"])
def test_more_information_is_worth_at_least_as_much(
    name: str, crazy_four_one_card: dict[str, HoleCardAnalysis]
) -> None:
    analysis = crazy_four_one_card[name]
    ev = {key: analysis.exact_ev(key) for key in ("none", "group", "rank", "card")}
    assert ev["none"] < ev["group"] <= ev["rank"] <= ev["card"]
    chart, decisions = chart_totals(analysis)
    chart_ev = Fraction(chart.ev, chart.weight * analysis.completions * analysis.unit)
    assert ev["none"] < chart_ev <= ev["card"]
    assert chart.weight == analysis.totals["card"].weight
    assert len(decisions) == len(analysis.chart)


def test_tables_are_consistent(crazy_four_one_card: dict[str, HoleCardAnalysis]) -> None:
    analysis = crazy_four_one_card["crazy4-standard"]
    tables = hole_card_tables(analysis)
    value = tables["hole_value_by_rank"]
    assert len(value) == 13
    assert value["probability"].tolist() == pytest.approx([1 / 13] * 13)
    total = sum(
        Fraction(int(n), int(d)) / 13
        for n, d in zip(value["ev_numerator"], value["ev_denominator"], strict=True)
    )
    assert total == analysis.exact_ev("card")
    strategies = tables["hole_strategies"].set_index("strategy")
    assert Fraction(
        int(strategies.at["card", "gain_numerator"]), int(strategies.at["card", "gain_denominator"])
    ) == analysis.exact_ev("card") - analysis.exact_ev("none")
    chart = tables["hole_chart"]
    assert int(chart["situations"].sum()) == comb(52, 5) * 47
    assert set(chart["decision"]) <= {"fold", "1x", "2x", "3x"}


def test_an_ace_seen_beats_every_king_high_hand() -> None:
    """A dealer holding an ace qualifies and beats any king-high hand: 1x loses 3 Antes exactly
    (Ante, Super Bonus and Play), by the rules text."""
    from crazy4.advantage.simulate import situation_evs
    from crazy4.core.cards import parse_cards

    rules = load_rules("crazy4-standard")
    hand = np.array([parse_cards("Ks Qd 8c 4h 2s")])
    ev, allowed, denominator = situation_evs(rules, hand, np.array([parse_cards("Ah")]))
    assert allowed[0].tolist() == [True, True, False, False]  # no raise below a pair of aces
    assert Fraction(int(ev[0, 1]), denominator) == -3
    assert Fraction(int(ev[0, 0]), denominator) == -2


def test_four_card_up_card_alone_reproduces_its_analysis() -> None:
    """Four Card Poker through the same engine with only the up card forced: its exact EV."""
    from crazy4.games.four_card.spec import FOUR_CARD_SPEC

    previous = set_threads(2)
    try:
        analysis = analyze_hole_cards(load_rules("four-card-standard"), 0, [NO_INFORMATION])
    finally:
        set_threads(previous)
    # the published exact figure of the game's own analysis (README): -8840827253/317119576410
    assert FOUR_CARD_SPEC.main_bet == "ante_play"
    assert analysis.exact_ev("none") == Fraction(-8840827253, 317119576410)
    assert analysis.totals["none"].weight == comb(52, 5) * 47


def test_simulated_hole_carder_agrees_with_the_exact_edge(
    crazy_four_one_card: dict[str, HoleCardAnalysis],
) -> None:
    """A seat seeing the first dealt dealer card, 200,000 random rounds: its mean is within four
    standard errors of the exact EV of the perfect hole-card strategy (and the simulation is the
    same for the same seed)."""
    from crazy4.advantage.simulate import simulate_hole_cards

    rules = load_rules("crazy4-standard")
    result = simulate_hole_cards(rules, 1, 200_000, seed=2026)
    exact = float(crazy_four_one_card["crazy4-standard"].exact_ev("card"))
    assert abs(result.mean - exact) < 4 * result.standard_error
    assert 0.005 < result.standard_error < 0.01
    assert simulate_hole_cards(rules, 1, 5_000, seed=1) == simulate_hole_cards(
        rules, 1, 5_000, seed=1
    )


@pytest.mark.parametrize(("name", "seen"), [("four-card-standard", 1), ("crazy4-standard", 2)])
def test_no_information_over_seen_cards_equals_the_unseen_game(name: str, seen: int) -> None:
    """On the first 60 hand classes: the no-information strategy run with ``seen`` hole cards
    (for Four Card Poker every set counted as up card + hole card both ways) gives exactly the
    EV of the same hands with no hole card seen; more information never loses."""
    rules = load_rules(name)
    strategies = [NO_INFORMATION, Strategy("rank", RANK_GROUPS), FULL_CARD]
    base = analyze_hole_cards(rules, 0, [NO_INFORMATION], first_classes=60)
    seen_run = analyze_hole_cards(rules, seen, strategies, first_classes=60)
    assert seen_run.exact_ev("none") == base.exact_ev("none")
    assert seen_run.exact_ev("none") <= seen_run.exact_ev("rank") <= seen_run.exact_ev("card")
    face_up = game_of(rules).spec.shape.face_up  # deals: ordered (up card, hole cards)
    assert seen_run.totals["none"].weight == base.totals["none"].weight * comb(47 - face_up, seen)


def test_the_hole_card_seat_gives_the_same_numbers_for_any_jobs() -> None:
    """Two chunks priced on two threads or on one: the same exact sums; the dealing by
    partition deals what a full shuffle's first cards are."""
    from crazy4.advantage.simulate import CHUNK_ROUNDS, deal_rounds, simulate_hole_cards

    rules = load_rules("four-card-standard")
    rounds = CHUNK_ROUNDS + 500
    one = simulate_hole_cards(rules, 1, rounds, seed=4)
    assert simulate_hole_cards(rules, 1, rounds, seed=4, jobs=2) == one
    keys = np.random.default_rng(8).random((2000, 52))
    dealt = deal_rounds(np.random.default_rng(8), 2000, 11)
    assert (dealt == np.argsort(keys, axis=1)[:, :11]).all()
