"""The game interface: what a game is (its specification and the roles each engine asks of
it), below every engine and importing none."""
