#!/usr/bin/env python3
"""Replays the looks of two-candidate rankings from the rounds their JSON holds, under two rules for a tie: the
order's interval inside the margin (main before 2026-11-28's change) and two one-sided tests (the tie's interval at
twice the look's error rate). The looks come after forks 3, 4, 5, 7, 9, 12, 15, 19, ... (interim, the k-th spending
(alpha/2)*5/((k+4)(k+5))) and at the ranking's last fork when the JSON says it had a final look (the rest of alpha).
A TOST ranking stops no later than the recorded one and looks at the same forks until then, so its verdict on these
rounds is exact, not simulated. The first rule's replay must give the recorded claim at the recorded fork: the script
says MISMATCH where it does not. The TOST verdict's time is the recorded one scaled by forks (a fork's start and
its rounds cost alike throughout; setup is in both). Needs numpy and scipy.
Usage: python3 replay.py FILE.json...   (rankings of exactly two candidates, with every round in the JSON)"""
import json, math, sys
import numpy as np
from scipy import stats


def fork_means(ranking):
    by_fork = {}
    for rd in ranking['rounds']:
        rates = {s['candidate']: s['rowsPerSecond'] for s in rd['slices']
                 if s.get('rowsPerSecond') and not s.get('compiling', False)}
        if len(rates) == 2:
            a, b = sorted(rates)
            by_fork.setdefault(rd['fork'], []).append(math.log(rates[a] / rates[b]))
    return [float(np.mean(by_fork[f])) for f in sorted(by_fork)]


def replay(means, final, tost, alpha=0.05, k_offset=4, delta=0.03):
    margin, spent, look, next_look, verdict = math.log(1 + delta), 0.0, 0, 3, None
    for n in range(3, len(means) + 1):
        last = final and n == len(means)
        if n < next_look and not last:
            continue
        look += 1
        share = alpha - spent if last else alpha / 2 * (k_offset + 1) / ((look + k_offset) * (look + k_offset + 1))
        spent += share
        next_look = max(n + 1, math.ceil(n * 1.25))
        m, se = np.mean(means[:n]), np.std(means[:n], ddof=1) / math.sqrt(n)
        t = stats.t.isf(share / 2, n - 1)
        t_tie = stats.t.isf(share, n - 1) if tost else t
        if m - t_tie * se >= -margin and m + t_tie * se <= margin:
            claim = 'tie'
        elif m - t * se > 0:
            claim = 'faster'
        elif m + t * se < 0:
            claim = 'slower'
        else:
            claim = 'unsettled'
        verdict = (claim, n, math.exp(m))
        if claim != 'unsettled':
            break
    return verdict


def main():
    print('| ranking | recorded | forks | seconds | TOST | forks | about seconds | ratio at the TOST verdict |')
    print('|---|---|---:|---:|---|---:|---:|---:|')
    for f in sys.argv[1:]:
        v = json.load(open(f))
        if len(v.get('rankings', [])) != 1 or len(v['rankings'][0]['candidates']) != 2:
            continue
        r = v['rankings'][0]
        means = fork_means(r)
        before = replay(means, r['finalLook'], False)
        after = replay(means, r['finalLook'], True)
        recorded = v['pairs'][0]['claim']
        if (before[0], before[1]) != (recorded, r['forks']):
            print(f'MISMATCH {f}: replayed {before[0]} after {before[1]} forks, recorded {recorded} after {r["forks"]}')
        name = '/'.join(f.split('/')[-2:])
        seconds = r['elapsedSeconds']
        print(f'| {name} | {before[0]} | {before[1]} | {seconds:.0f} | {after[0]} | {after[1]} '
              f'| {seconds * after[1] / before[1]:.0f} | {after[2]:.3f} |')


if __name__ == '__main__':
    main()
