"""The ``[progressive]`` section: what it accepts, and one clear line for bad input.

Bad input (issue 13): a meter share over 100%, a negative reset, an envy line for a hand the
game cannot make -- exit status 2 and one line naming the file and the key.
"""

from __future__ import annotations

import contextlib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from in_process import crazy4

from crazy4.errors import InputError
from crazy4.registry import load_rules, parse_rules
from crazy4.rules.load import RULES_DIR
from crazy4.rules.progressive import parse_share

SHIPPED = (RULES_DIR / "four-card-progressive.toml").read_text()
BASE = """name = "x"
title = "x"
[dealer]
qualifier = "K high"
[play]
multiples = [1, 2, 3]
[progressive]
wager = 1
reset = {reset}
contribution = "{contribution}"
scoring = "{scoring}"
[progressive.pays]
royal_flush = {{ meter = {share} }}
four_of_a_kind = 100
[[progressive.envy]]
hand = "{envy}"
pays = 50
"""


def rules_text(
    reset: str = "1000",
    share: str = '"100%"',
    envy: str = "royal_flush",
    scoring: str = "five_cards",
    contribution: str = "10%",
) -> str:
    return BASE.format(
        reset=reset, share=share, envy=envy, scoring=scoring, contribution=contribution
    )


def test_a_valid_section_reads_exactly() -> None:
    bet = parse_rules(rules_text(share='"1/10"', contribution="15%"), "x.toml").progressive
    assert bet is not None
    assert bet.lines[0].hand == "royal flush" and bet.lines[0].meter_share == Fraction(1, 10)
    assert bet.lines[1].fixed == 100 and bet.contribution == Fraction(3, 20)
    assert bet.envy[0].amount == 50 and bet.reset == 1000 and bet.seats == 7
    assert load_rules("crazy4-standard").progressive is None


@pytest.mark.parametrize("text", ["0.1", '"10%"', '"1/10"', '" 10 %"'])
def test_share_spellings(text: str) -> None:
    bet = parse_rules(rules_text(share=text), "x.toml").progressive
    assert bet is not None and bet.lines[0].meter_share == Fraction(1, 10)


@settings(max_examples=60, deadline=None)
@given(
    st.fractions(min_value=Fraction(1), max_value=Fraction(10**9), max_denominator=10**6).filter(
        lambda f: f > 1
    )
)
def test_meter_share_over_100_percent_is_refused(share: Fraction) -> None:
    for text in (f'"{share}"', f'"{float(share * 100)!r}%"'):
        if Fraction(text.strip('"%')) * (100 if text.endswith('%"') else 1) <= 100:
            continue
        with pytest.raises(InputError) as caught:
            parse_rules(rules_text(share=text), "bad.toml")
        message = str(caught.value)
        assert message.startswith("bad.toml [progressive]") and "key 'meter'" in message
        assert "over 100%" in message and "\n" not in message


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.integers(max_value=-1), st.floats(max_value=-1e-9, min_value=-1e300)))
def test_negative_reset_is_refused(reset: float) -> None:
    with pytest.raises(InputError) as caught:
        parse_rules(rules_text(reset=repr(reset)), "bad.toml")
    message = str(caught.value)
    assert message.startswith("bad.toml [progressive]: key 'reset'") and "negative" in message


@pytest.mark.parametrize("hand", ["full_house", "royal_flush"])
@pytest.mark.parametrize("where", ["pays", "envy"])
def test_hand_the_best_four_cannot_make_is_refused(hand: str, where: str) -> None:
    """Four cards make no full house and no royal flush (the four-card ranking)."""
    text = rules_text(envy=hand if where == "envy" else "four_of_a_kind", scoring="best_four")
    paid = hand if where == "pays" else "straight_flush"
    text = text.replace("royal_flush = {", f"{paid} = {{")
    with pytest.raises(InputError, match="cannot be made") as caught:
        parse_rules(text, "bad.toml")
    assert "bad.toml [progressive]" in str(caught.value) and hand in str(caught.value)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz_ ", min_size=1, max_size=20))
def test_unknown_envy_hand_is_refused(hand: str) -> None:
    known = {"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush"}
    known |= {"straight", "three_of_a_kind", "two_pair", "pair", "high_card"}
    if hand.strip().upper().replace(" ", "_").lower() in known:
        return
    with pytest.raises(InputError, match=r"\[\[envy\]\] #1: key 'hand'"):
        parse_rules(rules_text(envy=hand), "bad.toml")


@settings(max_examples=80, deadline=None)
@given(st.one_of(st.text(max_size=12), st.floats(allow_nan=True), st.integers(), st.booleans()))
def test_parse_share_never_escapes(value: object) -> None:
    """Any value is a share from 0 to 1 or one InputError line."""
    try:
        share = parse_share(value, "x")
    except InputError as error:
        assert "\n" not in str(error) and str(error).startswith("x: ")
    else:
        assert 0 <= share <= 1


def test_content_hash_covers_the_section() -> None:
    changed = SHIPPED.replace("reset = 25000", "reset = 25001")
    assert changed != SHIPPED
    assert (
        parse_rules(changed, "a.toml").content_hash != parse_rules(SHIPPED, "a.toml").content_hash
    )


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (('meter = "100%"', 'meter = "150%"'), "key 'meter'"),
        (("reset = 25000", "reset = -1"), "key 'reset'"),
        (('hand = "royal_flush"', 'hand = "five_aces"'), "key 'hand'"),
    ],
)
def test_cli_exit_2_and_one_line(tmp_path: Path, change: tuple[str, str], key: str) -> None:
    path = tmp_path / "bad.toml"
    assert change[0] in SHIPPED
    path.write_text(SHIPPED.replace(*change, 1))
    with contextlib.chdir(tmp_path):
        done = crazy4("analyze", "--rules", str(path), "--quiet")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "bad.toml [progressive]" in done.stderr and key in done.stderr


AMOUNTS = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.fractions(max_denominator=10**15).map(str),
    st.text(max_size=10),
)


@settings(max_examples=80, deadline=None)
@given(key=st.sampled_from(["reset", "wager", "fixed", "envy", "meters"]), value=AMOUNTS)
def test_any_amount_is_priced_or_refused_in_one_line(key: str, value: object) -> None:
    """Huge, tiny, negative, non-finite or non-numeric amounts: a priced bet or one line."""
    from crazy4.progressive.returns import progressive_return
    from crazy4.progressive.tables import by_meter_table, lines_table

    text = rules_text()
    literal = repr(value).replace("'", '"') if isinstance(value, str) else repr(value)
    literal = {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(literal, literal)
    if key == "reset":
        text = text.replace("reset = 1000", f"reset = {literal}")
    elif key == "wager":
        text = text.replace("wager = 1", f"wager = {literal}")
    elif key == "fixed":
        text = text.replace("four_of_a_kind = 100", f"four_of_a_kind = {literal}")
    elif key == "envy":
        text = text.replace("pays = 50", f"pays = {literal}")
    else:
        text = text.replace("[progressive.pays]", f"meters = [{literal}]\n[progressive.pays]")
    try:
        bet = parse_rules(text, "amounts.toml").progressive
    except InputError as error:
        assert str(error).startswith("amounts.toml") and "\n" not in str(error)
        return
    assert bet is not None
    returns = progressive_return(bet)
    assert lines_table(bet)["combinations"].sum() == 2_598_960
    assert not by_meter_table(bet, returns).empty
