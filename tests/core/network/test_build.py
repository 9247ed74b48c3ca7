import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from core.network.build import build_network, densify_locations
from core.runner import run as run_spec


def net(*lines, **kw):
    return build_network([np.asarray(l, float) for l in lines], **kw)


def test_shared_endpoint_connects_and_degree2_dissolves():
    n = net([[0, 0], [50, 0]], [[50, 0], [100, 0]])
    assert n.n_edges == 1 and n.n_nodes == 2
    assert n.total_length == pytest.approx(100)


def test_shared_interior_vertex_is_a_junction():
    n = net([[0, 0], [50, 0], [100, 0]], [[50, -50], [50, 0], [50, 50]])
    assert n.n_nodes == 5 and n.n_edges == 4
    assert sorted(n.node_degree().tolist()) == [1, 1, 1, 1, 4]


def test_crossing_without_vertex_not_connected_unless_asked():
    a, b = [[0, 0], [100, 0]], [[50, -50], [50, 50]]
    assert net(a, b).n_edges == 2
    n = net(a, b, node_crossings=True)
    assert n.n_edges == 4 and n.node_degree().max() == 4


def test_merge_tolerance():
    a, b = [[0, 0], [50, 0]], [[50.03, 0], [100, 0]]
    assert net(a, b).n_edges == 1
    assert net(a, b, merge_tolerance=0.01).n_edges == 2


def test_ring_keeps_one_canonical_node():
    ring = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]
    n = net(ring)
    assert n.n_edges == 1 and n.n_nodes == 1
    assert n.node_xy[0].tolist() == [0, 0]
    # split differently: same graph
    n2 = net([[10, 10], [0, 10], [0, 0]], [[0, 0], [10, 0], [10, 10]])
    assert n2.n_edges == 1 and n2.node_xy[0].tolist() == [0, 0]
    assert n2.total_length == pytest.approx(40)


def test_duplicates_collapsed_with_warning():
    n = net([[0, 0], [50, 0]], [[50, 0], [0, 0]])
    assert n.n_edges == 1 and n.stats["duplicate_segments"] == 1
    assert any("duplicate" in w for w in n.warnings)


def test_zero_length_and_degenerate_parts_dropped():
    n = net([[0, 0], [0, 0]], [[1, 1]], [[0, 0], [np.nan, 1]], [[0, 0], [10, 0]])
    assert n.n_edges == 1
    assert n.stats["dropped_parts"] == 2


def test_empty():
    n = build_network([])
    assert n.is_empty() and n.n_nodes == 0


def test_point_at_and_cost_rates():
    n = build_network([np.array([[0.0, 0], [100, 0]]), np.array([[100.0, 0], [100, 100]])],
                      cost_rate=[1.0, 2.0])
    assert n.n_edges == 1
    e = np.array([0, 0, 0])
    xy = n.point_at(e, np.array([0.0, 150.0, 200.0]))
    # the edge may run either way; its ends are (0,0) and (100,100)
    ends = {tuple(xy[0]), tuple(xy[2])}
    assert ends == {(0.0, 0.0), (100.0, 100.0)}
    assert n.edge_cost[0] == pytest.approx(300)
    c = n.cost_at(e, np.array([50.0, 100.0, 150.0]))
    # half-way points: cost 50 or 100+... depending on direction
    assert sorted([c[0], c[2]]) in ([50.0, 200.0], [100.0, 250.0])


def test_densify_locations():
    n = net([[0, 0], [120, 0]])
    e, o = densify_locations(n, 50)
    assert np.allclose(np.sort(o), [40, 80])


def test_canonical_order_independent_of_feature_order_split_and_direction():
    a = [[0, 0], [40, 10], [100, 0]]
    b = [[100, 0], [100, 80]]
    c = [[100, 0], [170, 5], [200, 0]]
    n1 = net(a, b, c)
    n2 = net(c[::-1], [[100, 80], [100, 40]], [[100, 40], [100, 0]], a[::-1])
    assert np.array_equal(n1.node_xy, n2.node_xy)
    assert np.array_equal(n1.edge_u, n2.edge_u) and np.array_equal(n1.edge_v, n2.edge_v)
    assert np.allclose(n1.edge_length, n2.edge_length)
    for e in range(n1.n_edges):
        p1, p2 = n1.edge_polyline(e), n2.edge_polyline(e)
        assert np.allclose(p1[[0, -1]], p2[[0, -1]])
    assert (n1.edge_u <= n1.edge_v).all()
    # nodes sorted by x then y
    assert np.array_equal(np.lexsort((n1.node_xy[:, 1], n1.node_xy[:, 0])), np.arange(n1.n_nodes))


