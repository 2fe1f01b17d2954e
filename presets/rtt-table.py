#!/usr/bin/env python3
"""The round-trip table from the rtt preset's JMH JSON and facts: per method, ms per call at each added round trip
(1000 / JMH's score), the round trips per call it implies, (ms at R - ms at 0) / R measured, and the added round
trip each trial measured before it ran ("roundTrip" lines of the facts)."""
import json, sys
result = sys.argv[1]
ms, rtt = {}, {}
for e in json.load(open(result)):
    p = e['params']
    ms[(p['method'], float(p['rttMs']))] = 1000.0 / e['primaryMetric']['score']
for line in open(result + '.server.jsonl'):
    d = json.loads(line)
    if 'roundTrip' in d:
        rtt[(d['params']['method'], float(d['params']['rttMs']))] = d['roundTrip']['rttMeasuredMs']
methods = list(dict.fromkeys(k[0] for k in ms))
delays = sorted({k[1] for k in ms})
print('| method | ' + ' | '.join(f'ms/call at {d:g} ms' for d in delays) + ' | round trips per call at '
      + ' / '.join(f'{d:g}' for d in delays if d > 0) + ' ms |')
print('|---|' + '---:|' * (len(delays) + 1))
for m in methods:
    cells = [f'{ms[(m, d)]:,.1f}' if (m, d) in ms else 'refused' for d in delays]
    trips = [f'{(ms[(m, d)] - ms[(m, 0.0)]) / rtt[(m, d)]:.1f}' if (m, d) in ms and (m, 0.0) in ms and (m, d) in rtt
             else '—' for d in delays if d > 0]
    print(f'| {m} | ' + ' | '.join(cells) + ' | ' + ' / '.join(trips) + ' |')
print()
print('| method | ' + ' | '.join(f'measured at {d:g} ms' for d in delays if d > 0) + ' |')
print('|---|' + '---:|' * len([d for d in delays if d > 0]))
for m in methods:
    print(f'| {m} | ' + ' | '.join(f'+{rtt[(m, d)]:.3f}' if (m, d) in rtt else '—' for d in delays if d > 0) + ' |')
