"""Self-contained HTML report of an evaluation (inline SVG, no scripts, no
network access): inputs, parameters, scores grouped by family with their
meaning, a bar chart of the [0, 1] scores, histograms from the metrics'
details, scores per class, per-tile scores and map, warnings, and a small
map of the matched / unmatched diagnostics."""
import html
import math

import numpy as np

from . import registry

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:24px;color:#222;max-width:1100px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0;font-size:13px}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}
th{background:#f3f3f3}td.num{text-align:right;font-variant-numeric:tabular-nums}.warn{color:#a14b00}
.small{color:#666;font-size:12px}svg{background:#fff}.grid{display:flex;flex-wrap:wrap;gap:16px}
"""


def esc(x):
    return html.escape(str(x))


def fmt(v):
    if v is None:
        return "NaN"
    try:
        f = float(v)
    except (TypeError, ValueError):
        return esc(v)
    if math.isnan(f):
        return "NaN"
    if abs(f) >= 1000 or (f != 0 and abs(f) < 1e-3):
        return f"{f:.4g}"
    return f"{f:.4f}".rstrip("0").rstrip(".") if f != int(f) else str(int(f))


def bar_chart(items, width=520):
    """Horizontal bars of (label, value in [0, 1])."""
    items = [(k, v) for k, v in items if v is not None and not math.isnan(v)]
    if not items:
        return "<p class='small'>no [0, 1] score to plot</p>"
    h = 20 * len(items) + 30
    lw = max(170, 8 * max(len(str(k)) for k, _ in items) + 12)
    width = max(width, lw + 300)
    out = [f"<svg width='{width}' height='{h}' role='img' aria-label='scores'>"]
    for i, (k, v) in enumerate(items):
        y = 10 + 20 * i
        w = (width - lw - 60) * max(0.0, min(1.0, v))
        color = "#1a9641" if v >= 0.8 else "#a6d96a" if v >= 0.6 else "#fdae61" if v >= 0.4 else "#d7191c"
        out.append(f"<text x='{lw - 6}' y='{y + 13}' font-size='12' text-anchor='end'>{esc(k)}</text>"
                   f"<rect x='{lw}' y='{y + 2}' width='{w:.1f}' height='14' fill='{color}'/>"
                   f"<text x='{lw + w + 4:.1f}' y='{y + 13}' font-size='11'>{fmt(v)}</text>")
    ax = 10 + 20 * len(items) + 4
    out.append(f"<line x1='{lw}' y1='{ax}' x2='{width - 60}' y2='{ax}' stroke='#999'/>")
    for t in (0, 0.5, 1):
        x = lw + (width - lw - 60) * t
        out.append(f"<text x='{x:.1f}' y='{ax + 13}' font-size='10' text-anchor='middle'>{t}</text>")
    out.append("</svg>")
    return "".join(out)


def histogram(counts, bins=None, title="", width=300, height=140):
    counts = np.asarray(counts, float)
    if counts.size == 0 or counts.sum() <= 0:
        return ""
    if bins is None or len(bins) != len(counts) + 1:
        bins = np.linspace(0, 1, len(counts) + 1)
    top = counts.max()
    bw = (width - 40) / len(counts)
    out = [f"<svg width='{width}' height='{height + 40}' role='img' aria-label='{esc(title)}'>",
           f"<text x='4' y='14' font-size='12'>{esc(title)}</text>"]
    for i, c in enumerate(counts):
        h = (height - 30) * c / top
        out.append(f"<rect x='{30 + i * bw:.1f}' y='{height - h:.1f}' width='{max(bw - 1, 1):.1f}' "
                   f"height='{h:.1f}' fill='#4575b4'><title>{fmt(bins[i])}-{fmt(bins[i + 1])}: "
                   f"{int(c)}</title></rect>")
    out.append(f"<line x1='30' y1='{height}' x2='{width - 10}' y2='{height}' stroke='#999'/>")
    out.append(f"<text x='30' y='{height + 14}' font-size='10'>{fmt(bins[0])}</text>"
               f"<text x='{width - 10}' y='{height + 14}' font-size='10' text-anchor='end'>{fmt(bins[-1])}</text>"
               f"<text x='4' y='{height - (height - 30) + 4}' font-size='10'>{int(top)}</text>")
    out.append("</svg>")
    return "".join(out)


class _Frame:
    def __init__(self, arrays, size):
        pts = [a for a in arrays if len(a)]
        allp = np.concatenate(pts) if pts else np.zeros((1, 2))
        self.x0, self.y0 = allp.min(axis=0)
        x1, y1 = allp.max(axis=0)
        span = max(x1 - self.x0, y1 - self.y0, 1e-9)
        self.s = (size - 20) / span
        self.h = (y1 - self.y0) * self.s + 20
        self.w = (x1 - self.x0) * self.s + 20

    def xy(self, p):
        return np.column_stack([10 + (p[:, 0] - self.x0) * self.s, self.h - 10 - (p[:, 1] - self.y0) * self.s])


def _polyline_svg(frame, lines, color, width, max_vertices=60000):
    total = sum(len(l) for l in lines)
    step = max(1, int(math.ceil(total / max_vertices)))
    out = []
    for l in lines:
        if len(l) < 2:
            continue
        q = l[::step] if step > 1 and len(l) > 2 else l
        if step > 1 and not np.array_equal(q[-1], l[-1]):
            q = np.vstack([q, l[-1]])
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in frame.xy(q))
        out.append(f"<polyline points='{pts}' fill='none' stroke='{color}' stroke-width='{width}'/>")
    return "".join(out)


def network_map(gt_parts, pred_parts, layers=None, size=560):
    """SVG map: ground truth grey, prediction blue, diagnostics on top
    (matched green, missing red, spurious orange)."""
    frame = _Frame(list(gt_parts) + list(pred_parts), size)
    out = [f"<svg width='{frame.w:.0f}' height='{frame.h:.0f}' role='img' aria-label='map'>",
           _polyline_svg(frame, gt_parts, "#b0b0b0", 2.2), _polyline_svg(frame, pred_parts, "#4575b4", 1.0)]
    colors = {"MATCHED": "#1a9641", "UNMATCHED_GT": "#d7191c", "UNMATCHED_PRED": "#fd8d3c"}
    for name in ("MATCHED", "UNMATCHED_PRED", "UNMATCHED_GT"):
        t = (layers or {}).get(name)
        if t is None or len(t) == 0:
            continue
        c = colors[name]
        if t.geometry == "Point":
            xy = frame.xy(np.asarray(t.coords))
            r = 1.6 if name == "MATCHED" else 3.0
            if len(xy) > 20000:
                xy = xy[:: int(math.ceil(len(xy) / 20000))]
            out.append("".join(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r}' fill='{c}'/>" for x, y in xy))
        else:
            out.append(_polyline_svg(frame, t.coords, c, 1.6 if name == "MATCHED" else 2.4))
    out.append("</svg>")
    return "".join(out)


def tile_map(tiles, values, empty=None, lines=(), size=480):
    """Choropleth of one score per tile (tiles: [(id, (xmin, ymin, xmax, ymax) or ring)]);
    tiles without ground truth hatched grey; ``lines`` drawn on top."""
    rings = []
    for _, poly in tiles:
        if isinstance(poly, tuple) and len(poly) == 4 and np.isscalar(poly[0]):
            x0, y0, x1, y1 = poly
            rings.append(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float))
        elif hasattr(poly, "exterior"):
            rings.append(np.asarray(poly.exterior.coords, float)[:, :2])
        else:
            rings.append(np.asarray(poly, float)[:, :2])
    frame = _Frame(rings, size)
    out = [f"<svg width='{frame.w:.0f}' height='{frame.h:.0f}' role='img' aria-label='tiles'>",
           "<defs><pattern id='hatch' width='6' height='6' patternUnits='userSpaceOnUse' "
           "patternTransform='rotate(45)'><rect width='6' height='6' fill='#f4f4f4'/>"
           "<line x1='0' y1='0' x2='0' y2='6' stroke='#bbb' stroke-width='2'/></pattern></defs>"]
    empty = list(empty) if empty is not None else [False] * len(rings)
    for (tid, _), ring, v, e in zip(tiles, rings, values, empty):
        if e:
            fill = "url(#hatch)"
        elif v is None or math.isnan(v):
            fill = "#eeeeee"
        else:
            v = max(0.0, min(1.0, v))
            fill = "#1a9641" if v >= 0.8 else "#a6d96a" if v >= 0.6 else "#fdae61" if v >= 0.4 else "#d7191c"
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in frame.xy(ring))
        out.append(f"<polygon points='{pts}' fill='{fill}' fill-opacity='0.75' stroke='#555' "
                   f"stroke-width='0.5'><title>tile {esc(tid)}: {fmt(v)}{' (no ground truth)' if e else ''}"
                   f"</title></polygon>")
    out.append(_polyline_svg(frame, lines, "#333333", 0.6, 30000))
    out.append("</svg>")
    return "".join(out)


def _scores_table(order, getscore):
    rows = ["<table><tr><th>family</th><th>metric</th><th>score</th><th>value</th><th>meaning</th></tr>"]
    by_group = {}
    for m in order:
        by_group.setdefault(registry.get(m).group, []).append(m)
    for g, ms in by_group.items():
        for m in ms:
            spec = registry.get(m)
            for o in spec.outputs:
                rows.append(f"<tr><td>{esc(g)}</td><td>{esc(spec.name)}</td><td>{esc(spec.output_key(o.name))}"
                            f"</td><td class='num'>{fmt(getscore(m, o.name))}</td><td class='small'>"
                            f"{esc(o.help)}</td></tr>")
    rows.append("</table>")
    return "".join(rows)


def _f_scores(order, getscore):
    items = []
    for m in order:
        spec = registry.get(m)
        for o in spec.outputs:
            if o.perfect == 1.0 and o.bounds == (0.0, 1.0):
                items.append((spec.output_key(o.name), getscore(m, o.name)))
    return items


def evaluation_report(title, info, evaluation=None, tiled=None, gt_parts=(), pred_parts=()):
    """HTML text.  ``info``: dict of input descriptions and parameters;
    ``evaluation``: core.analysis.evaluate.Evaluation (whole extent) and/or
    ``tiled``: TiledEvaluation."""
    order = (tiled or evaluation).order
    if tiled is not None:
        getscore = lambda m, n: tiled.aggregate.get(m, {}).get(n, math.nan)
    else:
        getscore = lambda m, n: (evaluation.results[m].scores.get(n, math.nan)
                                 if m in evaluation.results else math.nan)
    h = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{esc(title)}</title>"
         f"<style>{CSS}</style></head><body><h1>{esc(title)}</h1>"]
    h.append("<h2>Inputs and parameters</h2><table>")
    for k, v in info.items():
        h.append(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>")
    h.append("</table>")
    if evaluation is not None:
        h.append("<details><summary>Parameters used by each metric</summary><table>")
        for m in order:
            if m in evaluation.results:
                p = ", ".join(f"{k}={v}" for k, v in evaluation.results[m].parameters.items())
                h.append(f"<tr><th>{esc(m)}</th><td class='small'>{esc(p)}</td></tr>")
        h.append("</table></details>")
    agg = f" ({tiled.aggregation} over {len(tiled.tiles)} tiles, empty tiles: {tiled.empty_tiles})" if tiled else ""
    h.append(f"<h2>Scores{esc(agg)}</h2>")
    h.append(bar_chart(_f_scores(order, getscore)))
    h.append(_scores_table(order, getscore))
    if evaluation is not None:
        hists = []
        for m in order:
            r = evaluation.results.get(m)
            if r is None:
                continue
            for k, v in r.details.items():
                if "histogram" in k and k.endswith("bins") is False and isinstance(v, list) and v and \
                        all(isinstance(x, (int, float)) for x in v):
                    bins = r.details.get(k + "_bins") or r.details.get("histogram_bins")
                    hists.append(histogram(v, bins, f"{m}: {k.replace('_', ' ')}"))
        if hists:
            h.append("<h2>Distributions</h2><div class='grid'>" + "".join(hists) + "</div>")
        classes = {m: r.details["classes"] for m, r in evaluation.results.items() if "classes" in r.details}
        if classes:
            h.append("<h2>Scores per class</h2>")
            for m, cl in classes.items():
                spec = registry.get(m)
                names = [o.name for o in spec.outputs]
                h.append(f"<h3>{esc(spec.name)}</h3><table><tr><th>class</th><th>GT features</th>"
                         f"<th>predicted features</th>" + "".join(f"<th>{esc(n)}</th>" for n in names) + "</tr>")
                for c, d in cl.items():
                    h.append(f"<tr><td>{esc(c)}</td><td class='num'>{d.get('n_gt_features', '')}</td>"
                             f"<td class='num'>{d.get('n_pred_features', '')}</td>" +
                             "".join(f"<td class='num'>{fmt(d.get('scores', {}).get(n))}</td>" for n in names)
                             + "</tr>")
                h.append("</table>")
    if tiled is not None:
        first = next(((m, o.name) for m in order for o in registry.get(m).outputs
                      if o.perfect == 1.0), None)
        h.append("<h2>Tiles</h2>")
        if first:
            vals = [t.scores(first[0]).get(first[1], math.nan) if t.metrics else math.nan
                    for t in tiled.tiles]
            h.append(f"<p class='small'>{esc(registry.get(first[0]).output_key(first[1]))} per tile "
                     f"(red &lt; 0.4 &lt; orange &lt; 0.6 &lt; light green &lt; 0.8 &lt; green; grey: "
                     f"undefined; hatched: no ground truth), ground truth in dark grey</p>")
            h.append(tile_map([(t.tile_id, t.polygon) for t in tiled.tiles], vals,
                              [t.empty for t in tiled.tiles], gt_parts if gt_parts is not None else ()))
        h.append("<table><tr><th>tile</th><th>empty</th><th>GT parts</th><th>predicted parts</th>"
                 "<th>headline scores</th></tr>")
        for t in tiled.tiles:
            if t.error:
                s = f"<span class='warn'>failed: {esc(t.error.splitlines()[0])}</span>"
            else:
                s = ", ".join(f"{registry.get(m).output_key(n)}={fmt(t.scores(m).get(n))}"
                              for m in order for n in [registry.get(m).outputs[0].name])
            h.append(f"<tr><td>{esc(t.tile_id)}</td><td>{'yes' if t.empty else ''}</td>"
                     f"<td class='num'>{t.n_gt_parts}</td><td class='num'>{t.n_pred_parts}</td>"
                     f"<td class='small'>{s}</td></tr>")
        h.append("</table>")
    if gt_parts is not None and len(gt_parts):
        layers = None
        if evaluation is not None:
            for m in order:
                r = evaluation.results.get(m)
                if r is not None and r.layers:
                    layers = r.layers
                    h.append(f"<h2>Map</h2><p class='small'>ground truth grey, prediction blue; "
                             f"{esc(registry.get(m).name)} diagnostics: matched green, missing red, "
                             f"spurious orange</p>")
                    break
        if layers is None:
            h.append("<h2>Map</h2><p class='small'>ground truth grey, prediction blue</p>")
        h.append(network_map(gt_parts, pred_parts, layers))
    warnings = (evaluation.warnings() if evaluation is not None else []) + (tiled.warnings if tiled else [])
    h.append("<h2>Warnings</h2>")
    if warnings:
        h.append("<ul>" + "".join(f"<li class='warn'>{esc(w)}</li>" for w in warnings) + "</ul>")
    else:
        h.append("<p>none</p>")
    h.append("<p class='small'>Road Network Metrics. Definitions and conventions: see the plugin's "
             "README.</p></body></html>")
    return "".join(h)
