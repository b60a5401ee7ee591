#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The tour "make run" shows: what users of tracing come for, a few lines
# each under a one-line heading.  Every step checks what it shows; one
# that did not work says FAILED, the tour goes on, and the script exits 1
# (init then ends with "TRACELAB-END rc=1", which fails "make run").

T=/sys/kernel/tracing
cd $T || { echo "FAILED: no tracefs at $T"; exit 1; }
steps=0
failed=0

# step TITLE: the next step's heading.
step() {
	steps=$((steps + 1))
	printf '\n=== %d. %s\n' $steps "$*"
}
# run CMD: show a command as it would be typed in $T, then run it.
run() {
	echo "  \$ $*"
	eval "$*"
}
# bad WHAT: the step did not work.
bad() {
	echo "FAILED: $*"
	failed=$((failed + 1))
}
# show FILE [N]: FILE's first N (4) lines but its header, indented.
show() {
	grep -v '^#' "$1" | head -n "${2:-4}" | sed 's/^ */    /'
}

printf '=== Linux %s on %s CPUs, tracefs at %s\n' "$(uname -r)" \
	"$(grep -c '^processor' /proc/cpuinfo)" $T
echo "tracers: $(cat available_tracers)"

# 1. The function graph tracer, limited by set_graph_function to one
# system call: busybox sh calls getppid() once as it starts.  Two levels
# deep; timer interrupts left out.  Three calls, the last one shown: a
# CPU buffer's first record wakes its readers, and the graph shows that
# wakeup's traceable functions inside the call it recorded.
G=__x64_sys_getppid
grep -qx $G available_filter_functions || G=__do_sys_getppid
step "function_graph of one system call: getppid() and what it calls"
echo 0 > tracing_on
echo 0 > options/funcgraph-irqs
run "echo $G > set_graph_function; echo 2 > max_graph_depth"
run "echo function_graph > current_tracer"
: > trace
echo 1 > tracing_on
for i in 1 2 3; do
	sh -c 'echo $PPID' > /dev/null
done
echo 0 > tracing_on
# The last call's lines (not the banners of a task switch), the middle
# of a long one left out.
grep '|' trace | grep -v '^#' > /tmp/graph
awk '/[|]  [_a-z0-9]*getppid[(][)] [{]$/ { n = 0 } { l[n++] = $0 }
	/[|]  }$/ { m = 0; for (i = 0; i < n; i++) c[m++] = l[i] }
	END { for (i = 0; i < m; i++)
		if (m <= 8 || i < 6 || i == m - 1) print c[i]
		else if (i == 6) print "    ..." }' /tmp/graph |
	sed 's/^ */    /'
grep -q "$G() {" /tmp/graph && grep -q '__task_pid_nr_ns();' /tmp/graph &&
	grep -q '[0-9] us *|  }' /tmp/graph || bad "no $G() call with its callee"
echo nop > current_tracer
echo > set_graph_function
echo 0 > max_graph_depth
echo 1 > options/funcgraph-irqs
echo 1 > tracing_on

# 2. Probe events: on do_sys_openat2()'s entry, its first two arguments,
# the directory fd and the path (a user-space string); on its return,
# the value.  $argN needs no BTF at a function's entry on x86-64.
step "a kprobe event with its arguments: what cat opens, and the result"
: > trace
P='p:myopen do_sys_openat2 dfd=$arg1:s32 path=+0($arg2):ustring'
R='r:myopen_ret do_sys_openat2 ret=$retval:s32'
run "echo '$P' > kprobe_events"
run "echo '$R' >> kprobe_events"
echo 1 > events/kprobes/enable
run "cat /etc/passwd /no/such/file"' > /dev/null 2>&1'
echo 0 > events/kprobes/enable
grep -E '^ *cat-[0-9]+ ' trace > /tmp/kprobe
show /tmp/kprobe
grep -q 'myopen: .* dfd=-100 path="/etc/passwd"' /tmp/kprobe &&
	grep -q 'myopen_ret: .* ret=-2$' /tmp/kprobe ||
	bad "no open of /etc/passwd, or no -ENOENT for /no/such/file"
echo > kprobe_events

# 3. An instance: a tracing session of its own, with its own buffer and
# events; the top level does not see them.
step "an instance with its own events: sched_switch in instances/demo only"
: > trace
run "mkdir instances/demo"
run "echo 1 > instances/demo/events/sched/sched_switch/enable"
sleep 0.2
echo 0 > instances/demo/events/sched/sched_switch/enable
show instances/demo/trace 3
n=$(grep -c 'sched_switch:' instances/demo/trace)
top=$(grep -c 'sched_switch:' trace)
echo "  sched_switch records: $n in instances/demo, $top at the top level"
[ "$n" -gt 0 ] && [ "$top" = 0 ] || bad "the instance's events are not its own"
rmdir instances/demo

# 4. perf opens the tracepoint through perf_event_open(2) and counts its
# hits on every CPU, without a buffer.
step "perf counting a tracepoint: sched_switch on every CPU for a second"
run "perf stat -a -e sched:sched_switch -o /tmp/perf sleep 1"
grep -v -e '^#' -e '^ *$' /tmp/perf | sed 's/ *$//'
n=$(awk '$2 == "sched:sched_switch" { print $1 }' /tmp/perf)
[ "${n:-0}" -gt 0 ] 2> /dev/null || bad "perf stat counted no sched_switch"

# Histograms: not in this kernel yet.  They come with the hist triggers
# of issue 34 (echo 'hist:keys=prev_comm' > .../sched_switch/trigger,
# then cat .../sched_switch/hist); their step goes here then.

# 5. User space writes into the trace through trace_marker; rbmap reads
# every CPU's buffer through mmap() of trace_pipe_raw and decodes the
# records from the format files alone.
step "user space writes, a reader maps the buffer: trace_marker, rbmap"
: > trace
run "echo 'hello from the demo' > trace_marker"
# The ring buffer's counters, per CPU.
for d in per_cpu/cpu*; do
	awk -v c=${d#per_cpu/} '/^(entries|bytes):/ { s = s "  " $0 }
		END { print "    " c ":" s }' $d/stats
done
run "/lab/rbmap -n > /tmp/rbmap"
sed 's/^/    /' /tmp/rbmap
grep -q 'ftrace:print .*hello from the demo' /tmp/rbmap ||
	bad "rbmap did not read the marker"

up=$(cut -d. -f1 /proc/uptime)
if [ $failed != 0 ]; then
	printf '\n=== %d of %d steps FAILED (%s s after the kernel started)\n' \
		$failed $steps "$up"
	exit 1
fi
printf '\n=== all %d steps worked, %s s after the kernel started\n' $steps "$up"
