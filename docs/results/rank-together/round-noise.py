#!/usr/bin/env python3
"""How noisy each two-candidate ranking's rounds were: per ranking, the median over its forks of the standard deviation
of a round's ln(a/b) within a fork (slices left out as compiling excluded), and its slices that ran at less than half
their candidate's median in the same fork (stalls). Usage: round-noise.py FILE.json..."""
import json
import math
import statistics
import sys

for path in sys.argv[1:]:
    v = json.load(open(path))
    if "rounds" not in v or len(v.get("candidates", [])) != 2:
        continue
    by_fork, slices = {}, {}
    for rd in v["rounds"]:
        kept = {s["candidate"]: s["rowsPerSecond"] for s in rd["slices"]
                if s.get("rowsPerSecond") and not s.get("compiling", False)}
        for c, r in kept.items():
            slices.setdefault((c, rd["fork"]), []).append(r)
        if len(kept) == 2:
            a, b = sorted(kept)
            by_fork.setdefault(rd["fork"], []).append(math.log(kept[a] / kept[b]))
    sd = statistics.median(statistics.stdev(x) for x in by_fork.values() if len(x) > 2)
    stalls = sorted(r / statistics.median(rs) for rs in slices.values() for r in rs if r < statistics.median(rs) / 2)
    p = v["pairs"][0]
    print(f"{path.rsplit('/', 1)[-1]:20} {p['claim']:9} {p['ratio']:.3f} [{p['low']:.3f}, {p['high']:.3f}] "
          f"forks {p['forks']:2}  round sd {sd:.3f}  stalls {len(stalls)}"
          + (" (" + ", ".join(f"{s:.2f}" for s in stalls) + ")" if stalls else ""))
