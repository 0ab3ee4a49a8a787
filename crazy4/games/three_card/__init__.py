"""Three Card Poker: a specification over the generic engines (:mod:`crazy4.generic`)."""
