"""The card room's tables, in dollars: ``cardroom_cost``, ``cardroom_banker``, ``two_hands`` and
``two_hands_distribution`` (their columns: ``results/README.md``), and the figures ``crazy4
cardroom`` prints for one table and its seats (JSON-ready, then text).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pandas as pd

from crazy4.cardroom.economics import (
    BankerFigures,
    PlayerCost,
    TwoHands,
    banker,
    player_cost,
    two_hands,
)
from crazy4.cardroom.model import CardroomModel
from crazy4.cardroom.seats import Seat
from crazy4.core.bet_tables import fraction_text
from crazy4.rules.cardroom import CardroomTable

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
    """The player's cost of one hand per round for every table and Ante size, with and without
    Queens Up (a bet equal to the Ante)."""
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
    largest Ante, with and without Queens Up (equal to the Ante)."""
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
    """The first hand, the blind hand and both together, per unit of Ante."""
    first = model.bases["optimal:game"].distribution()
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
    """Net result distributions per unit of Ante: the blind hand (exact) and both hands."""
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
    """Every card-room table of a rule set."""
    tables: dict[str, pd.DataFrame] = {}
    if model.rules.cardroom_tables:
        tables["cardroom_cost"] = cost_table(model)
        tables["cardroom_banker"] = banker_table(model)
    if model.rules.blind_second_hand:
        hands = hands or two_hands(model)
        tables["two_hands"] = two_hands_table(model, hands)
        tables["two_hands_distribution"] = two_hands_distribution(hands)
    return tables


def cardroom_summary(
    model: CardroomModel,
    table: CardroomTable,
    seats: Sequence[Seat],
    bankroll: Fraction | None = None,
) -> dict[str, object]:
    """Player (the first seat) and banker figures for ``crazy4 cardroom`` (JSON-ready)."""
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


def _player_text(player: dict[str, dict[str, object]]) -> list[str]:
    """The player's cost of one hand, and of the same hand without Queens Up when it has one."""
    lines: list[str] = []
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
    return lines


def _two_hands_text(two: dict[str, object]) -> list[str]:
    """The player's two hands at one Ante, the second blind."""
    return [
        f"Player, two hands (${two['ante']:g} Ante each, the second blind, no Queens Up):",
        f"  EV per Ante: first hand {two['first_hand_ev_per_ante']:+.6f}, blind hand "
        f"{two['blind_hand_ev_per_ante']:+.6f} (exact {two['blind_hand_ev_exact']})",
        f"  expected loss per round       ${two['expected_loss']:.4f}  (collection "
        f"${two['collection_both_hands']:.2f}); {two['loss_per_ante']:.3%} of the two Antes",
        f"  SD per round                  ${two['sd']:.2f}",
        "",
    ]


def _banker_text(
    banker_figures: dict[str, object], method: dict[str, object], seat_text: str
) -> list[str]:
    """The banker's expected win, its spread and its risk."""
    lines = [
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
    return lines


def format_summary(summary: dict[str, object]) -> str:
    """The text ``crazy4 cardroom`` prints (:func:`cardroom_summary` as lines)."""
    player = summary["player"]
    banker_figures = summary["banker"]
    method = summary["method"]
    assert isinstance(player, dict) and isinstance(banker_figures, dict)
    assert isinstance(method, dict)
    rules_lines = summary["table_rules"]
    assert isinstance(rules_lines, list)
    lines = [f"{summary['rule_set']}, table {summary['table']}", *rules_lines, ""]
    lines += _player_text(player)
    two = summary.get("two_hands")
    if isinstance(two, dict):
        lines += _two_hands_text(two)
    seats = summary["seats"]
    assert isinstance(seats, list)
    seat_text = seats[0] if len(set(seats)) == 1 else "; ".join(seats)
    lines += _banker_text(banker_figures, method, seat_text)
    return "\n".join(lines)
