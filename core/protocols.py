"""Benchmark protocols: everything that makes a number a paper publishes.

A protocol names the metric variants with their constants, the units of the
tiles, the rule for empty sides and the aggregation over tiles, quirks
included, so that a batch over a benchmark's tiles prints the number the
published tables would have (docs/paths.md "Protocol cards").

* ``sat2graph_cityscale`` -- Sat2Graph (He et al., ECCV 2020), RNGDet++ and
  SAM-Road (Hetang et al., CVPR 2024) on City-Scale: 2048 x 2048 px tiles at
  1 m; APLS ``VARIANT=sat2graph`` (the Go code replayed), TOPO
  ``VARIANT=sat2graph``.  Aggregation as SAM-Road's ``cityscale_metrics``:
  APLS = mean over tiles of the printed APLS cut to 5 decimals (``%f``
  then the last digit dropped), read in lexicographic order of the tile
  files ``<id>.txt``, stopping at the first tile whose APLS is NaN (that
  tile and every later one are left out); TOPO = mean over tiles of
  2 P R / (P + R), with the means of P and R (a tile with P + R = 0 makes
  the reference's script fail: reported, left out here).
* ``samroad_spacenet`` -- SAM-Road on SpaceNet (400 x 400 px tiles at
  1 m): APLS ``VARIANT=sat2graph_spacenet``, TOPO ``VARIANT=
  sat2graph_spacenet``; APLS = mean over the tiles without NaN (an empty
  prediction is left out, not scored 0) of the printed 6-decimal value;
  TOPO: tiles with P + R = 0 left out, F1 = 2 mean(P) mean(R) / (mean(P) +
  mean(R)) (F1 of the means).
* ``spacenet`` -- CosmiQ's APLS as SpaceNet 3 / 5 scored it: APLS
  ``VARIANT=spacenet``, the SpaceNet empty-chip rule, mean over chips.

Tiles in these protocols are in pixels at 1 m, as the reference takes them:
coordinates are used as they are (x is the reference's first pixel
coordinate), with no pixel size and no flip of the y axis.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Optional

from .text import msg

Rows = list  # [{"id": str, score name: value, ...}]


def _finite(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _mean(values: list) -> float:
    return math.fsum(values) / len(values) if values else math.nan


def go_line(*values: float) -> str:
    """A line as Go's ``fmt.Sprintf("%f %f %f\\n", ...)`` writes it: 6
    decimals, NaN as ``NaN``, infinities as ``+Inf`` / ``-Inf``."""
    def one(v):
        if math.isnan(v):
            return "NaN"
        if math.isinf(v):
            return "+Inf" if v > 0 else "-Inf"
        return "%f" % v
    return " ".join(one(float(v)) for v in values) + "\n"


def cityscale_apls(rows: Rows) -> dict:
    """SAM-Road ``cityscale_metrics/apls.py`` on the tiles' output lines:
    files ``<id>.txt`` in sorted order, ``float(line.split(' ')[-1][:-2])``
    (5 decimals: the newline and the 6th decimal dropped), the loop broken
    by the first value that does not parse (a NaN tile)."""
    used, values, stopped = [], [], None
    for r in sorted(rows, key=lambda r: f"{r['id']}.txt"):
        text = go_line(*_apls_values(r)).split(" ")[-1][:-2]
        try:
            v = float(text)
            if not math.isfinite(v):
                raise ValueError
        except ValueError:
            stopped = r["id"]
            break
        used.append(r["id"])
        values.append(v)
    out = {"APLS": _mean(values), "tiles": len(used), "tiles_used": used}
    if stopped is not None:
        left = [r["id"] for r in sorted(rows, key=lambda r: f"{r['id']}.txt")][len(used):]
        out.update(stopped_at=stopped, tiles_left_out=left)
    return out


def _apls_values(r: dict) -> list:
    """The three numbers of the reference's APLS line (NaN where missing)."""
    return [float(r[k]) if isinstance(r.get(k), (int, float)) and not isinstance(r.get(k), bool)
            else math.nan for k in ("APLS_GT_TO_PRED", "APLS_PRED_TO_GT", "APLS")]


def spacenet_apls(rows: Rows) -> dict:
    """SAM-Road ``spacenet_metrics/apls.py``: tiles whose line holds 'NaN'
    are skipped, the others' printed APLS (6 decimals) averaged."""
    used, values, skipped = [], [], []
    for r in sorted(rows, key=lambda r: f"{r['id']}.txt"):
        line = go_line(*_apls_values(r))
        if "NaN" in line:
            skipped.append(r["id"])
            continue
        used.append(r["id"])
        values.append(float(line.split(" ")[-1]))
    out = {"APLS": _mean(values), "tiles": len(used), "tiles_used": used}
    if skipped:
        out["tiles_left_out"] = skipped
    return out


def _pr(r: dict) -> tuple:
    p, q = r.get("PRECISION"), r.get("RECALL")
    return (float(p) if _finite(p) else math.nan, float(q) if _finite(q) else math.nan)


def cityscale_topo(rows: Rows) -> dict:
    """SAM-Road ``cityscale_metrics/topo.py``: per tile 2 p r / (p + r),
    then the means of F1, P and R over the tiles.  A tile with p + r = 0
    stops the reference with ZeroDivisionError: it is left out here and
    listed (``reference_fails_on``)."""
    f1, ps, rs, used, fails = [], [], [], [], []
    for r in rows:
        p, q = _pr(r)
        if not (math.isfinite(p) and math.isfinite(q)) or p + q == 0:
            fails.append(r["id"])
            continue
        f1.append(2 * p * q / (p + q))
        ps.append(p)
        rs.append(q)
        used.append(r["id"])
    out = {"F1": _mean(f1), "PRECISION": _mean(ps), "RECALL": _mean(rs), "tiles": len(used),
           "tiles_used": used}
    if fails:
        out["reference_fails_on"] = fails
    return out


