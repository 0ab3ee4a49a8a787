"""Three Card Poker: a specification over the engines that know no game."""
