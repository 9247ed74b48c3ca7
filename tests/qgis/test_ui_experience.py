"""What an analyst sees in QGIS desktop (issue 14), at the Processing level:
distance parameters in metres whatever the layers' CRS, output layer names
prefixed by their metric, legends in words, help texts with the dialog's
labels and a help URL for every algorithm, tags and family icons, a
readable and stable metric picker, evaluate's progress inside metrics,
numeric-only speed fields, perturb without a ground-truth output."""
import os
import re

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, memory_layer

from qgis.core import (QgsApplication, QgsProcessingContext, QgsProcessingFeedback,
                       QgsProcessingOutputLayerDefinition, QgsProcessingParameterDistance,
                       QgsProject, QgsVectorLayer)
from roadmetrics.ui.compat import FieldDataType

L_SHAPE = ["LINESTRING(0 0, 200 0)", "LINESTRING(200 0, 200 200)"]
# a 100 m x 100 m square with a diagonal (EPSG:3067, metres)
GRID = ["LINESTRING(0 0, 100 0)", "LINESTRING(100 0, 100 100)", "LINESTRING(100 100, 0 100)",
        "LINESTRING(0 100, 0 0)", "LINESTRING(0 0, 100 100)"]


def algorithms():
    return QgsApplication.processingRegistry().providerById("roadmetrics").algorithms()


def alg(name):
    return QgsApplication.processingRegistry().algorithmById("roadmetrics:" + name)


def metres():
    from roadmetrics.ui.compat import DistanceUnit
    return DistanceUnit.Meters


# -- 1: metres whatever the CRS -----------------------------------------------------------
def test_every_distance_parameter_is_in_metres_without_a_parent_layer(qgis_app):
    n = 0
    for a in algorithms():
        for d in a.parameterDefinitions():
            if isinstance(d, QgsProcessingParameterDistance):
                n += 1
                # a parent layer would make the dialog follow its CRS ("degrees")
                assert d.parentParameterName() == "", (a.id(), d.name())
                assert d.defaultUnit() == metres(), (a.id(), d.name())
                assert "degree" not in d.description().lower()
    assert n >= 30  # every metric's MERGE_TOLERANCE at least


def test_a_geographic_layer_reads_the_distances_as_metres(run_alg):
    """A 200 m road in EPSG:4326 and the same road 6 m north: with a snap
    distance of 4 (metres) no control point snaps (APLS 0); with 10 every
    one does (APLS near 1).  Read as degrees, both would snap."""
    from qgis.core import (QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsGeometry,
                           QgsProject as P)
    tr = QgsCoordinateTransform(QgsCoordinateReferenceSystem("EPSG:3067"),
                                QgsCoordinateReferenceSystem("EPSG:4326"), P.instance())

    def layer(dy):
        out = []
        for w in ["LINESTRING(0 0, 100 0)", "LINESTRING(100 0, 200 0)"]:
            g = QgsGeometry.fromWkt(w)
            g.translate(385000, 6672000 + dy)  # Helsinki, EPSG:3067 metres
            g.transform(tr)
            out.append(g.asWkt(10))
        return memory_layer(out, crs="EPSG:4326")

    gt, pred = layer(0.0), layer(6.0)
    near = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                        "SNAP_DISTANCE": 4.0})
    far = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                       "SNAP_DISTANCE": 10.0})
    assert near["APLS"] == pytest.approx(0.0, abs=0.05)
    assert far["APLS"] > 0.9


# -- 5: layer names --------------------------------------------------------------------------
def test_sink_descriptions_are_prefixed_by_their_metric_and_unique(qgis_app):
    from core import registry
    seen = {}
    for spec in registry.all_specs():
        a = alg(spec.id)
        short = registry.short_name(spec.name)
        for s in spec.sinks:
            d = a.parameterDefinition(s.name).description()
            assert d.startswith(short + " — "), d
            assert d not in seen, (d, seen.get(d))
            seen[d] = spec.id
    assert alg("apls").parameterDefinition("MATCHED").description() == \
        "APLS — matched control points"
    assert alg("subg").parameterDefinition("MATCHED").description() == \
        "SUBG — matched control points"
    assert alg("ccq").parameterDefinition("UNMATCHED_GT").description() == \
        "CCQ — missed ground truth"
    assert alg("boundaryf").parameterDefinition("UNMATCHED_GT").description() == \
        "Boundary F-measure — missed ground truth"


def run_loaded(name, params, outputs):
    """Run with ``outputs`` as temporary layers to load into the project (as
    the dialog does): (results, context)."""
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    p = dict(params)
    for o in outputs:
        p[o] = QgsProcessingOutputLayerDefinition("TEMPORARY_OUTPUT", QgsProject.instance())
    r, ok = alg(name).create().run(p, context, QgsProcessingFeedback())
    assert ok
    return r, context


