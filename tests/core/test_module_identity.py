"""One module per source file (core/aliases.py): the core imported as
``core`` (tests, scripts) and as ``roadnetworkmetrics.core`` (the library)
is one set of module objects, in whichever order the names come: one
registry, one LineSet class, one per-thread state."""
import importlib
import os
import pkgutil
import subprocess
import sys

import pytest

import core

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _modules():
    return sorted(m.name for m in pkgutil.walk_packages(core.__path__, "core."))


@pytest.mark.parametrize("name", _modules())
def test_every_core_module_is_one_object_under_both_names(name):
    pytest.importorskip("roadnetworkmetrics")
    a = importlib.import_module(name)
    b = importlib.import_module("roadnetworkmetrics." + name)
    assert a is b
    for attr in ("registry", "LineSet", "Source"):
        if hasattr(a, attr):
            assert getattr(a, attr) is getattr(b, attr)


@pytest.mark.parametrize("first", ["core", "roadnetworkmetrics"])
def test_either_name_first_in_a_fresh_process(first):
    """The first import decides the canonical name; the other answers with
    the same objects, and the registry is filled once."""
    code = f"""
import sys
import {first}
import core.registry as a, roadnetworkmetrics.core.registry as b
from core.network.lineset import LineSet as L1
from roadnetworkmetrics.core.network.lineset import LineSet as L2
assert a is b and L1 is L2, (a, b)
import roadnetworkmetrics as rnm
r = rnm.ccq([[(0, 0), (100, 0)]], [[(0, 1), (100, 1)]])
assert isinstance(rnm.read([[(0, 0), (1, 0)]]).lines, L1)
print(len(a.all_specs()), len(b.all_specs()), a.__name__)
"""
    env = dict(os.environ)
    if not os.environ.get("ROADMETRICS_INSTALLED"):
        env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    else:
        import roadnetworkmetrics
        env["PYTHONPATH"] = os.path.dirname(os.path.abspath(roadnetworkmetrics.__file__))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd="/")
    assert out.returncode == 0, out.stderr
    n1, n2, canonical = out.stdout.split()
    assert n1 == n2 and int(n1) >= 13
    assert canonical == ("core.registry" if first == "core" else
                         "roadnetworkmetrics.core.registry")


def test_an_unrelated_package_named_core_is_left_alone(tmp_path):
    other = tmp_path / "elsewhere" / "core"
    other.mkdir(parents=True)
    (other / "__init__.py").write_text("WHO = 'someone else'\n")
    code = """
import roadnetworkmetrics, sys
sys.path.insert(0, sys.argv[1])
import core
print(core.WHO)
"""
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "elsewhere")],
                         capture_output=True, text=True, env=env, cwd="/")
    if os.environ.get("ROADMETRICS_INSTALLED"):
        pytest.skip("checks the checkout's names")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "someone else"
