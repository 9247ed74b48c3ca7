"""The description a metric registers (core/registry.py holds the
registered ones): its parameters (:class:`Param`), number outputs
(:class:`Output`), feature layers (:class:`Sink`), raster maps
(:class:`RasterMap`) and :class:`MetricSpec`, with the validation every face
relies on, and the two compute contracts.

Parameter kinds: 'distance' (metres), 'number', 'integer', 'enum' (value
passed to the core as the option string), 'bool', 'field' (a field of the
``parent`` layer, of both layers with ``on_both``), 'string'.

Every numeric parameter has a finite range [minimum, maximum] (docs/conventions.md,
"Parameter ranges"): distances at most ``MAX_DISTANCE_M`` unless narrower,
integers at most ``MAX_COUNT``, seeds at most ``MAX_SEED``.
:meth:`MetricSpec.resolve` refuses a value outside it (NaN and infinities
included) with a sentence naming the parameter and its range, before any
work starts; the QGIS side shows the same range.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Protocol, Union

from .text import N_, msg


INPUT_KINDS = ("lines", "masks")


class LineCompute(Protocol):
    """A line metric's ``compute``: two networks (core.network.lineset.LineSet),
    every parameter resolved, a Progress; ``diagnostics`` False when the
    run throws the metric's layers away (core/runner.py)."""

    def __call__(self, gt: Any, pred: Any, params: dict, progress: Any, *,
                 diagnostics: bool = True) -> Any: ...


class MaskCompute(Protocol):
    """A mask metric's ``compute``: two rasters on one grid
    (core.metrics.pixel.masks.Rasters); ``diagnostics`` True builds its
    raster maps."""

    def __call__(self, rasters: Any, params: dict, progress: Any, *,
                 diagnostics: bool = False) -> Any: ...


Compute = Union[LineCompute, MaskCompute]


# largest distance parameter (metres): 100 km, far beyond any neighbourhood
# a metric uses, and small enough that areas and counts derived from it stay
# finite and allocatable
MAX_DISTANCE_M = 100_000.0
# largest count (paths, seeds, hops ...): memory and time grow linearly
MAX_COUNT = 100_000
# largest SEED: QGIS integer parameters are 32-bit signed
MAX_SEED = 2 ** 31 - 1
# largest vertex merge tolerance (metres)
MAX_MERGE_TOLERANCE_M = 1.0
# spacings (Param(spacing=True)) must be at least this many merge tolerances
SPACING_OVER_MERGE = 5.0
# scores within this (relative) of an output's bound are rounding: clipped
CLIP_SLACK = 1e-9


def _fmt(x):
    return f"{x:g}" if isinstance(x, float) else str(x)


