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
fi
exit 0
