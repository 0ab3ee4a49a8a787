"""The result tables of a spec game's analysis (columns as in ``results/README.md``).

Each function takes a :class:`crazy4.analyze.analysis.SpecAnalysis` and returns one table;
nothing here counts or prices anything new.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.analyze.analysis import SpecAnalysis
from crazy4.analyze.bet_rows import (
    apart_bets,
    side_bets_by_strength,
    strategy_bets,
    strength_situations,
)
from crazy4.analyze.cap import cap_table
from crazy4.analyze.counts import strength_counts
from crazy4.analyze.joint_table import joint_table
from crazy4.analyze.seen_tables import (
    exact_ties,
    lowest_played,
    several_tied,
    situations_table,
    strategy_by_seen,
    strongest_first,
)
from crazy4.core.bet_tables import fraction_text, net_distribution
from crazy4.core.bets import BetOutcomes, summarize, sums_by_value
from crazy4.core.cards import colex_index, format_cards, format_hands
from crazy4.spec.specification import CELLS, DECISIONS, GameSpec

IntArray = npt.NDArray[np.int64]


def categories_of(spec: GameSpec, strengths: IntArray) -> IntArray:
    """The category index of each strength."""
    return np.searchsorted(spec.ranking.category_starts(), strengths, side="right") - 1


def groups_of(spec: GameSpec) -> tuple[IntArray, list[str]]:
    """Each strength's hand group as a code (0: the weakest group) and the groups' names."""
    names: list[str] = []
    codes = np.zeros(spec.ranking.n_strengths, dtype=np.int64)
    for strength in range(spec.ranking.n_strengths):
        group = spec.ranking.group(strength)
        if not names or names[-1] != group:
            names.append(group)
        codes[strength] = len(names) - 1
    return codes, names


def table_bets(analysis: SpecAnalysis) -> list[tuple[BetOutcomes, IntArray]]:
    """Every bet of the ``bets`` table with the situations of each of its lattice rows
    (:mod:`crazy4.analyze.bet_rows`), in the settlement's order."""
    main = analysis.main_by_strength  # the situations of one strength and decision summed
    others = [(bet, main.situations) for bet in apart_bets(analysis)]
    others += side_bets_by_strength(analysis)
    by_strength = strategy_bets(analysis)
    situations = strength_situations(analysis) if by_strength else main.situations
    strategies = [(bet, situations) for bet in by_strength]
    rows = analysis.settlement.rows
    if rows is not None and rows.strategies_first:
        return [(main.bet, main.situations), *strategies, *others]
    return [(main.bet, main.situations), *others, *strategies]


def bets_table(analysis: SpecAnalysis) -> pd.DataFrame:
    """One row per bet of :func:`table_bets`."""
    return pd.DataFrame([summarize(bet, situations) for bet, situations in table_bets(analysis)])


