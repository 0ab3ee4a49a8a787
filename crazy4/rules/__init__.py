"""Rule files: the TOML of a rule set validated into frozen data (the keys every game shares,
the progressive, envy and card-room sections), and the shipped rule sets (package data)."""
