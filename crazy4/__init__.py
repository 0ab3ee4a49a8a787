"""crazy4: the exact analyzer for four-card casino poker (Crazy 4 Poker, Four Card Poker).

The package counts every player/dealer deal exactly through precomputed rank lookup tables,
prices any rule set written as a TOML file, and writes parquet result tables and reports.
Nothing is computed at import time; lookup tables are built by cached ``build_*`` functions.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
