#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of "make check": run the lab's sanity tests, the
# series' tracing selftests (with upstream's ftracetest, whose own tests
# stay beside them in test.d) and the client tests (trace-cmd).  The host reads the
# results from the console (the "[N] ...<TAB>[RESULT]" lines, and KTAP
# from the KUnit suites that ran at boot); this script's exit status says
# whether any runner failed.
#
# The host boots two guests at once, one per host core, each running its
# share (tracelab.part= on the kernel command line, TRACELAB_PART here):
#   a     the sanity, stress and client tests, and a share of test.d
#         (part_tests below)
#   b     the other tests of test.d, test.d/boot always: guest b boots
#         with some tracing options on its command line (lab/lab.sh,
#         CHECK_B_BOOT_ARGS), which test.d/boot checks
#   all   (or unset) everything, in one guest
# On the debug kernel every guest ends with the kmemleak scan.
# A directory's tests run in one ftracetest run, each announced by a line
# "TRACELAB-RUNNING <path> t=<s>" as it starts (the test's path in the
# repository, the guest's uptime), so the host can say which test was
# running when a guest hung, and how long each took.

FTRACETEST=/selftests/ftrace/ftracetest
CORE_TESTS=/lab/core-tests.list
WEIGHTS=/lab/check-weights
DEFAULT_WEIGHT=8
# Whether guest a takes a share of test.d: it does when the weights are
# this kernel's.  The debug kernel (its stress tests run 30 s, not 3)
# has its own, lab/guest/check-weights-debug: a test there takes 10 to
# 20 times as long, the hostile client most of an hour.  Stress runs
# longer than 3 s without them: b runs all of test.d.
A_SHARE=1
if [ "${TRACELAB_STRESS_MS:-3000}" -gt 3000 ]; then
	if [ -f /lab/check-weights-debug ]; then
		WEIGHTS=/lab/check-weights-debug
		DEFAULT_WEIGHT=40
	else
		A_SHARE=0
	fi
fi
part=${TRACELAB_PART:-all}
rc=0
num=0

