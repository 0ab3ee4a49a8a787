"""The command line on any input: exit status 0 or 2, never a traceback, one line on error
(issue: bad input, items 8 and 10).

The property test runs :func:`crazy4.cli.main.main` in this process on generated command lines
(every subcommand, options with valid and broken values, cards), with the computing replaced by
a stand-in that raises :class:`ReachedError`: a command line that gets there passed every
check; any other outcome must be exit status 0 or 2, and 2 with exactly one line on standard
error. A few subprocess runs check the same from outside.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crazy4.analyze.record
import crazy4.pipeline
import crazy4.simulate.driver
import crazy4.validate.driver
from crazy4.cardroom.model import CardroomModel
from crazy4.cli.main import main
from crazy4.core.paytables import parse_odds
from crazy4.errors import InputError
from crazy4.registry import game_of, load_rules
from crazy4.rules.load import RULES_DIR


class ReachedError(Exception):
    """Raised by the stand-ins for the computing: the command line passed every check."""


def _reached(*args: object, **kwargs: object) -> NoReturn:
    raise ReachedError


@contextlib.contextmanager
def _no_computing(folder: Path) -> Iterator[None]:
    """Replace everything that computes (analysis, simulation, validation, the card room's
    model, one hand) with :func:`_reached`, and work in ``folder``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        patch.setattr(crazy4.pipeline, "run_rule_set", _reached)
        patch.setattr(crazy4.analyze.record, "analyze_game", _reached)
        patch.setattr(crazy4.simulate.driver, "run_simulation", _reached)
        patch.setattr(crazy4.validate.driver, "validate", _reached)
        # the card room's model (and its card-removal simulation, up to 10^9 rounds)
        patch.setattr(CardroomModel, "of_rules", _reached)
        for name in ("crazy4-standard", "four-card-standard"):
            patch.setattr(type(game_of(load_rules(name))), "hand_result", _reached)
        yield


def _run(argv: list[str]) -> tuple[int | str, str]:
    """``main(argv)``: its status (``"reached"``, or a ``SystemExit`` code) and its stderr."""
    errors = io.StringIO()
    status: int | str
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = main(argv)
        except ReachedError:
            status = "reached"
        except SystemExit as done:  # --help, --version
            status = done.code if isinstance(done.code, int) else 1
    return status, errors.getvalue()


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """:func:`_places` in a folder shared by the module's tests (they may create some)."""
    return _places(tmp_path_factory.mktemp("cli"))


def _places(root: Path) -> dict[str, str]:
    """Paths of every kind: new, existing file, folder, under a file, missing folder."""
    (root / "file.txt").write_text("x")
    (root / "folder").mkdir()
    (root / "folder.md").mkdir()
    (root / "bad.toml").write_text("game = [\n")
    return {
        "new": str(root / "new" / "out"),
        "new.json": str(root / "new.json"),
        "new.parquet": str(root / "log.parquet"),
        "new.md": str(root / "report.md"),
        "file": str(root / "file.txt"),
        "folder": str(root / "folder"),
        "folder.md": str(root / "folder.md"),
        "under a file": str(root / "file.txt" / "x.json"),
        "missing folder": str(root / "missing" / "x.parquet"),
        "bad rules": str(root / "bad.toml"),
        "root": str(root),
    }


NUMBERS = ["1", "2", "3", "0", "-1", "-3/2", "1e6", "2e3", "1e20", "1e400", "nan", "abc", "", " 3",
           "1.5", "1_000", "9" * 30, "0x10", "\n", "50", "1000"]  # fmt: skip
RULES = [
    "crazy4-standard",
    "crazy4-cardroom",
    "four-card-standard",
    "nope",
    "../x",
    "",
    "bad rules",
]
MONEY = ["20", "5", "0", "-5", "twenty", "$20", "1/2", "1e308", "20:5", "20:5:blind", "20:5:lucky",
         "a:b:c:d", "100", "1/0"]  # fmt: skip
