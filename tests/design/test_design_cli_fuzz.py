"""Any command line of ``crazy4 design`` and ``crazy4 verify-par`` ends in exit 2 with one line
or reaches the analysis: never a traceback. The analysis is replaced by a stand-in that stops
the run, so nothing is computed."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crazy4.design.basis
import crazy4.design.listing
import crazy4.design.search
import crazy4.design.verify
from crazy4.cli.main import main


class ReachedError(Exception):
    """The analysis was reached: every option before it was accepted."""


def _stand_in(*args: object, **kwargs: object) -> None:
    raise ReachedError


DESIGN = {
    "--rules": ["crazy4-standard", "three-card-standard", "nope", "", "x.toml"],
    "--set": ["super_bonus.flush=2", "dealer.ties=player", "a", "=1", "x.y=", "qu[9].a=1",
              "play.multiples=[1,3]", "super_bonus.pays=1"],
    "--search": ["super_bonus", "ante_play", "nope"],
    "--table": ["super_bonus", "queens_up[0]", "dealer", "queens_up[9]", "x.y.z"],
    "--range": ["flush=1:2", "straight=2:1", "flush=a:b", "flush", "royal=1:2", "flush=1:1e9"],
    "--step": ["1", "0.5", "0.25", "x", "-1"],
    "--edge": ["2.9:3.1", "3", "a:b", "5:1"],
    "--top": ["1", "0", "x"],
    "--pick": ["1", "0", "99"],
    "--write": ["out.toml", "out.txt", "/nonexistent/x.toml"],
    "--name": ["mine", "../x", ""],
    "--title": ["Mine", ""],
}  # fmt: skip
VERIFY = {
    "--rules": ["crazy4-standard", "nope"],
    "--tolerance": ["0.0001", "1%", "-1", "x"],
    "--format": ["md", "pdf", "json", "doc"],
    "--out": ["out.md", "/nonexistent/x.md", "."],
}


@st.composite
def command_lines(draw: st.DrawFn, folder: Path) -> list[str]:
    command = draw(st.sampled_from(["design", "compare", "verify-par"]))
    if command == "compare":
        names = st.sampled_from(["crazy4-standard", "nope", "x.toml"])
        argv = ["design", "compare", *draw(st.lists(names, max_size=3))]
        options = {"--format": ["md", "html", "x"], "--out": ["c.md"]}
    elif command == "verify-par":
        claims = draw(st.sampled_from(["claims.csv", "bad.csv", "none.csv", "claims.txt"]))
        argv = ["verify-par", str(folder / claims)]
        options = VERIFY
    else:
        argv, options = ["design"], DESIGN
    for name in draw(st.lists(st.sampled_from(sorted(options)), max_size=6)):
        argv += [name, draw(st.sampled_from(options[name]))]
    if draw(st.booleans()):
        argv.append(draw(st.sampled_from(["--frontier", "--bogus", "extra"])))
    return argv


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fuzz")
    (root / "claims.csv").write_text("bet,house_edge\nante_super_bonus_play,3.42%\n")
    (root / "bad.csv").write_text("bet,colour\nx,red\n")
    (root / "claims.txt").write_text("bet\n")
    return root


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data())
def test_any_command_line_exits_2_with_one_line_or_reaches_the_analysis(
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    data: st.DataObject,
) -> None:
    for module in (crazy4.design.basis, crazy4.design.search, crazy4.design.listing,
                   crazy4.design.verify):  # fmt: skip
        monkeypatch.setattr(module, "analyze_quietly", _stand_in)
    monkeypatch.chdir(folder)
    argv = data.draw(command_lines(folder))
    try:
        status = main(argv)
    except ReachedError:
        status = -1
    except SystemExit as done:  # --help
        status = int(done.code or 0)
    errors = capsys.readouterr().err
    assert status in (-1, 0, 2), (argv, status, errors)
    if status == 2:
        assert errors.startswith("crazy4: error: ") and errors.count("\n") == 1, (argv, errors)
