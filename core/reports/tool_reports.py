"""Self-contained HTML reports (inline SVG, no script, no network access) of
the two analysis tools: the sensitivity analysis (Citraro et al. Fig. 5 on
the user's network) and the comparison of methods (Fig. 6 pairwise
preferences, Fig. 8 correlations, Equal-Sorting Ratio and Sorting
Margins)."""
from __future__ import annotations

from typing import Callable, Optional

import math

import numpy as np

from ..analysis.perturb import LABELS
from ..text import translate
from .report import CSS, esc, fmt, histogram, interval_caption, plugin_version
from .svgplots import (
    diverging_color,
    error_map,
    heatmap,
    interval_bars,
    legend,
    line_panel,
    nice_range,
    preference_bars,
    style_of,
)

EXTRA_CSS = ("body{max-width:1040px}.flat{background:#f8d0d0;color:#900}.sens{background:#e3f1e3}"
             "td.best{font-weight:bold}caption{text-align:left;font-size:12px;color:#555}")


def _identity(text):
    return text


def _head(title, tr, meta=None):
    import datetime
    now = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z").strip()
    stamp = [f"{esc(tr('Generated'))} {esc(now)}", f"Road Network Metrics {esc(plugin_version())}"]
    stamp += [f"{esc(k)} {esc(v)}" for k, v in (meta or {}).items()]
    return [f"<!DOCTYPE html><html lang='{esc(tr('en'))}'><head><meta charset='utf-8'>"
            f"<title>{esc(title)}</title><style>{CSS}{EXTRA_CSS}</style></head><body>"
            f"<h1>{esc(title)}</h1><p class='meta'>" + " &middot; ".join(stamp) + "</p>"]


def _info(info, tr):
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in info.items())
    return f"<h2>{esc(tr('Inputs and parameters'))}</h2><table>{rows}</table>"


def _warnings(warnings, tr):
    from ..text import translate
    if not warnings:
        return f"<h2>{esc(tr('Warnings'))}</h2><p>{esc(tr('none'))}</p>"
    return (f"<h2>{esc(tr('Warnings'))}</h2><ul>" +
            "".join(f"<li class='warn'>{esc(translate(w, tr))}</li>" for w in warnings) + "</ul>")


# -- sensitivity ---------------------------------------------------------------

def sensitivity_report(title: str, info: dict, result, examples: Optional[list] = None,
                       tr: Optional[Callable] = None, meta: Optional[dict] = None) -> str:
    """``result``: core.analysis.sensitivity.SensitivityResult;
    ``examples``: optional [(error type, base lines, error lines)] drawn as
    small maps; ``tr``: translation of the texts (default English);
    ``meta``: {label: value} shown under the title."""
    tr = tr or _identity
    h = _head(title, tr, meta)
    h.append(f"<h2>{esc(tr('Score against number of errors'))}</h2>")
    h.append("<p class='small'>" + esc(tr(
        "Each panel: the score of every metric (one line each) against the number of synthetic "
        "errors of one type put into a copy of the ground truth (mean over {} repetition(s); "
        "bars: standard deviation). A score that moves by less than {} between 0 and {} errors "
        "is flat: the metric does not see that kind of error (dashed line, listed in red). "
        "Citraro et al., ECCV 2020, Fig. 5.").format(result.repetitions, fmt(result.flat_threshold),
                                                     result.counts[-1])) + "</p>")
    keys = result.keys
    styles = {k[2]: style_of(i) for i, k in enumerate(keys)}
    h.append(legend([(k[2], *styles[k[2]]) for k in keys]))
    h.append(_sensitivity_panels(result, styles, tr))
    h += _delta_table(result, tr)
    if examples:
        h += _error_examples(result, examples, tr)
    h += _means_table(result, tr)
    h.append(_warnings(result.warnings, tr))
    h.append(_info(info, tr))
    h.append("<p class='small'>Road Network Metrics: roadmetrics:sensitivity. " + esc(tr(
        "Perturbations and conventions: see the documentation of the plugin.")) +
        "</p></body></html>")
    return "".join(h)


