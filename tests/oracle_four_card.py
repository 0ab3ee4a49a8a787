"""Four Card Poker settled and priced from the rules text alone: a test oracle.

Everything here is written from ``shared/rules/four-card-poker.md`` and the rule files
``crazy4/rules/data/four-card-*.toml`` (read with :mod:`tomllib`); nothing is imported from
``crazy4`` (only the standard library, numpy and pandas). The one thing shared with the package
is the documented card encoding ``card = 4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits
``c d h s``), so that hands can be handed to the package's command line unchanged.

The rules, as read here:

* **Hand values.** The player plays the best four of five cards, the dealer the best four of
  six (one of the six, the up card, face up). Four-card categories, high to low: four of a
  kind, straight flush, three of a kind, flush, straight, two pair, pair, high card. Ace high,
  and low only in A-2-3-4 (the lowest straight); no wrap-around; suits never rank. Equal
  categories compare the whole four-card hand: ranks ordered by how often they occur, then by
  rank (so a pair by its rank then the kickers, two pair by the high then the low pair, three
  of a kind by its rank then the kicker), a straight by its top card (A-2-3-4's is the four).
  A value is ``category * 13**4`` plus those four ranks as base-13 digits, so values compare
  like hands and equal values tie. Written here with :class:`collections.Counter` over the
  rank tuples, not as the Crazy 4 Poker oracle's evaluator is.
* **No qualifier.** Ties go as the rule file's ``dealer.ties`` says: ``"player"`` (the rules
  text: the player wins ties), ``"push"`` or ``"dealer"``.
* **Fold**: the Ante loses, no Play bet. **Play** 1x .. 3x the Ante (the rule file's
  ``multiples``): Ante and Play win 1:1 on a higher (or, by the tie rule, equal) player hand,
  lose on a higher dealer hand.
* **Ante Bonus** on the Ante for the table's categories (three of a kind or better), whatever
  the dealer holds; when ``paid_only_with_play`` it is paid only with a Play bet (so not on a
  fold), else also on a fold.
* **Aces Up** on the player's best four, whatever the dealer holds; loses below a pair of aces
  and on a fold when the table's ``fold_forfeits``.
* **Bad Beat** (the illustrative table of the rule file): pays its line of the player's (or,
  ``keyed_on = "dealer"``, the dealer's) category when the player's hand loses to the dealer's;
  loses otherwise, and on a fold when ``fold_forfeits``.

Nets are exact: integer numerators over :attr:`Reading.unit` per unit of each wager, the Play
net per unit of Ante (``multiple * (+1 / 0 / -1)``), as the simulator's log writes them.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb, lcm
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from oracle_cards import RANKS as RANKS
from oracle_cards import SUITS as SUITS
from oracle_cards import hand_text as hand_text
from oracle_cards import parse_hand as parse_hand

IntArray = npt.NDArray[np.int64]

ACE = 12

# Categories, low to high.
HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, FLUSH, THREE_OF_A_KIND, STRAIGHT_FLUSH, FOUR_OF_A_KIND = range(
    8
)
CATEGORY_NAMES = ("high card", "pair", "two pair", "straight", "flush", "three of a kind",
                  "straight flush", "four of a kind")  # fmt: skip
LINES = ("", "pair", "two_pair", "straight", "flush", "three_of_a_kind", "straight_flush",
         "four_of_a_kind")  # fmt: skip
SCALE = 13**4
COMPLETIONS = comb(46, 5)  # 1,370,754 hidden dealer cards for a hand and an up card
DEALER_HANDS = comb(52, 6)  # 20,358,520
DECISIONS = {"fold": 0, "1x": 1, "2x": 2, "3x": 3}
PAIR_OF_ACES = PAIR * SCALE + ((ACE * 13 + ACE) * 13) * 13


# --------------------------------------------------------------------------------------------
# Cards


# --------------------------------------------------------------------------------------------
# Hand values


def four_card_value(ranks: Sequence[int], flush: bool) -> int:
    """The value of four cards of these ranks (suited or not).

    >>> v = four_card_value
    >>> v((12, 0, 1, 2), False) // SCALE == STRAIGHT
    True
    >>> v((3, 0, 1, 2), False) > v((12, 0, 1, 2), False)  # A-2-3-4 the lowest straight
    True
    >>> v((11, 12, 0, 1), False) // SCALE == HIGH_CARD  # no wrap-around
    True
    >>> v((0, 0, 0, 0), False) > v((12, 11, 10, 9), True) > v((5, 5, 5, 0), False)
    True
    >>> v((5, 5, 5, 0), False) > v((12, 11, 10, 8), True) > v((12, 11, 10, 9), False)
    True
    """
    counted = Counter(ranks)
    # ranks ordered by how often they occur, then by rank: the tie-break digits
    order = sorted(counted, key=lambda r: (counted[r], r), reverse=True)
    digits = [r for r in order for _ in range(counted[r])]
    shape = sorted(counted.values(), reverse=True)
    distinct = len(counted) == 4
    wheel = sorted(ranks) == [0, 1, 2, ACE]
    straight = distinct and (max(ranks) - min(ranks) == 3 or wheel)
    if straight:
        digits = [2 if wheel else max(ranks), 0, 0, 0]
    if straight and flush:
        category = STRAIGHT_FLUSH
    elif shape == [4]:
        category = FOUR_OF_A_KIND
    elif shape == [3, 1]:
        category = THREE_OF_A_KIND
    elif flush:
        category = FLUSH
    elif straight:
        category = STRAIGHT
    else:
        category = {(2, 2): TWO_PAIR, (2, 1, 1): PAIR}.get(tuple(shape), HIGH_CARD)
    return category * SCALE + ((digits[0] * 13 + digits[1]) * 13 + digits[2]) * 13 + digits[3]


@cache
def rank_table() -> IntArray:
    """:func:`four_card_value` of every rank tuple, unsuited then suited:
    ``table[flush * 13**4 + ranks in base 13]``. A flush of four needs four different ranks;
    the suited entries of tuples with a repeated rank are never looked up."""
    table = np.zeros(2 * SCALE, dtype=np.int64)
    for key in range(SCALE):
        ranks = (key // 2197, key // 169 % 13, key // 13 % 13, key % 13)
        table[key] = four_card_value(ranks, False)
        table[SCALE + key] = four_card_value(ranks, len(set(ranks)) == 4)
    return table


@cache
def combinations(n: int, k: int) -> npt.NDArray[np.int8]:
    """All k-subsets of ``range(n)`` in colex order (row ``i`` is the subset of colex index
    ``i``), each row ascending.

    >>> combinations(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.int8)
    prev = combinations(n, k - 1)
    blocks = [
        np.column_stack([prev[: comb(m, k - 1)], np.full(comb(m, k - 1), m)])
        for m in range(k - 1, n)
    ]
    return np.concatenate(blocks).astype(np.int8)


