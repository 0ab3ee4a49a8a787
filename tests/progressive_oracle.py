"""An independent settlement of the progressive, written from the rules text for the tests.

Five cards are classified by a plain evaluator (no crazy4 code); the pay lines and the envy
are read from the rule file's ``[progressive]`` section with :mod:`tomllib`; the hand counts
out of C(52, 5) are the textbook ones.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "crazy4" / "rules" / "data"
#: Five-card hands of each category out of C(52, 5) = 2,598,960 (any poker probability table).
TEXTBOOK = {
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three_of_a_kind": 54912,
    "two_pair": 123552,
    "pair": 1098240,
    "high_card": 1302540,
}
HANDS = 2598960
RANKS, SUITS = "23456789TJQKA", "cdhs"


def card_text(text: str) -> tuple[int, int]:
    """(rank 0-12, suit 0-3) of a card such as ``"As"``."""
    return RANKS.index(text[0].upper()), SUITS.index(text[1].lower())


def classify(hand: str) -> str:
    """The five-card poker category of a hand written ``"As Kd 8c 4h 2s"``."""
    cards = [card_text(word) for word in hand.split()]
    assert len(set(cards)) == 5
    ranks = sorted(rank for rank, _ in cards)
    flush = len({suit for _, suit in cards}) == 1
    straight = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    shape = sorted(Counter(ranks).values(), reverse=True)
    if straight and flush:
        return "royal_flush" if ranks[0] == 8 else "straight_flush"
    if shape[0] == 4:
        return "four_of_a_kind"
    if shape == [3, 2]:
        return "full_house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if shape[0] == 3:
        return "three_of_a_kind"
    if shape == [2, 2, 1]:
        return "two_pair"
    return "pair" if shape[0] == 2 else "high_card"


def _share(value: object) -> Fraction:
    text = str(value)
    return Fraction(text.removesuffix("%")) / 100 if text.endswith("%") else Fraction(text)


class Oracle:
    """A rule file's progressive as its text says."""

    def __init__(self, name: str) -> None:
        section = tomllib.loads((RULES / f"{name}.toml").read_text())["progressive"]
        self.wager = Fraction(str(section["wager"]))
        self.reset = Fraction(str(section["reset"]))
        self.lines: dict[str, tuple[Fraction, Fraction]] = {}
        for hand, value in section["pays"].items():
            if isinstance(value, dict):
                share = _share(value.get("meter", 0))
                self.lines[hand] = (share, Fraction(str(value.get("fixed", 0))))
            else:
                self.lines[hand] = (Fraction(0), Fraction(str(value)))
        self.envy = {line["hand"]: Fraction(str(line["pays"])) for line in section["envy"]}

    def paid(self, category: str, meter: Fraction) -> Fraction:
        """The line's payout (0: none)."""
        share, fixed = self.lines.get(category, (Fraction(0), Fraction(0)))
        return share * meter + fixed

    def net(self, hand: str, others: list[str], meter: Fraction) -> Fraction:
        """A seat's net: its line, the envy on the other seats' hands, less the wager."""
        envy = sum((self.envy.get(classify(other), Fraction(0)) for other in others), Fraction(0))
        return self.paid(classify(hand), meter) + envy - self.wager

    def exact_mean(self, meter: Fraction, others: int) -> Fraction:
        """R(M, k) - 1 per dollar wagered, from the textbook counts."""
        line = sum((n * self.paid(c, meter) for c, n in TEXTBOOK.items()), Fraction(0))
        envy = sum((n * self.envy.get(c, Fraction(0)) for c, n in TEXTBOOK.items()), Fraction(0))
        return (line + others * envy) / (HANDS * self.wager) - 1

    def one_seat_variance(self, meter: Fraction) -> Fraction:
        """Var of one lone seat's net per dollar wagered."""
        mean = self.exact_mean(meter, 0) + 1
        square = sum((n * self.paid(c, meter) ** 2 for c, n in TEXTBOOK.items()), Fraction(0))
        return square / (HANDS * self.wager**2) - mean**2

    def one_seat_hits(self, meter: Fraction) -> Fraction:
        """P(a lone seat nets more than 0)."""
        won = sum(n for c, n in TEXTBOOK.items() if self.paid(c, meter) > self.wager)
        return Fraction(won, HANDS)
