#!/usr/bin/env python3
"""VALUES against UNNEST from the unnest-vs-values preset's JMH JSON: planning and execution time per call
(pg_stat_statements, means over the measured iterations), their sum's ratio, and the call's time (1 / score)."""
import json, sys
entries = json.load(open(sys.argv[1]))
by = {}
for e in entries:
    p = e['params']
    m = e['secondaryMetrics']
    by[(p['sql'], p['prepare'], p['shape'], int(p['rows']), p['method'])] = (
        m['plan.time/op']['score'], m['exec.time/op']['score'], 1000.0 / e['primaryMetric']['score'],
        m['plan.time/op']['scoreUnit'])
keys = sorted({k[:4] for k in by}, key=lambda k: (['literal', 'bind'].index(k[0]), k[1] != 'UNPREPARED', k[2], k[3]))
print('| sql | prepare | shape | rows | VALUES plan + exec ms | UNNEST plan + exec ms | VALUES ÷ UNNEST, plan + exec | call ms VALUES / UNNEST |')
print('|---|---|---|---:|---:|---:|---:|---:|')
for k in keys:
    v = by.get(k + ('MULTI_ROW_VALUES',))
    u = by.get(k + ('UNNEST',))
    if not v or not u:
        continue
    assert v[3] == 'ms/op', v[3]
    print(f'| {k[0]} | {k[1].lower().replace("_", "-")} | {k[2].lower()} | {k[3]:,} | {v[0]:.2f} + {v[1]:.2f} | {u[0]:.2f} + {u[1]:.2f} | '
          f'{(v[0] + v[1]) / (u[0] + u[1]):.2f} | {v[2]:.1f} / {u[2]:.1f} |')
