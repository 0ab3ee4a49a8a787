"""The Crazy 4 Poker chunk player, log rows and summary of :mod:`crazy4.simulate.driver`.

A round deals, from one fresh deck (:func:`crazy4.core.deal.deal_hands`), five cards to each
seat, then the dealer's five. Each seat plays the plan's strategy (a decision per suit class of
five-card hands, :mod:`crazy4.games.crazy_four.reference`) and wagers 1 Ante, 1 Super Bonus,
1 Queens Up and its Play bet. The last ``blind_hands`` seats are the card room's blind second
hands (3 Antes on Play without looking, 2 returned below a pair of aces).

Seats are counted by ``key = (strength * 4 + multiple) * 6 + outcome cell`` (2,535 x 4 x 6 bins,
:data:`crazy4.games.crazy_four.outcomes.OUTCOME_CELLS`), which determines every bet
(:mod:`crazy4.games.crazy_four.settle`); dealer hands by strength. Everything else (chunks,
seeds, workers, log writing, statistics) is the game-independent driver of
:mod:`crazy4.simulate.driver`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.bets import ExactBet
from crazy4.core.cards import BINOMIAL
from crazy4.core.deal import deal_hands, packed_combinations
from crazy4.core.exact import exact_dot, seat_totals
from crazy4.core.ranking import HandCategory, category_of_strength, number_of_strengths
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS
from crazy4.games.crazy_four.reference import load_reference
from crazy4.games.crazy_four.rules import CrazyFourRules, crazy_four_rules
from crazy4.games.crazy_four.settle import Settlement
from crazy4.log.cardtext import hand_code_array
from crazy4.log.roundlog import BLIND, DECISION_NAMES
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import BLIND_BET, BetNets, Chunk, Counts
from crazy4.simulate.kernel import (
    Scratch,
    compiled_draws,
    nets_by_key,
    select_table,
    squares_fit,
)
from crazy4.simulate.plan import PlanTables, SimulationPlan
from crazy4.simulate.progressive import progressive_columns, progressive_counts

CELLS = len(OUTCOME_CELLS)
#: Bins of a seat key (strength, Play multiple, outcome cell).
KEY_BINS = number_of_strengths() * 4 * CELLS
#: Largest number of seats at a table (7 hands and the dealer's: 40 cards).
MAX_SEATS = 7


@dataclass(frozen=True)
class CrazyFourTables:
    """What a worker derives from a plan (cached per plan)."""

    settlement: Settlement
    packed: npt.NDArray[np.int32]  # per colex: strength << 16 | (strength * 4 + decision) * 6
    strength: npt.NDArray[np.uint16]  # per colex (small: it is gathered at random)
    bet_nets: dict[str, npt.NDArray[np.int64]]  # per (strength, multiple, cell) key
    blind_net: npt.NDArray[np.int64]
    blind_base: npt.NDArray[np.int32]  # per strength: (strength * 4 + blind multiple) * 6
    nets_matrix: tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16]]  # distinct rows, row a key
    blind_matrix: tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16]]  # the same, blind hands
    seat_word: npt.NDArray[np.uint16]  # per colex: strength * 4 + decision (the kernel's)


def bet_components(rules: CrazyFourRules) -> dict[str, tuple[str, ...]]:
    """Bets of the summary and the wagers each sums (``queens_up:<i>``: Queens Up table ``i``).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> list(bet_components(crazy_four_rules(load_rules("crazy4-standard"))))[:3]
    ['ante_super_bonus_play', 'ante_play', 'super_bonus']
    """
    bets = {"ante_super_bonus_play": ("ante", "play", "super_bonus"), "ante_play": ("ante", "play")}
    if rules.super_bonus is not None:
        bets["super_bonus"] = ("super_bonus",)
    for index, bet in enumerate(rules.side_bets):
        bets[bet.name] = (f"queens_up:{index}",)
    return bets


def _key_nets(settlement: Settlement, components: tuple[str, ...]) -> npt.NDArray[np.int64]:
    """Net numerator of a bet for every ``(strength, multiple, cell)`` key."""
    keys = np.arange(KEY_BINS)
    strength, rest = np.divmod(keys, 4 * CELLS)
    multiple, cell = np.divmod(rest, CELLS)
    nets = settlement.nets(strength, multiple, cell)
    total = np.zeros(keys.shape[0], dtype=np.int64)
    for component in components:
        if component.startswith("queens_up:"):
            table = int(component.split(":")[1])
            total += settlement.queens_up_nets(strength, multiple == 0, table)
        else:
            total += nets[component]
    return total


def _build_tables(plan: SimulationPlan) -> CrazyFourTables:
    rules = crazy_four_rules(plan.rules)
    reference = load_reference(rules)
    strength = reference.strength_of_hand.astype(np.int32)
    decision = plan.decision.astype(np.int32)[reference.class_of_hand]
    packed = (strength << 16) | ((strength * 4 + decision) * CELLS)
    settlement = Settlement.of(rules)
    bet_nets = {name: _key_nets(settlement, parts) for name, parts in bet_components(rules).items()}
    strengths = np.arange(number_of_strengths(), dtype=np.int32)
    blind_multiple = settlement.blind_multiple(strengths).astype(np.int32)
    tables = CrazyFourTables(
        settlement=settlement,
        packed=packed,
        strength=reference.strength_of_hand,
        bet_nets=bet_nets,
        blind_net=bet_nets["ante_super_bonus_play"],
        blind_base=np.ascontiguousarray((strengths * 4 + blind_multiple) * CELLS, dtype=np.int32),
        nets_matrix=nets_by_key(list(bet_nets.values())),
        blind_matrix=nets_by_key([bet_nets["ante_super_bonus_play"]]),
        seat_word=np.ascontiguousarray(strength * 4 + decision, dtype=np.uint16),
    )
    return tables


#: The worker's tables for a plan (:class:`crazy4.simulate.plan.PlanTables`: built once per
#: process and plan, by one thread; the others wait for it and share them).
tables_of = PlanTables(_build_tables)

#: The compiled loop's working arrays, per thread (:class:`crazy4.simulate.kernel.Scratch`).
SCRATCH = Scratch()


def seat_keys(
    plan: SimulationPlan, tables: CrazyFourTables, colex: list[npt.NDArray[np.int32]]
) -> tuple[list[npt.NDArray[np.int32]], npt.NDArray[np.int32]]:
    """The seat key of every seat (the strategy's seats, then the blind ones) and the dealer's
    strength, from the colex indices of the dealt hands (the dealer's last)."""
    dealer_strength = tables.strength[colex[-1]].astype(np.int32)
    qualifier = plan.rules.dealer.qualifier_strength
    qualified_cells = np.where(dealer_strength >= qualifier, 3, 0).astype(np.int32)
    keys: list[npt.NDArray[np.int32]] = []
    for seat in range(plan.seats):
        packed = tables.packed[colex[seat]]
        strength = packed >> 16
        cell = qualified_cells + (strength == dealer_strength) + 2 * (strength < dealer_strength)
        if seat < plan.normal_hands:
            keys.append((packed & 0xFFFF) + cell)
        else:
            multiple = tables.settlement.blind_multiple(strength).astype(np.int32)
            keys.append((strength * 4 + multiple) * CELLS + cell)
    return keys, dealer_strength


def chunk_counts(
    plan: SimulationPlan,
    tables: CrazyFourTables,
    keys: list[npt.NDArray[np.int32]],
    dealer_strength: npt.NDArray[np.int32],
) -> Counts:
    """One chunk's counts by seat key (strategy and blind seats apart), by dealer strength, and
    the per-round sums of squares of every bet (with more than one hand of a kind a round)."""
    normal = keys[: plan.normal_hands]
    blind = keys[plan.normal_hands :]
    counts = Counts(
        rounds=dealer_strength.shape[0],
        seats=np.bincount(np.concatenate(normal), minlength=KEY_BINS).astype(np.int64),
        blind=np.bincount(np.concatenate(blind), minlength=KEY_BINS).astype(np.int64)
        if blind
        else np.zeros(KEY_BINS, dtype=np.int64),
        dealer=np.bincount(dealer_strength, minlength=number_of_strengths()).astype(np.int64),
        round_squares={},
    )
    if len(normal) > 1:
        for name, nets in tables.bet_nets.items():
            total = seat_totals(nets, normal)
            counts.round_squares[name] = exact_dot(total, total)
    if len(blind) > 1:
        total = seat_totals(tables.blind_net, blind)
        counts.round_squares[BLIND_BET] = exact_dot(total, total)
    return counts


def numpy_chunk(plan: SimulationPlan, chunk: int, log: bool) -> Chunk:
    """One chunk by numpy array passes: the reference the compiled loop is tested against."""
    tables = tables_of(plan)
    rounds = plan.chunk_rounds(chunk)
    dealt = deal_hands(plan.generator(chunk), rounds, (5,) * plan.seats + (5,))
    keys, dealer_strength = seat_keys(plan, tables, dealt.colex)
    counts = chunk_counts(plan, tables, keys, dealer_strength)
    counts.progressive = progressive_counts(plan.rules, plan.meter, dealt.colex[: plan.seats])
    table = log_table(plan, plan.first_round(chunk), dealt.cards, keys) if log else None
    return Chunk(counts=counts, log=table)


def kernel_chunk(plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None) -> Chunk:
    """One chunk by the compiled loop (:mod:`.simulate_kernel`): the counts of
    :func:`numpy_chunk`, from the same draws (:func:`crazy4.simulate.kernel.compiled_draws`:
    numpy's, made in compiled code), added to ``into`` when given."""
    from crazy4.games.crazy_four.simulate_kernel import crazy_four_colex, crazy_four_rounds

    tables = tables_of(plan)
    rounds = plan.chunk_rounds(chunk)
    seats = plan.seats
    hands = (seats + 1, rounds)
    indices = compiled_draws(
        plan.generator(chunk), rounds, (5,) * (seats + 1), SCRATCH.array("draws", hands, np.int32)
    )
    normal, blind = plan.normal_hands, seats - plan.normal_hands
    fits = max(normal, blind) <= 1 or (  # one seat of a kind: no sums of squares
        squares_fit(tables.nets_matrix[0], normal, rounds)
        and squares_fit(tables.blind_net, blind, rounds)
    )
    bets = len(tables.bet_nets)
    squares = np.zeros(bets + 1 if fits and max(normal, blind) > 1 else 0, dtype=np.int64)
    want_keys = log or (not fits and max(normal, blind) > 1)
    keys = np.zeros((seats, rounds) if want_keys else (0, 0), dtype=np.int32)
    cards = np.zeros((seats + 1, 5, rounds) if log else (0, 0, 0), dtype=np.uint8)
    counts = Counts.empty(KEY_BINS) if into is None else into
    colex = SCRATCH.array("colex", hands, np.int32)
    first = SCRATCH.array("first", (rounds,), np.int32)
    crazy_four_colex(
        indices,
        tables.seat_word,
        packed_combinations(5),
        BINOMIAL,
        select_table(),
        cards,
        SCRATCH.array("relative", hands, np.int32),
        first,
        colex,
    )
    crazy_four_rounds(
        colex,
        first,
        tables.seat_word,
        tables.blind_base,
        normal,
        plan.rules.dealer.qualifier_strength,
        tables.nets_matrix,
        tables.blind_matrix,
        (counts.seats, counts.blind, counts.dealer),
        squares,
        keys,
        SCRATCH.array("packed", hands, np.int32),
    )
    round_squares: dict[str, int] = {}
    if squares.shape[0]:
        if normal > 1:
            names = list(tables.bet_nets)
            round_squares = {n: int(squares[i]) for i, n in enumerate(names)}
        if blind > 1:
            round_squares[BLIND_BET] = int(squares[bets])
    elif want_keys:
        exact = chunk_counts(plan, tables, list(keys), counts.dealer[:0].astype(np.int32))
        round_squares = exact.round_squares
    progressive = progressive_counts(plan.rules, plan.meter, list(colex[:seats]))
    counts.add_totals(rounds, round_squares, progressive)
    table = log_table(plan, plan.first_round(chunk), list(cards), list(keys)) if log else None
    return Chunk(counts=counts, log=table)


def log_table(
    plan: SimulationPlan,
    first_round: int,
    cards: list[npt.NDArray[np.uint8]],
    keys: list[npt.NDArray[np.int32]],
) -> pa.Table:
    """The log rows of one chunk (schema in :mod:`crazy4.log.roundlog`), the cards as
    compact codes (:func:`crazy4.log.cardtext.hand_code_array`; the driver spells them
    for a text log)."""
    settlement = tables_of(plan).settlement
    has_bonus = settlement.rules.super_bonus is not None
    rounds = keys[0].shape[0]
    seats = plan.seats
    key = np.stack(keys, axis=1).ravel()  # round-major: round r, seat s at r * seats + s
    strength, rest = np.divmod(key.astype(np.int64), 4 * CELLS)
    multiple, cell = np.divmod(rest, CELLS)
    is_blind = np.tile(np.arange(seats) >= plan.normal_hands, rounds)
    nets = settlement.nets(strength, multiple, cell, queens_up=plan.side_bet)
    unit = settlement.unit
    decision = np.where(is_blind, BLIND, multiple).astype(np.int8)
    ante = np.ones(key.shape[0])
    play = np.where(is_blind, 3.0, multiple.astype(np.float64))
    player = np.stack(cards[:seats], axis=2).reshape(5, rounds * seats)
    columns: dict[str, pa.Array] = {
        "round": pa.array(
            np.repeat(np.arange(first_round, first_round + rounds, dtype=np.int64), seats)
        ),
        "seat": pa.array(np.tile(np.arange(1, seats + 1, dtype=np.int8), rounds)),
        "player": hand_code_array(player),
        "dealer": hand_code_array(cards[seats], repeat=seats),
        "decision": pa.DictionaryArray.from_arrays(
            pa.array(decision), pa.array(list(DECISION_NAMES))
        ),
        "ante": pa.array(ante),
    }
    if has_bonus:
        columns["super_bonus"] = pa.array(ante)
    columns["play"] = pa.array(play)
    if plan.side_bet is not None:
        columns["queens_up"] = pa.array(ante)
    columns["ante_net"] = pa.array(nets["ante"] / unit)
    if has_bonus:
        columns["super_bonus_net"] = pa.array(nets["super_bonus"] / unit)
    columns["play_net"] = pa.array(nets["play"] / unit)
    if plan.side_bet is not None:
        columns["queens_up_net"] = pa.array(nets["queens_up"] / unit)
    columns.update(progressive_columns(plan.rules, plan.meter, player, seats))
    return pa.table(columns)


def _by_strength(keyed: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    summed: npt.NDArray[np.int64] = keyed.reshape(number_of_strengths(), 4 * CELLS).sum(axis=1)
    return summed


def summary_counts(plan: SimulationPlan, counts: Counts) -> dict[str, object]:
    """Hand categories (player and dealer), dealer qualification and outcome cells of a
    Crazy 4 Poker simulation (part of its JSON summary)."""
    categories = category_of_strength()
    labels = [category.label for category in HandCategory]
    per_strength = _by_strength(counts.seats) + _by_strength(counts.blind)
    player = np.bincount(categories, weights=per_strength, minlength=len(labels))
    dealer = np.bincount(categories, weights=counts.dealer, minlength=len(labels))
    cells = counts.seats.reshape(-1, CELLS).sum(axis=0)
    qualified = int(counts.dealer[plan.rules.dealer.qualifier_strength :].sum())
    return {
        "player_categories": {label: int(n) for label, n in zip(labels, player, strict=True)},
        "dealer_categories": {label: int(n) for label, n in zip(labels, dealer, strict=True)},
        "dealer_qualified": qualified,
        "outcomes": {name: int(n) for name, n in zip(OUTCOME_CELLS, cells, strict=True)},
    }


def render_tail(plan: SimulationPlan, counts: Counts, data: Mapping[str, object]) -> list[str]:
    """The qualification and category lines of the text summary."""
    rules = crazy_four_rules(plan.rules)
    reference = load_reference(rules)
    qualified = int(counts.dealer[rules.dealer.qualifier_strength :].sum())
    lines = [
        "",
        f"dealer qualifies ({rules.dealer.qualifier}): {qualified / counts.rounds:.5f} "
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
    return lines


class CrazyFourSimulator:
    """The simulator's role of Crazy 4 Poker (:class:`crazy4.simulate.game.SimulatedGame`)."""

    max_seats = MAX_SEATS
    side_bet_label = "Queens Up"
    side_bet_key = "queens_up"
    key_bins = KEY_BINS

    def blind_hands_allowed(self, rules: RuleSet) -> bool:
        """The card room's rule sets (``cardroom.blind_second_hand``)."""
        return crazy_four_rules(rules).blind_second_hand

    def strategy(self, rules: RuleSet, spec: str) -> npt.NDArray[np.int64]:
        """A decision per suit class of five-card hands."""
        return load_reference(crazy_four_rules(rules)).strategy(spec)

    def play_chunk(
        self, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
    ) -> Chunk:
        """Deal the seats' and the dealer's five cards, count seats by key (the compiled loop,
        :func:`kernel_chunk`), into ``into`` when given."""
        return kernel_chunk(plan, chunk, log, into)

    def bet_nets(self, plan: SimulationPlan) -> BetNets:
        """Every bet of :func:`bet_components`; the blind hand's is the whole game's."""
        tables = tables_of(plan)
        return BetNets(unit=tables.settlement.unit, seat=tables.bet_nets, blind=tables.blind_net)

    def exact_bets(self, plan: SimulationPlan) -> dict[str, ExactBet]:
        """From the exact reference (:func:`crazy4.games.crazy_four.reference.load_reference`)."""
        decision = plan.decision.astype(np.int64)
        return load_reference(crazy_four_rules(plan.rules)).exact_bets(decision)

    def summary_options(self, plan: SimulationPlan) -> dict[str, object]:
        """The number of blind second hands."""
        return {"blind_hands": plan.blind_hands}

    def summary_counts(self, plan: SimulationPlan, counts: Counts) -> dict[str, object]:
        """See :func:`summary_counts`."""
        return summary_counts(plan, counts)

    def render_tail(
        self, plan: SimulationPlan, counts: Counts, data: Mapping[str, object]
    ) -> list[str]:
        """See :func:`render_tail`."""
        return render_tail(plan, counts, data)