@dataclass(eq=False)
class Param:
    """One parameter.  ``minimum`` / ``maximum``: the valid range (numbers;
    distances default to [0, MAX_DISTANCE_M], integers to [.., MAX_COUNT]);
    ``spacing``: a sampling spacing, which must be at least
    SPACING_OVER_MERGE x MERGE_TOLERANCE.  ``field_type`` ('field'
    parameters): 'any', 'numeric' or 'string' (what the picker offers);
    ``on_both``: the field must exist on ``parent`` and, same name, on the
    other layer (see check_fields)."""

    name: str
    kind: str
    label: str
    default: Any = None
    help: str = ""
    unit: Optional[str] = None
    options: list = field(default_factory=list)
    optional: bool = False
    minimum: Optional[float] = None
    maximum: Optional[float] = None
    advanced: bool = False
    parent: str = "GROUND_TRUTH"
    field_type: str = "any"
    spacing: bool = False
    on_both: bool = False

    def __post_init__(self):
        self.options = list(self.options or [])
        if self.kind in ("distance", "number", "integer") and self.minimum is None:
            self.minimum = 0 if self.kind == "integer" else 0.0
        if self.kind == "distance" and self.maximum is None:
            self.maximum = MAX_DISTANCE_M
        if self.kind == "integer" and self.maximum is None:
            self.maximum = MAX_COUNT

    def __repr__(self):
        return f"Param({self.name!r}, {self.kind!r}, default={self.default!r})"

    def range_text(self) -> str:
        """'from 0.01 to 100000 m' (for messages and the docs; a translatable
        core.text message)."""
        lo = _fmt(self.minimum)
        if self.maximum is None:
            return msg("at least {} {}", lo, self.unit) if self.unit else msg("at least {}", lo)
        hi = _fmt(self.maximum)
        if self.unit:
            return msg("from {} to {} {}", lo, hi, self.unit)
        return msg("from {} to {}", lo, hi)

    def check(self, value: Any) -> Any:
        """The value in its kind's type (int for integers), or ValueError
        with a sentence naming the parameter and its valid values."""
        name = msg("{} ({})", msg(self.label), self.name)
        if value is None or (isinstance(value, str) and value == "" and self.kind != "string"):
            if self.optional or self.kind in ("field", "string"):
                return None
            raise ValueError(msg("{} needs a value.", name))
        if self.kind in ("distance", "number", "integer"):
            what = msg("a whole number") if self.kind == "integer" else msg("a finite number")
            try:
                if isinstance(value, bool):
                    raise TypeError
                x = float(value) if not isinstance(value, numbers.Integral) else value
            except (TypeError, ValueError):
                raise ValueError(msg("{} must be {} {}; got {}.", name, what, self.range_text(),
                                     repr(value)))
            if isinstance(x, float) and not math.isfinite(x):
                raise ValueError(msg("{} must be {} {}; got {}.", name, what, self.range_text(),
                                     repr(value)))
            if self.kind == "integer":
                if isinstance(x, float):
                    if not x.is_integer():
                        raise ValueError(msg("{} must be {} {}; got {}.", name, what, self.range_text(),
                                     repr(value)))
                    x = int(x)
                x = int(x)
            if x < self.minimum or (self.maximum is not None and x > self.maximum):
                raise ValueError(msg("{} must be {} {}; got {}.", name, what, self.range_text(),
                                     _fmt(x)))
            return x
        if self.kind == "enum":
            if value not in self.options:
                raise ValueError(msg("{} must be one of {}; got {}.", name, ", ".join(self.options),
                                     repr(value)))
            return value
        if self.kind == "bool":
            if isinstance(value, (bool, numbers.Integral)) and value in (0, 1):
                return bool(value)
            if isinstance(value, str) and value.lower() in ("true", "false"):
                return value.lower() == "true"
            raise ValueError(msg("{} must be true or false; got {}.", name, repr(value)))
        if not isinstance(value, str):
            raise ValueError(msg("{} must be text (a field name); got {}.", name, repr(value)))
        return value


@dataclass(eq=False)
class Output:
    """A number output.  ``perfect``: its value for identical inputs;
    ``bounds``: (low, high) it always stays within (None: unbounded);
    ``unit``: 'ratio' (a score within [0, 1]), 'm' (a length or distance in
    metres) or 'count' - given, or read from the label ('(m)', '(m or m2)')
    and the bounds."""

    name: str
    label: str
    help: str = ""
    perfect: Optional[float] = 1.0
    bounds: tuple = (0.0, 1.0)
    unit: Optional[str] = None

    def __post_init__(self):
        if not self.unit:
            if "(m)" in self.label or "(m or m2)" in self.label:
                self.unit = "m"
            elif self.bounds[1] == 1.0:
                self.unit = "ratio"
            else:
                self.unit = "count"

    @property
    def higher_is_better(self) -> Optional[bool]:
        """True / False, or None when the number has no better direction
        (counts of inputs)."""
        if self.perfect is None:
            return None
        if self.bounds[1] is not None and self.perfect >= self.bounds[1]:
            return True
        if self.bounds[0] is not None and self.perfect <= self.bounds[0]:
            return False
        return None


