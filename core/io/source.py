"""Source: the lines of one input with where their coordinates are."""
from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Any, Optional

import numpy as np

from ..geometry.wkb import _header, line_parts
from ..network.lineset import LineSet
from ..text import Text, msg


@dataclass
class Source:
    """``lines``: the LineSet; ``crs``: the coordinates' CRS as any text
    pyproj.CRS accepts ('EPSG:3067', WKT), None when unknown; ``pixel``:
    coordinates are image pixels (x right, y down) to be scaled to metres
    by a pixel size; ``name``: for messages; ``warnings``: what the reader
    noticed (skipped features ...); ``raster``: for centrelines extracted
    from a raster, what the extraction did (core/raster/params.py record);
    ``pixel_size_m``: pixel coordinates the reader has already scaled to
    metres (x s, -y s) with this pixel size (core/io/spacenet.py)."""

    lines: LineSet
    crs: Optional[Any] = None
    pixel: bool = False
    name: str = ""
    warnings: list = field(default_factory=list)
    raster: Optional[dict] = None
    pixel_size_m: Optional[float] = None


def usable(part: np.ndarray) -> bool:
    """A line part the metrics can use: at least two distinct vertices,
    all coordinates finite (the rule of the QGIS reader, ui/inputs.py)."""
    return (len(part) >= 2 and bool(np.isfinite(part).all())
            and not bool((part[1:] == part[:-1]).all()))


def invalid_parts_warning(name: str, n: int) -> Text:
    """The reader's warning about ``n`` skipped parts of ``name``."""
    return msg("{}: {} invalid line part(s) skipped (fewer than two distinct vertices or "
               "non-finite coordinates).", name, n)


def usable_parts(coords: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """:func:`usable` of every part ``coords[offsets[i]:offsets[i + 1]]`` at
    once (vectorised: no Python work per part or vertex)."""
    k = len(offsets) - 1
    n = np.diff(offsets)
    finite = np.ones(k, bool)
    distinct = np.zeros(k, bool)
    if len(coords):
        bad = np.concatenate([[0], np.cumsum(~np.isfinite(coords).all(axis=1))])
        finite = (bad[offsets[1:]] - bad[offsets[:-1]]) == 0
        moves = np.concatenate([[0], np.cumsum(np.any(coords[1:] != coords[:-1], axis=1))])
        # an empty part may start at len(coords) (an empty last row): its
        # indices are clipped into range; n < 2 rejects it whatever they read
        first = np.minimum(offsets[:-1], len(coords) - 1)
        last = np.clip(offsets[1:] - 1, first, len(coords) - 1)
        distinct = (moves[last] - moves[first]) > 0
    return (n >= 2) & finite & distinct


class LineCollector:
    """Builds a LineSet feature by feature, counting what it skips as the
    QGIS reader does (``features``, ``null_geometries``, ``invalid_parts``,
    ``multipart``, ``not_lines``).  The kept parts' vertices are stored as
    blocks of coordinates and lengths (one block per :meth:`add_many`), and
    the LineSet is made from them in one piece (``LineSet.from_flat``)."""

    def __init__(self, fields=()):
        self.part_feature, self.fids = [], []
        self.n_parts = 0
        self._xy: list = []      # coordinate blocks
        self._lens: list = []    # part lengths per block (int64 arrays)
        self._pending: list = []  # lengths of the parts add() appended since
        self.fields = list(fields)
        self.attrs = {f: [] for f in self.fields}
        self.counts = {"features": 0, "null_geometries": 0, "invalid_parts": 0,
                       "multipart": 0, "not_lines": 0}

    def add(self, parts, fid=None, attributes=None) -> None:
        """One feature: ``parts`` a list of (k, 2+) arrays (None or [] for
        a feature without geometry)."""
        self.counts["features"] += 1
        if parts is None or len(parts) == 0:
            self.counts["null_geometries"] += 1
            return
        if len(parts) > 1:
            self.counts["multipart"] += 1
        good = []
        for p in parts:
            p = np.asarray(p, dtype=float)
            p = p[:, :2] if p.ndim == 2 and p.shape[1] >= 2 else np.zeros((0, 2))
            if usable(p):
                good.append(p)
            else:
                self.counts["invalid_parts"] += 1
        if not good:
            return
        fi = len(self.fids)
        self.fids.append(fi if fid is None else fid)
        for p in good:
            self._xy.append(p)
            self._pending.append(len(p))
            self.part_feature.append(fi)
        self.n_parts += len(good)
        attributes = attributes or {}
        for f in self.fields:
            self.attrs[f].append(attributes.get(f))

    def add_many(self, coords: np.ndarray, offsets: np.ndarray, attributes=None) -> None:
        """Many one-part features at once: feature i is ``coords[offsets[i]:
        offsets[i + 1]]`` (vectorised checks: no Python work per vertex);
        ``attributes``: {field: list of one value per feature}."""
        coords = np.asarray(coords, dtype=float)[:, :2]
        offsets = np.asarray(offsets, dtype=np.int64)
        k = len(offsets) - 1
        if k <= 0:
            return
        n = np.diff(offsets)
        good = usable_parts(coords, offsets)
        self.counts["features"] += k
        self.counts["invalid_parts"] += int(k - good.sum())
        first = len(self.fids)
        idx = np.nonzero(good)[0]
        self._flush()
        self._xy.append(coords[offsets[0]:offsets[-1]] if good.all()
                        else coords[offsets[0]:offsets[-1]][np.repeat(good, n)])
        self._lens.append(n[good])
        self.n_parts += len(idx)
        self.part_feature.extend(range(first, first + len(idx)))
        self.fids.extend(range(first, first + len(idx)))
        for f in self.fields:
            vals = (attributes or {}).get(f)
            self.attrs[f].extend([vals[i] for i in idx] if vals is not None else [None] * len(idx))

    def add_wkb(self, wkb, fid=None, attributes=None) -> None:
        if wkb is None:
            self.add(None, fid, attributes)
            return
        buf = bytes(wkb)
        try:
            base = _header(buf, 0)[1] if buf else 2
            parts = line_parts(buf) if base in (2, 5, 7) else None
        except (ValueError, IndexError, struct.error):
            parts = None
        if parts is None:
            self.counts["features"] += 1
            self.counts["not_lines"] += 1
            return
        self.add(parts, fid, attributes)

    def _flush(self) -> None:
        if self._pending:
            self._lens.append(np.array(self._pending, dtype=np.int64))
            self._pending = []

    def lineset(self) -> LineSet:
        fids = self.fids if all(isinstance(f, (int, np.integer)) for f in self.fids) else None
        self._flush()
        xy = np.concatenate(self._xy) if self._xy else np.zeros((0, 2))
        lens = np.concatenate(self._lens) if self._lens else np.zeros(0, dtype=np.int64)
        return LineSet.from_flat(xy, lens, self.part_feature, fids, self.attrs, self.counts)

    def warnings(self, name: str) -> list:
        c, out = self.counts, []
        if c["invalid_parts"]:
            out.append(invalid_parts_warning(name, c["invalid_parts"]))
        if c["not_lines"]:
            out.append(msg("{}: {} feature(s) that are not lines skipped.", name, c["not_lines"]))
        return out

    def source(self, name: str, crs=None, pixel: bool = False) -> Source:
        if self.counts["features"] and not self.n_parts and self.counts["not_lines"] == \
                self.counts["features"]:
            raise ValueError(msg("{} contains no lines: {} feature(s), none of them a "
                                 "LineString or MultiLineString.", name, self.counts["features"]))
        return Source(self.lineset(), crs, pixel, name, self.warnings(name))
