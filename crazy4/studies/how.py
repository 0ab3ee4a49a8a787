"""S. How's Four Card Poker collusion (2010) as he ran it: six seats share one number, how many
cards of the dealer's up-card rank the table holds, and play his count-adjusted simple strategy.

The strategy is data: ``data/how_four_card.csv``, one row per (hand, the pair's rank against the
up card's, the table's count), each marked ``How`` (published, quoted in issue 28) or ``simple
strategy`` (completed from the published simple strategy). :func:`how_grid` checks that every
cell has exactly one decision; the code holds no decision of its own.

On the same seeded deals of six seats and the up card, every seat's EV of every decision is
computed exactly given all the table's cards, so a strategy that depends only on what a seat
knows has its exact conditional EV per deal, and the mean over deals estimates its EV without
bias. Five strategies are valued: ``honest`` (the exact optimum without the count), ``simple``,
``how`` (his table), ``count`` (the exact optimum given the count; the expensive one) and
``full`` (every card shared). Each edge is a control-variate estimate: a baseline's exact edge
minus the mean difference on the same deals, with that difference's standard error.

Examples
--------
>>> rows = read_how_table()
>>> [(r.hand, r.pair_vs_up, r.count, r.decision) for r in rows if r.hand == "pair of 8s"][-2:]
[('pair of 8s', 'below', '3', '3x'), ('pair of 8s', 'at or above', 'any', '1x')]
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS
from crazy4.core.ranking import HandCategory, build_four_card_table
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: Hand classes of the table: the pairs by rank (0 = 2s .. 12 = aces), then these.
AK_HIGH, OTHER_HIGH, TWO_PAIR_UP = 13, 14, 15
#: Relations of a pair to the up card: index 0 ``below``, 1 ``at or above``.
RELATIONS = ("below", "at or above")
DECISION_CODES = {"fold": 0, "1x": 1, "2x": 2, "3x": 3}
SOURCES = ("How", "simple strategy")


@dataclass(frozen=True)
class HowRow:
    """One row of the table (strings as written)."""

    hand: str
    pair_vs_up: str
    count: str
    decision: str
    source: str


def read_how_table(text: str | None = None) -> list[HowRow]:
    """The rows of ``data/how_four_card.csv`` (or of ``text``, CSV with the same columns).

    Raises
    ------
    InputError
        For a row with an unknown decision or source (naming the row).
    """
    if text is None:
        text = files("crazy4.studies").joinpath("data/how_four_card.csv").read_text("utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    rows = []
    for number, record in enumerate(csv.DictReader(io.StringIO("\n".join(lines))), start=2):
        row = HowRow(**{key: value.strip() for key, value in record.items()})
        if row.decision not in DECISION_CODES or row.source not in SOURCES:
            raise InputError(f"How's table, row {number}: {row.decision!r} / {row.source!r}")
        rows.append(row)
    return rows


def _hand_class(hand: str) -> int:
    """The class index of a ``hand`` cell."""
    if hand.startswith("pair of ") and hand.endswith("s") and hand[8:-1] in RANKS:
        return RANKS.index(hand[8:-1])
    names = {"A-K high": AK_HIGH, "other high card": OTHER_HIGH, "two pair or better": TWO_PAIR_UP}
    if hand not in names:
        raise InputError(f"How's table: unknown hand {hand!r}")
    return names[hand]


def how_grid(rows: list[HowRow]) -> npt.NDArray[np.int64]:
    """Decision codes by (hand class, relation, count), shape ``(16, 2, 4)``.

    Raises
    ------
    InputError
        If a cell has no decision or more than one.

    Examples
    --------
    >>> grid = how_grid(read_how_table())
    >>> grid[RANKS.index("8"), 0].tolist(), grid[AK_HIGH, 1].tolist()
    ([0, 1, 1, 3], [0, 0, 0, 1])
    """
    grid = np.full((16, 2, 4), -1, dtype=np.int64)
    for row in rows:
        kind = _hand_class(row.hand)
        relations = range(2) if row.pair_vs_up == "any" else [RELATIONS.index(row.pair_vs_up)]
        counts = range(4) if row.count == "any" else [int(row.count)]
        for relation in relations:
            for count in counts:
                if grid[kind, relation, count] >= 0:
                    raise InputError(f"How's table: {row.hand}, {row.pair_vs_up}, {row.count} "
                                     "has two decisions")  # fmt: skip
                grid[kind, relation, count] = DECISION_CODES[row.decision]
    impossible = [(RANKS.index("A"), 0)]  # no pair of aces is below the up card
    missing = [c for c in np.argwhere(grid < 0).tolist() if tuple(c[:2]) not in impossible]
    if missing:
        raise InputError(f"How's table: no decision for (class, relation, count) {missing[0]}")
    return grid


@cache
def published_grid() -> npt.NDArray[np.int64]:
    """:func:`how_grid` of the shipped table (read once per process)."""
    return how_grid(read_how_table())


def hand_classes(
    strengths: npt.NDArray[np.int64], up_ranks: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each hand's class in the table and its relation to the up card (0 below, 1 at or above,
    as is every hand without a pair).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> hands = ["8s 8d 2c 4h 5s", "As Kd 9c 7h 2s", "As Qd 9c 7h 2s", "3s 3d 4c 4h Ks"]
    >>> strengths = np.array([hand_strength(parse_cards(h)) for h in hands])
    >>> kinds, relation = hand_classes(strengths, np.array([RANKS.index("9")] * 4))
    >>> kinds.tolist(), relation.tolist()
    ([6, 13, 14, 15], [0, 1, 1, 1])
    """
    raw = build_four_card_table()[1][np.asarray(strengths, dtype=np.int64)]
    category = raw // 13**4
    top = (raw // 13**3) % 13
    second = (raw // 13**2) % 13
    kinds = np.where(category > HandCategory.PAIR, TWO_PAIR_UP, OTHER_HIGH)
    kinds = np.where((category == HandCategory.HIGH_CARD) & (top == 12) & (second == 11),
                     AK_HIGH, kinds)  # fmt: skip
    kinds = np.where(category == HandCategory.PAIR, top, kinds).astype(np.int64)
    below = (category == HandCategory.PAIR) & (top < up_ranks)
    return kinds, np.where(below, 0, 1).astype(np.int64)


def how_decisions(
    grid: npt.NDArray[np.int64],
    strengths: npt.NDArray[np.int64],
    up: npt.NDArray[np.int64],
    hands: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """How's decision of every seat of every deal.

    Parameters
    ----------
    grid : ndarray, shape (16, 2, 4)
        :func:`how_grid`.
    strengths : ndarray of int64, shape (deals, k)
        Each seat's best-four strength.
    up : ndarray of int64, shape (deals,)
        The up card.
    hands : ndarray of int64, shape (deals, k, 5)
        The seats' cards (the count is the table's copies of the up card's rank).

    Returns
    -------
    ndarray of int64, shape (deals, k)
    """
    up_rank = up // 4
    count = (hands // 4 == up_rank[:, None, None]).sum(axis=(1, 2))
    kinds, relation = hand_classes(strengths, np.broadcast_to(up_rank[:, None], strengths.shape))
    decided: npt.NDArray[np.int64] = grid[kinds, relation, count[:, None]]
    return decided


def check_rules(rules: RuleSet, grid: npt.NDArray[np.int64]) -> None:
    """Refuse a rule set that is not Four Card Poker or does not allow a decision of the table.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> check_rules(load_rules("crazy4-standard"), how_grid(read_how_table()))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: 'crazy4-standard' is not a Four Card Poker rule set
    """
    from crazy4.games.four_card.rules import four_card_rules

    chosen = four_card_rules(rules)
    for code in np.unique(grid[grid > 0]).tolist():
        if code not in chosen.play.multiples:
            raise InputError(f"{rules.name}: How's table plays {code}x; the rules do not allow it")
