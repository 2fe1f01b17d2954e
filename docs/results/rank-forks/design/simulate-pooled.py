#!/usr/bin/env python3
"""False claims of rank's pooled fork variance with many candidates, simulated (docs/rank.md, "Pooled variance").

Mirrors Race and RankStatistics: rounds of every running candidate, forks of R rounds, looks after 2 forks (3 or more
candidates) then whenever the forks grew by a quarter, interim look k spending (alpha/2)*5/((k+4)(k+5)), the final look
the rest; a look computes every pair between running candidates (Bonferroni over them; a stopped candidate's pairs
keep the look it stopped at); per pair the mean over forks of the fork mean log ratio, the variance the larger of the pair's own and twice the residual mean square of the fork
means of the candidates that ran every generation both ran (candidates x generations), with (C-1)(G-1) degrees of
freedom; the leader stops those it is claimed faster than.

Noise is heteroscedastic on purpose: each candidate's round-to-round standard deviation (log) is drawn from the
spread measured in the shop and wide_events rankings of 2026-11-26 (0.03 to 0.62, docs/results/rank-final), plus a
fork effect of its own (sd 0.02) and a drift all share per round.

A false claim: faster/slower between candidates of equal true speed or in the wrong direction, or a tie between
candidates more than delta apart. The designs: each pair's own variance at every look (first look after 3 forks, as before),
pooled without a cap, pooled with its degrees of freedom capped at 5 per generation beyond the first, and the same with a candidate
whose residual mean square exceeds the others' beyond F's tail left out of the pool (RankStatistics: 1e-5). A fourth line shows why a look computes every running pair and not only the leader's: the
leader is chosen by the data, and its pairs alone, at a level shared among them, claimed an order too often. Forks are counted, not timed: each design may play up to 12 generations of 4 rounds.
Usage: simulate-pooled.py [RUNS] (default 2000); seed fixed.
"""
import math, random, sys
from statistics import NormalDist
from scipy.stats import t as student, f as fdist

ALPHA, DELTA, R, MAX_FORKS = 0.05, 0.03, 4, 12
ROUND_SD = [0.102, 0.088, 0.104, 0.152, 0.049, 0.217, 0.172, 0.278, 0.092, 0.621, 0.077, 0.123, 0.270, 0.107,
            0.077, 0.088, 0.193, 0.245, 0.115, 0.087, 0.155, 0.030, 0.104, 0.138, 0.264, 0.215, 0.105, 0.090]

def alpha_at(k): return ALPHA / 2 * 5 / ((k + 4) * (k + 5))
def alpha_final(m): return ALPHA - ALPHA / 2 * (1 - 5 / (m + 5))

def residual_squares(m, gens, mem):
    """Each member's sum of squared residuals in the members-by-generations table of fork means."""
    G = len(gens)
    gm = [sum(m[j][i] for i in mem) / len(mem) for j in gens]
    cm = {i: sum(m[j][i] for j in gens) / G for i in mem}
    grand = sum(gm) / G
    return {i: sum((m[j][i] - gm[k] - cm[i] + grand) ** 2 for k, j in enumerate(gens)) for i in mem}

def pool_members(m, gens, mem, cap, leave_out):
    """The members the pool keeps: while the noisiest one's residual mean square exceeds the others' by more than
    F's (1 - leave_out) quantile, it is left out (leave_out 0: all stay)."""
    while leave_out and len(mem) > 2:
        s = residual_squares(m, gens, mem)
        w = max(mem, key=lambda i: s[i])
        g = len(gens) - 1
        others = (sum(s.values()) - s[w]) / ((len(mem) - 2) * g)
        if others > 0 and (s[w] / g) / others > fdist.ppf(1 - leave_out, g, (len(mem) - 2) * g):
            mem = [i for i in mem if i != w]
        else:
            break
    return mem

def interval(m, a, b, alpha, count, pool, cap, leave_out=0.0):
    """The pair's claim: its own variance, or pooled over the candidates in every generation both ran (the larger)."""
    gens = [j for j in range(len(m)) if a in m[j] and b in m[j]]
    d = [m[j][a] - m[j][b] for j in gens]
    n = len(d)
    if n < 2:
        return 'unsettled'
    mean = sum(d) / n; var = sum((x - mean) ** 2 for x in d) / (n - 1); df = n - 1
    mem = sorted(set.intersection(*(set(m[j]) for j in gens)))
    if pool and len(mem) >= 2:
        G = len(gens)
        mem = pool_members(m, gens, mem, cap, leave_out)
        ss = sum(residual_squares(m, gens, mem).values())
        pdf = (len(mem) - 1) * (G - 1)
        var = max(var, 2 * ss / pdf); df = min(pdf, cap * (G - 1))
    if df < 2:
        return 'unsettled'
    hw = student.isf(alpha / count / 2, df) * math.sqrt(var / n)
    lo, hi = mean - hw, mean + hw
    if lo >= -math.log(1 + DELTA) and hi <= math.log(1 + DELTA): return 'tie'
    return 'faster' if lo > 0 else 'slower' if hi < 0 else 'unsettled'

