"""The card room: the economics of a room that banks Crazy 4 Poker (collection, seats, the blind
second hand, card removal), an extension of the game the pipeline runs beside its analysis."""