def loaded_layer(r, context, output):
    """The layer of an output as Processing loads it: its name and style."""
    dest = r[output]
    details = context.layerToLoadOnCompletionDetails(dest)
    layer = context.temporaryLayerStore().mapLayer(dest)
    assert details.postProcessor() is not None
    details.postProcessor().postProcessLayer(layer, context, QgsProcessingFeedback())
    return details.name, layer


def test_loaded_layers_of_two_metrics_have_different_names(qgis_app):
    gt, pred = memory_layer(GRID), memory_layer(GRID[:4])
    names = []
    for m in ("apls", "subg"):
        r, ctx = run_loaded(m, {"GROUND_TRUTH": gt, "PREDICTION": pred, "N_SEEDS": 5}
                            if m == "subg" else {"GROUND_TRUTH": gt, "PREDICTION": pred},
                            ["MATCHED"])
        names.append(loaded_layer(r, ctx, "MATCHED")[0])
    assert names == ["APLS — matched control points", "SUBG — matched control points"]


def test_map_layers_of_two_strategies_have_different_names(qgis_app, tmp_path):
    """Two runs of one pixel algorithm with different strategies load
    layers that say which is which (the strategy always, other settings
    when not at their defaults)."""
    import numpy as np
    from test_raster_inputs import cross, write_tif
    gt = write_tif(tmp_path / "gt.tif", cross())
    pred = cross()
    pred[:, 75:85] = 0
    pred = write_tif(tmp_path / "pred.tif", pred.astype(np.uint8))
    names = []
    for strategy, extra in ((0, {}), (1, {"TOLERANCE": 3.0})):   # distance, area
        r, ctx = run_loaded("pixel_boundaryf", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                                "STRATEGY": strategy, **extra}, ["BOUNDARY_MAP"])
        names.append(ctx.layerToLoadOnCompletionDetails(r["BOUNDARY_MAP"]).name)
    assert names == ["pixel_boundaryf (STRATEGY distance): boundary matches (raster)",
                     "pixel_boundaryf (STRATEGY area, TOLERANCE 3): boundary matches (raster)"]


# -- 6: legends ------------------------------------------------------------------------------
def legend(renderer):
    return [item.label() for item in renderer.legendSymbolItems()]


def test_tlts_paths_legend_in_words(qgis_app):
    r, ctx = run_loaded("tlts", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                 "N_PATHS": 60}, ["MATCHED", "UNMATCHED_GT"])
    name, layer = loaded_layer(r, ctx, "MATCHED")
    assert name == "TLTS — sampled paths (correct / too long / too short)"
    ren = layer.renderer()
    assert ren.type() == "categorizedSymbol" and ren.classAttribute() == "class_code"
    assert legend(ren) == ["correct", "too long", "too short"]
    assert [c.value() for c in ren.categories()] == [0, 1, 2]
    # every drawn feature falls in a category, and its class agrees with the legend
    labels = {c.value(): c.label() for c in ren.categories()}
    for f in layer.getFeatures():
        assert labels[f["class_code"]] == f["class"].replace("_", " ")
    name, layer = loaded_layer(r, ctx, "UNMATCHED_GT")
    assert name == "TLTS — infeasible paths" and legend(layer.renderer()) == ["infeasible"]


def test_junction_directions_legend_captured_missed(run_alg, tmp_path):
    out = str(tmp_path / "dirs.gpkg")
    run_alg("roadmetrics:junct", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                  "DIRECTIONS": out})
    layer = QgsVectorLayer(out, "d", "ogr")
    msg, ok = layer.loadNamedStyle(out[:-5] + ".qml")  # the .qml sidecar
    assert ok, msg
    ren = layer.renderer()
    assert ren.type() == "categorizedSymbol" and ren.classAttribute() == "captured"
    assert legend(ren) == ["captured", "missed"]
    colours = {c.label(): c.symbol().color().name() for c in ren.categories()}
    assert colours == {"captured": "#1a9641", "missed": "#d7191c"}


def test_no_legend_shows_numbers_meant_as_codes(qgis_app):
    """Every styled sink of every metric: no class limits around codes
    (-0.5, 0.5 ...), no 1e+09, distances with their unit."""
    from core import registry
    from roadmetrics.ui.styles import make_renderer
    for spec in registry.all_specs():
        for s in spec.sinks:
            if s.geometry == "None":
                continue
            labels = legend(make_renderer(s.geometry, s.style))
            for label in labels:
                assert "e+" not in label and not re.search(r"-0\.5|^0 - 0\.5$|^0\.5 - 1$", label), \
                    (spec.id, s.name, label)
            if s.style.get("graduated") in ("distance",):
                assert labels[0].endswith(" m") and labels[-1].startswith("over "), labels
    ren = make_renderer("LineString", registry.get("ccq").sinks[0].style)
    assert legend(ren) == ["0 - 1 m", "1 - 2 m", "2 - 4 m", "over 4 m"]