@dataclass(eq=False)
class Sink:
    """An optional feature sink.  ``style``: dict with 'color' (hex) and
    optionally 'graduated' (field name), 'ramp' (list of hex colours),
    'breaks' (class limits, one more than colours), 'labels' (legend text of
    each class; default "lo - hi unit"), 'unit' (appended to the default
    labels), 'categorized' (field name) with 'categories' (list of (value,
    hex colour, legend text)), 'size' (mm), 'shape' (marker name for
    points), 'opacity' (0-1, of a polygon fill).  Legend texts are English
    and translated where they are shown."""

    name: str
    label: str
    geometry: str
    help: str = ""
    style: dict = field(default_factory=dict)

    def __post_init__(self):
        self.style = dict(self.style or {})


@dataclass(eq=False)
class RasterMap:
    """A diagnostic raster of a mask metric (inputs='masks'), on the input
    grid: one uint8 code per pixel, each code explained by ``legend``, a
    list of (code, hex colour, text) (English, translated where shown;
    colour '' for a code drawn transparent, e.g. true negatives).
    ``nodata``: the code of pixels left out (never a legend code).
    ``draw_order``: the legend's codes from bottom to top, for a reduced
    view (a report's image keeps, in each block of pixels, the code drawn
    last: errors over matches over the masks); default the legend's order.
    The metric builds the map only when asked (``compute(..., diagnostics=True)``),
    as ``MetricResult.maps[name]``."""

    name: str
    label: str
    help: str = ""
    legend: list = field(default_factory=list)
    nodata: int = 255
    draw_order: list = field(default_factory=list)
    codes: Optional[Callable[[dict], list]] = None

    def __post_init__(self):
        self.legend = [tuple(x) for x in (self.legend or [])]
        codes = [c for c, _, _ in self.legend]
        self.draw_order = list(self.draw_order or codes)
        if sorted(self.draw_order) != sorted(codes):
            raise ValueError(f"{self.name}: draw_order must list the legend's codes")  # not user-visible
        if len(set(codes)) != len(codes) or self.nodata in codes or \
                not all(0 <= c <= 255 for c in codes + [self.nodata]):
            raise ValueError(f"{self.name}: legend codes must be distinct uint8 values other "
                             f"than nodata")  # not user-visible

    def legend_for(self, params: Optional[dict] = None) -> list:
        """The legend of a run with ``params`` (its resolved parameters):
        only the codes ``codes(params)`` says can occur (the strategy's, the
        classes'), the whole legend without ``codes`` or ``params``."""
        if self.codes is None or params is None:
            return list(self.legend)
        keep = set(self.codes(params))
        return [entry for entry in self.legend if entry[0] in keep]