# The repository's name for a test's path in the guest.
repo_path() {
	case "$1" in
	/selftests/ftrace/*)	echo "tools/testing/selftests/ftrace/${1#/selftests/ftrace/}" ;;
	/lab/*)			echo "lab/guest/${1#/lab/}" ;;
	*)			echo "$1" ;;
	esac
}

# The user processes alive now (kernel threads and zombies have no
# executable), less the shell that lists them.
user_pids() {
	read -r self _ < /proc/self/stat
	for p in /proc/[0-9]*; do
		p=${p#/proc/}
		[ "$p" != "$self" ] && [ -e "/proc/$p/exe" ] && echo "$p"
	done
}

# check_leftovers TEST BEFORE: the processes TEST started that are still
# running once it has ended (BEFORE: " pid pid ... " from before it).  A
# leftover load loop would slow down every later test of the guest, so
# it fails as a result of its own, and is killed.
check_leftovers() {
	left=""
	for try in 1 2 3; do
		left=""
		for p in $(user_pids); do
			case "$2" in *" $p "*) continue ;; esac
			left="$left $p"
		done
		[ -z "$left" ] && return 0
		sleep 1
	done
	num=$((num + 1))
	for p in $left; do
		c=$(cat /proc/$p/cmdline 2> /dev/null | tr '\0' ' ')
		[ -n "$c" ] && echo "leftover of $1: pid $p: $c"
	done
	kill -9 $left 2> /dev/null
	printf '[%d] lab - %s leaves no process running\t[FAIL]\n' "$num" "$1"
	rc=1
}

# run_batch OPTIONS TEST...: the tests (all of one directory) through one
# ftracetest run, each announced by a marker when it starts: the reset
# ftracetest does after its last test (every event's trigger and filter
# file read, 11 s under KASAN) comes once per directory, not once per
# test.  Without -v its output is the result lines alone, so the one
# that ends a test tells when the next starts; the tests flagged
# "instance" run once more at the end, in an instance.  With -v, a
# failed test's log (kept in the log directory) follows its result.
run_batch() {
	opts=$1
	shift
	logs=/tmp/check-logs
	fifo=/tmp/check-run.fifo
	rm -rf "$logs" "$fifo"
	mkfifo "$fifo"
	first=$1
	before=" $(user_pids | tr '\n' ' ') "
	queue="$* $(grep -l 'flags:.*instance' "$@")"
	$FTRACETEST -l "$logs" "$@" > "$fifo" 2>&1 &
	runner=$!
	set -- $queue
	read -r up _ < /proc/uptime
	echo "TRACELAB-RUNNING $(repo_path "$1") t=$up"
	shift
	while IFS= read -r line; do
		case "$line" in
		"["[0-9]*"] "*)
			num=$((num + 1))
			printf '[%d] %s\n' "$num" "${line#*] }"
			n=${line%%]*}
			case "$line" in
			*"[FAIL]"|*"[UNDEFINED]")
				[ "$opts" = -v ] && cat "$logs/${n#[}"-*-log.* ;;
			esac
			[ $# -gt 0 ] || continue
			read -r up _ < /proc/uptime
			echo "TRACELAB-RUNNING $(repo_path "$1") t=$up"
			shift
			;;
		# The summary, and what upstream's finish_ftrace says of the
		# files this kernel does not have.
		"# of "*|"=== Ftrace unit tests ==="|"") ;;
		"grep: events/*/*/trigger: No such file or directory") ;;
		"grep: dynamic_events: No such file or directory") ;;
		*)	printf '%s\n' "$line" ;;
		esac
	done < "$fifo"
	wait $runner || rc=1
	rm -f "$fifo"
	check_leftovers "$(repo_path "${first%/*}")" "$before"
}

# run_tests OPTIONS PATH...: each .tc at or below the paths, in
# ftracetest's own order, a directory's tests in one run_batch.  Result
# lines are numbered on through the whole run.
run_tests() {
	o=$1
	shift
	batch=""
	dir=""
	for tc in $(find "$@" -name '*.tc' | sort) ""; do
		if [ -n "$batch" ] && [ "${tc%/*}" != "$dir" ]; then
			run_batch "$o" $batch
			batch=""
		fi
		dir=${tc%/*}
		batch="$batch $tc"
	done
}

# The series' tests of test.d (upstream's stand beside them: "make
# upstream-selftests" runs those) that are this part's.  The split
# evens out the two guests' time: /lab/check-weights has each test's
# seconds as last measured (a test not there counts DEFAULT_WEIGHT);
# from the longest down, each test goes to the guest with less to do,
# guest a starting with its own tests' sum.  Both guests compute the
# same split; each runs its share in ftracetest's order.
part_tests() {
	if [ "$part" = all ] || [ "$A_SHARE" = 0 ]; then
		[ "$part" = a ] || cat "$CORE_TESTS"
		return
	fi
	awk -v dflt="$DEFAULT_WEIGHT" '
		FNR == NR { w[$2] = $1; next }
		{
			r = $0
			sub("^/selftests/ftrace/", "tools/testing/selftests/ftrace/", r)
			print ((r in w) ? w[r] : dflt), FNR, $0
		}' "$WEIGHTS" "$CORE_TESTS" | sort -k1,1nr -k2,2n |
	awk -v part="$part" -v own="$a_own" '
		# test.d/boot checks the options guest b boots with.
		$3 ~ /\/test\.d\/boot\// { lb += $1; g = "b" }
		$3 !~ /\/test\.d\/boot\// {
			if (own + la <= lb) { la += $1; g = "a" } else { lb += $1; g = "b" }
		}
		{ if (g == part) print $2, $3 }' | sort -k1,1n | cut -d' ' -f2
}

# Guest a's own tests' seconds (sanity, stress, clients), from the same
# weights file.
a_own=$(awk '$2 ~ /^lab\/guest\/(sanity|stress|clients)\.d\// { s += $1 }
	END { print s + 0 }' "$WEIGHTS")

echo "TRACELAB-PART $part"
if [ "$part" != b ]; then
	echo "TRACELAB-BEGIN sanity"
	run_tests "" /lab/sanity.d
	echo "TRACELAB-BEGIN stress"
	run_tests -v /lab/stress.d
fi
tests=$(part_tests)
if [ -n "$tests" ]; then
	echo "TRACELAB-BEGIN ftracetest"
	run_tests -v $tests
fi
if [ "$part" != b ]; then
	# Real clients (Debian's trace-cmd, when lab/lab.sh could pack it).
	echo "TRACELAB-BEGIN clients"
	run_tests -v /lab/clients.d
	if [ "$TRACELAB_INJECT_FAIL" = 1 ]; then
		echo "TRACELAB-BEGIN injected-failure"
		run_tests "" /lab/fail.d/deliberate-failure.tc
	fi
fi
# On the debug kernel, each guest ends by asking kmemleak about what its
# own tests left.
if [ -e /sys/kernel/debug/kmemleak ]; then
	echo "TRACELAB-BEGIN leaks"
	run_tests -v /lab/leaks.d
fi
read -r up _ < /proc/uptime
echo "TRACELAB-DONE t=$up"
exit $rc