def test_tile_scores_are_translucent_with_a_named_legend(run_alg, tmp_path):
    out = str(tmp_path / "tiles.gpkg")
    run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                     "METRICS": [0], "TILE_SIZE": 400.0, "WORKERS": 1,
                                     "TILE_SCORES": out})
    layer = QgsVectorLayer(out, "t", "ogr")
    msg, ok = layer.loadNamedStyle(out[:-5] + ".qml")
    assert ok, msg
    ren = layer.renderer()
    assert legend(ren)[0] == "APLS 0 - 0.4"
    for item in ren.legendSymbolItems():
        assert item.symbol().color().alpha() < 128  # the networks show through


# -- 9, 10: help, tags, icons, picker ---------------------------------------------------------
def test_help_names_parameters_by_their_labels(qgis_app):
    for a in algorithms():
        text = a.shortHelpString()
        code = re.sub(r"<code>[^<]*</code>", "", text)
        for d in a.parameterDefinitions():
            if "_" in d.name() or d.name() in ("TILES", "COUNT", "COUNTS", "SEED"):
                assert not re.search(r"(?<![A-Za-z0-9_{\"])" + d.name() + r"(?![A-Za-z0-9_])",
                                     code), (a.id(), d.name())
    h = alg("apls").shortHelpString()
    assert "<b>Control point spacing</b> (<code>CONTROL_SPACING</code>)" in h
    assert "Empty: the variant's default (50 m; 20 m sat2graph_spacenet)" in h
    assert "every <i>Control point spacing</i> metres" in h


def test_every_algorithm_has_a_help_url_tags_and_its_family_icon(qgis_app):
    from core import registry
    icons = {}
    for a in algorithms():
        assert a.helpUrl() == registry.help_url(a.name()) and "#" in a.helpUrl()
        assert len(a.tags()) >= 8
        path = a.svgIconPath()
        assert os.path.exists(path) and "/icons/" in path, a.id()
        icons.setdefault(a.groupId(), set()).add(path)
        assert not a.icon().isNull()
    assert all(len(v) == 1 for v in icons.values())
    # 9 families: paths, junctions, subgraphs, geometric, instances, pixel metrics, reports,
    # metric analysis, rasters
    assert len({p for v in icons.values() for p in v}) == len(icons) == 9
    assert "hausdorff" in alg("distances").tags() and "spacenet" in alg("apls").tags()


def test_metric_picker_is_readable_and_its_indices_stable(run_alg):
    from core import registry
    specs = registry.picker_specs()
    for name in ("evaluate", "sensitivity", "compare"):
        opts = alg(name).parameterDefinition("METRICS").options()
        assert opts[0] == "APLS (average path length similarity) — path metrics"
        assert opts[7] == "OPT-G (subgraph, one-to-one) — subgraph metrics"
        assert len(opts) == len(specs)
        assert not any(o in [s.id for s in specs] for o in opts)  # no raw ids
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": memory_layer(GRID),
                                         "PREDICTION": memory_layer(GRID), "METRICS": [7],
                                         "WORKERS": 1})
    import json
    assert json.loads(r["SCORES"])["metrics"] == ["optg"]


# -- 11 --------------------------------------------------------------------------------------------
def test_speed_and_other_numeric_fields_offer_numbers_only(qgis_app):
    for name, field in (("apls", "SPEED_FIELD"), ("cldice", "WIDTH_FIELD"),
                        ("instances", "CONFIDENCE_FIELD")):
        assert alg(name).parameterDefinition(field).dataType() == FieldDataType.Numeric
    assert alg("apls").parameterDefinition("CLASS_FIELD").dataType() == FieldDataType.Any


def test_perturb_runs_without_a_ground_truth_output(run_alg):
    r = run_alg("roadmetrics:perturb", {"INPUT": GT_SAMPLE, "ERROR_TYPE": 0, "COUNT": 3,
                                        "OUTPUT": "TEMPORARY_OUTPUT"})
    assert r["N_ERRORS"] == 3 and r["OUTPUT"].featureCount() > 0
    assert "GROUND_TRUTH_OUTPUT" not in r or r["GROUND_TRUTH_OUTPUT"] is None


class Recorder(QgsProcessingFeedback):
    def __init__(self):
        super().__init__()
        self.values = []

    def setProgress(self, p):  # noqa: N802 (Qt name)
        self.values.append(p)
        super().setProgress(p)


