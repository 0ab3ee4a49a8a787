"""The validator's role of a game: what :mod:`crazy4.validate` needs from each game."""

from __future__ import annotations

from typing import Protocol


class ValidatedGame(Protocol):
    """What the validator calls on a game (see :mod:`crazy4.validate.driver`)."""
