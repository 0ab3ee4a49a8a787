"""``python -m crazy4`` runs the command-line interface."""

from __future__ import annotations

import sys

from crazy4.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
