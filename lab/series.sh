#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh BASE BUILD PKG_VERSION
#
# Write the series as numbered git format-patch files in BUILD/series/,
# one commit per series/patches/NN-*.txt, with a cover letter naming the
# exact base; then prove it: "git am" the files onto a pristine tree and
# compare the result with the series, and run the base tree's checkpatch.
#
# A patch description is a mail-like header and the commit message:
#   Subject: subsys: what it does
#   Remove: manifest        (optional: the paths in series/MANIFEST go)
#   Paths: files or folders of this repository that the patch adds
#   Edits: upstream-edits/NNNN-*.patch applied by this patch
#   Strip: PATH REGEX   (optional: add PATH without the lines matching
#          REGEX; a later patch adds the whole file through Paths)
#   <blank line>
#   The commit message body.
# Every file this repository ships must belong to exactly one patch.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
BASE=$1
BUILD=$2
PKG_VERSION=$3
GIT=$BUILD/series-git
OUT=$BUILD/series
OWNED="arch include kernel Documentation samples tools"
KVER=$(make -s -C "$BASE" kernelversion 2>/dev/null)
export GIT_AUTHOR_NAME="${GIT_AUTHOR_NAME:-Tracing Core Team}"
export GIT_AUTHOR_EMAIL="${GIT_AUTHOR_EMAIL:-tracing-core@localhost}"
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME
export GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z"
export GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE

die() { echo "series: $*" >&2; exit 1; }
g() { git -C "$GIT" -c core.autocrlf=false -c advice.detachedHead=false -c gc.auto=0 "$@" 9>&-; }

# A git repository holding the pristine base as one commit, made once.
if [ "$(cat "$GIT/.git/tracelab-base" 2>/dev/null)" != "$PKG_VERSION" ]; then
	echo "series: recording the pristine $KVER tree in git (once)"
	rm -rf "$GIT"
	mkdir -p "$GIT"
	cp -a "$BASE/." "$GIT/"
	chmod -R u+w "$GIT"
	g init -q -b base
	g add -f -A .
	g commit -q -m "Linux $KVER (Debian $PKG_VERSION)"
	echo "$PKG_VERSION" > "$GIT/.git/tracelab-base"
fi

field() { sed -n "1,/^\$/s/^$2: *//p" "$1"; }
body() { sed '1,/^$/d' "$1"; }

# Which patch ships each file; every shipped file exactly once.
owned=$(cd "$REPO" && for d in $OWNED; do if [ -d "$d" ]; then find "$d" -type f; fi; done | sort)
claimed=$(for p in "$REPO"/series/patches/*.txt; do
	for path in $(field "$p" Paths); do
		[ -e "$REPO/$path" ] || die "$(basename "$p"): no $path in the repository"
		(cd "$REPO" && find "$path" -type f)
	done
done | sort)
dups=$(echo "$claimed" | uniq -d)
[ -z "$dups" ] || die "files claimed by two patches: $dups"
unclaimed=$(comm -23 <(echo "$owned") <(echo "$claimed"))
[ -z "$unclaimed" ] || die "files in no patch (add them to series/patches/*.txt): $unclaimed"
edits=$(cd "$REPO" && ls upstream-edits/*.patch 2>/dev/null | sort || true)
claimed_edits=$(for p in "$REPO"/series/patches/*.txt; do
	field "$p" Strip | while read -r path regex; do
		[ -n "$path" ] || continue
		mkdir -p "$GIT/$(dirname "$path")"
		grep -v -E -- "$regex" "$REPO/$path" > "$GIT/$path" || true
	done
	for e in $(field "$p" Edits); do echo "$e"; done; done | sort)
[ "$edits" = "$claimed_edits" ] || die "every upstream-edits/*.patch must be named by exactly one patch"

# Build the commits on a branch that starts at the base.
g checkout -q -f -B series base
g clean -q -f -d -x
n=0
for p in "$REPO"/series/patches/*.txt; do
	n=$((n + 1))
	subject=$(field "$p" Subject)
	[ -n "$subject" ] || die "$(basename "$p"): no Subject"
	if [ "$(field "$p" Remove)" = manifest ]; then
		grep -v '^#' "$REPO/series/MANIFEST" | awk 'NF { print $1 }' |
			while read -r path; do g rm -r -q --ignore-unmatch -- "$path"; done
		# Upstream's files the series keeps unchanged inside a
		# replaced folder come back: they are never part of a diff.
		grep -v '^#' "$REPO/series/MANIFEST" | awk '$2 == "kept" { print $1 }' |
			while read -r path; do g checkout -q base -- "$path"; done
	fi
	for path in $(field "$p" Paths); do
		(cd "$REPO" && find "$path" -type f) | while read -r f; do
			mkdir -p "$GIT/$(dirname "$f")"
			cp "$REPO/$f" "$GIT/$f"
		done
	done
	field "$p" Strip | while read -r path regex; do
		[ -n "$path" ] || continue
		mkdir -p "$GIT/$(dirname "$path")"
		grep -v -E -- "$regex" "$REPO/$path" > "$GIT/$path" || true
	done
	for e in $(field "$p" Edits); do
		patch -p1 -s -f --no-backup-if-mismatch -d "$GIT" < "$REPO/$e" ||
			die "$e does not apply"
	done
	g add -f -A .
	{ echo "$subject"; echo; body "$p"; } | g commit -q -s -F - ||
		die "$(basename "$p") changes nothing"
done

# The files, with a cover letter.
rm -rf "$OUT"
g format-patch -q --cover-letter --base=base -o "$OUT" base..series
cover=$(ls "$OUT"/0000-*.patch)
sed "s/@KVER@/$KVER/g; s/@PKG_VERSION@/$PKG_VERSION/g" \
	"$REPO/series/cover-letter.txt" > "$OUT/.blurb"
awk -v blurb="$OUT/.blurb" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, "tracing: a new tracing core") }
	/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline l < blurb) > 0) print l; next }
	{ print }' "$cover" > "$cover.new"
mv "$cover.new" "$cover"
rm -f "$OUT/.blurb"

# Proof: the files apply with git am onto the pristine base and give
# exactly the series' tree.
g checkout -q -f -B am-check base
g am -q --whitespace=nowarn $(ls "$OUT"/*.patch | grep -v '/0000-') ||
	die "the patches do not apply with git am"
[ "$(g rev-parse 'am-check^{tree}')" = "$(g rev-parse 'series^{tree}')" ] ||
	die "git am gives a different tree than the series"
g checkout -q -f series

echo "series: $n patches in $OUT, applied with git am onto Linux $KVER: OK"
ls "$OUT"

# checkpatch, from the base tree, over every patch.
echo
echo "checkpatch ($BASE/scripts/checkpatch.pl --strict):"
total_e=0
total_w=0
total_c=0
for f in $(ls "$OUT"/*.patch | grep -v '/0000-'); do
	res=$(perl "$BASE/scripts/checkpatch.pl" --no-tree --strict --terse \
		--show-types "$f" 2>/dev/null | tail -n 1 || true)
	echo "  $(basename "$f"): $res"
	e=$(echo "$res" | sed -n 's/.*total: \([0-9]*\) errors.*/\1/p')
	w=$(echo "$res" | sed -n 's/.* \([0-9]*\) warnings.*/\1/p')
	c=$(echo "$res" | sed -n 's/.* \([0-9]*\) checks.*/\1/p')
	total_e=$((total_e + ${e:-0}))
	total_w=$((total_w + ${w:-0}))
	total_c=$((total_c + ${c:-0}))
done
echo "checkpatch total: $total_e errors, $total_w warnings, $total_c checks"
