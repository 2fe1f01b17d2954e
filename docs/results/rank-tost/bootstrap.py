#!/usr/bin/env python3
"""How often a two-candidate A/A ranking ties under the old tie rule and under TOST, at the fork-to-fork noise of
measured periods: each simulated ranking draws its fork means (12 rounds each) from the measured A/A rankings' fork
means, centred per ranking (their heavy tails kept), and looks as ./bench rank does (after forks 3, 4, 5, 7, 9, 12,
15, 19, ..., the k-th interim look spending (alpha/2)*5/((k+4)(k+5)); a final look at the last fork spending the rest:
replay.py's looks and claims).
23 forks: what the default 10-minute budget held on the second VM. Needs numpy and scipy.
Usage: python3 bootstrap.py [RANKINGS]   (from the repository's root)"""
import json, sys
import numpy as np
from replay import fork_means, replay  # the same looks and claims as the exact replay beside it

PERIODS = {
    'first VM (rank-final aa-1..20)': [f'docs/results/rank-final/aa-{i}.json' for i in range(1, 21)],
    'second VM, quiet (rank-together aa-1..4)': [f'docs/results/rank-together/aa-{i}.json' for i in range(1, 5)],
    'second VM, noisy (rank-together aa-5..13)': [f'docs/results/rank-together/aa-{i}.json' for i in range(5, 14)],
}


def centred_fork_means(path):
    means = np.array(fork_means(json.load(open(path))['rankings'][0]))
    return means - means.mean()


def ranking(pool, rng, tost, forks=23):
    claim = replay(list(rng.choice(pool, size=forks)), True, tost)[0]
    return 'order' if claim in ('faster', 'slower') else claim


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
