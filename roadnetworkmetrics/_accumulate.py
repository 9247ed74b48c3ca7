"""Accumulating a metric over an evaluation loop, batch by batch, as
torchmetrics does (``update`` / ``compute`` / ``reset``): each pair is
scored as ``rnm.batch`` scores it (the same row function, the same
empty-chip rule), and ``compute`` aggregates the rows as the batch summary
does, with the intervals over the chips."""
from __future__ import annotations

from typing import Any, Optional, Union

from ._errors import InputError
from .core.text import msg


def to_numpy(x: Any) -> Any:
    """A torch / tensorflow / jax tensor as a numpy array (moved to the CPU,
    detached); anything else as it is."""
    if hasattr(x, "detach") and hasattr(x, "cpu") and hasattr(x, "numpy"):
        return x.detach().cpu().numpy()
    if type(x).__module__.split(".")[0] in ("tensorflow", "jax", "jaxlib") and \
            hasattr(x, "__array__"):
        import numpy as np
        return np.asarray(x)
    return x


class _One:
    """The rows of one metric."""

    def __init__(self, metric: str, params: dict, pixel_size, empty_chips, band, protocol):
        from . import _batch
        self.st = _batch.settings(metric, params, empty_chips, band, protocol, None)
        self.spec = self.st["spec"]
        self.pixel_size, self.band = pixel_size, band
        self.protocol = protocol
        self.rows: list = []
        proto = self.st["proto"]
        self.carry = proto.carry.get(self.spec.id) if proto is not None else None
        self.extents: dict = {}

    def task(self, i: str, gt, pred) -> dict:
        st = self.st
        return {"id": i, "gt": gt, "pred": pred, "metric": self.spec.id, "params": st["params"],
                "pixel_size": self.pixel_size, "empty_chips": st["empty_chips"],
                "fields": st["fields"], "raster": st["raster"], "band": self.band,
                "resolved": st["resolved"] if self.spec.inputs == "lines" else None}

    def result(self, ids: list, ci: dict):
        from . import _batch
        from ._rows import inputs_record, provenance
        st = self.st
        order = {i: k for k, i in enumerate(ids)}
        rows = sorted(self.rows, key=lambda r: order[r["id"]])
        summary = _batch.summarise(self.spec.id, rows, ci, st["proto"])
        cols = _batch.columns(self.spec.id, st["rasters"] is not None)
        prov = provenance(self.spec.id, st["resolved"], pixel_size_m=self.pixel_size,
                          empty_chips=st["empty_chips"], raster=st["rasters"],
                          band=self.band if self.spec.inputs == "masks" else None,
                          inputs=inputs_record("accumulator", [], [(i, None, None) for i in ids]),
                          columns=cols, protocol=st["proto"].record() if st["proto"] else None)
        summary.update({"empty_chips": st["empty_chips"], "resumed": 0, "retried": 0,
                        "rows": None, "warnings": [], "provenance": prov})
        records = [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]
        for r, full in zip(records, rows):
            if full.get("_pool_stats"):
                import json
                r["pool_stats"] = json.dumps(full["_pool_stats"], sort_keys=True,
                                             default=_batch._plain)
        return _batch.BatchResult(summary, records)