def spacenet_topo(rows: Rows) -> dict:
    """SAM-Road ``spacenet_metrics/topo.py``: tiles with p + r = 0 left out,
    P and R averaged, F1 = 2 P R / (P + R) of the means."""
    ps, rs, used, skipped = [], [], [], []
    for r in rows:
        p, q = _pr(r)
        if not (math.isfinite(p) and math.isfinite(q)) or p + q == 0:
            skipped.append(r["id"])
            continue
        ps.append(p)
        rs.append(q)
        used.append(r["id"])
    P, R = _mean(ps), _mean(rs)
    f1 = 2 * P * R / (P + R) if math.isfinite(P) and P + R > 0 else math.nan
    out = {"F1": f1, "PRECISION": P, "RECALL": R, "tiles": len(used), "tiles_used": used}
    if skipped:
        out["tiles_left_out"] = skipped
    return out


def mean_of(name: str) -> Callable[[Rows], dict]:
    """The plain mean of one score over the rows that have it."""
    def agg(rows: Rows) -> dict:
        vals = [float(r[name]) for r in rows if _finite(r.get(name))]
        return {name: _mean(vals), "tiles": len(vals)}
    return agg


def script_order(ids: list) -> list:
    """The order SAM-Road's City-Scale TOPO script reads tiles in: its list
    of tile numbers, ascending (ids that are not whole numbers after those,
    as text)."""
    def key(i):
        s = str(i)
        return (0, int(s), "") if s.isdigit() else (1, 0, s)
    return sorted(ids, key=key)


def cityscale_topo_carry(extents: dict) -> dict:
    """{id: {"PRIOR_MAX_A": ...}} from {id: the largest first coordinate of
    the tile's two graphs (None: nothing read)}: SAM-Road's City-Scale
    ``topo/main.py`` keeps ``min_lat`` over its loop, so each tile's walk
    radius rule sees the largest row of every tile read before it."""
    out, prior = {}, None
    for i in script_order(list(extents)):
        out[i] = {"PRIOR_MAX_A": prior}
        v = extents[i]
        if v is not None and math.isfinite(v):
            prior = v if prior is None else max(prior, v)
    return out


@dataclass(frozen=True)
class Protocol:
    """One benchmark protocol: ``params`` {metric id: {parameter: value}}
    set for every tile; ``aggregate`` {metric id: function of the rows};
    ``empty_chips``: 'reference' (every tile scored by the metric itself,
    empty sides included) or a batch rule; ``pixel_size``: metres per
    coordinate unit (None: coordinates used as they are); ``carry``
    {metric id: function of {tile id: largest first coordinate} giving
    {tile id: parameters}}: what the reference carries from tile to tile."""

    name: str
    version: str
    title: str
    params: dict
    aggregate: dict
    empty_chips: str = "reference"
    pixel_size: Optional[float] = None
    reference: str = ""
    notes: tuple = field(default_factory=tuple)
    carry: dict = field(default_factory=dict)

    def record(self) -> dict:
        """What a score, a rows file or a summary records about it."""
        return {"name": self.name, "version": self.version}


PROTOCOLS = {p.name: p for p in (
    Protocol("sat2graph_cityscale", "1", "Sat2Graph / RNGDet++ / SAM-Road City-Scale",
             {"apls": {"VARIANT": "sat2graph"}, "topo": {"VARIANT": "sat2graph"}},
             {"apls": cityscale_apls, "topo": cityscale_topo},
             reference="songtaohe/Sat2Graph metrics/; htcr/sam_road cityscale_metrics/",
             carry={"topo": cityscale_topo_carry}),
    Protocol("samroad_spacenet", "1", "SAM-Road SpaceNet (400 px tiles)",
             {"apls": {"VARIANT": "sat2graph_spacenet"}, "topo": {"VARIANT": "sat2graph_spacenet"}},
             {"apls": spacenet_apls, "topo": spacenet_topo},
             reference="htcr/sam_road spacenet_metrics/"),
    Protocol("spacenet", "1", "CosmiQ APLS as SpaceNet 3 / 5 scored it",
             {"apls": {"VARIANT": "spacenet"}}, {"apls": mean_of("APLS")},
             empty_chips="spacenet", reference="CosmiQ/apls"),
)}


def get(name: str) -> Protocol:
    """The protocol called ``name``; ValueError listing the known ones."""
    if name not in PROTOCOLS:
        raise ValueError(msg("Unknown protocol {!r}: one of {}.", name, ", ".join(sorted(PROTOCOLS))))
    return PROTOCOLS[name]


def protocol_params(protocol: Protocol, metric: str, params: dict) -> dict:
    """``params`` with the protocol's settings for ``metric``; ValueError
    when the protocol does not cover the metric or a parameter given
    contradicts it."""
    if metric not in protocol.params:
        raise ValueError(msg("The protocol {} covers {}, not {}.", protocol.name,
                             ", ".join(sorted(protocol.params)), metric))
    out = dict(params)
    for k, v in protocol.params[metric].items():
        if k in out and out[k] is not None and out[k] != v:
            raise ValueError(msg("The protocol {} sets {} = {}; {} = {} contradicts it (leave it "
                                 "out, or run without the protocol).", protocol.name, k, v, k,
                                 out[k]))
        out[k] = v
    return out
