"""Exact one-to-one assignment on a sparse candidate graph.

:func:`min_cost_matching` matches rows and columns (for example points of
two lines) along candidate pairs (r, c) of cost d >= 0, each row and column
at most once, minimising

    sum of d over matched pairs  +  unmatched_cost x (unmatched rows + unmatched columns).

A pair is worth matching when d < 2 unmatched_cost.  As a rectangular
assignment: every row takes a column or its own private dummy column of
cost 2 unmatched_cost (the number of unmatched columns follows from the
number of unmatched rows), solved exactly by successive shortest paths
(Hungarian method with potentials):

* initialisation (vectorised): row reduction (each row's potential is its
  cheapest pair) and every column given to the first row that has it as a
  cheapest pair;
* each remaining free row: Dijkstra on the reduced costs (a heap over the
  columns it reaches, alternating through matched rows) to the nearest free
  column, potentials update, augmentation.

Everything is local: the search from a free row stops at the first free
column, at most 2 unmatched_cost away, so the work grows with the size of
the neighbourhoods, not with the number of points.  Points sampled every
metre along 357 km of roads (the 16x bench mosaic, one connected candidate
graph) take about 5 s; dense linear_sum_assignment cannot hold such a
component, and scipy's min_weight_full_bipartite_matching (LAPJVsp) took
42 s on the 21 km sample and 382 s on the 4x mosaic in our trials (its
Hopcroft-Karp feasibility check can also take exponential time on
chain-like graphs, scipy issue #26147).  Deterministic: ties go to the
lowest column index.

The connected components of the candidate graph are solved separately
(scipy.sparse.csgraph), rows and columns renumbered in their own order: the
initial matching, the heap's ties and the order of the augmentations are
those of the whole problem, so the matching is the same
(tests/core/network/test_assignment.py), while only one component's pair
lists are held as Python lists at a time; a component of a single pair is
matched without the solver.  Pairs that come sorted by (row, column), as
the pixel pairs do, are never sorted again (one cache-sized check), the
sparse graph is built from their row pointers, and int32 indices are kept
as they come.  The components are solved in batches of about BATCH_PAIRS
pairs, on the run's cores above PARALLEL_PAIRS pairs
(core.parallel.process_map): the main process only ranks the rows and
columns by component; each batch gathers its components' rows and then
their pairs from the row-sorted pairs itself, in the process that solves
it (the workers read the pairs memory-mapped from /dev/shm or a temporary
folder, so the peak memory is the serial run's), and each component's
matching does not depend on where it is solved.  Each shortest-path search
stops recording columns beyond the nearest free column it has reached
(:func:`_augment`).  The boundary pixels of two 10,000 x 10,000 masks
(2 x 2.1 million points, 15 million pairs, 802 components of several
pairs, 261,573 augmentations) take about 7 s of CPU shared by two
processes on two cores, 5 of them the augmentations in pure Python
(docs/performance.md, Pixel metrics).
"""
from __future__ import annotations

import heapq

import numpy as np

from ..lazy_scipy import connected_components, csr_matrix


# components holding more pairs than this in all are solved on several
# processes (a worker starts in about 0.5 s), BATCH_PAIRS pairs per item
PARALLEL_PAIRS = 2_000_000
BATCH_PAIRS = 400_000
# the folder of the pairs the workers read: SCRATCH_PREFIX + the run's pid + "-..."
SCRATCH_PREFIX = "roadmetrics-matching-"


