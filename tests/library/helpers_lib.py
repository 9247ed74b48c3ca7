"""Shared helpers of the library tests: the sample in other forms."""
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "resources", "sample")
GT = os.path.join(SAMPLE, "helsinki_ground_truth.gpkg")
PRED = os.path.join(SAMPLE, "helsinki_prediction.gpkg")


def parts_of(path):
    from core.io.gpkg import read_gpkg
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


def cli_command():
    """How to start the command line: the installed ``roadmetrics`` script
    next to this Python (a wheel in a venv), else ``python -m
    roadnetworkmetrics`` from the checkout."""
    import shutil
    import sys
    import roadnetworkmetrics
    exe = os.path.join(os.path.dirname(sys.executable), "roadmetrics")
    if os.environ.get("ROADMETRICS_INSTALLED"):
        return [exe if os.path.exists(exe) else shutil.which("roadmetrics")], {}
    parent = os.path.dirname(os.path.dirname(os.path.abspath(roadnetworkmetrics.__file__)))
    return [sys.executable, "-m", "roadnetworkmetrics"], {"PYTHONPATH": parent}


def cli(*args, cwd=None, timeout=300):
    import subprocess
    cmd, env = cli_command()
    return subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True,
                          cwd=cwd or "/", env=dict(os.environ, **env), timeout=timeout)


def read_csv_rows(path) -> dict:
    """{id: row} of a batch's CSV rows file (its first line, the provenance
    record, skipped)."""
    import csv
    with open(path, newline="") as f:
        first = f.readline()
        assert first.startswith("# roadmetrics batch "), first
        return {r["id"]: r for r in csv.DictReader(f)}


def read_jsonl_rows(path) -> dict:
    """{id: row} of a batch's JSON-lines rows file (its provenance record
    skipped)."""
    import json
    with open(path) as f:
        head = json.loads(f.readline())
        assert set(head) == {"roadmetrics_batch"}, head
        return {r["id"]: r for r in map(json.loads, f)}


def masks():
    """Two 30 x 40 road masks: a cross (rows 10-13, columns 20-22) and the
    same cross shifted one row down."""
    g = np.zeros((30, 40), np.uint8)
    g[10:14] = 1
    g[:, 20:23] = 1
    return g, np.roll(g, 1, axis=0)
