"""QGIS side of Road Network Metrics: provider and generated algorithms."""
