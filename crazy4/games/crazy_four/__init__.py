"""crazy_four."""
