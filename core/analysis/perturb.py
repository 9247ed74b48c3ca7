"""Synthetic errors of six types, for metric sensitivity studies.

Reference: L. Citraro, M. Kozinski, P. Fua, "Towards Reliable Evaluation of
Road Network Reconstructions", ECCV 2020, sec. 4.1 and Fig. 4-5: a ground
truth is duplicated into a "prediction" and a controlled number of errors of
one type is put into one of the two copies.

Everything operates on the network model (core.network.build.build_network: merged
vertices, roads between junctions, canonical order), so the result does not
depend on how the input features are split, drawn or ordered.  Both outputs
are written as the network's roads (polylines between junctions and dead
ends); the input's attributes are not carried over.  Every random draw comes
from ``core.network.sampling.rng(seed)``.

Error types (COUNT errors of one type):

``interruptions``
    gaps of GAP_LENGTH cut out of the prediction's roads.  Each road between
    junctions is divided into slots of 3 x GAP_LENGTH; COUNT slots are drawn
    without replacement (so gaps are uniform along the network's length) and
    the gap is centred uniformly in the middle third of its slot: at least
    GAP_LENGTH / 2 of road remains next to a junction and GAP_LENGTH between
    two gaps.  The two sides of a gap are then connected only by a detour
    around the block, if at all.
``overconnections``
    spurious straight roads joining random pairs of network points whose
    straight distance is in [MIN_LINK, MAX_LINK] and whose distance along
    the input network is at least DETOUR_FACTOR times longer (or infinite).
    Start points are uniform along the network (candidates every
    min(5, MIN_LINK / 4) m), the end is uniform among the valid candidates;
    a road that would cross an existing or already added road, or end less
    than MIN_LINK / 2 from another added road's end, is redrawn.  Its ends
    are inserted as vertices so that it connects.
``perturbations``
    network nodes (junctions and dead ends) displaced by a random vector
    (uniform direction, length uniform in [MAX_SHIFT / 2, MAX_SHIFT]); the
    roads incident to a node follow it with a raised-cosine taper over
    3 x MAX_SHIFT of road (never beyond the road's other end), so shared
    nodes move consistently and nothing disconnects.  A move that would
    make a road cross another one, or bring two vertices within
    2 x MERGE_TOLERANCE, is redrawn (so nothing connects either).
``doubled_roads``
    spurious copies of pieces of roads (DOUBLE_LENGTH, shorter on short
    roads, at least max(5, 2 x DOUBLE_SHIFT) from a junction) shifted by
    DOUBLE_SHIFT and joined to the original at both ends by 45-degree ramps.
    The copy is offset to the outer side of the piece's bends, so it is
    never shorter than the piece: no shortest path gets shorter.  One copy
    per road; roads with a bend over 60 degrees are skipped.
``doubled_roads_gt``
    the same copies added to the ground truth instead: roads missing from
    the prediction beside a parallel one.
``false_positives_far``
    every road inside COUNT discs of radius REMOVAL_RADIUS (centres on the
    network, at least 2 x REMOVAL_RADIUS apart) is cut out of the ground
    truth: the prediction keeps roads up to REMOVAL_RADIUS away from any
    ground-truth road.

The ERRORS table holds one line per error (several for a removal that cuts
several roads): the gap, the spurious road, the displacement (from the old
to the new node position), the copy, or the removed roads.
"""
from __future__ import annotations

from typing import Optional

import math

import numpy as np

from ..geometry import polyline_edit as pe
from ..geometry.polyline import cumulative_lengths
from ..lazy_scipy import cKDTree
from ..network.lineset import LineSet, network_from
from ..network.build import densify_locations
from ..network.paths import NetworkDistances
from ..progress import NO_PROGRESS
from ..progress import Progress
from ..registry import Param
from ..result import FeatureTable
from ..network.sampling import rng
from ..text import N_, msg

ERROR_TYPES = ("interruptions", "overconnections", "perturbations", "doubled_roads",
               "doubled_roads_gt", "false_positives_far")
