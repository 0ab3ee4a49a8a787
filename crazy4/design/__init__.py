"""Designing a game: change lines, search pay tables, compare rule sets, verify claimed figures."""
