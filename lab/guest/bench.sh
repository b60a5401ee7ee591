#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of "make bench": run each benchmark once and print its
# BENCH lines; the host compares them across kernels.
tag=$(sed -n 's/.*tracelab\.bench_tag=\([^ ]*\).*/\1/p' /proc/cmdline)
# tracelab.bench_ops=G,P,F,Q[,M] sets the getppid and pipe counts, those
# of the unfiltered function tracer run and the trace_marker writes (for
# a short trial of this script).
counts=$(sed -n 's/.*tracelab\.bench_ops=\([^ ]*\).*/\1/p' /proc/cmdline)
set -- $(echo "${counts:-200000,20000,20000,2000}" | tr ',' ' ')
GETPPID_OPS=$1 PIPE_OPS=$2 FTRACE_OPS=$3,$4 MARKER_OPS=${5:-100000}
# tracelab.bench_parts=P,Q,... runs only those parts (of plain, sched,
# perfbpf, syscall, hist, kprobe, ftrace, graph, irqsoff, blk, timerlat, rb or
# rbwrite, instmem, drainfull, record, drain); plain,
# the idle figures the others are compared with, always runs.
parts=$(sed -n 's/.*tracelab\.bench_parts=\([^ ]*\).*/\1/p' /proc/cmdline)
part() {
	[ -z "$parts" ] || case ",$parts," in *,$1,*) true ;; *) false ;; esac
}
# Memory right after boot, before anything traces: what is free, and
# what the trace buffers hold ("N (expanded: M)": N until first use).
# Pages on the per-CPU free lists are not in MemFree.  Right after boot
# those lists are long (the initramfs was unpacked and freed moments
# before) and shrink over about 30 s, so a kernel that reaches /init
# sooner reads lower for a while.  Two figures: MemFree at its highest
# over 40 readings a second apart (under -icount, idle time passes at
# once), and at that reading MemFree plus the pages on the per-CPU lists
# (/proc/zoneinfo's "count:"), which does not depend on when it is read.
memfree=0 freepcp=0
for i in $(seq 40); do
	m=$(awk '/^MemFree:/ { print $2 }' /proc/meminfo)
	p=$(awk '$1 == "count:" { n += $2 } END { print n * 4 }' /proc/zoneinfo)
	if [ "$m" -gt "$memfree" ]; then
		memfree=$m
		freepcp=$((m + p))
	fi
	sleep 1
done
bufkb=$(cut -d' ' -f1 /sys/kernel/tracing/buffer_total_size_kb 2> /dev/null)
# Where the difference comes from, in two parts.  image_freed: what the
# kernel gave back of its own image after boot (init code and data, and
# the gap between read-only data and data that 2 MB alignment leaves);
# the rest of the image stays.  kernel_used: the memory the kernel
# allocated, that is MemTotal less the free pages (lists included),
# the page cache (here the initramfs files) and user memory.
freed=$(dmesg | sed -n 's/.*Freeing unused kernel image ([^)]*) memory: \([0-9]*\)K.*/\1/p' |
	awk '{ n += $1 } END { print n + 0 }')
