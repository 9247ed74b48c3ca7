"""The sparse exact assignment against a dense reference (scipy
linear_sum_assignment on the same objective, with dummy rows and columns)."""
import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

from core.network.assignment import _solve, min_cost_matching


def dense_optimum(nr, nc, r, c, d, lam):
    """min sum d + lam (unmatched rows + unmatched columns), by a square
    dense assignment: rows + one dummy per column, columns + one dummy per
    row; dummy-dummy pairs cost 0."""
    big = 1e9
    M = np.full((nr + nc, nc + nr), big)
    M[r, c] = d
    M[np.arange(nr), nc + np.arange(nr)] = lam
    M[nr + np.arange(nc), np.arange(nc)] = lam
    M[nr:, nc:] = 0.0
    i, j = linear_sum_assignment(M)
    return M[i, j].sum()


def objective(nr, nc, r, c, d, lam, rp, cp):
    cost = {(a, b): x for a, b, x in zip(r, c, d)}
    m = [(i, rp[i]) for i in range(nr) if rp[i] >= 0]
    assert all(cp[j] == i for i, j in m)
    assert len(set(j for _, j in m)) == len(m)
    return sum(cost[p] for p in m) + lam * (nr - len(m) + nc - len(m))


@pytest.mark.parametrize("seed", range(25))
def test_matches_dense_optimum(seed):
    g = np.random.Generator(np.random.PCG64(seed))
    nr, nc = int(g.integers(1, 30)), int(g.integers(1, 30))
    a, b = g.uniform(0, 20, (nr, 2)), g.uniform(0, 20, (nc, 2))
    dd = np.hypot(*(a[:, None] - b[None]).transpose(2, 0, 1))
    r, c = np.nonzero(dd <= 4.0)
    d = dd[r, c]
    lam = float(g.uniform(0.5, 4.0))
    rp, cp = min_cost_matching(nr, nc, r, c, d, lam)
    assert objective(nr, nc, r, c, d, lam, rp, cp) == pytest.approx(
        dense_optimum(nr, nc, r, c, d, lam), abs=1e-9)


def test_prefers_more_pairs_when_cheap():
    # rows 0, 1 and columns 0, 1: pairs (0,0)=1, (0,1)=0.1, (1,1)=1.
    # Greedy would take (0,1) and leave two points unmatched (cost 0.1 +
    # 2 lam); the optimum takes (0,0) and (1,1) (cost 2) when lam > 0.95.
    rp, cp = min_cost_matching(2, 2, [0, 0, 1], [0, 1, 1], [1.0, 0.1, 1.0], 2.0)
    assert rp.tolist() == [0, 1] and cp.tolist() == [0, 1]
    rp, _ = min_cost_matching(2, 2, [0, 0, 1], [0, 1, 1], [1.0, 0.1, 1.0], 0.5)
    assert rp.tolist() == [1, -1]


def test_empty_and_bad_input():
    rp, cp = min_cost_matching(3, 0, [], [], [], 1.0)
    assert rp.tolist() == [-1, -1, -1] and cp.tolist() == []
    with pytest.raises(ValueError):
        min_cost_matching(1, 1, [0], [0], [-1.0], 1.0)
    with pytest.raises(ValueError):
        min_cost_matching(1, 1, [0], [0], [1.0], 0.0)


def test_long_corridor_is_fast():
    # 20000 points on each of two parallel lines with different spacing (a
    # single connected candidate graph): seconds, not the hours a dense or
    # scan-all-columns solver needs
    import time
    x = np.arange(20000) * 1.0
    y = np.arange(19800) * (20000 / 19800)
    from scipy.spatial import cKDTree
    p = cKDTree(np.c_[x, np.zeros_like(x)]).sparse_distance_matrix(
        cKDTree(np.c_[y, np.full_like(y, 1.5)]), 4.0, output_type="ndarray")
    # CPU time of this process, not wall time (the same on a loaded machine):
    # a guard against a solver that would take hours, not a speed target
    # (scripts/bench measures speed)
    t = time.process_time()
    rp, cp = min_cost_matching(len(x), len(y), p["i"], p["j"], p["v"], 4.0)
    assert time.process_time() - t < 60
    assert (cp >= 0).sum() == len(y)  # every point of the shorter line matched


@pytest.mark.parametrize("seed", range(12))
def test_by_component_equals_whole_problem(seed):
    # many small components, single pairs, duplicates and tied costs
    # (integer and sqrt-of-integer distances, pairs at exactly 2 lam): the
    # component-wise solver returns the very matching of the whole-problem
    # solver, not just one of equal cost
    g = np.random.default_rng(seed)
    nr, nc = int(g.integers(1, 300)), int(g.integers(1, 300))
    n = int(g.integers(1, 3 * (nr + nc)))
    r, c = g.integers(0, nr, n), g.integers(0, nc, n)
    r, c = np.unique(np.column_stack([r, c]), axis=0).T if seed % 2 else (r, c)
    lam = float(g.choice([1.0, 2.0, 2.5]))
    d = np.sqrt(g.integers(0, 26, len(r)).astype(float)) * (lam / 4.0)
    d[g.random(len(r)) < 0.05] = 2.0 * lam
    rp, cp = min_cost_matching(nr, nc, r, c, d, lam)
    r0, c0 = _solve(nr, nc, r, c, d, lam)
    assert np.array_equal(rp, r0) and np.array_equal(cp, c0)


