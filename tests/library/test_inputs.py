"""The library's inputs: round trips of the sample through every research
format score exactly as the sample's lines; bad input is an InputError with
one sentence, and input files are never modified."""
import json
import os

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError

from helpers_lib import GT, PRED, file_hashes, parts_of, same_scores

nx = pytest.importorskip("networkx")

PIXEL = 0.5  # m per pixel (exact in binary: pixel round trips are exact)


@pytest.fixture(scope="module")
def reference():
    """APLS and CCQ of the sample's lines, without a CRS."""
    g, p = parts_of(GT), parts_of(PRED)
    return {"apls": rnm.apls(g, p).scores, "ccq": rnm.ccq(g, p).scores,
            "junct": rnm.junct(g, p).scores}


def _graph(parts, directed=False):
    """A networkx graph with one node per distinct vertex ('pos') and one
    edge per segment."""
    G = nx.DiGraph() if directed else nx.Graph()
    for part in parts:
        for a, b in zip(part[:-1], part[1:]):
            ka, kb = tuple(a), tuple(b)
            G.add_node(ka, pos=ka)
            G.add_node(kb, pos=kb)
            G.add_edge(ka, kb)
    return G


def _osmnx_like(parts):
    """An osmnx-style MultiDiGraph: nodes at line ends with x / y, each line
    an edge with its LineString geometry, stored in both directions."""
    from shapely.geometry import LineString
    G = nx.MultiDiGraph(crs="EPSG:3067")
    ids = {}
    for part in parts:
        for end in (tuple(part[0]), tuple(part[-1])):
            if end not in ids:
                ids[end] = len(ids)
                G.add_node(ids[end], x=end[0], y=end[1])
        u, v = ids[tuple(part[0])], ids[tuple(part[-1])]
        G.add_edge(u, v, geometry=LineString(part), highway=["residential", "service"])
        G.add_edge(v, u, geometry=LineString(part[::-1]), highway="residential")
    return G


@pytest.mark.parametrize("metric", ["apls", "ccq", "junct"])
def test_networkx_round_trip(reference, metric):
    g, p = _graph(parts_of(GT)), _graph(parts_of(PRED))
    r = getattr(rnm, metric)(g, p)
    assert same_scores(r.scores, reference[metric], 1e-9)


@pytest.mark.parametrize("metric", ["apls", "ccq", "junct"])
def test_osmnx_round_trip_two_way_roads_count_once(reference, metric):
    g, p = _osmnx_like(parts_of(GT)), _osmnx_like(parts_of(PRED))
    src = rnm.read(g)
    assert len(src.lines.parts) == len(parts_of(GT))  # both directions -> one road
    assert src.crs == "EPSG:3067"
    assert "highway" in src.lines.attributes
    r = getattr(rnm, metric)(g, p)
    assert r.parameters["working_crs"] == "EPSG:3067"
    assert same_scores(r.scores, reference[metric], 1e-9)


def test_graph_parallel_edges_kept_and_node_xy():
    G = nx.MultiGraph()
    G.add_node("a", east=0.0, north=0.0)
    G.add_node("b", east=100.0, north=0.0)
    from shapely.geometry import LineString
    G.add_edge("a", "b")
    G.add_edge("a", "b", geometry=LineString([(0, 0), (50, 20), (100, 0)]))
    src = rnm.read(G, node_xy=("east", "north"))
    assert len(src.lines.parts) == 2
    with pytest.raises(InputError, match="no coordinates"):
        rnm.read(nx.path_graph(3))
    keyed = nx.Graph([((0.0, 0.0), (10.0, 0.0))])
    assert rnm.read(keyed, node_xy="key").lines.parts[0].tolist() == [[0, 0], [10, 0]]


def _pixels(parts, origin):
    """Map coordinates to pixel coordinates (x right, y down from origin)."""
    ox, oy = origin
    return [np.column_stack([(p[:, 0] - ox) / PIXEL, (oy - p[:, 1]) / PIXEL]) for p in parts]


def _write_graph(path, parts):
    verts, index, edges = [], {}, set()
    for part in parts:
        for a, b in zip(part[:-1], part[1:]):
            ids = []
            for v in (tuple(a), tuple(b)):
                if v not in index:
                    index[v] = len(verts)
                    verts.append(v)
                ids.append(index[v])
            edges.add((ids[0], ids[1]))
            edges.add((ids[1], ids[0]))  # RoadTracer stores both directions
    with open(path, "w") as f:
        f.write("".join(f"{float(x)!r} {float(y)!r}\n" for x, y in verts) + "\n")
        f.write("".join(f"{i} {j}\n" for i, j in sorted(edges)))


