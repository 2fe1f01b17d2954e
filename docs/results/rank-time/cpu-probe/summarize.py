#!/usr/bin/env python3
# The probe's speed (work per CPU second, relative to its median) on each vCPU: spread, autocorrelation, how the two
# vCPUs move together, and the spread over longer windows (run in this directory).
import json, statistics as st, bisect
def load(f):
    x = json.load(open(f)); m = st.median([v for t, v in x]); return [(t, v / m) for t, v in x]
a, b = load('cpu0.json'), load('cpu1.json')
va = [v for t, v in a]
ac = lambda x, k: st.correlation(x[:-k], x[k:])
print('vCPU 0, windows of 50 ms: n', len(va), 'sd %.3f' % st.stdev(va), 'p5 %.2f' % sorted(va)[len(va) // 20],
      'autocorrelation at lags 1, 2, 5, 10, 20, 40:', [round(ac(va, k), 2) for k in (1, 2, 5, 10, 20, 40)])
tb = [t for t, v in b]
pairs = [(v, b[i][1]) for t, v in a for i in [bisect.bisect_left(tb, t)] if 0 < i < len(tb)]
print('vCPU 0 against vCPU 1 at the same moment: correlation %.2f' % st.correlation([p[0] for p in pairs], [p[1] for p in pairs]))
for w in (1, 5, 10, 20, 40):
    g = [st.mean(va[i:i + w]) for i in range(0, len(va) - w + 1, w)]
    print('windows of %4d ms: sd %.3f' % (w * 50, st.stdev(g)))
