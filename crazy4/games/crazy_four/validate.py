"""The Crazy 4 Poker checks of ``crazy4 validate``: :class:`CrazyFourValidator`.

The log's schema is :mod:`crazy4.log.roundlog` (plus an optional ``qualified`` column).
Each batch is checked in steps: the wagers, the cards (valid, the raise minimum, one dealer
hand a round, no card twice), the settlement of every wager (differing rows to the rule
inference, :mod:`crazy4.games.crazy_four.inference`), the decisions against the expected
strategy, and the counts of the statistics (hand categories, first-seat outcome cells, the
qualification rate, cards by position, the sequence of rounds, every bet's results).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.bets import ExactBet
from crazy4.core.cards import format_cards
from crazy4.core.paytables import PayTable
from crazy4.core.ranking import HandCategory, category_of_strength, category_thresholds
from crazy4.errors import InputError
from crazy4.games.crazy_four.inference import infer_batch, infer_strategy
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS
from crazy4.games.crazy_four.reference import Reference, load_reference
from crazy4.games.crazy_four.rules import CrazyFourRules, crazy_four_rules
from crazy4.games.crazy_four.settle import Settlement, outcome_cells
from crazy4.games.crazy_four.variants import Dealt, VariantSet
from crazy4.log.roundlog import BLIND, DECISION_NAMES, REQUIRED, WAGERS
from crazy4.validate.checks import (
    Component,
    compare_decisions,
    mismatches,
    settlement_check,
    strategy_check,
    well_formed_check,
)
from crazy4.validate.hands import strategy_groups
from crazy4.validate.infer import Inference, ShownCards, inference_check
from crazy4.validate.kernels import unlike_first_of_round
from crazy4.validate.report import Check, Options
from crazy4.validate.rows import (
    BatchRows,
    LogBatch,
    Rounds,
    flag_repeated_cards,
    kept_for_statistics,
    split_rounds,
)
from crazy4.validate.statistics import (
    SUMMARY_KEYS,
    StatFamily,
    StatTest,
    Summary,
    bet_samples,
    most_off,
    rare_award_notes,
    summary_counts,
)
from crazy4.validate.tally import TOLERANCE, BetValues, ExactBetsCache, Tally

#: The bets on the game itself (per unit of Ante), beside the side bets and the blind hand.
GAME_BETS = ("ante_super_bonus_play", "ante_play", "super_bonus")
#: The numeric columns of a log.
NUMBERS = (*WAGERS, *(f"{wager}_net" for wager in WAGERS), "qualified")
#: The card columns: cards, and the finding when they do not parse.
_HANDS = (
    ("player", 5, "player cards not five valid cards"),
    ("dealer", 5, "dealer cards not five valid cards"),
)


def _multiple(decision: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The Play multiple of each decision (0: fold; a blind hand: 3)."""
    return np.where(decision == BLIND, 3, np.clip(decision, 0, 3))


#: The exact bets of each (reference, strategy) validated, computed once.
_EXACT_BETS: ExactBetsCache[ExactBet] = ExactBetsCache()


class CrazyFourValidator:
    """The validator's role of Crazy 4 Poker (:class:`crazy4.validate.game.ValidatedGame`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> run = CrazyFourValidator().start(Options(load_rules("crazy4-standard")), {})
    >>> run.queens_table, sorted(run.reference_bets)[:2]
    (0, ['ante_play', 'ante_super_bonus_play'])
    """

    summary_keys = (*SUMMARY_KEYS, "dealer_qualified")

    def start(self, options: Options, metadata: Mapping[str, object]) -> CrazyFourRun:
        """The reference, settlement and expected strategy of a validation; the Queens Up
        table is the one asked for, else the one the log's metadata names, else the first."""
        rules = crazy_four_rules(options.rules)
        reference = load_reference(rules)
        decision = reference.strategy(options.strategy)
        logged = metadata.get("queens_up")
        wanted = options.side_bet or (logged if isinstance(logged, str) else None)
        return CrazyFourRun(
            options=options,
            rules=rules,
            reference=reference,
            settlement=Settlement.of(rules),
            expected_decision=decision,
            queens_table=rules.side_bet_index(wanted, "Queens Up", "queens-up-"),
            reference_bets=_EXACT_BETS.get(reference, decision, reference.exact_bets),
            variants=VariantSet(rules),
        )


