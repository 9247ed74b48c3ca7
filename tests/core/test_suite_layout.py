"""The test suite's own layout: pytest imports test modules by basename
(prepend import mode, no __init__.py in tests/), so two test files with one
name in different folders stop the whole run at collection."""
import collections
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_test_file_names_are_unique():
    seen = collections.defaultdict(list)
    for d, _, files in os.walk(os.path.join(ROOT, "tests")):
        for f in files:
            if f.startswith("test_") and f.endswith(".py"):
                seen[f].append(os.path.relpath(os.path.join(d, f), ROOT))
    assert not {k: v for k, v in seen.items() if len(v) > 1}


def test_the_tests_import_the_core_by_one_name():
    """core/aliases.py makes every name of the core one set of modules; the
    tests still use one name, ``core``, so a reader sees one identity (the
    identity test itself and the packaging test name the others on purpose)."""
    import re
    allowed = {"test_module_identity.py", "test_packaging.py", "test_suite_layout.py"}
    bad = []
    for d, _, files in os.walk(os.path.join(ROOT, "tests")):
        for f in files:
            if f.endswith(".py") and f not in allowed:
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    for k, line in enumerate(fh, 1):
                        if re.search(r"(roadmetrics|roadnetworkmetrics)\.core\b", line):
                            bad.append(f"{f}:{k}")
    assert not bad, bad
