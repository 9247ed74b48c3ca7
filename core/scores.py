"""The score conventions every metric uses: ratios, F1 and what an empty or
undefined side gives (docs/conventions.md, "Empty inputs and undefined
scores").  One place, so that two metrics never disagree on what 0/0 is.

* A ratio with nothing to count (denominator 0) is undefined: NaN, never 0
  or 1 (:func:`ratio`, :func:`ratios`).
* F1 (the harmonic mean of precision and recall) is 0 when either is 0,
  even if the other is undefined (nothing found is a failure whatever the
  prediction), and NaN when either is undefined otherwise (:func:`f1`).
  OPT-P decides on the recall first (:func:`f1_given_recall`) and APLS
  combines its two directions with :func:`harmonic_or_nan` /
  :func:`mean_or_nan`, as their reference implementations do.
"""
from __future__ import annotations

import math

import numpy as np


def ratio(part: float, total: float) -> float:
    """``part / total``; NaN when ``total`` is not positive (nothing to
    count: the score is undefined).  Every recall, precision, completeness
    and correctness of the plugin."""
    return part / total if total > 0 else math.nan


def ratios(part, total) -> np.ndarray:
    """:func:`ratio` element by element (arrays; NaN where ``total`` <= 0)."""
    part, total = np.asarray(part, float), np.asarray(total, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, part / np.where(total > 0, total, 1.0), np.nan)


def f1(precision: float, recall: float) -> float:
    """F1 = 2 p r / (p + r): 0 when either is 0 (even if the other is NaN),
    NaN when either is NaN, else the harmonic mean.  Symmetric.  Used by
    SUBG, OPT-G, TOPO, JUNCT, OPT-J, CCQ, clDice, boundary F and every
    pooled F1 (core/pooling.py)."""
    if precision == 0 or recall == 0:
        return 0.0
    if math.isnan(precision) or math.isnan(recall):
        return math.nan
    return 2 * precision * recall / (precision + recall)


def f1_given_recall(precision: float, recall: float) -> float:
    """OPT-P's F1: NaN when the recall is undefined (no ground-truth path to
    find); an undefined precision (nothing predicted, so recall 0) counts as
    0; else :func:`f1`."""
    if math.isnan(recall):
        return math.nan
    return f1(0.0 if math.isnan(precision) else precision, recall)


def harmonic_or_nan(a: float, b: float) -> float:
    """APLS (SpaceNet): the harmonic mean of the two directions; NaN when
    either is undefined (checked first), 0 when either is <= 0."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a <= 0 or b <= 0:
        return 0.0
    return 2 * a * b / (a + b)


def mean_or_nan(a: float, b: float) -> float:
    """APLS (Sat2Graph): the mean of the two directions; NaN when either is
    undefined."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    return (a + b) / 2.0
