"""The Four Card Poker side of ``crazy4 analyze`` and ``crazy4 hand`` (dispatched on the
rule set's ``game`` by :mod:`crazy4.cli.main`)."""

from __future__ import annotations

import argparse
import json


def hand_command(cards: tuple[int, ...], args: argparse.Namespace) -> int:
    """Print the exact counts, EVs and decision of one hand against one up card."""
    from crazy4.cli.main import print_counts, print_decisions
    from crazy4.core.cards import parse_card
    from crazy4.errors import InputError
    from crazy4.games.four_card.hand import four_card_hand_result
    from crazy4.rules.ruleset import load_rules

    if args.up is None:
        raise InputError(f"rule set {args.rules!r} is Four Card Poker: give the up card, --up Kd")
    result = four_card_hand_result(cards, parse_card(args.up), load_rules(args.rules))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    total = int(result["hidden_completions"])  # type: ignore[call-overload]
    outcomes = result["dealer_outcomes"]
    categories = result["dealer_categories"]
    assert isinstance(outcomes, dict) and isinstance(categories, dict)
    print(f"Hand {result['hand']}, dealer up card {result['up_card']}  ({result['rule_set']})")
    print(f"Best four: {result['best_four']}  ({result['best_hand']}; {result['category']})")
    print(f"Hidden dealer completions (5 of the other 46 cards): {total:,}")
    print_counts(outcomes.items(), total)
    print("Dealer's best four by category:")
    print_counts(categories.items(), total)
    print(f"Ante Bonus: {result['ante_bonus']}")
    print_decisions(result, "EV per unit of Ante (Ante + Play + Ante Bonus):")
    return 0
