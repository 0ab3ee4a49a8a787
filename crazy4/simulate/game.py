"""The simulator's role of a game: what :mod:`crazy4.simulate` needs from each game."""

from __future__ import annotations

from typing import Protocol


class SimulatedGame(Protocol):
    """What the simulator calls on a game (see :mod:`crazy4.simulate.driver`)."""
