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
