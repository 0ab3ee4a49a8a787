"""The Crazy 4 Poker chunk player of :mod:`crazy4.simulate`."""

from __future__ import annotations


class CrazyFourSimulator:
    """The simulator's role of Crazy 4 Poker (:class:`crazy4.simulate.game.SimulatedGame`)."""
