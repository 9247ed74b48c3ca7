"""QGIS test session: one QgsApplication, Processing initialised, the plugin
loaded as 'roadmetrics' (from a temporary folder linking to this checkout)."""
import os
import sys
import tempfile

import pytest

qgis_core = pytest.importorskip("qgis.core")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "resources", "sample")
GT_SAMPLE = os.path.join(SAMPLE, "helsinki_ground_truth.gpkg")
PRED_SAMPLE = os.path.join(SAMPLE, "helsinki_prediction.gpkg")

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_PLUGDIR = tempfile.mkdtemp(prefix="roadmetrics-plugins-")
os.symlink(ROOT, os.path.join(_PLUGDIR, "roadmetrics"))
sys.path.insert(0, _PLUGDIR)
for p in ("/usr/share/qgis/python/plugins", "/usr/lib/qgis/python/plugins"):
    if os.path.isdir(p) and p not in sys.path:
        sys.path.append(p)


@pytest.fixture(scope="session")
def qgis_app():
    from qgis.core import QgsApplication
    app = QgsApplication.instance()
    if app is None:
        app = QgsApplication([], False)
        app.initQgis()
    from processing.core.Processing import Processing
    Processing.initialize()
    import roadmetrics
    plugin = roadmetrics.classFactory(None)
    plugin.initProcessing()
    yield app
    plugin.unload()


@pytest.fixture
def run_alg(qgis_app):
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback

    def run(alg, params, context=None):
        return processing.run(alg, params, feedback=QgsProcessingFeedback(),
                              context=context or QgsProcessingContext())
    return run


def memory_layer(wkts, crs="EPSG:3067", geom="LineString", fields=(), values=None):
    from qgis.core import QgsFeature, QgsGeometry, QgsVectorLayer
    spec = f"{geom}?crs={crs}" + "".join(f"&field={n}:{t}" for n, t in fields)
    layer = QgsVectorLayer(spec, "test", "memory")
    feats = []
    for i, w in enumerate(wkts):
        f = QgsFeature(layer.fields())
        if w is not None:
            f.setGeometry(QgsGeometry.fromWkt(w))
        if values is not None:
            f.setAttributes(list(values[i]))
        feats.append(f)
    assert layer.dataProvider().addFeatures(feats)
    return layer
