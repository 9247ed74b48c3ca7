"""The metric registry: every registered MetricSpec (the types are in
core/schema.py), the single description from which the QGIS side and the
library generate their parameters, outputs and help, the parameters the
metrics share (network, class and mask parameters) and the catalogue of
every algorithm of the provider: a metric's documentation, search tags and
picker index are fields of its MetricSpec (``doc``, ``tags``, ``picker``);
the tools' are HELP_DOCS and TAGS here; help_url, tags and picker_specs read
both.  Adding a metric: its module registers its spec, and one line of
METRIC_MODULES names the module.
"""
from __future__ import annotations

from typing import Optional

from .schema import (  # noqa: F401 (re-exported: metric modules import them from here)
    CLIP_SLACK,
    INPUT_KINDS,
    LAYER_LABELS,
    MAX_COUNT,
    MAX_DISTANCE_M,
    MAX_MERGE_TOLERANCE_M,
    MAX_SEED,
    SPACING_OVER_MERGE,
    CLASS_PARAM,
    MASK_PARAMS,
    MAX_RASTER_VALUE,
    NETWORK_PARAMS,
    Compute,
    LineCompute,
    MaskCompute,
    MetricSpec,
    Output,
    Param,
    RasterMap,
    Sink,
    check_fields,
    require_in_range,
    require_non_negative,
    require_positive,
)

GROUP_DESCRIPTIONS = {
    "Path metrics": "whether routes can be driven in the prediction as in the ground truth "
                    "(connectivity, detours, gaps)",
    "Geometric metrics": "how much of the road network is found at the right place "
                         "(length within a buffer, distances)",
    "Junction metrics": "whether junctions are found with the right roads leaving them",
    "Subgraph metrics": "local connectivity: small neighbourhoods around sampled points",
    "Instances and classes": "individual roads matched one to one, by class",
    "Pixel metrics": "two road masks on one grid compared pixel by pixel (overlaps, boundary "
                     "distances in metres, skeletons)",
}

STANDARD_SINKS = {
    "MATCHED": dict(color="#1a9641"),
    "UNMATCHED_GT": dict(color="#d7191c", size=3.2, shape="square"),
    "UNMATCHED_PRED": dict(color="#fd8d3c", size=3.2, shape="triangle"),
}

_REGISTRY = {}


def register(spec: MetricSpec) -> MetricSpec:
    """Add a metric; its catalogue entry comes with it (``doc``, ``tags``,
    and for a line metric its ``picker`` index)."""
    if spec.id in _REGISTRY:
        raise ValueError(f"metric {spec.id} registered twice")  # not user-visible
    if len(spec.doc) != 2 or not spec.tags:
        raise ValueError(f"{spec.id}: doc (document, anchor) and tags are required")  # not user-visible
    if (spec.picker is None) != (spec.inputs == "masks"):
        raise ValueError(f"{spec.id}: a line metric has a picker index, a mask metric none")  # not user-visible
    _REGISTRY[spec.id] = spec
    return spec


def get(metric_id: str) -> MetricSpec:
    _load()
    return _REGISTRY[metric_id]


def all_specs(inputs: Optional[str] = "lines") -> list[MetricSpec]:
    """The registered metrics that score ``inputs`` ('lines', the default,
    or 'masks'); None: all of them."""
    _load()
    return [s for s in _REGISTRY.values() if inputs is None or s.inputs == inputs]


# Every metric module, by family (core/metrics/<family>/<metric>.py).  The
# registry's order (evaluate-all's outputs, the parameter tables) is the order
# of the metric names; the picker has its own order (METRIC_ORDER below).
METRIC_MODULES = (
    "paths.apls", "paths.tlts", "paths.optp",
    "junctions.junct", "junctions.optj",
    "subgraphs.subg", "subgraphs.optg", "subgraphs.topo",
    "geometric.ccq", "geometric.distances", "geometric.cldice", "geometric.boundaryf",
    "instances.instances",
    "pixel.pixel_boundaryf", "pixel.pixel_cldice", "pixel.pixel_distances", "pixel.pixel_iou",
)

