"""Matching the control points of two subgraphs (holes and marbles).

Every function takes a bipartite candidate graph given as arrays: ``nr``
rows (holes), ``nc`` columns (marbles), one entry per candidate pair
(``r``, ``c``) with its distance ``d`` (pairs already filtered by the
matching distance and, for TOPO, by heading).  Many subgraphs are matched in
one call: their candidate graphs are simply disjoint blocks of one big graph.
Each returns ``(row_matched, row_distance, col_matched, col_distance)``:
booleans and the distance to the partner (NaN when unmatched).

* :func:`match_within` -- many-to-one (SUBG): a point is matched when a
  point of the other subgraph lies within the matching distance; the
  distance reported is the nearest one.
* :func:`match_optimal` -- one-to-one (OPT-G, exact): the largest possible
  number of pairs and, among those matchings, the smallest total distance
  (exact: one scipy linear_sum_assignment per connected component of the
  candidate graph).
* :func:`match_greedy` -- one-to-one, closest pairs first (the behaviour of
  Citraro et al.'s reference code); ties broken by row then column index.
* :func:`match_maximum` -- one-to-one maximum-cardinality matching
  (Hopcroft-Karp phases in numpy, :func:`maximum_matching`), as Sat2Graph's
  TOPO; distances play no role.
"""
from __future__ import annotations

import functools

import numpy as np

from ...lazy_scipy import cKDTree, connected_components, coo_matrix, linear_sum_assignment
from ...network.assignment import min_cost_matching
from ...progress import checkpoint

DENSE_CELLS = 4_000_000  # larger components use the sparse assignment