class Metric:
    """One metric (or several) accumulated over the pairs of an evaluation
    loop: ``update(ground_truth, prediction)`` per pair, ``compute()`` for
    the aggregate, ``reset()`` for the next epoch.

    Parameters
    ----------
    metrics : str or list of str
        A metric id (``'apls'``, ``'pixel_iou'`` ...) or several.
    pixel_size : float, optional
        Metres per pixel, for inputs in pixel coordinates.
    empty_chips : {'spacenet', 'skip'}
        What a pair with an empty side scores (as :func:`batch`).
    protocol : str, optional
        Score as a published benchmark does (as :func:`batch`).  What a
        protocol carries from tile to tile (City-Scale TOPO's ``min_lat``)
        comes from the tiles given so far that precede this one in the
        reference's order: give the tiles in that order (tile numbers
        ascending) for the reference's number.
    workers : int
        1 (default): each pair is scored in ``update``; more (0: one per
        core): pairs are queued and scored in worker processes at
        ``compute`` (or ``flush``).
    ci_level, ci_resamples, ci_method, ci_seed
        The bootstrap intervals of the aggregate (as :func:`batch`).
    band : int
        Deprecated alias of ``raster_band=`` (the band of a pixel metric's
        mask files), removed in 2.0.
    **params
        The metrics' parameters; with several metrics, shared ones by name
        and one metric's under its id (``apls={'CONTROL_SPACING': 25}``).

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> road = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
    >>> m = rnm.Metric("apls")
    >>> for k in range(3):                       # batches of a validation loop
    ...     row = m.update(road, [[(0, 2 * k), (400, 2 * k)], [(200, 0), (200, 300)]])
    >>> res = m.compute()                        # a BatchResult, as rnm.batch gives
    >>> res.summary["pairs"], round(res.mean["APLS"], 3)
    (3, 0.642)
    >>> m.reset(); len(m)
    0
    """

    def __init__(self, metrics: Union[str, list], *, pixel_size: Optional[float] = None,
                 empty_chips: str = "spacenet", protocol: Optional[str] = None, workers: int = 1,
                 ci_level: float = 0.95, ci_resamples: int = 10_000, ci_method: str = "bca",
                 ci_seed: int = 0, band: Optional[int] = None, **params):
        from . import _batch
        self.single = isinstance(metrics, str)
        ids = [metrics] if self.single else list(metrics)
        if not ids or len(set(ids)) != len(ids):
            raise InputError(msg("Give one metric or several distinct ones, got {}.", ids))
        self.ci = _batch.check_ci({"level": ci_level, "resamples": ci_resamples,
                                   "method": ci_method, "seed": ci_seed})
        if not isinstance(workers, int) or isinstance(workers, bool) or workers < 0:
            raise InputError(msg("workers must be a whole number >= 0, got {!r}.", workers))
        self.workers, self.pixel_size = workers, pixel_size
        self._metrics = {}
        if band is not None or any(k.upper() in ("RASTER_BAND", "ROAD_CLASSES") for k in params):
            from ._api import _spec
            masks = [_spec(m) for m in ids if _spec(m).inputs == "masks"]
            band = _batch.mask_band(masks[0], params, band) if masks else band
        band = 1 if band is None else band
        for m in ids:
            own = params.get(m) if isinstance(params.get(m), dict) else {}
            shared = {k: v for k, v in params.items() if not isinstance(v, dict)}
            self._metrics[m] = _One(m, {**shared, **own}, pixel_size, empty_chips, band, protocol)
        self._ids: list = []
        self._queue: list = []

    def __len__(self) -> int:
        return len(self._ids)

    def update(self, ground_truth, prediction, id: Optional[str] = None) -> Optional[dict]:
        """Score one pair (any input the metric functions take; a tensor is
        moved to numpy).  Returns its row (``{metric: row}`` for several
        metrics), or None when it is queued for the workers.  ``id``:
        default the pair's number."""
        from . import _batch
        i = str(len(self._ids)) if id is None else str(id)
        if i in set(self._ids):
            raise InputError(msg("The pair id {} appears twice.", i))
        gt, pred = to_numpy(ground_truth), to_numpy(prediction)
        rows = {}
        for m, one in self._metrics.items():
            (_, g, p), = _batch._memory_pairs(one.spec, [(i, gt, pred)])
            _batch.check_pairs(one.spec, [(i, g, p)], self.pixel_size)
            task = one.task(i, g, p)
            if one.carry is not None:     # what the protocol carries from the tiles seen so far
                one.extents[i] = _batch.extent(task, g, p)
                task = _batch.with_carried(task, one.carry(one.extents)[i])
            if self.workers == 1:
                row = _batch.score_pair(task)
                one.rows.append(row)
                rows[m] = {k: v for k, v in row.items() if not k.startswith("_")}
            else:
                self._queue.append((m, task))
        self._ids.append(i)
        if self.workers != 1:
            return None
        return rows[next(iter(rows))] if self.single else rows

    def flush(self) -> None:
        """Score the queued pairs (workers > 1)."""
        if not self._queue:
            return
        from . import _batch
        from .core.executor import run_tasks
        queue, self._queue = self._queue, []
        outs = run_tasks(_batch.score_pair, [t for _, t in queue], self.workers, None, None,
                         [t["id"] for _, t in queue])
        for (m, t), (ok, value) in zip(queue, outs):
            row = value if ok else {"id": t["id"], "status": "error",
                                    "error": str(value).splitlines()[0]}
            self._metrics[m].rows.append(row)

    def compute(self):
        """The aggregate so far: a :class:`BatchResult` (mean, pooled,
        intervals, status counts, rows), or ``{metric: BatchResult}`` for
        several metrics."""
        self.flush()
        if not self._ids:
            raise InputError(msg("Nothing to compute: no pair was given to update()."))
        out = {m: one.result(self._ids, self.ci) for m, one in self._metrics.items()}
        return out[next(iter(out))] if self.single else out

    @property
    def rows(self):
        """The rows so far (one metric: a DataFrame with pandas, else
        records; several: ``{metric: rows}``)."""
        res = self.compute()
        return res.rows if self.single else {m: r.rows for m, r in res.items()}

    def reset(self) -> None:
        """Forget every pair (a new epoch)."""
        self._ids, self._queue = [], []
        for one in self._metrics.values():
            one.rows, one.extents = [], {}

    def __repr__(self) -> str:
        return f"<Metric {', '.join(self._metrics)}: {len(self._ids)} pair(s)>"

