"""Will a raster fit in memory?  Checked from its header, before reading.

A 300 kB tiled GeoTIFF can describe a 100,000 x 100,000 band: reading it
whole (the pixel metrics) or into one road mask (the centrelines) would
ask for tens of GiB at once and die with a bare MemoryError.  The faces
give the band's size and type from the header; :func:`check_fits` compares
a lower bound of what the work needs with the memory this process can still
get (the smallest of the system's available memory, the address-space
limit ``ulimit -v`` and the cgroup limit) and refuses with both numbers.

The bounds per pixel are lower bounds measured with tracemalloc on road
masks of 1,000 to 2,500 pixels square (docs/raster.md): a refusal means
the work cannot fit; passing the check does not promise that it does.
"""
from __future__ import annotations

import os
from typing import Optional

from ..text import msg

# bytes per pixel besides the band(s) read: the centreline extraction keeps a
# bool mask, its skeleton and int32 labels (measured 11.8-31 bytes / pixel); a
# pixel metric two bool masks and a distance map or labels (6-71 bytes / pixel)
CENTRELINE_BYTES_PER_PIXEL = 10
PIXEL_METRIC_BYTES_PER_PIXEL = 6

GIB = float(1 << 30)


def _read_int(path: str) -> Optional[int]:
    try:
        with open(path) as f:
            text = f.read().split()
        return int(text[0]) if text and text[0].isdigit() else None
    except (OSError, ValueError, IndexError):
        return None


def _meminfo_available() -> Optional[int]:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _address_space_left() -> Optional[int]:
    """What ``ulimit -v`` (RLIMIT_AS) still allows this process."""
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, ValueError, OSError):
        return None
    if soft == resource.RLIM_INFINITY or soft < 0:
        return None
    pages = _read_int("/proc/self/statm")
    used = pages * os.sysconf("SC_PAGE_SIZE") if pages is not None else 0
    return max(0, soft - used)


def _cgroup_left() -> Optional[int]:
    limit = _read_int("/sys/fs/cgroup/memory.max")      # "max" (no limit) reads as None
    if limit is None:
        return None
    used = _read_int("/sys/fs/cgroup/memory.current") or 0
    return max(0, limit - used)


def available_bytes() -> Optional[int]:
    """The memory this process can still allocate, as far as it can be told
    (None when nothing can be read)."""
    values = [v for v in (_meminfo_available(), _address_space_left(), _cgroup_left())
              if v is not None]
    return min(values) if values else None


def check_fits(shape: tuple, bytes_per_pixel: float, name: str,
               available: Optional[int] = None) -> None:
    """ValueError (a sentence with the memory needed and available) when a
    band of ``shape`` (rows, cols) needing at least ``bytes_per_pixel``
    bytes per pixel cannot fit in the memory left (``available``: measured
    when not given)."""
    rows, cols = int(shape[0]), int(shape[1])
    need = float(rows) * float(cols) * float(bytes_per_pixel)
    if available is None:
        available = available_bytes()
    if available is None or need <= available:
        return
    raise ValueError(msg("The raster {} is {} x {} pixels: reading and scoring it needs at least "
                         "{:.1f} GiB of memory, and {:.1f} GiB are available. Cut it into tiles "
                         "(gdal_retile.py; QGIS: Processing > GDAL > Raster miscellaneous > Retile) and "
                         "score them as a batch, or use a coarser pixel size.", name, rows, cols,
                         need / GIB, available / GIB))
