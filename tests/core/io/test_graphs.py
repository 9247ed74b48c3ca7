"""core/io/graphs.py: graphs as researchers build them (issue 32 item 9):
edge geometries as WKT / WKB / shapely, their disagreement with the node
coordinates, sknw graphs and Sat2Graph-style adjacency dicts."""
import numpy as np
import pytest

from core.io.graphs import from_adjacency, from_networkx, is_adjacency

nx = pytest.importorskip("networkx")
shapely_geometry = pytest.importorskip("shapely.geometry")


def parts(src):
    return [p.tolist() for p in src.lines.parts]


def two_nodes(**edge):
    G = nx.MultiDiGraph(crs="EPSG:3067")
    G.add_node(1, x=0.0, y=0.0)
    G.add_node(2, x=100.0, y=0.0)
    G.add_edge(1, 2, **edge)
    return G


@pytest.mark.parametrize("geometry", [
    "LINESTRING (0 0, 50 5, 100 0)",
    shapely_geometry.LineString([(0, 0), (50, 5), (100, 0)]).wkb,
    shapely_geometry.LineString([(0, 0), (50, 5), (100, 0)]),
])
def test_edge_geometry_as_wkt_wkb_or_shapely(geometry):
    src = from_networkx(two_nodes(geometry=geometry))
    assert parts(src) == [[[0, 0], [50, 5], [100, 0]]]
    assert src.warnings == []


@pytest.mark.parametrize("geometry", [5, "not a geometry", [1, 2]])
def test_edge_geometry_that_is_no_line_names_the_edge(geometry):
    with pytest.raises(ValueError, match=r"graph: edge \(1, 2\) has a geometry that is neither"):
        from_networkx(two_nodes(geometry=geometry))


def test_geometry_away_from_its_nodes_is_said():
    """Moving a node of an osmnx graph whose edges carry geometries changed
    nothing and said nothing; now the distance and an edge are named."""
    G = two_nodes(geometry="LINESTRING (0 0, 50 5, 100 0)")
    G.add_node(3, x=100.0, y=50.0)
    G.add_edge(3, 2, geometry="LINESTRING (100 0, 100 50)")  # reversed: agrees
    assert from_networkx(G).warnings == []
    G.nodes[1]["x"] = 0.04                          # within 0.05 m: nothing to say
    assert from_networkx(G).warnings == []
    G.nodes[1]["x"] = 3.0
    (w,) = from_networkx(G).warnings
    assert str(w) == ("graph: the geometry of 1 edge(s) does not end at its nodes' coordinates "
                      "(up to 3 coordinate units away, e.g. edge (1, 2)): the geometries are "
                      "scored, the node coordinates are not used.")
    assert parts(from_networkx(G))[0][0] == [0, 0]     # the geometry is what is scored


def test_geometry_check_in_degrees():
    """osmnx graphs are in EPSG:4326: 0.05 m is 4.5e-7 degree."""
    G = nx.MultiDiGraph(crs="epsg:4326")
    G.add_node(1, x=24.9, y=60.2)
    G.add_node(2, x=24.91, y=60.2)
    G.add_edge(1, 2, geometry="LINESTRING (24.9 60.2, 24.91 60.2)")
    assert from_networkx(G).warnings == []
    G.nodes[2]["x"] = 24.91 + 1e-6                 # 0.11 m east at the equator's scale
    (w,) = from_networkx(G).warnings
    assert "degrees away" in str(w)


def sknw_like():
    """What sknw.build_sknw makes of a T skeleton (rows 5, cols 2..12 and
    col 7, rows 5..12): nodes with 'pts' and their centroid 'o', edges with
    the pixels between the nodes in 'pts', all in (row, col), float 'o'."""
    G = nx.MultiGraph()
    G.add_node(0, pts=np.array([[5, 2]]), o=np.array([5.0, 2.0]))
    G.add_node(1, pts=np.array([[5, 7]]), o=np.array([5.0, 7.0]))
    G.add_node(2, pts=np.array([[5, 12]]), o=np.array([5.0, 12.0]))
    G.add_node(3, pts=np.array([[12, 7]]), o=np.array([12.0, 7.0]))
    G.add_edge(0, 1, pts=np.array([[5, c] for c in range(3, 7)]), weight=5.0)
    G.add_edge(1, 2, pts=np.array([[5, c] for c in range(11, 7, -1)]), weight=5.0)  # from node 2
    G.add_edge(1, 3, pts=np.array([[r, 7] for r in range(6, 12)]), weight=7.0)
    return G


def full(G):
    """sknw.build_sknw(full=True), its default: each edge's pts start and end
    at its nodes' centroids (as uint16 / int16 arrays)."""
    for u, v, d in G.edges(data=True):
        pts = d["pts"]
        a, b = (u, v) if abs(pts[0] - G.nodes[u]["o"]).sum() <= abs(pts[0] - G.nodes[v]["o"]).sum() \
            else (v, u)
        d["pts"] = np.vstack([G.nodes[a]["o"], pts, G.nodes[b]["o"]]).astype(np.int16)
    for n in G.nodes:
        G.nodes[n]["o"] = G.nodes[n]["o"].astype(np.uint16)
    return G


@pytest.mark.parametrize("make", [sknw_like, lambda: full(sknw_like())])
def test_sknw_graph_is_read_as_pixel_centres_x_col_y_row(make):
    src = from_networkx(make())
    got = parts(src)
    assert len(got) == 3
    assert got[0] == [[c + 0.5, 5.5] for c in range(2, 8)]
    assert got[1] == [[c + 0.5, 5.5] for c in range(7, 13)]   # pts reversed to start at node 1
    assert got[2] == [[7.5, r + 0.5] for r in range(5, 13)]
    assert src.lines.attributes == {"weight": [5.0, 5.0, 7.0]}
    # told that it is (x, y) after all
    assert parts(from_networkx(make(), axes="xy"))[2][0] == [5.5, 7.5]


def test_adjacency_dict_both_directions_and_axes():
    d = {(10.0, 20.0): [(10.0, 40.0)], (10.0, 40.0): [(10.0, 20.0), (30.0, 40.0)],
         (30.0, 40.0): [(10.0, 40.0), (30.0, 40.0)]}          # (30, 40) lists itself: ignored
    assert is_adjacency(d) and not is_adjacency({}) and not is_adjacency({"a": [1]})
    assert parts(from_adjacency(d)) == [[[10, 20], [10, 40]], [[10, 40], [30, 40]]]
    assert parts(from_adjacency(d, axes="rowcol")) == [[[20, 10], [40, 10]], [[40, 10], [40, 30]]]
    # listed once (one direction) gives the same lines
    one = {(10.0, 20.0): [(10.0, 40.0)], (10.0, 40.0): [(30.0, 40.0)]}
    assert parts(from_adjacency(one)) == parts(from_adjacency(d))
    with pytest.raises(ValueError, match="axes must be 'xy'"):
        from_adjacency(d, axes="yx")
    with pytest.raises(ValueError, match=r"the neighbours of vertex \(1, 2\) must be a list"):
        from_adjacency({(1, 2): [3]})


def test_adjacency_dict_keeps_the_order_and_direction_of_first_listing():
    """Sat2Graph's convert.py lists each edge once, at its first listing, in
    that direction; its APLS replay numbers the densified vertices in that order."""
    d = {(5.0, 5.0): [(1.0, 1.0)], (9.0, 9.0): [(1.0, 1.0)], (1.0, 1.0): [(5.0, 5.0), (9.0, 9.0)]}
    assert parts(from_adjacency(d)) == [[[5, 5], [1, 1]], [[9, 9], [1, 1]]]
