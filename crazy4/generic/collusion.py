"""Collusion in a spec game, exactly per deal: ``k`` seats pool their cards (face-up dealing).

A deal gives each of the ``k`` colluders the game's cards from a fresh deck, then the dealer's
``f`` up cards when the rules deal any; the dealer's hand is the up cards and any ``d - f`` of
the ``m`` cards the team has not seen, all ``C(m, d - f)`` equally likely.
:func:`crazy4.generic.counts.dealer_histograms` lists every one of them once (the team's cards
are the excluded cards, the up cards forced), and each colluder's decisions are priced from
the cells of that one histogram (:mod:`crazy4.generic.pricing`). Two strategies are valued on
the same deals: ``full`` (the exact optimum given every pooled card and the up cards: what every
player sees when the players' cards are dealt face up) and ``honest`` (each seat's optimum of
the exact analysis, by its hand and the up cards: its mean estimates the exact house edge, a
check on every run); the ``full`` row also carries, under ``bets``, the main game's
:data:`BET_MOMENTS` (with the wagers: face-up dealing's element of risk). A deal's value is an
exact integer over ``C(m, d - f) * unit`` per colluder; the Monte Carlo averages these
conditional expectations over deals dealt from :func:`crazy4.simulate.plan.chunk_generator`
``(seed, chunk)``, so a seed gives the same numbers for any number of threads. The standard
error is that of the mean of per-deal team totals (a deal is the independent unit).

Examples
--------
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.registry import load_rules
>>> rows = collusion_rows(THREE_CARD, load_rules("three-card-standard"), 3, 200, seed=1)
>>> [row["strategy"] for row in rows], rows[0]["deals"]
(['honest', 'full'], 200)
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.advantage.collusion import BET_MOMENTS, bet_moments
from crazy4.core.cards import colex_indices
from crazy4.core.deal import deal_hands
from crazy4.errors import InputError
from crazy4.generic.counts import dealer_histograms
from crazy4.generic.pricing import cells_from_histograms, price
from crazy4.generic.simulate import MAX_SEATS, analysis_of, optimal_decisions
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.plan import CHUNK_ROUNDS, chunk_generator
from crazy4.spec.specification import GameSpec

IntArray = npt.NDArray[np.int64]


def deal_values(
    spec: GameSpec, rules: RuleSet, colluders: int, rng: np.random.Generator, deals: int, jobs: int
) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Per deal, the team's summed EV numerators (over ``C(m, d - f) * unit``): ``full``,
    ``honest``, and the team's wagers on the same scale under each. The dealer's up cards
    (``f`` of them, when the rules deal any) are dealt after the team's hands: every colluder
    sees them, and every counted dealer hand holds them (forced cards)."""
    shape = spec.shape
    sizes = (shape.player_cards,) * colluders + ((shape.face_up,) if shape.face_up else ())
    dealt = deal_hands(rng, deals, sizes)
    team = np.concatenate([cards.T for cards in dealt.cards[:colluders]], axis=1)
    up = dealt.cards[colluders].T if shape.face_up else np.zeros((deals, 0), dtype=np.uint8)
    histograms = dealer_histograms(
        team.astype(np.uint8),
        up.astype(np.uint8),
        spec.ranking.strengths(shape.dealer_cards),
        shape.dealer_cards,
        spec.ranking.n_strengths,
        jobs=jobs,
    )
    settlement = spec.settlement(rules)
    player_table = spec.ranking.strengths(shape.player_cards)
    full = np.zeros(deals, dtype=np.int64)
    honest = np.zeros(deals, dtype=np.int64)
    wagers = [np.zeros(deals, dtype=np.int64), np.zeros(deals, dtype=np.int64)]
    unseen = 52 - shape.player_cards * colluders - shape.face_up
    scaled = settlement.wagers * math.comb(unseen, shape.dealer_cards - shape.face_up)
    rows = np.arange(deals)
    for seat in range(colluders):
        hands = dealt.cards[seat].T.astype(np.int64)
        strength = player_table[colex_indices(hands)].astype(np.int64)
        cells = cells_from_histograms(histograms, strength, spec.qualifier(rules))
        prices = price(cells, strength, settlement)
        honest_decision = optimal_decisions(spec, rules, hands, up.astype(np.int64))
        full += prices.ev[rows, prices.decision]
        honest += prices.ev[rows, honest_decision]
        wagers[0] += scaled[prices.decision]
        wagers[1] += scaled[honest_decision]
    return full, honest, wagers[0], wagers[1]


def collusion_rows(
    spec: GameSpec, rules: RuleSet, colluders: int, deals: int, seed: int, jobs: int = 1
) -> list[dict[str, object]]:
    """The ``honest`` and ``full`` rows of ``colluders`` pooling seats over ``deals`` deals.

    Raises
    ------
    InputError
        For fewer than 2 or more than :data:`crazy4.generic.simulate.MAX_SEATS` colluders.
    """
    shape = spec.shape
    if not 2 <= colluders <= MAX_SEATS:
        raise InputError(f"--colluders {colluders}: a {spec.title} table seats 2 to {MAX_SEATS}")
    totals = {"full": [0, 0], "honest": [0, 0]}
    gain = [0, 0]
    moments = [0] * len(BET_MOMENTS)
    for chunk in range(-(-deals // CHUNK_ROUNDS)):
        count = min(CHUNK_ROUNDS, deals - chunk * CHUNK_ROUNDS)
        full, honest, full_wager, honest_wager = deal_values(
            spec, rules, colluders, chunk_generator(seed, chunk), count, jobs
        )
        for i, value in enumerate(bet_moments(full, honest, full_wager, honest_wager)):
            moments[i] += value
        for name, values in (("full", full), ("honest", honest)):
            totals[name][0] += sum(int(v) for v in values)
            totals[name][1] += sum(int(v) * int(v) for v in values)
        difference = full - honest
        gain[0] += sum(int(v) for v in difference)
        gain[1] += sum(int(v) * int(v) for v in difference)
    unseen = 52 - shape.player_cards * colluders - shape.face_up
    completions = math.comb(unseen, shape.dealer_cards - shape.face_up)
    scale = completions * spec.settlement(rules).unit * colluders
    exact = Fraction(analysis_of(spec, rules).main_ev())
    gain_mean, gain_se = _mean_and_error(gain, deals, scale)
    rows = []
    for name in ("honest", "full"):
        mean, error = _mean_and_error(totals[name], deals, scale)
        ev = Fraction(totals[name][0], deals * scale)
        row_gain = gain_mean if name == "full" else 0.0
        rows.append(
            {
                "rule_set": rules.name,
                "colluders": colluders,
                "strategy": name,
                "team_rule": "",
                "deals": deals,
                "house_edge": -mean,
                "standard_error": error,
                "gain": row_gain,
                "gain_standard_error": gain_se if name == "full" else 0.0,
                "house_edge_controlled": float(-exact) - row_gain,
                "ev_numerator": ev.numerator,
                "ev_denominator": ev.denominator,
                "exact_honest_edge": float(-exact),
            }
        )
    rows[1]["bets"] = {spec.main_bet: moments}  # the face-up study's sums (not columns)
    rows[1]["bet_scales"] = {spec.main_bet: scale}
    return rows


def _mean_and_error(sums: list[int], deals: int, scale: int) -> tuple[float, float]:
    """Mean and standard error of per-deal values given their sum and sum of squares."""
    mean = Fraction(sums[0], deals)
    variance = Fraction(sums[1], deals) - mean * mean
    error = math.sqrt(float(variance) / max(deals - 1, 1)) if deals > 1 else 0.0
    return float(mean / scale), error / scale
