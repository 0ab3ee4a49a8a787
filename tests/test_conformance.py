"""Conformance: every registered game and every shipped rule set, through the interface only.

In the spirit of scikit-learn's ``check_estimator``: the same checks run against each game of
:func:`crazy4.games.registry.registered_games` and each rule set of
:func:`crazy4.rules.load.shipped_rule_names`, reaching the game only through the
:class:`crazy4.games.base.Game` interface and the drivers (``run_rule_set``, ``make_plan`` /
``run_simulation``, ``validate``). A new game or rule file is checked by adding it, with no
change here. The expected totals are counted from first principles (the number of deals from
the deck and the game's dealer cards, cross-checked with the rules files' published totals),
never read from the code under test.

The pipeline results are computed once per session (``pipeline_results`` in ``conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from crazy4.games.base import Game
from crazy4.games.registry import game_named, game_of, registered_games
from crazy4.pipeline import RuleSetResults
from crazy4.rules.load import load_rules, parse_rules, shipped_rule_names
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.validate.driver import validate
from crazy4.validate.report import Options, Report

GAMES = registered_games()
RULE_SETS = tuple(shipped_rule_names())
#: Total deals as the rules files publish them, per game.
PUBLISHED_DEALS = {
    "crazy-4-poker": 3_986_646_103_440,  # C(52,5) * C(47,5)
    "four-card-poker": comb(52, 5) * 47 * comb(46, 5),
    "three-card-poker": 22_100 * 18_424,  # "22,100 player hands x 18,424 dealer hands"
}
#: Tables every game's analysis writes.
REQUIRED_TABLES = {"bets", "returns", "net_distribution"}
SIM_ROUNDS = 2_000
PLANTED_ROWS = 10

Results = Callable[[str], RuleSetResults]


def deals_of(game: Game) -> int:
    """Player/dealer deals from one 52-card deck: the player's cards, the dealer's up
    cards, then the dealer's hidden ones."""
    cards, up = game.dealer_cards
    rest = 52 - game.player_cards
    return comb(52, game.player_cards) * comb(rest, up) * comb(rest - up, cards - up)


def completions_of(game: Game) -> int:
    """Dealer hands one player hand (and the up cards) leaves: what ``hand_result`` lists."""
    cards, up = game.dealer_cards
    return comb(52 - game.player_cards - up, cards - up)


def shares_of(frame: pd.DataFrame, whole: int) -> bool:
    """Whether a table's ``probability`` column is its ``combinations`` over ``whole``."""
    shares = frame["combinations"].astype(np.float64) / whole
    return bool(np.allclose(frame["probability"], shares, rtol=1e-12, atol=0))


# --- games -----------------------------------------------------------------------------------


@pytest.mark.parametrize("key", GAMES)
def test_game_is_found_under_its_key(key: str) -> None:
    """The registry returns a game whose ``key`` is the one it is registered under, with a
    title, a side-bet label and a possible dealer's hand."""
    game = game_named(key)
    assert game.key == key
    assert game.title and game.side_bet_label
    cards, up = game.dealer_cards
    assert 3 <= game.player_cards and 3 <= cards <= 52 - game.player_cards and 0 <= up < cards


@pytest.mark.parametrize("key", GAMES)
def test_game_has_simulator_and_validator_roles(key: str) -> None:
    """Every game hands the drivers its simulator and its validator."""
    game = game_named(key)
    assert game.simulator() is not None and game.validator() is not None


@pytest.mark.parametrize("key", GAMES)
def test_game_has_a_shipped_rule_set(key: str) -> None:
    """Every registered game has at least one rule set shipped with the package."""
    assert any(load_rules(name).game == key for name in RULE_SETS)


@pytest.mark.parametrize("key", GAMES)
def test_game_deal_count_is_the_published_one(key: str) -> None:
    """The deals counted from the game's dealer cards are the rules file's published total."""
    assert key in PUBLISHED_DEALS, f"add the rules file's published deal count for {key}"
    assert deals_of(game_named(key)) == PUBLISHED_DEALS[key]


# --- rule sets: loading ----------------------------------------------------------------------


