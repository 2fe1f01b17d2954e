#!/usr/bin/env python3
"""The rates table from the rates preset's JSON (./bench --preset rates --json FILE): per method, rows per call and
asked rate, whether the rate was held, the rows/s achieved, call latency p50 / p99 / max (measured from each call's
scheduled start), the p99 schedule lag, the server's CPU in % of one core and its WAL fsyncs per row."""
import json, sys
cells = json.load(open(sys.argv[1]))
order = list(dict.fromkeys(c['plan']['method'] for c in cells))
cells.sort(key=lambda c: (order.index(c['plan']['method']), c['plan']['batch'], c['plan']['rowsPerSecond']))
print('| method | rows per call | asked rows/s | held | achieved rows/s | latency p50 / p99 / max ms | lag p99 ms '
      '| server CPU % of a core | WAL fsyncs/row |')
print('|---|---:|---:|---|---:|---:|---:|---:|---:|')
for c in cells:
    p, lat, s = c['plan'], c['latencyMs'], c['server']
    print(f"| {p['method']} | {p['batch']} | {p['rowsPerSecond']:,.0f} | {'yes' if c['held'] else '**no**'} "
          f"| {c['achievedRowsPerSecond']:,.0f} | {lat['p50']:.1f} / {lat['p99']:.1f} / {lat['max']:.0f} "
          f"| {c['scheduleLagMs']['p99']:.1f} | {s['cpuPercentOfOneCore']:.0f} | {s['walFsyncsPerRow']:.3f} |")
