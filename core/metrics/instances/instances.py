"""Instances and classes: instance matching with AP@[.50:.05:.95], class IoU
and instance-size-rescaled iIoU (Mapillary Vistas / Cityscapes evaluation
transferred to lines).

References: Mapillary Vistas Dataset evaluation scripts (seed 002: IoU,
iIoU, AP over IoU thresholds 0.50:0.05:0.95 with confidence ranking);
M. Cordts et al., "The Cityscapes Dataset", CVPR 2016 (iIoU, instance-level
AP, the 100-pixel ignore rule); T.-Y. Lin et al., "Microsoft COCO", ECCV
2014 (thresholds, greedy matching by confidence); B. Hariharan et al.,
"Simultaneous detection and segmentation", ECCV 2014.

Instances.  DISSOLVE on (default): the chains between junctions and dead
ends of each layer's network (core.network.build), cut where the class changes;
an instance takes the confidence (and source feature id) of the input
feature with the most length on it.  How features are split never matters.
DISSOLVE off: every feature (all its parts) is one instance.

Overlap of a ground-truth instance g and a predicted instance p of the
same class (core.metrics.instances.instance_overlap): IoU of their TOLERANCE-neighbourhoods
(OVERLAP = area), or I / (len g + len p - I) with I the mean of the
lengths of each within TOLERANCE of the other (OVERLAP = length).

AP (core.metrics.instances.instance_ap): at each threshold t in 0.50, 0.55, ..., 0.95,
pairs with overlap >= t are matched greedily by prediction confidence
(then overlap); a matched prediction is a TP, an unmatched one a FP, an
unmatched ground-truth instance a FN.  Ground-truth instances shorter than
MIN_LENGTH are ignored: never FN, and a prediction that matches one (and no
other) is not counted.  Per class, AP_c(t) = area under the step
precision-recall curve from (recall 0, precision 1); AP(t) = mean over the
classes with ground truth; AP = mean over t; AP50 = AP(0.5),
AP75 = AP(0.75).

Class IoU from a length confusion accumulated over the whole data set
(TP and FN on the ground truth, FP on the prediction):

    TP_c = length of GT of class c within TOLERANCE of predictions of class c
    FN_c = length of GT of class c - TP_c
    FP_c = length of predictions of class c farther than TOLERANCE from GT of class c
    IoU_c = TP_c / (TP_c + FN_c + FP_c)

iIoU_c: TP and FN of each ground-truth instance i weighted by
w_i = (mean instance length of class c) / len_i, FP unweighted:

    iIoU_c = sum w_i TP_i / (sum w_i TP_i + sum w_i FN_i + FP_c)

MEAN_IOU, MEAN_IIOU: means over the classes where they are defined
(classes absent from both layers never appear; 0 / 0 is NaN and skipped).
"""
from __future__ import annotations

import math

import numpy as np

from ...classes import NULL_CLASS
from .instance_ap import average_precision, greedy_match
from .instance_overlap import area_iou, intersection_bound, length_iou
from ..geometric.linecover import Segments, covered_interval, segment_pairs_within, union_length
from ...network.build import build_network
from ...scores import ratios
from ...geometry.polyline import straight_runs
from ...registry import MetricSpec, Output, Param, Sink, STANDARD_SINKS, register
from ...network.lineset import LineSet
from ...progress import Progress
from ...result import FeatureTable, MetricResult
from ...text import N_, msg

THRESHOLDS = np.round(0.5 + 0.05 * np.arange(10), 2)
T75 = 5  # index of 0.75
ALL_CLASSES = "all"
THRESHOLD_EPS = 1e-12  # overlap >= t - eps counts as >= t (floating point)


# -- attributes ----------------------------------------------------------

def _n_features(ls):
    return len(ls.feature_ids)


def _classes(ls, field, label):
    n = _n_features(ls)
    if not field:
        return [ALL_CLASSES] * n
    if field not in ls.attributes:
        raise ValueError(msg("CLASS_FIELD '{}' is missing from the {} layer; the class field "
                             "must exist (same name) on both layers", field, label))
    return [NULL_CLASS if v is None else str(v) for v in ls.attributes[field]]