@dataclass(frozen=True)
class _Hands:
    """The cards of one batch, read: their indices, strengths and rounds."""

    player_idx: npt.NDArray[np.intp]
    player_strength: npt.NDArray[np.int64]
    dealer_strength: npt.NDArray[np.int64]
    rounds: Rounds
    repeated: npt.NDArray[np.intp]  # cards dealt twice, as round * 52 + card


@dataclass(frozen=True)
class _Showdown:
    """How the good rows of a batch were settled: blind hands, multiples in action, cells."""

    blind: npt.NDArray[np.bool_]
    in_action: npt.NDArray[np.int64]
    cell: npt.NDArray[np.int64]


def _weighted_counts(
    categories: npt.NDArray[np.integer], weights: npt.NDArray[np.int64]
) -> npt.NDArray[np.float64]:
    """Counts by category of counts by strength."""
    return np.asarray(np.bincount(categories, weights=weights, minlength=8), dtype=np.float64)


def _strength_counts() -> npt.NDArray[np.int64]:
    return np.zeros(category_of_strength().shape[0], dtype=np.int64)


@dataclass
class CrazyFourCounts:
    """What the Crazy 4 Poker statistics count, over the rounds whose rows are all good."""

    player_strengths: npt.NDArray[np.int64] = field(default_factory=_strength_counts)
    dealer_strengths: npt.NDArray[np.int64] = field(default_factory=_strength_counts)
    first_cells: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(6, np.int64))
    stat_rounds: int = 0
    seats_per_round: Counter[int] = field(default_factory=Counter)