def _sensitivity_panels(result, styles, tr):
    """One panel per error type: every score against the number of errors
    (flat scores dashed and listed in red)."""
    keys = result.keys
    allv = []
    for t in result.types:
        for m, o, k, s in keys:
            allv += result.series(t, m, o)[1]
    finite = [v for v in allv if not math.isnan(v)]
    lo, hi = nice_range(allv, 1.0 if finite and max(finite) <= 1.0 else None)
    panels = []
    for t in result.types:
        series, flat = [], []
        for m, o, k, s in keys:
            xs, mean, std = result.series(t, m, o)
            f = result.is_flat(t, m, o, s)
            if f:
                flat.append(k)
            color, dash = styles[k]
            series.append((k, color, "4,3" if f else dash, mean,
                           std if result.repetitions > 1 else None, not f))
        note = tr("flat: {}").format(", ".join(flat)) if flat else tr("every score reacts")
        panels.append(line_panel(tr(LABELS[t]), result.counts, series, (lo, hi), note=note,
                                 note_color="#c00" if flat else "#2a7a2a",
                                 outline="#d7191c" if flat else None,
                                 xlabel=tr("number of errors")))
    return "<div class='grid'>" + "".join(panels) + "</div>"


def _delta_table(result, tr):
    """The oriented change of each score from 0 to the largest count."""
    keys = result.keys
    h = [f"<h2>{esc(tr('Change of each score from 0 to {} errors').format(result.counts[-1]))}</h2>"]
    h.append(f"<table><tr><th>{esc(tr('score'))}</th>" +
             "".join(f"<th>{esc(tr(LABELS[t]))}</th>" for t in result.types) + "</tr>")
    for m, o, k, s in keys:
        cells = []
        for t in result.types:
            d = result.delta(t, m, o, s)
            cls = "flat" if result.is_flat(t, m, o, s) else ("sens" if not math.isnan(d) else "")
            cells.append(f"<td class='num {cls}'>{fmt(d)}</td>")
        h.append(f"<tr><td>{esc(k)}</td>{''.join(cells)}</tr>")
    h.append("</table><p class='small'>" + esc(tr(
        "Oriented change (negative = the score gets worse); red: |change| < {} (insensitive).")
        .format(fmt(result.flat_threshold))) + "</p>")
    return h


def _error_examples(result, examples, tr):
    """Small maps of the perturbed copies at the largest count."""
    h = [f"<h2>{esc(tr('What the errors look like'))}</h2><p class='small'>" + esc(tr(
            "The perturbed copy at the largest count (first repetition): network grey, errors "
        "red (gaps, spurious roads, displacements, copies, removed ground truth).")) +
        "</p><div class='grid'>"]
    for t, base, errs in examples:
        h.append(f"<figure style='margin:0'><figcaption class='small'><b>{esc(tr(LABELS[t]))}</b> "
                 f"({result.counts[-1]})</figcaption>{error_map(base, errs, '', size=250)}"
                 "</figure>")
    h.append("</div>")
    return h


def _means_table(result, tr):
    """Every mean score by error type and count."""
    keys = result.keys
    h = [f"<h2>{esc(tr('Mean scores'))}</h2><div style='overflow-x:auto'><table><tr>"
             f"<th>{esc(tr('error type'))}</th><th>{esc(tr('count'))}</th>" +
             "".join(f"<th>{esc(k[2])}</th>" for k in keys) + "</tr>"]
    for t in result.types:
        for i, c in enumerate(result.counts):
            vals = [result.series(t, m, o)[1][i] for m, o, _, _ in keys]
            h.append(f"<tr><td>{esc(tr(LABELS[t]))}</td><td class='num'>{c}</td>" +
                     "".join(f"<td class='num'>{fmt(v)}</td>" for v in vals) + "</tr>")
    h.append("</table></div>")
    return h


