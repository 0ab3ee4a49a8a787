"""The card room's tables and the report section on them (:mod:`crazy4.cardroom.model` in dollars).

Tables written by ``crazy4 analyze`` for a rule set with ``[[cardroom.tables]]``:

* ``cardroom_cost``: the player's true cost of one hand, for every Ante the limits allow, with
  and without a Queens Up bet equal to the Ante;
* ``cardroom_banker``: the banker's side against 1 to ``max_seats`` seats at the smallest and
  the largest Ante, with and without Queens Up;
* ``two_hands``: the first hand, the blind second hand and both together, per unit of Ante;
* ``two_hands_distribution``: the blind hand's exact net distribution and the pair's.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pandas as pd

from crazy4.cardroom.collection import CardroomTable
from crazy4.cardroom.model import (
    SIMULATED_HANDS,
    BankerFigures,
    CardroomModel,
    PlayerCost,
    Seat,
    TwoHands,
    banker,
    player_cost,
    two_hands,
)
from crazy4.core.bet_tables import fraction_text
from crazy4.core.money import dollars
from crazy4.games.crazy_four.analysis import Analysis
from crazy4.report.markdown import markdown_table

#: Seat strategies the tables are computed for.
TABLE_STRATEGY = "optimal"


def _queens_up_for(table: CardroomTable, ante: Fraction) -> Fraction:
    """A Queens Up bet equal to the Ante, moved inside the table's Queens Up limits."""
    return min(max(ante, table.queens_up_min), table.queens_up_max)


def cost_row(cost: PlayerCost) -> dict[str, object]:
    """One row of ``cardroom_cost``."""
    loss = cost.expected_loss
    return {
        "table": cost.table,
        "ante": float(cost.seat.ante),
        "queens_up": float(cost.seat.queens_up),
        "strategy": cost.seat.strategy,
        "collection": float(cost.collection),
        "game_loss": float(cost.game_loss),
        "queens_up_loss": float(cost.queens_up_loss),
        "expected_loss": float(loss),
        "expected_loss_exact": fraction_text(loss),
        "loss_per_ante": float(cost.loss_per_ante),
        "total_action": float(cost.total_action),
        "loss_per_action": float(cost.loss_per_action),
        "collection_share": float(cost.collection / loss) if loss else float("nan"),
    }


def cost_table(model: CardroomModel) -> pd.DataFrame:
    """The player's cost of one hand per round for every table, Ante size, with and without
    Queens Up (a bet equal to the Ante).

    Columns: ``table``, ``ante``, ``queens_up``, ``strategy``, ``collection``, ``game_loss``
    (Ante x house edge), ``queens_up_loss``, ``expected_loss`` (their sum, dollars per round),
    ``expected_loss_exact``, ``loss_per_ante``, ``total_action`` (expected total wager),
    ``loss_per_action``, ``collection_share`` (of the expected loss).
    """
    rows = []
    for table in model.rules.cardroom_tables:
        for ante in table.ante_sizes():
            for queens_up in (Fraction(0), _queens_up_for(table, ante)):
                if queens_up and model.queens_up is None:
                    continue
                seat = Seat(ante, queens_up, TABLE_STRATEGY)
                rows.append(cost_row(player_cost(model, table, seat)))
    return pd.DataFrame(rows)


def banker_row(figures: BankerFigures) -> dict[str, object]:
    """One row of ``cardroom_banker`` (seats alike)."""
    seat = figures.seats[0]
    return {
        "table": figures.table,
        "seats": len(figures.seats),
        "ante": float(seat.ante),
        "queens_up": float(seat.queens_up),
        "strategy": seat.strategy,
        "edge_from_seats": float(figures.edge),
        "banker_collection": float(figures.collection),
        "banker_ev": float(figures.mean),
        "banker_ev_exact": fraction_text(figures.mean),
        "banker_ev_per_action": float(figures.mean / figures.action),
        "seats_action": float(figures.action),
        "players_collection": float(figures.players_collection),
        "sd": figures.sd,
        "sd_dealer_conditioned": figures.sd_dealer_conditioned,
        "variance_card_removal": figures.variance_removal,
        "variance_card_removal_se": figures.variance_removal_error,
        "rounds_to_be_ahead_95": figures.rounds_to_be_ahead,
        "bankroll_1pct_ruin": figures.bankroll_for_one_percent,
    }


