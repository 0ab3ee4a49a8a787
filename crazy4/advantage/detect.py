"""Catching a hole-carder: does a seat's play follow the dealer's hidden cards?

Under honest play the hidden cards stay a uniform subset of the unseen ones, so each hypothesis
gives indicators with exactly known ``p_i``; their sum's Poisson-binomial upper tail is the
p-value, Bonferroni-corrected over the hypotheses (``docs/advantage.md``, section 5).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from crazy4.advantage.evidence import likelihood_ratio, rounds_to_settle, telling_rows
from crazy4.advantage.surveil import surveillance_of
from crazy4.advantage.teamdetect import TEAM_DRAWS, practical_evidence, team_evidence, team_rounds
from crazy4.core.decisions import best_decisions
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class SeatRounds:
    """One seat's logged rounds: hidden dealer cards highest first, and the other seats' hands
    of each round (-1 where the round had fewer seats), if known."""

    seat: int
    hands: IntArray
    up: IntArray
    hidden: IntArray
    decisions: IntArray
    others: IntArray | None = None
    round_ids: IntArray | None = None


@dataclass(frozen=True)
class SeatVerdict:
    """The test's result for one seat: the best-supported hypothesis's evidence."""

    seat: int
    rounds: int
    informative_rounds: int
    hypothesis: str
    matches: int
    expected_matches: float
    p_value: float
    flagged: bool
    ev_gained_per_round: float
    hypotheses: int = 0
    log10_likelihood_ratio: float = 0.0
    telling_rounds: tuple[int, ...] = ()
    rounds_to_settle: int | None = None
    won_above_honest: float = 0.0


def tail_probability(p: FloatArray, observed: int) -> float:
    """``P(S >= observed)`` for ``S`` a sum of independent Bernoulli(``p``), exactly.

    Examples
    --------
    >>> round(tail_probability(np.array([0.5, 0.5]), 2), 6)
    0.25
    >>> tail_probability(np.array([0.2, 1.0]), 1)
    1.0
    """
    informative = p[(p > 0) & (p < 1)]
    certain = int((p >= 1).sum())
    need = observed - certain
    if need <= 0:
        return 1.0
    distribution = np.zeros(informative.shape[0] + 1)
    distribution[0] = 1.0
    for k, q in enumerate(informative.tolist()):
        distribution[1 : k + 2] = distribution[1 : k + 2] * (1 - q) + distribution[: k + 1] * q
        distribution[0] *= 1 - q
    return float(min(1.0, distribution[need:].sum()))


#: Rounds examined at once (each is priced with every unseen card: about 47 situations).
ROUNDS_PER_CHUNK = 20_000


def _chunk_evidence(
    rules: RuleSet, rounds: SeatRounds, rows: slice
) -> list[tuple[str, FloatArray, BoolArray, IntArray]]:
    """Per hypothesis of the rounds ``rows``: ``p_i``, the matches and the EV gained."""
    hands, up = rounds.hands[rows], rounds.up[rows]
    hidden, decisions = rounds.hidden[rows], rounds.decisions[rows]
    n = hands.shape[0]
    held = np.zeros((n, 52), dtype=bool)
    np.put_along_axis(held, np.concatenate([hands, up], axis=1), True, axis=1)
    unseen = np.nonzero(~held)[1].reshape(n, -1)
    u, h = unseen.shape[1], hidden.shape[1]
    forced = np.concatenate([np.repeat(up, u, axis=0), unseen.reshape(-1, 1)], axis=1)
    ev_flat, allowed, _ = surveillance_of(rules).seen_evs(
        rules, np.repeat(hands, u, axis=0), forced
    )
    hole = best_decisions(ev_flat, allowed)[0].reshape(n, u)
    ev = ev_flat.reshape(n, u, 4)
    # every unseen card equally likely: the sum over them decides without information
    none = best_decisions(ev.sum(axis=1), allowed.reshape(n, u, 4)[:, 0])[0]
    explains = hole == decisions[:, None]
    position_of = np.argsort(np.argsort(-unseen, axis=1), axis=1)  # 0: highest unseen card
    index = np.arange(n)
    found = []
    for j in range(h):
        weights = np.array([comb(r, j) * comb(u - 1 - r, h - 1 - j) for r in range(u)], float)
        p = (explains * (weights / comb(u, h))[position_of]).sum(axis=1)
        column = np.argmax(unseen == hidden[:, j : j + 1], axis=1)
        hits = explains[index, column]
        gain = ev[index, column, decisions] - ev[index, column, none]
        found.append((f"position {j + 1}", p, hits, gain))
    m = explains.sum(axis=1)
    p_any = 1 - np.array([comb(u - int(k), h) for k in m], dtype=float) / comb(u, h)
    column = np.argmax(unseen == hidden[:, :1], axis=1)
    for j in range(h - 1, -1, -1):  # the first hidden card that explains the decision
        here = np.argmax(unseen == hidden[:, j : j + 1], axis=1)
        column = np.where(explains[index, here], here, column)
    hits = explains[index, column]
    gain = ev[index, column, decisions] - ev[index, column, none]
    found.append(("any one card", p_any, hits, gain))
    return found


def examine_seat(
    rules: RuleSet,
    rounds: SeatRounds,
    alpha: float = 0.001,
    *,
    team_draws: int = TEAM_DRAWS,
    seed: int = 0,
) -> SeatVerdict:
    """The hole-card tests for one seat, with the team hypotheses when the other seats' hands
    are known (``team_draws`` null draws a round; 0 leaves them out).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> rounds = SeatRounds(1, np.array([parse_cards("Ks Qd 8c 4h 2s")]), np.zeros((1, 0), int),
    ...                     np.array([sorted(parse_cards("Ah 9d 7c 5s 3h"), reverse=True)]),
    ...                     np.array([0]))
    >>> verdict = examine_seat(load_rules("crazy4-standard"), rounds)
    >>> verdict.rounds, verdict.flagged
    (1, False)
    """
    n = rounds.hands.shape[0]
    pieces = [
        _chunk_evidence(rules, rounds, slice(start, start + ROUNDS_PER_CHUNK))
        for start in range(0, n, ROUNDS_PER_CHUNK)
    ]
    if not pieces:
        raise InputError(f"seat {rounds.seat}: no rounds to examine")
    denominator = _denominator(rules, rounds)
    evidence = []
    for k, (name, *_rest) in enumerate(pieces[0]):
        p = np.concatenate([piece[k][1] for piece in pieces])
        hits = np.concatenate([piece[k][2] for piece in pieces])
        gain = Fraction(sum(int(piece[k][3].sum()) for piece in pieces), denominator)
        evidence.append((name, p, hits, gain))
    if rounds.others is not None and team_draws > 0:
        evidence.extend(_team_evidence(rules, rounds, team_draws, seed))
    scored = [
        (min(1.0, tail_probability(p, int(hits.sum())) * len(evidence)), name, p, hits, gain)
        for name, p, hits, gain in evidence
    ]
    p_value, name, p, hits, gain = min(scored, key=lambda item: item[0])
    log_lr = likelihood_ratio(p, hits)[1]
    telling = telling_rows(p, hits)
    ids = rounds.round_ids
    return SeatVerdict(
        seat=rounds.seat,
        rounds=n,
        informative_rounds=int(((p > 0) & (p < 1)).sum()),
        hypothesis=name,
        matches=int(hits.sum()),
        expected_matches=float(p.sum()),
        p_value=p_value,
        flagged=p_value < alpha,
        ev_gained_per_round=float(gain / n),
        hypotheses=len(evidence),
        log10_likelihood_ratio=log_lr,
        telling_rounds=tuple(int(ids[r]) if ids is not None else r + 1 for r in telling),
        rounds_to_settle=rounds_to_settle(p, hits, alpha, len(evidence)),
        won_above_honest=won_above_honest(rules, rounds),
    )


def won_above_honest(rules: RuleSet, rounds: SeatRounds) -> float:
    """The seat's session result minus the no-information optimum's on the same cards (Antes)."""
    hands, table = np.sort(rounds.hands, axis=1), surveillance_of(rules)
    honest = table.honest_decisions(rules, hands, rounds.up)
    dealer = np.concatenate([rounds.up, rounds.hidden], axis=1)
    played = table.settle(rules, hands, dealer, rounds.decisions)
    would = table.settle(rules, hands, dealer, honest)
    return float(Fraction(int(played.sum()) - int(would.sum()), table.unit(rules)))


def table_shape(rules: RuleSet) -> tuple[int, int, int]:
    """The player's cards, the dealer's cards and how many of those are face up.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> table_shape(load_rules("three-card-standard")), table_shape(load_rules("crazy4-standard"))
    ((3, 3, 0), (5, 5, 0))
    """
    table = surveillance_of(rules)
    return table.player_cards, table.dealer_size, table.face_up


def _team_evidence(
    rules: RuleSet, rounds: SeatRounds, draws: int, seed: int
) -> list[tuple[str, FloatArray, BoolArray, Fraction]]:
    """The team hypotheses over the seat's rounds, grouped by how many other seats played."""
    assert rounds.others is not None
    n = rounds.hands.shape[0]
    present = (rounds.others[:, :, 0] >= 0).sum(axis=1)
    if not (present > 0).any():
        return []
    # the screen (teamdetect.team_rounds): rounds chosen by the seat's own cards and decision;
    # the practical rule's (slow, exact) evidence on the deviations only
    pooled = present * team_rounds(rules, rounds.hands, rounds.up, rounds.decisions)
    practical = present * team_rounds(rules, rounds.hands, rounds.up, rounds.decisions, Fraction(0))
    if not surveillance_of(rules).practical_rules:  # full pooling is all the game knows
        practical[:] = 0
    found: dict[str, tuple[FloatArray, BoolArray, list[Fraction]]]
    found = {name: (np.zeros(n), np.zeros(n, dtype=bool), []) for name in _team_names(rules)}
    for chosen, pooling in ((pooled, True), (practical, False)):
        for count in np.unique(chosen[chosen > 0]).tolist():
            rows = np.flatnonzero(chosen == count)
            hands, up = rounds.hands[rows], rounds.up[rows]
            others, decisions = rounds.others[rows, :count], rounds.decisions[rows]
            if pooling:
                key = (seed, rounds.seat)
                evidence = team_evidence(rules, hands, up, others, decisions, draws=draws, seed=key)
            else:
                evidence = practical_evidence(rules, hands, up, others, decisions)
            p, hits, gains = found[evidence.name]
            p[rows], hits[rows] = evidence.p, evidence.hits
            gains.append(evidence.gain)
    return [(name, p, hits, sum(gains, Fraction(0))) for name, (p, hits, gains) in found.items()]