def _random_pairs(seed, dup=True):
    g = np.random.default_rng(seed)
    nr, nc = int(g.integers(1, 200)), int(g.integers(1, 200))
    n = int(g.integers(1, 3 * (nr + nc)))
    r, c = g.integers(0, nr, n), g.integers(0, nc, n)
    if not dup:
        r, c = np.unique(np.column_stack([r, c]), axis=0).T
    lam = float(g.choice([1.0, 2.0, 2.5]))
    d = np.sqrt(g.integers(0, 26, len(r)).astype(float)) * (lam / 4.0)
    return nr, nc, r, c, d, lam


@pytest.mark.parametrize("seed", range(10))
def test_dummies_without_a_sort_equal_the_sorted_ones(seed):
    from core.network.assignment import _dummies_at_row_ends, _is_sorted, _with_dummies
    nr, nc, r, c, d, lam = _random_pairs(seed)
    o = np.lexsort((c, r))      # sorted, duplicates in their given order
    r, c, d = r[o], c[o], d[o]
    assert _is_sorted(r, c) and (len(r) < 3 or not _is_sorted(r[::-1], c[::-1]))
    fast = _dummies_at_row_ends(nr, nc, r, c, d, lam)
    # the general path: the dummies appended, then one stable sort
    rows = np.concatenate([r, np.arange(nr)])
    cols = np.concatenate([c, nc + np.arange(nr)])
    cost = np.concatenate([d, np.full(nr, 2.0 * lam)])
    s = np.argsort(rows * (nc + nr) + cols, kind="stable")
    ref = rows[s], cols[s], cost[s], np.searchsorted(rows[s], np.arange(nr + 1))
    assert all(np.array_equal(a, b) for a, b in zip(fast, ref))
    assert all(np.array_equal(a, b) for a, b in zip(_with_dummies(nr, nc, r, c, d, lam), ref))


@pytest.mark.parametrize("seed", range(8))
def test_pair_order_does_not_change_the_matching(seed):
    # sorted pairs skip the sorts; shuffled ones are sorted first: the same
    # matching either way, the whole problem's (_solve)
    nr, nc, r, c, d, lam = _random_pairs(seed, dup=False)
    perm = np.random.default_rng(seed).permutation(len(r))
    o = np.lexsort((c, r))
    a = min_cost_matching(nr, nc, r[o], c[o], d[o], lam)
    b = min_cost_matching(nr, nc, r[perm], c[perm], d[perm], lam)
    ref = _solve(nr, nc, r, c, d, lam)
    assert all(np.array_equal(x, y) for x, y in zip(a, ref))
    assert all(np.array_equal(x, y) for x, y in zip(b, ref))


def test_batches_hold_every_component_once(monkeypatch):
    from core.network import assignment
    monkeypatch.setattr(assignment, "BATCH_PAIRS", 10)
    sizes = [3, 12, 5, 5, 2, 9, 1]
    b = assignment._batches(sizes)
    assert sorted(k for x in b for k in x) == list(range(len(sizes)))
    assert b[0] == [1] and all(sum(sizes[k] for k in x) <= 10 for x in b[1:])


@pytest.mark.slow
def test_two_processes_give_the_serial_matching(monkeypatch):
    # components in batches, some solved in a worker process: the same
    # matching as on one core
    from core.network import assignment
    from core.parallel import cores_for_run
    from helpers import slow_here
    g = np.random.default_rng(7)
    a, b = g.uniform(0, 300, (3000, 2)), g.uniform(0, 300, (3000, 2))
    from scipy.spatial import cKDTree
    p = cKDTree(a).sparse_distance_matrix(cKDTree(b), 4.0, output_type="ndarray")
    args = (len(a), len(b), p["i"], p["j"], p["v"], 4.0)
    with cores_for_run(1):
        serial = min_cost_matching(*args)
    monkeypatch.setattr(assignment, "PARALLEL_PAIRS", 0)
    monkeypatch.setattr(assignment, "BATCH_PAIRS", 500)
    from core import parallel
    n_items = []
    real = parallel.process_map
    monkeypatch.setattr(parallel, "process_map",
                        lambda *a, **k: n_items.append(len(a[2])) or real(*a, **k))
    here = slow_here(monkeypatch, 0.05)
    with cores_for_run(2):
        both = min_cost_matching(*args)
    assert 0 < len(here) < n_items[-1]   # the worker process solved some batches
    assert all(np.array_equal(x, y) for x, y in zip(serial, both))


