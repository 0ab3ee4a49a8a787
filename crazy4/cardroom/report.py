"""The report's section on the card room: the collection, the banker and two hands."""

from __future__ import annotations

import pandas as pd

from crazy4.analyze.record import Analysis
from crazy4.cardroom.economics import TwoHands, two_hands
from crazy4.cardroom.model import CardroomModel
from crazy4.cardroom.removal import SIMULATED_HANDS
from crazy4.cardroom.tables import cardroom_tables
from crazy4.core.money import dollars
from crazy4.core.text_safety import markdown_text
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.report.markdown import markdown_table

#: The columns of the player's cost the report shows, and their formats.
COST_FORMATS = {
    "ante": "${:.0f}",
    "queens_up": "${:.0f}",
    "collection": "${:.2f}",
    "game_loss": "${:.4f}",
    "queens_up_loss": "${:.4f}",
    "expected_loss": "${:.4f}",
    "loss_per_ante": "{:.2%}",
    "loss_per_action": "{:.2%}",
    "collection_share": "{:.1%}",
}


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
            f"Table **{markdown_text(table.name)}**:",
            "",
            markdown_table(picked[list(COST_FORMATS)], COST_FORMATS),
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
            f"- Table {markdown_text(table.name)}: the banker needs more than {dollars(needed)} "
            f"of Ante a round from the seats (Queens Up aside) to beat its "
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
    """``0.5 / sqrt(deals)``: a bound on the standard error of a simulated probability."""
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
            lines.append(f"- {markdown_text(described[0])}")
            lines += [f"  - {markdown_text(line.strip())}" for line in described[1:]]
        lines.append("")
        lines += _cost_lines(model, tables["cardroom_cost"])
        lines += _banker_lines(model, tables["cardroom_banker"])
    if "two_hands" in tables:
        lines += _two_hands_lines(hands or two_hands(model), tables["two_hands"])
    return lines


def cardroom_results(
    analysis: Analysis[CrazyFourRules], *, simulation_rounds: int, seed: int
) -> tuple[CardroomModel, dict[str, pd.DataFrame], list[str]]:
    """The card-room model, tables and report section of an analysis."""
    model = CardroomModel(analysis, simulation_rounds=simulation_rounds, seed=seed)
    hands = two_hands(model) if analysis.rules.blind_second_hand else None
    tables = cardroom_tables(model, hands)
    return model, tables, cardroom_section(model, tables, hands)
