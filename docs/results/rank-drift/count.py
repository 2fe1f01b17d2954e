#!/usr/bin/env python3
"""The drift the verdict speaks of (RankVerdict.drift), recomputed from every committed ranking's JSON under docs/results:
per ranking, the last quarter's rounds' pace over the first quarter's (each round's pace the mean over its candidates'
counted slices of ln(rows/s) about that candidate's own mean), from 16 rounds. Usage, from docs/results/rank-drift:
python3 count.py > count.txt; the last two lines count the rankings it would speak of at 1.25 and at 1.15."""
import json, math, glob, os
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
at125 = at115 = n = 0
for f in sorted(glob.glob('**/*.json', recursive=True)):
    try: v = json.load(open(f))
    except Exception: continue
    if not isinstance(v, dict) or 'rankings' not in v: continue
    for r in v['rankings']:
        rounds = r.get('rounds', [])
        sums = {}
        for rd in rounds:
            for x in rd['slices']:
                if not x.get('compiling') and x.get('rowsPerSecond', 0) and x['rowsPerSecond'] > 0:
                    s = sums.setdefault(x['candidate'], [0, 0]); s[0] += math.log(x['rowsPerSecond']); s[1] += 1
        paces = []
        for rd in rounds:
            xs = [math.log(x['rowsPerSecond']) - sums[x['candidate']][0]/sums[x['candidate']][1] for x in rd['slices'] if not x.get('compiling') and x.get('rowsPerSecond', 0) and x['rowsPerSecond'] > 0]
            if xs: paces.append(sum(xs)/len(xs))
        q = len(paces)//4
        if q < 4: continue
        ch = math.exp(sum(paces[-q:])/q - sum(paces[:q])/q)
        n += 1
        at125 += ch >= 1.25 or ch <= 0.8
        at115 += ch >= 1.15 or ch <= 1 / 1.15
        print(f"{ch:.3f} {len(paces):3d} rounds {f} at {r['rows']} rows")
print(f"{at125} of {n} at 1.25 either way")
print(f"{at115} of {n} at 1.15 either way")
