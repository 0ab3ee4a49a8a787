"""Conformance checks of a game: :func:`check_game`, in the spirit of scikit-learn's
``check_estimator``.

Every registered game is checked through the interface only, on every rule set of the game:
the registry entry and its published deal count, the rule files, the exact analysis, one hand,
a seeded simulation that validates clean, a planted fault caught, one seen dealer card and
pooled cards. Expected totals are counted from first principles, never read from the code
under test. A test suite runs each check as its own test (:func:`conformance_cases`); a new
game is checked by registering it (for one block: :func:`registered`).

Examples
--------
>>> [check.name for check in GAME_CHECKS][:2]
['registry_entry', 'roles']
>>> cases = conformance_cases()
>>> ("three-card-poker", "three-card-standard", "hand_counts_add_up") in [
...     (game, rules, check.name) for game, rules, check in cases]
True
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd

from crazy4.game import SpecGame
from crazy4.pipeline import RuleSetResults, run_rule_set
from crazy4.registry import (
    game_named,
    load_rules,
    parse_rules,
    register_game,
    registered_games,
    unregister_game,
)
from crazy4.rules.load import shipped_rule_names
from crazy4.rules.ruleset import RuleSet

#: Tables every game's analysis writes.
REQUIRED_TABLES = frozenset({"bets", "returns", "net_distribution"})
#: Rounds of the seeded simulations (two seats).
SIM_ROUNDS = 2_000
#: Rows of a simulated log given a wrong Ante net.
PLANTED_ROWS = 10


@dataclass
class Context:
    """What the checks of one rule set share: its analysis (run once) and a work folder."""

    rules: RuleSet
    folder: Path
    results_of: Callable[[str], RuleSetResults] | None = None
    made: dict[str, object] = field(default_factory=dict)

    @property
    def results(self) -> RuleSetResults:
        """The rule set's exact analysis (``run_rule_set``), run on first use."""
        if self.results_of is not None:
            return self.results_of(self.rules.name)
        if "results" not in self.made:
            self.made["results"] = run_rule_set(self.rules, command="crazy4.testing", jobs=1)
        found = self.made["results"]
        assert isinstance(found, RuleSetResults)
        return found

    @property
    def log(self) -> Path:
        """A seeded simulation log of the rule set (two seats), made on first use."""
        from crazy4.simulate.driver import make_plan, run_simulation

        path = self.folder / f"{self.rules.name}.parquet"
        if not path.exists():
            plan = make_plan(self.rules, rounds=SIM_ROUNDS, seed=17, seats=2)
            run_simulation(plan, log_path=path)
        return path


def completions_of(game: SpecGame) -> int:
    """Dealer hands one player hand (and the up cards) leaves: what ``hand_result`` lists."""
    cards, up = game.dealer_cards
    return comb(52 - game.player_cards - up, cards - up)


def shares_of(frame: pd.DataFrame, whole: int) -> bool:
    """Whether a table's ``probability`` column is its ``combinations`` over ``whole``."""
    shares = frame["combinations"].astype(np.float64) / whole
    return bool(np.allclose(frame["probability"], shares, rtol=1e-12, atol=0))


def exact_ev(frame: pd.DataFrame, column: str, row: str) -> Fraction:
    """The exact EV (``ev_numerator`` / ``ev_denominator``) of the row whose ``column`` is
    ``row``."""
    found = frame[frame[column] == row].iloc[0].to_dict()
    return Fraction(int(found["ev_numerator"]), int(found["ev_denominator"]))


# --- game checks -------------------------------------------------------------------------------


def check_registry_entry(game: SpecGame) -> None:
    """Found under its key, with a title, a side-bet label and a possible deal."""
    assert game_named(game.key) is game
    assert game.title and game.side_bet_label
    cards, up = game.dealer_cards
    assert game.player_cards >= 2 and 2 <= cards <= 52 - game.player_cards and 0 <= up < cards


def check_published_deals(game: SpecGame) -> None:
    """The deals the game's cards make are :attr:`crazy4.game.SpecGame.published_deals`."""
    counted, published = game.spec.shape.deals, game.published_deals
    assert counted == published, (
        f"the game's cards make {counted:,} deals (player {game.player_cards}, dealer "
        f"{game.dealer_cards[0]} with {game.dealer_cards[1]} up) but its published_deals is "
        f"{published:,}"
    )


