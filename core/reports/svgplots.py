"""Small inline-SVG charts for the analysis reports (no script, no network):
line panels for small multiples, a legend, a diverging heat map,
diverging preference bars and confidence intervals as error bars.  Colours come from a fixed categorical palette so
a metric keeps its colour in every panel."""
from __future__ import annotations

import math

from .format import esc, fmt

PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#fdbf6f", "#6a3d9a", "#b2df8a",
           "#a6cee3", "#fb9a99"]
DASHES = ["", "5,3", "2,2", "8,3,2,3"]


def style_of(i) -> tuple[str, str]:
    """(colour, dash pattern) of the i-th series."""
    return PALETTE[i % len(PALETTE)], DASHES[(i // len(PALETTE)) % len(DASHES)]


def nice_range(values, upper=None) -> tuple[float, float]:
    """(low, high) covering the values, with ends on multiples of a 'nice'
    step; ``upper`` fixes the high end."""
    vals = [v for v in values if v is not None and not math.isnan(v)]
    if not vals:
        return 0.0, 1.0 if upper is None else upper
    lo = min(vals)
    hi = max(vals) if upper is None else max(upper, max(vals))
    if hi <= lo:
        return (lo - 0.5, hi + 0.5) if upper is None else (hi - 0.1, hi)
    t = ticks(lo, hi)
    step = t[1] - t[0] if len(t) > 1 else (hi - lo)
    lo = round(math.floor(lo / step + 1e-9) * step, 10)
    if upper is None:
        hi = round(math.ceil(hi / step - 1e-9) * step, 10)
    return lo, hi


def ticks(lo, hi, target=5) -> list[float]:
    """Tick values at multiples of 1, 2, 2.5 or 5 x 10^k within [lo, hi]."""
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / max(target - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw - 1e-12)
    first = math.ceil(lo / step - 1e-9) * step
    n = int(math.floor((hi - first) / step + 1e-9)) + 1
    return [round(first + i * step, 10) for i in range(max(n, 1))]


def wrap(text, width) -> list[str]:
    """Split a text into lines of at most ``width`` characters at spaces."""
    lines, cur = [], ""
    for w in text.split(" "):
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    return lines + ([cur] if cur else [])


def line_panel(title, xs, series, ylim, width=330, height=230, note="", note_color="#c00",
               outline=None, xlabel="number of errors") -> str:
    """One panel: ``series`` = [(label, colour, dash, ys, std or None,
    emphasised)] against ``xs``; emphasised series are drawn thick.  The
    note (e.g. the flat scores) is wrapped above the plot."""
    notes = wrap(note, max(10, int((width - 48) / 6.3))) if note else []
    extra = 12 * max(len(notes) - 1, 0)
    height += extra
    left, right, top, bottom = 44, 10, 34 + extra, 30
    pw, ph = width - left - right, height - top - bottom
    x0, x1 = min(xs), max(xs)
    y0, y1 = ylim
    sx = lambda x: left + (pw * (x - x0) / (x1 - x0) if x1 > x0 else pw / 2)
    sy = lambda y: top + ph * (1 - (y - y0) / (y1 - y0) if y1 > y0 else 0.5)
    border = f" style='outline:2px solid {outline}'" if outline else ""
    out = [f"<svg width='{width}' height='{height}' role='img' aria-label='{esc(title)}'{border}>",
           f"<text x='{left}' y='14' font-size='13' font-weight='bold'>{esc(title)}</text>"]
    for i, line in enumerate(notes):
        out.append(f"<text x='{left}' y='{28 + 12 * i}' font-size='10.5' fill='{note_color}'>"
                   f"{esc(line)}</text>")
    for y in ticks(y0, y1):
        out.append(f"<line x1='{left}' y1='{sy(y):.1f}' x2='{left + pw}' y2='{sy(y):.1f}' "
                   f"stroke='#eee'/><text x='{left - 4}' y='{sy(y) + 3:.1f}' font-size='9.5' "
                   f"text-anchor='end'>{fmt(round(y, 6))}</text>")
    for x in xs:
        out.append(f"<text x='{sx(x):.1f}' y='{top + ph + 13}' font-size='9.5' "
                   f"text-anchor='middle'>{fmt(x)}</text>")
    out.append(f"<text x='{left + pw / 2:.1f}' y='{height - 3}' font-size='10' "
               f"text-anchor='middle'>{esc(xlabel)}</text>")
    out.append(f"<rect x='{left}' y='{top}' width='{pw}' height='{ph}' fill='none' stroke='#999'/>")
    for label, color, dash, ys, std, strong in series:
        pts = [(sx(x), sy(min(max(y, y0), y1))) for x, y in zip(xs, ys)
               if y is not None and not math.isnan(y)]
        if not pts:
            continue
        w = 2.2 if strong else 1.3
        d = f" stroke-dasharray='{dash}'" if dash else ""
        if std is not None:
            for x, y, s in zip(xs, ys, std):
                if s and not math.isnan(s) and not math.isnan(y) and s > 0:
                    out.append(f"<line x1='{sx(x):.1f}' y1='{sy(min(y + s, y1)):.1f}' x2='{sx(x):.1f}' "
                               f"y2='{sy(max(y - s, y0)):.1f}' stroke='{color}' stroke-width='1'/>")
        out.append(f"<polyline points='{' '.join(f'{a:.1f},{b:.1f}' for a, b in pts)}' fill='none' "
                   f"stroke='{color}' stroke-width='{w}'{d}><title>{esc(label)}</title></polyline>")
        out.append("".join(f"<circle cx='{a:.1f}' cy='{b:.1f}' r='2.2' fill='{color}'/>" for a, b in pts))
    out.append("</svg>")
    return "".join(out)


def legend(items, width=1000) -> str:
    """Horizontal legend: [(label, colour, dash)]."""
    per_row = max(1, width // 150)
    rows = int(math.ceil(len(items) / per_row))
    out = [f"<svg width='{width}' height='{rows * 18 + 6}' role='img' aria-label='legend'>"]
    for i, (label, color, dash) in enumerate(items):
        x, y = 4 + (i % per_row) * 150, 12 + (i // per_row) * 18
        d = f" stroke-dasharray='{dash}'" if dash else ""
        out.append(f"<line x1='{x}' y1='{y - 4}' x2='{x + 22}' y2='{y - 4}' stroke='{color}' "
                   f"stroke-width='2.4'{d}/><text x='{x + 27}' y='{y}' font-size='11'>{esc(label)}</text>")
    out.append("</svg>")
    return "".join(out)


def diverging_color(v, vmin=-1.0, vmax=1.0) -> str:
    """Blue (high) - white - red (low) for v in [vmin, vmax]; grey for NaN."""
    if v is None or math.isnan(v):
        return "#dddddd"
    mid = (vmin + vmax) / 2
    t = max(-1.0, min(1.0, (v - mid) / ((vmax - vmin) / 2)))
    if t >= 0:
        r, g, b = (int(255 - t * (255 - c)) for c in (33, 102, 172))
    else:
        r, g, b = (int(255 + t * (255 - c)) for c in (178, 24, 43))
    return f"#{r:02x}{g:02x}{b:02x}"


def heatmap(labels, matrix, title="", vmin=-1.0, vmax=1.0, cell=46) -> str:
    """Square matrix with values written in the cells."""
    n = len(labels)
    lw = 12 + 7 * max((len(s) for s in labels), default=4)
    w, h = lw + n * cell + 10, lw + n * cell + 26
    out = [f"<svg width='{w}' height='{h}' role='img' aria-label='{esc(title)}'>",
           f"<text x='4' y='14' font-size='13' font-weight='bold'>{esc(title)}</text>"]
    y0 = lw + 20
    for i, lab in enumerate(labels):
        out.append(f"<text x='{lw - 4}' y='{y0 + i * cell + cell / 2 + 4:.1f}' font-size='10.5' "
                   f"text-anchor='end'>{esc(lab)}</text>")
        cx = lw + i * cell + cell / 2
        out.append(f"<text x='{cx:.1f}' y='{y0 - 4}' font-size='10.5' "
                   f"transform='rotate(-40 {cx:.1f} {y0 - 4})'>{esc(lab)}</text>")
        for j in range(n):
            v = matrix[i][j]
            col = diverging_color(v, vmin, vmax)
            x, y = lw + j * cell, y0 + i * cell
            txt = "" if v is None or math.isnan(v) else f"{v:.2f}"
            dark = v is not None and not math.isnan(v) and abs((v - (vmin + vmax) / 2) / ((vmax - vmin) / 2)) > 0.6
            out.append(f"<rect x='{x}' y='{y}' width='{cell - 1}' height='{cell - 1}' fill='{col}'>"
                       f"<title>{esc(labels[i])} / {esc(labels[j])}: {fmt(v)}</title></rect>"
                       f"<text x='{x + cell / 2:.1f}' y='{y + cell / 2 + 4:.1f}' font-size='10.5' "
                       f"text-anchor='middle' fill='{'#fff' if dark else '#222'}'>{txt}</text>")
    out.append("</svg>")
    return "".join(out)


def preference_bars(title, groups, scale, width=420, bar=7) -> str:
    """Diverging horizontal bars: ``groups`` = [(row label, [(score label,
    colour, value)])]; positive values extend to the right.  ``scale``: the
    value drawn at full half-width."""
    lw = 110
    half = (width - lw - 20) / 2
    cx = lw + half
    nb = max((len(g[1]) for g in groups), default=1)
    gh = nb * bar + 8
    h = 36 + len(groups) * gh + 16
    out = [f"<svg width='{width}' height='{h}' role='img' aria-label='{esc(title)}'>",
           f"<text x='4' y='14' font-size='12.5' font-weight='bold'>{esc(title)}</text>"]
    top = 30
    out.append(f"<line x1='{cx:.1f}' y1='{top - 4}' x2='{cx:.1f}' y2='{top + len(groups) * gh}' stroke='#666'/>")
    for gi, (label, bars) in enumerate(groups):
        y = top + gi * gh
        if gi % 2:
            out.append(f"<rect x='{lw}' y='{y - 2}' width='{2 * half:.1f}' height='{gh}' fill='#f6f6f6'/>")
        out.append(f"<text x='{lw - 6}' y='{y + gh / 2 + 1:.1f}' font-size='10.5' text-anchor='end'>"
                   f"{esc(label)}</text>")
        for bi, (slabel, color, v) in enumerate(bars):
            if v is None or math.isnan(v):
                continue
            L = half * max(-1.0, min(1.0, v / scale)) if scale > 0 else 0.0
            x = cx if L >= 0 else cx + L
            out.append(f"<rect x='{x:.1f}' y='{y + bi * bar:.1f}' width='{abs(L):.1f}' height='{bar - 1}' "
                       f"fill='{color}'><title>{esc(slabel)}: {fmt(v)}</title></rect>")
    yb = top + len(groups) * gh + 12
    out.append(f"<text x='{lw}' y='{yb}' font-size='9.5'>-{fmt(scale)}</text>"
               f"<text x='{cx:.1f}' y='{yb}' font-size='9.5' text-anchor='middle'>0</text>"
               f"<text x='{lw + 2 * half:.1f}' y='{yb}' font-size='9.5' text-anchor='end'>+{fmt(scale)}</text>")
    out.append("</svg>")
    return "".join(out)


def error_map(base, errors, title="", size=300, max_vertices=30000) -> str:
    """Map of a network (grey) with error lines on top (red)."""
    import numpy as np
    pts = [p for p in list(base) + list(errors) if len(p)]
    if not pts:
        return ""
    allp = np.concatenate(pts)
    x0, y0 = allp.min(axis=0)
    x1, y1 = allp.max(axis=0)
    s = (size - 12) / max(x1 - x0, y1 - y0, 1e-9)
    head = 18 if title else 0
    w, h = (x1 - x0) * s + 12, (y1 - y0) * s + 12 + head
    step = max(1, int(math.ceil(sum(len(p) for p in base) / max_vertices)))

    def poly(p, color, width):
        q = p[::step] if step > 1 and len(p) > 2 else p
        if step > 1 and len(p) > 2:
            q = np.vstack([q, p[-1:]])
        xy = " ".join(f"{6 + (x - x0) * s:.1f},{h - 6 - (y - y0) * s:.1f}" for x, y in q)
        return f"<polyline points='{xy}' fill='none' stroke='{color}' stroke-width='{width}'/>"
    out = [f"<svg width='{w:.0f}' height='{h:.0f}' role='img' aria-label='{esc(title or 'map')}'>"]
    if title:
        out.append(f"<text x='4' y='13' font-size='12' font-weight='bold'>{esc(title)}</text>")
    out += [poly(p, "#9a9a9a", 0.9) for p in base if len(p) > 1]
    out += [poly(p, "#d7191c", 2.2) for p in errors if len(p) > 1]
    out.append("</svg>")
    return "".join(out)


def interval_bars(title, rows, width=520, row_height=18, label_width=170, lim=None) -> str:
    """Error bars on one horizontal axis: ``rows`` = [(label, value, low,
    high, colour)], one row each: a dot at the value and a line with caps
    from low to high (no line where the bounds are NaN); ``lim``: the axis
    range (default: covering every value and bound).  Empty string when no
    row has a finite value."""
    rows = [r for r in rows if r[1] is not None and not math.isnan(r[1])]
    if not rows:
        return ""
    finite = [x for r in rows for x in r[1:4] if x is not None and not math.isnan(x)]
    x0, x1 = lim or nice_range(finite)
    left, right, top = label_width, 16, 24
    pw = width - left - right
    height = top + len(rows) * row_height + 28
    sx = lambda x: left + pw * ((min(max(x, x0), x1) - x0) / (x1 - x0) if x1 > x0 else 0.5)
    out = [f"<svg width='{width}' height='{height}' role='img' aria-label='{esc(title)}'>",
           f"<text x='4' y='14' font-size='12.5' font-weight='bold'>{esc(title)}</text>"]
    bottom = top + len(rows) * row_height
    for t in ticks(x0, x1):
        out.append(f"<line x1='{sx(t):.1f}' y1='{top}' x2='{sx(t):.1f}' y2='{bottom}' stroke='#eee'/>"
                   f"<text x='{sx(t):.1f}' y='{bottom + 13}' font-size='9.5' "
                   f"text-anchor='middle'>{fmt(t)}</text>")
    for i, (label, v, lo, hi, color) in enumerate(rows):
        y = top + i * row_height + row_height / 2
        if i % 2:
            out.append(f"<rect x='0' y='{y - row_height / 2:.1f}' width='{width}' "
                       f"height='{row_height}' fill='#f6f6f6'/>")
        out.append(f"<text x='{left - 6}' y='{y + 4:.1f}' font-size='10.5' text-anchor='end'>"
                   f"{esc(label)}</text>")
        tip = f"{label}: {fmt(v)}"
        if lo is not None and hi is not None and not (math.isnan(lo) or math.isnan(hi)):
            tip += f" [{fmt(lo)}, {fmt(hi)}]"
            a, b = sx(lo), sx(hi)
            out.append(f"<line x1='{a:.1f}' y1='{y:.1f}' x2='{b:.1f}' y2='{y:.1f}' stroke='{color}' "
                       f"stroke-width='1.6'/>" + "".join(
                           f"<line x1='{c:.1f}' y1='{y - 4:.1f}' x2='{c:.1f}' y2='{y + 4:.1f}' "
                           f"stroke='{color}' stroke-width='1.6'/>" for c in (a, b)))
        out.append(f"<circle cx='{sx(v):.1f}' cy='{y:.1f}' r='3.4' fill='{color}'>"
                   f"<title>{esc(tip)}</title></circle>")
    out.append(f"<line x1='{left}' y1='{bottom}' x2='{left + pw}' y2='{bottom}' stroke='#999'/></svg>")
    return "".join(out)
