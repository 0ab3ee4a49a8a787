"""The validator: a per-round log (ours or another engine's) read, every row settled again,
decisions checked against the optimal strategy, the rules inferred and a test lab's statistics."""
