"""The simulator of every game: :class:`SpecSimulator`, a specification's chunk player, one
per specification and process (:func:`simulator_of`).

Seats are counted by ``key = (strength * 4 + decision) * 6 + cell``
(:data:`crazy4.spec.specification.CELLS`), which determines every bet; the dealer's hands by
strength. A deal shape with compiled loops plays by them (:mod:`crazy4.simulate.fast`), any
other by :meth:`SpecSimulator.numpy_chunk`, with the same draws and counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.analyze.counts import class_of_hands
from crazy4.analyze.situations import class_rows, deal_situations
from crazy4.core.cards import colex_indices
from crazy4.core.deal import deal_parts
from crazy4.core.exact import exact_dot, seat_totals
from crazy4.errors import InputError
from crazy4.log.cardtext import hand_code_array
from crazy4.log.roundlog import BLIND, DECISION_NAMES
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import BLIND_BET, BetNets, Chunk, Counts
from crazy4.simulate.fast import (
    KernelTables,
    fast_path,
    situation_base,
    situation_decisions,
)
from crazy4.simulate.kernel import nets_by_key
from crazy4.simulate.plan import PlanTables, SimulationPlan
from crazy4.simulate.plays import analysis_of, strategy_of
from crazy4.simulate.progressive import progressive_columns, progressive_counts
from crazy4.spec.game import spec_of
from crazy4.spec.specification import CELLS, CellSettlement, GameSpec
from crazy4.spec.wagers import outcome_cells

#: The most seats at one table.
MAX_SEATS = 7

#: Seat keys, dealer strengths and seat words (32 bits from the tables; 64 with a blind hand).
Keys = npt.NDArray[np.signedinteger[Any]]

__all__ = ["MAX_SEATS", "SpecSimulator", "analysis_of", "optimal_decisions", "simulator_of"]

#: A plan of at least this many situations (rounds x seats) with an up card decides by a table
#: of every (hand, up card) pair built once (:func:`.sim_fast.situation_decisions`: seconds);
#: a smaller one looks up each dealt situation's class (microseconds each).
DECISION_TABLE_SITUATIONS = 5_000_000


def optimal_decisions(
    spec: GameSpec, rules: RuleSet, hands: npt.NDArray[np.integer], up: npt.NDArray[np.integer]
) -> npt.NDArray[np.int64]:
    """The exact analysis's optimal decision of each situation: a hand ``(n, p)`` and the
    dealer's up cards ``(n, f)``, by its class row (:func:`class_rows`).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> hands = np.array([sorted(parse_cards("Kh Kd 2c")), sorted(parse_cards("5c 3d 2h"))])
    >>> rules = load_rules("three-card-standard")
    >>> optimal_decisions(THREE_CARD, rules, hands, np.zeros((2, 0), np.int64)).tolist()
    [1, 0]
    """
    rows = class_rows(spec.shape, hands, up)
    return np.asarray(analysis_of(spec, rules).prices.decision[rows], dtype=np.int64)


@dataclass(frozen=True)
class SeatTables:
    """What a worker derives from a plan: the seat word and the strength of every hand, every
    bet's net per seat key and what the log writes."""

    word: npt.NDArray[np.int32]  # per player colex: strength * 4 + decision (0 with up cards)
    decide: npt.NDArray[np.int8] | None  # per player colex and up card: the decision
    strength: npt.NDArray[np.int32]  # per dealer colex
    player: npt.NDArray[np.int32]  # per player colex: the strength
    blind: npt.NDArray[np.int64] | None  # per strength: a blind hand's strength * 4 + multiple
    nets: dict[str, npt.NDArray[np.int64]]  # per bet, per seat key
    parts: dict[str, npt.NDArray[np.int64]]  # per logged wager, per seat key
    unit: int
    settlement: CellSettlement
    columns: dict[str, str]  # a side bet every seat makes: its name -> its log column


def side_bet_key(spec: GameSpec) -> str:
    """The side bet's log column and provenance key: its label in snake case.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> side_bet_key(THREE_CARD)
    'pair_plus'
    """
    return spec.side_bet_label.lower().replace(" ", "_")


