"""Write docs/examples/vendor-log.csv: a seeded crazy4 log dressed as a third party's export.

The documentation's worked example of ``crazy4 validate --mapping``: the columns renamed
(``HandId``, ``PlayerCards``, ...), the cards in suit symbols with ``10`` for a ten, the
decisions as the vendor's labels (``F``, ``P1``, ``P2``, ``P3``), every amount in cents, and,
with ``--fault``, one planted fault: the Super Bonus pays a flush 1 to 1 instead of 3 to 2
(written to docs/examples/vendor-log-fault.csv). The mapping that reads it back is
docs/examples/vendor-mapping.toml.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "examples"
SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
LABELS = {"fold": "F", "1x": "P1", "2x": "P2", "3x": "P3"}


def vendor_cards(hand: str) -> str:
    """``"Td 7s"`` as ``"10♦ 7♠"``."""
    return " ".join(
        ("10" if card[0] == "T" else card[0]) + SYMBOLS[card[1]] for card in hand.split()
    )


def main() -> int:
    crazy4 = str(Path(sys.executable).parent / "crazy4")
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "rounds.parquet"
        command = [crazy4, "simulate", "--rules", "crazy4-standard", "--rounds", "3000"]
        command += ["--seed", "2026", "--log", str(log), "--quiet"]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        rounds = pd.read_parquet(log)
    table = pd.DataFrame(
        {
            "HandId": rounds["round"] + 100000,
            "PlayerCards": rounds["player"].map(vendor_cards),
            "DealerCards": rounds["dealer"].map(vendor_cards),
            "Action": rounds["decision"].astype(str).map(LABELS),
        }
    )
    for ours, theirs in (
        ("ante", "AnteCents"),
        ("super_bonus", "BonusCents"),
        ("play", "PlayCents"),
        ("ante_net", "AnteWinCents"),
        ("super_bonus_net", "BonusWinCents"),
        ("play_net", "PlayWinCents"),
    ):
        table[theirs] = (rounds[ours] * 500).round().astype(int)  # a $5 Ante
    table.to_csv(OUT / "vendor-log.csv", index=False)
    flush_paid = table["BonusWinCents"] == 750  # 3 to 2 on $5: a flush
    fault = table.copy()
    fault.loc[flush_paid, "BonusWinCents"] = 500
    fault.to_csv(OUT / "vendor-log-fault.csv", index=False)
    print(f"wrote {len(table)} rows; {int(flush_paid.sum())} flushes underpaid in the fault log")
    return 0


if __name__ == "__main__":
    sys.exit(main())
