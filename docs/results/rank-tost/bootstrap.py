#!/usr/bin/env python3
"""How often a two-candidate A/A ranking ties under the old tie rule and under TOST, at the fork-to-fork noise of
measured periods: each simulated ranking draws its fork means (12 rounds each) from the measured A/A rankings' fork
means, centred per ranking (their heavy tails kept), and looks as ./bench rank does (after forks 3, 4, 5, 7, 9, 12,
15, 19, ..., the k-th interim look spending (alpha/2)*5/((k+4)(k+5)); a final look at the last fork spending the rest).
23 forks: what the default 10-minute budget held on the second VM. Needs numpy and scipy.
Usage: python3 bootstrap.py [RANKINGS]   (from the repository's root)"""
import json, math, sys
import numpy as np
from scipy import stats

PERIODS = {
    'first VM (rank-final aa-1..20)': [f'docs/results/rank-final/aa-{i}.json' for i in range(1, 21)],
    'second VM, quiet (rank-together aa-1..4)': [f'docs/results/rank-together/aa-{i}.json' for i in range(1, 5)],
    'second VM, noisy (rank-together aa-5..13)': [f'docs/results/rank-together/aa-{i}.json' for i in range(5, 14)],
}


def centred_fork_means(path):
    by_fork = {}
    for rd in json.load(open(path))['rankings'][0]['rounds']:
        rates = {s['candidate']: s['rowsPerSecond'] for s in rd['slices']
                 if s.get('rowsPerSecond') and not s.get('compiling', False)}
        if len(rates) == 2:
            by_fork.setdefault(rd['fork'], []).append(math.log(rates['a'] / rates['b']))
    means = np.array([np.mean(v) for v in by_fork.values()])
    return means - means.mean()


def ranking(pool, rng, tost, forks=23, alpha=0.05, k_offset=4, delta=0.03):
    margin, means, look, spent, next_look = math.log(1 + delta), [], 0, 0.0, 3
    while len(means) < forks:
        means.append(rng.choice(pool))
        n = len(means)
        last = n == forks
        if n < next_look and not last:
            continue
        look += 1
        share = alpha - spent if last else alpha / 2 * (k_offset + 1) / ((look + k_offset) * (look + k_offset + 1))
        spent += share
        next_look = max(n + 1, math.ceil(n * 1.25))
        m, se = np.mean(means), np.std(means, ddof=1) / math.sqrt(n)
        t = stats.t.isf(share / 2, n - 1)
        t_tie = stats.t.isf(share, n - 1) if tost else t
        if m - t_tie * se >= -margin and m + t_tie * se <= margin:
            return 'tie'
        if m - t * se > 0 or m + t * se < 0:
            return 'order'
    return 'unsettled'


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = np.random.default_rng(1)
    print(f'{runs} simulated A/A rankings per line, 23 forks at most')
    print('| fork means drawn from | forks | their sd | rule | tie | order claimed | unsettled |')
    print('|---|---:|---:|---|---:|---:|---:|')
    for period, files in PERIODS.items():
        pool = np.concatenate([centred_fork_means(f) for f in files])
        for tost in (False, True):
            counts = {'tie': 0, 'order': 0, 'unsettled': 0}
            for _ in range(runs):
                counts[ranking(pool, rng, tost)] += 1
            print(f'| {period} | {len(pool)} | {pool.std(ddof=1):.3f} | {"TOST" if tost else "old"} '
                  f'| {counts["tie"] / runs:.1%} | {counts["order"] / runs:.1%} | {counts["unsettled"] / runs:.1%} |')


if __name__ == '__main__':
    main()