def _confidences(ls, field, warnings):
    n = _n_features(ls)
    if not field:
        return np.zeros(n)
    if field not in ls.attributes:
        raise ValueError(msg("CONFIDENCE_FIELD '{}' is missing from the prediction layer", field))
    out = np.full(n, np.nan)
    for k, v in enumerate(ls.attributes[field]):
        if v is None:
            continue
        try:
            out[k] = float(v)
        except (TypeError, ValueError):
            raise ValueError(msg("CONFIDENCE_FIELD '{}' must be numeric; feature {} has {!r}",
                                 field, int(ls.feature_ids[k]), v)) from None
    bad = ~np.isfinite(out)
    if bad.any():
        warnings.append(msg("prediction: {} feature(s) without a numeric confidence in '{}' "
                            "rank below every other prediction", int(bad.sum()), field))
        out[bad] = np.nan
    return out


# -- instances -----------------------------------------------------------

class Instances:
    """The instances of one layer: ``segs`` (core.metrics.geometric.linecover.Segments) with
    ``seg_inst``; per instance ``cls`` (class id), ``conf`` (NaN: none),
    ``fid`` (source feature id), ``polylines`` (list of (k, 2) arrays) and
    ``length`` (m)."""

    def __init__(self, segs, seg_inst, cls, conf, fid, polylines, seg_piece=None):
        seg_inst = np.asarray(seg_inst, np.int64)
        segs, seg_inst, seg_piece = _merge_straight_runs(segs, seg_inst, seg_piece)
        self.segs = segs
        self.seg_inst = seg_inst
        self.seg_off = _instance_offsets(self.seg_inst, segs.length, seg_piece)
        self.cls = np.asarray(cls, np.int64)
        self.conf = np.asarray(conf, float)
        self.fid = np.asarray(fid, np.int64)
        self.polylines = polylines
        self.length = np.bincount(self.seg_inst, weights=segs.length, minlength=len(self.cls))
        self.seg_cls = self.cls[self.seg_inst] if len(self.seg_inst) else np.zeros(0, np.int64)
        self.warnings = []

    def __len__(self):
        return len(self.cls)


def _merge_straight_runs(segs, seg_inst, seg_piece):
    """Consecutive segments of one instance (and one part) that form a
    straight line merged into one (core.geometry.polyline.straight_runs):
    densely digitised lines cost what the lines as drawn without those
    vertices cost; the shape moves by at most STRAIGHT_EPS_M."""
    if len(seg_inst) < 2:
        return segs, seg_inst, seg_piece
    change = seg_inst[1:] != seg_inst[:-1]
    if seg_piece is not None:
        seg_piece = np.asarray(seg_piece)
        change |= seg_piece[1:] != seg_piece[:-1]
    group = np.cumsum(np.r_[True, change])
    _, first, last = straight_runs(group, segs.ax, segs.ay, segs.bx, segs.by)
    if len(first) == len(seg_inst):
        return segs, seg_inst, seg_piece
    merged = Segments(segs.ax[first], segs.ay[first], segs.bx[last], segs.by[last])
    return merged, seg_inst[first], None if seg_piece is None else seg_piece[first]


def _instance_offsets(seg_inst, seg_len, seg_piece=None):
    """Arc length of each segment's start along its instance, segments in
    their order; a change of ``seg_piece`` (another part of a multi-part
    feature) inserts a 1 m gap so that separate parts never touch."""
    n = len(seg_inst)
    if n == 0:
        return np.zeros(0)
    o = np.argsort(seg_inst, kind="stable")
    si, L = seg_inst[o], seg_len[o]
    new = np.r_[True, si[1:] != si[:-1]]
    gap = np.zeros(n)
    if seg_piece is not None:
        sp = np.asarray(seg_piece)[o]
        gap[1:] = ((sp[1:] != sp[:-1]) & ~new[1:]).astype(float)
    cum = np.cumsum(L + gap) - L
    start = np.nonzero(new)[0]
    grp = np.cumsum(new) - 1
    out = np.empty(n)
    out[o] = cum - cum[start][grp]
    return out


def _valid_parts(ls):
    """Indices of the parts with at least two vertices, all finite (the
    parts build_network keeps, in its order)."""
    n = len(ls.parts)
    if n == 0:
        return np.zeros(0, np.int64)
    shape_ok = np.array([p.ndim == 2 and p.shape[1] >= 2 and len(p) >= 2 for p in ls.parts])
    idx = np.nonzero(shape_ok)[0]
    if len(idx) == 0:
        return idx
    lens = np.array([len(ls.parts[k]) for k in idx])
    finite = np.isfinite(np.concatenate([ls.parts[k][:, :2] for k in idx])).all(axis=1)
    bad = np.add.reduceat((~finite).astype(np.int64), np.r_[0, np.cumsum(lens)[:-1]])
    return idx[bad == 0]


