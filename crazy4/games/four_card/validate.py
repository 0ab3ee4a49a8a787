"""``crazy4 validate`` for Four Card Poker logs: the four checks of :mod:`crazy4.validate.driver`.

The log has the Crazy 4 Poker columns with a six-card ``dealer`` hand, its ``up_card``, and
the Four Card Poker wagers (schema in ``docs/simulator.md``). Rows are settled again by
:mod:`crazy4.games.four_card.settle`, decisions are compared with the strategy of each situation
class (hand, up card), and the statistics test the player's best-four-of-five and the
dealer's best-four-of-six categories and every bet's mean against the exact analysis.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import colex_indices, format_cards
from crazy4.core.ranking import HandCategory, category_of_strength
from crazy4.errors import InputError
from crazy4.games.crazy_four.reference import ExactBet
from crazy4.games.four_card.reference import (
    FourCardReference,
    load_fourcard_reference,
    situation_of,
)
from crazy4.games.four_card.settle import FourCardSettlement, showdown_results
from crazy4.simulate.roundlog import decision_column, number_column, parse_hand_column
from crazy4.validate.driver import _Tally
from crazy4.validate.stats import normal_two_sided_p

REQUIRED = ("player", "dealer", "up_card", "decision", "ante", "play", "ante_net", "play_net")
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
_TOLERANCE = 1e-9


@dataclass
class FourCardState(_Tally):
    """Accumulators of one validation (see :func:`process_batch`)."""

    options: Any
    reference: FourCardReference
    settlement: FourCardSettlement
    expected_decision: npt.NDArray[np.int64]
    aces_up_table: int | None
    reference_bets: dict[str, ExactBet]
    player_categories: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.zeros(len(HandCategory), dtype=np.int64)
    )
    dealer_categories: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.zeros(len(HandCategory), dtype=np.int64)
    )


def make_state(options: Any, aces_up_name: str | None) -> FourCardState:
    """The accumulators, the reference and the expected strategy of a validation."""
    from crazy4.validate.driver import _side_table

    rules = options.rules
    reference = load_fourcard_reference(rules)
    decision = reference.strategy(options.strategy)
    table = _side_table(rules, options.queens_up or aces_up_name, "Aces Up", "aces-up-")
    return FourCardState(
        options=options,
        reference=reference,
        settlement=FourCardSettlement.of(rules),
        expected_decision=decision,
        aces_up_table=table,
        reference_bets=reference.exact_bets(decision),
    )


def check_columns(names: list[str]) -> None:
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


def process_batch(state: FourCardState, table: pa.Table) -> None:
    """Check one batch of rows (whole rounds) and add it to the accumulators."""
    from crazy4.validate.driver import (
        _add_bets,
        _deviation_findings,
        _flag_repeated_cards,
        _flag_rows,
        _flag_unparsed,
        _settlement_examples,
        _split_rounds,
    )

    options, reference, settle = state.options, state.reference, state.settlement
    rules = options.rules
    n = table.num_rows
    first_row = state.rows + 1
    names = table.column_names
    player, bad_player = parse_hand_column(table.column("player"), 5)
    dealer, bad_dealer = parse_hand_column(table.column("dealer"), 6)
    up, bad_up = parse_hand_column(table.column("up_card"), 1)
    decision = decision_column(table.column("decision")).astype(np.int64)
    zeros = np.zeros(n)
    number = {name: number_column(table.column(name)) for name in names if name in NUMBERS}
    ante, play = number["ante"], number["play"]
    aces, aces_net = number.get("aces_up", zeros), number.get("aces_up_net", zeros)
    beat, beat_net = number.get("bad_beat", zeros), number.get("bad_beat_net", zeros)
    bad = np.zeros(n, dtype=bool)

    def flag(mask: npt.NDArray[np.bool_], what: str, detail: list[str] | None = None) -> None:
        _flag_rows(state.malformed, bad, mask, what, first_row, options.examples, detail)

    _flag_unparsed(
        flag,
        n,
        [
            (f"{label} not {count} valid card(s)", failures)
            for label, failures, count in (
                ("player", bad_player, "five"),
                ("dealer", bad_dealer, "six"),
                ("up_card", bad_up, "one"),
            )
        ],
    )
    flag((decision < 0) | (decision > 3), "decision not one of fold/1x/2x/3x")
    flag(~(ante > 0), "ante missing or not positive")
    for side in ("aces_up", "bad_beat"):
        if side in number:
            flag(~(number[side] >= 0), f"{side} negative or missing")
    if state.aces_up_table is None:
        flag(aces > 0, f"Aces Up wagered, but {rules.name} has no Aces Up bet")
    if rules.four_card is None or rules.four_card.bad_beat is None:
        flag(beat > 0, f"Bad Beat wagered, but {rules.name} has no Bad Beat bet")
    multiple = np.clip(decision, 0, 3)
    flag(
        (decision >= 0) & ~np.isclose(play, multiple * ante, rtol=_TOLERANCE, atol=_TOLERANCE),
        "play wager does not match the decision (fold: 0, mx: m x ante)",
    )
    allowed = np.zeros(4, dtype=bool)
    allowed[[0, *rules.play.multiples]] = True
    flag(
        (decision >= 0) & (decision <= 3) & ~allowed[multiple],
        f"Play multiple not allowed by {rules.name}",
    )
    for column in ("ante_net", "ante_bonus_net", "play_net", "aces_up_net", "bad_beat_net"):
        if column in number:
            flag(np.isnan(number[column]), f"{column} missing")
    cards_ok = ~np.isin(np.arange(n), [*bad_player, *bad_dealer, *bad_up])
    player_idx = np.where(cards_ok[:, None], player, 0).astype(np.intp)
    dealer_idx = np.where(cards_ok[:, None], dealer, 0).astype(np.intp)
    up_idx = np.where(cards_ok, up[:, 0], 0).astype(np.intp)
    flag(
        cards_ok & ~(dealer_idx == up_idx[:, None]).any(axis=1), "up card not in the dealer's hand"
    )

    rounds = _split_rounds(table, state.rows, flag)
    _, round_of_row, starts, n_rounds = rounds
    same = (dealer == dealer[starts][round_of_row]).all(axis=1) & (
        up_idx == up_idx[starts][round_of_row]
    )
    flag(cards_ok & ~same, "dealer cards or up card differ between rows of one round")
    dealt = _flag_repeated_cards(
        flag,
        player_idx,
        dealer_idx,
        cards_ok,
        rounds,
        options.examples,
        "a card dealt twice in one round (seats, dealer and up card)",
    )
    state.bad_rows += int(bad.sum())

    # settlement
    good = ~bad
    state.settled_rows += int(good.sum())
    categories = category_of_strength()
    player_strength = reference.strength_of_hand[colex_indices(player_idx)].astype(np.int64)
    dealer_strength = reference.dealer_strength_of_hand[colex_indices(dealer_idx)].astype(np.int64)
    dealer_category = categories[dealer_strength].astype(np.int64)
    result = showdown_results(player_strength, dealer_strength)
    nets = settle.nets(
        player_strength, multiple, dealer_category, result, aces_up=state.aces_up_table or 0
    )
    unit = settle.unit
    bonus_column = "ante_bonus_net" in number
    ante_expected = nets["ante"] + (0 if bonus_column else nets["ante_bonus"])
    components: list[tuple[str, npt.NDArray[np.float64], npt.NDArray[Any], Any]] = [
        ("ante", ante, ante_expected, number["ante_net"]),
        ("play", ante, nets["play"], number["play_net"]),
    ]
    if bonus_column:
        components.append(("ante_bonus", ante, nets["ante_bonus"], number["ante_bonus_net"]))
    if state.aces_up_table is not None and "aces_up" in number:
        components.append(("aces_up", aces, nets["aces_up"], aces_net))
    if "bad_beat" in number and rules.four_card and rules.four_card.bad_beat is not None:
        components.append(("bad_beat", beat, nets["bad_beat"], beat_net))
    any_mismatch = np.zeros(n, dtype=bool)
    for component, wager, expected_units, logged in components:
        expected: npt.NDArray[np.float64] = wager * expected_units / unit
        wrong = good & ~np.isclose(logged, expected, rtol=_TOLERANCE, atol=1e-9)
        if component in ("aces_up", "bad_beat"):
            wrong &= wager > 0
        if not wrong.any():
            continue
        any_mismatch |= wrong
        wrong_rows = np.flatnonzero(wrong)
        keys = np.stack(
            [
                multiple[wrong_rows],
                result[wrong_rows],
                categories[player_strength[wrong_rows]],
                dealer_category[wrong_rows],
                expected_units[wrong_rows],
            ],
            axis=1,
        ).astype(np.int64)
        _, group = np.unique(keys, axis=0, return_inverse=True)
        group = group.ravel()
        for code in range(int(group.max()) + 1):
            members = wrong_rows[group == code]
            row = int(members[0])
            explained = "ante_bonus" if component == "ante" and not bonus_column else None
            hand = (
                None
                if np.unique(player_strength[members]).size == 1
                else f"a {HandCategory(int(categories[player_strength[row]])).label}"
            )
            rule = settle.explain(
                component,
                int(player_strength[row]),
                int(multiple[row]),
                int(dealer_category[row]),
                int(result[row]),
                aces_up=state.aces_up_table or 0,
                hand_text=hand,
            )
            if explained and nets["ante_bonus"][row]:
                rule += "; plus " + settle.explain(
                    "ante_bonus",
                    int(player_strength[row]),
                    int(multiple[row]),
                    int(dealer_category[row]),
                    int(result[row]),
                    hand_text=hand,
                )
            _settlement_examples(
                state.finding(state.settlement_findings, f"{component}: {rule}"),
                members,
                first_row,
                options.examples,
                (player, dealer, decision),
                component,
                logged,
                expected,
            )
    state.mismatched_rows += int(any_mismatch.sum())

    # strategy
    situation = situation_of(colex_indices(player_idx), up_idx)
    valid = good & (situation >= 0)
    state.strategy_rows += int(valid.sum())
    situation = np.where(valid, situation, 0)
    expected_decision = state.expected_decision[situation]
    ev = reference.prices.ev
    differs = valid & (ev[situation, multiple] != ev[situation, expected_decision])
    if differs.any():
        rows_differ = np.flatnonzero(differs)
        lost = reference.ev_lost(
            situation[rows_differ], expected_decision[rows_differ], multiple[rows_differ]
        )
        state.deviations += rows_differ.size
        state.ev_lost += float(lost.sum())
        _deviation_findings(
            state.strategy_findings,
            rows_differ,
            expected_decision[rows_differ],
            multiple[rows_differ],
            lost,
            first_row,
            options.examples,
            lambda row: {
                "player": format_cards(player[row][::-1].tolist()),
                "up_card": format_cards([int(up_idx[row])]),
            },
        )

    # statistics over rounds whose rows are all good
    round_bad = np.bincount(round_of_row, weights=bad, minlength=n_rounds) > 0
    keep = ~round_bad[round_of_row]
    state.player_categories += np.bincount(
        categories[player_strength[keep]], minlength=len(HandCategory)
    )
    state.dealer_categories += np.bincount(
        dealer_category[starts][~round_bad], minlength=len(HandCategory)
    )
    state.tally_cards(dealt, ~round_bad, n_rounds)
    per_ante = np.where(ante > 0, ante, 1)
    game = (
        number["ante_net"] + number.get("ante_bonus_net", zeros) + number["play_net"]
    ) / per_ante
    values: dict[str, tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]] = {
        "ante_play": (keep, game)
    }
    if state.aces_up_table is not None and "aces_up" in number:
        name = rules.side_bets[state.aces_up_table].name
        values[name] = (keep & (aces > 0), aces_net / np.where(aces > 0, aces, 1))
    if "bad_beat" in number and "bad_beat" in state.reference_bets:
        values["bad_beat"] = (keep & (beat > 0), beat_net / np.where(beat > 0, beat, 1))
    _add_bets(state.bets, state.reference_bets, values, round_of_row, n_rounds)
    state.rows += n
    state.rounds += n_rounds


def statistics(
    state: FourCardState, summary: dict[str, Any] | None = None
) -> tuple[list[dict[str, object]], list[str]]:
    """The statistical tests (unadjusted p-values) and notes."""
    from crazy4.validate.driver import _bet_items, _card_tests, _chi_test, _most_off

    reference = state.reference
    labels = [category.label for category in HandCategory]
    tests: list[dict[str, object]] = []
    notes: list[str] = []
    if summary is None:
        player = state.player_categories.astype(np.float64)
        dealer = state.dealer_categories.astype(np.float64)
    else:
        player = np.array([summary["player_categories"].get(x, 0) for x in labels], float)
        dealer = np.array([summary["dealer_categories"].get(x, 0) for x in labels], float)
    for name, observed, p in (
        ("player hand categories (best 4 of 5)", player, reference.category_probabilities()),
        ("dealer hand categories (best 4 of 6)", dealer, reference.dealer_category_probabilities()),
    ):
        detail = f"most off: {labels[_most_off(observed, p)]}"
        _chi_test(tests, notes, name, observed, p, detail=detail)
    if summary is None:
        _card_tests(state, tests, notes)
    items = _bet_items(state.bets, state.reference_bets, summary, notes)
    for name, count, total, exact, design in items:
        mean = total / count
        se = exact.std_dev * (design / count) ** 0.5
        z = (mean - float(exact.mean)) / se if se > 0 else 0.0
        tests.append(
            {
                "name": f"mean of {name}",
                "statistic": z,
                "df": "",
                "p": normal_two_sided_p(z),
                "detail": f"mean {mean:+.5f} ± {se:.5f}, exact {float(exact.mean):+.5f}",
            }
        )
        if name == "bad_beat" or name.startswith("aces-up-"):
            notes.append(
                f"{name}: its top awards (four of a kind, straight flush) are rare; a sample "
                f"of {count:,} hands resolves the mean only to ± {se:.4f}"
            )
    return tests, notes


def validate_four_card(path: Path, options: Any, kind: str, metadata: dict[str, object]) -> Any:
    """Validate a Four Card Poker log (see :func:`crazy4.validate.driver.validate`)."""
    from crazy4.validate.driver import (
        Check,
        Report,
        _read_rounds,
        _settlement_check,
        _statistics_check,
    )

    aces = metadata.get("aces_up")
    state = make_state(options, aces if isinstance(aces, str) else None)
    _read_rounds(path, options.batch_rows, check_columns, lambda table: process_batch(state, table))
    checks = [
        Check(
            "Well-formed",
            state.bad_rows == 0,
            f"{state.bad_rows:,} of {state.rows:,} rows malformed"
            + (" (left out of the other checks)" if state.bad_rows else ""),
            findings=state.malformed,
        ),
        _settlement_check(
            state.settled_rows,
            state.mismatched_rows,
            options.rules.name,
            state.settlement_findings,
        ),
        Check(
            "Strategy",
            state.deviations == 0,
            f"{state.strategy_rows:,} decisions compared with the {options.strategy} strategy "
            f"by hand and up card: {state.deviations:,} deviations"
            + (f", EV lost {state.ev_lost:.4f} Antes in all" if state.deviations else ""),
            findings=state.strategy_findings,
        ),
        _statistics_check(state, None),  # type: ignore[arg-type]
    ]
    return Report(
        source=path.name,
        kind=f"{kind} log",
        rule_set=options.rules.name,
        strategy=options.strategy,
        rows=state.rows,
        rounds=state.rounds,
        checks=checks,
    )


class FourCardValidator:
    """The validator's role of Four Card Poker (:class:`crazy4.validate.game.ValidatedGame`)."""
