"""The simulator's role of a spec game (:class:`crazy4.simulate.game.SimulatedGame`).

A round deals, from one fresh deck (:func:`crazy4.core.deal.deal_hands`), the game's cards to
each seat and then the dealer's (the cards face up first, then the hidden ones, so the up card
is a uniformly drawn card of the dealer's hand). Each seat plays the optimal strategy (a
decision per situation class -- its hand, and the up card when one is dealt -- from
:func:`crazy4.generic.analysis.analyze_spec`, looked up in a table by hand and up card built
from the classes' relabellings: :func:`situation_decisions`) and wagers 1 Ante,
its Play bet and 1 on the first side bet. Seats are counted by ``key = (strength * 4 +
decision) * 6 + cell`` (:data:`crazy4.spec.specification.CELLS`), which determines every bet; the
dealer's hands by strength. The log has one row a seat and round: ``round``, ``seat``,
``player``, ``dealer`` (and ``up_card`` when one is dealt), ``decision``, the wagers ``ante``,
``play`` and the side bet, and the nets ``ante_net``, ``play_net``, ``ante_bonus_net`` and the
side bet's, per unit of Ante.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import permutations
from math import lcm

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.bets import ExactBet, summarize
from crazy4.core.cards import BINOMIAL, colex_indices
from crazy4.core.deal import deal_hands
from crazy4.core.exact import exact_dot, seat_totals
from crazy4.errors import InputError
from crazy4.generic.analysis import SpecAnalysis, analyze_spec
from crazy4.generic.counts import class_of_hands
from crazy4.generic.situations import class_rows, deal_situations
from crazy4.log.cardtext import hand_code_array
from crazy4.log.roundlog import DECISION_NAMES
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import BetNets, Chunk, Counts
from crazy4.simulate.plan import PlanTables, SimulationPlan
from crazy4.simulate.progressive import progressive_columns, progressive_counts
from crazy4.spec.specification import CELLS, GameSpec

#: The most seats at one table.
MAX_SEATS = 7

_ANALYSES: dict[tuple[str, str], SpecAnalysis] = {}


def analysis_of(spec: GameSpec, rules: RuleSet) -> SpecAnalysis:
    """The exact analysis of ``rules`` (kept for the process: the strategy and exact values)."""
    key = (spec.key, rules.content_hash)
    if key not in _ANALYSES:
        _ANALYSES[key] = analyze_spec(spec, rules)
    return _ANALYSES[key]


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


def situation_decisions(
    hands: npt.NDArray[np.uint8], seen: npt.NDArray[np.uint8], decision: npt.NDArray[np.int64]
) -> npt.NDArray[np.int8]:
    """The decision of every (hand, up card) pair, shape ``(C(52, p), 52)``, from one per
    situation class (:class:`crazy4.generic.situations.DealSituations`): every relabelling of
    the suits maps a class's row to the pairs of its class.

    Examples
    --------
    >>> from crazy4.spec.specification import DealShape
    >>> from crazy4.generic.situations import deal_situations, situation_rows
    >>> classes = deal_situations(DealShape(3, 3, 1, 3))
    >>> table = situation_decisions(classes.hands, classes.seen, np.arange(classes.rows) % 2)
    >>> table.shape, int((table >= 0).sum()) == 22100 * 49
    ((22100, 52), True)
    """
    cards = hands.shape[1]
    out = np.full((int(BINOMIAL[52, cards]), 52), -1, dtype=np.int8)
    ranks, suits = hands.astype(np.int64) // 4, hands.astype(np.int64) % 4
    up = seen[:, 0].astype(np.int64)
    for perm in permutations(range(4)):
        moved = np.sort(4 * ranks + np.array(perm)[suits], axis=1)
        out[colex_indices(moved), 4 * (up // 4) + np.array(perm)[up % 4]] = decision
    return out


def deal_parts(
    rng: np.random.Generator, rounds: int, sizes: tuple[int, ...]
) -> tuple[list[npt.NDArray[np.uint8]], list[npt.NDArray[np.int64]]]:
    """Disjoint sorted hands of any sizes (:func:`crazy4.core.deal.deal_hands` draws at most
    five cards at a time: a larger hand is drawn in parts and joined), card-major, with each
    hand's colex index. Hands of at most five cards are drawn exactly as ``deal_hands`` draws
    them.

    Examples
    --------
    >>> hands, colex = deal_parts(np.random.default_rng(1), 4, (5, 6))
    >>> [hand.shape for hand in hands], bool((np.diff(hands[1], axis=0) > 0).all())
    ([(5, 4), (6, 4)], True)
    """
    parts = [min(5, size - start) for size in sizes for start in range(0, size, 5)]
    dealt = deal_hands(rng, rounds, tuple(parts))
    if len(parts) == len(sizes):
        return list(dealt.cards), [np.asarray(c, dtype=np.int64) for c in dealt.colex]
    hands, colex, next_part = [], [], 0
    for size in sizes:
        count = -(-size // 5)
        joined = np.sort(np.concatenate(dealt.cards[next_part : next_part + count]), axis=0)
        hands.append(joined)
        colex.append(colex_indices(joined.T).astype(np.int64))
        next_part += count
    return hands, colex


@dataclass(frozen=True)
class SeatTables:
    """What a worker derives from a plan: the seat word and the strength of every hand."""

    word: npt.NDArray[np.int32]  # per player colex: strength * 4 + decision (0 with up cards)
    decide: npt.NDArray[np.int8] | None  # per player colex and up card: the decision
    strength: npt.NDArray[np.int32]  # per dealer colex
    nets: dict[str, npt.NDArray[np.int64]]  # per bet, per seat key
    parts: dict[str, npt.NDArray[np.int64]]  # per logged wager, per seat key
    unit: int
    staked: tuple[str, ...]  # the log's stake columns, in order
    by_multiple: tuple[str, ...]  # the stakes of the Play multiple


class SpecSimulator:
    """The chunk player of a :class:`crazy4.spec.specification.GameSpec` (module docstring)."""

    max_seats = MAX_SEATS

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.tables_of = PlanTables(self._build)

    @property
    def side_bet_label(self) -> str:
        """The side bet's name in messages."""
        return self.spec.side_bet_label

    @property
    def side_bet_key(self) -> str:
        """The side bet's log column (``"pair_plus"``)."""
        return self.spec.side_bet_label.lower().replace(" ", "_")

    @property
    def key_bins(self) -> int:
        """``n_strengths * 4 * 6`` seat keys."""
        return self.spec.ranking.n_strengths * 4 * len(CELLS)

    @property
    def dealer_bins(self) -> int:
        """The ranking's strengths."""
        return self.spec.ranking.n_strengths

    def blind_hands_allowed(self, rules: RuleSet) -> bool:
        """No blind hands."""
        return False

    def strategy(self, rules: RuleSet, spec: str) -> npt.NDArray[np.int64]:
        """``optimal``: the exact analysis' decision per suit class."""
        if spec != "optimal":
            raise InputError(f"--strategy: {self.spec.title} plays 'optimal' only, not {spec!r}")
        return analysis_of(self.spec, rules).prices.decision

    def _build(self, plan: SimulationPlan) -> SeatTables:
        shape = self.spec.shape
        strength = self.spec.ranking.strengths(shape.player_cards).astype(np.int32)
        decide = None
        if shape.face_up:
            situations = deal_situations(shape)
            decide = situation_decisions(
                situations.hands, situations.seen, np.asarray(plan.decision, dtype=np.int64)
            )
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
        nets = {self.spec.main_bet: settlement.nets.reshape(-1) * scale}
        parts = {name: settlement.parts[name].reshape(-1) * scale for name in settlement.logged}
        for side in sides:
            pays = side.pays.odds_numerators(self.spec.ranking, unit)
            nets[side.name] = side.cell_nets(pays, unit).reshape(-1)
        dealer = self.spec.ranking.strengths(shape.dealer_cards).astype(np.int32)
        staked, by_multiple = settlement.staked, settlement.by_multiple
        return SeatTables(word, decide, dealer, nets, parts, unit, staked, by_multiple)

    def play_chunk(
        self, plan: SimulationPlan, chunk: int, log: bool, into: Counts | None = None
    ) -> Chunk:
        """Deal, key and count one chunk's rounds (and its log rows)."""
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
        qualified = np.where(dealer >= self.spec.qualifier(plan.rules), 3, 0).astype(np.int32)
        keys = []
        for seat in range(plan.seats):
            word = tables.word[colex[seat]]
            if tables.decide is not None:
                word = word + tables.decide[colex[seat], hands[plan.seats][0]]
            strength = word >> 2
            cell = qualified + (strength == dealer) + 2 * (strength < dealer)
            keys.append(word * len(CELLS) + cell)
        counts = Counts.empty(self.key_bins, self.dealer_bins) if into is None else into
        counts.seats += np.bincount(np.concatenate(keys), minlength=self.key_bins)
        counts.dealer += np.bincount(dealer, minlength=self.spec.ranking.n_strengths)
        squares: dict[str, int] = {}
        if plan.seats > 1:
            for name, nets in tables.nets.items():
                total = seat_totals(nets, keys)
                squares[name] = exact_dot(total, total)
        seats = list(colex[: plan.seats])
        counts.add_totals(rounds, squares, progressive_counts(plan.rules, plan.meter, seats))
        table = self._log(plan, plan.first_round(chunk), cards, keys) if log else None
        return Chunk(counts=counts, log=table)

    def _keys(
        self, plan: SimulationPlan, word: npt.NDArray[np.int64], dealer: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.int64]:
        """The seat keys of seat words (``strength * 4 + decision``) against the dealer's
        strengths."""
        strength = word >> 2
        qualified = np.where(dealer >= self.spec.qualifier(plan.rules), 3, 0)
        cell = qualified + (strength == dealer) + 2 * (strength < dealer)
        return np.asarray(word * len(CELLS) + cell, dtype=np.int64)

    def decided_log(
        self,
        plan: SimulationPlan,
        first_round: int,
        hands: npt.NDArray[np.int64],
        dealer: npt.NDArray[np.int64],
        decisions: npt.NDArray[np.int64],
    ) -> pa.Table:
        """The log rows of rounds decided elsewhere (:meth:`SimulatedGame.decided_log
        <crazy4.simulate.game.SimulatedGame.decided_log>`): each seat keyed by its own decision;
        the dealer's face-up cards, when the rules deal any, are the first of ``dealer``.

        Examples
        --------
        >>> from crazy4.core.cards import parse_cards
        >>> from crazy4.registry import load_rules
        >>> from crazy4.simulate.driver import make_plan
        >>> from crazy4.simulate.game import simulator_of
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
            strength = tables.word[colex_indices(hands[:, seat])].astype(np.int64) >> 2
            keys.append(self._keys(plan, strength * 4 + decisions[:, seat], dealt))
        cards = [hands[:, s].T.astype(np.uint8) for s in range(seats)]
        cards.append(np.sort(dealer, axis=1).T.astype(np.uint8))
        up = self.spec.shape.face_up
        if up:  # the dealer's first cards are the up cards
            cards.append(dealer[:, :up].T.astype(np.uint8))
        return self._log(plan, first_round, cards, keys)

    def _log(
        self,
        plan: SimulationPlan,
        first: int,
        cards: list[npt.NDArray[np.uint8]],
        keys: list[npt.NDArray[np.int32]] | list[npt.NDArray[np.int64]],
    ) -> pa.Table:
        tables = self.tables_of(plan)
        seats, rounds = plan.seats, keys[0].shape[0]
        key = np.stack(keys, axis=1).ravel()
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
                pa.array(decision.astype(np.int8)), pa.array(list(DECISION_NAMES))
            ),
        }
        ones, multiple = np.ones(key.shape[0]), decision.astype(np.float64)
        for name in tables.staked:
            columns[name] = pa.array(multiple if name in tables.by_multiple else ones)
        side = None
        if plan.side_bet is not None:
            side = self.spec.side_bets(plan.rules)[plan.side_bet].name
            if side not in tables.nets:
                raise InputError(
                    f"--side-bet: {side} scores more than the player's hand; a log settles "
                    "only a bet on the player's own hand"
                )
            columns[self.side_bet_key] = pa.array(ones)
        for name in tables.parts:
            columns[f"{name}_net"] = pa.array(tables.parts[name][key] / tables.unit)
        if side is not None:
            columns[f"{self.side_bet_key}_net"] = pa.array(tables.nets[side][key] / tables.unit)
        columns.update(progressive_columns(plan.rules, plan.meter, player, seats))
        return pa.table(columns)

    def bet_nets(self, plan: SimulationPlan) -> BetNets:
        """The main game and each side bet, per seat key."""
        tables = self.tables_of(plan)
        return BetNets(unit=tables.unit, seat=tables.nets, blind=None)

    def exact_bets(self, plan: SimulationPlan) -> dict[str, ExactBet]:
        """From the exact analysis (the optimal strategy)."""
        return self.exact_bets_of(plan.rules)

    def exact_bets_of(self, rules: RuleSet) -> dict[str, ExactBet]:
        """Every bet's exact value under the optimal strategy, by name."""
        analysis = analysis_of(self.spec, rules)
        bets = [analysis.main, *analysis.side_bets]
        return {
            bet.name: ExactBet.of_summary(bet.name, summarize(bet, analysis.weights))
            for bet in bets
        }

    def summary_options(self, plan: SimulationPlan) -> dict[str, object]:
        """No options of the game's own."""
        return {}

    def summary_counts(self, plan: SimulationPlan, counts: Counts) -> dict[str, object]:
        """Player and dealer categories, the dealer's qualification and the outcome cells."""
        n = self.spec.ranking.n_strengths
        starts = self.spec.ranking.category_starts()
        category = np.searchsorted(starts, np.arange(n), side="right") - 1
        names = self.spec.ranking.categories
        player = np.bincount(
            category, weights=counts.seats.reshape(n, -1).sum(axis=1), minlength=len(names)
        )
        dealer = np.bincount(category, weights=counts.dealer[:n], minlength=len(names))
        cells = counts.seats.reshape(-1, len(CELLS)).sum(axis=0)
        return {
            "player_categories": {c: int(v) for c, v in zip(names, player, strict=True)},
            "dealer_categories": {c: int(v) for c, v in zip(names, dealer, strict=True)},
            "dealer_qualified": int(counts.dealer[self.spec.qualifier(plan.rules) : n].sum()),
            "outcomes": {c: int(v) for c, v in zip(CELLS, cells, strict=True)},
        }

    def render_tail(
        self, plan: SimulationPlan, counts: Counts, data: Mapping[str, object]
    ) -> list[str]:
        """The dealer's qualification and the categories."""
        qualified = data["dealer_qualified"]
        player = data["player_categories"]
        dealer = data["dealer_categories"]
        assert isinstance(qualified, int) and isinstance(player, dict)
        assert isinstance(dealer, dict)
        hands = max(1, sum(player.values()))
        lines = ["", f"dealer qualifies: {qualified / max(1, counts.rounds):.5f}", ""]
        lines.append(f"{'hand category':<18}{'player':>10}{'dealer':>10}")
        for name in reversed(self.spec.ranking.categories):
            lines.append(
                f"{name:<18}{player[name] / hands:>10.6f}"
                f"{dealer[name] / max(1, counts.rounds):>10.6f}"
            )
        return lines
