#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Read a test guest's console log and decide the run.

Counts every result the guest printed:
  * ftracetest lines, "[N] description<TAB>[RESULT]";
  * KUnit test cases, from the KTAP the kernel printed at boot (only the
    leaves: a suite's own "ok" line summarises its cases and is not
    counted again);
  * the tracers' boot self-tests (CONFIG_FTRACE_STARTUP_TEST), one
    "Testing tracer <name>: PASSED" or "... FAILED" line each (upstream
    may print what went wrong between the colon and FAILED).
and fails the run on a kernel panic, oops, BUG, WARNING, a lockdep or
KASAN/UBSAN report, a missing end marker (the guest died or hung), or a
non-zero guest status.  The last line printed is
"N passed, N failed, N skipped"; the exit status is 0 only when nothing
failed.

Usage: harness.py CONSOLE_LOG [--qemu-status N] [--timed-out]
                  [--extra-passed N]   (tests that passed outside the guest)
       harness.py --selftest
"""
import re
import sys

FTRACE_RESULT = re.compile(
    r"^\[(\d+)\] (.*?)\t?\[(PASS|FAIL|UNRESOLVED|UNTESTED|UNSUPPORTED|XFAIL)\]\s*$")
PRINTK_PREFIX = re.compile(r"^\[\s*\d+\.\d+\]\s?")
KTAP_RESULT = re.compile(r"^(\s*)(not ok|ok) \d+ (?:- )?([^#]*?)\s*(#.*)?$")
END_MARKER = re.compile(r"^TRACELAB-END rc=(\d+)")
TRACER_SELFTEST = re.compile(r"^Testing tracer (\S+): (?:.*?)(PASSED|FAILED)")

# Console text that means the kernel itself went wrong.
KERNEL_TROUBLE = [
    re.compile(p) for p in (
        r"Kernel panic - not syncing",
        r"\bOops\b",
        r"\bBUG: ",
        r"^\s*WARNING: ",
        r"------------\[ cut here \]------------",
        r"possible recursive locking detected",
        r"INFO: possible circular locking dependency",
        r"UBSAN: ",
        r"KASAN: ",
        r"kmemleak: \d+ new suspected memory leaks",
        r"general protection fault",
        r"watchdog: BUG: soft lockup",
        r"INFO: task .* blocked for more than",
    )
]

SKIPPED_WORDS = ("UNSUPPORTED", "UNTESTED")
FAILED_WORDS = ("FAIL", "UNRESOLVED")


class Verdict:
    """What one console log says."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.skipped = 0
        self.problems = []     # why the run failed beyond test results
        self.failures = []     # names of failed tests

    def fail_test(self, name):
        self.failed += 1
        self.failures.append(name)


def count_ktap(lines, verdict):
    """Count KUnit leaf results.

    A result line closes the test whose "# Subtest:" header it answers;
    a result is a leaf when no deeper result was printed since the last
    result at its own or a shallower depth.
    """
    child_seen = {}  # indent -> a deeper result came since its last result
    for raw in lines:
        line = PRINTK_PREFIX.sub("", raw.rstrip("\n"))
        m = KTAP_RESULT.match(line)
        if not m:
            continue
        indent = len(m.group(1).expandtabs(8))
        status, name, directive = m.group(2), m.group(3), m.group(4) or ""
        is_parent = child_seen.get(indent, False)
        child_seen = {k: True for k in child_seen if k < indent}
        for k in range(0, indent):
            child_seen[k] = True
        child_seen[indent] = False
        if is_parent:
            if status == "not ok" and "SKIP" not in directive:
                # A suite can fail without a failing case (init error).
                verdict.problems.append("KUnit suite failed: " + name)
            continue
        if "SKIP" in directive:
            verdict.skipped += 1
        elif status == "ok":
            verdict.passed += 1
        else:
            verdict.fail_test("kunit: " + name)


def judge(text, qemu_status=0, timed_out=False):
    verdict = Verdict()
    lines = text.splitlines()
    in_guest_results = False
    end_rc = None
    for raw in lines:
        line = raw.rstrip("\r")
        m = FTRACE_RESULT.match(line)
        if m:
            in_guest_results = True
            word = m.group(3)
            if word in SKIPPED_WORDS:
                verdict.skipped += 1
            elif word in FAILED_WORDS:
                verdict.fail_test(m.group(2).strip())
            else:
                verdict.passed += 1
            continue
        m = END_MARKER.match(line)
        if m:
            end_rc = int(m.group(1))
        bare = PRINTK_PREFIX.sub("", line)
        m = TRACER_SELFTEST.match(bare)
        if m:
            if m.group(2) == "PASSED":
                verdict.passed += 1
            else:
                verdict.fail_test("tracer self-test: " + m.group(1))
            continue
        for pattern in KERNEL_TROUBLE:
            if pattern.search(bare):
                verdict.problems.append("kernel: " + line.strip())
                break
    count_ktap([l for l in lines if not FTRACE_RESULT.match(l)], verdict)

    if timed_out:
        verdict.problems.append("the guest did not finish in time (hang?)")
    elif end_rc is None:
        verdict.problems.append("the guest never printed its end marker (crash?)")
    elif end_rc != 0 and verdict.failed == 0 and not in_guest_results:
        verdict.problems.append("the guest finished with status %d" % end_rc)
    if end_rc is not None and end_rc != 0 and verdict.failed == 0:
        verdict.problems.append("the guest's runners reported failure (rc=%d)" % end_rc)
    if qemu_status not in (0, None) and not timed_out:
        verdict.problems.append("QEMU exited with status %d" % qemu_status)
    return verdict


