#!/usr/bin/env python3
"""Summary of presets/rank-campaign.sh: how often each A/A was a tie (and never an order), how often each planted
slowdown was ranked below its twin, with the rankings' own estimates and times to verdict; DIR/summary.md and .json."""
import glob
import json
import math
import os
import statistics
import sys

directory, aa, planted, sizes, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(), int(sys.argv[5])


def pair(v):
    p = v["pairs"][0]
    return (p["ratio"], p["low"], p["high"], p["claim"]) if p["a"] == "a" else (1 / p["ratio"], 1 / p["high"], 1 / p["low"],
                                                                                {"faster": "slower", "slower": "faster"}.get(p["claim"], p["claim"]))


def rows(prefix):
    out = []
    for f in sorted(glob.glob(os.path.join(directory, prefix + "*.json")), key=lambda f: int(f.rsplit("-", 1)[1][:-5])):
        v = json.load(open(f))
        ratio, low, high, claim = pair(v)
        r = v["rankings"][0]
        out.append({"file": os.path.basename(f), "ratio": ratio, "low": low, "high": high, "claim": claim,
                    "rounds": len(r["rounds"]), "forks": r.get("forks", 1), "settled": v["settled"],
                    "elapsedSeconds": v["elapsedSeconds"], "forkStartSeconds": r.get("forkStartSeconds", []),
                    "logRatiosByFork": by_fork(r)})
    return out


def by_fork(ranking):
    """Each fork's per-round ln(a/b), in rounds where both ran."""
    forks = {}
    for rd in ranking["rounds"]:
        s = {x["candidate"]: x["rowsPerSecond"] for x in rd["slices"]}
        if len(s) == 2 and all(v and v > 0 for v in s.values()):
            a, b = sorted(s)
            forks.setdefault(rd.get("fork", 1), []).append(math.log(s[a] / s[b]))
    return list(forks.values())


def components(rankings):
    """Variance components of ln(a/b) from A/A rankings (method of moments): within a fork, between a ranking's forks."""
    within = [statistics.variance(f) for r in rankings for f in r["logRatiosByFork"] if len(f) > 1]
    if not within:
        return None
    w = statistics.mean(within)
    n = statistics.mean(len(f) for r in rankings for f in r["logRatiosByFork"])
    between = [statistics.variance([statistics.mean(f) for f in r["logRatiosByFork"]]) for r in rankings
               if len(r["logRatiosByFork"]) > 1]
    fork = max(0.0, statistics.mean(between) - w / n) if between else float("nan")
    return {"roundSd": math.sqrt(w), "roundsPerFork": n, "forkMeanSd": math.sqrt(statistics.mean(between)) if between else None,
            "forkSd": math.sqrt(fork), "forkStartSeconds": statistics.median(x for r in rankings for x in r["forkStartSeconds"][1:])
            if any(len(r["forkStartSeconds"]) > 1 for r in rankings) else None}


summary = {"aa": rows("aa-"), "planted": {s: rows("planted-%s-" % s) for s in sizes}, "campaignSeconds": seconds}
if os.path.exists(os.path.join(directory, "calibration.json")):
    cal = json.load(open(os.path.join(directory, "calibration.json")))
    summary["calibration"] = {c["name"]: c["rowsPerSecond"] for c in cal["candidates"]}
lines = ["# Rank campaign", "", "Made by `presets/rank-campaign.sh` in %d min; every ranking's JSON beside this file." % round(seconds / 60), ""]
a = summary["aa"]
if a:
    ties = sum(1 for r in a if r["claim"] == "tie")
    orders = sum(1 for r in a if r["claim"] in ("faster", "slower"))
    lines += ["## A/A: two variants of the same method", "",
              "%d rankings: **%d tie**, %d unsettled, **%d claimed an order**; median %d rounds, median time to verdict %d s."
              % (len(a), ties, len(a) - ties - orders, orders, statistics.median(r["rounds"] for r in a),
                 statistics.median(r["elapsedSeconds"] for r in a)), ""]
    c = components(a)
    if c:
        summary["aaComponents"] = c
        lines += ["Where the A/A's variation lies (ln of a over b, method of moments): a round's standard deviation within "
                  "a fork %.1f %%; the fork means' %s over %.1f rounds each; so a fork's own speed adds %.1f %% (standard "
                  "deviation of the twins' ratio between forks)%s." % (100 * c["roundSd"],
                  "%.1f %%" % (100 * c["forkMeanSd"]) if c["forkMeanSd"] is not None else "n/a", c["roundsPerFork"],
                  100 * c["forkSd"], "; a generation of forks took a median %.1f s to start" % c["forkStartSeconds"]
                  if c["forkStartSeconds"] else ""), ""]
if any(summary["planted"].values()):
    lines += ["## Planted slowdowns: the twin with commit_delay", "", "| asked | rankings | ranked below its twin | tie | unsettled | "
          "mean estimate | median rounds | median time to verdict |", "|---:|---:|---:|---:|---:|---:|---:|---:|"]
for s, rs in summary["planted"].items():
    if not rs:
        continue
    below = sum(1 for r in rs if r["claim"] == "faster")
    ties = sum(1 for r in rs if r["claim"] == "tie")
    est = statistics.mean(1 - 1 / r["ratio"] for r in rs) * 100
    lines.append("| %s %% | %d | **%d** | %d | %d | %.1f %% | %d | %d s |" % (s, len(rs), below, ties, len(rs) - below - ties, est,
                 statistics.median(r["rounds"] for r in rs), statistics.median(r["elapsedSeconds"] for r in rs)))
lines += ["", "Estimate: 1 - (twin's rows/s over a's), the rankings' geometric mean ratio. Every ranking:", "",
          "| ranking | a over the other [interval] | claim | forks | rounds | seconds |", "|---|---:|---|---:|---:|---:|"]
for r in a + [r for rs in summary["planted"].values() for r in rs]:
    lines.append("| %s | %.3f [%.3f, %.3f] | %s | %d | %d | %d |" % (r["file"], r["ratio"], r["low"], r["high"], r["claim"],
                                                                   r["forks"], r["rounds"], r["elapsedSeconds"]))
open(os.path.join(directory, "summary.md"), "w").write("\n".join(lines) + "\n")
for r in summary["aa"] + [r for rs in summary["planted"].values() for r in rs]:
    del r["logRatiosByFork"]
json.dump(summary, open(os.path.join(directory, "summary.json"), "w"), indent=2)
print("\n".join(lines))