def _origin():
    xy = np.concatenate(parts_of(GT) + parts_of(PRED))
    return float(np.floor(xy[:, 0].min())), float(np.ceil(xy[:, 1].max()))


@pytest.mark.parametrize("metric", ["apls", "ccq", "junct"])
def test_roadtracer_graph_round_trip(tmp_path, reference, metric):
    o = _origin()
    _write_graph(tmp_path / "gt.graph", _pixels(parts_of(GT), o))
    _write_graph(tmp_path / "pred.graph", _pixels(parts_of(PRED), o))
    r = getattr(rnm, metric)(str(tmp_path / "gt.graph"), str(tmp_path / "pred.graph"),
                             pixel_size=PIXEL)
    assert r.parameters["pixel_size_m"] == PIXEL
    assert same_scores(r.scores, reference[metric], 1e-9)


def _wkt(part):
    return "LINESTRING (" + ", ".join(f"{float(x)!r} {float(y)!r}" for x, y in part) + ")"


def write_spacenet(path, chips, extra=None):
    with open(path, "w") as f:
        f.write("ImageId,WKT_Pix" + (",length_m,travel_time_s" if extra else "") + "\n")
        for cid, parts in chips.items():
            for k, p in enumerate(parts or [None]):
                wkt = _wkt(p) if p is not None else "LINESTRING EMPTY"
                tail = f",{extra[cid][k][0]},{extra[cid][k][1]}" if extra and p is not None else \
                    (",0,0" if extra else "")
                f.write(f'{cid},"{wkt}"{tail}\n')


@pytest.mark.parametrize("metric", ["apls", "ccq", "junct"])
def test_spacenet_csv_round_trip(tmp_path, reference, metric):
    o = _origin()
    write_spacenet(tmp_path / "gt.csv", {"chip_1": _pixels(parts_of(GT), o)})
    write_spacenet(tmp_path / "pred.csv", {"chip_1": _pixels(parts_of(PRED), o)})
    r = getattr(rnm, metric)(str(tmp_path / "gt.csv"), str(tmp_path / "pred.csv"),
                             pixel_size=PIXEL)
    assert same_scores(r.scores, reference[metric], 1e-9)


def test_spacenet_speeds_give_apls_time(tmp_path):
    road = [np.array([(0.0, 0), (400, 0)]), np.array([(400.0, 0), (400, 300)])]
    write_spacenet(tmp_path / "gt.csv", {"c": road}, {"c": [(200, 20), (150, 10)]})
    r = rnm.apls(str(tmp_path / "gt.csv"), str(tmp_path / "gt.csv"), pixel_size=0.5,
                 SPEED_FIELD="speed_m_s", SPEED_UNIT="m/s")
    assert r.scores["APLS_TIME"] == pytest.approx(1.0)


def test_geojson_round_trip_and_crs(tmp_path, reference):
    for name, parts in (("gt", parts_of(GT)), ("pred", parts_of(PRED))):
        doc = {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"i": i},
             "geometry": {"type": "LineString", "coordinates": p.tolist()}}
            for i, p in enumerate(parts)]}
        (tmp_path / f"{name}.geojson").write_text(json.dumps(doc))
    r = rnm.apls(str(tmp_path / "gt.geojson"), str(tmp_path / "pred.geojson"))
    assert same_scores(r.scores, reference["apls"], 1e-12)
    assert any("names no CRS" in w for w in r.warnings)


def test_shapely_and_arrays_and_wkt():
    from shapely.geometry import LineString, MultiLineString
    a = rnm.read(MultiLineString([[(0, 0), (1, 0)], [(1, 0), (1, 1)]]))
    b = rnm.read([LineString([(0, 0), (1, 0)]), np.array([(1.0, 0), (1, 1)])])
    c = rnm.read(["LINESTRING (0 0, 1 0)", "LINESTRING (1 0, 1 1)"])
    assert [p.tolist() for p in a.lines.parts] == [p.tolist() for p in b.lines.parts] == \
        [p.tolist() for p in c.lines.parts]