def min_cost_matching(n_rows: int, n_cols: int, r, c, d,
                      unmatched_cost: float) -> tuple[np.ndarray, np.ndarray]:
    """Returns (row_partner, col_partner): the matched column of every row
    and row of every column (-1 when unmatched).

    Solved one connected component of the candidate graph at a time (rows
    and columns renumbered in their original order, so initialisation, heap
    ties and augmentation order are those of the whole problem: the same
    matching as :func:`_solve` on everything at once); a component of one
    pair is matched directly (d <= 2 unmatched_cost, the tie rule of the
    solver), and only one batch of components' pair lists exists at a time.
    Above PARALLEL_PAIRS the batches run on the run's cores
    (core.parallel.process_map): each component's matching is the same on
    any number of processes."""
    r, c, d, lam = _checked(r, c, d, unmatched_cost)
    row_partner = np.full(n_rows, -1, np.int64)
    col_partner = np.full(n_cols, -1, np.int64)
    if n_rows == 0 or n_cols == 0 or len(d) == 0:
        return row_partner, col_partner
    r, c, d = _by_row(n_cols, r, c, d)
    ptr = np.searchsorted(r, np.arange(n_rows + 1, dtype=r.dtype))   # row i's pairs: ptr[i]:ptr[i + 1]
    del r
    label = _components(n_rows, n_cols, ptr, c)
    (orow, srow, _), (ocol, scol, rank_c) = _ranks(label[:n_rows]), _ranks(label[n_rows:])
    del label
    at = np.zeros(n_rows + 1, np.int64)
    np.cumsum(np.diff(ptr)[orow], out=at[1:])
    n_pairs = at[srow[1:]] - at[srow[:-1]]              # the pairs of each component
    one = np.flatnonzero(n_pairs == 1)
    rows = orow[srow[one]]                               # (their only row)
    ok = d[ptr[rows]] <= 2.0 * lam
    rows = rows[ok]
    row_partner[rows] = c[ptr[rows]]
    col_partner[c[ptr[rows]]] = rows
    ks = np.flatnonzero(n_pairs > 1)                    # the components, in order
    if not len(ks):
        return row_partner, col_partner
    it = np.int32 if max(n_rows, n_cols) < 2 ** 31 else np.int64    # ranks: half the memory
    pairs = _Pairs(ptr, c.astype(it, copy=False), d, orow, srow, rank_c.astype(it), lam)
    del rank_c
    sizes = n_pairs[ks].tolist()
    ncols = (scol[ks + 1] - scol[ks]).tolist()
    ks = ks.tolist()
    batches = _batches(sizes)
    items = [_Batch(pairs, [ks[x] for x in b], [ncols[x] for x in b], sum(sizes[x] for x in b))
             for b in batches]
    for b, rps in zip(batches, _solve_batches(items, int(sum(sizes)))):
        for x, rp in zip(b, rps):
            k = ks[x]
            rk = orow[srow[k]:srow[k + 1]]
            ck = ocol[scol[k]:scol[k + 1]]
            hit = rp >= 0
            row_partner[rk[hit]] = ck[rp[hit]]
            col_partner[ck[rp[hit]]] = rk[hit]
    return row_partner, col_partner


class _Pairs:
    """The pairs sorted by row (row i's: ptr[i]:ptr[i + 1], their columns c
    and costs d), the rows by component (``orow``, component k's from
    ``srow[k]``, each in index order), each column's rank within its
    component (``rank_c``) and the unmatched cost: what a batch needs to
    gather its components' pairs (:meth:`_Batch.problems`)."""

    FIELDS = ("ptr", "c", "d", "orow", "srow", "rank_c")

    def __init__(self, ptr, c, d, orow, srow, rank_c, lam):
        self.ptr, self.c, self.d, self.orow, self.srow, self.rank_c = ptr, c, d, orow, srow, rank_c
        self.lam = lam


