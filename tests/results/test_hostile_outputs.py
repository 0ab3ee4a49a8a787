"""A hostile corpus (issue 25, the second audit): outputs that would destroy something else,
figures published that were not computed, rule sets that contradict themselves, tracebacks.

Every case ends with exit status 2 and one line naming what is wrong and where, or with the
right answer; never a traceback; and nothing is replaced but the named output. The devices
are stand-ins made in ``tmp_path`` (a FIFO, a link, a null device made with ``mknod`` where
the system allows it), never the machine's own ``/dev/null``. Where a case must be refused
before any computing, the computing is replaced by a stand-in that raises
:class:`ReachedError`: old code that let the case through reaches it.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import stat
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import NoReturn

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crazy4.advantage.holecards
import crazy4.pipeline
import crazy4.simulate.driver
import crazy4.validate.driver
from crazy4.cli.main import main
from crazy4.core.atomic import UnsafeTargetError, identity, replace_atomically
from crazy4.core.cache import cached_array
from crazy4.core.paytables import parse_odds
from crazy4.errors import InputError
from crazy4.registry import load_rules, parse_rules
from crazy4.results.destination import Output, check_outputs
from crazy4.results.integrity import DIGEST_KEY, table_sha256
from crazy4.results.read import read_result_table
from crazy4.results.write import PROVENANCE_KEY, replace_folder, write_table
from crazy4.rules.load import RULES_DIR

ROOT = Path(__file__).resolve().parents[2]


class ReachedError(Exception):
    """Raised by the stand-ins for the computing: the command passed every check."""


def _reached(*args: object, **kwargs: object) -> NoReturn:
    raise ReachedError


@contextlib.contextmanager
def _no_computing(folder: Path) -> Iterator[None]:
    """Work in ``folder`` with every long computation replaced by :func:`_reached`."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        patch.setattr(crazy4.pipeline, "run_rule_set", _reached)
        patch.setattr(crazy4.simulate.driver, "run_simulation", _reached)
        patch.setattr(crazy4.validate.driver, "log_options", _reached)
        patch.setattr(crazy4.validate.driver, "validate", _reached)
        patch.setattr(crazy4.advantage.holecards, "analyze_hole_cards", _reached)
        yield


def _run(argv: list[str]) -> tuple[int | str, str]:
    """``main(argv)``: its status (``"reached"``: the stand-in was reached) and its stderr."""
    errors = io.StringIO()
    status: int | str
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = main(argv)
        except ReachedError:
            status = "reached"
    return status, errors.getvalue()


def _refused(argv: list[str], fragment: str) -> str:
    """Run ``argv``; assert exit 2 with one line holding ``fragment``; return the line."""
    status, errors = _run(argv)
    assert status == 2, (argv, status, errors)
    assert errors.startswith("crazy4: error: ") and errors.count("\n") == 1, errors
    assert fragment in errors, errors
    return errors


