"""Advantage play and game protection, for every game's specification: hole cards
(:mod:`crazy4.advantage.holecards`), collusion and face-up dealing
(:mod:`crazy4.advantage.collusion`), planting cheats in a log and catching them
(:mod:`crazy4.advantage.surveil`, :mod:`crazy4.advantage.detect`)."""
