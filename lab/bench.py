#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare BENCH lines of our kernel, our kernel without the function
tracer, and the base kernel.

Input lines: "BENCH kernel=<ours|noft|base>-<mode> test=<name> ... ns_per_op=<x>"
  ours  our kernel (the function tracer built in; off unless the test's
        name says +ftrace_one or +ftrace_all)
  noft  our kernel built without the function tracer
  base  the pristine base kernel (upstream's tracing)
Prints two tables and machine-readable lines:
  RATIO test=<name> mode=<mode> ours=<x> base=<y> ratio=<ours/base>
  NOFT_RATIO test=<name> mode=<mode> ours=<x> noft=<y> ratio=<ours/noft>
  ADDED test=<name> mode=<mode> ours=<x> base=<y> ratio=<ours/base>
  KB test=<name> mode=<mode> ours=<x> base=<y> ratio=<ours/base>
The second kind says what the function tracer costs while off; the
target is at most 1.02 under -icount for getppid and pipe.  The third
is for the tests named <plain>+<what> (pipe+perf_sched_switch): what
<what> adds per operation on each kernel, the figure less the plain
one of the same boot, and the ratio of those.
"""
import re
import sys

LINE = re.compile(r"BENCH kernel=(\w+)-(\w+) test=(\S+) .*ns_per_op=([\d.]+)")
MEM = re.compile(r"BENCHMEM kernel=(\w+)-(\w+) memfree_kb=(\d+) buffer_total_kb=(\d+)"
                 r"(?: free_pcp_kb=(\d+))?(?: image_freed_kb=(\d+) kernel_used_kb=(-?\d+))?")
KB = re.compile(r"BENCHKB kernel=(\w+)-(\w+) test=(\S+) kb=(-?\d+)")
NOFT_TARGET = 1.02
NOFT_TARGET_TESTS = ("getppid", "pipe")


def read(path):
    """The BENCH figures by (kernel, mode, test), the BENCHMEM ones by (kernel, mode)."""
    data, mem = {}, {}
    with open(path) as f:
        for line in f:
            m = KB.search(line)
            if m:
                kernel, mode, test, kb = m.groups()
                data[(kernel, mode, "kb:" + test)] = float(kb)
                continue
            m = LINE.search(line)
            if m:
                kernel, mode, test, ns = m.groups()
                data[(kernel, mode, test)] = float(ns)
            m = MEM.search(line)
            if m:
                kernel, mode, free, buf, pcp, freed, used = m.groups()
                mem[(kernel, mode)] = (int(free), int(buf), int(pcp or 0),
                                       int(freed or 0), int(used or 0))
    return data, mem


def mem_table(mem):
    """MemFree and the trace buffers' total size right after boot."""
    lines = []
    modes = sorted({m for (_, m) in mem})
    if not modes:
        return lines
    print("memory after boot, before any tracing (kB; ratio above 1.0: ours leaves more free;")
    print("+pcp: MemFree plus the pages on the per-CPU free lists)")
    print("%-7s %12s %12s %7s %12s %12s %7s %12s %12s" % (
        "mode", "ours free", "base free", "ratio", "ours +pcp", "base +pcp", "ratio",
        "ours buffer", "base buffer"))
    for mode in modes:
        ours, base = mem.get(("ours", mode)), mem.get(("base", mode))
        if not ours or not base:
            continue
        ratio = ours[0] / base[0]
        pcp_ratio = ours[2] / base[2] if base[2] else 0.0
        print("%-7s %12d %12d %7.3f %12d %12d %7.3f %12d %12d" % (
            mode, ours[0], base[0], ratio, ours[2], base[2], pcp_ratio, ours[1], base[1]))
        lines.append((mode, ours, base, ratio, pcp_ratio))
    parts = [(mode, mem[("ours", mode)], mem[("base", mode)]) for mode in modes
             if ("ours", mode) in mem and ("base", mode) in mem and
             mem[("ours", mode)][3] and mem[("base", mode)][3]]
    if parts:
        print("where it differs (kB): the kernel image given back after boot"
              " (more is better), the memory the kernel allocated (less is better)")
        print("%-7s %12s %12s %8s %12s %12s %8s" % (
            "mode", "ours freed", "base freed", "diff", "ours used", "base used", "diff"))
        for mode, ours, base in parts:
            print("%-7s %12d %12d %+8d %12d %12d %+8d" % (
                mode, ours[3], base[3], ours[3] - base[3], ours[4], base[4],
                ours[4] - base[4]))
    print()
    return lines


def table(data, keys, other, title):
    print(title)
    print("%-22s %-7s %12s %12s %7s" % ("test", "mode", "ours ns/op", other + " ns/op", "ratio"))
    lines = []
    for test, mode in keys:
        ours, them = data.get(("ours", mode, test)), data.get((other, mode, test))
        if ours is None or them is None:
            # noft runs only the tests that need no function tracer.
            if other != "noft" and (ours is not None or them is not None):
                print("%-22s %-7s missing a kernel's result" % (test, mode))
            continue
        ratio = ours / them
        note = ""
        if other == "noft" and mode == "icount" and test in NOFT_TARGET_TESTS:
            note = "  (target <= %.2f%s)" % (NOFT_TARGET, "" if ratio <= NOFT_TARGET else ": MISSED")
        print("%-22s %-7s %12.1f %12.1f %7.3f%s" % (test, mode, ours, them, ratio, note))
        lines.append((test, mode, ours, them, ratio))
    print()
    return lines


def main(path):
    data, mem_data = read(path)
    kb_keys = sorted({(t, m) for (_, m, t) in data if t.startswith("kb:")})
    keys = sorted({(t, m) for (_, m, t) in data if not t.startswith("kb:")})
    if not keys:
        print("bench: no results", file=sys.stderr)
        return 1
    vs_base = table(data, keys, "base", "ours / base (below 1.0: ours is faster)")
    vs_noft = []
    if any(k == "noft" for (k, _, _) in data):
        vs_noft = table(data, keys, "noft",
                        "ours with the function tracer off / ours without it")
    added = added_table(data, keys)
    mem = mem_table(mem_data)
    kb = []
    for test, mode in kb_keys:
        ours, base = data.get(("ours", mode, test)), data.get(("base", mode, test))
        if ours is not None and base:
            kb.append((test[3:], mode, ours, base, ours / base))
    if kb:
        print("memory taken (kB, less is better)")
        for test, mode, ours, base, ratio in kb:
            print("%-26s %-7s %12d %12d %7.3f" % (test, mode, ours, base, ratio))
        print()
    for test, mode, ours, base, ratio in vs_base:
        print("RATIO test=%s mode=%s ours=%.1f base=%.1f ratio=%.3f"
              % (test, mode, ours, base, ratio))
    for test, mode, ours, noft, ratio in vs_noft:
        print("NOFT_RATIO test=%s mode=%s ours=%.1f noft=%.1f ratio=%.3f"
              % (test, mode, ours, noft, ratio))
    for test, mode, ours, base, ratio in added:
        print("ADDED test=%s mode=%s ours=%.1f base=%.1f ratio=%.3f"
              % (test, mode, ours, base, ratio))
    for test, mode, ours, base, ratio in kb:
        print("KB test=%s mode=%s ours=%d base=%d ratio=%.3f" % (test, mode, ours, base, ratio))
    for mode, ours, base, ratio, pcp_ratio in mem:
        print("MEMFREE mode=%s ours=%d base=%d ratio=%.3f ours_free_pcp=%d base_free_pcp=%d "
              "free_pcp_ratio=%.3f ours_buffer_kb=%d base_buffer_kb=%d ours_image_freed=%d "
              "base_image_freed=%d ours_kernel_used=%d base_kernel_used=%d"
              % (mode, ours[0], base[0], ratio, ours[2], base[2], pcp_ratio, ours[1], base[1],
                 ours[3], base[3], ours[4], base[4]))
    return 0


def added_table(data, keys):
    """What each <plain>+<what> test adds to <plain>, ours against base."""
    print("added per operation, the figure less the plain one (ours / base)")
    print("%-26s %-7s %12s %12s %7s" % ("test", "mode", "ours added", "base added", "ratio"))
    lines = []
    for test, mode in keys:
        plain = test.split("+", 1)[0]
        if plain == test:
            continue
        try:
            ours = data[("ours", mode, test)] - data[("ours", mode, plain)]
            base = data[("base", mode, test)] - data[("base", mode, plain)]
        except KeyError:
            continue
        if base <= 0:
            continue
        print("%-26s %-7s %12.1f %12.1f %7.3f" % (test, mode, ours, base, ours / base))
        lines.append((test, mode, ours, base, ours / base))
    print()
    return lines


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
