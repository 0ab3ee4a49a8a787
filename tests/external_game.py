"""A game defined outside the package, as another package would write one: Three Card Poker's
specification under another key, bringing its own rule file (``external_game.toml``, beside
this module; :attr:`crazy4.game.SpecGame.rule_files`). ``tests/test_registry.py`` registers it
with :func:`crazy4.registry.register_game` and through an entry point, then checks it with
:func:`crazy4.testing.check_game`.
"""

from __future__ import annotations

from pathlib import Path

from crazy4.game import SpecGame
from crazy4.games.three_card.game import ThreeCard

#: The game's own rule file.
RULE_FILE = Path(__file__).with_name("external_game.toml")


class CopySpec(ThreeCard):
    """Three Card Poker's specification under another key."""

    key = "three-card-copy"
    title = "Three Card Poker (a copy)"


class ExternalGame(SpecGame):
    """The copy as a registered game, with its rule file."""

    rule_files = (str(RULE_FILE),)


#: The game an entry point names (``external_game:GAME``).
GAME = ExternalGame(CopySpec())


class _Unpublished(CopySpec):
    @property
    def published_deals(self) -> int:
        raise ValueError("no deal count here\n(a second line)")


#: A game whose member raises when read (a broken entry point, to the registry).
BROKEN = ExternalGame(_Unpublished())
