#!/usr/bin/env python3
"""How often a pair's interval misses when forks differ in length (docs/rank.md, "Statistics").

A pair's log ratio in round r of fork f: u_f + e_fr, u_f ~ N(0, phi) the fork's own speed, e_fr ~ N(0, 1) the
round's noise; the true ratio is 1 (log 0). Forks of 4 rounds, then longer ones, as RankRun's growing forks play them.
Per draw, three intervals of the mean, each Student's t with forks - 1 degrees of freedom:
  weighted - the fork means weighted by their rounds (weighted least squares: a round's variance from the fork means'
             squared deviations weighted by their rounds, over forks - 1; the mean's, that over all rounds)
  equal    - each fork mean weighing the same (RankStatistics, chosen)
  stage    - equal weights over the longest forks alone (tried: once three of them ran, a look would use them alone)
The table gives each interval's miss rate (nominal 5 % and 0.5 %) and mean half-width over the same draws.
Usage: coverage-unequal-forks.py [DRAWS] (default 20000); seed fixed.
"""
import math, random, sys
from scipy.stats import t as student

def draw(rng, lengths, phi):
    return [sum(u + rng.gauss(0, 1) for _ in range(n)) / n
            for n, u in ((n, rng.gauss(0, math.sqrt(phi))) for n in lengths)]

def weighted(means, lengths):
    total = sum(lengths)
    m = sum(n * x for n, x in zip(lengths, means)) / total
    return m, math.sqrt(sum(n * (x - m) ** 2 for n, x in zip(lengths, means)) / (len(means) - 1) / total), len(means) - 1

def equal(means):
    m = sum(means) / len(means)
    return m, math.sqrt(sum((x - m) ** 2 for x in means) / (len(means) - 1) / len(means)), len(means) - 1

def main():
    draws = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rng = random.Random(20261127)
    print(f"{draws} draws per line, seed 20261127; phi: the variance of a fork's own speed over a round's.\n")
    print("| forks (rounds each) | phi | weighted: miss at 95 % / 99.5 %, half-width | equal | stage (the longest alone) |")
    print("|---|---:|---|---|---|")
    for lengths in ([4, 4, 4, 8, 16, 16, 16], [4, 4, 4, 4, 16, 16, 16], [4, 4, 16, 16, 16]):
        longest = max(lengths)
        for phi in (0, 0.05, 0.25, 1):
            cells = {k: [0, 0, 0.0] for k in ("weighted", "equal", "stage")}
            for _ in range(draws):
                means = draw(rng, lengths, phi)
                for k, (m, se, df) in (("weighted", weighted(means, lengths)), ("equal", equal(means)),
                                       ("stage", equal([x for x, n in zip(means, lengths) if n == longest]))):
                    cells[k][0] += abs(m) > student.isf(0.025, df) * se
                    cells[k][1] += abs(m) > student.isf(0.0025, df) * se
                    cells[k][2] += student.isf(0.025, df) * se
            row = " | ".join(f"{100 * c[0] / draws:.1f} % / {100 * c[1] / draws:.2f} %, {c[2] / draws:.3f}"
                             for c in cells.values())
            print(f"| {', '.join(map(str, lengths))} | {phi} | {row} |", flush=True)

main()
