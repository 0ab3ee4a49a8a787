"""The game interface: what a game is (its specification, from which each engine builds its
role, and the registry's game over it; a settlement's wagers as data; a game a rule file
declares, :mod:`crazy4.spec.declared`), below every engine and importing none."""