def test_evaluate_progress_moves_inside_the_metrics(qgis_app):
    """Two metrics: the bar shows the metrics' own progress (many distinct
    values between start and end), weighted by their cost, never back."""
    import processing
    fb = Recorder()
    processing.run("roadmetrics:evaluate", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                            "METRICS": [0, 11], "WORKERS": 1},
                   feedback=fb, context=QgsProcessingContext())
    # APLS and TLTS have the same cost: 8 % - 50 % and 50 % - 92 %
    first = {round(x, 1) for x in fb.values if 8.5 < x < 49.5}
    second = {round(x, 1) for x in fb.values if 50.5 < x < 91.5}
    assert len(first) >= 2 and len(second) >= 2, fb.values
    assert fb.values == sorted(fb.values) and fb.values[-1] == 100


def test_readme_model_variable_is_the_one_qgis_names(qgis_app):
    """README: a step added from the toolbox (described by the algorithm's
    display name) gives @APLS__average_path_length_similarity__APLS; renamed
    'apls', @apls_APLS."""
    from qgis.core import QgsProcessingModelAlgorithm, QgsProcessingModelChildAlgorithm
    for description, variable in (("APLS (average path length similarity)",
                                   "APLS__average_path_length_similarity__APLS"),
                                  ("apls", "apls_APLS")):
        m = QgsProcessingModelAlgorithm("m", "tests")
        a = QgsProcessingModelChildAlgorithm("roadmetrics:apls")
        a.generateChildId(m)
        a.setDescription(description)
        m.addChildAlgorithm(a)
        b = QgsProcessingModelChildAlgorithm("native:buffer")
        b.generateChildId(m)
        m.addChildAlgorithm(b)
        assert variable in m.variablesForChildAlgorithm(b.childId(), QgsProcessingContext())
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__)))), "README.md"), encoding="utf-8") as fh:
        readme = fh.read()
    assert "`@APLS__average_path_length_similarity__APLS`" in readme
    assert alg("apls").displayName() == "APLS (average path length similarity)"


def test_tool_dialogs_show_the_ranges_the_core_checks(qgis_app):
    # perturb and sensitivity: the widgets' minimum / maximum are the core's ranges
    from qgis.core import QgsApplication
    from core.analysis.perturb import param_specs
    from core.registry import MAX_COUNT
    specs = param_specs()
    for alg_id in ("roadmetrics:perturb", "roadmetrics:sensitivity"):
        alg = QgsApplication.processingRegistry().algorithmById(alg_id)
        for name in ("GAP_LENGTH", "MAX_SHIFT", "MIN_LINK", "DETOUR_FACTOR"):
            d = alg.parameterDefinition(name)
            assert (d.minimum(), d.maximum()) == (specs[name].minimum, specs[name].maximum), \
                (alg_id, name)
    count = QgsApplication.processingRegistry().algorithmById("roadmetrics:perturb") \
        .parameterDefinition("COUNT")
    assert (count.minimum(), count.maximum()) == (0, MAX_COUNT)


# -- dialogs propose a ground truth as QGIS does for a mandatory layer --------------------
class _Desktop:
    def __init__(self, active):
        self.active = active

    def activeLayer(self):
        return self.active


def test_dialog_proposes_the_active_or_first_line_layer(qgis_app, monkeypatch):
    import qgis.utils
    from roadmetrics.ui.checks import ground_truth_parameter, prediction_parameter
    points = QgsVectorLayer("Point?crs=EPSG:3067", "points", "memory")
    lines = [QgsVectorLayer("LineString?crs=EPSG:3067", name, "memory") for name in ("a", "b")]
    QgsProject.instance().addMapLayers([points] + lines)
    try:
        monkeypatch.setattr(qgis.utils, "iface", None, raising=False)  # qgis_process, models
        assert ground_truth_parameter().defaultValueForGui() is None
        monkeypatch.setattr(qgis.utils, "iface", _Desktop(lines[1]))
        assert ground_truth_parameter().defaultValueForGui() == lines[1].id()
        assert ground_truth_parameter().defaultValue() is None   # the dialog's only
        monkeypatch.setattr(qgis.utils, "iface", _Desktop(points))
        assert ground_truth_parameter().defaultValueForGui() == lines[0].id()
        assert prediction_parameter().defaultValueForGui() is None   # never the same layer
        monkeypatch.setattr(qgis.utils, "iface", _Desktop(lines[0]))
        apls = alg("apls").create()
        assert apls.parameterDefinition("GROUND_TRUTH").defaultValueForGui() == lines[0].id()
    finally:
        QgsProject.instance().removeMapLayers([x.id() for x in [points] + lines])
