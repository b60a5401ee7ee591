#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# apply.sh BASE TREE STATE
#
# Make the kernel tree TREE equal to the pristine tree BASE with the
# series applied: upstream paths named in series/MANIFEST removed, the
# files this repository owns copied in, and upstream-edits/*.patch
# applied in order.  Only files whose content changes are written, so
# an incremental kernel build recompiles only what really changed.
# STATE lists the files installed last time, so that files dropped from
# the series go back to their upstream version.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
BASE=$1
TREE=$2
STATE=$3
# The top-level folders of this repository that mirror kernel paths.
OWNED="arch include kernel Documentation samples tools"

die() { echo "apply: $*" >&2; exit 1; }

[ -f "$BASE/Makefile" ] || die "no pristine kernel tree at $BASE"
if [ ! -f "$TREE/Makefile" ]; then
	echo "apply: copying the pristine tree to $TREE"
	rm -rf "$TREE"
	cp -a "$BASE" "$TREE"
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# 1. The files this repository owns.
(cd "$REPO" && for d in $OWNED; do if [ -d "$d" ]; then find "$d" -type f; fi; done) \
	> "$stage.list"
(cd "$REPO" && xargs -a "$stage.list" -r cp --parents -t "$stage")
rm -f "$stage.list"

# 2. The manifest: every path must exist upstream, and what it says
#    must match what this repository ships.
manifest_paths=()
while read -r path what _; do
	case "$path" in ''|'#'*) continue ;; esac
	[ -e "$BASE/$path" ] || die "series/MANIFEST: $path is not in the base tree"
	case "$what" in
	removed)  [ ! -e "$stage/$path" ] ||
			die "series/MANIFEST: $path is marked removed but the series ships it" ;;
	replaced) [ -e "$stage/$path" ] ||
			die "series/MANIFEST: $path is marked replaced but the series does not ship it" ;;
	kept)	cmp -s "$BASE/$path" "$stage/$path" ||
			die "series/MANIFEST: $path is marked kept but the series does not ship upstream's file unchanged"
		continue ;;
	*) die "series/MANIFEST: $path: say 'removed', 'replaced' or 'kept', not '$what'" ;;
	esac
	manifest_paths+=("$path")
done < "$REPO/series/MANIFEST"

# 2b. What upstream keeps: the series may add files beside these, never
#     change one of upstream's (its selftests and samples are the judges,
#     its event definitions are what the series' macros must digest).
KEEP="tools/testing/selftests/ftrace samples/trace_events include/trace/events"
for k in $KEEP; do
	[ -d "$stage/$k" ] || continue
	(cd "$stage" && find "$k" -type f) | while read -r f; do
		[ ! -e "$BASE/$f" ] ||
			die "$f is upstream's and stays unchanged: add a file beside it"
	done
done
# 3. Small edits to upstream files, applied to pristine copies.
for p in "$REPO"/upstream-edits/*.patch; do
	[ -e "$p" ] || continue
	for f in $(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p"); do
		if [ ! -e "$stage/$f" ] && [ -e "$BASE/$f" ]; then
			mkdir -p "$stage/$(dirname "$f")"
			cp "$BASE/$f" "$stage/$f"
		fi
	done
	patch -p1 -s -f --no-backup-if-mismatch -d "$stage" < "$p" ||
		die "upstream-edits/$(basename "$p") does not apply to the base tree"
done

# 4. Remove what the manifest removes or replaces, except files the stage
#    brings anyway (rewritten below only if their content differs).
for path in "${manifest_paths[@]}"; do
	[ -e "$TREE/$path" ] || continue
	(cd "$TREE" && find "$path" -type f) | while read -r f; do
		[ -e "$stage/$f" ] || rm -f "$TREE/$f"
	done
	if [ -d "$TREE/$path" ]; then
		find "$TREE/$path" -depth -type d -empty -delete
	fi
done

# 5. Install the stage, touching only changed files.
(cd "$stage" && find . -type f | sed 's|^\./||' | sort) > "$STATE.new"
changed=0
while read -r f; do
	if ! cmp -s "$stage/$f" "$TREE/$f"; then
		mkdir -p "$TREE/$(dirname "$f")"
		cp "$stage/$f" "$TREE/$f"
		changed=$((changed + 1))
	fi
done < "$STATE.new"

# 6. Files installed last time but no longer part of the series.
in_manifest() {
	local p
	for p in "${manifest_paths[@]}"; do
		case "$1" in "$p"|"${p%/}"/*) return 0 ;; esac
	done
	return 1
}
if [ -f "$STATE" ]; then
	comm -23 <(sort "$STATE") "$STATE.new" | while read -r f; do
		if [ -e "$BASE/$f" ] && ! in_manifest "$f"; then
			cp "$BASE/$f" "$TREE/$f"
		else
			rm -f "$TREE/$f"
		fi
	done
fi
# 7. Paths the manifest named last time and no longer does: upstream's
#    files come back (those the series ships were installed above).
if [ -f "$STATE.manifest" ]; then
	while read -r p; do
		in_manifest "$p" && continue
		[ -e "$BASE/$p" ] || continue
		(cd "$BASE" && find "$p" -type f) | while read -r f; do
			if [ ! -e "$TREE/$f" ]; then
				mkdir -p "$TREE/$(dirname "$f")"
				cp -p "$BASE/$f" "$TREE/$f"
			fi
		done
	done < "$STATE.manifest"
fi
printf '%s\n' "${manifest_paths[@]}" > "$STATE.manifest"
mv "$STATE.new" "$STATE"
echo "apply: series applied to $TREE ($changed files written)"
