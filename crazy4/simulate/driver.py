"""Monte Carlo simulation of Crazy 4 Poker as written in a rule file.

Rounds
------
Every round is dealt from a fresh 52-card deck (:mod:`crazy4.core.deal`): ``seats`` hands of five
cards, then the dealer's five, all disjoint. Each seat plays the chosen strategy (a decision per
suit class of five-card hands, :mod:`crazy4.games.crazy_four.reference`) and wagers 1 Ante, 1 Super
Bonus, 1
Queens Up and its Play bet. With ``blind_hands = b`` the last ``b`` seats are the card room's
blind second hands (3 Antes on Play without looking, 2 returned below a pair of aces).

Reproducibility
---------------
Rounds are cut into chunks of :data:`CHUNK_ROUNDS`, a constant: chunk ``i`` draws from
``Generator(PCG64(SeedSequence(seed, spawn_key=(i,))))``, which is
``SeedSequence(seed).spawn(n)[i]`` for any ``n > i``. Workers (joblib processes, or a Dask
cluster through joblib's Dask backend) run chunks in any grouping; every summary number is an
exact integer sum over chunks, so a seed gives the same numbers, and the log the same bytes,
whatever ``jobs`` or the backend.

Summary mode
------------
A chunk does not settle seats one by one: it counts seats by ``(strength, multiple, outcome
cell)`` (2,535 x 4 x 6 bins, one ``bincount``) and the dealer's hands by strength. Every bet's
total, sum of squares and hits follow exactly from the counts and
:mod:`crazy4.games.crazy_four.settle`. With
several seats, the seats of a round share the dealer's hand, so their results are correlated:
per-round sums of squares are kept too, and standard errors treat the round as the unit.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.deal import deal_hands
from crazy4.core.ranking import HandCategory, category_of_strength, number_of_strengths
from crazy4.errors import InputError
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS
from crazy4.games.crazy_four.reference import ExactBet, load_reference
from crazy4.games.crazy_four.rules import crazy_four_rules
from crazy4.games.crazy_four.settle import Settlement
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.roundlog import BLIND, DECISION_NAMES, hand_text_array

#: Rounds per chunk: part of the reproducibility contract (a seed's rounds depend on it).
CHUNK_ROUNDS = 1 << 16
#: Largest number of seats at a table.
MAX_SEATS = 7
#: Summary-mode chunks a worker runs per task (any value gives the same numbers).
CHUNKS_PER_TASK = 16

_CELLS = len(OUTCOME_CELLS)
SUMMARY_FORMAT = "crazy4-simulation-summary"


@dataclass(frozen=True)
class SimulationPlan:
    """Everything a worker needs to play chunks (picklable).

    Attributes
    ----------
    rules : RuleSet
    seed : int
    rounds : int
    seats : int
        Hands per round, 1 to 7, including the blind ones.
    blind_hands : int
        How many of the seats (the last ones) are blind second hands.
    strategy : str
        Name of the strategy (``optimal``, ``simple`` or a file name).
    decision : ndarray of int64
        Decision per hand class.
    queens_up : int or None
        Queens Up table (index into ``rules.side_bets``) written to the log.
    """

    rules: RuleSet
    seed: int
    rounds: int
    seats: int
    blind_hands: int
    strategy: str
    decision: npt.NDArray[np.int64] = field(repr=False)
    queens_up: int | None

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
        digest.update(np.ascontiguousarray(self.decision, dtype=np.int64).tobytes())
        return digest.hexdigest()

    def chunk_rounds(self, chunk: int) -> int:
        """Rounds in one chunk (the last one may be short)."""
        return min(CHUNK_ROUNDS, self.rounds - chunk * CHUNK_ROUNDS)


def make_plan(
    rules: RuleSet,
    *,
    rounds: int,
    seed: int,
    seats: int = 1,
    blind_hands: int = 0,
    strategy: str = "optimal",
    queens_up: str | None = None,
) -> SimulationPlan:
    """Validate the options and build a :class:`SimulationPlan`.

    Raises
    ------
    InputError
        On an unsupported game, a bad number of rounds or seats, blind hands where the rules
        have none, or an unknown strategy or Queens Up table.

    Examples
    --------
    >>> from crazy4.rules.load import load_rules
    >>> plan = make_plan(load_rules("crazy4-cardroom"), rounds=10, seed=1, seats=2, blind_hands=1)
    >>> plan.normal_hands, plan.chunks
    (1, 1)
    >>> make_plan(load_rules("crazy4-standard"), rounds=10, seed=1, seats=2, blind_hands=1)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: crazy4-standard has no blind second hand (cardroom.blind_second_hand)
    """
    if rules.game not in ("crazy-4-poker", "four-card-poker"):
        raise InputError(f"the simulator does not play {rules.game!r}")
    if rounds < 1:
        raise InputError("--rounds must be at least 1")
    if seed < 0:
        raise InputError("--seed must be a non-negative whole number")
    if not 1 <= seats <= MAX_SEATS:
        raise InputError(f"--seats must be 1 to {MAX_SEATS}")
    if blind_hands:
        if not getattr(rules, "blind_second_hand", False):
            raise InputError(f"{rules.name} has no blind second hand (cardroom.blind_second_hand)")
        if blind_hands > seats - blind_hands:
            raise InputError(
                "each blind hand is a player's second hand: --blind-hands must be at most half "
                "of --seats"
            )
    side = "Aces Up" if rules.game == "four-card-poker" else "Queens Up"
    prefix = len("aces-up-") if rules.game == "four-card-poker" else len("queens-up-")
    table = None
    if rules.side_bets:
        names = [bet.name for bet in rules.side_bets]
        if queens_up is None:
            table = 0
        else:
            matches = [i for i, name in enumerate(names) if queens_up in (name, name[prefix:])]
            if not matches:
                raise InputError(
                    f"unknown {side} table {queens_up!r}; {rules.name} has {', '.join(names)}"
                )
            table = matches[0]
    elif queens_up is not None:
        raise InputError(f"{rules.name} has no {side} bet")
    if rules.game == "four-card-poker":
        from crazy4.games.four_card.reference import load_fourcard_reference

        decision = load_fourcard_reference(rules).strategy(strategy)
    else:
        decision = load_reference(rules).strategy(strategy)
    label = strategy if strategy in ("optimal", "simple") else Path(strategy).name
    return SimulationPlan(
        rules=rules,
        seed=seed,
        rounds=rounds,
        seats=seats,
        blind_hands=blind_hands,
        strategy=label,
        decision=np.asarray(decision, dtype=np.int64),
        queens_up=table,
    )


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


# --------------------------------------------------------------------------------------------
# Worker side


@dataclass(frozen=True)
class _Tables:
    settlement: Settlement
    packed: npt.NDArray[np.int32]  # per colex: strength << 16 | (strength * 4 + decision) * 6
    strength: npt.NDArray[np.uint16]  # per colex (small: it is gathered at random)
    bet_nets: dict[str, npt.NDArray[np.int64]]  # per (strength, multiple, cell) key
    blind_net: npt.NDArray[np.int64]


def _bet_components(rules: RuleSet) -> dict[str, tuple[str, ...]]:
    bets = {"ante_super_bonus_play": ("ante", "play", "super_bonus"), "ante_play": ("ante", "play")}
    if crazy_four_rules(rules).super_bonus is not None:
        bets["super_bonus"] = ("super_bonus",)
    for index, bet in enumerate(rules.side_bets):
        bets[bet.name] = (f"queens_up:{index}",)
    return bets


def _key_nets(settlement: Settlement, components: tuple[str, ...]) -> npt.NDArray[np.int64]:
    """Net numerator of a bet for every ``(strength, multiple, cell)`` key."""
    keys = np.arange(number_of_strengths() * 4 * _CELLS)
    strength, rest = np.divmod(keys, 4 * _CELLS)
    multiple, cell = np.divmod(rest, _CELLS)
    nets = settlement.nets(strength, multiple, cell)
    total = np.zeros(keys.shape[0], dtype=np.int64)
    for component in components:
        if component.startswith("queens_up:"):
            table = int(component.split(":")[1])
            total += settlement.queens_up_nets(strength, multiple == 0, table)
        else:
            total += nets[component]
    return total


_TABLE_CACHE: dict[str, _Tables] = {}


def _tables(plan: SimulationPlan) -> _Tables:
    cached = _TABLE_CACHE.get(plan.key)
    if cached is not None:
        return cached
    reference = load_reference(plan.rules)
    strength = reference.strength_of_hand.astype(np.int32)
    decision = plan.decision.astype(np.int32)[reference.class_of_hand]
    packed = (strength << 16) | ((strength * 4 + decision) * _CELLS)
    settlement = Settlement.of(crazy_four_rules(plan.rules))
    components = _bet_components(plan.rules)
    bet_nets = {name: _key_nets(settlement, parts) for name, parts in components.items()}
    tables = _Tables(
        settlement=settlement,
        packed=packed,
        strength=reference.strength_of_hand,
        bet_nets=bet_nets,
        blind_net=bet_nets["ante_super_bonus_play"],
    )
    _TABLE_CACHE.clear()  # one plan at a time per worker
    _TABLE_CACHE[plan.key] = tables
    return tables


@dataclass
class Counts:
    """Exact integer accumulators of a simulation (summed over chunks).

    ``seats`` and ``blind`` count hands by ``(strength, multiple, cell)`` key; ``dealer``
    counts dealer hands by strength; ``round_squares[bet]`` is the sum over rounds of the
    squared per-round total of the bet (only kept with more than one hand of a kind a round).
    """

    rounds: int
    seats: npt.NDArray[np.int64]
    blind: npt.NDArray[np.int64]
    dealer: npt.NDArray[np.int64]
    round_squares: dict[str, int]

    @classmethod
    def empty(cls, bins: int = 0) -> Counts:
        """No rounds yet (``bins``: seat bins; default Crazy 4 Poker's)."""
        bins = bins or number_of_strengths() * 4 * _CELLS
        return cls(
            rounds=0,
            seats=np.zeros(bins, dtype=np.int64),
            blind=np.zeros(bins, dtype=np.int64),
            dealer=np.zeros(number_of_strengths(), dtype=np.int64),
            round_squares={},
        )

    def add(self, other: Counts) -> None:
        """Add another chunk's counts (exact)."""
        self.rounds += other.rounds
        self.seats += other.seats
        self.blind += other.blind
        self.dealer += other.dealer
        for name, value in other.round_squares.items():
            self.round_squares[name] = self.round_squares.get(name, 0) + value


@dataclass(frozen=True)
class _Chunk:
    counts: Counts
    log: pa.Table | None


def _empty(plan: SimulationPlan) -> Counts:
    if plan.rules.game == "four-card-poker":
        from crazy4.games.four_card.simulate import KEY_BINS

        return Counts.empty(KEY_BINS)
    return Counts.empty()


def _play_four_card_chunk(plan: SimulationPlan, chunk: int, log: bool) -> _Chunk:
    from crazy4.games.four_card import simulate as fourcard_simulate

    rounds = plan.chunk_rounds(chunk)
    seats, dealer, squares, keys, cards, _ = fourcard_simulate.play_chunk(
        plan, rounds, chunk_generator(plan.seed, chunk)
    )
    counts = Counts(
        rounds=rounds,
        seats=seats,
        blind=np.zeros(seats.shape[0], dtype=np.int64),
        dealer=dealer,
        round_squares=squares,
    )
    first = chunk * CHUNK_ROUNDS + 1
    table = fourcard_simulate.log_table(plan, first, cards, keys) if log else None
    return _Chunk(counts=counts, log=table)


def _play_chunk(plan: SimulationPlan, chunk: int, log: bool) -> _Chunk:
    if plan.rules.game == "four-card-poker":
        return _play_four_card_chunk(plan, chunk, log)
    tables = _tables(plan)
    rounds = plan.chunk_rounds(chunk)
    rng = chunk_generator(plan.seed, chunk)
    dealt = deal_hands(rng, rounds, (5,) * plan.seats + (5,))
    dealer_strength = tables.strength[dealt.colex[-1]].astype(np.int32)
    qualifier = plan.rules.dealer.qualifier_strength
    qualified_cells = np.where(dealer_strength >= qualifier, 3, 0).astype(np.int32)
    bins = number_of_strengths() * 4 * _CELLS
    keys: list[npt.NDArray[np.int32]] = []
    for seat in range(plan.seats):
        packed = tables.packed[dealt.colex[seat]]
        strength = packed >> 16
        cell = qualified_cells + (strength == dealer_strength) + 2 * (strength < dealer_strength)
        if seat < plan.normal_hands:
            keys.append((packed & 0xFFFF) + cell)
        else:
            multiple = tables.settlement.blind_multiple(strength).astype(np.int32)
            keys.append((strength * 4 + multiple) * _CELLS + cell)
    normal = keys[: plan.normal_hands]
    blind = keys[plan.normal_hands :]
    counts = Counts(
        rounds=rounds,
        seats=np.bincount(np.concatenate(normal), minlength=bins).astype(np.int64),
        blind=np.bincount(np.concatenate(blind), minlength=bins).astype(np.int64)
        if blind
        else np.zeros(bins, dtype=np.int64),
        dealer=np.bincount(dealer_strength, minlength=number_of_strengths()).astype(np.int64),
        round_squares={},
    )
    if len(normal) > 1:
        for name, nets in tables.bet_nets.items():
            total = sum(nets[key] for key in normal)
            counts.round_squares[name] = int(np.dot(total, total))
    if len(blind) > 1:
        total = sum(tables.blind_net[key] for key in blind)
        counts.round_squares["blind_second_hand"] = int(np.dot(total, total))
    table = _log_table(plan, tables, chunk, dealt.cards, keys) if log else None
    return _Chunk(counts=counts, log=table)


def _log_table(
    plan: SimulationPlan,
    tables: _Tables,
    chunk: int,
    cards: list[npt.NDArray[np.uint8]],
    keys: list[npt.NDArray[np.int32]],
) -> pa.Table:
    rounds = keys[0].shape[0]
    seats = plan.seats
    first = chunk * CHUNK_ROUNDS + 1
    key = np.stack(keys, axis=1).ravel()  # round-major: round r, seat s at r * seats + s
    strength, rest = np.divmod(key.astype(np.int64), 4 * _CELLS)
    multiple, cell = np.divmod(rest, _CELLS)
    is_blind = np.tile(np.arange(seats) >= plan.normal_hands, rounds)
    settlement = tables.settlement
    nets = settlement.nets(strength, multiple, cell, queens_up=plan.queens_up)
    unit = settlement.unit
    decision = np.where(is_blind, BLIND, multiple).astype(np.int8)
    ante = np.ones(key.shape[0])
    play = np.where(is_blind, 3.0, multiple.astype(np.float64))
    player = np.stack(cards[:seats], axis=2).reshape(5, rounds * seats)
    dealer = np.repeat(cards[seats], seats, axis=1)
    columns: dict[str, pa.Array] = {
        "round": pa.array(np.repeat(np.arange(first, first + rounds, dtype=np.int64), seats)),
        "seat": pa.array(np.tile(np.arange(1, seats + 1, dtype=np.int8), rounds)),
        "player": hand_text_array(player),
        "dealer": hand_text_array(dealer),
        "decision": pa.DictionaryArray.from_arrays(
            pa.array(decision), pa.array(list(DECISION_NAMES))
        ),
        "ante": pa.array(ante),
    }
    if crazy_four_rules(plan.rules).super_bonus is not None:
        columns["super_bonus"] = pa.array(ante)
    columns["play"] = pa.array(play)
    if plan.queens_up is not None:
        columns["queens_up"] = pa.array(ante)
    columns["ante_net"] = pa.array(nets["ante"] / unit)
    if crazy_four_rules(plan.rules).super_bonus is not None:
        columns["super_bonus_net"] = pa.array(nets["super_bonus"] / unit)
    columns["play_net"] = pa.array(nets["play"] / unit)
    if plan.queens_up is not None:
        columns["queens_up_net"] = pa.array(nets["queens_up"] / unit)
    return pa.table(columns)


def _run_task(plan: SimulationPlan, chunks: list[int], log: bool) -> list[_Chunk] | Counts:
    if log:
        return [_play_chunk(plan, chunk, True) for chunk in chunks]
    total = _empty(plan)
    for chunk in chunks:
        total.add(_play_chunk(plan, chunk, False).counts)
    return total


# --------------------------------------------------------------------------------------------
# Driver


def _tasks(plan: SimulationPlan, jobs: int, log: bool) -> list[list[int]]:
    chunks = list(range(plan.chunks))
    if log:
        return [[chunk] for chunk in chunks]
    size = max(1, min(CHUNKS_PER_TASK, math.ceil(len(chunks) / (4 * jobs))))
    return [chunks[i : i + size] for i in range(0, len(chunks), size)]


def _results(
    plan: SimulationPlan, jobs: int, backend: str, scheduler: str | None, log: bool
) -> Iterator[list[_Chunk] | Counts]:
    tasks = _tasks(plan, jobs, log)
    if backend == "local" and jobs == 1:
        for task in tasks:
            yield _run_task(plan, task, log)
        return
    from joblib import Parallel, delayed, parallel_config

    calls = (delayed(_run_task)(plan, task, log) for task in tasks)
    if backend == "dask":
        try:
            from distributed import Client
        except ImportError:
            raise InputError(
                "--backend dask needs the 'distributed' package: pip install 'crazy4[distributed]'"
            ) from None
        try:
            client = (
                Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
                if scheduler
                else Client.current()  # type: ignore[no-untyped-call]
            )
        except (OSError, TimeoutError, ValueError) as error:
            if scheduler is None:
                raise InputError("--backend dask needs --scheduler ADDRESS") from None
            raise InputError(f"cannot reach the Dask scheduler {scheduler!r}: {error}") from None
        try:
            with parallel_config(backend="dask", wait_for_workers_timeout=30):
                yield from Parallel(return_as="generator")(calls)
        finally:
            if scheduler:
                client.close()
        return
    # log mode: threads (numpy and the parquet writer release the GIL) save pickling every row
    prefer = "threads" if log else "processes"
    yield from Parallel(n_jobs=jobs, return_as="generator", prefer=prefer)(calls)


def run_simulation(
    plan: SimulationPlan,
    *,
    jobs: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    log_path: Path | None = None,
    log_metadata: dict[str, object] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Counts:
    """Play every round of a plan; optionally write the per-round log.

    Parameters
    ----------
    plan : SimulationPlan
    jobs : int
        Worker processes (local backend); the numbers do not depend on it.
    backend : {"local", "dask"}
    scheduler : str, optional
        Dask scheduler address (``tcp://host:port``); without it, the current client.
    log_path : Path, optional
        Parquet (``.parquet``) or CSV (``.csv``) file to write one row per seat and round;
        written atomically, one row group per chunk.
    log_metadata : dict, optional
        Provenance stored in the parquet log's schema metadata.
    progress : callable, optional
        Called with the number of rounds finished after each task.

    Examples
    --------
    >>> from crazy4.rules.load import load_rules
    >>> plan = make_plan(load_rules("crazy4-standard"), rounds=1000, seed=7)
    >>> counts = run_simulation(plan)
    >>> counts.rounds, int(counts.seats.sum()), int(counts.dealer.sum())
    (1000, 1000, 1000)
    """
    say = progress or (lambda rounds: None)
    total = _empty(plan)
    results = _results(plan, jobs, backend, scheduler, log_path is not None)
    if log_path is None:
        for result in results:
            assert isinstance(result, Counts)
            total.add(result)
            say(result.rounds)
        return total
    from crazy4.results.write import atomic_write

    def write(target: Path) -> None:
        writer = _LogWriter(target, log_path.suffix.lower() == ".csv", log_metadata or {})
        try:
            for result in results:
                assert isinstance(result, list)
                for chunk in result:
                    assert chunk.log is not None
                    writer.write(chunk.log)
                    total.add(chunk.counts)
                    say(chunk.counts.rounds)
        finally:
            writer.close()

    atomic_write(log_path, write)
    return total


class _LogWriter:
    def __init__(self, path: Path, csv: bool, metadata: dict[str, object]) -> None:
        self.path = path
        self.csv = csv
        self.metadata = metadata
        self.writer: Any = None

    def write(self, table: pa.Table) -> None:
        if self.csv:
            import pyarrow.csv as pcsv

            table = table.set_column(
                table.schema.get_field_index("decision"),
                "decision",
                table.column("decision").cast(pa.string()),
            )
            if self.writer is None:
                self.writer = pcsv.CSVWriter(str(self.path), table.schema)
            self.writer.write_table(table)
            return
        import pyarrow.parquet as pq

        from crazy4.results.write import PROVENANCE_KEY

        if self.writer is None:
            meta = dict(table.schema.metadata or {})
            meta[PROVENANCE_KEY] = json.dumps(self.metadata, sort_keys=True).encode()
            self.schema = table.schema.with_metadata(meta)
            # card text is near-random: dictionary pages would only be built and dropped
            self.writer = pq.ParquetWriter(
                str(self.path),
                self.schema,
                compression="zstd",
                compression_level=1,
                use_dictionary=["seat", "decision"],
                write_statistics=False,
            )
        self.writer.write_table(table.replace_schema_metadata(self.schema.metadata))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


# --------------------------------------------------------------------------------------------
# Summary


@dataclass(frozen=True)
class BetResult:
    """Simulated result of one bet beside its exact value (per unit of its base wager)."""

    name: str
    hands: int
    net: Fraction
    mean: float
    standard_error: float
    hit_frequency: float
    exact_mean: float
    exact_std_dev: float
    exact_hit_frequency: float

    @property
    def z(self) -> float:
        """``(mean - exact mean) / standard error`` (0 when the error is 0)."""
        if self.standard_error == 0:
            return 0.0
        return (self.mean - self.exact_mean) / self.standard_error


@dataclass(frozen=True)
class SimulationSummary:
    """What ``crazy4 simulate`` prints, and writes with ``--summary``."""

    plan: SimulationPlan
    counts: Counts
    bets: list[BetResult]
    exact: dict[str, ExactBet]

    def to_dict(self) -> dict[str, object]:
        """The JSON summary (also an input of ``crazy4 validate``; see ``docs/simulator.md``)."""
        plan, counts = self.plan, self.counts
        header: dict[str, object] = {
            "format": SUMMARY_FORMAT,
            "version": 1,
            "rule_set": plan.rules.name,
            "rule_set_sha256": plan.rules.content_hash,
            "game": plan.rules.game,
            "strategy": plan.strategy,
            "seed": plan.seed,
            "rounds": counts.rounds,
            "seats": plan.seats,
        }
        if plan.rules.game == "four-card-poker":
            from crazy4.games.four_card.simulate import summary_dict

            return {
                **header,
                "chunk_rounds": CHUNK_ROUNDS,
                **summary_dict(plan, counts.seats, counts.dealer),
                "bets": self._bets_dict(),
            }
        categories = category_of_strength()
        labels = [category.label for category in HandCategory]
        per_strength = _by_strength(counts.seats) + _by_strength(counts.blind)
        player = np.bincount(categories, weights=per_strength, minlength=len(labels))
        dealer = np.bincount(categories, weights=counts.dealer, minlength=len(labels))
        cells = counts.seats.reshape(-1, _CELLS).sum(axis=0)
        qualified = int(counts.dealer[plan.rules.dealer.qualifier_strength :].sum())
        return {
            **header,
            "blind_hands": plan.blind_hands,
            "chunk_rounds": CHUNK_ROUNDS,
            "player_categories": {label: int(n) for label, n in zip(labels, player, strict=True)},
            "dealer_categories": {label: int(n) for label, n in zip(labels, dealer, strict=True)},
            "dealer_qualified": qualified,
            "outcomes": {name: int(n) for name, n in zip(OUTCOME_CELLS, cells, strict=True)},
            "bets": self._bets_dict(),
        }

    def _bets_dict(self) -> dict[str, object]:
        return {
            bet.name: {
                "hands": bet.hands,
                "wagered": bet.hands,
                "net": float(bet.net),
                "net_exact": str(bet.net),
                "mean": bet.mean,
                "standard_error": bet.standard_error,
                "hit_frequency": bet.hit_frequency,
                "exact_mean": bet.exact_mean,
                "exact_std_dev": bet.exact_std_dev,
                "z": bet.z,
            }
            for bet in self.bets
        }

    def render(self) -> str:
        """Readable text summary."""
        plan, counts = self.plan, self.counts
        data = self.to_dict()
        lines = [
            f"{plan.rules.name}: {counts.rounds:,} rounds, {plan.seats} seat(s)"
            + (f" ({plan.blind_hands} blind second hand(s))" if plan.blind_hands else "")
            + f", strategy {plan.strategy}, seed {plan.seed}",
            "",
            f"{'bet (per unit of its wager)':<34}{'mean':>11}{'± s.e.':>10}{'exact':>11}"
            f"{'z':>7}{'hits':>9}{'exact':>9}",
        ]
        for bet in self.bets:
            lines.append(
                f"{bet.name:<34}{bet.mean:>+11.5f}{bet.standard_error:>10.5f}"
                f"{bet.exact_mean:>+11.5f}{bet.z:>+7.2f}{bet.hit_frequency:>9.4f}"
                f"{bet.exact_hit_frequency:>9.4f}"
            )
        if plan.rules.game == "four-card-poker":
            from crazy4.games.four_card.simulate import render_tail

            return "\n".join(lines + render_tail(plan, data, counts.rounds))
        qualified = int(data["dealer_qualified"])  # type: ignore[call-overload]
        reference = load_reference(plan.rules)
        lines += [
            "",
            f"dealer qualifies ({plan.rules.dealer.qualifier}): {qualified / counts.rounds:.5f} "
            f"(exact {reference.qualification_probability():.5f})",
            "",
            f"{'hand category':<18}{'player':>10}{'dealer':>10}{'exact':>10}",
        ]
        probabilities = reference.category_probabilities()
        player = data["player_categories"]
        dealer = data["dealer_categories"]
        assert isinstance(player, dict) and isinstance(dealer, dict)
        hands = sum(player.values())
        for category in reversed(HandCategory):
            lines.append(
                f"{category.label:<18}{player[category.label] / hands:>10.6f}"
                f"{dealer[category.label] / counts.rounds:>10.6f}"
                f"{probabilities[category]:>10.6f}"
            )
        return "\n".join(lines)


def _by_strength(keyed: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    summed: npt.NDArray[np.int64] = keyed.reshape(number_of_strengths(), 4 * _CELLS).sum(axis=1)
    return summed


def _bet_result(
    name: str,
    keyed: npt.NDArray[np.int64],
    nets: npt.NDArray[np.int64],
    unit: int,
    rounds: int,
    per_round: int,
    round_squares: int | None,
    exact: ExactBet,
) -> BetResult:
    hands = int(keyed.sum())
    used = keyed > 0
    total = int(np.dot(keyed[used], nets[used]))
    squares = int(np.dot(keyed[used], nets[used] * nets[used]))
    hits = int(keyed[used & (nets > 0)].sum())
    mean = Fraction(total, hands * unit)
    if per_round > 1 and round_squares is not None and rounds > 1:
        # the round is the unit: sum over rounds of (S_r - k * mean)^2, exactly
        spread = (
            Fraction(round_squares, unit * unit)
            - 2 * per_round * mean * Fraction(total, unit)
            + rounds * (per_round * mean) ** 2
        )
        variance = spread * rounds / (rounds - 1) / hands**2
    elif hands > 1:
        spread = Fraction(squares, unit * unit) - hands * mean * mean
        variance = spread / (hands - 1) / hands
    else:
        variance = Fraction(0)
    return BetResult(
        name=name,
        hands=hands,
        net=Fraction(total, unit),
        mean=float(mean),
        standard_error=math.sqrt(max(0.0, float(variance))),
        hit_frequency=hits / hands,
        exact_mean=float(exact.mean),
        exact_std_dev=exact.std_dev,
        exact_hit_frequency=exact.hit_frequency,
    )


def summarize_counts(plan: SimulationPlan, counts: Counts) -> SimulationSummary:
    """Every bet's simulated mean, standard error and hit frequency beside the exact values.

    Examples
    --------
    >>> from crazy4.rules.load import load_rules
    >>> plan = make_plan(load_rules("crazy4-cardroom"), rounds=2000, seed=1, seats=2,
    ...                  blind_hands=1)
    >>> summary = summarize_counts(plan, run_simulation(plan))
    >>> [bet.name for bet in summary.bets][-1], summary.to_dict()["rounds"]
    ('blind_second_hand', 2000)
    """
    if plan.rules.game == "four-card-poker":
        return _summarize_four_card(plan, counts)
    tables = _tables(plan)
    reference = load_reference(plan.rules)
    exact = reference.exact_bets(plan.decision)
    unit = tables.settlement.unit
    bets = []
    if plan.normal_hands:
        for name, nets in tables.bet_nets.items():
            bets.append(
                _bet_result(
                    name,
                    counts.seats,
                    nets,
                    unit,
                    counts.rounds,
                    plan.normal_hands,
                    counts.round_squares.get(name),
                    exact[name],
                )
            )
    if plan.blind_hands:
        bets.append(
            _bet_result(
                "blind_second_hand",
                counts.blind,
                tables.blind_net,
                unit,
                counts.rounds,
                plan.blind_hands,
                counts.round_squares.get("blind_second_hand"),
                exact["blind_second_hand"],
            )
        )
    return SimulationSummary(plan=plan, counts=counts, bets=bets, exact=exact)


def _summarize_four_card(plan: SimulationPlan, counts: Counts) -> SimulationSummary:
    from crazy4.games.four_card.reference import load_fourcard_reference
    from crazy4.games.four_card.simulate import tables_of

    tables = tables_of(plan)
    exact = load_fourcard_reference(plan.rules).exact_bets(plan.decision)
    unit = tables.settlement.unit
    bets = [
        _bet_result(
            name,
            counts.seats,
            nets,
            unit,
            counts.rounds,
            plan.seats,
            counts.round_squares.get(name),
            exact[name],
        )
        for name, nets in tables.bet_nets.items()
    ]
    return SimulationSummary(plan=plan, counts=counts, bets=bets, exact=exact)
