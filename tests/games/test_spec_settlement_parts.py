"""A specification whose main game has no Ante Bonus: its settlement leaves that wager out.

The game is defined here and never registered: its rule set is read with it alone
(:func:`crazy4.rules.load.read_rules`), and the engines reach it through the rule set.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from crazy4.game import SpecGame
from crazy4.games.three_card.game import ThreeCard
from crazy4.rules.load import read_rules
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import CellSettlement

RULES = """
name = "no-bonus"
title = "Three Card Poker without the Ante Bonus"
game = "three-card-no-bonus"
[dealer]
cards = 3
qualifier = "Q high"
[play]
multiples = [1]
"""


class NoBonus(ThreeCard):
    """Three Card Poker's deal and ranking; its settlement names the Ante and the Play only."""

    key = "three-card-no-bonus"

    def settlement(self, rules: RuleSet) -> CellSettlement:
        full = super().settlement(rules)
        parts = {name: full.parts[name] for name in ("ante", "play")}
        return CellSettlement(full.nets, full.allowed, full.wagers, full.unit, parts)


def test_a_wager_left_out_is_logged_as_zero_and_resettled(tmp_path: Path) -> None:
    from crazy4.simulate.driver import make_plan, run_simulation
    from crazy4.validate.driver import validate
    from crazy4.validate.report import Options

    game = SpecGame(NoBonus())
    rules = read_rules(RULES, "no-bonus.toml", {game.key: game})
    assert not game.spec.settlement(rules).parts["ante_bonus"].any()
    log = tmp_path / "log.parquet"
    run_simulation(make_plan(rules, rounds=2000, seed=3, seats=1), log_path=log)
    frame = pd.read_parquet(log)
    assert (frame["ante_bonus_net"] == 0).all()
    assert validate(log, Options(rules)).exit_status == 0
    frame.loc[np.flatnonzero(frame["decision"] != "fold")[:3], "ante_bonus_net"] = 1.0
    planted = tmp_path / "planted.parquet"
    frame.to_parquet(planted)
    assert validate(planted, Options(rules)).exit_status == 1
