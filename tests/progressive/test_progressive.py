"""The progressive's exact return and the envy with card removal, against brute force here.

The expected values come from enumerations written in this file: every one of the 2,598,960
player hands for the return, and every one of the C(47, 5) = 1,533,939 other-seat hands for a
few player hands for the envy, each classified by a plain evaluator of this file (sorted ranks
and equal neighbours; not the package's rank histogram), then summed with exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import chain, combinations

import numpy as np
import numpy.typing as npt
import pytest

from crazy4.core.cards import parse_cards
from crazy4.progressive.envy import envy_counts
from crazy4.progressive.returns import progressive_return
from crazy4.registry import load_rules, parse_rules
from crazy4.report.progressive import progressive_results

FIVE = [
    "high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush", "royal flush",
]  # fmt: skip
#: The four-card order of the rules text: four of a kind > straight flush > three of a kind >
#: flush > straight > two pair > pair > high card.
FOUR = [
    "high card", "pair", "two pair", "straight", "flush", "three of a kind", "straight flush",
    "four of a kind",
]  # fmt: skip


def all_hands(cards: list[int], size: int) -> npt.NDArray[np.int64]:
    """Every ``size``-subset of ``cards`` (itertools, not the package's colex builder)."""
    flat = chain.from_iterable(combinations(sorted(cards), size))
    count = len(list(combinations(range(len(cards)), size)))
    return np.fromiter(flat, dtype=np.int64, count=count * size).reshape(count, size)


def five_card_labels(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Index into FIVE of each row: by which neighbours of the sorted ranks are equal."""
    ranks = np.sort(hands // 4, axis=1)
    same = ranks[:, 1:] == ranks[:, :-1]  # (n, 4)
    pairs = same.sum(axis=1)
    runs = (same[:, 1:] & same[:, :-1]).sum(axis=1)  # three equal in a row
    flush = (hands % 4 == (hands[:, :1] % 4)).all(axis=1)
    wheel = (ranks == np.array([0, 1, 2, 3, 12])).all(axis=1)
    straight = (pairs == 0) & ((ranks[:, 4] - ranks[:, 0] == 4) | wheel)
    out = np.select(
        [
            straight & flush & (ranks[:, 0] == 8),
            straight & flush,
            runs == 2,
            pairs == 3,
            flush,
            straight,
            runs == 1,
            pairs == 2,
            pairs == 1,
        ],
        [9, 8, 7, 6, 5, 4, 3, 2, 1],
        0,
    )
    return np.asarray(out, dtype=np.int64)


def best_four_labels(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Index into FOUR of the best four of each five-card row (the best of five subsets)."""
    best = np.zeros(hands.shape[0], dtype=np.int64)
    for kept in combinations(range(5), 4):
        four = hands[:, list(kept)]
        ranks = np.sort(four // 4, axis=1)
        same = ranks[:, 1:] == ranks[:, :-1]
        pairs = same.sum(axis=1)
        runs = (same[:, 1:] & same[:, :-1]).sum(axis=1)
        flush = (four % 4 == (four[:, :1] % 4)).all(axis=1)
        low = (ranks == np.array([0, 1, 2, 12])).all(axis=1)
        straight = (pairs == 0) & ((ranks[:, 3] - ranks[:, 0] == 3) | low)
        label = np.select(
            [pairs == 3, straight & flush, runs == 1, flush, straight, pairs == 2, pairs == 1],
            [7, 6, 5, 4, 3, 2, 1],
            0,
        )
        np.maximum(best, label, out=best)
    return best


@cache
def player_counts(scoring: str) -> dict[str, int]:
    """Player hands of each category, enumerated and classified here."""
    hands = all_hands(list(range(52)), 5)
    if scoring == "five_cards":
        found = np.bincount(five_card_labels(hands), minlength=len(FIVE))
        return dict(zip(FIVE, (int(n) for n in found), strict=True))
    found = np.bincount(best_four_labels(hands), minlength=len(FOUR))
    return dict(zip(FOUR, (int(n) for n in found), strict=True))


def test_the_plain_evaluator_has_the_published_counts() -> None:
    """The test's own evaluator first meets the textbook counts (so it can be trusted)."""
    counts = player_counts("five_cards")
    assert counts["royal flush"] == 4 and counts["straight flush"] == 36
    assert counts["full house"] == 3_744 and counts["two pair"] == 123_552
    assert counts["high card"] == 1_302_540 and sum(counts.values()) == 2_598_960
    four = player_counts("best_four")
    assert four["four of a kind"] == 624 and sum(four.values()) == 2_598_960


@pytest.mark.parametrize("name", ["crazy4-progressive", "four-card-progressive"])
def test_return_is_linear_and_matches_enumeration(name: str) -> None:
    """R(M) = a + b M + k v from the 2,598,960 hands, exactly, at several meters."""
    bet = load_rules(name).progressive
    assert bet is not None
    counts = player_counts(bet.scoring)
    returns = progressive_return(bet)
    total = Fraction(sum(counts.values()))
    for meter in (Fraction(0), bet.reset, Fraction(123_457, 3), Fraction(10**6)):
        paid = sum(
            (counts[line.hand] * (line.meter_share * meter + line.fixed) for line in bet.lines),
            Fraction(0),
        )
        envy = sum((counts[line.hand] * line.amount for line in bet.envy), Fraction(0))
        for seats in (0, 1, 6):
            expected = (paid + seats * envy) / (total * bet.wager)
            assert returns.at(meter, seats) == expected
    even = returns.break_even()
    assert even is not None and returns.at(even) == 1


def test_best_four_scoring_matches_enumeration() -> None:
    """A progressive scored on the best four cards, against the best-four brute force."""
    text = """name = "x"
title = "x"
[dealer]
qualifier = "K high"
[play]
multiples = [1, 2, 3]
[progressive]
scoring = "best_four"
wager = 2
reset = 1000
contribution = "1/5"
[progressive.pays]
four_of_a_kind = { meter = 1, fixed = 50 }
straight_flush = { meter = "10%" }
three_of_a_kind = 20
flush = "7.5"
[[progressive.envy]]
hand = "four_of_a_kind"
pays = 100
"""
    bet = parse_rules(text, "x.toml").progressive
    assert bet is not None
    counts = player_counts("best_four")
    returns = progressive_return(bet)
    n = Fraction(2_598_960 * 2)
    assert returns.fixed == (counts["four of a kind"] * 50 + counts["three of a kind"] * 20
                             + counts["flush"] * Fraction(15, 2)) / n  # fmt: skip
    assert (
        returns.per_meter == (counts["four of a kind"] + Fraction(counts["straight flush"], 10)) / n
    )
    assert returns.envy_per_seat == counts["four of a kind"] * 100 / n


SAMPLED = ["As Ks Qs Js Ts", "9h 8h 7h 6h 5h", "Ac Ad Ah As Kd", "2c 7d 9h Js Kc", "Th Jh Qh 3h 3c"]


@pytest.mark.parametrize("hand", SAMPLED)
def test_envy_counts_with_card_removal_match_enumeration(hand: str) -> None:
    """Other-seat hands of every category among the 1,533,939 from the 47 unseen cards."""
    player = sorted(parse_cards(hand))
    rest = [card for card in range(52) if card not in player]
    others = all_hands(rest, 5)
    assert others.shape[0] == 1_533_939
    expected = np.bincount(five_card_labels(others), minlength=len(FIVE)).tolist()
    found = envy_counts(np.array([player]), "five_cards", tuple(range(len(FIVE))))
    assert found[0].tolist() == expected


def test_envy_counts_best_four_match_enumeration() -> None:
    player = sorted(parse_cards("Ac Ad Ah 2s 3s"))
    others = all_hands([card for card in range(52) if card not in player], 5)
    expected = np.bincount(best_four_labels(others), minlength=len(FOUR)).tolist()
    assert envy_counts(np.array([player]), "best_four", tuple(range(len(FOUR))))[0].tolist() == (
        expected
    )


def test_envy_table_averages_to_the_value_without_removal() -> None:
    """By symmetry, sum over player hands of other-seat royals = 4 * C(47, 5); given a royal
    flush the player leaves 3 of the 4 royals (12 over the 4 royal hands, by hand)."""
    rules = load_rules("four-card-progressive")
    tables, lines = progressive_results(rules)
    envy = tables["envy"]
    royal = envy[(envy.envy_hand == "royal flush")].set_index("player_hand")
    assert int(royal.at["royal flush", "other_seat_hands"]) == 12
    assert int(royal.at["any hand", "other_seat_hands"]) == 4 * 1_533_939
    assert royal.at["any hand", "probability_exact"] == "1/649740"
    assert int(royal["player_combinations"].drop("any hand").sum()) == 2_598_960
    assert "## Progressive and envy bets" in lines


def test_tables_carry_exact_columns() -> None:
    tables, _ = progressive_results(load_rules("crazy4-progressive"))
    lines = tables["progressive"]
    assert int(lines["combinations"].sum()) == 2_598_960
    assert sum(Fraction(p) for p in lines["probability_exact"]) == 1
    by_meter = tables["progressive_by_meter"]
    even = by_meter[by_meter.point == "break-even"]
    assert set(even["return_exact"]) == {"1"} and len(even) == 7
    for frame in tables.values():
        exact = [c for c in frame.columns if c.endswith("_exact")]
        assert exact and all(c.removesuffix("_exact") in frame.columns for c in exact)


FREQUENT = """name = "x"
title = "x"
[dealer]
qualifier = "K high"
[play]
multiples = [1, 2, 3]
[progressive]
wager = 2
reset = 100
contribution = "10%"
[progressive.pays]
straight = { meter = "25%", fixed = 5 }
three_of_a_kind = 12
two_pair = 4
pair = "1/2"
[[progressive.envy]]
hand = "three_of_a_kind"
pays = 3
[[progressive.envy]]
hand = "flush"
pays = 20
"""


def plain_nets(meter: Fraction, hands: list[npt.NDArray[np.int64]]) -> list[list[Fraction]]:
    """Each seat's net by the rules text above, classified by this file's evaluator."""
    fixed = {"straight": Fraction(5), "three of a kind": Fraction(12), "two pair": Fraction(4)}
    fixed["pair"] = Fraction(1, 2)
    share = {"straight": Fraction(1, 4)}
    envy = {"three of a kind": Fraction(3), "flush": Fraction(20)}
    labels = [[FIVE[c] for c in five_card_labels(seat)] for seat in hands]
    nets = []
    for seat, own in enumerate(labels):
        row = []
        for n, label in enumerate(own):
            paid = share.get(label, Fraction(0)) * meter + fixed.get(label, Fraction(0))
            for j, other in enumerate(labels):
                paid += envy.get(other[n], Fraction(0)) if j != seat else 0
            row.append(paid - 2)
        nets.append(row)
    return nets


def test_settlement_of_dealt_rounds_matches_the_rules_text() -> None:
    from crazy4.core.deal import deal_hands
    from crazy4.progressive.settle import seat_nets

    bet = parse_rules(FREQUENT, "x.toml").progressive
    assert bet is not None
    dealt = deal_hands(np.random.default_rng(7), 3000, (5, 5, 5, 5))
    hands = [cards.T.astype(np.int64) for cards in dealt.cards]
    nets, denominator = seat_nets(bet, Fraction(300), dealt.colex)
    expected = plain_nets(Fraction(300), hands)
    assert [[Fraction(int(v), denominator) for v in row] for row in nets] == expected


def test_simulation_estimates_the_exact_return() -> None:
    """Meter fixed per run; the estimate is within 4 standard errors of R(M, k) - 1."""
    from crazy4.progressive.settle import simulate_progressive

    bet = parse_rules(FREQUENT, "x.toml").progressive
    assert bet is not None
    for meter, seats in ((Fraction(100), 1), (Fraction(2000), 5)):
        run = simulate_progressive(bet, meter, rounds=60_000, seats=seats, seed=11)
        assert run.bets == 60_000 * seats and abs(run.z) < 4, run
    again = simulate_progressive(bet, Fraction(2000), rounds=60_000, seats=5, seed=11)
    assert again == run  # the seed decides the answer
