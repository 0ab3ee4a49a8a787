"""The mapping's new readings, cell by cell: one log column read by several fields, an empty
decision cell as a label of its own, a return that holds several wagers (less all their
stakes), winnings and held amounts accepted (made nets once settled), a bad kind refused in
one line; and the resolution of winnings and held amounts against exact nets. Every expected
value is written here by hand."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.errors import InputError
from crazy4.log.mapping import LogMapping
from crazy4.log.mappingfile import parse_mapping
from crazy4.validate.money import Amounts, MoneyReading, money_reading, resolve


def test_one_column_feeds_several_fields() -> None:
    mapping = LogMapping(columns={"ante": "Bet", "super_bonus": "Bet", "play": "PlayBet"})
    table = pa.table({"Bet": [5.0, 5.0], "PlayBet": [0.0, 15.0]})
    read = mapping.translate(table)
    assert read.column_names == ["ante", "super_bonus", "play"]
    assert read.column("super_bonus").to_pylist() == [5.0, 5.0]


def test_an_empty_decision_cell_is_read_by_its_own_label() -> None:
    mapping = parse_mapping('[decisions]\n"" = "fold"\nP = "1x"\n', "m.toml")
    table = pa.table({"decision": ["P", None, "", "  "]})
    assert mapping.translate(table).column("decision").to_pylist() == ["1x"] + ["fold"] * 3


def test_a_return_of_the_ante_and_the_play_is_less_both_stakes() -> None:
    text = '[amounts]\nante = "return"\nplay = "in ante"\n'
    mapping = parse_mapping(text, "m.toml")
    table = pa.table(
        {"ante": [1.0, 1.0, 1.0], "play": [3.0, 1.0, 0.0], "ante_net": [8.0, 0.0, 0.0]}
    )
    read = mapping.translate(table)
    # won 1 + 3 with both stakes back; lost 1 + 1; a fold that lost the Ante
    assert [float(x) for x in read.column("ante_net").to_pylist()] == [4.0, -2.0, -1.0]
    assert read.column("play_net").to_pylist() == [0.0, 0.0, 0.0]  # resolved once settled
    assert money_reading(mapping) == MoneyReading(combined={"play": "ante"})


def test_winnings_are_accepted_and_a_bad_kind_is_one_line() -> None:
    mapping = parse_mapping('[amounts]\nante = "winnings"\n', "m.toml")
    assert money_reading(mapping).winnings == frozenset({"ante"})
    with pytest.raises(InputError) as error:
        parse_mapping('[amounts]\nante = "profit"\n', "m.toml")
    assert "\n" not in str(error.value) and "winnings" in str(error.value)


outcomes = st.lists(st.sampled_from([-3.0, -1.0, 0.0, 1.0, 1.5, 3.0]), min_size=1, max_size=30)


@given(expected=outcomes, wrong=st.lists(st.booleans(), min_size=30, max_size=30))
@settings(max_examples=200, deadline=None)
def test_winnings_resolve_to_the_exact_net_unless_the_profit_differs(
    expected: list[float], wrong: list[bool]
) -> None:
    """Faithful winnings (the profit, 0 when not won) resolve to the exact nets; a profit
    changed on a row is still that profit, so the row differs."""
    exact = np.array(expected)
    logged = np.maximum(exact, 0.0)
    changed = np.array(wrong[: exact.size])
    logged[changed] += 0.5
    found = Amounts("ante", exact, logged.copy())
    resolve(MoneyReading(winnings=frozenset({"ante"})), [found], np.ones(exact.size, bool))
    assert np.array_equal(found.logged != exact, changed)


@given(ante=outcomes, play=outcomes, shift=st.sampled_from([0.0, 1.0, -2.0]))
@settings(max_examples=200, deadline=None)
def test_a_held_play_takes_its_exact_net_and_the_difference_stays_on_the_ante(
    ante: list[float], play: list[float], shift: float
) -> None:
    n = min(len(ante), len(play))
    exact_ante, exact_play = np.array(ante[:n]), np.array(play[:n])
    total = exact_ante + exact_play + shift
    a, p = Amounts("ante", exact_ante, total.copy()), Amounts("play", exact_play, np.zeros(n))
    resolve(MoneyReading(combined={"play": "ante"}), [a, p], np.ones(n, bool))
    assert np.array_equal(p.logged, exact_play)
    assert np.allclose(a.logged, exact_ante + shift)
