"""An independent Crazy 4 Poker engine for the validator's tests, with deviations to plant.

Written from the rules text (/work/shared/rules/crazy-4-poker.md), not from crazy4's ranking or
settlement modules: its own four-card evaluator (best four of five), its own dealing, the
published simple strategy (3x with a pair of aces or better, 1x from K-Q-8-4, else fold) and
its own settlement table. Each :class:`Engine` switch plants one way a third-party engine has
been seen to misread the rules (or a pay line it pays otherwise); :func:`deal_rows` deals and
settles the rounds and :func:`write_log` writes them in crazy4's log schema (one seat a round,
a one-unit Queens Up on the 50-40-8-4-3-2-1 table).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

RANKS = "23456789TJQKA"
SUITS = "cdhs"
# categories, low to high (the rules text's order reversed)
HIGH, PAIR, TWO_PAIR, STRAIGHT, FLUSH, TRIPS, STRAIGHT_FLUSH, QUADS = range(8)
SUPER_BONUS = {QUADS: 30, STRAIGHT_FLUSH: 15, TRIPS: 2, FLUSH: 1.5, STRAIGHT: 1}
QUEENS_UP = {QUADS: 50, STRAIGHT_FLUSH: 40, TRIPS: 8, FLUSH: 4, STRAIGHT: 3, TWO_PAIR: 2}


@dataclass(frozen=True)
class Engine:
    """Which deviations the engine makes (all off: the rules as written)."""

    fold_showdown: bool = False
    ties_lose_bonus: bool = False
    player_wheel_ace_high: bool = False
    dealer_wheel_ace_high: bool = False
    aces_never_triple: bool = False
    any_king_or_ace: bool = False
    bonus_follows_play: bool = False
    qualifier_ace_high: bool = False
    flush_pays: float = 1.5
    not_qualified_ante_wins: bool = False  # Three Card Poker's rule: Ante wins, Play pushes
    ties_to_dealer: bool = False  # the dealer wins ties (Ante, Play and Super Bonus)
    pairs_by_high_card: bool = False  # a pair against a pair compared card by card, high first
    bonus_extra_lines: bool = False  # Super Bonus 1:1 on a pair of aces and on two pair
    #: Super Bonus lines paying other odds, or added: (category, odds to 1)
    bonus_lines: tuple[tuple[int, float], ...] = ()
    #: Queens Up lines paying other odds: (category, odds to 1)
    queens_lines: tuple[tuple[int, int], ...] = ()
    biased_shuffle: bool = False
    correlated_deck: bool = False
    stacked_ties: bool = False


def four_card_key(cards: tuple[int, ...], wheel: bool = True) -> tuple[int, ...]:
    """(category, ranks high to low as the rules compare them) of four cards ``rank*4+suit``."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    counts = Counter(ranks)
    by_count = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    distinct = len(counts) == 4
    straight = distinct and ranks[0] - ranks[3] == 3
    top = ranks[0]
    if wheel and distinct and ranks == [12, 2, 1, 0]:
        straight, top = True, 2
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        return (QUADS, *by_count)
    if straight and flush:
        return (STRAIGHT_FLUSH, top)
    if shape[0] == 3:
        return (TRIPS, *by_count)
    if flush:
        return (FLUSH, *ranks)
    if straight:
        return (STRAIGHT, top)
    if shape[:2] == [2, 2]:
        return (TWO_PAIR, *by_count)
    if shape[0] == 2:
        return (PAIR, *by_count)
    return (HIGH, *ranks)


@functools.lru_cache(maxsize=1 << 17)  # the same decks are settled again under each engine
def best_four(cards: tuple[int, ...], wheel: bool = True) -> tuple[int, ...]:
    return max(four_card_key(four, wheel) for four in itertools.combinations(cards, 4))


