"""The simulator's role of a best-four-of-five game (:class:`crazy4.simulate.game.SimulatedGame`).

A round deals, from one fresh deck (:func:`crazy4.core.deal.deal_hands`), five cards to each
seat, then the dealer's cards: five hidden ones, or (``face_up = 1``) an up card and five
hidden ones, whose best four of six the dealer plays. Each seat plays the plan's strategy, a
decision per decision class: the suit class of the five cards, or the situation class of the
hand and the up card. The last ``blind_hands`` seats may be the card room's blind second hands
(a Play multiple by strength, never looked at).

Seats are counted by one key for every game of this shape::

    key = ((strength * 4 + decision) * dealer_classes + dealer class) * 3 + result

(result 0: player higher, 1: tie, 2: dealer higher; the dealer class of the dealer's strength
is the game's: Crazy 4 Poker's qualified or not, Four Card Poker's hand category), which
determines every bet; dealer hands are counted by strength. The game supplies what differs
(:class:`BestFourSim`: its decision classes, dealer classes, settlement, bets, log columns and
summary lines); the compiled loops are those of the deal shape
(:mod:`crazy4.generic.bestfour_sim_kernel`); chunks, seeds, workers, log writing and statistics
are the game-independent driver's (:mod:`crazy4.simulate.driver`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Generic

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import BINOMIAL, colex_indices
from crazy4.core.deal import deal_hands, packed_combinations
from crazy4.core.exact import exact_dot, seat_totals
from crazy4.core.ranking import HandCategory, category_of_strength, number_of_strengths
from crazy4.generic.bestfour_sim_spec import (
    MAX_SEATS,
    BestFourSim,
    IntArray,
    S,
    SimTables,
    dealer_colex,
    key_fields,
)
from crazy4.log.cardtext import hand_code_array
from crazy4.log.roundlog import BLIND, DECISION_NAMES
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import BLIND_BET, BetNets, Chunk, Counts, ExactValue
from crazy4.simulate.kernel import Scratch, compiled_draws, nets_by_key, select_table, squares_fit
from crazy4.simulate.plan import PlanTables, SimulationPlan
from crazy4.simulate.progressive import progressive_columns, progressive_counts

#: Seat keys (the compiled loops write int32 or int64).
KeyArray = npt.NDArray[np.int32 | np.int64]


def exact_squares(
    bet_nets: Mapping[str, IntArray],
    blind_net: IntArray | None,
    normal: Sequence[KeyArray],
    blind: Sequence[KeyArray],
) -> dict[str, int]:
    """The per-round sums of squares of every bet, in Python integers, from the seat keys of
    the strategy's seats and of the blind ones (with more than one hand of a kind a round).

    Examples
    --------
    >>> nets = {"ante": np.array([1, -1])}  # key 0 wins 1, key 1 loses 1
    >>> two_seats = [np.array([0, 1]), np.array([0, 0])]  # rounds: (1 + 1)^2 + (-1 + 1)^2
    >>> exact_squares(nets, None, two_seats, [])
    {'ante': 4}
    """
    squares: dict[str, int] = {}
    if len(normal) > 1:
        for name, nets in bet_nets.items():
            total = seat_totals(nets, normal)
            squares[name] = exact_dot(total, total)
    if len(blind) > 1 and blind_net is not None:
        total = seat_totals(blind_net, blind)
        squares[BLIND_BET] = exact_dot(total, total)
    return squares


class BestFourSimulator(Generic[S]):
    """The chunk player of a best-four game (module docstring), one per game."""

    max_seats = MAX_SEATS

    def __init__(self, spec: BestFourSim[S]) -> None:
        self.spec = spec
        self.side_bet_label = spec.side_bet_label
        self.side_bet_key = spec.side_bet_key
        self.stride = spec.dealer_classes * 3
        self.key_bins = number_of_strengths() * 4 * self.stride
        self.dealer_bins = number_of_strengths()
        #: The worker's tables for a plan (built once per process and plan, by one thread).
        self.tables_of = PlanTables(self.build_tables)
        #: The compiled loops' working arrays, per thread.
        self.scratch = Scratch()

    def build_tables(self, plan: SimulationPlan) -> SimTables[S]:
        """The tables of :class:`SimTables` for a plan."""
        spec, rules = self.spec, plan.rules
        lookup = spec.lookup(rules)
        # Each class's word, then one gather over the entries (class -1 reads the 0 appended):
        # int32 all through, as the tables the loops read (no int64 table of every entry).
        strengths = np.asarray(lookup.class_strength, dtype=np.int32)
        by_class = strengths * 4 + np.asarray(plan.decision, dtype=np.int32)[: strengths.size]
        word = np.append(by_class, np.int32(0))[lookup.entry_class]
        base = np.zeros(0, dtype=np.int32)
        if spec.face_up:
            base = (word * self.stride << 12) | (word >> 2)
        settlement = spec.settlement(rules)
        keys = key_fields(np.arange(self.key_bins), spec.dealer_classes)
        bet_nets = spec.seat.seat_bets(settlement, keys)
        strength = np.arange(number_of_strengths(), dtype=np.int64)
        blind_base = np.zeros(strength.shape[0], dtype=np.int64)
        blind_net = None
        if spec.blind_hands_allowed is not None:
            blind_base = (strength * 4 + settlement.blind_multiple(strength)) * self.stride
            blind_net = next(iter(bet_nets.values()))
        nets_matrix = nets_by_key(list(bet_nets.values()))
        return SimTables(
            settlement=settlement,
            word=np.ascontiguousarray(word, dtype=np.uint16),
            kernel_base=np.ascontiguousarray(base, dtype=np.int32),
            strength=lookup.strength,
            dealer_strength=lookup.strength
            if lookup.dealer_strength is None
            else lookup.dealer_strength,
            slots=np.zeros(0, np.int32) if lookup.slots is None else lookup.slots,
            dealer_offset=np.ascontiguousarray(spec.dealer_class(rules), dtype=np.int32) * 3,
            blind_base=np.ascontiguousarray(blind_base, dtype=np.int32),
            bet_nets=bet_nets,
            blind_net=blind_net,
            nets_matrix=nets_matrix,
            blind_matrix=nets_matrix if blind_net is None else nets_by_key([blind_net]),
        )

    def seat_keys(
        self, plan: SimulationPlan, colex: list[npt.NDArray[np.int32]], up: IntArray | None
    ) -> tuple[list[IntArray], IntArray]:
        """The seat key of every seat (the strategy's seats, then the blind ones) and the
        dealer's strength, from the hands' colex indices (the dealer's last; with an up card,
        its six cards') and the up cards."""
        tables = self.tables_of(plan)
        dealer = tables.dealer_strength[colex[plan.seats]].astype(np.int64)
        offset = tables.dealer_offset[dealer]
        keys: list[IntArray] = []
        for seat in range(plan.seats):
            hand = colex[seat].astype(np.intp)
            if seat >= plan.normal_hands:
                strength = tables.strength[hand].astype(np.int64)
                base = tables.blind_base[strength].astype(np.int64)
            elif up is not None:
                entry = tables.slots[hand * 4 + (up & 3)] + (up & ~3)
                base = (tables.kernel_base[entry] >> 12).astype(np.int64)
                strength = tables.strength[hand].astype(np.int64)
            else:
                word = tables.word[hand].astype(np.int64)
                base, strength = word * self.stride, word >> 2
            keys.append(base + offset + (strength == dealer) + 2 * (strength < dealer))
        return keys, dealer

    def numpy_chunk(self, plan: SimulationPlan, chunk: int, log: bool) -> Chunk:
        """One chunk by numpy array passes: the reference the compiled loops are tested
        against."""
        tables = self.tables_of(plan)
        rounds, seats = plan.chunk_rounds(chunk), plan.seats
        sizes = (5,) * seats + ((1, 5) if self.spec.face_up else (5,))
        dealt = deal_hands(plan.generator(chunk), rounds, sizes)
        colex, up = list(dealt.colex[:seats]), None
        if self.spec.face_up:
            up = dealt.cards[seats][0].astype(np.int64)
            colex.append(dealer_colex(up, dealt.cards[seats + 1]).astype(np.int32))
        else:
            colex.append(dealt.colex[seats])
        keys, dealer = self.seat_keys(plan, colex, up)
        normal, blind = keys[: plan.normal_hands], keys[plan.normal_hands :]
        empty = np.zeros(self.key_bins, dtype=np.int64)
        counts = Counts(
            rounds=rounds,
            seats=np.bincount(np.concatenate(normal), minlength=self.key_bins).astype(np.int64),
            blind=np.bincount(np.concatenate(blind), minlength=self.key_bins).astype(np.int64)
            if blind
            else empty,
            dealer=np.bincount(dealer, minlength=number_of_strengths()).astype(np.int64),
            round_squares=exact_squares(tables.bet_nets, tables.blind_net, normal, blind),
            progressive=progressive_counts(plan.rules, plan.meter, dealt.colex[:seats]),
        )
        table = self.log_table(plan, plan.first_round(chunk), dealt.cards, keys) if log else None
        return Chunk(counts=counts, log=table)

    def log_table(
        self,
        plan: SimulationPlan,
        first_round: int,
        cards: list[npt.NDArray[np.uint8]],
        keys: Sequence[KeyArray],
    ) -> pa.Table:
        """The log rows of one chunk (schema in :mod:`crazy4.log.roundlog`), the cards as
        compact codes (:func:`crazy4.log.cardtext.hand_code_array`; the driver spells them for
        a text log)."""
        rounds, seats = keys[0].shape[0], plan.seats
        fields = key_fields(np.stack(keys, axis=1).ravel(), self.spec.dealer_classes)
        is_blind = np.tile(np.arange(seats) >= plan.normal_hands, rounds)
        decision = np.where(is_blind, BLIND, fields.decision).astype(np.int8)
        player = np.stack(cards[:seats], axis=2).reshape(5, rounds * seats)
        dealer = np.concatenate(cards[seats:]) if self.spec.face_up else cards[seats]
        columns: dict[str, pa.Array] = {
            "round": pa.array(
                np.repeat(np.arange(first_round, first_round + rounds, dtype=np.int64), seats)
            ),
            "seat": pa.array(np.tile(np.arange(1, seats + 1, dtype=np.int8), rounds)),
            "player": hand_code_array(player),
            "dealer": hand_code_array(dealer, repeat=seats),
        }
        if self.spec.face_up:
            columns["up_card"] = hand_code_array(cards[seats], repeat=seats)
        columns["decision"] = pa.DictionaryArray.from_arrays(
            pa.array(decision), pa.array(list(DECISION_NAMES))
        )
        settlement = self.tables_of(plan).settlement
        for name, values in self.spec.seat.log_columns(plan, settlement, fields, is_blind).items():
            columns[name] = pa.array(values)
        columns.update(progressive_columns(plan.rules, plan.meter, player, seats))
        return pa.table(columns)

    def decided_log(
        self,
        plan: SimulationPlan,
        first_round: int,
        hands: IntArray,
        dealer: IntArray,
        decisions: IntArray,
    ) -> pa.Table:
        """The log rows of rounds decided elsewhere (:meth:`SimulatedGame.decided_log
        <crazy4.simulate.game.SimulatedGame.decided_log>`): each seat keyed by its own decision,
        then :meth:`log_table`.

        Examples
        --------
        >>> from crazy4.core.cards import parse_cards
        >>> from crazy4.registry import load_rules
        >>> from crazy4.simulate.driver import make_plan
        >>> from crazy4.simulate.game import simulator_of
        >>> plan = make_plan(load_rules("crazy4-standard"), rounds=1, seed=0, seats=1)
        >>> hand = np.array([[sorted(parse_cards("As Ad Ac Ah Kd"))]])
        >>> dealer = np.array([parse_cards("Ks Qd 8c 4h 2s")])
        >>> log = simulator_of(plan.rules).decided_log(plan, 1, hand, dealer, np.array([[3]]))
        >>> [log.column(n)[0].as_py() for n in ("play", "ante_net", "super_bonus_net", "play_net")]
        [3.0, 1.0, 200.0, 3.0]
        """
        tables = self.tables_of(plan)
        seats = decisions.shape[1]
        if self.spec.face_up:  # the up card, then the hidden cards
            hidden = np.sort(dealer[:, 1:], axis=1)
            dealer_cards = [dealer[:, :1].T.astype(np.uint8), hidden.T.astype(np.uint8)]
        else:
            dealer_cards = [np.sort(dealer, axis=1).T.astype(np.uint8)]
        dealt = tables.dealer_strength[colex_indices(np.sort(dealer, axis=1))].astype(np.int64)
        offset = tables.dealer_offset[dealt].astype(np.int64)
        keys: list[IntArray] = []
        for seat in range(seats):
            strength = tables.strength[colex_indices(hands[:, seat])].astype(np.int64)
            word = strength * 4 + decisions[:, seat].astype(np.int64)
            keys.append(word * self.stride + offset + (strength == dealt) + 2 * (strength < dealt))
        cards = [hands[:, s].T.astype(np.uint8) for s in range(seats)] + dealer_cards
        return self.log_table(plan, first_round, cards, keys)

    def kernel_chunk(
        self, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
    ) -> Chunk:
        """One chunk by the compiled loops of the deal shape (:mod:`.bestfour_sim_kernel`):
        the counts of :meth:`numpy_chunk`, from the same draws
        (:func:`crazy4.simulate.kernel.compiled_draws`: numpy's, made in compiled code), added
        to ``into`` when given; the seat keys and cards only for the log (or when the sums of
        squares need Python integers)."""
        tables = self.tables_of(plan)
        rounds, seats = plan.chunk_rounds(chunk), plan.seats
        normal, blind = plan.normal_hands, seats - plan.normal_hands
        fits = max(normal, blind) <= 1 or (  # one seat of a kind: no sums of squares
            squares_fit(tables.nets_matrix[0], normal, rounds)
            and squares_fit(tables.blind_matrix[0], blind, rounds)
        )
        bets = len(tables.bet_nets)
        squares = np.zeros(bets + 1 if fits and max(normal, blind) > 1 else 0, dtype=np.int64)
        want_keys = log or (not fits and max(normal, blind) > 1)
        counts = Counts.empty(self.key_bins) if into is None else into
        play = self._up_card_chunk if self.spec.face_up else self._hidden_chunk
        colex, keys, cards = play(plan, tables, chunk, (counts, squares), want_keys, log)
        round_squares: dict[str, int] = {}
        if squares.shape[0]:
            if normal > 1:
                round_squares = {n: int(squares[i]) for i, n in enumerate(tables.bet_nets)}
            if blind > 1:
                round_squares[BLIND_BET] = int(squares[bets])
        elif want_keys:
            normal_keys, blind_keys = list(keys[:normal]), list(keys[normal:])
            round_squares = exact_squares(
                tables.bet_nets, tables.blind_net, normal_keys, blind_keys
            )
        progressive = progressive_counts(plan.rules, plan.meter, list(colex[:seats]))
        counts.add_totals(rounds, round_squares, progressive)
        table = self.log_table(plan, plan.first_round(chunk), cards, list(keys)) if log else None
        return Chunk(counts=counts, log=table)

    def _hidden_chunk(
        self,
        plan: SimulationPlan,
        tables: SimTables[S],
        chunk: int,
        into: tuple[Counts, IntArray],
        want_keys: bool,
        log: bool,
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.integer], list[npt.NDArray[np.uint8]]]:
        """:func:`.bestfour_sim_kernel.hidden_colex` and ``hidden_rounds`` on one chunk: the
        colex indices, the seat keys (if wanted) and the cards (if ``log``)."""
        from crazy4.generic.bestfour_sim_kernel import hidden_colex, hidden_rounds

        counts, squares = into
        rounds, seats, scratch = plan.chunk_rounds(chunk), plan.seats, self.scratch
        hands = (seats + 1, rounds)
        indices = compiled_draws(
            plan.generator(chunk),
            rounds,
            (5,) * (seats + 1),
            scratch.array("draws", hands, np.int32),
        )
        keys = np.zeros((seats, rounds) if want_keys else (0, 0), dtype=np.int32)
        cards = np.zeros((seats + 1, 5, rounds) if log else (0, 0, 0), dtype=np.uint8)
        colex = scratch.array("colex", hands, np.int32)
        first = scratch.array("first", (rounds,), np.int32)
        relative = scratch.array("relative", hands, np.int32)
        hidden_colex(
            indices,
            tables.word,
            packed_combinations(5),
            BINOMIAL,
            select_table(),
            cards,
            relative,
            first,
            colex,
        )
        hidden_rounds(
            colex,
            first,
            (tables.word, tables.blind_base, tables.dealer_offset),
            plan.normal_hands,
            self.stride,
            tables.nets_matrix,
            tables.blind_matrix,
            (counts.seats, counts.blind, counts.dealer),
            squares,
            keys,
            scratch.array("packed", hands, np.int32),
        )
        return colex, keys, list(cards)

    def _up_card_chunk(
        self,
        plan: SimulationPlan,
        tables: SimTables[S],
        chunk: int,
        into: tuple[Counts, IntArray],
        want_keys: bool,
        log: bool,
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.integer], list[npt.NDArray[np.uint8]]]:
        """:func:`.bestfour_sim_kernel.up_card_colex` and ``up_card_rounds`` on one chunk: the
        colex indices, the seat keys (if wanted) and the cards (if ``log``; the up card a
        hand of one)."""
        from crazy4.generic.bestfour_sim_kernel import up_card_colex, up_card_rounds

        counts, squares = into
        rounds, seats, scratch = plan.chunk_rounds(chunk), plan.seats, self.scratch
        sizes = (5,) * seats + (1, 5)
        draws = scratch.array("draws", (len(sizes), rounds), np.int32)
        indices = compiled_draws(plan.generator(chunk), rounds, sizes, draws)
        keys = np.zeros((seats, rounds) if want_keys else (0, 0), dtype=np.int64)
        cards = np.zeros((seats + 2, 5, rounds) if log else (0, 0, 0), dtype=np.uint8)
        colex = scratch.array("colex", (seats + 1, rounds), np.int32)
        up = scratch.array("up", (rounds,), np.int32)
        relative = scratch.array("relative", (seats + 2, rounds), np.int32)
        up_card_colex(
            indices, packed_combinations(5), BINOMIAL, select_table(), cards, relative, colex, up
        )
        up_card_rounds(
            colex,
            up,
            (tables.slots, tables.kernel_base, tables.dealer_strength, tables.dealer_offset),
            tables.nets_matrix,
            (counts.seats, counts.dealer),
            squares,
            keys,
            scratch.array("strength", (seats + 1, rounds), np.int32),
            scratch.array("slot", (seats, rounds), np.int32),
        )
        if not log:
            return colex, keys, []
        return colex, keys, [cards[h] for h in range(seats)] + [cards[seats][:1], cards[seats + 1]]

    def blind_hands_allowed(self, rules: RuleSet) -> bool:
        """Whether the rule set has the card room's blind second hand."""
        allowed = self.spec.blind_hands_allowed
        return allowed is not None and allowed(rules)

    def strategy(self, rules: RuleSet, spec: str) -> IntArray:
        """A decision per decision class (``optimal``, ``simple`` or a strategy file)."""
        return self.spec.strategy(rules, spec)

    def play_chunk(
        self, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
    ) -> Chunk:
        """Deal and count one chunk by the compiled loops (:meth:`kernel_chunk`;
        :meth:`numpy_chunk` is the reference), into ``into`` when given."""
        return self.kernel_chunk(plan, chunk, log, into)

    def bet_nets(self, plan: SimulationPlan) -> BetNets:
        """Every summary bet's net per key; the blind hand's is the whole game's."""
        tables = self.tables_of(plan)
        return BetNets(unit=tables.settlement.unit, seat=tables.bet_nets, blind=tables.blind_net)

    def exact_bets(self, plan: SimulationPlan) -> Mapping[str, ExactValue]:
        """Every summary bet's exact value under the plan's strategy (the game's reference)."""
        return self.spec.exact_bets(plan.rules, plan.decision.astype(np.int64))

    def summary_options(self, plan: SimulationPlan) -> dict[str, object]:
        """The number of blind second hands, for a game that has them."""
        return {} if self.spec.blind_hands_allowed is None else {"blind_hands": plan.blind_hands}

    def summary_counts(self, plan: SimulationPlan, counts: Counts) -> dict[str, object]:
        """Hand categories (player and dealer), then the game's own tallies."""
        labels = [category.label for category in HandCategory]
        categories = category_of_strength()
        per_strength = counts.seats.reshape(number_of_strengths(), -1).sum(axis=1)
        per_strength += counts.blind.reshape(number_of_strengths(), -1).sum(axis=1)
        player = np.bincount(categories, weights=per_strength, minlength=len(labels))
        dealer = np.bincount(categories, weights=counts.dealer, minlength=len(labels))
        data: dict[str, object] = {
            "player_categories": {label: int(n) for label, n in zip(labels, player, strict=True)},
            "dealer_categories": {label: int(n) for label, n in zip(labels, dealer, strict=True)},
        }
        data.update(self.spec.summary(plan, counts))
        return data

    def render_tail(
        self, plan: SimulationPlan, counts: Counts, data: Mapping[str, object]
    ) -> list[str]:
        """The game's line (the dealer's qualifications, or the showdowns), then the hand
        categories: the player's and the dealer's frequencies beside the exact ones (one exact
        column when the dealer's hand is five cards, as the player's)."""
        player, dealer = data["player_categories"], data["dealer_categories"]
        assert isinstance(player, dict) and isinstance(dealer, dict)
        hands, rounds = max(1, sum(player.values())), max(1, counts.rounds)
        player_p, dealer_p = self.spec.category_probabilities(plan.rules)
        face_up = self.spec.face_up
        headings = (
            ("player", "exact", "dealer", "exact") if face_up else ("player", "dealer", "exact")
        )
        lines = ["", self.spec.tail(plan, counts, data), ""]
        lines.append(f"{'hand category':<18}" + "".join(f"{name:>10}" for name in headings))
        for category in reversed(HandCategory):
            mine, theirs = player[category.label] / hands, dealer[category.label] / rounds
            shares = (
                (mine, player_p[category], theirs, dealer_p[category])
                if face_up
                else (mine, theirs, player_p[category])
            )
            lines.append(f"{category.label:<18}" + "".join(f"{x:>10.6f}" for x in shares))
        return lines