@pytest.mark.parametrize("name", RULE_SETS)
def test_rules_load_and_name_their_game(name: str) -> None:
    """A shipped rule set loads by name, is for a registered game whose key is its ``game``,
    deals the game's dealer cards, and its text parses to the same rule set."""
    rules = load_rules(name)
    assert rules.name == name and rules.title
    assert rules.game in GAMES
    game = game_of(rules)
    assert game.key == rules.game
    assert (rules.dealer.cards, rules.dealer.up_cards) == game.dealer_cards
    again = parse_rules(rules.text, f"{name}.toml")
    assert (again.name, again.game, again.content_hash) == (name, rules.game, rules.content_hash)


# --- rule sets: the exact analysis -----------------------------------------------------------


@pytest.mark.parametrize("name", RULE_SETS)
def test_bets_table_counts_every_deal(name: str, pipeline_results: Results) -> None:
    """The analysis writes the required tables; every bet is counted over all the deals of
    the game, and so is the provenance; the main bet is one of the bets."""
    results = pipeline_results(name)
    deals = deals_of(game_of(results.rules))
    assert set(results.tables) >= REQUIRED_TABLES
    bets = results.tables["bets"]
    assert (bets["deals"] == deals).all()
    assert results.record["deals"] == deals
    assert results.main_bet in set(bets["bet"])


@pytest.mark.parametrize("name", RULE_SETS)
def test_outcome_tables_sum_to_the_deals(name: str, pipeline_results: Results) -> None:
    """The main bet's outcomes (``returns``, ``net_distribution``) count every deal once, with
    probabilities their share; every other table's ``deals`` columns add up to all the deals;
    every frequency table (combinations and probabilities) sums to its whole."""
    results = pipeline_results(name)
    game = game_of(results.rules)
    deals = deals_of(game)
    for table in ("returns", "net_distribution"):
        frame = results.tables[table]
        combinations = frame["combinations"].astype(object)
        assert sum(int(c) for c in combinations) == deals, table
        assert shares_of(frame, deals), table
    wholes = {deals, comb(52, game.player_cards), comb(52, game.dealer_cards[0])}
    for table, frame in results.tables.items():
        deal_columns = [c for c in frame.columns if c == "deals" or c.startswith("deals_")]
        if deal_columns and table != "bets":
            total = sum(int(v) for c in deal_columns for v in frame[c])
            assert total == deals, (table, deal_columns)
        if {"combinations", "probability"} <= set(frame.columns):
            whole = sum(int(v) for v in frame["combinations"])
            assert whole in wholes, table
            assert shares_of(frame, whole), table


@pytest.mark.parametrize("name", RULE_SETS)
def test_main_bet_ev_is_the_average_of_its_returns(name: str, pipeline_results: Results) -> None:
    """The main bet's exact EV is the combination-weighted average net of the ``returns``
    table, and ``net_distribution`` is those returns grouped by net."""
    results = pipeline_results(name)
    deals = deals_of(game_of(results.rules))
    returns = results.tables["returns"]
    pairs = zip(returns["net"], returns["combinations"], strict=True)
    total = sum((Fraction(str(net)) * int(c) for net, c in pairs), Fraction(0))
    bet = results.tables["bets"].set_index("bet").loc[results.main_bet]
    assert total / deals == Fraction(int(bet["ev_numerator"]), int(bet["ev_denominator"]))
    by_net: dict[Fraction, int] = {}
    for net, c in zip(returns["net"], returns["combinations"], strict=True):
        by_net[Fraction(str(net))] = by_net.get(Fraction(str(net)), 0) + int(c)
    distribution = results.tables["net_distribution"]
    assert by_net == {
        Fraction(str(n)): int(c)
        for n, c in zip(distribution["net"], distribution["combinations"], strict=True)
    }


@pytest.mark.parametrize("name", RULE_SETS)
def test_report_carries_the_headline_figures(name: str, pipeline_results: Results) -> None:
    """The report and the headline state the main bet's house edge (minus its exact EV) and
    element of risk (the edge over the average total bet) to four decimals of a percent."""
    results = pipeline_results(name)
    bet = results.tables["bets"].set_index("bet").loc[results.main_bet]
    edge = -Fraction(int(bet["ev_numerator"]), int(bet["ev_denominator"]))
    assert float(bet["house_edge"]) == pytest.approx(float(edge), rel=1e-12)
    risk = float(edge) / float(bet["average_total_bet"])
    assert float(bet["element_of_risk"]) == pytest.approx(risk, rel=1e-12)
    edge_text, risk_text = f"{100 * float(edge):.4f}%", f"{100 * risk:.4f}%"
    report = results.report
    assert report.startswith(f"# {results.rules.title}\n")
    assert f"house edge of **{edge_text}**" in report
    assert f"element of risk of **{risk_text}**" in report
    assert f"| {results.main_bet} | {edge_text} | {risk_text} |" in report
    assert results.headline() == (
        f"{name}: house edge {edge_text} of the Ante, element of risk {risk_text}"
    )


