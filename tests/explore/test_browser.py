"""The explorer served by Voila (``make explore``'s command) and driven in headless Chromium:
the numbers the page shows after a change equal ``crazy4 design --set``'s, and a plot redraws.

Needs Debian's ``chromium`` (``/usr/bin/chromium``; Playwright's own browser download is not
used). Without it the test skips and says why, except under ``CI=true``, where ``.ci/run``
installs it and a missing browser fails the test. ``CRAZY4_EXPLORE_SCREENSHOT=PATH`` saves the
screenshot there (``docs/images/explore.png`` is made so); otherwise it goes to a temporary
folder.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from design_cli import PRINTED, design_set_here

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]  # fmt: skip
#: How long a page may take to show a rule set's explorer (a cold lookup-table cache in CI
#: counts Four Card Poker first).
LOAD_MS = 900_000
ANSWER_MS = 300_000


def need_browser() -> None:
    """Skip without Chromium, or fail under CI, where ``.ci/run`` installs it."""
    if CHROMIUM.is_file():
        return
    message = f"no browser: {CHROMIUM} is missing (apt-get install chromium)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{message}; in CI .ci/run installs it")
    pytest.skip(f"{message}; CI runs this test")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """``voila notebooks/07-explorer.ipynb`` on a free localhost port; its URL."""
    need_browser()
    pytest.importorskip("voila", reason="not installed (pip install crazy4[explore])")
    port = free_port()
    voila = Path(sys.executable).with_name("voila")
    command = [str(voila), str(ROOT / "notebooks" / "07-explorer.ipynb"), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1"]  # fmt: skip
    log = (tmp_path / "voila.log").open("w")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("voila did not start: " + (tmp_path / "voila.log").read_text())
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


def shown(page: Any, rules: str) -> dict[str, dict[str, str]]:
    """The current column of the figures table of ``rules``' explorer, by bet and figure."""
    cells = page.locator(f".c4-explorer-{rules} .c4-figures td[data-col='current']")
    figures: dict[str, dict[str, str]] = {}
    for cell in cells.all():
        bet, figure = cell.get_attribute("data-bet"), cell.get_attribute("data-figure")
        figures.setdefault(str(bet), {})[str(figure)] = cell.inner_text().strip()
    return figures


def change(page: Any, rules: str, css: str, value: str) -> None:
    """Type ``value`` into an input and wait for the page's answer (its serial moves on)."""
    scope = f".c4-explorer-{rules}"
    serial = page.locator(f"{scope} .c4-done").get_attribute("data-serial")
    box = page.locator(f"{scope} .c4-set-{css} input")
    box.fill(value)
    box.press("Enter")
    page.wait_for_function(
        "([scope, serial]) => { const done = document.querySelector(scope + ' .c4-done');"
        " return done && done.dataset.serial !== serial; }",
        arg=[scope, serial],
        timeout=ANSWER_MS,
    )


def drawn_sweep(page: Any, rules: str, old: str = "") -> str:
    """Wait until ``rules``' sweep shows an image other than ``old``; its ``src``."""
    css = f".c4-explorer-{rules} .c4-plot-sweep"
    page.wait_for_function(
        "([css, old]) => { const image = document.querySelector(css);"
        " const src = image && image.getAttribute('src');"
        " return src && src !== old && image.complete && image.naturalWidth > 0; }",
        arg=[css, old],
        timeout=LOAD_MS,
    )
    return str(page.locator(css).get_attribute("src"))


@pytest.mark.slow
def test_browser_numbers_equal_design_set(served: str, tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    shot = Path(os.environ.get("CRAZY4_EXPLORE_SCREENSHOT", tmp_path / "explore.png"))
    crazy4_set = [("super_bonus.flush", "1")]
    four_card_set = [("aces_up[0].two_pair", "2")]
    # design --set in this process while Voila starts its kernel (the explorer's own process)
    expected_crazy4 = design_set_here("crazy4-standard", crazy4_set)
    expected_four_card = design_set_here("four-card-standard", four_card_set)
    expected_second = design_set_here("crazy4-standard", [("super_bonus.flush", "1"),
                                                          ("queens_up[0].flush", "5")])  # fmt: skip
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(served, timeout=LOAD_MS)
        before = drawn_sweep(page, "crazy4-standard")
        change(page, "crazy4-standard", "super_bonus-flush", "1")
        assert shown(page, "crazy4-standard") == expected_crazy4
        page.wait_for_selector(  # the sweep redrew, now over the flush line
            ".c4-explorer-crazy4-standard .c4-sweep-drawn[data-line='super_bonus.flush']",
            timeout=ANSWER_MS,
        )
        drawn_sweep(page, "crazy4-standard", before)
        page.wait_for_timeout(500)  # the new image painted
        page.screenshot(path=str(shot))
        # every line read ahead: a second change answers from the slopes, before the analysis
        page.wait_for_selector(".c4-explorer-crazy4-standard .c4-prepared", timeout=LOAD_MS)
        change(page, "crazy4-standard", "queens_up-0-flush", "5")
        answer = page.locator(".c4-explorer-crazy4-standard .c4-answer").inner_text()
        queens = expected_second["queens-up-50-40-8-4-3-2-1"]
        assert f"({queens['house_edge_exact']})" in answer
        assert shown(page, "crazy4-standard")["queens-up-50-40-8-4-3-2-1"] == queens
        page.locator(".lm-TabBar-tab", has_text="four-card-standard").click()
        page.wait_for_selector(".c4-explorer-four-card-standard .c4-done", timeout=LOAD_MS)
        change(page, "four-card-standard", "aces_up-0-two_pair", "2")
        expected = expected_four_card
        assert shown(page, "four-card-standard") == expected
        assert expected["aces-up-50-40-8-5-4-3-1"] != expected["aces-up-50-40-7-5-4-3-1"]
        assert set(next(iter(expected.values()))) == set(PRINTED)
        browser.close()
    assert shot.stat().st_size > 10_000


def test_a_missing_browser_skips_locally_and_fails_in_ci(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys.modules[__name__], "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="CI runs this test"):
        need_browser()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"\.ci/run installs it"):
        need_browser()
