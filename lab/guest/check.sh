#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of "make check": run the lab's sanity tests, the
# tracing selftests and the client tests (trace-cmd).  The host reads the
# results from the console (the "[N] ...<TAB>[RESULT]" lines, and KTAP
# from the KUnit suites that ran at boot); this script's exit status says
# whether any runner failed.
#
# The host boots two guests at once, one per host core, each running its
# share (tracelab.part= on the kernel command line, TRACELAB_PART here):
#   a     the sanity, stress and client tests, and every A_EVERY-th test
#         of test.d (in ftracetest's order, so each directory is spread
#         over both guests and a new test lands in either)
#   b     the other tests of test.d
#   all   (or unset) everything, in one guest
# On the debug kernel every guest ends with the kmemleak scan.
# Each test runs on its own, after a line "TRACELAB-RUNNING <path> t=<s>"
# (the test's path in the repository, the guest's uptime), so the host can
# say which test was running when a guest hung, and how long each took.

FTRACETEST=/selftests/ftrace/ftracetest
TESTS=/selftests/ftrace/test.d
# Guest a's share of test.d: one test in A_EVERY.  a's own tests (the
# stress runs above all) take about half of what test.d takes in all, so
# a third of test.d evens the two out (measured, see README "Timings").
# Stress runs longer than the default 3 s (the debug kernel's 30 s) make
# a's own tests as long as test.d: then b runs all of test.d.
A_EVERY=3
[ "${TRACELAB_STRESS_MS:-3000}" -gt 3000 ] && A_EVERY=0
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

# run_tests OPTIONS PATH...: each .tc at or below the paths (in
# ftracetest's own order) through ftracetest on its own, announced by a
# marker.  Result lines are numbered on through the whole run and the
# per-run summaries left out.
run_tests() {
	opts=$1
	shift
	for tc in $(find "$@" -name '*.tc' | sort); do
		read -r up _ < /proc/uptime
		echo "TRACELAB-RUNNING $(repo_path "$tc") t=$up"
		$FTRACETEST $opts "$tc" > /tmp/check-run.out 2>&1 || rc=1
		while IFS= read -r line; do
			case "$line" in
			"["[0-9]*"] "*)
				num=$((num + 1))
				printf '[%d] %s\n' "$num" "${line#*] }"
				;;
			"# of "*|"") ;;
			*)	printf '%s\n' "$line" ;;
			esac
		done < /tmp/check-run.out
	done
}

# The tests of test.d that are this part's.
part_tests() {
	i=0
	for tc in $(find "$TESTS" -name '*.tc' | sort); do
		i=$((i + 1))
		case "$part" in
		a)	[ "$A_EVERY" -gt 0 ] && [ $((i % A_EVERY)) -eq 0 ] || continue ;;
		b)	[ "$A_EVERY" -gt 0 ] && [ $((i % A_EVERY)) -eq 0 ] && continue ;;
		esac
		echo "$tc"
	done
}

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