used=$(awk -v f=$freepcp '/^(MemTotal|Cached|AnonPages|Buffers):/ { v[$1] = $2 }
	END { print v["MemTotal:"] - f - v["Cached:"] - v["AnonPages:"] - v["Buffers:"] }' /proc/meminfo)
echo "BENCHMEM kernel=${tag:-unknown} memfree_kb=$memfree buffer_total_kb=${bufkb:-0} free_pcp_kb=$freepcp image_freed_kb=$freed kernel_used_kb=$used"
sed 's/^/MEMINFO /' /proc/meminfo
# With no tracer (a kernel with the function tracer built in has it off).
/lab/sysbench "${tag:-unknown}" $GETPPID_OPS $PIPE_OPS || exit 1
# The tracing core's write paths, where the kernel has them: a pipe
# ping-pong with the scheduler events enabled (every switch and wakeup
# is recorded), and writes to trace_marker.
T=/sys/kernel/tracing
if part sched && [ -f $T/set_event ] && [ -d $T/events/sched/sched_switch ]; then
	echo 'sched:sched_switch sched:sched_wakeup sched:sched_waking' > $T/set_event
	/lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS +sched_events || exit 1
	: > $T/set_event
	# The same with the ping-pong on one CPU (pipe1, as in the perfbpf
	# part below): no wakeup crosses CPUs, so the count does not move
	# with how QEMU interleaves the two vCPUs, as the figure above does.
	SYSBENCH_CPU=0 /lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS || exit 1
	echo 'sched:sched_switch sched:sched_wakeup sched:sched_waking' > $T/set_event
	SYSBENCH_CPU=0 /lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS +sched_events || exit 1
	: > $T/set_event
	# The same events enabled in two instances instead: each event is
	# recorded twice, once into each instance's buffer.
	if [ -d $T/instances ]; then
		for i in bench-a bench-b; do
			mkdir $T/instances/$i
			echo 'sched:sched_switch sched:sched_wakeup sched:sched_waking' \
				> $T/instances/$i/set_event
		done
		/lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS +sched_events_2inst || exit 1
		for i in bench-a bench-b; do
			: > $T/instances/$i/set_event
			rmdir $T/instances/$i
		done
	fi
	/lab/sysbench "${tag:-unknown}" 0 0 "" $MARKER_OPS $T/trace_marker || exit 1
	echo > $T/trace
fi
# perf and BPF on sched_switch: a pipe ping-pong on one CPU (pipe1: two
# switches per round trip, SYSBENCH_CPU) with nothing on, while perf
# counts the event on every CPU (perf's tracepoint PMU: the perf probe
# builds no record, as nothing reads one), while a BPF tracepoint
# program counts it in a map
# (lab/guest/bpf_attach.c; the probe builds the record for the program),
# and while tracefs records it (the probe writes the ring buffer).  The
# figure less pipe1's, halved, is the cost of one sched_switch hit.
if part perfbpf && [ -f $T/events/sched/sched_switch/id ]; then
	export SYSBENCH_CPU=0
	/lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS || exit 1
	if command -v perf > /dev/null; then
		perf stat -a -x, -o /tmp/bench-perf.csv -e sched:sched_switch -- \
			/lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS +perf_sched_switch ||
			exit 1
	fi
	if [ -x /lab/bpf_attach ] && [ -f /proc/sys/kernel/unprivileged_bpf_disabled ]; then
		/lab/bpf_attach run $(cat $T/events/sched/sched_switch/id) \
			/lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS +bpf_sched_switch ||
			exit 1
	fi
	echo 1 > $T/events/sched/sched_switch/enable
	/lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS +tracefs_sched_switch || exit 1
	echo 0 > $T/events/sched/sched_switch/enable
	echo > $T/trace
	unset SYSBENCH_CPU
fi
# A syscall event: sys_enter_getppid records each call's entry.
if part syscall && [ -d $T/events/syscalls/sys_enter_getppid ]; then
	echo 1 > $T/events/syscalls/sys_enter_getppid/enable
	/lab/sysbench "${tag:-unknown}" $GETPPID_OPS 0 +syscall_event || exit 1
	echo 0 > $T/events/syscalls/sys_enter_getppid/enable
	echo > $T/trace
fi
# Histograms: a hist trigger keyed by common_pid on sys_enter_getppid
# (each call is a hit, the event itself stays disabled); then the
# latency pair of Documentation/trace/histogram.rst, a variable saved at
# entry and read at exit, where onmatch() writes a synthetic event (the
# figure is per pair); last, what a 2048-entry table takes, allocated
# by a trigger and given back by its removal (MemAvailable, KB).
H=$T/events/syscalls
if part hist && [ -f $H/sys_enter_getppid/hist ] && [ -f $T/synthetic_events ]; then
	echo 'hist:keys=common_pid' > $H/sys_enter_getppid/trigger
	/lab/sysbench "${tag:-unknown}" $GETPPID_OPS 0 +hist_getppid || exit 1
	echo '!hist:keys=common_pid' > $H/sys_enter_getppid/trigger
	echo 'bench_lat u64 lat' > $T/synthetic_events
	echo 'hist:keys=common_pid:ts0=common_timestamp' > $H/sys_enter_getppid/trigger
	echo 'hist:keys=common_pid:lat=common_timestamp-$ts0:onmatch(syscalls.sys_enter_getppid).bench_lat($lat)' \
		> $H/sys_exit_getppid/trigger
	echo 1 > $T/events/synthetic/bench_lat/enable
	/lab/sysbench "${tag:-unknown}" $GETPPID_OPS 0 +hist_onmatch_pair || exit 1
	echo 0 > $T/events/synthetic/bench_lat/enable
	echo '!hist:keys=common_pid:lat=common_timestamp-$ts0:onmatch(syscalls.sys_enter_getppid).bench_lat($lat)' \
		> $H/sys_exit_getppid/trigger
	echo '!hist:keys=common_pid:ts0=common_timestamp' > $H/sys_enter_getppid/trigger
	echo '!bench_lat' >> $T/synthetic_events
	echo > $T/trace
	# Free pages, those on the per-CPU lists included (an allocation
	# takes from those first, which MemFree does not show).
	free_kb() {
		awk '/^MemFree:/ { print $2 }' /proc/meminfo
		awk '$1 == "count:" { n += $2 } END { print n * 4 }' /proc/zoneinfo
	}
	sync
	a0=$(free_kb | awk '{ n += $1 } END { print n }')
	echo 'hist:keys=common_pid:vals=common_preempt_count:size=2048' > $H/sys_enter_getppid/trigger || exit 1
	a1=$(free_kb | awk '{ n += $1 } END { print n }')
	echo '!hist:keys=common_pid:vals=common_preempt_count:size=2048' > $H/sys_enter_getppid/trigger
	echo "BENCHKB kernel=${tag:-unknown} test=hist_table_2048 kb=$((a0 - a1))"
fi
# A kprobe event with two arguments on the function getppid() enters:
# each call records one event (the figure less plain getppid is the cost
# of a hit).
if part kprobe && [ -f $T/kprobe_events ]; then
	kfn=$(awk '$3 == "__x64_sys_getppid" || $3 == "__do_sys_getppid" { print $3; exit }' \
		/proc/kallsyms)
	if [ -n "$kfn" ] && echo "p:bench/kp2 $kfn a=%di b=%si:u32" > $T/kprobe_events; then
		echo 1 > $T/events/bench/kp2/enable
		/lab/sysbench "${tag:-unknown}" $GETPPID_OPS 0 +kprobe_2args || exit 1
		echo 0 > $T/events/bench/kp2/enable
		echo > $T/kprobe_events
		echo > $T/trace
	fi
fi
# The function tracer, where the kernel has it: filtered to the one
# function that getppid() enters (so each getppid records a function
# record and the pipe test shows the cost of the tracer being on
# elsewhere), then unfiltered - every function of the kernel traced, so
# the counts are small: it is slow under TCG.
# (__x64_sys_getppid and __do_sys_getppid share an address; the list
# names it by one of them.)
fn=
if [ -f $T/available_tracers ] && grep -qw function $T/available_tracers; then
	fn=$(grep -x -m 1 -e __x64_sys_getppid -e __do_sys_getppid $T/available_filter_functions || true)
fi
if part ftrace && [ -n "$fn" ]; then
	echo $fn > $T/set_ftrace_filter
	echo function > $T/current_tracer
	/lab/sysbench "${tag:-unknown}" $GETPPID_OPS $PIPE_OPS +ftrace_one || exit 1
	echo nop > $T/current_tracer
	echo > $T/set_ftrace_filter
	ops=$FTRACE_OPS
	echo function > $T/current_tracer
	/lab/sysbench "${tag:-unknown}" "${ops%,*}" "${ops#*,}" +ftrace_all || exit 1
	echo nop > $T/current_tracer
	echo > $T/trace
fi
# The function_graph tracer: set_graph_function on getppid()'s function
# (each call records its entry and return, and those of what it calls),
# then every function of the kernel, with the small counts.
if part graph && [ -n "$fn" ] && grep -qw function_graph $T/available_tracers; then
	echo $fn > $T/set_graph_function
	echo function_graph > $T/current_tracer
	/lab/sysbench "${tag:-unknown}" $GETPPID_OPS $PIPE_OPS +graph_one || exit 1
	echo nop > $T/current_tracer
	echo > $T/set_graph_function
	echo > $T/trace
	ops=$FTRACE_OPS
	echo function_graph > $T/current_tracer
	/lab/sysbench "${tag:-unknown}" "${ops%,*}" "${ops#*,}" +graph_all || exit 1
	echo nop > $T/current_tracer
	echo > $T/trace
fi
# The irqsoff tracer on the pipe ping-pong: every stretch with interrupts
# off is timed, and the longest kept.
if part irqsoff && [ -f $T/available_tracers ] && grep -qw irqsoff $T/available_tracers; then
	echo irqsoff > $T/current_tracer
	/lab/sysbench "${tag:-unknown}" 0 $PIPE_OPS +irqsoff || exit 1
	echo nop > $T/current_tracer
	echo > $T/trace
fi
# The ring buffer benchmark module built for this kernel ("ours", "noft" or "base").
mod=/lab/bench/rb_bench-${tag%%-*}.ko
# blktrace: direct 4 KB reads of the RAM disk, plain, then with the blk
# tracer recording every request's events into the ring buffer (the
# device's trace/enable, as "blktrace -o -" through tracefs does).
if part blk && [ -b /dev/ram0 ] && [ -f /sys/block/ram0/trace/enable ] &&
	grep -qw blk $T/available_tracers; then
	export SYSBENCH_BLK=/dev/ram0 SYSBENCH_BLK_OPS=${BLK_OPS:-20000}
	/lab/sysbench "${tag:-unknown}" 0 0 || exit 1
	echo 1 > /sys/block/ram0/trace/enable
	echo blk > $T/current_tracer
	/lab/sysbench "${tag:-unknown}" 0 0 +blktrace || exit 1
	grep -qE ' Q +RS? [0-9]+ \+ 8 \[sysbench\]$' $T/trace ||
		{ echo "blk: no read recorded"; grep -v '^#' $T/trace | head -n 3; exit 1; }
	echo nop > $T/current_tracer
	echo 0 > /sys/block/ram0/trace/enable
	echo > $T/trace
	unset SYSBENCH_BLK SYSBENCH_BLK_OPS
fi
# timerlat: its own latency at the default period (1 ms) for 5 s, the
# mean of the irq and of the thread figures; under -icount the guest's
# nanoseconds count instructions, so this is the length of the path
# from the timer's expiry to each measurement.
if part timerlat && grep -qw timerlat $T/available_tracers; then
	echo > $T/trace
	echo timerlat > $T/current_tracer
	sleep 5
	echo 0 > $T/tracing_on
	for ctx in irq thread; do
		awk -v ctx=$ctx -v tag="${tag:-unknown}" '
			$0 ~ "context +" ctx " +timer_latency +[0-9]+ ns$" {
				n++; sum += $(NF - 1)
			}
			END {
				if (!n)
					exit 1
				printf "BENCH kernel=%s test=timerlat_%s ops=%d ns_per_op=%.1f\n", tag, ctx, n, sum / n
			}' $T/trace || { echo "timerlat: no $ctx sample"; exit 1; }
	done
	echo nop > $T/current_tracer
	echo 1 > $T/tracing_on
	echo > $T/trace
fi
if part rb && [ -f "$mod" ]; then
	insmod "$mod" tag="$tag" || exit 1
	rmmod rb_bench
elif part rbwrite && [ -f "$mod" ]; then
	# The single-producer figures alone (the base kernel's concurrent
	# 512-byte run never ends under -icount).
	insmod "$mod" tag="$tag" single_only=1 || exit 1
	rmmod rb_bench
fi
# What an instance costs, and what CPU 1 going down gives back.  Ten
# instances are made, each at 1408 KB a CPU (grown by the write to
# buffer_size_kb, as a first use grows it); instance_kb and
# instance_slab_kb are the free pages (per-CPU lists included) and the
# slab each took.  Then CPU 1 goes down: cpu_down_kept_kb is what the
# ten instances' CPU 1 parts (1408 KB each) still hold, that is 10 *
# 1408 less the free pages gained beyond what CPU 1 going down gave
# back before the instances were made (its own per-CPU caches, the top
# level's buffer).  Lower is better for all three.
if part instmem && [ -d $T/instances ] && [ -w /sys/devices/system/cpu/cpu1/online ]; then
	free_all() {
		sync
		awk '/^MemFree:/ { m = $2 } END { print m }' /proc/meminfo
		awk '$1 == "count:" { n += $2 } END { print n * 4 }' /proc/zoneinfo
	}
	free_kb() {
		free_all | awk '{ n += $1 } END { print n }'
	}
	slab_kb() {
		awk '/^Slab:/ { print $2 }' /proc/meminfo
	}
	echo 1408 > $T/buffer_size_kb
	f0=$(free_kb)
	echo 0 > /sys/devices/system/cpu/cpu1/online || exit 1
	down0=$(($(free_kb) - f0))
	echo 1 > /sys/devices/system/cpu/cpu1/online || exit 1
	f0=$(free_kb) s0=$(slab_kb)
	for i in 0 1 2 3 4 5 6 7 8 9; do
		mkdir $T/instances/bm$i || exit 1
		echo 1408 > $T/instances/bm$i/buffer_size_kb || exit 1
	done
	f1=$(free_kb) s1=$(slab_kb)
	echo "BENCHKB kernel=${tag:-unknown} test=instance_kb kb=$(((f0 - f1) / 10))"
	echo "BENCHKB kernel=${tag:-unknown} test=instance_slab_kb kb=$(((s1 - s0) / 10))"
	echo 0 > /sys/devices/system/cpu/cpu1/online || exit 1
	f2=$(free_kb)
	echo "BENCHKB kernel=${tag:-unknown} test=cpu_down_kept_kb kb=$((10 * 1408 - (f2 - f1 - down0)))"
	echo 1 > /sys/devices/system/cpu/cpu1/online || exit 1
	for i in 0 1 2 3 4 5 6 7 8 9; do
		rmdir $T/instances/bm$i
	done
fi
# The readers alone: a writer per CPU fills its buffer with trace_marker
# lines for a second (overwrite mode: full, the oldest overwritten), the
# writers stop, tracing stops, and one reader empties every CPU's buffer:
# trace_pipe_raw mapped (rbmap), with read() (rbmap -r), and trace_pipe's
# text (pipedrain).  ns per event drained, the reader's time alone.
if part drainfull && [ -x /lab/rbmap ] && [ -x /lab/pipedrain ] && [ -x /lab/markers ] &&
   [ -e $T/per_cpu/cpu0/trace_pipe_raw ]; then
	# The same size on both kernels: 6.12's top level grows to its full
	# size on first use, and a marker write is not a use there.
	echo 1408 > $T/buffer_size_kb
	for mode in mmap read text; do
		echo > $T/trace
		echo 1 > $T/tracing_on
		pids=
		for d in $T/per_cpu/cpu*; do
			/lab/markers $T/trace_marker "${d##*cpu}" &
			pids="$pids $!"
		done
		sleep 1
		kill $pids
		wait 2> /dev/null
		echo 0 > $T/tracing_on
		case $mode in
		mmap)	/lab/rbmap -q -s -n > /tmp/drain.out ;;
		read)	/lab/rbmap -r -q -s -n > /tmp/drain.out ;;
		text)	/lab/pipedrain $T/trace_pipe > /tmp/drain.out ;;
		esac || { cat /tmp/drain.out; exit 1; }
		set -- $(sed -n 's/^\(rbmap: events\|pipedrain: lines\)=\([0-9]*\).*seconds=\([0-9.]*\)$/\2 \3/p' \
			/tmp/drain.out)
		[ "${1:-0}" -gt 0 ] || { cat /tmp/drain.out; exit 1; }
		echo "BENCH kernel=${tag:-unknown} test=drain_full_$mode events=$1 seconds=$2" \
			"ns_per_op=$(awk -v n=$1 -v s=$2 'BEGIN { printf "%.1f", s * 1e9 / n }')"
	done
	echo 1 > $T/tracing_on
	echo > $T/trace
