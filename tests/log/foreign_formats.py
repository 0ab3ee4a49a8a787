"""The independent engine's log rewritten into the foreign formats real exports use.

Each writer takes the log of tests/validate_planted.py's engine (crazy4's schema, as a data
frame) and writes it in another format — suit words with numeric ranks, list columns (parquet
lists and pandas' CSV form of them), amounts returned with the stake, a decision over two
columns, text round ids — with this file's own code: nothing of crazy4's writes them. Each
returns the file and one net column of it (the column a test plants a wrong amount in).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from crazy4.cli.main import main

WORDS = {"c": "CLUB", "d": "DIAMOND", "h": "HEART", "s": "SPADE"}
NUMBERS = {"A": "1", "T": "10", "J": "11", "Q": "12", "K": "13"}
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
AMOUNTS = ("ante", "super_bonus", "play", "queens_up")


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["validate", *args])
    return status, out.getvalue(), err.getvalue()


def cards(hand: str) -> list[tuple[str, str]]:
    """The engine's ``"Kd Tc"`` as (rank, suit) pairs."""
    return [(card[0], card[1]) for card in hand.split()]


def suit_words(hand: str, ace: str) -> str:
    """``SPADE 1 HEART 13``: suit word first, numeric ranks (the ace ``ace``)."""
    spelled = []
    for rank, suit in cards(hand):
        number = ace if rank == "A" else NUMBERS.get(rank, rank)
        spelled.append(f"{WORDS[suit]} {number}")
    return " ".join(spelled)


def upper_list(hand: str) -> list[str]:
    """``['KD', '10H', ...]``."""
    return [("10" if r == "T" else r) + s.upper() for r, s in cards(hand)]


def words_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """Suit words with numeric ranks (ace 1 for the player, 14 for the dealer), vendor names."""
    out = pd.DataFrame(
        {
            "HandId": frame["round"],
            "Seat": frame["seat"],
            "PlayerHand": [suit_words(h, "1") for h in frame["player"]],
            "DealerHand": [suit_words(h, "14") for h in frame["dealer"]],
            "Decision": frame["decision"].map({"fold": "FOLD", "1x": "P1", "3x": "P3"}),
        }
    )
    for wager in AMOUNTS:
        title = "".join(part.title() for part in wager.split("_"))
        out[f"{title}Bet"] = frame[wager]
        out[f"{title}Win"] = frame[f"{wager}_net"]
    path = folder / "words.csv"
    out.to_csv(path, index=False)
    return path, "AnteWin"