BINOMIAL = np.array([[comb(n, k) for k in range(8)] for n in range(53)], dtype=np.int64)


def colex(cards: npt.NDArray[np.integer[Any]]) -> IntArray:
    """Colex index of each row of ascending cards: ``sum C(c_i, i + 1)``."""
    c = np.asarray(cards, dtype=np.int64)
    index: IntArray = sum(BINOMIAL[c[:, i], i + 1] for i in range(c.shape[1]))  # type: ignore[assignment]
    return index


def best_of(cards: npt.NDArray[np.integer[Any]]) -> IntArray:
    """Best four-card value of each row of four or five cards (any order), by the rank table."""
    c = np.asarray(cards, dtype=np.int64)
    ranks, suits = c // 4, c % 4
    table = rank_table()
    best = np.full(c.shape[0], -1, dtype=np.int64)
    for four in _four_subsets(c.shape[1]):
        a, b, d, e = four
        key = ((ranks[:, a] * 13 + ranks[:, b]) * 13 + ranks[:, d]) * 13 + ranks[:, e]
        flush = (
            (suits[:, a] == suits[:, b])
            & (suits[:, a] == suits[:, d])
            & (suits[:, a] == suits[:, e])
        )
        np.maximum(best, table[flush * SCALE + key], out=best)
    return best


