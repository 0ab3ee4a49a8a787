"""The strategy check with exact EVs past int64 (a huge payout): the same findings as the
compiled comparison of the same EVs held as int64 (which a numba kernel cannot read as Python
integers: before, ``crazy4 validate`` of such a rule set raised a ``TypingError``)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from crazy4.validate.checks import compare_decisions
from crazy4.validate.tally import Tally


def _run(ev: npt.NDArray[np.generic], seed: int) -> Tally:
    rng = np.random.default_rng(seed)
    rows, classes_n = 500, 40
    classes = rng.integers(0, classes_n, rows)
    strategy = rng.integers(0, 4, classes_n)
    taken = np.where(rng.random(rows) < 0.8, strategy[classes], rng.integers(0, 4, rows))
    compared = rng.random(rows) < 0.9
    tally = Tally()

    def lost(c: np.ndarray, wanted: np.ndarray, played: np.ndarray) -> np.ndarray:
        return np.asarray(ev[c, wanted] - ev[c, played], dtype=np.float64)

    compare_decisions(
        tally, compared, classes, strategy, taken.astype(np.int64), ev,  # type: ignore[arg-type]
        lost, 0, 5, lambda row: {"class": int(classes[row])},
    )  # fmt: skip
    return tally


def test_python_integer_evs_give_the_compiled_findings() -> None:
    rng = np.random.default_rng(7)
    small = rng.integers(-3, 4, (40, 4)).astype(np.int64)  # ties between decisions too
    for seed in range(5):
        narrow = _run(small, seed)
        wide = _run(small.astype(object) * 10**20, seed)  # the same order, past int64
        assert narrow.deviations > 0
        assert (wide.deviations, wide.strategy_rows) == (narrow.deviations, narrow.strategy_rows)
        assert {k: f.count for k, f in wide.strategy_findings.items()} == {
            k: f.count for k, f in narrow.strategy_findings.items()
        }
        rows = {k: [e["row"] for e in f.examples] for k, f in wide.strategy_findings.items()}
        assert rows == {
            k: [e["row"] for e in f.examples] for k, f in narrow.strategy_findings.items()
        }
