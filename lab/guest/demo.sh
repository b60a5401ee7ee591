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

if ! grep -q tracefs /proc/mounts; then
	say "tracefs"
	echo "This kernel has no tracefs: CONFIG_TRACING is not built in yet."
	say "trace clocks (KUnit results from boot)"
	dmesg | grep -E '^\[[ 0-9.]+\] +(# Subtest|ok|not ok) .*trace_clock' || \
		echo "(no trace clock suite in this kernel)"
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
fi
exit 0