def feature_instances(ls, fcls, fconf) -> Instances:
    """Every feature with a positive length is one instance."""
    ok = _valid_parts(ls)
    segs, owner = Segments.from_polylines([ls.parts[k] for k in ok])
    part = ok[owner] if len(owner) else np.zeros(0, np.int64)
    feat = ls.part_feature[part]
    used, seg_inst = np.unique(feat, return_inverse=True)
    polylines = [[] for _ in used]
    for k in np.unique(part).tolist():
        polylines[int(np.searchsorted(used, ls.part_feature[k]))].append(ls.parts[k])
    return Instances(segs, seg_inst, fcls[used], fconf[used], ls.feature_ids[used], polylines,
                     seg_piece=part)


def network_instances(ls, fcls, fconf, merge_tolerance, node_crossings) -> Instances:
    """Chains between junctions / dead ends of the layer's network, cut
    where the class changes."""
    ok = _valid_parts(ls)
    parts = [ls.parts[k] for k in ok]
    net = build_network(parts, merge_tolerance=merge_tolerance, node_crossings=node_crossings)
    s = net.segments()
    if len(s["ax"]) == 0:
        z = np.zeros(0)
        zi = np.zeros(0, np.int64)
        return Instances(Segments(z, z, z, z), zi, zi, z, zi, [])
    if node_crossings:
        # noded pieces are not input parts: take the part under each segment's midpoint
        from ...network.snapping import SegmentIndex
        ps, owner = Segments.from_polylines(parts)
        idx = SegmentIndex(ps.ax, ps.ay, ps.bx, ps.by)
        sg, _, _ = idx.nearest((s["ax"] + s["bx"]) / 2, (s["ay"] + s["by"]) / 2)
        part = ok[owner[sg]]
    else:
        part = ok[net.vert_part[s["vertex"]]]
    feat = ls.part_feature[part]
    c = fcls[feat]
    edge = s["edge"]
    start = np.r_[True, (edge[1:] != edge[:-1]) | (c[1:] != c[:-1])]
    seg_inst = np.cumsum(start) - 1
    first = np.nonzero(start)[0]
    last = np.r_[first[1:] - 1, len(edge) - 1]
    # the feature with the most length on each instance (ties: most confident)
    nf = max(_n_features(ls), 1)
    uk, inv = np.unique(seg_inst * nf + feat, return_inverse=True)
    klen = np.bincount(inv, weights=s["length"])
    ki, kf = uk // nf, uk % nf
    kc = np.where(np.isnan(fconf[kf]), -np.inf, fconf[kf])
    o = np.lexsort((-kc, -klen, ki))
    top = o[np.r_[True, ki[o][1:] != ki[o][:-1]]]
    major = kf[top]
    v0, v1 = s["vertex"][first], s["vertex"][last] + 1
    polylines = [[net.vert_xy[a:b + 1]] for a, b in zip(v0.tolist(), v1.tolist())]
    segs = Segments(s["ax"], s["ay"], s["bx"], s["by"])
    inst = Instances(segs, seg_inst, c[first], fconf[major], ls.feature_ids[major], polylines)
    inst.warnings = list(net.warnings)
    return inst


# -- scores --------------------------------------------------------------

def _nanmean(x):
    x = np.asarray(x, float)
    x = x[~np.isnan(x)]
    return float(x.mean()) if len(x) else math.nan


def class_confusion(G, P, ii, jj, lo_g, hi_g, lo_p, hi_p, n_cls) -> dict[str, np.ndarray]:
    """Additive length statistics per class (arrays over classes): L_gt,
    L_pred, tp, fn, fp, n_inst (GT instances), rtp = sum cov_i / len_i and
    rfn = sum (len_i - cov_i) / len_i over GT instances; plus the covered
    length of each GT instance (inst_cov)."""
    k, cov = union_length(ii, lo_g, hi_g)
    gseg = np.zeros(len(G.segs))
    gseg[k] = np.minimum(cov, G.segs.length[k])
    k, cov = union_length(jj, lo_p, hi_p)
    pseg = np.zeros(len(P.segs))
    pseg[k] = np.minimum(cov, P.segs.length[k])
    inst_cov = np.minimum(np.bincount(G.seg_inst, weights=gseg, minlength=len(G)), G.length)
    L_gt = np.bincount(G.cls, weights=G.length, minlength=n_cls)
    L_pred = np.bincount(P.cls, weights=P.length, minlength=n_cls)
    tp = np.minimum(np.bincount(G.cls, weights=inst_cov, minlength=n_cls), L_gt)
    fp = np.maximum(L_pred - np.bincount(P.seg_cls, weights=pseg, minlength=n_cls), 0.0)
    frac = inst_cov / G.length if len(G) else np.zeros(0)
    return dict(L_gt=L_gt, L_pred=L_pred, tp=tp, fn=np.maximum(L_gt - tp, 0.0), fp=fp,
                n_inst=np.bincount(G.cls, minlength=n_cls).astype(float),
                rtp=np.bincount(G.cls, weights=frac, minlength=n_cls),
                rfn=np.bincount(G.cls, weights=1.0 - frac, minlength=n_cls),
                inst_cov=inst_cov)


