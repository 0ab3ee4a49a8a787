"""Planting cheats in a multi-seat simulation: hole-carders and a team among honest seats,
every seat played through the game's surveillance role and settled on the dealer's whole hand,
and the run's log (a normal crazy4 log in money, its metadata naming what was planted and the
Ante) and summary. Chunks are seeded from ``SeedSequence(seed).spawn``, so every number and log
row is the same for any number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from math import sqrt
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.advantage.simulate import deal_rounds
from crazy4.advantage.surveil import surveillance_of
from crazy4.core.decisions import best_decisions
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet

if TYPE_CHECKING:
    import pyarrow as pa

    from crazy4.simulate.plan import SimulationPlan

IntArray = npt.NDArray[np.int64]

CHUNK_ROUNDS = 65_536
#: Role names of the log's metadata and the summary.
HONEST, HOLE_CARDER, TEAM = "honest", "hole-carder", "team"


@dataclass(frozen=True)
class Planting:
    """What is planted at a table of ``seats`` seats (seat numbers from 1)."""

    seats: int
    hole_card_seats: tuple[int, ...] = ()
    hole_cards: int = 1
    team_seats: tuple[int, ...] = ()
    team_rule: str | None = None

    def role_of(self, seat: int) -> str:
        """``honest``, ``hole-carder`` or ``team``.

        Examples
        --------
        >>> Planting(3, hole_card_seats=(2,)).role_of(2), Planting(3).role_of(1)
        ('hole-carder', 'honest')
        """
        if seat in self.hole_card_seats:
            return HOLE_CARDER
        return TEAM if seat in self.team_seats else HONEST

    def metadata(self) -> dict[str, object]:
        """The record the log's metadata carries under ``planted``.

        Examples
        --------
        >>> Planting(4, hole_card_seats=(1,), team_seats=(3, 4)).metadata()["team_rule"]
        'full pooling'
        """
        return {
            "seats": self.seats,
            "hole_card_seats": list(self.hole_card_seats),
            "hole_cards": self.hole_cards if self.hole_card_seats else 0,
            "team_seats": list(self.team_seats),
            "team_rule": (self.team_rule or "full pooling") if self.team_seats else None,
            "roles": {str(s): self.role_of(s) for s in range(1, self.seats + 1)},
        }


def parse_seats(text: str, option: str, seats: int | None = None) -> tuple[int, ...]:
    """Seat numbers from ``"1,3"``, each 1 to ``seats`` (None: any from 1), none twice.

    Examples
    --------
    >>> parse_seats("3,1", "--team-seats", 4)
    (1, 3)
    >>> parse_seats("5", "--hole-card-seats", 4)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --hole-card-seats '5': seat 5 is not one of the 4 seats
    """
    found: list[int] = []
    for part in text.split(","):
        word = part.strip()
        if not (word.isascii() and word.isdigit()) or (seats is None and int(word) < 1):
            raise InputError(f"{option} {text!r}: {word!r} is not a seat number (1, 2, ...)")
        seat = int(word)
        if seats is not None and not 1 <= seat <= seats:
            raise InputError(f"{option} {text!r}: seat {seat} is not one of the {seats} seats")
        if seat in found:
            raise InputError(f"{option} {text!r}: seat {seat} twice")
        found.append(seat)
    return tuple(sorted(found))


def make_planting(
    rules: RuleSet,
    seats: int,
    hole_card_seats: Sequence[int] = (),
    hole_cards: int = 1,
    team_seats: Sequence[int] = (),
    team_rule: str | None = None,
) -> Planting:
    """Check a planting against the game.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> make_planting(load_rules("crazy4-standard"), 3, (1,), 1, (1, 2))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: seat 1 is both a hole-carder and a team member
    """
    table = surveillance_of(rules)
    most, practical = table.max_seats, table.practical_rules
    if not 1 <= seats <= most:
        raise InputError(f"--seats {seats}: a {table.title} table seats 1 to {most}")
    both = sorted(set(hole_card_seats) & set(team_seats))
    if both:
        raise InputError(f"seat {both[0]} is both a hole-carder and a team member")
    if hole_card_seats:
        if not 0 <= hole_cards <= table.most_seen:
            raise InputError(
                f"--hole-cards {hole_cards}: {table.title} is analysed with 0 to "
                f"{table.most_seen} seen hole cards"
            )
        if hole_cards < 1:
            raise InputError("--hole-cards: a hole-carder sees at least 1 card")
    if len(team_seats) == 1:
        raise InputError("--team-seats: a team needs at least two seats")
    if team_rule is not None and team_rule not in practical:
        known = ", ".join(practical) or "no practical team rule (only full pooling)"
        raise InputError(f"--team-rule {team_rule!r}: {table.title} knows {known}")
    return Planting(
        seats, tuple(sorted(hole_card_seats)), hole_cards, tuple(sorted(team_seats)), team_rule
    )


@dataclass(frozen=True)
class PlantedChunk:
    """One chunk's rounds: hands, the dealer's hand as dealt, decisions and exact nets; per seat
    the EV its decisions gained and the rounds it decided otherwise than honestly."""

    hands: IntArray
    dealer: IntArray
    decisions: IntArray
    nets: IntArray
    gains: list[Fraction]
    deviated: list[int] = field(default_factory=list)


def planted_decisions(
    rules: RuleSet, planting: Planting, hands: IntArray, dealer: IntArray
) -> tuple[IntArray, list[Fraction], IntArray]:
    """Every seat's decision by its role, the EV each seat gained (Antes), the honest decisions."""
    table = surveillance_of(rules)
    n, seats, size = hands.shape
    up = dealer[:, : table.face_up]
    decisions = table.honest_decisions(
        rules, hands.reshape(n * seats, size), np.repeat(up, seats, axis=0)
    )
    decisions = decisions.reshape(n, seats)
    honest = decisions.copy()
    gains = [Fraction(0)] * seats
    rows = np.arange(n)
    for seat in planting.hole_card_seats:
        known = dealer[:, : table.face_up + planting.hole_cards]
        ev, allowed, denominator = table.seen_evs(rules, hands[:, seat - 1], known)
        decisions[:, seat - 1] = best_decisions(ev, allowed)[0]
        gained = ev[rows, decisions[:, seat - 1]] - ev[rows, honest[:, seat - 1]]
        gains[seat - 1] = Fraction(int(gained.sum()), denominator)
    if planting.team_seats:
        members = [s - 1 for s in planting.team_seats]
        team = hands[:, members]
        ev, allowed, denominator = table.team_evs(rules, team, up)
        k = len(members)
        if planting.team_rule is None:
            flat = best_decisions(ev.reshape(n * k, 4), allowed.reshape(n * k, 4))[0]
            chosen = flat.reshape(n, k)
        else:
            chosen = table.practical_decisions(rules, planting.team_rule, team, up)
        decisions[:, members] = chosen
        for j, member in enumerate(members):
            gained = ev[rows, j, chosen[:, j]] - ev[rows, j, honest[:, member]]
            gains[member] = Fraction(int(gained.sum()), denominator)
    return decisions, gains, honest


