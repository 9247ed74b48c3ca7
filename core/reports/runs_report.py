"""The HTML report of a comparison of runs (core/analysis/paired.py
``compare_runs``): each method's mean with its interval as error bars, the
pairs' differences, tests and wins / ties / losses, the rank
probabilities as stacked bars, and the agreement between scores.  Self
contained (inline SVG, no script)."""
from __future__ import annotations

import math
from typing import Callable

from .report import esc, fmt
from .tool_reports import _head, _identity, _warnings

RANK_COLOURS = ("#1a9850", "#91cf60", "#d9ef8b", "#fee08b", "#fc8d59", "#d73027", "#999999")


def interval_plot(title: str, rows: list, lo: float, hi: float, width: int = 560) -> str:
    """Horizontal error bars: ``rows`` = [(label, value, low, high)] drawn on
    [lo, hi]; a dot at the value, a whisker from low to high."""
    lw, rh = 130, 22
    span = (hi - lo) or 1.0
    x = lambda v: lw + (width - lw - 20) * (v - lo) / span  # noqa: E731
    h = 34 + rh * len(rows) + 22
    out = [f"<svg width='{width}' height='{h}' role='img' aria-label='{esc(title)}'>",
           f"<text x='4' y='14' font-size='12.5' font-weight='bold'>{esc(title)}</text>"]
    for k in range(5):
        v = lo + span * k / 4
        out.append(f"<line x1='{x(v):.1f}' y1='24' x2='{x(v):.1f}' y2='{h - 18}' stroke='#ddd'/>"
                   f"<text x='{x(v):.1f}' y='{h - 4}' font-size='9.5' text-anchor='middle'>"
                   f"{fmt(v)}</text>")
    for i, (label, v, a, b) in enumerate(rows):
        y = 34 + rh * i
        out.append(f"<text x='{lw - 6}' y='{y + 4}' font-size='11' text-anchor='end'>"
                   f"{esc(label)}</text>")
        if a is not None and b is not None and math.isfinite(a) and math.isfinite(b):
            out.append(f"<line x1='{x(a):.1f}' y1='{y}' x2='{x(b):.1f}' y2='{y}' stroke='#2b6cb0' "
                       f"stroke-width='2'/><line x1='{x(a):.1f}' y1='{y - 5}' x2='{x(a):.1f}' "
                       f"y2='{y + 5}' stroke='#2b6cb0'/><line x1='{x(b):.1f}' y1='{y - 5}' "
                       f"x2='{x(b):.1f}' y2='{y + 5}' stroke='#2b6cb0'/>")
        if v is not None and math.isfinite(v):
            out.append(f"<circle cx='{x(v):.1f}' cy='{y}' r='4' fill='#2b6cb0'><title>{esc(label)}: "
                       f"{fmt(v)} [{fmt(a)}, {fmt(b)}]</title></circle>")
    out.append("</svg>")
    return "".join(out)


def rank_bars(title: str, probs: dict, width: int = 560) -> str:
    """Stacked bars: for each method, the share of resamples in which it
    takes rank 1, 2 ... (left to right)."""
    lw, rh = 130, 20
    k = len(probs)
    h = 30 + rh * k + 26
    full = width - lw - 20
    out = [f"<svg width='{width}' height='{h}' role='img' aria-label='{esc(title)}'>",
           f"<text x='4' y='14' font-size='12.5' font-weight='bold'>{esc(title)}</text>"]
    for i, (name, p) in enumerate(probs.items()):
        y = 26 + rh * i
        out.append(f"<text x='{lw - 6}' y='{y + 12}' font-size='11' text-anchor='end'>"
                   f"{esc(name)}</text>")
        x0 = lw
        for r, share in enumerate(p):
            if not share:
                continue
            w = full * share
            col = RANK_COLOURS[min(r, len(RANK_COLOURS) - 1)]
            out.append(f"<rect x='{x0:.1f}' y='{y}' width='{w:.1f}' height='{rh - 4}' fill='{col}'>"
                       f"<title>{esc(name)}: rank {r + 1} in {100 * share:.1f} %</title></rect>")
            if w > 34:
                out.append(f"<text x='{x0 + w / 2:.1f}' y='{y + 12}' font-size='9.5' "
                           f"text-anchor='middle'>#{r + 1} {100 * share:.0f}%</text>")
            x0 += w
    out.append("</svg>")
    return "".join(out)


