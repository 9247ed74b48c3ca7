"""Score names: one scheme across the library, the command line, batch rows
and evaluate (docs/library.md, "Score names").

A score is named ``<PREFIX>_<OUTPUT>`` as evaluate names it
(:meth:`core.schema.MetricSpec.output_key`: ``TOPO_F1``, ``CCQ_QUALITY``;
an output that already starts with its metric's prefix keeps its name:
``APLS``, ``APLS_GT_TO_PRED``).  The short output names of the QGIS
algorithms (``F1``) are answered for one release with a FutureWarning.
"""
from __future__ import annotations

import warnings
from typing import Any, Iterable, Optional

REMOVED_IN = "2.0"


def short_to_canonical(spec) -> dict:
    """{short name: canonical name} of a metric's scores (its outputs and
    ``extra_scores``) whose two names differ."""
    names = [o.name for o in spec.outputs] + list(spec.extra_scores)
    return {n: spec.output_key(n) for n in names if spec.output_key(n) != n}


def canonical_scores(spec, scores: dict) -> dict:
    """A metric's {short or canonical name: value} with canonical names."""
    return {spec.output_key(k): v for k, v in scores.items()}


def warn_short(old: str, new: str, where: str = "scores", stacklevel: int = 3) -> None:
    warnings.warn(f"{where}[{old!r}] is now {where}[{new!r}]; the short key goes in "
                  f"{REMOVED_IN}", FutureWarning, stacklevel=stacklevel)


class Scores(dict):
    """{canonical score name: number} of one metric.  Iterating, listing and
    writing give the canonical names (``TOPO_F1``); a lookup by the short
    name of the QGIS algorithm's output (``scores['F1']``) still answers,
    with a FutureWarning naming the new key, until 2.0."""

    def __init__(self, spec, scores: Optional[dict] = None):
        super().__init__(canonical_scores(spec, scores or {}))
        self._aliases = short_to_canonical(spec)

    def _key(self, key: Any) -> Any:
        if not dict.__contains__(self, key) and key in self._aliases and \
                dict.__contains__(self, self._aliases[key]):
            warn_short(key, self._aliases[key], stacklevel=4)
            return self._aliases[key]
        return key

    def __getitem__(self, key):
        return dict.__getitem__(self, self._key(key))

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, self._key(key))

    def get(self, key, default=None):
        return dict.get(self, self._key(key), default)

    def __reduce__(self):      # pickled as a plain dict of canonical names
        return (dict, (dict(self),))


def canonical_names(spec, names: Iterable[str], where: str = "scores") -> list:
    """User-given score names with short ones replaced by their canonical
    names (a FutureWarning each)."""
    aliases = short_to_canonical(spec)
    canonical = set(aliases.values())
    out = []
    for n in names:
        if n in aliases and n not in canonical:
            warn_short(n, aliases[n], where, stacklevel=4)
            n = aliases[n]
        out.append(n)
    return out


def canonical_row(spec, row: dict) -> dict:
    """A rows-file row (or any {name: value}) whose score columns may carry
    the short names of rows written before the canonical names."""
    aliases = short_to_canonical(spec)
    return {aliases.get(k, k): v for k, v in row.items()}


def deprecated_keyword(old: str, new: str, stacklevel: int = 3) -> None:
    """The FutureWarning of a library keyword kept as an alias."""
    warnings.warn(f"{old}= is a deprecated alias of {new}=, removed in {REMOVED_IN}",
                  FutureWarning, stacklevel=stacklevel)
