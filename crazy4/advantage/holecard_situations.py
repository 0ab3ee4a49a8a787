"""The situations of a hole-card analysis (a player hand and every dealer card it knows, all
forced into every counted dealer hand), chunk by chunk, with their outcome cells counted; and
the per-situation table, streamed to parquet chunk by chunk with its provenance.

Examples
--------
>>> forced_shape(DealShape(5, 5, 0, 4), 1)
DealShape(player_cards=5, dealer_cards=5, face_up=1, hand_cards=4)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise
from math import comb
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.parquet as pq

from crazy4.analyze.analysis import player_strengths
from crazy4.analyze.counting import LISTING_LIMIT, counter_for, situation_cells
from crazy4.analyze.counts import suit_classes
from crazy4.analyze.situations import DealSituations, deal_situations
from crazy4.core.decisions import best_decisions
from crazy4.core.forced import forced_situations
from crazy4.results.write import PROVENANCE_KEY, atomic_write, provenance
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import spec_of
from crazy4.spec.specification import DealShape, GameSpec

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
Result = TypeVar("Result")

#: Situation classes priced at once (bounds the working memory).
SITUATIONS_PER_CHUNK = 1_000_000
#: Histogram entries (situations x strengths) a listing counter fills at once (1 GiB).
HISTOGRAM_ENTRIES = 1 << 27


@dataclass(frozen=True)
class SituationChunk:
    """Situation classes of the hand classes ``start .. stop - 1``, counted."""

    start: int
    stop: int
    hand: IntArray
    cards: IntArray
    weights: IntArray
    cells: IntArray


def forced_shape(shape: DealShape, seen: int) -> DealShape:
    """The deal shape with ``seen`` more dealer cards known (the counter's shape)."""
    known = shape.face_up + seen
    return DealShape(shape.player_cards, shape.dealer_cards, known, shape.hand_cards)


def hand_bounds(
    first: int, last: int, per_hand: int, per_chunk: int = SITUATIONS_PER_CHUNK
) -> list[tuple[int, int]]:
    """Runs of hand classes ``first .. last - 1`` of about ``per_chunk`` situation classes each.

    Examples
    --------
    >>> hand_bounds(0, 5, 400_000)
    [(0, 3), (3, 5)]
    """
    step = max(1, per_chunk * 5 // (4 * per_hand))
    return [(start, min(start + step, last)) for start in range(first, last, step)]


def counted_chunks(
    spec: GameSpec, rules: RuleSet, seen: int, jobs: int, selected: IntArray | None = None
) -> Iterator[SituationChunk]:
    """Every situation class of the hand classes ``selected``, chunk by chunk, counted."""
    shape = forced_shape(spec.shape, seen)
    hands, sizes = suit_classes(shape.player_cards)
    if shape.face_up == 1 and selected is None:
        yield from cached_chunks(spec, rules, shape, jobs)
        return
    chosen = np.arange(hands.shape[0]) if selected is None else np.asarray(selected, np.int64)
    per_hand = comb(52 - shape.player_cards, shape.face_up)
    for start, stop in hand_bounds(0, chosen.shape[0], per_hand, situations_per_chunk(spec)):
        part = chosen[start:stop]
        found = forced_situations(hands[part], sizes[part], shape.face_up)
        hand = part[found.hand_of.astype(np.int64)]
        cards = np.ascontiguousarray(found.cards, dtype=np.int64)
        cells = count_cells(spec, rules, shape, hands[hand], cards, jobs)
        yield SituationChunk(start, stop, hand, cards, found.weights, cells)


def hidden_cards(classes: DealSituations, rows: IntArray) -> npt.NDArray[np.uint8]:
    """The cards each situation class row of ``rows`` leaves, ascending.

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


def row_chunk(spec: GameSpec, rules: RuleSet, rows: IntArray, jobs: int) -> SituationChunk:
    """The situations of the class rows ``rows`` of :func:`deal_situations` with each card they
    leave seen (the face-up cards first).

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> chunk = row_chunk(THREE_CARD, load_rules("three-card-standard"), np.array([0]), 1)
    >>> chunk.cards.shape, int(chunk.cells.sum(axis=1)[0])
    ((49, 1), 1128)
    """
    classes = deal_situations(spec.shape)
    hidden = hidden_cards(classes, rows).astype(np.int64)
    slots = hidden.shape[1]
    up = np.repeat(classes.seen[rows].astype(np.int64), slots, axis=0)
    cards = np.concatenate([up, hidden.reshape(-1, 1)], axis=1)
    hand = np.repeat(classes.hand_class[rows], slots)
    shape = forced_shape(spec.shape, 1)
    counted = np.sort(cards, axis=1)
    cells = count_cells(spec, rules, shape, classes.hands[np.repeat(rows, slots)], counted, jobs)
    weights = np.repeat(classes.weights[rows], slots)
    return SituationChunk(0, rows.shape[0], hand, cards, weights, cells)


def situations_per_chunk(spec: GameSpec) -> int:
    """Situations counted at once (fewer where the counter lists the dealer's completions).

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> situations_per_chunk(THREE_CARD) < SITUATIONS_PER_CHUNK
    True
    """
    known = spec.shape.face_up
    completions = comb(52 - spec.shape.player_cards - known, spec.shape.dealer_cards - known)
    if completions > LISTING_LIMIT:
        return SITUATIONS_PER_CHUNK
    return max(1, min(SITUATIONS_PER_CHUNK, HISTOGRAM_ENTRIES // spec.ranking.n_strengths))


def count_cells(
    spec: GameSpec,
    rules: RuleSet,
    shape: DealShape,
    hands: npt.NDArray[np.uint8],
    cards: IntArray,
    jobs: int,
) -> IntArray:
    """The six outcome cells of each (hand, forced cards) row, by the game's counter."""
    cells = counter_for(spec.shape).cells(
        np.ascontiguousarray(hands, dtype=np.uint8),
        player_strengths(spec, hands),
        spec.qualifier(rules),
        spec.ranking,
        shape.dealer_cards,
        jobs,
        forced=np.ascontiguousarray(cards, dtype=np.uint8),
    )
    return np.asarray(cells, dtype=np.int64)


def cached_chunks(
    spec: GameSpec, rules: RuleSet, shape: DealShape, jobs: int
) -> Iterator[SituationChunk]:
    """The situation classes of one forced card, their cells from the table cache, in chunks."""
    classes = deal_situations(shape)
    cards = classes.seen.astype(np.int64)

    def count() -> IntArray:
        return count_cells(spec, rules, shape, classes.hands, cards, jobs)

    qualifier = spec.qualifier(rules)
    cells = situation_cells(shape, spec.ranking, qualifier, classes.rows, count)
    hand = classes.hand_class
    starts = np.flatnonzero(np.r_[True, hand[1:] != hand[:-1]])  # each hand class's first row
    per_chunk = max(1, len(starts) * SITUATIONS_PER_CHUNK // max(1, classes.rows))
    for a, b in pairwise([*starts[::per_chunk].tolist(), classes.rows]):
        start, stop, part = int(hand[a]), int(hand[b - 1]) + 1, slice(a, b)
        yield SituationChunk(
            start,
            stop,
            hand[part],
            cards[part],
            classes.weights[part],
            cells[part].astype(np.int64),
        )


def suit_masks(hands: npt.NDArray[np.uint8]) -> IntArray:
    """Each hand's rank mask per suit, shape ``(n, 4)``.

    Examples
    --------
    >>> suit_masks(np.array([[0, 1, 4]], np.uint8)).tolist()
    [[3, 1, 0, 0]]
    """
    masks = np.zeros((hands.shape[0], 4), dtype=np.int64)
    for column in range(hands.shape[1]):
        cards = hands[:, column].astype(np.int64)
        np.bitwise_or.at(masks, (np.arange(hands.shape[0]), cards % 4), 1 << (cards // 4))
    return masks


def canonical_cards(cards: IntArray, masks: IntArray) -> IntArray:
    """The least card of each card's orbit under the relabellings fixing its hand.

    Examples
    --------
    >>> masks = suit_masks(np.array([[0, 1, 4]], np.uint8))  # 2c 2d 3c: hearts, spades alike
    >>> canonical_cards(np.array([51]), masks).tolist()
    [50]
    """
    own = masks[np.arange(cards.shape[0]), cards % 4]
    same = masks == own[:, None]
    lowest = np.argmax(same, axis=1).astype(np.int64)
    return np.asarray(4 * (cards // 4) + lowest, dtype=np.int64)


def known_ranks(cards: npt.NDArray[np.integer[Any]]) -> IntArray:
    """The chart's key of the known dealer cards: the rank of one card; of two, ``13 * low + high``.

    Examples
    --------
    >>> known_ranks(np.array([[51], [0]])).tolist(), known_ranks(np.array([[51, 0]])).tolist()
    ([12, 0], [12])
    """
    ranks: IntArray = cards.astype(np.int64) // 4
    if ranks.shape[1] == 1:
        return ranks[:, 0]
    low = np.minimum(ranks[:, 0], ranks[:, 1])
    return np.asarray(low * 13 + np.maximum(ranks[:, 0], ranks[:, 1]), dtype=np.int64)


def assign_roles(
    cards: IntArray, up_columns: tuple[int, ...], masks: IntArray
) -> tuple[list[IntArray], list[IntArray]]:
    """The face-up cards (their orbit's least) and the hidden ones of one role assignment."""
    up = [canonical_cards(cards[:, c], masks) for c in up_columns]
    hidden = [cards[:, c] for c in range(cards.shape[1]) if c not in up_columns]
    return up, hidden


def information_keys(
    groups_of: tuple[int, ...] | None,
    hand: IntArray,
    up: list[IntArray],
    seen: list[IntArray],
    rows: IntArray,
) -> IntArray:
    """One integer key per situation and role assignment for what a strategy knows (None: the
    whole card, the situation itself)."""
    if groups_of is None:
        return rows
    groups = np.asarray(groups_of, dtype=np.int64)
    key = hand.copy()
    for card in up:
        key = key * 53 + card
    infos = [groups[card // 4] for card in seen]
    if len(infos) == 2:
        infos = [np.minimum(infos[0], infos[1]), np.maximum(infos[0], infos[1])]
    for info in infos:
        key = key * 13 + info
    return key


def seen_key(seen: list[IntArray]) -> IntArray:
    """The seen-rank key of each situation: :func:`known_ranks` of the seen cards."""
    return known_ranks(np.stack(seen, axis=1)) if seen else np.zeros(1, dtype=np.int64)


def situation_rows(
    hands: npt.NDArray[np.uint8],
    cards: IntArray,
    weights: IntArray,
    ev: IntArray,
    allowed: BoolArray,
) -> dict[str, npt.NDArray[np.generic]]:
    """Columns of the per-situation table: hand and known dealer cards, weight, perfect
    decision, tied decisions as bits (bit m: decision m ties the best), EV numerators.

    Examples
    --------
    >>> rows = situation_rows(np.array([[0, 1, 2, 3, 4]], np.uint8), np.array([[51]]),
    ...     np.array([4]), np.array([[-4, 6, 6, 0]]), np.array([[True, True, True, False]]))
    >>> int(rows["decision"][0]), int(rows["tied"][0])
    (1, 6)
    """
    decision, tied = best_decisions(ev, allowed)
    columns: dict[str, npt.NDArray[np.generic]] = {
        f"hand_card_{j + 1}": hands[:, j].astype(np.int8) for j in range(hands.shape[1])
    }
    for j in range(cards.shape[1]):
        columns[f"dealer_card_{j + 1}"] = cards[:, j].astype(np.int8)
    columns["weight"] = weights
    columns["decision"] = decision.astype(np.int8)
    columns["tied"] = (tied * (1 << np.arange(4))).sum(axis=1).astype(np.int8)
    for code, name in enumerate(("fold", "1x", "2x", "3x")):
        columns[f"ev_{name}_numerator"] = np.asarray(ev[:, code], dtype=np.int64)
    return columns


def write_situations(
    path: Path,
    rules: RuleSet,
    run: Callable[[Callable[[dict[str, Any]], None]], Result],
    seen: int = 1,
) -> Result:
    """Run ``run(sink)`` and write every chunk ``sink`` receives to ``path``; returns its result.

    Examples
    --------
    >>> import tempfile, numpy as np
    >>> from crazy4.registry import load_rules
    >>> path = Path(tempfile.mkdtemp()) / "s.parquet"
    >>> write_situations(path, load_rules("crazy4-standard"),
    ...                  lambda sink: sink({"weight": np.array([4])}) or 7)
    7
    >>> pq.read_table(path).num_rows
    1
    """
    outcome: list[Result] = []

    def write(target: Path) -> None:
        writer: list[pq.ParquetWriter] = []

        def sink(columns: dict[str, Any]) -> None:
            table = pa.table(columns)
            if not writer:
                deals, counts = _counts(rules, seen)
                record = provenance(rules.name, rules.content_hash, deals, **counts)
                metadata = {PROVENANCE_KEY: json.dumps(record, sort_keys=True).encode()}
                schema = table.schema.with_metadata(metadata)
                writer.append(pq.ParquetWriter(target, schema, compression="zstd"))
            writer[0].write_table(table.replace_schema_metadata(writer[0].schema.metadata))

        try:
            outcome.append(run(sink))
        finally:
            if writer:
                writer[0].close()

    atomic_write(path, write)
    return outcome[0]


def _counts(rules: RuleSet, seen: int) -> tuple[int, dict[str, object]]:
    """The deals the situations stand for, and the provenance's denominator and seen cards."""
    spec = spec_of(rules)
    shape, known = spec.shape, spec.shape.face_up + seen
    p, roles = shape.player_cards, comb(known, shape.face_up)
    completions = comb(52 - p - known, shape.dealer_cards - known)
    deals = comb(52, p) * comb(52 - p, known) * roles * completions
    return deals, {"seen": seen, "ev_denominator": completions * spec.settlement(rules).unit}
