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
