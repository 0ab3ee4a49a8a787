"""Four Card Poker written as a rule file alone: the whole standard game, side bets included.

Issue 44 asks for the built-in games as rule files wherever the language can say them. The
file here is the shipped ``four-card-standard`` said in the language of a declared game
(``[game]``, ``[settle.*]``, ``[[side_bet]]``): six dealer cards with one face up, no
qualifier, ties to the player, the Ante Bonus table 1 paid on a fold too, the five Aces Up
tables, and the illustrative Bad Beat Bonus paid on the losing player's hand only when the
dealer's hand is higher (``pays_when = "dealer_higher"``), a fold forfeiting it. Analyzed by
``crazy4 analyze`` with no code for it, every bet's exact EV must equal what the game's own
engines committed in ``results/four-card-standard/bets.parquet``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from crazy4.cli.main import main
from crazy4.errors import InputError
from crazy4.registry import parse_rules

ROOT = Path(__file__).resolve().parents[2]

ACES_UP = {  # the five published tables of four-card-standard
    "50-40-8-5-4-3-1": (50, 40, 8, 5, 4, 3, 1),
    "50-40-8-6-4-2-1": (50, 40, 8, 6, 4, 2, 1),
    "50-30-7-6-5-2-1": (50, 30, 7, 6, 5, 2, 1),
    "50-40-9-6-4-2-1": (50, 40, 9, 6, 4, 2, 1),
    "50-40-7-5-4-3-1": (50, 40, 7, 5, 4, 3, 1),
}
LINES = ("four_of_a_kind", "straight_flush", "three_of_a_kind", "flush", "straight", "two_pair")


def _aces_up(name: str, odds: tuple[int, ...]) -> str:
    pays = "\n".join(f"{line} = {value}" for line, value in zip(LINES, odds, strict=False))
    return f'[[side_bet]]\nname = "aces-up-{name}"\n[side_bet.pays]\n{pays}\n"pair of aces" = 1\n'


RULE_FILE = (
    """name = "four-card-declared"
title = "Four Card Poker, said as a rule file"

[game]
key = "four-card-declared"
title = "Four Card Poker (declared)"
ranking = "best_four"
player_cards = 5
dealer_cards = 6
face_up = 1
hand_cards = 4
main_bet = "ante_play"

[dealer]
cards = 6
up_cards = 1
qualifier = "none"
ties = "player"

[play]
multiples = [1, 2, 3]

[settle.ante]
fold = "loses"
not_qualified = "wins"
player_higher = "wins"
dealer_higher = "loses"

[settle.play]
not_qualified = "wins"
player_higher = "wins"
dealer_higher = "loses"

[settle.ante_bonus]
fold = "pays"
tie = "pays"
[settle.ante_bonus.pays]
four_of_a_kind = 25
straight_flush = 20
three_of_a_kind = 2

"""
    + "\n".join(_aces_up(name, odds) for name, odds in ACES_UP.items())
    + """
[[side_bet]]
name = "bad_beat"
fold_forfeits = true
pays_when = "dealer_higher"
[side_bet.pays]
four_of_a_kind = 2000
straight_flush = 1000
three_of_a_kind = 200
flush = 50
straight = 40
two_pair = 15
"""
)


def _evs(path: Path) -> dict[str, Fraction]:
    bets = pd.read_parquet(path)
    return {
        str(row.bet): Fraction(int(row.ev_numerator), int(row.ev_denominator))
        for row in bets.itertuples()
    }


def test_every_bet_is_the_built_in_games(tmp_path: Path) -> None:
    path = tmp_path / "four-card-declared.toml"
    path.write_text(RULE_FILE)
    assert main(["analyze", "--rules", str(path), "--out", str(tmp_path / "out"), "--quiet"]) == 0
    mine = _evs(tmp_path / "out" / "bets.parquet")
    theirs = _evs(ROOT / "results" / "four-card-standard" / "bets.parquet")
    names = ["ante_play", *(f"aces-up-{name}" for name in ACES_UP), "bad_beat"]
    assert sorted(mine) == sorted(names)
    assert {name: mine[name] for name in names} == {name: theirs[name] for name in names}


SIX_CARD_BAD_BEAT = """name = "bad"
title = "bad"
[game]
key = "bad-beat-on-six"
title = "A three-card game"
ranking = "three_card"
player_cards = 3
dealer_cards = 3
face_up = 0
hand_cards = 3
[dealer]
qualifier = "Q high"
[play]
multiples = [1]
[settle.ante]
fold = "loses"
not_qualified = "wins"
player_higher = "wins"
dealer_higher = "loses"
[settle.play]
not_qualified = "push"
player_higher = "wins"
dealer_higher = "loses"
[[side_bet]]
name = "six-card-bad-beat"
scores = "player_and_dealer"
ranking = "five_card"
pays_when = "dealer_higher"
[side_bet.pays]
flush = 5
"""


def test_a_bad_beat_on_both_hands_cards_is_refused_in_one_line() -> None:
    """Paid when the dealer's hand is higher is a bet on the player's own hand: on all six
    cards it is refused, never priced as a bet that pays whatever the dealer holds."""
    with pytest.raises(InputError, match="pays_when") as caught:
        parse_rules(SIX_CARD_BAD_BEAT, "bad.toml")
    assert "\n" not in str(caught.value)
    parse_rules(SIX_CARD_BAD_BEAT.replace('pays_when = "dealer_higher"\n', ""), "good.toml")
