#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A short tour of what the guest kernel can trace.  It shows only what
# this kernel really has, so it grows as the tracing core does.

T=/sys/kernel/tracing
say() { printf '\n### %s\n' "$*"; }

say "kernel"
uname -a
say "CPUs online: $(cat /sys/devices/system/cpu/online)"

say "KUnit suites that ran at boot"
dmesg | sed -n 's/^\[[ 0-9.]*\] # \([a-z_]*\): pass:\([0-9]*\) fail:\([0-9]*\) skip:\([0-9]*\) total:\([0-9]*\)$/\1: \2 passed, \3 failed, \4 skipped of \5/p'

if [ -f /lab/modules/ring_buffer_stress.ko ]; then
	say "the ring buffer under stress for one second"
	echo "(writers on both CPUs in task, hrtimer and NMI context; a reader on"
	echo " the side; every event checked, the books must balance)"
	insmod /lab/modules/ring_buffer_stress.ko duration_ms=1000 overwrite=1 &&
		rmmod ring_buffer_stress
	dmesg | sed -n 's/^.*ring_buffer_stress: //p' | tail -n 3
fi

if ! grep -q tracefs /proc/mounts; then
	say "tracefs"
	echo "Not in this kernel yet: it comes with the events and tracefs layer."
	exit 0
fi

say "tracefs at $T"
ls $T
if [ -f $T/available_tracers ]; then
	say "available tracers"
	cat $T/available_tracers
fi
if [ -f $T/available_events ]; then
	say "some of the $(wc -l < $T/available_events) available events"
	head -n 10 $T/available_events
fi
if [ -f $T/set_event ] && [ -d $T/events/sched/sched_switch ]; then
	say "tracing sched:sched_switch for a moment"
	echo sched:sched_switch > $T/set_event
	echo 1 > $T/tracing_on
	sleep 1
	echo 0 > $T/tracing_on
	head -n 20 $T/trace
	: > $T/set_event
	echo 1 > $T/tracing_on
	say "what tools read to decode a sched_switch record"
	cat $T/events/sched/sched_switch/format
fi
if [ -f $T/trace_marker ]; then
	say "user space writes into the trace: trace_marker, read from trace_pipe"
	: > $T/trace
	echo "hello from the demo" > $T/trace_marker
	timeout 1 cat $T/trace_pipe 2>/dev/null
fi
if [ -f /lab/modules/trace-events-sample.ko ]; then
	say "a module's events: samples/trace_events, for two seconds"
	insmod /lab/modules/trace-events-sample.ko
	echo 1 > $T/events/sample-trace/enable
	sleep 2
	grep -v '^#' $T/trace | head -n 8
	echo "(unloading it with its events enabled)"
	rmmod trace_events_sample
	ls $T/events | grep -c . | sed 's/^/event systems now: /'
fi
exit 0
