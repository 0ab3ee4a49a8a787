"""Rule files that once crashed or escaped: each is now one clear line (issue: bad input)."""

from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path

import pytest
from in_process import crazy4

from crazy4.errors import InputError
from crazy4.registry import load_rules, parse_rules
from crazy4.rules.load import RULES_DIR

STANDARD = (RULES_DIR / "crazy4-standard.toml").read_text()


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``crazy4 ARGS`` run from the folder ``cwd`` (in this process: :mod:`in_process`)."""
    with contextlib.chdir(cwd):
        return crazy4(*args)


def test_deeply_nested_file_is_one_line(tmp_path: Path) -> None:
    """A 1 KB file nested 500 levels deep: exit 2 and one line, not a RecursionError."""
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 500 + "]" * 500 + "\n")
    with pytest.raises(InputError, match="nested too deeply"):
        load_rules(str(path))
    done = _cli("hand", "As Ad Ac Ah 2s", "--rules", str(path), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("name", ["../../x", "/tmp/abs", "a/b", "..", "x y", "", "-x", "a" * 101])
def test_name_that_is_not_a_file_stem_is_refused(name: str) -> None:
    """A rule set's name names its results folder, so it may not be a path."""
    text = STANDARD.replace('name = "crazy4-standard"', f"name = {name!r}".replace("'", '"'))
    with pytest.raises(InputError, match="key 'name'"):
        parse_rules(text, "x.toml")


@pytest.mark.parametrize("name", ["x", "crazy4-standard", "my_rules.v2", "A1"])
def test_plain_names_are_accepted(name: str) -> None:
    text = STANDARD.replace('name = "crazy4-standard"', f'name = "{name}"')
    assert parse_rules(text, "x.toml").name == name


def test_analyze_cannot_write_outside_results(tmp_path: Path) -> None:
    """``name = "../../x"`` no longer sends ``analyze`` output outside the chosen folder."""
    path = tmp_path / "evil.toml"
    path.write_text(STANDARD.replace('name = "crazy4-standard"', 'name = "../../x"'))
    done = _cli("analyze", "--rules", str(path), "--quiet", cwd=tmp_path)
    assert done.returncode == 2 and "key 'name'" in done.stderr
    assert not (tmp_path.parent.parent / "x").exists()


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    """A valid rule file saved with a byte-order mark loads as the same rule set."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + STANDARD.encode())
    assert load_rules(str(path)).play == load_rules("crazy4-standard").play


def test_folder_as_rules_says_folder(tmp_path: Path) -> None:
    """A folder passed as ``--rules`` is named a folder, not a missing file."""
    with pytest.raises(InputError, match="is a folder"):
        load_rules(str(tmp_path))
