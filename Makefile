# SPDX-License-Identifier: GPL-2.0
#
# The tracing core for Linux 6.12: build driver.  The work is done by
# lab/lab.sh; every target but help installs what it needs first (as root,
# on Debian 12).  Outputs go to build/.
#
#   make help     this list (what a bare "make" does)
#   make run      boot the patched kernel: a shell on a terminal, else a demo
#   make check    build, boot, run every test; last line "N passed, N failed"
#   make check-debug  the same on a lockdep/KASAN/UBSAN/kmemleak kernel
#   make check-btf  the BPF tests on a kernel with BTF (tp_btf, bpftrace)
#   make check-rt   the latency/noise tracers and the basics on PREEMPT_RT
#   make bench    the same benchmarks on our kernel and on the base kernel
#                 (lab/BENCHMARKS.md)
#   make upstream-selftests  run the base tree's unmodified ftracetest in the
#                 guest and print its counts (a measure, not part of check)
#   make series   write the patch series to build/series/ and check it
#   make defconfig  build x86_64 defconfig with the series (a build check)
#   make debian   build Debian's own configs (linux-config-6.12: none,
#                 cloud, rt) with the series, boot each, run the tracing
#                 smoke tests (not in check); make debian-config only
#                 checks that no tracing symbol Debian sets is dropped
#   make soak     10 minutes of every load at once on the debug kernel, then
#                 on a KCSAN kernel (SOAK_S=seconds, SOAK_VARIANTS="debug kcsan")
#   make try TESTS="test.d/x.tc upstream/test.d/y lab/guest/z.d/w.tc"
#                 only those tests, in one guest
#   make clean    remove build/
#
# Variables: INJECT_FAIL=1 (check: add a deliberately failing test),
# VERBOSE=1 (show the guest console), JOBS=N, QEMU_TIMEOUT=seconds.

LAB := ./lab/lab.sh

# This file, for help (before any include changes MAKEFILE_LIST).
SELF := $(lastword $(MAKEFILE_LIST))

.PHONY: help try soak all run check check-debug check-btf bench series clean deps kernel tree \
	defconfig upstream-selftests debian debian-config check-rt

.DEFAULT_GOAL := help

# The header comment above, without its comment marks: builds nothing.
help:
	@sed -n '3,/^$$/{/^$$/d;s/^# \{0,1\}//;p}' $(SELF)

all: check

run check bench series clean deps kernel tree defconfig:
	@INJECT_FAIL=$(INJECT_FAIL) VERBOSE=$(VERBOSE) $(LAB) $@

upstream-selftests:
	@VERBOSE=$(VERBOSE) $(LAB) upstream_selftests

# A quick loop: only the tests TESTS names, in one guest (lab/lab.sh try).
# The guest (lab/guest/init) takes test.d/... for the series' tests
# below tools/testing/selftests/ftrace, upstream/... for the base tree's
# and lab/... for lab/guest/...; repository paths are turned into those
# here, so tools/testing/selftests/ftrace/test.d/x.tc and
# lab/guest/clients.d/y.tc work as they are.
try_paths = $(patsubst tools/testing/selftests/ftrace/%,%,$(patsubst lab/guest/%,lab/%,$(1)))
try:
	@TESTS="$(call try_paths,$(TESTS))" VERBOSE=$(VERBOSE) $(LAB) try

# The same tests on a kernel with lockdep, KASAN, UBSAN and kmemleak, the
# stress tests running 30 s each and the instance mkdir/rmdir race
# INSTANCE_ROUNDS rounds: a round takes about 5 s on the debug kernel
# under TCG, so 100 by default; INSTANCE_ROUNDS=1000 (an hour and a half
# more) for the full race.  The guests' timeout grows with the rounds.
# The kernel boots with debug_pagealloc=off: KASAN already poisons a
# freed page, and unmapping every freed page from the direct map (a TLB
# flush on both vCPUs each time) made every test 1.75 times as long
# under TCG.  "make soak" keeps it on.  A test takes about 6 times as
# long as on the lab's kernel, one that hooks every function for long
# 30 to 50 times (the function profiler's restart test 35 minutes).  The
# hostile perf/BPF client gets up to an hour for its 100000 operations
# (HOSTILE_S; 1194 s on 2026-12-01).  lab/guest/check-weights-debug has
# each test's seconds on this kernel (all measured in one complete run
# on 2026-12-01): about 3.8 hours in all, 1 h 54 min a guest, to which
# boot, KUnit and the leak scan add; that run's guests took 1 h 51 min
# and 1 h 59 min, and the whole run 2 h 23 min on a fresh machine (the
# debug kernel's cold build 20 min of it).
# CHECK_PARTS=a or b runs one of the two guests alone.
INSTANCE_ROUNDS ?= 100
HOSTILE_S ?= 3600
check-debug:
	@VARIANT=debug STRESS_MS=30000 INSTANCE_ROUNDS=$(INSTANCE_ROUNDS) \
		HOSTILE_S=$(HOSTILE_S) KERNEL_ARGS="debug_pagealloc=off $(KERNEL_ARGS)" \
		QEMU_TIMEOUT=$$((9000 + $(HOSTILE_S) + 6 * $(INSTANCE_ROUNDS))) QEMU_MEM=2G \
		INJECT_FAIL=$(INJECT_FAIL) VERBOSE=$(VERBOSE) $(LAB) check

