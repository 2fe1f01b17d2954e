#!/usr/bin/env python3
"""The pooler compatibility matrix from the pooler preset's JMH JSON and facts: per loader, per via and
prepareThreshold, rows/s (thousands) and server plans per call, or the failure's SQLSTATE."""
import json, re, sys
result = sys.argv[1]
# A trial that failed for a reason other than the pooler has no line of its own in the JSON or facts.
absent = sys.argv[2] if len(sys.argv) > 2 else ''
entries = json.load(open(result))
cells = {}
for e in entries:
    if not e['benchmark'].endswith('PoolerBenchmark.load'):
        continue
    p = e['params']
    rows_s = e['secondaryMetrics'].get('rows', {}).get('score')
    plans = e['secondaryMetrics'].get('plans/op', {}).get('score')
    conns = e['secondaryMetrics'].get('server.connections', {}).get('score')
    cells[(p['method'], p['via'], p['prepareThreshold'])] = ('ok', rows_s, plans, conns)
for line in open(result + '.server.jsonl'):
    d = json.loads(line)
    if 'failedThroughPooler' in d:
        p = d['params']
        cells[(p['method'], p['via'], p['prepareThreshold'])] = ('fail', d['failedThroughPooler'])
    elif 'missing' in d and d.get('benchmark', '').endswith('PoolerBenchmark.load'):
        p = d['params']
        cells[(p['method'], p['via'], p['prepareThreshold'])] = ('missing', d['missing'])
vias = ['direct', 'pgbouncer-session', 'pgbouncer-transaction']
# The run's order of methods; one that only failed (no JSON entry) comes after them.
methods = list(dict.fromkeys([e['params']['method'] for e in entries] + [k[0] for k in cells]))
head = '| method | ' + ' | '.join(f'{v.replace("pgbouncer-", "")}, {t}' for v in vias for t in ('5', '0')) + ' |'
print(head)
print('|---|' + '---:|' * 6)
for m in methods:
    row = []
    for v in vias:
        for t in ('5', '0'):
            c = cells.get((m, v, t))
            if c is None:
                row.append(absent)
            elif c[0] == 'ok':
                rs = c[1]
                plans = f'{c[2]:.0f}' if c[2] >= 1 else f'{c[2]:.2g}'
                rate = f'{rs / 1000:,.1f}k' if rs < 10_000 else f'{rs / 1000:,.0f}k'
                row.append(f'{rate}, {plans}' if rs else 'ok')
            elif c[0] == 'fail':
                lost = re.search(r'holds (\d+) rows but the loader reported (\d+)', c[1])
                if c[1].startswith('rows lost') and lost:
                    row.append(f'rows lost ({int(lost.group(1)):,} of {int(lost.group(2)):,} held)')
                    continue
                error = re.match(r'SQLSTATE (\w+): ERROR: (.*)', c[1])
                code, text = (error.group(1), error.group(2)) if error else ('?', c[1])
                short = ('statement ' + re.search(r'"S_\d+"', text).group(0) + ' ' + ('exists' if 'already exists' in text else 'mismatch')) if '"S_' in text else text[:30]
                row.append('fails ' + code + ' (' + short.replace('"', '') + ')')
            else:
                row.append('missing: ' + c[1][:50].replace('|', '\\|'))
    print(f'| {m} | ' + ' | '.join(row) + ' |')
