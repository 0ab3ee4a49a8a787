"""One situation with seen dealer cards: its exact dealer counts, EVs and best decision.

``crazy4 advantage holecards --hand ... --seen-cards ...`` prints it; the detector and the
simulator's hole-card strategy decide the same way for the situations they meet.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.advantage.price_kernel import price_situations
from crazy4.core.cards import colex_indices, format_card
from crazy4.core.decisions import best_decisions, decision_label
from crazy4.core.forced import completions, count_forced
from crazy4.core.ranking import build_best_four_strengths
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import game_of


def check_situation(
    rules: RuleSet, hand: tuple[int, ...], up: tuple[int, ...], seen: tuple[int, ...]
) -> None:
    """Refuse impossible situations with one line (InputError).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> check_situation(load_rules("crazy4-standard"), parse_cards("Ks Qd 8c 4h 2s"), (),
    ...                 parse_cards("Ks"))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --seen-cards: Ks is also in the player's hand
    """
    game = game_of(rules)
    role = game.hole_cards()
    if not 0 <= len(seen) <= role.most_seen:
        raise InputError(
            f"--seen-cards: number of cards {len(seen)}: {game.title} is analysed with 0 to "
            f"{role.most_seen} seen hole cards"
        )
    if len(up) != role.face_up:
        raise InputError(
            f"--up: {game.title} has {role.face_up} face-up dealer card(s); {len(up)} given"
        )
    for option, cards in (("--up", up), ("--seen-cards", seen)):
        for card in cards:
            if card in hand:
                raise InputError(f"{option}: {format_card(card)} is also in the player's hand")
    if set(up) & set(seen):
        raise InputError(
            f"--seen-cards: {format_card(sorted(set(up) & set(seen))[0])} is the up card"
        )


def situation_evs(
    rules: RuleSet, hands: npt.NDArray[np.integer], forced: npt.NDArray[np.integer]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_], int]:
    """EV numerators of fold, 1x, 2x, 3x for each (hand, forced dealer cards) row, the allowed
    decisions, and the common denominator.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> ev, allowed, d = situation_evs(load_rules("crazy4-standard"),
    ...     np.array([parse_cards("As Ad 7c 4h 2s")]), np.array([parse_cards("Kd")]))
    >>> d, bool(allowed[0, 3])
    (326370, True)
    """
    role = game_of(rules).hole_cards()
    settlement = role.settlement(rules)
    hands64 = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    strengths = build_best_four_strengths(5)[colex_indices(hands64)].astype(np.int64)
    n = hands64.shape[0]
    forced64 = np.asarray(forced, dtype=np.int64).reshape(n, -1)
    n_completions = completions(role.dealer_size, forced64.shape[1])
    below = count_forced(
        hands64, np.arange(n), forced64, role.thresholds(rules, strengths), role.dealer_size
    ).astype(np.int64)
    cells = role.cells_from_counts(below, n_completions)
    ev, _ = price_situations(cells, strengths, settlement.nets)
    return ev, settlement.allowed[strengths], n_completions * settlement.unit


def situation_text(
    rules: RuleSet, hand: tuple[int, ...], up: tuple[int, ...], seen: tuple[int, ...]
) -> str:
    """The lines ``crazy4 advantage holecards --hand`` prints for one situation."""
    check_situation(rules, hand, up, seen)
    ev, allowed, denominator = situation_evs(rules, np.array([hand]), np.array([up + seen]))
    decision, tied = best_decisions(ev, allowed)
    shown = " ".join(format_card(card) for card in hand)
    lines = [f"Hand {shown}  seen {' '.join(format_card(c) for c in up + seen)}  ({rules.name})"]
    for code in range(4):
        if allowed[0, code]:
            exact = Fraction(int(ev[0, code]), denominator)
            lines.append(f"  {decision_label(code):<4} {float(exact):+.6f}  (exact {exact})")
    ties = [decision_label(code) for code in range(4) if tied[0, code]]
    lines.append(f"Optimal decision: {decision_label(int(decision[0]))}")
    if len(ties) > 1:
        lines.append(f"Exact tie between: {', '.join(ties)}")
    return "\n".join(lines)