# -- compare -----------------------------------------------------------------------

def compare_report(title: str, info: dict, comp, tr: Optional[Callable] = None,
                   meta: Optional[dict] = None) -> str:
    """``comp``: core.analysis.compare.Comparison; ``tr``: translation of
    the texts (default English); ``meta``: {label: value} under the title."""
    tr = tr or _identity
    h = _head(title, tr, meta)
    keys = [k[2] for k in comp.keys]
    sign = {k[2]: k[3] for k in comp.keys}
    styles = {k: style_of(i) for i, k in enumerate(keys)}
    h += _scores_and_ranks(comp, keys, sign, tr)
    h += _preferences(comp, keys, styles, tr)
    h += _correlations(comp, keys, tr)
    h += _sorting_margins(comp, tr)
    if comp.tiled:
        h += _tile_table(comp, keys, tr)
    h.append(_warnings(comp.warnings, tr))
    h.append(_info(info, tr))
    h.append("<p class='small'>Road Network Metrics: roadmetrics:compare. " + esc(tr(
        "Definitions and conventions: see the documentation of the plugin.")) + "</p></body></html>")
    return "".join(h)


def _scores_and_ranks(comp, keys, sign, tr):
    """Each method's overall scores with their ranks, and the best method by
    score."""
    lower = " (" + tr("lower is better") + ")"
    h = [f"<h2>{esc(tr('Scores and ranks'))}</h2><div style='overflow-x:auto'><table><tr>"
             f"<th>{esc(tr('method'))}</th>" +
             "".join(f"<th>{esc(k)}{esc(lower) if sign[k] < 0 else ''}</th>" for k in keys)
             + "</tr>"]
    ranks = {k: {m: r for r, m, _ in comp.ranking(k)} for k in keys}
    for j, m in enumerate(comp.methods):
        cells = []
        for k in keys:
            v = comp.overall[k][j]
            best = ranks[k][m] == 1 and not math.isnan(v)
            cells.append(f"<td class='num{' best' if best else ''}'>{_with_interval(comp, k, j)} "
                         f"({ranks[k][m]})</td>")
        h.append(f"<tr><td>{esc(m)}</td>{''.join(cells)}</tr>")
    h.append("</table></div><p class='small'>" + esc(tr("Value (rank); bold: best.")) + " "
             + esc(tr("Aggregated over {} tile(s) ({}).").format(len(comp.references),
                                                                tr(comp.aggregation))
                   if comp.tiled else tr("Whole extent.")) + "</p>")
    h += _compare_intervals(comp, keys, tr)
    winners = {}
    for k in keys:
        r = comp.ranking(k)
        if r and not math.isnan(r[0][2]):
            winners.setdefault(r[0][1], []).append(k)
    if winners:
        h.append("<p>" + esc(tr("Best method by score:")) + " " + "; ".join(
            f"<b>{esc(m)}</b>: {esc(', '.join(ks))}" for m, ks in winners.items()) + "</p>")
    return h


def _with_interval(comp, key, j) -> str:
    """fmt of method j's overall value, with its interval when it has one."""
    v = comp.overall[key][j]
    lo, hi = comp.interval(key, j)
    if math.isnan(v) or math.isnan(lo) or math.isnan(hi):
        return fmt(v)
    return f"{fmt(v)} [{fmt(lo)}, {fmt(hi)}]"


