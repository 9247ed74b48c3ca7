"""Shared helpers of the library tests: the sample in other forms."""
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "resources", "sample")
GT = os.path.join(SAMPLE, "helsinki_ground_truth.gpkg")
PRED = os.path.join(SAMPLE, "helsinki_prediction.gpkg")


def parts_of(path):
    from roadnetworkmetrics.core.io.gpkg import read_gpkg
    return read_gpkg(path).lines.parts


def file_hashes(*paths):
    import hashlib
    out = {}
    for p in paths:
        if os.path.isdir(p):
            for f in sorted(os.listdir(p)):
                out.update(file_hashes(os.path.join(p, f)))
        elif os.path.exists(p):
            with open(p, "rb") as fh:
                out[p] = hashlib.sha256(fh.read()).hexdigest()
    return out


def same_scores(a: dict, b: dict, tol: float = 0.0) -> bool:
    if set(a) != set(b):
        return False
    for k in a:
        x, y = a[k], b[k]
        if x is None or y is None or (isinstance(x, float) and np.isnan(x)):
            if not ((x is None or np.isnan(x)) and (y is None or np.isnan(y))):
                return False
        elif abs(x - y) > tol:
            return False
    return True