@dataclass(eq=False)
class MetricSpec:
    """One metric algorithm.  ``compute(gt: LineSet, pred: LineSet, params:
    dict, progress)`` -> MetricResult; ``params`` holds every parameter
    (defaults filled in).

    ``pool(list of MetricResult) -> scores``: the 'pooled' aggregation over
    tiles (sum the counts / path statistics, then the ratios; None: mean).
    ``prefix``: of this metric's numbers in evaluate-all (APLS -> APLS,
    F1 -> OPTP_F1; default the id in capitals).  ``handles_classes``: True
    when compute() itself uses CLASS_FIELD (else scores per class are
    computed by core.classes on class subsets).  ``test_params``: parameters
    for the property tests (e.g. fewer seeds: the properties hold for any
    value, the defaults are only slower).  ``cost``: relative run time on a
    typical input (1 = a fast metric): evaluate-all starts the heaviest
    metrics first.  ``maps``: the RasterMaps of a mask metric (what
    shows why, pixel by pixel).  ``shares``: metrics with the same key reuse each other's
    intermediate results (cached with the networks) when they run in the
    same process, so evaluate-all runs them in one task.  ``headline``: the
    one score the summaries show first (None: the F1 / F-measure output if
    there is one, else the first output).  ``inputs``: 'lines' (two line
    networks, the default) or 'masks' (two rasters on one grid:
    ``compute(rasters: core.metrics.pixel.masks.Rasters, params,
    progress)``; their shared parameters are MASK_PARAMS, they have no
    network or class-field parameters, and the line machinery -
    evaluate-all, tiles, the tools, the line algorithms - never lists them:
    :func:`all_specs` gives the line metrics unless asked otherwise)."""

    id: str
    name: str
    group: str
    help: str
    params: list
    outputs: list
    sinks: list
    compute: Compute
    sampled: bool = False
    reference: str = ""
    pool: Optional[Callable] = None
    prefix: Optional[str] = None
    handles_classes: bool = False
    test_params: dict = field(default_factory=dict)
    cost: float = 1.0
    shares: Optional[str] = None
    headline: Optional[str] = None
    inputs: str = "lines"
    maps: list = field(default_factory=list)
    # score keys the metric's SCORES holds besides its outputs (not numbers
    # of the QGIS algorithm): batch rows have a column for each
    extra_scores: tuple = ()
    # the catalogue: (document, heading anchor as GitHub renders it) of the
    # metric's section (help buttons; tests/core/test_catalogue.py checks it
    # exists), the Processing toolbox's search words, and the metric's fixed
    # place in the metric picker (line metrics: models and scripts pass option
    # indices, so a new metric takes the next free one; mask metrics: None)
    doc: tuple = ()
    tags: tuple = ()
    picker: Optional[int] = None

    def __post_init__(self):
        self.maps = list(self.maps)
        if self.maps and self.inputs != "masks":
            raise ValueError(f"{self.id}: only mask metrics have raster maps")  # not user-visible
        if self.inputs not in INPUT_KINDS:
            raise ValueError(f"{self.id}: inputs must be one of {INPUT_KINDS}")  # not user-visible
        self.params = list(self.params)
        self.outputs = list(self.outputs)
        self.sinks = list(self.sinks)
        if self.prefix is None:
            self.prefix = self.id.upper()
        self.tags = tuple(self.tags)

    def headline_output(self) -> Output:
        """The Output summaries show first for this metric."""
        by_name = {o.name: o for o in self.outputs}
        if self.headline in by_name:
            return by_name[self.headline]
        for o in self.outputs:
            if o.name in ("F1", "F") and o.unit == "ratio":
                return o
        return self.outputs[0]

    def recall_precision(self) -> Optional[tuple[Output, Output]]:
        """(recall-like, precision-like) Outputs - the share of the ground
        truth found and the share of the prediction that is right - when the
        metric has such a pair, else None."""
        by_name = {o.name: o for o in self.outputs}
        for r, p in (("RECALL", "PRECISION"), ("COMPLETENESS", "CORRECTNESS"),
                     ("GT_TO_PRED", "PRED_TO_GT"), ("TSENS", "TPREC")):
            for rn in (r, f"{self.prefix}_{r}"):
                for pn in (p, f"{self.prefix}_{p}"):
                    if rn in by_name and pn in by_name:
                        return by_name[rn], by_name[pn]
        return None

    def all_params(self) -> list[Param]:
        """Metric parameters plus the shared network and seed parameters
        (mask metrics: plus MASK_PARAMS, the thresholds and road classes)."""
        out = list(self.params)
        if self.inputs == "masks":
            return out + MASK_PARAMS
        if self.sampled:
            out.append(Param("SEED", "integer", "Random seed", 0, minimum=0, maximum=MAX_SEED,
                             help="Seed of every random draw (0 to 2147483647); same inputs and "
                                  "seed give the same numbers."))
        if not any(p.name == "CLASS_FIELD" for p in out):
            out.append(CLASS_PARAM)
        out.extend(NETWORK_PARAMS)
        return out

    def output_key(self, name: str) -> str:
        """Name of an output in evaluate-all: prefixed unless it already
        starts with the prefix (APLS, APLS_TIME; OPTP_F1, DISTANCES_HD95)."""
        if not self.prefix or name.startswith(self.prefix):
            return name
        return f"{self.prefix}_{name}"

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.all_params()}

    def resolve(self, params: Optional[dict] = None) -> dict[str, Any]:
        """Defaults overlaid with the given values, each checked
        (:meth:`Param.check`: type, finite, within its range; ValueError
        with a clear sentence otherwise), and the spacings checked against
        the merge tolerance.  None keeps the default only for non-optional
        parameters."""
        out = self.defaults()
        for k, v in (params or {}).items():
            if k not in out:
                raise KeyError(msg("{}: unknown parameter {}", self.id, k))
            out[k] = v
        params_by_name = {p.name: p for p in self.all_params()}
        for k, p in params_by_name.items():
            out[k] = p.check(out[k])
        merge = out.get("MERGE_TOLERANCE") or 0.0
        for p in params_by_name.values():
            v = out[p.name]
            if p.spacing and v is not None and merge > 0 and v < SPACING_OVER_MERGE * merge:
                raise ValueError(msg(
                    "Vertex merge tolerance (MERGE_TOLERANCE, {} m) must be far below "
                    "{} ({}, {} m): at most 1/{} of it. "
                    "Lower MERGE_TOLERANCE (default 0.05 m) or raise {}.",
                    _fmt(merge), msg(p.label), p.name, _fmt(v), _fmt(SPACING_OVER_MERGE), p.name))
        return out

    def clip_scores(self, scores: dict[str, float]) -> dict[str, float]:
        """Scores moved onto their output's bounds when rounding put them
        just outside (e.g. Boundary IoU 1.0000000000000004 of identical
        self-intersecting lines): by at most CLIP_SLACK (relative to
        max(1, |bound|)); a larger excess is a bug and is left visible.
        Changes ``scores`` in place and returns it."""
        for o in self.outputs:
            v = scores.get(o.name)
            if o.bounds is None or v is None or not isinstance(v, float) or not math.isfinite(v):
                continue
            lo, hi = o.bounds
            if lo is not None and lo - CLIP_SLACK * max(1.0, abs(lo)) <= v < lo:
                scores[o.name] = float(lo)
            if hi is not None and hi < v <= hi + CLIP_SLACK * max(1.0, abs(hi)):
                scores[o.name] = float(hi)
        return scores


