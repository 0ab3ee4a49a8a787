"""The card room's simulation defaults, in a module importing nothing (``crazy4 --help``
builds its options without numpy).
"""

from __future__ import annotations

#: Default simulation size for the card-removal term, and its seed.
SIMULATION_ROUNDS = 1_000_000
SIMULATION_SEED = 20_240_601
#: Independent batches of the simulation (their spread gives the standard errors).
SIMULATION_BATCHES = 50