def hand_frequencies(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """The player's hands by hand group (:meth:`crazy4.spec.specification.Ranking.group`),
    strongest first, with their category (:func:`group_frequencies`)."""
    # every hand is in the same number of situations: one per set of seen dealer cards
    per_hand = comb(52 - analysis.hands.shape[1], analysis.seen.shape[1])
    counts = np.zeros(spec.ranking.n_strengths, dtype=np.int64)
    np.add.at(counts, analysis.strengths, analysis.weights)
    return group_frequencies(spec, counts // per_hand)


def dealer_frequencies(spec: GameSpec) -> pd.DataFrame:
    """The dealer's hands, every one of ``C(52, dealer_cards)``, by hand group, as
    :func:`hand_frequencies`."""
    return group_frequencies(spec, strength_counts(spec.ranking, spec.shape.dealer_cards))


def group_frequencies(spec: GameSpec, counts: IntArray) -> pd.DataFrame:
    """Hands counted by strength (``counts``) summed by hand group, strongest first, the groups
    never counted left out: ``hand``, ``category``, ``combinations``, ``probability``,
    ``one_in``.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> counts = np.zeros(THREE_CARD.ranking.n_strengths, dtype=np.int64)
    >>> counts[[0, -1]] = 3, 1
    >>> group_frequencies(THREE_CARD, counts)[["category", "combinations"]].values.tolist()
    [['straight flush', 1], ['high card', 3]]
    """
    ranking = spec.ranking
    strengths = np.arange(ranking.n_strengths)
    groups = [ranking.group(int(s)) for s in strengths]
    names = np.array(ranking.categories)[categories_of(spec, strengths)]
    order = strongest_first(groups)
    combinations = np.zeros(len(order), dtype=np.int64)
    category = [""] * len(order)
    for strength, group in enumerate(groups):
        combinations[order[group]] += int(counts[strength])
        category[order[group]] = str(names[strength])
    total = int(counts.sum())
    frame = pd.DataFrame({"hand": list(order), "category": category, "combinations": combinations})
    frame = frame[frame["combinations"] > 0].reset_index(drop=True)
    frame["probability"] = frame["combinations"] / total
    frame["one_in"] = total / frame["combinations"]
    return frame


def described(spec: GameSpec, strengths: IntArray) -> list[str]:
    """The ranking's text of each strength, each distinct strength described once.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> described(THREE_CARD, np.array([1, 0, 1]))
    ['5-4-2', '5-3-2', '5-4-2']
    """
    distinct, where = np.unique(strengths, return_inverse=True)
    texts = np.array([spec.ranking.describe(int(s)) for s in distinct], dtype=object)
    return list(texts[where.reshape(-1)])


def tied_texts(tied: npt.NDArray[np.bool_]) -> list[str]:
    """Each row's tied decisions (of the first four columns), joined by ``|``: each of the 16
    sets of four decisions spelled once.

    Examples
    --------
    >>> tied_texts(np.array([[True, False, True, False], [False] * 4]))
    ['fold|2x', '']
    """
    sets = ["|".join(DECISIONS[d] for d in range(4) if code >> d & 1) for code in range(16)]
    codes = tied[:, :4].astype(np.int64) @ (1 << np.arange(4))
    return list(np.array(sets, dtype=object)[codes])


def player_hands(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """One row per player hand class: its cells, exact EVs and optimal decision."""
    prices = analysis.prices
    names = np.array(spec.ranking.categories)
    frame = pd.DataFrame(
        {
            "hand": format_hands(analysis.hands[:, ::-1]),  # highest card first
            "weight": analysis.weights,
            "strength": analysis.strengths,
            "best_hand": described(spec, analysis.strengths),
            "category": names[categories_of(spec, analysis.strengths)],
        }
    )
    for column, name in enumerate(CELLS):
        frame[name] = analysis.cells[:, column].astype(np.int64)
    frame["ev_denominator"] = np.int64(prices.completions * prices.unit)
    for code, label in enumerate(DECISIONS):
        frame[f"ev_{label}_numerator"] = prices.ev[:, code]
    for code, label in enumerate(DECISIONS):
        values = prices.ev[:, code] / (prices.completions * prices.unit)
        frame[f"ev_{label}"] = np.where(prices.allowed[:, code], values, np.nan)
    frame["decision"] = np.array(DECISIONS)[prices.decision]
    frame["tied_decisions"] = tied_texts(prices.tied)
    frame["exact_tie"] = several_tied(prices.tied)
    return frame


def strategy_table(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """Runs of consecutive strengths played the same way, weakest first (``mixed`` where hands
    of one strength are played differently)."""
    n = spec.ranking.n_strengths
    by_decision = np.zeros((n, 4), dtype=np.int64)
    np.add.at(by_decision, (analysis.strengths, analysis.prices.decision), analysis.weights)
    classes = np.bincount(analysis.strengths, minlength=n)
    present = np.flatnonzero(classes)
    labels = []
    for strength in present:
        used = np.flatnonzero(by_decision[strength])
        labels.append(DECISIONS[int(used[0])] if used.shape[0] == 1 else "mixed")
    rows = []
    start = 0
    names = spec.ranking.categories
    for index in range(1, len(present) + 1):
        if index < len(present) and labels[index] == labels[start] != "mixed":
            continue
        low, high = int(present[start]), int(present[index - 1])
        chosen = present[start:index]
        counts = by_decision[chosen].sum(axis=0)
        low_name, high_name = (names[int(c)] for c in categories_of(spec, np.array([low, high])))
        row: dict[str, object] = {
            "from_strength": low,
            "to_strength": high,
            "from_hand": spec.ranking.describe(low),
            "to_hand": spec.ranking.describe(high),
            "category": low_name if low_name == high_name else f"{low_name} - {high_name}",
            "decision": labels[start],
            "combinations": int(counts.sum()),
            "hand_classes": int(classes[chosen].sum()),
        }
        for code, label in enumerate(DECISIONS):
            row[f"combinations_{label}"] = int(counts[code])
        for code, label in enumerate(DECISIONS):
            row[f"share_{label}"] = float(counts[code] / counts.sum())
        rows.append(row)
        start = index
    return pd.DataFrame(rows)


def returns_table(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """The main game's return table: deals by decision, hand group, cell and net."""
    main = analysis.main_by_strength
    bet = main.bet
    layout = analysis.settlement.layout
    group_code, group_names = groups_of(spec)
    frame = _outcome_rows(bet, main.strength, main.decision, group_code)
    frame = frame[frame["combinations"] > 0]
    keys = ["decision_code", "category_code", "cell", "net_numerator"]
    grouped = frame.groupby(keys)["combinations"].sum().reset_index()
    grouped = grouped.sort_values(keys, ascending=[False, False, True, False])
    deals = int(bet.combos.sum())
    nets = [Fraction(int(value), bet.unit) for value in grouped["net_numerator"]]
    table = pd.DataFrame(
        {
            "decision": np.array(DECISIONS)[grouped["decision_code"].to_numpy()],
            "hand": np.array(group_names)[grouped["category_code"].to_numpy()],
            layout.outcome_column: np.array(layout.outcome_labels)[grouped["cell"].to_numpy()],
            "net": [fraction_text(net) for net in nets],
            "net_value": [float(net) for net in nets],
            "combinations": grouped["combinations"].to_numpy(dtype=np.int64),
        }
    )
    table["probability"] = table["combinations"] / deals
    table["contribution"] = [
        float(net) * int(count) / deals
        for net, count in zip(nets, table["combinations"], strict=True)
    ]
    return table.reset_index(drop=True)


def _outcome_rows(
    bet: BetOutcomes, strengths: IntArray, decision: IntArray, group_code: IntArray
) -> pd.DataFrame:
    """The bet's deals by decision, hand group, cell and net: summed first over the rows of
    one strength and decision when their nets are alike, else a row at a time."""
    rows, cells = bet.combos.shape
    kinds = len(DECISIONS)
    size = (int(strengths.max()) + 1 if rows else 0) * kinds
    key = strengths * kinds + decision
    net = np.zeros((size, cells), dtype=np.int64)
    net[key] = bet.net
    if (net[key] == bet.net).all():
        kept = np.flatnonzero(np.bincount(key, minlength=size))
        decision_of, strength_of = kept % kinds, kept // kinds
    else:  # nets that differ within a strength and decision: every row its own
        key, net, size = np.arange(rows, dtype=np.int64), bet.net, rows
        kept, decision_of, strength_of = key, decision, strengths
    combos = np.zeros((size, cells), dtype=np.int64)
    for c in range(cells):
        combos[:, c] = sums_by_value(key, np.ascontiguousarray(bet.combos[:, c]), size)
    return pd.DataFrame(
        {
            "decision_code": np.repeat(decision_of, cells),
            "category_code": np.repeat(group_code[strength_of], cells),
            "cell": np.tile(np.arange(cells), kept.shape[0]),
            "net_numerator": net[kept].ravel(),
            "combinations": combos[kept].ravel(),
        }
    )


#: The column of the cards a hand plays, by how many it plays (``best_four``).
PLAYED_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def has_border_hands(spec: GameSpec) -> bool:
    """Whether a hand may discard cards and no dealer card is face up: what gives a game
    ``border_hands``.

    Examples
    --------
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> has_border_hands(CRAZY_FOUR_SPEC), has_border_hands(THREE_CARD)
    (True, False)
    """
    shape = spec.shape
    return shape.hand_cards < shape.player_cards and shape.face_up == 0


def played_cards(spec: GameSpec, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The cards a hand plays: the first strongest subset of ``hand_cards`` of its cards (in
    the order of :func:`itertools.combinations`), highest card first.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> format_cards(played_cards(CRAZY_FOUR_SPEC, parse_cards("Ks Qd 8c 4h 2s")))
    'Ks Qd 8c 4h'
    """
    size = spec.shape.hand_cards
    table = spec.ranking.strengths(size)
    subsets = [tuple(sorted(subset)) for subset in combinations(hand, size)]
    best = max(subsets, key=lambda subset: int(table[colex_index(subset)]))
    return tuple(sorted(best, reverse=True))


def mixed_strengths(analysis: SpecAnalysis) -> IntArray:
    """The strengths whose hands are played in more than one way (ascending)."""
    decisions = analysis.prices.ev.shape[1]
    size = int(analysis.strengths.max()) + 1 if analysis.strengths.shape[0] else 0
    by_decision = np.zeros((size, decisions), dtype=np.int64)
    np.add.at(by_decision, (analysis.strengths, analysis.prices.decision), analysis.weights)
    return np.flatnonzero((by_decision > 0).sum(axis=1) > 1)


def border_hands(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """The hands at the border of a decision: every hand class at a strength where the cards it
    discards or its suits split the decision (a strength the ``strategy`` table calls
    ``mixed``), with each decision's EV and the ``margin`` of the chosen one over the best
    other, sorted by strength then margin."""
    prices = analysis.prices
    denominator = prices.completions * prices.unit
    played = f"best_{PLAYED_WORDS[spec.shape.hand_cards]}"
    rows = []
    for index in np.flatnonzero(np.isin(analysis.strengths, mixed_strengths(analysis))):
        hand = tuple(int(card) for card in analysis.hands[index])
        best = played_cards(spec, hand)
        evs = np.where(prices.allowed[index], prices.ev[index] / denominator, np.nan)
        chosen = int(prices.decision[index])
        others = [evs[code] for code in range(4) if code != chosen and prices.allowed[index, code]]
        strength = int(analysis.strengths[index])
        row: dict[str, object] = {
            "hand": format_cards(sorted(hand, reverse=True)),
            played: format_cards(best),
            "discard": format_cards([card for card in hand if card not in best]),
            "strength": strength,
            "best_hand": spec.ranking.describe(strength),
            "weight": int(analysis.weights[index]),
            "decision": DECISIONS[chosen],
        }
        for code, name in enumerate(DECISIONS):
            row[f"ev_{name}"] = float(evs[code])
        row["margin"] = float(evs[chosen] - max(others))
        rows.append(row)
    columns = ["hand", played, "discard", "strength", "best_hand", "weight", "decision"]
    columns += [f"ev_{name}" for name in DECISIONS] + ["margin"]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values(["strength", "margin", "hand"], kind="stable").reset_index(drop=True)


def analysis_tables(
    spec: GameSpec, analysis: SpecAnalysis, jobs: int = 1
) -> dict[str, pd.DataFrame]:
    """Every table of the analysis, by file stem: with dealer cards face up, those by up rank
    (:mod:`crazy4.analyze.seen_tables`), else one row per hand class (and the border hands);
    the settlement's layout adds its own tables, and a payout cap the return by bet size."""
    layout = analysis.settlement.layout
    frequencies = {layout.frequencies: hand_frequencies(spec, analysis)}
    if layout.dealer_frequencies is not None:
        frequencies[layout.dealer_frequencies] = dealer_frequencies(spec)
    by_hand: dict[str, pd.DataFrame]
    if analysis.seen.shape[1]:
        by_hand = {
            "situations": situations_table(spec, analysis),
            "strategy": strategy_by_seen(spec, analysis),
        }
        if layout.lowest_played:
            by_hand["lowest_played"] = lowest_played(spec, analysis)
        if layout.exact_ties:
            by_hand["exact_ties"] = exact_ties(spec, analysis)
        if layout.joint:
            labels = layout.outcome_labels[3:]
            by_hand["joint"] = joint_table(spec, analysis, (labels[0], labels[1], labels[2]), jobs)
    else:
        by_hand = {
            "player_hands": player_hands(spec, analysis),
            "strategy": strategy_table(spec, analysis),
        }
        if has_border_hands(spec):
            by_hand["border_hands"] = border_hands(spec, analysis)
    tables = {
        "bets": bets_table(analysis),
        **frequencies,
        **by_hand,
        "returns": returns_table(spec, analysis),
        "net_distribution": net_distribution(analysis.main_by_strength.bet),
    }
    limits = None if analysis.rules is None else spec.limits(analysis.rules)
    if limits is not None and limits.capped:
        tables["cap"] = cap_table(analysis, analysis.settlement, limits)
    return tables
