#!/usr/bin/env python3
"""How much speed of its own a fork has, in the shop dump rankings (docs/rank.md, "Two levers that do not settle it
sooner"). Per ranking and pair (COPY_BINARY against COPY_TEXT and COPY_CSV): sigma^2, a round's variance of the ln
ratio about its fork's mean, pooled over forks; Cochran's Q of the fork means weighted by their rounds; and
phi = tau^2 / sigma^2, tau^2 by DerSimonian and Laird (1986), the fork's own variance over a round's.
Slices left out as compiling are left out here too. Usage: fork-variance.py RANK.json..."""
import collections, json, math, statistics as st, sys

print("| ranking | pair | forks | Q (df) | phi |")
print("|---|---|---:|---|---:|")
for f in sys.argv[1:]:
    d = json.load(open(f))
    if "rounds" not in d or not d["rounds"]:
        continue
    for a, b in (("COPY_BINARY", "COPY_TEXT"), ("COPY_BINARY", "COPY_CSV")):
        forks = collections.defaultdict(list)
        for r in d["rounds"]:
            s = {x["candidate"]: x for x in r["slices"]}
            if a in s and b in s and not s[a].get("compiling") and not s[b].get("compiling"):
                forks[r["fork"]].append(math.log(s[a]["rowsPerSecond"] / s[b]["rowsPerSecond"]))
        v = [x for x in forks.values() if len(x) > 1]
        if len(v) < 2:
            continue
        n = [len(x) for x in v]
        m = [st.mean(x) for x in v]
        s2 = sum(sum((y - st.mean(x)) ** 2 for y in x) for x in v) / (sum(n) - len(v))
        w = [k / s2 for k in n]
        m0 = sum(wi * mi for wi, mi in zip(w, m)) / sum(w)
        q = sum(wi * (mi - m0) ** 2 for wi, mi in zip(w, m))
        c = sum(w) - sum(wi * wi for wi in w) / sum(w)
        tau2 = max(0.0, (q - (len(v) - 1)) / c)
        print(f"| {f} | {b} | {len(v)} | {q:.1f} ({len(v) - 1}) | {tau2 / s2:.3f} |")
