"""The exact mean and variance of one seat's progressive at a fixed meter, every seat betting.

Derivation
----------
Let seat 0 hold five cards of category ``c`` (its line pays ``p_c`` at the meter ``M``) and the
``k`` other seats categories ``e_1 .. e_k`` (each pays seat 0 the envy ``A_e``). Its net is
``S - W`` with ``S = X + Y_1 + ... + Y_k``, ``X = p_c``, ``Y_j = A_{e_j}``. Every seat's five cards
are, alone, a uniform five-card hand, and any two seats' hands are a uniform *ordered pair of
disjoint hands*; so with ``n_c`` the hands of category ``c`` (of ``N = C(52, 5)``) and
``D(c, e)`` the ordered disjoint pairs whose first hand is of category ``c`` and second of
``e`` (:func:`crazy4.progressive.envy.envy_by_player_category`, out of ``N C(47, 5)``)::

    E X = sum_c n_c p_c / N             E X^2 = sum_c n_c p_c^2 / N
    E Y = sum_e n_e A_e / N             E Y^2 = sum_e n_e A_e^2 / N
    E X Y_j = sum_{c,e} D(c, e) p_c A_e / (N C(47, 5))
    E Y_i Y_j = sum_{e,f} D(e, f) A_e A_f / (N C(47, 5))          (i != j)

and, by bilinearity, ``Var S = Var X + k Var Y + 2k Cov(X, Y) + k(k - 1) Cov(Y_1, Y_2)`` -- all
exact fractions (the card removal between seats is in ``D``). Per dollar wagered the mean is
``E S / W - 1 = R(M, k) - 1`` (:mod:`crazy4.progressive.returns`) and the variance
``Var S / W^2``.

The hit frequency ``P(S > W)`` is exact for one seat; with other seats it treats the seats'
categories as independent (no card removal between seats), which moves it by a fraction of a
per cent.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import sqrt

from crazy4.progressive.envy import OTHER_HANDS, envy_by_player_category
from crazy4.progressive.returns import PLAYER_HANDS, category_counts
from crazy4.progressive.settle import payout_numerators
from crazy4.rules.progressive_bet import ProgressiveBet


@dataclass(frozen=True)
class ProgressiveExact:
    """One seat's progressive per dollar wagered (an ``ExactValue`` of the simulator).

    Attributes
    ----------
    mean : Fraction
        ``R(M, k) - 1``.
    variance : Fraction
        Of one seat's net per dollar wagered, exactly.
    hit_frequency : float
        ``P(net > 0)``: exact for one seat, else with the seats taken as independent.
    """

    mean: Fraction
    variance: Fraction
    hit_frequency: float

    @property
    def std_dev(self) -> float:
        """The standard deviation of one seat's net per dollar wagered."""
        return sqrt(float(self.variance))


@cache
def pair_counts(scoring: str, envy: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """``D(c, e)`` for each envy category ``e``: a tuple over the first hand's category ``c``.

    Examples
    --------
    >>> pair_counts("five_cards", (9,))[9][9]  # royal flush beside royal flush
    12
    """
    if not envy:
        return {}
    return envy_by_player_category(scoring, envy).other_hands


def _hit_frequency(
    pays: list[Fraction], envy: list[Fraction], p: list[Fraction], wager: Fraction, others: int
) -> float:
    """``P(X + Y_1 + ... + Y_others > W)``, the seats' categories taken as independent."""
    law: dict[Fraction, Fraction] = {Fraction(0): Fraction(1)}
    for _ in range(others):
        step: dict[Fraction, Fraction] = {}
        for total, chance in law.items():
            for amount, q in zip(envy, p, strict=True):
                step[total + amount] = step.get(total + amount, Fraction(0)) + chance * q
        law = step
    hit = Fraction(0)
    for pay, q in zip(pays, p, strict=True):
        hit += q * sum((c for total, c in law.items() if pay + total > wager), Fraction(0))
    return float(hit)


def progressive_exact(bet: ProgressiveBet, meter: Fraction, seats: int) -> ProgressiveExact:
    """The exact mean and variance (and the hit frequency) of a seat at a table of ``seats``.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.progressive.returns import progressive_return
    >>> bet = load_rules("crazy4-progressive").progressive
    >>> exact = progressive_exact(bet, Fraction(5000), 3)
    >>> exact.mean == progressive_return(bet).at(Fraction(5000), 2) - 1
    True
    >>> progressive_exact(bet, Fraction(5000), 1).hit_frequency == 74628 / 2598960  # trips+
    True
    """
    paid_n, envy_n, denominator = payout_numerators(bet, meter)
    pays = [Fraction(v, denominator) for v in paid_n]
    envy = [Fraction(v, denominator) for v in envy_n]
    n = category_counts(bet.scoring)
    p = [Fraction(count, PLAYER_HANDS) for count in n]
    others = seats - 1
    ex = sum((q * a for q, a in zip(p, pays, strict=True)), Fraction(0))
    ex2 = sum((q * a * a for q, a in zip(p, pays, strict=True)), Fraction(0))
    ey = sum((q * a for q, a in zip(p, envy, strict=True)), Fraction(0))
    ey2 = sum((q * a * a for q, a in zip(p, envy, strict=True)), Fraction(0))
    listed = tuple(line.category for line in bet.envy)
    pairs = pair_counts(bet.scoring, listed)
    scale = PLAYER_HANDS * OTHER_HANDS
    exy = sum(
        (Fraction(pairs[e][c], scale) * pays[c] * envy[e] for e in listed for c in range(len(n))),
        Fraction(0),
    )
    eyy = sum(
        (Fraction(pairs[f][e], scale) * envy[e] * envy[f] for e in listed for f in listed),
        Fraction(0),
    )
    variance = (
        (ex2 - ex * ex)
        + others * (ey2 - ey * ey)
        + 2 * others * (exy - ex * ey)
        + others * (others - 1) * (eyy - ey * ey)
    )
    mean = (ex + others * ey) / bet.wager - 1
    hits = _hit_frequency(pays, envy, p, bet.wager, others)
    return ProgressiveExact(mean, variance / bet.wager**2, hits)
