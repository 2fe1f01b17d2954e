#!/usr/bin/env python3
"""Forks that grow as the field shrinks, simulated in time (docs/rank.md, "Forks that grow as the field shrinks").

Mirrors Race and RankStatistics as simulate-pooled.py does (rounds of every running candidate, looks after 2
generations of forks with 3 or more candidates, then whenever the forks grew by a quarter; interim look k spends
(alpha/2)*5/((k+4)(k+5)), the final look the rest, Bonferroni over the look's pairs; pooled variance over the
candidates-by-generations table capped at 5 df per generation beyond the first, a noisier candidate left out beyond
F's 1e-5 tail; the leader stops those it is claimed faster than), but in time: a generation of forks costs a start,
each running candidate's warm-up and its rounds, and the ranking starts no generation whose start and one round would
pass its budget (a generation the budget cuts short counts, with fewer rounds).

Designs:
  fixed forks, equal weights (before) - every fork plays R0 rounds (4 with twelve candidates on the shop dump), each
      fork mean weighing the same.
  growing, weighted by rounds (tried) - RankRun.roundsOf: R0 doubled once half the field has stopped, again at a
      quarter, at most 16; fork means weighted by their rounds (weighted least squares), from every fork.
  growing, the longest forks alone (tried) - the same forks; once three generations of the current length have run,
      a look uses their rounds alone, each fork weighing the same.
  growing, forks alike (chosen) - the same forks, every fork weighing the same (RankStatistics as it was).

Noise: each candidate's round sd (log) drawn from the rankings of 2026-11-26 as in simulate-pooled.py, times
(0.5 + C/16) for a round of C candidates (on the shop dump COPY pairs' rounds varied by 0.12-0.23 with twelve
candidates, 0.04-0.10 with three to seven); a share of slow slices (3 % at -0.6 in log, as COPY's 12,000-row/s
slices among 25,000-30,000); a fork effect of its own per candidate (sd 0.02, or 0.08: a fork's speed as large as
its rounds' noise) and a drift all share per round.

Usage: simulate-growing-forks.py [RUNS [SCENARIOS [SEED]]] (default 1000 runs, every scenario, seed 20261127).
"""
import math, random, sys
from scipy.stats import t as student, f as fdist

ALPHA, DELTA, CAP, LEAVE_OUT = 0.05, 0.03, 5, 1e-5
MAX_ROUNDS = 24
MAX_SLICE = 2.0
ROUND_SD = [0.102, 0.088, 0.104, 0.152, 0.049, 0.217, 0.172, 0.278, 0.092, 0.621, 0.077, 0.123, 0.270, 0.107,
            0.077, 0.088, 0.193, 0.245, 0.115, 0.087, 0.155, 0.030, 0.104, 0.138, 0.264, 0.215, 0.105, 0.090]
# Seconds, the shop dump on the second VM (docs/results/rank-leaveout/second-vm): a measured slice 0.5 s plus its
# table reset and checkpoint; a fork's warm-up two 2 s slices plus theirs; a generation's fork start; a launcher's
# restart when the rounds per fork change.
SLICE, WARMUP, START, RESTART, BUDGET = 1.2, 5.4, 3.0, 6.0, 560.0

def alpha_at(k): return ALPHA / 2 * 5 / ((k + 4) * (k + 5))
def alpha_final(m): return ALPHA - ALPHA / 2 * (1 - 5 / (m + 5))

def residual_squares(m, w, gens, mem):
    """Each member's weighted sum of squared residuals in the generations-by-members table of fork means (row
    weights w: a generation's rounds; rows' effects are their plain means, columns' their weighted means)."""
    W = sum(w[j] for j in gens)
    rm = {j: sum(m[j][i] for i in mem) / len(mem) for j in gens}
    cm = {i: sum(w[j] * (m[j][i] - rm[j]) for j in gens) / W for i in mem}
    return {i: sum(w[j] * (m[j][i] - rm[j] - cm[i]) ** 2 for j in gens) for i in mem}

