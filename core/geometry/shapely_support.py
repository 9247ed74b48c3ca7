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


def wkb_from_wkt(texts: list, name: str = "WKT") -> list:
    """WKB of each WKT text (None for an empty geometry), with shapely 2's
    array functions when present.  ValueError naming the first text that
    does not parse (``name``, 1-based item number)."""
    import shapely.wkt
    from ..text import msg
    if has_vectorised_shapely() and hasattr(__import__("shapely"), "from_wkt"):
        import shapely
        import numpy as np
        try:
            geoms = shapely.from_wkt(np.asarray(texts, dtype=object), on_invalid="raise")
        except Exception:  # shapely's GEOSException: locate it below
            geoms = None
        if geoms is not None:
            empty = shapely.is_empty(geoms) | shapely.is_missing(geoms)
            return [None if e else shapely.to_wkb(g) for g, e in zip(geoms, empty)]
    out = []
    for k, t in enumerate(texts):
        try:
            g = shapely.wkt.loads(t)
        except Exception:  # shapely 1.8 raises WKTReadingError, 2.x GEOSException
            raise ValueError(msg("{}, item {}: not valid WKT: '{}'.", name, k + 1, str(t)[:60]))
        out.append(None if g.is_empty else g.wkb)
    return out
