"""Crazy 4 Poker settled from the rules text alone: a test oracle independent of ``crazy4``.

Everything here is written from ``shared/rules/crazy-4-poker.md`` and the rule file's TOML (read
with :mod:`tomllib`); nothing is imported from the package. The only thing shared with it is
the documented card encoding ``card = 4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits
``c d h s``), so that hands can be handed to the package's entry points unchanged.

The rules, as read here:

* **Hand values.** Each hand plays its best four cards out of five; the fifth never counts.
  Categories, high to low: four of a kind, straight flush, three of a kind, flush, straight,
  two pair, pair, high card. Ace high, except that A-2-3-4 is the lowest straight (and
  straight flush); no wrap-around; suits never rank. Equal categories compare the whole
  four-card hand: by rank multiplicity first, then rank (quads by rank; trips by rank then
  kicker; two pair high pair, low pair; pair by pair then kickers; flush and high card rank
  by rank); straights by their top card. A value is ``category * 13**4 + tie-break`` with the
  tie-break four base-13 digits, so values compare like hands and equal values tie.
* **Dealer.** Qualifies with the rule file's ``qualifier`` (``"K high"``: king high or better).
* **Fold.** Ante and Super Bonus lose; there is no Play bet; Queens Up loses too when its
  table says ``fold_forfeits``, else it is settled on the hand.
* **Play** (1x .. 3x the Ante; above 1x only from the raise minimum; only the multiples the
  rule file allows). Dealer does not qualify: Ante pushes, Play wins 1:1
  (``play_when_not_qualified = "wins"``) or is compared with the dealer's hand
  (``"compared"``). Dealer qualifies: Ante and Play win on a higher player hand, push on a
  tie, lose on a higher dealer hand.
* **Super Bonus.** A hand on its pay table is paid whatever the dealer holds. A hand below a
  straight pushes, and loses only to a qualifying dealer hand that beats it. A straight or
  better that the table does not list (the card room's three of a kind) is settled as the rule
  file's ``[super_bonus] unlisted`` says (:attr:`Reading.unlisted_bonus_hands`): ``"push"``
  (the rules text: "Model the seed's table as printed (three of a kind: push)"), or
  ``"below_table"``, the rule-file format's default (such a hand is settled like one below a
  straight: push, or lose to a qualifying dealer hand that beats it).
* **Queens Up** (per table): its pay table on the player's own hand whatever the dealer
  holds; loses below a pair of queens (and on any hand its table does not list).
* **Blind second hand** (rule sets with ``cardroom.blind_second_hand``): 3x the Ante on Play
  without looking, 2x returned below a pair of aces; so it never folds, and its Play is 3x
  from a pair of aces, else 1x.

Nets are exact: integer numerators over :attr:`Reading.unit` (the least common denominator of
the pay tables) per unit of each wager; the Play net is per unit of *Ante* (``multiple * (+1 /
0 / -1)``), as the log's ``play_net`` is.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from math import comb, lcm
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
import pandas as pd
from oracle_cards import RANKS as RANKS
from oracle_cards import SUITS as SUITS
from oracle_cards import hand_text as hand_text
from oracle_cards import parse_hand as parse_hand

IntArray = npt.NDArray[np.int64]

ACE, KING, QUEEN = 12, 11, 10

# Categories, low to high (the rules file: four of a kind > straight flush > three of a kind >
# flush > straight > two pair > pair > high card).
HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, FLUSH, THREE_OF_A_KIND, STRAIGHT_FLUSH, FOUR_OF_A_KIND = range(
    8
)
CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "straight",
    "flush",
    "three of a kind",
    "straight flush",
    "four of a kind",
)
SCALE = 13**4  # value = category * SCALE + tie-break

#: Decision codes: the Play multiple (0 = fold), and the blind second hand.
DECISIONS = {"fold": 0, "1x": 1, "2x": 2, "3x": 3, "blind": 4}
BLIND = 4
DEALER_HANDS = comb(47, 5)  # 1,533,939


def value_floor(category: int, *ranks: int) -> int:
    """The smallest value of a category whose leading tie-break digits are ``ranks``.

    >>> value_floor(HIGH_CARD, KING) == KING * 13**3
    True
    """
    digits = [*ranks, 0, 0, 0, 0][:4]
    return category * SCALE + ((digits[0] * 13 + digits[1]) * 13 + digits[2]) * 13 + digits[3]


PAIR_OF_QUEENS = value_floor(PAIR, QUEEN, QUEEN)
PAIR_OF_ACES = value_floor(PAIR, ACE, ACE)


# --------------------------------------------------------------------------------------------
# Cards and hand values


def four_card_values(
    ranks: npt.NDArray[np.integer[Any]],
    suits: npt.NDArray[np.integer[Any]],
    *,
    wheel_is_straight: bool = True,
) -> IntArray:
    """Value of each four-card hand (rows of ``ranks`` and ``suits``, shape ``(n, 4)``).

    ``wheel_is_straight=False`` plants a fault: A-2-3-4 ranks as ace high.

    >>> def value(text):
    ...     cards = np.array([parse_hand(text)])
    ...     return int(four_card_values(cards // 4, cards % 4)[0])
    >>> value("4c 3d 2h Ac") // SCALE == STRAIGHT and value("5c 4d 3h 2c") > value("4c 3d 2h Ac")
    True
    >>> value("Kc Ad 2h 3c") // SCALE == HIGH_CARD  # no wrap-around
    True
    >>> value("Ac Kc Qc Jc") < value("2c 2d 2h 2s")  # four of a kind beats a straight flush
    True
    >>> value("3c 3d 3h 2s") > value("Ac Kc Qc 9c") > value("Ac Kd Qh Js")
    True
    """
    r = np.sort(np.asarray(ranks, dtype=np.int64), axis=1)[:, ::-1]  # high to low
    r0, r1, r2, r3 = r[:, 0], r[:, 1], r[:, 2], r[:, 3]
    e01, e12, e23 = r0 == r1, r1 == r2, r2 == r3
    s = np.asarray(suits, dtype=np.int64)
    distinct = ~(e01 | e12 | e23)
    flush = (s == s[:, :1]).all(axis=1) & distinct
    run = distinct & (r0 - r3 == 3)
    # ranks are 0 = deuce, so A-2-3-4 is (12, 2, 1, 0) high to low
    wheel = (r0 == ACE) & (r1 == 2) & (r2 == 1) & (r3 == 0)
    if not wheel_is_straight:
        wheel = np.zeros_like(wheel)
    straight = run | wheel
    top = np.where(wheel, 2, r0)  # the wheel's top card is its four

    quads = e01 & e12 & e23
    trips = ~quads & ((e01 & e12) | (e12 & e23))
    two_pair = e01 & e23 & ~e12
    pair = ~quads & ~trips & ~two_pair & ~distinct

    zero = np.zeros_like(r0)
    category = np.full_like(r0, HIGH_CARD)
    digits = np.stack([r0, r1, r2, r3], axis=1)  # high card, flush

    def put(mask: npt.NDArray[np.bool_], cat: int, d: list[IntArray]) -> None:
        category[mask] = cat
        digits[mask] = np.stack(d, axis=1)[mask]

    put(pair & e01, PAIR, [r0, r0, r2, r3])
    put(pair & e12, PAIR, [r1, r1, r0, r3])
    put(pair & e23, PAIR, [r2, r2, r0, r1])
    put(two_pair, TWO_PAIR, [r0, r0, r2, r2])
    put(straight & ~flush, STRAIGHT, [top, zero, zero, zero])
    put(flush & ~straight, FLUSH, [r0, r1, r2, r3])
    trip_rank = np.where(e01 & e12, r0, r3)
    kicker = np.where(e01 & e12, r3, r0)
    put(trips, THREE_OF_A_KIND, [trip_rank, trip_rank, trip_rank, kicker])
    put(straight & flush, STRAIGHT_FLUSH, [top, zero, zero, zero])
    put(quads, FOUR_OF_A_KIND, [r0, r0, r0, r0])
    tie_break = ((digits[:, 0] * 13 + digits[:, 1]) * 13 + digits[:, 2]) * 13 + digits[:, 3]
    values: IntArray = category * SCALE + tie_break
    return values


@cache
def _four_card_table(wheel_is_straight: bool) -> IntArray:
    """:func:`four_card_values` of every rank tuple, unsuited then suited: suits matter only
    through the flush, so ``table[flush * 13**4 + ranks in base 13]`` is the value."""
    ranks = np.indices((13,) * 4).reshape(4, -1).T
    suits = np.array([[0, 1, 2, 3], [0, 0, 0, 0]])
    table: IntArray = np.concatenate(
        [
            four_card_values(ranks, np.repeat(suits[[f]], ranks.shape[0], axis=0),
                             wheel_is_straight=wheel_is_straight)
            for f in (0, 1)
        ]
    )  # fmt: skip
    return table


def hand_values(cards: npt.NDArray[np.integer[Any]], *, wheel_is_straight: bool = True) -> IntArray:
    """Best-four-of-five value of each five-card hand (rows of ``cards``, shape ``(n, 5)``).

    >>> int(hand_values(np.array([parse_hand("As Ad Ac Ah 2s")]))[0]) // SCALE
    7
    """
    table = _four_card_table(wheel_is_straight)
    cards = np.asarray(cards, dtype=np.int64)
    ranks, suits = cards // 4, cards % 4
    best = np.full(cards.shape[0], -1, dtype=np.int64)
    for drop in range(5):
        a, b, c, d = (i for i in range(5) if i != drop)
        key = ((ranks[:, a] * 13 + ranks[:, b]) * 13 + ranks[:, c]) * 13 + ranks[:, d]
        flush = (suits[:, a] == suits[:, b]) & (suits[:, a] == suits[:, c])
        flush &= suits[:, a] == suits[:, d]
        np.maximum(best, table[flush * SCALE + key], out=best)
    return best


def hand_value(cards: Sequence[int], *, wheel_is_straight: bool = True) -> int:
    """Best-four-of-five value of one hand."""
    return int(hand_values(np.array([list(cards)]), wheel_is_straight=wheel_is_straight)[0])


def category_of(values: npt.NDArray[np.integer[Any]] | int) -> Any:
    """Category of each value (0 high card .. 7 four of a kind)."""
    return np.asarray(values) // SCALE


@dataclass(frozen=True)
class AllHands:
    """Every five-card hand: its card mask and its value."""

    masks: npt.NDArray[np.uint64]
    values: IntArray


@cache
def all_hands(wheel_is_straight: bool = True) -> AllHands:
    """All C(52, 5) = 2,598,960 hands, listed by :func:`itertools.combinations`."""
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.int64,
        count=5 * comb(52, 5),
    )
    cards = flat.reshape(-1, 5)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
    values = hand_values(cards, wheel_is_straight=wheel_is_straight)
    return AllHands(masks=masks, values=values)


def dealer_distribution(player: Sequence[int]) -> tuple[IntArray, IntArray]:
    """Every dealer hand from the 47 other cards, grouped by value: (values, counts)."""
    hands = all_hands()
    mask = np.uint64(sum(1 << c for c in player))
    dealer = hands.values[(hands.masks & mask) == 0]
    assert dealer.shape[0] == DEALER_HANDS
    counts = np.bincount(dealer, minlength=8 * SCALE)
    values = np.flatnonzero(counts)
    return values.astype(np.int64), counts[values].astype(np.int64)


# --------------------------------------------------------------------------------------------
# The rule file, read


@dataclass(frozen=True)
class QueensUp:
    """One Queens Up table: odds "to 1" by the rule file's hand names."""

    name: str
    fold_forfeits: bool
    pays: dict[str, Fraction]


@dataclass(frozen=True)
class Reading:
    """What this oracle reads from one Crazy 4 Poker rule file."""

    name: str
    qualifier: int
    play_when_not_qualified: str
    ties: str
    multiples: tuple[int, ...]
    raise_minimum: int
    super_bonus: dict[str, Fraction]
    queens_up: tuple[QueensUp, ...]
    blind_second_hand: bool
    #: A straight or better that the Super Bonus table does not list: ``"push"`` (the rules
    #: text) or ``"below the table"`` (push, or lose to a qualifying dealer hand that beats
    #: it); :func:`read_rules` takes it from the rule file's ``[super_bonus] unlisted``.
    unlisted_bonus_hands: str = "push"
    unit: int = field(init=False)

    def __post_init__(self) -> None:
        odds = [*self.super_bonus.values(), *(o for t in self.queens_up for o in t.pays.values())]
        object.__setattr__(self, "unit", lcm(1, *(o.denominator for o in odds)))

    def with_pays(self, **pays: float) -> Reading:
        """The same reading with some Super Bonus lines changed (to plant a fault)."""
        return replace(
            self, super_bonus={**self.super_bonus, **{k: odds(v) for k, v in pays.items()}}
        )

    def queens_index(self, name: str) -> int:
        """Index of the Queens Up table named ``name`` (with or without ``queens-up-``)."""
        names = [t.name for t in self.queens_up]
        bare = name.removeprefix("queens-up-")
        return names.index(bare)


def odds(value: object) -> Fraction:
    """A pay-table entry ("to 1") as an exact fraction: 1.5 is 3/2."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"odds must be a number, not {value!r}")
    return Fraction(str(value))


def threshold(text: str) -> int:
    """The value a rule-file hand description names: ``"K high"``, ``"pair of aces"``, ``"none"``.

    >>> threshold("K high") == value_floor(HIGH_CARD, KING)
    True
    >>> threshold("pair of aces") == PAIR_OF_ACES
    True
    """
    words = text.split()
    plural = {"twos": 0, "threes": 1, "fours": 2, "fives": 3, "sixes": 4, "sevens": 5,
              "eights": 6, "nines": 7, "tens": 8, "jacks": 9, "queens": 10, "kings": 11,
              "aces": 12}  # fmt: skip
    if text == "none":
        return 0
    if len(words) == 2 and words[1] == "high" and words[0].upper() in RANKS:
        return value_floor(HIGH_CARD, RANKS.index(words[0].upper()))
    if len(words) == 3 and words[:2] == ["pair", "of"] and words[2] in plural:
        rank = plural[words[2]]
        return value_floor(PAIR, rank, rank)
    raise ValueError(f"the oracle cannot read the hand description {text!r}")


def rule_file(name: str) -> str:
    """The text of a shipped rule file, read from the source tree beside this folder."""
    return (
        Path(__file__).resolve().parents[1] / "crazy4" / "rules" / "data" / f"{name}.toml"
    ).read_text()


class HasText(Protocol):
    """Anything carrying a rule file's text (a loaded ``RuleSet``)."""

    @property
    def text(self) -> str: ...


def read_rules(rules: HasText | str) -> Reading:
    """Read a Crazy 4 Poker rule file's TOML (a ``RuleSet``'s ``text``, or the text itself)."""
    text = rules if isinstance(rules, str) else rules.text
    data = tomllib.loads(text)
    if data.get("game", "crazy-4-poker") != "crazy-4-poker":
        raise ValueError(f"{data.get('name')} is not a Crazy 4 Poker rule set")
    dealer = data["dealer"]
    play = data["play"]
    ties = dealer.get("ties", "push")
    if ties != "push":
        raise ValueError(f"the rules text settles ties as pushes, not {ties!r}")
    when_not = dealer.get("play_when_not_qualified", "wins")
    if when_not not in ("wins", "compared"):
        raise ValueError(f"unknown play_when_not_qualified {when_not!r}")
    bonus = {key: odds(v) for key, v in data.get("super_bonus", {}).get("pays", {}).items()}
    # the rule-file format: [super_bonus] unlisted = "push" | "below_table" (the default)
    unlisted = data.get("super_bonus", {}).get("unlisted", "below_table")
    readings = {"push": "push", "below_table": "below the table"}
    if unlisted not in readings:
        raise ValueError(f"unknown Super Bonus unlisted rule {unlisted!r}")
    known_bonus = {"four_aces", "four_of_a_kind", "straight_flush", "three_of_a_kind", "flush",
                   "straight"}  # fmt: skip
    if not set(bonus) <= known_bonus:
        raise ValueError(f"unknown Super Bonus lines {set(bonus) - known_bonus}")
    known_queens = {"four_aces", "four_of_a_kind", "straight_flush", "three_of_a_kind", "flush",
                    "straight", "two_pair", "pair_of_queens"}  # fmt: skip
    tables = []
    for table in data.get("queens_up", []):
        pays = {key: odds(v) for key, v in table["pays"].items()}
        if not set(pays) <= known_queens:
            raise ValueError(f"unknown Queens Up lines {set(pays) - known_queens}")
        tables.append(QueensUp(str(table["name"]), bool(table["fold_forfeits"]), pays))
    return Reading(
        name=str(data["name"]),
        qualifier=threshold(dealer.get("qualifier", "none")),
        play_when_not_qualified=when_not,
        ties=ties,
        multiples=tuple(sorted(play["multiples"])),
        raise_minimum=threshold(play.get("raise_minimum", "none")),
        super_bonus=bonus,
        queens_up=tuple(tables),
        blind_second_hand=bool(data.get("cardroom", {}).get("blind_second_hand", False)),
        unlisted_bonus_hands=readings[unlisted],
    )


# --------------------------------------------------------------------------------------------
# Settlement


def _line(values: IntArray) -> npt.NDArray[np.str_]:
    """The pay-table line name of each hand's own category ('' below a pair)."""
    category = category_of(values)
    names = np.array(["", "pair", "two_pair", "straight", "flush", "three_of_a_kind",
                      "straight_flush", "four_of_a_kind"])  # fmt: skip
    line: npt.NDArray[np.str_] = names[category]
    return line


def _pays(table: dict[str, Fraction], values: IntArray, unit: int) -> IntArray:
    """Payout numerator (over ``unit``) of each hand on a table; -1 where no line pays it."""
    out = np.full(values.shape, -1, dtype=np.int64)
    line = _line(values)
    for name, paid in table.items():
        numerator = int(paid * unit)
        if name == "four_aces":
            hit = values >= value_floor(FOUR_OF_A_KIND, ACE, ACE, ACE, ACE)
        elif name == "four_of_a_kind" and "four_aces" in table:
            hit = (line == name) & (values < value_floor(FOUR_OF_A_KIND, ACE, ACE, ACE, ACE))
        elif name == "pair_of_queens":
            hit = (line == "pair") & (values >= PAIR_OF_QUEENS)
        else:
            hit = line == name
        out[hit] = numerator
    return out


def settle(
    reading: Reading,
    player: npt.NDArray[np.integer[Any]],
    dealer: npt.NDArray[np.integer[Any]],
    decision: npt.NDArray[np.integer[Any]],
) -> dict[str, IntArray]:
    """Net numerators (over ``reading.unit``) of every wager of every row.

    Parameters
    ----------
    reading : Reading
    player, dealer : arrays of values (broadcast together)
    decision : array of decision codes (:data:`DECISIONS`)

    Returns
    -------
    dict
        ``ante``, ``super_bonus`` (per unit of each), ``play`` (per unit of Ante) and
        ``queens_up:<table name>`` for every Queens Up table (per unit).

    Raises
    ------
    ValueError
        On a decision the rules do not allow for the hand.
    """
    player, dealer, decision = np.broadcast_arrays(
        np.asarray(player, dtype=np.int64),
        np.asarray(dealer, dtype=np.int64),
        np.asarray(decision, dtype=np.int64),
    )
    unit = reading.unit
    blind = decision == BLIND
    if blind.any() and not reading.blind_second_hand:
        raise ValueError(f"{reading.name} has no blind second hand")
    raised = (decision >= 2) & ~blind
    if ((decision < 0) | (decision > BLIND)).any():
        raise ValueError("unknown decision code")
    if (raised & (player < reading.raise_minimum)).any():
        raise ValueError("a raise above 1x below the raise minimum")
    normal = decision[~blind]
    if np.isin(normal[normal > 0], reading.multiples, invert=True).any():
        raise ValueError(f"a Play multiple {reading.name} does not allow")

    multiple = np.where(blind, np.where(player >= PAIR_OF_ACES, 3, 1), decision)
    fold = multiple == 0
    qualifies = dealer >= reading.qualifier
    comparison = np.sign(player - dealer)  # +1 player higher, 0 tie, -1 dealer higher

    ante = np.where(qualifies, comparison, 0)
    if reading.play_when_not_qualified == "wins":
        play_outcome = np.where(qualifies, comparison, 1)
    else:
        play_outcome = comparison
    ante = np.where(fold, -1, ante) * unit
    play = multiple * play_outcome * unit

    paid = _pays(reading.super_bonus, player, unit)
    beaten = qualifies & (comparison < 0)
    below_straight = category_of(player) < STRAIGHT
    if reading.unlisted_bonus_hands == "push":
        loses = beaten & below_straight
    elif reading.unlisted_bonus_hands == "below the table":
        loses = beaten
    else:
        raise ValueError(f"unknown reading {reading.unlisted_bonus_hands!r}")
    bonus = np.where(paid >= 0, paid, np.where(loses, -unit, 0))
    bonus = np.where(fold, -unit, bonus)

    nets = {"ante": ante, "super_bonus": bonus, "play": play}
    for table in reading.queens_up:
        paid = _pays(table.pays, player, unit)
        net = np.where(paid >= 0, paid, -unit)
        if table.fold_forfeits:
            net = np.where(fold, -unit, net)
        nets[f"queens_up:{table.name}"] = net
    return nets


def settle_round(
    reading: Reading,
    player: Sequence[int] | str,
    dealer: Sequence[int] | str,
    decision: str,
    *,
    wheel_is_straight: bool = True,
) -> dict[str, Fraction]:
    """Each wager's net for one seat of one round, as exact fractions.

    >>> rules = read_rules(rule_file("crazy4-standard"))
    >>> nets = settle_round(rules, "Ah Kh Qh Jh 2c", "Kd 9c 7s 4h 3d", "3x")
    >>> nets["ante"], nets["play"], nets["super_bonus"], nets["queens_up:50-40-8-4-3-2-1"]
    (Fraction(1, 1), Fraction(3, 1), Fraction(15, 1), Fraction(40, 1))
    >>> settle_round(rules, "4h 3h 2d As 9c", "Kd 9s 7s 4c 3d", "1x")["super_bonus"]
    Fraction(1, 1)
    """
    cards = [parse_hand(h) if isinstance(h, str) else list(h) for h in (player, dealer)]
    if len(set(cards[0]) | set(cards[1])) != 10:
        raise ValueError("the hands must be ten different cards")
    values = hand_values(np.array(cards), wheel_is_straight=wheel_is_straight)
    nets = settle(reading, values[:1], values[1:], np.array([DECISIONS[decision]]))
    return {name: Fraction(int(net[0]), reading.unit) for name, net in nets.items()}


def exact_evs(reading: Reading, player: Sequence[int]) -> dict[str, Fraction | None]:
    """Exact EV per unit of Ante of Ante + Super Bonus + Play for each decision (None where the
    rules do not allow it), over every dealer hand from the other 47 cards."""
    values, counts = dealer_distribution(player)
    mine = hand_value(player)
    evs: dict[str, Fraction | None] = {}
    for label, code in DECISIONS.items():
        if code == BLIND:
            continue
        allowed = code == 0 or (
            code in reading.multiples and (code == 1 or mine >= reading.raise_minimum)
        )
        if not allowed:
            evs[label] = None
            continue
        nets = settle(reading, np.array([mine]), values, np.array([code]))
        total = sum(int((nets[k] * counts).sum()) for k in ("ante", "super_bonus", "play"))
        evs[label] = Fraction(total, reading.unit * DEALER_HANDS)
    return evs


# --------------------------------------------------------------------------------------------
# A log of rounds, dealt and settled here


def simple_decisions(reading: Reading, values: IntArray) -> IntArray:
    """The published simple strategy: the largest multiple allowed with a pair of aces or
    better, 1x from K-Q-8-4 up, fold below K-Q-8-4."""
    play_minimum = value_floor(HIGH_CARD, KING, QUEEN, 6, 2)
    raise_from = max(PAIR_OF_ACES, reading.raise_minimum)
    decisions: IntArray = np.where(
        values >= raise_from, max(reading.multiples), np.where(values >= play_minimum, 1, 0)
    )
    return decisions


COLUMNS = ("round", "seat", "player", "dealer", "decision", "ante", "super_bonus", "play",
           "queens_up", "ante_net", "super_bonus_net", "play_net", "queens_up_net")  # fmt: skip


@dataclass(frozen=True)
class DealtLog:
    """A log written by the oracle, with what it was made from."""

    frame: pd.DataFrame
    player: IntArray  # (rows, 5) cards
    dealer: IntArray  # (rows, 5) cards
    player_values: IntArray
    dealer_values: IntArray
    decision: IntArray


def deal_log(
    reading: Reading,
    *,
    rounds: int,
    seats: int,
    blind_hands: int,
    seed: int,
    queens_up: str,
    wheel_is_straight: bool = True,
) -> DealtLog:
    """Deal ``rounds`` rounds from a fresh 52-card deck each and settle them.

    Seats ``1 .. seats - blind_hands`` play the published simple strategy, the last
    ``blind_hands`` seats are blind second hands. Every wager is one unit (Play: its multiple).
    Columns as ``crazy4 simulate`` writes them.
    """
    rng = np.random.default_rng(seed)
    deck = np.argsort(rng.random((rounds, 52)), axis=1)  # a uniform permutation a round
    hands = deck[:, : 5 * (seats + 1)].reshape(rounds, seats + 1, 5)
    player = hands[:, :seats].reshape(rounds * seats, 5)
    dealer = np.repeat(hands[:, seats], seats, axis=0)
    values = hand_values(
        np.concatenate([player, hands[:, seats]]), wheel_is_straight=wheel_is_straight
    )
    player_values, dealer_values = (
        values[: rounds * seats],
        np.repeat(values[rounds * seats :], seats),
    )
    seat = np.tile(np.arange(1, seats + 1), rounds)
    blind = seat > seats - blind_hands
    decision = np.where(blind, BLIND, simple_decisions(reading, player_values))
    nets = settle(reading, player_values, dealer_values, decision)
    label = np.array(list(DECISIONS))[decision]
    one = np.ones(rounds * seats)
    play = np.where(blind, 3, decision).astype(float)
    qu = nets[f"queens_up:{reading.queens_up[reading.queens_index(queens_up)].name}"]
    frame = pd.DataFrame(
        {
            "round": np.repeat(np.arange(1, rounds + 1), seats).astype(np.int64),
            "seat": seat.astype(np.int8),
            "player": [hand_text(h) for h in player.tolist()],
            "dealer": [hand_text(h) for h in dealer.tolist()],
            "decision": label,
            "ante": one,
            "super_bonus": one,
            "play": play,
            "queens_up": one,
            "ante_net": nets["ante"] / reading.unit,
            "super_bonus_net": nets["super_bonus"] / reading.unit,
            "play_net": nets["play"] / reading.unit,
            "queens_up_net": qu / reading.unit,
        },
        columns=list(COLUMNS),
    )
    return DealtLog(frame, player, dealer, player_values, dealer_values, decision)
