"""One situation with seen dealer cards, every game: its dealer counts, exact EVs and best
decision (``crazy4 advantage holecards --hand``), in the game's vocabulary.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.advantage.holecard_engine import most_seen
from crazy4.advantage.holecard_situations import count_cells, forced_shape
from crazy4.advantage.price_kernel import price_situations
from crazy4.analyze.analysis import player_strengths
from crazy4.core.cards import format_card, format_cards, parse_cards
from crazy4.core.decisions import best_decisions, decision_label
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import DECISIONS, GameSpec

IntArray = npt.NDArray[np.int64]


def priced_situation(
    spec: GameSpec, rules: RuleSet, hand: tuple[int, ...], known: tuple[int, ...], seen: int
) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_], int]:
    """The outcome cells of one hand with the dealer cards ``known`` forced, each decision's EV
    numerator, the allowed decisions, and the EVs' denominator.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.registry import load_rules
    >>> cells, ev, allowed, d = priced_situation(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"),
    ...     parse_cards("As Ad 7c 4h 2s"), parse_cards("Kd"), 1)
    >>> d, bool(allowed[0, 3]), int(cells.sum())
    (326370, True, 163185)
    """
    hands = np.array([sorted(hand)], dtype=np.uint8)
    cards = np.array([sorted(known)], dtype=np.int64).reshape(1, len(known))
    cells = count_cells(spec, rules, forced_shape(spec.shape, seen), hands, cards, 1)
    strengths = player_strengths(spec, hands)
    settlement = spec.settlement(rules)
    ev, _ = price_situations(cells, strengths, settlement.nets)
    completions = int(cells[0].sum())
    return cells, ev, settlement.allowed[strengths], completions * settlement.unit


def check_situation(
    spec: GameSpec, hand: tuple[int, ...], up: tuple[int, ...], seen: tuple[int, ...]
) -> None:
    """Refuse impossible situations with one line (InputError).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> check_situation(CRAZY_FOUR_SPEC, parse_cards("Ks Qd 8c 4h 2s"), (), parse_cards("Ks"))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --seen-cards: Ks is also in the player's hand
    """
    shape, title = spec.shape, spec.title
    if not 0 <= len(seen) <= most_seen(shape):
        raise InputError(
            f"--seen-cards: number of cards {len(seen)}: {title} is analysed with 0 to "
            f"{most_seen(shape)} seen hole cards"
        )
    if len(up) != shape.face_up:
        raise InputError(
            f"--up: {title} has {shape.face_up} face-up dealer card(s); {len(up)} given"
        )
    for option, cards in (("--up", up), ("--seen-cards", seen)):
        for card in cards:
            if card in hand:
                raise InputError(f"{option}: {format_card(card)} is also in the player's hand")
    if set(up) & set(seen):
        raise InputError(
            f"--seen-cards: {format_card(sorted(set(up) & set(seen))[0])} is the up card"
        )


def decision_text(
    spec: GameSpec, rules: RuleSet, hand: str, up: str | None, seen: str | None
) -> str:
    """Each allowed decision's exact EV per Ante and the optimal one.

    Examples
    --------
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.registry import load_rules
    >>> print(decision_text(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"), "Ks Qd 8c 4h 2s",
    ...                     None, "Ah"))
    Hand 2s 4h 8c Qd Ks  seen Ah  (crazy4-standard)
      fold -2.000000  (exact -2)
      1x   -3.000000  (exact -3)
    Optimal decision: fold
    """
    cards = parse_cards(hand, count=spec.shape.player_cards)
    seens = parse_cards(seen) if seen else ()
    ups = parse_cards(up, count=1) if up else ()
    check_situation(spec, cards, ups, seens)
    _, ev, allowed, denominator = priced_situation(spec, rules, cards, ups + seens, len(seens))
    decision, tied = best_decisions(ev, allowed)
    shown = " ".join(format_card(card) for card in cards)
    lines = [f"Hand {shown}  seen {' '.join(format_card(c) for c in ups + seens)}  ({rules.name})"]
    for code in range(4):
        if allowed[0, code]:
            exact = Fraction(int(ev[0, code]), denominator)
            lines.append(f"  {decision_label(code):<4} {float(exact):+.6f}  (exact {exact})")
    ties = [decision_label(code) for code in range(4) if tied[0, code]]
    lines.append(f"Optimal decision: {decision_label(int(decision[0]))}")
    if len(ties) > 1:
        lines.append(f"Exact tie between: {', '.join(ties)}")
    return "\n".join(lines)


def situation_text(
    spec: GameSpec, rules: RuleSet, hand: str, up: str | None, seen: str | None
) -> str:
    """One situation's dealer hands counted, each allowed decision's exact EV per Ante, the best.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> print(situation_text(THREE_CARD, rules, "Kh Kd 2c", None, "Ah"))
    Three Card Poker: 2c Kd Kh, seen Ah
    dealer hands: 1,128 (not qualified 0; player higher 915; tie 0; dealer higher 213)
    fold: -1.000000 (exact -1)
    1x: +1.244681 (exact 117/94)
    best: 1x
    """
    shape = spec.shape
    cards = parse_cards(hand, count=shape.player_cards)
    if shape.face_up and up is None:
        raise InputError(f"--up: {spec.title} deals {shape.face_up} dealer card(s) face up")
    if not shape.face_up and up is not None:
        raise InputError(f"--up: {spec.title} deals no dealer card face up")
    ups = parse_cards(up, count=shape.face_up) if up is not None else ()
    seens = parse_cards(seen) if seen else ()
    if len(seens) > shape.dealer_cards - shape.face_up:
        hidden = shape.dealer_cards - shape.face_up
        raise InputError(f"--seen-cards: the dealer has {hidden} hidden card(s)")
    known = (*cards, *ups, *seens)
    if len(set(known)) != len(known):
        raise InputError("--hand, --up and --seen-cards: a card is given twice")
    cells, ev, allowed, denominator = priced_situation(spec, rules, cards, ups + seens, len(seens))
    tied = best_decisions(ev, allowed)[1]
    total = int(cells.sum())
    head = f"{spec.title}: {format_cards(cards)}"
    head += f", up {format_cards(ups)}" if ups else ""
    head += f", seen {format_cards(seens)}" if seens else ""
    counted = (
        f"dealer hands: {total:,} (not qualified {int(cells[0, :3].sum()):,}; player higher "
        f"{int(cells[0, 3]):,}; tie {int(cells[0, 4]):,}; dealer higher {int(cells[0, 5]):,})"
    )
    lines = [head, counted]
    for code, label in enumerate(DECISIONS):
        if allowed[0, code]:
            exact = Fraction(int(ev[0, code]), denominator)
            lines.append(f"{label}: {float(exact):+.6f} (exact {exact})")
    best = [DECISIONS[c] for c in range(4) if tied[0, c]]
    lines.append(f"best: {' or '.join(best)}")
    return "\n".join(lines)


#: The text of one situation in each vocabulary of the hole-card tables.
SITUATION_FORMS = {"rank_groups": situation_text, "chart": decision_text}