def check_roles(game: SpecGame) -> None:
    """The simulator and the validator of the game; surveillance of at least one seen hole
    card and a team of two."""
    from crazy4.advantage.surveil import SpecSurveillance
    from crazy4.simulate.engine import SpecSimulator
    from crazy4.validate.engine import SpecValidator

    spec = game.spec
    assert SpecSimulator(spec) is not None and SpecValidator(spec) is not None
    table = SpecSurveillance(spec, practical=spec.team_rules)
    assert table.most_seen >= 1
    assert table.max_seats >= 2


def check_has_rule_set(game: SpecGame) -> None:
    """At least one rule set of the game is shipped with the package or brought by it."""
    assert rule_sets_of(game), f"no rule set of {game.key!r} is shipped or brought by the game"


@dataclass(frozen=True)
class GameCheck:
    """One check of a game (``per_rule_set``: of each of its shipped rule sets)."""

    name: str
    run: Callable[..., None]
    per_rule_set: bool


# --- rule-set checks ---------------------------------------------------------------------------


def check_rules_load(game: SpecGame, context: Context) -> None:
    """Loads by name, for this game, deals its cards, and its text parses to the same set."""
    rules = context.rules
    assert rules.title and rules.game == game.key
    assert (rules.dealer.cards, rules.dealer.up_cards) == game.dealer_cards
    again = parse_rules(rules.text, f"{rules.name}.toml")
    assert (again.name, again.game, again.content_hash) == (
        rules.name,
        rules.game,
        rules.content_hash,
    )


def check_every_deal_counted(game: SpecGame, context: Context) -> None:
    """The required tables; every bet and the provenance over all the deals."""
    results = context.results
    deals = game.spec.shape.deals
    assert set(results.tables) >= REQUIRED_TABLES
    assert (results.tables["bets"]["deals"] == deals).all()
    assert results.record["deals"] == deals
    assert results.main_bet in set(results.tables["bets"]["bet"])


def check_tables_add_up(game: SpecGame, context: Context) -> None:
    """``returns`` and ``net_distribution`` count every deal once; ``deals`` columns add up to
    all the deals; every frequency table sums to its whole, probabilities its shares."""
    results = context.results
    deals = game.spec.shape.deals
    for table in ("returns", "net_distribution"):
        frame = results.tables[table]
        assert sum(int(c) for c in frame["combinations"].astype(object)) == deals, table
        assert shares_of(frame, deals), table
    wholes = {deals, comb(52, game.player_cards), comb(52, game.dealer_cards[0])}
    for table, frame in results.tables.items():
        columns = [c for c in frame.columns if c == "deals" or c.startswith("deals_")]
        if columns and table != "bets":
            assert sum(int(v) for c in columns for v in frame[c]) == deals, (table, columns)
        if {"combinations", "probability"} <= set(frame.columns):
            whole = sum(int(v) for v in frame["combinations"])
            assert whole in wholes and shares_of(frame, whole), table


def check_main_bet_is_its_returns(game: SpecGame, context: Context) -> None:
    """The main bet's exact EV is the average net of ``returns``; ``net_distribution`` is
    those returns grouped by net."""
    results = context.results
    returns = results.tables["returns"]
    by_net: dict[Fraction, int] = {}
    for net, count in zip(returns["net"], returns["combinations"], strict=True):
        by_net[Fraction(str(net))] = by_net.get(Fraction(str(net)), 0) + int(count)
    mean = sum((net * count for net, count in by_net.items()), Fraction(0)) / game.spec.shape.deals
    assert mean == exact_ev(results.tables["bets"], "bet", results.main_bet)
    distribution = results.tables["net_distribution"]
    pairs = zip(distribution["net"], distribution["combinations"], strict=True)
    assert by_net == {Fraction(str(n)): int(c) for n, c in pairs}


def check_report_headline(game: SpecGame, context: Context) -> None:
    """The report and the headline state the main bet's house edge and element of risk."""
    results = context.results
    bets = results.tables["bets"]
    bet = bets[bets["bet"] == results.main_bet].iloc[0].to_dict()
    edge = -Fraction(int(bet["ev_numerator"]), int(bet["ev_denominator"]))
    assert abs(float(bet["house_edge"]) - float(edge)) <= 1e-12 * max(1.0, abs(float(edge)))
    risk = float(edge) / float(bet["average_total_bet"])
    assert abs(float(bet["element_of_risk"]) - risk) <= 1e-12 * max(1.0, abs(risk))
    edge_text, risk_text = f"{100 * float(edge):.4f}%", f"{100 * risk:.4f}%"
    report = results.report
    assert report.startswith(f"# {results.rules.title}\n")
    assert f"house edge of **{edge_text}**" in report
    assert f"element of risk of **{risk_text}**" in report
    assert f"| {results.main_bet} | {edge_text} | {risk_text} |" in report
    name = results.rules.name
    assert (
        results.headline()
        == f"{name}: house edge {edge_text} of the Ante, element of risk {risk_text}"
    )


