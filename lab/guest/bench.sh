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
# Draining: a writer per CPU writes trace_marker at full speed while one
# reader drains every CPU's trace_pipe_raw for a few seconds, mapped
# (rbmap) or with read() (rbmap -r); events drained per second, and the
# ns per event that bench.py compares.  Overwrite mode: what the reader
# does not drain in time is overwritten, not waited for.  Last, because
# the base kernel can livelock here under -icount (a writer spinning in
# rb_move_tail(), soft lockup): the figures before it are kept.
if [ -x /lab/rbmap ] && [ -x /lab/markers ] && [ -e $T/per_cpu/cpu0/trace_pipe_raw ]; then
	secs=3
	for mode in mmap read; do
		echo > $T/trace
		pids=
		for d in $T/per_cpu/cpu*; do
			/lab/markers $T/trace_marker "${d##*cpu}" &
			pids="$pids $!"
		done
		opt=
		[ $mode = read ] && opt=-r
		/lab/rbmap $opt -q -s -d $secs > /tmp/drain.out || exit 1
		kill $pids
		wait 2> /dev/null
		events=$(sed -n 's/^cpu[0-9]*: [a-z]* events=\([0-9]*\).*/\1/p' /tmp/drain.out |
			awk '{ n += $1 } END { print n + 0 }')
		grep -q "^cpu0: $mode " /tmp/drain.out || { cat /tmp/drain.out; exit 1; }
		[ "$events" -gt 0 ] || { cat /tmp/drain.out; exit 1; }
		echo "BENCH kernel=${tag:-unknown} test=drain_$mode events=$events seconds=$secs" \
			"events_per_s=$((events / secs)) ns_per_op=$((secs * 1000000000 / events))"
	done
	echo > $T/trace
fi
exit 0