def _four_subsets(n: int) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in row) for row in combinations(n, 4)]


@cache
def five_card_values() -> IntArray:
    """Best-four-of-five value of every five-card hand, indexed by colex index."""
    return best_of(combinations(52, 5))


def best_of_six(cards: npt.NDArray[np.integer[Any]]) -> IntArray:
    """Best-four-of-six value of each row of six cards: the best of its six five-card hands."""
    c = np.sort(np.asarray(cards, dtype=np.int64), axis=1)
    five = five_card_values()
    best = np.full(c.shape[0], -1, dtype=np.int64)
    for drop in range(6):
        np.maximum(best, five[colex(np.delete(c, drop, axis=1))], out=best)
    return best


def hand_value(cards: Sequence[int] | str) -> int:
    """Best four of the five (or six) cards.

    >>> hand_value("Ah 3d 2c 4s 4h") // SCALE == STRAIGHT  # the wheel beats a pair of fours
    True
    """
    listed = parse_hand(cards) if isinstance(cards, str) else list(cards)
    if len(listed) == 6:
        return int(best_of_six(np.array([listed]))[0])
    return int(five_card_values()[colex(np.sort(np.array([listed]), axis=1))][0])


def category_of(values: Any) -> Any:
    """Category of each value (0 high card .. 7 four of a kind)."""
    return np.asarray(values) // SCALE


def dealer_category_counts() -> dict[str, int]:
    """Best-four-of-six categories of all C(52, 6) = 20,358,520 six-card hands, listed."""
    counts = np.zeros(8, dtype=np.int64)
    five = combinations(52, 5)
    for top in range(5, 52):  # the hands whose highest card is ``top``
        rows = five[: comb(top, 5)]
        six = np.column_stack([rows, np.full(rows.shape[0], top)])
        counts += np.bincount(category_of(best_of_six(six)), minlength=8)
    assert counts.sum() == DEALER_HANDS
    return dict(zip(CATEGORY_NAMES, counts.tolist(), strict=True))


# --------------------------------------------------------------------------------------------
# The rule file, read


@dataclass(frozen=True)
class Reading:
    """What this oracle reads from one Four Card Poker rule file."""

    name: str
    ties: str
    multiples: tuple[int, ...]
    ante_bonus: dict[str, Fraction]
    bonus_only_with_play: bool
    aces_up: dict[str, dict[str, Fraction]]  # table name -> odds by line
    aces_up_fold_forfeits: dict[str, bool]
    bad_beat: dict[str, Fraction] | None = None
    bad_beat_keyed_on: str = "player"
    bad_beat_fold_forfeits: bool = True
    unit: int = field(init=False)

    def __post_init__(self) -> None:
        odds = [*self.ante_bonus.values(), *(self.bad_beat or {}).values()]
        odds += [o for t in self.aces_up.values() for o in t.values()]
        object.__setattr__(self, "unit", lcm(1, *(o.denominator for o in odds)))


