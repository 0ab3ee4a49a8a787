"""The game interface: what a game is (its specification, from which each engine builds its
role, and the registry's game over it), below every engine and importing none."""
