# SPDX-License-Identifier: GPL-2.0
#
# pack.sh - what lab.sh and debian.sh both put in a guest's initramfs.
# Sourced, not run; every function returns non-zero on failure, and the
# caller says what failed.

# pack_program ROOT BINARY NAME: BINARY as /usr/bin/NAME with the shared
# libraries and the loader it needs, at their own paths.
pack_program() {
	local root=$1 bin=$2 lib
	mkdir -p "$root/usr/bin" || return 1
	cp -L "$bin" "$root/usr/bin/$3" || return 1
	# "name => /path (addr)" for libraries, "/path (addr)" for the loader.
	for lib in $(ldd "$bin" | sed -n -e 's|.*=> \(/[^ ]*\) (.*|\1|p' \
				     -e 's|^[[:space:]]*\(/[^ ]*\) (.*|\1|p'); do
		mkdir -p "$root$(dirname "$lib")" || return 1
		cp -L "$lib" "$root$lib" || return 1
	done
}

# pack_shell_env ROOT REPO: what upstream's ftracetest expects of a
# Debian machine beyond a shell (ROOT/bin/busybox must be there).
#   /bin/sh    a link of its own to busybox, not a symlink: the shell's
#              maps then name /bin/sh, as add_remove_uprobe.tc looks for
#   nice       busybox has no such applet; the inter-event tests use one
#   dash       Debian's /bin/sh, which ftracetest runs under there;
#              busybox's sh runs its applets through /proc/self/exe, so
#              a test waiting for the exec of ping never sees one
#   users      one user and group besides root's: the gid= and ownership
#              tests hand tracefs files to the last ones not their own
pack_shell_env() {
	local root=$1 repo=$2
	ln -f "$root/bin/busybox" "$root/bin/sh" || return 1
	mkdir -p "$root/usr/bin" "$root/etc" || return 1
	gcc -O2 -static -Wall -o "$root/usr/bin/nice" "$repo/lab/guest/nice.c" ||
		return 1
	if command -v dash > /dev/null; then
		pack_program "$root" "$(command -v dash)" dash || return 1
	fi
	printf 'root:x:0:0:root:/root:/bin/sh\ntracing:x:1000:1000::/:/bin/false\n' \
		> "$root/etc/passwd" || return 1
	printf 'root:x:0:\ntracing:x:1000:\n' > "$root/etc/group"
}
