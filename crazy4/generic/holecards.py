"""Seen dealer cards in a spec game: the exact value of knowing one of the dealer's hidden cards.

A *situation* is a player hand and one dealer card the player has seen. For each player hand
class (:func:`crazy4.generic.counts.suit_classes`) and each of the cards it leaves, the dealer
hands that contain the seen card are counted exactly (the seen card is a forced card of
:func:`crazy4.generic.counts.dealer_histograms`) and priced. A *strategy* is what the player
learns of the seen card -- nothing, a group of ranks (face card or not), its rank, the whole
card -- and decides, per player hand and piece of information, by the summed cells of the
situations the information cannot tell apart: aggregate counts, then decide. Every EV is an
exact fraction over ``C(52, p) * (52 - p) * C(51 - p, d - 1)`` situations-with-completions.

Examples
--------
>>> groups_of(FACE_CARDS).tolist()[8:]
[1, 0, 0, 0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.cards import RANKS
from crazy4.errors import InputError
from crazy4.generic.analysis import player_strengths
from crazy4.generic.counts import dealer_histograms, suit_classes
from crazy4.generic.pricing import cells_from_histograms
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import DECISIONS, GameSpec

IntArray = npt.NDArray[np.int64]

#: The default partial information: face card (J, Q, K) or not.
FACE_CARDS = "JQK,AT98765432"


def strategies(groups: list[str]) -> list[tuple[str, str | None]]:
    """No information, each group list, the rank, the whole card: (name, groups or None).

    Examples
    --------
    >>> [name for name, _ in strategies([FACE_CARDS])]
    ['none', 'group:JQK,AT98765432', 'rank', 'card']
    """
    chosen: list[tuple[str, str | None]] = [("none", "".join(RANKS))]
    chosen += [(f"group:{text}", text) for text in groups]
    return [*chosen, ("rank", ",".join(RANKS)), ("card", None)]


def groups_of(text: str) -> IntArray:
    """The group index of each rank from ``"JQK,AT98765432"`` (every rank in exactly one group).

    Raises
    ------
    InputError
        For an empty group, an unknown rank, or a rank missing or repeated.
    """
    group = np.full(13, -1, dtype=np.int64)
    for index, part in enumerate(text.split(",")):
        if not part:
            raise InputError(f"rank groups {text!r}: group {index + 1} is empty")
        for symbol in part.upper():
            if symbol not in RANKS:
                raise InputError(f"rank groups {text!r}: unknown rank {symbol!r}")
            if group[RANKS.index(symbol)] >= 0:
                raise InputError(f"rank groups {text!r}: rank {symbol} is in two groups")
            group[RANKS.index(symbol)] = index
    if (group < 0).any():
        missing = "".join(RANKS[r] for r in np.flatnonzero(group < 0))
        raise InputError(f"rank groups {text!r}: ranks {missing} are in no group")
    return group


@dataclass(frozen=True)
class SeenCells:
    """Outcome cells of every (player class, seen card) situation, shape ``(n, slots, 6)``."""

    weights: IntArray
    strengths: IntArray
    seen: npt.NDArray[np.uint8]
    cells: IntArray


def seen_cells(spec: GameSpec, rules: RuleSet, jobs: int = 1) -> SeenCells:
    """Count every situation with one seen dealer card (module docstring)."""
    shape = spec.shape
    if shape.face_up:
        raise InputError(f"{spec.title}: seen cards beside the up card are not analysed here")
    hands, weights = suit_classes(shape.player_cards)
    slots = 52 - shape.player_cards
    free = np.ones((hands.shape[0], 52), dtype=bool)
    free[np.arange(hands.shape[0])[:, None], hands] = False
    seen = np.nonzero(free)[1].reshape(hands.shape[0], slots).astype(np.uint8)
    histograms = dealer_histograms(
        np.repeat(hands, slots, axis=0),
        seen.reshape(-1, 1),
        spec.ranking.strengths(shape.dealer_cards),
        shape.dealer_cards,
        spec.ranking.n_strengths,
        jobs=jobs,
    )
    strengths = player_strengths(spec, hands)
    cells = cells_from_histograms(histograms, np.repeat(strengths, slots), spec.qualifier(rules))
    return SeenCells(weights, strengths, seen, cells.reshape(hands.shape[0], slots, 6))


def strategy_value(
    spec: GameSpec, rules: RuleSet, counted: SeenCells, groups: str | None
) -> dict[str, object]:
    """The exact EV per Ante of deciding on ``groups`` of the seen card's rank (None: the card)."""
    settlement = spec.settlement(rules)
    n, slots, _ = counted.cells.shape
    if groups is None:
        keys = np.broadcast_to(np.arange(slots), (n, slots))
        size = slots
    else:
        group = groups_of(groups)
        keys = group[counted.seen.astype(np.int64) // 4]
        size = int(group.max()) + 1
    pooled = np.zeros((n, size, 6), dtype=np.int64)
    np.add.at(pooled, (np.arange(n)[:, None], keys), counted.cells)
    nets = settlement.nets[counted.strengths]  # (n, 4, 6)
    ev = np.einsum("ngc,ndc->ngd", pooled, nets)
    ev = np.where(settlement.allowed[counted.strengths][:, None, :], ev, np.iinfo(np.int64).min)
    decision = np.argmax(ev, axis=2)  # (n, groups): the smallest wager among exact ties
    chosen = np.take_along_axis(nets, decision[:, :, None].repeat(6, axis=2), axis=1)
    deals_by = pooled.sum(axis=2)
    weights = [int(w) for w in counted.weights]

    def total(values: IntArray) -> int:
        return sum(w * int(v) for w, v in zip(weights, values.sum(axis=1), strict=True))

    deals = total(deals_by)
    unit = settlement.unit
    first = Fraction(total((pooled * chosen).sum(axis=2)), deals * unit)
    second = Fraction(total((pooled * chosen * chosen).sum(axis=2)), deals * unit * unit)
    wagered = Fraction(total(deals_by * settlement.wagers[decision]), deals * unit)
    shares = np.array(
        [float(((decision == code) * deals_by).sum(axis=1) @ counted.weights) for code in range(4)]
    )
    return {
        "ev": first,
        "average_total_bet": wagered,
        "std_dev": float(second - first * first) ** 0.5,
        "situations": int(counted.weights.sum()) * counted.cells.shape[1],
        "deals": deals,
        "shares": shares / shares.sum(),
    }


def hole_card_table(
    spec: GameSpec, rules: RuleSet, groups: list[str], jobs: int = 1
) -> pd.DataFrame:
    """``hole_strategies``: one row per strategy of :func:`strategies` (one seen card)."""
    chosen = strategies(groups or [FACE_CARDS])
    for _, text in chosen:
        if text is not None:
            groups_of(text)  # every group list checked before any counting
    counted = seen_cells(spec, rules, jobs)
    rows = []
    base: Fraction | None = None
    for name, groups_text in chosen:
        found = strategy_value(spec, rules, counted, groups_text)
        ev = found["ev"]
        assert isinstance(ev, Fraction)
        base = ev if base is None else base
        gain = ev - base
        average = found["average_total_bet"]
        assert isinstance(average, Fraction)
        row: dict[str, object] = {
            "seen": 1,
            "strategy": name,
            "description": "the whole seen card"
            if groups_text is None
            else f"rank groups {groups_text}",
            "ev_numerator": ev.numerator,
            "ev_denominator": ev.denominator,
            "ev": float(ev),
            "house_edge": float(-ev),
            "average_total_bet": float(average),
            "element_of_risk": float(-ev / average),
            "std_dev": found["std_dev"],
            "gain_numerator": gain.numerator,
            "gain_denominator": gain.denominator,
            "gain": float(gain),
            "situations": found["situations"],
            "deals": found["deals"],
        }
        shares = found["shares"]
        assert isinstance(shares, np.ndarray)
        for code, label in enumerate(DECISIONS):
            row[f"share_{label}"] = float(shares[code])
        rows.append(row)
    return pd.DataFrame(rows)
