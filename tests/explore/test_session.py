"""The explorer's figures equal ``crazy4 design --set``'s for the same change, in all three
games; a pay line's instant answer (the search's model) equals the analysis; bad input is one
line."""

from __future__ import annotations

from fractions import Fraction

import pytest
from design_cli import PRINTED, design_set_here

from crazy4.errors import InputError
from crazy4.explore.controls import changes_of, controls, read_odds
from crazy4.explore.session import Session, sweep_edges
from crazy4.registry import load_rules

#: (rule set, changes): a pay line of each game, and a switch.
CASES = [
    ("crazy4-standard", {"super_bonus.flush": "1"}),
    ("four-card-standard", {"aces_up[0].two_pair": "2"}),
    ("three-card-standard", {"pair_plus[0].flush": "3", "ante_bonus.straight": "2"}),
    ("crazy4-standard", {"dealer.ties": "player"}),
    ("caribbean-stud-standard", {"settle.play.royal_flush": "250"}),  # a game with no code
]


@pytest.fixture(scope="module")
def sessions() -> dict[str, Session]:
    return {}


def session_of(sessions: dict[str, Session], name: str) -> Session:
    if name not in sessions:
        sessions[name] = Session.load(name)
    return sessions[name]


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "values"), CASES, ids=[f"{r}-{next(iter(v))}" for r, v in CASES])
def test_figures_equal_design_set(
    sessions: dict[str, Session], rules: str, values: dict[str, str]
) -> None:
    session = session_of(sessions, rules)
    step = session.apply(values)
    expected = design_set_here(rules, step.changes)
    shown = step.figures
    assert sorted(expected) == sorted(shown.index)
    for bet, figures in expected.items():
        for figure in PRINTED:
            assert shown.loc[bet, ("current", figure)] == figures[figure], (bet, figure)


@pytest.mark.slow
def test_pay_table_of_three_card_from_hand_counts(sessions: dict[str, Session]) -> None:
    """Pair Plus 1-3-6-30-40 from the 22,100 three-card hands counted by hand: 48 straight
    flushes, 52 trips, 720 straights, 1,096 flushes, 3,744 pairs, 16,440 others."""
    step = session_of(sessions, "three-card-standard").apply({"pair_plus[0].flush": "3"})
    won = 48 * 40 + 52 * 30 + 720 * 6 + 1096 * 3 + 3744 * 1
    edge = Fraction(16440 - won, 22100)
    assert step.figures.loc["pair-plus-1-4-6-30-40", ("current", "house_edge_exact")] == str(edge)
    assert edge == Fraction(402, 5525)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rules", "path", "bet"),
    [
        ("crazy4-standard", "super_bonus.flush", "ante_super_bonus_play"),
        ("four-card-standard", "aces_up[0].two_pair", "aces-up-50-40-8-5-4-3-1"),
        ("three-card-standard", "ante_bonus.straight", "ante_play"),
    ],
)
def test_instant_answer_equals_the_analysis(
    sessions: dict[str, Session], rules: str, path: str, bet: str
) -> None:
    session = session_of(sessions, rules)
    session.apply({})
    session.line_pricer(path, bet)
    edges = session.answers(path, "5/2")
    step = session.apply({path: "5/2"})
    assert bet in edges
    moved = step.figures[("current", "house_edge")] != step.figures[("baseline", "house_edge")]
    assert set(edges) >= set(step.figures.index[moved])
    for name, edge in edges.items():
        assert step.figures.loc[name, ("current", "house_edge_exact")] == str(edge), name


def test_bad_odds_are_one_line() -> None:
    for text, words in [("abc", "not a number"), ("-1", "negative"), ("", "give the odds")]:
        with pytest.raises(InputError, match=words) as caught:
            read_odds(text, "super_bonus.flush")
        assert "\n" not in str(caught.value)
    assert read_odds("3/2", "x") == read_odds("1.5", "x") == read_odds("3 to 2", "x")


def test_controls_cover_every_line_and_switch() -> None:
    found = controls(load_rules("four-card-standard"))
    lines = [c.path for c in found if c.kind == "line"]
    switches = [c.path for c in found if c.kind == "switch"]
    assert len(lines) == 3 + 5 * 7 + 6
    assert "aces_up[4].pair_of_aces" in lines
    assert {"dealer.qualifier", "dealer.ties", "play.multiples", "play.raise_minimum"} <= set(
        switches
    )
    assert {"ante_bonus.paid_only_with_play", "aces_up[0].fold_forfeits"} <= set(switches)
    assert changes_of({"ante_bonus.three_of_a_kind": "2.0"}, found) == []


