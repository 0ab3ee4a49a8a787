"""Catching a hole-carder: does a seat's play follow the dealer's hidden cards?

The test
--------
For a seat's round ``i`` let ``P_i`` be its hand, ``d_i`` its logged decision, ``h`` the number
of hidden dealer cards (5 in Crazy 4 Poker; 5 besides the up card in Four Card Poker) and ``U``
the ``n = 52 - 5 - face_up`` cards the seat cannot see. For each card ``c`` of ``U`` the
hole-card strategy (:mod:`crazy4.advantage.situation`) gives a decision ``s(P_i, c)``.

*Null hypothesis* (an honest seat, optimal or making mistakes of any kind): the decision depends
on the seat's own cards (and the up card) only, never on the hidden cards. Then, given ``P_i``
and ``d_i``, the hidden cards are still a uniform ``h``-subset of ``U``, so for the hypothesis
"the seat saw the hidden card at log position ``j``" the indicator
``X_i = [d_i = s(P_i, D_(j))]`` is Bernoulli with the exactly known ``p_i = Σ_c P(D_(j) = c)
[d_i = s(P_i, c)]`` (``D_(j)``, the ``j``-th highest hidden card: ``P(D_(j) = c) =
C(above c, j) C(below c, h - 1 - j) / C(n, h)``), independent across rounds. For "the seat saw
some one card" ``X_i = [some hidden card c has d_i = s(P_i, c)]`` with ``p_i = 1 - C(n - m_i, h)
/ C(n, h)``, ``m_i`` the cards that would explain ``d_i``. Rounds where ``p_i`` is 0 or 1 (the
strategies agree whatever the card) carry no information and drop out by themselves.

The statistic ``S = Σ X_i`` is then Poisson-binomial under the null; its upper tail is computed
exactly (the distribution by convolution) and the smallest p-value over the ``h + 1`` hypotheses
is Bonferroni-corrected. A seat is flagged when the corrected p-value is below ``alpha``. The
test conditions on the decisions, so no error model of honest play is assumed: random mistakes
unrelated to the dealer's cards keep the null true (the tests measure the false-positive rate).

The EV a seat gained is ``Σ_i EV(d_i | P_i, c_i) - EV(s_0(P_i) | P_i, c_i)`` over its rounds, with
``c_i`` the card of the best-supported hypothesis and ``s_0`` the no-information strategy: exact
per round, reported per round in Antes.

References
----------
Permutation and conditional tests: E. L. Lehmann and J. P. Romano, *Testing Statistical
Hypotheses*, 3rd ed., ch. 5 (conditioning on ancillary statistics); the Poisson-binomial
distribution: Y. Hong, *Comput. Stat. Data Anal.* 59 (2013) 41-51.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from crazy4.advantage.situation import situation_evs
from crazy4.core.decisions import best_decisions
from crazy4.errors import InputError
from crazy4.games.registry import game_of
from crazy4.rules.ruleset import RuleSet


@dataclass(frozen=True)
class SeatRounds:
    """One seat's logged rounds: hands (n, 5), up cards (n, face_up), hidden dealer cards
    (n, h, highest first as the log writes them) and decision codes (n,)."""

    seat: int
    hands: npt.NDArray[np.int64]
    up: npt.NDArray[np.int64]
    hidden: npt.NDArray[np.int64]
    decisions: npt.NDArray[np.int64]


@dataclass(frozen=True)
class SeatVerdict:
    """The test's result for one seat (see the module docstring)."""

    seat: int
    rounds: int
    informative_rounds: int
    hypothesis: str
    matches: int
    expected_matches: float
    p_value: float
    flagged: bool
    ev_gained_per_round: float


def tail_probability(p: npt.NDArray[np.float64], observed: int) -> float:
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
) -> list[tuple[str, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.int64]]]:
    """Per hypothesis: ``p_i`` under the null, the match indicators and the EV gained (numerators
    over the situations' common denominator) of the rounds ``rows``."""
    hands, up = rounds.hands[rows], rounds.up[rows]
    hidden, decisions = rounds.hidden[rows], rounds.decisions[rows]
    n = hands.shape[0]
    held = np.zeros((n, 52), dtype=bool)
    np.put_along_axis(held, np.concatenate([hands, up], axis=1), True, axis=1)
    unseen = np.nonzero(~held)[1].reshape(n, -1)
    u, h = unseen.shape[1], hidden.shape[1]
    forced = np.concatenate([np.repeat(up, u, axis=0), unseen.reshape(-1, 1)], axis=1)
    ev_flat, allowed, _ = situation_evs(rules, np.repeat(hands, u, axis=0), forced)
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


