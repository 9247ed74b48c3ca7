"""CCQ -- correctness, completeness and quality (buffer method).

References: C. Wiedemann, C. Heipke, H. Mayer, O. Jamet, "Empirical
evaluation of automatically extracted road axes", in Empirical Evaluation
Techniques in Computer Vision (IEEE CS Press, 1998), sec. 3 (completeness,
correctness, quality, redundancy, RMS); C. Wiedemann, "External evaluation
of road networks", ISPRS Archives XXXIV-3/W8 (2003); discussed by Citraro et
al., ECCV 2020, sec. 2 (whose code, lcit/metrics_delin, computes quality as
comp*corr / (comp + corr - comp*corr)).

With N_b(X) the points within BUFFER metres of the lines X, all lengths
measured along the lines (exact: the lines are cut where they leave the
buffer, see core/metrics/geometric/overlap.py):

    matched GT    l_mr = |GT within N_b(P)|,   matched P  l_me = |P within N_b(GT)|
    COMPLETENESS  = l_mr / |GT|
    CORRECTNESS   = l_me / |P|
    QUALITY       = l_me / (|P| + |GT| - l_mr)              (length form, Wiedemann)
    QUALITY_RATIO = comp corr / (comp + corr - comp corr)   (metrics_delin's formula)
    F1            = 2 comp corr / (comp + corr)
    REDUNDANCY    = (l_me - l_mr) / l_me                     (Wiedemann 1998)
    RMS_OFFSET    = sqrt( integral over the matched P of d(p, GT)^2 / l_me )

QUALITY and QUALITY_RATIO agree when l_me = l_mr; the ratio form treats the
matched lengths of both sides as one (it is the Jaccard index of the two
rates), the length form counts the prediction's matched length against the
prediction plus the missed ground truth.  The distance d(p, GT) is sampled
every <= SAMPLE_STEP metres and interpolated linearly (core/metrics/geometric/linesample.py).
"""
from __future__ import annotations

import math

import numpy as np

from .overlap import cover
from ... import scores as score_rules
from ...scores import ratio
from ...registry import MetricSpec, Output, Param, Sink, register, require_positive
from ...network.lineset import LineSet
from ...progress import Progress
from ...result import MetricResult
from . import common
from .common import GT, NAN, PRED
from ...text import N_, msg

NAMES = ["CORRECTNESS", "COMPLETENESS", "QUALITY", "QUALITY_RATIO", "F1", "REDUNDANCY",
         "RMS_OFFSET"]


