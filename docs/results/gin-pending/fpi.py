#!/usr/bin/env python3
"""Full-page images per call in each slice of rank-variants.json, and per trial in trials.json (docs/rank.md, Limits).
Usage: fpi.py DIR"""
import json
import os
import sys

d = sys.argv[1]
v = json.load(open(os.path.join(d, "rank-variants.json")))
for c in v["candidates"]:
    slices = [(s["figures"]["wal.fpi/op"], int(s["figures"]["calls"])) for r in v["rounds"] for s in r["slices"]
              if s["candidate"] == c["name"]]
    with_fpi = [s for s in slices if s[0] > 0]
    print(f"ranking, {c['name']} ({' '.join(k + '=' + x for k, x in c.get('settings', {}).items()) or 'defaults'}): "
          f"{c['rowsPerSecond']:,.0f} rows/s, WAL {c['counted']['wal.bytes/row']:.0f} B/row; {len(with_fpi)} of "
          f"{len(slices)} slices with full-page images (per call {', '.join(f'{f:.1f}' for f, _ in with_fpi[:6])}), "
          f"calls per slice {min(n for _, n in slices)}-{max(n for _, n in slices)}"
          + (f", those with images {', '.join(str(n) for _, n in with_fpi[:6])}" if with_fpi else ""))
for e in json.load(open(os.path.join(d, "trials.json"))):
    s = e["secondaryMetrics"]
    p = e["params"]
    print(f"trial {p['method']} rows={p['rows']}: {s['wal.fpi/op']['score']:.2f} full-page images per call, "
          f"WAL {s['wal.bytes/row']['score']:.0f} B/row")
