"""The sample data shipped with the library: central Helsinki's roads
(OpenStreetMap, ODbL) and a synthetic road extraction of them, as vector
layers, a probability raster and SpaceNet-style chips, to try every input
kind right after ``pip install``::

    >>> import roadnetworkmetrics as rnm
    >>> s = rnm.datasets.sample()
    >>> r = rnm.ccq(s.ground_truth, s.prediction)
    >>> round(r.scores["CCQ_QUALITY"], 3)
    0.946

Files (``resources/sample/README.md`` in the repository says how they were
made and their licence):

=========================  =================================================
``ground_truth``           GeoPackage, 727 roads, EPSG:3067 (metres)
``prediction``             GeoPackage, the extracted roads, EPSG:3067
``probability``            GeoTIFF, float32 road probability of the
                           prediction in [0, 1], 2 m pixels (threshold 0.5)
``spacenet_ground_truth``  SpaceNet CSV (ImageId, WKT_Pix): six chips of
                           1300 x 1300 pixels at 0.3 m (``pixel_size=0.3``)
``spacenet_proposals``     the prediction cut into the same chips
=========================  =================================================
"""
from __future__ import annotations

import os
from typing import NamedTuple

# metres per pixel of the SpaceNet-style chips
SPACENET_PIXEL_SIZE = 0.3

FILES = {"ground_truth": "helsinki_ground_truth.gpkg",
         "prediction": "helsinki_prediction.gpkg",
         "probability": "helsinki_prediction_probability.tif",
         "spacenet_ground_truth": "helsinki_spacenet_ground_truth.csv",
         "spacenet_proposals": "helsinki_spacenet_proposals.csv"}


class Sample(NamedTuple):
    """Paths of the sample's files (see the module docstring)."""
    ground_truth: str
    prediction: str
    probability: str
    spacenet_ground_truth: str
    spacenet_proposals: str


def folder() -> str:
    """The folder holding the sample: inside the installed package, or
    ``resources/sample`` of a checkout."""
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (os.path.join(here, "sample"),
              os.path.join(os.path.dirname(here), "resources", "sample")):
        if os.path.isfile(os.path.join(d, FILES["ground_truth"])):
            return d
    from ._errors import InputError
    raise InputError("The sample data is missing from this installation (reinstall "
                     "road-network-metrics).")


def path(name: str) -> str:
    """The path of one sample file by its name in :class:`Sample`."""
    if name not in FILES:
        from ._errors import InputError
        raise InputError(f"No sample file {name!r}; there are {', '.join(FILES)}.")
    return os.path.join(folder(), FILES[name])


def sample() -> Sample:
    """Paths of every sample file.

    Returns
    -------
    Sample
        ``ground_truth``, ``prediction`` (GeoPackages), ``probability``
        (GeoTIFF), ``spacenet_ground_truth``, ``spacenet_proposals``
        (SpaceNet CSVs, ``pixel_size=0.3``).

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> s = rnm.datasets.sample()
    >>> res = rnm.batch("apls", spacenet=(s.spacenet_ground_truth, s.spacenet_proposals),
    ...                 pixel_size=rnm.datasets.SPACENET_PIXEL_SIZE, ci_resamples=1000)
    >>> res.summary["pairs"], res.failed
    (6, 0)
    """
    return Sample(**{k: path(k) for k in FILES})


def load(name: str):
    """One sample file read with :func:`roadnetworkmetrics.read` (a
    :class:`Source`); the SpaceNet files are read as {ImageId: Source}.

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> gt = rnm.datasets.load("ground_truth")
    >>> gt.crs, len(gt.lines.parts)
    ('EPSG:3067', 727)
    """
    if name.startswith("spacenet_"):
        from .core.io.spacenet import read_spacenet_csv
        return read_spacenet_csv(path(name), SPACENET_PIXEL_SIZE)
    if name == "probability":
        from . import centrelines
        return centrelines(path(name), threshold=0.5)
    from . import read
    return read(path(name))
