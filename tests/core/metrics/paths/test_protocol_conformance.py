"""APLS VARIANT=sat2graph / sat2graph_spacenet against the reference's own
output: Sat2Graph's Go APLS built and run on generated tiles by
scripts/protocol_fixtures.py, its numbers stored in
tests/fixtures/protocols/sat2graph_reference.json (several runs per case:
Go's map order makes them differ; the two doubled-road cases, whose runs
spread most, were run 400 and 40 times).  Every case, each direction too,
within 0.005 of the mean of the reference's runs.  And where the replay
finds that no order can change the result, random orders give exactly its
number.  The cases' spreads are in docs/paths.md."""
import json
import math
from pathlib import Path

import numpy as np
import pytest

from core import registry
from core.io.graphs import from_adjacency
from core.metrics.paths import apls_sat2graph as s2g
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


TOL = 0.005


def nan(v) -> float:
    return math.nan if v is None else float(v)


def agrees(got: float, runs: list) -> bool:
    """Within TOL of the mean of the reference's runs (NaN where they are)."""
    runs = [nan(v) for v in runs]
    if math.isnan(got) or any(math.isnan(v) for v in runs):
        return math.isnan(got) and all(math.isnan(v) for v in runs)
    return abs(got - sum(runs) / len(runs)) <= TOL


@pytest.mark.parametrize("case", cases())
def test_apls_replay_matches_the_reference(case):
    gt = from_adjacency(adjacency(case["gt"])).lines
    pred = from_adjacency(adjacency(case["pred"])).lines
    r = run_spec(registry.get("apls"), gt, pred, {"VARIANT": VARIANT[case["setting"]]})
    got = [r.score("APLS_GT_TO_PRED"), r.score("APLS_PRED_TO_GT"), r.score("APLS")]
    runs = case["apls"]["runs"]
    for k in range(3):
        assert agrees(got[k], [run[k] for run in runs]), (k, got, runs)


@pytest.mark.parametrize("case", cases())
def test_order_independence_found_by_the_replay_holds_for_random_orders(case):
    """The fixed order's check (no contested snap, no competing chains)
    claims every order gives its number: 12 random orders as Go draws them
    do, on every fixture case and direction the check clears."""
    s = s2g.CITYSCALE if case["setting"] == "cityscale" else s2g.SPACENET
    gt = from_adjacency(adjacency(case["gt"])).lines.parts
    pred = from_adjacency(adjacency(case["pred"])).lines.parts
    G = s2g.densify([s2g.to_degrees(np.asarray(p, float)) for p in gt])
    P = s2g.densify([s2g.to_degrees(np.asarray(p, float)) for p in pred])
    rng = np.random.default_rng(11)
    for g, o in ((G, P), (P, G)):
        pts, depends = s2g.control_points(g, o, s)
        match, conflict = s2g.snap(g, pts, o, s)
        if depends or conflict:
            continue
        fixed = s2g._run(g, o, pts, match, s, ({}, {}))[0]
        for _ in range(12):
            p2, _ = s2g.control_points(g, o, s, rng)
            m2, _ = s2g.snap(g, p2, o, s, rng)
            got = s2g._run(g, o, p2, m2, s, ({}, {}))[0]
            assert got == fixed or (math.isnan(got) and math.isnan(fixed))
