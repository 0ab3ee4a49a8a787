"""The Monte Carlo simulator: seeded plans split into chunks (the same answer for any number of
workers), the games' compiled chunk players, per-round logs, exact values beside the sampled."""
