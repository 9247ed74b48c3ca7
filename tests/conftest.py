import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

try:
    from hypothesis import settings

    settings.register_profile("default", deadline=None, derandomize=True, print_blob=True)
    settings.load_profile("default")
except ImportError:  # pragma: no cover
    pass