fi
# trace-cmd record's sustained rate: a writer per CPU writes
# trace_marker lines at a set rate for 10 s (markers RATE COUNT) while
# trace-cmd record (its splice recorders; 1408 KB a CPU on both kernels)
# records the top level.  The rate doubles from 10000 lines a second a
# CPU until events are lost (overrun or dropped in per_cpu/cpu*/stats,
# which trace-cmd leaves as they were at its end) or a writer cannot keep
# the pace, then is bisected four times between the last rate without
# loss and the first with.  BENCH record_sustained: the highest rate
# recorded without loss, both CPUs' lines a second, and ns_per_op one
# second over it (lower is better, as for the other figures).  The
# recorded lines are counted too: fewer than written with no loss
# counted is an error, not a figure.  why= says what stopped the rate:
# lost, behind (a writer could not keep it) or memory (the guest has no
# room for the file: the figure is then a floor).
record_trial() { # RATE (a CPU): 0 none lost, 1 lost or behind, 3 error, 4 no room
	count=$(($1 * 10))
	# trace-cmd's per-CPU files (52 bytes a line) before it compresses
	# them into the file, in the guest's memory: QEMU_MEM=3G for rates
	# past 500000 a CPU.
	avail=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
	[ $((count * ncpus * 64 / 1024)) -lt $((avail * 4 / 5)) ] || return 4
	rm -rf /tmp/rec && mkdir /tmp/rec || return 3
	cmd="for c in $cpus; do /lab/markers $T/trace_marker \$c $1 $count & done; wait"
	(cd /tmp/rec && trace-cmd record -b 1408 -e sched:sched_process_exec \
		-o /tmp/rec/trace.dat sh -c "$cmd") > /tmp/rec/out 2>&1 ||
		{ cat /tmp/rec/out; return 3; }
	[ "$(grep -c '^markers: .* written='$count' ' /tmp/rec/out)" = $ncpus ] ||
		{ cat /tmp/rec/out; return 3; }
	lost=$(cat $T/per_cpu/cpu*/stats |
		awk '/^(overrun|dropped events):/ { n += $NF } END { print n + 0 }')
	behind=$(grep -c 'behind=1' /tmp/rec/out)
	echo "record: rate=$1 lost=$lost writers_behind=$behind file_kb=$(du -sk /tmp/rec | cut -f1)"
	[ $1 = 10000 ] && sed 's/^/record: trace-cmd: /' /tmp/rec/out | head -40
	[ "$lost" -gt 0 ] && why=lost && return 1
	[ "$behind" -gt 0 ] && why=behind && return 1
	# Nothing counted lost: every line must be in the file (counted
	# for the smaller runs: trace-cmd report takes minutes on millions).
	[ $((count * ncpus)) -gt 400000 ] && return 0
	got=$(trace-cmd report -i /tmp/rec/trace.dat 2> /dev/null | grep -c 'bench-marker-')
	[ "$got" = $((count * ncpus)) ] ||
		{ echo "record: $got lines recorded of $((count * ncpus)), none counted lost"; return 3; }
	return 0
}
if part record && command -v trace-cmd > /dev/null && [ -x /lab/markers ]; then
	cpus=$(echo $(ls -d $T/per_cpu/cpu* | sed 's/.*cpu//'))
	ncpus=$(echo $cpus | wc -w)
	good=0 bad=0 why=
	# One trial at $1 a CPU: moves good up or bad down.
	record_step() {
		record_trial $1
		case $? in
		0) good=$1 ;;
		1) bad=$1 ;;
		4) echo "record: no room for $1 lines a second a CPU"
		   why=memory bad=$1 ;;
		*) exit 1 ;;
		esac
	}
	rate=10000
	while [ $bad = 0 ]; do
		record_step $rate
		rate=$((rate * 2))
	done
	for i in 1 2 3 4; do
		record_step $(((good + bad) / 2))
	done
	rm -rf /tmp/rec
	[ $good -gt 0 ] || { echo "record: lines lost at $bad a second a CPU"; exit 1; }
	echo "BENCH kernel=${tag:-unknown} test=record_sustained events_per_s=$((good * ncpus))" \
		"first_failed=$((bad * ncpus)) why=$why ns_per_op=$(awk -v r=$((good * ncpus)) 'BEGIN { printf "%.1f", 1e9 / r }')"
	echo > $T/trace
fi
# Draining: a writer per CPU writes trace_marker at full speed while one
# reader drains every CPU's trace_pipe_raw for a few seconds, mapped
# (rbmap) or with read() (rbmap -r); events drained per second, and the
# ns per event that bench.py compares.  Overwrite mode: what the reader
# does not drain in time is overwritten, not waited for.  Last, because
# the base kernel can livelock here under -icount (a writer spinning in
# rb_move_tail(), soft lockup): the figures before it are kept.
if part drain && [ -x /lab/rbmap ] && [ -x /lab/markers ] && [ -e $T/per_cpu/cpu0/trace_pipe_raw ]; then
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
