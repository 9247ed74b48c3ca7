"""Hole-marble matchings (core/metrics/subgraphs/matching.py): hand cases and brute force."""
import itertools

import numpy as np
import pytest

import core.metrics.subgraphs.matching as sm

# rows a0, a1; columns c0, c1: a0-c0 at 1, a0-c1 at 2, a1-c0 at 2 (the classic case
# where closest-first loses a pair)
R = np.array([0, 0, 1])
C = np.array([0, 1, 0])
D = np.array([1.0, 2.0, 2.0])


def test_greedy_takes_the_closest_pair_first():
    rm, rd, cm, cd = sm.match_greedy(2, 2, R, C, D)
    assert rm.tolist() == [True, False] and cm.tolist() == [True, False]
    assert rd[0] == 1.0 and np.isnan(rd[1])


def test_optimal_and_maximum_find_both_pairs():
    for rm, rd, cm, cd in (sm.match_optimal(2, 2, R, C, D, 12.5),
                           sm.match_maximum(2, 2, R, C, D)):
        assert rm.all() and cm.all()
        # a0-c1 (2) and a1-c0 (2)
        assert rd.tolist() == [2.0, 2.0]


def test_within_is_many_to_one():
    rm, rd, cm, cd = sm.match_within(3, 2, np.array([0, 1, 2]), np.array([0, 0, 0]),
                                     np.array([3.0, 1.0, 2.0]))
    assert rm.all() and cm.tolist() == [True, False]
    assert cd[0] == 1.0


def test_optimal_prefers_the_cheaper_of_equal_size_matchings():
    # diagonal costs 1 + 1, anti-diagonal 3 + 3
    r, c, d = np.array([0, 0, 1, 1]), np.array([0, 1, 0, 1]), np.array([1.0, 3.0, 3.0, 1.0])
    rm, rd, cm, cd = sm.match_optimal(2, 2, r, c, d, 12.5)
    assert rd.tolist() == [1.0, 1.0]


def _brute(nr, nc, r, c, d):
    """(max cardinality, min total distance among them) by enumeration."""
    best = (0, 0.0)
    edges = list(zip(r, c, d))
    for k in range(min(nr, nc), 0, -1):
        costs = [sum(e[2] for e in sub) for sub in itertools.combinations(edges, k)
                 if len({e[0] for e in sub}) == k and len({e[1] for e in sub}) == k]
        if costs:
            return k, min(costs)
    return best


def _sequential_greedy(nr, nc, r, c, d):
    used_r, used_c, n = set(), set(), 0
    for k in np.lexsort((c, r, d)):
        if r[k] not in used_r and c[k] not in used_c:
            used_r.add(r[k])
            used_c.add(c[k])
            n += 1
    return n


def _random_instance(g):
    nr, nc = g.integers(1, 6, 2)
    cells = [(i, j) for i in range(nr) for j in range(nc)]
    k = g.integers(1, len(cells) + 1)
    pick = g.choice(len(cells), k, replace=False)
    r = np.array([cells[i][0] for i in pick])
    c = np.array([cells[i][1] for i in pick])
    d = np.round(g.uniform(0, 10, k), 1)  # rounded: ties happen
    o = np.lexsort((c, r))
    return nr, nc, r[o], c[o], d[o]


@pytest.mark.parametrize("seed", range(60))
def test_against_brute_force(seed, monkeypatch):
    nr, nc, r, c, d = _random_instance(np.random.default_rng(seed))
    k, cost = _brute(nr, nc, r, c, d)
    for dense in (True, False):
        monkeypatch.setattr(sm, "DENSE_CELLS", 10**9 if dense else 0)
        rm, rd, cm, cd = sm.match_optimal(nr, nc, r, c, d, 10.0)
        assert rm.sum() == cm.sum() == k
        assert np.nansum(rd) == pytest.approx(cost)
    rm, _, cm, _ = sm.match_maximum(nr, nc, r, c, d)
    assert rm.sum() == cm.sum() == k
    rm, _, cm, _ = sm.match_greedy(nr, nc, r, c, d)
    assert rm.sum() == cm.sum() == _sequential_greedy(nr, nc, r, c, d)


def test_greedy_long_chain_falls_back_to_sequential():
    # a chain a_i - c_i at distance 100 - i and c_i - a_(i+1) at 100 - i - 0.5: every
    # round removes only the chain's closest end, so > 64 rounds are needed
    n = 100
    r = np.concatenate([np.arange(n), np.arange(1, n)])
    c = np.concatenate([np.arange(n), np.arange(n - 1)])
    d = np.concatenate([100.0 - np.arange(n), 100.0 - np.arange(n - 1) - 0.5])
    o = np.lexsort((c, r))
    r, c, d = r[o], c[o], d[o]
    rm, _, cm, _ = sm.match_greedy(n, n, r, c, d)
    assert rm.sum() == _sequential_greedy(n, n, r, c, d)


