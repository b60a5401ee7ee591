#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lab.sh STEP - the build driver behind the Makefile.
#
#   deps      install the Debian packages the lab needs (as root)
#   base      unpack the pristine kernel into build/base (once)
#   tree      apply the series to build/linux (incremental)
#   kernel    configure and build the test kernel and the lab's modules
#   initramfs pack busybox, the tests and the modules
#   defconfig build x86_64 defconfig with the series (a build check)
#   check     all of the above, boot, run the tests, judge the console
#             (VARIANT=debug: lockdep, KASAN, UBSAN, kmemleak; STRESS_MS=
#             sets how long each stress run lasts; VARIANT=rt: the
#             PREEMPT_RT model with lockdep's RT checks, lab/rt.config;
#             VARIANT=noft: the
#             same kernel without the function tracer, for the bench;
#             KIMAGE=build/obj-base/arch/x86/boot/bzImage: boot the base
#             kernel instead, with modules built against it)
#   run       boot for a person: a shell on a terminal, else the demo
#   bench     benchmarks on our kernel and on the pristine base kernel
#   series    write the series as git format-patch files, and check it
#   upstream_selftests  boot the test kernel and run the base tree's own,
#             unmodified ftracetest; print its counts (not pass/fail)
#   try       build, boot one guest and run only the tests TESTS names
#             (space-separated paths below tools/testing/selftests/ftrace
#             for the series' tests, "upstream/<path>" for upstream's,
#             "lab/<path>" for lab/guest's): a quick loop, not a check
#
# Every step says what it is doing and, on failure, names itself and
# exits non-zero.  Outputs live in build/ (ignored by git).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/lab/pack.sh"
BUILD=${BUILD:-$REPO/build}
BASE_PKG=linux-source-6.12
# The Debian package version the series was made and tested on.  Any
# other 6.12 version is used if this one cannot be had, with a warning.
BASE_PKG_VERSION=${BASE_PKG_VERSION:-6.12.117-1~deb12u1}
BASE=$BUILD/base/linux-source-6.12
TREE=$BUILD/linux
# Each variant (the plain test kernel, VARIANT=debug) has its own objects,
# modules, initramfs and logs, so two variants can run side by side.
VAR=${VARIANT:+-$VARIANT}
OBJ=$BUILD/obj$VAR
LOGS=$BUILD/logs$VAR
FRAGMENT=kernel/configs/tracelab.config
JOBS=${JOBS:-$(nproc)}
# "check" sizes its own default from the tests (check_timeout).
QEMU_TIMEOUT_ASKED=${QEMU_TIMEOUT:-}
# Upstream's ftracetest runs its direct-call tests now (each with every
# function traced beside a direct trampoline: minutes under TCG), so its
# run gets 1800 s unless QEMU_TIMEOUT says otherwise.
UPSTREAM_TIMEOUT=${QEMU_TIMEOUT:-1800}
QEMU_TIMEOUT=${QEMU_TIMEOUT:-600}
QEMU_ACCEL=${QEMU_ACCEL:-tcg,thread=single}
QEMU_MEM=${QEMU_MEM:-1G}
# Paths below the repository are hashed relative to it, so a fresh clone
# elsewhere (CI) still hits the compiler cache.
export CCACHE_BASEDIR=$REPO
export CCACHE_NOHASHDIR=1
KMAKE=(make -C "$TREE" O="$OBJ" ARCH=x86_64 "CC=ccache gcc" -j"$JOBS"
       KBUILD_BUILD_TIMESTAMP="tracelab" KBUILD_BUILD_USER=tracelab
       KBUILD_BUILD_HOST=tracelab)

mkdir -p "$BUILD" "$LOGS"

step() { printf '\n==> %s\n' "$*"; }
die() {
	echo "lab: step '$STEP' failed: $*" >&2
	exit 1
}

# One run per variant at a time: they share objects, initramfs and logs.
# "soak" only starts a run per variant (soak_one), each of which locks.
STEP=lock
if [ "${1:-}" != soak ]; then
	exec 9> "$BUILD/.lock$VAR"
	flock -n 9 || die "another run of this variant is using $BUILD (lock file $BUILD/.lock$VAR)"
fi

# Run a command with its output in a log; on failure show the log's tail.
logged() {
	local log=$LOGS/$1.log
	shift
	if ! "$@" > "$log" 2>&1; then
		tail -n 40 "$log" >&2
		die "$* (full log: $log)"
	fi
}

PKGS="gcc make flex bison bc libelf-dev libssl-dev cpio ccache xz-utils
      qemu-system-x86 busybox-static python3 patch kmod git perl libc6-dev
      file trace-cmd linux-perf bpftrace dwarves pkg-config libtracefs-dev
      libtraceevent-dev spin blktrace rtla rt-tests"

cmd_deps() {
	STEP=deps
	local missing=() p
	for p in $PKGS $BASE_PKG; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" != 0 ]; then
		echo "lab: these packages are missing; as root, run:" >&2
		echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	step "installing ${missing[*]}"
	logged apt-update apt-get update
	local pkgs=() want=$BASE_PKG
	if apt-cache madison "$BASE_PKG" 2>/dev/null |
	   grep -qF "| $BASE_PKG_VERSION |"; then
		want="$BASE_PKG=$BASE_PKG_VERSION"
	else
		echo "lab: warning: $BASE_PKG $BASE_PKG_VERSION is not available; using the newest" >&2
	fi
	for p in "${missing[@]}"; do
		[ "$p" = "$BASE_PKG" ] && p=$want
		pkgs+=("$p")
	done
	DEBIAN_FRONTEND=noninteractive logged apt-install \
		apt-get install -y -q --no-install-recommends "${pkgs[@]}"
}

base_version() {
	dpkg-query -W -f='${Version}' "$BASE_PKG"
}