# -- dense and duplicate vertices (issue 17, items 1 and 2) -------------------

def densify_every(line, step):
    """The line with vertices inserted every <= ``step`` metres along each
    segment (the original vertices kept)."""
    line = np.asarray(line, float)
    out = [line[:1]]
    for a, b in zip(line[:-1], line[1:]):
        n = max(int(np.ceil(np.hypot(*(b - a)) / step)), 1)
        out.append(a + (np.arange(1, n + 1)[:, None] / n) * (b - a))
    return np.concatenate(out)


def same_network(a, b):
    assert a.n_edges == b.n_edges and a.n_nodes == b.n_nodes
    assert np.allclose(a.node_xy, b.node_xy, rtol=0, atol=1e-9)
    assert np.allclose(np.sort(a.edge_length), np.sort(b.edge_length), rtol=0, atol=1e-9)
    assert a.total_length == pytest.approx(b.total_length, abs=1e-9)


def test_road_digitised_every_2_cm_stays_a_100_m_road():
    road = densify_every([[0, 0], [100, 0]], 0.02)
    assert len(road) == 5001
    n = net(road)
    assert n.n_edges == 1 and n.n_nodes == 2
    assert n.total_length == pytest.approx(100.0, abs=1e-9)
    assert n.node_xy.tolist() == [[0, 0], [100, 0]]
    # the same with a bend, and every 1 cm (5 vertices per tolerance)
    bent = densify_every([[0, 0], [50, 0], [50, 50]], 0.01)
    n = net(bent)
    assert n.n_edges == 1 and n.total_length == pytest.approx(100.0, abs=1e-9)


def test_road_split_into_2_cm_features_stays_a_100_m_road():
    road = densify_every([[0, 0], [100, 0]], 0.02)
    n = net(*[road[i:i + 2] for i in range(len(road) - 1)])
    assert n.n_edges == 1 and n.n_nodes == 2
    assert n.total_length == pytest.approx(100.0, abs=1e-9)


def test_dense_roads_meeting_at_a_shallow_angle_keep_their_junction():
    # two roads leave (0, 0) at 6 degrees: within 5 cm of each other for the
    # first ~50 cm; densified, they still meet only at their shared node
    a = [[0, 0], [100, 0]]
    b = [[0, 0], [100 * np.cos(np.radians(6)), 100 * np.sin(np.radians(6))]]
    c = [[-50, 0], [0, 0]]
    plain = net(a, b, c)
    dense = net(densify_every(a, 0.02), densify_every(b, 0.02), densify_every(c, 0.02))
    assert plain.n_edges == 3 and plain.node_degree().max() == 3
    same_network(plain, dense)


def test_dense_crossing_without_shared_vertex_stays_a_bridge():
    a = densify_every([[0, 0], [100, 0]], 0.02)
    b = densify_every([[50.01, -50], [50.01, 50]], 0.02)
    n = net(a, b)
    assert n.n_edges == 2 and n.node_degree().max() == 1


def test_near_miss_still_joins_dense_lines():
    # a dead end 3 cm from a vertex of a densely digitised road joins it,
    # and the road keeps its length (within the merged 3 cm)
    road = densify_every([[0, 0], [100, 0]], 0.02)
    side = densify_every([[50, 30], [50, 0.03]], 0.02)
    n = net(road, side)
    assert n.n_edges == 3 and sorted(n.node_degree().tolist()) == [1, 1, 1, 3]
    assert n.total_length == pytest.approx(130.0, abs=0.1)
    # a nearly closed ring closes
    ring = densify_every([[0, 0], [10, 0], [10, 10], [0, 10], [0, 0.03]], 0.02)
    n = net(ring)
    assert n.n_edges == 1 and n.n_nodes == 1
    assert n.total_length == pytest.approx(40.0, abs=0.05)


def test_repeated_vertices_are_one_vertex():
    road = [[0, 0], [30, 0], [30, 40]]
    n = net(np.repeat(np.asarray(road, float), 300, axis=0))
    assert n.n_edges == 1 and n.total_length == pytest.approx(70.0)
    assert n.stats["zero_length_segments"] == 3 * 299


def test_many_lines_through_one_point():
    # 2000 roads meeting at one point, each end repeated 50 times: one
    # junction of degree 2000 (O(k) after sorting, not k^2 / 2 pairs)
    ang = np.linspace(0, 2 * np.pi, 2000, endpoint=False)
    lines = [np.vstack([np.zeros((50, 2)), [[100 * np.cos(t), 100 * np.sin(t)]] * 50])
             for t in ang]
    n = build_network(lines)
    assert n.n_edges == 2000 and n.n_nodes == 2001
    assert n.node_degree().max() == 2000
    assert n.total_length == pytest.approx(2000 * 100.0)