def pool_members(m, w, gens, mem):
    while len(mem) > 2:
        s = residual_squares(m, w, gens, mem)
        x = max(mem, key=lambda i: s[i])
        g = len(gens) - 1
        others = (sum(s.values()) - s[x]) / ((len(mem) - 2) * g)
        if others > 0 and (s[x] / g) / others > fdist.isf(LEAVE_OUT, g, (len(mem) - 2) * g):
            mem = [i for i in mem if i != x]
        else:
            break
    return mem

def interval(m, w, a, b, alpha, count, start=0):
    gens = [j for j in range(len(m)) if a in m[j] and b in m[j]]
    if len([j for j in gens if j >= start]) >= 3:
        gens = [j for j in gens if j >= start]
    d = [m[j][a] - m[j][b] for j in gens]
    n = [w[j] for j in gens]
    k = len(d)
    if k < 2:
        return 'unsettled', None
    N = sum(n)
    mean = sum(x * y for x, y in zip(n, d)) / N
    var = sum(y * (x - mean) ** 2 for x, y in zip(d, n)) / (k - 1); df = k - 1   # a round's variance
    mem = sorted(set.intersection(*(set(m[j]) for j in gens)))
    if len(mem) >= 2:
        mem = pool_members(m, w, gens, mem)
        ss = sum(residual_squares(m, w, gens, mem).values())
        pdf = (len(mem) - 1) * (k - 1)
        var = max(var, 2 * ss / pdf); df = min(pdf, CAP * (k - 1))
    if df < 2:
        return 'unsettled', mean
    hw = student.isf(alpha / count / 2, df) * math.sqrt(var / N)
    lo, hi = mean - hw, mean + hw
    if lo >= -math.log(1 + DELTA) and hi <= math.log(1 + DELTA): return 'tie', mean
    return ('faster' if lo > 0 else 'slower' if hi < 0 else 'unsettled'), mean

def plan(grow, r0, c0, c):
    """(rounds per fork, measured seconds per slice) of a generation with c of c0 candidates running."""
    k = c0 / c
    if grow == 'rounds':  # RankRun.roundsOf: doubled at half the field, again at a quarter, at most 16
        g = 1
        while g < 4 and 2 * g * c <= c0:
            g *= 2
        return max(r0, min(16, r0 * g)), 0.5
    if grow == 'slice':
        s = min(MAX_SLICE, 0.5 * k)
        return min(MAX_ROUNDS, max(r0, math.ceil(r0 * k * 0.5 / s))), s
    return r0, 0.5

def run(true, rng, grow, r0, fork_sd, outlier, design_weights='rounds', design_basis='all'):
    c = len(true)
    sd = [rng.choice(ROUND_SD) for _ in range(c)]
    running = set(range(c)); pairs = {}; looks = 0; next_look = 2 if c >= 3 else 3
    m, w, played_rounds = [], [], []  # per generation: {candidate: mean log rows/s}, its rounds
    clock = 0.0; per_fork = plan(grow, r0, c, c); lead = None; stage = 0
    equal = design_weights == 'equal'
    staged = design_basis == 'stage' 
    def look(alpha):
        nonlocal looks, next_look, lead
        looks += 1; G = len(m); next_look = max(G + 1, math.ceil(G * 1.25))
        start = stage if staged and sum(1 for j in range(stage, G)) >= 3 else 0
        lead = max(running, key=lambda i: sum(w[j] * m[j][i] for j in range(start, G) if i in m[j]) / sum(w[j] for j in range(start, G) if i in m[j]))
        due = [(a, b) for a in range(c) for b in range(a + 1, c) if (a in running and b in running) or (a, b) not in pairs]
        for a, b in due:
            pairs[(a, b)] = interval(m, w, a, b, alpha, len(due), start)[0]
        def said(i):
            cl = pairs[(min(lead, i), max(lead, i))]
            return cl if lead < i else {'faster': 'slower', 'slower': 'faster'}.get(cl, cl)
        for i in list(running):
            if i != lead and said(i) == 'faster': running.discard(i)
        return all(i == lead or said(i) in ('tie', 'faster') for i in running)
    settled = False
    while True:
        want = plan(grow, r0, c, len(running))
        restart = RESTART if want != per_fork else 0.0
        if want != per_fork:
            stage = len(m)
        per_fork = want
        rounds_of_fork, sl = want
        slice_cost = SLICE - 0.5 + sl
        cost_start = START + restart + len(running) * WARMUP
        if clock + cost_start + len(running) * slice_cost > BUDGET:
            break
        clock += cost_start
        fe = {i: rng.gauss(0, fork_sd) for i in running}
        sums = {i: 0.0 for i in running}; played = 0
        for r in range(rounds_of_fork):
            if r > 0 and clock + len(running) * slice_cost > BUDGET:
                break
            clock += len(running) * slice_cost
            scale = math.sqrt(0.5 / sl)
            drift = rng.gauss(0, 0.1)
            for i in running:
                slow = -0.6 * 0.5 / sl if rng.random() < outlier * sl / 0.5 else 0.0
                sums[i] += true[i] + fe[i] + drift + rng.gauss(0, sd[i] * scale * (0.5 + len(running) / 16)) + slow
            played += 1
        m.append({i: s / played for i, s in sums.items()}); w.append(1.0 if equal else played * sl); played_rounds.append(played)
        if len(m) >= next_look and look(alpha_at(looks + 1)):
            settled = True; break
    if not settled and len(m) >= 2:
        settled = look(alpha_final(looks))
    false = 0
    for (a, b), claim in pairs.items():
        gap = true[a] - true[b]
        if claim == 'faster' and gap <= 0 or claim == 'slower' and gap >= 0: false += 1
        if claim == 'tie' and abs(gap) > math.log(1 + DELTA): false += 1
    return false > 0, settled, clock, sum(played_rounds), len(m)