def scores_from(l_mr, LG, l_me, LP, sq_sum, warnings) -> dict[str, float]:
    """The seven numbers from the matched lengths, totals and the integral
    of d^2 over the matched prediction, with the empty-input conventions."""
    if LG <= 0 and LP <= 0:
        common.empty_warning("both", warnings, "every overlap score = 1, REDUNDANCY and "
                             "RMS_OFFSET = 0 (nothing to find, nothing found)")
        return dict(CORRECTNESS=1.0, COMPLETENESS=1.0, QUALITY=1.0, QUALITY_RATIO=1.0, F1=1.0,
                    REDUNDANCY=0.0, RMS_OFFSET=0.0)
    comp = ratio(l_mr, LG)
    corr = ratio(l_me, LP)
    if LG <= 0:
        common.empty_warning("gt", warnings, "COMPLETENESS, REDUNDANCY and RMS_OFFSET undefined "
                             "(NaN); CORRECTNESS, QUALITY, QUALITY_RATIO and F1 = 0")
    elif LP <= 0:
        common.empty_warning("pred", warnings, "CORRECTNESS, REDUNDANCY and RMS_OFFSET "
                             "undefined (NaN); COMPLETENESS, QUALITY, QUALITY_RATIO and F1 = 0")
    quality = l_me / (LP + max(LG - l_mr, 0.0)) if LP + LG - l_mr > 0 else 0.0
    if LG <= 0 or LP <= 0:
        qr = 0.0
    else:
        den = comp + corr - comp * corr
        qr = comp * corr / den if den > 0 else 0.0
    f1 = 0.0 if (LG <= 0 or LP <= 0) else score_rules.f1(comp, corr)
    if l_me > 0:
        red = (l_me - l_mr) / l_me
        rms = math.sqrt(max(sq_sum, 0.0) / l_me)
    else:
        red = rms = NAN
        if LG > 0 and LP > 0:
            warnings.append(msg("no part of the prediction lies within BUFFER of the ground "
                                "truth: REDUNDANCY and RMS_OFFSET undefined (NaN)"))
    return dict(CORRECTNESS=corr, COMPLETENESS=comp, QUALITY=quality, QUALITY_RATIO=qr, F1=f1,
                REDUNDANCY=red, RMS_OFFSET=rms)


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    buf = require_positive(params, "BUFFER")
    step = require_positive(params, "SAMPLE_STEP")
    warnings = []
    progress.set(0.0, N_("building networks"))
    pr = common.Pair(gt, pred, params, warnings)
    progress.set(0.1, N_("cutting the lines at the buffers"))
    cov_g = cover(pr.SG, pr.BP, buf)
    cov_p = cover(pr.SP, pr.BG, buf)
    l_mr, l_me = cov_g.length, cov_p.length
    progress.set(0.4, N_("distances along the lines"))
    prof_p = prof_g = None
    if not pr.gt_empty and not pr.pred_empty:
        prof_g, prof_p = pr.profiles(step)
    sq = 0.0
    if prof_p is not None and len(cov_p):
        _, rms, _ = prof_p.piece_stats(cov_p.edge, cov_p.start, cov_p.end)
        sq = float(np.sum(rms ** 2 * (cov_p.end - cov_p.start)))
    progress.set(0.8, N_("output layers"))
    scores = scores_from(l_mr, pr.LG, l_me, pr.LP, sq, warnings)
    layers = {"MATCHED": common.line_table(), "UNMATCHED_GT": common.line_table(),
              "UNMATCHED_PRED": common.line_table()}
    for net, cov, prof, src, um in ((pr.G, cov_g, prof_g, GT, "UNMATCHED_GT"),
                                    (pr.P, cov_p, prof_p, PRED, "UNMATCHED_PRED")):
        common.add_pieces(layers["MATCHED"], net, cov.edge, cov.start, cov.end, src, prof)
        rest = cov.complement()
        common.add_pieces(layers[um], net, rest.edge, rest.start, rest.end, src, prof)
    counts = pr.counts()
    counts.update(gt_matched_length_m=l_mr, pred_matched_length_m=l_me,
                  gt_missed_length_m=pr.LG - l_mr, pred_spurious_length_m=pr.LP - l_me)
    used = {k: params.get(k) for k in ("BUFFER", "SAMPLE_STEP", "MERGE_TOLERANCE",
                                       "NODE_CROSSINGS")}
    stats = {"l_mr": l_mr, "l_me": l_me, "gt_length": pr.LG, "pred_length": pr.LP, "sq": sq}
    progress.set(1.0)
    return MetricResult("ccq", {k: float(scores[k]) for k in NAMES}, parameters=used, counts=counts, warnings=warnings,
                        layers=layers, details={}, pool_stats=stats)


def pool(results) -> dict[str, float]:
    """Pooled over tiles: matched and total lengths (and the integral of d^2)
    summed, then the ratios."""
    t = {k: 0.0 for k in ("l_mr", "l_me", "gt_length", "pred_length", "sq")}
    for r in results:
        for k in t:
            t[k] += float(r.pool_stats.get(k, 0.0))
    return scores_from(t["l_mr"], t["gt_length"], t["l_me"], t["pred_length"], t["sq"], [])