cmd_base() {
	STEP=base
	local tarball=/usr/src/$BASE_PKG.tar.xz stamp=$BUILD/base/.version
	[ -f "$tarball" ] || die "$tarball is missing (is $BASE_PKG installed?)"
	if [ -f "$BASE/Makefile" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$(base_version)" ]; then
		return 0
	fi
	step "unpacking $tarball ($(base_version)) into $BUILD/base"
	rm -rf "$BUILD/base" "$TREE" "$BUILD/applied.list"
	mkdir -p "$BUILD/base"
	tar -C "$BUILD/base" -xf "$tarball" || die "cannot unpack $tarball"
	chmod -R a-w "$BASE"
	base_version > "$stamp"
}

cmd_tree() {
	cmd_base
	STEP=tree
	step "applying the series to $TREE"
	# The kernel tree is shared by the variants.
	flock "$BUILD/.tree.lock" "$REPO/lab/apply.sh" "$BASE" "$TREE" "$BUILD/applied.list" ||
		die "the series does not apply"
	chmod -R u+w "$TREE"
}

# configure KMAKE-ARGS...: tinyconfig plus the fragment, once per fragment;
# later builds reuse the configuration.  STRICT=0 tolerates fragment
# lines the tree does not know (the base kernel lacks our test symbols).
configure() {
	local obj=$1 frag=$2
	shift 2
	local used=$obj/.tracelab-fragment
	mkdir -p "$obj"
	if [ -f "$obj/.config" ] && cmp -s "$frag" "$used"; then
		return 0
	fi
	step "configuring $obj: tinyconfig + $(basename "$frag")"
	logged config "$@" tinyconfig
	logged config-merge "$TREE/scripts/kconfig/merge_config.sh" -m \
		-O "$obj" "$obj/.config" "$frag"
	logged config-olddef "$@" olddefconfig
	local line missing=0
	for line in $(grep -E '^CONFIG_[A-Z0-9_]+=.+' "$frag"); do
		case "$line" in
		*=n)	# off: not "=y" or "=m" in the result
			! grep -q "^${line%=n}=" "$obj/.config" ;;
		*)	grep -qx "$line" "$obj/.config" ;;
		esac && continue
		echo "lab: $line did not take in $obj" >&2
		missing=1
	done
	if [ $missing = 1 ] && [ "${STRICT:-1}" = 1 ]; then
		die "the kernel configuration is not what the fragment asks"
	fi
	cp "$frag" "$used"
}

cmd_kernel() {
	cmd_tree
	STEP=kernel
	local frag=$TREE/$FRAGMENT
	if [ "${VARIANT:-}" = debug ]; then
		cat "$TREE/$FRAGMENT" "$REPO/lab/debug.config" > "$BUILD/debug.config"
		frag=$BUILD/debug.config
	elif [ "${VARIANT:-}" = btf ]; then
		cat "$TREE/$FRAGMENT" "$REPO/lab/btf.config" > "$BUILD/btf.config"
		frag=$BUILD/btf.config
	elif [ "${VARIANT:-}" = kcsan ]; then
		cat "$TREE/$FRAGMENT" "$REPO/lab/kcsan.config" > "$BUILD/kcsan.config"
		frag=$BUILD/kcsan.config
	elif [ "${VARIANT:-}" = rt ]; then
		# PREEMPT_RT is the preemption model the fragment's PREEMPT
		# is another choice of.
		grep -vE '^CONFIG_PREEMPT=' "$TREE/$FRAGMENT" |
			cat - "$REPO/lab/rt.config" > "$BUILD/rt.config"
		frag=$BUILD/rt.config
	elif [ "${VARIANT:-}" = noft ]; then
		# Everything the fragment asks but the function tracer (the
		# bench's "built in but off" against "not built").
		# The stack tracer selects it: that goes too.
		grep -vE '^CONFIG_(FUNCTION_TRACER|DYNAMIC_FTRACE|FTRACE_STARTUP_TEST|STACK_TRACER)=' \
			"$TREE/$FRAGMENT" > "$BUILD/noft.config"
		printf '# CONFIG_%s is not set\n' FUNCTION_TRACER STACK_TRACER \
			>> "$BUILD/noft.config"
		frag=$BUILD/noft.config
	fi
	configure "$OBJ" "$frag" "${KMAKE[@]}"
	step "building the kernel in $OBJ ($JOBS jobs, ccache)"
	local t0=$SECONDS
	logged kernel "${KMAKE[@]}" bzImage modules
	echo "kernel built in $((SECONDS - t0)) s"
	step "building the lab's modules"
	rm -rf "$BUILD/lab-modules$VAR"
	cp -r "$REPO/lab/modules" "$BUILD/lab-modules$VAR"
	logged lab-modules "${KMAKE[@]}" M="$BUILD/lab-modules$VAR" modules
}

# Build x86_64 defconfig (vmlinux and modules) with the series applied: a
# configuration far from the lab's (kprobes, BPF, perf, networking, many
# drivers and their events) that proves the replaced headers and Kconfig
# still serve the rest of the kernel.  On top of defconfig go the base
# tree's own ftracetest configuration (what a tester of tracing turns
# on) and lab/defconfig.config (the function tracer, its boot test, the
# sample modules).  Not part of "check": cold, it takes about an hour on
# two cores.
cmd_defconfig() {
	cmd_tree
	STEP=defconfig
	local obj=$BUILD/obj-defconfig
	local frag=$BUILD/defconfig.config
	local -a kmake=("${KMAKE[@]/#O=*/O=$obj}")
	mkdir -p "$obj"
	cat "$BASE/tools/testing/selftests/ftrace/config" \
		"$REPO/lab/defconfig.config" > "$frag"
	if ! [ -f "$obj/.config" ] || ! cmp -s "$frag" "$obj/.tracelab-fragment"; then
		step "configuring $obj: defconfig + ftracetest's config + defconfig.config"
		logged defconfig-config "${kmake[@]}" defconfig
		logged defconfig-merge "$TREE/scripts/kconfig/merge_config.sh" -m \
			-O "$obj" "$obj/.config" "$frag"
		logged defconfig-olddef "${kmake[@]}" olddefconfig
		local line
		for line in $(grep -E '^CONFIG_[A-Z0-9_]+=.+' "$REPO/lab/defconfig.config"); do
			grep -qx "$line" "$obj/.config" ||
				die "$line did not take in $obj"
		done
		cp "$frag" "$obj/.tracelab-fragment"
	fi
	step "building x86_64 defconfig in $obj ($JOBS jobs, ccache)"
	local t0=$SECONDS
	logged defconfig "${kmake[@]}" bzImage modules
	echo "defconfig kernel built in $((SECONDS - t0)) s"
}

