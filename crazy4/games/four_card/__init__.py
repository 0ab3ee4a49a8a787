"""four_card."""
