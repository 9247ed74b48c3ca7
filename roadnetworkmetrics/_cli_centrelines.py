"""``roadmetrics centrelines IN.tif OUT.gpkg``: the road centrelines of a
mask or probability map written as lines, as the QGIS algorithm
``roadmetrics:centrelines`` does (core/raster/, docs/raster.md)."""
from __future__ import annotations

import json
import math
import sys

import numpy as np


def parser():
    from .cli import PROG, _Parser, _add_raster_params
    p = _Parser(prog=f"{PROG} centrelines", description=(
        "Extract the road centrelines of a raster (a 0/1 road mask, a probability map with "
        "--raster-threshold, a class map with --raster-classes) and write them as lines "
        "(.geojson; .gpkg, .shp ... with pyogrio), in the raster's CRS. Exit codes: 0 written, "
        "2 bad input, 1 internal error."))
    p.add_argument("raster", metavar="IN", help="a GeoTIFF (or any raster GDAL reads)")
    p.add_argument("output", metavar="OUT", help="the lines file to write")
    p.add_argument("--json", action="store_true",
                   help="print what was done (the extraction record) as JSON")
    _add_raster_params(p)
    return p


def run(argv: list) -> int:
    from . import centrelines
    from .cli import _given, _raster_names
    from .core.result import json_safe
    from ._writers import check_outputs
    args = parser().parse_args(argv)
    check_outputs([args.output], [args.raster])       # before the work, not after
    params = _given(args, _raster_names())
    band = params.pop("RASTER_BAND", 1)
    src = centrelines(args.raster, band=band, **params)
    src.to_file(args.output)
    length = math.fsum(float(np.hypot(*(p[1:] - p[:-1]).T).sum()) for p in src.lines.parts)
    record = {k: v for k, v in (src.raster or {}).items() if k != "transform"}
    for w in src.warnings:
        print(f"warning: {w}", file=sys.stderr)
    if args.json:
        print(json.dumps(json_safe({"output": args.output, "lines": len(src.lines.parts),
                                    "length_m": length, "raster": record,
                                    "warnings": [str(w) for w in src.warnings]})))
    else:
        print(f"centrelines of {args.raster}: {len(src.lines.parts)} line(s), {length:.1f} m, "
              f"written to {args.output}")
        print("  " + ", ".join(f"{k} {v}" for k, v in record.items() if k != "source"))
    return 0
