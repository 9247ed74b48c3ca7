"""Escaping and number formatting shared by the reports and their SVG
charts (core/reports/report.py re-exports them)."""
from __future__ import annotations

import html
import math


def esc(x) -> str:
    return html.escape(str(x))


def fmt(v) -> str:
    """A number in at most 4 significant decimals (tables of the tools)."""
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
