"""Three Card Poker: three cards each, a queen-high qualifier, the Ante Bonus and Pair Plus (its
three-card ranking, rule sections and specification over the engines that know no game)."""
