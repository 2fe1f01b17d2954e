#!/usr/bin/env python3
# Per candidate of each ranking's JSON: its measured slices, how many its fork compiled in for more than SHARE of the
# slice (jit.time against the slice asked for, or the mean call where longer; not the rank's exact rule, which takes
# calls over calls per second and keeps a fork's slices when all compiled), the compile time's median, 90th percentile and largest, and
# the geometric mean of its rows/s over every slice and over the slices under the share. Usage: compiling-slices.py SHARE JSON...
import json, math, statistics as st, sys
SHARE = float(sys.argv[1])  # the share of a slice: 0.1 for a tenth, 0.25 for a quarter
for f in sys.argv[2:]:
    d = json.load(open(f))
    r = d['rankings'][0]
    slice_ms = d['sliceSeconds'] * 1000
    print('%s: settled %s, leader %s, %d forks' % (f, r['settled'], r['leader'], r['forks']))
    by = {}
    for rd in d['rounds']:
        for s in rd['slices']:
            score = s['figures'].get('score', 0)
            ms = max(slice_ms, 1000 / score) if score > 0 else slice_ms
            by.setdefault(s['candidate'], []).append((s['figures'].get('jit.time', 0), ms, s['rowsPerSecond']))
    for c, v in sorted(by.items(), key=lambda kv: -st.mean(math.log(x[2]) for x in kv[1])):
        jit = sorted(j for j, _, _ in v)
        steady = [x for j, ms, x in v if j <= SHARE * ms]
        gmean = lambda xs: math.exp(st.mean(math.log(x) for x in xs)) if xs else float('nan')
        print('  %-17s slices %3d, over the share %3d | jit.time ms median %5.1f, p90 %5.0f, max %5.0f | rows/s all %7.0f, '
              'under the share %7.0f' % (c, len(v), len(v) - len(steady), st.median(jit), jit[int(0.9 * (len(jit) - 1))],
                                       jit[-1], gmean([x for _, _, x in v]), gmean(steady)))
