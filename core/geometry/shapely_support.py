"""Which shapely API is available, detected by feature.

shapely 2 has vectorised functions at the package top level
(``shapely.buffer(array, d)``, ``shapely.area(array)``, ...); shapely 1.8
(Debian 12) has only the per-geometry methods.  The version string is never
parsed: some builds report none that parses (Debian sid's shapely 2.1 says
``__version__ == "0+unknown"``).
"""

# the shapely 2 array functions the vectorised code paths call
VECTORISED_FUNCTIONS = ("area", "box", "buffer", "intersection", "linestrings", "multilinestrings")


def has_vectorised_shapely(module=None) -> bool:
    """True when ``module`` (default: the installed shapely) offers every
    function of :data:`VECTORISED_FUNCTIONS` as a top-level callable, False
    otherwise (shapely 1.x, or no shapely at all)."""
    if module is None:
        try:
            import shapely as module
        except ImportError:
            return False
    return all(callable(getattr(module, name, None)) for name in VECTORISED_FUNCTIONS)