def _compare_intervals(comp, keys, tr) -> list:
    """Each score's methods as error bars (one chart per score), the scores
    whose two best methods' intervals overlap, and the bootstrap's notes."""
    if not comp.intervals:
        return []
    h = [f"<h3>{esc(tr('Intervals'))}</h3><p class='small'>" + esc(interval_caption(comp.ci, tr))
         + "</p><div class='grid'>"]
    for k in keys:
        rows = [(m, comp.overall[k][j], *comp.interval(k, j), style_of(j)[0])
                for j, m in enumerate(comp.methods)]
        h.append(interval_bars(k, rows, width=360, label_width=120))
    h.append("</div>")
    close = [k for k in keys if comp.overlapping(k)]
    if close:
        h.append("<p class='warn'>" + esc(tr(
            "The intervals of the two best methods overlap heavily on {}: these scores do not rank "
            "them apart; compare the two methods paired, tile by tile (docs/tools.md, "
            "Intervals).").format(", ".join(close))) + "</p>")
    notes = comp.ci.get("notes") or []
    if notes:
        h.append("<ul>" + "".join(f"<li class='small'>{esc(translate(n, tr))}</li>" for n in notes)
                 + "</ul>")
    return h


def _preferences(comp, keys, styles, tr):
    """For each pair of methods, the oriented score differences per
    reference (Citraro et al., Fig. 6)."""
    h = [f"<h2>{esc(tr('Pairwise preferences'))}</h2><p class='small'>" + esc(tr(
        "For each pair of methods (first, second) and each reference (tile), the difference of "
        "every score, oriented so that a bar to the right prefers the first method. Consistent "
        "metrics point the same way (Citraro et al., Fig. 6).")) + "</p>"]
    h.append(legend([(k, styles[k][0], "") for k in keys]))
    diffs = []
    pairs = [(b, c) for b in range(len(comp.methods)) for c in range(b + 1, len(comp.methods))]
    for b, c in pairs:
        for k in keys:
            d = comp.oriented(k)[:, b] - comp.oriented(k)[:, c]
            diffs += [abs(x) for x in d if not math.isnan(x)]
    scale = max(diffs) if diffs else 1.0
    panels = []
    for b, c in pairs:
        groups = []
        for r, ref in enumerate(comp.references):
            bars = []
            for k in keys:
                q = comp.oriented(k)
                bars.append((k, styles[k][0], q[r, b] - q[r, c]))
            groups.append((tr("tile {}").format(ref) if comp.tiled else tr("whole extent"), bars))
        panels.append(preference_bars(f"{comp.methods[b]}  vs  {comp.methods[c]}", groups, scale))
    h.append("<div class='grid'>" + "".join(panels) + "</div>")
    return h


def _correlations(comp, keys, tr):
    """Pearson, Spearman and ESR heatmaps, and the most / least consistent
    triplets of scores (Citraro et al., Fig. 8)."""
    h = [f"<h2>{esc(tr('Correlations between metrics'))}</h2><p class='small'>" + esc(tr(
        "Over every (reference, method) sample, scores oriented so that higher is better "
        "(Citraro et al., Fig. 8).")) + "</p><div class='grid'>"]
    titles = {"pearson": tr("Pearson correlation"), "spearman": tr("Spearman correlation")}
    for kind in ("pearson", "spearman"):
        ks, m = comp.correlation_matrix(kind)
        h.append(heatmap(ks, m.tolist(), titles[kind]))
    ks, _ = comp.correlation_matrix()
    esr = np.eye(len(ks))
    idx = {k: i for i, k in enumerate(ks)}
    for p in comp.pairs():
        esr[idx[p["a"]], idx[p["b"]]] = esr[idx[p["b"]], idx[p["a"]]] = p["esr"]
    h.append(heatmap(ks, esr.tolist(), tr("Equal-Sorting Ratio"), vmin=0.0, vmax=1.0))
    h.append("</div>")
    if len(keys) >= 3:
        _, pm = comp.correlation_matrix("pearson")
        trip = []
        for i in range(len(keys)):
            for j in range(i + 1, len(keys)):
                for k in range(j + 1, len(keys)):
                    vals = [pm[i, j], pm[i, k], pm[j, k]]
                    trip.append((float(np.mean(vals)), (keys[i], keys[j], keys[k])))
        trip = [t for t in trip if not math.isnan(t[0])]
        trip.sort(key=lambda t: -t[0])
        if trip:
            h.append("<p class='small'>" + esc(tr(
                "Mean pairwise Pearson correlation of score triplets (Fig. 8 right): most "
                "consistent {} ({}), least consistent {} ({}).").format(
                ", ".join(trip[0][1]), fmt(trip[0][0]), ", ".join(trip[-1][1]), fmt(trip[-1][0])))
                + "</p>")
    return h


