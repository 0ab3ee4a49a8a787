"""The Four Card Poker checks of ``crazy4 validate``: :class:`FourCardValidator`.

The log has the Crazy 4 Poker columns with a six-card ``dealer`` hand, its ``up_card``, and
the Four Card Poker wagers (schema in ``docs/simulator.md``). Rows are settled again by
:mod:`crazy4.games.four_card.settle`, decisions are compared with the strategy of each situation
class (hand, up card), and the statistics test the player's best-four-of-five and the
dealer's best-four-of-six categories and every bet's mean against the exact analysis.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.bets import ExactBet
from crazy4.core.cards import format_cards
from crazy4.core.ranking import HandCategory, category_of_strength
from crazy4.errors import InputError
from crazy4.games.four_card.reference import (
    FourCardReference,
    load_fourcard_reference,
    situation_of,
)
from crazy4.games.four_card.rules import FourCardRuleSet, four_card_rules
from crazy4.games.four_card.settle import FourCardSettlement, showdown_results
from crazy4.games.four_card.variants import FourCardVariants, infer_four_card
from crazy4.validate.checks import (
    Component,
    compare_decisions,
    mismatches,
    settlement_check,
    strategy_check,
    well_formed_check,
)
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
    Summary,
    bet_samples,
    most_off,
    summary_counts,
)
from crazy4.validate.tally import TOLERANCE, BetValues, ExactBetsCache, Tally

#: The columns every Four Card Poker log has.
REQUIRED = ("player", "dealer", "up_card", "decision", "ante", "play", "ante_net", "play_net")
#: The numeric columns of a log.
NUMBERS = (
    "ante",
    "play",
    "aces_up",
    "bad_beat",
    "ante_net",
    "ante_bonus_net",
    "play_net",
    "aces_up_net",
    "bad_beat_net",
)


#: The card columns: cards, and the finding when they do not parse.
_HANDS = (
    ("player", 5, "player not five valid card(s)"),
    ("dealer", 6, "dealer not six valid card(s)"),
    ("up_card", 1, "up_card not one valid card(s)"),
)


def _multiple(decision: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The Play multiple of each decision (0: fold)."""
    return np.clip(decision, 0, 3)


#: The exact bets of each (reference, strategy) validated, computed once.
_EXACT_BETS: ExactBetsCache[ExactBet] = ExactBetsCache()


class FourCardValidator:
    """The validator's role of Four Card Poker (:class:`crazy4.validate.game.ValidatedGame`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> run = FourCardValidator().start(Options(load_rules("four-card-standard")), {})
    >>> run.aces_up_table, "ante_play" in run.reference_bets
    (0, True)
    """

    summary_keys = SUMMARY_KEYS

    def start(self, options: Options, metadata: Mapping[str, object]) -> FourCardRun:
        """The reference, settlement and expected strategy of a validation; the Aces Up table
        is the one asked for (``options.side_bet``), else the one the log's metadata names,
        else the first."""
        rules = four_card_rules(options.rules)
        reference = load_fourcard_reference(rules)
        decision = reference.strategy(options.strategy)
        logged = metadata.get("aces_up")
        wanted = options.side_bet or (logged if isinstance(logged, str) else None)
        return FourCardRun(
            options=options,
            rules=rules,
            reference=reference,
            settlement=FourCardSettlement.of(rules),
            expected_decision=decision,
            aces_up_table=rules.side_bet_index(wanted, "Aces Up", "aces-up-"),
            reference_bets=_EXACT_BETS.get(reference, decision, reference.exact_bets),
            variants=FourCardVariants(rules),
        )


@dataclass(frozen=True)
class _Hands:
    """The cards of one batch, read: their indices, the up card, the rounds."""

    player_idx: npt.NDArray[np.intp]
    dealer_idx: npt.NDArray[np.intp]
    up_idx: npt.NDArray[np.intp]
    rounds: Rounds
    repeated: npt.NDArray[np.intp]  # cards dealt twice, as round * 52 + card


