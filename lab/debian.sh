#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# debian.sh - build the series with Debian's own kernel configuration and
# boot it far enough to run the tracing smoke tests ("make debian").
#
# A distribution turns on what the lab's small kernels do not: BPF with
# its JIT and trampolines, kprobes on ftrace, the security modules, every
# driver.  This proves the series builds there and that tracefs works in
# such a kernel.  It is not part of "make check": cold, on two cores, the
# vmlinux alone takes the better part of an hour.
#
#   config   Debian's config.amd64_none_amd64 (package linux-config-6.12),
#            adjusted for the lab (below), then olddefconfig
#   build    bzImage, then the modules under $DEBIAN_MODULE_DIRS
#            (kernel/ lib/ samples/; "all": every module of the config),
#            then the lab's own (lab/modules) against it
#   boot     QEMU with a small initramfs of its own whose init runs the
#            smoke checks and a few of the series' ftracetest tests
#
# The last line is "debian: PASS ..." or "debian: FAIL ...", and the exit
# status is 0 only on PASS.  Variables:
#   BUILD=dir        where build/ is (default: the repository's build/);
#                    the tree is $BUILD/linux (applied with "lab.sh tree"),
#                    the objects $BUILD/obj-debian, logs $BUILD/logs-debian
#   JOBS=N           parallel jobs (default 2)
#   DEBIAN_BTF=1     keep Debian's DEBUG_INFO_BTF (and the DWARF it is made
#                    from); needs pahole (package dwarves)
#   DEBIAN_DEBUG_INFO=1  keep Debian's DWARF debug info (without BTF)
#   DEBIAN_MODULE_DIRS="kernel lib samples"  which folders' modules to build
#   DEBIAN_FLAVOUR=none|cloud|rt  which of Debian's three amd64
#                    configurations: none (the default), cloud
#                    (config.amd64_none_cloud-amd64) or rt (PREEMPT_RT,
#                    with osnoise, timerlat and hwlat; its guest runs
#                    their tests too); objects, logs and initramfs get
#                    the flavour as a suffix (obj-debian-rt)
#   DEBIAN_CONFIG_ONLY=1  configure only: PASS when no tracing symbol
#                    Debian sets is dropped (seconds, not an hour)
#   DEBIAN_BOOT=0    build only
#   DEBIAN_KEEP_GOING=1  make -k: list every compile error, not the first
#   QEMU_TIMEOUT=s   the guest's time limit (default 1800: a distribution
#                    kernel boots slowly under TCG on a loaded host;
#                    10800 with DEBIAN_FTRACETEST=upstream)
#   DEBIAN_KERNEL=pristine  build the base tree as it is (upstream's
#                    tracing), not the series: the other side of a
#                    comparison; objects, logs and initramfs get "-base"
#   DEBIAN_FTRACETEST=upstream  the guest runs upstream's whole ftracetest
#                    (the base tree's, unmodified) after the smoke tests,
#                    instead of the series' few: its counts are a
#                    measure, printed, not a verdict (as in
#                    "make upstream-selftests"); the run must finish
#   DEBIAN_FTRACETEST_SKIP="dir/file.tc ..."  with DEBIAN_FTRACETEST=upstream,
#                    leave those tests out of the guest's copy: for a
#                    test that brings the kernel down, so that the rest
#                    is counted (6.12.117's add_remove_tprobe_module.tc
#                    oopses its own kernel on Debian's configuration)
#
# What the lab changes in Debian's configuration, and why:
#   - SYSTEM_TRUSTED_KEYS, SYSTEM_REVOCATION_KEYS emptied and MODULE_SIG_KEY
#     set to the key kbuild generates: Debian's certificates (debian/certs/)
#     are not in the source package.
#   - DEBUG_INFO off unless asked (DEBUG_INFO_BTF needs pahole, which the
#     lab does not install, and DWARF doubles the build time and disk).
#   - SAMPLES and the samples that use the tracing API (trace events,
#     custom events, trace_printk, trace arrays, ftrace_ops, kprobes) as
#     modules: they build against the series' headers, and the guest
#     has a module with events to load.
#
# A tracing symbol Debian turns on that the series did not offer would be
# dropped by olddefconfig without a word: the build lists them
# ($LOGS/dropped-tracing.txt, from the symbols of the base tree's
# kernel/trace/Kconfig) and fails if there is one.  With
# linux-config-6.12 6.12.117-1~deb12u1 the list is empty for all three
# flavours (PROBE_EVENTS_BTF_ARGS counted only with DEBIAN_BTF=1).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/lab/pack.sh"
BUILD=${BUILD:-$REPO/build}
BASE=$BUILD/base/linux-source-6.12
TREE=$BUILD/linux
DEBIAN_FLAVOUR=${DEBIAN_FLAVOUR:-none}
case "$DEBIAN_FLAVOUR" in
none)	CONFIG_NAME=config.amd64_none_amd64 SUFFIX= ;;
cloud)	CONFIG_NAME=config.amd64_none_cloud-amd64 SUFFIX=-cloud ;;
rt)	CONFIG_NAME=config.amd64_rt_amd64 SUFFIX=-rt ;;
*)	echo "debian: FAIL: DEBIAN_FLAVOUR is none, cloud or rt" >&2
	exit 1 ;;
