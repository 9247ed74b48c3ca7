"""SCORES stays small and bounded: its size does not grow with the number of
features, paths, points or predictions (per-item detail is in the layers),
and every headline number is still in it."""
import json

import numpy as np
import pytest

from core import registry
from helpers import lines
from core.runner import run as run_spec


def _grid(blocks, step=120.0, shift=0.0):
    """A street grid of ``blocks`` x 2 blocks (lines split at junctions)."""
    out = []
    for i in range(blocks + 1):
        x = i * step + shift
        out.append([[x, 0.0], [x, step], [x, 2 * step]])
    for j in range(3):
        y = j * step + shift
        out.append([[0.0, y]] + [[i * step, y] for i in range(1, blocks + 1)])
    return out


def _pair(blocks):
    gt = lines(*_grid(blocks))
    # the prediction: shifted by 2 m, one road missing, one spurious road
    p = _grid(blocks, shift=2.0)[1:] + [[[10.0, 300.0], [blocks * 120.0, 310.0]]]
    return gt, lines(*p)


@pytest.mark.parametrize("spec", registry.all_specs(), ids=lambda s: s.id)
def test_scores_json_does_not_grow_with_the_network(spec):
    params = dict(spec.test_params)
    small = run_spec(spec, *_pair(3), params)
    large = run_spec(spec, *_pair(24), params)  # 8 times as many blocks
    a, b = small.to_json(), large.to_json()
    # counts gain digits, nothing else may grow
    assert len(b) <= len(a) + 250, (spec.id, len(a), len(b))
    assert len(b) < 6000, (spec.id, len(b))
    d = json.loads(b)
    assert "pool_stats" not in d
    assert set(d["scores"]) >= {o.name for o in spec.outputs}
    # the per-item detail is still available, in the layers
    assert sum(len(t) for t in large.layers.values()) >= sum(len(t) for t in small.layers.values())


def test_pool_stats_on_request_only():
    spec = registry.get("instances")
    r = run_spec(spec, *_pair(3))
    assert "pool_stats" not in r.to_dict()
    full = r.to_dict(pool_stats=True)
    assert len(full["pool_stats"]["pred_class"]) == r.counts["pred_instances"]


def test_optp_path_scores_are_in_the_layers():
    spec = registry.get("optp")
    r = run_spec(spec, *_pair(3), spec.test_params)
    assert "gt_path_scores" not in r.details
    scores = np.asarray(r.layers["MATCHED"].columns["path_score"] +
                        r.layers["UNMATCHED_GT"].columns["path_score"], float)
    assert len(scores) and np.all((scores >= 0) & (scores <= 1))
