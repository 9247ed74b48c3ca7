"""Translations: the French .ts compiles, loads and translates the provider
and the algorithms; every string of the plugin has a translation.

Self-contained (no session fixture needed): reuses a running QgsApplication
or starts one (never exits it), and removes its translator after each test so
other QGIS tests keep seeing English strings.
"""
import importlib
import os
import subprocess
import sys

import pytest

pytest.importorskip("qgis.core")

from qgis.core import QgsApplication  # noqa: E402
from qgis.PyQt.QtCore import QCoreApplication, QTranslator  # noqa: E402

from conftest import find_lrelease  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TS = os.path.join(ROOT, "i18n", "roadmetrics_fr.ts")
CONTEXT = "RoadMetrics"
_APP = None  # keeps an application this module started alive for the session


@pytest.fixture(scope="module")
def qgis_app():
    global _APP
    app = QgsApplication.instance()
    if app is None:
        _APP = app = QgsApplication([], False)
        app.initQgis()
    return app


@pytest.fixture(scope="module")
def french_qm(tmp_path_factory):
    lrelease = find_lrelease()
    if lrelease is None:
        pytest.skip("lrelease not installed (qttools5-dev-tools)")
    qm = tmp_path_factory.mktemp("i18n") / "roadmetrics_fr.qm"
    r = subprocess.run([lrelease, TS, "-qm", str(qm)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert qm.is_file() and qm.stat().st_size > 0
    return qm, r.stdout + r.stderr


@pytest.fixture
def french(qgis_app, french_qm):
    translator = QTranslator()
    assert translator.load(str(french_qm[0]))
    assert QCoreApplication.installTranslator(translator)
    try:
        yield translator
    finally:
        QCoreApplication.removeTranslator(translator)


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    """The plugin imported as the package ``roadmetrics`` (the name QGIS gives it)."""
    if "roadmetrics" not in sys.modules:
        folder = tmp_path_factory.mktemp("plugins")
        os.symlink(ROOT, folder / "roadmetrics", target_is_directory=True)
        sys.path.insert(0, str(folder))
    return importlib.import_module("roadmetrics")


def tr(text):
    return QCoreApplication.translate(CONTEXT, text)


def test_lrelease_reports_no_unfinished(french_qm):
    out = french_qm[1]
    assert "0 unfinished" in out, out


def test_provider_name_is_french(french):
    assert tr("Road network metrics") == "Métriques de réseaux routiers"


def test_placeholders_survive(french):
    text = tr("Invalid parameters: {}").format("X")
    assert text.startswith("Paramètres invalides") and text.endswith("X")


def test_provider_and_apls_display_names(french, plugin):
    provider = importlib.import_module("roadmetrics.ui.provider")
    algorithm = importlib.import_module("roadmetrics.ui.algorithm")
    registry = importlib.import_module("core.registry")
    assert provider.RoadMetricsProvider().name() == "Métriques de réseaux routiers"
    spec = registry.get("apls")
    alg = algorithm.algorithm_class(spec)()
    assert alg.displayName() == tr(spec.name)
    assert alg.displayName() != spec.name
    assert "similarité" in alg.displayName()
    assert alg.group() == "Métriques de chemins"
    assert "Paramètres" in alg.shortHelpString()


def test_tool_texts_marked_with_tr_noop_are_french(french, plugin):
    # the tools keep their texts in class attributes (tr_noop), translated when shown
    evaluate = importlib.import_module("roadmetrics.ui.evaluate").EvaluateAlgorithm()
    assert evaluate.displayName() == "Évaluer toutes les métriques"
    assert evaluate.displayName() != evaluate.DISPLAY
    assert evaluate.shortHelpString().startswith("Exécute chaque métrique")
    compare = importlib.import_module("roadmetrics.ui.compare").CompareAlgorithm()
    assert compare.group() != compare.GROUP and compare.name() == "compare"


def test_core_refusals_are_shown_in_french(french, plugin):
    # a parameter refused by the core (core/text.py template with the label,
    # the kind and the range as translated parts) reaches the user in French
    from qgis.core import QgsProcessingException
    checks = importlib.import_module("roadmetrics.ui.checks")
    registry = importlib.import_module("core.registry")
    with pytest.raises(QgsProcessingException) as e:
        checks.resolve_single(registry.get("apls"), {"CONTROL_SPACING": float("nan")})
    text = str(e.value)
    assert text.startswith("Paramètres invalides"), text
    assert ("(CONTROL_SPACING) doit être un nombre fini de 0.01 à 100000 m\xa0; reçu nan."
            in text), text
    assert tr("Control point spacing") in text and tr("Control point spacing") != "Control point spacing"
    spec = registry.get("apls")
    with pytest.raises(ValueError) as e:
        registry.check_fields(spec, spec.resolve({"CLASS_FIELD": "cls"}),
                              {"GROUND_TRUTH": {"cls"}, "PREDICTION": set()})
    summary = importlib.import_module("roadmetrics.ui.summary")
    assert summary.error_text(e.value).startswith(
        "apls\xa0: CLASS_FIELD « cls » est absent de la couche de prédiction (ses champs\xa0: "
        "aucun)\xa0;")


def test_english_after_translator_removed(qgis_app, french_qm):
    # no French leaks into other tests once the fixture has torn down
    assert tr("Road network metrics") == "Road network metrics"


def test_update_ts_check_passes():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "update_ts.py"), "--check"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def test_pixel_mask_error_units_and_strategies_in_french(french, plugin):
    """Issue 37: the pixel metrics' mask refusal (its side, its sentence and
    where to set the threshold), the unit in brackets and the strategy names
    are French."""
    import numpy as np
    masks = importlib.import_module("core.metrics.pixel.masks")
    mask = importlib.import_module("core.raster.mask")
    pixel = importlib.import_module("roadmetrics.ui.pixel_algorithm")
    registry = importlib.import_module("core.registry")
    g = np.zeros((6, 6), dtype=np.uint8)
    p = np.array([[0, 1, 2]] * 2 + [[0] * 3] * 4, dtype=np.uint8).repeat(2, axis=1)[:, :6]
    with pytest.raises(mask.NotAMask) as e:
        masks.road_masks(masks.from_pixel_size(g, p, 1.0), {})
    alg = pixel.pixel_algorithm_class(registry.get("pixel_boundaryf"))()
    alg.initAlgorithm()
    text = pixel.not_a_mask_text(alg, e.value, e.value.param)
    assert text.startswith("prédiction\xa0: Le raster n'est pas un masque 0/1"), text
    assert "[PRED_THRESHOLD] dans le panneau principal" in text, text
    angle = alg.parameterDefinition("ANGLE_TOLERANCE").description()
    assert angle.endswith("[degrés]"), angle
    strategy = alg.parameterDefinition("STRATEGY").options()
    assert strategy == ["distance", "aire", "correspondance", "validation"], strategy