_LOADED = False


def _load():
    """Import every module of METRIC_MODULES; importing a module registers its
    MetricSpec(s).  Registry order = metric module name order (as before the
    family folders), so it depends neither on this list nor on the file system."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import importlib
    for name in sorted(METRIC_MODULES, key=lambda m: m.rsplit(".", 1)[1]):
        importlib.import_module(f"{__package__}.metrics.{name}")


# -- catalogue: documentation, tags, picker order ------------------------------
# The repository (metadata.txt 'repository') and the branch whose documents
# the help buttons open.
DOCS_BASE = "https://github.com/roadmetrics/roadmetrics/blob/main/"

# the tools' (document in the repository, anchor of its section as GitHub
# renders heading anchors); a metric's is its spec's ``doc``.  Update them
# when the documents move; tests/core/test_catalogue.py checks every anchor
# exists in its document.
HELP_DOCS = {
    "evaluate": ("docs/evaluate.md", "roadmetricsevaluate--evaluate-all-metrics"),
    "perturb": ("docs/tools.md", "roadmetricsperturb--perturb-a-network-synthetic-errors"),
    "sensitivity": ("docs/tools.md", "roadmetricssensitivity--metric-sensitivity-analysis"),
    "compare": ("docs/tools.md", "roadmetricscompare--compare-methods"),
    "centrelines": ("docs/raster.md", "roadmetricscentrelines--centrelines-of-a-road-raster"),
}


def help_url(algorithm_id: str) -> str:
    """The documentation of an algorithm (metric or tool) on GitHub; the
    README's top for an algorithm without an entry."""
    _load()
    spec = _REGISTRY.get(algorithm_id)
    doc, anchor = spec.doc if spec is not None else HELP_DOCS.get(algorithm_id, ("README.md", ""))
    return DOCS_BASE + doc + (f"#{anchor}" if anchor else "")


# search words of each tool (the Processing toolbox searches them; a
# metric's are its spec's ``tags``); English, not translated (QGIS searches
# the untranslated tags too)
_COMMON_TAGS = ["road", "network", "evaluation", "metric", "ground truth", "prediction"]
TAGS = {
    "evaluate": ["evaluate", "all metrics", "report", "html", "tiles", "dask", "benchmark",
                 "apls", "spacenet", "hausdorff", "precision", "recall", "topology"],
    "perturb": ["perturb", "synthetic errors", "noise", "gaps", "interruptions",
                "overconnections", "test data", "benchmark"],
    "sensitivity": ["sensitivity", "synthetic errors", "perturb", "metric behaviour",
                    "robustness", "report", "benchmark"],
    "centrelines": ["raster", "mask", "segmentation", "probability map", "skeleton",
                    "thinning", "centreline", "centrelines", "centerline", "centerlines",
                    "center line", "vectorise", "vectorize", "vectorisation", "vectorization",
                    "raster to lines", "road extraction", "graph extraction"],
    "compare": ["compare", "methods", "ranking", "correlation", "pearson", "spearman",
                "equal-sorting ratio", "sorting margin", "report", "benchmark"],
}


def tags(algorithm_id: str) -> list[str]:
    """The search words of an algorithm (metric or tool)."""
    _load()
    spec = _REGISTRY.get(algorithm_id)
    return list(spec.tags if spec is not None else TAGS.get(algorithm_id, [])) + _COMMON_TAGS


def picker_specs() -> list[MetricSpec]:
    """The line metrics in the metric picker's fixed order (METRICS of
    evaluate, sensitivity, compare).  On QGIS 3.22 the picker takes option
    indices (static-string options would be the translated labels and would
    reject the indices existing models and scripts pass), so each metric
    keeps its ``picker`` index forever and a new metric takes the next free
    one."""
    return sorted(all_specs(), key=lambda s: s.picker)


def short_name(name: str) -> str:
    """'APLS (average path length similarity)' -> 'APLS': the metric's name
    without its explanation in brackets (output layer names)."""
    return name.split(" (")[0].strip()