LABELS = {
    "interruptions": N_("Interruptions"),
    "overconnections": N_("Overconnections"),
    "perturbations": N_("Perturbations"),
    "doubled_roads": N_("Doubled roads"),
    "doubled_roads_gt": N_("Doubled roads (ground truth)"),
    "false_positives_far": N_("False positives far away"),
}
# which output receives the errors
TARGET = {t: "prediction" for t in ERROR_TYPES}
TARGET.update(doubled_roads_gt="ground_truth", false_positives_far="ground_truth")

DEFAULTS = {
    "GAP_LENGTH": 10.0,
    "MIN_LINK": 20.0,
    "MAX_LINK": 100.0,
    "DETOUR_FACTOR": 2.0,
    "MAX_SHIFT": 20.0,
    "DOUBLE_SHIFT": 3.0,
    "DOUBLE_LENGTH": 100.0,
    "REMOVAL_RADIUS": 50.0,
    "MERGE_TOLERANCE": 0.05,
    "NODE_CROSSINGS": False,
}
ERROR_FIELDS = [("error_id", "int"), ("error_type", "string"), ("layer", "string"),
                ("length", "double"), ("shift", "double"), ("network_distance", "double")]
MAX_TURN = math.radians(60.0)


class Perturbation:
    """``prediction`` and ``ground_truth``: LineSets (the network's roads);
    ``errors``: FeatureTable of lines (ERROR_FIELDS); ``n_errors``: errors
    placed (= count); ``details``: e.g. the disc centres of removals."""

    def __init__(self, prediction, ground_truth, errors, error_type, count, seed, parameters,
                 warnings, details=None):
        self.prediction = prediction
        self.ground_truth = ground_truth
        self.errors = errors
        self.error_type = error_type
        self.count = count
        self.seed = seed
        self.parameters = parameters
        self.warnings = warnings
        self.details = dict(details or {})

    @property
    def n_errors(self) -> int:
        ids = self.errors.columns["error_id"]
        return len(set(ids))


PARAM_LABELS = {
    "GAP_LENGTH": "Gap length", "MIN_LINK": "Minimum length of spurious roads",
    "MAX_LINK": "Maximum length of spurious roads", "DETOUR_FACTOR": "Detour factor",
    "MAX_SHIFT": "Maximum node displacement", "DOUBLE_SHIFT": "Offset of doubled roads",
    "DOUBLE_LENGTH": "Length of doubled roads", "REMOVAL_RADIUS": "Radius of removed areas",
}


def param_specs() -> dict[str, Param]:
    """The perturbation parameters as registry Params (ranges checked by
    :func:`resolve`; the QGIS dialogs of perturb and sensitivity show the
    same ranges)."""
    from ..registry import MAX_DISTANCE_M, NETWORK_PARAMS, Param
    out = {k: Param(k, "distance", PARAM_LABELS[k], DEFAULTS[k], unit="m", minimum=1e-3,
                    maximum=MAX_DISTANCE_M) for k in PARAM_LABELS if k != "DETOUR_FACTOR"}
    out["DETOUR_FACTOR"] = Param("DETOUR_FACTOR", "number", "Detour factor", 2.0, minimum=1.0,
                                 maximum=1000.0)
    for p in NETWORK_PARAMS:
        out[p.name] = p
    return out


def resolve(params: Optional[dict] = None) -> dict:
    """Defaults overlaid with the given values (None keeps the default),
    each checked: finite and within its range (ValueError otherwise)."""
    out = dict(DEFAULTS)
    for k, v in (params or {}).items():
        if k in out and v is not None:
            out[k] = v
    for k, p in param_specs().items():
        out[k] = p.check(out[k])
    for k in DEFAULTS:
        if k != "NODE_CROSSINGS":
            out[k] = float(out[k])
    for k in ("GAP_LENGTH", "MIN_LINK", "MAX_LINK", "MAX_SHIFT", "DOUBLE_SHIFT", "DOUBLE_LENGTH",
              "REMOVAL_RADIUS"):
        if not out[k] > 0:
            raise ValueError(msg("{} must be > 0, got {}", k, out[k]))
    if out["MIN_LINK"] > out["MAX_LINK"]:
        raise ValueError(msg("MIN_LINK ({}) must not exceed MAX_LINK ({})",
                             out['MIN_LINK'], out['MAX_LINK']))
    if out["DETOUR_FACTOR"] < 1:
        raise ValueError(msg("DETOUR_FACTOR must be >= 1, got {}", out['DETOUR_FACTOR']))
    if out["MERGE_TOLERANCE"] < 0:
        raise ValueError(msg("MERGE_TOLERANCE must be >= 0"))
    return out


