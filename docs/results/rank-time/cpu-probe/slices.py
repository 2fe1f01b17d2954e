#!/usr/bin/env python3
# Per measured slice of the COPY methods in committed shop rankings (run from docs/results/rank-time/cpu-probe): the
# server's CPU, execution time and full-page images per slice (per-call figures times the calls), against its rows/s.
# A slow slice did as much server work in time as a fast one over fewer rows.
import json, statistics as st, math
FILES = ['../side-by-side/in-turns-shop-7.json', '../../rank-growing/table-shop-8.json', '../../rank-growing/table-shop-9.json']
for f in FILES:
    d = json.load(open(f)); r = d['rankings'][0]; secs = d['sliceSeconds']
    by = {}
    for rd in r['rounds']:
        for s in rd['slices']:
            F = s['figures']; rows = s['rowsPerSecond'] * secs; calls = F['score'] * secs
            by.setdefault(s['candidate'], []).append((s['rowsPerSecond'], F['server.cpu/row'] * rows / 1000,
                                                      F['exec.time/op'] * calls, F['wal.fpi/op'] * calls))
    for c in ('COPY_BINARY', 'COPY_CSV', 'COPY_TEXT'):
        v = sorted(by.get(c, []))
        if len(v) < 8:
            continue
        q = len(v) // 4
        slow, fast = v[:q], v[-q:]
        m = lambda xs, i: st.mean(x[i] for x in xs)
        print('%s %-11s slices %2d | slowest quarter: %6.0f rows/s, server CPU %3.0f ms, execution %3.0f ms, FPI %4.1f'
              ' | fastest quarter: %6.0f rows/s, server CPU %3.0f ms, execution %3.0f ms, FPI %4.1f'
              % (f.split('/')[-1], c, len(v), m(slow, 0), m(slow, 1), m(slow, 2), m(slow, 3), m(fast, 0), m(fast, 1),
                 m(fast, 2), m(fast, 3)))
