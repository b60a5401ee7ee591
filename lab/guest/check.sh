#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of "make check": run the lab's sanity tests, the
# tracing selftests and the client tests (trace-cmd).  The host reads the results from the console (the
# "[N] ...<TAB>[RESULT]" lines, and KTAP from the KUnit suites that ran at
# boot); this script's exit status says whether any runner failed.

FTRACETEST=/selftests/ftrace/ftracetest
rc=0

echo "TRACELAB-BEGIN sanity"
$FTRACETEST /lab/sanity.d || rc=1
echo "TRACELAB-BEGIN stress"
$FTRACETEST -v /lab/stress.d || rc=1
echo "TRACELAB-BEGIN ftracetest"
$FTRACETEST -v || rc=1
# Real clients (Debian's trace-cmd, when lab/lab.sh could pack it).
echo "TRACELAB-BEGIN clients"
$FTRACETEST -v /lab/clients.d || rc=1
if [ -e /sys/kernel/debug/kmemleak ]; then
	echo "TRACELAB-BEGIN leaks"
	$FTRACETEST -v /lab/leaks.d || rc=1
fi
if [ "$TRACELAB_INJECT_FAIL" = 1 ]; then
	echo "TRACELAB-BEGIN injected-failure"
	$FTRACETEST /lab/fail.d/deliberate-failure.tc || rc=1
fi
echo "TRACELAB-DONE"
exit $rc
