#!/usr/bin/env python3
"""One line per ranking of this directory: seed, settled, wall seconds (the verdict's own), forks, rounds, the
leader's pairs with COPY_TEXT and COPY_CSV, and the round spread (SD over rounds of ln(COPY_BINARY/COPY_TEXT) and of
ln(COPY_BINARY/COPY_CSV) rows/s within a round). Usage: summary.py DIR"""
import glob
import json
import math
import os
import statistics
import sys


def spread(rounds, a, b):
    logs = []
    for r in rounds:
        s = {x["candidate"]: x["rowsPerSecond"] for x in r["slices"]}
        if a in s and b in s and s[a] > 0 and s[b] > 0:
            logs.append(math.log(s[a] / s[b]))
    return statistics.stdev(logs) if len(logs) > 1 else float("nan")


for f in sorted(glob.glob(os.path.join(sys.argv[1], "table-*.json"))):
    v = json.load(open(f))
    r = v["rankings"][0]
    pairs = [p for p in r["pairs"] if {p["a"], p["b"]} & {"COPY_TEXT", "COPY_CSV"} and r["leader"] in (p["a"], p["b"])]
    said = []
    for p in pairs:
        ratio, low, high = (p["ratio"], p["low"], p["high"]) if p["a"] == r["leader"] else (1 / p["ratio"], 1 / p["high"], 1 / p["low"])
        other = p["b"] if p["a"] == r["leader"] else p["a"]
        claim = p["claim"] if p["a"] == r["leader"] else {"faster": "slower", "slower": "faster"}.get(p["claim"], p["claim"])
        said.append(f"{ratio:.2f}x {other} [{low:.2f}, {high:.2f}] {claim}")
    print(f"{os.path.basename(f)}: settled={v['settled']} elapsed={v['elapsedSeconds']:.0f}s forks={r['forks']} "
          f"rounds={len(r['rounds'])} leader={r['leader']}; " + "; ".join(said)
          + f"; spread TEXT {spread(r['rounds'], 'COPY_BINARY', 'COPY_TEXT'):.2f}, CSV {spread(r['rounds'], 'COPY_BINARY', 'COPY_CSV'):.2f}")
