"""``roadmetrics compare-runs``: several methods' batch rows on the same
chips, compared (roadnetworkmetrics/_runs.py, core/analysis/paired.py)."""
from __future__ import annotations

import json
import sys

from ._errors import InputError

USAGE = "roadmetrics compare-runs ROWS_A ROWS_B [ROWS_C ...]"


def parser():
    from .cli import PROG, _Parser, add_ci_options
    p = _Parser(prog=f"{PROG} compare-runs", description=(
        "Compare methods scored on the same chips: each method's mean with a bootstrap "
        "interval, per pair of methods the mean difference with its paired interval, wins / "
        "ties / losses per chip, a paired test (Wilcoxon signed-rank; the sign test when a "
        "quarter of the chips or more are ties) with Holm's correction, and with three methods "
        "or more how often each takes each rank. The runs are batch rows files (.csv, .jsonl, "
        ".parquet) made alike (same metric, parameters, protocol, version): others are refused. "
        "Exit codes: 0 compared, 2 bad input, 3 compared but chips were left out (not in every "
        "run, or not scored in one; --allow-missing to accept), 1 internal error."))
    p.add_argument("runs", nargs="+", metavar="ROWS", help="batch rows files, one per method")
    p.add_argument("--names", metavar="A,B,...", help="the methods' names (default: the files' "
                   "names)")
    p.add_argument("--scores", default="all", metavar="S1,S2|all|headline",
                   help="scores compared (default all: every score with a better direction)")
    p.add_argument("--json", action="store_true", help="print the result as one JSON document")
    p.add_argument("--report", metavar="HTML", help="write an HTML report (error bars, pairs, "
                   "rank probabilities)")
    p.add_argument("--allow-missing", action="store_true",
                   help="exit 0 even when chips were left out")
    add_ci_options(p)
    return p


def run(argv: list) -> int:
    from .core.analysis.bootstrap import text
    from ._runs import compare_runs
    args = parser().parse_args(argv)
    if len(args.runs) < 2:
        raise InputError(f"compare-runs needs at least two rows files: {USAGE}")
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    scores = args.scores if args.scores in ("all", "headline") else \
        [s.strip() for s in args.scores.split(",") if s.strip()]
    res = compare_runs(*args.runs, names=names, scores=scores, level=args.ci_level,
                       resamples=args.ci_resamples, method=args.ci_method, seed=args.ci_seed,
                       report=args.report)
    s = res.summary
    for w in s["warnings"]:
        print(f"warning: {w}", file=sys.stderr)
    if args.json:
        print(json.dumps(res.to_dict()))
    else:
        _print(s, text)
    left = s["chips"]["total"] - s["chips"]["common"]
    failed = any("not scored" in w for w in s["warnings"])
    if (left or failed) and not args.allow_missing:
        print(f"roadmetrics: {left} chip(s) not in every run were left out of the comparison "
              f"(see the warning): exit 3 (--allow-missing to accept)", file=sys.stderr)
        return 3
    return 0


def _print(s: dict, text) -> None:
    st = s["settings"]
    print(f"compare-runs {s['metric']}: {', '.join(s['methods'])} on {s['chips']['common']} "
          f"common chip(s) of {s['chips']['total']}; intervals {st['method']} "
          f"{100 * st['level']:g} %, {st['resamples']} resamples, seed {st['seed']}")
    for score, b in s["scores"].items():
        arrow = "higher is better" if b["orientation"] > 0 else "lower is better"
        print(f"\n{score} ({arrow})")
        w = max(len(m["method"]) for m in b["methods"])
        ranks = {r["method"]: r["rank"] for r in b["ranking"]}
        probs = b.get("rank_probabilities") or {}
        for m in b["methods"]:
            first = f"  first in {100 * probs[m['method']][0]:.1f} %" if probs else ""
            print(f"  {ranks[m['method']]}. {m['method']:<{w}}  "
                  f"{text(m['mean'], m['ci_low'], m['ci_high'])}{first}")
        for p in b["pairs"]:
            verdict = f"{p['better']} better" if p["better"] else "no significant difference"
            print(f"  {p['b']} - {p['a']}: {text(p['mean_difference'], p['ci_low'], p['ci_high'])}"
                  f"  W/T/L {p['wins']}/{p['ties']}/{p['losses']}  {p['test']} p {p['p']:.3g}"
                  f"  Holm {p['p_holm']:.3g}  {verdict}")
    for a in s["agreement"]:
        print(f"agreement {a['a']} / {a['b']}: Kendall tau {a['kendall_tau']:.3g}, "
              f"ESR {a['esr']:.3g}")
