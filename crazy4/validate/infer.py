"""Findings named by what the log did, and the rule set that explains the log.

The rows that differ under the rule set are settled under each *variant* of it (a rule switch,
a pay line changed, a known misreading, or a combination of them); the fewest differences that
explain the rows are chosen greedily (set cover, the simplest first on a tie), and each group
of rows is one finding, named by the first chosen variant that explains it, else by its key.
:class:`Search` tries each single edit, then pairs and triples of the most promising ones on
the rows no single edit explains.

References
----------
V. Chvátal, "A greedy heuristic for the set-covering problem", Math. Oper. Res. 4 (1979).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Generic, TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import format_cards
from crazy4.log.roundlog import DECISION_NAMES
from crazy4.validate.checks import Component
from crazy4.validate.patterns import agrees
from crazy4.validate.report import Check, Finding
from crazy4.validate.tally import TOLERANCE

#: Bits of a signature a key column holds (a signature is several int64 columns).
_WORD = 62
#: Most variants (single and combined) one inference tracks.
MAX_VARIANTS = 4 * _WORD


@dataclass(frozen=True)
class Variant:
    """One way the log's rules may differ from the rule set asked for: the ``difference`` ("ties
    below a straight lose the Super Bonus") and the ``pattern`` a log settled so shows ("Super
    Bonus lost on a tie below a straight")."""

    difference: str
    pattern: str
    parts: tuple[Variant, ...] = ()

    @classmethod
    def combined(cls, parts: Sequence[Variant]) -> Variant:
        """Several differences at once, named by theirs.

        Examples
        --------
        >>> Variant.combined([Variant("a", "x"), Variant("b", "y")]).pattern
        'x, and y'
        """
        return cls(
            " and ".join(p.difference for p in parts),
            ", and ".join(p.pattern for p in parts),
            tuple(parts),
        )

    @property
    def differences(self) -> tuple[str, ...]:
        """The single differences this variant stands for."""
        return tuple(p.difference for p in self.parts) or (self.difference,)