def text(cards: tuple[int, ...]) -> str:
    return " ".join(RANKS[c // 4] + SUITS[c % 4] for c in sorted(cards, reverse=True))


def simple_decision(key: tuple[int, ...]) -> int:
    """The published simple strategy: 3x from a pair of aces, 1x from K-Q-8-4, else fold."""
    if key >= (PAIR, 12, 12):
        return 3
    return 1 if key >= (HIGH, 11, 10, 6, 2) else 0


def _decks(engine: Engine, rounds: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if engine.correlated_deck:  # half the rounds deal the last round's ten cards again, mixed
        decks = np.argsort(rng.random((rounds, 52)), axis=1)[:, :10]
        again = rng.random(rounds) < 0.5
        for number in range(1, rounds):
            if again[number]:
                decks[number] = rng.permutation(decks[number - 1])
        return decks
    if engine.biased_shuffle:  # the aces drawn half as often as they should be
        weights = np.where(np.arange(52) // 4 == 12, 0.5, 1.0)
        keys = rng.random((rounds, 52)) ** (1 / weights)
        return np.argsort(-keys, axis=1)[:, :10]
    return np.argsort(rng.random((rounds, 52)), axis=1)[:, :10]


def settle(engine: Engine, player: tuple[int, ...], dealer: tuple[int, ...]) -> dict[str, float]:
    """One seat's row: decision, wagers and nets."""
    p_key = best_four(player, wheel=not engine.player_wheel_ace_high)
    d_key = best_four(dealer, wheel=not engine.dealer_wheel_ace_high)
    multiple = simple_decision(p_key)
    if engine.aces_never_triple and p_key[:2] == (PAIR, 12):
        multiple = 1
    qualifies = d_key >= (HIGH, 11)
    if engine.qualifier_ace_high:
        qualifies = d_key >= (HIGH, 12)
    if engine.any_king_or_ace:
        qualifies = any(c // 4 >= 11 for c in dealer)
    higher = (p_key > d_key) - (p_key < d_key)
    if engine.pairs_by_high_card and p_key[0] == d_key[0] == PAIR:
        mine, theirs = sorted(p_key[1:], reverse=True), sorted(d_key[1:], reverse=True)
        higher = (mine > theirs) - (mine < theirs)
    if engine.ties_to_dealer and higher == 0:
        higher = -1
    shown = multiple or int(engine.fold_showdown)
    if not qualifies:
        ante, play = (1, 0) if engine.not_qualified_ante_wins else (0, multiple)
    else:
        ante, play = higher, multiple * higher
    bonus_table = {**SUPER_BONUS, FLUSH: engine.flush_pays, **dict(engine.bonus_lines)}
    if engine.bonus_extra_lines:
        bonus_table[TWO_PAIR] = 1
    if p_key[0] >= STRAIGHT or p_key[0] in bonus_table:
        bonus = 200.0 if p_key[0] == QUADS and p_key[1] == 12 else bonus_table[p_key[0]]
    elif engine.bonus_extra_lines and p_key[:2] == (PAIR, 12):
        bonus = 1.0
    elif engine.bonus_follows_play:
        bonus = 1 if not qualifies else higher
    elif engine.ties_lose_bonus and higher == 0:
        bonus = -1
    else:
        bonus = -1 if qualifies and higher < 0 else 0
    if not shown:
        ante, bonus, play = -1, -1, 0
    elif multiple == 0:  # a fold settled as a showdown: the Ante and Super Bonus as played
        play = 0
    if p_key[0] >= TWO_PAIR:
        queens = {**QUEENS_UP, **dict(engine.queens_lines)}[p_key[0]]
    else:
        queens = 1 if p_key[0] == PAIR and p_key[1] >= 10 else -1
    return {
        "decision": ("fold", "1x", "2x", "3x")[multiple],
        "ante": 1.0,
        "super_bonus": 1.0,
        "play": float(multiple),
        "queens_up": 1.0,
        "ante_net": float(ante),
        "super_bonus_net": float(bonus),
        "play_net": float(play),
        "queens_up_net": float(queens),
    }


def _tie(player: tuple[int, ...]) -> tuple[int, ...] | None:
    """The player's ranks in the next suits (a hand that ties it), if no card repeats."""
    dealer = tuple(c // 4 * 4 + (c + 1) % 4 for c in player)
    return None if set(dealer) & set(player) else dealer


def deal_rows(engine: Engine, rounds: int, seed: int = 7) -> list[dict[str, object]]:
    """The rows of ``rounds`` one-seat rounds dealt from seeded decks and settled by ``engine``
    (the same decks for every engine of the same shuffle switches). With ``stacked_ties``
    every fourth dealer hand ties the player's (a stacked deck, so ties are common enough to
    see)."""
    rows = []
    for number, deck in enumerate(_decks(engine, rounds, seed), start=1):
        player, dealer = tuple(int(c) for c in deck[:5]), tuple(int(c) for c in deck[5:10])
        if engine.stacked_ties and number % 4 == 0:
            dealer = _tie(player) or dealer
        row: dict[str, object] = {"round": number, "seat": 1, "player": text(player)}
        row["dealer"] = text(dealer)
        row.update(settle(engine, player, dealer))
        rows.append(row)
    return rows


def write_log(path: Path, engine: Engine, rounds: int, seed: int = 7, **metadata: str) -> Path:
    """A parquet log of :func:`deal_rows` (``metadata``: the crazy4 provenance keys to store,
    e.g. ``strategy="simple"``)."""
    table = pa.Table.from_pylist(deal_rows(engine, rounds, seed))
    if metadata:
        import json

        table = table.replace_schema_metadata({"crazy4": json.dumps(metadata)})
    pq.write_table(table, path)
    return path
