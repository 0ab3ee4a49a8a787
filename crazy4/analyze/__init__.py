"""The exact analysis of any game specification: every dealer hand counted for each player
hand (listing by default, the inclusion-exclusion counters where the deal shape has one), each
decision priced exactly, the optimal strategy, and the result tables; below every other engine,
which reads its prices."""
