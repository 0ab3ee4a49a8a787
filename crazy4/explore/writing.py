"""The explorer's buttons: the current rule set as a rule file (``crazy4 design --write``'s
format, :func:`crazy4.design.ruleswrite.write_rules`) and its PAR sheet (the math report of
``crazy4 report --format pdf``, from a fresh analysis of the written file), and a link that
downloads a written file from the page."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.design.ruleswrite import write_rules
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.explore.session import Session


def write_rule_file(session: Session, out: Path, name: str) -> Path:
    """Write the session's changes to ``out/NAME.toml`` as a rule file of its own.

    Raises
    ------
    InputError
        A name the rule loader refuses, or a folder that cannot be made or written.

    Examples
    --------
    >>> import tempfile
    >>> from crazy4.explore.session import Session
    >>> session = Session.load("three-card-standard")
    >>> _ = session.apply({"pair_plus[0].flush": "3"})
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = write_rule_file(session, Path(folder), "pp-3")
    ...     "pair_plus[0].flush = 3" in path.read_text()
    True
    """
    from crazy4.rules.load import SAFE_NAME

    if not SAFE_NAME.fullmatch(name) or ".." in name:
        raise InputError(f"name {name!r}: a file stem of letters, digits, '.', '-' and '_'")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"{out}: cannot make the folder: {error.strerror or error}") from None
    path = out / f"{name}.toml"
    title = f"{session.base.title} (explored)"
    write_rules(session.base, session.step.changes, path, name, title)
    return path


def write_par_sheet(rule_file: Path, out: Path) -> Path:
    """Analyze the rule file and write its PAR sheet (PDF) beside it, as
    ``crazy4 report --rules FILE --format pdf`` does (:func:`crazy4.pipeline.run_rule_set`,
    :func:`crazy4.report.formats.write_report`)."""
    from crazy4.pipeline import run_rule_set
    from crazy4.registry import load_rules
    from crazy4.report.formats import write_report

    rules = load_rules(str(rule_file))
    results = run_rule_set(rules, command=f"crazy4 explore (PAR sheet of {rule_file.name})")
    path = out / f"{rules.name}-par.pdf"
    write_report("pdf", rules, results.tables, results.record, results.report, path)
    return path


#: The media types of the files the page offers for download.
MEDIA_TYPES = {".pdf": "application/pdf", ".toml": "application/toml"}


def download_link(path: Path) -> str:
    """An HTML link that downloads the file at ``path`` from the page (its bytes in the link),
    named by the file's name and showing where it was written.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "a&b.toml"
    ...     _ = path.write_text("x = 1")
    ...     link = download_link(path)
    >>> 'download="a&amp;b.toml"' in link, "data:application/toml;base64,eCA9IDE=" in link
    (True, True)
    """
    from base64 import b64encode

    from crazy4.core.text_safety import html_text

    media = MEDIA_TYPES.get(path.suffix, "application/octet-stream")
    data = b64encode(path.read_bytes()).decode("ascii")
    return (
        f'<a class="c4-download" download="{html_text(path.name)}" '
        f'href="data:{media};base64,{data}">download {html_text(path.name)}</a>'
    )
