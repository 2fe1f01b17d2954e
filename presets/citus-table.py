#!/usr/bin/env python3
"""The citus preset's per-node table from its JMH JSON: for each table, number of writers, rows per call and loader,
rows/s with the table kept on the coordinator (distribution=local) and hashed over the workers (hash), and for the
hashed table each node's WAL bytes per row, commits and two-phase commits (prepared transactions) per call and
server CPU per row."""
import json, sys

entries = json.load(open(sys.argv[1]))
by = {}
for e in entries:
    p = e['params']
    writers = p.get('workers', '1')
    by[(p['shape'].lower(), int(writers), int(p['rows']), p['method'], p['distribution'])] = e


def metric(e, name):
    m = e['secondaryMetrics'].get(name)
    return None if m is None else m['score']


def num(v, digits=3):
    if v is None:
        return '–'
    if v >= 100:
        return f'{v:,.0f}'
    return f'{v:.{digits}g}'


def nodes(e, figure):
    return ' / '.join(num(metric(e, f'node.{n}.{figure}')) for n in ('coordinator', 'worker1', 'worker2'))


print('| table | writers | rows/call | method | rows/s local | rows/s hash | WAL B/row local | WAL B/row hash '
      '(coord. / w1 / w2) | commits/call hash | 2PC prepared/call hash | server CPU µs/row local | server CPU µs/row '
      'hash |')
print('|---|---:|---:|---|---:|---:|---:|---|---|---|---:|---|')
order = ['COPY_BINARY', 'COPY_TEXT', 'MULTI_ROW_VALUES', 'BATCH']
for key in sorted({k[:4] for k in by}, key=lambda k: (k[0] != 'users', k[1], k[2], order.index(k[3]))):
    local, hashed = by.get(key + ('local',)), by.get(key + ('hash',))
    if local is None or hashed is None:
        continue
    table, writers, rows, method = key
    print(f'| {table} | {writers} | {rows:,} | {method} | {num(metric(local, "rows"))} | {num(metric(hashed, "rows"))} '
          f'| {num(metric(local, "wal.bytes/row"))} | {nodes(hashed, "wal.bytes/row")} | {nodes(hashed, "commits/op")} '
          f'| {nodes(hashed, "prepared/op")} | {num(metric(local, "server.cpu/row"))} '
          f'| {nodes(hashed, "server.cpu/row")} |')