def _snapshot(path: Path) -> tuple[int, int, bytes | str | None]:
    """What is at ``path``, not following a link: its kind, its inode, its content."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        content: bytes | str | None = os.readlink(path)
    elif stat.S_ISREG(info.st_mode):
        content = path.read_bytes()
    else:
        content = None
    return stat.S_IFMT(info.st_mode), info.st_ino, content


SIMULATE = ["simulate", "--rules", "crazy4-standard", "--rounds", "10", "--quiet"]


# 1. One output policy ---------------------------------------------------------------------


def _fifo(folder: Path) -> Path:
    path = folder / "pipe"
    os.mkfifo(path)
    return path


def _link_to_file(folder: Path) -> Path:
    (folder / "target.json").write_text("keep me")
    (folder / "link.json").symlink_to(folder / "target.json")
    return folder / "link.json"


def _dangling_link(folder: Path) -> Path:
    (folder / "nowhere.json").symlink_to(folder / "missing.json")
    return folder / "nowhere.json"


def _null_device(folder: Path) -> Path:
    path = folder / "null"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        pytest.skip("this system does not let a test make a device")
    return path


def _socket(folder: Path) -> Path:
    import socket

    path = folder / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return path


SPECIAL: list[tuple[Callable[[Path], Path], str]] = [
    (_fifo, "is a FIFO"),
    (_link_to_file, "is a symbolic link"),
    (_dangling_link, "is a symbolic link"),
    (_null_device, "is a character device"),
    (_socket, "is a socket"),
]


@pytest.mark.parametrize(("make", "fragment"), SPECIAL)
@pytest.mark.parametrize(
    ("argv", "suffix"),
    [
        ([*SIMULATE, "--summary", "{target}"], ""),
        ([*SIMULATE, "--log", "{target}"], ".csv"),
        (["report", "--rules", "crazy4-standard", "--out", "{target}"], ""),
        (["validate", "{log}", "--report", "{target}"], ".md"),
        (["advantage", "collusion", "--rules", "crazy4-standard", "--out", "{target}"],
         ".parquet"),
        (["advantage", "holecards", "--rules", "crazy4-standard", "--situations", "{target}"],
         ".parquet"),
    ],
)  # fmt: skip
def test_devices_fifos_sockets_and_links_are_never_replaced(
    tmp_path: Path, make: Callable[[Path], Path], fragment: str, argv: list[str], suffix: str
) -> None:
    """Before: ``--summary /dev/null`` replaced the device by a file (as root, the machine's)
    and ``--summary /dev/stdout`` the link; every command checked outputs its own way."""
    made = make(tmp_path)
    target = made.with_name(made.name + suffix)
    made.rename(target)
    (tmp_path / "log.csv").write_text("round,seat\n1,1\n")
    argv = [a.format(target=target, log=tmp_path / "log.csv") for a in argv]
    before = _snapshot(target)
    with _no_computing(tmp_path):
        _refused(argv, fragment)
    assert _snapshot(target) == before
    if make is _link_to_file:
        assert (tmp_path / "target.json").read_text() == "keep me"


@pytest.mark.parametrize(("make", "fragment"), SPECIAL)
def test_the_writer_itself_refuses_what_it_may_not_replace(
    tmp_path: Path, make: Callable[[Path], Path], fragment: str
) -> None:
    """The last line of defence, for every writer (the table cache too): the rename never
    lands on a device, a FIFO, a socket or a link, whoever forgot to check."""
    target = make(tmp_path)
    before = _snapshot(target)
    with pytest.raises(UnsafeTargetError, match=fragment.removeprefix("is ")):
        replace_atomically(target, lambda temporary: temporary.write_text("new"))
    assert _snapshot(target) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_link_to_a_results_folder_is_never_turned_into_a_folder(tmp_path: Path) -> None:
    """Before: ``analyze --out res`` with ``res -> data/res`` replaced the link by a folder,
    left ``data/res`` with the old tables and the old link behind as a temporary name."""
    data = tmp_path / "data" / "res"
    data.mkdir(parents=True)
    (data / "report.md").write_text("old")
    link = tmp_path / "res"
    link.symlink_to(data)
    with _no_computing(tmp_path):
        _refused(["analyze", "--rules", "crazy4-standard", "--out", "res"], "symbolic link")
        _refused(["advantage", "holecards", "--rules", "crazy4-standard", "--out", "res"],
                 "symbolic link")  # fmt: skip
    assert link.is_symlink() and (data / "report.md").read_text() == "old"
    with pytest.raises(InputError, match="symbolic link"):
        replace_folder(link, lambda folder: (folder / "report.md").write_text("new"))
    assert link.is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == ["data", "res"]


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        ([*SIMULATE, "--log", "a.csv", "--summary", "./a.csv"], "name the same file"),
        ([*SIMULATE, "--log", "a.csv", "--summary", "sub/../a.csv"], "name the same file"),
        ([*SIMULATE, "--log", "a.csv", "--summary", "hard.csv"], "name the same file"),
        ([*SIMULATE, "--summary", "rules.toml", "--rules", "rules.toml"], "is the input --rules"),
        ([*SIMULATE, "--summary", "strategy.csv", "--strategy", "./strategy.csv"],
         "is the input --strategy"),
        (["validate", "s.json", "--report", "s.json"], "is the input log"),
        (["validate", "log.csv", "--report", "./map.md", "--mapping", "map.md"],
         "is the input --mapping"),
        (["report", "--rules", "crazy4-standard", "--from", "res", "--format", "md",
          "--out", "res/report.md"], "is the input --from"),
        (["advantage", "holecards", "--rules", "crazy4-standard", "--out", "out",
          "--situations", "out/s.parquet"], "is inside --out"),
        (["analyze", "--rules", "res/rules.toml", "--out", "res"], "is inside --out"),
    ],
)  # fmt: skip
def test_an_output_is_never_an_input_or_another_output(
    tmp_path: Path, argv: list[str], fragment: str
) -> None:
    """Before: the paths were compared as strings, so ``--log a.csv --summary ./a.csv``
    replaced the log by the summary and ``validate s.json --report s.json`` the summary under
    audit, both with exit 0."""
    (tmp_path / "a.csv").write_text("the log")
    os.link(tmp_path / "a.csv", tmp_path / "hard.csv")
    (tmp_path / "sub").mkdir()
    (tmp_path / "s.json").write_text('{"rounds": 1}')
    (tmp_path / "log.csv").write_text("round\n1\n")
    (tmp_path / "map.md").write_text("[columns]\n")
    (tmp_path / "strategy.csv").write_text("hand,decision\n")
    (tmp_path / "out").mkdir()
    standard = (RULES_DIR / "crazy4-standard.toml").read_text()
    (tmp_path / "rules.toml").write_text(standard)
    (tmp_path / "res").mkdir()
    (tmp_path / "res" / "report.md").write_text("# the report")
    (tmp_path / "res" / "rules.toml").write_text(standard)
    before = {p: _snapshot(p) for p in tmp_path.rglob("*") if p.is_file()}
    with _no_computing(tmp_path):
        _refused(argv, fragment)
    assert {p: _snapshot(p) for p in tmp_path.rglob("*") if p.is_file()} == before


def test_a_mount_point_is_refused_before_the_analysis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: ``analyze --out MOUNT`` failed with "Device or resource busy" only after the
    whole analysis (minutes for Four Card Poker). The mount is a stand-in: making a real one
    needs privileges a test does not have."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    real = os.path.ismount
    monkeypatch.setattr(
        os.path, "ismount", lambda path: Path(path).resolve() == mount or real(path)
    )
    with _no_computing(tmp_path):
        _refused(["analyze", "--rules", "four-card-standard", "--out", "mnt"], "mount point")
    with pytest.raises(UnsafeTargetError, match="mount point"):
        replace_folder_atomically_direct(mount)


def replace_folder_atomically_direct(folder: Path) -> None:
    """The folder writer itself, on ``folder`` (refuses a mount point before writing)."""
    from crazy4.core.atomic import replace_folder_atomically

    replace_folder_atomically(folder, lambda temporary: (temporary / "a").write_text("x"))


def test_the_analysis_that_lost_the_race_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: two analyses writing one folder at once both said they wrote it; the one that
    finished last silently replaced the other's tables. Now the folder found at the check must
    still be there at the swap: the later one says it lost and leaves the winner's tables."""
    out = tmp_path / "res"
    winner = pd.DataFrame({"a": [1]})

    def other_run_finishes_first(rules: object, **kwargs: object) -> object:
        record = {"rule_set": "crazy4-standard"}
        replace_folder(out, lambda folder: write_table(winner, folder / "bets.parquet", record))
        return crazy4.pipeline.RuleSetResults(
            load_rules("crazy4-standard"), {"bets": pd.DataFrame({"a": [2]})}, "# mine", "x",
            record, "test",
        )  # fmt: skip

    monkeypatch.setattr(crazy4.pipeline, "run_rule_set", other_run_finishes_first)
    monkeypatch.chdir(tmp_path)
    _refused(["analyze", "--rules", "crazy4-standard", "--out", "res", "--quiet",
              "--simulate-rounds", "0"], "another run wrote this folder")  # fmt: skip
    assert read_result_table(out / "bets.parquet")["a"].tolist() == [1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["res"]


def test_the_command_line_passes_one_gate() -> None:
    """Every command checks its outputs through :func:`check_outputs`, nothing else."""
    for path in (ROOT / "crazy4" / "cli").glob("*.py"):
        text = path.read_text()
        for old in ("check_output_file(", "check_output_folder(", "ensure_output_dir("):
            assert old not in text, (path.name, old)


# 2. Tamper evidence -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real analysis of crazy4-standard (written once for the module)."""
    folder = tmp_path_factory.mktemp("analysis") / "crazy4-standard"
    status, errors = _run(["analyze", "--rules", "crazy4-standard", "--out", str(folder),
                           "--quiet", "--simulate-rounds", "0"])  # fmt: skip
    assert status == 0, errors
    return folder


def _copy(folder: Path, into: Path) -> Path:
    into.mkdir()
    for path in folder.iterdir():
        (into / path.name).write_bytes(path.read_bytes())
    return into


def _edit_bets(path: Path, metadata: Callable[[dict[bytes, bytes]], dict[bytes, bytes]]) -> None:
    """Change one number of a table as a careful hand would: the schema metadata kept."""
    table = pq.read_table(path)
    edges = table.column("house_edge").to_pylist()
    edges[0] = 0.021245
    table = table.set_column(
        table.schema.get_field_index("house_edge"), "house_edge", pa.array(edges)
    )
    pq.write_table(table.replace_schema_metadata(metadata(dict(table.schema.metadata))), path)


@pytest.mark.parametrize("fmt", ["xlsx", "md"])
def test_an_edited_table_is_refused_by_the_report(analysis: Path, tmp_path: Path, fmt: str) -> None:
    """Before: one number of ``bets.parquet`` edited, then ``report --from --format xlsx``:
    exit 0, a workbook with a 2.1245% house edge beside its "exact" fraction."""
    folder = _copy(analysis, tmp_path / "res")
    _edit_bets(folder / "bets.parquet", lambda metadata: metadata)
    out = tmp_path / f"report.{fmt}"
    line = _refused(["report", "--rules", "crazy4-standard", "--from", str(folder),
                     "--format", fmt, "--out", str(out)], "does not match the SHA-256")  # fmt: skip
    assert "bets.parquet" in line and not out.exists()


def test_the_notebooks_loader_refuses_an_edited_table(
    analysis: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crazy4.results import read

    folder = _copy(analysis, tmp_path / "crazy4-standard")
    monkeypatch.setenv("CRAZY4_RESULTS", str(tmp_path))
    assert read.read_table("crazy4-standard", "bets")["house_edge"].iloc[0] != 0.021245
    _edit_bets(folder / "bets.parquet", lambda metadata: metadata)
    with pytest.raises(InputError, match="does not match the SHA-256"):
        read.read_table("crazy4-standard", "bets")
    with pytest.raises(InputError, match="does not match the SHA-256"):
        read.read_all("bets")


def _without(key: bytes) -> Callable[[dict[bytes, bytes]], dict[bytes, bytes]]:
    return lambda metadata: {k: v for k, v in metadata.items() if k != key}


def _provenance(text: bytes) -> Callable[[dict[bytes, bytes]], dict[bytes, bytes]]:
    return lambda metadata: {**metadata, PROVENANCE_KEY: text}


@pytest.mark.parametrize(
    ("damage", "fragment"),
    [
        (_provenance(b'{"rule_set": "crazy4-standard", '), "provenance is damaged"),
        (_provenance(b'["crazy4-standard"]'), "provenance is damaged: a JSON list"),
        (_provenance(b'"crazy4-standard"'), "provenance is damaged: a JSON string"),
        (_provenance(b"\xff\xfe"), "provenance is damaged"),
        (_without(PROVENANCE_KEY), "carries no crazy4 provenance"),
    ],
)
def test_damaged_provenance_is_one_line(
    analysis: Path,
    tmp_path: Path,
    damage: Callable[[dict[bytes, bytes]], dict[bytes, bytes]],
    fragment: str,
) -> None:
    """Before: ``JSONDecodeError``, or ``AssertionError`` for a list, from ``report --from``
    and from ``analyze --out`` over that folder."""
    folder = _copy(analysis, tmp_path / "res")
    table = pq.read_table(folder / "returns.parquet")
    metadata = damage(dict(table.schema.metadata))
    pq.write_table(table.replace_schema_metadata(metadata), folder / "bets.parquet")
    _refused(["report", "--rules", "crazy4-standard", "--from", str(folder), "--format", "md",
              "--out", str(tmp_path / "r.md")], fragment)  # fmt: skip
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    with _no_computing(tmp_path):
        _refused(["analyze", "--rules", "crazy4-standard", "--out", "res"], "bets.parquet")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_table_missing_a_column_is_one_line(analysis: Path, tmp_path: Path) -> None:
    """Before: ``ValueError: 'house_edge' is not in list`` (a table written whole, its
    checksum right, but without the column the report reads)."""
    folder = _copy(analysis, tmp_path / "res")
    bets = read_result_table(folder / "bets.parquet").drop(columns=["house_edge"])
    record = json.loads(pq.read_schema(folder / "bets.parquet").metadata[PROVENANCE_KEY])
    write_table(bets, folder / "bets.parquet", record)
    for fmt in ("xlsx", "pdf"):
        _refused(["report", "--rules", "crazy4-standard", "--from", str(folder), "--format", fmt,
                  "--out", str(tmp_path / f"r.{fmt}")], "has no column 'house_edge'")  # fmt: skip


def test_a_table_written_before_the_checksum_is_read(analysis: Path, tmp_path: Path) -> None:
    """The documented choice (docs/outputs.md): a table without the digest (as written before
    it existed, e.g. the committed results/advantage/) is read, unverified."""
    folder = _copy(analysis, tmp_path / "res")
    _edit_bets(folder / "bets.parquet", _without(DIGEST_KEY))
    assert read_result_table(folder / "bets.parquet")["house_edge"].iloc[0] == 0.021245


def test_the_same_inputs_give_the_same_bytes(tmp_path: Path) -> None:
    frame = pd.DataFrame({"a": [1, 2], "b": ["x", None], "c": [0.5, float("nan")]})
    for name in ("one", "two"):
        write_table(frame, tmp_path / f"{name}.parquet", {"rule_set": "x"})
    assert (tmp_path / "one.parquet").read_bytes() == (tmp_path / "two.parquet").read_bytes()
    stored = pq.read_schema(tmp_path / "one.parquet").metadata[DIGEST_KEY].decode()
    assert stored == table_sha256(pq.read_table(tmp_path / "two.parquet"))


COLUMNS = st.one_of(
    st.lists(st.one_of(st.none(), st.integers(-(2**62), 2**62))),
    st.lists(st.one_of(st.none(), st.floats(allow_nan=True))),
    st.lists(st.one_of(st.none(), st.text(max_size=6))),
    st.lists(st.booleans()),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=COLUMNS, split=st.integers(0, 8), data=st.data())
def test_the_digest_is_of_the_data_and_nothing_else(
    values: list[object], split: int, data: st.DataObject
) -> None:
    """The same data in any chunks, with any metadata, through parquet and back: one digest;
    any one value changed: another."""
    table = pa.table({"v": pa.array(values)})
    chunked = pa.concat_tables([table.slice(0, split), table.slice(split)])
    buffer = io.BytesIO()
    pq.write_table(chunked.replace_schema_metadata({b"k": b"v"}), buffer)
    again = pq.read_table(pa.BufferReader(buffer.getvalue()))
    assert table_sha256(table) == table_sha256(chunked) == table_sha256(again)
    if values:
        index = data.draw(st.integers(0, len(values) - 1))
        changed = list(values)
        old = changed[index]
        replacement = data.draw(COLUMNS.filter(bool)).pop()
        if type(replacement) is type(old) and replacement != old and replacement == replacement:
            changed[index] = replacement
            assert table_sha256(pa.table({"v": pa.array(changed)})) != table_sha256(table)
        changed[index] = None if old is not None else values[index]
        if changed[index] is None and old is not None and not isinstance(old, bool):
            assert table_sha256(pa.table({"v": pa.array(changed)})) != table_sha256(table)


# 3. Rule sets that contradict themselves, text no output carries ------------------------


def _rule_text(name: str, old: str, new: str) -> str:
    text = (RULES_DIR / f"{name}.toml").read_text()
    assert text.count(old) == 1, old
    return text.replace(old, new)


def test_a_payout_cap_below_the_minimum_bet_is_refused() -> None:
    """Before: accepted; the report's headline said 2.7879% while its own cap table gave
    101.95% at every bet."""
    text = (RULES_DIR / "four-card-standard.toml").read_text()
    cap = next(line for line in text.splitlines() if line.startswith("aggregate_payout_cap"))
    with pytest.raises(InputError) as caught:
        parse_rules(text.replace(cap, "aggregate_payout_cap = 1"), "mine.toml")
    assert str(caught.value).startswith("mine.toml [limits]: key 'aggregate_payout_cap' is $1")
    assert "below 'minimum_bet' $3" in str(caught.value)
    parse_rules(text.replace(cap, "aggregate_payout_cap = 3"), "mine.toml")  # equal: allowed


UNPRINTABLE = st.sampled_from(["\x00", "\x07", "\t", "\n", "\r", "\x1b", "\x7f", "\x85",
                               "\u2028", "\u2029", "\ufffe"])  # fmt: skip
PLACES = [
    ("crazy4-standard", 'title = "', "title"),
    ("crazy4-standard", 'source = "', "source"),
    ("crazy4-cardroom", 'name = "5-20', "name"),
    ("four-card-standard", 'name = "', "name"),
]


@settings(max_examples=40, deadline=None)
@given(place=st.sampled_from(PLACES), character=UNPRINTABLE, escaped=st.booleans())
def test_text_no_output_carries_is_refused_at_load(
    place: tuple[str, str, str], character: str, escaped: bool
) -> None:
    """Before: a control character in a title or a table name reached openpyxl
    (``IllegalCharacterError`` from ``report --format xlsx`` and ``make results``) and the
    PDF's plots (matplotlib warnings on standard error)."""
    name, anchor, key = place
    text = (RULES_DIR / f"{name}.toml").read_text()
    at = text.index(anchor) + len(anchor)  # inside the first such string
    toml_refuses = (ord(character) < 0x20 and character != "\t") or character == "\x7f"
    inserted = f"\\u{ord(character):04X}" if escaped or toml_refuses else character
    with pytest.raises(InputError) as caught:
        parse_rules(text[:at] + inserted + text[at:], "hostile.toml")
    message = str(caught.value)
    assert message.startswith("hostile.toml") and f"key {key!r}" in message, message
    assert f"U+{ord(character):04X}" in message and "\n" not in message
    if name == "crazy4-cardroom":  # the section too
        assert message.startswith("hostile.toml [cardroom] [[tables]] #1: key 'name'")


def test_plots_draw_what_their_font_lacks_without_a_warning(tmp_path: Path) -> None:
    """The warnings on standard error were matplotlib's "Glyph ... missing from font(s)
    DejaVu Sans", for the text of a rule file's table names in the plots: control characters
    are now refused at load; any other character the font lacks is spelt '?'."""
    from crazy4.report.html import report_figures

    bets = pd.DataFrame({"bet": ["ante", "Queens Up 皇后"], "house_edge": [0.03, 0.05],
                         "element_of_risk": [0.01, 0.05]})  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _, figure in report_figures("x", {"bets": bets}):
            figure.savefig(io.BytesIO(), format="png")


# 4. Smaller ------------------------------------------------------------------------------


def test_an_empty_group_is_refused_with_hand_too() -> None:
    """Before: ``--hand ... --groups A,,K`` printed the situation and ignored the groups."""
    _refused(["advantage", "holecards", "--rules", "crazy4-standard", "--hand",
              "As Ks Qs Js 2d", "--groups", "A,,K"], "group 2 is empty")  # fmt: skip


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("1e-5", Fraction(1, 100_000)),
        ("1E-5", Fraction(1, 100_000)),
        ("2.5e1", Fraction(25)),
        ("3-2", Fraction(3, 2)),
        ("1e-50", "x: payout '1e-50' is a number finer than 1/10^18"),
        ("1e50", "x: payout '1e50' is a number above 10^18 to 1"),
        ("1e-5/2", "x: payout '1e-5/2' is not a number"),
    ],
)
def test_a_payout_in_exponent_form(text: str, answer: Fraction | str) -> None:
    """Before: ``"1e-5"`` was "not a number" (its minus read as "to"), and an exponent beyond
    the limits was "not a number" too (the precise message was swallowed)."""
    if isinstance(answer, Fraction):
        assert parse_odds(text, where="x") == answer
        if "e" in text.lower():  # the text reads as the TOML number does
            assert parse_odds(float(text), where="x") == answer
    else:
        with pytest.raises(InputError) as caught:
            parse_odds(text, where="x")
        assert str(caught.value).startswith(answer)


@pytest.mark.parametrize("name", ["", " "])
def test_an_empty_rule_set_name_says_so(name: str) -> None:
    """Before: ``rules show ""`` said the empty path is a folder."""
    _refused(["rules", "show", name], "the rule set name is empty")
    _refused(["hand", "As Ks Qs Js 2d", "--rules", name], "the rule set name is empty")


def test_an_unwritable_cache_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: every table was rebuilt on every run without a word. Root ignores
    permissions, so the cache is a folder that cannot exist: one under a file."""
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path / "file" / "cache"))
    for name in ("hostile-one", "hostile-two", "hostile-one"):
        built = cached_array(name, lambda: pa.array([1, 2]).to_numpy(), expected_shape=(2,),
                             dtype=int)  # fmt: skip
        assert built.tolist() == [1, 2]
    errors = capsys.readouterr().err
    assert errors.count("\n") == 1 and "cannot be written" in errors, errors
    assert str(tmp_path / "file" / "cache") in errors


def test_from_outside_a_fifo_stays_a_fifo(tmp_path: Path) -> None:
    """The real program: one line, exit 2, the FIFO untouched (no reader ever opened it)."""
    fifo = _fifo(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "crazy4", *SIMULATE, "--summary", str(fifo)],
        capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "is a FIFO" in done.stderr and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_check_outputs_names_every_output(tmp_path: Path) -> None:
    """The gate returns one claim a output, with what was at a folder (for the race)."""
    (tmp_path / "res").mkdir()
    claims = check_outputs(
        [Output("--out", tmp_path / "res", folder=True), Output("--log", tmp_path / "l.csv")]
    )
    assert [c.path for c in claims] == [tmp_path / "res", tmp_path / "l.csv"]
    assert claims[0].state == identity(tmp_path / "res") and claims[1].state is None
