#!/usr/bin/env python3
"""The pooler compatibility matrix from the pooler preset's JMH JSON and facts: per loader, per via, prepareThreshold
and (PgBouncer 1.25's part) max_prepared_statements, rows/s (thousands) and server plans per call, or the failure's
SQLSTATE."""
import json, re, sys
result = sys.argv[1]
# A trial that failed for a reason other than the pooler has no line of its own in the JSON or facts.
absent = sys.argv[2] if len(sys.argv) > 2 else ''
entries = json.load(open(result))
cells = {}


def column(p):
    return (p['via'], p['prepareThreshold'], p.get('maxPreparedStatements', 'default'))


for e in entries:
    if not e['benchmark'].endswith('PoolerBenchmark.load'):
        continue
    p = e['params']
    rows_s = e['secondaryMetrics'].get('rows', {}).get('score')
    plans = e['secondaryMetrics'].get('plans/op', {}).get('score')
    conns = e['secondaryMetrics'].get('server.connections', {}).get('score')
    cells[(p['method'], column(p))] = ('ok', rows_s, plans, conns)
for line in open(result + '.server.jsonl'):
    d = json.loads(line)
    if 'failedThroughPooler' in d:
        p = d['params']
        cells[(p['method'], column(p))] = ('fail', d['failedThroughPooler'])
    elif 'missing' in d and d.get('benchmark', '').endswith('PoolerBenchmark.load'):
        p = d['params']
        cells[(p['method'], column(p))] = ('missing', d['missing'])
vias = ['direct', 'pgbouncer-session', 'pgbouncer-transaction']
columns = [(v, t, 'default') for v in vias for t in ('5', '0')]
# PgBouncer 1.25's part: transaction mode with max_prepared_statements set
columns += sorted({c for _, c in cells if c[2] != 'default'}, key=lambda c: (int(c[2]), -int(c[1])))
# The run's order of methods; one that only failed (no JSON entry) comes after them.
methods = list(dict.fromkeys([e['params']['method'] for e in entries] + [k[0] for k in cells]))


def label(c):
    via = c[0].replace('pgbouncer-', '')
    return f'{via}, {c[1]}' if c[2] == 'default' else f'1.25 {via} mps {c[2]}, {c[1]}'


print('| method | ' + ' | '.join(label(c) for c in columns) + ' |')
print('|---|' + '---:|' * len(columns))
for m in methods:
    row = []
    for col in columns:
        c = cells.get((m, col))
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