@dataclass
class Inference:
    """The groups of differing rows and each variant's explained and broken counts.

    Examples
    --------
    >>> inference = Inference()
    >>> ties = inference.index(Variant("ties win", "tie paid as a win"))
    >>> keys = np.array([[1], [1], [2]])
    >>> inference.add(np.arange(3), keys, {ties: np.array([True, True, False])}, {ties: 0},
    ...               lambda key: f"group {key[0]}", lambda row: {"row": row})
    >>> inference.chosen(), inference.unexplained()
    ([0], 1)
    >>> sorted((what, f.count) for what, f in inference.findings(5).items())
    [('group 2', 1), ('tie paid as a win', 2)]
    """

    variants: list[Variant] = field(default_factory=list)
    broken: list[int] = field(default_factory=list)
    groups: dict[tuple[int, str], Finding] = field(default_factory=dict)
    facets: dict[tuple[int, str], list[dict[str, None]]] = field(default_factory=dict)
    rows: int = 0

    def index(self, variant: Variant) -> int:
        """The variant's index, added when new (None past :data:`MAX_VARIANTS`: -1)."""
        if variant in self.variants:
            return self.variants.index(variant)
        if len(self.variants) >= MAX_VARIANTS:
            return -1
        self.variants.append(variant)
        self.broken.append(0)
        return len(self.variants) - 1

    def add(
        self,
        rows: npt.NDArray[np.intp],
        keys: npt.NDArray[np.integer],
        explains: dict[int, npt.NDArray[np.bool_]],
        broken: dict[int, int],
        name_of: Callable[[npt.NDArray[np.integer]], str | tuple[str, ...]],
        example_of: Callable[[int], dict[str, object]],
        limit: int = 5,
    ) -> None:
        """Add the differing ``rows`` of a batch (``keys``: one row of ints each), which of them
        each variant ``explains`` and how many agreeing rows it would have ``broken``;
        ``name_of`` names a key (a pattern, or a pattern and its facets, "1x or 3x")."""
        self.rows += rows.size
        for index, count in broken.items():
            if index >= 0:
                self.broken[index] += count
        words = MAX_VARIANTS // _WORD
        signature = np.zeros((rows.size, words), dtype=np.int64)
        for index, explained in explains.items():
            if index >= 0:
                word, bit = divmod(index, _WORD)
                signature[:, word] |= explained.astype(np.int64) << bit
        stacked = np.column_stack([np.asarray(keys, dtype=np.int64), signature])
        _, first, group = np.unique(stacked, axis=0, return_index=True, return_inverse=True)
        group = group.ravel()
        for code, start in enumerate(first):
            members = np.flatnonzero(group == code)
            named = name_of(stacked[start, :-words])
            pattern, facets = (named, ()) if isinstance(named, str) else (named[0], named[1:])
            mask = sum(int(w) << (_WORD * i) for i, w in enumerate(stacked[start, -words:]))
            key = (mask, pattern)
            finding = self.groups.setdefault(key, Finding())
            seen = self.facets.setdefault(key, [{} for _ in facets])
            for values, facet in zip(seen, facets, strict=False):
                values[facet] = None
            finding.count += members.size
            for member in members[: finding.budget(limit)]:
                finding.examples.append(example_of(int(rows[member])))

    def chosen(self) -> list[int]:
        """The variants chosen to explain the rows (greedy set cover, none that breaks a row).

        Examples
        --------
        >>> inference = Inference()
        >>> a, b = (inference.index(Variant(n, n)) for n in "ab")
        >>> inference.groups = {(0b01, "x"): Finding(3), (0b11, "y"): Finding(2)}
        >>> inference.broken = [0, 0]
        >>> inference.chosen()
        [0]

        Among combinations naming as many new differences, the fewest differences: ``b and c``
        (2 rows) before ``a and b and c`` (3 rows, one of them needing ``a`` too).

        >>> c = inference.index(Variant("c", "c"))
        >>> bc = inference.index(Variant.combined([inference.variants[i] for i in (b, c)]))
        >>> abc = inference.index(Variant.combined(inference.variants[:3]))
        >>> inference.groups = {(0b00001, "a"): Finding(5), (0b11000, "bc"): Finding(2),
        ...                     (0b10000, "abc"): Finding(1)}
        >>> inference.broken = [0] * 5
        >>> [inference.variants[i].difference for i in inference.chosen()]
        ['a', 'b and c', 'a and b and c']
        """
        counts: dict[int, int] = {}
        for (signature, _), finding in self.groups.items():
            counts[signature] = counts.get(signature, 0) + finding.count
        allowed = [i for i in range(len(self.variants)) if self.broken[i] == 0]
        chosen: list[int] = []
        for combined in (False, True):  # the single differences first, then combinations
            while True:
                named = {d for i in chosen for d in self.variants[i].differences}
                gains = {
                    i: sum(n for s, n in counts.items() if s >> i & 1)
                    for i in allowed
                    if i not in chosen and bool(self.variants[i].parts) == combined
                }
                new = {i: len(set(self.variants[i].differences) - named) for i in gains}
                best = max(gains, key=lambda i: self._preference(i, gains[i], new[i]), default=None)
                if best is None or gains[best] == 0:
                    break
                chosen.append(best)
                counts = {s: n for s, n in counts.items() if not s >> best & 1}
        return chosen

    def _preference(self, index: int, gain: int, new: int) -> tuple[bool, int, int, int, int]:
        """How much :meth:`chosen` prefers a variant: explaining a row, then the fewest new
        differences, the fewest differences, the most rows, listed first."""
        return (gain > 0, -new, -len(self.variants[index].parts), gain, -index)

    def unexplained(self) -> int:
        """The rows no chosen variant explains."""
        chosen = self.chosen()
        return sum(
            finding.count
            for (signature, _), finding in self.groups.items()
            if not any(signature >> i & 1 for i in chosen)
        )

    def unexplained_words(self, most: int = 3) -> list[str]:
        """The largest groups of rows no chosen variant explains, in the log's terms.

        Examples
        --------
        >>> inference = Inference()
        >>> inference.groups = {(0, "Ante paid 7 where won expected"): Finding(4)}
        >>> inference.unexplained_words()
        ['unexplained: 4 rows where Ante paid 7 where won expected']
        """
        chosen = self.chosen()
        left: dict[str, int] = {}
        for (signature, name), finding in self.groups.items():
            if not any(signature >> i & 1 for i in chosen):
                facets = "; ".join(" or ".join(v) for v in self.facets.get((signature, name), []))
                what = f"{name} ({facets})" if facets else name
                left[what] = left.get(what, 0) + finding.count
        ordered = sorted(left.items(), key=lambda item: -item[1])[:most]
        return [f"unexplained: {count:,} rows where {what}" for what, count in ordered]

    def explained_by(self) -> dict[int, int]:
        """Rows each chosen variant is credited with (the first chosen that explains a row)."""
        chosen = self.chosen()
        credit = dict.fromkeys(chosen, 0)
        for (signature, _), finding in self.groups.items():
            first = next((i for i in chosen if signature >> i & 1), None)
            if first is not None:
                credit[first] += finding.count
        return credit

    def findings(self, limit: int) -> dict[str, Finding]:
        """One finding per pattern: a chosen variant's, else the group's own (most rows
        first)."""
        chosen = self.chosen()
        merged: dict[str, Finding] = {}
        for (signature, name), finding in self.groups.items():
            first = next((i for i in chosen if signature >> i & 1), None)
            facets = "; ".join(" or ".join(v) for v in self.facets.get((signature, name), []))
            what = f"{name} ({facets})" if facets else name
            if first is not None:
                what = self.variants[first].pattern
            target = merged.setdefault(what, Finding())
            target.count += finding.count
            target.examples += finding.examples[: target.budget(limit)]
        return dict(sorted(merged.items(), key=lambda item: -item[1].count))


