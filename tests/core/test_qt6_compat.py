"""Static check that the plugin's Python is valid under PyQt5 and PyQt6
(QGIS 3.x and QGIS 4), without QGIS: every .py file of the checkout is parsed
and scanned for Qt5-only idioms.  A failure names file, line and rule.

The rules follow the QGIS project's Qt5 -> Qt6 migration guidance (the
pyqt5_to_pyqt6 script shipped with QGIS and the QGIS API "deprecated" list);
the checks themselves are written here:

* pyqt-import:   PyQt5 / PyQt6 / PySide / sip imported directly (use
                 qgis.PyQt.*), or the qgis.PyQt.Qt module (gone in Qt6);
* qvariant-type: ``QVariant.Int`` & co. (no QVariant.Type in PyQt6; field
                 types come from ui/compat.py) and ``QVariant()`` (use NULL);
* exec_:         ``exec_()`` (removed in PyQt6: use ``exec()``);
* unscoped-enum: ``Qt.AlignLeft``, ``QgsWkbTypes.LineString``: a CamelCase
                 member read straight off a Qt / QGIS class (PyQt6 only has
                 ``Qt.AlignmentFlag.AlignLeft``);
* removed-api:   names Qt6 or QGIS 4 removed (qApp, QRegExp, QDesktopWidget,
                 compiled resources, Qt.MidButton, ..., Qgis.geoWkt, ...);
* version-string: a version string parsed or compared (``int(x.__version__
                 .split(".")[0])``); detect features instead (Debian sid's
                 shapely says "0+unknown").
"""
import ast
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# the only place allowed to name QVariant types: its QGIS < 3.38 (Qt5-only) branch
ALLOWED = {("ui/compat.py", "qvariant-type")}

QT_BINDINGS = ("PyQt5", "PyQt6", "PySide2", "PySide6", "sip")
# Qt6 removed these (pyqt5_to_pyqt6: deprecated_renamed_enums, import warnings, qApp)
REMOVED_QT = {"qApp", "QRegExp", "QDesktopWidget", "MidButton", "TextColorRole",
              "BackgroundColorRole", "HighQualityAntialiasing"}
# QGIS API deprecated with "will be removed in QGIS 4.0"
REMOVED_QGIS = {"GEO_EPSG_CRS_ID", "GEOCRS_ID", "GEOSRID", "geoProj4", "geoWkt", "SCALE_PRECISION"}
VERSION_ATTRS = {"__version__", "QGIS_VERSION", "QT_VERSION_STR", "PYQT_VERSION_STR"}
VERSION_PARSERS = {"int", "float", "tuple", "map", "Version", "LooseVersion", "StrictVersion",
                   "parse", "parse_version", "split", "startswith", "partition"}
CAMEL = re.compile(r"^[A-Z]\w*[a-z]\w*$")


