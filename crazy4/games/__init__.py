"""The games: a folder each (Crazy 4 Poker, Four Card Poker, Three Card Poker), holding a game's
data and the few small functions its rules need, over the engines; only the registry names
them."""
