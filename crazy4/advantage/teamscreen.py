"""Finding a team nobody named: a cheap screen for candidate groups, then the exact group test
with its p-value multiplied by the ``M = 2^N - N - 1`` possible groups (the union bound keeps
the family at ``alpha``; ``docs/surveillance.md``, "Detection by default").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from crazy4.advantage.detect import tail_probability
from crazy4.advantage.evidence import likelihood_ratio
from crazy4.advantage.teamdetect import (
    TEAM_DRAWS,
    honest_play,
    team_evidence,
    team_rounds,
    team_valuation,
)
from crazy4.rules.ruleset import RuleSet

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

#: The share of a seat's deviations a partner's cards must explain, both ways, to join the two.
PAIR_RATE = 0.3
#: At least this many deviations of each seat of a pair before it can be joined.
PAIR_ROUNDS = 3


@dataclass(frozen=True)
class Table:
    """A log as a table: the rounds in which every seat played."""

    hands: IntArray
    up: IntArray
    decisions: IntArray
    seats: tuple[int, ...]
    round_ids: IntArray


@dataclass(frozen=True)
class FoundGroup:
    """A candidate group's test: its p-value times ``M``, the EV each member gained (Antes, whole
    session), the telling round ids and the largest member's likelihood ratio (``log10``)."""

    seats: tuple[int, ...]
    rounds: int
    member_p_values: tuple[float, ...]
    p_value: float
    flagged: bool
    member_gains: tuple[float, ...]
    groups_possible: int
    telling_rounds: tuple[int, ...] = ()
    log10_likelihood_ratio: float = 0.0
    members_flagged: tuple[int, ...] = ()


def table_of(
    hands: IntArray, up: IntArray, decisions: IntArray, seat_of: IntArray, round_ids: IntArray
) -> Table | None:
    """The rounds in which every seat of the log played a readable hand and decision (None
    when fewer than two seats or no such round).

    Examples
    --------
    >>> hands = np.arange(20).reshape(4, 5)
    >>> t = table_of(hands, np.zeros((4, 0), int), np.array([0, 1, 1, 0]), np.array([1, 2, 1, 2]),
    ...              np.array([1, 1, 2, 2]))
    >>> t.seats, t.decisions.tolist()
    ((1, 2), [[0, 1], [1, 0]])
    """
    good = (hands >= 0).all(axis=1) & (decisions >= 0) & (decisions <= 3) & (round_ids >= 0)
    good &= (up >= 0).all(axis=1)
    seats = tuple(int(s) for s in np.unique(seat_of[good]))
    if len(seats) < 2:
        return None
    ids = np.unique(round_ids[good])
    where = np.full((ids.size, len(seats)), -1, dtype=np.int64)
    rows = np.flatnonzero(good)
    where[np.searchsorted(ids, round_ids[rows]), np.searchsorted(seats, seat_of[rows])] = rows
    full = (where >= 0).all(axis=1)
    if not full.any():
        return None
    where = where[full]
    return Table(
        hands=np.sort(hands[where], axis=2),
        up=up[where[:, 0]],
        decisions=decisions[where],
        seats=seats,
        round_ids=ids[full],
    )


def deviations(rules: RuleSet, table: Table) -> BoolArray:
    """Where each seat's decision differs from the no-information optimum, ``(n, N)``."""
    n, seats, size = table.hands.shape
    up = np.repeat(table.up, seats, axis=0)
    honest = honest_play(rules, table.hands.reshape(n * seats, size), up)
    return np.asarray(honest.reshape(n, seats) != table.decisions)