class _Batch:
    """Some components to solve: their numbers ``ks``, their numbers of
    columns and their pairs in all (``n_pairs``), over the shared
    :class:`_Pairs`.  A worker process gets the batch as the folder of the
    pairs saved by :func:`_solve_batches` and reads them there
    (memory-mapped): sending every batch's arrays through the workers' pipes
    (core.analysis.executor sends all items to each worker) would add their
    pickles to this process's peak memory."""

    def __init__(self, pairs, ks, ncols, n_pairs, folder=None):
        self.pairs, self.ks, self.ncols, self.n_pairs = pairs, ks, ncols, n_pairs
        self.folder = folder

    def problems(self) -> list:
        """(n_rows, n_cols, r, c, d) of every component, rows and columns
        renumbered within it in their index order, the pairs in (row,
        column) order: the batch's rows gathered by component, then their
        pairs, in one go for the batch (the work of grouping the pairs by
        component is shared by the processes that solve them)."""
        p = self.pairs
        ks = np.asarray(self.ks, np.int64)
        a, b = p.srow[ks], p.srow[ks + 1]
        n_r = b - a
        rows = np.concatenate([p.orow[x:y] for x, y in zip(a.tolist(), b.tolist())])
        start = p.ptr[rows]
        deg = p.ptr[rows + 1] - start
        first = np.cumsum(n_r) - n_r                     # each component's first row here
        local = np.arange(len(rows)) - np.repeat(first, n_r)
        at = np.zeros(len(rows) + 1, np.int64)
        np.cumsum(deg, out=at[1:])
        idx = np.repeat(start - at[:-1], deg) + np.arange(int(at[-1]))
        r = np.repeat(local, deg)
        c = p.rank_c[p.c[idx]]
        d = np.asarray(p.d[idx])
        bounds = at[np.concatenate([first, [len(rows)]])].tolist()
        return [(nr, nc, r[s:e], c[s:e], d[s:e])
                for nr, nc, s, e in zip(n_r.tolist(), self.ncols, bounds[:-1], bounds[1:])]

    def __reduce__(self):
        if self.folder is None:
            raise ValueError("a batch of components is sent with the folder of its pairs")
        return _mapped_batch, (self.folder, self.ks, self.ncols, self.n_pairs, self.pairs.lam)


def _mapped_batch(folder, ks, ncols, n_pairs, lam) -> _Batch:
    """A :class:`_Batch` in a worker process, over the saved pairs."""
    import os
    arrays = (np.load(os.path.join(folder, f"{k}.npy"), mmap_mode="r") for k in _Pairs.FIELDS)
    return _Batch(_Pairs(*arrays, lam), ks, ncols, n_pairs, folder)


def _batches(sizes) -> list[list[int]]:
    """The components (by number of pairs) grouped into batches of about
    BATCH_PAIRS pairs, the largest first (balances the processes best)."""
    order = np.argsort(-np.asarray(sizes), kind="stable").tolist()
    out, total = [], BATCH_PAIRS
    for k in order:
        if total + sizes[k] > BATCH_PAIRS:
            out.append([])
            total = 0
        out[-1].append(k)
        total += sizes[k]
    return out


def _solve_batches(items, n_pairs) -> list:
    """[_solve_batch(item) for item in items], on several processes for
    more than PARALLEL_PAIRS pairs (the pairs saved in a temporary folder
    for the workers, removed at the end)."""
    from ..parallel import cores, process_map   # on first use: core.parallel imports nothing heavy
    procs = cores() if n_pairs >= PARALLEL_PAIRS else 1
    if procs <= 1 or len(items) < 2:
        return [_solve_batch(None, item, None) for item in items]
    import os
    import shutil
    import tempfile
    p = items[0].pairs
    arrays = [getattr(p, k) for k in _Pairs.FIELDS]
    where = _memory_folder(sum(x.nbytes for x in arrays))
    folder = tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-", dir=where)
    try:
        for k, x in zip(_Pairs.FIELDS, arrays):
            np.save(os.path.join(folder, f"{k}.npy"), x)
        for item in items:
            item.folder = folder
        return process_map(_solve_batch, None, items, processes=procs,
                           weights=[float(x.n_pairs) for x in items])
    finally:   # (a worker may still map the files on Windows: then the OS's temp cleanup)
        shutil.rmtree(folder, ignore_errors=True)


