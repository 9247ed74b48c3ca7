"""A batch's rows file: provenance, strict reading for a resume, writing.

Every rows file says how it was made (:func:`provenance`): the metric, every
resolved parameter, the pixel size, the empty-chip rule, the raster
extraction settings, the library version and the inputs (paths with a
fingerprint of their sizes and modification times).  Where it goes:

* CSV: a first line ``# roadmetrics batch {...JSON...}``, then the header
  and the rows (``pandas.read_csv(path, skiprows=1)``);
* JSON lines: a first record ``{"roadmetrics_batch": {...}}``, then one
  object per row;
* Parquet: the schema's metadata key ``roadmetrics_batch``.

A resume reads the file strictly (:meth:`RowsFile.open`): the provenance
must equal the run's, the columns must be the run's, ids unique, every
status known and every score a finite number in its output's range (or
empty).  Anything else is refused with an :class:`InputError` ("cannot be
resumed: ..."), never averaged.  A last line cut by a crash (no newline at
its end) is dropped with a warning.  Rows in ``error`` are scored again
unless ``keep_errors``.  The kept rows are written back atomically (a new
file renamed over the old) before new rows are appended.

Outputs never touch inputs (:func:`check_output`): a rows file that is an
input, a sidecar of an input (``.aux.xml``, ``.ovr``, ``.qml`` ...) or
inside an input folder is refused; a character device or FIFO (``-``,
``/dev/stdout``) is appended to, never truncated, and cannot be resumed.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import os
import stat
import tempfile
from typing import Optional

from .core.result import json_safe
from .core.text import msg
from ._errors import InputError

KEY = "roadmetrics_batch"
CSV_PREFIX = "# roadmetrics batch "
FORMAT = 1
STATUS = ("ok", "empty_both", "empty_ground_truth", "empty_prediction", "missing_prediction",
          "missing_ground_truth", "grid_mismatch", "error")
RASTER_COLUMNS = ("ground_truth_raster", "prediction_raster")
TEXT_COLUMNS = ("id", "status", "error", "warnings", "pool_stats") + RASTER_COLUMNS
SIDECARS = (".aux.xml", ".ovr", ".qml", ".msk", ".prj", ".cpg", ".sld")


# -- provenance -------------------------------------------------------------------

def fingerprint(paths) -> dict:
    """{"files": n, "bytes": total, "sha1": digest} of the paths' names,
    sizes and modification times (ns): cheap (no file is read) and changed
    by any edit, addition or removal.  Missing paths count as such."""
    h = hashlib.sha1()
    n = total = 0
    for p in sorted({os.path.abspath(os.fspath(p)) for p in paths}):
        try:
            st = os.stat(p)
            h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode("utf-8", "replace"))
            n, total = n + 1, total + st.st_size
        except OSError:
            h.update(f"{p}\0missing\n".encode("utf-8", "replace"))
    return {"files": n, "bytes": total, "sha1": h.hexdigest()}


def inputs_record(kind: str, sources: list, pairs: list) -> dict:
    """What the pairs came from: ``kind`` (spacenet, folders, manifest,
    pairs), the source paths given (CSVs, folders, manifest) and the
    fingerprint of every file read (the sources and each pair's files);
    in-memory pairs are recorded by their count only."""
    files = [s for s in sources if os.path.isfile(s)]
    for _, g, p in pairs:
        files += [os.fspath(x) for x in (g, p) if isinstance(x, (str, os.PathLike))]
    rec = {"kind": kind, "sources": [os.path.abspath(os.fspath(s)) for s in sources],
           "pairs": len(pairs)}
    if files or sources:
        rec["fingerprint"] = fingerprint(files)
    return rec


def provenance(metric: str, parameters: dict, *, pixel_size_m, empty_chips: str,
               raster: Optional[dict], band: Optional[int], inputs: dict, columns: list,
               protocol: Optional[dict] = None) -> dict:
    """The record a rows file carries (module docstring)."""
    from .core.version import version
    return json_safe({"format": FORMAT, "metric": metric, "version": version() or "unknown",
                      "parameters": dict(sorted(parameters.items())),
                      "pixel_size_m": pixel_size_m, "empty_chips": empty_chips,
                      "raster": raster, "band": band, "columns": list(columns),
                      "inputs": inputs, "protocol": protocol})


_LABELS = {"metric": "the metric", "version": "the library version", "protocol": "the protocol",
           "pixel_size_m": "the pixel size", "empty_chips": "the empty-chip rule",
           "raster": "the raster extraction settings", "band": "the band",
           "columns": "the columns", "format": "the rows format"}


def differences(old: dict, new: dict) -> list:
    """What differs between two provenance records, as phrases (the
    inputs' pair count aside: a resume may add pairs)."""
    out = []
    for k, label in _LABELS.items():
        if old.get(k) != new.get(k):
            out.append(f"{label} ({_short(old.get(k))} there, {_short(new.get(k))} now)")
    po, pn = old.get("parameters") or {}, new.get("parameters") or {}
    for k in sorted(set(po) | set(pn)):
        if po.get(k) != pn.get(k):
            out.append(f"{k} ({_short(po.get(k))} there, {_short(pn.get(k))} now)")
    io, ino = old.get("inputs") or {}, new.get("inputs") or {}
    if io.get("kind") != ino.get("kind") or io.get("sources") != ino.get("sources"):
        out.append(f"the inputs ({', '.join(io.get('sources') or [str(io.get('kind'))])} there, "
                   f"{', '.join(ino.get('sources') or [str(ino.get('kind'))])} now)")
    elif io.get("fingerprint") != ino.get("fingerprint"):
        out.append("the input files (added, removed or modified since the rows were written)")
    return out


def _short(v) -> str:
    t = json.dumps(v, sort_keys=True) if not isinstance(v, str) else v
    return t if len(t) <= 60 else t[:57] + "..."


# -- where rows may go ------------------------------------------------------------

def _is_stream(path: str) -> bool:
    """``-``, a path under /dev or /proc (``/dev/stdout`` is a link to
    whatever the standard output is, a redirected file included), a
    character device or a FIFO."""
    if path == "-" or os.path.abspath(path).startswith(("/dev/", "/proc/")):
        return True
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def check_output(out: str, files: list, folders: list) -> None:
    """InputError when the rows file ``out`` would write over an input: one
    of ``files`` (compared by identity where both exist, by path
    otherwise), a sidecar of one (``.aux.xml`` ...), or a path inside one
    of ``folders``."""
    if _is_stream(out):
        return
    target = os.path.realpath(out)
    for f in files:
        f = os.fspath(f)
        real = os.path.realpath(f)
        same = real == target
        if not same and os.path.exists(out) and os.path.exists(f):
            try:
                same = os.path.samefile(f, out)
            except OSError:
                same = False
        if same:
            raise InputError(msg("The rows file {} is an input of the batch: choose another "
                                 "--out.", out))
        stem = os.path.splitext(real)[0]
        if any(target == real + s for s in SIDECARS) or target == stem + ".qml":
            raise InputError(msg("The rows file {} is a sidecar of the input {}: choose another "
                                 "--out.", out, f))
    for d in folders:
        real = os.path.realpath(os.fspath(d))
        if os.path.commonpath([real, target]) == real:
            raise InputError(msg("The rows file {} is inside the input folder {} (a later batch "
                                 "would read it as a pair): choose another --out.", out, d))


# -- the file ---------------------------------------------------------------------

def kind_of(path: str) -> str:
    return {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl",
            ".parquet": "parquet"}.get(os.path.splitext(os.fspath(path))[1].lower(), "csv")


class RowsFile:
    """The rows of one batch, on disk as they come.  ``kept``: the rows
    resumed from an existing file (validated); ``done``: their ids;
    ``warnings``: what the resume dropped."""

    def __init__(self, path: Optional[str], cols: list, prov: dict, outputs: dict, *,
                 resume: bool = True, keep_errors: bool = False):
        self.path = os.fspath(path) if path is not None else None
        self.cols, self.prov, self.outputs = list(cols), prov, outputs
        self.warnings: list = []
        self.kept: list = []
        self.new: list = []
        self.retried = 0
        self.done: set = set()
        self._fh = None
        if self.path is None:       # rows kept in memory only
            self.kind, self.stream = None, False
            return
        self.kind = kind_of(self.path)
        self.stream = _is_stream(self.path)
        if os.path.isdir(self.path):
            raise InputError(msg("The rows file {} is a folder: give a file name (.csv, .jsonl, "
                                 ".parquet).", self.path))
        if self.kind == "parquet":
            if self.stream:
                raise InputError(msg("Parquet rows cannot be written to a stream ({}): give a "
                                     "file, or .csv / .jsonl.", self.path))
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise InputError(msg("Writing {} needs pyarrow (pip install pyarrow); .csv "
                                     "and .jsonl are written without it.", self.path))
        if resume and not self.stream and os.path.exists(self.path) and \
                os.path.getsize(self.path) > 0:
            old = self._read()
            errors = [r for r in old if r["status"] == "error"]
            if errors and not keep_errors:
                old = [r for r in old if r["status"] != "error"]
                self.retried = len(errors)
            self.kept = old
        self.done = {r["id"] for r in self.kept}
        if self.kind != "parquet":
            try:
                self._open()
            except OSError as e:
                raise InputError(msg("The rows cannot be written to {} ({}).", self.path,
                                     e.strerror or e))

    # reading
    def _refuse(self, why: str, *args) -> InputError:
        return InputError(msg("{} cannot be resumed: ", self.path) + msg(why, *args) +
                          msg(" Give --no-resume (resume=False) to start it again, or another "
                              "--out."))

    def _read(self) -> list:
        try:
            if self.kind == "parquet":
                return self._read_parquet()
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise self._refuse("it cannot be read ({}).", e)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise self._refuse("it is not UTF-8 text.")
        cut = not text.endswith("\n")    # the last line has no newline: cut short
        if cut and "\n" in text:
            text = text[:text.rindex("\n") + 1]
            self._dropped()
        elif cut:
            text = ""
        lines = text.splitlines(keepends=True)
        if not lines:
            raise self._refuse("it is empty or its only line is cut short.")
        rows = self._read_csv(lines) if self.kind == "csv" else self._read_jsonl(lines)
        return self._validate(rows)

    def _check_prov(self, prov) -> None:
        if not isinstance(prov, dict) or prov.get("format") is None:
            raise self._refuse("it has no provenance record (it was not written by this "
                               "version's batch).")
        prov = self._renamed(prov)
        diff = differences(prov, self.prov)
        if diff:
            raise self._refuse("it was made differently: {}.", "; ".join(diff))

    def _read_csv(self, lines: list) -> list:
        first = lines[0]
        if not first.startswith(CSV_PREFIX):
            raise self._refuse("its first line is not a provenance record ('{}...'): it was not "
                               "written by this version's batch.", CSV_PREFIX.strip())
        try:
            prov = json.loads(first[len(CSV_PREFIX):])
        except ValueError:
            raise self._refuse("its provenance line is not valid JSON.")
        self._check_prov(prov)
        try:
            table = list(csv.reader(io.StringIO("".join(lines[1:])), strict=True))
        except csv.Error as e:
            raise self._refuse("it is not a valid CSV file ({}).", e)
        if not table or self._names(table[0]) != self.cols:
            raise self._refuse("its columns are not those of this batch.")
        rows = []
        for k, r in enumerate(table[1:]):
            if len(r) != len(self.cols):
                raise self._refuse("row {} has {} values for {} columns.", k + 1, len(r),
                                   len(self.cols))
            rows.append(dict(zip(self.cols, r)))
        return rows

    def _read_jsonl(self, lines: list) -> list:
        try:
            head = json.loads(lines[0])
        except ValueError:
            head = None
        if not isinstance(head, dict) or set(head) != {KEY}:
            raise self._refuse("its first line is not a provenance record "
                               "({{\"{}\": ...}}): it was not written by this version's batch.",
                               KEY)
        self._check_prov(head[KEY])
        rows = []
        for k, line in enumerate(lines[1:]):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
            except ValueError:
                raise self._refuse("line {} is not JSON.", k + 2)
            if not isinstance(r, dict):
                raise self._refuse("line {} is not a JSON object.", k + 2)
            r = dict(zip(self._names(r), r.values()))
            unknown = sorted(set(r) - set(self.cols))
            if unknown:
                raise self._refuse("line {} has columns this batch does not write ({}).", k + 2,
                                   ", ".join(map(str, unknown)))
            rows.append(r)
        return rows

    def _read_parquet(self) -> list:
        import pyarrow.parquet as pq
        try:
            table = pq.read_table(self.path)
        except Exception as e:  # pyarrow raises several types for a file it cannot read
            raise self._refuse("it is not a readable Parquet file ({}).", e)
        meta = (table.schema.metadata or {}).get(KEY.encode())
        try:
            prov = json.loads(meta) if meta else None
        except ValueError:
            prov = None
        self._check_prov(prov)
        if self._names(table.column_names) != self.cols:
            raise self._refuse("its columns are not those of this batch.")
        return [dict(zip(self._names(r), r.values())) for r in table.to_pylist()]

    def _renamed(self, prov: dict) -> dict:
        """The provenance with its score columns under their canonical names:
        rows written before the scores were named ``TOPO_F1`` have ``F1``
        columns (_names.py); their rows are renamed as they are read."""
        from .core import registry
        from ._names import short_to_canonical
        try:
            self._aliases = short_to_canonical(registry.get(prov.get("metric")))
        except (KeyError, ValueError):
            self._aliases = {}
        if isinstance(prov.get("columns"), list):
            prov = {**prov, "columns": self._names(prov["columns"])}
        return prov

    def _names(self, cols) -> list:
        aliases = getattr(self, "_aliases", {})
        return [aliases.get(c, c) for c in cols]

    def _dropped(self) -> None:
        self.warnings.append(msg("{}: its last line was cut short (an interrupted run?): "
                                 "dropped, that pair is scored again.", self.path))

    def _validate(self, rows: list) -> list:
        out, seen = [], set()
        for k, r in enumerate(rows):
            where = f"row {k + 1}"
            row = {}
            for c in self.cols:
                v = r.get(c)
                if c in TEXT_COLUMNS:
                    if v is not None and not isinstance(v, str):
                        raise self._refuse("{}: {} is not text.", where, c)
                    row[c] = v if v not in (None, "") or c in ("id", "status") else None
                else:
                    row[c] = self._number(v, c, where)
            rid = row.get("id")
            if not rid:
                raise self._refuse("{} has no id.", where)
            if rid in seen:
                raise self._refuse("the id {} appears twice.", rid)
            seen.add(rid)
            if row.get("status") not in STATUS:
                raise self._refuse("{}: unknown status {!r}.", where, row.get("status"))
            if row.get("pool_stats"):
                try:
                    ps = json.loads(row["pool_stats"])
                except ValueError:
                    ps = None
                if not isinstance(ps, dict):
                    raise self._refuse("{}: pool_stats is not a JSON object.", where)
            out.append({c: v for c, v in row.items() if v is not None})
        return out

    def _number(self, v, col: str, where: str) -> float:
        if v is None or v == "":
            return math.nan
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise self._refuse("{}: {} is not a number.", where, col)
        try:
            x = float(v)
        except ValueError:
            raise self._refuse("{}: {} is not a number ({!r}).", where, col, v)
        if math.isnan(x):
            return math.nan
        lo, hi = self.outputs.get(col, (None, None))
        if math.isinf(x) or (lo is not None and x < lo) or (hi is not None and x > hi):
            rng = f"[{'-inf' if lo is None else lo}, {'inf' if hi is None else hi}]"
            raise self._refuse("{}: {} = {!r} is outside its range {}.", where, col, v, rng)
        return x

    # writing
    def _open(self) -> None:
        if self.stream:
            import sys
            self._fh = sys.stdout if self.path == "-" else \
                open(self.path, "a", newline="", encoding="utf-8")   # never truncated
            self._start(self._fh)
            return
        folder = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(folder, exist_ok=True)
        # the header and the kept rows to a new file, renamed over the old one
        fd, tmp = tempfile.mkstemp(prefix=".rows-", dir=folder)
        try:
            with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
                self._start(fh)
                for r in self.kept:
                    self._row(fh, r)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        self._fh = open(self.path, "a", newline="", encoding="utf-8")

    def _start(self, fh) -> None:
        if self.kind == "csv":
            fh.write(CSV_PREFIX + json.dumps(self.prov, sort_keys=True) + "\n")
            csv.writer(fh).writerow(self.cols)
        else:
            fh.write(json.dumps({KEY: self.prov}, sort_keys=True) + "\n")
        fh.flush()

    def _row(self, fh, row: dict) -> None:
        vals = [_cell(row.get(c)) for c in self.cols]
        if self.kind == "csv":
            if getattr(self, "_csv_fh", None) is not fh:
                self._csv_fh, self._csv = fh, csv.writer(fh)
            self._csv.writerow(["" if v is None else v for v in vals])
        else:
            fh.write(json.dumps(dict(zip(self.cols, vals))) + "\n")

    def write(self, row: dict) -> None:
        self.new.append(row)
        if self._fh is not None:
            self._row(self._fh, row)
            self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            if self.path != "-":
                self._fh.close()
            else:
                self._fh.flush()
            self._fh = None
        elif self.kind == "parquet" and self.path is not None:
            import pyarrow as pa
            import pyarrow.parquet as pq
            rows = self.kept + self.new
            table = pa.table({c: pa.array([_cell(r.get(c)) for r in rows],
                                          type=pa.string() if c in TEXT_COLUMNS else pa.float64())
                              for c in self.cols})
            table = table.replace_schema_metadata({KEY: json.dumps(self.prov, sort_keys=True)})
            folder = os.path.dirname(os.path.abspath(self.path))
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".rows-", suffix=".parquet", dir=folder)
            os.close(fd)
            try:
                pq.write_table(table, tmp)
                os.replace(tmp, self.path)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)


