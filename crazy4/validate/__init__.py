"""The validator: a per-round log (ours or another engine's) read, every row settled again by
the game's specification (:mod:`crazy4.validate.engine`), decisions checked against the optimal
strategy, the rules inferred (:mod:`crazy4.validate.rulesearch`) and a test lab's statistics."""