def _memory_folder(nbytes: int, shm: str = "/dev/shm"):
    """/dev/shm (a file system in memory on Linux) when it holds twice
    ``nbytes`` free, else None (the system's temporary folder): writing the
    pairs there takes a memory copy's time, where a disk-backed folder can
    stall for a second behind the writeback of dirty pages.  Containers
    often give /dev/shm only 64 MB: then the temporary folder.  Folders left
    there by runs whose process has died (killed before its cleanup) are
    removed first: memory is not given back by a reboot-only cleanup."""
    import os
    import shutil
    try:
        if not (os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK)):
            return None
        _remove_orphans(shm)
        return shm if shutil.disk_usage(shm).free >= 2 * nbytes else None
    except OSError:
        return None


MAX_PID = 2 ** 22      # Linux's pid_max limit (4,194,304)


def _remove_orphans(folder: str) -> None:
    """Remove the matching folders (SCRATCH_PREFIX + pid + "-...") in
    ``folder`` whose process no longer exists.  Only real folders of this
    user whose pid is ASCII digits in range are considered; any other entry
    (another user's, a link, a name planted to look like ours, one that
    vanishes meanwhile) is left alone and never fails the run: the scratch
    folder may be shared, and clean-up must not become a way to delete or
    break someone else's files."""
    import os
    import shutil
    import stat
    for name in os.listdir(folder):
        if not name.startswith(SCRATCH_PREFIX):
            continue
        pid = name[len(SCRATCH_PREFIX):].split("-", 1)[0]
        if not (pid.isascii() and pid.isdigit() and len(pid) <= 7 and
                0 < int(pid) <= MAX_PID):
            continue
        path = os.path.join(folder, name)
        try:
            st = os.lstat(path)
            if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "getuid") and
                                                st.st_uid != os.getuid()):
                continue
            if not _alive(int(pid)):
                shutil.rmtree(path, ignore_errors=True)
        except (OSError, ValueError, OverflowError):
            continue


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (POSIX; on Windows os.kill would end
    it, and /dev/shm does not exist there: always True)."""
    import os
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:       # exists, owned by someone else
        return True
    return True


def _solve_batch(common, item, progress) -> list:
    """The row partners (ranks) of every component of a batch (module level:
    it may run in a worker process)."""
    from ..progress import checkpoint
    out = []
    for n_rows, n_cols, r, c, d in item.problems():
        checkpoint()
        out.append(_solve(n_rows, n_cols, r, c, d, item.pairs.lam, presorted=True)[0])
    return out


def _by_row(n_cols, r, c, d):
    """The pairs in (row, column) order, ties in their given order (a
    stable sort; nothing to do when they come sorted, as the pixel pairs
    do): each component's pairs then come in the order :func:`_solve`
    sorts them into."""
    if _is_sorted(r, c):
        return r, c, d
    o = np.argsort(r.astype(np.int64) * n_cols + c, kind="stable")
    return r[o], c[o], d[o]


def _is_sorted(r, c, chunk: int = 1 << 16) -> bool:
    """Whether the pairs are in (row, column) order (checked in chunks that
    stay in the cache)."""
    for a in range(0, max(len(r) - 1, 0), chunk):
        rr, cc = r[a:a + chunk + 1], c[a:a + chunk + 1]
        step = rr[1:] - rr[:-1]
        if (step < 0).any() or (cc[1:][step == 0] < cc[:-1][step == 0]).any():
            return False
    return True


def _ranks(label):
    """(the nodes by component, in index order; each component's start in
    it; each node's rank within its component)."""
    order = np.argsort(label, kind="stable")
    start = np.searchsorted(label[order], np.arange(label.max() + 2))
    rank = np.empty(len(label), np.int64)
    rank[order] = np.arange(len(label)) - start[label[order]]
    return order, start, rank


def _checked(r, c, d, unmatched_cost):
    r, c = _index(r), _index(c)
    d = np.asarray(d, float)
    lam = float(unmatched_cost)
    if not lam > 0:
        raise ValueError("the cost of an unmatched point must be > 0")
    if len(d) and (not np.all(np.isfinite(d)) or d.min() < 0):
        raise ValueError("pair costs must be finite and >= 0")
    return r, c, d, lam


def _index(x) -> np.ndarray:
    """Indices as int32 (kept: the pixel pairs come so, half the memory) or
    int64."""
    x = np.asarray(x)
    return x if x.dtype in (np.int32, np.int64) else x.astype(np.int64)


def _components(n_rows, n_cols, row_ptr, c) -> np.ndarray:
    """The connected component of every node of the bipartite candidate
    graph (rows 0..n_rows-1, then the columns), the pairs sorted by row
    (their row pointers ``row_ptr`` make the sparse matrix directly, no
    sort)."""
    n = n_rows + n_cols
    it = np.int32 if n < 2 ** 31 and len(c) < 2 ** 31 else np.int64   # int32: half the time
    ptr = np.empty(n + 1, it)
    ptr[:n_rows + 1] = row_ptr
    ptr[n_rows + 1:] = len(c)
    col = c.astype(it)
    col += n_rows
    # float64 weights: what connected_components converts to (no copy of them there)
    g = csr_matrix((np.ones(len(c)), col, ptr), shape=(n, n))
    return connected_components(g, directed=False)[1]


def _solve(n_rows: int, n_cols: int, r, c, d, unmatched_cost: float, presorted: bool = False
           ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`min_cost_matching` on the whole candidate graph at once
    (``presorted``: the pairs are known to be in (row, column) order)."""
    r, c, d, lam = _checked(r, c, d, unmatched_cost)
    row_partner = np.full(n_rows, -1, np.int64)
    col_partner = np.full(n_cols, -1, np.int64)
    if n_rows == 0 or n_cols == 0 or len(d) == 0:
        return row_partner, col_partner
    rows, cols, cost, ptr = _with_dummies(n_rows, n_cols, r, c, d, lam, presorted)
    ncol = n_cols + n_rows
    u, rc, cr = _row_reduction(rows, cols, cost, ptr, n_rows, ncol)
    free = np.nonzero(rc < 0)[0].tolist()
    if not free:
        real = rc < n_cols
        row_partner[real] = rc[real]
        col_partner[rc[real]] = np.nonzero(real)[0]
        return row_partner, col_partner
    ip, cl, cc = ptr.tolist(), cols.tolist(), cost.tolist()
    u = u.tolist()
    v = [0.0] * ncol
    rc, cr = rc.tolist(), cr.tolist()
    dist, pred = [float("inf")] * ncol, [0] * ncol
    for i0 in free:
        _augment(i0, ip, cl, cc, u, v, rc, cr, dist, pred)
    rc = np.asarray(rc, np.int64)
    real = rc < n_cols
    row_partner[real] = rc[real]
    col_partner[rc[real]] = np.nonzero(real)[0]
    return row_partner, col_partner


def _with_dummies(n_rows, n_cols, r, c, d, lam, presorted=False):
    """The pairs plus one dummy column per row (column n_cols + i, cost
    2 lam: leaving both points unmatched), sorted by row then column (ties
    in their given order), with the row pointers."""
    if presorted or _is_sorted(r, c):
        return _dummies_at_row_ends(n_rows, n_cols, r, c, d, lam)
    rows = np.concatenate([r, np.arange(n_rows)])
    cols = np.concatenate([c, n_cols + np.arange(n_rows)])
    cost = np.concatenate([d, np.full(n_rows, 2.0 * lam)])
    o = np.argsort(rows * (n_cols + n_rows) + cols, kind="stable")   # = lexsort, faster
    rows, cols, cost = rows[o], cols[o], cost[o]
    ptr = np.searchsorted(rows, np.arange(n_rows + 1))
    return rows, cols, cost, ptr


def _dummies_at_row_ends(n_rows, n_cols, r, c, d, lam):
    """:func:`_with_dummies` for pairs already in (row, column) order: the
    dummy column (the largest) closes each row, so pair k moves r_k places
    on (one dummy per earlier row), no sort."""
    ptr = np.zeros(n_rows + 1, np.int64)
    np.cumsum(np.bincount(r, minlength=n_rows) + 1, out=ptr[1:])
    n = len(r) + n_rows
    rows, cols, cost = np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n)
    at = np.arange(len(r)) + r
    rows[at], cols[at], cost[at] = r, c, d
    end = ptr[1:] - 1
    rows[end], cols[end], cost[end] = np.arange(n_rows), n_cols + np.arange(n_rows), 2.0 * lam
    return rows, cols, cost, ptr


def _row_reduction(rows, cols, cost, ptr, n_rows, ncol):
    """Initial duals u (cheapest pair of each row; v = 0) and a partial
    matching on tight pairs: each column to the first row it is tight for."""
    u = np.minimum.reduceat(cost, ptr[:-1])
    tight = np.nonzero(cost <= u[rows])[0]
    first = tight[np.r_[True, rows[tight][1:] != rows[tight][:-1]]]
    r0, c0 = rows[first], cols[first]
    o = np.lexsort((r0, c0))
    cs = c0[o]
    win = o[np.r_[True, cs[1:] != cs[:-1]]]
    rc = np.full(n_rows, -1, np.int64)
    cr = np.full(ncol, -1, np.int64)
    rc[r0[win]] = c0[win]
    cr[c0[win]] = r0[win]
    return u, rc, cr


def _augment(i0, ip, cl, cc, u, v, rc, cr, dist, pred):
    """One shortest augmenting path from the free row ``i0`` (Dijkstra on
    reduced costs), then the dual update and the flip of the path; the lists
    u, v, rc, cr are updated in place.  ``dist``: inf for every column
    (scratch, restored on return; -inf marks a settled column), ``pred``:
    scratch, one entry per column.

    A column reached at a distance above ``best``, the least distance of a
    free column reached so far, is neither recorded nor pushed: the search
    ends when the free column at ``best`` (or one tied with it at a lower
    index) is popped, before any entry beyond it, so the path, the settled
    columns and their distances are those of the search without the cut,
    with about half the heap pushes."""
    inf = float("inf")
    touched = []
    done = []
    heap = []
    push, pop = heapq.heappush, heapq.heappop
    best = inf
    ui = u[i0]
    a, b = ip[i0], ip[i0 + 1]
    for j, cost in zip(cl[a:b], cc[a:b]):
        dj = cost - ui - v[j]
        if dj < dist[j] and dj <= best:
            dist[j] = dj
            pred[j] = i0
            push(heap, (dj, j))
            touched.append(j)
            if cr[j] < 0 and dj < best:
                best = dj
    while True:
        dj, j = pop(heap)
        if dj > dist[j]:           # settled, or a better entry came later
            continue
        dist[j] = -inf
        done.append((j, dj))
        k = cr[j]
        if k < 0:
            jstar, delta = j, dj
            break
        uk = u[k]
        a, b = ip[k], ip[k + 1]
        for jj, cost in zip(cl[a:b], cc[a:b]):
            nd = dj + cost - uk - v[jj]
            if nd < dist[jj] and nd <= best:      # never for a settled column
                dist[jj] = nd
                pred[jj] = k
                push(heap, (nd, jj))
                touched.append(jj)
                if nd < best and cr[jj] < 0:
                    best = nd
    for j in touched:
        dist[j] = inf
    u[i0] += delta
    for j, dj in done:
        if j != jstar:
            k = cr[j]
            u[k] += delta - dj
            v[j] -= delta - dj
    j = jstar
    while True:
        i = pred[j]
        prev = rc[i]
        rc[i] = j
        cr[j] = i
        if i == i0:
            break
        j = prev