def _augment_without_cut(i0, ip, cl, cc, u, v, rc, cr, dist, pred):
    """The textbook shortest augmenting path (every column reached is
    recorded and pushed), against which the cut search of
    core.network.assignment._augment is checked."""
    import heapq
    inf = float("inf")
    touched, done, heap = [], [], []
    for j, cost in zip(cl[ip[i0]:ip[i0 + 1]], cc[ip[i0]:ip[i0 + 1]]):
        dj = cost - u[i0] - v[j]
        if dj < dist[j]:
            dist[j], pred[j] = dj, i0
            heapq.heappush(heap, (dj, j))
            touched.append(j)
    while True:
        dj, j = heapq.heappop(heap)
        if dj > dist[j]:
            continue
        dist[j] = -inf
        done.append((j, dj))
        k = cr[j]
        if k < 0:
            jstar, delta = j, dj
            break
        for jj, cost in zip(cl[ip[k]:ip[k + 1]], cc[ip[k]:ip[k + 1]]):
            nd = dj + cost - u[k] - v[jj]
            if nd < dist[jj]:
                dist[jj], pred[jj] = nd, k
                heapq.heappush(heap, (nd, jj))
                touched.append(jj)
    for j in touched:
        dist[j] = inf
    u[i0] += delta
    for j, dj in done:
        if j != jstar:
            u[cr[j]] += delta - dj
            v[j] -= delta - dj
    j = jstar
    while True:
        i = pred[j]
        prev = rc[i]
        rc[i], cr[j] = j, i
        if i == i0:
            break
        j = prev


@pytest.mark.parametrize("seed", range(40))
def test_cut_search_gives_the_textbook_matching(seed, monkeypatch):
    """Columns beyond the nearest free column are never pushed: the same
    matching as the search that pushes them, on tie-heavy problems (pixel
    distances: many equal costs)."""
    from core.network import assignment
    g = np.random.Generator(np.random.PCG64(seed))
    nr, nc = int(g.integers(5, 60)), int(g.integers(5, 60))
    a, b = g.integers(0, 12, (nr, 2)), g.integers(0, 12, (nc, 2))
    dd = np.hypot(*(a[:, None] - b[None]).transpose(2, 0, 1))
    r, c = np.nonzero(dd <= 3.0)
    d = dd[r, c]
    lam = float(g.choice([1.0, 1.5, 3.0]))
    got = _solve(nr, nc, r, c, d, lam)
    monkeypatch.setattr(assignment, "_augment", _augment_without_cut)
    want = _solve(nr, nc, r, c, d, lam)
    assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])


def test_memory_folder_takes_room_and_removes_dead_runs_folders(tmp_path):
    """/dev/shm is used when it holds twice the pairs; folders of runs whose
    process died (killed before their cleanup) are removed, a live run's
    folder is kept."""
    import subprocess
    import sys
    from core import scratch as S
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    gone = tmp_path / f"{S.SCRATCH_PREFIX}{dead}-abc"
    live = tmp_path / f"{S.SCRATCH_PREFIX}{__import__('os').getpid()}-def"
    other = tmp_path / "someone-else"
    for f in (gone, live, other):
        f.mkdir()
        (f / "r.npy").write_bytes(b"x")
    assert S.memory_folder(1000, shm=str(tmp_path)) == str(tmp_path)
    assert not gone.exists() and live.exists() and other.exists()
    assert S.memory_folder(10 ** 18, shm=str(tmp_path)) is None      # no room
    assert S.memory_folder(1000, shm=str(tmp_path / "missing")) is None


@pytest.mark.parametrize("name", [
    "99999999999999999999999-x",     # an int too large for os.kill (OverflowError)
    "\u0661\u0662-x",                # non-ASCII digits (int() reads them, os.kill does not)
    "0-x", "-x", "12a-x", "4194305-x",
])
def test_planted_scratch_names_never_fail_a_run(tmp_path, name):
    """Any local user can create names like ours in /dev/shm: they are left
    alone and the run goes on (issue 32, item 7)."""
    from core import scratch as S
    planted = tmp_path / f"{S.SCRATCH_PREFIX}{name}"
    planted.mkdir()
    assert S.memory_folder(1000, shm=str(tmp_path)) == str(tmp_path)
    assert planted.exists()


def test_links_and_files_named_like_ours_are_left_alone(tmp_path):
    import subprocess
    import sys
    from core import scratch as S
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    target = tmp_path / "precious"
    target.mkdir()
    (target / "keep").write_text("x")
    shm = tmp_path / "shm"
    shm.mkdir()
    (shm / f"{S.SCRATCH_PREFIX}{dead}-link").symlink_to(target)
    (shm / f"{S.SCRATCH_PREFIX}{dead}-file").write_text("x")
    assert S.memory_folder(1000, shm=str(shm)) == str(shm)
    assert (target / "keep").exists() and (shm / f"{S.SCRATCH_PREFIX}{dead}-file").exists()