def perturb(lines: LineSet, error_type: str, count: int, seed: int = 0,
            params: Optional[dict] = None, progress: Optional[Progress] = None) -> Perturbation:
    """Put ``count`` errors of ``error_type`` into a copy of ``lines``
    (a LineSet).  Returns a :class:`Perturbation`; ValueError when the
    network cannot hold that many errors of this kind."""
    progress = progress or NO_PROGRESS
    if error_type not in ERROR_TYPES:
        raise ValueError(msg("unknown ERROR_TYPE {!r}; choose one of {}",
                             error_type, ', '.join(ERROR_TYPES)))
    from ..registry import MAX_COUNT, MAX_SEED, Param
    count = Param("COUNT", "integer", "Number of errors", 10, minimum=0,
                  maximum=MAX_COUNT).check(count)
    seed = Param("SEED", "integer", "Random seed", 0, minimum=0, maximum=MAX_SEED).check(seed)
    p = resolve(params)
    net = network_from(lines, p)
    if net.is_empty():
        raise ValueError(msg("the input layer has no line to perturb"))
    progress.set(0.05, msg("{}: placing {} error(s)", LABELS[error_type], count))
    gen = rng(seed)
    # collinear vertices only record where features were split: dropping
    # them makes every result independent of the splitting
    roads = [pe.drop_collinear(net.edge_polyline(e)) for e in range(net.n_edges)]
    errors = FeatureTable("LineString", ERROR_FIELDS)
    details = {}
    if count == 0:
        changed = [r.copy() for r in roads]
    else:
        fn = {"interruptions": _interruptions, "overconnections": _overconnections,
              "perturbations": _perturbations, "doubled_roads": _doubled,
              "doubled_roads_gt": _doubled, "false_positives_far": _removals}[error_type]
        changed = fn(net, roads, count, p, gen, errors, details, progress)
    errors.columns["error_type"] = [error_type] * len(errors)
    errors.columns["layer"] = [TARGET[error_type]] * len(errors)
    if TARGET[error_type] == "prediction":
        pred, gt = changed, roads
    else:
        pred, gt = roads, changed
    if not gt:
        raise ValueError(msg("the removals leave no ground truth: lower COUNT or REMOVAL_RADIUS"))
    used = {k: (bool(v) if k == "NODE_CROSSINGS" else v) for k, v in p.items()}
    progress.set(1.0)
    return Perturbation(LineSet(pred), LineSet(gt), errors, error_type, count, int(seed), used,
                        list(net.warnings), details)


# -- helpers ---------------------------------------------------------------

def _not_enough(what, placed, count, advice):
    """``what`` and ``advice``: core.text messages (translated with the rest)."""
    return ValueError(msg("only {} of {} {} fit in this network; {}", placed, count, what, advice))


def _apply_inserts(roads, inserts):
    out = list(roads)
    for e, offs in inserts.items():
        out[e] = pe.insert_vertices(roads[e], offs)
    return out


def _uniform_locations(net, step):
    """Candidate points along the whole network: every node and points at
    most ``step`` apart along every road.  Returns (edge, offset, xy)."""
    de, do = densify_locations(net, step)
    ne, no = net.node_locations()
    e = np.concatenate([ne, de])
    o = np.concatenate([no, do])
    return e, o, net.point_at(e, o)


def _weighted_order(gen, weights):
    """A random permutation where item i comes early with probability
    proportional to weights[i] (exponential-key sampling without
    replacement)."""
    keys = gen.exponential(size=len(weights)) / np.maximum(weights, 1e-300)
    return np.argsort(keys, kind="stable")


# -- interruptions ---------------------------------------------------------

