"""The Four Card Poker chunk player, log rows and summary of :mod:`crazy4.simulate.driver`.

A round deals, from one fresh deck (:func:`crazy4.core.deal.deal_hands`), five cards to each seat,
then the dealer's up card, then the dealer's five hidden cards. Each seat's decision is that of
its situation class (hand, up card; :func:`crazy4.games.four_card.reference.situation_of`): one
lookup gives ``strength * 4 + decision``. The dealer's six cards get their colex index
arithmetically (the up card slotted among the sorted hidden cards) and their best-four strength
by one lookup.

Seats are counted by ``key = ((strength * 4 + decision) * 8 + dealer category) * 3 + result``
(result: 0 player higher, 1 tie, 2 dealer higher), which determines every bet
(:mod:`crazy4.games.four_card.settle`); dealer hands by strength. Everything else (chunks, seeds,
workers, log writing, statistics) is the game-independent driver of
:mod:`crazy4.simulate.driver`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import BINOMIAL
from crazy4.core.deal import deal_hands, packed_combinations
from crazy4.core.exact import exact_dot, seat_totals
from crazy4.core.ranking import HandCategory, category_of_strength, number_of_strengths
from crazy4.games.four_card.reference import (
    load_fourcard_reference,
    situation_index_table,
    situation_slots,
)
from crazy4.games.four_card.rules import four_card_rules
from crazy4.games.four_card.settle import RESULTS, FourCardSettlement
from crazy4.log.cardtext import hand_code_array
from crazy4.log.roundlog import DECISION_NAMES
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import BetNets, Chunk, Counts, ExactValue
from crazy4.simulate.kernel import (
    Scratch,
    compiled_draws,
    nets_by_key,
    select_table,
    squares_fit,
)
from crazy4.simulate.plan import PlanTables, SimulationPlan
from crazy4.simulate.progressive import progressive_columns, progressive_counts

N_CATEGORIES = len(HandCategory)
#: Bins of a seat key (strength, decision, dealer category, result).
KEY_BINS = number_of_strengths() * 4 * N_CATEGORIES * 3
_STRIDE = N_CATEGORIES * 3
#: Largest number of seats at a table (7 hands and the dealer's six cards: 41 cards).
MAX_SEATS = 7


@dataclass(frozen=True)
class FourCardTables:
    """What a worker derives from a plan (cached per plan)."""

    settlement: FourCardSettlement
    slots: npt.NDArray[np.int32]  # (colex * 4 + up suit) -> class * 52 + suit
    base: npt.NDArray[np.int32]  # (class * 52 + card) -> (strength * 4 + decision) * 24
    kernel_base: npt.NDArray[np.int32]  # the same << 12 | strength (the compiled loop's)
    strength5: npt.NDArray[np.uint16]
    strength6: npt.NDArray[np.uint16]
    dealer_offset: npt.NDArray[np.int32]  # strength -> category * 3
    bet_nets: dict[str, npt.NDArray[np.int64]]  # per key
    nets_matrix: tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16]]  # distinct rows, row a key


def bet_components(plan: SimulationPlan) -> dict[str, tuple[str, ...]]:
    """Bets of the summary and the net components each sums."""
    rules = four_card_rules(plan.rules)
    bets: dict[str, tuple[str, ...]] = {"ante_play": ("ante", "ante_bonus", "play")}
    for index, bet in enumerate(rules.side_bets):
        bets[bet.name] = (f"aces_up:{index}",)
    if rules.four_card.bad_beat is not None:
        bets["bad_beat"] = ("bad_beat",)
    return bets


def key_fields(
    keys: npt.NDArray[np.integer],
) -> tuple[npt.NDArray[np.int64], ...]:
    """``(strength, decision, dealer category, result)`` of seat keys.

    Examples
    --------
    >>> [int(x[0]) for x in key_fields(np.array([((100 * 4 + 3) * 8 + 2) * 3 + 1]))]
    [100, 3, 2, 1]
    """
    keys = np.asarray(keys, dtype=np.int64)
    rest, result = np.divmod(keys, 3)
    rest, category = np.divmod(rest, N_CATEGORIES)
    strength, decision = np.divmod(rest, 4)
    return strength, decision, category, result


def _key_nets(settlement: FourCardSettlement, components: tuple[str, ...]) -> npt.NDArray[np.int64]:
    strength, decision, category, result = key_fields(np.arange(KEY_BINS))
    total = np.zeros(KEY_BINS, dtype=np.int64)
    cache_nets: dict[int, dict[str, npt.NDArray[np.int64]]] = {}
    for component in components:
        table = int(component.split(":")[1]) if ":" in component else 0
        if table not in cache_nets:
            cache_nets[table] = settlement.nets(strength, decision, category, result, aces_up=table)
        total += cache_nets[table][component.split(":")[0]]
    return total


def _build_tables(plan: SimulationPlan) -> FourCardTables:
    reference = load_fourcard_reference(four_card_rules(plan.rules))
    index = situation_index_table()
    valid = index >= 0
    base = np.zeros(index.shape[0], dtype=np.int32)
    situations = index[valid]
    decision = plan.decision[situations].astype(np.int64)
    base[valid] = (reference.strengths[situations] * 4 + decision) * _STRIDE
    settlement = FourCardSettlement.of(four_card_rules(plan.rules))
    bet_nets = {name: _key_nets(settlement, parts) for name, parts in bet_components(plan).items()}
    tables = FourCardTables(
        settlement=settlement,
        slots=situation_slots(),
        base=base,
        kernel_base=(base << 12) | (base // (4 * _STRIDE)),
        strength5=reference.strength_of_hand,
        strength6=reference.dealer_strength_of_hand,
        dealer_offset=(category_of_strength().astype(np.int32) * 3),
        bet_nets=bet_nets,
        nets_matrix=nets_by_key(list(bet_nets.values())),
    )
    return tables


#: The worker's tables for a plan (:class:`crazy4.simulate.plan.PlanTables`: built once per
#: process and plan, by one thread; the others wait for it and share them).
tables_of = PlanTables(_build_tables)

#: The compiled loop's working arrays, per thread (:class:`crazy4.simulate.kernel.Scratch`).
SCRATCH = Scratch()


@cache
def _binomial_flat() -> npt.NDArray[np.intp]:
    return np.ascontiguousarray(BINOMIAL.ravel(), dtype=np.intp)


@cache
def _binomial_columns() -> tuple[npt.NDArray[np.int32], ...]:
    return tuple(np.ascontiguousarray(BINOMIAL[:, k], dtype=np.int32) for k in range(8))


def dealer_colex(
    up: npt.NDArray[np.integer], hidden: npt.NDArray[np.integer]
) -> npt.NDArray[np.intp]:
    """Colex index of the six-card hand ``hidden + up`` (``hidden`` sorted, card-major (5, n)).

    Examples
    --------
    >>> from crazy4.core.cards import colex_indices
    >>> hidden = np.array([[1], [7], [20], [30], [44]])
    >>> int(dealer_colex(np.array([9]), hidden)[0]) == int(
    ...     colex_indices(np.array([[1, 7, 9, 20, 30, 44]]))[0])
    True
    """
    b = _binomial_columns()
    up_i = np.asarray(up).astype(np.intp)
    position = np.zeros(up_i.shape[0], dtype=np.intp)
    index = np.zeros(up_i.shape[0], dtype=np.intp)
    for i in range(hidden.shape[0]):
        card = hidden[i].astype(np.intp)
        below = card < up_i
        position += below
        index += np.where(below, b[i + 1][card], b[i + 2][card])
    index += _binomial_flat()[up_i * 8 + position + 1]
    return index


def play_chunk(
    plan: SimulationPlan, rounds: int, rng: np.random.Generator
) -> tuple[Counts, list[npt.NDArray[np.int64]], list[npt.NDArray[np.uint8]]]:
    """Deal and count one chunk: the counts (seats by key, dealer hands by strength, per-round
    sums of squares with several seats), the seat keys and the cards."""
    tables = tables_of(plan)
    seats = plan.seats
    dealt = deal_hands(rng, rounds, (5,) * seats + (1, 5))
    up = dealt.cards[seats][0].astype(np.intp)
    hidden = dealt.cards[seats + 1]
    dealer_strength = tables.strength6[dealer_colex(up, hidden)].astype(np.int32)
    dealer_offset = tables.dealer_offset[dealer_strength]
    up_suit = up & 3
    up_rank = up - up_suit
    keys: list[npt.NDArray[np.int64]] = []
    strength5 = tables.strength5
    for seat in range(seats):
        colex = dealt.colex[seat].astype(np.intp)
        base = tables.base[tables.slots[colex * 4 + up_suit] + up_rank]
        strength = strength5[colex].astype(np.int32)
        result = (strength == dealer_strength) + 2 * (strength < dealer_strength)
        keys.append((base + dealer_offset + result).astype(np.int64))
    seats_counts = np.bincount(np.concatenate(keys), minlength=KEY_BINS).astype(np.int64)
    squares: dict[str, int] = {}
    if seats > 1:
        for name, nets in tables.bet_nets.items():
            total = seat_totals(nets, keys)
            squares[name] = exact_dot(total, total)
    counts = Counts(
        rounds=rounds,
        seats=seats_counts,
        blind=np.zeros(KEY_BINS, dtype=np.int64),
        dealer=np.bincount(dealer_strength, minlength=number_of_strengths()).astype(np.int64),
        round_squares=squares,
        progressive=progressive_counts(plan.rules, plan.meter, dealt.colex[:seats]),
    )
    return counts, keys, dealt.cards


def kernel_chunk(
    plan: SimulationPlan,
    rounds: int,
    rng: np.random.Generator,
    log: bool,
    into: Counts | None = None,
) -> tuple[Counts, list[npt.NDArray[np.int64]], list[npt.NDArray[np.uint8]]]:
    """:func:`play_chunk` by the compiled loop (:mod:`.simulate_kernel`): the same counts, from
    the same draws (:func:`crazy4.simulate.kernel.compiled_draws`: numpy's, in compiled
    code), added to ``into`` when given; keys and cards only if ``log`` (or when the sums of
    squares need Python integers)."""
    from crazy4.games.four_card.simulate_kernel import four_card_colex, four_card_rounds

    tables = tables_of(plan)
    seats = plan.seats
    sizes = (5,) * seats + (1, 5)
    draws = SCRATCH.array("draws", (len(sizes), rounds), np.int32)
    indices = compiled_draws(rng, rounds, sizes, draws)
    fits = seats == 1 or squares_fit(tables.nets_matrix[0], seats, rounds)  # one seat: no squares
    squares = np.zeros(len(tables.bet_nets) if fits and seats > 1 else 0, dtype=np.int64)
    want_keys = log or (not fits and seats > 1)
    keys = np.zeros((seats, rounds) if want_keys else (0, 0), dtype=np.int64)
    cards = np.zeros((seats + 2, 5, rounds) if log else (0, 0, 0), dtype=np.uint8)
    counts = Counts.empty(KEY_BINS) if into is None else into
    colex = SCRATCH.array("colex", (seats + 1, rounds), np.int32)
    up = SCRATCH.array("up", (rounds,), np.int32)
    relative = SCRATCH.array("relative", (seats + 2, rounds), np.int32)
    four_card_colex(
        indices, packed_combinations(5), BINOMIAL, select_table(), cards, relative, colex, up
    )
    four_card_rounds(
        colex,
        up,
        (tables.slots, tables.kernel_base, tables.strength6, tables.dealer_offset),
        tables.nets_matrix,
        (counts.seats, counts.dealer),
        squares,
        keys,
        SCRATCH.array("strength", (seats + 1, rounds), np.int32),
        SCRATCH.array("slot", (seats, rounds), np.int32),
    )
    round_squares: dict[str, int] = {}
    if squares.shape[0]:
        round_squares = {n: int(squares[i]) for i, n in enumerate(tables.bet_nets)}
    elif want_keys and seats > 1:
        for name, nets in tables.bet_nets.items():
            total = seat_totals(nets, list(keys))
            round_squares[name] = exact_dot(total, total)
    progressive = progressive_counts(plan.rules, plan.meter, list(colex[:seats]))
    counts.add_totals(rounds, round_squares, progressive)
    if not log:
        return counts, list(keys), []
    hands = [cards[h] for h in range(seats)] + [cards[seats][:1], cards[seats + 1]]
    return counts, list(keys), hands


def log_table(
    plan: SimulationPlan,
    first_round: int,
    cards: list[npt.NDArray[np.uint8]],
    keys: list[npt.NDArray[np.int64]],
) -> pa.Table:
    """The log rows of one chunk (schema in ``docs/simulator.md``), the cards as compact codes
    (:func:`crazy4.log.cardtext.hand_code_array`; the driver spells them for a text
    log)."""
    tables = tables_of(plan)
    rounds = keys[0].shape[0]
    seats = plan.seats
    key = np.stack(keys, axis=1).ravel()
    strength, decision, category, result = key_fields(key)
    settle = tables.settlement
    table_index = plan.side_bet if plan.side_bet is not None else 0
    nets = settle.nets(strength, decision, category, result, aces_up=table_index)
    unit = settle.unit
    player = np.stack(cards[:seats], axis=2).reshape(5, rounds * seats)
    dealer_cards = np.concatenate([cards[seats], cards[seats + 1]])  # sorted by the codes
    ones = np.ones(key.shape[0])
    columns: dict[str, pa.Array] = {
        "round": pa.array(
            np.repeat(np.arange(first_round, first_round + rounds, dtype=np.int64), seats)
        ),
        "seat": pa.array(np.tile(np.arange(1, seats + 1, dtype=np.int8), rounds)),
        "player": hand_code_array(player),
        "dealer": hand_code_array(dealer_cards, repeat=seats),
        "up_card": hand_code_array(cards[seats], repeat=seats),
        "decision": pa.DictionaryArray.from_arrays(
            pa.array(decision.astype(np.int8)), pa.array(list(DECISION_NAMES))
        ),
        "ante": pa.array(ones),
        "play": pa.array(decision.astype(np.float64)),
    }
    has_aces_up = plan.side_bet is not None
    has_bad_beat = four_card_rules(plan.rules).four_card.bad_beat is not None
    if has_aces_up:
        columns["aces_up"] = pa.array(ones)
    if has_bad_beat:
        columns["bad_beat"] = pa.array(ones)
    columns["ante_net"] = pa.array(nets["ante"] / unit)
    columns["ante_bonus_net"] = pa.array(nets["ante_bonus"] / unit)
    columns["play_net"] = pa.array(nets["play"] / unit)
    if has_aces_up:
        columns["aces_up_net"] = pa.array(nets["aces_up"] / unit)
    if has_bad_beat:
        columns["bad_beat_net"] = pa.array(nets["bad_beat"] / unit)
    columns.update(progressive_columns(plan.rules, plan.meter, player, seats))
    return pa.table(columns)


def summary_dict(
    plan: SimulationPlan, seats: npt.NDArray[np.int64], dealer: npt.NDArray[np.int64]
) -> dict[str, object]:
    """Category and result counts of a Four Card Poker simulation (part of its JSON summary)."""
    labels = [category.label for category in HandCategory]
    strength, _, _, result = key_fields(np.arange(KEY_BINS))
    categories = category_of_strength()
    player = np.bincount(categories[strength], weights=seats, minlength=N_CATEGORIES)
    dealer_counts = np.bincount(categories, weights=dealer, minlength=N_CATEGORIES)
    results = np.bincount(result, weights=seats, minlength=3)
    return {
        "player_categories": {label: int(n) for label, n in zip(labels, player, strict=True)},
        "dealer_categories": {
            label: int(n) for label, n in zip(labels, dealer_counts, strict=True)
        },
        "results": {name: int(n) for name, n in zip(RESULTS, results, strict=True)},
    }


def render_tail(plan: SimulationPlan, data: Mapping[str, object], rounds: int) -> list[str]:
    """The category lines of the text summary."""
    reference = load_fourcard_reference(four_card_rules(plan.rules))
    player_p = reference.category_probabilities()
    dealer_p = reference.dealer_category_probabilities()
    player = data["player_categories"]
    dealer = data["dealer_categories"]
    results = data["results"]
    assert isinstance(player, dict) and isinstance(dealer, dict) and isinstance(results, dict)
    hands = max(1, sum(player.values()))
    lines = [
        "",
        "showdowns: " + ", ".join(f"{name} {count / hands:.5f}" for name, count in results.items()),
        "",
        f"{'hand category':<18}{'player':>10}{'exact':>10}{'dealer':>10}{'exact':>10}",
    ]
    for category in reversed(HandCategory):
        lines.append(
            f"{category.label:<18}{player[category.label] / hands:>10.6f}"
            f"{player_p[category]:>10.6f}{dealer[category.label] / max(1, rounds):>10.6f}"
            f"{dealer_p[category]:>10.6f}"
        )
    return lines


def numpy_chunk(plan: SimulationPlan, chunk: int, log: bool) -> Chunk:
    """One chunk by numpy array passes (:func:`play_chunk`): the reference the compiled loop is
    tested against."""
    counts, keys, cards = play_chunk(plan, plan.chunk_rounds(chunk), plan.generator(chunk))
    table = log_table(plan, plan.first_round(chunk), cards, keys) if log else None
    return Chunk(counts=counts, log=table)


class FourCardSimulator:
    """The simulator's role of Four Card Poker (:class:`crazy4.simulate.game.SimulatedGame`)."""

    max_seats = MAX_SEATS
    side_bet_label = "Aces Up"
    side_bet_key = "aces_up"
    key_bins = KEY_BINS

    def blind_hands_allowed(self, rules: RuleSet) -> bool:
        """Never: the blind second hand is Crazy 4 Poker's card room's."""
        return False

    def strategy(self, rules: RuleSet, spec: str) -> npt.NDArray[np.int64]:
        """A decision per situation class (hand, up card)."""
        return load_fourcard_reference(four_card_rules(rules)).strategy(spec)

    def play_chunk(
        self, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
    ) -> Chunk:
        """Deal the seats' five cards, the dealer's up card and five hidden cards; count seats by
        key (the compiled :func:`kernel_chunk`; :func:`numpy_chunk` is the reference), into
        ``into`` when given."""
        rng = plan.generator(chunk)
        counts, keys, cards = kernel_chunk(plan, plan.chunk_rounds(chunk), rng, log, into)
        table = log_table(plan, plan.first_round(chunk), cards, keys) if log else None
        return Chunk(counts=counts, log=table)

    def bet_nets(self, plan: SimulationPlan) -> BetNets:
        """Every bet of :func:`bet_components`; no blind hand."""
        tables = tables_of(plan)
        return BetNets(unit=tables.settlement.unit, seat=tables.bet_nets, blind=None)

    def exact_bets(self, plan: SimulationPlan) -> Mapping[str, ExactValue]:
        """From the exact reference (:func:`.reference.load_fourcard_reference`)."""
        decision = plan.decision.astype(np.int64)
        return load_fourcard_reference(four_card_rules(plan.rules)).exact_bets(decision)

    def summary_options(self, plan: SimulationPlan) -> dict[str, object]:
        """None beyond the common ones."""
        return {}

    def summary_counts(self, plan: SimulationPlan, counts: Counts) -> dict[str, object]:
        """See :func:`summary_dict`."""
        return summary_dict(plan, counts.seats, counts.dealer)

    def render_tail(
        self, plan: SimulationPlan, counts: Counts, data: Mapping[str, object]
    ) -> list[str]:
        """See :func:`render_tail`."""
        return render_tail(plan, data, counts.rounds)
