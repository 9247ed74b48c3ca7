"""Confidence-ranked instance matching and average precision (AP).

Matching at one overlap threshold t (COCO's rule, which is also the
Mapillary Vistas text's "the prediction with the highest confidence for a
given minimal overlap is assigned to the ground-truth instance"): candidate
pairs (ground truth g, prediction p) of the same class with
overlap >= t are taken greedily in the order

    confidence of p (descending), g not ignored before g ignored,
    overlap (descending), p, g (ascending: deterministic ties)

and a pair is kept when neither g nor p is taken yet.  So each prediction,
from the most confident, takes the best-overlapping free ground truth over
the threshold, and each ground-truth instance ends up with the most
confident free prediction over the threshold.  A prediction that can only
match an *ignored* ground-truth instance takes it and is then neither a
true nor a false positive (COCO's ignore rule); ignored ground truth is
never a false negative.

The greedy order is computed without a Python loop over pairs: in rounds,
every pair that comes first among the free pairs of both its ends is kept
(a "locally dominant" pair is exactly what the sequential greedy keeps),
then the pairs touching a kept end are dropped.

AP of one class at one threshold: predictions (not ignored) sorted by
confidence; equal confidences form one operating point; at the k-th point
R_k = TP_k / n_gt, P_k = TP_k / (TP_k + FP_k); starting from the point
(recall 0, precision 1),

    AP = sum_k (R_k - R_(k-1)) P_k        (R_0 = 0)

i.e. the area under the step precision-recall curve with every operating
point (no 11- or 101-point sampling, no monotone envelope).  With a single
operating point (all predictions equally confident) AP = P x R.
"""
from __future__ import annotations

import numpy as np


def greedy_match(pair_g, pair_p, overlap, conf, g_ignored, n_gt, n_pred) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Greedy one-to-one matching of candidate pairs.  Returns (gt_partner,
    pred_partner, pred_partner_overlap) with -1 / NaN where unmatched."""
    pair_g = np.asarray(pair_g, np.int64)
    pair_p = np.asarray(pair_p, np.int64)
    overlap = np.asarray(overlap, float)
    gp = np.full(n_gt, -1, np.int64)
    pp = np.full(n_pred, -1, np.int64)
    po = np.full(n_pred, np.nan)
    if len(pair_g) == 0:
        return gp, pp, po
    c = np.where(np.isnan(conf[pair_p]), -np.inf, conf[pair_p])
    order = np.lexsort((pair_g, pair_p, -overlap, g_ignored[pair_g].astype(np.int8), -c))
    g, p, o = pair_g[order], pair_p[order], overlap[order]
    while len(g):
        _, fg = np.unique(g, return_index=True)
        _, fp = np.unique(p, return_index=True)
        first_g = np.zeros(len(g), bool)
        first_g[fg] = True
        first_p = np.zeros(len(g), bool)
        first_p[fp] = True
        keep = first_g & first_p
        kg, kp = g[keep], p[keep]
        gp[kg] = kp
        pp[kp] = kg
        po[kp] = o[keep]
        alive = (gp[g] < 0) & (pp[p] < 0)
        g, p, o = g[alive], p[alive], o[alive]
    return gp, pp, po


def average_precision(pred_class, conf, is_tp, counted, n_gt_per_class) -> np.ndarray:
    """AP per class (array over classes): ``counted`` selects the
    predictions that are true or false positives (not ignored); NaN for a
    class without ground truth, 0 for one without counted predictions."""
    n_cls = len(n_gt_per_class)
    n_gt = np.asarray(n_gt_per_class, float)
    ap = np.where(n_gt > 0, 0.0, np.nan)
    sel = np.nonzero(counted)[0]
    if len(sel) == 0:
        return ap
    c = np.asarray(pred_class, np.int64)[sel]
    s = np.asarray(conf, float)[sel]
    s = np.where(np.isnan(s), -np.inf, s)
    tp = np.asarray(is_tp, bool)[sel]
    o = np.lexsort((-s, c))
    c, s, tp = c[o], s[o], tp[o].astype(float)
    start = np.r_[True, c[1:] != c[:-1]]
    grp = np.cumsum(start) - 1
    cs = np.cumsum(tp)
    base = np.r_[0.0, cs][np.nonzero(start)[0]]
    ctp = cs - base[grp]
    rank = np.arange(len(c)) - np.nonzero(start)[0][grp] + 1
    cfp = rank - ctp
    # operating points: the last prediction of each (class, confidence) run
    last = np.r_[(c[1:] != c[:-1]) | (s[1:] != s[:-1]), True]
    c, ctp, cfp = c[last], ctp[last], cfp[last]
    ng = n_gt[c]
    with np.errstate(invalid="ignore", divide="ignore"):
        rec = np.where(ng > 0, ctp / ng, np.nan)
        prec = ctp / (ctp + cfp)
    first = np.r_[True, c[1:] != c[:-1]]
    prev = np.where(first, 0.0, np.r_[0.0, rec[:-1]])
    area = (rec - prev) * prec
    ok = ng > 0
    ap_sum = np.bincount(c[ok], weights=area[ok], minlength=n_cls)
    return np.where(n_gt > 0, ap_sum, np.nan)
