"""The per-round log format: its schema, card notation, mapping of foreign logs, writer and
reader, used by the simulator (which writes logs) and the validator (which reads them)."""
