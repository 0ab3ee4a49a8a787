"""``python -m crazy4`` runs the command-line interface."""

from __future__ import annotations

from crazy4.cli.entry import run

if __name__ == "__main__":
    run()