@pytest.fixture
def bad_files(tmp_path):
    d = tmp_path / "bad"
    d.mkdir()
    (d / "malformed.graph").write_text("0 0\n10 zero\n\n0 1\n")
    (d / "edge.graph").write_text("0 0\n10 0\n\n0 7\n")
    (d / "nowkt.csv").write_text("ImageId,geometry\nc,LINESTRING (0 0, 1 1)\n")
    (d / "badwkt.csv").write_text('ImageId,WKT_Pix\nc,"LINESTRING (0 0, 1"\n')
    (d / "broken.geojson").write_text("{not json")
    (d / "points.geojson").write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]}))
    (d / "fake.gpkg").write_text("not sqlite")
    (d / "ok.graph").write_text("0 0\n10 0\n\n0 1\n1 0\n")
    return d


@pytest.mark.parametrize("name, words", [
    ("malformed.graph", "line 2"), ("edge.graph", "does not exist"),
    ("nowkt.csv", "WKT_Pix"), ("badwkt.csv", "not valid WKT"),
    ("broken.geojson", "not a readable GeoJSON"), ("points.geojson", "no lines"),
    ("fake.gpkg", "not a readable GeoPackage"),
])
def test_bad_files_are_clear_errors_and_untouched(bad_files, name, words):
    before = file_hashes(str(bad_files))
    with pytest.raises(InputError, match=words):
        rnm.apls(str(bad_files / name), str(bad_files / "ok.graph"), pixel_size=1.0)
    assert file_hashes(str(bad_files)) == before


def test_mixed_pixel_and_metre_inputs_refused(bad_files):
    with pytest.raises(InputError, match="pixel coordinates"):
        rnm.apls(str(bad_files / "ok.graph"), GT, pixel_size=1.0)
    with pytest.raises(InputError, match="pixel size"):
        rnm.apls(str(bad_files / "ok.graph"), str(bad_files / "ok.graph"))