def _team_names(rules: RuleSet) -> tuple[str, ...]:
    """Full pooling, and the game's recommended practical rule when it knows one."""
    practical = surveillance_of(rules).practical_rules[:1]
    return ("team: pooled cards", *(f"team: practical rule {rule}" for rule in practical))


def _denominator(rules: RuleSet, rounds: SeatRounds) -> int:
    """The common denominator of the situations' EV numerators."""
    hand = rounds.hands[:1]
    free = [c for c in range(52) if c not in hand[0] and c not in rounds.up[0]][:1]
    forced = np.concatenate([rounds.up[:1], np.array([free])], axis=1)
    return surveillance_of(rules).seen_evs(rules, hand, forced)[2]


def read_seats(path: Path, rules: RuleSet, max_rounds: int | None = None) -> list[SeatRounds]:
    """Every seat's rounds from a per-round log, rows that do not parse left out (with a
    ``round`` column, each round's other seats' hands too)."""
    columns = read_log_columns(path, rules)
    hands, up, dealer, decisions, seats, round_ids = columns
    hand_ok: BoolArray = np.asarray((hands >= 0).all(axis=1))
    good = hand_ok & (dealer >= 0).all(axis=1) & (up >= 0).all(axis=1)
    good &= (decisions >= 0) & (decisions <= 3)
    others = None if round_ids is None else _other_hands(hands, hand_ok, round_ids)
    face_up = table_shape(rules)[2]
    seats_found = []
    for seat in np.unique(seats[good]).tolist():
        rows = np.flatnonzero(good & (seats == seat))[:max_rounds]
        hidden = np.sort(dealer[rows], axis=1)[:, ::-1]
        if face_up:
            keep = ~(hidden[:, :, None] == up[rows][:, None, :]).any(axis=2)
            hidden = hidden[keep].reshape(hidden.shape[0], -1)
        seats_found.append(
            SeatRounds(
                int(seat),
                hands[rows],
                up[rows],
                hidden,
                decisions[rows],
                None if others is None else others[rows],
                None if round_ids is None else round_ids[rows],
            )
        )
    return seats_found