def class_iou(st) -> tuple[np.ndarray, np.ndarray]:
    """IoU and iIoU per class from the statistics of class_confusion: with
    w_i = mean_len / len_i, sum w_i TP_i = mean_len * rtp."""
    iou = ratios(st["tp"], st["tp"] + st["fn"] + st["fp"])
    mean_len = ratios(st["L_gt"], st["n_inst"])
    mean_len = np.where(np.isnan(mean_len), 0.0, mean_len)
    itp, ifn = mean_len * st["rtp"], mean_len * st["rfn"]
    iiou = ratios(itp, itp + ifn + st["fp"])
    return np.clip(iou, 0.0, 1.0), np.clip(iiou, 0.0, 1.0)


def ap_table(pred_cls, conf, tp_bits, ign_bits, n_gt_c) -> np.ndarray:
    """AP per threshold and class, (len(THRESHOLDS), n_classes); bit t of
    tp_bits / ign_bits: the prediction is a TP / ignored at threshold t."""
    tp_bits = np.asarray(tp_bits, np.int64)
    ign_bits = np.asarray(ign_bits, np.int64)
    ap = np.full((len(THRESHOLDS), len(n_gt_c)), np.nan)
    for t in range(len(THRESHOLDS)):
        tp = (tp_bits >> t) & 1 == 1
        ign = (ign_bits >> t) & 1 == 1
        ap[t] = average_precision(pred_cls, conf, tp, ~ign, n_gt_c)
    return ap


def summarise(ap, iou, iiou) -> tuple[dict[str, float], np.ndarray]:
    ap_t = np.array([_nanmean(a) for a in ap])
    return {
        "AP": float(np.mean(ap_t)) if not np.isnan(ap_t).any() else math.nan,
        "AP50": float(ap_t[0]),
        "AP75": float(ap_t[T75]),
        "MEAN_IOU": _nanmean(iou),
        "MEAN_IIOU": _nanmean(iiou),
    }, ap_t


STAT_KEYS = ("L_gt", "L_pred", "tp", "fn", "fp", "n_inst", "rtp", "rfn")


