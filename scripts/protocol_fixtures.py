#!/usr/bin/env python3
"""Reference numbers of the Sat2Graph / SAM-Road benchmark protocols, as test fixtures (issue 33).

What it does
------------
Builds seeded, deterministic road-graph test cases (12 City-Scale style 2048 x 2048 px tiles and 6
SpaceNet style 400 x 400 px tiles, 1 px = 1 m), writes them as the reference's input pickles, runs the
*reference code itself* (built outside this repository) on them and writes
``tests/fixtures/protocols/sat2graph_reference.json``.  No reference code lives in this repository:
the script only lays out files, calls the reference programs and reads their output texts.

Input format (checked in the reference): a pickled adjacency dict ``{(a, b): [(a2, b2), ...]}`` in
pixels, every edge listed in both directions, every endpoint also a key.  ``convert.py`` and TOPO's
``main.py`` both call ``xy2latlon(k[0], k[1])`` with ``lat = 41 - a / 111111`` and
``lon = -71 + b / 111111 / cos(41 deg)``: the first coordinate ``a`` is the row (grows southwards,
"lat" axis), the second ``b`` the column.  ``convert.py`` keeps each undirected edge once.

Reference runs
--------------
* APLS: SAM-Road's Go ``main.go`` (``cityscale_metrics/apls/main.go``; ``spacenet_metrics/apls/main.go``
  called with the 4th argument ``spacenet`` as SAM-Road's ``spacenet_metrics/apls.bash`` does), input
  converted by SAM-Road's ``convert.py``.  Output file line ``"%f %f %f"`` = control points of the
  ground truth snapped onto the prediction (``gt_pred``), the reverse (``pred_gt``), their mean (APLS).
  Go map iteration order makes it random: ``--runs`` (5) runs per case, all recorded.
* TOPO: SAM-Road's ``{cityscale,spacenet}_metrics/topo/main.py`` with its default arguments
  (``-matching_threshold 0.0001 -interval 0.00005``; ``topo.bash`` passes only ``-savedir``), once per
  case in a fresh process (one tile), then once over the whole split in one process (SAM-Road's loop).
  The output file's last line ``precision=P overall-recall=R`` is recorded; ``f1 = 2PR/(P+R)`` is
  SAM-Road's per-tile City-Scale formula (``None`` when P + R = 0).
* Aggregation: SAM-Road's ``apls.py`` / ``topo.py`` (City-Scale and SpaceNet) run unmodified on the
  split's per-tile texts (APLS texts of run 1); their stdout, the texts they read and their exit
  status are stored under ``aggregate``.  The City-Scale tiles use the first 12 ids of SAM-Road's
  hard-coded test list (8, 9, 19, ...); the empty prediction is tile 49, which sorts 6th of 12 in the
  lexicographic file order apls.py uses (``19.txt`` ... ``79.txt``, ``8.txt``, ``9.txt``), so its NaN
  stops the loop half way.  City-Scale ``topo.py`` divides by P + R = 0 on that tile, so it is also run
  on the split without it (``topo_without_empty``).

Deviations needed to run the reference (all outside this repository, on copies)
------------------------------------------------------------------------------
* Go: the Go module proxy is not reachable; build in GOPATH mode with rtreego's checkout at
  ``$GOPATH/src/github.com/dhconnelly/rtreego``.  SAM-Road's main.go (``Bounds() rtreego.Rect``)
  compiles unchanged against rtreego HEAD; Sat2Graph's own copy (``Bounds() *rtreego.Rect``, old
  rtreego API, otherwise identical to SAM-Road's City-Scale copy) does not, so SAM-Road's copies are used.
* TOPO: SAM-Road's copies are already Python 3 (no change to topo.py / graph.py); their imports
  (numpy, scipy, rtree, hopcroftkarp, svgwrite) come from PyPI in a venv.  City-Scale ``main.py`` loops
  over a hard-coded list of 27 tile ids; the only edit, applied by this script to its copy, replaces
  that list literal with ``os.environ['RNM_TILES'].split(',')`` (same loop, our tile ids).  SpaceNet
  ``main.py`` reads ``../spacenet/data_split.json`` and runs unchanged.
* convert.py runs unchanged under Python 3 (``open(f, "r")`` fails, its ``except`` reopens ``"rb"``).

Build steps (what ``--ref-root`` must contain; default ``$RNM_SAT2GRAPH_REF`` or ``/tmp/ref``)::

    REF=/tmp/ref; mkdir -p $REF/samroad $REF/gopath/src/github.com/dhconnelly/rtreego $REF/bin
    git -C /work/.mirror/htcr+sam_road/repo archive HEAD cityscale_metrics spacenet_metrics | tar -x -C $REF/samroad
    git -C /work/.mirror/dhconnelly+rtreego/repo archive HEAD | tar -x -C $REF/gopath/src/github.com/dhconnelly/rtreego
    apt-get install -y golang        # Debian 12: go1.19.8
    for s in cityscale spacenet; do GO111MODULE=off GOPATH=$REF/gopath \\
        go build -o $REF/bin/apls_$s $REF/samroad/${s}_metrics/apls/main.go; done
    python3 -m venv $REF/venv && $REF/venv/bin/pip install numpy scipy rtree hopcroftkarp svgwrite

Then ``python scripts/protocol_fixtures.py --ref-root $REF`` (``--jobs``, ``--runs``, ``--no-topo``,
``--only NAME``; ``--work DIR`` keeps the scratch files).  Timing: see ``seconds`` in the fixture.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import pickle
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "tests" / "fixtures" / "protocols" / "sat2graph_reference.json"
SAMROAD_GIT = "/work/.mirror/htcr+sam_road/repo"
SAT2GRAPH_GIT = "/work/.mirror/songtaohe+Sat2Graph/repo"
RTREEGO_GIT = "/work/.mirror/dhconnelly+rtreego/repo"
# The list literal in SAM-Road's cityscale_metrics/topo/main.py that the copy's edit replaces.
CITYSCALE_TILE_LITERAL = ("[8, 9, 19, 28, 29, 39, 48, 49, 59, 68, 69, 79, 88, 89, 99, 108, 109, 119, 128, 129, "
                          "139, 148, 149, 159, 168, 169, 179]")


# --------------------------------------------------------------------------------------------------
# graphs

class Graph:
    """Undirected graph on pixel positions (a = row, b = column)."""

    def __init__(self, as_float: bool = False):
        self.adj: dict[tuple, set] = {}
        self.as_float = as_float

    def pt(self, a: float, b: float) -> tuple:
        if self.as_float:
            return (round(float(a), 2), round(float(b), 2))
        return (int(round(a)), int(round(b)))

    def add_edge(self, p: tuple, q: tuple) -> None:
        if p == q:
            return
        self.adj.setdefault(p, set()).add(q)
        self.adj.setdefault(q, set()).add(p)

    def add_path(self, pts: list) -> None:
        for p, q in zip(pts, pts[1:]):
            self.add_edge(p, q)

    def remove_edge(self, p: tuple, q: tuple) -> None:
        self.adj[p].discard(q)
        self.adj[q].discard(p)
        for v in (p, q):
            if not self.adj[v]:
                del self.adj[v]

    def edges(self) -> list:
        return sorted((p, q) for p, nbrs in self.adj.items() for q in nbrs if p < q)

    def copy(self) -> Graph:
        g = Graph(self.as_float)
        g.adj = {p: set(v) for p, v in self.adj.items()}
        return g

    def mapped(self, f) -> Graph:
        g = Graph(self.as_float)
        m = {p: f(p) for p in self.adj}
        assert len(set(m.values())) == len(m), "vertex map must be injective"
        for p, q in self.edges():
            g.add_edge(m[p], m[q])
        return g

    def to_pickle_dict(self) -> dict:
        return {p: sorted(self.adj[p]) for p in sorted(self.adj)}

    def to_json(self) -> list:
        return [[p[0], p[1], [[q[0], q[1]] for q in sorted(self.adj[p])]] for p in sorted(self.adj)]

    def length(self) -> float:
        return sum(math.dist(p, q) for p, q in self.edges())


def sample_segment(g: Graph, p0: tuple, p1: tuple, step: float | None) -> list:
    """Points from p0 to p1 (both kept exactly) with interior vertices every ~step (None: none)."""
    if step is None:
        return [p0, p1]
    n = max(1, round(math.dist(p0, p1) / step))
    pts = [g.pt(p0[0] + (p1[0] - p0[0]) * i / n, p0[1] + (p1[1] - p0[1]) * i / n) for i in range(1, n)]
    return [p0, *pts, p1]


def grid(g: Graph, rows, cols, a_range, b_range, step, skip=()) -> Graph:
    """Horizontal roads at a in rows over b_range, vertical roads at b in cols over a_range.

    skip: ("h", row) / ("v", col) omit a whole road, ("h", row, k) / ("v", col, k) its k-th piece."""
    for r in rows:
        if ("h", r) in skip:
            continue
        bps = [b_range[0], *[c for c in cols if b_range[0] < c < b_range[1]], b_range[1]]
        for k, (b0, b1) in enumerate(zip(bps, bps[1:])):
            if ("h", r, k) not in skip:
                g.add_path(sample_segment(g, g.pt(r, b0), g.pt(r, b1), step))
    for c in cols:
        if ("v", c) in skip:
            continue
        aps = [a_range[0], *[r for r in rows if a_range[0] < r < a_range[1]], a_range[1]]
        for k, (a0, a1) in enumerate(zip(aps, aps[1:])):
            if ("v", c, k) not in skip:
                g.add_path(sample_segment(g, g.pt(a0, c), g.pt(a1, c), step))
    return g


def curve(g: Graph, fn, n: int) -> list:
    """Polyline of n + 1 points of the parametric curve fn(t), t in [0, 1]."""
    return [g.pt(*fn(i / n)) for i in range(n + 1)]


def resample(g: Graph, rng: random.Random, prob: float) -> Graph:
    """Split edges at random points (probability prob per edge, 1 or 2 splits)."""
    out = g.copy()
    for p, q in g.edges():
        if rng.random() >= prob or math.dist(p, q) < 6:
            continue
        ts = sorted(rng.uniform(0.15, 0.85) for _ in range(rng.choice((1, 2))))
        pts = [p] + [out.pt(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t) for t in ts] + [q]
        if len(set(pts)) != len(pts) or any(x in out.adj for x in pts[1:-1]):
            continue
        out.remove_edge(p, q)
        out.add_path(pts)
    return out


def jitter(g: Graph, rng: random.Random, amp: float) -> Graph:
    table = {p: (rng.uniform(-amp, amp), rng.uniform(-amp, amp)) for p in sorted(g.adj)}
    return g.mapped(lambda p: g.pt(p[0] + table[p][0], p[1] + table[p][1]))


def break_edges(g: Graph, rng: random.Random, n: int, run: int = 1) -> Graph:
    """Remove n runs of `run` consecutive edges along chains."""
    out = g.copy()
    for _ in range(n):
        cands = [v for v in sorted(out.adj) if len(out.adj[v]) == 2]
        v = rng.choice(cands)
        prev = v
        nxt = sorted(out.adj[v])[0]
        out.remove_edge(v, nxt)
        for _ in range(run - 1):
            if nxt not in out.adj or len(out.adj[nxt]) != 1:
                break
            prev, nxt = nxt, next(iter(out.adj[nxt]))
            out.remove_edge(prev, nxt)
    return out


def add_spurs(g: Graph, rng: random.Random, n: int, lo: float, hi: float, limit: tuple, step: float) -> Graph:
    """Dead-end branches from random chain vertices, perpendicular to the chain, inside limit (amax, bmax)."""
    out = g.copy()
    done = 0
    cands = [v for v in sorted(g.adj) if len(g.adj[v]) == 2]
    while done < n:
        v = rng.choice(cands)
        u = sorted(g.adj[v])[0]
        d = (u[0] - v[0], u[1] - v[1])
        norm = math.hypot(*d)
        side = rng.choice((-1, 1))
        length = rng.uniform(lo, hi)
        end = (v[0] - side * d[1] / norm * length, v[1] + side * d[0] / norm * length)
        if not (5 <= end[0] <= limit[0] - 5 and 5 <= end[1] <= limit[1] - 5):
            continue
        out.add_path(sample_segment(out, v, out.pt(*end), step))
        done += 1
    return out


def field_shift(g: Graph, tile: float) -> Graph:
    """Smooth shift: 2 m at b = 0 to 8 m at b = tile along a, +-2 m wave along b."""
    return g.mapped(lambda p: g.pt(p[0] + 2 + 6 * p[1] / tile, p[1] + 2 * math.sin(p[0] / 300.0)))


# --------------------------------------------------------------------------------------------------
# cases

CS = 2048
SN = 400
CS_ROWS, CS_COLS = (300, 760, 1240, 1720), (260, 740, 1260, 1760)
CS_A, CS_B = (180, 1860), (150, 1900)


def cs_grid(step=40, skip=()) -> Graph:
    return grid(Graph(), CS_ROWS, CS_COLS, CS_A, CS_B, step, skip)


def cs_curved(as_float=True) -> Graph:
    g = Graph(as_float)
    spine = sample_segment(g, g.pt(150, 1000), g.pt(1900, 1000), 50)
    g.add_path(spine)
    g.add_path(curve(g, lambda t: (400 + 180 * math.sin(2 * math.pi * 1.5 * t), 1000 - 870 * t), 40))
    g.add_path(curve(g, lambda t: (1200 + 400 * math.sin(math.pi * t), 1000 + 880 * math.sin(math.pi * t / 2)
                                   * 1.0), 50))
    arc = curve(g, lambda t: (1500 + 400 * math.cos(math.pi * (0.5 + t)), 1000 + 400 * math.sin(math.pi * (0.5 + t))),
                36)  # through the spine's vertex (1100, 1000); crosses the second curve without a junction
    g.add_path(arc)
    return g


def make_cases() -> list:
    cases = []

    def add(name, setting, tile_id, gt, pred, note):
        cases.append({"name": name, "setting": setting, "tile_id": str(tile_id), "gt": gt, "pred": pred, "note": note})

    # City-Scale style, tile ids = first 12 of SAM-Road's list; lexicographic order 19 ... 79, 8, 9
    gt = cs_grid()
    add("cs08_grid_exact", "cityscale", 8, gt, gt.copy(), "4 x 4 grid, vertices every 40 m; prediction = gt")
    add("cs09_grid_shift_2_8m", "cityscale", 9, gt, field_shift(gt, CS),
        "prediction shifted 2 m (west) to 8 m (east) along a, +-2 m along b")
    rng = random.Random(19)
    add("cs19_grid_broken", "cityscale", 19, gt, break_edges(gt, rng, 5, run=2),
        "prediction with 5 gaps of 2 edges (~80 m)")
    add("cs28_grid_missing_roads", "cityscale", 28, gt,
        cs_grid(skip={("h", 760), ("v", 1260, 1), ("v", 1260, 2)}),
        "prediction misses one horizontal road and two pieces of a vertical one")
    rng = random.Random(29)
    top = grid(Graph(), (150, 520, 900), (300, 900, 1500), (100, 1050), (120, 1920), 45)
    add("cs29_top_half_only", "cityscale", 29, top, add_spurs(break_edges(jitter(top, rng, 2.0), rng, 2), rng, 3,
                                                               30, 100, (1100, CS), 25),
        "all roads at a <= 1050 (< 1111 px: TOPO walk radius 0.0015 deg); prediction jittered +-2, 2 breaks, 3 spurs")
    rng = random.Random(39)
    pred = add_spurs(gt, rng, 8, 30, 150, (CS, CS), 30)
    pred.add_path(sample_segment(pred, (500, 1000), (1000, 1500), 40))
    add("cs39_grid_spurs_false_road", "cityscale", 39, gt, pred, "prediction = gt + 8 spurs + a false diagonal road")
    pred = gt.copy()
    pred.add_path(sample_segment(pred, (310, 150), (310, 1880), 40))
    pred.add_edge((310, 1880), (300, 1900))
    pred.add_path(sample_segment(pred, (1250, 1800), (1250, 400), 40))
    pred.add_path(sample_segment(pred, (200, 750), (1840, 750), 45))
    add("cs48_doubled_parallel", "cityscale", 48, gt, pred,
        "prediction = gt + parallel copies 10 m off two roads (one joined at an end) and 10 m off a vertical one")
    add("cs49_empty_prediction", "cityscale", 49, gt, Graph(), "empty prediction (APLS NaN; TOPO P = R = 0)")
    gt80 = cs_grid(step=80)
    add("cs59_resampled", "cityscale", 59, gt80, resample(gt80, random.Random(59), 0.7),
        "vertices every 80 m; prediction = same edges split at random points (rounded to px)")
    gtd = cs_grid(step=None)
    for p, q in (((300, 260), (100, 260)), ((1720, 1760), (1950, 1950)), ((760, 1900), (760, 2000))):
        gtd.add_edge(p, q)
    rng = random.Random(68)
    add("cs68_direct_edges", "cityscale", 68, gtd, jitter(resample(gtd, rng, 1.0), rng, 1.5),
        "gt: junction-to-junction edges without interior vertex (+3 dead ends); prediction split + jittered 1.5 px")
    gtc = cs_curved()
    rng = random.Random(69)
    add("cs69_curved_float", "cityscale", 69, gtc, break_edges(jitter(gtc, rng, 1.5), rng, 1),
        "curved roads (one crossing without junction), float coordinates; prediction jittered +-1.5 px, one break")
    rng = random.Random(79)
    gtm = Graph()
    jpos = {(i, j): (250 + 380 * i + rng.randint(-40, 40), 220 + 400 * j + rng.randint(-40, 40))
            for i in range(5) for j in range(5)}
    for (i, j), p in sorted(jpos.items()):
        for di, dj in ((0, 1), (1, 0), (1, 1)):
            q = jpos.get((i + di, j + dj))
            if q is None or (di, dj) == (1, 1) and rng.random() > 0.15 or rng.random() < 0.15:
                continue
            gtm.add_path(sample_segment(gtm, p, q, rng.choice((None, 35, 60))))
    predm = add_spurs(break_edges(resample(jitter(gtm, rng, 3.0), rng, 0.5), rng, 3), rng, 4, 20, 80, (CS, CS), 20)
    add("cs79_random_mix", "cityscale", 79, gtm, predm,
        "perturbed 5 x 5 junction network (some diagonals, some direct edges); prediction jittered +-3, "
        "resampled, 3 breaks, 4 spurs")

    # SpaceNet style 400 px tiles
    sn_rows, sn_cols = (60, 200, 340), (50, 190, 330)
    sg = grid(Graph(), sn_rows, sn_cols, (15, 385), (15, 385), 20)
    add("sn1_grid_shift", "spacenet", "AOI_2_Vegas_101", sg, field_shift(sg, SN),
        "3 x 3 grid every 20 m; prediction shifted 2-8 m")
    g = Graph(True)
    g.add_path(curve(g, lambda t: (20 + 360 * t, 200 + 90 * math.sin(2 * math.pi * t)), 24))
    g.add_path(curve(g, lambda t: (200 + 120 * math.cos(math.pi * t), 200 - 180 * math.sin(math.pi * t / 2)), 16))
    rng = random.Random(2)
    add("sn2_curved_resampled", "spacenet", "AOI_3_Paris_202", g, jitter(resample(g, rng, 0.8), rng, 1.0),
        "curved float roads; prediction resampled and jittered +-1")
    rng = random.Random(3)
    add("sn3_broken_spurs", "spacenet", "AOI_4_Shanghai_303", sg,
        add_spurs(break_edges(sg, rng, 2), rng, 3, 15, 50, (SN, SN), 15), "prediction: 2 breaks, 3 spurs")
    sd = grid(Graph(), sn_rows, sn_cols, (15, 385), (15, 385), None)
    add("sn4_direct_edges_missing", "spacenet", "AOI_5_Khartoum_404", sd,
        grid(Graph(), sn_rows, sn_cols, (15, 385), (15, 385), 25, skip={("h", 200)}).mapped(lambda p: (p[0] + 2,
                                                                                                      p[1] + 1)),
        "gt junction-to-junction edges; prediction with vertices every 25 m, one road missing, shifted (2, 1)")
    pred = sg.copy()
    pred.add_path(sample_segment(pred, (68, 15), (68, 385), 20))
    pred.add_path(sample_segment(pred, (15, 198), (385, 198), 20))
    add("sn5_doubled_parallel", "spacenet", "AOI_2_Vegas_505", sg, pred,
        "prediction = gt + parallel copies 8 m off a horizontal and 8 m off a vertical road")
    add("sn6_empty_prediction", "spacenet", "AOI_3_Paris_606", sg, Graph(), "empty prediction")
    return cases


# --------------------------------------------------------------------------------------------------
# reference runs

def write_pickle(path: Path, g: Graph) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        pickle.dump(g.to_pickle_dict(), f, protocol=2)


def parse_apls(text: str) -> list:
    vals = [float(x) for x in text.split()[:3]]
    return [None if math.isnan(v) else v for v in vals]


def stats(runs: list, fn) -> list:
    out = []
    for k in range(3):
        col = [r[k] for r in runs]
        out.append(None if any(v is None for v in col) else fn(col))
    return out


def run_apls(ref: Path, work: Path, cases: list, runs: int, jobs: int, py: str) -> None:
    conv = {s: ref / "samroad" / f"{s}_metrics" / "apls" / "convert.py" for s in ("cityscale", "spacenet")}
    for c in cases:
        d = work / "apls" / c["setting"]
        for kind in ("gt", "pred"):
            write_pickle(d / "pickles" / f"{c['tile_id']}_{kind}.p", c[kind])
            subprocess.run([py, str(conv[c["setting"]]), str(d / "pickles" / f"{c['tile_id']}_{kind}.p"),
                            str(d / "json" / f"{c['tile_id']}_{kind}.json")], check=True, capture_output=True,
                           cwd=(d / "json").mkdir(parents=True, exist_ok=True) or d)

    def one(job):
        c, k = job
        d = work / "apls" / c["setting"]
        out = d / f"run{k + 1}" / f"{c['tile_id']}.txt"
        out.parent.mkdir(parents=True, exist_ok=True)
        cmd = [str(ref / "bin" / f"apls_{c['setting']}"), str(d / "json" / f"{c['tile_id']}_gt.json"),
               str(d / "json" / f"{c['tile_id']}_pred.json"), str(out)]
        if c["setting"] == "spacenet":
            cmd.append("spacenet")
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        return c["name"], k, out.read_text(), time.perf_counter() - t0

    jobl = [(c, k) for c in cases for k in range(runs)]
    with ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(one, jobl))
    for c in cases:
        mine = sorted((r for r in res if r[0] == c["name"]), key=lambda r: r[1])
        vals = [parse_apls(r[2]) for r in mine]
        c["apls"] = {"runs": vals, "mean": stats(vals, lambda x: sum(x) / len(x)), "min": stats(vals, min),
                     "max": stats(vals, max), "texts": [r[2] for r in mine],
                     "seconds": [round(r[3], 2) for r in mine]}
        print(f"APLS {c['name']:32s} mean {c['apls']['mean']}  {sum(c['apls']['seconds']):.1f} s", flush=True)


def topo_layout(ref: Path, root: Path, setting: str, cases: list) -> Path:
    """SAM-Road's directory layout; returns the cwd ({setting}_metrics)."""
    metrics = root / f"{setting}_metrics"
    (metrics / "topo").mkdir(parents=True, exist_ok=True)
    src = ref / "samroad" / f"{setting}_metrics"
    for f in ("main.py", "topo.py", "graph.py", "showTOPO.py"):
        shutil.copy(src / "topo" / f, metrics / "topo" / f)
    for f in ("topo.py", "apls.py"):
        shutil.copy(src / f, metrics / f)
    if setting == "cityscale":
        main = metrics / "topo" / "main.py"
        s = main.read_text()
        assert s.count(CITYSCALE_TILE_LITERAL) == 1
        main.write_text(s.replace(CITYSCALE_TILE_LITERAL, "os.environ['RNM_TILES'].split(',')"))
    for c in cases:
        write_pickle(root / "save" / "graph" / f"{c['tile_id']}.p", c["pred"])
        if setting == "cityscale":
            write_pickle(root / "cityscale" / "20cities" / f"region_{c['tile_id']}_graph_gt.pickle", c["gt"])
        else:
            write_pickle(root / "spacenet" / "RGB_1.0_meter" / f"{c['tile_id']}__gt_graph.p", c["gt"])
    if setting == "spacenet":
        (root / "spacenet" / "data_split.json").write_text(json.dumps({"test": [c["tile_id"] for c in cases]}))
    return metrics