def _interruptions(net, roads, count, p, gen, errors, details, progress):
    g = p["GAP_LENGTH"]
    slot = 3.0 * g
    ns = np.floor(net.edge_length / slot + 1e-9).astype(np.int64)
    total = int(ns.sum())
    if count > total:
        raise _not_enough(msg("interruptions"), total, count,
                          msg("each needs 3 x GAP_LENGTH of road between two junctions; lower "
                              "COUNT or GAP_LENGTH"))
    pick = np.sort(gen.choice(total, count, replace=False))
    first = np.cumsum(ns) - ns
    edge = np.repeat(np.arange(net.n_edges), ns)[pick]
    k = pick - first[edge]
    centre = slot * k + g + gen.uniform(0.0, g, count)
    out = list(roads)
    gaps = [None] * count
    for e in np.unique(edge):
        sel = np.nonzero(edge == e)[0]
        iv = [(c - g / 2, c + g / 2) for c in centre[sel]]
        kept, removed = pe.remove_intervals(roads[e], iv)
        out[e] = None
        out.extend(kept)
        for i, piece in zip(sel, removed):
            gaps[i] = piece
    out = [r for r in out if r is not None]
    detour = _side_distances(out, [gp[0] for gp in gaps], [gp[-1] for gp in gaps], p)
    for i, piece in enumerate(gaps):
        errors.extend([piece], error_id=i, length=float(cumulative_lengths(piece)[-1]),
                      shift=None, network_distance=detour[i] if math.isfinite(detour[i]) else None)
    return out


def _side_distances(roads, a, b, p):
    """Distance along the network made of ``roads`` between points a[k]
    and b[k] (inf when not connected)."""
    from ..network.snapping import NetworkLocator
    net = network_from(LineSet(roads), p)
    loc = NetworkLocator(net)
    a, b = np.asarray(a), np.asarray(b)
    ea, oa, _, _ = loc.locate(a[:, 0], a[:, 1])
    eb, ob, _, _ = loc.locate(b[:, 0], b[:, 1])
    nd = NetworkDistances(net)
    out = np.empty(len(a))
    for k in range(0, len(a), 256):
        s = slice(k, k + 256)
        d = nd.block(nd.prepare(ea[s], oa[s]), nd.prepare(eb[s], ob[s]))
        out[s] = np.diagonal(d)
    return out


# -- overconnections -------------------------------------------------------

def _overconnections(net, roads, count, p, gen, errors, details, progress):
    lmin, lmax, factor = p["MIN_LINK"], p["MAX_LINK"], p["DETOUR_FACTOR"]
    step = max(min(5.0, lmin / 4.0), 0.25)
    E, O, xy = _uniform_locations(net, step)
    tree = cKDTree(xy)
    nd = NetworkDistances(net)
    a0, a1, _ = pe.segments_of(roads)
    new_a, new_b = np.zeros((0, 2)), np.zeros((0, 2))
    ends = np.zeros((0, 2))
    inserts = {}
    links = []
    max_starts = 200 * count + 500
    order = gen.permutation(len(xy))
    for tried, i in enumerate(order):
        if len(links) == count or tried >= max_starts:
            break
        if tried % 50 == 0:
            progress.set(0.05 + 0.9 * len(links) / count)
        if len(ends) and np.hypot(*(ends - xy[i]).T).min() < lmin / 2:
            continue
        nb = np.asarray(tree.query_ball_point(xy[i], lmax), dtype=np.int64)
        if len(nb) == 0:
            continue
        d = np.hypot(*(xy[nb] - xy[i]).T)
        keep = d >= lmin
        if len(ends):
            keep &= cKDTree(ends).query(xy[nb])[0] >= lmin / 2
        nb, d = nb[keep], d[keep]
        if len(nb) == 0:
            continue
        src = nd.prepare(E[[i]], O[[i]])
        dn = nd.block(src, nd.prepare(E[nb], O[nb]))[0]
        ok = dn >= factor * d
        nb, d, dn = nb[ok], d[ok], dn[ok]
        for j in gen.permutation(len(nb))[:20]:
            q = nb[j]
            pa, pb = _on_road(roads, E[i], O[i]), _on_road(roads, E[q], O[q])
            box = (min(pa[0], pb[0]), min(pa[1], pb[1]), max(pa[0], pb[0]), max(pa[1], pb[1]))
            m = pe.bbox_mask(a0, a1, box)
            hit, _ = pe.crossings(pa[None], pb[None], a0[m], a1[m])
            if len(hit):
                continue
            hit, _ = pe.crossings(pa[None], pb[None], new_a, new_b)
            hit2, _ = pe.crossings(new_a, new_b, pa[None], pb[None])
            if len(hit) or len(hit2):
                continue
            links.append((pa, pb, float(d[j]), float(dn[j])))
            inserts.setdefault(int(E[i]), []).append(float(O[i]))
            inserts.setdefault(int(E[q]), []).append(float(O[q]))
            new_a, new_b = np.vstack([new_a, pa]), np.vstack([new_b, pb])
            ends = np.vstack([ends, pa, pb])
            break
    if len(links) < count:
        raise _not_enough(msg("overconnections"), len(links), count,
                          msg("lower COUNT or DETOUR_FACTOR, or widen MIN_LINK - MAX_LINK"))
    out = _apply_inserts(roads, inserts)
    for k, (pa, pb, d, dn) in enumerate(links):
        line = np.array([pa, pb])
        out.append(line)
        errors.extend([line], error_id=k, length=d, shift=None,
                      network_distance=dn if math.isfinite(dn) else None)
    return out


