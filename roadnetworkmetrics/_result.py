"""What a metric function returns."""
from __future__ import annotations

import json
from typing import Any, Optional

from .core.result import MetricResult


class Result:
    """The result of one metric: the same content as the plugin's SCORES.

    Attributes
    ----------
    metric : str
        The metric id (``"apls"``).
    scores : dict
        {output name: number}, e.g. ``{"APLS": 0.678, "APLS_GT_TO_PRED": ...}``;
        NaN where a score is undefined (``None`` in :meth:`to_dict`).
    parameters : dict
        Every parameter used (defaults included), the working CRS and what
        was done to the inputs (``reprojected_to``, ``pixel_size_m`` ...).
    counts : dict
        Sizes of the inputs and of intermediate sets.
    warnings : list of str
        What the user should know (in English; the texts of the plugin).
    details : dict
        Bounded extra facts (histograms, scores per class).
    layers : dict
        {layer name: list of records}: the matched / unmatched features that
        show why, each record a dict of its attributes plus ``geometry``
        (a shapely geometry) in the working CRS (:attr:`crs`).
    crs : str or None
        The CRS of the layers' coordinates (``"EPSG:3067"``), None if unknown.
    """

    def __init__(self, core: MetricResult, crs: Optional[str] = None):
        self._core = core
        self.metric = core.metric
        self.scores = core.scores
        self.parameters = core.parameters
        self.counts = core.counts
        self.warnings = [str(w) for w in core.warnings]
        self.details = core.details
        self.crs = crs
        self._layers = None

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v:.4g}" for k, v in list(self.scores.items())[:4]
                          if isinstance(v, (int, float)))
        return f"<Result {self.metric}: {shown}>"

    @property
    def layers(self) -> dict:
        if self._layers is None:
            self._layers = {name: records(table) for name, table in self._core.layers.items()}
        return self._layers

    def to_dict(self) -> dict:
        """The plugin's SCORES document (JSON-safe: NaN as None)."""
        return self._core.to_dict()

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def to_geodataframe(self, layer: str):
        """One layer as a geopandas GeoDataFrame (needs geopandas)."""
        try:
            import geopandas
        except ImportError:
            raise ImportError("to_geodataframe needs geopandas: pip install geopandas")
        rows = self.layers[layer]
        return geopandas.GeoDataFrame(rows, geometry="geometry", crs=self.crs) if rows else \
            geopandas.GeoDataFrame({"geometry": []}, geometry="geometry", crs=self.crs)


def records(table) -> list:
    """A core FeatureTable as a list of dicts with a shapely ``geometry``."""
    from shapely.geometry import LineString, Point
    names = [n for n, _ in table.fields]
    out = []
    for xy, row in zip(table.coords, table.rows()):
        rec: dict[str, Any] = dict(zip(names, row))
        if table.geometry == "Point":
            rec["geometry"] = Point(float(xy[0]), float(xy[1]))
        elif table.geometry != "None":
            rec["geometry"] = LineString([(float(x), float(y)) for x, y in xy])
        out.append(rec)
    return out