_PIECE_HELP = " Fields: source, length (m), distance (mean distance to the other network, m), " \
              "max_distance (m)."

SPEC = register(MetricSpec(
    id="ccq",
    name="CCQ (correctness, completeness, quality)",
    group="Geometric metrics",
    help=("Buffer method of Wiedemann and Heipke. The lines are cut exactly where they leave the "
          "BUFFER around the other network; completeness = matched ground-truth length / "
          "ground-truth length, correctness = matched predicted length / predicted length, "
          "quality = matched predicted length / (predicted length + missed ground-truth "
          "length). QUALITY_RATIO is the comp*corr / (comp + corr - comp*corr) form some code "
          "uses; the two differ when the matched lengths of both sides differ. Empty inputs: "
          "both empty -> perfect scores; one empty -> the rates of the empty side are NaN, "
          "quality and F1 are 0."),
    reference="Wiedemann et al. 1998; Wiedemann 2003; Citraro et al., ECCV 2020",
    params=[
        Param("BUFFER", "distance", "Buffer width", 4.0, unit="m", minimum=0.001,
              help="A line counts as matched where it lies within this distance of the other "
                   "network (metres; 4 m ~ half a two-lane road, 8 px at 0.5 m/px)."),
        Param("SAMPLE_STEP", "distance", "Sampling step of distances", 0.5, unit="m",
              minimum=0.001, advanced=True, spacing=True,
              help="Distances to the other network (RMS_OFFSET, the distance attributes) are "
                   "computed every <= this many metres along the lines and interpolated "
                   "linearly. Matched lengths do not depend on it (exact)."),
    ],
    outputs=[
        Output("CORRECTNESS", "Correctness", "Share of the predicted length within BUFFER of "
                                             "the ground truth."),
        Output("COMPLETENESS", "Completeness", "Share of the ground-truth length within "
                                               "BUFFER of the prediction."),
        Output("QUALITY", "Quality (length form)",
               "Matched predicted length / (predicted length + missed ground-truth length)."),
        Output("QUALITY_RATIO", "Quality (comp*corr form)",
               "comp*corr / (comp + corr - comp*corr) (Citraro et al.'s code)."),
        Output("F1", "F1", "Harmonic mean of completeness and correctness."),
        Output("REDUNDANCY", "Redundancy",
               "(matched predicted length - matched ground-truth length) / matched predicted "
               "length: > 0 when the prediction doubles roads.", perfect=0.0,
               bounds=(None, 1.0)),
        Output("RMS_OFFSET", "RMS offset (m)",
               "Root mean square distance of the matched prediction to the ground truth.",
               perfect=0.0, bounds=(0.0, None)),
    ],
    sinks=[
        Sink("MATCHED", "Matched parts (within the buffer)", "LineString",
             "Parts of both networks within BUFFER of the other." + _PIECE_HELP,
             dict(color="#1a9641", size=0.9, graduated="distance",
                  ramp=["#1a9641", "#a6d96a", "#fdae61", "#d7191c"],
                  breaks=[0.0, 1.0, 2.0, 4.0, 1e9], unit="m")),
        Sink("UNMATCHED_GT", "Missed ground truth", "LineString",
             "Parts of the ground truth farther than BUFFER from the prediction." + _PIECE_HELP,
             dict(color="#d7191c", size=1.1)),
        Sink("UNMATCHED_PRED", "Spurious prediction", "LineString",
             "Parts of the prediction farther than BUFFER from the ground truth." + _PIECE_HELP,
             dict(color="#fd8d3c", size=1.1)),
    ],
    compute=compute,
    pool=pool,
    cost=2,
    # cached by common.Pair.profiles
    shares="distance_profiles",
    doc=('docs/geometric.md', 'roadmetricsccq--ccq-correctness-completeness-quality'),
    tags=('ccq', 'correctness', 'completeness', 'quality', 'buffer', 'precision', 'recall',
          'geometry'),
    picker=2,
))