@st.composite
def grid_lines(draw):
    """Polylines on a 1 m grid in [0, 10]^2 (so a vertex is either on a
    segment or >= 7 cm from it)."""
    k = draw(st.integers(1, 5))
    lines = []
    for _ in range(k):
        m = draw(st.integers(2, 5))
        pts = draw(st.lists(st.tuples(st.integers(0, 10), st.integers(0, 10)),
                            min_size=m, max_size=m))
        lines.append(np.asarray(pts, float))
    return lines


def _hidden_contacts(lines):
    """True when lines cross or touch away from their vertices: densifying
    may put a vertex exactly there, a real new contact (noding finds them)."""
    a, b = build_network(lines), build_network(lines, node_crossings=True)
    return ((a.n_edges, a.n_nodes) != (b.n_edges, b.n_nodes)
            or not np.array_equal(a.node_xy, b.node_xy)
            or abs(a.total_length - b.total_length) > 1e-9)


@settings(max_examples=60, deadline=None)
@given(lines=grid_lines(), step=st.floats(0.005, 0.2))
def test_densifying_never_changes_the_network(lines, step):
    assume(not _hidden_contacts(lines))
    plain = build_network(lines)
    dense = build_network([densify_every(l, step) for l in lines])
    same_network(plain, dense)


def test_sample_prediction_densified_to_4_cm_scores_the_same_apls():
    # issue 17: this scored APLS 0 ("the prediction is empty") against 0.6785
    from core import registry
    from core.network.lineset import LineSet
    from sample_data import sample
    gt, pred = sample("ground_truth"), sample("prediction")
    dense = LineSet([densify_every(p, 0.04) for p in pred.parts])
    assert sum(len(p) for p in dense.parts) > 500000
    apls = registry.get("apls")
    a, b = run_spec(apls, gt, pred).scores, run_spec(apls, gt, dense).scores
    assert a["APLS"] == pytest.approx(0.6785, abs=5e-5)
    for k in ("APLS", "APLS_GT_TO_PRED", "APLS_PRED_TO_GT"):
        assert b[k] == pytest.approx(a[k], abs=1e-9), k


# -- many tiny features (issue 23, item 8) --------------------------------------

def test_network_of_2_vertex_segments_equals_the_network_of_the_polylines():
    # a prediction exported as one feature per segment gives the very same
    # network (every array, bit for bit) and APLS as the polylines it came from
    from core import registry
    from core.network.lineset import LineSet, network_from
    from sample_data import sample
    gt, pred = sample("ground_truth"), sample("prediction")
    owner = [k for k, p in enumerate(pred.parts) for _ in range(len(p) - 1)]
    segs = LineSet([p[i:i + 2].copy() for p in pred.parts for i in range(len(p) - 1)])
    assert len(segs.parts) == len(owner) > 1500
    a, b = network_from(pred, {}), network_from(segs, {})
    for k in ("node_xy", "edge_u", "edge_v", "edge_ptr", "vert_xy", "vert_len", "vert_cost"):
        assert np.array_equal(getattr(a, k), getattr(b, k)), k
    seg_owner = np.asarray(owner)[np.maximum(b.vert_part, 0)]
    assert np.array_equal(np.where(b.vert_part < 0, -1, seg_owner), a.vert_part)
    assert a.warnings == b.warnings and a.stats["dropped_parts"] == b.stats["dropped_parts"] == 0
    apls = registry.get("apls")
    assert run_spec(apls, gt, segs).scores == run_spec(apls, gt, pred).scores


def test_parts_of_any_form_build_what_float_arrays_build():
    # lists, integer arrays, 3-column arrays, 1-D and empty parts: the slow
    # path of flatten_parts gives the network of the plain float parts
    plain = [np.array([[0.0, 0], [10, 0]]), np.array([[10.0, 0], [10, 10]]),
             np.array([[10.0, 10], [20, 10]])]
    odd = [[[0, 0], [10, 0]], np.array([[10, 0], [10, 10]]), np.array([[10.0, 10, 5], [20, 10, 5]]),
           np.array([1.0, 2.0]), np.zeros((0, 2))]
    a, b = build_network(plain), build_network(odd)
    for k in ("node_xy", "edge_u", "edge_v", "edge_ptr", "vert_xy", "vert_len", "vert_part"):
        assert np.array_equal(getattr(a, k), getattr(b, k)), k
    assert b.stats["dropped_parts"] == 2 and b.stats["input_parts"] == 5