def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = random.Random(20261127)
    L = lambda *xs: [math.log(x) for x in xs]
    scenarios = {
        "12 identical": ([0.0] * 12, 4),
        "3 identical at the top, 9 from 10 % to 20x behind": ([0.0] * 3 + L(0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.2, 0.1, 0.05), 4),
        "shop-like: 1, 0.92, 0.91, 0.79, 0.75, 0.73, 0.65, 0.3, 0.2, 0.12, 0.07, 0.2": (
            L(1, 0.92, 0.91, 0.79, 0.75, 0.73, 0.65, 0.3, 0.2, 0.12, 0.07, 0.2), 4),
        "6 identical at the top, 6 from 2x to 20x behind": ([0.0] * 6 + L(0.5, 0.3, 0.2, 0.1, 0.07, 0.05), 4),
        "shop-like, the top pair a twin": (L(1, 1, 0.91, 0.79, 0.75, 0.73, 0.65, 0.3, 0.2, 0.12, 0.07, 0.2), 4),

    }
    if len(sys.argv) > 3:
        rng.seed(int(sys.argv[3]))
    print(f"{runs} runs per line, seed 20261127; budget {BUDGET:.0f} s, a slice {SLICE} s, a fork's warm-up {WARMUP} s, "
          f"a generation's start {START} s (+{RESTART} s when the rounds per fork change).\n")
    print("| scenario | fork sd | slow slices | design | any false claim | settled | rounds (mean) | generations (mean) |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    chosen = [int(x) for x in sys.argv[2].split(',')] if len(sys.argv) > 2 else range(len(scenarios))
    for k, (name, (true, r0)) in enumerate(scenarios.items()):
        if k not in chosen:
            continue
        for fork_sd, outlier in ((0.02, 0.03), (0.08, 0.03)):
            for design, grow, wts, basis in (("fixed forks (before)", None, 'equal', 'all'),
                                             ("growing, weighted by rounds (tried)", 'rounds', 'rounds', 'all'),
                                             ("growing, the longest forks alone (tried)", 'rounds', 'equal', 'stage'),
                                             ("growing, forks alike (chosen)", 'rounds', 'equal', 'all')):
                res = [run(true, rng, grow, r0, fork_sd, outlier, wts, basis) for _ in range(runs)]
                bad = sum(r[0] for r in res); ok = sum(r[1] for r in res)
                print(f"| {name} | {fork_sd} | {outlier:.0%} | {design} | {100 * bad / runs:.1f} % | {100 * ok / runs:.0f} % | "
                      f"{sum(r[3] for r in res) / runs:.1f} | {sum(r[4] for r in res) / runs:.1f} |", flush=True)

main()
