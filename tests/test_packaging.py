"""A plain (not editable) install carries every subpackage and every shipped rule set.

The shipped rule sets are package data (``crazy4/rules/data``), so ``pip install .`` followed by
``crazy4 rules list`` in any folder lists them; these tests build the wheel that such an install
would unpack and look inside it, and run the command from a folder outside the checkout.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The wheel ``pip install .`` would install, built into a temporary folder."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(ROOT), "-w", str(out)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("crazy4-*.whl")
    return zipfile.ZipFile(built)


def test_wheel_carries_every_shipped_rule_set(wheel: zipfile.ZipFile) -> None:
    """Every ``crazy4/rules/data/*.toml`` of the checkout is in the wheel."""
    shipped = {f"crazy4/rules/data/{p.name}" for p in (ROOT / "crazy4/rules/data").glob("*.toml")}
    assert len(shipped) >= 4
    assert shipped <= set(wheel.namelist())


def test_wheel_carries_every_module(wheel: zipfile.ZipFile) -> None:
    """Every module of the checkout's package is in the wheel (no subpackage left out)."""
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "crazy4").rglob("*.py")}
    assert modules <= set(wheel.namelist())


def test_rules_list_from_another_folder(tmp_path: Path) -> None:
    """``crazy4 rules list`` run outside the checkout finds the shipped rule sets."""
    done = subprocess.run(
        [sys.executable, "-m", "crazy4", "rules", "list"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    names = [line.split()[0] for line in done.stdout.splitlines()]
    assert {"crazy4-standard", "crazy4-cardroom", "four-card-standard"} <= set(names)
