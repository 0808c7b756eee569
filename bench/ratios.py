#!/usr/bin/env python3
"""ratios.py: the ratios bench/run.sh reports, from measure.py --json.

Usage: ratios.py RUNS.json PAGES [--over NAME]

Prints, of the commands present in RUNS.json:
  - the targets' ratios of wall medians: sitemapgen / pwalk+head (at
    most 1.10, issue 71: the parallel walk that opens, fstats and reads
    each page), sitemapgen / walk+head (the same target against the
    stricter yardstick, a sequential walk whose pages 2×CPUs goroutines
    read), no-heads / pwalk+stat (--read-heads=false against a parallel
    walk and an lstat a page, at most 1.2), sitemapgen / find (under 1),
    gzip / sitemapgen (at most 1.15), and the cost per page; and the peak
    RSS target of sitemapgen (30 MiB at 100,000 pages, 128 MiB at
    1,000,000, issue 71);
  - for each NAME with a NAME@REV beside it (bench/run.sh --against REV),
    the ratio NAME / NAME@REV of each figure: wall (of the medians, and the
    median of the run-by-run ratios), CPU (user + system; of the medians,
    and the mean of the run-by-run ratios with its 95 % interval, which
    says whether a difference stands out of the noise) and peak RSS.
With --over NAME (bench/peers.sh), only the last: each other command's
figures over NAME's.
"""
import json
import math
import statistics
import sys

# Student's t at 97.5 % for n-1 degrees of freedom, n = 2 to 31 runs; more
# runs take 31's, a little wider than they need.
T975 = [12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18,
        2.16, 2.14, 2.13, 2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06,
        2.06, 2.06, 2.05, 2.05, 2.05, 2.04]


def med(runs, key):
    return statistics.median(key(r) for r in runs)


def wall(r):
    return r["wall"]


def cpu(r):
    return r["user"] + r["sys"]


def rss(r):
    return r["rss"]


def interval(ratios):
    """The geometric mean of ratios and its 95 % interval (Student's t on
    their logarithms); None when no ratio is above 0 (a command too short
    for the CPU clock's hundredths)."""
    logs = [math.log(r) for r in ratios if r > 0]
    if not logs:
        return None
    mean = statistics.fmean(logs)
    if len(logs) < 2:
        return math.exp(mean), math.exp(mean), math.exp(mean)
    half = T975[min(len(logs), len(T975) + 1) - 2] * statistics.stdev(logs) / math.sqrt(len(logs))
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)


def table(title, rows):
    """Prints the figures of each (name, new, old) in rows, new over old."""
    print()
    print(title)
    width = max(12, *(len(name) for name, _, _ in rows))
    print(f"{'':<{width}} {'wall':>8} {'run by run':>11} {'CPU':>8} {'CPU run by run (95 %)':>22} {'peak RSS':>9}")
    for name, new, old in rows:
        pairs = statistics.median(a["wall"] / b["wall"] for a, b in zip(new, old))
        cells = [med(new, k) / med(old, k) for k in (wall, cpu, rss)]
        ci = interval([cpu(a) / cpu(b) for a, b in zip(new, old) if cpu(b) > 0])
        span = f"{ci[0]:.3f} ({ci[1]:.3f}-{ci[2]:.3f})" if ci else "-"
        print(f"{name:<{width}} {cells[0]:>8.3f} {pairs:>11.3f} {cells[1]:>8.3f} {span:>22} {cells[2]:>9.3f}")


def main():
    args = sys.argv[1:]
    over = None
    if len(args) == 4 and args[2] == "--over":
        over = args.pop(3)
        args.pop(2)
    if len(args) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    with open(args[0]) as f:
        res = json.load(f)
    pages = int(args[1])
    if over:
        table(f"each / {over} (over 1: {over} is faster or smaller)",
              [(n, r, res[over]) for n, r in res.items() if n != over])
        return
    revs = sorted({n.partition("@")[2] for n in res if "@" in n})
    for sfx in [""] + ["@" + r for r in revs]:
        for a, b, target in [
            ("sitemapgen" + sfx, "pwalk+head", "at most 1.10"),
            ("sitemapgen" + sfx, "walk+head", "at most 1.10"),
            ("no-heads" + sfx, "pwalk+stat", "at most 1.2"),
            ("sitemapgen" + sfx, "find", "under 1"),
            ("gzip" + sfx, "sitemapgen" + sfx, "at most 1.15"),
        ]:
            if a in res and b in res:
                print(f"{a + ' / ' + b + ':':<32} {med(res[a], wall) / med(res[b], wall):.3f} (target {target})")
        if "sitemapgen" + sfx in res:
            print(f"{'cost per page' + (' ' + sfx if sfx else '') + ':':<32} {med(res['sitemapgen' + sfx], wall) / pages * 1e6:.2f} µs")
            limit = 30 if pages <= 100000 else 128 if pages <= 1000000 else None
            if limit:
                print(f"{'peak RSS' + (' ' + sfx if sfx else '') + ':':<32} {med(res['sitemapgen' + sfx], rss):.1f} MiB (target at most {limit})")
    for rev in revs:
        table(f"this tree / {rev} (under 1: this tree is faster or smaller)",
              [(n, res[n], res[f"{n}@{rev}"]) for n in res if "@" not in n and f"{n}@{rev}" in res])

if __name__ == "__main__":
    main()