def check_hand_counts_add_up(game: SpecGame, context: Context) -> None:
    """A sampled hand's dealer counts sum to the hands the other cards leave; the optimal
    decision has the best exact EV."""
    rules = context.rules
    rng = np.random.default_rng(sum(map(ord, rules.name)))
    cards = rng.choice(52, game.player_cards + game.dealer_cards[1], replace=False).tolist()
    hand, up = tuple(sorted(cards[: game.player_cards])), cards[game.player_cards :]
    result = game.hand_result(rules, hand, up[0] if up else None)
    completions = completions_of(game)
    assert completions in [v for v in result.values() if isinstance(v, int)]
    tables = [v for v in result.values() if isinstance(v, dict) and v]
    tables = [v for v in tables if all(isinstance(n, int) for n in v.values())]
    assert tables, "hand_result lists no dealer outcome counts"
    for table in tables:
        assert sum(table.values()) == completions, table
    evs = result["ev_per_ante"]
    assert isinstance(evs, dict) and evs["fold"] is not None
    exact = {k: Fraction(str(v["exact"])) for k, v in evs.items() if v is not None}
    assert exact[str(result["optimal_decision"])] == max(exact.values())
    assert game.hand_text(result)


def check_simulation_validates(game: SpecGame, context: Context) -> None:
    """A seeded simulation's log passes every check of the validator, all rows read."""
    from crazy4.validate.driver import validate
    from crazy4.validate.report import Options

    report = validate(context.log, Options(context.rules))
    assert report.exit_status == 0, report.render()
    assert (report.rows, report.rounds) == (2 * SIM_ROUNDS, SIM_ROUNDS)
    assert {"Well-formed", "Settlement"} <= {check.name for check in report.checks}


