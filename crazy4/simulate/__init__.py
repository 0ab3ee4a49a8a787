"""The Monte Carlo simulator: seeded plans split into chunks (the same answer for any number of
workers), the one chunk player of every game's specification (:mod:`crazy4.simulate.engine`,
its compiled loops :mod:`crazy4.simulate.fast`), per-round logs, exact values beside the
sampled."""
