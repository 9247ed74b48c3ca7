"""One module per metric family; each registers its MetricSpec."""
