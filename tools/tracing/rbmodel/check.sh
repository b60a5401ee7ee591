#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Model-check the ring buffer's lockless protocol (ring_buffer.pml, see
# Documentation/trace/ring-buffer-model.rst) with spin: the model in
# three bounded configurations must verify with no error, and each
# variant that drops one row of the ordering table must fail.  Then the
# writers' time protocol (timestamps.pml): it must verify, with and
# without discards, and the variants that lose its one-word record, its
# second load or the inline path's new snapshot must fail.  One line per
# run; exits non-zero on any unexpected result.
#
# Run it with bash from anywhere; KEEP=1 keeps the work dir.

set -u

here=$(cd "$(dirname "$0")" && pwd)
model=$here/ring_buffer.pml

die() {
	echo "rbmodel: $*" >&2
	exit 2
}

[ -r "$model" ] && [ -r "$here/timestamps.pml" ] || die "no models in $here"
if ! command -v spin >/dev/null 2>&1; then
	[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 ||
		die "spin is missing (Debian: apt-get install spin)"
	echo "rbmodel: installing spin"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y spin >/dev/null 2>&1 ||
		{ apt-get update >/dev/null 2>&1 &&
		  apt-get install -y spin >/dev/null 2>&1; } ||
		die "apt-get install spin failed"
	command -v spin >/dev/null 2>&1 || die "no spin after apt-get install"
fi
if ! command -v gcc >/dev/null 2>&1; then
	[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 ||
		die "gcc is missing"
	apt-get install -y gcc >/dev/null 2>&1 || die "apt-get install gcc failed"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/rbmodel.XXXXXX") || die "mktemp failed"
if [ "${KEEP:-0}" = 1 ]; then
	echo "rbmodel: work dir $work"
else
	trap 'rm -rf "$work"' EXIT
fi

bad=0
t_all=$(date +%s.%N)

# run NAME EXPECT SPIN_DEFINES...: EXPECT is "pass" (a complete search
# with no error) or "fail" (pan reports an error).  The model is $model.
run() {
	local name=$1 expect=$2 dir=$work/$1 t0 t1 out errors states what got
	local file=${model##*/}
	shift 2
	mkdir -p "$dir" && cp "$model" "$dir/" || die "cannot set up $dir"
	t0=$(date +%s.%N)
	if ! (cd "$dir" && spin "$@" -a "$file" >spin.log 2>&1 &&
	      gcc -w -O2 -DSAFETY -DHC4 pan.c -o pan >gcc.log 2>&1); then
		echo "UNEXPECTED $name: the model does not build ($*)"
		cat "$dir/spin.log" "$dir/gcc.log" 2>/dev/null | head -20
		bad=1
		return
	fi
	(cd "$dir" && ./pan -m100000 >pan.out 2>&1)
	t1=$(date +%s.%N)
	out=$dir/pan.out
	errors=$(sed -n 's/.*errors: \([0-9][0-9]*\).*/\1/p' "$out" | tail -1)
	states=$(awk '/states, stored/ { print $1 }' "$out" | tail -1)
	what=$(grep -m1 -E '^pan:[0-9]+: ' "$out" |
	       sed -e 's/^pan:[0-9]*: *//' -e 's/ (at depth.*//')
	if [ -z "$errors" ]; then
		got=broken
	elif [ "$errors" != 0 ]; then
		got=fail
	elif grep -q -e 'Search not completed' \
		-e 'max search depth too small' "$out"; then
		got=incomplete
	else
		got=pass
	fi
	printf '%-4s %-22s %-40s errors=%s states=%s %.1fs%s\n' \
		"$([ "$got" = "$expect" ] && echo ok || echo BAD)" "$name" "$*" \
		"${errors:-?}" "${states:-?}" "$(awk "BEGIN { print $t1 - $t0 }")" \
		"${what:+  [$what]}"
	if [ "$got" != "$expect" ]; then
		echo "UNEXPECTED $name: expected $expect, got $got; pan said:"
		grep -E '^pan:|errors:|states, stored|Search not|too small' "$out"
		bad=1
	fi
}

# The model: every context nesting, then the reader (no reader running
# concurrently): task 2 events, softirq 1, irq 1, NMI 1.
run nest pass -DEV_SOFTIRQ=1 -DRD_OPS=0
# One reader operation of any kind (consume, get_reader with its seal,
# wait) against task 2, irq 1 and NMI 1.
run concurrent pass -DRD_OPS=1
# Two reader operations of any kind, in any order, against task 2, irq 1.
run reader pass -DRD_OPS=2 -DEV_NMI=0

# Each row dropped: spin must find the failure.
run broken-O1 fail -DRD_OPS=1 -DBROKEN_ROW=1
run broken-O2 fail -DRD_OPS=1 -DBROKEN_ROW=2
run broken-O5 fail -DRD_OPS=1 -DBROKEN_ROW=5
run broken-O6 fail -DRD_OPS=2 -DEV_NMI=0 -DBROKEN_ROW=6
run broken-O7 fail -DRD_OPS=1 -DBROKEN_ROW=7
# write.c before the model found it: a refused reservation publishes
# the events of the writers it was interrupted by, but woke no reader
# (see the document).
run refused-nowake fail -DRD_OPS=3 -DRD_SCRIPT=54 -DREFUSED_NOWAKE

# The time protocol: task 2 events, irq 2, NMI 1, nesting at every step.
model=$here/timestamps.pml
run time pass
run time-discards pass -DDISCARDS
# write.c before the stress module found it (see ring-buffer-design.rst,
# "Reserve"): the time and its end in two words.
run time-two-words fail -DTWO_WORDS
# Without the second load of last_end, a discard in between is missed.
run time-no-recheck fail -DDISCARDS -DNO_RECHECK
# The inline path reads the clock before the snapshot: kept when an
# interrupt wrote a later event in between, time goes back.
run time-no-resnap fail -DNO_RESNAP

printf 'rbmodel: %s in %.0fs\n' "$([ $bad = 0 ] && echo 'all as expected' ||
	echo 'UNEXPECTED RESULTS')" "$(awk "BEGIN { print $(date +%s.%N) - $t_all }")"
exit $bad