def run_topo_main(ref: Path, root: Path, setting: str, cases: list, py: str) -> float:
    metrics = topo_layout(ref, root, setting, cases)
    env = dict(os.environ, RNM_TILES=",".join(c["tile_id"] for c in cases))
    t0 = time.perf_counter()
    p = subprocess.run([py, "./topo/main.py", "-savedir", "save"], cwd=metrics, env=env, capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError(f"TOPO failed in {root}: {p.stderr[-2000:]}")
    return time.perf_counter() - t0


def parse_topo(text: str) -> dict:
    last = text.splitlines()[-1]
    p = float(last.split(" ")[0].split("=")[-1])
    r = float(last.split(" ")[-1].split("=")[-1])
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else None, "text": last}


def topo_tail(root: Path, tile: str) -> str:
    """The last two lines of a tile's TOPO output (the aggregators read only the last one)."""
    lines = (root / "save" / "results" / "topo" / f"{tile}.txt").read_text().splitlines(keepends=True)
    return "".join(lines[-2:])


def run_topo(ref: Path, work: Path, cases: list, jobs: int, py: str, check: list) -> dict:
    def one(job):
        c, rep = job
        root = work / "topo" / "single" / f"{c['name']}_{rep}"
        shutil.rmtree(root, ignore_errors=True)
        sec = run_topo_main(ref, root, c["setting"], [c], py)
        return c["name"], rep, topo_tail(root, c["tile_id"]), sec

    jobl = [(c, 0) for c in cases] + [(c, 1) for c in cases if c["name"] in check]
    with ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(one, jobl))
    det = {}
    for c in cases:
        first = next(r for r in res if r[0] == c["name"] and r[1] == 0)
        c["topo"] = {**parse_topo(first[2]), "summary_lines": first[2], "seconds": round(first[3], 2)}
        again = [r for r in res if r[0] == c["name"] and r[1] == 1]
        if again:
            det[c["name"]] = {"identical_output": again[0][2] == first[2], "texts": [first[2], again[0][2]]}
        t = c["topo"]
        print(f"TOPO {c['name']:32s} P {t['precision']:.6f} R {t['recall']:.6f} {t['seconds']} s", flush=True)
    return det


