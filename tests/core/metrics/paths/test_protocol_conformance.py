"""APLS VARIANT=sat2graph / sat2graph_spacenet against the reference's own
output (issue 33): Sat2Graph's Go APLS built and run on generated tiles by
scripts/protocol_fixtures.py, its numbers stored in
tests/fixtures/protocols/sat2graph_reference.json (several runs per case:
Go's map order makes them differ).  Every case within 0.005 of the mean of
the reference's runs, each direction too."""
import json
import math
from pathlib import Path

import pytest

from core import registry
from core.io.graphs import from_adjacency
from core.runner import run as run_spec

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "protocols" / "sat2graph_reference.json"
VARIANT = {"cityscale": "sat2graph", "spacenet": "sat2graph_spacenet"}


def adjacency(rows) -> dict:
    """The fixture's [[a, b, [[a2, b2], ...]], ...] as the pickle's dict, in order."""
    return {(float(a), float(b)): [tuple(map(float, n)) for n in nbrs] for a, b, nbrs in rows}


def cases():
    if not FIXTURES.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason="no reference fixtures"))]
    data = json.loads(FIXTURES.read_text())
    return [pytest.param(c, id=c["name"]) for c in data["cases"] if c.get("apls")]


def close(got: float, ref: float) -> bool:
    return (math.isnan(got) and math.isnan(ref)) or abs(got - ref) <= 0.005


@pytest.mark.parametrize("case", cases())
def test_apls_replay_matches_the_reference(case):
    gt = from_adjacency(adjacency(case["gt"])).lines
    pred = from_adjacency(adjacency(case["pred"])).lines
    if not gt.parts:
        pytest.skip("empty ground truth")
    r = run_spec(registry.get("apls"), gt, pred, {"VARIANT": VARIANT[case["setting"]]})
    ref = case["apls"]["mean"]
    got = [r.score("APLS_GT_TO_PRED"), r.score("APLS_PRED_TO_GT"), r.score("APLS")]
    assert all(close(g, f) for g, f in zip(got, ref)), (got, ref, case["apls"]["runs"])
