"""What a simulation plays, and how its rounds are cut into seeded chunks.

Chunk ``i`` draws from ``Generator(PCG64(SeedSequence(seed, spawn_key=(i,))))``, so a seed's
rounds do not depend on how the chunks are grouped. Imports no game."""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet

#: Rounds per chunk: part of the reproducibility contract (a seed's rounds depend on it).
CHUNK_ROUNDS = 1 << 16
#: The most rounds one simulation plays: about a million rounds a second per core, so 10^12
#: rounds are some 12 days of one core (hours on a cluster); more could not finish.
MAX_ROUNDS = 10**12
#: The most rounds a simulation with a per-round log plays: about 15 bytes a seat and round
#: of parquet, so 10^10 rounds are some 150 GB of log.
MAX_LOG_ROUNDS = 10**10


def check_rounds(rounds: int, *, log: bool = False) -> None:
    """Raise :class:`InputError` unless a simulation of ``rounds`` rounds can finish.

    Examples
    --------
    >>> check_rounds(10**6)
    >>> check_rounds(10**20)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --rounds 100,000,000,000,000,000,000: at most 1,000,000,000,000 ...
    """
    if rounds < 1:
        raise InputError("--rounds must be at least 1")
    if rounds > MAX_ROUNDS:
        raise InputError(
            f"--rounds {rounds:,}: at most {MAX_ROUNDS:,} (at about a million rounds a second "
            f"per core this many would take {rounds / 1e6 / 86400:,.0f} core-days); split the "
            "run over several seeds"
        )
    if log and rounds > MAX_LOG_ROUNDS:
        raise InputError(
            f"--rounds {rounds:,} with --log: at most {MAX_LOG_ROUNDS:,} (the log takes about "
            f"15 bytes a seat and round: {15 * rounds / 1e9:,.0f} GB or more)"
        )


def available_cores() -> int:
    """The processor cores this process may run on (at least 1).

    Examples
    --------
    >>> available_cores() >= 1
    True
    """
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def worker_limit(jobs: int, tasks: int) -> int:
    """Workers to start for ``tasks`` tasks: ``jobs``, at most the cores and the tasks.

    Examples
    --------
    >>> worker_limit(1000, 2) <= 2, worker_limit(3, 0)
    (True, 1)
    """
    return max(1, min(jobs, tasks, available_cores()))


def chunk_generator(seed: int, chunk: int) -> np.random.Generator:
    """The random generator of one chunk.

    Examples
    --------
    >>> a = chunk_generator(7, 3).integers(0, 10**9)
    >>> b = np.random.Generator(np.random.PCG64(np.random.SeedSequence(7).spawn(5)[3]))
    >>> bool(a == b.integers(0, 10**9))
    True
    """
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(chunk,))))


@dataclass(frozen=True)
class SimulationPlan:
    """Everything a worker needs to play chunks (picklable).

    Attributes
    ----------
    seats : int
        Hands per round, 1 to the game's largest table, including the blind ones.
    blind_hands : int
        How many of the seats (the last ones) are blind second hands.
    strategy : str
        Name of the strategy (``optimal``, ``simple`` or a file name).
    decision : ndarray of int8
        Decision per hand class (per situation class in Four Card Poker), kept as int8 (any
        integer array is taken and checked): the plan goes with every task to the workers.
    side_bet : int or None
        The side-bet table (Queens Up, Aces Up: an index into ``rules.side_bets``) written to
        the log; None when the rules have no side bet.
    meter : Fraction or None
        The progressive's meter, fixed for the run (:mod:`crazy4.simulate.progressive`); None
        when the rule set has no ``[progressive]`` section.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan = SimulationPlan(load_rules("crazy4-standard"), seed=1, rounds=CHUNK_ROUNDS + 5,
    ...                       seats=3, blind_hands=1, strategy="optimal",
    ...                       decision=np.zeros(3, dtype=np.int64), side_bet=None)
    >>> plan.normal_hands, plan.chunks, plan.chunk_rounds(1), plan.first_round(1)
    (2, 2, 5, 65537)
    """

    rules: RuleSet
    seed: int
    rounds: int
    seats: int
    blind_hands: int
    strategy: str
    decision: npt.NDArray[np.integer[Any]] = field(repr=False)
    side_bet: int | None
    meter: Fraction | None = None

    def __post_init__(self) -> None:
        codes = np.asarray(self.decision)
        if codes.size and (int(codes.min()) < -128 or int(codes.max()) > 127):
            raise ValueError("a decision code outside int8")
        object.__setattr__(self, "decision", np.ascontiguousarray(codes, dtype=np.int8))

    @property
    def normal_hands(self) -> int:
        """Seats that play the strategy (not blind)."""
        return self.seats - self.blind_hands

    @property
    def chunks(self) -> int:
        """Number of chunks."""
        return -(-self.rounds // CHUNK_ROUNDS)

    @cached_property
    def key(self) -> str:
        """Digest identifying the tables a worker derives from the plan."""
        digest = hashlib.sha256(self.rules.content_hash.encode())
        digest.update(self.decision.tobytes())  # int8 (__post_init__)
        return digest.hexdigest()

    def chunk_rounds(self, chunk: int) -> int:
        """Rounds in one chunk (the last one may be short)."""
        return min(CHUNK_ROUNDS, self.rounds - chunk * CHUNK_ROUNDS)

    def first_round(self, chunk: int) -> int:
        """The number (from 1) of a chunk's first round, as the log writes it."""
        return chunk * CHUNK_ROUNDS + 1

    def generator(self, chunk: int) -> np.random.Generator:
        """The random generator of one chunk (:func:`chunk_generator` of the plan's seed)."""
        return chunk_generator(self.seed, chunk)


T = TypeVar("T")


class PlanTables(Generic[T]):
    """What a worker derives from a plan, built once per process and plan.

    One plan is kept at a time (a worker plays one simulation); the first thread to ask for a
    plan builds its tables while the others wait, then all share them.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> built = []
    >>> tables = PlanTables(lambda plan: built.append(plan.key) or len(built))
    >>> plan = SimulationPlan(load_rules("crazy4-standard"), seed=1, rounds=5, seats=1,
    ...                       blind_hands=0, strategy="optimal",
    ...                       decision=np.zeros(3, dtype=np.int64), side_bet=None)
    >>> tables(plan), tables(plan), len(built)
    (1, 1, 1)
    """

    def __init__(self, build: Callable[[SimulationPlan], T]) -> None:
        self.build = build
        self.key: str | None = None
        self.tables: T | None = None
        self.building = threading.Lock()

    def __call__(self, plan: SimulationPlan) -> T:
        """The tables of ``plan`` (built on first use)."""
        key, tables = self.key, self.tables
        if key == plan.key and tables is not None:
            return tables
        with self.building:
            if self.key != plan.key or self.tables is None:
                self.tables = self.build(plan)
                self.key = plan.key
            return self.tables