def _qt_names(tree):
    """Names a module imports from Qt or QGIS (qgis.core, qgis.PyQt.QtCore, ...)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and \
                node.module.split(".")[0] in QT_BINDINGS + ("qgis",):
            names.update(a.asname or a.name for a in node.names)
    return names


def scan_source(source, path="<string>"):
    """(line, rule, message) for every Qt5-only idiom in ``source``."""
    tree = ast.parse(source, filename=path)
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            child.parent = node
    qt = _qt_names(tree)
    found = []

    def add(node, rule, msg):
        found.append((node.lineno, rule, msg))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for m in mods:
                if m.split(".")[0] in QT_BINDINGS or m == "qgis.PyQt.Qt":
                    add(node, "pyqt-import", f"import of {m}: use qgis.PyQt.QtCore / QtGui / QtWidgets")
            for a in node.names:
                if a.name in REMOVED_QT | {"resources_rc"}:
                    add(node, "removed-api", f"{a.name} does not exist on Qt6")
        elif isinstance(node, ast.Attribute):
            parent = getattr(node, "parent", None)
            base = node.value.id if isinstance(node.value, ast.Name) else None
            if base == "QVariant":
                add(node, "qvariant-type", f"QVariant.{node.attr}: no QVariant types in PyQt6 "
                    "(field types: ui/compat.py field_type / make_field)")
            elif node.attr == "exec_":
                add(node, "exec_", "exec_() was removed in PyQt6: use exec()")
            elif node.attr in REMOVED_QT or node.attr in REMOVED_QGIS:
                add(node, "removed-api", f".{node.attr} is removed in Qt6 / QGIS 4")
            elif node.attr in VERSION_ATTRS and _parsed(node):
                add(node, "version-string", f"{node.attr} parsed or compared: detect the feature instead")
            elif base in qt and CAMEL.match(node.attr) and not (
                    isinstance(parent, ast.Attribute) and parent.value is node) and not (
                    isinstance(parent, ast.Call) and parent.func is node) and not (
                    isinstance(parent, ast.ClassDef)):
                add(node, "unscoped-enum", f"{base}.{node.attr}: unscoped enum value, write it fully "
                    f"scoped ({base}.<EnumName>.{node.attr} or Qgis.<EnumName>.<value>; ui/compat.py)")
            if node.attr == "desktop" and isinstance(parent, ast.Call) and not parent.args:
                add(node, "removed-api", "QApplication.desktop() (QDesktopWidget) is removed in Qt6")
        elif isinstance(node, ast.Name) and node.id in REMOVED_QT and isinstance(node.ctx, ast.Load):
            add(node, "removed-api", f"{node.id} does not exist on Qt6")
        elif isinstance(node, ast.FunctionDef) and node.name == "exec_":
            add(node, "exec_", "exec_() was removed in PyQt6: define exec()")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "QVariant":
            add(node, "qvariant-type", "QVariant(...) as a null value: use qgis.core.NULL")
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and \
                node.value.attr == "activated" and isinstance(node.slice, ast.Name) and node.slice.id == "str":
            add(node, "removed-api", "activated[str] overload is removed in Qt6: use textActivated")
    return sorted(found)


def _parsed(node):
    """True when a version attribute feeds a parser or a comparison."""
    n = node
    while hasattr(n, "parent") and not isinstance(n, ast.stmt):
        p = n.parent
        if isinstance(p, ast.Compare):
            return True
        if isinstance(p, ast.Call):
            f = p.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in VERSION_PARSERS:
                return True
        if isinstance(p, ast.Attribute) and p.attr in VERSION_PARSERS:
            return True
        n = p
    return False


def python_files():
    out = []
    for d, subdirs, files in os.walk(ROOT):
        subdirs[:] = sorted(s for s in subdirs if not s.startswith(".") and s != "__pycache__")
        out += [os.path.join(d, f) for f in sorted(files) if f.endswith(".py")]
    return out


def test_the_plugin_code_has_no_qt5_only_idiom():
    files = python_files()
    assert any(f.endswith(os.path.join("ui", "compat.py")) for f in files)
    problems = []
    for f in files:
        rel = os.path.relpath(f, ROOT).replace(os.sep, "/")
        with open(f, encoding="utf-8") as fh:
            for line, rule, msg in scan_source(fh.read(), rel):
                if (rel, rule) not in ALLOWED:
                    problems.append(f"{rel}:{line}: [{rule}] {msg}")
    assert not problems, "Qt5-only code (not valid on QGIS 4 / PyQt6):\n" + "\n".join(problems)


BAD = '''\
from PyQt5.QtCore import Qt
from qgis.PyQt.QtCore import QVariant, QMetaType
from qgis.PyQt.QtWidgets import QDialog, QApplication, qApp
from qgis.core import Qgis, QgsField, QgsWkbTypes
import shapely
f = QgsField("n", QVariant.Int)
dlg = QDialog()
dlg.exec_()
align = Qt.AlignLeft
wkb = QgsWkbTypes.LineString
major = int(shapely.__version__.split(".")[0])
QApplication.desktop()
null = QVariant()
old = shapely.__version__ < "2"
'''
GOOD = '''\
from qgis.PyQt.QtCore import Qt, QMetaType
from qgis.PyQt.QtWidgets import QDialog
from qgis.core import Qgis, QgsField, QgsProcessing, QgsWkbTypes
import shapely
f = QgsField("n", QMetaType.Type.Int)
QDialog().exec()
align = Qt.AlignmentFlag.AlignLeft
wkb = Qgis.WkbType.LineString
old = QgsProcessing.SourceType.TypeVectorLine
gtype = QgsWkbTypes.geometryType(wkb)
out = QgsProcessing.TEMPORARY_OUTPUT
vectorised = hasattr(shapely, "buffer")
print("shapely", shapely.__version__)
class Algorithm(QgsProcessing):
    pass
'''


def test_scanner_names_each_idiom_and_its_line():
    got = [(line, rule) for line, rule, _ in scan_source(BAD)]
    assert got == [(1, "pyqt-import"), (3, "removed-api"), (6, "qvariant-type"), (8, "exec_"),
                   (9, "unscoped-enum"), (10, "unscoped-enum"), (11, "version-string"),
                   (12, "removed-api"), (13, "qvariant-type"), (14, "version-string")]


def test_scanner_accepts_code_valid_on_pyqt5_and_pyqt6():
    assert scan_source(GOOD) == []


def metadata():
    out = {}
    with open(os.path.join(ROOT, "metadata.txt"), encoding="utf-8") as fh:
        for line in fh:
            if "=" in line and not line.startswith("["):
                k, v = line.split("=", 1)
                out[k.strip()] = v.strip()
    return out


@pytest.mark.parametrize("key,value", [("supportsQt6", "True"), ("qgisMinimumVersion", "3.22"),
                                       ("qgisMaximumVersion", "4.99")])
def test_metadata_declares_qgis_3_22_to_4(key, value):
    """QGIS 4 (Qt6) loads only plugins that declare Qt6 support and whose
    version range includes 4.x."""
    assert metadata().get(key) == value