def banker_table(model: CardroomModel) -> pd.DataFrame:
    """The banker's side against 1 to ``max_seats`` seats alike, per table, at its smallest and
    largest Ante, with and without Queens Up (equal to the Ante).

    Columns: ``table``, ``seats``, ``ante``, ``queens_up``, ``strategy``, ``edge_from_seats``
    (expected win from the seats), ``banker_collection``, ``banker_ev`` (net, dollars per round),
    ``banker_ev_exact``, ``banker_ev_per_action``, ``seats_action``, ``players_collection``,
    ``sd`` (per round), ``sd_dealer_conditioned`` (without the simulated card-removal term),
    ``variance_card_removal`` and its standard error ``variance_card_removal_se``,
    ``rounds_to_be_ahead_95`` (normal approximation; empty when the banker's EV is not
    positive), ``bankroll_1pct_ruin`` (diffusion approximation).
    """
    rows = []
    for table in model.rules.cardroom_tables:
        for ante in sorted({table.ante_min, table.ante_max}):
            for queens_up in (Fraction(0), _queens_up_for(table, ante)):
                if queens_up and model.queens_up is None:
                    continue
                for seats in range(1, model.rules.max_seats + 1):
                    seat = Seat(ante, queens_up, TABLE_STRATEGY)
                    rows.append(banker_row(banker(model, table, [seat] * seats)))
    frame = pd.DataFrame(rows)
    frame["rounds_to_be_ahead_95"] = frame["rounds_to_be_ahead_95"].astype("Int64")
    frame["bankroll_1pct_ruin"] = frame["bankroll_1pct_ruin"].astype(float)
    return frame


def _distribution_stats(distribution: Sequence[tuple[Fraction, int]]) -> dict[str, float]:
    total = sum(count for _, count in distribution)
    return {
        "win_probability": sum(c for v, c in distribution if v > 0) / total,
        "push_probability": sum(c for v, c in distribution if v == 0) / total,
        "loss_probability": sum(c for v, c in distribution if v < 0) / total,
    }


def two_hands_table(model: CardroomModel, hands: TwoHands) -> pd.DataFrame:
    """The first hand, the blind hand and both together, per unit of Ante.

    Columns: ``hands``, ``ev`` (exact as ``ev_exact``), ``house_edge``, ``sd``, ``method``,
    ``win_probability``, ``push_probability``, ``loss_probability``, ``average_total_bet``.
    """
    first = model.bases["optimal:game"].bet.distribution()
    rows = [
        {
            "hands": "first hand (optimal strategy)",
            "ev": float(hands.first_ev),
            "ev_exact": fraction_text(hands.first_ev),
            "sd": float(hands.first_variance) ** 0.5,
            "method": "exact",
            **_distribution_stats(first),
            "average_total_bet": float(model.average_wager("optimal:game")),
        },
        {
            "hands": "blind second hand",
            "ev": float(hands.blind_ev),
            "ev_exact": fraction_text(hands.blind_ev),
            "sd": float(hands.blind_variance) ** 0.5,
            "method": "exact",
            **_distribution_stats(hands.blind_distribution),
            "average_total_bet": float(model.average_wager("blind:game")),
        },
        {
            "hands": "both hands",
            "ev": float(hands.pair_ev),
            "ev_exact": fraction_text(hands.pair_ev),
            "sd": hands.pair_sd,
            "method": "EV exact; sd exact through the dealer's hand plus simulated card removal "
            "between the hands; probabilities with the hands independent given the dealer's hand",
            **_distribution_stats(hands.pair_distribution),
            "average_total_bet": float(
                model.average_wager("optimal:game") + model.average_wager("blind:game")
            ),
        },
    ]
    frame = pd.DataFrame(rows)
    frame.insert(3, "house_edge", -frame["ev"])
    return frame


