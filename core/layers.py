"""Whether the metric running on this thread should build its layers.

A face or tool that throws a metric's layers away sets it around the run
(``with layers_for_run(False):``): evaluate-all in QGIS keeps only the
layers its report maps (one metric's), tiles, the method comparison and
the sensitivity analysis keep none, and the scores per class never use
theirs.  A metric whose layers cost real work beyond the scores may then
skip that work and return no layers; its scores must be the same either way
(the subgraph metrics: OPT-G's least-distance assignment decides only
*which* control points are matched, drawn in its layers, while its scores
count the pairs, which a maximum-cardinality matching gives alone;
``tests/core/metrics/subgraphs/test_optg.py`` checks that the scores are
equal with and without layers).  Without a ``with`` block layers are wanted
(:func:`layers_wanted` is True), so every metric run directly keeps them.

Like core/parallel.py's core budget, the setting is per thread and is not
seen by worker processes: a metric that hands work to workers decides there
what to send them (OPT-G chooses its matcher before its blocks are sent).
"""
from __future__ import annotations

from typing import Iterator

import threading
from contextlib import contextmanager

_wish = threading.local()


def layers_wanted() -> bool:
    """True unless the run on this thread said it discards the layers."""
    return getattr(_wish, "wanted", True)


@contextmanager
def layers_for_run(wanted: bool) -> Iterator[bool]:
    """Within the block, :func:`layers_wanted` is ``wanted`` on this thread."""
    previous = layers_wanted()
    _wish.wanted = bool(wanted)
    try:
        yield _wish.wanted
    finally:
        _wish.wanted = previous