def pool(results) -> dict[str, float]:
    """Pooled over tiles: length statistics summed per class, AP from the
    predictions of all tiles ranked together (as COCO accumulates over
    images)."""
    s = [r.pool_stats for r in results if r.pool_stats]
    if not s:
        return {}
    names = sorted({c for x in s for c in x["classes"]})
    cid = {c: k for k, c in enumerate(names)}
    n = len(names)
    st = {k: np.zeros(n) for k in STAT_KEYS}
    n_gt = np.zeros(n)
    pc, conf, tpb, igb = [], [], [], []
    for x in s:
        m = np.array([cid[c] for c in x["classes"]], np.int64)
        for k in STAT_KEYS:
            np.add.at(st[k], m, np.asarray(x[k], float))
        np.add.at(n_gt, m, np.asarray(x["n_gt"], float))
        pc.append(m[np.asarray(x["pred_class"], np.int64)] if len(x["pred_class"]) else
                  np.zeros(0, np.int64))
        conf.append(np.array([np.nan if v is None else v for v in x["pred_conf"]], float))
        tpb.append(np.asarray(x["tp_bits"], np.int64))
        igb.append(np.asarray(x["ign_bits"], np.int64))
    ap = ap_table(np.concatenate(pc), np.concatenate(conf), np.concatenate(tpb),
                  np.concatenate(igb), n_gt)
    iou, iiou = class_iou(st)
    return summarise(ap, iou, iiou)[0]


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    tau, min_len, mode = _settings(params)
    dissolve = bool(params["DISSOLVE"])
    conf_field = params.get("CONFIDENCE_FIELD") or None
    warnings = []
    progress.set(0.0, N_("building instances"))
    G, P, names, gcls, pcls = _instances(gt, pred, params, warnings)
    n_cls = len(names)
    progress.set(0.2, N_("finding line pairs within the tolerance"))
    st, iou, iiou, pg, pp, ov, cand = _overlaps(G, P, tau, mode, n_cls, progress)
    progress.set(0.8, N_("matching"))
    ignored = G.length < min_len
    n_gt_c = np.bincount(G.cls[~ignored], minlength=n_cls)
    tp_bits, ign_bits, match50 = _match_thresholds(G, P, pg, pp, ov, ignored)
    ap = ap_table(P.cls, P.conf, tp_bits, ign_bits, n_gt_c)
    scores, ap_t = summarise(ap, iou, iiou)
    _empty_warnings(G, P, n_gt_c, warnings)
    per_class, n_tp50 = _per_class(names, ap, iou, iiou, st, n_gt_c, G, P, gcls, pcls, match50)
    details = {
        "classes": per_class,
        "thresholds": THRESHOLDS.tolist(),
        "ap_by_threshold": ap_t.tolist(),
        "ranking": ("by CONFIDENCE_FIELD" if conf_field else
                    "none: all predictions equally confident, AP(t) = precision x recall"),
        "instances": "chains between junctions (DISSOLVE)" if dissolve else "features",
    }
    counts = {
        "gt_features": _n_features(gt), "pred_features": _n_features(pred),
        "gt_instances": len(G), "pred_instances": len(P), "gt_ignored": int(ignored.sum()),
        "candidate_pairs": int(cand), "pairs_over_0.5": int((ov >= 0.5 - THRESHOLD_EPS).sum()),
        "gt_length_m": float(G.length.sum()), "pred_length_m": float(P.length.sum()),
        "tp50": int(n_tp50.sum()),
    }
    layers = _layers(G, P, names, match50, ignored)
    layers["CLASS_TABLE"] = _class_table(names, per_class)
    used = {k: params.get(k) for k in ("TOLERANCE", "OVERLAP", "DISSOLVE", "MIN_LENGTH",
                                        "CONFIDENCE_FIELD", "CLASS_FIELD", "MERGE_TOLERANCE",
                                        "NODE_CROSSINGS")}
    pool_stats = {k: st[k].tolist() for k in STAT_KEYS}
    pool_stats.update(classes=list(names), n_gt=n_gt_c.tolist(), pred_class=P.cls.tolist(),
                      pred_conf=P.conf.tolist(), tp_bits=tp_bits.tolist(),
                      ign_bits=ign_bits.tolist())
    progress.set(1.0)
    return MetricResult("instances", scores, parameters=used, counts=counts, warnings=warnings,
                        layers=layers, details=details, pool_stats=pool_stats)


def _settings(params):
    """TOLERANCE (m), MIN_LENGTH (m) and OVERLAP, checked."""
    tau = float(params["TOLERANCE"])
    min_len = float(params["MIN_LENGTH"] or 0.0)
    mode = params["OVERLAP"]
    if tau <= 0:
        raise ValueError(msg("TOLERANCE must be > 0"))
    if min_len < 0:
        raise ValueError(msg("MIN_LENGTH must be >= 0"))
    if mode not in ("area", "length"):
        raise ValueError(msg("OVERLAP must be 'area' or 'length'"))
    return tau, min_len, mode


def _instances(gt, pred, params, warnings):
    """The instances of both layers (features, or chains between junctions
    with DISSOLVE), the class names and each feature's class index."""
    cfield = params.get("CLASS_FIELD") or None
    gcs = _classes(gt, cfield, msg("ground truth"))
    pcs = _classes(pred, cfield, msg("prediction"))
    names = sorted(set(gcs) | set(pcs)) or [ALL_CLASSES]
    cid = {c: k for k, c in enumerate(names)}
    gcls = np.array([cid[c] for c in gcs], np.int64)
    pcls = np.array([cid[c] for c in pcs], np.int64)
    pconf = _confidences(pred, params.get("CONFIDENCE_FIELD") or None, warnings)
    gconf = np.full(_n_features(gt), np.nan)
    if bool(params["DISSOLVE"]):
        mt = float(params.get("MERGE_TOLERANCE", 0.05))
        nc = bool(params.get("NODE_CROSSINGS", False))
        G = network_instances(gt, gcls, gconf, mt, nc)
        P = network_instances(pred, pcls, pconf, mt, nc)
        warnings += [msg("ground truth: {}", w) for w in G.warnings]
        warnings += [msg("prediction: {}", w) for w in P.warnings]
    else:
        G = feature_instances(gt, gcls, gconf)
        P = feature_instances(pred, pcls, pconf)
    return G, P, names, gcls, pcls


