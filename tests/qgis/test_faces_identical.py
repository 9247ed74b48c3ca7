"""One engine, three faces: for every metric, the library, the command line
and qgis_process give identical scores on the sample (default parameters;
the sampled metrics with their default SEED)."""
import json
import os
import sys

import pytest

from conftest import GT_SAMPLE, PRED_SAMPLE

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "library"))

import roadnetworkmetrics as rnm  # noqa: E402
from helpers_lib import cli  # noqa: E402


@pytest.mark.parametrize("metric", rnm.metrics())
def test_library_cli_and_qgis_process_identical(qgis_process, metric):
    lib = rnm.compute(metric, GT_SAMPLE, PRED_SAMPLE).to_dict()["scores"]
    c = cli(metric, GT_SAMPLE, PRED_SAMPLE, "--json")
    assert c.returncode == 0, c.stderr
    from_cli = json.loads(c.stdout)["scores"]
    res = qgis_process(f"roadmetrics:{metric}", f"GROUND_TRUTH={GT_SAMPLE}",
                       f"PREDICTION={PRED_SAMPLE}")
    from_qgis = json.loads(res["SCORES"])["scores"]
    assert from_cli == lib
    assert from_qgis == lib
