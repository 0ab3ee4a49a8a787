"""Four Card Poker: five cards to the player, six to the dealer with one face up, best four play,
Aces Up and the Ante Bonus (its rules, settlement, up-card report sections)."""
