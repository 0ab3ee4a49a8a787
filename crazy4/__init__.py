"""crazy4: the exact analyzer for casino poker games played against a dealer.

Crazy 4 Poker, Four Card Poker and Three Card Poker ship; a game is a specification over engines
that know no game. Every player/dealer deal is counted exactly through precomputed lookup
tables; any rule set written as a TOML file is priced exactly (house edge, element of risk, the
optimal decision for every hand, the full distribution of outcomes).

The names a notebook needs are here, imported when first used: :func:`load_rules`,
:func:`analyze`, :func:`hand`, :func:`game_of` and :class:`InputError`.

Examples
--------
>>> import crazy4
>>> rules = crazy4.load_rules("three-card-standard")
>>> crazy4.game_of(rules).title
'Three Card Poker'
>>> crazy4.hand(rules, "Qs 6d 4c")["optimal_decision"]
'1x'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.version import __version__

if TYPE_CHECKING:
    from crazy4.errors import InputError
    from crazy4.pipeline import analyze, hand
    from crazy4.registry import game_of, load_rules

__all__ = ["InputError", "__version__", "analyze", "game_of", "hand", "load_rules"]


def __getattr__(name: str) -> object:
    """The public names, imported when first asked for (PEP 562)."""
    if name in ("load_rules", "game_of"):
        from crazy4 import registry

        return getattr(registry, name)
    if name in ("analyze", "hand"):
        from crazy4 import pipeline

        return getattr(pipeline, name)
    if name == "InputError":
        from crazy4.errors import InputError

        return InputError
    raise AttributeError(f"module 'crazy4' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names, for completion in a notebook."""
    return sorted(__all__)
