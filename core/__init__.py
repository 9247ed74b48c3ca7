"""Pure-Python metric core of Road Network Metrics.

Nothing in this package imports qgis: it works on coordinate arrays and is
tested without QGIS.  See docs/conventions.md for the conventions it implements.
"""

# one module per file whatever name the core is imported by (core/aliases.py);
# __path__, not __file__: a checkout's roadnetworkmetrics.core runs this file
# from its stand-in
from . import aliases as _aliases  # noqa: E402

_aliases.install(__name__, __path__[0])
