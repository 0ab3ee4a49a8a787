"""Seen dealer cards in a spec game: the exact value of knowing one of the dealer's hidden cards.

A *situation* is what the player knows when deciding: a player hand, the dealer cards the rules
turn face up (none, or an up card), and one hidden dealer card the player has seen. The
situations are the classes of :func:`crazy4.generic.situations.deal_situations` (a hand and the
up cards, reduced by suit symmetry), each with every one of the ``52 - p - f`` cards it leaves
as the seen card; a dealer hand is counted when it holds the up cards and the seen card, both
*forced* cards of the game's counter (:func:`crazy4.generic.counting.counter_for` of the deal
shape: listing for Three Card Poker, inclusion--exclusion over the player's cards for a
five-card dealer hand beside an up card, whose cost does not grow with the forced cards) and
priced. A *strategy* is what the player learns of
the seen card -- nothing, a group of ranks (face card or not), its rank, the whole card -- and
decides, per situation class and piece of information, by the summed cells of the situations
the information cannot tell apart: aggregate counts, then decide. Each class is decided on its
own, so the classes are counted and valued in blocks (:data:`SITUATIONS_PER_BLOCK`) and nothing
of the whole count is held. Every EV is an exact fraction over
``C(52, p) * C(52 - p, f) * (52 - p - f) * C(51 - p - f, d - f - 1)`` deals.

Examples
--------
>>> groups_of(FACE_CARDS).tolist()[8:]
[1, 0, 0, 0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.cards import RANKS, format_cards, parse_cards
from crazy4.errors import InputError
from crazy4.generic.analysis import player_strengths
from crazy4.generic.counting import counter_for
from crazy4.generic.pricing import price
from crazy4.generic.situations import DealSituations, deal_situations
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import DECISIONS, CellSettlement, DealShape, GameSpec

IntArray = npt.NDArray[np.int64]

#: The default partial information: face card (J, Q, K) or not.
FACE_CARDS = "JQK,AT98765432"
#: Situations (class rows x seen cards) counted and valued at once.
SITUATIONS_PER_BLOCK = 1 << 17
#: Situations (hand, up cards, seen card), before the suit symmetry, up to which the hole-card
#: tables are light enough to publish with the analysis (:func:`published_seen`).
PUBLISHED_SITUATIONS = 10**8


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


def seen_shape(shape: DealShape) -> DealShape:
    """The deal shape with one more dealer card seen (the counter's shape).

    Raises
    ------
    InputError
        When every dealer card is dealt face up (no hidden card to see).

    Examples
    --------
    >>> seen_shape(DealShape(5, 5, 1, 5))
    DealShape(player_cards=5, dealer_cards=5, face_up=2, hand_cards=5)
    """
    if shape.face_up >= shape.dealer_cards:
        raise InputError("every dealer card is dealt face up: there is no hidden card to see")
    return DealShape(shape.player_cards, shape.dealer_cards, shape.face_up + 1, shape.hand_cards)


def published_seen(shape: DealShape) -> int:
    """The seen cards ``crazy4 analyze --hole-cards`` publishes tables for: one while the
    situations are at most :data:`PUBLISHED_SITUATIONS` (Three Card Poker's 1,082,900), else
    none (a five-card hand beside an up card: 5.6 billion, the heavier ``make advantage``).

    Examples
    --------
    >>> published_seen(DealShape(3, 3, 0, 3)), published_seen(DealShape(5, 5, 1, 5))
    (1, 0)
    """
    p, f = shape.player_cards, shape.face_up
    if f >= shape.dealer_cards:
        return 0
    return int(comb(52, p) * comb(52 - p, f) * (52 - p - f) <= PUBLISHED_SITUATIONS)


def sample_rows(shape: DealShape, count: int) -> IntArray:
    """``count`` class rows of :func:`crazy4.generic.situations.deal_situations` spread evenly
    from the first to the last (every row when there are no more): a check's sample.

    Examples
    --------
    >>> sample_rows(DealShape(3, 3, 0, 3), 3).tolist()
    [0, 877, 1754]
    """
    rows = deal_situations(shape).rows
    return np.unique(np.linspace(0, rows - 1, min(count, rows)).round().astype(np.int64))


def hidden_cards(classes: DealSituations, rows: IntArray) -> npt.NDArray[np.uint8]:
    """The cards each class row of ``rows`` leaves, ascending: each in turn the seen card,
    shape ``(n, 52 - p - f)``.

    Examples
    --------
    >>> classes = deal_situations(DealShape(3, 3, 0, 3))
    >>> hidden_cards(classes, np.arange(2)).shape, classes.hands[0].tolist()
    ((2, 49), [0, 1, 2])
    """
    taken = np.concatenate([classes.hands[rows], classes.seen[rows]], axis=1).astype(np.int64)
    free = np.ones((taken.shape[0], 52), dtype=bool)
    free[np.arange(taken.shape[0])[:, None], taken] = False
    return np.nonzero(free)[1].reshape(taken.shape[0], 52 - taken.shape[1]).astype(np.uint8)


def seen_cells(
    spec: GameSpec, rules: RuleSet, classes: DealSituations, rows: IntArray, jobs: int = 1
) -> tuple[npt.NDArray[np.uint8], IntArray]:
    """The seen cards of the class rows ``rows`` (:func:`hidden_cards`) and the outcome cells
    with each, shape ``(n, slots, 6)``: the dealer hands holding the up cards and the seen
    card, counted by the game's counter (module docstring)."""
    hidden = hidden_cards(classes, rows)
    hands = classes.hands[rows]
    n, slots = hidden.shape
    forced = np.concatenate(
        [np.repeat(classes.seen[rows], slots, axis=0), hidden.reshape(-1, 1)], axis=1
    )
    strengths = np.repeat(player_strengths(spec, hands), slots)
    cells = counter_for(spec.shape).cells(
        np.repeat(hands, slots, axis=0),
        strengths,
        spec.qualifier(rules),
        spec.ranking,
        spec.shape.dealer_cards,
        jobs,
        forced=np.ascontiguousarray(forced, dtype=np.uint8),
    )
    return hidden, cells.reshape(n, slots, 6)


@dataclass
class StrategySums:
    """Exact integer sums of one strategy over the situations valued so far: ``ev`` and
    ``square`` (net and squared net, over ``unit`` and ``unit ** 2``), ``wagered`` (over
    ``unit``), ``deals``, and the deals of each decision."""

    ev: int = 0
    square: int = 0
    wagered: int = 0
    deals: int = 0
    shares: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


def pooled_cells(cells: IntArray, keys: IntArray | None, size: int) -> IntArray:
    """The cells ``(n, slots, 6)`` summed by information ``keys`` ``(n, slots)`` (values below
    ``size``), shape ``(n, size, 6)``; ``None``: every seen card told apart (the cells).

    Sums by ``bincount``, whose weights are floats: exact, as every sum is at most
    ``slots * completions``, far below ``2 ** 53`` (checked).

    Examples
    --------
    >>> cells = np.arange(12).reshape(1, 2, 6)
    >>> pooled_cells(cells, np.array([[0, 0]]), 1).tolist()
    [[[6, 8, 10, 12, 14, 16]]]
    """
    if keys is None:
        return cells
    n = cells.shape[0]
    assert int(cells.sum(axis=2).max(initial=0)) * cells.shape[1] < 2**53
    index = (np.arange(n)[:, None] * size + keys).ravel()
    flat = cells.reshape(-1, 6)
    out = np.empty((n * size, 6), dtype=np.int64)
    for column in range(6):
        out[:, column] = np.bincount(index, weights=flat[:, column], minlength=n * size)
    return out.reshape(n, size, 6)


def add_block(
    settlement: CellSettlement,
    sums: StrategySums,
    pooled: IntArray,
    strengths: IntArray,
    weights: IntArray,
) -> None:
    """Decide the block's class rows by their pooled cells ``(n, size, 6)`` (one per piece of
    information: :func:`pooled_cells`), and add their exact sums to ``sums``."""
    nets = settlement.nets[strengths]  # (n, 4, 6)
    ev = np.einsum("ngc,ndc->ngd", pooled, nets)
    masked = np.where(settlement.allowed[strengths][:, None, :], ev, np.iinfo(np.int64).min)
    decision = np.argmax(masked, axis=2)  # (n, groups): the smallest wager among exact ties
    square = np.einsum("ngc,ndc->ngd", pooled, nets * nets)
    deals_by = pooled.sum(axis=2)
    sums.deals += int(deals_by.sum(axis=1) @ weights)
    at = decision[:, :, None]
    sums.ev += int(np.take_along_axis(ev, at, axis=2)[:, :, 0].sum(axis=1) @ weights)
    sums.square += int(np.take_along_axis(square, at, axis=2)[:, :, 0].sum(axis=1) @ weights)
    sums.wagered += int((deals_by * settlement.wagers[decision]).sum(axis=1) @ weights)
    for code in range(4):
        sums.shares[code] += int(((decision == code) * deals_by).sum(axis=1) @ weights)


def strategy_sums(
    spec: GameSpec,
    rules: RuleSet,
    chosen: list[tuple[str, str | None]],
    jobs: int = 1,
    rows: IntArray | None = None,
) -> tuple[list[StrategySums], int]:
    """Every situation counted once, block by block, and valued under each strategy of
    ``chosen``; and how many situations there are. ``rows``: only these class rows of
    :func:`crazy4.generic.situations.deal_situations` (a sample, for a large game's checks)."""
    seen_shape(spec.shape)  # a hidden card to see
    classes = deal_situations(spec.shape)
    slots = 52 - spec.shape.player_cards - spec.shape.face_up
    selected = np.arange(classes.rows) if rows is None else np.asarray(rows, dtype=np.int64)
    keyed = []
    for _, text in chosen:
        group = None if text is None else groups_of(text)
        keyed.append((group, slots if group is None else int(group.max()) + 1))
    sums = [StrategySums() for _ in chosen]
    settlement = spec.settlement(rules)
    step = max(1, SITUATIONS_PER_BLOCK // slots)
    for start in range(0, selected.shape[0], step):
        block = selected[start : start + step]
        hidden, cells = seen_cells(spec, rules, classes, block, jobs)
        strengths = player_strengths(spec, classes.hands[block])
        weights = classes.weights[block]
        for (group, size), total in zip(keyed, sums, strict=True):
            keys = None if group is None else group[hidden.astype(np.int64) // 4]
            pooled = pooled_cells(cells, keys, size)
            add_block(settlement, total, pooled, strengths, weights)
    return sums, int(classes.weights[selected].sum()) * slots


def hole_card_table(
    spec: GameSpec,
    rules: RuleSet,
    groups: list[str],
    jobs: int = 1,
    rows: IntArray | None = None,
) -> pd.DataFrame:
    """``hole_strategies``: one row per strategy of :func:`strategies` (one seen card), over
    every situation or the class rows ``rows`` only (:func:`strategy_sums`)."""
    chosen = strategies(groups or [FACE_CARDS])
    for _, text in chosen:
        if text is not None:
            groups_of(text)  # every group list checked before any counting
    found, situations = strategy_sums(spec, rules, chosen, jobs, rows)
    unit = spec.settlement(rules).unit
    records = []
    base: Fraction | None = None
    for (name, groups_text), sums in zip(chosen, found, strict=True):
        ev = Fraction(sums.ev, sums.deals * unit)
        second = Fraction(sums.square, sums.deals * unit * unit)
        average = Fraction(sums.wagered, sums.deals * unit)
        base = ev if base is None else base
        gain = ev - base
        shares = np.array([float(share) for share in sums.shares])
        shares = shares / shares.sum()
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
            "std_dev": float(second - ev * ev) ** 0.5,
            "gain_numerator": gain.numerator,
            "gain_denominator": gain.denominator,
            "gain": float(gain),
            "situations": situations,
            "deals": sums.deals,
        }
        for code, label in enumerate(DECISIONS):
            row[f"share_{label}"] = float(shares[code])
        records.append(row)
    return pd.DataFrame(records)


def situation_text(
    spec: GameSpec, rules: RuleSet, hand: str, up: str | None, seen: str | None
) -> str:
    """One situation (``crazy4 advantage holecards --hand``): the player's cards, the up cards
    the rules deal, the hidden dealer cards seen; every dealer hand holding the known cards
    counted (the game's counter), each allowed decision's exact EV per Ante, the best.

    Raises
    ------
    InputError
        For a hand of the wrong size, up cards the rules do not deal (or missing), more seen
        cards than the dealer's hidden ones, or a card given twice.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> print(situation_text(THREE_CARD, rules, "Kh Kd 2c", None, "Ah"))
    Three Card Poker: 2c Kd Kh, seen Ah
    dealer hands: 1,128 (not qualified 0; player higher 915; tie 0; dealer higher 213)
    fold: -1.000000 (exact -1)
    1x: +1.244681 (exact 117/94)
    best: 1x
    """
    shape = spec.shape
    cards = parse_cards(hand, count=shape.player_cards)
    if shape.face_up and up is None:
        raise InputError(f"--up: {spec.title} deals {shape.face_up} dealer card(s) face up")
    if not shape.face_up and up is not None:
        raise InputError(f"--up: {spec.title} deals no dealer card face up")
    ups = parse_cards(up, count=shape.face_up) if up is not None else ()
    seens = parse_cards(seen) if seen else ()
    if len(seens) > shape.dealer_cards - shape.face_up:
        hidden = shape.dealer_cards - shape.face_up
        raise InputError(f"--seen-cards: the dealer has {hidden} hidden card(s)")
    known = (*cards, *ups, *seens)
    if len(set(known)) != len(known):
        raise InputError("--hand, --up and --seen-cards: a card is given twice")
    hands = np.array([sorted(cards)], dtype=np.uint8)
    strengths = player_strengths(spec, hands)
    forced = np.array([[*ups, *seens]], dtype=np.uint8).reshape(1, len(ups) + len(seens))
    cells = counter_for(shape).cells(
        hands, strengths, spec.qualifier(rules), spec.ranking, shape.dealer_cards, forced=forced
    )
    prices = price(cells, strengths, spec.settlement(rules))
    total = int(cells.sum())
    head = f"{spec.title}: {format_cards(cards)}"
    head += f", up {format_cards(ups)}" if ups else ""
    head += f", seen {format_cards(seens)}" if seens else ""
    counted = (
        f"dealer hands: {total:,} (not qualified {int(cells[0, :3].sum()):,}; player higher "
        f"{int(cells[0, 3]):,}; tie {int(cells[0, 4]):,}; dealer higher {int(cells[0, 5]):,})"
    )
    lines = [head, counted]
    for code, label in enumerate(DECISIONS):
        if prices.allowed[0, code]:
            ev = Fraction(int(prices.ev[0, code]), prices.denominator)
            lines.append(f"{label}: {float(ev):+.6f} (exact {ev})")
    best = [DECISIONS[c] for c in range(4) if prices.tied[0, c]]
    lines.append(f"best: {' or '.join(best)}")
    return "\n".join(lines)
