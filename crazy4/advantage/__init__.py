"""Advantage play: hole cards (what seeing dealer cards is worth) and catching it in logs."""
