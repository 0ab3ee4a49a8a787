"""The validator of every game: a specification's :class:`SpecValidator`, whose
:meth:`SpecValidator.start` (a :data:`Validator`, :func:`validator_of`) starts a
:class:`SpecRun` per log or JSON summary."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.analyze.counts import class_of_hands
from crazy4.analyze.situations import class_rows
from crazy4.core.bets import ExactBet
from crazy4.core.cards import format_cards
from crazy4.errors import InputError
from crazy4.log.roundlog import BLIND, DECISION_NAMES, number_column
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import BLIND_BET
from crazy4.simulate.engine import analysis_of, side_bet_key
from crazy4.simulate.plays import exact_bets, strategy_of
from crazy4.spec.game import spec_of
from crazy4.spec.specification import WAGERS, DealShape, GameSpec
from crazy4.validate.checks import (
    compare_decisions,
    settlement_check,
    strategy_check,
    well_formed_check,
)
from crazy4.validate.infer import Inference, inference_check
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
from crazy4.validate.settle import SpecSettler
from crazy4.validate.spec_stats import OutcomeCounts, rare_awards, spec_statistics
from crazy4.validate.statistics import (
    StatFamily,
    Summary,
)
from crazy4.validate.tally import TOLERANCE, BetValues, Tally

IntArray = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]


def situations_by(shape: DealShape) -> str:
    """What the strategy check compares decisions by: the hand's class, with the dealer's cards
    face up its situation (the hand and those cards).

    Examples
    --------
    >>> situations_by(DealShape(5, 6, 1, 4)), situations_by(DealShape(3, 3, 0, 3))
    (' by hand and up card', ' by hand class')
    """
    if not shape.face_up:
        return " by hand class"
    return " by hand and up card" + ("s" if shape.face_up > 1 else "")


@dataclass
class SpecRun:
    """One validation of a spec game's log or summary."""

    spec: GameSpec
    options: Options
    rules: RuleSet
    side_key: str
    side_name: str | None
    exact: dict[str, ExactBet]
    decision: IntArray
    tally: Tally = field(default_factory=Tally)
    player_categories: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    dealer_categories: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    inference: Inference = field(default_factory=Inference)
    strategy_inference: Inference = field(default_factory=Inference)
    #: The rounds counted, those whose dealer qualified, the first seats' outcome cells.
    outcomes: OutcomeCounts = field(default_factory=OutcomeCounts)

    def __post_init__(self) -> None:
        size = len(self.spec.ranking.categories)
        self.player_categories = np.zeros(size, dtype=np.int64)
        self.dealer_categories = np.zeros(size, dtype=np.int64)
        self.settlement = self.spec.settlement(self.rules)
        analysis = analysis_of(self.spec, self.rules)
        self.ev = analysis.prices.ev
        self.denominator = analysis.prices.denominator
        self.class_of, _ = class_of_hands(self.spec.shape.player_cards)
        starts = self.spec.ranking.category_starts()
        self.category = (
            np.searchsorted(starts, np.arange(self.spec.ranking.n_strengths), side="right") - 1
        )
        #: The bets every seat makes beside the game's side bet, each in its own column
        #: (a Bad Beat Bonus): settled and tested when the log writes them.
        self.columns = tuple(s for s in self.spec.side_bets(self.rules) if s.column is not None)
        self.settler = SpecSettler(
            *(self.spec, self.options, self.rules, self.side_key, self.side_name),
            *(self.settlement, self.category, self.tally, self.inference, self.columns),
        )

    @property
    def required(self) -> tuple[str, ...]:
        """The columns every log of the game has: each staked wager and its net, ``up_card``
        when the dealer turns one."""
        up = ("up_card",) if self.spec.shape.face_up else ()
        staked = self.settlement.staked
        return ("player", "dealer", *up, "decision", *staked, *(f"{w}_net" for w in staked))

    @property
    def own_wagers(self) -> tuple[str, ...]:
        """The wagers the settlement logs beside the Ante, the Play and the Ante Bonus (Crazy 4
        Poker's ``super_bonus``), each settled against its own net."""
        return tuple(name for name in self.settlement.logged if name not in WAGERS)

    @property
    def matched(self) -> tuple[str, ...]:
        """The wagers staked one Ante beside the Ante itself (the Play multiple's apart)."""
        staked = self.settlement.staked
        return tuple(w for w in staked if w != "ante" and w not in self.settlement.by_multiple)

    def check_columns(self, names: Sequence[str]) -> None:
        """Raise :class:`InputError` naming the first missing column."""
        missing = [name for name in self.required if name not in names]
        if missing:
            raise InputError(
                f"the log has no column {missing[0]!r} (a {self.spec.title} log needs "
                f"{', '.join(self.required)}; see docs/simulator.md)"
            )

    def read_batch(self, table: pa.Table, first_row: int) -> LogBatch:
        """Parse one batch: the hands, the decision, the numbers and the strengths."""
        shape = self.spec.shape
        hands: tuple[tuple[str, int, str], ...] = (
            ("player", shape.player_cards, f"player not {shape.player_cards} valid card(s)"),
            ("dealer", shape.dealer_cards, f"dealer not {shape.dealer_cards} valid card(s)"),
        )
        if shape.face_up:
            hands += (("up_card", shape.face_up, f"up_card not {shape.face_up} valid card(s)"),)
        side = self.side_key
        numbers: tuple[str, ...] = ("ante", "play", "ante_net", "play_net", "ante_bonus_net")
        numbers += ("qualified",)
        numbers += tuple(f"{wager}{net}" for wager in self.own_wagers for net in ("", "_net"))
        columns = (side, *self._column_names)
        numbers += tuple(f"{column}{net}" for column in columns for net in ("", "_net"))
        batch = LogBatch.read(table, first_row, hands, numbers, examples=self.options.examples)
        batch.derive_strengths("player", self.spec.ranking.strengths(shape.player_cards))
        batch.derive_strengths("dealer", self.spec.ranking.strengths(shape.dealer_cards))
        early = batch.early  # the checks of the batch alone, made here on the reader's thread
        batch.derived["multiple"] = self._flag(batch, early)
        seats = self.options.table_seats  # the seats the log's metadata records, or a deck's
        early.rounds = split_rounds(batch.table, first_row - 1, early, batch.number, seats)
        player, dealer = batch.indices("player"), batch.indices("dealer")
        starts, round_of_row = early.rounds.starts, early.rounds.round_of_row
        changed = unlike_first_of_round(batch.cards["dealer"], round_of_row, starts)
        if shape.face_up:
            changed |= unlike_first_of_round(batch.indices("up_card"), round_of_row, starts)
        dealt = "dealer cards or up card" if shape.face_up else "dealer cards"
        early.flag(batch.cards_ok & changed, f"{dealt} differ between rows of one round")
        what = "a card dealt twice in one round"
        flag_repeated_cards(early, player, dealer, batch.cards_ok, early.rounds, what)
        if shape.face_up:
            up = batch.indices("up_card")
            shown = (dealer[:, :, None] == up[:, None, :]).any(axis=1).all(axis=1)
            early.flag(batch.cards_ok & ~shown, "up_card not one of the dealer's cards")
        looked_up = early.unflagged(batch.cards_ok)  # the situations, on this thread too
        situation = np.where(looked_up, self._situations(batch, looked_up), -1)
        batch.derived["situation"] = situation
        return batch

    def process(self, batch: LogBatch) -> None:
        """Flag, settle again, compare decisions and count one batch."""
        rows = batch.rows(self.tally.malformed, self.options.examples)
        rows.flag_unparsed(batch.unparsed)
        rows.replay(batch.early)
        multiple, rounds = batch.derived["multiple"], batch.early.found_rounds()
        self.tally.bad_rows += int(rows.bad.sum())
        good = ~rows.bad
        self.settler.resettle(batch, good, multiple)
        decided = good & (batch.decision != BLIND)  # a blind hand decides nothing
        # the reader looked up every row not flagged there: the good rows are among them
        classes = np.where(decided, batch.derived["situation"], 0)
        assert not bool((classes < 0).any()), "a compared row the reader did not look up"
        tests, strength = self.settlement.tests, batch.derived["player_strength"]
        groups = None if tests.groups is None else (tests.groups[0][strength], tests.groups[1])
        deviations = self.tally.deviations
        compare_decisions(
            *(self.tally, decided, classes, self.decision, multiple, self.ev),
            *(self._ev_lost, batch.first_row, self.options.examples),
            lambda row: self._shown(batch, row),
            groups,
        )
        if tests.raise_minimum and self.tally.deviations > deviations:
            infer_raise_minimum(
                *(self.strategy_inference, self.rules, self.ev, classes, strength),
                *(self.decision[classes], multiple, decided),
            )
        self._count(batch, rows.bad, rounds)
        self.tally.rows += batch.n
        self.tally.rounds += rounds.n_rounds

    def _shown(self, batch: LogBatch, row: int) -> dict[str, object]:
        """The cards a strategy example shows: the player's, and the dealer's face up."""
        shown: dict[str, object] = {
            "player": format_cards(batch.cards["player"][row][::-1].tolist())
        }
        if self.spec.shape.face_up:
            shown["up_card"] = format_cards(batch.cards["up_card"][row][::-1].tolist())
        return shown

    def _situations(self, batch: LogBatch, good: npt.NDArray[np.bool_]) -> IntArray:
        """The situation class of each row (its hand's, with the up card when one is dealt;
        0 on the rows not compared)."""
        if not self.spec.shape.face_up:
            return np.asarray(self.class_of[batch.derived["player_colex"]], dtype=np.int64)
        player, up = batch.indices("player"), batch.indices("up_card")
        colex = batch.derived["player_colex"]
        if good.all():  # every row: no gathers
            return class_rows(self.spec.shape, player, up, colex)
        rows = np.flatnonzero(good)
        classes = np.zeros(good.shape[0], dtype=np.int64)
        classes[rows] = class_rows(self.spec.shape, player[rows], up[rows], colex[rows])
        return classes

    def _flag(self, batch: LogBatch, rows: Flagger) -> IntArray:
        """Flag unknown decisions and wagers; the Play multiple of each row."""
        decision, ante = batch.decision, batch.wager("ante")
        blind = self.settlement.blind  # a card room's blind second hand, where the game has one
        last = BLIND if blind is not None else 3
        names = "/".join(DECISION_NAMES[: last + 1])
        rows.flag((decision < 0) | (decision > last), f"decision not one of {names}")
        if blind is not None and not blind.allowed:
            what = f"blind hand, but {self.rules.name} has no blind second hand"
            rows.flag(decision == BLIND, what)
        rows.flag(~(ante > 0), "ante missing or not positive")
        for wager in self.matched:
            rows.flag(
                ~np.isclose(batch.wager(wager), ante, rtol=TOLERANCE, atol=0),
                f"{wager} differs from the ante",
            )
        number = batch.number
        for wager in (self.side_key, *self._column_names):
            if wager in number:
                rows.flag(~(number[wager] >= 0), f"{wager} negative or missing")
        self._flag_unoffered(batch, rows)
        multiple = np.clip(decision, 0, 3)
        blinds = decision == BLIND if blind is not None else np.zeros(batch.n, dtype=bool)
        staked = np.where(blinds, 0 if blind is None else blind.stake, multiple)
        words = "" if blind is None else f", blind: {blind.stake} x ante"
        rows.flag(
            (decision >= 0) & ~np.isclose(batch.wager("play"), staked * ante),
            f"play wager does not match the decision (fold: 0, mx: m x ante{words})",
        )
        allowed = np.zeros(4, dtype=bool)
        allowed[[0, *self.rules.play.multiples]] = True
        refused = blind is not None and not blind.allowed  # a blind hand the rules lack
        not_allowed = (decision >= 0) & np.where(blinds, refused, ~allowed[multiple])
        rows.flag(not_allowed, f"Play not allowed by {self.rules.name}")
        nets = ("ante", "ante_bonus", "play", *self.own_wagers, self.side_key)
        nets += self._column_names
        for column in (f"{name}_net" for name in nets):
            if column in number:
                rows.flag(np.isnan(number[column]), f"{column} missing")
        if "qualified" in number:
            rows.flag(np.isnan(number["qualified"]), "qualified missing")
        play = self.rules.play
        if self.settlement.tests.raise_minimum:
            raises = (decision >= 2) & (decision <= 3)
            below = batch.derived["player_strength"] < play.raise_minimum_strength
            what = f"Play above 1x below {play.raise_minimum} (the raise minimum)"
            rows.flag(batch.cards_ok & raises & below, what)
        if blind is not None:  # a blind hand plays the multiple its cards put in action
            in_action = blind.multiple[batch.derived["player_strength"]]
            multiple = np.where(blinds, in_action, multiple)
        return np.asarray(multiple, dtype=np.int64)

    def _flag_unoffered(self, batch: LogBatch, rows: Flagger) -> None:
        """Flag a bet wagered that the rule set does not offer: the game's side bet with no
        table settled, a column with a net the rule set settles nothing by (a Bad Beat under
        a rule set without one; the progressive's is its extension's)."""
        rules, number = self.rules, batch.number
        label = self.spec.side_bet_label
        if self.side_name is None and self.side_key in number:
            what = f"{label} wagered, but {rules.name} has no {label} bet"
            rows.flag(batch.wager(self.side_key) > 0, what)
        names = list(batch.table.column_names)
        known = {*self.settlement.parts, self.side_key, *self._column_names}
        known |= {"progressive"} if rules.progressive is not None else set()
        for name in names:
            if f"{name}_net" in names and name not in known:
                wager = number_column(batch.table.column(name))
                what = f"{name} wagered, but {rules.name} has no {name} bet"
                rows.flag(np.nan_to_num(wager) > 0, what)

    @property
    def _column_names(self) -> tuple[str, ...]:
        """The log columns of :attr:`columns`."""
        return tuple(str(side.column) for side in self.columns)

    def _count(self, batch: LogBatch, bad: npt.NDArray[np.bool_], rounds: Rounds) -> None:
        """Count categories and bets over the rounds whose rows are all good."""
        keep, kept_rounds = kept_for_statistics(bad, rounds)
        whole = bool(kept_rounds.all())  # every row kept: no selection
        starts = rounds.starts if whole else rounds.starts[kept_rounds]
        single = whole and rounds.n_rounds == batch.n  # every row a round's first

        def first(values: IntArray) -> IntArray:  # each kept round's first row's
            return values if single else values[starts]

        strength = batch.derived["player_strength"]
        dealer_strength = batch.derived["dealer_strength"]
        size = len(self.spec.ranking.categories)
        kept = strength if whole else strength[keep]
        self.player_categories += np.bincount(self.category[kept], minlength=size)
        dealer = self.category[first(dealer_strength)]
        blind = batch.decision == BLIND
        seated, cells_of = (None if whole else keep), None  # where a blind hand is flagged
        if self.settlement.blind is not None:  # a blind hand's cells are not a first seat's
            seated, cells_of = keep & ~blind, ~blind[starts]
        self.outcomes.add(first(batch.derived["outcome_cell"]), cells_of)
        self.dealer_categories += np.bincount(dealer, minlength=size)
        names = self.spec.ranking.categories
        pair = names.index("pair") if "pair" in names else 1
        marked = dealer  # the kept rounds' dealer hands, for their sequence
        if self.settlement.tests.serial_by_strength:
            marked, pair = first(dealer_strength), int(self.spec.ranking.category_starts()[pair])
        self.tally.tally_positions(
            batch.indices("player"),
            batch.indices("dealer"),
            marked,
            keep,
            kept_rounds,
            rounds.starts,
            rounds.round_of_row,
            pair,
        )
        side = batch.wager(self.side_key)
        game = batch.wager("ante_net") + batch.wager("ante_bonus_net")
        game += batch.wager("play_net")
        for wager in self.own_wagers:
            game += batch.wager(f"{wager}_net")
        values: BetValues = {self.spec.main_bet: (seated, batch.per_unit(game, "ante"))}
        for name, wagers in self.settlement.bets:  # the main game's bets apart
            net = sum(
                (batch.wager(f"{wager}_net") for wager in wagers[1:]),
                batch.wager(f"{wagers[0]}_net"),
            )
            values[name] = (seated, batch.per_unit(net, wagers[0]))
        if self.side_name is not None and self.side_key in batch.number:
            net = batch.wager(f"{self.side_key}_net")
            values[self.side_name] = (keep & (side > 0), batch.per_unit(net, self.side_key))
        for bet, column in zip(self.columns, self._column_names, strict=True):
            if column in batch.number:
                stake = batch.wager(column)
                per_unit = batch.wager(f"{column}_net") / np.where(stake > 0, stake, 1)
                values[bet.name] = (keep & (stake > 0), per_unit)
        if self.settlement.blind is not None and self.settlement.blind.allowed:
            values[BLIND_BET] = (keep & blind, batch.per_unit(game, "ante"))
        self.tally.add_bets(self.exact, values, rounds.round_of_row, rounds.n_rounds)

    def _ev_lost(
        self,
        classes: npt.NDArray[np.integer],
        expected: npt.NDArray[np.integer],
        taken: npt.NDArray[np.integer],
    ) -> npt.NDArray[np.float64]:
        lost: npt.NDArray[np.float64] = (
            self.ev[classes, expected] - self.ev[classes, taken]
        ) / self.denominator
        return lost

    def row_checks(self) -> list[Check]:
        """Well-formed, settlement and strategy."""
        if self.inference.rows:
            self.tally.settlement_findings = self.inference.findings(self.options.examples)
        inferences = {"settlement": self.inference}
        if self.settlement.tests.raise_minimum:
            inferences["strategy"] = self.strategy_inference
        return [
            well_formed_check(self.tally),
            settlement_check(self.tally, self.rules.name),
            strategy_check(self.tally, self.options.strategy, situations_by(self.spec.shape)),
            inference_check(self.rules.name, inferences, self.tally.settled_rows),
        ]

    def statistics(self, summary: Summary | None) -> StatFamily:
        """Categories (player, dealer) by chi-square, each bet's mean by z-score
        (:func:`crazy4.validate.spec_stats.spec_statistics`)."""
        counted = (self.player_categories, self.dealer_categories)
        rare = rare_awards(self.spec, self.rules, self.spec.side_bets(self.rules))
        return spec_statistics(
            *(self.spec, self.rules, self.category, counted, self.tally, self.exact, summary),
            rare,
            (self.settlement.tests, self.outcomes),
        )