def two_hands_distribution(hands: TwoHands) -> pd.DataFrame:
    """Net result distributions per unit of Ante: the blind hand (exact) and both hands.

    Columns: ``hands`` (``blind`` or ``both``), ``net``, ``net_value``, ``probability``,
    ``cumulative_probability``, ``simulated_probability`` (both hands dealt from one deck, from
    the card-removal simulation; empty for the blind hand), ``method``.
    """
    frames = []
    simulated = dict(hands.pair_simulated)
    simulated_total = sum(simulated.values())
    for label, distribution, method in (
        ("blind", hands.blind_distribution, "exact"),
        ("both", hands.pair_distribution, "independent given the dealer's hand"),
    ):
        total = sum(count for _, count in distribution)
        frame = pd.DataFrame(
            {
                "hands": label,
                "net": [fraction_text(v) for v, _ in distribution],
                "net_value": [float(v) for v, _ in distribution],
                "probability": [c / total for _, c in distribution],
            }
        )
        frame["cumulative_probability"] = frame["probability"].cumsum()
        if label == "both" and simulated_total:
            frame["simulated_probability"] = [
                simulated.get(v, 0) / simulated_total for v, _ in distribution
            ]
        else:
            frame["simulated_probability"] = np.nan
        frame["method"] = method
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def cardroom_tables(model: CardroomModel, hands: TwoHands | None = None) -> dict[str, pd.DataFrame]:
    """Every card-room table of a rule set (empty without ``[[cardroom.tables]]`` and without
    a blind second hand)."""
    tables: dict[str, pd.DataFrame] = {}
    if model.rules.cardroom_tables:
        tables["cardroom_cost"] = cost_table(model)
        tables["cardroom_banker"] = banker_table(model)
    if model.rules.blind_second_hand:
        hands = hands or two_hands(model)
        tables["two_hands"] = two_hands_table(model, hands)
        tables["two_hands_distribution"] = two_hands_distribution(hands)
    return tables


# -- the report section --------------------------------------------------------------------


def _pct(value: float) -> str:
    return f"{100 * value:.2f}%"


def _simulation_note(model: CardroomModel) -> str:
    if model.removal is None:
        return (
            "The card-removal term between player hands was not simulated (0 rounds): standard "
            "deviations treat the seats' hands as independent given the dealer's hand."
        )
    return (
        f"The card-removal term between player hands was simulated: {model.removal.rounds:,} "
        f"deals of a dealer hand and {model.removal.hands_per_deal} player hands (seed "
        f"{model.removal.seed}); its standard error is given beside it."
    )


