#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of "make bench": run each benchmark once and print its
# BENCH lines; the host compares them across kernels.
tag=$(sed -n 's/.*tracelab\.bench_tag=\([^ ]*\).*/\1/p' /proc/cmdline)
/lab/sysbench "${tag:-unknown}" 200000 20000 || exit 1
# The ring buffer benchmark module built for this kernel ("ours" or "base").
mod=/lab/bench/rb_bench-${tag%%-*}.ko
if [ -f "$mod" ]; then
	insmod "$mod" tag="$tag" || exit 1
	rmmod rb_bench
fi
exit 0