class SpecSimulator:
    """The chunk player of a :class:`crazy4.spec.specification.GameSpec` (module docstring)."""

    max_seats = MAX_SEATS

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.tables_of = PlanTables(self._build)
        #: The compiled loops of the deal shape, when it has them (:mod:`.sim_fast`).
        self.fast = fast_path(spec.shape, spec.ranking.n_strengths)
        #: What those loops read of a plan.
        self.kernel_tables = PlanTables(self._kernel_build)

    @property
    def side_bet_label(self) -> str:
        """The side bet's name in messages."""
        return self.spec.side_bet_label

    @property
    def side_bet_key(self) -> str:
        """The side bet's log column (:func:`side_bet_key`)."""
        return side_bet_key(self.spec)

    @property
    def key_bins(self) -> int:
        """``n_strengths * 4 * 6`` seat keys."""
        return self.spec.ranking.n_strengths * 4 * len(CELLS)

    @property
    def dealer_bins(self) -> int:
        """The ranking's strengths."""
        return self.spec.ranking.n_strengths

    def blind_hands_allowed(self, rules: RuleSet) -> bool:
        """Whether the rule set deals blind second hands
        (:attr:`crazy4.spec.specification.CellSettlement.blind`)."""
        blind = self.spec.settlement(rules).blind
        return blind is not None and blind.allowed

    def strategy(self, rules: RuleSet, spec: str) -> npt.NDArray[np.int64]:
        """``optimal``, ``simple`` or a strategy file: a decision per situation class
        (:func:`crazy4.simulate.plays.strategy_of`)."""
        return strategy_of(self.spec, rules, spec)

    def _build(self, plan: SimulationPlan) -> SeatTables:
        shape = self.spec.shape
        strength = self.spec.ranking.strengths(shape.player_cards).astype(np.int32)
        decide = None
        if shape.face_up:
            if self.fast is None and plan.rounds * plan.seats >= DECISION_TABLE_SITUATIONS:
                situations = deal_situations(shape)
                decision = np.asarray(plan.decision, dtype=np.int64)
                decide = situation_decisions(situations.hands, situations.seen, decision)
            word = strength * 4
        else:
            inverse, _ = class_of_hands(shape.player_cards)
            word = strength * 4 + plan.decision.astype(np.int32)[inverse]
        settlement = self.spec.settlement(plan.rules)
        # a bet on the dealer's cards too, or on another ranking, is keyed by no seat word: it
        # is not simulated (its exact value stands alone)
        sides = [
            side
            for side in self.spec.side_bets(plan.rules)
            if side.scores == "player" and side.ranking_of(self.spec.ranking) is self.spec.ranking
        ]
        unit = lcm(settlement.unit, *(side.pays.unit for side in sides))
        scale = unit // settlement.unit  # every net over one denominator
        parts = {name: settlement.parts[name].reshape(-1) * scale for name in settlement.logged}
        nets = {self.spec.main_bet: settlement.nets.reshape(-1) * scale}
        for name, wagers in settlement.bets:
            summed = np.sum([settlement.parts[wager] for wager in wagers], axis=0)
            nets[name] = np.asarray(summed, dtype=settlement.nets.dtype).reshape(-1) * scale
        for side in sides:
            pays = side.pays.odds_numerators(self.spec.ranking, unit)
            nets[side.name] = side.cell_nets(pays, unit).reshape(-1)
        dealer = self.spec.ranking.strengths(shape.dealer_cards).astype(np.int32)
        blind = None
        if settlement.blind is not None:
            strengths = np.arange(self.spec.ranking.n_strengths, dtype=np.int64)
            blind = strengths * 4 + settlement.blind.multiple
        columns = {side.name: side.column for side in sides if side.column is not None}
        return SeatTables(
            word, decide, dealer, strength, blind, nets, parts, unit, settlement, columns
        )

    def _kernel_build(self, plan: SimulationPlan) -> KernelTables:
        tables = self.tables_of(plan)
        n = self.spec.ranking.n_strengths
        blind = np.zeros(n, dtype=np.int64) if tables.blind is None else tables.blind
        qualified = np.arange(n) >= self.spec.qualifier(plan.rules)
        matrix = nets_by_key(list(tables.nets.values()))
        slots, base = np.zeros(0, np.int32), np.zeros(0, np.int32)
        dealer = np.zeros(0, np.uint16)
        if self.spec.shape.face_up:  # the situation classes' entries, the dealer's strengths
            dealer = np.ascontiguousarray(tables.strength, dtype=np.uint16)
            situations = deal_situations(self.spec.shape)
            strength = tables.player[colex_indices(situations.hands)].astype(np.int64)
            decision = np.asarray(plan.decision, dtype=np.int64)
            slots, base = situation_base(situations.hands, situations.seen, strength, decision)
        return KernelTables(
            word=np.ascontiguousarray(tables.word, dtype=np.uint16),
            blind_base=np.ascontiguousarray(blind * len(CELLS), dtype=np.int32),
            dealer_offset=np.ascontiguousarray(qualified * 3, dtype=np.int32),
            bets=tuple(tables.nets),
            nets_matrix=matrix,
            blind_matrix=matrix
            if tables.blind is None
            else nets_by_key([tables.nets[self.spec.main_bet]]),
            slots=slots,
            base=base,
            dealer_strength=dealer,
        )

    def seat_keys(
        self,
        plan: SimulationPlan,
        colex: list[npt.NDArray[np.int64]],
        dealer: Keys,
        up: npt.NDArray[np.integer] | None,
        hands: list[npt.NDArray[np.uint8]] | None = None,
    ) -> list[Keys]:
        """The seat key of every seat (the strategy's seats, then the blind ones) from the
        hands' colex indices (and cards, card-major), the dealer's strengths and up cards
        ``(f, rounds)``."""
        tables = self.tables_of(plan)
        decision = np.asarray(plan.decision, dtype=np.int64)
        keys = []
        for seat in range(plan.seats):
            word: Keys
            if seat >= plan.normal_hands:
                assert tables.blind is not None  # the plan checked the rules deal them
                word = tables.blind[tables.player[colex[seat]]]
            else:
                word = tables.word[colex[seat]]
                if up is not None and tables.decide is not None:
                    word = word + tables.decide[colex[seat], up[0]]
                elif up is not None and hands is not None:
                    word = word + decision[class_rows(self.spec.shape, hands[seat].T, up.T)]
            keys.append(self._keys(plan, word, dealer))
        return keys

    def play_chunk(
        self, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
    ) -> Chunk:
        """Deal, key and count chunk ``chunk`` of the plan (and its log rows if ``log``), added
        to ``into`` when given (a task's total, then the chunk's counts): by the deal shape's
        compiled loops where it has them (:mod:`.sim_fast`), else by :meth:`numpy_chunk`."""
        if self.fast is not None:
            return self.fast.play_chunk(self, plan, chunk, log, into)
        return self.numpy_chunk(plan, chunk, log, into)

    def numpy_chunk(
        self, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
    ) -> Chunk:
        """One chunk by numpy array passes, for any deal shape (the compiled loops' reference)."""
        tables = self.tables_of(plan)
        shape = self.spec.shape
        rounds = plan.chunk_rounds(chunk)
        up = shape.face_up
        dealer_sizes = (up, shape.dealer_cards - up) if up else (shape.dealer_cards,)
        hands, colex = deal_parts(
            plan.generator(chunk), rounds, (shape.player_cards,) * plan.seats + dealer_sizes
        )
        cards = list(hands[: plan.seats])
        if up:
            dealer_cards = np.sort(np.concatenate(hands[plan.seats :]), axis=0)
            dealer = tables.strength[colex_indices(dealer_cards.T)]
            cards += [dealer_cards, hands[plan.seats]]
        else:
            dealer = tables.strength[colex[-1]]
            cards.append(hands[-1])
        ups = hands[plan.seats] if up else None
        keys = self.seat_keys(plan, colex, dealer, ups, hands[: plan.seats])
        normal, blind = keys[: plan.normal_hands], keys[plan.normal_hands :]
        counts = Counts.empty(self.key_bins, self.dealer_bins) if into is None else into
        if normal:
            counts.seats += np.bincount(np.concatenate(normal), minlength=self.key_bins)
        if blind:
            counts.blind += np.bincount(np.concatenate(blind), minlength=self.key_bins)
        counts.dealer += np.bincount(dealer, minlength=self.spec.ranking.n_strengths)
        squares = self.round_squares(plan, normal, blind)
        seats = list(colex[: plan.seats])
        counts.add_totals(rounds, squares, progressive_counts(plan.rules, plan.meter, seats))
        table = self.log_table(plan, plan.first_round(chunk), cards, keys) if log else None
        return Chunk(counts=counts, log=table)

    def round_squares(
        self,
        plan: SimulationPlan,
        normal: list[Keys],
        blind: list[Keys],
    ) -> dict[str, int]:
        """Every bet's per-round sum of squares in Python integers, from the seat keys of the
        strategy's seats and of the blind ones (with more than one hand of a kind a round)."""
        tables = self.tables_of(plan)
        squares: dict[str, int] = {}
        if len(normal) > 1:
            for name, nets in tables.nets.items():
                total = seat_totals(nets, normal)
                squares[name] = exact_dot(total, total)
        if len(blind) > 1:
            total = seat_totals(tables.nets[self.spec.main_bet], blind)
            squares[BLIND_BET] = exact_dot(total, total)
        return squares

    def _keys(self, plan: SimulationPlan, word: Keys, dealer: Keys) -> Keys:
        """The seat keys of seat words (``strength * 4 + decision``) against the dealer's
        strengths, in the words' integer type (32 bits: half the memory traffic of 64)."""
        cell = outcome_cells(word >> 2, dealer, self.spec.qualifier(plan.rules))
        return word * np.int32(len(CELLS)) + cell

    def decided_log(
        self,
        plan: SimulationPlan,
        first_round: int,
        hands: npt.NDArray[np.int64],
        dealer: npt.NDArray[np.int64],
        decisions: npt.NDArray[np.int64],
    ) -> pa.Table:
        """The log rows (the columns :meth:`play_chunk` writes, cards as compact codes) of
        rounds dealt and decided elsewhere (a planted table, :mod:`crazy4.advantage.plant`):
        each seat's hand ``(n, seats, cards)`` (sorted card codes), the dealer's hand
        ``(n, dealer cards)`` as dealt (the face-up cards, when the rules deal any, first) and
        each seat's decision ``(n, seats)``, rounds numbered from ``first_round``; each seat
        keyed by its own decision, every bet settled by the rules.

        Examples
        --------
        >>> from crazy4.core.cards import parse_cards
        >>> from crazy4.registry import load_rules
        >>> from crazy4.simulate.driver import make_plan
        >>> plan = make_plan(load_rules("three-card-standard"), rounds=1, seed=0, seats=1)
        >>> hand = np.array([[sorted(parse_cards("As Ks Qs"))]])
        >>> dealer = np.array([parse_cards("Kd Qd 2c")])
        >>> log = simulator_of(plan.rules).decided_log(plan, 1, hand, dealer, np.array([[1]]))
        >>> [log.column(n)[0].as_py() for n in ("play", "ante_net", "play_net", "ante_bonus_net")]
        [1.0, 1.0, 1.0, 5.0]
        """
        tables = self.tables_of(plan)
        seats = decisions.shape[1]
        dealt = tables.strength[colex_indices(np.sort(dealer, axis=1))].astype(np.int64)
        keys = []
        for seat in range(seats):
            strength = tables.player[colex_indices(hands[:, seat])].astype(np.int64)
            keys.append(self._keys(plan, strength * 4 + decisions[:, seat], dealt))
        cards = [hands[:, s].T.astype(np.uint8) for s in range(seats)]
        cards.append(np.sort(dealer, axis=1).T.astype(np.uint8))
        up = self.spec.shape.face_up
        if up:  # the dealer's first cards are the up cards
            cards.append(dealer[:, :up].T.astype(np.uint8))
        return self.log_table(plan, first_round, cards, keys)

    def log_table(
        self,
        plan: SimulationPlan,
        first: int,
        cards: list[npt.NDArray[np.uint8]],
        keys: Sequence[Keys],
    ) -> pa.Table:
        """The log rows of one chunk (schema in :mod:`crazy4.log.roundlog`): the cards as
        compact codes (the driver spells them for a text log), then the stakes and the nets of
        the settlement's wagers (:attr:`~crazy4.spec.specification.CellSettlement.staked`,
        :attr:`~crazy4.spec.specification.CellSettlement.logged`) and of the side bet."""
        tables = self.tables_of(plan)
        settlement = tables.settlement
        seats, rounds = len(keys), keys[0].shape[0]
        key = np.stack(keys, axis=1).ravel()
        is_blind = np.tile(np.arange(seats) >= plan.normal_hands, rounds)
        decision = (key // len(CELLS)) % 4
        player = np.stack(cards[:seats], axis=2).reshape(cards[0].shape[0], rounds * seats)
        columns: dict[str, pa.Array] = {
            "round": pa.array(np.repeat(np.arange(first, first + rounds, dtype=np.int64), seats)),
            "seat": pa.array(np.tile(np.arange(1, seats + 1, dtype=np.int8), rounds)),
            "player": hand_code_array(player),
            "dealer": hand_code_array(cards[seats], repeat=seats),
            **(
                {"up_card": hand_code_array(cards[seats + 1], repeat=seats)}
                if len(cards) > seats + 1
                else {}
            ),
            "decision": pa.DictionaryArray.from_arrays(
                pa.array(np.where(is_blind, BLIND, decision).astype(np.int8)),
                pa.array(list(DECISION_NAMES)),
            ),
        }
        ones = np.ones(key.shape[0])
        stake = decision.astype(np.float64)
        if settlement.blind is not None:
            stake = np.where(is_blind, float(settlement.blind.stake), stake)
        for name in settlement.staked:
            columns[name] = pa.array(stake if name in settlement.by_multiple else ones)
        side = None
        if plan.side_bet is not None:
            side = self.spec.side_bets(plan.rules)[plan.side_bet].name
            if side not in tables.nets:
                raise InputError(
                    f"--side-bet: {side} scores more than the player's hand; a log settles "
                    "only a bet on the player's own hand"
                )
            columns[self.side_bet_key] = pa.array(ones)
        for column in tables.columns.values():  # the bets every seat makes (a Bad Beat)
            columns[column] = pa.array(ones)
        for name in tables.parts:
            columns[f"{name}_net"] = pa.array(tables.parts[name][key] / tables.unit)
        if side is not None:
            columns[f"{self.side_bet_key}_net"] = pa.array(tables.nets[side][key] / tables.unit)
        for name, column in tables.columns.items():
            columns[f"{column}_net"] = pa.array(tables.nets[name][key] / tables.unit)
        columns.update(progressive_columns(plan.rules, plan.meter, player, seats))
        return pa.table(columns)

    def bet_nets(self, plan: SimulationPlan) -> BetNets:
        """The main game, the settlement's bets apart and each side bet, per seat key; a blind
        hand's is the main game's."""
        tables = self.tables_of(plan)
        blind = None if tables.blind is None else tables.nets[self.spec.main_bet]
        return BetNets(unit=tables.unit, seat=tables.nets, blind=blind)

    def summary_options(self, plan: SimulationPlan) -> dict[str, object]:
        """The number of blind second hands, for a game that has them."""
        has_blind = self.tables_of(plan).blind is not None
        return {"blind_hands": plan.blind_hands} if has_blind else {}


#: Each specification's simulator in this process (:func:`simulator_of`).
_SIMULATORS: dict[GameSpec, SpecSimulator] = {}


def simulator_of(rules: RuleSet) -> SpecSimulator:
    """The simulator of the game a rule set carries (:func:`crazy4.spec.game.spec_of`): its
    specification's, one per specification and process (it keeps the tables a plan derives).

    Raises
    ------
    ValueError
        For a rule set no game read.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> simulator_of(rules).side_bet_label, simulator_of(rules) is simulator_of(rules)
    ('Queens Up', True)
    """
    spec = spec_of(rules)
    if spec not in _SIMULATORS:
        _SIMULATORS[spec] = SpecSimulator(spec)
    return _SIMULATORS[spec]
