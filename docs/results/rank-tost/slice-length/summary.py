#!/usr/bin/env python3
"""Per ranking of run.sh: rounds, the spread of a round's ln ratio within its fork (BINARY/TEXT, BINARY/CSV), and what
that spread costs per second of the ranking: spread^2 x seconds per round (the variance of the mean ln ratio over one
second's rounds; lower is better). Usage: summary.py FILE.json..."""
import collections, json, math, statistics as st, sys

print("| slice | seed | rounds (forks) | seconds per round | round spread BINARY/TEXT, BINARY/CSV | spread² × s per round |")
print("|---|---:|---:|---:|---|---|")
for f in sys.argv[1:]:
    d = json.load(open(f))
    spreads = []
    for a, b in (("COPY_BINARY", "COPY_TEXT"), ("COPY_BINARY", "COPY_CSV")):
        forks = collections.defaultdict(list)
        for r in d["rounds"]:
            s = {x["candidate"]: x for x in r["slices"]}
            if a in s and b in s and not s[a]["compiling"] and not s[b]["compiling"]:
                forks[r["fork"]].append(math.log(s[a]["rowsPerSecond"] / s[b]["rowsPerSecond"]))
        spreads.append(math.sqrt(st.mean(st.variance(v) for v in forks.values() if len(v) > 1)))
    rounds = len(d["rounds"])
    per = d["elapsedSeconds"] / rounds
    print(f"| {int(d['sliceSeconds'] * 1000)} ms | {d['seed']} | {rounds} ({len(set(r['fork'] for r in d['rounds']))}) | "
          f"{per:.2f} | {spreads[0]:.3f}, {spreads[1]:.3f} | {spreads[0] ** 2 * per:.4f}, {spreads[1] ** 2 * per:.4f} |")