def odds(value: object) -> Fraction:
    """A pay-table entry ("to 1") as an exact fraction."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"odds must be a number, not {value!r}")
    return Fraction(str(value))


def rule_file(name: str) -> str:
    """The text of a shipped rule file, read from the source tree beside this folder."""
    return (
        Path(__file__).resolve().parents[1] / "crazy4" / "rules" / "data" / f"{name}.toml"
    ).read_text()


def read_rules(text: str) -> Reading:
    """Read a Four Card Poker rule file's TOML text.

    >>> reading = read_rules(rule_file("four-card-standard"))
    >>> reading.ties, reading.multiples, reading.ante_bonus["straight_flush"]
    ('player', (1, 2, 3), Fraction(20, 1))
    """
    data = tomllib.loads(text)
    if data.get("game") != "four-card-poker":
        raise ValueError(f"{data.get('name')} is not a Four Card Poker rule set")
    dealer = data["dealer"]
    if (dealer["cards"], dealer["up_cards"], dealer.get("qualifier", "none")) != (6, 1, "none"):
        raise ValueError("the rules text deals the dealer six cards, one up, no qualifier")
    ties = dealer.get("ties", "player")
    if ties not in ("player", "push", "dealer"):
        raise ValueError(f"unknown ties rule {ties!r}")
    bonus = data.get("ante_bonus", {})
    lines = set(LINES) | {"pair_of_aces"}
    tables = {str(t["name"]): {k: odds(v) for k, v in t["pays"].items()} for t in data["aces_up"]}
    for table in [bonus.get("pays", {}), *tables.values()]:
        if not set(table) <= lines:
            raise ValueError(f"unknown pay lines {set(table) - lines}")
    bad = data.get("bad_beat")
    return Reading(
        name=str(data["name"]),
        ties=ties,
        multiples=tuple(sorted(data["play"]["multiples"])),
        ante_bonus={k: odds(v) for k, v in bonus.get("pays", {}).items()},
        bonus_only_with_play=bool(bonus.get("paid_only_with_play", False)),
        aces_up=tables,
        aces_up_fold_forfeits={str(t["name"]): bool(t["fold_forfeits"]) for t in data["aces_up"]},
        bad_beat=None if bad is None else {k: odds(v) for k, v in bad["pays"].items()},
        bad_beat_keyed_on=str(bad.get("keyed_on", "player")) if bad else "player",
        bad_beat_fold_forfeits=bool(bad.get("fold_forfeits", True)) if bad else True,
    )


# --------------------------------------------------------------------------------------------
# Settlement


def pays(table: dict[str, Fraction], values: IntArray, unit: int) -> IntArray:
    """Net numerator (over ``unit``) of each hand on a table: its line's odds, or ``-unit``
    (the wager lost) where no line pays it."""
    out = np.full(np.shape(values), -unit, dtype=np.int64)
    category = category_of(values)
    for line, paid in table.items():
        if line == "pair_of_aces":
            hit = (category == PAIR) & (values >= PAIR_OF_ACES)
        else:
            hit = category == LINES.index(line)
        out[hit] = int(paid * unit)
    return out


def settle(
    reading: Reading,
    player: Any,
    dealer: Any,
    multiple: Any,
) -> dict[str, IntArray]:
    """Net numerators (over ``reading.unit``) of every wager, rows broadcast together.

    Parameters
    ----------
    reading : Reading
    player, dealer : best-four values (player of five cards, dealer of six)
    multiple : the Play multiple (0 = fold)

    Returns
    -------
    dict
        ``ante`` (excluding the bonus), ``ante_bonus``, ``play`` (per unit of Ante),
        ``bad_beat`` (if the rules have one) and ``aces_up:<table>`` for every Aces Up table.

    Raises
    ------
    ValueError
        On a Play multiple the rules do not allow.
    """
    player, dealer, multiple = np.broadcast_arrays(
        np.asarray(player, dtype=np.int64),
        np.asarray(dealer, dtype=np.int64),
        np.asarray(multiple, dtype=np.int64),
    )
    if np.isin(multiple[multiple != 0], reading.multiples, invert=True).any():
        raise ValueError(f"a Play multiple {reading.name} does not allow")
    unit = reading.unit
    fold = multiple == 0
    tie = {"player": 1, "push": 0, "dealer": -1}[reading.ties]
    outcome = np.where(player > dealer, 1, np.where(player == dealer, tie, -1))
    nets = {
        "ante": np.where(fold, -1, outcome) * unit,
        "play": multiple * outcome * unit,
    }
    bonus = np.maximum(pays(reading.ante_bonus, player, unit), 0)
    nets["ante_bonus"] = np.where(fold & reading.bonus_only_with_play, 0, bonus)
    for name, table in reading.aces_up.items():
        forfeit = fold & reading.aces_up_fold_forfeits[name]
        nets[f"aces_up:{name}"] = np.where(forfeit, -unit, pays(table, player, unit))
    if reading.bad_beat is not None:
        keyed = player if reading.bad_beat_keyed_on == "player" else dealer
        paid = np.where(outcome < 0, pays(reading.bad_beat, keyed, unit), -unit)
        nets["bad_beat"] = np.where(fold & reading.bad_beat_fold_forfeits, -unit, paid)
    return nets


def settle_round(reading: Reading, player: str, dealer: str, decision: str) -> dict[str, Fraction]:
    """Each wager's net for one seat of one round, as exact fractions.

    >>> rules = read_rules(rule_file("four-card-standard"))
    >>> nets = settle_round(rules, "7h 7d 7c 2s 9c", "Ks Kd 8c 4h 3d 2h", "3x")
    >>> nets["ante"], nets["play"], nets["ante_bonus"], nets["aces_up:50-40-8-5-4-3-1"]
    (Fraction(1, 1), Fraction(3, 1), Fraction(2, 1), Fraction(8, 1))
    >>> settle_round(rules, "Kh Kd 7c 2s 9c", "Ks Kc 9d 7h 3d 2h", "1x")["ante"]  # a tie
    Fraction(1, 1)
    """
    cards = [parse_hand(player), parse_hand(dealer)]
    if len(cards[0]) != 5 or len(cards[1]) != 6 or len(set(cards[0]) | set(cards[1])) != 11:
        raise ValueError("five player cards and six dealer cards, all different")
    nets = settle(reading, hand_value(cards[0]), hand_value(cards[1]), DECISIONS[decision])
    return {name: Fraction(int(net), reading.unit) for name, net in nets.items()}


# --------------------------------------------------------------------------------------------
# One situation, every hidden completion listed


def completion_values(player: Sequence[int], up: int) -> IntArray:
    """Best-four-of-six value of the dealer's hand for every one of the 1,370,754 ways of
    dealing the five hidden cards from the 46 others."""
    if len(set(player) | {up}) != 6:
        raise ValueError("five player cards and a different up card")
    rest = np.array(sorted(set(range(52)) - set(player) - {up}), dtype=np.int64)
    hidden = rest[combinations(46, 5).astype(np.int64)]
    return best_of_six(np.column_stack([hidden, np.full(hidden.shape[0], up)]))


@dataclass(frozen=True)
class Situation:
    """A player hand and an up card, priced over every hidden completion."""

    dealer_lower: int
    tie: int
    dealer_higher: int
    dealer_categories: dict[str, int]
    evs: dict[str, Fraction | None]  # per Ante: Ante + Play + Ante Bonus (None: not allowed)


def situation(reading: Reading, player: Sequence[int], up: int) -> Situation:
    """Counts and exact EVs of every decision for one (hand, up card)."""
    dealer = completion_values(player, up)
    mine = hand_value(player)
    evs: dict[str, Fraction | None] = {}
    for label, multiple in DECISIONS.items():
        if multiple and multiple not in reading.multiples:
            evs[label] = None
            continue
        nets = settle(reading, mine, dealer, multiple)
        total = sum(int(nets[k].sum()) for k in ("ante", "play", "ante_bonus"))
        evs[label] = Fraction(total, reading.unit * COMPLETIONS)
    categories = np.bincount(category_of(dealer), minlength=8).tolist()
    return Situation(
        dealer_lower=int((dealer < mine).sum()),
        tie=int((dealer == mine).sum()),
        dealer_higher=int((dealer > mine).sum()),
        dealer_categories=dict(zip(CATEGORY_NAMES, categories, strict=True)),
        evs=evs,
    )


def aces_up_edge(reading: Reading, table: str) -> Fraction:
    """Exact house edge of an Aces Up table over all 2,598,960 player hands (the bet does not
    depend on the dealer; a fold does not forfeit it in the shipped tables).

    >>> float(aces_up_edge(read_rules(rule_file("four-card-standard")), "50-40-9-6-4-2-1")) > 0
    True
    """
    values = five_card_values()
    net = pays(reading.aces_up[table], values, reading.unit)
    return -Fraction(int(net.sum()), reading.unit * len(values))