# -- checks a metric's compute() makes itself (it can be called without
# MetricSpec.resolve, e.g. from Python): one wording for every metric

def _number(params: dict, name: str) -> float:
    v = params.get(name)
    try:
        return float(v)
    except (TypeError, ValueError):
        raise ValueError(msg("{} must be a number, got {!r}", name, v))


def require_positive(params: dict, name: str) -> float:
    """``params[name]`` as a float > 0 (a distance in metres), else ValueError."""
    v = _number(params, name)
    if not (v > 0 and math.isfinite(v)):
        raise ValueError(msg("{} must be > 0 (metres), got {}", name, params.get(name)))
    return v


def require_non_negative(params: dict, name: str) -> float:
    """``params[name]`` as a finite float >= 0 (metres), else ValueError."""
    v = _number(params, name)
    if not (v >= 0 and math.isfinite(v)):
        raise ValueError(msg("{} must be >= 0 (metres), got {}", name, params.get(name)))
    return v


def require_in_range(params: dict, name: str, lo: float, hi: float) -> float:
    """``params[name]`` as a float within [lo, hi], else ValueError."""
    v = _number(params, name)
    if not (lo <= v <= hi):
        raise ValueError(msg("{} must be between {:g} and {:g}, got {:g}", name, lo, hi, v))
    return v


LAYER_LABELS = {"GROUND_TRUTH": N_("ground truth"), "PREDICTION": N_("prediction")}