def examine_seat(rules: RuleSet, rounds: SeatRounds, alpha: float = 0.001) -> SeatVerdict:
    """The module docstring's test for one seat.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.rules.load import load_rules
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
    scored = []
    for k, (name, *_rest) in enumerate(pieces[0]):
        p = np.concatenate([piece[k][1] for piece in pieces])
        hits = np.concatenate([piece[k][2] for piece in pieces])
        gain = sum(int(piece[k][3].sum()) for piece in pieces)
        tail = tail_probability(p, int(hits.sum()))
        scored.append((min(1.0, tail * len(pieces[0])), name, p, hits, gain))
    p_value, name, p, hits, gain = min(scored, key=lambda item: item[0])
    return SeatVerdict(
        seat=rounds.seat,
        rounds=n,
        informative_rounds=int(((p > 0) & (p < 1)).sum()),
        hypothesis=name,
        matches=int(hits.sum()),
        expected_matches=float(p.sum()),
        p_value=p_value,
        flagged=p_value < alpha,
        ev_gained_per_round=gain / _denominator(rules, rounds) / n,
    )


def _denominator(rules: RuleSet, rounds: SeatRounds) -> int:
    """The common denominator of the situations' EV numerators."""
    hand = rounds.hands[:1]
    free = [c for c in range(52) if c not in hand[0] and c not in rounds.up[0]][:1]
    forced = np.concatenate([rounds.up[:1], np.array([free])], axis=1)
    return situation_evs(rules, hand, forced)[2]


def read_seats(path: Path, rules: RuleSet, max_rounds: int | None = None) -> list[SeatRounds]:
    """Every seat's rounds from a per-round log (``crazy4 simulate --log``); blind hands and
    rows that do not parse are left out.

    Raises
    ------
    InputError
        An unreadable log, or one without the ``player``, ``dealer`` and ``decision`` columns.
    """
    from crazy4.simulate.roundlog import decision_column, parse_hand_column, read_log_batches

    game = game_of(rules)
    role = game.hole_cards()
    parts: dict[int, list[tuple[np.ndarray, ...]]] = {}
    for table in read_log_batches(Path(path)):
        names = set(table.column_names)
        needed = {"player", "dealer", "decision"} | ({"up_card"} if role.face_up else set())
        if not needed <= names:
            raise InputError(f"{str(path)!r}: a log needs columns {', '.join(sorted(needed))}")
        hands, _ = parse_hand_column(table["player"], 5)
        dealer, _ = parse_hand_column(table["dealer"], role.dealer_size)
        up = (
            parse_hand_column(table["up_card"], role.face_up)[0]
            if role.face_up
            else np.zeros((hands.shape[0], 0), dtype=np.int16)
        )
        decisions = decision_column(table["decision"]).astype(np.int64)
        seats = (
            np.asarray(table["seat"].to_numpy(zero_copy_only=False), dtype=np.int64)
            if "seat" in names
            else np.ones(hands.shape[0], dtype=np.int64)
        )
        good = (hands >= 0).all(axis=1) & (dealer >= 0).all(axis=1) & (up >= 0).all(axis=1)
        good &= (decisions >= 0) & (decisions <= 3)
        for seat in np.unique(seats[good]).tolist():
            rows = good & (seats == seat)
            hidden = np.sort(dealer[rows].astype(np.int64), axis=1)[:, ::-1]
            if role.face_up:
                keep = ~(hidden[:, :, None] == up[rows][:, None, :]).any(axis=2)
                hidden = hidden[keep].reshape(hidden.shape[0], -1)
            parts.setdefault(int(seat), []).append(
                (hands[rows].astype(np.int64), up[rows].astype(np.int64), hidden, decisions[rows])
            )
    seats_found = []
    for seat, chunks in sorted(parts.items()):
        columns = [np.concatenate([chunk[k] for chunk in chunks])[:max_rounds] for k in range(4)]
        seats_found.append(SeatRounds(seat, *columns))
    return seats_found
