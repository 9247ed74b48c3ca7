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

The connected components of the candidate graph are solved one after the
other (scipy.sparse.csgraph), rows and columns renumbered in their own
order: the initial matching, the heap's ties and the order of the
augmentations are those of the whole problem, so the matching is the same
(tests/core/network/test_assignment.py), while only one component's pair
lists are held as Python lists at a time; a component of a single pair is
matched without the solver.  The boundary pixels of two 10,000 x 10,000
masks (2 x 2.1 million points, 15 million pairs, 260,000 augmentations)
take 10-12 s, mostly the augmentations (docs/performance.md, Pixel metrics).
"""
from __future__ import annotations

import heapq

import numpy as np

from ..lazy_scipy import connected_components, coo_matrix


def min_cost_matching(n_rows: int, n_cols: int, r, c, d,
                      unmatched_cost: float) -> tuple[np.ndarray, np.ndarray]:
    """Returns (row_partner, col_partner): the matched column of every row
    and row of every column (-1 when unmatched).

    Solved one connected component of the candidate graph at a time (rows
    and columns renumbered in their original order, so initialisation, heap
    ties and augmentation order are those of the whole problem: the same
    matching as :func:`_solve` on everything at once); a component of one
    pair is matched directly (d <= 2 unmatched_cost, the tie rule of the
    solver), and only one component's pair lists exist at a time."""
    r, c, d, lam = _checked(r, c, d, unmatched_cost)
    row_partner = np.full(n_rows, -1, np.int64)
    col_partner = np.full(n_cols, -1, np.int64)
    if n_rows == 0 or n_cols == 0 or len(d) == 0:
        return row_partner, col_partner
    label = _components(n_rows, n_cols, r, c)
    comp = label[r]
    size = np.bincount(comp)
    one = size[comp] == 1
    ok = one & (d <= 2.0 * lam)
    row_partner[r[ok]] = c[ok]
    col_partner[c[ok]] = r[ok]
    rest = np.nonzero(~one)[0]
    rest = rest[np.argsort(comp[rest], kind="stable")]
    bounds = np.flatnonzero(np.diff(comp[rest])) + 1
    (orow, srow, rank_r), (ocol, scol, rank_c) = (_ranks(label[:n_rows]),
                                                  _ranks(label[n_rows:]))
    for part in np.split(rest, bounds) if len(rest) else []:
        k = comp[part[0]]
        rk, ck = orow[srow[k]:srow[k + 1]], ocol[scol[k]:scol[k + 1]]
        rp, _ = _solve(len(rk), len(ck), rank_r[r[part]], rank_c[c[part]], d[part], lam)
        hit = rp >= 0
        row_partner[rk[hit]] = ck[rp[hit]]
        col_partner[ck[rp[hit]]] = rk[hit]
    return row_partner, col_partner


def _ranks(label):
    """(the nodes by component, in index order; each component's start in
    it; each node's rank within its component)."""
    order = np.argsort(label, kind="stable")
    start = np.searchsorted(label[order], np.arange(label.max() + 2))
    rank = np.empty(len(label), np.int64)
    rank[order] = np.arange(len(label)) - start[label[order]]
    return order, start, rank


def _checked(r, c, d, unmatched_cost):
    r = np.asarray(r, np.int64)
    c = np.asarray(c, np.int64)
    d = np.asarray(d, float)
    lam = float(unmatched_cost)
    if not lam > 0:
        raise ValueError("the cost of an unmatched point must be > 0")
    if len(d) and (not np.all(np.isfinite(d)) or d.min() < 0):
        raise ValueError("pair costs must be finite and >= 0")
    return r, c, d, lam


def _components(n_rows, n_cols, r, c) -> np.ndarray:
    """The connected component of every node of the bipartite candidate
    graph (rows 0..n_rows-1, then the columns)."""
    n = n_rows + n_cols
    it = np.int32 if n < 2 ** 31 and len(r) < 2 ** 31 else np.int64   # int32: half the time
    g = coo_matrix((np.ones(len(r), np.int8), (r.astype(it), (c + n_rows).astype(it))),
                   shape=(n, n)).tocsr()
    return connected_components(g, directed=False)[1]


def _solve(n_rows: int, n_cols: int, r, c, d, unmatched_cost: float
           ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`min_cost_matching` on the whole candidate graph at once."""
    r, c, d, lam = _checked(r, c, d, unmatched_cost)
    row_partner = np.full(n_rows, -1, np.int64)
    col_partner = np.full(n_cols, -1, np.int64)
    if n_rows == 0 or n_cols == 0 or len(d) == 0:
        return row_partner, col_partner
    rows, cols, cost, ptr = _with_dummies(n_rows, n_cols, r, c, d, lam)
    ncol = n_cols + n_rows
    u, rc, cr = _row_reduction(rows, cols, cost, ptr, n_rows, ncol)
    free = np.nonzero(rc < 0)[0].tolist()
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


def _with_dummies(n_rows, n_cols, r, c, d, lam):
    """The pairs plus one dummy column per row (column n_cols + i, cost
    2 lam: leaving both points unmatched), sorted by row then column, with
    the row pointers."""
    rows = np.concatenate([r, np.arange(n_rows)])
    cols = np.concatenate([c, n_cols + np.arange(n_rows)])
    cost = np.concatenate([d, np.full(n_rows, 2.0 * lam)])
    o = np.argsort(rows * (n_cols + n_rows) + cols, kind="stable")   # = lexsort, faster
    rows, cols, cost = rows[o], cols[o], cost[o]
    ptr = np.searchsorted(rows, np.arange(n_rows + 1))
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
    scratch, one entry per column."""
    inf = float("inf")
    touched = []
    done = []
    heap = []
    push, pop = heapq.heappush, heapq.heappop
    ui = u[i0]
    a, b = ip[i0], ip[i0 + 1]
    for j, cost in zip(cl[a:b], cc[a:b]):
        dj = cost - ui - v[j]
        if dj < dist[j]:
            dist[j] = dj
            pred[j] = i0
            push(heap, (dj, j))
            touched.append(j)
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
            if nd < dist[jj]:      # never for a settled column
                dist[jj] = nd
                pred[jj] = k
                push(heap, (nd, jj))
                touched.append(jj)
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
