"""Markdown for the reports: tables of numbers and percentages, formatted by column."""

from __future__ import annotations

import pandas as pd

from crazy4.core.text_safety import markdown_text


def markdown_table(frame: pd.DataFrame, formats: dict[str, str] | None = None) -> str:
    """A DataFrame as a Markdown table, numbers formatted by column, every cell escaped as text.

    Examples
    --------
    >>> print(markdown_table(pd.DataFrame({"a": [1.23456], "b": ["x"]}), {"a": "{:.2f}"}))
    | a | b |
    |---:|:---|
    | 1.23 | x |
    >>> print(markdown_table(pd.DataFrame({"tied": ["1x|2x"]})).splitlines()[-1])
    | 1x\\|2x |
    """
    formats = formats or {}
    header = "| " + " | ".join(markdown_text(c) for c in frame.columns) + " |"
    numeric = [pd.api.types.is_numeric_dtype(frame[c]) for c in frame.columns]
    align = "|" + "|".join("---:" if right else ":---" for right in numeric) + "|"
    lines = [header, align]
    for row in frame.itertuples(index=False):
        cells = []
        for column, value in zip(frame.columns, row, strict=True):
            if column in formats and not (isinstance(value, float) and value != value):
                cells.append(formats[column].format(value))
            elif isinstance(value, float):
                cells.append("" if value != value else f"{value:.6g}")
            else:
                cells.append(str(value))
        lines.append("| " + " | ".join(markdown_text(cell) for cell in cells) + " |")
    return "\n".join(lines)


def percent(value: float) -> str:
    """A share as a percentage with four decimals.

    Examples
    --------
    >>> percent(0.0341942)
    '3.4194%'
    """
    return f"{100 * value:.4f}%"


def share_text(share: float) -> str:
    """A share as a whole percentage, rounded, but never 0% or 100% when it is strictly
    between (a split strategy cell that reads 0% or 100% would contradict itself).

    Examples
    --------
    >>> [share_text(s) for s in (0.0, 0.004, 0.007, 0.62, 0.9949, 0.9991, 1.0)]
    ['0%', '<1%', '1%', '62%', '99%', '>99%', '100%']
    """
    if 0 < share < 0.005:
        return "<1%"
    if 0.995 <= share < 1:
        return ">99%"
    return f"{share:.0%}"
