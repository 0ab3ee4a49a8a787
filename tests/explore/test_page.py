"""The explorer's widgets driven from Python (no browser): bad input is said beside its
control and changes nothing; a good change redraws the figures and the plots."""

from __future__ import annotations

import html
from fractions import Fraction
from pathlib import Path

import pytest

from crazy4.registry import load_rules

pytest.importorskip("ipywidgets", reason="not installed (pip install crazy4[explore])")
from crazy4.explore.page import Explorer


@pytest.mark.slow
def test_page_answers_and_refuses(tmp_path: Path) -> None:
    page = Explorer("three-card-standard", out=tmp_path, prepare="off")
    serial, figures = page.serial, page.figures.value
    page.inputs["pair_plus[0].flush"].value = "four"
    assert "not a number" in page.errors["pair_plus[0].flush"].value
    assert (page.serial, page.figures.value) == (serial, figures)
    assert list(page.inputs["dealer.ties"].options) == ["push", "player", "dealer"]  # a dropdown
    page.inputs["dealer.qualifier"].value = "pair of kings"  # typed: no three-card hand
    assert "unknown three-card hand 'pair of kings'" in html.unescape(
        page.errors["dealer.qualifier"].value
    )
    assert "\n" not in page.errors["dealer.qualifier"].value
    assert page.serial == serial
    page.inputs["dealer.qualifier"].value = "Q high"
    sweep = page.plots["sweep"].value
    page.inputs["pair_plus[0].flush"].value = "3"
    assert page.serial > serial
    cell = 'data-col="current" data-figure="house_edge_exact" style="font-weight:bold;color:#b00"'
    assert f"{cell}>402/5525<" in page.figures.value
    assert page.sweep_line.value == "pair_plus[0].flush"
    assert page.plots["sweep"].value != sweep
    page.inputs["pair_plus[0].flush"].value = "5/2"  # the sweep's model answers at once
    assert "from the line's model" in page.preview.value
    # from the 22,100 three-card hands: 48 straight flushes, 52 trips, 720 straights, 1,096
    # flushes (now 5/2), 3,744 pairs paid; 16,440 lose
    edge = (
        Fraction(16440, 22100)
        - Fraction(48 * 40 + 52 * 30 + 720 * 6 + 3744, 22100)
        - Fraction(1096 * 5, 2 * 22100)
    )
    assert f"pair-plus-1-4-6-30-40</b> {float(edge):.4%} ({edge})" in page.preview.value
    page.write_name.value = "pp-explored"
    page.write(par=False)
    text = (tmp_path / "pp-explored.toml").read_text()
    assert "pair_plus[0].flush = 2.5" in text  # the source line says what changed
    assert load_rules(str(tmp_path / "pp-explored.toml")).name == "pp-explored"
    page.write(par=True)  # the rule file again, then its PAR sheet beside it
    assert "PAR sheet written to" in page.written.value
    sheet = tmp_path / "pp-explored-par.pdf"
    assert sheet.read_bytes()[:5] == b"%PDF-"
    assert 'download="pp-explored-par.pdf" href="data:application/pdf;base64,JVBERi' in (
        page.written.value  # the PDF's bytes in a link that downloads it
    )
    page.write_name.value = "no/such name"
    page.write(par=False)
    assert "a file stem of letters" in page.written.value


@pytest.mark.slow
def test_prepared_page_answers_a_first_change_at_once(tmp_path: Path) -> None:
    """Every line read when the page is built: a line never swept nor changed answers at once,
    the main bet too."""
    page = Explorer("three-card-standard", out=tmp_path, prepare="now")
    assert "ready: every pay-line change answers at once" in page.prepared.value
    page.inputs["ante_bonus.straight"].value = "2"
    assert "from the line's model" in page.preview.value
    assert "<b>ante_play</b>" in page.preview.value
    page.inputs["pair_plus[1].flush"].value = "4"
    assert "<b>pair-plus-1-3-6-30-40</b>" in page.preview.value
