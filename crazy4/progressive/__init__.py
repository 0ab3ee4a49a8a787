"""Progressive and envy bets: a bet kind any game's rule set can carry (``[progressive]``)."""
