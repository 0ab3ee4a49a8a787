"""Every notebook runs top to bottom against the committed results (headless)."""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    names = [path.name for path in NOTEBOOKS]
    assert names[:4] == [
        "01-house-edge.ipynb", "02-strategy.ipynb", "03-pay-tables.ipynb",
        "04-rule-variants.ipynb",
    ]  # fmt: skip


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_and_plots(path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    book = nbformat.read(path, as_version=4)
    assert not any(cell.get("outputs") for cell in book.cells if cell.cell_type == "code"), (
        "notebooks are committed without outputs"
    )
    code = "\n".join(cell.source for cell in book.cells if cell.cell_type == "code")
    assert "def " not in code, "notebooks define no functions of their own"
    client = nbclient.NotebookClient(
        book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    images = [
        output
        for cell in book.cells
        for output in cell.get("outputs", [])
        if "image/png" in output.get("data", {})
    ]
    assert images, f"{path.name} shows no plot"