@dataclass(frozen=True)
class _Showdown:
    """The Play multiple, strengths and showdown of each row and the exact nets of each
    component."""

    multiple: npt.NDArray[np.int64]
    player_strength: npt.NDArray[np.int64]
    dealer_category: npt.NDArray[np.int64]
    result: npt.NDArray[np.int64]
    nets: dict[str, npt.NDArray[np.int64]]


def _category_counts() -> npt.NDArray[np.int64]:
    return np.zeros(len(HandCategory), dtype=np.int64)


@dataclass
class FourCardRun:
    """One validation of a Four Card Poker log or summary.

    The :class:`crazy4.validate.game.ValidationRun` of :class:`FourCardValidator`.
    """

    options: Options
    rules: FourCardRuleSet
    reference: FourCardReference
    settlement: FourCardSettlement
    expected_decision: npt.NDArray[np.int64]
    aces_up_table: int | None
    reference_bets: dict[str, ExactBet]
    variants: FourCardVariants
    tally: Tally = field(default_factory=Tally)
    inference: Inference = field(default_factory=Inference)
    player_categories: npt.NDArray[np.int64] = field(default_factory=_category_counts)
    dealer_categories: npt.NDArray[np.int64] = field(default_factory=_category_counts)

    def check_columns(self, names: Sequence[str]) -> None:
        """Raise :class:`InputError` naming the first missing required column."""
        missing = [name for name in REQUIRED if name not in names]
        for wager in ("aces_up", "bad_beat"):
            if (wager in names) != (f"{wager}_net" in names):
                missing.append(f"{wager}_net" if wager in names else wager)
        if missing:
            raise InputError(
                f"the log has no column {missing[0]!r} (a Four Card Poker log needs "
                f"{', '.join(REQUIRED)}; see docs/simulator.md)"
            )

    def read_batch(self, table: pa.Table, first_row: int) -> LogBatch:
        """Parse one batch of rows (whole rounds), with the hands' indices (on the batch
        reader's thread: the accumulators are not touched)."""
        batch = LogBatch.read(table, first_row, _HANDS, NUMBERS)
        batch.derive_strengths("player", self.reference.strength_of_hand)
        up_card = batch.indices("up_card")[:, 0]
        situation = situation_of(batch.derived["player_colex"], up_card)
        batch.derived["situation"] = situation.astype(np.int64)
        batch.derive_strengths("dealer", self.reference.dealer_strength_of_hand)
        return batch

    def process(self, batch: LogBatch) -> None:
        """Check one parsed batch of rows (whole rounds) and add it to the accumulators."""
        rows = batch.rows(self.tally.malformed, self.options.examples)
        self._flag_wagers(batch, rows)
        hands = self._read_hands(batch, rows)
        self.tally.bad_rows += int(rows.bad.sum())
        good = ~rows.bad
        showdown = self._resettle(batch, hands, good)
        situation = batch.derived["situation"]
        valid = good & (situation >= 0)
        compare_decisions(
            self.tally,
            valid,
            np.where(valid, situation, 0),
            self.expected_decision,
            showdown.multiple,
            self.reference.prices.ev,
            self.reference.ev_lost,
            batch.first_row,
            self.options.examples,
            lambda row: {
                "player": format_cards(batch.cards["player"][row][::-1].tolist()),
                "up_card": format_cards([int(hands.up_idx[row])]),
            },
        )
        self._count(batch, hands, showdown, rows.bad)
        self.tally.rows += batch.n
        self.tally.rounds += hands.rounds.n_rounds

    def row_checks(self) -> list[Check]:
        """The well-formed, settlement, strategy and rule-inference checks."""
        self.tally.settlement_findings = self.inference.findings(self.options.examples)
        return [
            well_formed_check(self.tally, "left out of the other checks"),
            settlement_check(self.tally, self.rules.name),
            strategy_check(
                self.tally, self.options.strategy, " by hand and up card", per_deviation=False
            ),
            inference_check(
                self.rules.name, {"settlement": self.inference}, self.tally.settled_rows
            ),
        ]

    def _flag_wagers(self, batch: LogBatch, rows: BatchRows) -> None:
        """Flag unparsed cards, unknown decisions and wagers the rules or decision forbid."""
        rules, decision, number = self.rules, batch.decision, batch.number
        ante, multiple = batch.wager("ante"), _multiple(batch.decision)
        rows.flag_unparsed(batch.unparsed)
        rows.flag((decision < 0) | (decision > 3), "decision not one of fold/1x/2x/3x")
        rows.flag(~(ante > 0), "ante missing or not positive")
        for side in ("aces_up", "bad_beat"):
            if side in number:
                rows.flag(~(number[side] >= 0), f"{side} negative or missing")
        if self.aces_up_table is None:
            rows.flag(
                batch.wager("aces_up") > 0,
                f"Aces Up wagered, but {rules.name} has no Aces Up bet",
            )
        if rules.four_card.bad_beat is None:
            rows.flag(
                batch.wager("bad_beat") > 0,
                f"Bad Beat wagered, but {rules.name} has no Bad Beat bet",
            )
        rows.flag(
            (decision >= 0)
            & ~np.isclose(batch.wager("play"), multiple * ante, rtol=TOLERANCE, atol=TOLERANCE),
            "play wager does not match the decision (fold: 0, mx: m x ante)",
        )
        allowed = np.zeros(4, dtype=bool)
        allowed[[0, *rules.play.multiples]] = True
        rows.flag(
            (decision >= 0) & (decision <= 3) & ~allowed[multiple],
            f"Play multiple not allowed by {rules.name}",
        )
        for column in ("ante_net", "ante_bonus_net", "play_net", "aces_up_net", "bad_beat_net"):
            if column in number:
                rows.flag(np.isnan(number[column]), f"{column} missing")

    def _read_hands(self, batch: LogBatch, rows: BatchRows) -> _Hands:
        """The cards and rounds; flag an up card not in the dealer's hand, a dealer hand or up
        card that changes within a round and cards dealt twice."""
        cards_ok = batch.cards_ok
        player_idx, dealer_idx = batch.indices("player"), batch.indices("dealer")
        up_idx = batch.indices("up_card")[:, 0]
        rows.flag(
            cards_ok & ~(dealer_idx == up_idx[:, None]).any(axis=1),
            "up card not in the dealer's hand",
        )
        rounds = split_rounds(
            batch.table, self.tally.rows, rows, batch.number, self.options.table_seats
        )
        changed = unlike_first_of_round(batch.cards["dealer"], rounds.round_of_row, rounds.starts)
        changed |= unlike_first_of_round(
            batch.indices("up_card"), rounds.round_of_row, rounds.starts
        )
        rows.flag(cards_ok & changed, "dealer cards or up card differ between rows of one round")
        repeated = flag_repeated_cards(
            rows,
            player_idx,
            dealer_idx,
            cards_ok,
            rounds,
            "a card dealt twice in one round (seats, dealer and up card)",
        )
        return _Hands(player_idx, dealer_idx, up_idx, rounds, repeated)

    def _resettle(self, batch: LogBatch, hands: _Hands, good: npt.NDArray[np.bool_]) -> _Showdown:
        """Settle every component of the good rows again; count those that differ, by rule."""
        number = batch.number
        strength = batch.derived["player_strength"]
        dealer_strength = batch.derived["dealer_strength"]
        dealer_category = category_of_strength()[dealer_strength].astype(np.int64)
        result = showdown_results(strength, dealer_strength)
        multiple = _multiple(batch.decision)
        aces_up = self.aces_up_table or 0
        nets = self.settlement.nets(strength, multiple, dealer_category, result, aces_up=aces_up)
        showdown = _Showdown(multiple, strength, dealer_category, result, nets)
        bonus_column = "ante_bonus_net" in number
        ante_expected = nets["ante"] + (0 if bonus_column else nets["ante_bonus"])
        ante = batch.wager("ante")
        components = [
            Component("ante", ante, ante_expected, number["ante_net"]),
            Component("play", ante, nets["play"], number["play_net"]),
        ]
        if bonus_column:
            bonus = nets["ante_bonus"]
            components.append(Component("ante_bonus", ante, bonus, number["ante_bonus_net"]))
        if self.aces_up_table is not None and "aces_up" in number:
            aces, aces_net = batch.wager("aces_up"), batch.wager("aces_up_net")
            components.append(Component("aces_up", aces, nets["aces_up"], aces_net, side=True))
        if "bad_beat" in number and self.rules.four_card.bad_beat is not None:
            beat, beat_net = batch.wager("bad_beat"), batch.wager("bad_beat_net")
            components.append(Component("bad_beat", beat, nets["bad_beat"], beat_net, side=True))
        if mismatches(self.tally, good, components, self.settlement.unit):
            cards = (batch.cards["player"], batch.cards["dealer"])
            infer_four_card(
                *(self.inference, self.variants, components, good),
                (strength, multiple, dealer_strength, result),
                ShownCards(*cards, batch.decision, batch.first_row),
                *(self.options.examples, aces_up),
            )
        return showdown

    def _count(
        self,
        batch: LogBatch,
        hands: _Hands,
        showdown: _Showdown,
        bad: npt.NDArray[np.bool_],
    ) -> None:
        """Count categories, cards and bets over the rounds whose rows are all good."""
        rounds, number = hands.rounds, batch.number
        keep, kept_rounds = kept_for_statistics(bad, rounds)
        categories = category_of_strength()
        self.player_categories += np.bincount(
            categories[showdown.player_strength[keep]], minlength=len(HandCategory)
        )
        self.dealer_categories += np.bincount(
            showdown.dealer_category[rounds.starts][kept_rounds], minlength=len(HandCategory)
        )
        self.tally.tally_positions(
            *(hands.player_idx, hands.dealer_idx, showdown.dealer_category, keep),
            *(kept_rounds, rounds.starts, rounds.round_of_row, int(HandCategory.PAIR)),
        )
        ante = batch.wager("ante")
        per_ante = np.where(ante > 0, ante, 1)
        game = (
            batch.wager("ante_net") + batch.wager("ante_bonus_net") + batch.wager("play_net")
        ) / per_ante
        values: BetValues = {"ante_play": (keep, game)}
        aces, beat = batch.wager("aces_up"), batch.wager("bad_beat")
        if self.aces_up_table is not None and "aces_up" in number:
            name = self.rules.side_bets[self.aces_up_table].name
            net = batch.wager("aces_up_net")
            values[name] = (keep & (aces > 0), net / np.where(aces > 0, aces, 1))
        if "bad_beat" in number and "bad_beat" in self.reference_bets:
            net = batch.wager("bad_beat_net")
            values["bad_beat"] = (keep & (beat > 0), net / np.where(beat > 0, beat, 1))
        self.tally.add_bets(self.reference_bets, values, rounds.round_of_row, rounds.n_rounds)

    def statistics(self, summary: Summary | None) -> StatFamily:
        """The statistical tests (unadjusted p-values) and notes."""
        reference = self.reference
        labels = [category.label for category in HandCategory]
        family = StatFamily()
        if summary is None:
            player = self.player_categories.astype(np.float64)
            dealer = self.dealer_categories.astype(np.float64)
        else:
            player = summary_counts(summary, "player_categories", labels)
            dealer = summary_counts(summary, "dealer_categories", labels)
        for name, observed, p in (
            ("player hand categories (best 4 of 5)", player, reference.category_probabilities()),
            (
                "dealer hand categories (best 4 of 6)",
                dealer,
                reference.dealer_category_probabilities(),
            ),
        ):
            detail = f"most off: {labels[most_off(observed, p)]}"
            family.chi_square(name, observed, p, detail=detail)
        if summary is None:
            family.card_frequencies(self.tally)
        for sample in bet_samples(self.tally.bets, self.reference_bets, summary, family.notes):
            test, se = sample.mean_test(show_design=False)  # with its power statement
            family.tests.append(test)
            name = sample.name
            if name == "bad_beat" or name.startswith("aces-up-"):
                family.notes.append(
                    f"{name}: its top awards (four of a kind, straight flush) are rare; a sample "
                    f"of {sample.hands:,} hands resolves the mean only to ± {se:.4f}"
                )
        return family
