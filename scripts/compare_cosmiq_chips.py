"""Compare CosmiQ's ``apls`` package with this library on SpaceNet chips.

A measurement script, not part of the project: nothing in the plugin, the
library or the tests imports it.  It scores the chips of a pair of SpaceNet
CSVs (ImageId, WKT_Pix; pixel coordinates, y down) with CosmiQ's APLS
(``make_graphs`` + ``compute_apls_metric`` of PyPI ``apls`` 0.1.0) and with
``roadnetworkmetrics.apls``, on the same metre coordinates (x * pixel,
-y * pixel), and prints per-chip scores, their differences and seconds per chip.

Throwaway environment for CosmiQ (its dependencies predate numpy 2; Python 3.8
keeps networkx 2.3, which still has the APIs apls 0.1.0 calls, so the package
runs unpatched).  GDAL, rasterio, fiona, OpenCV, scikit-image and geopandas are
imported at module level by apls but not used by make_graphs /
compute_apls_metric: this script puts empty stand-ins for them in sys.modules
instead of installing them (``--cosmiq`` only)::

    ~/.pyenv/versions/3.8.18/bin/python -m venv /tmp/cosmiq-venv   # any 3.8
    /tmp/cosmiq-venv/bin/pip install numpy==1.19.5 scipy==1.5.4 pandas==1.1.5 \\
        shapely==1.7.1 networkx==2.3 matplotlib==3.3.4 utm==0.7.0 affine==2.3.0 tqdm
    /tmp/cosmiq-venv/bin/pip install --no-deps apls==0.1.0

Run (chips from scripts/bench_library.py ``chips``)::

    # 1. CosmiQ, in the throwaway env
    /tmp/cosmiq-venv/bin/python scripts/compare_cosmiq_chips.py cosmiq \\
        /tmp/chips/gt.csv /tmp/chips/pred.csv --out /tmp/chips/cosmiq.csv
    # 2. this library, in the project's env (same parsing and coordinates)
    PYTHONPATH=. .venv-latest/bin/python scripts/compare_cosmiq_chips.py ours \\
        /tmp/chips/gt.csv /tmp/chips/pred.csv --out /tmp/chips/ours_inproc.csv
    # 3. table (any Python)
    python3 scripts/compare_cosmiq_chips.py compare /tmp/chips/ours_inproc.csv \\
        /tmp/chips/cosmiq.csv

Graphs given to CosmiQ (``--graph``):

* ``simplified`` (default, like for like): a node at every vertex shared by
  lines or ending one, then degree-2 nodes dissolved, each edge keeping its
  polyline ('geometry', metres) and 'length'.  This is what CosmiQ's own
  ``wkt_to_G`` does (node per vertex, ``simplify_graph``) and matches this
  library's network model, so control points are junctions, dead ends and
  points every 50 m on both sides.
* ``lines``: one edge per input line, nodes at line ends only.  CosmiQ then
  takes every line end as a control point, including the ends where a road
  was merely cut into two features, and lines meeting at an interior vertex
  are not connected.
* ``noded``: lines cut where they share a vertex (so connected as in
  ``simplified``), every line end kept as a node: isolates the effect of
  CosmiQ taking every node it is given as a control point.

CosmiQ parameters: midpoints on every edge (is_curved_eps = -1),
linestring_delta 50 m, max_snap_dist 4 m, min_path_length 10 m, all control
points (make_graphs has no node subsampling; execute() would switch to
make_graphs_yuge at >= 500 nodes: not used here), allow_renaming as in
execute() (``--no-renaming`` for False: with renaming, two control points
that land on the same existing node rename it twice and the first one is lost,
its routes all scored 1).  CosmiQ prints a lot: its stdout is
discarded while it runs.
"""
import argparse
import contextlib
import csv
import io
import math
import sys
import time
import types
from collections import OrderedDict, defaultdict

PIXEL = 0.3


# ---------------------------------------------------------------- input

def read_chips(path, pixel):
    """OrderedDict ImageId -> list of lines, each a list of (x, y) in metres."""
    chips = OrderedDict()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            lines = chips.setdefault(row["ImageId"], [])
            wkt = row["WKT_Pix"].strip()
            if "EMPTY" in wkt.upper():
                continue
            body = wkt[wkt.index("(") + 1:wkt.rindex(")")]
            pts = []
            for pair in body.split(","):
                x, y = pair.split()[:2]
                pts.append((float(x) * pixel, -float(y) * pixel))
            if len(pts) >= 2:
                lines.append(pts)
    return chips


# ------------------------------------------------------ graphs for CosmiQ