@pytest.mark.slow
def test_sweep_is_the_search_s_model(sessions: dict[str, Session]) -> None:
    """The explorer's sweep model prices every value as ``crazy4 design --search``'s does."""
    from crazy4.design.search import pricer

    session = session_of(sessions, "crazy4-standard")
    session.apply({})
    mine = session.line_pricer("super_bonus.flush", session.main_bet)
    search = pricer(session.base, session.main_bet, mine.space)
    assert sweep_edges(mine) == sweep_edges(search)
    assert len(sweep_edges(mine)) == 2 * 6 + 1  # 0 to ceil(3/2 + 4) in halves


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rules", "path", "bet", "other"),
    [
        ("crazy4-standard", "super_bonus.flush", "ante_super_bonus_play",
         ("super_bonus.straight_flush", "20")),
        ("four-card-standard", "aces_up[0].two_pair", "aces-up-50-40-8-5-4-3-1",
         ("aces_up[0].flush", "6")),
        ("three-card-standard", "ante_bonus.straight", "ante_play", ("pair_plus[0].flush", "3")),
    ],
)  # fmt: skip
def test_a_line_read_once_answers_after_other_lines_change(
    sessions: dict[str, Session], rules: str, path: str, bet: str, other: tuple[str, str]
) -> None:
    """Counts first, money second: a line's slopes do not depend on the other lines' odds."""
    session = session_of(sessions, rules)
    session.apply({})
    session.line_pricer(path, bet)
    middle = session.apply({other[0]: other[1]}).figures  # the line's models are now stale
    edges = session.answers(path, "7/2")
    step = session.apply({other[0]: other[1], path: "7/2"})
    moved = step.figures[("current", "house_edge")] != middle[("current", "house_edge")]
    assert bet in edges
    assert set(edges) >= set(step.figures.index[moved])
    for name, edge in edges.items():
        assert step.figures.loc[name, ("current", "house_edge_exact")] == str(edge), name


@pytest.mark.slow
def test_lines_prepared_answer_their_first_change(sessions: dict[str, Session]) -> None:
    """Read ahead: a probe a table, the Ante Bonus line alone (it moves the main bet), the
    two Pair Plus flush lines in one analysis (their tables move different bets)."""
    session = session_of(sessions, "three-card-standard")
    session.apply({"dealer.ties": "player"})  # another switch state: nothing read yet
    assert session.answers("pair_plus[1].flush", "5") == {}
    paths = ["ante_bonus.straight", "pair_plus[0].flush", "pair_plus[1].flush"]
    done = session.prepare(paths=paths)
    assert done is not None and done.analyses == 3 + 1 + 1
    assert session.prepare(paths=paths[1:]) is done  # read already
    for path, value in [("pair_plus[1].flush", "5"), ("pair_plus[0].flush", "2"),
                        ("ante_bonus.straight", "3")]:  # fmt: skip
        edges = session.answers(path, value)
        before = session.step.figures
        step = session.apply({"dealer.ties": "player", path: value})
        moved = step.figures[("current", "house_edge")] != before[("current", "house_edge")]
        assert list(edges) == list(step.figures.index[moved]), path
        for bet, edge in edges.items():
            assert step.figures.loc[bet, ("current", "house_edge_exact")] == str(edge), bet
        session.apply({"dealer.ties": "player"})


@pytest.mark.slow
def test_four_card_main_bet_answers_inside_its_proven_box(sessions: dict[str, Session]) -> None:
    """Four Card Poker lists no hand's EVs: its main bet answers at once where the strategy
    is proven to hold (the same at both ends of the Ante Bonus line's box), not elsewhere."""
    session = session_of(sessions, "four-card-standard")
    session.apply({})
    line = "ante_bonus.three_of_a_kind"
    done = session.prepare(paths=[line, "aces_up[0].flush"])
    assert done is not None and done.box == {line: (Fraction(0), Fraction(6))}
    assert done.analyses == 2 + 1 + 1 + 2  # a probe a table, the lines, the box's two ends
    session.apply({"aces_up[0].flush": "6"})  # a line read, moving no decision: still held
    edges = session.answers(line, "3")
    step = session.apply({"aces_up[0].flush": "6", line: "3"})
    assert set(edges) == {"ante_play", "ante_play_simple"}
    for bet, edge in edges.items():
        assert step.figures.loc[bet, ("current", "house_edge_exact")] == str(edge), bet
    assert "ante_play" not in session.answers(line, "7")  # outside the box: the analysis
    session.apply({"ante_bonus.straight_flush": "30", line: "3"})  # a line not read moved
    assert "ante_play" not in session.answers(line, "4")


def test_switches_offer_the_values_the_rule_loader_takes() -> None:
    found = {c.path: c for c in controls(load_rules("three-card-standard"))}
    assert (found["dealer.ties"].options, found["dealer.ties"].open) == (
        ("push", "player", "dealer"),
        False,
    )
    assert found["not_qualified.ante"].options == ("wins", "push")
    assert found["play.multiples"].options == ("[1]", "[1, 2]", "[1, 3]", "[1, 2, 3]")
    qualifier = found["dealer.qualifier"]
    assert qualifier.open and {"none", "Q high", "pair"} <= set(qualifier.options)
    assert "two pair" not in qualifier.options  # no three-card hand
    assert found["ante_bonus.paid_only_with_play"].options == ()  # a checkbox
    four_card = {c.path: c for c in controls(load_rules("four-card-standard"))}
    assert four_card["dealer.qualifier"].options == ("none",)  # no dealer qualifier there
    assert four_card["limits.maximum_bet"].options == ()  # a number: typed
    progressive = controls(load_rules("crazy4-progressive"))  # a meter is no pay line
    assert all(c.value for c in progressive)
