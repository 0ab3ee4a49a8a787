"""``ties = "dealer"`` as a rule file's switch, in each game: a log whose engine gives the dealer
the ties settles under a rule file that says so, and a log that pushes them is named by the
inference as ``ties = push`` against that file, on exactly the tied rows.

The logs are the independent engines' (tests/validate_planted.py for Crazy 4 Poker, the
oracles tests/oracle_three_card.py and tests/oracle_four_card.py); the rule files are the
shipped ones with the one line changed, here.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import oracle_four_card as four
import oracle_three_card as three
import pandas as pd
import pytest
from validate_planted import Engine, deal_rows

from crazy4.registry import load_rules
from crazy4.rules.load import RULES_DIR
from crazy4.validate.driver import validate
from crazy4.validate.report import Options

NETS = ["ante_net", "super_bonus_net", "play_net", "queens_up_net"]


def rule_file(folder: Path, shipped: str, ties: str) -> Path:
    """The shipped rule set ``shipped`` with ``ties`` changed to ``"dealer"`` (and renamed)."""
    text = (RULES_DIR / f"{shipped}.toml").read_text()
    assert f'ties = "{ties}"' in text
    text = text.replace(f'ties = "{ties}"', 'ties = "dealer"')
    text = text.replace(f'name = "{shipped}"', f'name = "{shipped}-ties-dealer"', 1)
    path = folder / f"{shipped}-ties-dealer.toml"
    path.write_text(text)
    return path


def checks(log: Path, rules: Path, **options: object) -> dict[str, object]:
    report = validate(log, Options(load_rules(str(rules)), examples=10_000, **options))  # type: ignore[arg-type]
    return {c.name: c for c in report.checks}


def rows_of(check: object) -> set[int]:
    return {e["row"] for f in check.findings.values() for e in f.examples}  # type: ignore[attr-defined]


def test_the_switch_is_refused_when_misspelt(tmp_path: Path) -> None:
    from crazy4.errors import InputError

    text = (RULES_DIR / "crazy4-standard.toml").read_text().replace('"push"', '"house"', 1)
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError) as error:
        load_rules(str(path))
    assert "dealer" in str(error.value) and "\n" not in str(error.value)


def test_crazy_four_ties_to_the_dealer(tmp_path: Path) -> None:
    rules = rule_file(tmp_path, "crazy4-standard", "push")
    dealer = pd.DataFrame(deal_rows(Engine(stacked_ties=True, ties_to_dealer=True), 2000))
    push = pd.DataFrame(deal_rows(Engine(stacked_ties=True), 2000))
    tied = set((dealer[NETS] != push[NETS]).any(axis=1).to_numpy().nonzero()[0] + 1)
    assert len(tied) > 50
    for frame, name in ((dealer, "dealer"), (push, "push")):
        frame.to_parquet(tmp_path / f"{name}.parquet", index=False)
    found = checks(tmp_path / "dealer.parquet", rules, strategy="simple")
    assert found["Settlement"].passed, found["Settlement"].summary  # type: ignore[attr-defined]
    found = checks(tmp_path / "push.parquet", rules, strategy="simple")
    assert rows_of(found["Settlement"]) == tied
    inference = found["Rule inference"]
    named = {what: f.count for what, f in inference.findings.items()}  # type: ignore[attr-defined]
    assert named == {"ties = push (ties push), not dealer": len(tied)}


def three_card_frame(ties: str, rounds: int = 6000) -> pd.DataFrame:
    q64 = three.hand_value("Qs 6d 4h")
    decks = np.argsort(np.random.default_rng(3).random((rounds, 52)), axis=1)[:, :6]
    rules = replace(three.Rules(), ties=ties)
    rows = []
    for number, deck in enumerate(decks.tolist(), start=1):
        player, dealer = deck[:3], deck[3:]
        if number % 3 == 0:  # a stacked deck: the dealer's ranks are the player's
            dealer = [c // 4 * 4 + (c + 1) % 4 for c in player]
            if set(dealer) & set(player):
                dealer = deck[3:]
        play = three.hand_value(player) >= q64
        nets = three.settle(player, dealer, "play" if play else "fold", rules)
        rows.append(
            {
                "round": number,
                "player": three.hand_text(player),
                "dealer": three.hand_text(dealer),
                "decision": "1x" if play else "fold",
                "ante": 1.0,
                "play": float(play),
                "ante_net": float(nets["ante"]),
                "play_net": float(nets["play"]),
                "ante_bonus_net": float(nets["ante_bonus"]),
            }
        )
    return pd.DataFrame(rows)


def test_three_card_ties_to_the_dealer(tmp_path: Path) -> None:
    rules = rule_file(tmp_path, "three-card-standard", "push")
    dealer, push = three_card_frame("dealer"), three_card_frame("push")
    nets = ["ante_net", "play_net", "ante_bonus_net"]
    tied = set((dealer[nets] != push[nets]).any(axis=1).to_numpy().nonzero()[0] + 1)
    assert len(tied) > 20
    dealer.to_parquet(tmp_path / "dealer.parquet", index=False)
    found = checks(tmp_path / "dealer.parquet", rules)
    assert found["Settlement"].passed, found["Settlement"].summary  # type: ignore[attr-defined]
    push.to_parquet(tmp_path / "push.parquet", index=False)
    found = checks(tmp_path / "push.parquet", rules)
    assert rows_of(found["Settlement"]) == tied
    inference = found["Rule inference"]
    named = {what: f.count for what, f in inference.findings.items()}  # type: ignore[attr-defined]
    assert named == {"ties = push (ties push), not dealer": len(tied)}


def test_four_card_ties_to_the_dealer(tmp_path: Path) -> None:
    rules = rule_file(tmp_path, "four-card-standard", "player")
    reading = four.read_rules(four.rule_file("four-card-standard"))
    table = next(iter(reading.aces_up))
    aa = four.hand_value("As Ad 4c 3h")
    decks = np.argsort(np.random.default_rng(9).random((1500, 52)), axis=1)[:, :11]
    rows = []
    for number, deck in enumerate(decks.tolist(), start=1):
        player, dealer = deck[:5], deck[5:]
        multiple = 3 if four.hand_value(player) >= aa else 1
        settled = replace(reading, ties="dealer")
        nets = four.settle(settled, four.hand_value(player), four.hand_value(dealer), multiple)
        value = {k: float(Fraction(int(v), reading.unit)) for k, v in nets.items()}
        rows.append(
            {
                "round": number,
                "player": four.hand_text(player),
                "dealer": four.hand_text(dealer),
                "up_card": four.hand_text([dealer[0]]),
                "decision": f"{multiple}x",
                "ante": 1.0,
                "play": float(multiple),
                "aces_up": 1.0,
                "ante_net": value["ante"],
                "ante_bonus_net": value["ante_bonus"],
                "play_net": value["play"],
                "aces_up_net": value[f"aces_up:{table}"],
            }
        )
    pd.DataFrame(rows).to_parquet(tmp_path / "dealer.parquet", index=False)
    found = checks(tmp_path / "dealer.parquet", rules, side_bet=table)
    assert found["Settlement"].passed, found["Settlement"].summary  # type: ignore[attr-defined]
    assert found["Rule inference"].passed  # type: ignore[attr-defined]
