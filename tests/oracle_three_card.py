"""Three Card Poker settled and priced from the rules text alone: a test oracle.

Everything here is written from ``shared/rules/three-card-poker.md``; nothing is imported from
``crazy4`` (only the standard library and numpy). The one thing shared with the package is the
documented card encoding ``card = 4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits
``c d h s``), so that hands can be handed to the package unchanged.

The rules, as read here:

* **Hand values.** Three cards, high to low: straight flush, three of a kind, straight, flush,
  pair, high card (a straight beats a flush). Ace high, and low only in A-2-3, the lowest
  straight (and straight flush); no wrap-around (Q-K-A is a straight, K-A-2 is not). Equal
  categories compare ranks high to low (a pair by its rank, then the kicker; a straight by its
  top card, A-2-3's top card being the three); suits never rank. A value is
  ``category * 13**3 + tie-break`` (three base-13 digits), so values compare like hands and
  equal values tie.
* **Dealer** qualifies with queen high or better.
* **Fold**: the Ante loses; no Play bet.
* **Play** (equal to the Ante). Dealer does not qualify: Ante wins 1:1, Play pushes. Dealer
  qualifies: the higher hand wins Ante and Play 1:1 (the lower loses both), a tie pushes both.
* **Ante Bonus** ("1-4-5": straight 1, three of a kind 4, straight flush 5, to 1 on the Ante),
  paid when the player plays, whatever the dealer holds.
* **Pair Plus** on the player's hand alone, settled even on a fold; loses below a pair. Tables
  name the odds of pair, flush, straight, three of a kind, straight flush: ``"1-4-6-30-40"``.

Deals are enumerated, never sampled: the 22,100 player hands against the 18,424 dealer hands
from the other 49 cards (:func:`all_dealer_counts`); the hole-card player's situations in
``oracle_three_card_holecard.py``.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
from oracle_cards import RANKS as RANKS
from oracle_cards import SUITS as SUITS
from oracle_cards import hand_text as hand_text
from oracle_cards import parse_hand as parse_hand

IntArray = npt.NDArray[np.int64]

ACE, KING, QUEEN = 12, 11, 10

# Categories, low to high (the rules: straight flush > three of a kind > straight > flush >
# pair > high card).
HIGH_CARD, PAIR, FLUSH, STRAIGHT, THREE_OF_A_KIND, STRAIGHT_FLUSH = range(6)
CATEGORY_NAMES = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")
SCALE = 13**3

HANDS = comb(52, 3)  # 22,100
DEALER_HANDS = comb(49, 3)  # 18,424
COMPLETIONS = comb(48, 2)  # 1,128: the dealer's two unseen cards when one is seen


def value_floor(category: int, *ranks: int) -> int:
    """The smallest value of a category whose leading tie-break digits are ``ranks``.

    >>> value_floor(HIGH_CARD, QUEEN) == QUEEN * 13**2
    True
    """
    d = [*ranks, 0, 0, 0][:3]
    return category * SCALE + (d[0] * 13 + d[1]) * 13 + d[2]


#: The dealer qualifies with queen high or better.
QUEEN_HIGH = value_floor(HIGH_CARD, QUEEN)


def hand_values(cards: npt.NDArray[np.integer[Any]]) -> IntArray:
    """Value of each three-card hand (rows of ``cards``, shape ``(n, 3)``).

    >>> def value(text):
    ...     return int(hand_values(np.array([parse_hand(text)]))[0])
    >>> value("3c 2d Ah") // SCALE == STRAIGHT and value("4c 3d 2h") > value("3c 2d Ah")
    True
    >>> value("Kc Ad 2h") // SCALE == HIGH_CARD  # no wrap-around
    True
    >>> value("Ac Kd Qh") > value("9c 5c 2c")  # a straight beats a flush
    True
    >>> value("2c 2d 2h") > value("Ac Kd Qh")  # three of a kind beats a straight
    True
    >>> value("Qc 6d 4h") == value("Qs 6c 4d")  # suits never rank
    True
    """
    c = np.asarray(cards, dtype=np.int64)
    r = np.sort(c // 4, axis=1)[:, ::-1]  # high to low
    s = c % 4
    r0, r1, r2 = r[:, 0], r[:, 1], r[:, 2]
    trips = (r0 == r1) & (r1 == r2)
    pair = ~trips & ((r0 == r1) | (r1 == r2))
    distinct = (r0 != r1) & (r1 != r2)
    flush = (s[:, 0] == s[:, 1]) & (s[:, 1] == s[:, 2])
    wheel = (r0 == ACE) & (r1 == 1) & (r2 == 0)  # A-2-3
    straight = distinct & ((r0 - r2 == 2) | wheel)
    top = np.where(wheel, 1, r0)
    category = np.select(
        [straight & flush, trips, straight, flush, pair],
        [STRAIGHT_FLUSH, THREE_OF_A_KIND, STRAIGHT, FLUSH, PAIR],
        HIGH_CARD,
    )
    zero = np.zeros_like(r0)
    digits = np.stack([r0, r1, r2], axis=1)  # high card and flush: rank by rank
    kicker = np.where(r0 == r1, r2, r0)  # the middle card is always in a pair
    for mask, cols in (
        (pair, (r1, r1, kicker)),
        (trips, (r0, zero, zero)),
        (straight, (top, zero, zero)),
    ):
        digits[mask] = np.stack(cols, axis=1)[mask]
    values: IntArray = category * SCALE + (digits[:, 0] * 13 + digits[:, 1]) * 13 + digits[:, 2]
    return values


def hand_value(cards: Sequence[int] | str) -> int:
    """Value of one hand.

    >>> hand_value("Qh 6c 4d") == value_floor(HIGH_CARD, QUEEN, 4, 2)
    True
    """
    listed = parse_hand(cards) if isinstance(cards, str) else list(cards)
    if len(listed) == 3 and len(set(listed)) == 3 and all(0 <= c < 52 for c in listed):
        return _value_of_hand()[tuple(sorted(listed))]  # the same values, listed once
    return int(hand_values(np.array([listed]))[0])


@cache
def _value_of_hand() -> dict[tuple[int, ...], int]:
    """:func:`hand_values` of every hand, by its sorted cards (one vectorized call)."""
    hands = all_hands()
    return dict(zip(map(tuple, hands.cards.tolist()), hands.values.tolist(), strict=True))


def category_of(values: npt.NDArray[np.integer[Any]] | int) -> Any:
    """Category of each value (0 high card .. 5 straight flush)."""
    return np.asarray(values) // SCALE


@dataclass(frozen=True)
class AllHands:
    """Every three-card hand in :func:`itertools.combinations` order."""

    cards: IntArray  # (22100, 3)
    masks: npt.NDArray[np.uint64]
    values: IntArray


@cache
def all_hands() -> AllHands:
    """All C(52, 3) = 22,100 hands with their card masks and values."""
    cards = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
    return AllHands(cards=cards, masks=masks, values=hand_values(cards))


# --------------------------------------------------------------------------------------------
# Rules


STANDARD_BONUS = {"straight": Fraction(1), "three_of_a_kind": Fraction(4),
                  "straight_flush": Fraction(5)}  # fmt: skip


@dataclass(frozen=True)
class Rules:
    """A Three Card Poker rule set: the standard one unless told otherwise.

    ``ante_bonus`` and ``pair_plus`` map category names (``"straight"``, ``"three_of_a_kind"``,
    ``"straight_flush"``, ``"pair"``, ``"flush"``) to odds "to 1". The switches: ``ties``
    (``"push"``, the rules text; ``"player"``, ``"dealer"``), what a non-qualifying dealer
    does to the Ante and the Play bet (``"wins"`` or ``"push"``), and whether the Ante Bonus
    is paid only with a Play bet (the rules text) or on a fold too.
    """

    qualifier: int = QUEEN_HIGH
    ante_bonus: Mapping[str, Fraction] = field(default_factory=lambda: dict(STANDARD_BONUS))
    pair_plus: Mapping[str, Fraction] = field(
        default_factory=lambda: pair_plus_table("1-4-6-30-40")
    )
    ties: str = "push"
    not_qualified_ante: str = "wins"
    not_qualified_play: str = "push"
    bonus_only_with_play: bool = True


def read_rules(text: str, pair_plus: str | None = None) -> Rules:
    """Read a Three Card Poker rule file's TOML (the format of ``three-card-standard.toml``:
    ``[dealer] qualifier, ties``, ``[not_qualified] ante, play``, ``[ante_bonus]
    paid_only_with_play`` and ``pays``, ``[[pair_plus]] name, pays``), on the Pair Plus table
    named ``pair_plus`` (default: the file's first).
    """
    data = tomllib.loads(text)
    if data.get("game") != "three-card-poker":
        raise ValueError(f"{data.get('name')} is not a Three Card Poker rule set")
    words = str(data["dealer"].get("qualifier", "none")).split()
    if words == ["none"]:
        qualifier = 0
    elif len(words) == 2 and words[1] == "high" and words[0].upper() in RANKS:
        qualifier = value_floor(HIGH_CARD, RANKS.index(words[0].upper()))
    else:
        raise ValueError(f"the oracle cannot read the qualifier {' '.join(words)!r}")
    if data.get("play", {}).get("multiples", [1]) != [1]:
        raise ValueError("the rules text's Play bet equals the Ante")
    tables = {str(t["name"]): {k: Fraction(str(v)) for k, v in t["pays"].items()}
              for t in data.get("pair_plus", [])}  # fmt: skip
    bonus = data.get("ante_bonus", {})
    rules = Rules(
        qualifier=qualifier,
        ante_bonus={k: Fraction(str(v)) for k, v in bonus.get("pays", {}).items()},
        pair_plus=tables[pair_plus] if pair_plus else next(iter(tables.values()), {}),
        ties=str(data["dealer"].get("ties", "push")),
        not_qualified_ante=str(data.get("not_qualified", {}).get("ante", "wins")),
        not_qualified_play=str(data.get("not_qualified", {}).get("play", "push")),
        bonus_only_with_play=bool(bonus.get("paid_only_with_play", True)),
    )
    unknown = {*rules.ante_bonus, *rules.pair_plus} - set(PAIR_PLUS_LINES)
    if (
        unknown
        or rules.ties not in TIES
        or {rules.not_qualified_ante, rules.not_qualified_play} - set(NOT_QUALIFIED)
    ):
        raise ValueError(f"the oracle cannot read {data.get('name')}: {unknown or 'a switch'}")
    return rules


TIES = {"push": 0, "player": 1, "dealer": -1}
NOT_QUALIFIED = {"wins": 1, "push": 0}


#: Pair Plus lines in the order the published tables list them.
PAIR_PLUS_LINES = ("pair", "flush", "straight", "three_of_a_kind", "straight_flush")
LINE_CATEGORY = {
    "pair": PAIR,
    "flush": FLUSH,
    "straight": STRAIGHT,
    "three_of_a_kind": THREE_OF_A_KIND,
    "straight_flush": STRAIGHT_FLUSH,
}


def pair_plus_table(table: str) -> dict[str, Fraction]:
    """A published Pair Plus table ``"1-4-6-30-40"`` (pair, flush, straight, three of a kind,
    straight flush) as odds by line.

    >>> pair_plus_table("1-3-6-30-40")["flush"]
    Fraction(3, 1)
    """
    odds = [Fraction(part) for part in table.split("-")]
    if len(odds) != len(PAIR_PLUS_LINES):
        raise ValueError(f"a Pair Plus table has five lines, not {table!r}")
    return dict(zip(PAIR_PLUS_LINES, odds, strict=True))


def pays_by_category(table: Mapping[str, Fraction]) -> list[Fraction | None]:
    """The odds paid by each category (None: the table does not pay it)."""
    out: list[Fraction | None] = [None] * len(CATEGORY_NAMES)
    for line, paid in table.items():
        out[LINE_CATEGORY[line]] = Fraction(paid)
    return out


# --------------------------------------------------------------------------------------------
# Settlement


def settle(
    player: Sequence[int] | str,
    dealer: Sequence[int] | str,
    decision: str,
    rules: Rules | None = None,
) -> dict[str, Fraction]:
    """Each wager's net for one round, per unit of Ante (Pair Plus per unit of its wager).

    Parameters
    ----------
    player, dealer : three cards each (codes, or text ``"Qs 6d 4h"``)
    decision : ``"fold"`` or ``"play"``
    rules : Rules, optional (the standard rules)

    Returns
    -------
    dict
        ``ante`` (Ante won or lost, excluding the bonus), ``play``, ``ante_bonus`` and
        ``pair_plus``.

    >>> nets = settle("Kh Kd 2c", "Qs 9d 4h", "play")  # qualified, player higher
    >>> [int(nets[k]) for k in ("ante", "play", "ante_bonus", "pair_plus")]
    [1, 1, 0, 1]
    >>> nets = settle("5h 4d 3c", "Js 9d 4s", "play")  # dealer does not qualify: Play pushes
    >>> nets["ante"], nets["play"], nets["ante_bonus"]
    (Fraction(1, 1), Fraction(0, 1), Fraction(1, 1))
    >>> settle("Jh Jd Js", "Ac Ad 3s", "fold")["pair_plus"]  # settled even on a fold
    Fraction(30, 1)
    """
    rules = rules or Rules()
    cards = [parse_hand(h) if isinstance(h, str) else list(h) for h in (player, dealer)]
    if len(cards[0]) != 3 or len(cards[1]) != 3 or len(set(cards[0]) | set(cards[1])) != 6:
        raise ValueError("the hands must be six different cards, three each")
    if decision not in ("fold", "play"):
        raise ValueError(f"a decision is fold or play, not {decision!r}")
    mine, theirs = hand_value(cards[0]), hand_value(cards[1])
    category = mine // SCALE
    pp = pays_by_category(rules.pair_plus)[category]
    pair_plus = Fraction(-1) if pp is None else pp
    paid = pays_by_category(rules.ante_bonus)[category]
    bonus = Fraction(0) if paid is None else paid
    if decision == "fold":
        ante, play = -1, 0
        bonus = Fraction(0) if rules.bonus_only_with_play else bonus
    elif theirs < rules.qualifier:
        ante = NOT_QUALIFIED[rules.not_qualified_ante]
        play = NOT_QUALIFIED[rules.not_qualified_play]
    else:
        ante = play = (mine > theirs) - (mine < theirs) if mine != theirs else TIES[rules.ties]
    return {
        "ante": Fraction(ante),
        "play": Fraction(play),
        "ante_bonus": bonus,
        "pair_plus": pair_plus,
    }


# --------------------------------------------------------------------------------------------
# Dealer outcome counts, enumerated

OUTCOMES = ("lower", "tie", "higher", "not_qualified")


def _outcome_counts(
    player_values: IntArray, player_masks: npt.NDArray[np.uint64], qualifier: int, chunk: int
) -> IntArray:
    """(n, 4) counts of dealer hands disjoint from each player hand: qualified and lower, tie,
    higher, and not qualified; every dealer hand listed."""
    hands = all_hands()
    out = np.zeros((player_values.shape[0], 4), dtype=np.int64)
    qualified = hands.values >= qualifier
    dv = hands.values[qualified]
    dm = hands.masks[qualified]
    nq_masks = hands.masks[~qualified]
    for lo in range(0, player_values.shape[0], chunk):
        pv = player_values[lo : lo + chunk, None]
        pm = player_masks[lo : lo + chunk, None]
        free = (dm[None, :] & pm) == 0
        out[lo : lo + chunk, 0] = (free & (dv[None, :] < pv)).sum(axis=1)
        out[lo : lo + chunk, 1] = (free & (dv[None, :] == pv)).sum(axis=1)
        out[lo : lo + chunk, 2] = (free & (dv[None, :] > pv)).sum(axis=1)
        out[lo : lo + chunk, 3] = ((nq_masks[None, :] & pm) == 0).sum(axis=1)
    return out


@cache
def all_dealer_counts(qualifier: int = QUEEN_HIGH) -> IntArray:
    """For each of the 22,100 player hands (:func:`all_hands` order), the dealer hands from
    the other 49 cards: (lower, tie, higher, not qualified), all 18,424 listed."""
    hands = all_hands()
    counts = _outcome_counts(hands.values, hands.masks, qualifier, chunk=400)
    assert (counts.sum(axis=1) == DEALER_HANDS).all()
    return counts


def dealer_counts(cards: Sequence[int] | str, qualifier: int = QUEEN_HIGH) -> dict[str, int]:
    """The 18,424 dealer hands a player hand faces, by outcome: ``lower``, ``tie``,
    ``higher`` (a qualifying dealer hand below, equal to, above the player's) and
    ``not_qualified``.

    >>> counts = dealer_counts("Qh 6c 4d")
    >>> sum(counts.values())
    18424
    """
    listed = parse_hand(cards) if isinstance(cards, str) else list(cards)
    if len(set(listed)) != 3:
        raise ValueError("a hand is three different cards")
    value = np.array([hand_value(listed)])
    mask = np.array([sum(1 << c for c in listed)], dtype=np.uint64)
    row = _outcome_counts(value, mask, qualifier, chunk=1)[0]
    return dict(zip(OUTCOMES, (int(x) for x in row), strict=True))


# --------------------------------------------------------------------------------------------
# Exact prices


def bonus_odds(values: IntArray, table: Mapping[str, Fraction]) -> list[Fraction]:
    """The Ante Bonus odds of each hand (0 where the table pays nothing)."""
    pays = pays_by_category(table)
    return [Fraction(0) if pays[c] is None else pays[c] for c in category_of(values).tolist()]  # type: ignore[misc]


def play_evs(
    counts: IntArray, bonus: Sequence[Fraction], deals: int, rules: Rules
) -> list[Fraction]:
    """Exact EV per Ante of Play for each row of (lower, tie, higher, not qualified) counts:
    a non-qualifying dealer settles Ante and Play by the rules' switches (standard: +1, 0); a
    qualifying one loses both when lower, wins both when higher, ties by ``ties``; plus the
    Ante Bonus."""
    tie = 2 * TIES[rules.ties]
    nq = NOT_QUALIFIED[rules.not_qualified_ante] + NOT_QUALIFIED[rules.not_qualified_play]
    return [
        Fraction(int(2 * lower + tie * ties - 2 * higher + nq * not_qualified), deals) + b
        for (lower, ties, higher, not_qualified), b in zip(counts.tolist(), bonus, strict=True)
    ]


def fold_ev(bonus: Fraction, rules: Rules) -> Fraction:
    """EV per Ante of a fold: the Ante lost, plus the Ante Bonus unless only paid on Play."""
    return Fraction(-1) + (0 if rules.bonus_only_with_play else bonus)


@dataclass(frozen=True)
class StrategyEdge:
    """Ante + Play under the optimal strategy."""

    house_edge: Fraction  # per Ante
    element_of_risk: Fraction  # per unit wagered (Ante + Play)
    plays: int  # player hands (of 22,100) that play
    lowest_played: int  # the value of the lowest hand that plays
    highest_folded: int
    exact_ties: int  # hands where folding and playing have the same EV


def optimal_strategy_edge(rules: Rules | None = None) -> StrategyEdge:
    """The exact house edge of Ante + Play (Ante Bonus included) under optimal play: each hand
    plays when Play's exact EV exceeds folding's, over all 22,100 × 18,424 deals.

    >>> edge = optimal_strategy_edge()
    >>> float(edge.house_edge) > 0.03
    True
    """
    rules = rules or Rules()
    hands = all_hands()
    counts = all_dealer_counts(rules.qualifier)
    bonus = bonus_odds(hands.values, rules.ante_bonus)
    evs = play_evs(counts, bonus, DEALER_HANDS, rules)
    folds = [fold_ev(b, rules) for b in bonus]
    play = np.array([ev > fold for ev, fold in zip(evs, folds, strict=True)])
    ties = sum(ev == fold for ev, fold in zip(evs, folds, strict=True))
    total = sum(map(max, evs, folds), Fraction(0))
    mean = total / HANDS
    wagered = 1 + Fraction(int(play.sum()), HANDS)
    return StrategyEdge(
        house_edge=-mean,
        element_of_risk=-mean / wagered,
        plays=int(play.sum()),
        lowest_played=int(hands.values[play].min()),
        highest_folded=int(hands.values[~play].max()),
        exact_ties=ties,
    )


def pair_plus_edge(table: str | Mapping[str, Fraction]) -> Fraction:
    """The exact house edge of a Pair Plus table over all 22,100 hands.

    >>> pair_plus_edge("1-4-6-30-40") > 0
    True
    """
    odds = pair_plus_table(table) if isinstance(table, str) else dict(table)
    pays = pays_by_category(odds)
    cats = np.bincount(category_of(all_hands().values), minlength=len(CATEGORY_NAMES))
    total = sum(
        (
            int(n) * (Fraction(-1) if p is None else p)
            for n, p in zip(cats.tolist(), pays, strict=True)
        ),
        Fraction(0),
    )
    return -total / HANDS