# The kernel with BTF (CONFIG_DEBUG_INFO_BTF, pahole from Debian's
# dwarves): the BPF client tests, and those that need the kernel's types
# (tp_btf programs, bpftrace taking types from BTF instead of headers),
# and the probe events' BTF-typed arguments (test.d/btfargs), in one
# guest.  Named by their paths in the repository.
BTF_TESTS := $(addprefix lab/guest/clients.d/,bpf-btf.tc bpftrace-probes.tc \
	bpf-attach.tc bpf-attach-loop.tc bpf-module-unload.tc) \
	tools/testing/selftests/ftrace/test.d/btfargs
BTF_MISSING := $(filter-out $(wildcard $(BTF_TESTS)),$(BTF_TESTS))
check-btf:
	$(if $(BTF_MISSING),$(error BTF_TESTS names files that do not exist: $(BTF_MISSING)))
	@VARIANT=btf TESTS="$(call try_paths,$(BTF_TESTS))" VERBOSE=$(VERBOSE) $(LAB) try

# The PREEMPT_RT kernel (lab/rt.config: Debian's rt flavour's model, with
# lockdep's raw-lock nesting and atomic-sleep checks): the noise and
# latency tracers rtla and rt-tests drive, the snapshot, the pid lists,
# hostile input, CPU hotplug and the ring buffer's stress tests, in one
# guest; the KUnit suites run at its boot.  Any lockdep or might_sleep
# report fails it.  The rest of check's tests pass there too but take
# hours on that kernel under TCG: name them in TESTS for "make try"
# with VARIANT=rt.
RT_TESTS := $(addprefix tools/testing/selftests/ftrace/test.d/,osnoise hwlat \
	preemptirq snapshot event/event-pids.tc 00basic/hostile-input.tc \
	00basic/trace-clock.tc 00basic/lost-events.tc \
	$(addprefix tracer/latency-,irqsoff.tc preemptoff.tc wakeup.tc \
	wakeup-thresh.tc)) \
	$(addprefix lab/guest/stress.d/,ring-buffer-stress.tc \
	concurrent-readers.tc)
RT_MISSING := $(filter-out $(wildcard $(RT_TESTS)),$(RT_TESTS))
check-rt:
	$(if $(RT_MISSING),$(error RT_TESTS names files that do not exist: $(RT_MISSING)))
	@VARIANT=rt QEMU_MEM=2G QEMU_TIMEOUT=$(or $(QEMU_TIMEOUT),3600) STRESS_MS=10000 \
		TESTS="$(call try_paths,$(RT_TESTS))" VERBOSE=$(VERBOSE) $(LAB) try

# Debian's own kernel configurations (BPF JIT, livepatch, every driver)
# with the series, one after the other: DEBIAN_FLAVOURS of none, cloud
# and rt (PREEMPT_RT).  Each: vmlinux and the modules under kernel/, lib/
# and samples/, booted for the tracing smoke tests, and no tracing symbol
# Debian sets dropped.  Long (an hour a flavour, cold): run it on its own.
# debian-config only configures the three and lists what is dropped.
DEBIAN_FLAVOURS ?= none cloud rt
debian:
	@rc=0; for f in $(DEBIAN_FLAVOURS); do \
		DEBIAN_FLAVOUR=$$f JOBS=$(or $(JOBS),2) ./lab/debian.sh || rc=1; \
	done; exit $$rc

debian-config:
	@rc=0; for f in $(DEBIAN_FLAVOURS); do \
		DEBIAN_FLAVOUR=$$f DEBIAN_CONFIG_ONLY=1 ./lab/debian.sh || rc=1; \
	done; exit $$rc

# Every load at once for SOAK_S seconds (600 by default) on the debug
# kernel, then on a KCSAN kernel: lab/guest/soak.d.
soak:
	@SOAK_S=$(SOAK_S) SOAK_VARIANTS="$(SOAK_VARIANTS)" VERBOSE=$(VERBOSE) \
		$(LAB) soak