def _cost_lines(model: CardroomModel, cost: pd.DataFrame) -> list[str]:
    lines = [
        "### The player's true cost",
        "",
        "Expected loss per round of one hand, optimal strategy: the Ante x the house edge, plus "
        "the Queens Up bet x its house edge, plus the collection (exact; `cardroom_cost.parquet` "
        "has every Ante size). *Action* is the expected total wager (Ante + Super Bonus + Play "
        "+ Queens Up).",
        "",
    ]
    for table in model.rules.cardroom_tables:
        rows = cost[cost["table"] == table.name]
        sizes = table.ante_sizes()
        shown = sorted({sizes[0], sizes[len(sizes) // 4], sizes[len(sizes) // 2], sizes[-1]})
        picked = rows[rows["ante"].isin([float(a) for a in shown])]
        lines += [
            f"Table **{table.name}**:",
            "",
            markdown_table(
                picked[
                    [
                        "ante",
                        "queens_up",
                        "collection",
                        "game_loss",
                        "queens_up_loss",
                        "expected_loss",
                        "loss_per_ante",
                        "loss_per_action",
                        "collection_share",
                    ]
                ],
                {
                    "ante": "${:.0f}",
                    "queens_up": "${:.0f}",
                    "collection": "${:.2f}",
                    "game_loss": "${:.4f}",
                    "queens_up_loss": "${:.4f}",
                    "expected_loss": "${:.4f}",
                    "loss_per_ante": "{:.2%}",
                    "loss_per_action": "{:.2%}",
                    "collection_share": "{:.1%}",
                },
            ),
            "",
        ]
        alone = rows[rows["queens_up"] == 0]
        heavier = alone[alone["collection"] >= alone["game_loss"]]
        sentence = (
            f"The collection costs more than the game itself up to an Ante of "
            f"${heavier['ante'].max():.0f}."
            if len(heavier)
            else "At every Ante the game itself costs more than the collection."
        )
        lines += [
            f"Break-even: {'none' if (rows['expected_loss'] > 0).all() else 'see the table'} — "
            f"the player loses at every Ante size ({_pct(alone['loss_per_ante'].max())} of the "
            f"Ante at {dollars(table.ante_min)}, {_pct(alone['loss_per_ante'].min())} at "
            f"{dollars(table.ante_max)}); the cost per dollar falls toward the house edge as the "
            f"Ante grows. {sentence}",
            "",
        ]
    return lines


def _banker_lines(model: CardroomModel, banker_frame: pd.DataFrame) -> list[str]:
    house_edge = -model.mean("optimal:game")
    lines = [
        "### The banker's side",
        "",
        "The player/dealer's expected win per round against every seat played optimally, net "
        "of its own collection, and its standard deviation per round *including the "
        "correlation between seats that share the dealer's hand*: exact through the dealer's "
        "hand (conditioned on each of the 134,459 dealer hand classes), plus the simulated "
        "card-removal term between the seats' hands. " + _simulation_note(model),
        "Rounds to be ahead with 95% probability: normal approximation (`n μ > 1.645 σ √n`). "
        "Bankroll for a 1% risk of ruin: diffusion approximation, `σ² ln(100) / (2 μ)`.",
        "",
    ]
    for table in model.rules.cardroom_tables:
        needed = table.banker_collection / house_edge
        counts = []
        for ante in (table.ante_min, table.ante_max):
            seats = int(needed / ante) + 1
            fits = seats <= model.rules.max_seats
            counts.append(
                f"{seats} seat{'s' if seats > 1 else ''} at {dollars(ante)}"
                if fits
                else f"more seats than the table has at {dollars(ante)} ({seats})"
            )
        lines.append(
            f"- Table {table.name}: the banker needs more than {dollars(needed)} of Ante a "
            f"round from the seats (Queens Up aside) to beat its "
            f"{dollars(table.banker_collection)} collection: {counts[0]}, {counts[1]}."
        )
    lines.append("")
    shown = banker_frame[banker_frame["queens_up"] == 0].copy()
    shown["rounds_to_be_ahead_95"] = [
        "never" if pd.isna(n) else f"{int(n):,}" for n in shown["rounds_to_be_ahead_95"]
    ]
    lines += [
        "Dollars per round:",
        "",
        markdown_table(
            shown[
                [
                    "table",
                    "ante",
                    "seats",
                    "banker_ev",
                    "banker_ev_per_action",
                    "sd",
                    "variance_card_removal",
                    "variance_card_removal_se",
                    "rounds_to_be_ahead_95",
                    "bankroll_1pct_ruin",
                ]
            ],
            {
                "ante": "${:.0f}",
                "banker_ev": "{:+.4f}",
                "banker_ev_per_action": "{:.3%}",
                "sd": "${:.2f}",
                "variance_card_removal": "{:.1f}",
                "variance_card_removal_se": "{:.1f}",
                "bankroll_1pct_ruin": "${:,.0f}",
            },
        ),
        "",
        "`cardroom_banker.parquet` also has every figure with a Queens Up bet equal to the "
        "Ante at every seat. The card-removal term is in dollars squared per round.",
        "",
    ]
    return lines


def _two_hands_lines(hands: TwoHands, table: pd.DataFrame) -> list[str]:
    shown = table[["hands", "ev_exact", "ev", "sd", "win_probability", "loss_probability"]]
    lines = [
        "### Two hands",
        "",
        "A player's second hand must be played blind: 3x the Ante, 2x returned below a pair of "
        "aces (so it never folds, plays 1x below a pair of aces and 3x with one). Per unit of "
        "Ante, Super Bonus included, without Queens Up and the collection (each hand pays its "
        "own collection).",
        "",
        markdown_table(
            shown,
            {
                "ev": "{:+.6f}",
                "sd": "{:.4f}",
                "win_probability": "{:.4%}",
                "loss_probability": "{:.4%}",
            },
        ),
        "",
        f"The blind hand gives up {float(hands.first_ev - hands.blind_ev):.4f} Antes a round "
        "against playing the same hand optimally. The EV of the pair is exact (each hand alone "
        "is a uniformly random hand). Their covariance through the shared dealer hand is "
        f"{float(hands.covariance_exact):.5f} Ante² (exact); the card removal between the two "
        f"hands adds {hands.covariance_removal:+.5f} ± {hands.covariance_removal_error:.5f} "
        "(simulated). The pair's distribution (`two_hands_distribution.parquet`) treats the "
        "two hands as independent given the dealer's hand; the simulated distribution with "
        "both hands from one deck is given beside it"
        + (
            f" (largest difference in a cumulative probability: {_largest_cdf_gap(hands):.5f}; "
            f"the simulation's standard error is at most {_cdf_error_bound(hands):.5f})."
            if hands.pair_simulated
            else "."
        ),
        "",
    ]
    return lines


def _cdf_error_bound(hands: TwoHands) -> float:
    """``0.5 / sqrt(deals)``: a bound on the standard error of a simulated probability, taking
    the pairs of hands dealt with one dealer hand as no better than one."""
    deals = sum(count for _, count in hands.pair_simulated) // (SIMULATED_HANDS // 2)
    return float(0.5 / deals**0.5)


def _largest_cdf_gap(hands: TwoHands) -> float:
    exact = dict(hands.pair_distribution)
    simulated = dict(hands.pair_simulated)
    exact_total = sum(exact.values())
    simulated_total = sum(simulated.values())
    gap = 0.0
    running_exact = running_simulated = 0.0
    for value in sorted(set(exact) | set(simulated)):
        running_exact += exact.get(value, 0) / exact_total
        running_simulated += simulated.get(value, 0) / simulated_total
        gap = max(gap, abs(running_exact - running_simulated))
    return gap


def cardroom_section(
    model: CardroomModel, tables: dict[str, pd.DataFrame], hands: TwoHands | None = None
) -> list[str]:
    """The report's Markdown section on the card room (empty when there is nothing to say)."""
    if not tables:
        return []
    lines = ["## The card room: collection, the banker, two hands", ""]
    if model.rules.cardroom_tables:
        lines += [
            "The room earns no house edge: a seated player/dealer banks the game and the room "
            "takes a collection before every deal. The tables and how their wording is read:",
            "",
        ]
        for table in model.rules.cardroom_tables:
            described = table.describe()
            lines.append(f"- {described[0]}")
            lines += [f"  - {line.strip()}" for line in described[1:]]
        lines.append("")
        lines += _cost_lines(model, tables["cardroom_cost"])
        lines += _banker_lines(model, tables["cardroom_banker"])
    if "two_hands" in tables:
        lines += _two_hands_lines(hands or two_hands(model), tables["two_hands"])
    return lines


def cardroom_results(
    analysis: Analysis, *, simulation_rounds: int, seed: int
) -> tuple[CardroomModel, dict[str, pd.DataFrame], list[str]]:
    """The card-room model, tables and report section of an analysis."""
    model = CardroomModel(analysis, simulation_rounds=simulation_rounds, seed=seed)
    hands = two_hands(model) if analysis.rules.blind_second_hand else None
    tables = cardroom_tables(model, hands)
    return model, tables, cardroom_section(model, tables, hands)


# -- the command line's summary ------------------------------------------------------------


def cardroom_summary(
    model: CardroomModel,
    table: CardroomTable,
    seats: Sequence[Seat],
    bankroll: Fraction | None = None,
) -> dict[str, object]:
    """Player and banker figures for ``crazy4 cardroom`` (JSON-ready).

    The player's figures are for the first seat's bets; the two-hand figures (when the rule set
    has a blind second hand) for that Ante with no Queens Up.
    """
    figures = banker(model, table, seats, bankroll)
    first = seats[0]
    costs = {"one_hand": cost_row(player_cost(model, table, first))}
    if first.queens_up:
        costs["one_hand_without_queens_up"] = cost_row(
            player_cost(model, table, Seat(first.ante, Fraction(0), first.strategy))
        )
    result: dict[str, object] = {
        "rule_set": model.rules.name,
        "table": table.name,
        "table_rules": table.describe(),
        "seats": [seat.describe() for seat in seats],
        "player": costs,
        "banker": {
            **{k: v for k, v in banker_row(figures).items() if k not in ("ante", "queens_up")},
            "seats": len(seats),
            "bankroll": None if bankroll is None else float(bankroll),
            "risk_of_ruin": figures.risk_of_ruin,
        },
        "method": {
            "means": "exact",
            "sd": "exact through the dealer's hand; card removal between seats simulated",
            "simulation_rounds": model.simulation_rounds,
            "seed": model.seed,
            "rounds_to_be_ahead": "normal approximation, 95% one-sided",
            "risk_of_ruin": "diffusion approximation exp(-2 mu B / sigma^2), playing forever",
        },
    }
    if model.rules.blind_second_hand:
        hands = two_hands(model)
        ante = first.ante
        collection = table.collection(ante, super_bonus=model.rules.super_bonus is not None)
        loss = -ante * hands.pair_ev + 2 * collection
        result["two_hands"] = {
            "ante": float(ante),
            "first_hand_ev_per_ante": float(hands.first_ev),
            "blind_hand_ev_per_ante": float(hands.blind_ev),
            "blind_hand_ev_exact": fraction_text(hands.blind_ev),
            "collection_both_hands": float(2 * collection),
            "expected_loss": float(loss),
            "loss_per_ante": float(loss / (2 * ante)),
            "sd": float(ante) * hands.pair_sd,
        }
    return result


def format_summary(summary: dict[str, object]) -> str:
    """The text ``crazy4 cardroom`` prints."""
    player = summary["player"]
    banker_figures = summary["banker"]
    method = summary["method"]
    assert isinstance(player, dict) and isinstance(banker_figures, dict)
    assert isinstance(method, dict)
    rules_lines = summary["table_rules"]
    assert isinstance(rules_lines, list)
    lines = [f"{summary['rule_set']}, table {summary['table']}", *rules_lines, ""]
    for key, label in (
        ("one_hand", "Player, one hand"),
        ("one_hand_without_queens_up", "Player, the same hand without Queens Up"),
    ):
        if key not in player:
            continue
        cost = player[key]
        queens = f", ${cost['queens_up']:g} Queens Up" if cost["queens_up"] else ""
        lines += [
            f"{label} (${cost['ante']:g} Ante{queens}, {cost['strategy']} strategy):",
            f"  game (house edge x Ante)      ${cost['game_loss']:.4f}",
        ]
        if cost["queens_up"]:
            lines.append(f"  Queens Up (house edge x bet)  ${cost['queens_up_loss']:.4f}")
        lines += [
            f"  collection                    ${cost['collection']:.4f}",
            f"  expected loss per round       ${cost['expected_loss']:.4f}  (exact "
            f"{cost['expected_loss_exact']})",
            f"    = {cost['loss_per_ante']:.3%} of the Ante, {cost['loss_per_action']:.3%} of "
            f"the total action (${cost['total_action']:.2f} a round); collection "
            f"{cost['collection_share']:.1%} of it",
            "",
        ]
    two = summary.get("two_hands")
    if isinstance(two, dict):
        lines += [
            f"Player, two hands (${two['ante']:g} Ante each, the second blind, no Queens Up):",
            f"  EV per Ante: first hand {two['first_hand_ev_per_ante']:+.6f}, blind hand "
            f"{two['blind_hand_ev_per_ante']:+.6f} (exact {two['blind_hand_ev_exact']})",
            f"  expected loss per round       ${two['expected_loss']:.4f}  (collection "
            f"${two['collection_both_hands']:.2f}); {two['loss_per_ante']:.3%} of the two Antes",
            f"  SD per round                  ${two['sd']:.2f}",
            "",
        ]
    seats = summary["seats"]
    assert isinstance(seats, list)
    seat_text = seats[0] if len(set(seats)) == 1 else "; ".join(seats)
    lines += [
        f"Banker (player/dealer) against {banker_figures['seats']} seat(s) ({seat_text}):",
        f"  expected win from the seats   ${banker_figures['edge_from_seats']:.4f}",
        f"  banker's collection           ${banker_figures['banker_collection']:.2f}",
        f"  expected win per round        ${banker_figures['banker_ev']:.4f}  (exact "
        f"{banker_figures['banker_ev_exact']}; {banker_figures['banker_ev_per_action']:.3%} of "
        f"the seats' action)",
        f"  SD per round                  ${banker_figures['sd']:.2f}  (exact through the "
        f"dealer's hand: ${banker_figures['sd_dealer_conditioned']:.2f}; card removal between "
        f"seats {banker_figures['variance_card_removal']:+.1f} ± "
        f"{banker_figures['variance_card_removal_se']:.1f} $², simulated, "
        f"{method['simulation_rounds']:,} deals)",
    ]
    ahead = banker_figures["rounds_to_be_ahead_95"]
    lines.append(
        f"  rounds to be ahead (95%)      {ahead:,}  (normal approximation)"
        if ahead is not None
        else "  rounds to be ahead (95%)      never: the banker's expected win is not positive"
    )
    one_percent = banker_figures["bankroll_1pct_ruin"]
    if one_percent is not None:
        lines.append(
            f"  bankroll for 1% risk of ruin  ${one_percent:,.0f}  (diffusion approximation)"
        )
    if banker_figures["bankroll"] is not None:
        lines.append(
            f"  risk of ruin with ${banker_figures['bankroll']:,.0f}       "
            f"{banker_figures['risk_of_ruin']:.2%}  (diffusion approximation, playing forever)"
        )
    return "\n".join(lines)
