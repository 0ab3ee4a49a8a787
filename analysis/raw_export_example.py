"""Write docs/examples/raw-export.csv: a seeded crazy4 log dressed as an engine's raw export.

The documentation's walk from ``--init-mapping`` to the verdict with no edit
(docs/validate-a-log.md): cards as long suit words with ranks 1-13 (``CLOVER 12 SPADE 8
DIAMOND 1``, clover for clubs, the ace 1), the decision as ``engine_decision``
(``play``/``fold``) beside ``play_multiplier`` (a float, empty on a fold), each wager's stake
(``<wager>_wager``) and the amount credited back, stake included (``<wager>_credit``), and the
player's running ``balance`` (from 1,000). With the fault, written to
docs/examples/raw-export-fault.csv: the engine credits every wager right but never takes a lost
Play stake from the balance.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "examples"
SUITS = {"c": "CLOVER", "d": "DIAMOND", "h": "HEART", "s": "SPADE"}
NUMBERS = {"A": "1", "T": "10", "J": "11", "Q": "12", "K": "13"}
WAGERS = ("ante", "super_bonus", "play")


def engine_cards(hand: str) -> str:
    """``"Qc 8s"`` as ``"CLOVER 12 SPADE 8"``."""
    return " ".join(f"{SUITS[card[1]]} {NUMBERS.get(card[0], card[0])}" for card in hand.split())


def main() -> int:
    crazy4 = str(Path(sys.executable).parent / "crazy4")
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "rounds.parquet"
        command = [crazy4, "simulate", "--rules", "crazy4-standard", "--rounds", "3000"]
        command += ["--seed", "4646", "--log", str(log), "--quiet"]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        rounds = pd.read_parquet(log)
    decision = rounds["decision"].astype(str)
    table = pd.DataFrame(
        {
            "hand_no": rounds["round"],
            "player_hand": rounds["player"].map(engine_cards),
            "dealer_hand": rounds["dealer"].map(engine_cards),
            "engine_decision": np.where(decision == "fold", "fold", "play"),
            "play_multiplier": decision.map({"fold": np.nan, "1x": 1.0, "2x": 2.0, "3x": 3.0}),
        }
    )
    moved = np.zeros(len(rounds))
    for wager in WAGERS:
        table[f"{wager}_wager"] = rounds[wager]
        table[f"{wager}_credit"] = rounds[wager] + rounds[f"{wager}_net"]
        moved += rounds[f"{wager}_net"].to_numpy()
    table["balance"] = 1000.0 + moved.cumsum()
    table.to_csv(OUT / "raw-export.csv", index=False)
    forgot = np.where(rounds["play_net"] < 0, rounds["play"], 0.0)
    fault = table.copy()
    fault["balance"] = 1000.0 + (moved + forgot).cumsum()
    fault.to_csv(OUT / "raw-export-fault.csv", index=False)
    print(f"wrote {len(table)} rows; {int((forgot > 0).sum())} lost Play stakes never taken")
    return 0


if __name__ == "__main__":
    sys.exit(main())