def report(verdict, text, out=sys.stdout):
    ok = verdict.failed == 0 and not verdict.problems
    if not ok:
        for name in verdict.failures:
            print("FAILED: " + name, file=out)
        for problem in verdict.problems[:20]:
            print("PROBLEM: " + problem, file=out)
        if verdict.problems:
            print("---- last 60 lines of the console ----", file=out)
            for line in text.splitlines()[-60:]:
                print(line, file=out)
            print("--------------------------------------", file=out)
    failed = verdict.failed + (1 if verdict.problems and verdict.failed == 0 else 0)
    line = "%d passed, %d failed" % (verdict.passed, failed)
    if verdict.skipped:
        line += ", %d skipped" % verdict.skipped
    print(line, file=out)
    return 0 if ok else 1


SELFTEST_CASES = [
    # (name, console text, qemu status, timed out, expected (p, f, s, ok))
    ("clean run", """\
[    0.500000] KTAP version 1
[    0.500001] 1..1
[    0.500002]     KTAP version 1
[    0.500003]     # Subtest: trace_clock
[    0.500004]     1..3
[    0.500005]     ok 1 local_is_monotonic
[    0.500006]     ok 2 counter_counts
[    0.500007]     ok 3 skipped_case # SKIP no reason
[    0.500008] # trace_clock: pass:2 fail:0 skip:1 total:3
[    0.500009] ok 1 trace_clock
[1] lab - passing test\t[PASS]
[2] lab - needs a file\t[UNSUPPORTED]
TRACELAB-END rc=0
""", 0, False, (3, 0, 2, True)),
    ("failing ftracetest", """\
[1] lab - deliberately failing test\t[FAIL]
[2] lab - passing\t[PASS]
TRACELAB-END rc=1
""", 0, False, (1, 1, 0, False)),
    ("failing kunit case", """\
[    0.5] KTAP version 1
[    0.5] 1..1
[    0.5]     # Subtest: s
[    0.5]     1..2
[    0.5]     ok 1 a
[    0.5]     not ok 2 b
[    0.5] not ok 1 s
TRACELAB-END rc=0
""", 0, False, (1, 1, 0, False)),
    ("parameterised kunit case", """\
[    0.5]     # Subtest: s
[    0.5]         # Subtest: param
[    0.5]         ok 1 size 8
[    0.5]         ok 2 size 64
[    0.5]     ok 1 param
[    0.5]     ok 2 plain
[    0.5] ok 1 s
TRACELAB-END rc=0
""", 0, False, (3, 0, 0, True)),
    ("panic", """\
[1] lab - passing\t[PASS]
[    3.1] Kernel panic - not syncing: Fatal exception
""", 0, False, (1, 0, 0, False)),
    ("warning", """\
[    1.0] WARNING: CPU: 1 PID: 1 at kernel/trace/x.c:10 f+0x1/0x2
[1] lab - passing\t[PASS]
TRACELAB-END rc=0
""", 0, False, (1, 0, 0, False)),
    ("tracer self-test passed", """\
[    0.900000] Testing tracer function: PASSED
[    0.900001] Testing dynamic ftrace: PASSED
[1] lab - passing\t[PASS]
TRACELAB-END rc=0
""", 0, False, (2, 0, 0, True)),
    ("tracer self-test failed", """\
[    0.9] Testing tracer function: .. no entries found ..FAILED!
[    0.9] Testing tracer nop: PASSED
Testing tracer wakeup: FAILED
[1] lab - passing\t[PASS]
TRACELAB-END rc=0
""", 0, False, (2, 2, 0, False)),
    ("tracer self-test text elsewhere", """\
[    0.9] lab: Testing tracer function: PASSED is not at the start
[1] x Testing tracer function: FAILED\t[PASS]
TRACELAB-END rc=0
""", 0, False, (1, 0, 0, True)),
    ("hang", "[1] lab - passing\t[PASS]\n", 124, True, (1, 0, 0, False)),
    ("no end marker", "[1] lab - passing\t[PASS]\n", 0, False, (1, 0, 0, False)),
]


def selftest():
    import io
    failed = 0
    for name, text, status, timed_out, want in SELFTEST_CASES:
        v = judge(text, status, timed_out)
        ok = v.failed == 0 and not v.problems
        got = (v.passed, v.failed, v.skipped, ok)
        if got != want:
            failed += 1
            print("[harness] %s: got %r, want %r\t[FAIL]" % (name, got, want))
        else:
            print("[harness] %s\t[PASS]" % name)
        report(v, text, out=io.StringIO())
    return len(SELFTEST_CASES) - failed, failed


def main(argv):
    if argv[1:] == ["--selftest"]:
        passed, failed = selftest()
        print("harness selftest: %d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    status, timed_out, extra_passed = 0, False, 0
    args = argv[2:]
    while args:
        a = args.pop(0)
        if a == "--qemu-status":
            status = int(args.pop(0))
        elif a == "--timed-out":
            timed_out = True
        elif a == "--extra-passed":
            extra_passed = int(args.pop(0))
    with open(argv[1], errors="replace") as f:
        text = f.read()
    verdict = judge(text, status, timed_out)
    verdict.passed += extra_passed
    return report(verdict, text)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
