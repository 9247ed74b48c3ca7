import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# ROADMETRICS_INSTALLED=1: test the installed package (a wheel in a fresh
# venv, .ci/run) instead of this checkout: `core` and `roadnetworkmetrics`
# are then the copies inside site-packages (run pytest from outside the
# checkout, so that the current folder does not shadow them)
INSTALLED = bool(os.environ.get("ROADMETRICS_INSTALLED"))
if INSTALLED:
    import roadnetworkmetrics

    _PKG = os.path.dirname(os.path.abspath(roadnetworkmetrics.__file__))
    if os.path.realpath(_PKG) == os.path.realpath(os.path.join(ROOT, "roadnetworkmetrics")):
        raise RuntimeError(f"ROADMETRICS_INSTALLED is set but roadnetworkmetrics comes from the "
                           f"checkout ({_PKG}): run pytest from another folder")
    if _PKG not in sys.path:
        sys.path.insert(0, _PKG)  # `import core` = the installed roadnetworkmetrics/core
elif ROOT not in sys.path:
    sys.path.insert(0, ROOT)
# the shared helpers of the core tests (helpers.py, sample_data.py, the
# executor's task modules), imported by name from every folder of tests/core
CORE_TESTS = os.path.join(ROOT, "tests", "core")
if CORE_TESTS not in sys.path:
    sys.path.insert(1, CORE_TESTS)

try:
    from hypothesis import settings

    settings.register_profile("default", deadline=None, derandomize=True, print_blob=True)
    settings.load_profile("default")
except ImportError:  # pragma: no cover
    pass


def pytest_addoption(parser):
    parser.addoption("--test-order", default="file",
                     help="file (default), reverse, or random:SEED - run the tests in another "
                          "order to flush out order dependencies between them")


def pytest_collection_modifyitems(config, items):
    order = config.getoption("--test-order")
    if order == "reverse":
        items.reverse()
    elif order.startswith("random:"):
        import random
        random.Random(int(order.split(":", 1)[1])).shuffle(items)
    elif order != "file":
        raise ValueError(f"--test-order: file, reverse or random:SEED, not {order!r}")
