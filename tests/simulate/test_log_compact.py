"""``crazy4 simulate --log-cards compact`` (issue 14): the parquet log's card columns as compact
card codes beside the readable text.

The expected cards come from the text log of the same seed, parsed by the plain parser
(:func:`crazy4.core.cards.parse_cards`), and from decoding the compact bytes here with numpy
(a byte is ``4 * rank + suit``, ranks ``23456789TJQKA``, suits ``cdhs``: the card numbering of
the rules text), not from the codec under test. The validator's report must be the same for
both encodings of the same rounds, and a bad compact cell is reported by its row as a bad
text cell is.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from in_process import crazy4

from crazy4.cli.main import main
from crazy4.core.cards import parse_cards
from crazy4.errors import InputError
from crazy4.log.roundlog import parse_hand_column
from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.validate.driver import validate
from crazy4.validate.report import Options, Report

RANK_TEXT = "23456789TJQKA"
SUIT_TEXT = "cdhs"
#: Each game's card columns and their number of cards.
CARD_COLUMNS = {
    "crazy4-standard": {"player": 5, "dealer": 5},
    "four-card-standard": {"player": 5, "dealer": 6, "up_card": 1},
}


def _logs(folder: Path, rules: str, seats: int, rounds: int, seed: int = 5) -> dict[str, Path]:
    """The same rounds written with text and with compact cards."""
    plan = make_plan(load_rules(rules), rounds=rounds, seed=seed, seats=seats)
    paths = {}
    for cards in ("text", "compact"):
        paths[cards] = folder / f"{rules}-{seats}-{cards}.parquet"
        run_simulation(plan, log_path=paths[cards], log_cards=cards)
    return paths


def _decode(column: pa.ChunkedArray, count: int) -> list[str]:
    """The compact cells as card text, decoded with numpy bit operations."""
    assert pa.types.is_fixed_size_binary(column.type) and column.type.byte_width == count
    raw = np.frombuffer(b"".join(column.to_pylist()), dtype=np.uint8).reshape(-1, count)
    assert (raw < 52).all()
    ranks, suits = raw >> 2, raw & 3
    return [
        " ".join(RANK_TEXT[r] + SUIT_TEXT[s] for r, s in zip(rank_row, suit_row, strict=True))
        for rank_row, suit_row in zip(ranks, suits, strict=True)
    ]


@pytest.mark.parametrize("rules", sorted(CARD_COLUMNS))
@pytest.mark.parametrize("seats", [1, 3])
def test_compact_cards_are_the_text_cards(tmp_path: Path, rules: str, seats: int) -> None:
    paths = _logs(tmp_path, rules, seats, 3000)
    text = pq.read_table(paths["text"])
    compact = pq.read_table(paths["compact"])
    assert compact.num_rows == text.num_rows == 3000 * seats
    for name, count in CARD_COLUMNS[rules].items():
        cells = text.column(name).to_pylist()
        decoded = _decode(compact.column(name), count)
        assert decoded == cells  # the same cards in the same order (highest first)
        expected = np.array([parse_cards(cell, count=count) for cell in cells])
        cards, bad = parse_hand_column(compact.column(name), count)
        assert bad == {}
        assert (cards == expected).all()
    others = [name for name in text.column_names if name not in CARD_COLUMNS[rules]]
    assert all(compact.column(name).equals(text.column(name)) for name in others)


def test_compact_schema_names_the_encoding(tmp_path: Path) -> None:
    paths = _logs(tmp_path, "four-card-standard", 2, 500)
    schema = pq.read_schema(paths["compact"])
    for name, count in CARD_COLUMNS["four-card-standard"].items():
        field = schema.field(name)
        assert field.type == pa.binary(count)
        assert field.metadata is not None and field.metadata[b"crazy4.cards"].startswith(b"codes")
    assert not any(field.nullable for field in schema)  # the simulator writes no empty cell
    text_schema = pq.read_schema(paths["text"])
    assert all(text_schema.field(name).type == pa.string() for name in ("player", "dealer"))
    assert schema.metadata[b"crazy4"] == text_schema.metadata[b"crazy4"]


def _same_report(paths: dict[str, Path], rules: str) -> Report:
    """Both logs validated: their reports the same but for the source's name, hash and size;
    the compact log's report returned."""
    validated = {cards: validate(paths[cards], Options(load_rules(rules))) for cards in paths}
    reports = [report.to_dict() for report in validated.values()]
    for report in reports:
        for key in ("source", "source_sha256", "source_bytes"):
            report.pop(key)
    assert reports[0] == reports[1]
    return validated["compact"]


