"""Reading the result tables in ``results/`` (for notebooks and reports).

The folder is ``$CRAZY4_RESULTS`` if set, else the ``results/`` folder of the source checkout.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd

from crazy4.errors import InputError


def results_dir() -> Path:
    """The results folder.

    Examples
    --------
    >>> results_dir().name
    'results'
    """
    explicit = os.environ.get("CRAZY4_RESULTS")
    if explicit:
        return Path(explicit)
    return Path(__file__).resolve().parents[2] / "results"


def rule_sets() -> list[str]:
    """Rule sets with results (folders holding a ``bets.parquet``), sorted.

    Examples
    --------
    >>> "crazy4-standard" in rule_sets()
    True
    """
    return sorted(p.parent.name for p in results_dir().glob("*/bets.parquet"))


def read_table(rule_set: str, table: str) -> pd.DataFrame:
    """One result table of one rule set.

    Raises
    ------
    InputError
        If the table does not exist (``make results`` writes every table).

    Examples
    --------
    >>> read_table("crazy4-standard", "hand_frequencies")["combinations"].sum()
    np.int64(2598960)
    """
    path = results_dir() / rule_set / f"{table}.parquet"
    if not path.is_file():
        raise InputError(f"no table {str(path)!r}; run 'make results' first")
    return pd.read_parquet(path)


def read_all(table: str) -> pd.DataFrame:
    """A table of every rule set that has it, stacked, with a leading ``rule_set`` column."""
    frames = []
    for name in rule_sets():
        path = results_dir() / name / f"{table}.parquet"
        if path.is_file():
            frame = pd.read_parquet(path)
            frame.insert(0, "rule_set", name)
            frames.append(frame)
    if not frames:
        raise InputError(f"no rule set has a {table!r} table; run 'make results' first")
    return pd.concat(frames, ignore_index=True)


def player_hands(rule_set: str) -> pd.DataFrame:
    """The per-hand-class table: read from ``results/`` or, when not built, computed exactly.

    ``player_hands.parquet`` is not committed (it is large); without ``make results`` this runs
    the exact analysis of the shipped rule set through its game (a few seconds).

    Raises
    ------
    InputError
        If the rule set's game has no per-hand-class table.
    """
    path = results_dir() / rule_set / "player_hands.parquet"
    if path.is_file():
        return pd.read_parquet(path)
    from crazy4.games.registry import game_of
    from crazy4.rules.load import load_rules

    rules = load_rules(rule_set)
    tables = (
        game_of(rules)
        .analyze(rules, jobs=1, progress=lambda message: None, simulate_rounds=0, seed=None)
        .tables
    )
    if "player_hands" not in tables:
        raise InputError(f"rule set {rule_set!r} has no per-hand-class table (player_hands)")
    return tables["player_hands"]
