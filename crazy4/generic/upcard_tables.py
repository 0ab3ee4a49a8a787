"""The result tables of a game dealt in the up-card shape (columns in ``results/README.md``).

Every function takes exact arrays (the situation counts of :mod:`crazy4.core.upcard`, a game's
prices, the deal lattice of :mod:`crazy4.core.upcard_lattice`, bets) and returns one table;
nothing here counts anything new or reads a rule. Integer columns are exact; float columns are
for reading. Four Card Poker's tables are these.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.bet_tables import fraction_text
from crazy4.core.bets import BetOutcomes
from crazy4.core.cards import RANKS
from crazy4.core.decisions import DECISIONS, HandPrices, decision_label
from crazy4.core.engine import subset_table
from crazy4.core.exact import IntArray, fits_int64, group_sums, largest_magnitude, widen
from crazy4.core.ranking import (
    HandCategory,
    build_four_card_table,
    category_of_strength,
    describe_strength,
    hand_group,
    number_of_strengths,
)
from crazy4.core.upcard import N_CATEGORIES, UpCardOutcomes
from crazy4.core.upcard_lattice import (
    RESULTS,
    DealLattice,
    Parts,
    capped_bet,
    largest_uncapped_size,
    summary_row,
)
from crazy4.generic.bestfour_tables import bets_table as lattice_bets_table
from crazy4.generic.bestfour_tables import cell_returns
from crazy4.generic.frequencies import group_frequencies

CATEGORY_LABELS = np.array([category.label for category in HandCategory])


class SituationPrices(HandPrices, Protocol):
    """A game's exact prices per situation class, as the tables read them: EV numerators of
    fold, 1x, 2x, 3x over ``denominator``, the optimal decision and the exact ties
    (:class:`crazy4.core.decisions.HandPrices`), and the optimal EV."""

    @property
    def optimal_ev(self) -> npt.NDArray[Any]:
        """The optimal decision's EV numerator, shape (n,)."""
        ...


#: Bet sizes of the cap table, in dollars: the table limits and beyond.
CAP_SIZES = (3, 5, 10, 25, 50, 100, 200, 500, 1000, 2000, 5000, 10000)