def _on_road(roads, e, off):
    """The point of a road polyline at an arc length, computed exactly as
    insert_vertices computes the vertex it inserts there."""
    xy = roads[int(e)]
    return pe.point_at(xy, cumulative_lengths(xy), [off])[0]


# -- perturbations ---------------------------------------------------------

def _taper(d, R):
    """Raised cosine: 1 at d = 0, 0 from d = R on."""
    w = 0.5 * (1.0 + np.cos(np.pi * np.minimum(d, R) / R))
    return np.where(d < R, w, 0.0)


class _Moves:
    """Current state of the roads while nodes are displaced."""

    def __init__(self, net, roads, R, tol):
        self.net = net
        self.R = R
        self.tol = tol
        self.base = list(roads)           # densified where a node moved
        self.cur = list(roads)
        self.D = np.zeros((net.n_nodes, 2))
        self.box = np.array([np.r_[r.min(axis=0), r.max(axis=0)] for r in roads])
        ends = np.concatenate([net.edge_u, net.edge_v])
        eid = np.concatenate([np.arange(net.n_edges)] * 2)
        o = np.argsort(ends, kind="stable")
        self.inc_ptr = np.searchsorted(ends[o], np.arange(net.n_nodes + 1))
        self.inc = eid[o]

    def incident(self, n):
        return np.unique(self.inc[self.inc_ptr[n]:self.inc_ptr[n + 1]])

    def moved_road(self, e, D):
        u, v = self.net.edge_u[e], self.net.edge_v[e]
        base = self.base[e]
        L = self.net.edge_length[e]
        step = self.R / 8.0
        base = pe.densify(base, step)
        s = cumulative_lengths(base)
        Re = min(self.R, L / 2.0 if u == v else L)
        w_u, w_v = _taper(s, Re), _taper(s[-1] - s, Re)
        return base, base + D[u] * w_u[:, None] + D[v] * w_v[:, None]

    def _keys(self, e, k):
        """Identity of each vertex of road e (k vertices): end nodes share
        their node id; interior vertices are unique."""
        n = self.net.n_nodes
        keys = n + e * (1 << 24) + np.arange(k, dtype=np.int64)
        keys[0], keys[-1] = self.net.edge_u[e], self.net.edge_v[e]
        return keys

    def _contacts(self, polys):
        """(crossing road pairs, close vertex-identity pairs) among the
        given {road: polyline} and every other road near them."""
        allp = np.vstack(list(polys.values()))
        pad = 2 * self.tol + 1e-6
        box = (allp[:, 0].min() - pad, allp[:, 1].min() - pad,
               allp[:, 0].max() + pad, allp[:, 1].max() + pad)
        near = np.nonzero((self.box[:, 2] >= box[0]) & (self.box[:, 0] <= box[2])
                          & (self.box[:, 3] >= box[1]) & (self.box[:, 1] <= box[3]))[0]
        others = [e for e in near.tolist() if e not in polys]
        ids_a = list(polys.keys())
        a0, a1, ea = pe.segments_of([polys[e] for e in ids_a], ids_a)
        b_lines = [self.cur[e] for e in others] + [polys[e] for e in ids_a]
        b0, b1, eb = pe.segments_of(b_lines, others + ids_a)
        i, j = pe.crossings(a0, a1, b0, b1)
        cross = set(zip(ea[i].tolist(), eb[j].tolist()))
        # vertices within 2 x tolerance that are not the same vertex
        pts = np.vstack(b_lines)
        keys = np.concatenate([self._keys(e, len(l)) for e, l in zip(others + ids_a, b_lines)])
        close = set()
        if self.tol > 0 and len(pts) > 1:
            pairs = cKDTree(pts).query_pairs(2 * self.tol, output_type="ndarray")
            if len(pairs):
                ka, kb = keys[pairs[:, 0]], keys[pairs[:, 1]]
                diff = ka != kb
                close = set(zip(np.minimum(ka, kb)[diff].tolist(), np.maximum(ka, kb)[diff].tolist()))
        return cross, close

    def try_move(self, n, v):
        D = self.D.copy()
        D[n] = v
        roads = self.incident(n)
        new = {}
        bases = {}
        for e in roads.tolist():
            bases[e], new[e] = self.moved_road(e, D)
        # compare with the same (densified) roads before the move
        before = {e: self.moved_road(e, self.D)[1] for e in new}
        c0, m0 = self._contacts(before)
        c1, m1 = self._contacts(new)
        if not (c1 <= c0 and m1 <= m0):
            return False
        self.D = D
        for e, pl in new.items():
            self.base[e] = bases[e]
            self.cur[e] = pl
            self.box[e] = np.r_[pl.min(axis=0), pl.max(axis=0)]
        return True