def _overlaps(G, P, tau, mode, n_cls, progress):
    """Segment pairs within the tolerance, the class confusion statistics
    and IoU / iIoU, and the instance pairs with their overlap (pg, pp, ov;
    ``cand``: candidate pairs examined)."""
    reach = 2.0 * tau if mode == "area" else tau
    i, j, d = segment_pairs_within(G.segs, P.segs, reach)
    near = d <= tau
    ii, jj = i[near], j[near]
    lo_g, hi_g = covered_interval(G.segs, ii, P.segs, jj, tau)
    lo_p, hi_p = covered_interval(P.segs, jj, G.segs, ii, tau)
    same = G.seg_cls[ii] == P.seg_cls[jj]
    ii, jj, lo_g, hi_g, lo_p, hi_p = (x[same] for x in (ii, jj, lo_g, hi_g, lo_p, hi_p))
    progress.set(0.35, N_("class confusion"))
    st = class_confusion(G, P, ii, jj, lo_g, hi_g, lo_p, hi_p, n_cls)
    iou, iiou = class_iou(st)
    progress.set(0.45, N_("instance overlaps"))
    if mode == "area":
        sc = G.seg_cls[i] == P.seg_cls[j]
        npi = max(len(P), 1)
        key, ub = intersection_bound(G, P, i[sc], j[sc], tau)
        cand = len(key)
        pg, pp, ov = area_iou(G, P, key // npi, key % npi, tau, float(THRESHOLDS[0]), ub)
    else:
        pg, pp, ov = length_iou(ii, jj, lo_g, hi_g, lo_p, hi_p, G, P)
        cand = len(pg)
    return st, iou, iiou, pg, pp, ov, cand


def _match_thresholds(G, P, pg, pp, ov, ignored):
    """Greedy matching at every IoU threshold: per prediction, bit t of
    tp_bits / ign_bits says it is a true positive / matches an ignored
    ground truth at THRESHOLDS[t]; and the matching at 0.5 (for the layers)."""
    tp_bits = np.zeros(len(P), np.int64)
    ign_bits = np.zeros(len(P), np.int64)
    match50 = None
    for t_idx, t in enumerate(THRESHOLDS):
        sel = ov >= t - THRESHOLD_EPS
        gpart, ppart, pov = greedy_match(pg[sel], pp[sel], ov[sel], P.conf, ignored, len(G),
                                         len(P))
        hit = ppart >= 0
        p_ign = np.zeros(len(P), bool)
        p_ign[hit] = ignored[ppart[hit]]
        tp_bits |= (hit & ~p_ign).astype(np.int64) << t_idx
        ign_bits |= p_ign.astype(np.int64) << t_idx
        if t_idx == 0:
            match50 = (gpart, ppart, pov, p_ign)
    return tp_bits, ign_bits, match50


def _empty_warnings(G, P, n_gt_c, warnings):
    """The empty-input conventions, said in the warnings."""
    if len(G) == 0 and len(P) == 0:
        warnings.append(msg("both layers are empty: every score is undefined (NaN)"))
    elif n_gt_c.sum() == 0:
        warnings.append(msg("no ground-truth instance to find (none, or all shorter than "
                            "MIN_LENGTH): AP is undefined (NaN)"))
    elif len(P) == 0:
        warnings.append(msg("the prediction is empty: AP = 0, IoU = 0"))


def _per_class(names, ap, iou, iiou, st, n_gt_c, G, P, gcls, pcls, match50):
    """Scores, counts and lengths of each class, and the true positives at
    0.5 per class."""
    n_cls = len(names)
    ap_c = ap.mean(axis=0)
    gpart, ppart, pov, p_ign = match50
    n_tp50 = np.bincount(P.cls[(ppart >= 0) & ~p_ign], minlength=n_cls)
    n_pred_c = np.bincount(P.cls, minlength=n_cls)
    n_gt_all = np.bincount(G.cls, minlength=n_cls)
    gf = np.bincount(gcls, minlength=n_cls)
    pf = np.bincount(pcls, minlength=n_cls)
    per_class = {}
    f = float
    for k, c in enumerate(names):
        per_class[c] = {
            "scores": {"AP": f(ap_c[k]), "AP50": f(ap[0, k]), "AP75": f(ap[T75, k]),
                       "MEAN_IOU": f(iou[k]), "MEAN_IIOU": f(iiou[k])},
            "IoU": f(iou[k]), "iIoU": f(iiou[k]), "AP": f(ap_c[k]),
            "AP50": f(ap[0, k]), "AP75": f(ap[T75, k]), "ap_by_threshold": ap[:, k].tolist(),
            "n_gt": int(n_gt_all[k]), "n_gt_ignored": int(n_gt_all[k] - n_gt_c[k]),
            "n_pred": int(n_pred_c[k]), "n_tp50": int(n_tp50[k]),
            "n_gt_features": int(gf[k]), "n_pred_features": int(pf[k]),
            "length_gt": f(st["L_gt"][k]), "length_pred": f(st["L_pred"][k]),
            "tp_length": f(st["tp"][k]), "fn_length": f(st["fn"][k]),
            "fp_length": f(st["fp"][k]),
        }
    return per_class, n_tp50


# -- layers --------------------------------------------------------------

FIELDS = [("source", "string"), ("instance", "int"), ("feature_id", "int"), ("class", "string"),
          ("confidence", "double"), ("length", "double"), ("partner", "int"),
          ("partner_feature_id", "int"), ("iou", "double"), ("ignored", "int")]
TABLE_FIELDS = [("class", "string"), ("iou", "double"), ("iiou", "double"), ("ap", "double"),
                ("ap50", "double"), ("ap75", "double"), ("n_gt", "int"), ("n_gt_ignored", "int"),
                ("n_pred", "int"), ("length_gt", "double"), ("length_pred", "double")]


def _rows(table, inst, sel, source, names, partner, partner_fid, iou, ignored):
    idx = np.nonzero(sel)[0]
    geoms, rep = [], []
    for k in idx.tolist():
        for pl in inst.polylines[k]:
            geoms.append(pl)
            rep.append(k)
    rep = np.asarray(rep, np.int64)
    if len(rep) == 0:
        return
    table.extend(geoms, source=source, instance=rep, feature_id=inst.fid[rep],
                 **{"class": [names[c] for c in inst.cls[rep]]},
                 confidence=inst.conf[rep], length=inst.length[rep],
                 partner=[int(x) if x >= 0 else None for x in partner[rep]],
                 partner_feature_id=[partner_fid[r] for r in rep],
                 iou=iou[rep], ignored=ignored[rep].astype(np.int64))


def _layers(G, P, names, match50, ignored):
    gpart, ppart, pov, p_ign = match50
    out = {name: FeatureTable("LineString", FIELDS) for name in STANDARD_SINKS}
    g_iou = np.full(len(G), np.nan)
    ok = ppart >= 0
    g_iou[ppart[ok]] = pov[ok]
    g_pfid = [int(P.fid[p]) if p >= 0 else None for p in gpart.tolist()]
    p_gfid = [int(G.fid[g]) if g >= 0 else None for g in ppart.tolist()]
    for name, sel_g, sel_p in (("MATCHED", gpart >= 0, ppart >= 0),
                               ("UNMATCHED_GT", gpart < 0, np.zeros(len(P), bool)),
                               ("UNMATCHED_PRED", np.zeros(len(G), bool), ppart < 0)):
        _rows(out[name], G, sel_g, "ground_truth", names, gpart, g_pfid, g_iou, ignored)
        _rows(out[name], P, sel_p, "prediction", names, ppart, p_gfid, pov, p_ign)
    return out


def _class_table(names, per_class):
    t = FeatureTable("None", TABLE_FIELDS)
    rows = [per_class[c] for c in names]
    t.extend([None] * len(rows), **{"class": list(names)},
             iou=[r["IoU"] for r in rows], iiou=[r["iIoU"] for r in rows],
             ap=[r["AP"] for r in rows], ap50=[r["AP50"] for r in rows],
             ap75=[r["AP75"] for r in rows], n_gt=[r["n_gt"] for r in rows],
             n_gt_ignored=[r["n_gt_ignored"] for r in rows], n_pred=[r["n_pred"] for r in rows],
             length_gt=[r["length_gt"] for r in rows], length_pred=[r["length_pred"] for r in rows])
    return t


SPEC = register(MetricSpec(
    id="instances",
    name="Instance matching and AP",
    group="Instances and classes",
    help=("Mapillary Vistas / Cityscapes evaluation for lines. Instances are the chains between "
          "junctions (DISSOLVE, default) or the features as given. A ground-truth and a "
          "predicted instance of the same class overlap by the IoU of their TOLERANCE "
          "neighbourhoods (or by length-based mutual coverage). AP: at each IoU threshold "
          "0.50, 0.55, ..., 0.95 predictions are matched by decreasing confidence, the area "
          "under the precision-recall curve is averaged over classes, then over thresholds. "
          "MEAN_IOU: class IoU from the lengths within TOLERANCE (TP, FN on the ground truth, "
          "FP on the prediction); MEAN_IIOU rescales each ground-truth instance by mean "
          "instance length / its length."),
    reference="Mapillary Vistas evaluation scripts; Cordts et al., Cityscapes (CVPR 2016); "
              "Lin et al., COCO (ECCV 2014)",
    params=[
        Param("TOLERANCE", "distance", "Neighbourhood (tolerance)", 4.0, unit="m", minimum=0.01,
              help="Half width of the neighbourhood in which two lines overlap (metres)."),
        Param("OVERLAP", "enum", "Instance overlap", "area", options=["area", "length"],
              help="area: IoU of the TOLERANCE neighbourhoods (buffers). length: I / (len g + "
                   "len p - I), I = mean length of each instance within TOLERANCE of the "
                   "other."),
        Param("DISSOLVE", "bool", "Instances = chains between junctions", True,
              help="On (default): instances are the network's chains between junctions and "
                   "dead ends (cut where the class changes), so feature splitting does not "
                   "matter. Off: every feature (all its parts) is one instance."),
        Param("MIN_LENGTH", "distance", "Minimum ground-truth instance length", 5.0, unit="m",
              minimum=0.0,
              help="Ground-truth instances shorter than this are ignored in AP: never missed, "
                   "and a prediction matching one is not a false positive (Cityscapes' "
                   "100-pixel rule). IoU and iIoU use every instance."),
        Param("CONFIDENCE_FIELD", "field", "Confidence field (prediction)", None, optional=True,
              field_type="numeric",
              parent="PREDICTION",
              help="Numeric score of each predicted feature; higher = more confident. Without "
                   "it all predictions are equally confident and AP at each threshold is "
                   "precision x recall."),
        Param("CLASS_FIELD", "field", "Class field (both layers)", None, optional=True,
              on_both=True,
              help="Attribute on both layers, compared as text (null = class 'NULL'). "
                   "Instances only match within their class; scores per class in SCORES and "
                   "CLASS_TABLE. Empty: one class."),
    ],
    outputs=[
        Output("AP", "AP (mean over IoU 0.50:0.05:0.95)",
               "Average precision averaged over classes and IoU thresholds 0.50 to 0.95."),
        Output("AP50", "AP at IoU 0.50", "Average precision at overlap threshold 0.5."),
        Output("AP75", "AP at IoU 0.75", "Average precision at overlap threshold 0.75."),
        Output("MEAN_IOU", "Mean class IoU",
               "Length-based IoU per class, averaged over classes present."),
        Output("MEAN_IIOU", "Mean class iIoU",
               "Instance-size-rescaled IoU per class, averaged over classes present."),
    ],
    sinks=[
        Sink("MATCHED", "Matched instances (IoU 0.5)", "LineString",
             "Ground-truth and predicted instances matched at threshold 0.5 (partner, "
             "partner_feature_id, iou, class; ignored = 1 for pairs on an ignored ground "
             "truth).",
             dict(color="#1a9641", size=0.8, graduated="iou",
                  ramp=["#c2a5cf", "#a6d96a", "#1a9641"], breaks=[0.5, 0.65, 0.8, 1.0],
                  labels=["IoU 0.5 - 0.65", "IoU 0.65 - 0.8", "IoU 0.8 - 1"])),
        Sink("UNMATCHED_GT", "Missed ground-truth instances", "LineString",
             "Ground-truth instances without a prediction at IoU 0.5 (false negatives; "
             "ignored = 1: shorter than MIN_LENGTH, not counted).",
             dict(color="#d7191c", size=1.0)),
        Sink("UNMATCHED_PRED", "Spurious predicted instances", "LineString",
             "Predicted instances without a ground truth at IoU 0.5 (false positives).",
             dict(color="#fd8d3c", size=1.0)),
        Sink("CLASS_TABLE", "Scores per class", "None",
             "One row per class: IoU, iIoU, AP, AP50, AP75, instance counts and lengths."),
    ],
    compute=compute,
    pool=pool,
    handles_classes=True,
    cost=1.2,
    doc=('docs/instances.md',
         'roadmetricsinstances--instance-matching-and-ap-mapillary-vistas--cityscapes-for-lines'),
    tags=('instance', 'ap', 'average precision', 'iou', 'panoptic', 'class', 'cityscapes',
          'mapillary', 'precision', 'recall'),
    picker=5,
))