def read_log_columns(
    path: Path, rules: RuleSet
) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray, IntArray | None]:
    """The log's hands, up cards, dealer hands, decisions, seats and round ids (None without a
    ``round`` column); cards that do not parse are -1."""
    from crazy4.log.roundlog import decision_column, parse_hand_column, read_log_batches

    size, dealer_size, face_up = table_shape(rules)
    parts: list[list[IntArray]] = []
    with_rounds = True
    for table in read_log_batches(Path(path)):
        names = set(table.column_names)
        needed = {"player", "dealer", "decision"} | ({"up_card"} if face_up else set())
        if not needed <= names:
            raise InputError(f"{str(path)!r}: a log needs columns {', '.join(sorted(needed))}")
        hands = parse_hand_column(table["player"], size)[0].astype(np.int64)
        n = hands.shape[0]
        up = (
            parse_hand_column(table["up_card"], face_up)[0].astype(np.int64)
            if face_up
            else np.zeros((n, 0), dtype=np.int64)
        )
        with_rounds &= "round" in names
        parts.append(
            [
                hands,
                up,
                parse_hand_column(table["dealer"], dealer_size)[0].astype(np.int64),
                decision_column(table["decision"]).astype(np.int64),
                _integers(table, "seat", n, 1, path),
                _integers(table, "round", n, -1, path),
            ]
        )
    if not parts:
        raise InputError(f"log {str(path)!r}: no rows")
    joined = [np.concatenate([part[k] for part in parts]) for k in range(6)]
    hands, up, dealer, decisions, seats, round_ids = joined
    return hands, up, dealer, decisions, seats, round_ids if with_rounds else None