def _perturbations(net, roads, count, p, gen, errors, details, progress):
    smax = p["MAX_SHIFT"]
    if count > net.n_nodes:
        raise _not_enough(msg("perturbations"), net.n_nodes, count,
                          msg("a perturbation displaces one node (junction or dead end); lower "
                              "COUNT"))
    st = _Moves(net, roads, 3.0 * smax, p["MERGE_TOLERANCE"])
    placed = 0
    for n in gen.permutation(net.n_nodes).tolist():
        if placed == count:
            break
        for _ in range(8):
            r = gen.uniform(0.5, 1.0) * smax
            a = gen.uniform(0.0, 2 * np.pi)
            v = np.array([r * np.cos(a), r * np.sin(a)])
            if st.try_move(n, v):
                old = net.node_xy[n]
                line = np.array([old, old + v])
                errors.extend([line], error_id=placed, length=r, shift=r, network_distance=None)
                placed += 1
                progress.set(0.05 + 0.9 * placed / count)
                break
    if placed < count:
        raise _not_enough(msg("perturbations"), placed, count,
                          msg("nodes could not be moved without crossing other roads; lower "
                              "COUNT or MAX_SHIFT"))
    return st.cur


# -- doubled roads ---------------------------------------------------------

def _copy_of(xy, s0, s1, shift, gen):
    """Copy of the piece [s0, s1] of a road, shifted by ``shift`` to the
    outer side of its bends, with 45-degree ramps at both ends; None when
    the piece bends too sharply."""
    cum = cumulative_lengths(xy)
    mid = pe.sub_polyline(xy, cum, s0 + shift, s1 - shift)
    turn = pe.turning_angles(mid) if len(mid) > 2 else np.zeros(0)
    if len(turn) and np.abs(turn).max() > MAX_TURN:
        return None
    # a left offset by d changes the length by -d * sum(2 tan(theta / 2))
    bend = float(np.sum(2 * np.tan(turn / 2))) if len(turn) else 0.0
    side = -np.sign(bend) if abs(bend) > 1e-12 else (1.0 if gen.uniform() < 0.5 else -1.0)
    a, b = pe.point_at(xy, cum, [s0, s1])
    copy = np.vstack([a, pe.offset_polyline(mid, side * shift), b])
    return copy


