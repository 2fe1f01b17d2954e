#!/usr/bin/env python3
"""docs/rank.md, "Statistics": coverage and width of a pair's interval over forks of unequal length: equal weights (RankStatistics today) against
random-effects weights with the Hartung-Knapp-Sidik-Jonkman variance (HKSJ; and its modified form, q at least 1).
A pair's log ratio in round r of fork f: u_f + e_fr, u_f ~ N(0, phi), e_fr ~ N(0, 1); the true log ratio 0.
The random-effects weights use the rounds: sigma^2 pooled within forks, tau^2 by DerSimonian-Laird.
Usage: coverage-random-effects.py [DRAWS] (default 20000); seed fixed."""
import numpy as np, sys
from scipy.stats import t as student
rng = np.random.default_rng(20261203)
draws = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
def run(lengths, phi):
    G = len(lengths); n = np.array(lengths, float)
    u = rng.normal(0, np.sqrt(phi), (draws, G))
    means = np.empty((draws, G)); ss = np.zeros(draws)
    for g, k in enumerate(lengths):
        e = rng.normal(0, 1, (draws, k)) + u[:, [g]]
        means[:, g] = e.mean(1); ss += ((e - e.mean(1, keepdims=True)) ** 2).sum(1)
    s2 = ss / (n.sum() - G)
    out = {}
    # equal
    m = means.mean(1); se = means.std(1, ddof=1) / np.sqrt(G)
    out['equal'] = (m, se, G - 1)
    # DL tau2
    w0 = n[None, :] / s2[:, None]
    m0 = (w0 * means).sum(1) / w0.sum(1)
    Q = (w0 * (means - m0[:, None]) ** 2).sum(1)
    c = w0.sum(1) - (w0 ** 2).sum(1) / w0.sum(1)
    tau2 = np.maximum(0, (Q - (G - 1)) / c)
    w = 1 / (tau2[:, None] + s2[:, None] / n[None, :])
    mr = (w * means).sum(1) / w.sum(1)
    q = (w * (means - mr[:, None]) ** 2).sum(1) / (G - 1)
    out['re-hksj'] = (mr, np.sqrt(q / w.sum(1)), G - 1)
    out['re-mhksj'] = (mr, np.sqrt(np.maximum(q, 1) / w.sum(1)), G - 1)
    res = {}
    for k, (m, se, df) in out.items():
        t95 = student.isf(0.025, df); t995 = student.isf(0.0025, df)
        res[k] = (100 * np.mean(np.abs(m) > t95 * se), 100 * np.mean(np.abs(m) > t995 * se), np.mean(t95 * se))
    return res
print(f"{draws} draws per line, seed 20261203\n")
print("| forks (rounds each) | phi | equal: miss 95 % / 99.5 %, half-width | RE + HKSJ | RE + HKSJ, q >= 1 |")
print("|---|---:|---|---|---|")
for lengths in ([4, 4, 4, 8, 16, 16, 16], [4, 4, 4, 4, 8, 16, 16, 16, 16], [4, 4, 16, 16, 16], [4, 4, 4, 8, 8, 8, 16, 16, 16]):
    for phi in (0, 0.05, 0.25, 1):
        r = run(lengths, phi)
        print(f"| {', '.join(map(str, lengths))} | {phi} | " + " | ".join(f"{a:.1f} % / {b:.2f} %, {c:.3f}" for a, b, c in r.values()) + " |", flush=True)
