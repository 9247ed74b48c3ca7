"""The library's packaging: the same version as the plugin, every core
package in the wheel's package list, no QGIS code in it."""
import os
import re

from helpers_lib import ROOT


def _pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        return f.read()


def test_version_is_the_plugins():
    with open(os.path.join(ROOT, "metadata.txt"), encoding="utf-8") as f:
        meta = re.search(r"^version=(.+)$", f.read(), re.M).group(1).strip()
    assert re.search(r'^version = "([^"]+)"', _pyproject(), re.M).group(1) == meta


def test_every_core_package_is_listed():
    listed = set(re.findall(r'"(roadnetworkmetrics(?:\.[a-z_]+)*)"', _pyproject()))
    core = {"roadnetworkmetrics.core" + d[len(os.path.join(ROOT, "core")):].replace(os.sep, ".")
            for d, _, files in os.walk(os.path.join(ROOT, "core")) if "__init__.py" in files}
    assert core <= listed, sorted(core - listed)
    assert not any(".ui" in p for p in listed)