def play_planted_chunk(
    rules: RuleSet, planting: Planting, rounds: int, seed: np.random.SeedSequence
) -> PlantedChunk:
    """Deal and play ``rounds`` rounds seeded by ``seed``."""
    table = surveillance_of(rules)
    size, dealer_size = table.player_cards, table.dealer_size
    seats = planting.seats
    rng = np.random.Generator(np.random.PCG64(seed))
    cards = deal_rounds(rng, rounds, size * seats + dealer_size)
    hands = np.sort(cards[:, : size * seats].reshape(rounds, seats, size), axis=2)
    dealer = cards[:, size * seats :]
    decisions, gains, honest = planted_decisions(rules, planting, hands, dealer)
    flat = hands.reshape(rounds * seats, size)
    nets = table.settle(rules, flat, np.repeat(dealer, seats, axis=0), decisions.ravel())
    deviated = (decisions != honest).sum(axis=0).tolist()
    return PlantedChunk(hands, dealer, decisions, nets.reshape(rounds, seats), gains, deviated)


@dataclass
class SeatSums:
    """Exact per-seat sums: rounds, Σ net and Σ net² (over ``unit``), gains and deviations."""

    unit: int
    rounds: int = 0
    total: list[int] = field(default_factory=list)
    squares: list[int] = field(default_factory=list)
    gains: list[Fraction] = field(default_factory=list)
    deviated: list[int] = field(default_factory=list)

    def add(self, chunk: PlantedChunk) -> None:
        """Add one chunk's nets."""
        nets, seats = chunk.nets, chunk.nets.shape[1]
        if not self.total:
            self.total, self.squares, self.deviated = [0] * seats, [0] * seats, [0] * seats
            self.gains = [Fraction(0)] * seats
        self.rounds += nets.shape[0]
        for s in range(seats):
            column = nets[:, s]
            self.total[s] += int(column.sum())
            self.squares[s] += int((column * column).sum())
            self.gains[s] += chunk.gains[s]
            self.deviated[s] += chunk.deviated[s]