def chart_group(strength: int) -> str:
    """The row of the strategy chart: :func:`crazy4.core.ranking.hand_group`, high cards by top
    rank.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> chart_group(hand_strength(parse_cards("As Kd 7c 4h 2s")))
    'A high'
    >>> chart_group(hand_strength(parse_cards("3s 3d 7c 4h 2s")))
    'pair of threes'
    """
    category = HandCategory(int(category_of_strength()[strength]))
    if category != HandCategory.HIGH_CARD:
        return hand_group(strength)
    top = (int(build_four_card_table()[1][strength]) // 13**3) % 13
    return f"{RANKS[top]} high"


def chart_groups_in_order() -> list[str]:
    """Every :func:`chart_group`, strongest first.

    Examples
    --------
    >>> groups = chart_groups_in_order()
    >>> groups[0], groups[-1], len(groups)
    ('four aces', '6 high', 29)
    """
    names = [chart_group(s) for s in range(number_of_strengths() - 1, -1, -1)]
    return list(dict.fromkeys(names))


def player_hand_frequencies(outcomes: UpCardOutcomes) -> pd.DataFrame:
    """Player best-four-of-five groups: ``hand``, ``category``, ``combinations`` (of
    2,598,960), ``probability``, ``one_in``."""
    return group_frequencies(outcomes.hand_strengths, outcomes.hand_weights)


def dealer_hand_frequencies() -> pd.DataFrame:
    """Dealer best-four-of-six groups over all 20,358,520 six-card hands (same columns).

    Examples
    --------
    >>> table = dealer_hand_frequencies()
    >>> int(table["combinations"].sum())
    20358520
    """
    # the subset table of the empty set is the cumulative histogram of every six-card hand's
    # strength (crazy4.core.engine): its differences, 2,535 numbers read from the cache instead
    # of a count over the 20,358,520 strengths
    histogram = np.diff(subset_table(0, 6)[0].astype(np.int64))
    present = np.flatnonzero(histogram)
    return group_frequencies(present.astype(np.int64), histogram[present])


def bets_table(bets: list[tuple[BetOutcomes, DealLattice]]) -> pd.DataFrame:
    """One row per bet (:func:`crazy4.generic.bestfour_tables.bets_table` over the lattice
    rows, each weighing its situations)."""
    return lattice_bets_table((bet, lattice.weights) for bet, lattice in bets)


def returns_table(bet: BetOutcomes, lattice: DealLattice) -> pd.DataFrame:
    """The return table of a bet: decision x hand group x who wins.

    Columns: ``decision``, ``hand``, ``result`` (player higher / tie / dealer higher), ``net``
    (exact, text), ``net_value``, ``combinations``, ``probability``, ``contribution``
    (net x probability; they sum to the EV).
    """
    cells = np.arange(N_CATEGORIES * 3) % 3  # each dealer category's three results
    return cell_returns(bet, lattice.decisions, lattice.strengths, cells, "result", list(RESULTS))


def _sums(
    outcomes: UpCardOutcomes, prices: SituationPrices, keys: npt.NDArray[np.int64], n_keys: int
) -> tuple[npt.NDArray[np.int64], IntArray]:
    """Exact sums per key (:func:`crazy4.core.upcard_kernels.situation_sums`): the counts,
    shape (n_keys, 8), and the optimal EV numerators, shape (n_keys,).

    The EV sums are the kernel's int64 when ``Σ weights x max |EV|`` fits (every ordinary pay
    table), else exact Python integers (a large Ante Bonus: 122,151,120 situations x 1,370,754
    completions x the payout numerator passes 2^63 from a payout of about 50,000).
    """
    from crazy4.core import upcard_kernels

    sums: Any = upcard_kernels.situation_sums
    ev = prices.optimal_ev
    direct = fits_int64(int(outcomes.weights.sum()) * largest_magnitude(ev))
    totals = np.asarray(
        sums(
            keys.astype(np.int64),
            outcomes.weights,
            outcomes.lower,
            outcomes.tie,
            outcomes.higher,
            prices.decision,
            ev if direct else np.zeros(ev.shape, dtype=np.int64),
            n_keys,
        ),
        dtype=np.int64,
    )
    if direct:
        return totals[:, :8], totals[:, 8]
    weighted = widen(outcomes.weights, True) * widen(ev, True)
    return totals[:, :8], widen(group_sums(keys.astype(np.int64), weighted, n_keys), True)


@dataclass(frozen=True)
class StrengthSums:
    """Exact sums over the situations of each (player strength, up-card rank), row ``strength
    * 13 + rank``: ``counts`` (situations, deals lower / tie / higher, situations per decision
    fold to 3x; shape (rows, 8)) and ``ev`` (the optimal EV numerators)."""

    counts: npt.NDArray[np.int64]
    ev: IntArray


def strength_sums(outcomes: UpCardOutcomes, prices: SituationPrices) -> StrengthSums:
    """One pass over the situations for :func:`situations_table` and :func:`strategy_chart`
    (the chart's cells group the rows of strengths)."""
    up_rank = outcomes.situations.up_card // 4
    n_keys = number_of_strengths() * 13
    return StrengthSums(*_sums(outcomes, prices, outcomes.strengths * 13 + up_rank, n_keys))


def strategy_chart(
    outcomes: UpCardOutcomes, prices: SituationPrices, sums: StrengthSums | None = None
) -> pd.DataFrame:
    """The optimal decision by hand group (high cards by top rank) and up-card rank.

    Columns: ``hand``, ``up_rank``, ``decision`` (``fold``/``1x``/``2x``/``3x`` when every
    situation of the cell agrees, else ``mixed``: the kicker or the suits split it),
    ``situations`` (player hand and up card pairs), ``situations_fold`` .. ``situations_3x``
    and ``share_fold`` .. ``share_3x``. ``sums``: :func:`strength_sums`, if already computed.
    """
    groups = chart_groups_in_order()
    index = {name: position for position, name in enumerate(groups)}
    group_of_strength = np.array([index[chart_group(s)] for s in range(number_of_strengths())])
    by_strength = (sums or strength_sums(outcomes, prices)).counts[:, 4:8].reshape(-1, 13, 4)
    cells = np.zeros((len(groups), 13, 4), dtype=np.int64)
    np.add.at(cells, group_of_strength, by_strength)  # exact: int64 counts of situations
    counts = cells.reshape(len(groups) * 13, 4)
    rows = []
    for key in np.flatnonzero(counts.sum(axis=1)):
        total = int(counts[key].sum())
        nonzero = np.flatnonzero(counts[key])
        row: dict[str, object] = {
            "hand": groups[key // 13],
            "up_rank": RANKS[key % 13],
            "decision": DECISIONS[int(nonzero[0])] if len(nonzero) == 1 else "mixed",
            "situations": total,
        }
        for code, name in enumerate(DECISIONS):
            row[f"situations_{name}"] = int(counts[key, code])
        for code, name in enumerate(DECISIONS):
            row[f"share_{name}"] = int(counts[key, code]) / total
        rows.append(row)
    return pd.DataFrame(rows)


def _share_text(share: float) -> str:
    """``"62%"``; ``"<1%"`` and ``">99%"`` so that a split cell never reads 0% or 100%.

    Examples
    --------
    >>> _share_text(0.004), _share_text(0.62), _share_text(0.9991)
    ('<1%', '62%', '>99%')
    """
    if share < 0.005:
        return "<1%"
    if share > 0.995:
        return ">99%"
    return f"{share:.0%}"


def chart_text(chart: pd.DataFrame) -> pd.DataFrame:
    """The chart pivoted for reading: one row per hand group, one column per up-card rank.

    A cell is the decision, or for a mixed cell the shares of the decisions taken, e.g.
    ``1x 62% / 3x 38%``.
    """

    def cell(row: pd.Series) -> str:
        if row["decision"] != "mixed":
            return str(row["decision"])
        parts = [
            f"{name} {_share_text(row[f'share_{name}'])}"
            for name in DECISIONS
            if row[f"situations_{name}"] > 0
        ]
        return " / ".join(parts)

    text = chart.assign(cell=chart.apply(cell, axis=1))
    pivot = text.pivot(index="hand", columns="up_rank", values="cell")
    pivot = pivot.reindex(index=[g for g in chart_groups_in_order() if g in pivot.index])
    pivot = pivot.reindex(columns=list(RANKS[::-1]))
    return pivot.reset_index()


def situations_table(
    outcomes: UpCardOutcomes, prices: SituationPrices, sums: StrengthSums | None = None
) -> pd.DataFrame:
    """Situations aggregated by the player's best four (strength) and the up card's rank.

    Columns: ``strength``, ``best_hand``, ``category``, ``up_rank``, ``situations``,
    ``deals_dealer_lower``, ``deals_tie``, ``deals_dealer_higher`` (exact sums over the hidden
    completions), ``situations_fold`` .. ``situations_3x`` (optimal decisions),
    ``ev_optimal_numerator`` / ``ev_denominator`` (exact sum of the optimal EV over the
    situations, per unit of Ante) and ``ev_optimal`` (the mean, float). ``sums``:
    :func:`strength_sums`, if already computed.
    """
    summed = sums or strength_sums(outcomes, prices)
    totals, ev_sums = summed.counts, summed.ev
    weights = totals[:, 0]
    rows = np.flatnonzero(weights)
    strengths = rows // 13
    descriptions = np.array([describe_strength(s) for s in range(number_of_strengths())])
    categories = category_of_strength()[strengths]
    frame = pd.DataFrame(
        {
            "strength": strengths.astype(np.int64),
            "best_hand": descriptions[strengths],
            "category": CATEGORY_LABELS[categories],
            "up_rank": np.array(list(RANKS))[rows % 13],
            "situations": weights[rows],
            "deals_dealer_lower": totals[rows, 1],
            "deals_tie": totals[rows, 2],
            "deals_dealer_higher": totals[rows, 3],
        }
    )
    for code, name in enumerate(DECISIONS):
        frame[f"situations_{name}"] = totals[rows, 4 + code]
    frame["ev_optimal_numerator"] = ev_sums[rows]  # int64, or Python integers (object)
    denominator = prices.denominator
    frame["ev_denominator"] = np.int64(denominator) if fits_int64(denominator) else denominator
    wide = not fits_int64(denominator * largest_magnitude(weights))
    ev = ev_sums[rows] / (denominator * widen(weights[rows], wide))
    frame["ev_optimal"] = np.asarray(ev, dtype=np.float64)
    return frame


def joint_table(lattice: DealLattice) -> pd.DataFrame:
    """Exact deals by player category x dealer category x who wins x the optimal decision.

    Columns: ``player_category``, ``dealer_category``, ``result`` (player higher / tie /
    dealer higher), ``decision``, ``deals``, ``probability`` (of all deals). Prices any Bad
    Beat table: sum the deals of the cells it pays.

    Examples
    --------
    >>> deals = np.zeros((1, 8, 3), dtype=np.int64)
    >>> deals[0, 0, 0], deals[0, 1, 1], deals[0, 7, 2] = 5, 2, 1
    >>> from crazy4.core.ranking import strength_of_description
    >>> pair = strength_of_description("pair of 5s")
    >>> lattice = DealLattice(np.array([pair]), np.array([1]), np.array([1]), deals)
    >>> table = joint_table(lattice)
    >>> table[["dealer_category", "result", "deals"]].values.tolist()[1:]
    [['pair', 'tie', 2], ['four of a kind', 'dealer higher', 1]]
    >>> set(table["player_category"]), set(table["decision"])
    ({'pair'}, {'1x'})
    """
    categories = lattice.categories
    keys = (categories * 4 + lattice.decisions).astype(np.int64)
    deals = np.zeros((N_CATEGORIES * 4, N_CATEGORIES, 3), dtype=np.int64)
    np.add.at(deals, keys, lattice.deals)
    total = int(lattice.deals.sum())
    rows = []
    for key in range(N_CATEGORIES * 4):
        for dealer in range(N_CATEGORIES):
            for result in range(3):
                count = int(deals[key, dealer, result])
                if count:
                    rows.append(
                        {
                            "player_category": CATEGORY_LABELS[key // 4],
                            "dealer_category": CATEGORY_LABELS[dealer],
                            "result": RESULTS[result],
                            "decision": decision_label(key % 4),
                            "deals": count,
                            "probability": count / total,
                        }
                    )
    return pd.DataFrame(rows)


def cap_table(
    parts: list[tuple[Parts, DealLattice]],
    cap: Fraction,
    minimum: Fraction,
    maximum: Fraction,
    sizes: tuple[int, ...] = CAP_SIZES,
) -> pd.DataFrame:
    """Each bet's exact return per dollar, per seat, as a function of its size, under the cap.

    Columns: ``bet``, ``bet_size`` (dollars a unit), ``within_limits``, ``ev_numerator``,
    ``ev_denominator`` (exact EV per dollar of base wager), ``ev``, ``house_edge``,
    ``element_of_risk``, ``capped_probability`` (share of deals whose payout the cap
    reduces), ``largest_uncapped_size`` (the largest size that no payout of the bet reaches the
    cap at).
    """
    rows = []
    for bet_parts, lattice in parts:
        limit = largest_uncapped_size(bet_parts, lattice, cap)
        deals = int(lattice.deals.sum())
        for size in sizes:
            bet = capped_bet(bet_parts, lattice, Fraction(size), cap)
            summary = summary_row(bet, lattice)
            wide = not fits_int64(bet_parts.largest() * size * cap.denominator)
            capped = widen(bet_parts.win, wide) * size * cap.denominator > (
                cap.numerator * bet_parts.unit
            )
            capped_deals = int(np.where(capped, lattice.deals, 0).sum())
            rows.append(
                {
                    "bet": bet_parts.name,
                    "bet_size": size,
                    "within_limits": bool(minimum <= size <= maximum),
                    "ev_numerator": summary["ev_numerator"],
                    "ev_denominator": summary["ev_denominator"],
                    "ev": summary["ev"],
                    "house_edge": summary["house_edge"],
                    "element_of_risk": summary["element_of_risk"],
                    "capped_probability": capped_deals / deals,
                    "largest_uncapped_size": float(limit),
                }
            )
    return pd.DataFrame(rows)


def exact_ties_table(outcomes: UpCardOutcomes, prices: SituationPrices) -> pd.DataFrame:
    """Situations where two decisions have exactly the same EV.

    Columns: ``hand`` (a representative), ``up_card``, ``best_hand``, ``situations``,
    ``tied_decisions``, ``ev`` (exact text, per unit of Ante).
    """
    from crazy4.core.cards import format_card, format_cards

    rows = []
    for i in np.flatnonzero(prices.tied.sum(axis=1) > 1):
        hand = outcomes.hands[outcomes.situations.hand_class[i]]
        ev = Fraction(int(prices.ev[i, prices.decision[i]]), prices.denominator)  # the optimum
        rows.append(
            {
                "hand": format_cards(sorted((int(c) for c in hand), reverse=True)),
                "up_card": format_card(int(outcomes.situations.up_card[i])),
                "best_hand": describe_strength(int(outcomes.strengths[i])),
                "situations": int(outcomes.weights[i]),
                "tied_decisions": "|".join(DECISIONS[c] for c in range(4) if prices.tied[i, c]),
                "ev": fraction_text(ev),
            }
        )
    columns = ["hand", "up_card", "best_hand", "situations", "tied_decisions", "ev"]
    return pd.DataFrame(rows, columns=columns)


__all__ = [
    "CAP_SIZES",
    "CATEGORY_LABELS",
    "SituationPrices",
    "StrengthSums",
    "bets_table",
    "cap_table",
    "chart_group",
    "chart_text",
    "dealer_hand_frequencies",
    "exact_ties_table",
    "joint_table",
    "player_hand_frequencies",
    "returns_table",
    "situations_table",
    "strategy_chart",
    "strength_sums",
]