RANKS, SUITS = "23456789TJQKA" * 3 + "X1", "shdc" * 3 + "x"
OPTIONS: dict[str, dict[str, list[str]]] = {
    "analyze": {"--rules": RULES, "--out": ["new", "file", "folder", "under a file", "root"],
                "--jobs": NUMBERS, "--simulate-rounds": NUMBERS, "--seed": NUMBERS},
    "report": {"--rules": RULES, "--format": ["md", "html", "pdf", "docx", "xlsx", "card"],
               "--jobs": NUMBERS,
               "--out": ["new.md", "folder", "folder.md", "under a file", "missing folder"],
               "--prepared-by": ["Ann", "", "\n", "x" * 300], "--prepared-for": ["Board", " "],
               "--date": ["2026-12-02", "2026-13-01", "", "yesterday"],
               "--cover": ["file", "folder", "missing folder", "new.md"],
               "--confirm-rounds": NUMBERS, "--seed": NUMBERS},
    "hand": {"--rules": RULES, "--up": ["Kd", "Zz", "", "As"]},
    "cardroom": {"--rules": RULES, "--table": ["5-20", "10-100", "1-2"], "--seats": NUMBERS,
                 "--ante": MONEY, "--queens-up": MONEY, "--seat": MONEY, "--bankroll": MONEY,
                 "--strategy": ["optimal", "simple", "blind", "lucky"], "--jobs": NUMBERS,
                 "--simulate-rounds": NUMBERS, "--seed": NUMBERS},
    "simulate": {"--rules": RULES, "--rounds": NUMBERS, "--seed": NUMBERS, "--seats": NUMBERS,
                 "--blind-hands": NUMBERS, "--strategy": ["optimal", "simple", "nope.csv"],
                 "--queens-up": ["9-9", "50-40-8-4-3-2-1"], "--jobs": NUMBERS,
                 "--log": ["new.parquet", "new.json", "folder", "under a file", "missing folder"],
                 "--summary": ["new.json", "folder", "under a file", "file"],
                 "--backend": ["local", "dask", "spark"], "--scheduler": ["tcp://127.0.0.1:1"]},
    "validate": {"--rules": RULES, "--strategy": ["optimal", "nope.csv"], "--alpha": NUMBERS,
                 "--examples": NUMBERS, "--report": ["new.md", "new.json", "folder.md", "file"]},
}  # fmt: skip
FLAGS = {"analyze": ["--quiet"], "report": ["--quiet"], "hand": ["--json"], "cardroom": ["--json"],
         "simulate": ["--quiet"], "validate": []}  # fmt: skip
POSITIONAL = {"validate": ["new.parquet", "file", "folder", "missing folder"]}


@st.composite
def cards(draw: st.DrawFn) -> str:
    count = draw(st.integers(3, 6))
    picked = [draw(st.sampled_from(RANKS)) + draw(st.sampled_from(SUITS)) for _ in range(count)]
    return draw(st.sampled_from([" ", "", ","])).join(picked)


#: What each command needs, mostly valid: a command line usually gets past argparse.
REQUIRED = {
    "analyze": [["--rules", "crazy4-standard"], ["--rules", "crazy4-cardroom"]],
    "report": [["--rules", "crazy4-standard"], ["--rules", "four-card-standard"]],
    "hand": [],
    "cardroom": [["--ante", "20"], ["--seat", "20:5"], ["--ante", "10", "--seats", "3"]],
    "simulate": [["--rules", "crazy4-standard", "--rounds", "100"],
                 ["--rules", "crazy4-cardroom", "--rounds", "1e3"]],
    "validate": [["--rules", "crazy4-standard"]],
}  # fmt: skip