def aggregate(ref: Path, work: Path, cases: list, setting: str, py: str, with_topo: bool) -> dict:
    """SAM-Road's apls.py / topo.py on the split (APLS texts of run 1, TOPO from one loop over the split)."""
    sub = [c for c in cases if c["setting"] == setting]
    root = work / "agg" / setting
    shutil.rmtree(root, ignore_errors=True)
    out: dict = {"tiles": {c["tile_id"]: c["name"] for c in sub}}
    if with_topo:
        sec = run_topo_main(ref, root, setting, sub, py)
        out["topo_loop_order"] = [c["tile_id"] for c in sub]
        out["topo_loop_seconds"] = round(sec, 2)
        out["topo_files"] = {f"{c['tile_id']}.txt": topo_tail(root, c["tile_id"]) for c in sub}
    else:
        topo_layout(ref, root, setting, sub)
    metrics = root / f"{setting}_metrics"
    adir = root / "save" / "results" / "apls"
    adir.mkdir(parents=True, exist_ok=True)
    for c in sub:
        shutil.copy(work / "apls" / setting / "run1" / f"{c['tile_id']}.txt", adir / f"{c['tile_id']}.txt")
    out["apls_files"] = {f"{c['tile_id']}.txt": c["apls"]["texts"][0] for c in sub}

    def call(script, args, cwd):
        p = subprocess.run([py, script, *args], cwd=cwd, capture_output=True, text=True)
        return {"returncode": p.returncode, "stdout": p.stdout,
                "stderr_last_line": p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""}

    out["apls_py"] = call("apls.py", ["--dir", "save"], metrics)
    if with_topo:
        out["topo_py"] = call("topo.py", ["-savedir", "save"], metrics)
        empties = [c for c in sub if not c["pred"].adj]
        if setting == "cityscale" and empties and out["topo_py"]["returncode"]:
            root2 = work / "agg" / f"{setting}_without_empty"
            shutil.rmtree(root2, ignore_errors=True)
            shutil.copytree(root, root2)
            for c in empties:
                (root2 / "save" / "results" / "topo" / f"{c['tile_id']}.txt").unlink()
            out["topo_py_without_empty"] = call("topo.py", ["-savedir", "save"], root2 / f"{setting}_metrics")
    return out