def check_planted_fault_caught(game: SpecGame, context: Context) -> None:
    """Ten played hands' Ante nets one unit too high: Settlement fails with exactly those ten
    rows, and the log is still well-formed."""
    from crazy4.validate.driver import validate
    from crazy4.validate.report import Options

    frame = pd.read_parquet(context.log)
    played = np.flatnonzero(frame["decision"].astype(str) != "fold")
    rows = played[:: max(1, len(played) // PLANTED_ROWS)][:PLANTED_ROWS]
    frame.loc[rows, "ante_net"] += frame.loc[rows, "ante"]
    path = context.folder / f"{context.rules.name}-planted.parquet"
    frame.to_parquet(path)
    report = validate(path, Options(context.rules))
    assert report.exit_status == 1
    checks = {check.name: check for check in report.checks}
    assert checks["Well-formed"].passed and not checks["Settlement"].passed
    findings = checks["Settlement"].findings.values()
    assert sum(finding.count for finding in findings) == PLANTED_ROWS
    found = {int(str(e["row"])) for f in findings for e in f.examples}
    assert found <= {int(r) + 1 for r in rows}


#: Situation classes a hole-card check values when the game's tables are too large to publish.
HOLE_CARD_SAMPLE = 24


def check_hole_cards(game: SpecGame, context: Context) -> None:
    """One seen dealer card: knowing the card is worth at least its rank, which is worth at
    least nothing, which is the ordinary game exactly (a game that publishes no hole-card
    tables is checked on :data:`HOLE_CARD_SAMPLE` player hand classes)."""
    rules = context.rules
    sample = 0 if game.published_seen else HOLE_CARD_SAMPLE
    strategies = game.hole_card_tables(rules, 1, [], 1, sample)["hole_strategies"]
    value = {name: exact_ev(strategies, "strategy", name) for name in ("none", "rank", "card")}
    if not sample:
        main = exact_ev(context.results.tables["bets"], "bet", context.results.main_bet)
        assert value["none"] == main
    assert value["card"] >= value["rank"] >= value["none"]


def check_collusion(game: SpecGame, context: Context) -> None:
    """Two seats pooling their cards on 64 seeded deals never do worse than honest play."""
    rules = context.rules
    from crazy4.advantage.collusion import colluder_role, make_collusion_plan, run_collusion
    from crazy4.advantage.collusion_tables import plan_rows

    plan = make_collusion_plan(rules, colluders=2, deals=64, seed=1)
    exact = colluder_role(rules).exact_edge(rules)
    rows = {row["strategy"]: row for row in plan_rows(plan, run_collusion(plan), exact)}
    assert rows["full"]["deals"] == rows["honest"]["deals"] == 64
    gain = rows["full"]["gain"]
    assert isinstance(gain, float) and gain >= 0.0


#: Every check, in the order :func:`check_game` runs them.
GAME_CHECKS = (
    GameCheck("registry_entry", check_registry_entry, False),
    GameCheck("roles", check_roles, False),
    GameCheck("published_deals", check_published_deals, False),
    GameCheck("has_rule_set", check_has_rule_set, False),
    GameCheck("rules_load", check_rules_load, True),
    GameCheck("every_deal_counted", check_every_deal_counted, True),
    GameCheck("tables_add_up", check_tables_add_up, True),
    GameCheck("main_bet_is_its_returns", check_main_bet_is_its_returns, True),
    GameCheck("report_headline", check_report_headline, True),
    GameCheck("hand_counts_add_up", check_hand_counts_add_up, True),
    GameCheck("simulation_validates", check_simulation_validates, True),
    GameCheck("planted_fault_caught", check_planted_fault_caught, True),
    GameCheck("hole_cards", check_hole_cards, True),
    GameCheck("collusion", check_collusion, True),
)


def rule_sets_of(game: SpecGame) -> list[str]:
    """The rule sets of ``game``: the shipped ones by name, then the paths of those the game
    brings (:attr:`crazy4.game.SpecGame.rule_files`, a game from outside the package)."""
    shipped = [name for name in shipped_rule_names() if load_rules(name).game == game.key]
    return shipped + list(game.rule_files)


@contextmanager
def registered(game: SpecGame) -> Iterator[SpecGame]:
    """``game`` registered inside the block and unregistered after it, even on an error.

    Raises
    ------
    InputError
        As :func:`crazy4.registry.register_game` does (the registry unchanged).

    Examples
    --------
    >>> from crazy4.games.three_card.game import ThreeCard
    >>> from crazy4.game import SpecGame
    >>> class Copy(ThreeCard):
    ...     key = "three-card-copy"
    >>> with registered(SpecGame(Copy())) as game:
    ...     game_named("three-card-copy") is game
    True
    >>> "three-card-copy" in registered_games()
    False
    """
    register_game(game)
    try:
        yield game
    finally:
        unregister_game(game.key)


def conformance_cases() -> list[tuple[str, str, GameCheck]]:
    """``(game key, rule set or "", check)`` for every registered game: the cases a test
    suite parametrizes over."""
    cases: list[tuple[str, str, GameCheck]] = []
    for key in registered_games():
        names = rule_sets_of(game_named(key))
        for check in GAME_CHECKS:
            cases += (
                [(key, name, check) for name in names] if check.per_rule_set else [(key, "", check)]
            )
    return cases


def run_case(
    key: str,
    rule_set: str,
    check: GameCheck,
    folder: Path,
    results_of: Callable[[str], RuleSetResults] | None = None,
) -> None:
    """Run one case of :func:`conformance_cases` (``folder``: where its logs go)."""
    game = game_named(key)
    if not check.per_rule_set:
        check.run(game)
        return
    check.run(game, Context(load_rules(rule_set), folder, results_of))


def check_game(game: SpecGame) -> None:
    """Run every check on ``game`` (registered) and each of its rule sets (:func:`rule_sets_of`).

    Raises
    ------
    AssertionError
        At the first check that fails, naming it.
    """
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        contexts = {name: Context(load_rules(name), folder) for name in rule_sets_of(game)}
        for check in GAME_CHECKS:
            for context in list(contexts.values()) if check.per_rule_set else [None]:
                where = f"{game.key}: {check.name}" + (
                    f" ({context.rules.name})" if context else ""
                )
                try:
                    check.run(game, *filter(None, [context]))
                except AssertionError as error:
                    raise AssertionError(f"{where}: {error}") from error
