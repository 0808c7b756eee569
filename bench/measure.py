#!/usr/bin/env python3
"""measure.py: time whole commands, alternating them run by run.

Usage: measure.py [--runs N] [--warmup W] [--json FILE] NAME=COMMAND ...

Each COMMAND is split as a shell splits words (no shell runs it; its
output is discarded). The commands run in turn, A B C A B C ..., W times
unmeasured and then N times measured, so that a drift in the machine's
speed affects them alike. Every run goes through GNU time
(/usr/bin/time, Debian's package "time"), which reports the command's
user and system CPU seconds and peak resident memory; the wall seconds
are a monotonic clock around it (GNU time's own are in hundredths).

Prints, per command, the median (and min-max) of each figure, then the
ratio of each command's wall time to the first command's: of the medians,
and the median of the ratios of runs made side by side. A command that
exits non-zero stops the measurement with exit status 1. With --json,
every measured run is also written to FILE, {NAME: [{wall, user, sys,
rss}, ...]} in run order (bench/ratios.py reads it).
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

GNU_TIME = "/usr/bin/time"


def run_once(argv, report):
    start = time.monotonic()
    proc = subprocess.run([GNU_TIME, "-f", "%U %S %M", "-o", report, *argv],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        sys.stderr.write(f"measure.py: {shlex.join(argv)} exited {proc.returncode}\n"
                         f"{proc.stderr.decode(errors='replace')}")
        sys.exit(1)
    with open(report) as f:
        user, sys_, rss_kib = f.read().split()[-3:]
    return {"wall": wall, "user": float(user), "sys": float(sys_), "rss": int(rss_kib) / 1024}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--json", metavar="FILE", help="write every measured run to FILE")
    ap.add_argument("commands", nargs="+", metavar="NAME=COMMAND")
    args = ap.parse_args()
    cmds = []
    for c in args.commands:
        name, sep, command = c.partition("=")
        if not sep or not command:
            ap.error(f"want NAME=COMMAND, got {c!r}")
        cmds.append((name, shlex.split(command)))
    if not os.access(GNU_TIME, os.X_OK):
        sys.exit(f"measure.py: {GNU_TIME} is missing; install GNU time (apt-get install time)")
    fd, report = tempfile.mkstemp(prefix="measure-", suffix=".txt")
    os.close(fd)
    results = {name: [] for name, _ in cmds}
    try:
        for i in range(args.warmup + args.runs):
            for name, argv in cmds:
                r = run_once(argv, report)
                if i >= args.warmup:
                    results[name].append(r)
    finally:
        os.unlink(report)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f)
    print(f"{args.runs} runs each, after {args.warmup} warm-up; medians (min-max)")
    print(f"{'command':<24} {'wall s':>18} {'user s':>18} {'sys s':>18} {'peak MiB':>20}")
    for name, _ in cmds:
        rs = results[name]
        cells = []
        for key, fmt in (("wall", "{:.3f}"), ("user", "{:.3f}"), ("sys", "{:.3f}"), ("rss", "{:.1f}")):
            vals = [r[key] for r in rs]
            cells.append(f"{fmt.format(statistics.median(vals))} ({fmt.format(min(vals))}-{fmt.format(max(vals))})")
        print(f"{name:<24} {cells[0]:>18} {cells[1]:>18} {cells[2]:>18} {cells[3]:>20}")
    base_name = cmds[0][0]
    base = statistics.median(r["wall"] for r in results[base_name])
    for name, _ in cmds[1:]:
        med = statistics.median(r["wall"] for r in results[name])
        pairs = [a["wall"] / b["wall"] for a, b in zip(results[name], results[base_name])]
        print(f"ratio {name} / {base_name}: {med / base:.3f} (of wall medians), "
              f"{statistics.median(pairs):.3f} (median of run-by-run ratios)")


if __name__ == "__main__":
    main()