def git_head(d: str) -> str | None:
    p = subprocess.run(["git", "-C", d, "rev-parse", "HEAD"], capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref-root", default=os.environ.get("RNM_SAT2GRAPH_REF", "/tmp/ref"),
                    help="built reference (see the module docstring); env RNM_SAT2GRAPH_REF")
    ap.add_argument("--ref-python", default=None, help="python with the TOPO imports (default REF/venv/bin/python)")
    ap.add_argument("--work", default=None, help="scratch directory (default: a temporary one, removed)")
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    ap.add_argument("--runs", type=int, default=5, help="APLS runs per case")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-topo", action="store_true", help="APLS only")
    ap.add_argument("--only", action="append", default=[], help="case name (repeatable); no aggregate then")
    ap.add_argument("--list", action="store_true", help="print the cases' sizes and exit")
    ap.add_argument("--update", action="store_true",
                    help="with --only: replace those cases' results in the existing --out file "
                         "(more --runs for cases whose runs spread), keep the rest")
    args = ap.parse_args()
    if args.update and not args.only:
        ap.error("--update needs --only")

    cases = make_cases()
    if args.list:
        for c in cases:
            print(f"{c['name']:30s} gt {len(c['gt'].adj):4d} v {c['gt'].length():8.0f} m   "
                  f"pred {len(c['pred'].adj):4d} v {c['pred'].length():8.0f} m")
        return 0
    if args.only:
        cases = [c for c in cases if c["name"] in args.only]
    ref = Path(args.ref_root)
    py = args.ref_python or str(ref / "venv" / "bin" / "python")
    work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="protocol_fixtures_"))
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    run_apls(ref, work, cases, args.runs, args.jobs, py)
    det = {}
    if not args.no_topo:
        check = [n for n in ("cs79_random_mix", "sn2_curved_resampled") if any(c["name"] == n for c in cases)]
        det = run_topo(ref, work, cases, args.jobs, py, check)
    agg = {}
    if not args.only:
        for s in ("cityscale", "spacenet"):
            agg[s] = aggregate(ref, work, cases, s, py, not args.no_topo)

    go = subprocess.run(["go", "version"], capture_output=True, text=True).stdout.strip()
    refpy = subprocess.run([py, "-c", "import sys, numpy, scipy, rtree, hopcroftkarp; print(sys.version.split()[0], "
                            "'numpy', numpy.__version__, 'scipy', scipy.__version__, 'rtree', rtree.__version__)"],
                           capture_output=True, text=True).stdout.strip()
    about = {
        "what": "Outputs of the reference Sat2Graph / SAM-Road APLS (Go) and TOPO (Python) on synthetic tiles, "
                "for issue 33's protocol replay conformance tests. Made by scripts/protocol_fixtures.py "
                "(see its docstring for the build steps and every change needed to run the reference).",
        "date": datetime.date.today().isoformat(),
        "reference_commits": {"htcr/sam_road": git_head(SAMROAD_GIT), "songtaohe/Sat2Graph": git_head(SAT2GRAPH_GIT),
                              "dhconnelly/rtreego": git_head(RTREEGO_GIT)},
        "reference_files": {
            "apls_cityscale": "sam_road cityscale_metrics/apls/main.go (= Sat2Graph metrics/apls/main.go except "
                              "Bounds() returning rtreego.Rect), run as `main gt.json prop.json out.txt`",
            "apls_spacenet": "sam_road spacenet_metrics/apls/main.go (interval_2 = 10 in its small-tile branch; "
                             "Sat2Graph's says 15), run as `main gt.json prop.json out.txt spacenet`",
            "convert": "sam_road {cityscale,spacenet}_metrics/apls/convert.py",
            "topo": "sam_road {cityscale,spacenet}_metrics/topo/main.py (+ topo.py, graph.py), default arguments",
            "aggregation": "sam_road {cityscale,spacenet}_metrics/apls.py and topo.py, unmodified",
        },
        "input_convention": "pickled dict {(a, b): [(a2, b2), ...]} in pixels, 1 px = 1 m, every edge in both "
                            "directions; a = first coordinate = row = 'lat' axis (lat = 41 - a/111111), b = column "
                            "(lon = -71 + b/111111/cos(41 deg)), as convert.py and topo/main.py xy2latlon(k[0], k[1]). "
                            "gt / pred below: [[a, b, [[a2, b2], ...]], ...], sorted; coordinates exactly as pickled.",
        "apls_columns": "[gt_pred, pred_gt, apls]: main.go writes '%f %f %f' = apls_one_way(gt -> prop) "
                        "(control points on gt), apls_one_way(prop -> gt), their mean; null = NaN",
        "apls_randomness": "Go map iteration order: each case run `runs` times, all kept",
        "topo_fields": "precision / recall = the 'precision=' and 'overall-recall=' numbers of the output file's "
                       "last line (one fresh process per tile); f1 = 2PR/(P+R) (SAM-Road City-Scale per-tile "
                       "formula), null when P + R = 0",
        "topo_determinism": det,
        "cityscale_topo_edit": "cityscale_metrics/topo/main.py copy: the tile list literal replaced by "
                               "os.environ['RNM_TILES'].split(','); nothing else changed anywhere",
        "notes": [
            "aggregate.*.topo_files come from ONE main.py process looping over the split in tile-list order; "
            "main.py's global min_lat is never reset, so cs29_top_half_only (tile 29, all roads at a <= 1050 px) "
            "gets the walk radius r = 0.003 deg there (tiles 8, 9, 19, 28 before it reach a = 1860) but "
            "r = 0.0015 deg alone (cases[].topo): its two texts differ",
            "City-Scale topo.py walks os.listdir order (file-system dependent): which tiles it prints before the "
            "ZeroDivisionError of the empty tile is not reproducible, the error is; topo_py_without_empty = the "
            "same results directory without the empty tile's file",
            "apls seconds are wall times with parallel_jobs processes at once; each Go run uses 2 goroutines",
        ],
        "go_version": go,
        "reference_python": refpy,
        "apls_runs": args.runs,
        "parallel_jobs": args.jobs,
        "cpu_count": os.cpu_count(),
        "total_seconds": round(time.perf_counter() - t0, 1),
    }
    out_cases = []
    for c in cases:
        oc = {"name": c["name"], "setting": c["setting"], "tile_px": CS if c["setting"] == "cityscale" else SN,
              "tile_id": c["tile_id"], "note": c["note"], "gt": c["gt"].to_json(), "pred": c["pred"].to_json(),
              "apls": c["apls"]}
        if "topo" in c:
            oc["topo"] = c["topo"]
        out_cases.append(oc)
    doc = {"about": about, "cases": out_cases}
    if agg:
        doc["aggregate"] = agg
    if args.update:
        doc = json.loads(Path(args.out).read_text())
        new = {c["name"]: c for c in out_cases}
        for c in doc["cases"]:
            if c["name"] in new:
                c["apls"] = new[c["name"]]["apls"]
                c.update({k: new[c["name"]][k] for k in ("topo",) if k in new[c["name"]]})
        doc["about"].setdefault("apls_runs_by_case", {}).update({n: args.runs for n in new})
        doc["about"]["updated"] = about["date"]
        note = ("cases rerun with --update (apls_runs_by_case) have new runs; the aggregate keeps "
                "the texts of the first generation's run 1")
        if note not in doc["about"]["notes"]:
            doc["about"]["notes"].append(note)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1, allow_nan=False)
        f.write("\n")
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 1e6:.2f} MB) in {about['total_seconds']} s")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