@dataclass
class CrazyFourRun:
    """One validation of a Crazy 4 Poker log or summary.

    The :class:`crazy4.validate.game.ValidationRun` of :class:`CrazyFourValidator`.
    """

    options: Options
    rules: CrazyFourRules
    reference: Reference
    settlement: Settlement
    expected_decision: npt.NDArray[np.int64]
    queens_table: int | None
    reference_bets: dict[str, ExactBet]
    variants: VariantSet
    tally: Tally = field(default_factory=Tally)
    counts: CrazyFourCounts = field(default_factory=CrazyFourCounts)
    inference: Inference = field(default_factory=Inference)
    strategy_inference: Inference = field(default_factory=Inference)

    def check_columns(self, names: Sequence[str]) -> None:
        """Raise :class:`InputError` naming the first missing column."""
        super_bonus = self.rules.super_bonus is not None
        missing = [name for name in REQUIRED if name not in names]
        if super_bonus:
            missing += [n for n in ("super_bonus", "super_bonus_net") if n not in names]
        if ("queens_up" in names) != ("queens_up_net" in names):
            missing.append("queens_up_net" if "queens_up" in names else "queens_up")
        if missing:
            raise InputError(
                f"the log has no column {missing[0]!r} (needs {', '.join(REQUIRED)}"
                + (", super_bonus, super_bonus_net" if super_bonus else "")
                + "; see docs/simulator.md)"
            )

    def read_batch(self, table: pa.Table, first_row: int) -> LogBatch:
        """Parse one batch of rows (whole rounds) with the hands' strengths (on the reader's
        thread: no accumulator touched)."""
        batch = LogBatch.read(table, first_row, _HANDS, NUMBERS)
        for name in ("player", "dealer"):
            batch.derive_strengths(name, self.reference.strength_of_hand)
        classes = self.reference.class_of_hand[batch.derived["player_colex"]]
        batch.derived["player_class"] = classes.astype(np.int64)
        return batch

    def process(self, batch: LogBatch) -> None:
        """Check one parsed batch of rows (whole rounds) and add it to the accumulators."""
        rows = batch.rows(self.tally.malformed, self.options.examples)
        self._flag_wagers(batch, rows)
        hands = self._read_hands(batch, rows)
        self.tally.bad_rows += int(rows.bad.sum())
        good = ~rows.bad
        showdown = self._resettle(batch, hands, good)
        classes = batch.derived["player_class"]
        taken = np.clip(batch.decision, 0, 3)
        compared = good & ~showdown.blind
        deviations_before = self.tally.deviations
        compare_decisions(
            self.tally,
            compared,
            classes,
            self.expected_decision,
            taken,
            self.reference.prices.ev,
            self.reference.ev_lost,
            batch.first_row,
            self.options.examples,
            lambda row: {"player": format_cards(batch.cards["player"][row][::-1].tolist())},
            (strategy_groups()[0][hands.player_strength], strategy_groups()[1]),
        )
        if self.tally.deviations > deviations_before:
            infer_strategy(
                self.strategy_inference,
                self.rules,
                self.reference.prices.ev,
                classes,
                hands.player_strength,
                self.expected_decision[classes],
                taken,
                compared,
            )
        self._count(batch, hands, showdown, rows.bad)
        self.tally.rows += batch.n
        self.tally.rounds += hands.rounds.n_rounds

    def row_checks(self) -> list[Check]:
        """The well-formed, settlement, strategy and rule-inference checks."""
        self.tally.settlement_findings = self.inference.findings(self.options.examples)
        return [
            well_formed_check(
                self.tally, "left out of the other checks; their rounds out of the statistics"
            ),
            settlement_check(self.tally, self.rules.name),
            strategy_check(self.tally, self.options.strategy),
            inference_check(
                self.rules.name,
                {"settlement": self.inference, "strategy": self.strategy_inference},
                self.tally.settled_rows,
            ),
        ]

    def _flag_wagers(self, batch: LogBatch, rows: BatchRows) -> None:
        """Flag unparsed cards, unknown decisions and wagers the rules or decision forbid."""
        rules, decision = self.rules, batch.decision
        ante, play = batch.wager("ante"), batch.wager("play")
        qu, qu_net = batch.wager("queens_up"), batch.wager("queens_up_net")
        rows.flag_unparsed(batch.unparsed)
        rows.flag(decision < 0, "decision not one of " + "/".join(DECISION_NAMES))
        if not rules.blind_second_hand:
            rows.flag(decision == BLIND, f"blind hand, but {rules.name} has no blind second hand")
        rows.flag(~(ante > 0), "ante missing or not positive")
        if rules.super_bonus is not None:
            rows.flag(
                ~np.isclose(batch.wager("super_bonus"), ante, rtol=TOLERANCE, atol=0),
                "super_bonus differs from the ante",
            )
        rows.flag(~(qu >= 0), "queens_up negative or missing")
        rows.flag((qu == 0) & (qu_net != 0), "queens_up_net without a queens_up wager")
        if self.queens_table is None:
            rows.flag(qu > 0, f"Queens Up wagered, but {rules.name} has no Queens Up bet")
        rows.flag(
            (decision >= 0)
            & ~np.isclose(play, _multiple(decision) * ante, rtol=TOLERANCE, atol=TOLERANCE),
            "play wager does not match the decision (fold: 0, mx: m x ante, blind: 3 x ante)",
        )
        allowed = np.zeros(5, dtype=bool)
        allowed[[0, *rules.play.multiples]] = True
        allowed[BLIND] = rules.blind_second_hand
        rows.flag(
            (decision >= 0) & ~allowed[np.clip(decision, 0, 4)],
            f"Play multiple not allowed by {rules.name} (multiples "
            f"{', '.join(str(m) for m in rules.play.multiples)})",
        )
        for column in ("ante_net", "play_net", "super_bonus_net", "queens_up_net", "qualified"):
            if column in batch.number:
                rows.flag(np.isnan(batch.number[column]), f"{column} missing")

    def _read_hands(self, batch: LogBatch, rows: BatchRows) -> _Hands:
        """The hands' strengths and rounds; flag raises below the minimum, a dealer hand that
        changes within a round and cards dealt twice."""
        cards_ok = batch.cards_ok
        player_idx, dealer_idx = batch.indices("player"), batch.indices("dealer")
        player_strength = batch.derived["player_strength"]
        dealer_strength = batch.derived["dealer_strength"]
        raises = (batch.decision >= 2) & (batch.decision <= 3)
        rows.flag(
            cards_ok & raises & (player_strength < self.rules.play.raise_minimum_strength),
            f"Play above 1x below {self.rules.play.raise_minimum} (the raise minimum)",
        )
        rounds = split_rounds(
            batch.table, self.tally.rows, rows, batch.number, self.options.table_seats
        )
        dealer = batch.cards["dealer"]
        changed = unlike_first_of_round(dealer, rounds.round_of_row, rounds.starts)
        rows.flag(cards_ok & changed, "dealer cards differ between rows of one round")
        what = "a card dealt twice in one round (seats and dealer)"
        repeated = flag_repeated_cards(rows, player_idx, dealer_idx, cards_ok, rounds, what)
        return _Hands(player_idx, player_strength, dealer_strength, rounds, repeated)

    def _resettle(self, batch: LogBatch, hands: _Hands, good: npt.NDArray[np.bool_]) -> _Showdown:
        """Settle every wager of the good rows again; count those that differ, by rule."""
        settle, strength = self.settlement, hands.player_strength
        blind = batch.decision == BLIND
        in_action = np.where(blind, settle.blind_multiple(strength), _multiple(batch.decision))
        cell = outcome_cells(strength, hands.dealer_strength, self.rules.dealer.qualifier_strength)
        showdown = _Showdown(blind, in_action, cell)
        nets = settle.nets(strength, in_action, cell, queens_up=self.queens_table)
        ante = batch.wager("ante")
        components = [
            Component("ante", ante, nets["ante"], batch.wager("ante_net")),
            Component("play", ante, nets["play"], batch.wager("play_net")),
        ]
        if self.rules.super_bonus is not None:
            sb, sb_net = batch.wager("super_bonus"), batch.wager("super_bonus_net")
            components.append(Component("super_bonus", sb, nets["super_bonus"], sb_net))
        if self.queens_table is not None and "queens_up" in batch.names:
            qu, qu_net = batch.wager("queens_up"), batch.wager("queens_up_net")
            components.append(Component("queens_up", qu, nets["queens_up"], qu_net, side=True))
        if "qualified" in batch.number:  # an optional column: 1 when the dealer qualified
            units = np.where(cell >= 3, settle.unit, 0).astype(np.int64)
            ones = np.ones(batch.n)
            components.append(Component("qualified", ones, units, batch.number["qualified"]))
        if mismatches(self.tally, good, components, settle.unit):
            dealt = Dealt(
                *(batch.indices("player"), batch.indices("dealer"), strength),
                *(hands.dealer_strength, in_action, self.queens_table),
            )
            shown = ShownCards(
                batch.cards["player"], batch.cards["dealer"], batch.decision, batch.first_row
            )
            infer_batch(
                self.inference,
                self.variants,
                dealt,
                components,
                good,
                shown,
                self.options.examples,
            )
        return showdown

    def _count(
        self,
        batch: LogBatch,
        hands: _Hands,
        showdown: _Showdown,
        bad: npt.NDArray[np.bool_],
    ) -> None:
        """Count categories, first-seat cells, cards and bets over the rounds kept."""
        counts, rounds = self.counts, hands.rounds
        keep, kept_rounds = kept_for_statistics(bad, rounds)
        starts = rounds.starts
        counts.stat_rounds += int(kept_rounds.sum())
        counts.player_strengths += np.bincount(
            hands.player_strength[keep], minlength=counts.player_strengths.shape[0]
        )
        counts.dealer_strengths += np.bincount(
            hands.dealer_strength[starts][kept_rounds], minlength=counts.dealer_strengths.shape[0]
        )
        first_seat = kept_rounds & ~showdown.blind[starts]
        counts.first_cells += np.bincount(showdown.cell[starts][first_seat], minlength=6)
        self.tally.tally_positions(
            *(hands.player_idx, batch.indices("dealer"), hands.dealer_strength, keep),
            *(kept_rounds, starts, rounds.round_of_row, int(category_thresholds()[1])),
        )
        sizes = np.bincount(np.bincount(rounds.round_of_row[keep]))
        counts.seats_per_round.update({k: int(n) for k, n in enumerate(sizes) if k and n})
        values = self._bet_values(batch, keep, showdown.blind)
        self.tally.add_bets(self.reference_bets, values, rounds.round_of_row, rounds.n_rounds)

    def _bet_values(
        self, batch: LogBatch, keep: npt.NDArray[np.bool_], blind: npt.NDArray[np.bool_]
    ) -> BetValues:
        """Each bet's hands and results, per unit of its base wager."""
        ante_net, play_net = batch.wager("ante_net"), batch.wager("play_net")
        sb_net = batch.wager("super_bonus_net")
        game = batch.per_unit(ante_net + play_net + sb_net, "ante")
        values: BetValues = {
            "ante_super_bonus_play": (keep & ~blind, game),
            "ante_play": (keep & ~blind, batch.per_unit(ante_net + play_net, "ante")),
        }
        if self.rules.super_bonus is not None:
            values["super_bonus"] = (keep & ~blind, batch.per_unit(sb_net, "super_bonus"))
        if self.queens_table is not None and "queens_up" in batch.names:
            name = self.rules.side_bets[self.queens_table].name
            qu_net = batch.wager("queens_up_net")
            values[name] = (
                keep & (batch.wager("queens_up") > 0),
                batch.per_unit(qu_net, "queens_up"),
            )
        if self.rules.blind_second_hand:
            values["blind_second_hand"] = (keep & blind, game)
        return values

    def statistics(self, summary: Summary | None) -> StatFamily:
        """The statistical tests (unadjusted) and notes, of the log read or of ``summary``."""
        family = StatFamily()
        self._hand_tests(family, summary)
        if summary is None:
            family.card_frequencies(self.tally)
        seats = 1 if summary is None else int(summary.get("seats", 1))
        samples = bet_samples(
            self.tally.bets, self.reference_bets, summary, family.notes, f" under {self.rules.name}"
        )
        if seats > 1:
            family.notes.append(
                "bet z-scores from a summary treat hands as independent; seats sharing a dealer "
                "hand make them slightly optimistic"
            )
        for sample in samples:
            if sample.hands == 0:
                continue
            test, se = sample.mean_test()
            family.tests.append(test)
            family.notes.extend(self.resolution_notes(sample.name, sample.hands, se))
        return family

    def _hand_tests(self, family: StatFamily, summary: Summary | None) -> None:
        """Player and dealer categories, first-seat outcome cells, the qualification rate."""
        reference, counts = self.reference, self.counts
        labels = [category.label for category in HandCategory]
        categories = category_of_strength()
        if summary is None:
            player = _weighted_counts(categories, counts.player_strengths)
            dealer = _weighted_counts(categories, counts.dealer_strengths)
            qualified = int(counts.dealer_strengths[self.rules.dealer.qualifier_strength :].sum())
            rounds = counts.stat_rounds
            cells = counts.first_cells.astype(np.float64)
        else:
            player = summary_counts(summary, "player_categories", labels)
            dealer = summary_counts(summary, "dealer_categories", labels)
            qualified = int(summary["dealer_qualified"])
            rounds = int(summary["rounds"])
            cells = summary_counts(summary, "outcomes", list(OUTCOME_CELLS))
        probabilities = reference.category_probabilities()
        for name, observed in (("player", player), ("dealer", dealer)):
            family.chi_square(
                f"{name} hand categories",
                observed,
                probabilities,
                detail=f"most off: {labels[most_off(observed, probabilities)]}",
            )
        if cells.sum() > 0:
            if summary is not None and int(summary.get("seats", 1)) > 1:
                family.notes.append(
                    "outcome cells: several seats share each dealer hand, so the summary's pooled "
                    "outcome counts are not independent; not tested (a per-round log is)"
                )
            else:
                family.chi_square(
                    "outcome cells (first seat)", cells, reference.cell_probabilities()
                )
        if rounds > 0:
            p_q = reference.qualification_probability()
            z = (qualified - rounds * p_q) / math.sqrt(rounds * p_q * (1 - p_q))
            detail = f"observed {qualified / rounds:.5f}, exact {p_q:.5f} (z)"
            family.tests.append(StatTest.z_score("dealer qualification rate", z, detail))

    def resolution_notes(self, bet: str, hands: int, se: float) -> list[str]:
        """Award lines of ``bet`` too rare for a sample of ``hands`` (standard error ``se``).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> run = CrazyFourValidator().start(Options(load_rules("crazy4-standard")), {})
        >>> notes = run.resolution_notes("super_bonus", 10_000, 0.02)
        >>> notes[-1].split(";")
        ['super_bonus: sample too small to resolve the four aces award (200 to 1', \
' expected 0.2 in this sample)']
        """
        tables: list[PayTable] = []
        super_bonus = self.rules.super_bonus
        if bet in (*GAME_BETS, "blind_second_hand") and bet != "ante_play" and super_bonus:
            tables.append(super_bonus.table)
        tables += [side.table for side in self.rules.side_bets if side.name == bet]
        probabilities = self.reference.strength_probabilities()
        return rare_award_notes(bet, tables, probabilities, hands, se)
