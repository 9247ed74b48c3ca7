"""Code shape rules of DEVELOPMENT.md that a reader would otherwise check by
hand: no function in core/ or ui/ longer than 80 lines (split long ones into
named steps)."""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_LINES = 80


def long_functions(folder):
    """[(path:function, lines)] of the functions (nested ones included)
    longer than MAX_LINES under ``folder``."""
    out = []
    for d, _, files in os.walk(os.path.join(ROOT, folder)):
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            with open(path, encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    n = node.end_lineno - node.lineno + 1
                    if n > MAX_LINES:
                        out.append((f"{os.path.relpath(path, ROOT)}:{node.name}", n))
    return sorted(out)


@pytest.mark.parametrize("folder", ["core", "ui"])
def test_no_function_longer_than_80_lines(folder):
    assert long_functions(folder) == []


def test_metric_specs_are_declared_in_one_call():
    """Every field of a MetricSpec is given to its constructor: no module
    sets SPEC.<field> afterwards (one way to declare a metric)."""
    import re
    late = []
    for d, _, files in os.walk(os.path.join(ROOT, "core", "metrics")):
        for f in files:
            if f.endswith(".py"):
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    late += [f"{f}: {m}" for m in re.findall(r"^SPEC\.\w+ *=", fh.read(), re.M)]
    assert late == []


def test_registry_contracts_are_typed_dataclasses():
    import dataclasses

    from core import registry, result
    for cls in (registry.Param, registry.Output, registry.Sink, registry.MetricSpec, registry.RasterMap,
                result.MetricResult, result.FeatureTable):
        assert dataclasses.is_dataclass(cls), cls.__name__
    # every public function and method of the two modules is annotated
    missing = []
    for module in (registry, result):
        with open(module.__file__, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_") \
                    and node.returns is None:
                missing.append(f"{os.path.basename(module.__file__)}:{node.name}")
    assert missing == []


def test_every_public_function_of_the_core_says_what_it_returns():
    """Type hints on the public core API: every function and method without a
    leading underscore (in public classes) has a return annotation."""
    missing = []
    for d, _, files in os.walk(os.path.join(ROOT, "core")):
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            with open(path, encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            for node in tree.body:
                funcs = [node] if isinstance(node, ast.FunctionDef) else (
                    [m for m in node.body if isinstance(m, ast.FunctionDef)]
                    if isinstance(node, ast.ClassDef) and not node.name.startswith("_") else [])
                missing += [f"{os.path.relpath(path, ROOT)}:{fn.name}" for fn in funcs
                            if not fn.name.startswith("_") and fn.returns is None]
    assert missing == []


def test_metric_results_are_built_with_keywords():
    """A MetricResult's fields after (metric, scores) are passed by name:
    eight positional arguments are easy to misplace (no error, wrong data)."""
    import ast
    import glob
    root = os.path.join(ROOT, "core")
    bad = []
    for path in glob.glob(os.path.join(root, "**", "*.py"), recursive=True):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "MetricResult" \
                    and len(node.args) > 2:
                bad.append(f"{os.path.relpath(path, ROOT)}:{node.lineno}")
    assert not bad, bad
