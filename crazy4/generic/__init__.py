"""Engines that take a game specification (:mod:`crazy4.spec.specification`) and know no game."""