def check_fields(spec: MetricSpec, params: dict, fields: dict) -> list:
    """Refuse (ValueError) a field parameter naming a field that is missing
    from a layer it must be on: its ``parent`` layer, and with ``on_both``
    the other one too.  ``fields``: {'GROUND_TRUTH': names, 'PREDICTION':
    names}; a layer given as None is not checked.  Every algorithm (single
    metric or tool) runs this on the resolved parameters before any work."""
    for p in spec.all_params():
        name = params.get(p.name) if p.kind == "field" else None
        if not name:
            continue
        layers = [p.parent]
        if p.on_both:
            layers.append("PREDICTION" if p.parent == "GROUND_TRUTH" else "GROUND_TRUTH")
        for layer in layers:
            have = fields.get(layer)
            if have is not None and name not in have:
                label = msg(LAYER_LABELS.get(layer, layer))
                names = list(have)
                there = (", ".join(names[:20]) + (" ..." if len(names) > 20 else "")) if names \
                    else msg("none")
                if p.on_both:
                    raise ValueError(msg("{}: {} '{}' is missing from the {} layer (its fields: {}); "
                                         "the field must exist (same name) on both layers",
                                         spec.id, p.name, name, label, there))
                raise ValueError(msg("{}: {} '{}' is missing from the {} layer (its fields: {})",
                                     spec.id, p.name, name, label, there))


# what each family of metrics tells an analyst (summaries of the reports)


# -- the parameters every metric shares (MetricSpec.all_params) ----------------------

CLASS_PARAM = Param(
    "CLASS_FIELD", "field", "Class field (scores per class)", None, optional=True, on_both=True,
    help="Optional attribute present on both layers (values compared as text). The metric is "
         "also computed on the features of each class, and the scores per class are added to "
         "SCORES.")

NETWORK_PARAMS = [
    Param("MERGE_TOLERANCE", "distance", "Vertex merge tolerance", 0.05, unit="m", minimum=0.0,
          maximum=MAX_MERGE_TOLERANCE_M, advanced=True,
          help="An end of a line and a vertex of another line closer than this are one node "
               "(lines connect there); vertices of one road are never merged. 0 to 1 m, and at "
               "most 1/5 of any sampling spacing."),
    Param("NODE_CROSSINGS", "bool", "Connect lines where they cross", False, advanced=True,
          help="Off (default): lines that cross without a shared vertex are not connected "
               "(bridges, tunnels). On: every crossing becomes a junction."),
]

# the parameters every mask metric shares (inputs='masks'): how a raster's
# values become road pixels (core/raster/mask.py road_mask)
MAX_RASTER_VALUE = 1e12
MASK_PARAMS = [
    Param("GT_THRESHOLD", "number",
          "Ground-truth raster threshold (probability map: road where value >= threshold)",
          None, optional=True,
          minimum=-MAX_RASTER_VALUE, maximum=MAX_RASTER_VALUE,
          help="Road pixels of the ground truth are those >= this value (a probability or score "
               "map). Empty: the ground truth is a 0/1 mask (or a class map with ROAD_CLASSES)."),
    Param("PRED_THRESHOLD", "number",
          "Prediction raster threshold (probability map: road where value >= threshold)",
          None, optional=True,
          minimum=-MAX_RASTER_VALUE, maximum=MAX_RASTER_VALUE,
          help="Road pixels of the prediction are those >= this value (e.g. 0.5 for a "
               "probability map). Empty: the prediction is a 0/1 mask (or a class map with "
               "ROAD_CLASSES)."),
    Param("ROAD_CLASSES", "string", "Raster road classes (class map)", None, optional=True,
          help="Class maps: the values that are road, separated by commas (e.g. '1,2'), the same "
               "in both rasters; the IoU metric scores each of them as a class. Empty: 0/1 "
               "masks or thresholds."),
]

# what a metric scores: two line networks, or two rasters on one grid