def candidate_pairs(xy_a, xy_b, max_distance) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All pairs (i, j) of points of A and B with |a_i - b_j| <= max_distance,
    sorted by (i, j): returns (i, j, distance)."""
    if len(xy_a) == 0 or len(xy_b) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0)
    p = cKDTree(xy_a).sparse_distance_matrix(cKDTree(xy_b), max_distance, output_type="ndarray")
    i, j, d = p["i"].astype(np.int64), p["j"].astype(np.int64), p["v"].astype(float)
    o = np.lexsort((j, i))
    return i[o], j[o], d[o]


def _partners_to_result(nr, nc, r, c, d, sel):
    """Result arrays from the selected candidate entries (a matching)."""
    row_m = np.zeros(nr, bool)
    col_m = np.zeros(nc, bool)
    row_d = np.full(nr, np.nan)
    col_d = np.full(nc, np.nan)
    row_m[r[sel]] = True
    col_m[c[sel]] = True
    row_d[r[sel]] = d[sel]
    col_d[c[sel]] = d[sel]
    return row_m, row_d, col_m, col_d


def match_within(nr, nc, r, c, d) -> tuple:
    row_d, col_d = _group_min(r, d, nr), _group_min(c, d, nc)
    return ~np.isnan(row_d), row_d, ~np.isnan(col_d), col_d


def _group_min(keys, vals, n):
    """Minimum of ``vals`` per key in 0..n-1 (NaN for keys without values)."""
    out = np.full(n, np.nan)
    if len(keys):
        o = np.argsort(keys, kind="stable")
        k = keys[o]
        starts = np.nonzero(np.r_[True, k[1:] != k[:-1]])[0]
        out[k[starts]] = np.minimum.reduceat(vals[o], starts)
    return out


def match_maximum(nr, nc, r, c, d) -> tuple:
    sel = np.zeros(len(r), bool)
    if len(r):
        mr, mc = maximum_matching(nr, nc, r, c)
        # locate the chosen entries among the candidates
        key = r * nc + c
        o = np.argsort(key, kind="stable")
        sel[o[np.searchsorted(key[o], mr * nc + mc)]] = True
    return _partners_to_result(nr, nc, r, c, d, sel)


def maximum_matching(nr, nc, r, c) -> tuple[np.ndarray, np.ndarray]:
    """(rows, columns) of a maximum-cardinality matching of the candidate
    graph, by Hopcroft-Karp phases written with numpy over all subgraph pairs
    at once:

    * warm start: a few rounds in which every free row proposes to its first
      free candidate column and each column accepts the lowest row;
    * each phase: a breadth-first search of alternating paths from all free
      rows together, every vertex visited once (so the search trees are
      disjoint); each tree that reaches a free column yields one augmenting
      path, and all of them are augmented at once;
    * no augmenting path left: the matching is maximum (Berge).

    Each phase costs O(E); no depth-first search, so none of the exponential
    behaviour of scipy's maximum_bipartite_matching on layered, band-shaped
    graphs -- exactly what two parallel roads sampled every few metres give
    (scipy issue #26147: 8 s on one OPT-G block of the sample).  A few
    phases suffice in practice (5-10 on the sample)."""
    r = np.asarray(r, np.int64)
    c = np.asarray(c, np.int64)
    if len(r) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    ur, ri = _compact(r, nr)
    uc, ci = _compact(c, nc)
    a, b = len(ur), len(uc)
    if not _sorted_pairs(ri, ci):  # the candidates usually come sorted
        o = np.lexsort((ci, ri))
        ri, ci = ri[o], ci[o]
    ptr = np.searchsorted(ri, np.arange(a + 1))
    rp = np.full(a, -1, np.int64)  # column of each row
    cp = np.full(b, -1, np.int64)  # row of each column
    e = np.arange(len(ri))
    for _ in range(16):
        # a pair whose row or column is taken stays so: look among the last round's
        e = e[(rp[ri[e]] < 0) & (cp[ci[e]] < 0)]
        if len(e) == 0:
            break
        first = e[np.r_[True, ri[e][1:] != ri[e][:-1]]]
        by_col = first[np.lexsort((ri[first], ci[first]))]
        win = by_col[np.r_[True, ci[by_col][1:] != ci[by_col][:-1]]]
        rp[ri[win]] = ci[win]
        cp[ci[win]] = ri[win]
    # a free row can reach a free column only within its connected component
    comp_r, comp_c, ncomp = _components(a, b, ri, ci)
    while True:
        checkpoint()
        free_col = np.zeros(ncomp, bool)
        free_col[comp_c[cp < 0]] = True
        free_rows = np.nonzero((rp < 0) & free_col[comp_r])[0]
        ends = _augmenting_path_ends(a, b, ptr, ci, rp, cp, free_rows)
        if ends is None:
            break
        cur, via = ends
        # walk every path back from its free column to its free row
        while len(cur):
            row = via[cur]
            prev = rp[row]
            rp[row] = cur
            cp[cur] = row
            cur = prev[prev >= 0]
    m = np.nonzero(rp >= 0)[0]
    return ur[m], uc[rp[m]]


def _sorted_pairs(i, j) -> bool:
    """Whether the pairs (i, j) are in lexicographic order (np.lexsort((j,
    i)) would then be the identity)."""
    if len(i) < 2:
        return True
    di = np.diff(i)
    return bool(np.all((di > 0) | ((di == 0) & (j[1:] >= j[:-1]))))


def _components(a, b, ri, ci):
    """Connected component of each row and each column of the candidate
    graph (rows 0..a-1, columns 0..b-1, edges (ri, ci)), and their number."""
    g = coo_matrix((np.ones(len(ri), np.int8), (ri, a + ci)), shape=(a + b, a + b))
    ncomp, lab = connected_components(g, directed=False)
    return lab[:a], lab[a:], ncomp


def _augmenting_path_ends(a, b, ptr, ci, rp, cp, free_rows):
    """One phase of :func:`maximum_matching`: the free columns ending
    vertex-disjoint augmenting paths (at most one per free row) and, per
    column, the row it was reached from; None when there is no such path.
    ``free_rows``: the free rows to search from, in increasing order (those
    whose component has a free column: the others cannot reach one, and
    leaving out their searches, which are disjoint from the rest, changes no
    path found)."""
    if len(free_rows) == 0:
        return None
    root_row = np.full(a, -1, np.int64)
    root_row[free_rows] = free_rows
    root_col = np.full(b, -1, np.int64)
    via = np.full(b, -1, np.int64)
    done = np.zeros(a, bool)
    ends = []
    frontier = free_rows
    while len(frontier):
        deg = ptr[frontier + 1] - ptr[frontier]
        total = int(deg.sum())
        if total == 0:
            break
        src = np.repeat(frontier, deg)
        col = ci[np.arange(total) - np.repeat(np.cumsum(deg) - deg - ptr[frontier], deg)]
        new = root_col[col] < 0
        src, col = src[new], col[new]
        if len(col) == 0:
            break
        _, first = np.unique(col, return_index=True)  # each column reached once
        src, col = src[first], col[first]
        root_col[col] = root_row[src]
        via[col] = src
        free = cp[col] < 0
        if free.any():
            fc = col[free]
            roots = root_col[fc]
            _, one = np.unique(roots, return_index=True)  # one path per tree
            ends.append(fc[one])
            done[roots[one]] = True
        nxt = col[~free]
        nxt = nxt[~done[root_col[nxt]]]
        frontier = cp[nxt]
        root_row[frontier] = root_col[nxt]
    if not ends:
        return None
    return np.concatenate(ends), via


def match_greedy(nr, nc, r, c, d) -> tuple:
    """Closest pairs first.  Implemented as repeated rounds of 'locally
    dominant' pairs (each the closest remaining pair of both its points),
    which selects exactly the pairs of the sequential greedy algorithm under
    the same strict order (distance, row, column)."""
    sel = np.zeros(len(r), bool)
    if len(r) == 0:
        return _partners_to_result(nr, nc, r, c, d, sel)
    order = np.lexsort((c, r, d))
    rr, cc = r[order], c[order]
    alive = np.ones(len(order), bool)
    row_used = np.zeros(nr, bool)
    col_used = np.zeros(nc, bool)
    for _ in range(64):
        idx = np.nonzero(alive)[0]
        if len(idx) == 0:
            break
        _, fr = np.unique(rr[idx], return_index=True)
        _, fc = np.unique(cc[idx], return_index=True)
        best_r = np.zeros(len(idx), bool)
        best_r[fr] = True
        best_c = np.zeros(len(idx), bool)
        best_c[fc] = True
        pick = idx[best_r & best_c]
        sel[order[pick]] = True
        row_used[rr[pick]] = True
        col_used[cc[pick]] = True
        alive[idx] = ~(row_used[rr[idx]] | col_used[cc[idx]])
    else:
        # long chains of ever-closer pairs: finish sequentially
        for k in np.nonzero(alive)[0]:
            if not row_used[rr[k]] and not col_used[cc[k]]:
                row_used[rr[k]] = col_used[cc[k]] = True
                sel[order[k]] = True
    return _partners_to_result(nr, nc, r, c, d, sel)


def match_optimal(nr, nc, r, c, d, max_distance) -> tuple:
    """Maximum number of pairs, then minimum total distance.

    The candidate graph splits into connected components (in practice one
    per subgraph pair, or per stretch of road seen by both subgraphs)
    solved independently.  A component with a single row or a single
    column takes its closest pair.  Any other is a dense assignment (scipy
    linear_sum_assignment) on its rows x columns with cost d for candidate
    pairs and BIG = (min(rows, columns) + 1) (max_distance + 1) for the
    others: an assignment with fewer BIG entries always costs less, so
    dropping the BIG entries leaves a maximum-cardinality matching of least
    total distance.  Components of more than DENSE_CELLS cells use the
    sparse equivalent (:func:`_sparse_assignment`)."""
    sel = np.zeros(len(r), bool)
    if len(r) == 0:
        return _partners_to_result(nr, nc, r, c, d, sel)
    ur, ri = _compact(r, nr)
    uc, ci = _compact(c, nc)
    a, b = len(ur), len(uc)
    g = coo_matrix((np.ones(len(r), np.int8), (ri, a + ci)), shape=(a + b, a + b))
    ncomp, lab = connected_components(g, directed=False)
    nrow = np.bincount(lab[:a], minlength=ncomp)
    ncol = np.bincount(lab[a:], minlength=ncomp)
    comp = lab[ri]
    # components with one row or one column: their closest pair
    small = (nrow[comp] == 1) | (ncol[comp] == 1)
    e = np.nonzero(small)[0]
    o = e[np.lexsort((c[e], r[e], d[e], comp[e]))]
    sel[o[np.r_[True, comp[o][1:] != comp[o][:-1]]] if len(o) else o] = True
    # the others: one assignment each
    e = np.nonzero(~small)[0]
    if len(e):
        local_r = _local_index(lab[:a], ncomp)
        local_c = _local_index(lab[a:], ncomp)
        e = e[_stable_order(comp[e], ncomp)]
        ce = comp[e]
        bounds = np.nonzero(np.r_[True, ce[1:] != ce[:-1], True])[0]
        for s, t in zip(bounds[:-1], bounds[1:]):
            checkpoint()
            ee = e[s:t]
            k = ce[s]
            lr, lc = local_r[ri[ee]], local_c[ci[ee]]
            big = (min(nrow[k], ncol[k]) + 1.0) * (float(max_distance) + 1.0)
            if nrow[k] * ncol[k] <= DENSE_CELLS:
                sel[_dense_assignment(nrow[k], ncol[k], lr, lc, d[ee], big, ee)] = True
            else:
                x, y = _sparse_assignment(nrow[k], ncol[k], lr, lc, d[ee], big)
                key = lr * ncol[k] + lc
                o = np.argsort(key)
                sel[ee[o[np.searchsorted(key[o], x * ncol[k] + y)]]] = True
    return _partners_to_result(nr, nc, r, c, d, sel)


def _compact(v, n):
    """The distinct values of ``v`` (integers in 0..n-1), sorted, and the
    index of each element among them: np.unique(v, return_inverse=True) by
    a presence table, in O(n + len(v))."""
    present = np.zeros(n, bool)
    present[v] = True
    rank = np.cumsum(present) - 1
    return np.flatnonzero(present), rank[v]


def _stable_order(labels, n):
    """np.argsort(labels, kind="stable") for integer labels in 0..n-1:
    16-bit labels are radix-sorted by numpy, in linear time."""
    if n <= 1 << 16:
        labels = labels.astype(np.uint16)
    return np.argsort(labels, kind="stable")


def _local_index(labels, n):
    """Rank of each item among the items with the same label."""
    o = _stable_order(labels, n)
    start = np.concatenate([[0], np.cumsum(np.bincount(labels, minlength=n))])
    out = np.empty(len(labels), np.int64)
    out[o] = np.arange(len(labels)) - start[labels[o]]
    return out


def _dense_assignment(nr, nc, lr, lc, d, big, ids):
    """The ``ids`` of the candidate pairs (lr, lc) in a maximum-cardinality,
    minimum-distance matching: dense assignment, cost BIG off the candidates.
    Rows and columns enter the matrix in a fixed scrambled order
    (:func:`_scramble`): scipy's solver augments row by row, and rows in
    road order make long chains of displaced pairs (about 1.5 times slower
    on the sample's subgraphs)."""
    pr, pc = _scramble(nr), _scramble(nc)
    a, b = pr[lr], pc[lc]
    cost = np.full((nr, nc), big)
    cost[a, b] = d
    pos = np.full((nr, nc), -1, np.int64)
    pos[a, b] = ids
    x, y = linear_sum_assignment(cost)
    p = pos[x, y]
    return p[p >= 0]


@functools.lru_cache(maxsize=4096)
def _scramble(n):
    """A fixed pseudo-random permutation of range(n): the splitmix64 hash of
    each index (integer arithmetic, the same on every platform and numpy
    version)."""
    with np.errstate(over="ignore"):
        z = np.arange(n, dtype=np.uint64) + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    out = np.argsort(np.argsort(z, kind="stable"), kind="stable")
    out.setflags(write=False)
    return out


def _sparse_assignment(nr, nc, lr, lc, d, big):
    """The same for components too large for a dense matrix: the exact
    sparse successive-shortest-path solver of core/network/assignment.py, where
    leaving a row and a column unmatched costs BIG (= unmatched cost BIG / 2
    each): every extra pair saves more than any sum of distances, so the
    result is again a maximum matching of least total distance.  (scipy's
    min_weight_full_bipartite_matching is not used: its feasibility check
    is the Hopcroft-Karp search of scipy issue #26147.)"""
    rp, _ = min_cost_matching(nr, nc, lr, lc, d, big / 2.0)
    x = np.nonzero(rp >= 0)[0]
    return x, rp[x]
