"""Advantage play and game protection: hole cards, collusion, and catching them in logs."""
