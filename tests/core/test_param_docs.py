"""docs/parameters.md is generated from the registry (and the tools' QGIS
parameter definitions) by scripts/gen_param_docs: it must not be stale."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "gen_param_docs")


@pytest.mark.slow
def test_parameter_docs_are_current():
    # with the QGIS bindings importable the tools' tables are checked too
    p = subprocess.run([sys.executable, SCRIPT, "--check"], capture_output=True, text=True,
                       timeout=600, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]


def test_stale_docs_are_reported(tmp_path):
    """--check names the command that regenerates the file when a parameter
    changed (here: the file from a copy of the tree with one label edited)."""
    import shutil
    tree = tmp_path / "tree"
    for d in ("core", "scripts", "docs"):
        shutil.copytree(os.path.join(ROOT, d), tree / d)
    reg = tree / "core" / "schema.py"   # the shared network parameters
    text = reg.read_text(encoding="utf-8")
    assert '"Vertex merge tolerance"' in text
    reg.write_text(text.replace('"Vertex merge tolerance"', '"Vertex merge distance"'), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # the metric part alone (no QGIS needed): a python without the QGIS bindings on its path
    code = ("import sys, runpy; sys.modules['qgis'] = None; sys.argv = [sys.argv[1], '--check']; "
            "runpy.run_path(sys.argv[0], run_name='__main__')")
    p = subprocess.run([sys.executable, "-c", code, str(tree / "scripts" / "gen_param_docs")],
                       capture_output=True, text=True, timeout=300, env=env)
    assert p.returncode == 1
    assert "docs/parameters.md is stale: run scripts/gen_param_docs" in p.stderr
    assert "+| `MERGE_TOLERANCE` | Vertex merge distance |" in p.stdout
