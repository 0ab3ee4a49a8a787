"""The validator's role of a best-four game (:class:`crazy4.validate.game.ValidatedGame`).

Written for the best-four-of-five games (Crazy 4 Poker's, Four Card Poker's validator being
the specification one now: :mod:`crazy4.generic.validate`); the game
supplies a :class:`BestFourChecks`: its columns, its reference and settlement, its wagers and
bets, the statistics only it has, and its readings (:mod:`crazy4.generic.bestfour_variants`).
Each batch of whole rounds is checked in steps: the wagers (decisions, the Play against the
decision and the rules' multiples, side bets the rules do not offer), the cards (valid, the
raise minimum where the game has one, the up card in the dealer's hand where it deals one,
one dealer hand a round, no card twice), the settlement of every wager (the differing rows to
the rule inference), the decisions against the expected strategy of each class, and the counts
of the statistics (hand categories, cards by position, the sequence of rounds, every bet's
results), tested against the exact analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.bets import ExactBet
from crazy4.core.cards import format_cards
from crazy4.core.ranking import HandCategory, category_of_strength, category_thresholds
from crazy4.errors import InputError
from crazy4.generic.bestfour_variants import (
    BestFourReadings,
    BestFourVariants,
    CheckedGame,
    Settled,
    infer_rows,
    play_multiple,
)
from crazy4.log.roundlog import BLIND, DECISION_NAMES
from crazy4.validate.checks import (
    compare_decisions,
    mismatches,
    settlement_check,
    strategy_check,
    well_formed_check,
)
from crazy4.validate.hands import strategy_groups
from crazy4.validate.infer import Inference, ShownCards, inference_check
from crazy4.validate.kernels import unlike_first_of_round
from crazy4.validate.raise_minimum import infer_raise_minimum
from crazy4.validate.report import Check, Options
from crazy4.validate.rounds import (
    Flagger,
    Rounds,
    flag_repeated_cards,
    kept_for_statistics,
    split_rounds,
)
from crazy4.validate.rows import LogBatch
from crazy4.validate.statistics import StatFamily, Summary, bet_samples, most_off, summary_counts
from crazy4.validate.tally import TOLERANCE, BetValues, ExactBetsCache, Tally

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class BestFourChecks:
    """What a best-four game supplies to :class:`BestFourValidator` beside the game itself
    (:class:`crazy4.generic.bestfour_variants.CheckedGame`: its rule set, its exact reference,
    a :class:`crazy4.generic.strategy_classes.ClassStrategies` with ``exact_bets``,
    ``strength_of_hand`` and ``category_probabilities``, its settlement and side bet; module
    docstring).

    Attributes
    ----------
    readings : BestFourReadings
        The rule inference's part (its ``settlement`` settles the rows too).
    required, needs : callable, str
        ``required(rules)``: the columns a log must have; the words before them in the error.
    hands, numbers : tuple
        The card columns (name, cards, the finding when they do not parse); the numeric ones.
    derive : callable
        ``derive(reference, batch)``: sets ``player_strength``, ``dealer_strength`` and the
        strategy's class ``situation`` (-1: none) of every row in ``batch.derived``.
    side_wagers : tuple
        The side wagers (column, name) a log may have, with a ``<column>_net``.
    offered : callable
        ``offered(rules, side_table)``: the side wagers the rules offer.
    matched : callable
        ``matched(rules)``: the wagers that must equal the Ante.
    net_columns : tuple
        The net columns flagged when missing.
    settle : callable
        ``settle(run, batch, good)``: the batch's rows settled again (:class:`Settled`).
    bet_values : callable
        ``bet_values(run, batch, keep, blind)``: each bet's hands and results per unit.
    blind : callable or None
        ``blind(rules)``: whether the rules deal blind second hands (None: the game never does).
    raise_minimum : bool
        Raises below the minimum flagged, deviations grouped, the minimum's variant searched.
    summary_keys : tuple
        The keys of a JSON summary.
    category_titles : tuple
        The titles of the player's and the dealer's category tests.
    hand_tests : callable
        ``hand_tests(run, family, summary)``: the game's tests besides the categories.
    bet_notes : callable
        ``bet_notes(run, bet, hands, se)``: notes on a bet's test.
    strategy_by, left_out : str
        The words after the strategy check's count; what the well-formed check says of bad rows.
    """

    readings: BestFourReadings[Any, Any]
    required: Callable[[Any], tuple[str, ...]]
    needs: str
    hands: tuple[tuple[str, int, str], ...]
    numbers: tuple[str, ...]
    derive: Callable[[Any, LogBatch], None]
    side_wagers: tuple[tuple[str, str], ...]
    offered: Callable[[Any, int | None], frozenset[str]]
    matched: Callable[[Any], tuple[str, ...]]
    net_columns: tuple[str, ...]
    settle: Callable[[BestFourRun, LogBatch, BoolArray], Settled]
    bet_values: Callable[[BestFourRun, LogBatch, BoolArray, BoolArray], BetValues]
    blind: Callable[[Any], bool] | None
    raise_minimum: bool
    summary_keys: tuple[str, ...]
    category_titles: tuple[str, str]
    hand_tests: Callable[[BestFourRun, StatFamily, Summary | None], None]
    bet_notes: Callable[[BestFourRun, str, int, float], list[str]]
    strategy_by: str
    left_out: str


#: The exact bets of each (reference, strategy) validated, computed once.
_EXACT_BETS: ExactBetsCache[ExactBet] = ExactBetsCache()


class BestFourValidator:
    """The validator's role of a best-four game (:class:`crazy4.validate.game.ValidatedGame`).

    Examples
    --------
    >>> from crazy4.registry import game_named, load_rules
    >>> crazy_four = game_named("crazy-4-poker")
    >>> validator = BestFourValidator(crazy_four, crazy_four.checks())
    >>> run = validator.start(Options(load_rules("crazy4-standard")), {})
    >>> run.side_table, "ante_play" in run.reference_bets
    (0, True)
    """

    def __init__(self, spec: CheckedGame, game: BestFourChecks) -> None:
        self.spec, self.game = spec, game
        self.summary_keys = game.summary_keys

    def start(self, options: Options, metadata: Mapping[str, object]) -> BestFourRun:
        """The reference, settlement and expected strategy of a validation; the side bet's
        table is the one asked for (``options.side_bet``), else the one the log's metadata
        names, else the first."""
        game, spec = self.game, self.spec
        rules = spec.rules_of(options.rules)
        reference = spec.reference_of(rules)
        decision = reference.strategy(options.strategy)
        logged = metadata.get(spec.side_bet_key)
        wanted = options.side_bet or (logged if isinstance(logged, str) else None)
        prefix = spec.side_bet_key.replace("_", "-") + "-"
        variants: BestFourVariants[Any, Any] = BestFourVariants(rules, spec, game.readings)
        return BestFourRun(
            spec=spec,
            game=game,
            options=options,
            rules=rules,
            reference=reference,
            settlement=variants.settle_of,
            expected_decision=decision,
            side_table=rules.side_bet_index(wanted, spec.side_bet_label, prefix),
            reference_bets=_EXACT_BETS.get(reference, decision, reference.exact_bets),
            variants=variants,
        )


def _strength_counts() -> IntArray:
    return np.zeros(category_of_strength().shape[0], dtype=np.int64)


@dataclass
class BestFourRun:
    """One validation of a best-four game's log or summary.

    The :class:`crazy4.validate.game.ValidationRun` of :class:`BestFourValidator`.
    """

    spec: CheckedGame
    game: BestFourChecks
    options: Options
    rules: Any
    reference: Any
    settlement: Any
    expected_decision: IntArray
    side_table: int | None
    reference_bets: dict[str, ExactBet]
    variants: BestFourVariants[Any, Any]
    tally: Tally = field(default_factory=Tally)
    inference: Inference = field(default_factory=Inference)
    strategy_inference: Inference = field(default_factory=Inference)
    player_strengths: IntArray = field(default_factory=_strength_counts)
    dealer_strengths: IntArray = field(default_factory=_strength_counts)
    first_cells: IntArray = field(default_factory=lambda: np.zeros(6, np.int64))
    stat_rounds: int = 0

    def check_columns(self, names: Sequence[str]) -> None:
        """Raise :class:`InputError` naming the first missing column."""
        required = self.game.required(self.rules)
        missing = [name for name in required if name not in names]
        for wager, _ in self.game.side_wagers:
            if (wager in names) != (f"{wager}_net" in names):
                missing.append(f"{wager}_net" if wager in names else wager)
        if missing:
            raise InputError(
                f"the log has no column {missing[0]!r} ({self.game.needs} "
                f"{', '.join(required)}; see docs/simulator.md)"
            )

    def read_batch(self, table: pa.Table, first_row: int) -> LogBatch:
        """Parse one batch of rows (whole rounds) with the hands' strengths and classes, and
        check its hands and rounds (:class:`~crazy4.validate.rounds.EarlyChecks`): on the batch
        reader's thread, so the accumulators are not touched. (The wager checks are left to
        :meth:`process`: so the two threads have about the same work.)"""
        game, examples = self.game, self.options.examples
        batch = LogBatch.read(table, first_row, game.hands, game.numbers, examples=examples)
        self.game.derive(self.reference, batch)
        batch.early.rounds = self._read_hands(batch, batch.early)
        return batch

    def process(self, batch: LogBatch) -> None:
        """Check one parsed batch of rows (whole rounds) and add it to the accumulators."""
        rows = batch.rows(self.tally.malformed, self.options.examples)
        rows.flag_unparsed(batch.unparsed)
        self._flag_wagers(batch, rows)
        rows.replay(batch.early)
        rounds = batch.early.found_rounds()
        self.tally.bad_rows += int(rows.bad.sum())
        good = ~rows.bad
        settled = self.game.settle(self, batch, good)
        if mismatches(self.tally, good, settled.components, self.settlement.unit):
            shown = ShownCards(
                batch.cards["player"], batch.cards["dealer"], batch.decision, batch.first_row
            )
            qualifier = (
                self.rules.dealer.qualifier_strength if self.game.readings.qualifies else None
            )
            infer_rows(
                *(self.inference, self.variants, settled.dealt, settled.components, good),
                *(shown, self.options.examples, qualifier),
            )
        blind = batch.decision == BLIND
        self._compare(batch, good & ~blind)
        self._count(batch, rounds, settled.cell, blind, rows.bad)
        self.tally.rows += batch.n
        self.tally.rounds += rounds.n_rounds

    def _compare(self, batch: LogBatch, compared: BoolArray) -> None:
        """Compare the decisions of the ``compared`` rows with the expected strategy."""
        situation = batch.derived["situation"]
        compared &= situation >= 0
        classes = np.where(compared, situation, 0)
        taken = np.clip(batch.decision, 0, 3)
        strength = batch.derived["player_strength"]
        deviations_before = self.tally.deviations

        def describe(row: int) -> dict[str, object]:
            return {"player": format_cards(batch.cards["player"][row][::-1].tolist())}

        groups = strategy_groups() if self.game.raise_minimum else None
        compare_decisions(
            *(self.tally, compared, classes, self.expected_decision, taken),
            *(self.reference.prices.ev, self.reference.ev_lost, batch.first_row),
            self.options.examples,
            describe,
            None if groups is None else (groups[0][strength], groups[1]),
        )
        if self.game.raise_minimum and self.tally.deviations > deviations_before:
            infer_raise_minimum(
                *(self.strategy_inference, self.rules, self.reference.prices.ev, classes),
                *(strength, self.expected_decision[classes], taken, compared),
            )

    def row_checks(self) -> list[Check]:
        """The well-formed, settlement, strategy and rule-inference checks."""
        self.tally.settlement_findings = self.inference.findings(self.options.examples)
        inferences = {"settlement": self.inference}
        if self.game.raise_minimum:
            inferences["strategy"] = self.strategy_inference
        by = self.game.strategy_by
        return [
            well_formed_check(self.tally, self.game.left_out),
            settlement_check(self.tally, self.rules.name),
            strategy_check(self.tally, self.options.strategy, by),
            inference_check(self.rules.name, inferences, self.tally.settled_rows),
        ]

    def _flag_wagers(self, batch: LogBatch, rows: Flagger) -> None:
        """Flag unknown decisions and wagers the rules or decision forbid."""
        game, rules, decision, number = self.game, self.rules, batch.decision, batch.number
        ante = batch.wager("ante")
        last = BLIND if game.blind is not None else 3
        rows.flag(
            (decision < 0) | (decision > last),
            "decision not one of " + "/".join(DECISION_NAMES[: last + 1]),
        )
        blind_allowed = game.blind is None or game.blind(rules)
        if not blind_allowed:
            rows.flag(decision == BLIND, f"blind hand, but {rules.name} has no blind second hand")
        rows.flag(~(ante > 0), "ante missing or not positive")
        for wager in game.matched(rules):
            rows.flag(
                ~np.isclose(batch.wager(wager), ante, rtol=TOLERANCE, atol=0),
                f"{wager} differs from the ante",
            )
        for wager, _ in game.side_wagers:
            if wager in number:
                rows.flag(~(number[wager] >= 0), f"{wager} negative or missing")
                rows.flag(
                    (batch.wager(wager) == 0) & (batch.wager(f"{wager}_net") != 0),
                    f"{wager}_net without a {wager} wager",
                )
        offered = game.offered(rules, self.side_table)
        for wager, name in game.side_wagers:
            if wager not in offered:
                rows.flag(
                    batch.wager(wager) > 0, f"{name} wagered, but {rules.name} has no {name} bet"
                )
        blind_play = ", blind: 3 x ante" if game.blind is not None else ""
        rows.flag(
            (decision >= 0)
            & ~np.isclose(
                batch.wager("play"), play_multiple(decision) * ante, rtol=TOLERANCE, atol=TOLERANCE
            ),
            f"play wager does not match the decision (fold: 0, mx: m x ante{blind_play})",
        )
        allowed = np.zeros(5, dtype=bool)
        allowed[[0, *rules.play.multiples]] = True
        allowed[BLIND] = blind_allowed
        named = ", ".join(str(m) for m in rules.play.multiples)
        rows.flag(
            (decision >= 0) & ~allowed[np.clip(decision, 0, 4)],
            f"Play multiple not allowed by {rules.name} (multiples {named})",
        )
        for column in game.net_columns:
            if column in number:
                rows.flag(np.isnan(number[column]), f"{column} missing")

    def _read_hands(self, batch: LogBatch, rows: Flagger) -> Rounds:
        """The rounds; flag raises below the minimum, a dealer hand that changes within a round
        and cards dealt twice."""
        cards_ok = batch.cards_ok
        player_idx, dealer_idx = batch.indices("player"), batch.indices("dealer")
        if self.game.raise_minimum:
            play = self.rules.play
            raises = (batch.decision >= 2) & (batch.decision <= 3)
            rows.flag(
                cards_ok
                & raises
                & (batch.derived["player_strength"] < play.raise_minimum_strength),
                f"Play above 1x below {play.raise_minimum} (the raise minimum)",
            )
        rounds = split_rounds(
            batch.table, batch.first_row - 1, rows, batch.number, self.options.table_seats
        )
        changed = unlike_first_of_round(batch.cards["dealer"], rounds.round_of_row, rounds.starts)
        rows.flag(cards_ok & changed, "dealer cards differ between rows of one round")
        what = "a card dealt twice in one round (seats and dealer)"
        flag_repeated_cards(rows, player_idx, dealer_idx, cards_ok, rounds, what)
        return rounds

    def _count(
        self, batch: LogBatch, rounds: Rounds, cell: IntArray, blind: BoolArray, bad: BoolArray
    ) -> None:
        """Count strengths, first-seat outcome cells, cards and bets over the rounds kept."""
        keep, kept_rounds = kept_for_statistics(bad, rounds)
        starts = rounds.starts
        player_strength = batch.derived["player_strength"]
        dealer_strength = batch.derived["dealer_strength"]
        self.stat_rounds += int(kept_rounds.sum())
        size = self.player_strengths.shape[0]
        self.player_strengths += np.bincount(player_strength[keep], minlength=size)
        self.dealer_strengths += np.bincount(dealer_strength[starts][kept_rounds], minlength=size)
        if self.game.readings.qualifies:  # the outcome cells of the first seats
            first_seat = kept_rounds & ~blind[starts]
            self.first_cells += np.bincount(cell[starts][first_seat], minlength=6)
        marked, pair = dealer_strength, int(category_thresholds()[1])
        self.tally.tally_positions(
            *(batch.indices("player"), batch.indices("dealer"), marked, keep),
            *(kept_rounds, starts, rounds.round_of_row, pair),
        )
        values = self.game.bet_values(self, batch, keep, blind)
        self.tally.add_bets(self.reference_bets, values, rounds.round_of_row, rounds.n_rounds)

    def categories(self, summary: Summary | None) -> tuple[npt.NDArray[np.float64], ...]:
        """The player's and the dealer's hands counted by category: of the log, or of
        ``summary``."""
        labels = [category.label for category in HandCategory]
        if summary is not None:
            player = summary_counts(summary, "player_categories", labels)
            return player, summary_counts(summary, "dealer_categories", labels)
        categories = category_of_strength()
        return tuple(
            np.asarray(np.bincount(categories, weights=counts, minlength=8), dtype=np.float64)
            for counts in (self.player_strengths, self.dealer_strengths)
        )

    def statistics(self, summary: Summary | None) -> StatFamily:
        """The statistical tests (unadjusted) and notes, of the log read or of ``summary``."""
        game, reference = self.game, self.reference
        labels = [category.label for category in HandCategory]
        family = StatFamily()
        player, dealer = self.categories(summary)
        probabilities = (
            reference.category_probabilities(),
            reference.dealer_category_probabilities(),
        )
        for title, observed, p in zip(
            game.category_titles, (player, dealer), probabilities, strict=True
        ):
            family.chi_square(
                title, observed, p, detail=f"most off: {labels[most_off(observed, p)]}"
            )
        game.hand_tests(self, family, summary)
        if summary is None:
            family.card_frequencies(self.tally)
        under = f" under {self.rules.name}"
        samples = bet_samples(self.tally.bets, self.reference_bets, summary, family.notes, under)
        seats = 1 if summary is None else int(summary.get("seats", 1))
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
            family.notes.extend(game.bet_notes(self, sample.name, sample.hands, se))
        return family