cmd_initramfs() {
	STEP=initramfs
	local root=$BUILD/initramfs$VAR busybox
	busybox=$(command -v busybox || true)
	[ -x /bin/busybox ] && busybox=/bin/busybox
	[ -n "$busybox" ] || die "no busybox (install busybox-static)"
	file -L "$busybox" 2>/dev/null | grep -q 'dynamically' &&
		die "$busybox is dynamically linked; install busybox-static"
	step "packing the initramfs"
	rm -rf "$root"
	mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,root,lab/modules,selftests}
	cp "$busybox" "$root/bin/busybox"
	pack_shell_env "$root" "$REPO" || die "cannot pack the shell's surroundings"
	cp "$REPO/lab/guest/init" "$root/init"
	cp "$REPO/lab/guest/check.sh" "$REPO/lab/guest/demo.sh" \
		"$REPO/lab/guest/bench.sh" "$REPO/lab/guest/check-weights" \
		"$REPO/lab/guest/check-weights-debug" "$root/lab/"
	mkdir -p "$BUILD/bench"
	gcc -O2 -static -Wall -o "$BUILD/bench/sysbench" "$REPO/lab/bench/sysbench.c" ||
		die "cannot build lab/bench/sysbench.c (is libc6-dev installed?)"
	cp "$BUILD/bench/sysbench" "$root/lab/"
	gcc -O2 -static -Wall -o "$root/lab/splice_raw" "$REPO/lab/guest/splice_raw.c" ||
		die "cannot build lab/guest/splice_raw.c"
	gcc -O2 -static -Wall -o "$root/lab/poll_pipe" "$REPO/lab/guest/poll_pipe.c" ||
		die "cannot build lab/guest/poll_pipe.c"
	gcc -O2 -static -Wall -o "$root/lab/hostile" "$REPO/lab/guest/hostile.c" || die "cannot build lab/guest/hostile.c"
	# The uprobe event tests' target: it prints its function's file offset.
	gcc -O2 -static -Wall -o "$root/lab/uprobe_target" "$REPO/lab/guest/uprobe_target.c" ||
		die "cannot build lab/guest/uprobe_target.c"
	# perf's kprobe and uprobe PMUs, opened directly (perf 6.1 cannot).
	gcc -O2 -static -Wall -o "$root/lab/probe_pmu" "$REPO/lab/guest/probe_pmu.c" ||
		die "cannot build lab/guest/probe_pmu.c"
	# Tracepoint perf events opened directly: as another user, with
	# filters, and in open/close loops (lab/guest/clients.d/perf-tp-*).
	gcc -O2 -static -Wall -o "$root/lab/perf_tp" "$REPO/lab/guest/perf_tp.c" ||
		die "cannot build lab/guest/perf_tp.c"
	# The mmap reader and its probe, and bpf_attach's uprobe_multi, need
	# 6.12 UAPI headers the host's linux-libc-dev (6.1) lacks: take those
	# (alone) from the base tree.
	mkdir -p "$BUILD/uapi/linux"
	for h in trace_mmap.h bpf.h bpf_common.h btf.h; do
		cp "$BASE/include/uapi/linux/$h" "$BUILD/uapi/linux/"
	done
	# BPF programs attached through bpf(2) alone, for the BPF tests.
	gcc -O2 -static -Wall -I"$BUILD/uapi" -o "$root/lab/bpf_attach" \
		"$REPO/lab/guest/bpf_attach.c" ||
		die "cannot build lab/guest/bpf_attach.c"
	gcc -O2 -static -Wall -I"$BUILD/uapi" -o "$root/lab/rbmap" \
		"$REPO/tools/tracing/rbmap/rbmap.c" ||
		die "cannot build tools/tracing/rbmap/rbmap.c"
	gcc -O2 -static -Wall -I"$BUILD/uapi" -o "$root/lab/mmap_probe" \
		"$REPO/lab/guest/mmap_probe.c" ||
		die "cannot build lab/guest/mmap_probe.c"
	gcc -O2 -static -Wall -o "$root/lab/markers" "$REPO/lab/bench/markers.c" ||
		die "cannot build lab/bench/markers.c"
	gcc -O2 -static -Wall -o "$root/lab/pipedrain" "$REPO/lab/bench/pipedrain.c" ||
		die "cannot build lab/bench/pipedrain.c"
	gcc -O2 -static -Wall -o "$root/lab/marker_fault" "$REPO/lab/guest/marker_fault.c" ||
		die "cannot build lab/guest/marker_fault.c"
	# blktrace's ioctls driven directly (test.d/blktrace/blktrace-ioctl.tc).
	gcc -O2 -static -Wall -o "$root/lab/blktrace_ioctl" "$REPO/lab/guest/blktrace_ioctl.c" ||
		die "cannot build lab/guest/blktrace_ioctl.c"
	# perf_event_open() and bpf() driven with hostile attributes, and
	# attach/detach racing probe removal (stress.d/hostile-perf-bpf.tc).
	if [ -f "$REPO/lab/guest/hostile_pmu.c" ]; then
		gcc -O2 -static -Wall -I"$BUILD/uapi" -pthread -o "$root/lab/hostile_pmu" \
			"$REPO/lab/guest/hostile_pmu.c" ||
			die "cannot build lab/guest/hostile_pmu.c"
	fi
	# A client of the histograms through Debian's libtracefs
	# (clients.d/tracefs-hist.tc), with the libraries it links.
	if pkg-config --exists libtracefs 2> /dev/null; then
		gcc -O2 -Wall -o "$BUILD/tracefs_hist" "$REPO/lab/guest/tracefs_hist.c" \
			$(pkg-config --cflags --libs libtracefs) ||
			die "cannot build lab/guest/tracefs_hist.c"
		pack_program "$root" "$BUILD/tracefs_hist" tracefs_hist
	else
		echo "lab: warning: no libtracefs-dev; its client test will be skipped" >&2
	fi
	mkdir -p "$root/lab/bench"
	for k in ours noft base; do
		if [ -f "$BUILD/bench-modules-$k/rb_bench.ko" ]; then
			cp "$BUILD/bench-modules-$k/rb_bench.ko" "$root/lab/bench/rb_bench-$k.ko"
		fi
	done
	cp -r "$REPO/lab/guest/sanity.d" "$REPO/lab/guest/fail.d" \
		"$REPO/lab/guest/stress.d" "$REPO/lab/guest/leaks.d" \
		"$REPO/lab/guest/soak.d" "$root/lab/"
	cp -r "$REPO/lab/guest/clients.d" "$root/lab/"
	cp -r "$TREE/tools/testing/selftests/ftrace" "$root/selftests/ftrace"
	# The series' own tests, beside upstream's in test.d: what "make
	# check" runs (upstream's are "make upstream-selftests").
	(cd "$REPO" && find tools/testing/selftests/ftrace/test.d -name '*.tc' | sort |
		sed 's|^tools/testing/selftests/ftrace/|/selftests/ftrace/|') \
		> "$root/lab/core-tests.list"
	# ftracetest unlinks logs/latest before it points it at its new log
	# folder, and says so on the console when there is none yet.
	mkdir -p "$root/selftests/ftrace/logs"
	ln -sfn none "$root/selftests/ftrace/logs/latest"
	# Upstream's own ftracetest, as the base tree has it, for
	# "make upstream-selftests" (tracelab.mode=upstream).
	cp -r "$BASE/tools/testing/selftests/ftrace" "$root/selftests/upstream-ftrace"
	chmod -R u+w "$root/selftests/upstream-ftrace"
	pack_trace_cmd "$root"
	pack_perf "$root"
	# Debian's blktrace and blkparse, for test.d/blktrace/blktrace-tool.tc.
	local bp
	for bp in blktrace blkparse; do
		if command -v $bp > /dev/null; then
			pack_program "$root" "$(command -v $bp)" $bp
		fi
	done
	# Debian's rtla, for the osnoise and timerlat tests.
	if command -v rtla > /dev/null; then
		pack_program "$root" "$(command -v rtla)" rtla
	fi
	# chrt, for upstream's wakeup_rt and wakeup tests (util-linux).
	if [ -x /usr/bin/chrt ]; then
		rm -f "$root/usr/bin/chrt"
		pack_program "$root" /usr/bin/chrt chrt
	fi
	# Modules must be built against the kernel that boots: with
	# KIMAGE pointing at the base kernel, take its modules.
	# KIMAGE=build/obj-defconfig/arch/x86/boot/bzImage (after "make
	# defconfig"): the series' kernel in the defconfig build, with the
	# lab's modules built against it.
	local kobj=$OBJ labmods=$BUILD/lab-modules$VAR
	local -a kmake=("${KMAKE[@]}")
	if [ -n "${KIMAGE:-}" ] && [ -f "$KIMAGE" ]; then
		kobj=$(cd "$(dirname "$KIMAGE")/../../.." && pwd)
		kmake=("${KMAKE[@]/#O=*/O=$kobj}")
		if [ "$kobj" = "$BUILD/obj-base" ]; then
			labmods=$BUILD/lab-modules-base
		elif [ "$kobj" = "$BUILD/obj-defconfig" ]; then
			labmods=$BUILD/lab-modules-defconfig
			rm -rf "$labmods"
			cp -r "$REPO/lab/modules" "$labmods"
			logged lab-modules-defconfig "${kmake[@]}" M="$labmods" modules
		elif [ "$kobj" != "$OBJ" ]; then
			labmods=/nonexistent
		fi
	fi
	find "$labmods" "$kobj" -name '*.ko' \
		-exec cp {} "$root/lab/modules/" \; 2>/dev/null || true
	# The kernel's modules where modprobe finds them (upstream's tests
	# load theirs by name), when they belong to the kernel that boots.
	if [ "$kobj" = "$OBJ" ] || [ "$kobj" = "$BUILD/obj-defconfig" ]; then
		logged modules-install "${kmake[@]}" INSTALL_MOD_PATH="$root" \
			modules_install
	fi
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) \
		> "$BUILD/initramfs$VAR.cpio.gz" || die "cpio failed"
	# bpftrace is most of the guest's size: a second archive, not
	# compressed (inflating it under TCG costs a guest 20 s), which only
	# the guests that run the client tests take (initramfs-full).
	local broot=$BUILD/initramfs-bpf$VAR
	rm -rf "$broot"
	mkdir -p "$broot"
	pack_bpftrace "$broot"
	pack_hwlatdetect "$broot"
	(cd "$broot" && find . | cpio -o -H newc --quiet) \
		> "$BUILD/initramfs-bpf$VAR.cpio" || die "cpio failed"
	# The kernel takes an uncompressed archive after a compressed one
	# only at a 4-byte boundary; zeros in between are skipped.
	local gz=$BUILD/initramfs$VAR.cpio.gz
	{ cat "$gz" && head -c $(((4 - $(stat -c %s "$gz") % 4) % 4)) /dev/zero &&
	  cat "$BUILD/initramfs-bpf$VAR.cpio"; } \
		> "$BUILD/initramfs-full$VAR.cpio.gz" || die "cannot write initramfs-full"
}

