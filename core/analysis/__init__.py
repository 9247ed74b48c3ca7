"""Tools around the metrics: evaluate-all, tiles and aggregation, executors."""
