#!/usr/bin/env python3
"""For every unsettled ranking committed under docs/results/rank-tost/, the least the leader's rows/s can be against
any candidate still open with it: the lowest low end of its pairs' intervals (as the verdict's "Chosen now" sentence
says it, from main 9e864c4 on). Run from docs/results/rank-tost: python3 chosen-now/replay.py"""
import glob
import json

for f in sorted(glob.glob('**/*.json', recursive=True)):
    try:
        v = json.load(open(f))
    except ValueError:
        continue
    if not isinstance(v, dict) or 'rankings' not in v:
        continue
    for r in v['rankings']:
        if r.get('settled'):
            continue
        leader, still_open = r['leader'], r.get('unsettled', [])
        lows = []
        for p in r.get('pairs', v.get('pairs')):
            if p['a'] == leader and p['b'] in still_open and p['low'] is not None:
                lows.append(p['low'])
            elif p['b'] == leader and p['a'] in still_open and p['high'] is not None:
                lows.append(1 / p['high'])
        print(f"{f}: {leader} leads, {len(still_open)} open; chosen now, at least {min(lows):.2f}x as fast as any of them")
