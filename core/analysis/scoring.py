"""Which numbers of a metric the analysis tools look at, and which way is
better.

* headline score of a metric: its output named ``F1`` (or ``F``) if it has
  one, else its first output whose perfect value is 1 within bounds [0, 1]
  (APLS, TLTS ``CORRECT``, clDice, NSD);
* orientation of a score: +1 when higher is better (perfect value = upper
  bound), -1 when lower is better (perfect value = lower bound, e.g. TLTS
  ``TOO_LONG``, JUNCT ``F_ERROR``), 0 when it has no perfect value (counts,
  distances without a bound): such numbers are not compared.
"""
from __future__ import annotations

from .. import registry
from ..text import msg


def headline(spec: registry.MetricSpec) -> str:
    names = [o.name for o in spec.outputs]
    for n in ("F1", "F"):
        if n in names:
            return n
    for o in spec.outputs:
        if o.perfect == 1.0 and o.bounds == (0.0, 1.0):
            return o.name
    return spec.outputs[0].name


def orientation(output: registry.Output) -> int:
    if output.perfect is None or output.bounds is None:
        return 0
    lo, hi = output.bounds
    if hi is not None and output.perfect == hi:
        return 1
    if lo is not None and output.perfect == lo:
        return -1
    return 0


def score_keys(metrics: list[str], which: str = "headline") -> list[tuple]:
    """[(metric id, output name, key, orientation)] of the scores to
    compare: one headline per metric, or (``which='all'``) every oriented
    score."""
    out = []
    for m in metrics:
        spec = registry.get(m)
        if which == "headline":
            name = headline(spec)
            o = next(x for x in spec.outputs if x.name == name)
            out.append((m, name, spec.output_key(name), orientation(o) or 1))
        elif which == "all":
            for o in spec.outputs:
                s = orientation(o)
                if s:
                    out.append((m, o.name, spec.output_key(o.name), s))
        else:
            raise ValueError(msg("SCORES must be 'headline' or 'all'"))
    return out
