#!/usr/bin/env python3
"""Where a ranking's intervals get their width: for pairs of candidates in a verdict JSON (./bench rank --json), the
variance of a fork's mean log ratio split into the forks' own part and the rounds' part (one-way random effects,
method of moments). Usage: rank-variance.py VERDICT.json A:B [A:B ...]"""
import collections
import json
import math
import statistics
import sys

verdict = json.load(open(sys.argv[1]))
print('| pair | forks | rounds per fork | mean ratio | sd of fork means | sd of rounds within a fork | between-fork '
      'variance (estimate) | rounds\' share, var/n |')
print('|---|---:|---:|---:|---:|---:|---:|---:|')
for spec in sys.argv[2:]:
    a, b = spec.split(':')
    forks = collections.defaultdict(list)
    for round_ in verdict['rounds']:
        rate = {s['candidate']: s['rowsPerSecond'] for s in round_['slices']}
        if a in rate and b in rate:
            forks[round_['fork']].append(math.log(rate[a] / rate[b]))
    full = [v for v in forks.values() if len(v) > 1]
    n = statistics.mean(len(v) for v in full)
    means = [statistics.mean(v) for v in full]
    within = statistics.mean(statistics.variance(v) for v in full)
    between = statistics.variance(means) - within / n
    print(f'| {a} / {b} | {len(full)} | {n:g} | {math.exp(statistics.mean(means)):.3f} | '
          f'{statistics.stdev(means):.3f} | {math.sqrt(within):.3f} | {between:.4f} | {within / n:.4f} |')