def run(true, rng, pool, cap, leader_only=False, leave_out=0.0):
    c = len(true)
    sd = [rng.choice(ROUND_SD) for _ in range(c)]
    running = set(range(c)); pairs = {}; looks = 0; next_look = 2 if c >= 3 and pool else 3
    m = []  # per generation: {candidate: fork mean log}
    state = {'lead': None}
    def compute(due, alpha):
        for a, b in due:
            pairs[(a, b)] = interval(m, a, b, alpha, len(due), pool, cap, leave_out)
    def look(a_look):
        nonlocal looks, next_look
        looks += 1; G = len(m); next_look = max(G + 1, math.ceil(G * 1.25))
        lead = max(running, key=lambda i: sum(m[j][i] for j in range(G)) / G); state['lead'] = lead
        due = [(a, b) for a in range(c) for b in range(a + 1, c) if (a in running and b in running) or (a, b) not in pairs]
        if leader_only:
            due = [(min(lead, i), max(lead, i)) for i in running if i != lead]
        compute(due, a_look)
        def said(i):  # the claim of the leader against i
            cl = pairs[(min(lead, i), max(lead, i))]
            return cl if lead < i else {'faster': 'slower', 'slower': 'faster'}.get(cl, cl)
        for i in list(running):
            if i != lead and said(i) == 'faster': running.discard(i)
        return all(i == lead or said(i) in ('tie', 'faster') for i in running)
    settled = False
    for f in range(MAX_FORKS):
        fe = {i: rng.gauss(0, 0.02) for i in running}
        sums = {i: 0.0 for i in running}
        for r in range(R):
            drift = rng.gauss(0, 0.1)
            for i in running: sums[i] += true[i] + fe[i] + drift + rng.gauss(0, sd[i])
        m.append({i: s / R for i, s in sums.items()})
        if f == MAX_FORKS - 1:
            look(alpha_final(looks)); break
        if len(m) >= next_look and look(alpha_at(looks + 1)):
            settled = True; break
    false = 0
    for (a, b), claim in pairs.items():
        gap = true[a] - true[b]
        if claim == 'faster' and gap <= 0 or claim == 'slower' and gap >= 0: false += 1
        if claim == 'tie' and abs(gap) > math.log(1 + DELTA): false += 1
    return false > 0, trace_of(m, c)

def trace_of(m, c):
    return [len(g) for g in m]

def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(20261126)
    scenarios = {
        "12 identical candidates": [0.0] * 12,
        "3 identical at the top, 9 from 10 % to 20x behind": [0.0, 0.0, 0.0] + [math.log(x) for x in
                                                             (0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.2, 0.1, 0.05)],
        "shop-like: 1, 0.92, 0.91, 0.87, 0.79, 0.71 x3, 0.54, 0.35, 0.22, 0.06": [math.log(x) for x in
                                                             (1, 0.92, 0.91, 0.87, 0.79, 0.71, 0.71, 0.71, 0.54, 0.35, 0.22, 0.06)],
        "2 identical (the A/A)": [0.0, 0.0],
    }
    designs = {"own variance (before)": (False, 0, False), "pooled, uncapped": (True, 10**6, False),
               "pooled, capped at 5 df per generation": (True, 5, False),
               "the same, a look computing the leader's pairs only (rejected)": (True, 5, True),
               "pooled, capped, a candidate noisier than the rest beyond F's 1e-3 tail left out (rejected)":
                   (True, 5, False, 1e-3),
               "pooled, capped, a candidate noisier than the rest beyond F's 1e-5 tail left out (chosen)":
                   (True, 5, False, 1e-5)}
    print(f"{runs} runs per cell, seed 20261126.\n")
    print("| scenario | design | runs with any false claim | candidates running in forks 1-6 (mean) |")
    print("|---|---|---:|---|")
    for name, true in scenarios.items():
        for design, (pool, cap, leader_only, *leave_out) in designs.items():
            results = [run(true, rng, pool, cap, leader_only, *leave_out) for _ in range(runs)]
            bad = sum(r[0] for r in results)
            running = [sum(r[1][k] if k < len(r[1]) else 0 for r in results) / runs for k in range(6)]
            print(f"| {name} | {design} | {100 * bad / runs:.1f} % ({bad}) | {', '.join(f'{x:.1f}' for x in running)} |")

main()