def _sorting_margins(comp, tr):
    """Per pair of scores: correlations, ESR and Sorting Margins (table and
    histograms; Lopez-Molina et al.)."""
    h = [f"<h2>{esc(tr('Equal-Sorting Ratio and Sorting Margins'))}</h2><p class='small'>" +
             esc(tr("Triplets (reference, method B, method C): ESR is the share of ordered "
                    "triplets that two scores sort alike; the Sorting Margin sign(a)\u221a|a|, "
                    "a = (q1(B) - q1(C))(q2(B) - q2(C)), is negative for a missorted triplet and "
                    "small when the disagreement is marginal (Lopez-Molina et al., eq. 8-12)."))
         + "</p>"]
    heads = [tr("score 1"), tr("score 2"), "Pearson", "Spearman", tr("samples"), "ESR",
             tr("triplets"), tr("missorted pairs"), tr("min SM"), tr("median SM")]
    h.append("<table><tr>" + "".join(f"<th>{esc(x)}</th>" for x in heads) + "</tr>")
    for p in comp.pairs():
        sm = p["sm"]
        h.append(f"<tr><td>{esc(p['a'])}</td><td>{esc(p['b'])}</td><td class='num'>{fmt(p['pearson'])}</td>"
                 f"<td class='num'>{fmt(p['spearman'])}</td><td class='num'>{p['n']}</td>"
                 f"<td class='num' style='background:{diverging_color(p['esr'], 0, 1)}'>{fmt(p['esr'])}</td>"
                 f"<td class='num'>{p['triplets']}</td><td class='num'>{int((sm < 0).sum())}</td>"
                 f"<td class='num'>{fmt(float(sm.min()) if len(sm) else math.nan)}</td>"
                 f"<td class='num'>{fmt(float(np.median(sm)) if len(sm) else math.nan)}</td></tr>")
    h.append("</table>")
    allsm = np.concatenate([p["sm"] for p in comp.pairs()]) if comp.pairs() else np.zeros(0)
    if len(allsm) >= 2:
        lo, hi = float(allsm.min()), float(allsm.max())
        if hi > lo:
            hists = []
            bins = np.linspace(lo, hi, 21)
            for p in comp.pairs():
                if len(p["sm"]):
                    cnt, _ = np.histogram(p["sm"], bins)
                    hists.append(histogram(cnt, bins, f"SM {p['a']} / {p['b']}", width=260,
                                           height=120, xlabel=tr("Sorting Margin"),
                                           ylabel=tr("triplets")))
            h.append("<div class='grid'>" + "".join(x for x in hists if x) + "</div>")
    return h


def _tile_table(comp, keys, tr):
    """Every score of every method on every tile."""
    h = [f"<h2>{esc(tr('Scores per tile'))}</h2><div style='overflow-x:auto'><table><tr>"
         f"<th>{esc(tr('tile'))}</th><th>{esc(tr('method'))}</th>" +
         "".join(f"<th>{esc(k)}</th>" for k in keys) + "</tr>"]
    for r, ref in enumerate(comp.references):
        for j, m in enumerate(comp.methods):
            h.append(f"<tr><td>{esc(ref)}</td><td>{esc(m)}</td>" +
                     "".join(f"<td class='num'>{fmt(comp.values[k][r, j])}</td>" for k in keys)
                     + "</tr>")
    h.append("</table></div>")
    return h
