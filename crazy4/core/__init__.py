"""Shared machinery that knows no game: cards and their colex indices, rankings and their
strength tables, suit symmetry, the inclusion-exclusion counting kernels, the table cache,
atomic writes, pay tables, exact bet distributions."""