esac
DEBIAN_KERNEL=${DEBIAN_KERNEL:-series}
case "$DEBIAN_KERNEL" in
series)	;;
pristine)
	TREE=$BASE SUFFIX=$SUFFIX-base ;;
*)	echo "debian: FAIL: DEBIAN_KERNEL is series or pristine" >&2
	exit 1 ;;
esac
DEBIAN_FTRACETEST=${DEBIAN_FTRACETEST:-series}
case "$DEBIAN_FTRACETEST" in
series|upstream) ;;
*)	echo "debian: FAIL: DEBIAN_FTRACETEST is series or upstream" >&2
	exit 1 ;;
esac
OBJ=$BUILD/obj-debian$SUFFIX
LABMODS=$BUILD/lab-modules-debian$SUFFIX
LOGS=$BUILD/logs-debian$SUFFIX
JOBS=${JOBS:-2}
CONFIG_PKG=linux-config-6.12
CONFIG_XZ=/usr/src/$CONFIG_PKG/$CONFIG_NAME.xz
DEBIAN_BTF=${DEBIAN_BTF:-0}
DEBIAN_DEBUG_INFO=${DEBIAN_DEBUG_INFO:-0}
DEBIAN_MODULE_DIRS=${DEBIAN_MODULE_DIRS:-kernel lib samples}
DEBIAN_BOOT=${DEBIAN_BOOT:-1}
DEBIAN_CONFIG_ONLY=${DEBIAN_CONFIG_ONLY:-0}
DEBIAN_KEEP_GOING=${DEBIAN_KEEP_GOING:-0}
if [ "$DEBIAN_FTRACETEST" = upstream ]; then
	QEMU_TIMEOUT=${QEMU_TIMEOUT:-10800}
else
	QEMU_TIMEOUT=${QEMU_TIMEOUT:-1800}
fi
export CCACHE_BASEDIR=$REPO
export CCACHE_NOHASHDIR=1
KMAKE=(nice -n 19 make -C "$TREE" O="$OBJ" ARCH=x86_64 "CC=ccache gcc" -j"$JOBS"
       KBUILD_BUILD_TIMESTAMP="tracelab" KBUILD_BUILD_USER=tracelab
       KBUILD_BUILD_HOST=tracelab)
STEP=start

mkdir -p "$BUILD" "$LOGS"

step() { printf '\n==> %s\n' "$*"; }
fail() {
	echo "debian: FAIL: step '$STEP': $*"
	exit 1
}
logged() {
	local log=$LOGS/$1.log
	shift
	if ! "$@" > "$log" 2>&1; then
		grep -E ' error|Error [0-9]|undefined reference|error:' "$log" | head -n 40 >&2 || true
		tail -n 20 "$log" >&2
		fail "$* (full log: $log)"
	fi
}

exec 9> "$BUILD/.lock-make-debian$SUFFIX"
flock -n 9 || fail "another make debian is using $BUILD"

