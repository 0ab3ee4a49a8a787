"""The package's version (what the result files, the reports and the table cache record)."""

from __future__ import annotations

__version__ = "0.1.0"
