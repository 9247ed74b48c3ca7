"""What a metric function returns."""
from __future__ import annotations

import json
from typing import Any, Optional

from .core.result import MetricResult
from ._names import Scores, canonical_scores


def _spec_of(metric: str):
    from .core import registry
    return registry.get(metric)


class Result:
    """The result of one metric: the same content as the plugin's SCORES.

    Attributes
    ----------
    metric : str
        The metric id (``"apls"``).
    scores : dict
        {score name: number}, names as evaluate gives them (``TOPO_F1``,
        ``CCQ_QUALITY``, ``APLS``, ``APLS_GT_TO_PRED``: docs/library.md,
        "Score names"); NaN where a score is undefined (``None`` in
        :meth:`to_dict`).  The short output names of the QGIS algorithm
        (``scores["F1"]``) still answer until 2.0, with a FutureWarning.
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
        The CRS of the layers' coordinates (``"EPSG:3067"``), None if unknown;
        of a pixel metric, the rasters' CRS (WKT) when they had one.
    maps : dict
        Pixel metrics run with ``maps=True``: {map name: 2-D uint8 numpy
        array on the input grid}, each code explained by the metric's legend
        (:meth:`map_legend`, docs/pixel.md "Maps"); empty otherwise.
    transform : tuple or None
        Pixel metrics: the grid's (a, b, c, d, e, f) (rasterio / affine
        order), used by :meth:`write_map`.
    """

    def __init__(self, core: MetricResult, crs: Optional[str] = None):
        self._core = core
        self.metric = core.metric
        self.scores = Scores(_spec_of(core.metric), core.scores)
        self.parameters = core.parameters
        self.counts = core.counts
        self.warnings = [str(w) for w in core.warnings]
        self.details = core.details
        self.crs = crs
        self.maps = core.maps
        self.transform = None
        self._layers = None
        self._inputs = None    # (ground-truth parts, predicted parts) in the working CRS, for plot()

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v:.4g}" for k, v in list(self.scores.items())[:4]
                          if isinstance(v, (int, float)))
        return f"<Result {self.metric}: {shown}>"

    @property
    def layers(self) -> dict:
        if self._layers is None:
            self._layers = {name: records(table) for name, table in self._core.layers.items()}
        return self._layers

    def map_legend(self, name: str) -> list:
        """[(code, colour, text)] of the map ``name``: the registry's
        legend, with the codes this run's parameters can give."""
        from .core import registry
        for m in registry.get(self.metric).maps:
            if m.name == name:
                return m.legend_for(self.parameters)
        raise KeyError(f"{self.metric} has no map {name}")

    def write_map(self, name: str, path: str) -> str:
        """Write the map ``name`` as a GeoTIFF on the input grid (its
        transform and CRS, nodata 255, the legend as colour table and a
        QGIS .qml style beside it); rasterio or GDAL's Python bindings."""
        from .core import registry
        from .core.io.geotiff import write_map
        from .core.text import message_of
        from ._errors import InputError
        if name not in self.maps:
            raise InputError(f"{self.metric}: no map {name} (run it with maps=True; maps: "
                             f"{', '.join(m.name for m in registry.get(self.metric).maps)})")
        spec = {m.name: m for m in registry.get(self.metric).maps}[name]
        try:
            return write_map(path, self.maps[name], self.transform, self.crs,
                             spec.legend_for(self.parameters), spec.nodata)
        except ValueError as e:
            raise InputError(message_of(e)) from None

    def write(self, layer: str, path: str, *, rfc7946: bool = False) -> str:
        """Write the layer ``layer`` (a name of :attr:`layers`) to ``path``:
        .geojson without dependencies, .gpkg, .shp ... with pyogrio.
        GeoJSON is written in the working CRS
        (:attr:`crs`, named in an old-style ``crs`` member, as QGIS reads
        it) unless ``rfc7946=True``: RFC 7946 GeoJSON, WGS 84 longitude /
        latitude without a ``crs`` member (reprojected with pyproj).
        Returns ``path``."""
        from ._errors import InputError
        from ._writers import write_layer
        if layer not in self._core.layers:
            raise InputError(f"{self.metric} has no layer {layer!r} (layers: "
                             f"{', '.join(self._core.layers) or 'none'})")
        return write_layer(self.layers[layer], path, self.crs, layer.lower(), rfc7946=rfc7946)

    def plot(self, ax=None, *, layers=None, legend: bool = True, scale_bar: bool = True,
             **kwargs: Any) -> Any:
        """Draw the result with matplotlib (``pip install matplotlib``) and
        return the matplotlib Axes.

        A line metric: the ground truth (wide, light grey) and the
        prediction (thin, dark blue) under the metric's layers in the
        colours, widths, classes and legend texts of the QGIS styles
        (``layers``: names of :attr:`layers` to draw; default the matched /
        missed / spurious ones); a pixel metric run with ``maps=True``: its
        map (``layers``: the map's name) in its legend's colours.  Equal
        aspect, a scale bar in metres, the legend beside the map, the
        headline score in the title.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw (default: a new figure).
        layers : str or list of str, optional
        legend, scale_bar : bool, default True
        **kwargs
            ``title=`` replaces the title; the rest goes to
            ``matplotlib.pyplot.subplots`` when ``ax`` is None (``figsize``,
            ``dpi`` ...).
        """
        from ._plot import plot_result
        return plot_result(self, ax, layers, legend, scale_bar, **kwargs)

    @property
    def pool_stats(self) -> dict:
        """The additive statistics from which results of several tiles or
        chips are pooled (the metric's pooled rule; batch rows keep them)."""
        return self._core.pool_stats

    @property
    def score(self) -> float:
        """The metric's headline score (``scores`` of its headline output:
        APLS, TOPO_F1, CCQ_QUALITY ...)."""
        spec = _spec_of(self.metric)
        return float(dict.get(self.scores, spec.output_key(spec.headline_output().name)))

    def to_dict(self) -> dict:
        """The plugin's SCORES document (JSON-safe: NaN as None), the scores
        under their canonical names (``TOPO_F1``)."""
        out = self._core.to_dict()
        out["scores"] = canonical_scores(_spec_of(self.metric), out["scores"])
        return out

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