@st.composite
def command_lines(draw: st.DrawFn, places: dict[str, str]) -> list[str]:
    def place(value: str) -> str:
        return places.get(value, value)

    command = draw(st.sampled_from([*OPTIONS, *OPTIONS, "rules", "nonsense"]))
    if command == "rules":
        actions = [["list"], ["show", "crazy4-standard"], ["show", "nope"], ["show"], ["drop"], []]
        return ["rules", *draw(st.sampled_from(actions))]
    if command == "nonsense":
        return draw(st.lists(st.text(max_size=8), max_size=3))
    argv = [command]
    if command == "hand":
        argv.append(draw(cards()))
    if command in POSITIONAL:
        argv.append(place(draw(st.sampled_from(POSITIONAL[command]))))
    if REQUIRED[command] and draw(st.integers(0, 4)):  # four times in five
        argv += draw(st.sampled_from(REQUIRED[command]))
    options = OPTIONS[command]
    for name in draw(st.lists(st.sampled_from(sorted(options)), max_size=4)):
        argv += [name, place(draw(st.sampled_from(options[name])))]
    if draw(st.integers(0, 3)) == 0:
        argv.append(draw(st.sampled_from([*FLAGS[command], "--bogus", "-x", "extra"])))
    elif FLAGS[command]:
        argv += FLAGS[command]
    return argv


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_command_line_exits_0_or_2_with_one_line(
    places: dict[str, str], data: st.DataObject
) -> None:
    argv = data.draw(command_lines(places))
    with _no_computing(Path(places["root"])):
        status, errors = _run(argv)
    assert status in (0, 2, "reached"), (argv, status, errors)
    assert "Traceback" not in errors
    if status == 2:
        assert errors.startswith("crazy4: error: "), (argv, errors)
        assert len(errors.splitlines()) == 1 and errors.endswith("\n"), (argv, errors)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyze", "--rules", "crazy4-standard", "--jobs", "0"],
         "crazy4: error: argument --jobs: 0 must be at least 1 (see 'crazy4 analyze --help')"),
        (["report", "--rules", "x", "--format", "doc"], "argument --format: invalid choice: 'doc'"),
        (["simulate", "--rules", "x"], "the following arguments are required: --rounds"),
        (["cardroom", "--seats", "many"], "argument --seats: invalid int value: 'many'"),
        (["hand"], "the following arguments are required: cards"),
        (["validate", "x.parquet", "--rules", "x", "--alpha", "2"], "argument --alpha"),
        (["rules"], "the following arguments are required: ACTION"),
        (["frobnicate"], "argument COMMAND: invalid choice: 'frobnicate'"),
        (["hand", "As Ks Qs Js Ts", "--bogus\nline"], "unrecognized arguments: --bogus\\nline"),
    ],
)  # fmt: skip
def test_option_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """Before: argparse's usage block (up to 7 lines) and then the error."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err
    assert captured.err.startswith("crazy4: error: ") and captured.err.count("\n") == 1


def test_cardroom_help_prints_95_percent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["cardroom", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "with 95% probability" in text and "%%" not in text


def test_negative_odds_say_negative(tmp_path: Path) -> None:
    """``"-3/2"`` was "not a number" (the minus read as a separator)."""
    for text in ("-3/2", "-3 to 2", "-1"):
        with pytest.raises(InputError, match=f"payout '{text}' is negative"):
            parse_odds(text, where="x")
    assert parse_odds("3-2", where="x") == parse_odds("3/2", where="x")
    path = tmp_path / "negative.toml"
    standard = (RULES_DIR / "crazy4-standard.toml").read_text()
    assert standard.count("\nflush = 1.5\n") == 1
    path.write_text(standard.replace("\nflush = 1.5\n", '\nflush = "-3/2"\n'))
    status, errors = _run(["hand", "As Ks Qs Js 2d", "--rules", str(path)])
    assert status == 2 and "flush: payout '-3/2' is negative" in errors, errors


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--rules", "crazy4-standard", "--rounds", "10", "--summary", "folder"],
         "--summary: '{folder}' is a folder, not a file"),
        (["simulate", "--rules", "crazy4-standard", "--rounds", "10", "--summary", "under a file"],
         "is not a folder"),
        (["simulate", "--rules", "crazy4-standard", "--rounds", "10", "--log", "missing folder"],
         "does not exist"),
        (["report", "--rules", "crazy4-standard", "--out", "folder"], "is a folder"),
        (["report", "--rules", "crazy4-standard", "--out", "under a file"], "cannot be created"),
        (["analyze", "--rules", "crazy4-standard", "--out", "file"], "is a file, not a folder"),
        (["analyze", "--rules", "crazy4-standard", "--out", "under a file"], "cannot be created"),
        (["validate", "file", "--rules", "crazy4-standard", "--report", "folder.md"],
         "is a folder"),
    ],
)  # fmt: skip
def test_unwritable_outputs_are_found_before_computing(
    tmp_path: Path, argv: list[str], message: str
) -> None:
    """Before: ``report --out FOLDER`` and ``--summary FOLDER`` failed after all the work."""
    places = _places(tmp_path)
    argv = [places.get(arg, arg) for arg in argv]
    with _no_computing(Path(places["root"])):
        status, errors = _run(argv)
    assert status == 2, (status, errors)
    assert message.format(**places) in errors and errors.count("\n") == 1


def _subprocess(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crazy4", *argv], capture_output=True, text=True, check=False
    )


def test_from_outside(tmp_path: Path) -> None:
    """The real program: a good hand exits 0; bad options exit 2 with one line."""
    assert _subprocess("hand", "Ks Qd 8c 4h 2s", "--json").returncode == 0
    for argv in (
        ["analyze", "--rules", "crazy4-standard", "--jobs", "lots"],
        ["simulate", "--rules", "crazy4-standard", "--rounds", "1e20"],
        ["hand", "Ks Qd 8c 4h", "--up"],
    ):
        done = _subprocess(*argv)
        assert done.returncode == 2, (argv, done.stderr)
        assert done.stderr.startswith("crazy4: error: ") and done.stderr.count("\n") == 1
        assert "usage:" not in done.stderr and done.stdout == ""