class SpecValidator:
    """The validator of a :class:`crazy4.spec.specification.GameSpec`."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    def start(self, options: Options, metadata: Mapping[str, object]) -> SpecRun:
        """A validation of ``options.rules`` against its expected strategy."""
        names = [  # a bet the dealer's cards settle too is not (yet) re-settled; a fold may
            side.name  # forfeit one (a card room's Queens Up)
            for side in self.spec.side_bets(options.rules)
            if replace(side, fold_forfeits=False).on_hand_alone(self.spec.ranking)
        ]
        key = side_bet_key(self.spec)
        logged = metadata.get(key)
        wanted = options.side_bet or (logged if isinstance(logged, str) else None)
        side = names[0] if names and wanted is None else wanted
        if side is not None and side not in names:
            prefix = key.replace("_", "-") + "-"
            side = f"{prefix}{side}" if f"{prefix}{side}" in names else None
            if side is None:
                has = f"; {options.rules.name} has {', '.join(names)}" if names else ""
                raise InputError(f"unknown {self.spec.side_bet_label} table {wanted!r}{has}")
        decision = strategy_of(self.spec, options.rules, options.strategy)
        exact = exact_bets(self.spec, options.rules, decision)  # under the expected strategy
        return SpecRun(self.spec, options, options.rules, key, side, exact, decision)


#: What starts a validation: a :class:`SpecRun` under the options, given the log's metadata
#: (empty for a summary); raises :class:`crazy4.errors.InputError` for an unknown strategy or
#: side bet table (:meth:`SpecValidator.start`).
Validator = Callable[[Options, Mapping[str, object]], SpecRun]


def validator_of(rules: RuleSet) -> Validator:
    """What starts a validation of the game a rule set carries
    (:func:`crazy4.spec.game.spec_of`): its specification's :meth:`SpecValidator.start`.

    Raises
    ------
    ValueError
        For a rule set no game read.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("four-card-standard")
    >>> validator_of(rules)(Options(rules), {}).tally.rows
    0
    """
    return SpecValidator(spec_of(rules)).start