def _seg_len(a, b):
    return math.hypot(b[0] - a[0], b[1] - a[1])


def graph_lines(lines, first_id):
    """One edge per line, nodes at line ends (equal coordinates: one node)."""
    import networkx as nx
    from shapely.geometry import LineString
    G = nx.MultiGraph()
    ids = {}

    def node(p):
        if p not in ids:
            ids[p] = first_id + len(ids)
            G.add_node(ids[p], x=p[0], y=p[1])
        return ids[p]
    for pts in lines:
        geom = LineString(pts)
        if geom.length <= 0:
            continue
        G.add_edge(node(pts[0]), node(pts[-1]), geometry=geom, length=geom.length)
    return G


def graph_simplified(lines, first_id, keep_line_ends=False):
    """Node at every vertex, identical segments once, degree-2 nodes dissolved
    (``keep_line_ends``: except line ends and vertices of several lines)."""
    import networkx as nx
    from shapely.geometry import LineString
    adj = defaultdict(set)
    for pts in lines:
        for a, b in zip(pts[:-1], pts[1:]):
            if a != b:
                adj[a].add(b)
                adj[b].add(a)
    keep = {p for p, nb in adj.items() if len(nb) != 2}
    if keep_line_ends:
        seen = defaultdict(set)
        for i, pts in enumerate(lines):
            keep.update((pts[0], pts[-1]))
            for q in pts:
                seen[q].add(i)
        keep.update(q for q, s in seen.items() if len(s) > 1 and q in adj)
    G = nx.MultiGraph()
    ids = {}

    def node(p):
        if p not in ids:
            ids[p] = first_id + len(ids)
            G.add_node(ids[p], x=p[0], y=p[1])
        return ids[p]
    used = set()  # undirected segments already in an edge

    def walk(start, nxt):
        chain = [start, nxt]
        used.add(frozenset((start, nxt)))
        while chain[-1] not in keep and chain[-1] != start:
            prev, cur = chain[-2], chain[-1]
            step = [q for q in adj[cur] if q != prev][0]
            used.add(frozenset((cur, step)))
            chain.append(step)
        return chain

    def add(chain):
        geom = LineString(chain)
        G.add_edge(node(chain[0]), node(chain[-1]), geometry=geom, length=geom.length)
    for p in sorted(keep):
        for q in sorted(adj[p]):
            if frozenset((p, q)) not in used:
                add(walk(p, q))
    # rings with no junction or end: one node at the smallest vertex
    for p in sorted(adj):
        for q in sorted(adj[p]):
            if frozenset((p, q)) not in used:
                keep.add(p)
                add(walk(p, q))
    return G


def stub_unused_imports():
    """apls imports GDAL & co. at module level; make_graphs and
    compute_apls_metric never call them."""
    names = ["osgeo", "osgeo.gdal", "osgeo.ogr", "osgeo.osr", "rasterio", "fiona", "cv2",
             "skimage", "skimage.io", "geopandas"]
    for n in names:
        if n not in sys.modules:
            try:
                __import__(n)
            except ImportError:
                sys.modules[n] = types.ModuleType(n)
    for parent, child in (("osgeo", "gdal"), ("osgeo", "ogr"), ("osgeo", "osr"),
                          ("skimage", "io")):
        setattr(sys.modules[parent], child, sys.modules[parent + "." + child])
    if not hasattr(sys.modules["geopandas"], "GeoDataFrame"):
        sys.modules["geopandas"].GeoDataFrame = type("GeoDataFrame", (), {})


def run_cosmiq(args):
    stub_unused_imports()
    import matplotlib
    matplotlib.use("Agg")
    from apls import apls
    build = {"simplified": graph_simplified, "lines": graph_lines,
             "noded": lambda lines, i: graph_simplified(lines, i, keep_line_ends=True)}[args.graph]
    gt, pred = read_chips(args.gt, args.pixel_size), read_chips(args.pred, args.pixel_size)
    rows = []
    for cid in list(gt) + [k for k in pred if k not in gt]:
        g_lines, p_lines = gt.get(cid, []), pred.get(cid, [])
        t0 = time.perf_counter()
        G_gt = build(g_lines, 0)
        G_p = build(p_lines, 10_000_000)  # ids apart: CosmiQ names inserted points by id
        t1 = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            out = apls.make_graphs(
                G_gt, G_p, weight="length", linestring_delta=args.spacing,
                is_curved_eps=-1, max_snap_dist=args.snap,
                allow_renaming=not args.no_renaming, verbose=False)
            (_, _, _, _, cp_gt, cp_p, l_gt, l_p, l_gt_prime, l_p_prime) = out
            c, c_gp, c_pg = apls.compute_apls_metric(
                l_gt, l_p, l_gt_prime, l_p_prime, cp_gt, cp_p,
                min_path_length=args.min_path)
        t2 = time.perf_counter()
        rows.append({"id": cid, "APLS": c, "APLS_GT_TO_PRED": c_gp, "APLS_PRED_TO_GT": c_pg,
                     "gt_nodes": G_gt.number_of_nodes(), "gt_edges": G_gt.number_of_edges(),
                     "pred_nodes": G_p.number_of_nodes(), "cp_gt": len(cp_gt),
                     "cp_pred": len(cp_p), "seconds": t2 - t0, "seconds_graphs": t1 - t0})
        print("%s APLS %.6f  %.2f s" % (cid, c, t2 - t0), file=sys.stderr)
    write(args.out, rows)


