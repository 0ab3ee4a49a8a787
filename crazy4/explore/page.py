"""The explorer's page: Jupyter widgets (ipywidgets) over a session
(:class:`~crazy4.explore.session.Session`).

Every pay line is a text input of exact odds; every switch a checkbox, a dropdown of the values
the rule loader takes, a text input with suggestions (a hand) or a text input (a number); a bad
value is said beside its input and changes nothing. Once every pay line's slopes are read (in a
thread, :meth:`~crazy4.explore.session.Session.prepare`), a pay-line change answers at once
with the exact house edge of every bet it moves; then every bet is priced again
(:meth:`~crazy4.explore.session.Session.apply`) and the plots drawn again.

Each widget the browser test reads carries a class: ``c4-set-<path>`` on an input (the path
with ``.[]`` spelt ``-``), ``c4-error-<path>`` beside it, ``c4-figures`` (cells carry
``data-bet``, ``data-col`` and ``data-figure``), ``c4-explorer-<rule set>``, ``c4-status``
(``data-serial`` counts the answers), ``c4-prepared``, ``c4-answer``, ``c4-plot-sweep``,
``c4-plot-net``, ``c4-plot-strategy``, ``c4-download``.

The page's buttons write the current rule set as a rule file (``crazy4 design --write``'s format,
:func:`crazy4.design.ruleswrite.write_rules`) and its PAR sheet (the math report of ``crazy4
report --format pdf``, from a fresh analysis of the written file), and a link downloads a
written file from the page.
"""

from __future__ import annotations

import re
import threading
import time
from base64 import b64encode
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from crazy4.core.text_safety import html_text
from crazy4.design.ruleswrite import write_rules
from crazy4.errors import InputError
from crazy4.explore.controls import Control, read_odds
from crazy4.explore.drawing import net_figure, png, strategy_figure, sweep_figure
from crazy4.explore.session import COLUMNS, FIGURES, Session, Step, sweep_edges

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: Hand rows of the decision changes shown (the count is always whole).
SHOWN_DECISIONS = 12


def css_name(path: str) -> str:
    """A control's path as a CSS class suffix.

    Examples
    --------
    >>> css_name("aces_up[0].two_pair")
    'aces_up-0-two_pair'
    """
    return re.sub(r"[^A-Za-z0-9_-]+", "-", path).strip("-")


def figures_html(step: Step) -> str:
    """Every bet's figures, each as baseline beside current, as an HTML table (a current figure
    that differs from the baseline in bold red)."""
    table = step.figures
    head = "".join(f"<th colspan={len(COLUMNS)}>{figure}</th>" for figure in FIGURES)
    names = "".join(f"<th>{column}</th>" for column in COLUMNS) * len(FIGURES)
    rows = [f"<tr><th rowspan=2>bet</th>{head}</tr>", f"<tr>{names}</tr>"]
    for bet, row in table.iterrows():
        cells = []
        for figure in FIGURES:
            for column in COLUMNS:
                text = html_text(str(row[(column, figure)]))
                moved = column == "current" and row[(column, figure)] != row[("baseline", figure)]
                style = ' style="font-weight:bold;color:#b00"' if moved else ""
                cells.append(f'<td data-bet="{html_text(str(bet))}" data-col="{column}" '
                             f'data-figure="{figure}"{style}>{text}</td>')  # fmt: skip
        rows.append(f"<tr><td>{html_text(str(bet))}</td>{''.join(cells)}</tr>")
    style = "border-collapse:collapse;font-size:11px"
    return f'<table class="c4-table" style="{style}">' + "".join(rows) + "</table>"


def decisions_html(step: Step) -> str:
    """The hands whose decision changed: their count and the first rows."""
    changes = step.decisions
    count = f"{len(changes):,} hand rows"
    if "weight" in changes.columns and len(changes):
        count += f" ({int(changes['weight'].sum()):,} hands)"
    shown = changes.head(SHOWN_DECISIONS)
    body = shown.to_html(index=False, border=0) if len(shown) else ""
    return f"<b>Hands whose decision changed:</b> {count}{body}"


