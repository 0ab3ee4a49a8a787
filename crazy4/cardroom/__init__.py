"""cardroom."""
