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


def pytest_collection_modifyitems(config, items):
    """Every test that starts qgis_process is slow (QGIS starts in a new process)."""
    for item in items:
        if "qgis_process" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


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


def load_lines(path):
    """Every line part of the vector file ``path`` as a core LineSet, in the
    file's coordinates: what the algorithms read, for comparing
    processing.run with the core on the same data."""
    import numpy as np
    from qgis.core import QgsVectorLayer
    from core.network.lineset import LineSet
    layer = QgsVectorLayer(path, "x", "ogr")
    parts = []
    for f in layer.getFeatures():
        for part in f.geometry().constParts():
            parts.append(np.array([[v.x(), v.y()] for v in part.vertices()]))
    return LineSet(parts)


def qgis_process_executable():
    """A qgis_process that works here (on Debian 12 /usr/bin/qgis_process is a
    broken wrapper: qgis_process.bin first), or None."""
    import shutil
    import subprocess
    for c in ("/usr/bin/qgis_process.bin", shutil.which("qgis_process.bin"), shutil.which("qgis_process")):
        if c and os.path.exists(c):
            env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
            if subprocess.run([c, "--version"], capture_output=True, env=env).returncode == 0:
                return c
    return None


def qgis_process_setup(tmp_path):
    """``(executable, environment)`` of a qgis_process with this checkout
    enabled as the plugin in a fresh profile under ``tmp_path`` (skips when
    no qgis_process works)."""
    import subprocess
    exe = qgis_process_executable()
    if exe is None:
        pytest.skip("no working qgis_process")
    plugins = tmp_path / "qp-plugins"
    plugins.mkdir()
    os.symlink(ROOT, plugins / "roadmetrics")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QGIS_PLUGINPATH=str(plugins),
               QGIS_CUSTOM_CONFIG_PATH=str(tmp_path / "qp-profile"))
    subprocess.run([exe, "plugins", "enable", "roadmetrics"], env=env, capture_output=True, check=True)
    return exe, env


@pytest.fixture
def qgis_process(tmp_path):
    """``run(algorithm, *KEY=VALUE) -> results`` through ``qgis_process --json``
    with this checkout enabled as the plugin in a fresh profile (skips when no
    qgis_process works)."""
    import json
    import subprocess
    exe, env = qgis_process_setup(tmp_path)

    def run(alg, *args, check=True):
        """results; with check=False: (return code, stdout + stderr)."""
        p = subprocess.run([exe, "--json", "run", alg, "--", *args], env=env,
                           capture_output=True, text=True, timeout=600)
        if not check:
            return p.returncode, p.stdout + p.stderr
        assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
        return json.loads(p.stdout[p.stdout.index("{"):])["results"]
    return run


def file_hashes(folder):
    """{relative path: sha256} of every file under ``folder`` (but SQLite's
    shared-memory index and empty write-ahead log of an open GeoPackage:
    a non-empty -wal holds writes, it counts)."""
    import hashlib
    out = {}
    for root, _, files in os.walk(folder):
        for name in files:
            full = os.path.join(root, name)
            if name.endswith("-shm") or (name.endswith("-wal") and os.path.getsize(full) == 0):
                continue
            path = os.path.join(root, name)
            with open(path, "rb") as fh:
                out[os.path.relpath(path, folder)] = hashlib.sha256(fh.read()).hexdigest()
    return out


@pytest.fixture
def guarded_inputs(tmp_path, qgis_app):
    """Copies of the sample inputs in a folder of their own (GeoPackages and
    the ground truth as a shapefile): ``.gt``, ``.pred``, ``.gt_shp``,
    ``.pred_shp``, ``.folder``.  After the test, every file there must be
    unchanged (SHA-256) and no file may have been added: outputs never go
    over inputs."""
    import shutil
    import types
    from osgeo import gdal
    gdal.UseExceptions()
    folder = tmp_path / "inputs"
    folder.mkdir()
    gt, pred = str(folder / "ground truth.gpkg"), str(folder / "prediction.gpkg")
    shutil.copy(GT_SAMPLE, gt)
    shutil.copy(PRED_SAMPLE, pred)
    gt_shp, pred_shp = str(folder / "gt.shp"), str(folder / "pred.shp")
    gdal.VectorTranslate(gt_shp, gt, format="ESRI Shapefile")
    gdal.VectorTranslate(pred_shp, pred, format="ESRI Shapefile")
    before = file_hashes(folder)
    yield types.SimpleNamespace(gt=gt, pred=pred, gt_shp=gt_shp, pred_shp=pred_shp,
                                folder=str(folder))
    from qgis.core import QgsProject
    QgsProject.instance().removeAllMapLayers()
    import gc
    gc.collect()
    after = file_hashes(folder)
    assert after == before, "an input file was modified or a file was added next to them"


def find_lrelease():
    """Qt's lrelease (compiles the .ts translations), or None."""
    import shutil
    for c in (os.environ.get("LRELEASE"), shutil.which("lrelease"), shutil.which("lrelease-qt5"),
              "/usr/lib/qt5/bin/lrelease"):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None
