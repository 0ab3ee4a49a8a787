"""Rule inference as a search, for any game: each single edit, then pairs and triples of the most
promising ones on the rows no single edit explains, added to an
:class:`crazy4.validate.infer.Inference`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Generic, TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.validate.checks import Component
from crazy4.validate.infer import Inference, Variant
from crazy4.validate.patterns import agrees

Edit = TypeVar("Edit")
FloatNets = dict[str, npt.NDArray[np.float64]]

#: The most promising single edits combined (pairs and triples of them).
WIDTH = 8
#: The most differences one combination holds.
DEPTH = 3


@dataclass(frozen=True)
class Search(Generic[Edit]):
    """One batch's search: its rows, the single edits and how to settle under edits.

    Attributes
    ----------
    components : sequence of Component
        The good rows' wagers, expected nets (under the rule set) and logged nets.
    base : dict
        The expected nets per unit of each component, under the rule set.
    singles : sequence of (Variant, edit)
        The single differences searched, simplest first.
    settle : callable
        The nets per unit of each component under a tuple of edits applied together.
    """

    components: Sequence[Component]
    base: FloatNets
    singles: Sequence[tuple[Variant, Edit]]
    settle: Callable[[tuple[Edit, ...]], FloatNets]

    def run(
        self,
        inference: Inference,
        keys: Callable[[npt.NDArray[np.intp]], npt.NDArray[np.int64]],
        name_of: Callable[[npt.NDArray[np.integer]], str | tuple[str, ...]],
        example_of: Callable[[int], dict[str, object]],
        limit: int,
    ) -> None:
        """Search and add the differing rows to ``inference`` (``keys`` of the differing rows
        by position, ``name_of`` a key's words, ``example_of`` a row's example).

        Examples
        --------
        >>> ante = Component("ante", np.ones(4), np.zeros(4, np.int64),
        ...                  np.array([1.0, 1.0, 2.0, 0.0]))
        >>> base = {"ante": np.zeros(4)}
        >>> def settle(edits):  # edit "a": +1 on rows 0-2; "b": +1 on row 2
        ...     net = np.zeros(4)
        ...     net[:3] += "a" in edits
        ...     net[2] += "b" in edits
        ...     return {"ante": net}
        >>> singles = [(Variant("a", "A"), "a"), (Variant("b", "B"), "b")]
        >>> inference = Inference()
        >>> Search([ante], base, singles, settle).run(
        ...     inference, lambda rows: rows[:, None].astype(np.int64), lambda k: f"row {k[0]}",
        ...     lambda row: {"row": row}, 0)
        >>> [inference.variants[i].difference for i in inference.chosen()]
        ['a', 'a and b']
        >>> inference.unexplained()
        0
        """
        agreeing = agrees(self.components, self.base)
        wrong = np.flatnonzero(~agreeing)
        if wrong.size == 0:
            return
        explains: dict[int, npt.NDArray[np.bool_]] = {}
        broken: dict[int, int] = {}
        promise: list[tuple[int, int]] = []
        hard = np.ones(wrong.size, dtype=bool)
        changes: list[npt.NDArray[np.bool_]] = []
        for number, (variant, edit) in enumerate(self.singles):
            nets = self.settle((edit,))
            ok = agrees(self.components, nets)
            index = inference.index(variant)
            explains[index], broken[index] = ok[wrong], int((agreeing & ~ok).sum())
            hard &= ~ok[wrong]
            changes.append(self._changed(nets, wrong))
            if broken[index] == 0:
                promise.append((number, int(ok[wrong].sum())))
        if hard.any():
            scored = [(n, gain + int((changes[n] & hard).sum())) for n, gain in promise]
            best = [n for n, score in sorted(scored, key=lambda p: (-p[1], p[0])) if score][:WIDTH]
            for size in range(2, DEPTH + 1):
                for chosen in combinations(sorted(best), size):
                    if not hard.any():
                        break
                    nets = self.settle(tuple(self.singles[n][1] for n in chosen))
                    ok = agrees(self.components, nets)
                    if not (ok[wrong] & hard).any() or (agreeing & ~ok).any():
                        continue
                    index = inference.index(Variant.combined([self.singles[n][0] for n in chosen]))
                    explains[index], broken[index] = ok[wrong], 0
                    hard &= ~ok[wrong]
        inference.add(wrong, keys(wrong), explains, broken, name_of, example_of, limit)

    def _changed(self, nets: FloatNets, wrong: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
        """Which differing rows an edit settles otherwise than the rule set."""
        changed = np.zeros(wrong.size, dtype=bool)
        for c in self.components:
            changed |= ~np.isclose(nets[c.name][wrong], self.base[c.name][wrong])
        return changed