# pack_trace_cmd ROOT: Debian's trace-cmd with the shared libraries it
# links (as ldd finds them, at the same paths), the dynamic loader and
# libtraceevent's plugins, so the guest runs a real client.  Without
# trace-cmd on the host the client tests report UNSUPPORTED.
pack_trace_cmd() {
	local root=$1 bin lib plugins
	bin=$(command -v trace-cmd || true)
	if [ -z "$bin" ]; then
		echo "lab: warning: no trace-cmd on this machine; the client tests will be skipped" >&2
		return 0
	fi
	pack_program "$root" "$bin" trace-cmd
	# libtraceevent looks for them next to its real path.
	lib=$(ldd "$bin" | sed -n 's|.*libtraceevent[^ ]* => \(/[^ ]*\) (.*|\1|p')
	plugins=$(dirname "$(readlink -f "$lib")")/traceevent/plugins
	if [ -d "$plugins" ]; then
		mkdir -p "$root$plugins"
		cp -L "$plugins"/*.so "$root$plugins/"
	fi
}

# pack_perf ROOT: Debian's perf (linux-perf), for the client tests of
# probe events.  Debian's /usr/bin/perf may be a wrapper that picks
# perf_<version> by the running kernel's version, which the guest's is
# not: the real binary goes in as /usr/bin/perf.
pack_perf() {
	local root=$1 bin
	bin=$(ls /usr/bin/perf_[0-9]* 2> /dev/null | sort -V | tail -n 1 || true)
	[ -n "$bin" ] || bin=$(command -v perf || true)
	if [ -z "$bin" ] || ! file -L "$bin" | grep -q ELF; then
		echo "lab: warning: no perf binary on this machine; its client tests will be skipped" >&2
		return 0
	fi
	pack_program "$root" "$bin" perf
}

# pack_bpftrace ROOT: Debian's bpftrace with its libraries (LLVM and
# clang among them), for the BPF client tests.  Without BTF it compiles
# the tracepoints' records as C with the kernel's types (s64, pid_t,
# umode_t: <linux/types.h>), from the headers of the kernel that runs:
# the ones <linux/types.h> needs go in as /lab/kheaders, laid out as a
# kernel tree, for BPFTRACE_KERNEL_SOURCE (the client tests set it).
pack_bpftrace() {
	local root=$1 bin f k=$1/lab/kheaders
	local -a inc
	bin=$(command -v bpftrace || true)
	if [ -z "$bin" ]; then
		echo "lab: warning: no bpftrace on this machine; its client tests will be skipped" >&2
		return 0
	fi
	pack_program "$root" "$bin" bpftrace
	inc=(-nostdinc -I"$TREE/arch/x86/include" -I"$OBJ/arch/x86/include/generated"
	     -I"$TREE/include" -I"$OBJ/include" -I"$TREE/arch/x86/include/uapi"
	     -I"$OBJ/arch/x86/include/generated/uapi" -I"$TREE/include/uapi"
	     -I"$OBJ/include/generated/uapi" -include "$TREE/include/linux/kconfig.h"
	     -D__KERNEL__ -D__BPF_TRACING__)
	for f in $(echo '#include <linux/types.h>' |
		   gcc -M "${inc[@]}" -x c - -o - | tr ' \\' '\n\n' | grep '\.h$') \
		 "$TREE"/include/linux/compiler*.h \
		 "$OBJ/include/generated/uapi/linux/version.h"; do
		case "$f" in
		"$TREE"/*) f=${f#"$TREE"/}; mkdir -p "$k/$(dirname "$f")"; cp "$TREE/$f" "$k/$f" ;;
		"$OBJ"/*) f=${f#"$OBJ"/}; mkdir -p "$k/$(dirname "$f")"; cp "$OBJ/$f" "$k/$f" ;;
		esac
	done
}

# pack_hwlatdetect ROOT: rt-tests' hwlatdetect, a Python script, with
# Debian's python3 and the standard modules it imports (lab/pymods.py
# lists them), for clients.d/hwlatdetect.tc.
pack_hwlatdetect() {
	local root=$1 py=/usr/bin/python3 f lib
	if ! [ -x /usr/sbin/hwlatdetect ] || ! [ -x $py ]; then
		echo "lab: warning: no hwlatdetect or python3; its client test will be skipped" >&2
		return 0
	fi
	pack_program "$root" "$(readlink -f $py)" python3
	mkdir -p "$root/usr/sbin"
	cp /usr/sbin/hwlatdetect "$root/usr/sbin/"
	for f in $($py "$REPO/lab/pymods.py" /usr/sbin/hwlatdetect subprocess); do
		mkdir -p "$root$(dirname "$f")"
		cp "$f" "$root$f"
		[ "${f%.so}" != "$f" ] || continue
		for lib in $(ldd "$f" | sed -n 's|.*=> \(/[^ ]*\) (.*|\1|p'); do
			mkdir -p "$root$(dirname "$lib")"
			cp -L "$lib" "$root$lib"
		done
	done
}

# boot MODE CONSOLE_LOG [extra kernel args] [TAG]: boot the guest once.
# With VERBOSE=1 the console is shown as it comes, each line after
# "TAG| " when there is a TAG (guests running side by side); else
# SHOW, a function reading the console, prints what it picks (by
# default nothing).
boot() {
	local mode=$1 log=$2 extra=${3:-} tag=${4:-}
	local append="console=ttyS0,115200 panic=-1 oops=panic softlockup_panic=1"
	append+=" hung_task_panic=1 tracelab.mode=$mode $extra ${KERNEL_ARGS:-}"
	# no_timer_check: at boot the kernel counts timer ticks over a short
	# busy wait; a guest whose host cores are taken by other guests sees
	# too few and panics ("IO-APIC + timer doesn't work!", a KCSAN soak
	# beside make check's two guests, 2026-11-30).
	append+=" no_timer_check"
	# The sanitised kernels run each function many times slower under
	# TCG, and the tests that hook every function slower still (a test
	# of 40 s on the lab kernel takes 35 minutes on the debug kernel):
	# RCU's 21 s would report as stalls what on hardware takes a
	# fraction of a second.  A stall of two minutes is still reported.
	# tsc=reliable: single-threaded TCG runs one vCPU at a time, so the
	# clocksource watchdog's three back-to-back reads can straddle the
	# other vCPU's turn (4 ms); it then marks the TSC unstable and every
	# clock read (trace_clock=mono's, the timekeeping's) becomes an
	# emulated HPET access, which under a test hooking every function
	# starved both guest CPUs into soft lockups (check-debug, 2026-11-30).
	case "${VARIANT:-}" in
	debug|kcsan)
		append+=" rcupdate.rcu_cpu_stall_timeout=120 tsc=reliable" ;;
	esac
	local accel=$QEMU_ACCEL
	[ "${ICOUNT:-0}" = 1 ] && accel="tcg,thread=single -icount shift=0,sleep=off"
	local qemu=(qemu-system-x86_64 -accel $accel -smp 2 -m "$QEMU_MEM"
		    -kernel "${KIMAGE:-$OBJ/arch/x86/boot/bzImage}"
		    -initrd "$BUILD/initramfs${INITRD_PART:-}$VAR.cpio.gz"
		    -append "$append" -no-reboot ${QEMU_EXTRA:-})
	if [ "$mode" = shell ]; then
		"${qemu[@]}" -nographic
		return
	fi
	set +e
	timeout --foreground -k 10 "$QEMU_TIMEOUT" "${qemu[@]}" \
		-display none -serial stdio -monitor none < /dev/null 2>&1 |
		tee "$log" | if [ "${VERBOSE:-0}" != 1 ]; then
			"${SHOW:-drain}"
		elif [ -n "$tag" ]; then
			sed -u "s/^/$tag| /"
		else
			cat
		fi
	local rc=${PIPESTATUS[0]}
	set -e
	return "$rc"
}

# drain: the default SHOW, nothing.
drain() {
	cat > /dev/null
}

# demo_lines: of the console, as it comes, what the demo prints: the
# lines after "TRACELAB-BEGIN demo" that are not kernel messages.
demo_lines() {
	local line on=0
	while IFS= read -r line; do
		line=${line%$'\r'}
		case "$line" in
		'TRACELAB-BEGIN demo')	on=1 ;;
		TRACELAB-END*)		on=0 ;;
		*)	[ $on = 1 ] || continue
			# A kernel message starts "[    1.234567] ".
			[[ $line =~ ^\[\ *[0-9]+\.[0-9]+\]\  ]] ||
				printf '%s\n' "$line" ;;
		esac
	done
}

# The default per-guest timeout of "check": twice what a guest's share
# is expected to take with the other host core busy, so a run uses at
# most half of it.  It grows with the tests: a boot, the stress runs
# (STRESS_MS each, and the function tracer switching loop's 8 times
# that), and an allowance per .tc file of the share (half of them).
check_timeout() {
	local ms=${STRESS_MS:-3000} n
	n=$(find "$REPO/tools/testing/selftests/ftrace/test.d" "$REPO/lab/guest/sanity.d" \
		"$REPO/lab/guest/stress.d" "$REPO/lab/guest/clients.d" -name '*.tc' | wc -l)
	echo $((2 * (60 + 14 * ms / 1000 + CHECK_TEST_SECONDS * (n + 1) / 2)))
}
# Seconds per test allowed for in that estimate.  Measured with both
# guests and other builds running: 5 s a test in event, filter, ftrace,
# mmap and tracer, 15 s in stress.d, over 50 s in 00basic (the hostile
# input and huge size tests); 711 s for 54 tests in all, so two guests
# need about 360 s each, 400 with the boot: under half of 904.
CHECK_TEST_SECONDS=${CHECK_TEST_SECONDS:-18}

# The tracing options of the kernel command line that guest b boots with,
# for test.d/boot (lab/guest/check.sh runs it in b).  Chosen so that no
# other test sees them: the runner resets the top level's tracer,
# function sets, events and probe events before each test; trace_clock=
# is not global, which instance-scope.tc sets in an instance and must not
# find at the top level; none of them grows the top level's buffer
# (buffer-expand.tc); pause-on-trace is what the runner sets anyway; the
# instance is one no test names, and enables no probe event (the runner
# could not remove it).
CHECK_B_BOOT_ARGS="trace_instance=boot_inst,sched:sched_process_exec"
CHECK_B_BOOT_ARGS+=" trace_clock=mono trace_options=pause-on-trace,nofunction-fork"
CHECK_B_BOOT_ARGS+=" kprobe_event=p:kprobes/boot_open,do_sys_openat2"
CHECK_B_BOOT_ARGS+=" ftrace_filter=vfs_read,ksys_*"
CHECK_B_BOOT_ARGS+=" ftrace_notrace=ksys_write"
CHECK_B_BOOT_ARGS+=" ftrace_graph_filter=vfs_read ftrace_graph_notrace=vfs_write"

# check_guest PART TIMEOUT EXTRA: boot one check guest for a share of the
# tests; its console goes to console-check-PART.log, its QEMU status
# and wall time to .check-PART.status.
check_guest() {
	local part=$1 t0=$SECONDS rc=0
	# The client tests (bpftrace's among them) run in guest a.
	local initrd=
	[ "$part" = b ] || initrd=-full
	INITRD_PART=$initrd QEMU_TIMEOUT=$2 boot check "$LOGS/console-check-$part.log" \
		"$3 tracelab.part=$part" "$part" || rc=$?
	echo "$rc $((SECONDS - t0))" > "$LOGS/.check-$part.status"
}

cmd_check() {
	case "${CHECK_PARTS:-}" in
	""|a|b)	;;
	*)	die "CHECK_PARTS is a or b, not '$CHECK_PARTS'" ;;
	esac
	cmd_deps
	local t0=$SECONDS
	STEP=harness-selftest
	step "checking the harness itself"
	python3 "$REPO/lab/harness.py" --selftest > "$LOGS/harness-selftest.log" ||
		{ cat "$LOGS/harness-selftest.log"; die "the console parser is broken"; }
	local hp
	hp=$(grep -c '\[PASS\]$' "$LOGS/harness-selftest.log")
	cmd_kernel
	check_writer_divides
	check_layers
	check_model
	hp=$((hp + 3))
	cmd_initramfs
	STEP=boot
	# Two guests side by side, one per host core (each QEMU runs its
	# vCPUs on one thread): guest a boots with the KUnit suites and runs
	# the lab's own tests and a third of test.d, guest b the rest of
	# test.d (the split is in lab/guest/check.sh).  CHECK_GUESTS=1: one
	# guest runs them all.  CHECK_PARTS=a or b: that guest alone (the
	# debug kernel's check in two sittings; the verdict is that part's).
	local parts=(a b) tmo=${QEMU_TIMEOUT_ASKED:-$(check_timeout)}
	[ "${CHECK_GUESTS:-2}" = 1 ] && parts=(all)
	[ -n "${CHECK_PARTS:-}" ] && parts=("$CHECK_PARTS")
	local extra="" p
	[ "${INJECT_FAIL:-0}" = 1 ] && extra="tracelab.inject_fail=1"
	[ -n "${STRESS_MS:-}" ] && extra+=" tracelab.stress_ms=$STRESS_MS"
	[ -n "${HOSTILE_S:-}" ] && extra+=" tracelab.hostile_s=$HOSTILE_S"
	[ -n "${INSTANCE_ROUNDS:-}" ] &&
		extra+=" tracelab.instance_rounds=$INSTANCE_ROUNDS"
	step "booting ${#parts[@]} guest(s) side by side to run the tests (timeout ${tmo}s each)"
	rm -f "$LOGS"/console-check*.log "$LOGS"/.check-*.status
	local tb=$SECONDS
	for p in "${parts[@]}"; do
		# Guest b leaves the KUnit suites to guest a.
		if [ "$p" = b ]; then
			check_guest "$p" "$tmo" "$extra kunit.enable=0 $CHECK_B_BOOT_ARGS" &
		else
			check_guest "$p" "$tmo" "$extra" &
		fi
	done
	wait
	STEP=judge
	step "results ($((SECONDS - tb)) s in the guests; $((SECONDS - t0)) s in all)"
	# --weights: each test's seconds in this run, which split the next
	# run's tests between the guests (lab/guest/check-weights).
	local args=(--extra-passed "$hp" --weights "$LOGS/check-weights.measured")
	local qrc secs times=""
	for p in "${parts[@]}"; do
		local log=$LOGS/console-check-$p.log
		read -r qrc secs < "$LOGS/.check-$p.status" || { qrc=1; secs=0; }
		times+=" $p: $secs s,"
		tr -d '\r' < "$log" | grep -E '^\[[0-9]+\] .*\[[A-Z]+\]$' |
			sed "s/^/$p /" || true
		args+=("$log" --name "$p" --qemu-status "$qrc" --timeout "$tmo")
		[ "$qrc" = 124 ] || [ "$qrc" = 137 ] && args+=(--timed-out)
		[ "$p" = b ] && args+=(--no-boot-tests)
		if [ $((2 * secs)) -gt "$tmo" ]; then
			echo "lab: warning: guest $p took $secs s, more than half its timeout" \
				"($tmo s): copy $LOGS/check-weights.measured to" \
				"lab/guest/check-weights, or raise CHECK_TEST_SECONDS" >&2
		fi
	done
	echo "guest wall times:${times%,} (timeout $tmo s each)"
	# The harness's own checks count as tests too.
	local rc=0
	python3 "$REPO/lab/harness.py" "${args[@]}" || rc=$?
	return $rc
}

# The soak (run by "make soak" once per variant, debug and kcsan): the
# ring buffer stress, every kind of reader, hostile input and tracer
# switching at once for SOAK_S seconds (lab/guest/soak.d), then the
# kmemleak scan on the debug kernel.  Any kernel report fails it; on the
# KCSAN kernel, data races reported outside the tracing code are printed
# but not judged (the rest of the kernel has its own), and kmemleak's
# suspects are judged by the leaks test (those from tracing code fail).
cmd_soak_one() {
	cmd_deps
	cmd_kernel
	cmd_initramfs
	STEP=soak
	local soak=${SOAK_S:-600} log=$LOGS/console-soak.log qrc=0
	local tmo=$((soak * 2 + 900))
	step "booting the ${VARIANT:-plain} kernel for a ${soak} s soak (timeout ${tmo}s)"
	# A hang ends in a hung-task panic: report every blocked task, not
	# the first ten, and on the panic every task with its stack
	# (panic_print=1, as sysrq-t), so that a lock's holder that no
	# hung-task report names shows too: one sleeping interruptibly, or
	# idle as in synchronize_rcu_tasks() (the 2026-12-01 hang).
	local bootargs="tracelab.soak_s=$soak kunit.enable=0"
	bootargs+=" sysctl.kernel.hung_task_warnings=-1 panic_print=1"
	QEMU_TIMEOUT=$tmo boot soak "$log" "$bootargs" || qrc=$?
	local judged=$LOGS/console-soak-judged.log syms=$LOGS/tracing-symbols.txt
	# The functions of the tracing code: a data race is tracing's when
	# one of the two functions KCSAN names is one of them.
	find "$OBJ/kernel/trace" "$OBJ/kernel/tracepoint.o" \
		"$OBJ/arch/x86/kernel/ftrace.o" "$OBJ/arch/x86/kernel/ftrace_64.o" \
		\( -name '*.o' -o -name '*.ko' \) 2> /dev/null |
		xargs -r nm --defined-only 2> /dev/null |
		awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u > "$syms"
	python3 - "$log" "$judged" "$syms" <<'PY'
import re, sys
# Drop the KCSAN reports whose racing functions are none of the tracing
# code's, and kmemleak's own count of suspects: the leaks test fails on
# those from tracing code and lists the rest.
text = open(sys.argv[1], errors="replace").read().replace("\r", "")
tracing = set(open(sys.argv[3]).read().split())
out, block = [], None
for line in text.split("\n"):
    m = re.search(r"kmemleak: (\d+) new suspected memory leaks", line)
    if m:
        out.append("(left to the leaks test: %s kmemleak suspects)" % m.group(1))
        continue
    if block is None and "BUG: KCSAN:" in line:
        block = [line]
        continue
    if block is not None:
        block.append(line)
        if re.search(r"={20,}", line) and len(block) > 2:
            racing = block[0].split("data-race in", 1)[-1].split(" / ")
            if any(f.strip().split("+")[0] in tracing for f in racing):
                out.extend(block)
            else:
                where = block[0].split("data-race in", 1)[-1].strip()
                out.append("(not judged: a KCSAN data race outside tracing, in " + where + ")")
            block = None
        continue
    out.append(line)
open(sys.argv[2], "w").write("\n".join(out + (block or [])))
PY
	local args=("$judged" --name soak --qemu-status "$qrc" --timeout "$tmo"
		    --no-boot-tests)
	[ "$qrc" = 124 ] || [ "$qrc" = 137 ] && args+=(--timed-out)
	python3 "$REPO/lab/harness.py" "${args[@]}"
}

cmd_soak() {
	local v rc=0
	for v in ${SOAK_VARIANTS:-debug kcsan}; do
		VARIANT=$v QEMU_MEM=2G "$REPO/lab/lab.sh" soak_one || rc=1
	done
	return $rc
}

# Upstream's conformance suite: the base tree's ftracetest, unmodified,
# against this series' kernel.  Many of its tests need what the series
# does not have yet (instances, filters, triggers, dynamic events, the
# function tracer), so the counts are a measure, not a verdict: this
# fails only when the guest did not get to the end of the run.
cmd_upstream_selftests() {
	cmd_deps
	cmd_kernel
	cmd_initramfs
	STEP=upstream-selftests
	local log=$LOGS/console-upstream.log qrc=0
	QEMU_TIMEOUT=$UPSTREAM_TIMEOUT
	step "booting the guest and running upstream's ftracetest (timeout ${QEMU_TIMEOUT}s)"
	boot upstream "$log" || qrc=$?
	tr -d '\r' < "$log" > "$log.txt"
	step "upstream ftracetest results (console: $log)"
	grep -E '^\[[0-9]+\].*\[[A-Z]+\]$' "$log.txt" || true
	echo
	grep -E '^# of [a-z]' "$log.txt" || true
	grep -q '^TRACELAB-END' "$log.txt" ||
		die "the guest did not finish (QEMU status $qrc)"
	grep -q '^# of passed' "$log.txt" ||
		die "upstream's ftracetest did not finish"
	# Whatever the tests ask, the kernel must not oops or warn.
	if grep -E 'Kernel panic|Oops|BUG: |WARNING: |KASAN: |UBSAN: ' "$log.txt"; then
		die "the kernel reported trouble during the run (see $log)"
	fi
	awk '/^# of (passed|failed|unresolved|untested|unsupported|xfailed)/ {
		n[$3] = $4 } END {
		printf "upstream ftracetest: %d PASS, %d FAIL, %d UNRESOLVED, %d UNTESTED, %d UNSUPPORTED, %d XFAIL\n",
			n["passed:"], n["failed:"], n["unresolved:"], n["untested:"],
			n["unsupported:"], n["xfailed:"] }' "$log.txt"
}

# A quick loop while writing a test: only the tests $TESTS names, in one
# guest, a failing test's log (ftracetest -v) on the console.  TRY_NAME
# names the console log (console-$TRY_NAME.log, default "try"), for two
# guests at once.
cmd_try() {
	[ -n "${TESTS:-}" ] || die "TESTS= names no test"
	cmd_deps
	cmd_kernel
	cmd_initramfs
	STEP=try
	local log=$LOGS/console-${TRY_NAME:-try}.log qrc=0
	step "booting one guest for: $TESTS (timeout ${QEMU_TIMEOUT}s)"
	local extra=""
	[ -n "${STRESS_MS:-}" ] && extra+=" tracelab.stress_ms=$STRESS_MS"
	[ -n "${HOSTILE_S:-}" ] && extra+=" tracelab.hostile_s=$HOSTILE_S"
	[ -n "${INSTANCE_ROUNDS:-}" ] &&
		extra+=" tracelab.instance_rounds=$INSTANCE_ROUNDS"
	INITRD_PART=-full boot try "$log" "tracelab.tests=$(echo "$TESTS" | tr ' ' ,)$extra" || qrc=$?
	tr -d '\r' < "$log" > "$log.txt"
	grep -E '^\[[0-9]+\].*\[[A-Z]+\]$' "$log.txt" || true
	if grep -E 'Kernel panic|Oops|BUG: |WARNING: |KASAN: |UBSAN: |possible (recursive|circular) locking' "$log.txt"; then
		die "the kernel reported trouble (see $log.txt)"
	fi
	grep -q '^TRACELAB-END rc=0' "$log.txt" ||
		die "a test failed or the guest did not finish (QEMU status $qrc; see $log.txt)"
}

cmd_run() {
	cmd_deps
	cmd_kernel
	cmd_initramfs
	STEP=run
	# No KUnit suites at boot: "make check" runs them.
	local args="kunit.enable=0" log=$LOGS/console-demo.log qrc=0 t0=$SECONDS
	if [ -t 0 ] && [ -t 1 ]; then
		step "booting; you get a shell (Ctrl-a x quits QEMU)"
		# Only the kernel's warnings on the terminal (dmesg has all).
		INITRD_PART=-full boot shell /dev/null "$args quiet"
		return
	fi
	step "booting the demo (no terminal: it powers off at the end)"
	echo "The guest's console goes to $log (VERBOSE=1 shows it here)."
	SHOW=demo_lines boot demo "$log" "$args" || qrc=$?
	echo
	if grep -E 'Kernel panic|Oops|BUG: |WARNING: ' "$log"; then
		die "the kernel reported trouble (see $log)"
	fi
	if ! grep -q '^TRACELAB-END rc=0' "$log"; then
		# Where it stopped, if before the demo.
		grep -q '^TRACELAB-BEGIN demo' "$log" ||
			tr -d '\r' < "$log" | tail -n 15
		die "the demo failed or did not finish (QEMU status $qrc; see $log)"
	fi
	echo "make run: $((SECONDS - t0)) s from boot to power-off; the log: $log"
}

# The pristine base kernel (upstream's tracing), same configuration, for
# the benchmarks' baseline.
cmd_base_kernel() {
	cmd_base
	STEP=base-kernel
	local obj=$BUILD/obj-base
	local kmake=(make -C "$BASE" O="$obj" ARCH=x86_64 "CC=ccache gcc" -j"$JOBS"
		     KBUILD_BUILD_TIMESTAMP="tracelab" KBUILD_BUILD_USER=tracelab
		     KBUILD_BUILD_HOST=tracelab)
	cat "$REPO/$FRAGMENT" "$REPO/lab/bench/base.config" > "$BUILD/base.config"
	TREE=$BASE STRICT=0 configure "$obj" "$BUILD/base.config" "${kmake[@]}"
	step "building the base kernel in $obj"
	logged kernel-base "${kmake[@]}" bzImage modules
	bench_module base "$BASE" "$obj"
	# The lab's modules for the base kernel too, for
	# KIMAGE=build/obj-base/arch/x86/boot/bzImage make check.
	rm -rf "$BUILD/lab-modules-base"
	cp -r "$REPO/lab/modules" "$BUILD/lab-modules-base"
	logged lab-modules-base "${kmake[@]}" M="$BUILD/lab-modules-base" modules
}

# The ring buffer's writer has no divide instruction (a 64-bit divide
# costs 15-90 cycles on every event; see "Slots without a divide" in
# Documentation/trace/ring-buffer-design.rst).
check_writer_divides() {
	STEP=writer-divides
	local obj=$OBJ/kernel/trace/ring_buffer/write.o divs
	[ -f "$obj" ] || die "no $obj to check for divides"
	divs=$(objdump -d "$obj" | grep -E '\s(div|idiv)[bwlq]?\s' || true)
	[ -z "$divs" ] ||
		die "kernel/trace/ring_buffer/write.o has divide instructions:
$divs"
	echo "[host] ring buffer writer (write.o) has no divide instruction	[PASS]"
}

# The layers of the tracing core (Documentation/trace/layers.rst): no
# file refers to one above it except through what that one registered,
# no circle of files, no header of a higher layer included.
check_layers() {
	STEP=layers
	local out
	out=$(python3 "$REPO/lab/layers.py" "$REPO/Documentation/trace/layers.rst" \
		"$OBJ" "$REPO" 2>&1) ||
		die "the layers of kernel/trace are broken:
$out"
	echo "[host] kernel/trace keeps its layers (${out##*layers: })	[PASS]"
}

# The ring buffer's protocol model-checked with spin (about 2.5 minutes on
# one core): the model must hold and each deliberately broken variant
# (an ordering row removed) must fail.
check_model() {
	STEP=model
	local out
	out=$(bash "$REPO/tools/tracing/rbmodel/check.sh" 2>&1) ||
		die "the ring buffer's model check failed:
$out"
	echo "[host] the ring buffer's spin model holds, its broken variants fail (${out##*rbmodel: })	[PASS]"
}

# bench_module TAG SRC OBJ: build the benchmark modules against a kernel.
bench_module() {
	local dir=$BUILD/bench-modules-$1
	rm -rf "$dir"
	cp -r "$REPO/lab/bench/rb_bench" "$dir"
	logged bench-module-$1 make -C "$2" O="$3" ARCH=x86_64 "CC=ccache gcc" \
		M="$dir" modules
}

cmd_bench() {
	cmd_deps
	cmd_kernel
	# BENCH_KERNELS (ours noft base) and BENCH_MODES (tcg icount) choose
	# a part of the runs, BENCH_OPS the guest's counts and BENCH_PARTS
	# its benchmarks (lab/guest/bench.sh).
	local kernels=${BENCH_KERNELS:-ours noft base}
	local modes=${BENCH_MODES:-tcg icount}
	local ops=${BENCH_OPS:+ tracelab.bench_ops=$BENCH_OPS}
	ops+=${BENCH_PARTS:+ tracelab.bench_parts=$BENCH_PARTS}
	bench_module ours "$TREE" "$OBJ"
	if [[ " $kernels " == *" noft "* ]]; then
		# Our kernel once more without the function tracer
		# (VARIANT=noft, build/obj-noft): what the tracer costs while
		# off.
		STEP=noft-kernel
		step "building our kernel without the function tracer (VARIANT=noft)"
		VARIANT=noft STRICT=0 "$REPO/lab/lab.sh" kernel ||
			die "the noft kernel did not build (see $BUILD/logs-noft/)"
		grep -q '^CONFIG_FUNCTION_TRACER=y' "$BUILD/obj-noft/.config" &&
			die "build/obj-noft has the function tracer"
		bench_module noft "$TREE" "$BUILD/obj-noft"
	fi
	[[ " $kernels " == *" base "* ]] && cmd_base_kernel
	cmd_initramfs
	STEP=bench
	local results=$LOGS/bench-results.txt kernel mode
	: > "$results"
	for kernel in $kernels; do
		local image=$OBJ/arch/x86/boot/bzImage
		[ $kernel = base ] && image=$BUILD/obj-base/arch/x86/boot/bzImage
		[ $kernel = noft ] && image=$BUILD/obj-noft/arch/x86/boot/bzImage
		for mode in $modes; do
			step "benchmark: $kernel kernel, $mode"
			local log=$LOGS/console-bench-$kernel-$mode.log icount=0
			[ $mode = icount ] && icount=1
			# No KUnit at boot: the kernels are measured as booted.
			KIMAGE=$image ICOUNT=$icount boot bench "$log" \
				"tracelab.bench_tag=$kernel-$mode$ops kunit.enable=0" ||
				die "the $kernel kernel's benchmark run failed (see $log)"
			grep -q '^TRACELAB-END rc=0' <(tr -d '\r' < "$log") ||
				die "the $kernel kernel's benchmark did not finish (see $log)"
			tr -d '\r' < "$log" |
				sed -n 's/^.*\(BENCH\(MEM\|KB\)\{0,1\} kernel=\)/\1/p' |
				tee -a "$results"
		done
	done
	step "ratios, ours / base and ours / noft (below 1.0: ours is faster)"
	python3 "$REPO/lab/bench.py" "$results"
}

cmd_series() {
	cmd_deps
	cmd_tree
	STEP=series
	"$REPO/lab/series.sh" "$BASE" "$BUILD" "$(base_version)"
}

cmd_clean() {
	STEP=clean
	chmod -R u+w "$BUILD" 2>/dev/null || true
	rm -rf "$BUILD"
}

[ $# -eq 1 ] || { sed -n '3,/^set -euo/p' "$0" | sed '$d'; exit 2; }
STEP=$1
case "$1" in
deps|base|tree|kernel|base_kernel|initramfs|check|run|bench|series|clean|defconfig|\
upstream_selftests|soak|soak_one|try)
	"cmd_$1" ;;
*) sed -n '3,/^set -euo/p' "$0" | sed '$d'; exit 2 ;;
esac