def _cell(v):
    """A value as written: NaN, None and empty text as empty (CSV) / null
    (JSON)."""
    if (isinstance(v, float) and math.isnan(v)) or v == "":
        return None
    if isinstance(v, bool) or v is None or isinstance(v, (str, int, float)):
        return v
    try:
        return float(v)      # numpy scalars
    except (TypeError, ValueError):
        return str(v)


def score_bounds(spec) -> dict:
    """{score: (low, high)} of a metric's rows, for their strict reading."""
    out = {spec.output_key(o.name): tuple(o.bounds) if o.bounds else (None, None)
           for o in spec.outputs}
    for k in spec.extra_scores:
        out.setdefault(spec.output_key(k), (None, None))
    return out


class RowsInput(RowsFile):
    """A rows file read as an input (``compare-runs``): as strictly as a
    resume reads it, against its own provenance record and columns.
    ``prov``: the record; ``rows``: the validated rows."""

    def __init__(self, path):
        self.path = os.fspath(path)
        self.kind = kind_of(self.path)
        self.warnings, self.prov, self.cols, self.outputs = [], None, [], {}
        if not os.path.isfile(self.path):
            raise InputError(msg("The rows file {} does not exist or is not a file.", self.path))
        if self.kind == "parquet":
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise InputError(msg("Reading {} needs pyarrow (pip install pyarrow).",
                                     self.path))
        self.rows = self._read()

    def _refuse(self, why: str, *args) -> InputError:
        return InputError(msg("{} cannot be read as a batch's rows: ", self.path) +
                          msg(why, *args))

    def _check_prov(self, prov) -> None:
        from .core import registry
        if not isinstance(prov, dict) or prov.get("format") is None:
            raise self._refuse("it has no provenance record (it was not written by this "
                               "version's batch).")
        try:
            spec = registry.get(prov.get("metric"))
        except (KeyError, ValueError):
            raise self._refuse("its metric {!r} is unknown.", prov.get("metric"))
        if not isinstance(prov.get("columns"), list):
            raise self._refuse("its provenance record lists no columns.")
        prov = self._renamed(prov)
        self.prov, self.cols = prov, list(prov["columns"])
        self.outputs = score_bounds(spec)
