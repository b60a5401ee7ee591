#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of "make bench": run each benchmark once and print its
# BENCH lines; the host compares them across kernels.
tag=$(sed -n 's/.*tracelab\.bench_tag=\([^ ]*\).*/\1/p' /proc/cmdline)
/lab/sysbench "${tag:-unknown}" 200000 20000 || exit 1
# The tracing core's write paths, where the kernel has them: a pipe
# ping-pong with the scheduler events enabled (every switch and wakeup
# is recorded), and writes to trace_marker.
T=/sys/kernel/tracing
if [ -f $T/set_event ] && [ -d $T/events/sched/sched_switch ]; then
	echo 'sched:sched_switch sched:sched_wakeup sched:sched_waking' > $T/set_event
	/lab/sysbench "${tag:-unknown}" 0 20000 +sched_events || exit 1
	: > $T/set_event
	/lab/sysbench "${tag:-unknown}" 0 0 "" 100000 $T/trace_marker || exit 1
	echo > $T/trace
fi
# The ring buffer benchmark module built for this kernel ("ours" or "base").
mod=/lab/bench/rb_bench-${tag%%-*}.ko
if [ -f "$mod" ]; then
	insmod "$mod" tag="$tag" || exit 1
	rmmod rb_bench
fi
exit 0