deps() {
	STEP=deps
	local missing=() p
	# What every build of the lab needs (compiler, linux-source-6.12, ...).
	VARIANT=debian "$REPO/lab/lab.sh" deps || fail "lab.sh deps failed"
	for p in $CONFIG_PKG qemu-system-x86 busybox-static xz-utils cpio openssl; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q 'install ok installed' || missing+=("$p")
	done
	if [ "$DEBIAN_BTF" = 1 ] && ! command -v pahole > /dev/null; then
		missing+=(dwarves)
	fi
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" != 0 ]; then
		echo "debian: these packages are missing; as root, run:" >&2
		echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	step "installing ${missing[*]}"
	logged apt-update apt-get update
	DEBIAN_FRONTEND=noninteractive logged apt-install \
		apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The series applied to $TREE by the lab's own driver (the tree is shared
# with the other builds and its update is locked there).
tree() {
	STEP=tree
	if [ "$DEBIAN_KERNEL" = pristine ]; then
		VARIANT=debian "$REPO/lab/lab.sh" base || fail "no base tree"
		return 0
	fi
	VARIANT=debian "$REPO/lab/lab.sh" tree || fail "the series does not apply"
}

# What the lab changes in Debian's configuration (see the top).
adjust() {
	local cfg=(scripts/config --file "$OBJ/.config")

	(cd "$TREE" && "${cfg[@]}" \
		--set-str SYSTEM_TRUSTED_KEYS "" \
		--set-str SYSTEM_REVOCATION_KEYS "" \
		--set-str MODULE_SIG_KEY "certs/signing_key.pem" \
		--enable SAMPLES \
		--module SAMPLE_TRACE_EVENTS \
		--module SAMPLE_TRACE_CUSTOM_EVENTS \
		--module SAMPLE_TRACE_PRINTK \
		--module SAMPLE_TRACE_ARRAY \
		--module SAMPLE_FTRACE_OPS \
		--module SAMPLE_KPROBES \
		--module SAMPLE_KRETPROBES)
	if [ "$DEBIAN_BTF" != 1 ] && [ "$DEBIAN_DEBUG_INFO" != 1 ]; then
		(cd "$TREE" && "${cfg[@]}" \
			--disable DEBUG_INFO \
			--disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
			--disable DEBUG_INFO_DWARF4 --disable DEBUG_INFO_DWARF5 \
			--enable DEBUG_INFO_NONE \
			--disable DEBUG_INFO_BTF --disable DEBUG_INFO_BTF_MODULES)
	elif [ "$DEBIAN_BTF" != 1 ]; then
		(cd "$TREE" && "${cfg[@]}" \
			--disable DEBUG_INFO_BTF --disable DEBUG_INFO_BTF_MODULES)
	fi
}

# The tracing symbols (those kernel/trace/Kconfig of the base tree
# defines) Debian has on and our configuration does not.  Not counted:
# PROBE_EVENTS_BTF_ARGS when the lab's adjustment took DEBUG_INFO_BTF
# away (DEBIAN_BTF=0), which it depends on in the base tree too.
dropped() {
	local sym
	for sym in $(sed -n 's/^\(menu\)\{0,1\}config \([A-Z0-9_]*\).*/\2/p' \
			"$BASE/kernel/trace/Kconfig"); do
		[ "$sym" = PROBE_EVENTS_BTF_ARGS ] && [ "$DEBIAN_BTF" != 1 ] &&
			continue
		grep -qE "^CONFIG_$sym=[ym]" "$LOGS/debian.config" || continue
		grep -qE "^CONFIG_$sym=[ym]" "$OBJ/.config" && continue
		echo "$sym"
	done
}

configure() {
	STEP=config
	local stamp=$OBJ/.debian-config-stamp want
	# A new Kconfig (a later series) needs a new olddefconfig: the old
	# .config has "is not set" for what it did not offer.
	want="$(xz -dc "$CONFIG_XZ" | md5sum) btf=$DEBIAN_BTF dwarf=$DEBIAN_DEBUG_INFO $(declare -f adjust | md5sum)"
	want="$want kconfig=$(find "$TREE" -name 'Kconfig*' -type f | sort | xargs cat | md5sum)"
	mkdir -p "$OBJ"
	if [ -f "$OBJ/.config" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
		return 0
	fi
	step "configuring $OBJ: Debian's $(basename "$CONFIG_XZ") ($(dpkg-query -W -f='${Version}' $CONFIG_PKG))"
	xz -dc "$CONFIG_XZ" > "$LOGS/debian.config"
	cp "$LOGS/debian.config" "$OBJ/.config"
	adjust
	logged config-olddef "${KMAKE[@]}" olddefconfig
	# What every distribution has must have stayed.
	local sym
	for sym in BPF_SYSCALL BPF_JIT KPROBES FTRACE FUNCTION_TRACER \
		   DYNAMIC_FTRACE DYNAMIC_FTRACE_WITH_REGS EVENT_TRACING \
		   SAMPLE_TRACE_EVENTS; do
		grep -qE "^CONFIG_$sym=[ym]" "$OBJ/.config" ||
			fail "CONFIG_$sym did not stay on"
	done
	dropped > "$LOGS/dropped-tracing.txt"
	echo "$want" > "$stamp"
}

# The folders that use the tracing core's API the most are compiled
# first, so that an error there shows before the hour the rest takes;
# then bzImage, then the modules of $DEBIAN_MODULE_DIRS are linked.
FIRST_DIRS="samples/ kernel/ lib/ mm/ security/ net/core/ arch/x86/"

build() {
	STEP=build
	local t0=$SECONDS k=()
	[ "$DEBIAN_KEEP_GOING" = 1 ] && k=(-k)
	step "compiling $FIRST_DIRS first ($JOBS jobs, nice 19; log: $LOGS/first.log)"
	logged first "${KMAKE[@]}" "${k[@]}" $FIRST_DIRS
	step "building bzImage in $OBJ (log: $LOGS/kernel.log)"
	logged kernel "${KMAKE[@]}" "${k[@]}" bzImage
	echo "bzImage built in $((SECONDS - t0)) s"
	STEP=modules
	t0=$SECONDS
	if [ "$DEBIAN_MODULE_DIRS" = all ]; then
		step "building every module"
		logged modules "${KMAKE[@]}" "${k[@]}" modules
	else
		local d dirs=() kos=()
		for d in $DEBIAN_MODULE_DIRS; do
			dirs+=("$d/")
		done
		step "building the modules under ${dirs[*]}"
		logged modules-objs "${KMAKE[@]}" "${k[@]}" "${dirs[@]}"
		for d in $DEBIAN_MODULE_DIRS; do
			[ -f "$OBJ/$d/modules.order" ] &&
				kos+=($(sed 's/\.o$/.ko/' "$OBJ/$d/modules.order"))
		done
		[ ${#kos[@]} -gt 0 ] || fail "no modules under ${dirs[*]}"
		# Some of these modules need symbols of modules not built
		# (lib/crypto's of arch/x86/crypto's): modpost warns instead
		# of failing, and the tracing users' modules are checked
		# here: one of them left with an undefined symbol fails.
		logged modules "${KMAKE[@]}" KBUILD_MODPOST_WARN=1 "${k[@]}" "${kos[@]}"
		if grep -E 'modpost: "[^"]+" \[(kernel|samples)/[^]]*\] undefined' \
			"$LOGS/modules.log"; then
			fail "a module under kernel/ or samples/ has undefined symbols"
		fi
	fi
	echo "modules built in $((SECONDS - t0)) s"
	# The lab's own modules (the latency tests' tracelab_irqoff, the
	# direct-call and fgraph samples) against this kernel, so that the
	# guest runs those tests instead of calling them unresolved.
	STEP=lab-modules
	step "building the lab's modules in $LABMODS"
	rm -rf "$LABMODS"
	cp -r "$REPO/lab/modules" "$LABMODS"
	logged lab-modules "${KMAKE[@]}" M="$LABMODS" modules
}

# The guest's init: the smoke checks, then a few of the series' own
# ftracetest tests.  Each check prints "[debian] name: PASS" or "FAIL".
guest_init() {
	cat <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin:/sbin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /tmp /dev/pts
mount -t tmpfs tmpfs /tmp
mount -t devpts devpts /dev/pts
echo "TRACELAB-BEGIN debian $(uname -r)"
bad=0
ok() { echo "[debian] $1: PASS${2:+ ($2)}"; }
ko() { echo "[debian] $1: FAIL${2:+ ($2)}"; bad=$((bad + 1)); }
T=/sys/kernel/tracing
if [ -d $T ] && mount -t tracefs nodev $T; then ok tracefs-mount; else ko tracefs-mount; fi
mount -t debugfs nodev /sys/kernel/debug 2>/dev/null
n=$(wc -l < $T/available_events 2>/dev/null || echo 0)
if [ "$n" -gt 100 ]; then ok available-events "$n events"; else ko available-events "$n events"; fi
echo > $T/trace
if echo 1 > $T/events/sched/sched_switch/enable; then
	sleep 1
	echo 0 > $T/events/sched/sched_switch/enable
	s=$(grep -c 'sched_switch: prev_comm=' $T/trace)
	if [ "$s" -gt 0 ]; then ok sched-switch "$s records"; else ko sched-switch "no record"; fi
	grep -m 3 'sched_switch:' $T/trace
else
	ko sched-switch "cannot enable"
fi
echo > $T/trace
if grep -qw function $T/available_tracers; then
	echo do_sys_openat2 > $T/set_ftrace_filter &&
	echo function > $T/current_tracer && cat /dev/null
	echo 0 > $T/tracing_on
	if grep -q 'do_sys_openat2 <-' $T/trace; then ok function-tracer; else ko function-tracer "no do_sys_openat2 record"; fi
	echo 1 > $T/tracing_on
	echo nop > $T/current_tracer
	echo > $T/set_ftrace_filter
	if [ -s $T/enabled_functions ]; then ko enabled-functions "left: $(head -3 $T/enabled_functions)"; else ok enabled-functions; fi
else
	ko function-tracer "not in available_tracers"
fi
mod=$(ls /lab/modules/trace-events-sample.ko 2>/dev/null)
if [ -n "$mod" ] && insmod "$mod"; then
	echo 1 > $T/events/sample-trace/enable
	sleep 2
	echo 0 > $T/events/sample-trace/enable
	# The module's thread fires foo_bar every second.
	s=$(grep -c ' foo_bar: foo ' $T/trace)
	if [ "$s" -gt 0 ]; then ok sample-module "$s foo_bar records"; else ko sample-module "no foo_bar record"; fi
	rmmod trace_events_sample || ko sample-module-rmmod
else
	ko sample-module "cannot load trace-events-sample.ko"
fi
echo > $T/trace
# BPF trampolines ask for direct calls, not built: an error, never a crash.
if [ -x /lab/selftests/ftrace/ftracetest ] && [ -f /lab/ftracetest.all ]; then
	# Upstream's whole suite: its counts are the measure, not a verdict.
	# As in the lab's guests: the loopback up (the inter-event tests
	# ping 127.0.0.1) and Debian's /bin/sh, dash, where it was packed.
	ifconfig lo 127.0.0.1 up 2> /dev/null
	sh=
	[ -x /usr/bin/dash ] && sh=/usr/bin/dash
	echo "TRACELAB-BEGIN ftracetest (upstream's, all of it, under ${sh:-busybox sh})"
	(cd /lab/selftests/ftrace && $sh ./ftracetest -v)
	echo "ftracetest exited with status $?"
elif [ -x /lab/selftests/ftrace/ftracetest ]; then
	echo "TRACELAB-BEGIN ftracetest"
	(cd /lab/selftests/ftrace && ./ftracetest -v $(cat /lab/ftracetest.list))
	r=$?
	echo "ftracetest exited with status $r"
	[ $r = 0 ] && ok ftracetest || ko ftracetest "status $r"
fi
echo "[debian] $bad failed"
echo "TRACELAB-END rc=$bad"
sync
poweroff -f
EOF
}

# The tests of the series' ftracetest run in the guest: the basics,
# events, the function tracer and its probes, instances, the snapshot.
# Not event/format-upstream.tc: its formats were captured from 6.12
# built with the lab's configuration, and some print formats hold
# configuration constants (kmem:kmalloc's IS_ENABLED(CONFIG_MEMCG)).
FTRACETEST_LIST="test.d/00basic/basic1.tc test.d/event/sched-switch-records.tc
test.d/event/sample-module.tc test.d/ftrace/function-smoke.tc
test.d/ftrace/func-event-probes.tc test.d/instances/instance-files.tc
test.d/instances/instance-function.tc test.d/snapshot/snapshot-swap.tc"
# The rt flavour's own tracers (its kernel alone turns them on).
FTRACETEST_RT="test.d/osnoise/osnoise-run.tc test.d/osnoise/timerlat-run.tc
test.d/osnoise/timerlat-user.tc test.d/hwlat/hwlat-run.tc
test.d/tracer/latency-wakeup.tc test.d/tracer/latency-irqsoff.tc"
[ "$DEBIAN_FLAVOUR" = rt ] && FTRACETEST_LIST="$FTRACETEST_LIST $FTRACETEST_RT"

initramfs() {
	STEP=initramfs
	local root=$BUILD/initramfs-debian$SUFFIX busybox=/bin/busybox
	[ -x "$busybox" ] || busybox=$(command -v busybox)
	step "packing $BUILD/initramfs-debian$SUFFIX.cpio.gz"
	rm -rf "$root"
	mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,root,lab/modules,lab/selftests}
	cp "$busybox" "$root/bin/busybox"
	pack_shell_env "$root" "$REPO" || fail "cannot pack the shell's surroundings"
	guest_init > "$root/init"
	chmod +x "$root/init"
	if [ "$DEBIAN_FTRACETEST" = upstream ]; then
		cp -r "$BASE/tools/testing/selftests/ftrace" "$root/lab/selftests/ftrace"
		touch "$root/lab/ftracetest.all"
		local skip
		for skip in ${DEBIAN_FTRACETEST_SKIP:-}; do
			rm "$root/lab/selftests/ftrace/test.d/$skip" ||
				fail "DEBIAN_FTRACETEST_SKIP: no test.d/$skip"
			echo "debian: left out of upstream's ftracetest: test.d/$skip"
		done
	elif [ "$DEBIAN_KERNEL" = series ]; then
		cp -r "$TREE/tools/testing/selftests/ftrace" "$root/lab/selftests/ftrace"
		echo "$FTRACETEST_LIST" > "$root/lab/ftracetest.list"
	fi
	local d
	for d in $DEBIAN_MODULE_DIRS; do
		[ "$d" = all ] && d=.
		find "$OBJ/$d" -name '*.ko' -exec cp {} "$root/lab/modules/" \; 2>/dev/null || true
	done
	cp "$LABMODS"/*.ko "$root/lab/modules/" || fail "no lab modules in $LABMODS"
	# The kernel's modules also where modprobe finds them by name, as
	# upstream's tests load theirs (ftrace-direct, trace-events-sample).
	local krel
	krel=$(cat "$OBJ/include/config/kernel.release") || fail "no kernel.release in $OBJ"
	mkdir -p "$root/lib/modules/$krel/extra"
	cp -l "$root"/lab/modules/*.ko "$root/lib/modules/$krel/extra/" &&
		depmod -b "$root" "$krel" || fail "depmod failed for $krel"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) \
		> "$BUILD/initramfs-debian$SUFFIX.cpio.gz" || fail "cpio failed"
}

boot() {
	STEP=boot
	local log=$LOGS/console.log rc=0
	# no_timer_check: on a loaded host the TCG guest's IO-APIC timer
	# check misses its ticks and panics ("IO-APIC + timer doesn't work").
	step "booting $OBJ/arch/x86/boot/bzImage (timeout ${QEMU_TIMEOUT}s; console: $log)"
	timeout --foreground -k 10 "$QEMU_TIMEOUT" nice -n 19 qemu-system-x86_64 \
		-accel tcg,thread=single -smp 2 -m 1G \
		-kernel "$OBJ/arch/x86/boot/bzImage" \
		-initrd "$BUILD/initramfs-debian$SUFFIX.cpio.gz" \
		-append "console=ttyS0,115200 panic=-1 oops=panic softlockup_panic=1 hung_task_panic=1 no_timer_check ${KERNEL_ARGS:-}" \
		-no-reboot -display none -serial stdio -monitor none \
		< /dev/null > "$log" 2>&1 || rc=$?
	tr -d '\r' < "$log" > "$log.txt"
	grep -E '^\[debian\]|^\[[0-9]+\].*\[[A-Z]+\]$|^# of ' "$log.txt" || true
	if grep -E 'Kernel panic|Oops|BUG: |WARNING: |KASAN: |UBSAN: ' "$log.txt"; then
		fail "the kernel reported trouble (see $log)"
	fi
	grep -q '^TRACELAB-END rc=0' "$log.txt" ||
		fail "the guest did not pass (QEMU status $rc; see $log)"
}

main() {
	deps
	tree
	configure
	step "tracing symbols Debian has on that the series does not offer ($LOGS/dropped-tracing.txt)"
	tr '\n' ' ' < "$LOGS/dropped-tracing.txt"
	echo
	local dropped
	dropped=$(wc -l < "$LOGS/dropped-tracing.txt")
	if [ "$DEBIAN_CONFIG_ONLY" = 1 ]; then
		[ "$dropped" = 0 ] ||
			fail "$dropped tracing symbols of $CONFIG_NAME dropped"
		echo "debian: PASS: $CONFIG_NAME keeps every tracing symbol (configured only)"
		return 0
	fi
	build
	if [ "$DEBIAN_BOOT" = 1 ]; then
		initramfs
		boot
	fi
	STEP=dropped
	[ "$dropped" = 0 ] ||
		fail "$dropped tracing symbols of $CONFIG_NAME dropped ($LOGS/dropped-tracing.txt)"
	if [ "$DEBIAN_BOOT" = 1 ]; then
		echo "debian: PASS: $CONFIG_NAME builds, keeps every tracing symbol, and its kernel's tracing smoke tests pass"
	else
		echo "debian: PASS: $CONFIG_NAME builds and keeps every tracing symbol (not booted: DEBIAN_BOOT=0)"
	fi
}

# Parsed whole before it runs: editing this file during a build is safe.
main "$@"; exit $?
