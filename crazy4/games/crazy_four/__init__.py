"""Crazy 4 Poker: five cards each, best four play, a king-high qualifier, the Super Bonus and
Queens Up (its rules, settlement by outcome cell, report sections and specification)."""
