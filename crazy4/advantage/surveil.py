"""The surveillance role of every game, :class:`SpecSurveillance` over its specification: what
planting, detection and the hole-card seat call. EVs are exact integer numerators over a
stated denominator, per unit of Ante; a round is settled on the dealer's actual hand.

Examples
--------
>>> from crazy4.core.cards import parse_cards
>>> from crazy4.games.three_card.game import THREE_CARD
>>> from crazy4.registry import load_rules
>>> rules, table = load_rules("three-card-standard"), SpecSurveillance(THREE_CARD)
>>> hand = np.array([sorted(parse_cards("Kh Kd 2c"))])
>>> int(table.settle(rules, hand, np.array([parse_cards("Qs 9d 4h")]), np.array([1]))[0])
2
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from itertools import combinations, permutations
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.advantage.colluder import CellColluder
from crazy4.advantage.collusion_engine import spec_colluder
from crazy4.advantage.holecard_engine import most_seen
from crazy4.advantage.team import practical_decisions
from crazy4.analyze.counting import cells_from_counts, counter_for
from crazy4.analyze.counts import class_of_hands, dealer_histograms, suit_classes
from crazy4.analyze.pricing import cells_from_histograms, price
from crazy4.analyze.situations import class_rows
from crazy4.core.cards import colex_indices, combinations_array
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.engine import MAX_SEATS, analysis_of, optimal_decisions
from crazy4.spec.game import spec_of
from crazy4.spec.specification import GameSpec

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: The 24 relabellings of the suits, one a row (``SUIT_MAPS[k][suit]``).
SUIT_MAPS = np.array(list(permutations(range(4))), dtype=np.int64)
#: Suit classes counted at once when the seen-card table is built.
CLASSES_PER_CHUNK = 128
#: The most (hand, seen card, dealer completion) triples a deal may have for the seen-card table.
SEEN_TABLE_COMPLETIONS = 10**10
_SEEN_CELLS: dict[tuple[int, int], tuple[GameSpec, IntArray]] = {}


def seen_card_cells(spec: GameSpec, qualifier: int) -> IntArray:
    """The outcome cells of every (player hand class, seen dealer card) situation."""
    key = (id(spec), qualifier)
    if key in _SEEN_CELLS:
        return _SEEN_CELLS[key][1]
    shape = spec.shape
    hands, _ = suit_classes(shape.player_cards)
    strengths = spec.ranking.strengths(shape.player_cards)[colex_indices(hands)]
    table = spec.ranking.strengths(shape.dealer_cards)
    out = np.zeros((hands.shape[0], 52, 6), dtype=np.int64)
    for start in range(0, hands.shape[0], CLASSES_PER_CHUNK):
        chunk = hands[start : start + CLASSES_PER_CHUNK]
        free = np.ones((chunk.shape[0], 52), dtype=bool)
        free[np.arange(chunk.shape[0])[:, None], chunk] = False
        rows, cards = np.nonzero(free)
        histograms = dealer_histograms(
            chunk[rows], cards.astype(np.uint8)[:, None], table, shape.dealer_cards,
            spec.ranking.n_strengths,
        )  # fmt: skip
        cells = cells_from_histograms(
            histograms, strengths[start + rows].astype(np.int64), qualifier
        )
        out[start + rows, cards] = cells
    _SEEN_CELLS[key] = (spec, out)
    return out


#: The largest dealer hand priced by inclusion-exclusion over the pooled cards.
SMALL_DEALER = 3
#: Rows (pooled sets) priced at once by :func:`pooled_cells`.
POOLED_ROWS = 2048
_SUBSET_BELOW: dict[int, tuple[GameSpec, list[IntArray]]] = {}


def subset_below(spec: GameSpec) -> list[IntArray]:
    """``tables[j][S, t]``: the dealer hands holding the ``j``-card set ``S`` below ``t``."""
    if id(spec) not in _SUBSET_BELOW:
        d, top = spec.shape.dealer_cards, spec.ranking.n_strengths
        hands = combinations_array(52, d).astype(np.int64)
        strengths = spec.ranking.strengths(d)[colex_indices(hands)].astype(np.int64)
        tables = []
        for j in range(d):
            counts = np.zeros((comb(52, j), top + 1), dtype=np.int64)
            for subset in combinations(range(d), j):
                index = colex_indices(hands[:, list(subset)]) if j else np.zeros_like(strengths)
                np.add.at(counts, (index, strengths + 1), 1)
            tables.append(np.cumsum(counts, axis=1))
        _SUBSET_BELOW[id(spec)] = (spec, tables)
    return _SUBSET_BELOW[id(spec)][1]


def pooled_cells(spec: GameSpec, pooled: IntArray, strengths: IntArray, qualifier: int) -> IntArray:
    """The six outcome cells of each hand against every dealer hand avoiding the cards
    ``pooled[i]``, by inclusion-exclusion: ``Σ_{S ⊆ X, |S| <= d} (-1)^|S| B_S(t)``.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> cells = pooled_cells(THREE_CARD, np.array([[0, 1, 2, 3, 4, 5]]), np.array([500]), 112)
    >>> int(cells.sum()) == comb(46, 3)
    True
    """
    d, top = spec.shape.dealer_cards, spec.ranking.n_strengths
    tables = subset_below(spec)
    dealer = spec.ranking.strengths(d)
    v = strengths.astype(np.int64)
    q = np.full_like(v, qualifier)
    thresholds = np.stack([v, v + 1, q, np.full_like(v, top)], axis=1)
    below = np.zeros_like(thresholds)
    cards = np.sort(pooled, axis=1).astype(np.int64)
    for j in range(min(d, cards.shape[1]) + 1):
        subsets = np.array(list(combinations(range(cards.shape[1]), j)), dtype=np.int64)
        sign = -1 if j % 2 else 1
        step = max(1, POOLED_ROWS * 64 // max(len(subsets), 1))
        for start in range(0, cards.shape[0], step):
            rows = slice(start, start + step)
            chosen = cards[rows][:, subsets] if j else np.zeros((cards[rows].shape[0], 1, 0), int)
            n, c = chosen.shape[:2]
            index = colex_indices(chosen.reshape(n * c, j)).reshape(n, c) if j else chosen.sum(2)
            if j < d:
                found = tables[j][index[:, :, None], thresholds[rows][:, None, :]]
            else:
                found = dealer[index][:, :, None] < thresholds[rows][:, None, :]
            below[rows] += sign * found.sum(axis=1)
    at_v, at_v1, at_q, total = below.T
    return cells_from_counts(at_v, at_v1, at_q, v < q, total)


def canonical_situations(hands: IntArray, cards: IntArray) -> tuple[IntArray, IntArray]:
    """Each hand's suit class and the card ``cards`` becomes under the suit relabelling that
    maps the hand to its class's representative.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> classes, cards = canonical_situations(np.array([sorted(parse_cards("Kh Kd 2c"))]),
    ...                                       np.array([parse_cards("Ah")[0]]))
    >>> other, _ = canonical_situations(np.array([sorted(parse_cards("Ks Kc 2h"))]), cards)
    >>> int(cards[0]) // 4 == 12, int(classes[0]) == int(other[0])  # an ace stays an ace
    (True, True)
    """
    inverse, keys = class_of_hands(hands.shape[1])
    classes = inverse[colex_indices(np.sort(hands, axis=1))]
    target = keys[classes]
    ranks, suits = hands // 4, hands % 4
    relabelled = np.sort(4 * ranks[None] + SUIT_MAPS[:, suits], axis=2)  # (24, n, p)
    matches = colex_indices(relabelled.reshape(-1, hands.shape[1])).reshape(24, -1) == target
    which = np.argmax(matches, axis=0)
    return classes, 4 * (cards // 4) + SUIT_MAPS[which, cards % 4]


class SpecSurveillance:
    """The surveillance role of a specification, over its collusion role."""

    def __init__(
        self, spec: GameSpec, colluder: CellColluder | None = None, practical: tuple[str, ...] = ()
    ) -> None:
        self.spec, self._colluder, self._practical = spec, colluder, practical

    @property
    def colluder(self) -> CellColluder:
        """The game's collusion role."""
        if self._colluder is None:
            self._colluder = spec_colluder(self.spec, MAX_SEATS, self._practical)
        return self._colluder

    @property
    def title(self) -> str:
        """The game's name."""
        return self.spec.title

    @property
    def max_seats(self) -> int:
        """The collusion role's largest table (the simulator's)."""
        return self.colluder.max_seats

    @property
    def player_cards(self) -> int:
        """Cards in a player's hand."""
        return self.spec.shape.player_cards

    @property
    def dealer_size(self) -> int:
        """Cards in the dealer's hand."""
        return self.spec.shape.dealer_cards

    @property
    def face_up(self) -> int:
        """Dealer cards face up."""
        return self.spec.shape.face_up

    @property
    def most_seen(self) -> int:
        """The most hidden dealer cards the hole-card engine analyses the deal with."""
        return most_seen(self.spec.shape)

    @property
    def practical_rules(self) -> tuple[str, ...]:
        """The practical team rules the game knows (none: its team pools its cards fully)."""
        return self._practical

    def unit(self, rules: RuleSet) -> int:
        """The settlement's common denominator (of the nets :meth:`settle` returns).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> rules = load_rules("three-card-standard")
        >>> surveillance_of(rules).unit(rules) >= 1
        True
        """
        return self.spec.settlement(rules).unit

    def honest_ev(self, rules: RuleSet) -> Fraction:
        """The exact EV of the optimal strategy."""
        return Fraction(analysis_of(self.spec, rules).main_ev())

    def _strengths(self, hands: IntArray) -> IntArray:
        table = self.spec.ranking.strengths(self.player_cards)
        return np.asarray(table[colex_indices(np.sort(hands, axis=1))], dtype=np.int64)

    def honest_decisions(self, rules: RuleSet, hands: IntArray, up: IntArray) -> IntArray:
        """The exact analysis's optimal decision of each (hand, up cards) situation."""
        return optimal_decisions(self.spec, rules, hands, up[:, : self.face_up])

    def _priced(
        self, rules: RuleSet, hands: IntArray, players: IntArray, forced: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """Price ``hands`` against the dealer hands avoiding ``players`` and holding ``forced``."""
        spec, shape = self.spec, self.spec.shape
        strengths = self._strengths(hands)
        cells = counter_for(shape).cells(
            np.ascontiguousarray(players, dtype=np.uint8),
            strengths,
            spec.qualifier(rules),
            spec.ranking,
            shape.dealer_cards,
            forced=np.ascontiguousarray(forced, dtype=np.uint8),
        )
        prices = price(cells, strengths, spec.settlement(rules))
        unseen = 52 - players.shape[1] - forced.shape[1]
        completions = comb(unseen, shape.dealer_cards - forced.shape[1])
        return prices.ev, prices.allowed, completions * prices.unit

    def seen_evs(
        self, rules: RuleSet, hands: IntArray, known: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """Each hand's prices given the dealer cards it knows."""
        if known.shape[1] > self.dealer_size:
            raise InputError(f"{self.title}: the dealer holds {self.dealer_size} cards")
        if known.shape[1] == self.face_up:  # the up cards only: the exact analysis
            prices = analysis_of(self.spec, rules).prices
            rows = class_rows(self.spec.shape, hands, known)
            return prices.ev[rows], prices.allowed[rows], prices.denominator
        shape = self.spec.shape
        listed = (52 - shape.player_cards) * comb(51 - shape.player_cards, shape.dealer_cards - 1)
        large = comb(52, shape.player_cards) * listed > SEEN_TABLE_COMPLETIONS
        if known.shape[1] != 1 or large:  # beside the up cards, more than one, a large deal
            return self._priced(rules, hands, hands, known)
        # one seen card, nothing face up: the suit classes' table, counted once
        classes, cards = canonical_situations(hands.astype(np.int64), known[:, 0].astype(np.int64))
        cells = seen_card_cells(self.spec, self.spec.qualifier(rules))[classes, cards]
        prices = price(cells, self._strengths(hands), self.spec.settlement(rules))
        completions = comb(52 - self.player_cards - 1, self.dealer_size - 1)
        return prices.ev, prices.allowed, completions * prices.unit

    def team_evs(
        self, rules: RuleSet, team: IntArray, up: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """Each member's prices given every pooled card: by inclusion-exclusion, by one histogram
        a round, or (a large dealer hand) by the collusion engine."""
        spec, shape = self.spec, self.spec.shape
        n, k, p = team.shape
        completions = comb(52 - k * p - up.shape[1], shape.dealer_cards - up.shape[1])
        settlement, qualifier = spec.settlement(rules), spec.qualifier(rules)
        subsets = sum(comb(k * p, j) for j in range(shape.dealer_cards + 1))
        if up.shape[1] == 0 and shape.dealer_cards <= SMALL_DEALER and 4 * subsets <= completions:
            count = partial(pooled_cells, spec, team.reshape(n, k * p), qualifier=qualifier)
        elif shape.dealer_cards > SMALL_DEALER:
            return self._engine_team_evs(rules, team, up)
        else:
            histograms = dealer_histograms(
                team.reshape(n, k * p).astype(np.uint8),
                up.astype(np.uint8),
                spec.ranking.strengths(shape.dealer_cards),
                shape.dealer_cards,
                spec.ranking.n_strengths,
            )
            count = partial(cells_from_histograms, histograms, qualifier=qualifier)
        ev = np.zeros((n, k, 4), dtype=np.int64)
        allowed = np.zeros((n, k, 4), dtype=bool)
        for member in range(k):
            strengths = self._strengths(team[:, member])
            prices = price(count(strengths), strengths, settlement)
            ev[:, member], allowed[:, member] = prices.ev, prices.allowed
        return ev, allowed, completions * settlement.unit

    def _engine_team_evs(
        self, rules: RuleSet, team: IntArray, up: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """:meth:`team_evs` by the collusion engine, through the game's collusion role."""
        from crazy4.advantage.collusion import CollusionPlan, DealtTeam, team_prices

        n, k, _ = team.shape
        plan = CollusionPlan(rules, k, max(n, 1), 0)
        seen = np.zeros((n, 52), dtype=bool)
        seen[np.arange(n)[:, None], np.concatenate([team.reshape(n, -1), up], axis=1)] = True
        unseen = np.argsort(seen, axis=1, kind="stable")[:, : plan.unseen].astype(np.int64)
        _, ev, allowed = team_prices(plan, DealtTeam(team, self._up_card(up), unseen))
        scale = plan.dealer_hands * self.colluder.unit(rules)
        return ev.reshape(n, k, 4), allowed.reshape(n, k, 4), scale

    def _up_card(self, up: IntArray) -> IntArray | None:
        """The up card the collusion role reads (none when the dealer shows none)."""
        return up[:, 0] if self.colluder.up_cards else None

    def seat_evs(
        self, rules: RuleSet, hands: IntArray, others: IntArray, up: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """The seat's prices given the other seats' cards (:meth:`team_evs`' first member)."""
        pooled = np.concatenate([hands[:, None, :], others], axis=1)
        ev, allowed, denominator = self.team_evs(rules, pooled, up)
        return ev[:, 0], allowed[:, 0], denominator

    def practical_decisions(
        self, rules: RuleSet, rule: str, team: IntArray, up: IntArray
    ) -> IntArray:
        """Each member's decision under the practical rule ``rule``."""
        if not self._practical:
            raise InputError(f"--team-rule {rule!r}: {self.title} knows no practical team rule")
        role, up_card = self.colluder, self._up_card(up)
        ranks = role.practical_ranks(rules, rule, up_card, team.shape[0])
        return practical_decisions(role, rules, team, up_card, ranks)

    def settle(
        self, rules: RuleSet, hands: IntArray, dealer: IntArray, decisions: IntArray
    ) -> IntArray:
        """The main bets' net numerators (over :meth:`unit`) of each sorted hand on the dealer's
        actual hand.

        Examples
        --------
        >>> from crazy4.core.cards import parse_cards
        >>> from crazy4.registry import load_rules
        >>> rules = load_rules("crazy4-standard")
        >>> hand = np.array([sorted(parse_cards("As Ad Ac Ah Kd"))])
        >>> dealer = np.array([parse_cards("Ks Qd 8c 4h 2s")])
        >>> net = surveillance_of(rules).settle(rules, hand, dealer, np.array([3]))
        >>> int(net[0]) / surveillance_of(rules).unit(rules)  # 1 + 3 + 200 (quads)
        204.0
        """
        spec, shape = self.spec, self.spec.shape
        table = spec.ranking.strengths(shape.dealer_cards)
        dealt = table[colex_indices(np.sort(dealer, axis=1))].astype(np.int64)
        n = dealt.shape[0]
        histograms = np.zeros((n, spec.ranking.n_strengths), dtype=np.int64)
        histograms[np.arange(n), dealt] = 1
        strengths = self._strengths(hands)
        cells = cells_from_histograms(histograms, strengths, spec.qualifier(rules))
        nets = spec.settlement(rules).nets[strengths, decisions.astype(np.int64)]
        return np.asarray((nets * cells).sum(axis=1), dtype=np.int64)


def surveillance_of(rules: RuleSet) -> SpecSurveillance:
    """The surveillance role of the game a rule set carries.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> table = surveillance_of(load_rules("four-card-standard"))
    >>> table.title, table.max_seats, table.practical_rules
    ('Four Card Poker', 7, ('up',))
    """
    from crazy4.advantage.collusion import colluder_role

    spec = spec_of(rules)
    return SpecSurveillance(spec, colluder_role(rules), spec.team_rules)
