#!/usr/bin/env python3
"""How often an A/A ranking ties, and how soon a planted gap settles, under two ways of spending the error rate over
looks: the interim schedule alone (the k-th look alpha*5/((k+4)(k+5))) and half of alpha kept for the final look.

Rounds are resampled from the A/A rankings committed beside this file (their log ratios, centred: the measured
noise with its heavy tails); forks have no variation of their own (0.0 % measured with -Xbatch). Time model from
those rankings: a fork's start and warm-up 14 s, a round of two candidates 1.2 s. Needs numpy and scipy.
Usage: python3 simulate-looks.py [RUNS]  (from the repository's root or anywhere)"""
import json, math, pathlib, sys
import numpy as np
from scipy import stats

HERE = pathlib.Path(__file__).resolve().parent.parent
FILES = ['aa-1.json', 'aa-2.json', 'aa-3.json', 'longer-forks/aa-1.json']
K = 4


def measured_log_ratios():
    out = []
    for f in FILES:
        ranking = json.load(open(HERE / f))['rankings'][0]
        for r in ranking['rounds']:
            s = {x['candidate']: x['rowsPerSecond'] for x in r['slices']}
            out.append(math.log(s['a'] / s['b']))
    out = np.array(out)
    return out - out.mean()


def simulate(noise, rng, ratio, per_fork, budget, reserve, runs, fork_cost=14.0, round_cost=1.2, delta=0.03,
             alpha=0.05):
    claims = {'faster': 0, 'slower': 0, 'tie': 0, 'unsettled': 0}
    ends = []
    for _ in range(runs):
        t, means, looks, next_look, spent, claim = 0.0, [], 0, 3, 0.0, 'unsettled'
        while t + fork_cost + per_fork * round_cost <= budget:
            t += fork_cost + per_fork * round_cost
            means.append((rng.choice(noise, per_fork) + math.log(ratio)).mean())
            n = len(means)
            last = t + fork_cost + per_fork * round_cost > budget
            if n >= next_look or (last and reserve and n >= 3):
                looks += 1
                a = (alpha / 2 if reserve else alpha) * (K + 1) / ((looks + K) * (looks + K + 1))
                if last and reserve:
                    a = alpha - spent
                spent += a
                next_look = max(n + 1, math.ceil(n * 1.25))
                m, se = np.mean(means), np.std(means, ddof=1) / math.sqrt(n)
                q = stats.t.isf(a / 2, n - 1)
                lo, hi = m - q * se, m + q * se
                claim = ('tie' if lo >= -math.log(1 + delta) and hi <= math.log(1 + delta) else
                         'faster' if lo > 0 else 'slower' if hi < 0 else 'unsettled')
                if claim != 'unsettled':
                    break
        claims[claim] += 1
        ends.append(t)
    return {k: v / runs for k, v in claims.items()}, float(np.median(ends))


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = np.random.default_rng(1)
    noise = measured_log_ratios()
    print(f'{len(noise)} measured rounds, standard deviation {noise.std(ddof=1):.3f}; {runs} simulated rankings each, '
          '540 s of forks')
    print('| twin\'s rows/s | rounds per fork | spending | tie | faster | slower | unsettled | median time |')
    print('|---:|---:|---|---:|---:|---:|---:|---:|')
    for ratio in (1.0, 0.95, 0.90):
        for per_fork in (4, 8, 12, 16):
            for reserve in (False, True):
                c, median = simulate(noise, rng, ratio, per_fork, 540, reserve, runs)
                print(f'| {ratio:.2f} | {per_fork} | {"half kept for the final look" if reserve else "interim only"} '
                      f'| {c["tie"]:.1%} | {c["faster"]:.1%} | {c["slower"]:.1%} | {c["unsettled"]:.1%} '
                      f'| {median:.0f} s |')


if __name__ == '__main__':
    main()
