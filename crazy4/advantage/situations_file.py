"""The per-situation table of a hole-card analysis, streamed to parquet chunk by chunk (so
120 million rows never sit in memory), with the provenance and the EVs' denominator.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from math import comb
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.parquet as pq

from crazy4.core.decisions import best_decisions
from crazy4.results.write import PROVENANCE_KEY, atomic_write, provenance
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import spec_of

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

Result = TypeVar("Result")


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
