import json, math, sys, collections
# sd of a round's ln(rows/s of COPY_BINARY / rows/s of X), less its fork's mean, over rounds where neither slice compiled
for f in sys.argv[1:]:
    v = json.load(open(f))
    names = {i: c['name'] for i, c in enumerate(v['candidates'])}
    idx = {n: i for i, n in names.items()}
    out = []
    for other in ('COPY_TEXT', 'COPY_CSV'):
        byfork = collections.defaultdict(list)
        for r in v['rounds']:
            s = {x['candidate']: x for x in r['slices']}
            a, b = s.get('COPY_BINARY'), s.get(other)
            if a and b and not a['compiling'] and not b['compiling']:
                byfork[r['fork']].append(math.log(a['rowsPerSecond'] / b['rowsPerSecond']))
        res = [x - sum(l) / len(l) for l in byfork.values() for x in l]
        n = len(res); k = len(byfork)
        sd = math.sqrt(sum(x * x for x in res) / (n - k))
        out.append(f"{other} {sd:.2f} ({n} rounds)")
    print(f, "; ".join(out))
