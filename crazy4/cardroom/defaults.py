"""The card room's simulation defaults (:func:`crazy4.cardroom.removal.simulate_card_removal`).

A module of their own, importing nothing, so that the command line builds its options (and
``crazy4 --help`` prints them) without importing numpy.
"""

from __future__ import annotations

#: Default simulation size for the card-removal term, and its seed.
SIMULATION_ROUNDS = 1_000_000
SIMULATION_SEED = 20_240_601
#: Independent batches of the simulation (their spread gives the standard errors).
SIMULATION_BATCHES = 50
