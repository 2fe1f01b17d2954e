#!/usr/bin/env python3
"""The final look of each committed ranking, replayed with comparisons with the best (Hsu's MCB) in place of
every pair of running candidates. Reads each pair's own figures from the JSON (ratio, forkSd, forks, degreesOfFreedom,
level); the earlier looks, the racing and the forks' schedule stay as they ran, so this says what the final look
alone would have claimed. Usage: replay.py RANKING.json...  (scipy for Student's t)."""
import json, math, sys
from itertools import combinations
from scipy.stats import t as student

def replay(path):
    d = json.load(open(path))
    delta = d['delta']
    for r in d['rankings']:
        running = [c['name'] for c in r['candidates'] if c['status'] == 'running']
        k = len(running)
        lead = r['leader']
        pairs = {}
        for p in r['pairs']:
            if p['a'] in running and p['b'] in running:
                pairs[(p['a'], p['b'])] = p
        m = k * (k - 1) // 2
        if k < 2 or len(pairs) != m or any(p['level'] is None for p in pairs.values()):
            print(f"{path}: {k} running, {len(pairs)} of {m} pairs: skipped")
            continue
        # Every final-look pair has the same share; an order's level is 1 - share, a tie's 1 - 2 share.
        shares = {round(1 - p['level'], 12) if p['claim'] != 'tie' else round((1 - p['level']) / 2, 12)
                  for p in pairs.values()}
        share = min(shares)
        alpha = share * m
        one_sided = alpha / (k - 1)
        settled_mcb = True
        lines = []
        for other in running:
            if other == lead:
                continue
            p = pairs.get((lead, other)) or pairs.get((other, lead))
            sign = 1 if p['a'] == lead else -1
            ln = sign * math.log(p['ratio'])
            se = p['forkSd'] / math.sqrt(p['forks'])
            q = student.isf(one_sided, p['degreesOfFreedom'])
            low, high = ln - q * se, ln + q * se
            if low > 0:
                claim = 'faster'
            elif low > -math.log(1 + delta) and high < math.log(1 + delta):
                claim = 'tie'
            else:
                claim = 'open'
                settled_mcb = False
            qb = student.isf(share / 2, p['degreesOfFreedom'])
            lines.append(f"  {lead} {math.exp(ln):.3f}x {other}: shipped [{math.exp(ln - qb * se):.3f}, "
                         f"{math.exp(ln + qb * se):.3f}] {p['claim'] if sign == 1 else {'faster': 'slower', 'slower': 'faster'}.get(p['claim'], p['claim'])}"
                         f"; MCB [{math.exp(low):.3f}, {math.exp(high):.3f}] {claim}")
        print(f"{path}: settled {r['settled']} as run; {k} running at the final look, alpha there {alpha:.4f}; "
              f"MCB one-sided {one_sided:.4f} against {share / 2:.5f}: settled {settled_mcb}")
        print("\n".join(lines))

for f in sys.argv[1:]:
    replay(f)
