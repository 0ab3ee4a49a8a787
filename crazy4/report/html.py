"""The HTML odds report: the Markdown report converted, with the plots inline (base64 PNG)."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from typing import Any

import markdown

from crazy4.core.text_safety import html_text

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em;
       color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
th { background: #f3f3f3; }
tr:nth-child(even) td { background: #fafafa; }
code, pre { background: #f6f6f6; }
pre { padding: 0.8em; overflow-x: auto; }
figure { margin: 1.5em 0; }
figcaption { font-size: 0.9em; color: #555; }
img { max-width: 100%; }
"""


def figure_png(figure: Any) -> str:
    """A matplotlib figure as a base64 PNG string (the figure is closed)."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode()


def report_figures(name: str, tables: dict[str, Any]) -> list[tuple[str, Any]]:
    """The report's plots, chosen by the tables the game has: (caption, figure) pairs."""
    import matplotlib

    matplotlib.use("Agg")
    from crazy4.progressive.tables import return_by_meter
    from crazy4.report import plots

    drawings: list[tuple[str, str, Callable[..., Any]]] = [
        ("bets", "House edge and element of risk of every bet", plots.house_edges),
        ("player_hands", "Average EV of each decision by best four cards", plots.decision_evs),
        ("player_hands", "EV(1x) − EV(fold) near the threshold", plots.strategy_margin),
        ("net_distribution", "Distribution of the net result of one round", plots.net_distribution),
        ("cap", "House edge of each bet against its size under the payout cap", plots.cap_curves),
        ("progressive_by_meter", "Return of the progressive against the meter", return_by_meter),
    ]
    if "strategy" in tables and "up_rank" in tables["strategy"].columns:
        drawings.insert(
            1, ("strategy", "Optimal decision by hand and dealer up card", plots.decision_chart)
        )
    figures = []
    for table, caption, draw in drawings:
        if table in tables:
            axes = draw(drawable(tables[table]), title=f"{name}: {caption}")
            figures.append((f"{caption}.", axes.figure))
    return figures


def drawable(frame: Any) -> Any:
    """The table with every character of its text its plots' font has no glyph for spelt '?'
    (matplotlib would draw a box and warn on standard error for every figure).

    Examples
    --------
    >>> import pandas as pd
    >>> drawable(pd.DataFrame({"bet": ["Queens Up 皇后 ♠"], "x": [1]}))["bet"].tolist()
    ['Queens Up ?? ♠']
    """
    import pandas as pd
    from matplotlib.font_manager import FontProperties, findfont, get_font

    glyphs = get_font(findfont(FontProperties())).get_charmap()

    def spell(value: Any) -> Any:
        if not isinstance(value, str) or value.isascii():
            return value
        return "".join(c if c.isascii() or ord(c) in glyphs else "?" for c in value)

    frame = frame.copy()
    for column in frame.columns:
        values = frame[column]
        if not pd.api.types.is_string_dtype(values):
            continue
        if all_ascii(values):
            continue
        respelt = {value: spell(value) for value in values.unique() if isinstance(value, str)}
        changed = {value: text for value, text in respelt.items() if text != value}
        if changed:
            frame[column] = values.replace(changed)
    return frame


def all_ascii(values: Any) -> bool:
    """Whether every text of a column is ASCII (False unless it is all text and nulls).

    Examples
    --------
    >>> import pandas as pd
    >>> all_ascii(pd.Series(["a", None])), all_ascii(pd.Series(["♠"])), all_ascii(pd.Series([1]))
    (True, False, False)
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    try:
        array = pa.array(values, from_pandas=True)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return False
    if not pa.types.is_string(array.type) and not pa.types.is_large_string(array.type):
        return bool(pa.types.is_null(array.type))
    return bool(pc.all(pc.string_is_ascii(array)).as_py() is not False)


def render_html(title: str, name: str, tables: dict[str, Any], report_markdown: str) -> str:
    """The HTML report: the Markdown report (its text escaped where it is written) plus the
    plots the tables choose, in one file; the title is escaped here."""
    body = markdown.markdown(report_markdown, extensions=["tables", "fenced_code"])
    pictures = "\n".join(
        f'<figure><img alt="{html_text(caption)}" src="data:image/png;base64,'
        f'{figure_png(figure)}"><figcaption>{html_text(caption)}</figcaption></figure>'
        for caption, figure in report_figures(name, tables)
    )
    escaped = html_text(title)
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escaped}</title><style>{_STYLE}</style></head><body>\n{body}\n"
        f"<h2>Figures</h2>\n{pictures}\n</body></html>\n"
    )