# --- rule sets: one hand ---------------------------------------------------------------------


@pytest.mark.parametrize("name", RULE_SETS)
def test_hand_result_counts_add_up(name: str) -> None:
    """For a sampled hand (and up card), every dealer count of ``hand_result`` sums to the
    dealer hands the other cards leave, and the optimal decision has the best exact EV."""
    rules = load_rules(name)
    game = game_of(rules)
    rng = np.random.default_rng(sum(map(ord, name)))
    cards = rng.choice(52, game.player_cards + game.dealer_cards[1], replace=False).tolist()
    hand, up = tuple(sorted(cards[: game.player_cards])), cards[game.player_cards :]
    result = game.hand_result(rules, hand, up[0] if up else None)
    completions = completions_of(game)
    assert completions in [v for v in result.values() if isinstance(v, int)]
    counts = [v for v in result.values() if isinstance(v, dict) and v]
    counts = [v for v in counts if all(isinstance(n, int) for n in v.values())]
    assert counts, "hand_result lists no dealer outcome counts"
    for table in counts:
        assert sum(table.values()) == completions, table
    evs = result["ev_per_ante"]
    assert isinstance(evs, dict) and evs["fold"] is not None
    exact = {k: Fraction(str(v["exact"])) for k, v in evs.items() if v is not None}
    assert exact[str(result["optimal_decision"])] == max(exact.values())
    assert game.hand_text(result)


# --- rule sets: simulation and validation ----------------------------------------------------


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """A seeded short simulation log of a rule set (two seats), made on first use."""
    folder = tmp_path_factory.mktemp("conformance")
    done: dict[str, Path] = {}

    def log(name: str) -> Path:
        if name not in done:
            path = folder / f"{name}.parquet"
            plan = make_plan(load_rules(name), rounds=SIM_ROUNDS, seed=17, seats=2)
            run_simulation(plan, log_path=path)
            done[name] = path
        return done[name]

    return log


def checks_of(report: Report) -> dict[str, bool]:
    return {check.name: check.passed for check in report.checks}


@pytest.mark.parametrize("name", RULE_SETS)
def test_short_simulation_validates_clean(name: str, simulated: Callable[[str], Path]) -> None:
    """A seeded simulation's log passes every check of the validator, all rows and rounds
    read."""
    report = validate(simulated(name), Options(load_rules(name)))
    assert report.exit_status == 0, report.render()
    assert (report.rows, report.rounds) == (2 * SIM_ROUNDS, SIM_ROUNDS)
    assert {"Well-formed", "Settlement"} <= set(checks_of(report))


@pytest.mark.parametrize("name", RULE_SETS)
def test_planted_settlement_fault_is_caught(
    name: str, simulated: Callable[[str], Path], tmp_path: Path
) -> None:
    """Planted fault: ten played hands' Ante nets one unit too high. The validator's report is
    not ok (exit status 1), the Settlement check fails with exactly those ten rows found, and
    the log is still well-formed."""
    frame = pd.read_parquet(simulated(name))
    played = np.flatnonzero(frame["decision"].astype(str) != "fold")
    rows = played[:: max(1, len(played) // PLANTED_ROWS)][:PLANTED_ROWS]
    frame.loc[rows, "ante_net"] += frame.loc[rows, "ante"]
    path = tmp_path / "planted.parquet"
    frame.to_parquet(path)
    report = validate(path, Options(load_rules(name)))
    assert report.exit_status == 1
    checks = checks_of(report)
    assert checks["Well-formed"] and not checks["Settlement"]
    settlement = next(check for check in report.checks if check.name == "Settlement")
    assert sum(finding.count for finding in settlement.findings.values()) == PLANTED_ROWS
    found = {int(e["row"]) for f in settlement.findings.values() for e in f.examples}  # type: ignore[call-overload]
    assert found <= {int(r) + 1 for r in rows}  # the examples are among the planted rows
