"""The Crazy 4 Poker checks of :mod:`crazy4.validate`."""

from __future__ import annotations


class CrazyFourValidator:
    """The validator's role of Crazy 4 Poker (:class:`crazy4.validate.game.ValidatedGame`)."""