def differing_example(
    row: int,
    positions: npt.NDArray[np.intp],
    first_row: int,
    shown: tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], npt.NDArray[np.int64]],
    components: Sequence[Component],
    base: Mapping[str, npt.NDArray[np.float64]],
) -> dict[str, object]:
    """The example of a differing row, for any game: ``row`` of the ``components`` (at
    ``positions`` in the batch): its number, cards and decision (``shown``), and the logged and
    expected net (``wager * base``) of each wager that differs.

    Examples
    --------
    >>> ante = Component("ante", np.ones(2), np.array([1, 1]), np.array([1.0, -1.0]))
    >>> shown = (np.array([[0, 1]] * 3, np.int16), np.array([[2, 51]] * 3, np.int16),
    ...          np.array([1, 1, 3]))
    >>> differing_example(1, np.array([0, 2]), 11, shown, [ante], {"ante": np.ones(2)})
    {'row': 13, 'player': '2d 2c', 'dealer': 'As 2h', 'decision': '3x', 'ante_net': -1.0, \
'ante_expected': 1.0}
    """
    position = int(positions[row])
    player, dealer, decision = shown
    found: dict[str, object] = {
        "row": first_row + position,
        "player": format_cards(player[position][::-1].tolist()),
        "dealer": format_cards(dealer[position][::-1].tolist()),
        "decision": DECISION_NAMES[int(decision[position])],
    }
    for c in components:
        logged, expected = float(c.logged[row]), float(c.wager[row] * base[c.name][row])
        if not np.isclose(logged, expected, rtol=TOLERANCE, atol=1e-9):
            found[f"{c.name}_net"] = logged
            found[f"{c.name}_expected"] = expected
    return found


def inference_check(
    rule_set: str, parts: dict[str, Inference], settled: int | None = None
) -> Check:
    """The rule-inference check over the ``parts`` (``settlement``, ``strategy``): consistent
    with ``rule_set``, or with it except the differences found, or explained by no rule set
    searched; its verdict rests on the ``settled`` rows (those the settlement compared).

    Examples
    --------
    >>> inference_check("crazy4-standard", {"settlement": Inference()}).summary
    'consistent with crazy4-standard'
    """
    basis = None if settled is None else (settled, "rows")
    differences: dict[str, Finding] = {}
    unexplained = decisions = 0
    searched = 0
    for name, inference in parts.items():
        searched += len(inference.variants)
        if name == "strategy":  # decisions no rule explains: the Strategy check's findings
            decisions = inference.unexplained()
        else:
            unexplained += inference.unexplained()
        for index, count in inference.explained_by().items():
            for difference in inference.variants[index].differences:
                finding = differences.setdefault(difference, Finding())
                finding.count += count
    rows = sum(inference.rows for inference in parts.values())
    if rows == 0:
        return Check("Rule inference", True, f"consistent with {rule_set}", basis=basis)
    strategy_note = (
        f"{decisions:,} decisions differ from the strategy and no rule difference searched "
        "explains them (see Strategy)"
    )
    if not differences and unexplained == 0:  # strategy deviations alone
        return Check(
            "Rule inference", True, f"consistent with {rule_set} ({strategy_note})", basis=basis
        )
    if differences:
        summary = f"consistent with {rule_set} except: " + "; ".join(differences)
        if unexplained:
            summary += (
                f" (and {unexplained:,} differing rows explained by no rule set searched: "
                f"{searched} variants)"
            )
    else:
        summary = (
            f"no rule set searched explains the log ({searched} variants of {rule_set} "
            f"tried; {unexplained:,} differing rows)"
        )
    notes = [
        f"{unexplained:,} differing rows explained by no difference or combination of up to "
        "three searched"
    ] * bool(unexplained and differences)
    notes += [strategy_note] * bool(decisions)
    for name, inference in parts.items():
        notes += [] if name == "strategy" else inference.unexplained_words()
    return Check("Rule inference", False, summary, findings=differences, notes=notes, basis=basis)


Edit = TypeVar("Edit")
FloatNets = dict[str, npt.NDArray[np.float64]]

#: The most promising single edits combined (pairs and triples of them).
WIDTH = 8
#: The most differences one combination holds.
DEPTH = 3


@dataclass(frozen=True)
class Search(Generic[Edit]):
    """One batch's search: its good rows (``components``, ``base`` their nets per unit under the
    rule set), the single edits (simplest first) and ``settle``, the nets per unit under a tuple
    of edits applied together."""

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
