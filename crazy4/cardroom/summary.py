"""The figures ``crazy4 cardroom`` prints for one table and its seats (JSON-ready, then text)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from crazy4.cardroom.economics import banker, player_cost
from crazy4.cardroom.model import CardroomModel
from crazy4.cardroom.seats import Seat
from crazy4.cardroom.tables import banker_row, cost_row
from crazy4.cardroom.twohands import two_hands
from crazy4.core.bet_tables import fraction_text
from crazy4.rules.collection import CardroomTable


def cardroom_summary(
    model: CardroomModel,
    table: CardroomTable,
    seats: Sequence[Seat],
    bankroll: Fraction | None = None,
) -> dict[str, object]:
    """Player and banker figures for ``crazy4 cardroom`` (JSON-ready), the player's for the
    first seat's bets."""
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
