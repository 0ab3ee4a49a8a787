"""Published studies re-run as their authors ran them (a game's own strategy tables as data).

They sit above the games: a study may read one game's rules and strategy.
"""
