"""The maps section of a pixel metric's HTML report: each diagnostic map
(registry.RasterMap, core/metrics/pixel/maps.py) as an inline palette PNG
(no network, no imaging library: the PNG is written with zlib) beside its
legend and the number of pixels of each code (a pixel metric's own report,
report.py pixel_report, and evaluate-all's Pixel metrics section).

A map larger than PREVIEW_PX on a side is shown reduced by k: each k x k
block shows the code drawn last in the map's ``draw_order`` (errors over
matches over the masks beneath), so one-pixel lines stay visible; the
GeoTIFF output has every pixel."""
from __future__ import annotations

import base64
import struct
import zlib
from typing import Callable, Optional

import numpy as np

from ..metrics.pixel.maps import LOOKUP_CHUNK
from .format import esc

PREVIEW_PX = 1000


def _identity(text):
    return text


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


def preview(codes: np.ndarray, draw_order=()) -> tuple[np.ndarray, int]:
    """(the map reduced by k, k) so that no side exceeds PREVIEW_PX: each
    k x k block shows its code drawn last in ``draw_order`` (bottom to top;
    codes not listed count as the bottom), so a one-pixel boundary or
    skeleton stays visible; k = 1: the map itself."""
    k = max(1, -(-max(codes.shape) // PREVIEW_PX))
    if k == 1:
        return codes, 1
    rank = np.zeros(256, dtype=np.uint8)
    rank[np.asarray(list(draw_order), dtype=np.int64)] = np.arange(len(draw_order), dtype=np.uint8)
    h, w = codes.shape
    hh, ww = -(-h // k) * k, -(-w // k) * k
    out = np.zeros((hh // k, ww // k), dtype=np.uint8)
    rows = max(k, (LOOKUP_CHUNK // max(w, 1)) // k * k)     # a band of rows at a time
    for r0 in range(0, h, rows):
        band = codes[r0:r0 + rows]
        nb = -(-band.shape[0] // k)
        ranks = np.zeros((nb * k, ww), dtype=np.uint8)
        ranks[:band.shape[0], :w] = np.take(rank, band)
        out[r0 // k:r0 // k + nb] = ranks.reshape(nb, k, ww // k, k).max(axis=(1, 3))
    back = np.zeros(256, dtype=np.uint8)
    back[:len(draw_order)] = list(draw_order)
    return np.take(back, out), k


def code_counts(codes: np.ndarray) -> np.ndarray:
    """Pixels of each uint8 code (256 counts), counted in chunks: bincount
    turns its input into 8-byte integers (800 MB for a 10,000^2 map at once)."""
    flat = codes.reshape(-1)
    out = np.zeros(256, dtype=np.int64)
    for k in range(0, flat.size, LOOKUP_CHUNK):
        out += np.bincount(flat[k:k + LOOKUP_CHUNK], minlength=256)
    return out


def maps_section(spec, maps: dict, tr: Callable = _identity, params: Optional[dict] = None,
                 heading: bool = True) -> str:
    """HTML: one figure per map of ``spec`` present in ``maps``, with the
    legend of a run with ``params`` (the codes it can give), under a
    heading "Maps" (``heading``)."""
    parts = []
    for m in spec.maps:
        codes = maps.get(m.name)
        if codes is None:
            continue
        legend = m.legend_for(params)
        small, k = preview(codes, m.draw_order)
        png = base64.b64encode(palette_png(small, legend)).decode("ascii")
        counts = code_counts(codes)
        rows = "".join(
            f"<tr><td><span class='swatch' style='background:{colour or '#fff'}'></span></td>"
            f"<td>{int(code)}</td><td>{esc(tr(text))}</td><td class='num'>{int(counts[code]):,}</td></tr>"
            for code, colour, text in legend)
        if counts[m.nodata]:
            rows += (f"<tr><td></td><td>{m.nodata}</td><td>{esc(tr('nodata (left out)'))}</td>"
                     f"<td class='num'>{int(counts[m.nodata]):,}</td></tr>")
        note = (tr("each {} x {} block of pixels shows its most telling code").format(k, k)
                if k > 1 else tr("every pixel shown"))
        parts.append(
            f"<h{3 if heading else 4}>{esc(tr(m.label))} (<code>{esc(m.name)}</code>)"
            f"</h{3 if heading else 4}>"
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
    return (f"<h2>{esc(tr('Maps'))}</h2>" if heading else "") + "".join(parts)
