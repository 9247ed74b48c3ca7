"""Viterbi alignment of a sequence of points to candidate states, with an
'unmatched' state (OPT-P, Citraro et al. ECCV 2020, appendix; reference code
lcit/metrics_delin).

Each point t has its candidate states (emission cost: squared distance to the
candidate) and one unmatched state (emission cost 0).  A transition between
candidates of consecutive points is free when it is listed in the free pairs
(the candidates are connected in the other network, see core/metrics/paths/corridor.py);
every other transition, including any from or to the unmatched state, costs
``penalty[t]``.  The minimum total cost alignment is returned.
"""
from __future__ import annotations

import numpy as np


def viterbi(n, cptr, emission, pa, pb, pt, penalty) -> tuple[np.ndarray, np.ndarray]:
    """``n`` points; candidates of point t are cptr[t]:cptr[t+1] (indices
    into ``emission``); free pairs (pa[i], pb[i]) for transition pt[i]
    (sorted by pt); ``penalty`` per transition (n - 1,).

    Returns (state, pair): the chosen candidate of each point (-1 =
    unmatched) and, per transition, the index of the free pair used (-1 when
    the transition is not free).  Ties go to candidates over 'unmatched', to
    free transitions over penalised ones, then to the lowest index.

    A point has few candidates, so the recursion runs on Python lists (a
    few microseconds per point, where numpy calls on tiny arrays would cost
    tens)."""
    m = len(emission)
    state = np.full(n, -1, dtype=np.int64)
    pair = np.full(max(n - 1, 0), -1, dtype=np.int64)
    if n == 0 or m == 0:
        return state, pair
    cptr = np.asarray(cptr).tolist()
    em = np.asarray(emission, dtype=float).tolist()
    pen = np.asarray(penalty, dtype=float).tolist()
    pa_l, pb_l = np.asarray(pa).tolist(), np.asarray(pb).tolist()
    ppt = np.searchsorted(pt, np.arange(n + 1)).tolist() if len(pt) else [0] * (n + 1)
    cost = [0.0] * m
    back_c = [-1] * m
    back_p = [-1] * m
    back_u = [-1] * n
    for c in range(cptr[0], cptr[1]):
        cost[c] = em[c]
    unm = 0.0
    for t in range(n - 1):
        a0, a1, b1 = cptr[t], cptr[t + 1], cptr[t + 2]
        best, arg = unm, -1
        for j in range(a0, a1):
            if cost[j] < best or (arg < 0 and cost[j] == best):
                best, arg = cost[j], j
        back_u[t + 1] = arg
        base = best + pen[t]
        if b1 > a1:
            vals = [base] * (b1 - a1)
            bc = [arg] * (b1 - a1)
            bp = [-1] * (b1 - a1)
            for i in range(ppt[t], ppt[t + 1]):
                a, k = pa_l[i], pb_l[i] - a1
                v = cost[a]
                if v < vals[k] or (v == vals[k] and (bp[k] < 0 or a < bc[k])):
                    vals[k], bc[k], bp[k] = v, a, i
            for k in range(b1 - a1):
                cost[a1 + k] = em[a1 + k] + vals[k]
                back_c[a1 + k] = bc[k]
                back_p[a1 + k] = bp[k]
        unm = base
    cur = -1
    best = unm
    for j in range(cptr[n - 1], cptr[n]):
        if cost[j] < best or (cur < 0 and cost[j] == best):
            best, cur = cost[j], j
    state[n - 1] = cur
    for t in range(n - 2, -1, -1):
        if cur >= 0:
            pair[t] = back_p[cur]
            cur = back_c[cur]
        else:
            cur = back_u[t + 1]
        state[t] = cur
    return state, pair
