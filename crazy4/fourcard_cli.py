"""The Four Card Poker side of ``crazy4 analyze`` and ``crazy4 hand`` (dispatched on the
rule set's ``game`` by :mod:`crazy4.cli`)."""

from __future__ import annotations

import argparse
import json


def hand_command(cards: tuple[int, ...], args: argparse.Namespace) -> int:
    """Print the exact counts, EVs and decision of one hand against one up card."""
    from crazy4.cards import parse_card
    from crazy4.errors import InputError
    from crazy4.fourcard_hand import four_card_hand_result
    from crazy4.rules import load_rules

    if args.up is None:
        raise InputError(f"rule set {args.rules!r} is Four Card Poker: give the up card, --up Kd")
    result = four_card_hand_result(cards, parse_card(args.up), load_rules(args.rules))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    total = int(result["hidden_completions"])  # type: ignore[call-overload]
    outcomes = result["dealer_outcomes"]
    categories = result["dealer_categories"]
    evs = result["ev_per_ante"]
    side_bets = result["side_bets"]
    assert isinstance(outcomes, dict) and isinstance(categories, dict)
    assert isinstance(evs, dict) and isinstance(side_bets, dict)
    print(f"Hand {result['hand']}, dealer up card {result['up_card']}  ({result['rule_set']})")
    print(f"Best four: {result['best_four']}  ({result['best_hand']}; {result['category']})")
    print(f"Hidden dealer completions (5 of the other 46 cards): {total:,}")
    for label, count in outcomes.items():
        print(f"  {label:<24}{count:>10,}  {count / total:8.4%}")
    print("Dealer's best four by category:")
    for label, count in categories.items():
        print(f"  {label:<24}{count:>10,}  {count / total:8.4%}")
    print(f"Ante Bonus: {result['ante_bonus']}")
    print("EV per unit of Ante (Ante + Play + Ante Bonus):")
    for label, ev in evs.items():
        text = "not allowed" if ev is None else f"{ev['value']:+.6f}  (exact {ev['exact']})"
        print(f"  {label:<5} {text}")
    tie = result["exact_tie"]
    note = f"  (exact tie: {' = '.join(tie)})" if tie else ""  # type: ignore[arg-type]
    print(f"Optimal decision: {result['optimal_decision']}{note}")
    for name, outcome in side_bets.items():
        print(f"{name}: {outcome}")
    return 0