def chunk_sizes(rounds: int) -> list[int]:
    """Rounds of each chunk.

    Examples
    --------
    >>> chunk_sizes(70_000)
    [65536, 4464]
    """
    sizes = [CHUNK_ROUNDS] * (rounds // CHUNK_ROUNDS)
    return sizes + ([rounds % CHUNK_ROUNDS] if rounds % CHUNK_ROUNDS else [])


def run_planted(
    rules: RuleSet,
    planting: Planting,
    rounds: int,
    seed: int,
    *,
    jobs: int = 1,
    sink: Callable[[int, PlantedChunk], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> SeatSums:
    """Play ``rounds`` rounds on ``jobs`` threads; ``sink(first_round, chunk)`` sees every
    chunk in order.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> planting = make_planting(rules, 3, hole_card_seats=(2,), team_seats=())
    >>> a = run_planted(rules, planting, 300, seed=4)
    >>> a == run_planted(rules, planting, 300, seed=4, jobs=2), a.rounds
    (True, 300)
    """
    sizes = chunk_sizes(rounds)
    children = np.random.SeedSequence(seed).spawn(len(sizes))
    sums = SeatSums(unit=surveillance_of(rules).unit(rules))

    def play(index: int) -> PlantedChunk:
        return play_planted_chunk(rules, planting, sizes[index], children[index])

    first = 1
    with ThreadPoolExecutor(max_workers=max(1, min(jobs, len(sizes)))) as pool:
        for index, chunk in enumerate(pool.map(play, range(len(sizes)))):
            sums.add(chunk)
            if sink is not None:
                sink(first, chunk)
            first += sizes[index]
            if progress is not None:
                progress(sizes[index])
    return sums


def chunk_table(
    chunk: PlantedChunk, first_round: int, plan: SimulationPlan, ante: float
) -> pa.Table:
    """One chunk's log rows, rounds numbered from ``first_round``; ``plan``: the honest
    simulation of the same table.

    Examples
    --------
    >>> import numpy as np
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> from crazy4.simulate.driver import make_plan
    >>> plan = make_plan(load_rules("crazy4-standard"), rounds=1, seed=0, seats=2)
    >>> hands = np.array([[sorted(parse_cards(h)) for h in ("As Ad Ac Ah Kd", "9c 7d 5h 3s 2c")]])
    >>> dealer = np.array([parse_cards("Ks Qd 8c 4c 2s")])
    >>> chunk = PlantedChunk(hands, dealer, np.array([[3, 1]]), np.array([[0, 0]]), [])
    >>> table = chunk_table(chunk, 7, plan, 10.0)
    >>> table.column("round").to_pylist(), table.column("play").to_pylist()
    ([7, 7], [30.0, 10.0])
    >>> table.column("super_bonus_net").to_pylist(), table.column("play_net").to_pylist()
    ([2000.0, -10.0], [30.0, -10.0])
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    from crazy4.simulate.engine import simulator_of
    from crazy4.simulate.progressive import PROGRESSIVE_COLUMNS

    table = simulator_of(plan.rules).decided_log(
        plan, first_round, chunk.hands, chunk.dealer, chunk.decisions
    )
    for index, column in enumerate(table.schema):
        if pa.types.is_floating(column.type) and column.name not in PROGRESSIVE_COLUMNS:
            table = table.set_column(index, column, pc.multiply(table.column(index), ante))
    return table


@dataclass(frozen=True)
class SeatResult:
    """One seat's result: mean net and EV gained over honest play per round (Antes, exact)."""

    seat: int
    role: str
    mean: Fraction
    standard_error: float
    gain: Fraction
    deviated: int = 0


def seat_results(planting: Planting, sums: SeatSums) -> list[SeatResult]:
    """Every seat's result from the exact sums.

    Examples
    --------
    >>> sums = SeatSums(1, 2, [2, -2], [2, 2], [Fraction(1, 2), Fraction(0)])
    >>> [(r.role, r.mean, r.standard_error, r.gain) for r in seat_results(Planting(2, (1,)),
    ...  sums)]  # doctest: +NORMALIZE_WHITESPACE
    [('hole-carder', Fraction(1, 1), 0.0, Fraction(1, 4)),
     ('honest', Fraction(-1, 1), 0.0, Fraction(0, 1))]
    """
    found = []
    for s in range(planting.seats):
        mean = Fraction(sums.total[s], sums.rounds * sums.unit)
        variance = Fraction(sums.squares[s], sums.rounds * sums.unit**2) - mean * mean
        found.append(
            SeatResult(
                seat=s + 1,
                role=planting.role_of(s + 1),
                mean=mean,
                standard_error=sqrt(float(variance) / sums.rounds),
                gain=sums.gains[s] / sums.rounds,
                deviated=sums.deviated[s] if sums.deviated else 0,
            )
        )
    return found


def role_label(planting: Planting, role: str) -> str:
    """A role as the summary prints it.

    Examples
    --------
    >>> role_label(Planting(3, (1,), 2), "hole-carder")
    'hole-carder (sees 2 hidden cards)'
    """
    if role == "hole-carder":
        card = "card" if planting.hole_cards == 1 else "cards"
        return f"hole-carder (sees {planting.hole_cards} hidden {card})"
    if role == "team":
        rule = "full pooling" if planting.team_rule is None else f"rule {planting.team_rule}"
        seats = ",".join(map(str, planting.team_seats))
        return f"team {seats} ({rule})"
    return "honest"


def summary_text(
    name: str,
    planting: Planting,
    results: list[SeatResult],
    honest_ev: Fraction,
    run: tuple[int, int, float],
) -> str:
    """The lines ``crazy4 simulate`` prints for a planted run (``run``: rounds, seed, Ante)."""
    rounds, seed, ante = run
    lines = [
        f"{name}: {rounds:,} rounds, {planting.seats} seat(s), planted: "
        + (", ".join(_planted_parts(planting)) or "nothing (every seat honest)")
        + f", seed {seed}",
        f"honest play's exact EV: {float(honest_ev):+.6f} Antes a round; 'gained': the exact EV "
        "of each seat's decisions above the honest ones, given what it knew",
    ]
    for r in results:
        lines.append(
            f"  seat {r.seat}: {role_label(planting, r.role):40s} mean {float(r.mean):+.6f} "
            f"± {r.standard_error:.6f} Antes a round; gained {float(r.gain):+.6f} a round, "
            f"{float(r.gain) * ante * rounds:+,.2f} over the session at Ante {ante:g}"
        )
    return "\n".join(lines)


def _planted_parts(planting: Planting) -> list[str]:
    parts = []
    if planting.hole_card_seats:
        seats = ",".join(map(str, planting.hole_card_seats))
        parts.append(f"hole-carder(s) at seat(s) {seats} seeing {planting.hole_cards} card(s)")
    if planting.team_seats:
        parts.append(role_label(planting, "team"))
    return parts


def summary_dict(
    planting: Planting, results: list[SeatResult], honest_ev: Fraction, rounds: int, ante: float
) -> dict[str, object]:
    """The ``--summary`` JSON of a planted run (exact means as fractions too)."""
    return {
        "rounds": rounds,
        "ante": ante,
        "planted": planting.metadata(),
        "honest_ev": str(honest_ev),
        "seats": [
            {
                "seat": r.seat,
                "role": r.role,
                "mean": float(r.mean),
                "mean_exact": str(r.mean),
                "standard_error": r.standard_error,
                "gain_per_round": float(r.gain),
                "gain_per_round_exact": str(r.gain),
                "gain_session_money": float(r.gain) * ante * rounds,
                "rounds_deviated": r.deviated,
            }
            for r in results
        ],
    }
