"""The maps section of a pixel metric's HTML report: each diagnostic map
(registry.RasterMap, core/metrics/pixel/maps.py) as an inline palette PNG
(no network, no imaging library: the PNG is written with zlib) beside its
legend and the number of pixels of each code.

A map larger than PREVIEW_PX on a side is shown at every k-th pixel
(nearest neighbour: thin boundary lines may be thinned out on a very large
raster; the GeoTIFF output has every pixel)."""
from __future__ import annotations

import base64
import struct
import zlib
from typing import Callable

import numpy as np

from ..metrics.pixel.maps import LOOKUP_CHUNK
from .report import _identity, esc

PREVIEW_PX = 1000


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def palette_png(codes: np.ndarray, legend: list) -> bytes:
    """An 8-bit palette PNG of a uint8 code array: the legend's colours,
    other codes (and colour '') transparent white."""
    h, w = codes.shape
    pal = np.full((256, 3), 255, dtype=np.uint8)
    alpha = np.zeros(256, dtype=np.uint8)
    for code, colour, _ in legend:
        if colour:
            c = colour.lstrip("#")
            pal[int(code)] = [int(c[i:i + 2], 16) for i in (0, 2, 4)]
            alpha[int(code)] = 255
    rows = np.zeros((h, w + 1), dtype=np.uint8)        # filter byte 0 before each row
    rows[:, 1:] = codes
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
            + _chunk(b"PLTE", pal.tobytes()) + _chunk(b"tRNS", alpha.tobytes())
            + _chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)) + _chunk(b"IEND", b""))


def preview(codes: np.ndarray) -> tuple[np.ndarray, int]:
    """(the map at every k-th pixel, k) so that no side exceeds PREVIEW_PX."""
    k = max(1, -(-max(codes.shape) // PREVIEW_PX))
    return codes[::k, ::k], k


def code_counts(codes: np.ndarray) -> np.ndarray:
    """Pixels of each uint8 code (256 counts), counted in chunks: bincount
    turns its input into 8-byte integers (800 MB for a 10,000^2 map at once)."""
    flat = codes.reshape(-1)
    out = np.zeros(256, dtype=np.int64)
    for k in range(0, flat.size, LOOKUP_CHUNK):
        out += np.bincount(flat[k:k + LOOKUP_CHUNK], minlength=256)
    return out


def maps_section(spec, maps: dict, tr: Callable = _identity) -> str:
    """HTML: one figure per map of ``spec`` present in ``maps``."""
    parts = []
    for m in spec.maps:
        codes = maps.get(m.name)
        if codes is None:
            continue
        small, k = preview(codes)
        png = base64.b64encode(palette_png(small, m.legend)).decode("ascii")
        counts = code_counts(codes)
        rows = "".join(
            f"<tr><td><span class='swatch' style='background:{colour or '#fff'}'></span></td>"
            f"<td>{int(code)}</td><td>{esc(tr(text))}</td><td class='num'>{int(counts[code]):,}</td></tr>"
            for code, colour, text in m.legend)
        if counts[m.nodata]:
            rows += (f"<tr><td></td><td>{m.nodata}</td><td>{esc(tr('nodata (left out)'))}</td>"
                     f"<td class='num'>{int(counts[m.nodata]):,}</td></tr>")
        note = tr("every {}-th pixel shown").format(k) if k > 1 else tr("every pixel shown")
        parts.append(
            f"<h3>{esc(tr(m.label))} (<code>{esc(m.name)}</code>)</h3>"
            f"<p class='small'>{esc(tr(m.help))}</p><div class='grid'>"
            f"<figure style='margin:0'><img alt='{esc(m.name)}' src='data:image/png;base64,{png}' "
            f"style='image-rendering:pixelated;border:1px solid #ccc;max-width:640px;"
            f"width:{min(640, max(small.shape[1] * 4, 320))}px'>"
            f"<figcaption class='small'>{esc(note)}; {codes.shape[0]} x {codes.shape[1]} "
            f"{esc(tr('pixels'))}</figcaption></figure>"
            f"<table><tr><th></th><th>{esc(tr('code'))}</th><th>{esc(tr('meaning'))}</th>"
            f"<th>{esc(tr('pixels'))}</th></tr>{rows}</table></div>")
    if not parts:
        return ""
    return f"<h2>{esc(tr('Maps'))}</h2>" + "".join(parts)


def pixel_report(spec, result, rows: dict, tr: Callable = _identity, meta=None) -> str:
    """The HTML page of one pixel metric: the evaluation report of that
    metric (summary, scores, warnings, inputs and parameters) with its maps
    when they were built."""
    from ..analysis.evaluate import Evaluation
    from .report import evaluation_report
    ev = Evaluation({spec.id: result}, {}, [spec.id])
    return evaluation_report(tr(spec.name), rows, ev, None, (), (), tr=tr, meta=meta,
                             sections=[maps_section(spec, result.maps, tr)])
