"""The result tables on disk: parquet written atomically with provenance, read back for the
notebooks, the output paths checked before any computing."""