class Explorer:
    """One rule set's explorer: its controls, figures and plots, as :attr:`widget`.

    Parameters
    ----------
    rules : str or RuleSet
        A shipped rule set's name, a rule file's path, or a loaded rule set.
    out : Path
        Where the buttons write the rule file and its PAR sheet.
    prepare : str
        When every pay line's slopes are read (on loading and after each switch change):
        ``"background"`` in a thread, ``"now"`` before returning, ``"off"`` never.
    """

    def __init__(
        self, rules: str | RuleSet, out: Path = Path("explored"), prepare: str = "background"
    ) -> None:
        self.session = Session.load(rules)
        self.out = out
        self.preparing = prepare
        self.generation = 0
        self.prepare_seconds = 0.0
        self.prepared = widgets.HTML().add_class("c4-prep")
        self.serial = 0
        self.last_answer = 0.0
        self.good: dict[str, str] = {c.path: c.value for c in self.session.controls}
        self.inputs: dict[str, Any] = {}
        self.errors: dict[str, Any] = {}
        self.status = widgets.HTML().add_class("c4-status")
        self.preview = widgets.HTML().add_class("c4-preview")
        self.figures = widgets.HTML().add_class("c4-figures")
        self.decisions = widgets.HTML().add_class("c4-decisions")
        self.plots = {name: widgets.Image(format="png").add_class(f"c4-plot-{name}")
                      for name in ("sweep", "net", "strategy")}  # fmt: skip
        self.sweep_note = widgets.HTML()
        self._drawing = False
        self.widget = widgets.VBox(
            [self._header(), widgets.HBox([self._controls(), self._results()])]
        )
        self.widget.add_class(f"c4-explorer-{css_name(self.session.base.name)}")
        self.show(self.session.step, "loaded")
        self.draw_plots()
        self.prepare()

    # ---- building -------------------------------------------------------------------------
    def _header(self) -> Any:
        base = self.session.base
        title = widgets.HTML(f"<h3>{html_text(base.title)} <small>({base.name})</small></h3>")
        return widgets.VBox([title, self.status, self.prepared, self.preview])

    def _input(self, control: Control) -> Any:
        size = {"layout": widgets.Layout(width="310px"), "style": {"description_width": "170px"}}
        if control.kind == "switch" and control.value in ("true", "false"):
            box: Any = widgets.Checkbox(value=control.value == "true", description=control.label,
                                        indent=False)  # fmt: skip
        elif control.options and not control.open:
            box = widgets.Dropdown(options=list(control.options), value=control.value,
                                   description=control.label, **size)  # fmt: skip
        elif control.options:
            box = widgets.Combobox(value=control.value, options=list(control.options),
                                   ensure_option=False, continuous_update=False,
                                   description=control.label, **size)  # fmt: skip
        else:
            box = widgets.Text(value=control.value, description=control.label,
                               continuous_update=False, **size)  # fmt: skip
        box.add_class(f"c4-set-{css_name(control.path)}")
        box.observe(lambda _change, path=control.path: self.changed(path), names="value")
        self.inputs[control.path] = box
        self.errors[control.path] = widgets.HTML().add_class(f"c4-error-{css_name(control.path)}")
        return widgets.HBox([box, self.errors[control.path]])

    def _controls(self) -> Any:
        rows: list[Any] = []
        group = None
        for control in self.session.controls:
            if control.group != group:
                group = control.group
                rows.append(widgets.HTML(f"<b>{html_text(group)}</b>"))
            rows.append(self._input(control))
        self.write_name = widgets.Text(value=f"{self.session.base.name}-explored",
                                       description="name")  # fmt: skip
        write_toml = widgets.Button(description="Write rule file (TOML)").add_class("c4-write")
        write_par = widgets.Button(description="Write PAR sheet (PDF)").add_class("c4-par")
        self.written = widgets.HTML().add_class("c4-written")
        write_toml.on_click(lambda _button: self.write(par=False))
        write_par.on_click(lambda _button: self.write(par=True))
        rows += [self.write_name, widgets.HBox([write_toml, write_par]), self.written]
        return widgets.VBox(rows, layout=widgets.Layout(min_width="330px", width="330px"))

    def _results(self) -> Any:
        lines = [c.path for c in self.session.controls if c.kind == "line"]
        self.sweep_line = widgets.Dropdown(options=lines, description="sweep line")
        self.sweep_bet = widgets.Dropdown(options=self.session.bets, description="bet",
                                          value=self.session.main_bet)  # fmt: skip
        edge = float(self.session.step.compared.figures["house_edge"].iloc[0].rstrip("%"))
        self.band = widgets.FloatRangeSlider(value=(round(edge - 0.25, 2), round(edge + 0.25, 2)),
                                             min=-20.0, max=40.0, step=0.05,
                                             description="target %")  # fmt: skip
        for control in (self.sweep_line, self.sweep_bet, self.band):
            control.observe(lambda _change: self.draw_sweep(), names="value")
        sweep = widgets.HBox([self.sweep_line, self.sweep_bet, self.band])
        shown = [self.figures, self.decisions, sweep, self.sweep_note]
        plots = [self.plots[name] for name in ("sweep", "net", "strategy")]
        return widgets.VBox(shown + plots, layout=widgets.Layout(overflow="auto"))

    # ---- answering ------------------------------------------------------------------------
    def values(self) -> dict[str, str]:
        """The last good value of every control, by path."""
        return dict(self.good)

    def _text(self, path: str) -> str:
        value = self.inputs[path].value
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def changed(self, path: str) -> None:
        """A control changed: check it, answer at once where a model can, then analyze."""
        start = time.perf_counter()
        control = next(c for c in self.session.controls if c.path == path)
        text = self._text(path)
        try:
            if control.kind == "line":
                read_odds(text, path)
        except InputError as error:
            self.errors[path].value = f'<span style="color:#b00">{html_text(str(error))}</span>'
            return
        self.errors[path].value = ""
        if control.kind == "line":
            self.answer_now(path, text, start)
        previous, self.good[path] = self.good[path], text
        progress = None if control.kind == "line" else self.progress
        self.status.value = f"<i>analyzing the changed rules ({html_text(path)})…</i>"
        try:
            step = self.session.apply(self.values(), progress)
        except InputError as error:
            self.good[path] = previous
            self.errors[path].value = f'<span style="color:#b00">{html_text(str(error))}</span>'
            self.status.value = "<i>not changed: see the message beside the control</i>"
            return
        moved = self._moved_bet(step)
        self.show(step, f"analyzed in {time.perf_counter() - start:.2f} s")
        if control.kind != "line":
            self.prepare()  # the slopes of the new switches
        if control.kind == "line":
            self._drawing = True
            self.sweep_line.value = path
            self.sweep_bet.value = moved or self.sweep_bet.value
            self._drawing = False
        self.draw_plots()

    def _moved_bet(self, step: Step) -> str | None:
        old = self.session_figures[("current", "house_edge_exact")].to_dict()
        new = step.figures[("current", "house_edge_exact")].to_dict()
        return next((str(bet) for bet, edge in new.items() if old.get(bet) != edge), None)

    def answer_now(self, path: str, text: str, start: float) -> None:
        """Every bet's exact house edge from the line's slopes or models, once they are read."""
        edges = self.session.answers(path, text)
        if not edges:
            self.preview.value = ""
            return
        self.last_answer = time.perf_counter() - start
        listed = "; ".join(
            f"<b>{html_text(bet)}</b> {float(edge):.4%} ({edge.numerator}/{edge.denominator})"
            for bet, edge in edges.items()
        )
        self.preview.value = (
            f'<span class="c4-answer">{html_text(path)} = {html_text(text)}: house edge '
            f"{listed} — from the line's model in {self.last_answer * 1000:.0f} ms; every "
            "figure below follows the analysis</span>"
        )

    def prepare(self) -> None:
        """Read every pay line's slopes under the current switches, as :attr:`preparing` says;
        a switch changed meanwhile starts it again (the older reading stops)."""
        self.generation += 1
        generation = self.generation

        def stale() -> bool:
            return generation != self.generation

        def heard(message: str) -> None:
            if not stale():
                self.prepared.value = f"<i>preparing the instant answers: {html_text(message)}</i>"

        def run() -> None:
            start = time.perf_counter()
            try:
                done = self.session.prepare(heard, stale)
            except InputError as error:
                self.prepared.value = f"<i>not prepared: {html_text(str(error))}</i>"
                return
            if done is None or stale():
                return
            main = " (the main bet too)" if done.box else ""
            self.prepare_seconds = time.perf_counter() - start
            self.prepared.value = (
                f'<span class="c4-prepared">ready: every pay-line change answers at once{main} '
                f"({done.analyses} analyses, {self.prepare_seconds:.1f} s)</span>"
            )

        if self.preparing == "off":
            return
        if self.preparing == "background":
            threading.Thread(target=run, name=f"prepare {self.session.base.name}",
                             daemon=True).start()  # fmt: skip
        else:
            run()

    def progress(self, message: str) -> None:
        """An analysis step, shown as it happens."""
        self.status.value = f"<i>analyzing: {html_text(message)}</i>"

    def show(self, step: Step, how: str) -> None:
        """Draw the figures and decision changes of ``step``."""
        self.session_figures = step.figures
        self.figures.value = figures_html(step)
        self.decisions.value = decisions_html(step)
        self.serial += 1  # last: the page's serial says the figures above are drawn
        changes = "; ".join(f"{p} = {v}" for p, v in step.changes) or "none"
        self.status.value = (
            f'<span class="c4-done" data-serial="{self.serial}">{html_text(how)}; changes: '
            f"{html_text(changes)}</span>"
        )

    def draw_plots(self) -> None:
        """Draw the three plots of the current step."""
        step = self.session.step
        name = step.rules.name if not step.changes else "current"
        self.plots["net"].value = png(net_figure(step.analysis, f"{name}: net result per round"))
        self.plots["strategy"].value = png(strategy_figure(step.analysis, f"{name}: strategy"))
        self.draw_sweep()

    def draw_sweep(self) -> None:
        """The swept bet's house edge over the sweep line's odds."""
        if self._drawing or self.sweep_line.value is None:
            return
        path, bet = str(self.sweep_line.value), str(self.sweep_bet.value)
        try:
            model = self.session.line_pricer(path, bet)
        except InputError as error:
            self.sweep_note.value = f"<i>no sweep: {html_text(str(error))}</i>"
            return
        current = read_odds(self.session.value_of(path), path)
        edges = sweep_edges(model)
        figure = sweep_figure(edges, path, bet, current, tuple(self.band.value))
        self.plots["sweep"].value = png(figure)
        self.sweep_note.value = (
            f'<span class="c4-sweep-drawn" data-line="{html_text(path)}">{html_text(bet)} '
            f"over {html_text(path)}: {len(edges)} tables priced by the search's model</span>"
        )

    def write(self, par: bool) -> None:
        """Write the current rule set as a rule file (and its PAR sheet, as a PDF)."""
        name = self.write_name.value.strip()
        try:
            path = write_rule_file(self.session, self.out, name)
            message = f"rule file written to {path}"
            links = [download_link(path)]
            if par:
                self.written.value = f"<i>{html_text(message)}; analyzing for the PAR sheet…</i>"
                sheet = write_par_sheet(path, self.out)
                message += f"; PAR sheet written to {sheet}"
                links.append(download_link(sheet))
        except InputError as error:
            self.written.value = f'<span style="color:#b00">{html_text(str(error))}</span>'
            return
        self.written.value = f"{html_text(message)}<br>{' · '.join(links)}"


def explorer_tabs(names: list[str], out: Path = Path("explored")) -> Any:
    """One tab per rule set; the first is built at once, each other when first opened."""
    tabs = widgets.Tab(children=[widgets.HTML("<i>opening…</i>") for _ in names])
    for index, name in enumerate(names):
        tabs.set_title(index, name)
    built: dict[int, Explorer] = {}

    def open_tab(index: int) -> None:
        if index in built:
            return
        built[index] = Explorer(names[index], out)
        children = list(tabs.children)
        children[index] = built[index].widget
        tabs.children = children

    open_tab(0)
    tabs.observe(lambda change: open_tab(int(change["new"])), names="selected_index")
    return tabs


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
    media = MEDIA_TYPES.get(path.suffix, "application/octet-stream")
    data = b64encode(path.read_bytes()).decode("ascii")
    return (
        f'<a class="c4-download" download="{html_text(path.name)}" '
        f'href="data:{media};base64,{data}">download {html_text(path.name)}</a>'
    )