def _integers(table: object, name: str, n: int, default: int, path: Path) -> IntArray:
    """An integer column, or ``default`` everywhere without it."""
    import pyarrow as pa
    import pyarrow.compute as pc

    assert isinstance(table, pa.Table)
    if name not in table.column_names:
        return np.full(n, default, dtype=np.int64)
    try:
        column = pc.cast(table[name], pa.int64())
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        raise InputError(
            f"log {str(path)!r}: column {name!r} has a cell that is not a whole number"
        ) from None
    return np.asarray(column.fill_null(default).to_numpy(zero_copy_only=False), dtype=np.int64)


def _other_hands(hands: IntArray, hand_ok: BoolArray, round_ids: IntArray) -> IntArray:
    """Per row, the hands of the other rows with its round id, padded with -1."""
    n = hands.shape[0]
    order = np.argsort(round_ids, kind="stable")
    ids = round_ids[order]
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]]) if n else np.zeros(0, int)
    sizes = np.diff(np.r_[starts, n])
    width = int(sizes.max()) - 1 if n else 0
    others = np.full((n, max(width, 0), hands.shape[1]), -1, dtype=np.int64)
    for start, size in zip(starts.tolist(), sizes.tolist(), strict=True):
        if ids[start] < 0:
            continue
        members = [int(r) for r in order[start : start + size] if hand_ok[r]]
        for row in members:
            mates = [r for r in members if r != row]
            others[row, : len(mates)] = hands[mates]
    return others