def candidate_groups(rules: RuleSet, table: Table, deviating: BoolArray) -> list[
    tuple[int, ...]
]:  # fmt: skip
    """The screen's candidate groups (column indices of the table)."""
    seats = len(table.seats)
    explained = np.zeros((seats, seats), dtype=np.int64)
    tried = np.zeros((seats, seats), dtype=np.int64)
    often = deviating.sum(axis=0) >= PAIR_ROUNDS  # a pair joins only when both deviate often
    for s in np.flatnonzero(often).tolist():
        rows = np.flatnonzero(deviating[:, s])
        for j in np.flatnonzero(often).tolist():
            if j == s:
                continue
            decided, _, _ = team_valuation(
                rules, table.hands[rows, s], table.hands[rows, j][:, None], table.up[rows]
            )
            explained[s, j] = int((decided == table.decisions[rows, s]).sum())
            tried[s, j] = rows.size
    rate = explained >= PAIR_RATE * tried
    joined = (tried >= PAIR_ROUNDS) & (tried.T >= PAIR_ROUNDS) & rate & rate.T
    parent = list(range(seats))

    def root(a: int) -> int:
        while parent[a] != a:
            a = parent[a]
        return a

    for s, j in zip(*np.nonzero(np.triu(joined, 1)), strict=True):
        parent[root(int(s))] = root(int(j))
    components: dict[int, list[int]] = {}
    for s in range(seats):
        components.setdefault(root(s), []).append(s)
    found = [tuple(c) for c in components.values() if len(c) >= 2]
    # a large team: one partner's cards explain little of a deviation, so no pair joins;
    # every seat that deviated often enough is a candidate too
    deviators = tuple(int(s) for s in np.flatnonzero(deviating.sum(axis=0) >= PAIR_ROUNDS))
    if len(deviators) >= 2 and deviators not in found:
        found.append(deviators)
    return found


@dataclass(frozen=True)
class MemberTest:
    """One member's conditional randomization test with the other members' cards."""

    p_value: float
    gain: float
    rounds: int
    p: FloatArray
    hits: BoolArray
    telling: tuple[tuple[float, int], ...]


def member_test(
    rules: RuleSet,
    table: Table,
    members: tuple[int, ...],
    member: int,
    *,
    draws: int = TEAM_DRAWS,
    seed: int = 0,
) -> MemberTest:
    """The test of ``member`` within the group ``members`` (column indices)."""
    chosen = team_rounds(rules, table.hands[:, member], table.up, table.decisions[:, member])
    rows = np.flatnonzero(chosen)
    if rows.size == 0:
        nothing = np.zeros(0, dtype=np.float64)
        return MemberTest(1.0, 0.0, 0, nothing, nothing.astype(bool), ())
    names = tuple(table.seats[m] for m in members)
    mates = [m for m in members if m != member]
    found = team_evidence(
        rules,
        table.hands[rows, member],
        table.up[rows],
        table.hands[rows][:, mates],
        table.decisions[rows, member],
        draws=draws,
        seed=(seed, table.seats[member], *names),
    )
    hit = np.flatnonzero(found.hits & (found.p < 1))
    return MemberTest(
        p_value=tail_probability(found.p, int(found.hits.sum())),
        gain=float(found.gain),
        rounds=int(rows.size),
        p=found.p,
        hits=found.hits,
        telling=tuple((float(found.p[i]), int(table.round_ids[rows[i]])) for i in hit),
    )


def examine_candidate(
    rules: RuleSet,
    table: Table,
    members: tuple[int, ...],
    alpha: float,
    *,
    draws: int = TEAM_DRAWS,
    seed: int = 0,
) -> FoundGroup:
    """The joint test of one candidate group (column indices), its p-value times ``M``."""
    seats = len(table.seats)
    possible = 2**seats - seats - 1
    names = tuple(table.seats[m] for m in members)
    p_values, gains, valued = [], [], 0
    telling: list[tuple[float, int]] = []
    evidence: list[tuple[FloatArray, BoolArray]] = []
    for member in members:
        test = member_test(rules, table, members, member, draws=draws, seed=seed)
        p_values.append(test.p_value)
        gains.append(test.gain)
        valued += test.rounds
        if test.rounds:
            evidence.append((test.p, test.hits))
        telling += test.telling
    p_value = min(1.0, possible * len(members) * min(p_values))
    # a flagged group says some member used the pooled cards; a member is named only on its
    # own evidence, Bonferroni over every (group, member) pair: possible * g * p_s < alpha
    named = tuple(s for s, p in zip(names, p_values, strict=True)
                  if possible * len(members) * p < alpha)  # fmt: skip
    return FoundGroup(
        seats=names,
        rounds=valued,
        member_p_values=tuple(p_values),
        p_value=p_value,
        flagged=p_value < alpha,
        member_gains=tuple(gains),
        groups_possible=possible,
        telling_rounds=tuple(dict.fromkeys(r for _, r in sorted(telling)))[:5],
        log10_likelihood_ratio=max((likelihood_ratio(p, h)[1] for p, h in evidence), default=0.0),
        members_flagged=named,
    )