def _doubled(net, roads, count, p, gen, errors, details, progress):
    sh, Ld = p["DOUBLE_SHIFT"], p["DOUBLE_LENGTH"]
    margin = max(5.0, 2 * sh)
    lmin = 4 * sh
    L = net.edge_length
    elig = np.nonzero(L >= 2 * margin + lmin)[0]
    order = elig[_weighted_order(gen, L[elig])]
    tol = p["MERGE_TOLERANCE"]
    a0, a1, _ = pe.segments_of(roads)
    verts = np.vstack(roads)
    vtree = cKDTree(verts)
    copies, inserts = [], {}
    for e in order.tolist():
        if len(copies) == count:
            break
        ell = min(Ld, L[e] - 2 * margin)
        if ell < lmin:
            continue
        s0 = gen.uniform(margin, L[e] - margin - ell)
        copy = _copy_of(roads[e], s0, s0 + ell, sh, gen)
        if copy is None:
            continue
        if cumulative_lengths(copy)[-1] < ell - 1e-9:
            continue
        box = (copy[:, 0].min(), copy[:, 1].min(), copy[:, 0].max(), copy[:, 1].max())
        m = pe.bbox_mask(a0, a1, box)
        if len(pe.crossings(copy[:-1], copy[1:], a0[m], a1[m])[0]):
            continue
        if tol > 0 and len(copy) > 2:
            inner = copy[1:-1]
            if (vtree.query(inner)[0] <= 2 * tol).any():
                continue
        if any(len(pe.crossings(copy[:-1], copy[1:], c[:-1], c[1:])[0]) for c, _ in copies):
            continue
        copies.append((copy, ell))
        inserts[e] = [s0, s0 + ell]
        progress.set(0.05 + 0.9 * len(copies) / count)
    if len(copies) < count:
        raise _not_enough(msg("doubled roads"), len(copies), count,
                          msg("one copy per road between junctions (roads of at least {:g} m "
                              "without bends over 60 degrees); lower COUNT, DOUBLE_SHIFT or "
                              "DOUBLE_LENGTH", 2 * margin + lmin))
    out = _apply_inserts(roads, inserts)
    for k, (copy, ell) in enumerate(copies):
        out.append(copy)
        errors.extend([copy], error_id=k, length=float(cumulative_lengths(copy)[-1]), shift=sh,
                      network_distance=None)
    return out


# -- false positives far away -----------------------------------------------

def _removals(net, roads, count, p, gen, errors, details, progress):
    R = p["REMOVAL_RADIUS"]
    _, _, xy = _uniform_locations(net, max(min(5.0, R / 4.0), 0.25))
    centres = []
    for i in gen.permutation(len(xy)).tolist():
        if len(centres) == count:
            break
        c = xy[i]
        if centres and np.hypot(*(np.asarray(centres) - c).T).min() < 2 * R:
            continue
        centres.append(c)
    if len(centres) < count:
        raise _not_enough(msg("removals"), len(centres), count,
                          msg("disc centres must be 2 x REMOVAL_RADIUS apart; lower COUNT or "
                              "REMOVAL_RADIUS"))
    C = np.asarray(centres)
    details["centres"] = C
    ctree = cKDTree(C)
    out = []
    pieces = []
    for e, xy_e in enumerate(roads):
        lo, hi = xy_e.min(axis=0), xy_e.max(axis=0)
        near = ctree.query_ball_point((lo + hi) / 2, np.hypot(*(hi - lo)) / 2 + R)
        iv = []
        for k in near:
            iv.extend(pe.circle_intervals(xy_e, C[k, 0], C[k, 1], R))
        if not iv:
            out.append(xy_e)
            continue
        kept, removed = pe.remove_intervals(xy_e, iv)
        out.extend(kept)
        pieces.extend(removed)
    for piece in pieces:
        cum = cumulative_lengths(piece)
        mid = pe.point_at(piece, cum, [cum[-1] / 2])[0]
        k = int(ctree.query(mid)[1])
        errors.extend([piece], error_id=k, length=float(cum[-1]), shift=None,
                      network_distance=None)
    return out
