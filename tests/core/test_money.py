"""Dollar amounts (``crazy4.core.money.parse_money``): huge exponents and long texts are
refused in one line before they are expanded; ordinary amounts read exactly."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crazy4.cli.main import main
from crazy4.core.money import parse_money
from crazy4.errors import InputError


@pytest.mark.parametrize(
    "text", ["1e99999999", "1E999999999999", "5e-99999999", "$1e401", "1/1e99999", "9" * 101]
)
def test_huge_amounts_are_refused_before_they_are_expanded(text: str) -> None:
    started = time.process_time()
    with pytest.raises(InputError, match="too large or too fine"):
        parse_money(text, "--ante")
    assert time.process_time() - started < 0.5  # 10**99999999 alone takes seconds to build


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2.5e3", Fraction(2500)), ("1e-2", Fraction(1, 100)), ("$0.50", Fraction(1, 2))],
)
def test_ordinary_exponents_still_read_exactly(text: str, expected: Fraction) -> None:
    assert parse_money(text, "x") == expected


def test_the_command_line_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["cardroom", "--rules", "crazy4-cardroom", "--ante", "1e99999999"])
    lines = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(lines) == 1 and "--ante" in lines[0], lines


@pytest.mark.parametrize("text", ["E²", "1e²", "e", "1e+", "--1e5"])
def test_odd_exponents_get_one_clear_error(text: str) -> None:
    """Digits that are not ASCII ('²'.isdigit() is true, int('²') fails) were a traceback."""
    with pytest.raises(InputError, match="not an amount"):
        parse_money(text, "key")


@given(st.text(max_size=60))
def test_any_text_is_an_amount_or_one_clear_error(text: str) -> None:
    try:
        amount = parse_money(text, "key")
    except InputError as error:
        assert "\n" not in str(error) and str(error).startswith("key: ")
    else:
        assert amount >= 0