def _pairs_table(block: dict, tr: Callable) -> str:
    head = [tr("a"), tr("b"), tr("mean difference b - a [interval]"), tr("wins / ties / losses of b"),
            tr("test"), "p", tr("p (Holm)"), tr("better")]
    rows = []
    for p in block["pairs"]:
        rows.append("<tr>" + "".join(f"<td>{esc(v)}</td>" for v in (
            p["a"], p["b"], f"{fmt(p['mean_difference'])} [{fmt(p['ci_low'])}, {fmt(p['ci_high'])}]",
            f"{p['wins']} / {p['ties']} / {p['losses']}", p["test"], fmt(p["p"]), fmt(p["p_holm"]),
            p["better"] or tr("no significant difference"))) + "</tr>")
    return ("<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr>" + "".join(rows)
            + "</table>")


def _score_section(score: str, block: dict, tr: Callable) -> list:
    ms = block["methods"]
    vals = [v for m in ms for v in (m["ci_low"], m["ci_high"], m["mean"])
            if v is not None and math.isfinite(v)]
    lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
    pad = 0.05 * ((hi - lo) or 1.0)
    out = [f"<h2>{esc(score)}</h2>",
           f"<p>{esc(tr('higher is better') if block['orientation'] > 0 else tr('lower is better'))}"
           f"; {esc(tr('ranking by the mean'))}: " +
           ", ".join(f"{r['rank']}. {esc(r['method'])}" for r in block["ranking"]) + "</p>",
           interval_plot(tr("Mean over the chips, with its interval"),
                         [(m["method"], m["mean"], m["ci_low"], m["ci_high"]) for m in ms],
                         lo - pad, hi + pad),
           _pairs_table(block, tr)]
    if block.get("rank_probabilities"):
        out.append(rank_bars(tr("How often each method takes each rank (bootstrap over {} "
                                "chips)").format(block.get("rank_chips")),
                             block["rank_probabilities"]))
    return out


def runs_report(result: dict, tr: Callable = _identity) -> str:
    """The report of ``compare_runs``'s dict (JSON-safe)."""
    s = result["settings"]
    title = tr("Comparison of runs: {}").format(result.get("metric", ""))
    out = _head(title, tr)
    out.append(f"<p>{esc(tr('Methods'))}: {esc(', '.join(result['methods']))}. "
               f"{esc(tr('Chips in every run'))}: {result['chips']['common']} "
               f"{esc(tr('of'))} {result['chips']['total']}. "
               f"{esc(tr('Intervals'))}: {esc(s['method'])} {100 * s['level']:g} %, "
               f"{s['resamples']} {esc(tr('resamples'))}, {esc(tr('seed'))} {s['seed']}; "
               f"{esc(tr('tests'))}: Wilcoxon signed-rank "
               f"({esc(tr('sign test when a quarter of the chips or more are ties'))}), "
               f"{esc(tr('Holm correction over the pairs of each score'))}.</p>")
    if result["chips"]["missing"]:
        out.append("<p class='warn'>" + esc(tr("Left out (not in every run)")) + ": " + "; ".join(
            f"{esc(n)}: {esc(', '.join(map(str, v[:20])))}" + (" ..." if len(v) > 20 else "")
            for n, v in result["chips"]["missing"].items()) + "</p>")
    for score, block in result["scores"].items():
        out += _score_section(score, block, tr)
    if result.get("agreement"):
        out.append(f"<h2>{esc(tr('Agreement between scores'))}</h2><table><tr><th>"
                   f"{esc(tr('score'))}</th><th>{esc(tr('score'))}</th><th>Kendall tau "
                   f"({esc(tr('rankings of the methods'))})</th><th>ESR ({esc(tr('chips'))})"
                   f"</th></tr>" + "".join(
                       f"<tr><td>{esc(a['a'])}</td><td>{esc(a['b'])}</td><td>{fmt(a['kendall_tau'])}"
                       f"</td><td>{fmt(a['esr'])}</td></tr>" for a in result["agreement"]) +
                   "</table>")
    out.append(_warnings(result.get("warnings", []), tr))
    out.append("</body></html>")
    return "".join(out)
