#!/usr/bin/env python3
"""measure.py: time whole commands, alternating them run by run.

Usage: measure.py [--runs N] [--warmup W] NAME=COMMAND [NAME=COMMAND ...]

Each COMMAND is split as a shell splits words (no shell runs it; its
output is discarded). The commands run in turn, A B C A B C ..., W times
unmeasured and then N times measured, so that a drift in the machine's
speed affects them alike. For every run the child's own accounting is read
through wait4: wall seconds (a monotonic clock around the child), user and
system CPU seconds, and peak resident memory.

Prints, per command, the median (and min-max) of each figure, then the
ratio of each command's wall time to the first command's: of the medians,
and the median of the ratios of runs made side by side. A command that
exits non-zero stops the measurement with exit status 1.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv):
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code
    if code != 0:
        sys.stderr.write(f"measure.py: {shlex.join(argv)} exited {code}\n{err}")
        sys.exit(1)
    # ru_maxrss is in KiB on Linux.
    return {"wall": wall, "user": usage.ru_utime, "sys": usage.ru_stime, "rss": usage.ru_maxrss / 1024}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("commands", nargs="+", metavar="NAME=COMMAND")
    args = ap.parse_args()
    cmds = []
    for c in args.commands:
        name, sep, command = c.partition("=")
        if not sep or not command:
            ap.error(f"want NAME=COMMAND, got {c!r}")
        cmds.append((name, shlex.split(command)))
    results = {name: [] for name, _ in cmds}
    for i in range(args.warmup + args.runs):
        for name, argv in cmds:
            r = run_once(argv)
            if i >= args.warmup:
                results[name].append(r)
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
