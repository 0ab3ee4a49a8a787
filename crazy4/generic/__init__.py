"""Engines that take a game specification (:mod:`crazy4.games.spec`) and know no game."""
