"""Pure-Python metric core of Road Network Metrics.

Nothing in this package imports qgis: it works on coordinate arrays and is
tested without QGIS.  See docs/conventions.md for the conventions it implements.
"""