@pytest.mark.parametrize("rules", sorted(CARD_COLUMNS))
@pytest.mark.parametrize(("seats", "rounds"), [(1, 20_000), (7, 3000)])
def test_validator_report_is_the_same(tmp_path: Path, rules: str, seats: int, rounds: int) -> None:
    report = _same_report(_logs(tmp_path, rules, seats, rounds), rules)
    assert report.rows == rounds * seats and report.exit_status == 0


def test_validator_report_is_the_same_with_a_progressive(tmp_path: Path) -> None:
    _same_report(_logs(tmp_path, "crazy4-progressive", 3, 2000), "crazy4-progressive")


def _with_cells(path: Path, name: str, cells: dict[int, bytes | None], target: Path) -> None:
    """A copy of a compact log with some cells of a card column replaced."""
    table = pq.read_table(path)
    column = table.column(name)
    values = column.to_pylist()
    for row, cell in cells.items():
        values[row] = cell
    kind = column.type
    table = table.set_column(
        table.schema.get_field_index(name), pa.field(name, kind), pa.array(values, kind)
    )
    pq.write_table(table, target)


def _malformed(path: Path, rules: str) -> dict[int, str]:
    """The Well-formed check's examples: row to reason."""
    report = validate(path, Options(load_rules(rules), examples=10)).to_dict()
    checks = report["checks"]
    assert isinstance(checks, list)
    found: dict[int, str] = {}
    for check in checks:
        if check["name"] == "Well-formed":
            for finding in check["findings"]:
                found.update({e["row"]: str(e["reason"]) for e in finding["examples"]})
    return found


def test_bad_compact_cells_are_reported_by_row(tmp_path: Path) -> None:
    paths = _logs(tmp_path, "crazy4-standard", 1, 400)
    bad = tmp_path / "bad.parquet"
    good = pq.read_table(paths["compact"]).column("player")[30].as_py()
    _with_cells(
        paths["compact"],
        "player",
        {
            3: bytes([51, 51, 45, 30, 2]),  # a card twice
            10: bytes([60, 51, 45, 30, 2]),  # a code above 51
            20: None,  # an empty cell
            30: bytes(reversed(good)),  # the same cards ascending: a good cell
        },
        bad,
    )
    found = _malformed(bad, "crazy4-standard")
    assert sorted(found) == [4, 11, 21]  # 1-based rows
    assert "appears twice" in found[4] and "As" in found[4]
    assert "60 is not a card" in found[11]
    assert found[21] == "no cards (empty cell)"
    # the text log with bad text cells in the same rows is reported by the same rows
    text_bad = tmp_path / "text-bad.parquet"
    table = pq.read_table(paths["text"])
    cells = table.column("player").to_pylist()
    cells[3], cells[10], cells[20] = "As As Kd 9h 2h", "Zz As Kd 9h 2h", None
    index = table.schema.get_field_index("player")
    pq.write_table(table.set_column(index, "player", pa.array(cells)), text_bad)
    assert sorted(_malformed(text_bad, "crazy4-standard")) == [4, 11, 21]


def test_compact_cells_of_the_wrong_width_are_bad_rows(tmp_path: Path) -> None:
    codes = pa.array([bytes([51, 47, 43, 39]), None], pa.binary(4))
    cards, bad = parse_hand_column(codes, 5)
    assert bad == {0: "codes [51, 47, 43, 39]: expected 5 cards, got 4", 1: "no cards (empty cell)"}
    assert (cards == -1).all()
    paths = _logs(tmp_path, "crazy4-standard", 1, 50)
    table = pq.read_table(paths["compact"])
    four = [cell[:4] for cell in table.column("dealer").to_pylist()]
    index = table.schema.get_field_index("dealer")
    narrow = table.set_column(index, "dealer", pa.array(four, pa.binary(4)))
    pq.write_table(narrow, tmp_path / "narrow.parquet")
    found = _malformed(tmp_path / "narrow.parquet", "crazy4-standard")
    assert sorted(found) == list(range(1, 11))  # the first ten examples, by row
    assert all("expected 5 cards, got 4" in reason for reason in found.values())


def test_compact_reading_is_by_chunk_and_dictionary() -> None:
    cells = [bytes([3, 51]), bytes([51, 3]), bytes([0, 0])]
    chunked = pa.chunked_array(
        [pa.array(cells[:1], pa.binary(2)), pa.array(cells[1:], pa.binary(2))]
    )
    cards, bad = parse_hand_column(chunked, 2)
    assert cards[:2].tolist() == [[3, 51], [3, 51]] and sorted(bad) == [2]
    dictionary = pa.array(cells, pa.binary(2)).dictionary_encode()
    cards, bad = parse_hand_column(dictionary, 2)
    assert cards[:2].tolist() == [[3, 51], [3, 51]] and "2c appears twice" in bad[2]


