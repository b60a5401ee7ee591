#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare BENCH lines of our kernel and the base kernel.

Input lines: "BENCH kernel=<ours|base>-<mode> test=<name> ... ns_per_op=<x>"
Prints a table and one machine-readable line per (test, mode):
  RATIO test=<name> mode=<mode> ours=<x> base=<y> ratio=<ours/base>
"""
import re
import sys

LINE = re.compile(r"BENCH kernel=(\w+)-(\w+) test=(\S+) .*ns_per_op=([\d.]+)")


def main(path):
    data = {}
    with open(path) as f:
        for line in f:
            m = LINE.search(line)
            if m:
                kernel, mode, test, ns = m.groups()
                data[(kernel, mode, test)] = float(ns)
    keys = sorted({(t, m) for (_, m, t) in data})
    if not keys:
        print("bench: no results", file=sys.stderr)
        return 1
    print("%-12s %-7s %12s %12s %7s" % ("test", "mode", "ours ns/op", "base ns/op", "ratio"))
    for test, mode in keys:
        ours, base = data.get(("ours", mode, test)), data.get(("base", mode, test))
        if ours is None or base is None:
            print("%-12s %-7s missing a kernel's result" % (test, mode))
            continue
        print("%-12s %-7s %12.1f %12.1f %7.3f" % (test, mode, ours, base, ours / base))
    for test, mode in keys:
        ours, base = data.get(("ours", mode, test)), data.get(("base", mode, test))
        if ours is not None and base is not None:
            print("RATIO test=%s mode=%s ours=%.1f base=%.1f ratio=%.3f"
                  % (test, mode, ours, base, ours / base))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