def screen_table(
    rules: RuleSet, table: Table, alpha: float, *, draws: int = TEAM_DRAWS, seed: int = 0
) -> list[FoundGroup]:
    """Screen a table and test every candidate group."""
    if draws < 1:
        return []
    deviating = deviations(rules, table)
    found: list[FoundGroup] = []
    tested: dict[tuple[int, ...], FoundGroup] = {}  # a group is tested once, however reached
    for members in candidate_groups(rules, table, deviating):
        named = {s for group in found if group.flagged for s in group.members_flagged}
        unnamed = [m for m in members if table.seats[m] not in named]
        if len(unnamed) == 1:  # a found group and one more seat: test that seat with it
            found = joined(rules, table, found, members, unnamed[0], alpha,
                           draws=draws, seed=seed)  # fmt: skip
        if len(unnamed) < 2:
            continue
        group = _pruned(rules, table, members, alpha, draws, seed, tested)
        if group not in found:
            found.append(group)
    return found


def joined(
    rules: RuleSet,
    table: Table,
    found: list[FoundGroup],
    members: tuple[int, ...],
    seat: int,
    alpha: float,
    *,
    draws: int = TEAM_DRAWS,
    seed: int = 0,
) -> list[FoundGroup]:
    """Test ``seat``, the one seat of a candidate no flagged group names, as a member of the
    flagged group ``G`` sharing most seats with it: flagged on its own evidence
    (``M g p_seat < alpha``), it joins ``G``.

    Examples
    --------
    >>> joined(None, None, [], (0, 1), 1, 0.05)  # no flagged group beside the seat
    []
    """
    groups = [i for i, g in enumerate(found) if g.flagged and g.members_flagged]
    if not groups:
        return found
    overlap = [sum(table.seats[m] in found[i].members_flagged for m in members) for i in groups]
    best = found[groups[int(np.argmax(overlap))]]
    group = tuple(sorted([seat, *(table.seats.index(s) for s in best.members_flagged)]))
    possible = 2 ** len(table.seats) - len(table.seats) - 1
    test = member_test(rules, table, group, seat, draws=draws, seed=seed)
    p_value = test.p_value
    if possible * len(group) * p_value >= alpha:
        return found
    name = table.seats[seat]
    entries = {s: (p, g) for s, p, g in zip(best.seats, best.member_p_values, best.member_gains,
                                            strict=True)}  # fmt: skip
    entries[name] = (p_value, test.gain)  # a seat pruning dropped from it is tested again
    rows = sorted((s, p, g) for s, (p, g) in entries.items())
    extended = replace(
        best,
        seats=tuple(r[0] for r in rows),
        member_p_values=tuple(r[1] for r in rows),
        member_gains=tuple(r[2] for r in rows),
        p_value=min(best.p_value, possible * len(group) * p_value),
        rounds=best.rounds + test.rounds,
        log10_likelihood_ratio=max(
            best.log10_likelihood_ratio, likelihood_ratio(test.p, test.hits)[1]
        ),
        members_flagged=tuple(sorted((*best.members_flagged, name))),
    )
    return [extended if g is best else g for g in found]


#: A flagged group's member whose own (uncorrected) p-value is at least this is dropped and
#: the rest re-tested with their own pooled cards.
PRUNE = 0.05


def _pruned(
    rules: RuleSet,
    table: Table,
    members: tuple[int, ...],
    alpha: float,
    draws: int,
    seed: int,
    tested: dict[tuple[int, ...], FoundGroup],
) -> FoundGroup:
    """Test a candidate, dropping its weakest member while the group is flagged without it."""

    def examine(members: tuple[int, ...]) -> FoundGroup:
        if members not in tested:
            tested[members] = examine_candidate(
                rules, table, members, alpha, draws=draws, seed=seed
            )
        return tested[members]

    best = examine(members)
    current = best
    while current.flagged:
        worst = int(np.argmax(current.member_p_values))
        if current.member_p_values[worst] < PRUNE:
            return replace(current, members_flagged=current.seats)
        keep = members[:worst] + members[worst + 1 :]
        best = replace(current, members_flagged=tuple(table.seats[m] for m in keep))
        if len(keep) < 2:
            return best
        members = keep
        current = examine(members)
    return best