def lists_parquet(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """List columns of upper-case cards with ``10`` for ten, in a parquet file."""
    out = frame.drop(columns=["player", "dealer"])
    out.insert(2, "player_cards", [upper_list(h) for h in frame["player"]])
    out.insert(3, "dealer_cards", [upper_list(h) for h in frame["dealer"]])
    path = folder / "lists.parquet"
    out.to_parquet(path, index=False)
    return path, "play_net"


def lists_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """The list columns as pandas writes them to CSV: ``['KD' '10H' ...]``."""
    out = frame.drop(columns=["player", "dealer"])
    out.insert(2, "player_cards", [np.array(upper_list(h)) for h in frame["player"]])
    out.insert(3, "dealer_cards", [np.array(upper_list(h)) for h in frame["dealer"]])
    path = folder / "lists.csv"
    out.to_csv(path, index=False)
    assert "['" in path.read_text().splitlines()[1]
    return path, "queens_up_net"


def returns_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """Each wager's amount returned with the stake (a loss 0, a push the stake)."""
    out = frame[["round", "seat", "player", "dealer"]].copy()
    out["player"] = [h.lower().replace("t", "10") for h in frame["player"]]
    out["dealer"] = [h.lower().replace("t", "10") for h in frame["dealer"]]
    out["decision"] = frame["decision"].map({"fold": "fold", "1x": "play1", "3x": "play3"})
    for wager in AMOUNTS:
        out[wager] = frame[wager]
        out[f"{wager}_return"] = frame[wager] + frame[f"{wager}_net"]
    path = folder / "returns.csv"
    out.to_csv(path, index=False)
    return path, "ante_return"


def two_columns_parquet(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """The decision as ``play``/``fold`` and a float multiplier (null on a fold); symbols."""
    out = frame.copy()
    for column in ("player", "dealer"):
        out[column] = [
            " ".join(("10" if r == "T" else r) + SYMBOLS[s] for r, s in cards(h))
            for h in frame[column]
        ]
    multiple = frame["decision"].map({"fold": np.nan, "1x": 1.0, "3x": 3.0})
    out["decision"] = np.where(frame["decision"] == "fold", "fold", "play")
    out.insert(out.columns.get_loc("decision") + 1, "multiplier", multiple)
    path = folder / "two.parquet"
    out.to_parquet(path, index=False)
    return path, "super_bonus_net"


def text_ids_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """Round ids as text (``H00001``)."""
    out = frame.copy()
    out["round"] = [f"H{number:05d}" for number in frame["round"]]
    path = folder / "text-ids.csv"
    out.to_csv(path, index=False)
    return path, "ante_net"


ACE_ONE = {**NUMBERS, "A": "1"}
SUIT_NAMES = {"c": "CLOVER", "d": "DIAMOND", "h": "HEART", "s": "SPADE"}
#: Clubs in a word the card grammar does not know: learnt from the cells.
GERMAN_CLUBS = {"c": "KREUZ", "d": "diamonds", "h": "hearts", "s": "spades"}
OBJECT_SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
VALUES = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def clover_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """``CLOVER 12 SPADE 8 DIAMOND 1``: long suit words first, ranks 1-13 (the ace 1)."""
    out = frame.copy()
    for column in ("player", "dealer"):
        out[column] = [
            " ".join(f"{SUIT_NAMES[s]} {ACE_ONE.get(r, r)}" for r, s in cards(h))
            for h in frame[column]
        ]
    path = folder / "clover.csv"
    out.to_csv(path, index=False)
    return path, "play_net"


def learnt_words_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """``12-KREUZ 8-spades``: a suit word the grammar does not know (clubs), three it does."""
    out = frame.copy()
    for column in ("player", "dealer"):
        out[column] = [
            " ".join(f"{NUMBERS.get(r, r)}-{GERMAN_CLUBS[s]}" for r, s in cards(h))
            for h in frame[column]
        ]
    path = folder / "learnt.csv"
    out.to_csv(path, index=False)
    return path, "super_bonus_net"


def objects_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """Each hand as a list of objects' text: ``[Card(suit='♣', rank='Q', value=12), ...]``."""
    out = frame.copy()
    for column in ("player", "dealer"):
        out[column] = [
            "["
            + ", ".join(
                f"Card(suit='{OBJECT_SUITS[s]}', rank='{'10' if r == 'T' else r}', "
                f"value={VALUES.get(r, r)})"
                for r, s in cards(h)
            )
            + "]"
            for h in frame[column]
        ]
    path = folder / "objects.csv"
    out.to_csv(path, index=False)
    return path, "ante_net"


def credits_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """A raw export: ``<wager>_credit`` returned with the stake, ``engine_decision``
    (``play``/``fold``) beside ``play_multiplier`` (a float, empty on a fold)."""
    out = frame[["round", "seat"]].copy()
    out["player_cards"] = frame["player"]
    out["dealer_cards"] = frame["dealer"]
    out["engine_decision"] = np.where(frame["decision"] == "fold", "fold", "play")
    out["play_multiplier"] = frame["decision"].map({"fold": np.nan, "1x": 1.0, "3x": 3.0})
    for wager in AMOUNTS:
        out[f"{wager}_wager"] = frame[wager]
        out[f"{wager}_credit"] = frame[wager] + frame[f"{wager}_net"]
    path = folder / "credits.csv"
    out.to_csv(path, index=False)
    return path, "queens_up_credit"


def empty_folds_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """A fold is an empty decision cell (``P1``/``P3`` otherwise); the ``ante`` column is the
    Ante's and the Super Bonus's stake (no column of the Super Bonus's own)."""
    out = frame.drop(columns=["super_bonus"])
    out["decision"] = frame["decision"].map({"fold": "", "1x": "P1", "3x": "P3"})
    assert (frame["ante"] == frame["super_bonus"]).all()
    path = folder / "empty-folds.csv"
    out.to_csv(path, index=False)
    return path, "ante_net"


def winnings_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """``<wager>_winnings``: the profit on a win, 0 on a loss and on a push alike."""
    out = frame[["round", "seat", "player", "dealer", "decision"]].copy()
    for wager in AMOUNTS:
        out[wager] = frame[wager]
        out[f"{wager}_winnings"] = frame[f"{wager}_net"].clip(lower=0)
    path = folder / "winnings.csv"
    out.to_csv(path, index=False)
    return path, "ante_winnings"


def combined_net_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """One net for the Ante and the Play together (``ante_play_net``), the side bets apart."""
    out = frame.drop(columns=["ante_net", "play_net"])
    out["ante_play_net"] = frame["ante_net"] + frame["play_net"]
    path = folder / "combined.csv"
    out.to_csv(path, index=False)
    return path, "ante_play_net"


def combined_credit_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """One return for the Ante and the Play together, stakes included (``main_credit``),
    each side bet's return apart (``<wager>_credit``)."""
    out = frame[["round", "seat", "player", "dealer", "decision"]].copy()
    for wager in AMOUNTS:
        out[wager] = frame[wager]
    out["main_credit"] = frame["ante"] + frame["play"] + frame["ante_net"] + frame["play_net"]
    for wager in ("super_bonus", "queens_up"):
        out[f"{wager}_credit"] = frame[wager] + frame[f"{wager}_net"]
    path = folder / "combined-credit.csv"
    out.to_csv(path, index=False)
    return path, "main_credit"


def balance_csv(frame: pd.DataFrame, folder: Path, forget_play: bool = False) -> tuple[Path, str]:
    """Each wager's net and ``Balance``, the player's running balance after the row (from
    1,000). With ``forget_play`` the engine never takes a lost Play stake from the balance,
    its reported amounts right."""
    out = frame.copy()
    moved = frame[[f"{wager}_net" for wager in AMOUNTS]].sum(axis=1)
    if forget_play:
        moved = moved + np.where(frame["play_net"] < 0, frame["play"], 0.0)
    out["Balance"] = 1000.0 + moved.cumsum()
    path = folder / "balance.csv"
    out.to_csv(path, index=False)
    return path, "ante_net"


def absent_folds_csv(frame: pd.DataFrame, folder: Path) -> tuple[Path, str]:
    """No decision column: a fold is marked by absence (an empty Play stake and Play net),
    a play by its stake."""
    out = frame.drop(columns=["decision"])
    folded = frame["decision"] == "fold"
    out["play"] = frame["play"].where(~folded)
    out["play_net"] = frame["play_net"].where(~folded)
    path = folder / "absent-folds.csv"
    out.to_csv(path, index=False)
    assert ",," in path.read_text()
    return path, "ante_net"


#: Money recorded otherwise than per wager: settled against the exact nets once read.
MONEY_FORMATS: dict[str, Callable[[pd.DataFrame, Path], tuple[Path, str]]] = {
    "winnings": winnings_csv,
    "a running balance": balance_csv,
    "Ante and Play in one net": combined_net_csv,
    "Ante and Play in one return with the stakes": combined_credit_csv,
}


FORMATS: dict[str, Callable[[pd.DataFrame, Path], tuple[Path, str]]] = {
    "suit words, numeric ranks": words_csv,
    "list columns (parquet)": lists_parquet,
    "list columns (pandas CSV)": lists_csv,
    "amounts with the stake": returns_csv,
    "decision over two columns": two_columns_parquet,
    "text round ids": text_ids_csv,
    "long suit words (clover), ace 1": clover_csv,
    "suit words learnt from the cells": learnt_words_csv,
    "objects' text": objects_csv,
    "credits, a label and a multiplier": credits_csv,
    "empty fold cells, one stake column for two wagers": empty_folds_csv,
    "folds marked by absence (no decision column)": absent_folds_csv,
}