def test_unreadable_file(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    p = tmp_path / "locked.geojson"
    p.write_text("{}")
    p.chmod(0)
    with pytest.raises(InputError, match="not readable"):
        rnm.apls(str(p), GT)


def test_absurd_vertex_skipped_with_warning():
    """One vertex at 1e308 (issue 23.7): that part is left out and named."""
    far = [[(0.0, 0.0), (1e308, 1e308)]]
    road = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
    r = rnm.apls(road + far, road)
    assert r.scores["APLS"] == rnm.apls(road, road).scores["APLS"]
    assert any("2^53" in w and "ground truth" in w for w in r.warnings)


def test_gdal_formats_and_geodataframes_round_trip(tmp_path):
    """With pyogrio: a layer written as GeoPackage and shapefile reads back
    with the same numbers; with geopandas: a result layer as a GeoDataFrame
    and a GeoDataFrame as input."""
    pytest.importorskip("pyogrio")
    from roadnetworkmetrics._writers import write_layer
    r = rnm.ccq(GT, PRED)
    for ext in (".gpkg", ".shp", ".geojson"):
        out = str(tmp_path / f"matched{ext}")
        write_layer(r.layers["MATCHED"], out, r.crs, "matched")
        back = rnm.read(out)
        assert len(back.lines.parts) == len(r.layers["MATCHED"])
        assert back.crs is not None
    gpd = pytest.importorskip("geopandas")
    df = r.to_geodataframe("MATCHED")
    assert isinstance(df, gpd.GeoDataFrame) and len(df) == len(r.layers["MATCHED"])
    assert df.crs.to_epsg() == 3067
    gt_df = gpd.read_file(GT)
    assert rnm.apls(gt_df, PRED).scores == rnm.apls(GT, PRED).scores


def test_without_pyproj(monkeypatch):
    """Without pyproj: a metre CRS is set aside with a warning; degrees, or
    two different CRSs, are refused (they cannot be handled)."""
    from roadnetworkmetrics import _crs
    monkeypatch.setattr(_crs, "_pyproj", lambda: None)
    r = rnm.apls(GT, PRED)
    assert r.scores["APLS"] == pytest.approx(0.6784984, abs=1e-7)
    assert any("pyproj is not installed" in w for w in r.warnings)
    assert r.parameters["working_crs"] == "EPSG:3067"
    lonlat = rnm.read([[(24.9, 60.1), (24.91, 60.1)]], crs="EPSG:4326")
    with pytest.raises(InputError, match="degrees"):
        rnm.apls(lonlat, lonlat)
    with pytest.raises(InputError, match="different CRSs"):
        rnm.apls(rnm.read(parts_of(GT), crs="EPSG:3067"), rnm.read(parts_of(PRED), crs="EPSG:3035"))


def test_an_empty_graph_or_empty_wkt_scores_as_an_empty_prediction():
    """Issue 32, item 9: a model that predicts nothing gives an empty graph
    or LINESTRING EMPTY: it scores as [] does (APLS 0 with its warning),
    never an error in a training loop; a WKT text is read as WKT, not as a
    file name."""
    nx = pytest.importorskip("networkx")
    gt = [[(0, 0), (100, 0)]]
    ref = rnm.apls(gt, [])
    for pred in (nx.MultiDiGraph(), nx.Graph(), "LINESTRING EMPTY", " linestring empty"):
        r = rnm.apls(gt, pred)
        assert r.scores["APLS"] == ref.scores["APLS"] == 0.0
        assert "the prediction is empty: APLS = 0" in r.warnings
    assert rnm.apls(gt, "LINESTRING (0 1, 100 1)").scores["APLS"] == 1.0
    assert rnm.apls(gt, "MULTILINESTRING ((0 1, 100 1))").scores["APLS"] == 1.0
    with pytest.raises(rnm.InputError, match="no such file"):
        rnm.apls(gt, "LINESTRINGS.gpkg")


def test_prediction_crs_beside_a_ground_truth_without_crs():
    """Issue 32 item 8: a ground truth without CRS and an osmnx-style graph
    in EPSG:4326 were scored as metres (APLS 0) with a warning about the
    ground truth only.  Degrees are refused; a metre CRS is ignored, said."""
    pytest.importorskip("pyproj")
    nx = pytest.importorskip("networkx")
    gt = [[(0.0, 0.0), (100.0, 0.0)]]
    G = nx.MultiDiGraph(crs="EPSG:4326")
    G.add_node(1, x=24.9, y=60.2)
    G.add_node(2, x=24.91, y=60.2)
    G.add_edge(1, 2)
    with pytest.raises(InputError, match=r"The ground truth has no CRS and the prediction is in "
                                         r"EPSG:4326 \(degrees\)"):
        rnm.apls(gt, G)
    G = nx.MultiDiGraph(crs="EPSG:3067")
    G.add_node(1, x=0.0, y=0.0)
    G.add_node(2, x=100.0, y=0.0)
    G.add_edge(1, 2)
    r = rnm.apls(gt, G)
    assert r.scores["APLS"] == pytest.approx(1.0)
    assert r.warnings == ["The ground truth has no CRS, so the prediction's CRS (EPSG:3067) is "
                          "ignored: both are used as they are, assumed to be in the same "
                          "coordinates, in metres."]


def test_sat2graph_adjacency_dict_and_sknw_graph_score_like_their_lines():
    """Issue 32 item 9: a pickled adjacency dict {(row, col): [(row2, col2), ...]}
    (Sat2Graph / SAM-Road) gave "item 1: coordinates must be a (k, 2) array"."""
    import pickle
    gt = {(10.0, 20.0): [(10.0, 400.0)], (10.0, 400.0): [(10.0, 20.0), (300.0, 400.0)],
          (300.0, 400.0): [(10.0, 400.0)]}
    pred = {(12.0, 20.0): [(12.0, 398.0)], (12.0, 398.0): [(300.0, 398.0)]}
    pred = pickle.loads(pickle.dumps(pred))
    r = rnm.apls(rnm.read(gt, axes="rowcol"), rnm.read(pred, axes="rowcol"), pixel_size=1.0)
    lines_gt = [[(20, 10), (400, 10)], [(400, 10), (400, 300)]]
    lines_pred = [[(20, 12), (398, 12)], [(398, 12), (398, 300)]]
    ref = rnm.apls(lines_gt, lines_pred, pixel_size=1.0)
    assert same_scores(r.scores, ref.scores)
    with pytest.raises(InputError, match="axes must be 'xy'"):
        rnm.read(gt, axes="row-col")


def test_axes_reaches_graph_pickles_and_is_refused_where_it_means_nothing(tmp_path):
    """axes="rowcol" was silently ignored for a pickle file and for inputs that
    are no graph (their coordinates are x, y)."""
    import pickle
    d = {(10.0, 20.0): [(10.0, 400.0)]}
    path = tmp_path / "tile.p"
    path.write_bytes(pickle.dumps(d))
    def parts(src):
        return [p.tolist() for p in src.lines.parts]
    assert parts(rnm.read(str(path), axes="rowcol")) == parts(rnm.read(d, axes="rowcol")) \
        == [[[20.0, 10.0], [400.0, 10.0]]]
    for obj in ([[(0, 0), (10, 0)]], "LINESTRING (0 0, 10 0)", GT):
        with pytest.raises(InputError, match="axes applies to graphs, graph pickles and adjacency"):
            rnm.read(obj, axes="rowcol")