# ------------------------------------------------------------- this library

def run_ours(args):
    import roadnetworkmetrics as rnm
    gt, pred = read_chips(args.gt, args.pixel_size), read_chips(args.pred, args.pixel_size)
    params = {"CONTROL_SPACING": args.spacing, "SNAP_DISTANCE": args.snap,
              "MIN_PATH_LENGTH": args.min_path}
    rnm.apls([[(0, 0), (100, 0)]], [[(0, 0), (100, 0)]])  # imports and warm-up
    rows = []
    for cid in list(gt) + [k for k in pred if k not in gt]:
        g_lines, p_lines = gt.get(cid, []), pred.get(cid, [])
        t0 = time.perf_counter()
        if not g_lines:
            s = {"APLS": float("nan")}  # batch rules decide; not timed here
        else:
            s = rnm.apls(g_lines, p_lines, **params).scores
        t1 = time.perf_counter()
        rows.append({"id": cid, "APLS": s.get("APLS"),
                     "APLS_GT_TO_PRED": s.get("APLS_GT_TO_PRED"),
                     "APLS_PRED_TO_GT": s.get("APLS_PRED_TO_GT"), "seconds": t1 - t0})
        print("%s APLS %.6f  %.3f s" % (cid, s.get("APLS"), t1 - t0), file=sys.stderr)
    write(args.out, rows)


# ------------------------------------------------------------------ compare

def write(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def load(path):
    with open(path, newline="") as f:
        return OrderedDict((r["id"], r) for r in csv.DictReader(f))


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return float("nan")


def median(v):
    v = sorted(v)
    n = len(v)
    return float("nan") if not n else (v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2)


def run_compare(args):
    ours, ref = load(args.ours), load(args.cosmiq)
    print("| chip | ours APLS | CosmiQ APLS | difference | ours s | CosmiQ s |")
    print("|---|---|---|---|---|---|")
    diffs, t_o, t_c = [], [], []
    for cid, r in ours.items():
        if cid not in ref:
            continue
        a, b = num(r["APLS"]), num(ref[cid]["APLS"])
        d = a - b
        if not math.isnan(d):
            diffs.append(abs(d))
        t_o.append(num(r.get("seconds")))
        t_c.append(num(ref[cid].get("seconds")))
        print("| %s | %.6f | %.6f | %+.6f | %.3f | %.2f |" % (cid, a, b, d, t_o[-1], t_c[-1]))
    print()
    print("chips %d; |difference| max %.6f, median %.6f, mean %.6f" % (
        len(diffs), max(diffs), median(diffs), sum(diffs) / len(diffs)))
    print("seconds per chip: ours mean %.4f median %.4f; CosmiQ mean %.3f median %.3f; "
          "ratio of totals %.0fx" % (sum(t_o) / len(t_o), median(t_o), sum(t_c) / len(t_c),
                                      median(t_c), sum(t_c) / sum(t_o)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd")
    for name in ("cosmiq", "ours"):
        p = sub.add_parser(name)
        p.add_argument("gt")
        p.add_argument("pred")
        p.add_argument("--out", required=True)
        p.add_argument("--pixel-size", type=float, default=PIXEL)
        p.add_argument("--spacing", type=float, default=50.0)
        p.add_argument("--snap", type=float, default=4.0)
        p.add_argument("--min-path", type=float, default=10.0)
        if name == "cosmiq":
            p.add_argument("--graph", choices=("simplified", "noded", "lines"), default="simplified")
            p.add_argument("--no-renaming", action="store_true")
    p = sub.add_parser("compare")
    p.add_argument("ours")
    p.add_argument("cosmiq")
    args = ap.parse_args(argv)
    {"cosmiq": run_cosmiq, "ours": run_ours, "compare": run_compare}[args.cmd](args)


if __name__ == "__main__":
    main()