def test_csv_log_with_compact_cards_is_refused(tmp_path: Path) -> None:
    plan = make_plan(load_rules("crazy4-standard"), rounds=10, seed=1)
    with pytest.raises(InputError, match=r"needs a \.parquet log"):
        run_simulation(plan, log_path=tmp_path / "log.csv", log_cards="compact")
    assert not (tmp_path / "log.csv").exists()
    command = ["simulate", "--rules", "crazy4-standard", "--rounds", "10"]
    done = crazy4(*command, "--log", str(tmp_path / "log.csv"), "--log-cards", "compact")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "parquet" in done.stderr
    assert not (tmp_path / "log.csv").exists()


def test_compact_without_a_log_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--rules", "crazy4-standard", "--rounds", "10", "--log-cards", "compact"]
    assert main(argv) == 2
    assert "--log-cards compact needs --log" in capsys.readouterr().err


def test_default_log_bytes_are_unchanged_and_round_trip(tmp_path: Path) -> None:
    base = ["simulate", "--rules", "four-card-standard", "--rounds", "3000", "--seats", "2"]
    absent, text = tmp_path / "absent.parquet", tmp_path / "text.parquet"
    assert main([*base, "--quiet", "--log", str(absent)]) == 0
    assert main([*base, "--quiet", "--log", str(text), "--log-cards", "text"]) == 0
    assert absent.read_bytes() == text.read_bytes()
    table = pq.read_table(absent)
    assert table.schema.field("player").type == pa.string()
    assert table.schema.field("player").nullable  # the log's schema as it always was
    compact = tmp_path / "compact.parquet"
    assert main([*base, "--quiet", "--log", str(compact), "--log-cards", "compact"]) == 0
    codes = pq.read_table(compact)
    for name, count in CARD_COLUMNS["four-card-standard"].items():
        cells = table.column(name).to_pylist()
        assert all(cell == " ".join(cell.split()) and len(cell) == 3 * count - 1 for cell in cells)
        assert _decode(codes.column(name), count) == cells
    # CSV text log: the same cards as the parquet text log
    csv = tmp_path / "log.csv"
    assert main([*base, "--quiet", "--log", str(csv)]) == 0
    import pyarrow.csv as pcsv

    assert pcsv.read_csv(csv).column("player").to_pylist() == table.column("player").to_pylist()


def test_a_text_log_writer_spells_card_codes(tmp_path: Path) -> None:
    from crazy4.log.logwriter import LogWriter

    codes = pa.array([bytes([51, 45, 24, 10, 3])], pa.binary(5))
    table = pa.table({"player": codes, "decision": pa.array(["1x"]).dictionary_encode()})
    for name, csv in (("log.parquet", False), ("log.csv", True)):
        writer = LogWriter(tmp_path / name, csv=csv, metadata={})
        writer.write(table)
        writer.close()
    assert pq.read_table(tmp_path / "log.parquet").column("player").to_pylist() == [
        "As Kd 8c 4h 2s"
    ]
    assert "As Kd 8c 4h 2s" in (tmp_path / "log.csv").read_text()
    with pytest.raises(InputError, match="needs a"):
        LogWriter(tmp_path / "x.csv", csv=True, metadata={}, cards="compact")


@pytest.mark.parametrize("count", [1, 5, 6])
def test_random_compact_cells_read_as_the_plain_rule(count: int) -> None:
    """Each cell read as the rule says: a hand when every code is below 52 and distinct
    (its cards ascending), else a bad row; checked cell by cell in plain Python."""
    rng = np.random.default_rng(count)
    raw = rng.integers(0, 56, size=(4000, count), dtype=np.uint8)
    for row in range(0, raw.shape[0], 3):  # a third canonical: distinct cards, falling
        raw[row] = np.sort(rng.choice(52, count, replace=False))[::-1]
    cells: list[bytes | None] = [bytes(row) for row in raw]
    cells[7] = None
    cards, bad = parse_hand_column(pa.array(cells, pa.binary(count)), count)
    for row, cell in enumerate(cells):
        good = cell is not None and max(cell) < 52 and len(set(cell)) == count
        assert (row not in bad) == good, (row, cell, bad.get(row))
        if good:
            assert cell is not None and cards[row].tolist() == sorted(cell)
        else:
            assert (cards[row] == -1).all()