def test_empty_candidates():
    z = np.zeros(0, np.int64)
    for f in (sm.match_within, sm.match_greedy, sm.match_maximum):
        rm, rd, cm, cd = f(3, 2, z, z, np.zeros(0))
        assert not rm.any() and not cm.any() and len(rd) == 3 and len(cd) == 2
    rm, _, cm, _ = sm.match_optimal(3, 2, z, z, np.zeros(0), 10.0)
    assert not rm.any()



def _ladder(levels):
    """Two vertices per level on each side, every vertex joined to both
    vertices of its own and of the next level: the layered shape of two
    parallel roads sampled every few metres (the shape on which scipy's
    Hopcroft-Karp search takes exponential time, scipy issue #26147), with
    the last level's columns removed so that no perfect matching exists."""
    r, c = [], []
    for lv in range(levels):
        for a in (2 * lv, 2 * lv + 1):
            for b in (2 * lv, 2 * lv + 1, 2 * lv + 2, 2 * lv + 3):
                if b < 2 * levels - 2:
                    r.append(a)
                    c.append(b)
    r, c = np.array(r), np.array(c)
    o = np.lexsort((c, r))
    return 2 * levels, 2 * levels - 2, r[o], c[o]


def test_maximum_and_optimal_on_a_long_ladder():
    # 2 x 60 rows, 118 columns: every column can be matched (118 pairs)
    nr, nc, r, c = _ladder(60)
    d = np.abs(r - c).astype(float)
    rm, _, cm, _ = sm.match_maximum(nr, nc, r, c, d)
    assert rm.sum() == cm.sum() == nc
    rm, rd, cm, _ = sm.match_optimal(nr, nc, r, c, d, 10.0)
    assert rm.sum() == nc
    # column j takes row j (distance 0) in the cheapest one
    assert np.nansum(rd) == 0.0


@pytest.mark.parametrize("seed,edges", [(5, 1500), (6, 400), (7, 260), (8, 3000), (9, 120)])
def test_maximum_matching_is_a_maximum_matching(seed, edges):
    g = np.random.default_rng(seed)
    nr, nc = 300, 250
    r = g.integers(0, nr, edges)
    c = g.integers(0, nc, edges)
    key = np.unique(r * nc + c)
    r, c = key // nc, key % nc
    mr, mc = sm.maximum_matching(nr, nc, r, c)
    assert len(set(mr.tolist())) == len(mr) and len(set(mc.tolist())) == len(mc)
    assert set(zip(mr.tolist(), mc.tolist())) <= set(zip(r.tolist(), c.tolist()))
    # same size as an exact assignment (dense, unit costs)
    cost = np.ones((nr, nc))
    cost[r, c] = 0.0
    from scipy.optimize import linear_sum_assignment
    x, y = linear_sum_assignment(cost)
    assert len(mr) == int((cost[x, y] == 0).sum())


def test_maximum_matching_long_augmenting_path():
    # rows i - columns i and i + 1; the warm start gives row i column i for
    # i < n - 1 ... unless row 0 can only take column 1: then every pair must
    # shift along one path of length 2n
    n = 200
    r = np.concatenate([np.arange(1, n), np.arange(n), [n]])
    c = np.concatenate([np.arange(1, n), np.arange(1, n + 1), [0]])
    key = np.unique(r * (n + 2) + c)
    r, c = key // (n + 2), key % (n + 2)
    mr, mc = sm.maximum_matching(n + 1, n + 1, r, c)
    assert len(mr) == n + 1


@pytest.mark.parametrize("seed", range(5))
def test_maximum_matching_does_not_depend_on_the_candidates_order(seed):
    # candidates usually come sorted by (row, column) and are then not sorted
    # again; in any other order they are: the same matching either way
    g = np.random.default_rng(seed)
    nr, nc = 120, 100
    key = np.unique(g.integers(0, nr, 600) * nc + g.integers(0, nc, 600))
    r, c = key // nc, key % nc
    assert sm._sorted_pairs(r, c)
    mr, mc = sm.maximum_matching(nr, nc, r, c)
    o = g.permutation(len(r))
    assert not sm._sorted_pairs(r[o], c[o])
    mr2, mc2 = sm.maximum_matching(nr, nc, r[o], c[o])
    assert np.array_equal(mr, mr2) and np.array_equal(mc, mc2)


def test_maximum_matching_with_saturated_components():
    # a component with more rows than columns keeps free rows that no path can
    # serve (they are not searched from again), next to a ladder whose long
    # augmenting path must still be found
    nr, nc, r, c = _ladder(30)
    star_r = nr + np.arange(5)  # five rows, one column: one pair
    star_c = np.full(5, nc)
    r2 = np.concatenate([r, star_r])
    c2 = np.concatenate([c, star_c])
    mr, mc = sm.maximum_matching(nr + 5, nc + 1, r2, c2)
    assert len(mr) == nc + 1
    assert sorted(mc.tolist()) == list(range(nc + 1))
