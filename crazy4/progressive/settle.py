"""Settling the progressive and its envy: five cards -> category -> payout, exactly.

One seat at a time (:func:`settle_seat`, exact dollars), or a whole table of dealt rounds at
once (:func:`seat_nets`, integer numerators). The meter is fixed for the round; every seat
makes the bet, and each seat's envy is paid on every *other* seat's hand.

:func:`simulate_progressive` plays the bet by Monte Carlo (meter fixed per run) against its exact
value: ``seats`` hands of five from one deck a round, every seat making the bet. Chunk ``i``
draws from the ``i``-th :class:`numpy.random.SeedSequence` child of the seed, so the answer
depends on the seed and the number of rounds only. It estimates ``R(M, seats - 1) - 1`` per
dollar.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm, sqrt

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import colex_index
from crazy4.core.deal import deal_hands
from crazy4.progressive.returns import category_table, progressive_return
from crazy4.rules.progressive_bet import ProgressiveBet, scoring_categories


def seat_category(bet: ProgressiveBet, cards: Sequence[int]) -> int:
    """The category of five cards under the bet's scoring.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.cards import parse_cards
    >>> bet = load_rules("crazy4-progressive").progressive
    >>> seat_category(bet, parse_cards("Ts Js Qs Ks As"))
    9
    """
    if len(set(cards)) != 5:
        raise ValueError("a progressive is settled on five distinct cards")
    return int(category_table(bet.scoring)[colex_index(cards)])


def settle_seat(
    bet: ProgressiveBet, meter: Fraction, cards: Sequence[int], others: Sequence[Sequence[int]]
) -> Fraction:
    """The seat's net in dollars: its line's payout, plus the envy on ``others``, less the wager.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.cards import parse_cards
    >>> bet = load_rules("four-card-progressive").progressive
    >>> royal, flush = parse_cards("Ts Js Qs Ks As"), parse_cards("2h 5h 7h 9h Jh")
    >>> settle_seat(bet, Fraction(30000), royal, [flush])  # 100% of the meter, less $5
    Fraction(29995, 1)
    >>> settle_seat(bet, Fraction(30000), flush, [royal])  # $300, $5,000 envy, less $5
    Fraction(5295, 1)
    """
    line = bet.line_for(seat_category(bet, cards))
    paid = line.payout(meter) if line is not None else Fraction(0)
    envy = sum((bet.envy_for(seat_category(bet, hand)) for hand in others), Fraction(0))
    return paid + envy - bet.wager


def payout_numerators(bet: ProgressiveBet, meter: Fraction) -> tuple[list[int], list[int], int]:
    """Per category: the line's payout and the envy, as numerators over one denominator.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> bet = load_rules("crazy4-progressive").progressive
    >>> paid, envy, denominator = payout_numerators(bet, Fraction(5000))
    >>> paid[9], envy[9], denominator
    (5000, 500, 1)
    """
    size = len(scoring_categories(bet.scoring))
    paid = []
    for category in range(size):
        line = bet.line_for(category)
        paid.append(line.payout(meter) if line is not None else Fraction(0))
    envy = [bet.envy_for(category) for category in range(size)]
    denominator = lcm(*(value.denominator for value in [*paid, *envy, bet.wager]))
    return (
        [int(value * denominator) for value in paid],
        [int(value * denominator) for value in envy],
        denominator,
    )


def seat_nets(
    bet: ProgressiveBet, meter: Fraction, colex: Sequence[npt.NDArray[np.integer]]
) -> tuple[npt.NDArray[np.int64], int]:
    """Every seat's net over a batch of rounds, as int64 numerators over a denominator.

    Parameters
    ----------
    bet : ProgressiveBet
    meter : Fraction
    colex : sequence of ndarray, one per seat, shape (rounds,)
        The colex index of each seat's five cards (:func:`crazy4.core.deal.deal_hands`).

    Returns
    -------
    nets : ndarray of int64, shape (seats, rounds)
    denominator : int

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.cards import parse_cards
    >>> bet = load_rules("four-card-progressive").progressive
    >>> hands = [parse_cards("Ts Js Qs Ks As"), parse_cards("2h 5h 7h 9h Jh")]
    >>> nets, d = seat_nets(bet, Fraction(30000), [np.array([colex_index(h)]) for h in hands])
    >>> (nets[:, 0] // d).tolist()
    [29995, 5295]
    """
    paid, envy, denominator = payout_numerators(bet, meter)
    if max(map(abs, [*paid, *envy])) * max(1, len(colex)) > 2**62:
        raise ValueError("payouts too large for int64 numerators")
    table = category_table(bet.scoring)
    categories = [table[np.asarray(index, dtype=np.int64)].astype(np.intp) for index in colex]
    paid_array, envy_array = np.array(paid, dtype=np.int64), np.array(envy, dtype=np.int64)
    envy_each = [envy_array[category] for category in categories]
    envy_total = np.sum(envy_each, axis=0)
    wager = int(bet.wager * denominator)
    nets = [paid_array[category] + envy_total - own - wager for category, own in
            zip(categories, envy_each, strict=True)]  # fmt: skip
    return np.array(nets, dtype=np.int64), denominator


#: Rounds dealt per chunk.
CHUNK_ROUNDS = 50_000


@dataclass(frozen=True)
class ProgressiveRun:
    """A simulation's estimate beside the exact value, per dollar wagered.

    Attributes
    ----------
    bets : int
        Seat-rounds played (rounds x seats).
    mean : float
        Average net per dollar wagered.
    standard_error : float
        Of ``mean``, counting each round (all its seats together) as one draw.
    exact : Fraction
        ``R(M, seats - 1) - 1``.
    """

    bets: int
    mean: float
    standard_error: float
    exact: Fraction

    @property
    def z(self) -> float:
        """``(mean - exact) / standard_error``."""
        return (self.mean - float(self.exact)) / self.standard_error


def simulate_progressive(
    bet: ProgressiveBet, meter: Fraction, *, rounds: int, seats: int, seed: int
) -> ProgressiveRun:
    """Deal ``rounds`` rounds of ``seats`` seats and settle every seat's progressive.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> bet = load_rules("crazy4-progressive").progressive
    >>> run = simulate_progressive(bet, Fraction(5000), rounds=2000, seats=3, seed=1)
    >>> run.bets, float(run.exact) < 0
    (6000, True)
    """
    if not 1 <= seats <= 10:
        raise ValueError("1 to 10 seats of five cards fit one deck")
    children = np.random.SeedSequence(seed).spawn((rounds + CHUNK_ROUNDS - 1) // CHUNK_ROUNDS)
    total, squares, denominator = 0, 0, 1
    for number, child in enumerate(children):
        size = min(CHUNK_ROUNDS, rounds - number * CHUNK_ROUNDS)
        dealt = deal_hands(np.random.default_rng(child), size, (5,) * seats)
        nets, denominator = seat_nets(bet, meter, dealt.colex)
        per_round = [int(value) for value in nets.sum(axis=0)]  # exact Python integers
        total += sum(per_round)
        squares += sum(value * value for value in per_round)
    scale = denominator * bet.wager
    mean_round = Fraction(total, rounds)
    variance = Fraction(squares, rounds) - mean_round**2
    error = sqrt(float(variance) / rounds) / float(scale * seats)
    exact = progressive_return(bet).at(meter, seats - 1) - 1
    return ProgressiveRun(rounds * seats, float(mean_round / (scale * seats)), error, exact)
