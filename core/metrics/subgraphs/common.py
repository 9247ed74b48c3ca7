"""What SUBG, OPT-G and TOPO share: network building, outputs, sinks and
the result (not a metric itself: it is not in registry.METRIC_MODULES)."""
from __future__ import annotations


from ...network.lineset import network_pair
from ...registry import Output, Sink, STANDARD_SINKS
from ...result import MetricResult
from .evaluation import layers, precision_recall_f1
from ...text import msg


def networks(gt, pred, params, warnings) -> tuple:
    G, P = network_pair(gt, pred, params, warnings)
    if G.is_empty():
        warnings.append(msg("the ground truth is empty: RECALL undefined (NaN)"))
    if P.is_empty():
        warnings.append(msg("the prediction is empty: RECALL = 0, F1 = 0"))
    return G, P


def pooled_scores(counts, warnings) -> dict[str, float]:
    t = counts.totals()
    p, r, f1 = precision_recall_f1(t["matched_marbles"], t["marbles"], t["TP"], t["holes"],
                                   warnings)
    return {"PRECISION": p, "RECALL": r, "F1": f1, "TP": float(t["TP"]), "FP": float(t["FP"]),
            "FN": float(t["FN"])}


def result(metric, scores, params, keys, counts, gcg, pcg, G, P, warnings, extra_counts=None,
           details=None) -> MetricResult:
    t = counts.totals()
    c = {"holes": t["holes"], "marbles": t["marbles"], "matched_holes": t["TP"],
         "matched_marbles": t["matched_marbles"],
         "gt_control_points": gcg.n_points, "pred_control_points": pcg.n_points,
         "gt_nodes": G.n_nodes, "gt_edges": G.n_edges, "pred_nodes": P.n_nodes,
         "pred_edges": P.n_edges, "gt_length_m": G.total_length, "pred_length_m": P.total_length,
         "gt_dropped_parts": G.stats.get("dropped_parts", 0),
         "pred_dropped_parts": P.stats.get("dropped_parts", 0)}
    c.update(extra_counts or {})
    used = {k: params.get(k) for k in keys + ["MERGE_TOLERANCE", "NODE_CROSSINGS"]}
    stats = {k: float(t[k]) for k in ("matched_marbles", "marbles", "TP", "holes", "FP", "FN")}
    return MetricResult(metric, {k: float(v) for k, v in scores.items()}, parameters=used, counts=c, warnings=warnings,
                        layers=layers(gcg, pcg, counts), details=details or {}, pool_stats=stats)


def pool(results) -> dict[str, float]:
    """Pooled over tiles: the counts of all tiles' subgraphs summed, then
    precision = matched marbles / marbles, recall = matched holes / holes."""
    t = {k: 0.0 for k in ("matched_marbles", "marbles", "TP", "holes", "FP", "FN")}
    for r in results:
        for k in t:
            t[k] += float(r.pool_stats.get(k, 0.0))
    p, r_, f1 = precision_recall_f1(t["matched_marbles"], t["marbles"], t["TP"], t["holes"], [])
    return {"PRECISION": p, "RECALL": r_, "F1": f1, "TP": t["TP"], "FP": t["FP"], "FN": t["FN"]}


def outputs(tp_help) -> list:
    return [
        Output("PRECISION", "Precision", "Matched prediction control points (marbles) / all "
                                         "marbles of the sampled subgraphs; NaN without marbles."),
        Output("RECALL", "Recall", "Matched ground-truth control points (holes) / all holes of "
                                   "the sampled subgraphs."),
        Output("F1", "F1", "Harmonic mean of precision and recall (0 when recall is 0)."),
        Output("TP", "True positives", tp_help, perfect=None, bounds=(0.0, None)),
        Output("FP", "False positives", "Unmatched marbles (spurious), summed over subgraphs.",
               perfect=None, bounds=(0.0, None)),
        Output("FN", "False negatives", "Unmatched holes (missing), summed over subgraphs.",
               perfect=None, bounds=(0.0, None)),
    ]


_FIELDS_HELP = ("Attributes: source, seed_id (lowest seed whose subgraph gave this outcome), "
                "n_subgraphs (how many), seed_distance ({dist} from that seed's centre, m), "
                "match_distance (mean distance to the partner, m; empty when unmatched), "
                "heading (degrees, 0-180).")


def sinks(dist_kind) -> list:
    f = _FIELDS_HELP.format(dist=dist_kind)
    return [
        Sink("MATCHED", "Matched control points", "Point",
             "Control points (holes and marbles) matched in at least one sampled subgraph. " + f,
             STANDARD_SINKS["MATCHED"]),
        Sink("UNMATCHED_GT", "Empty holes (missing)", "Point",
             "Ground-truth control points left unmatched in at least one sampled subgraph. " + f,
             STANDARD_SINKS["UNMATCHED_GT"]),
        Sink("UNMATCHED_PRED", "Spurious marbles", "Point",
             "Prediction control points left unmatched in at least one sampled subgraph. " + f,
             STANDARD_SINKS["UNMATCHED_PRED"]),
    ]
