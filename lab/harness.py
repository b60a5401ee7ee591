#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Read the test guests' console logs and decide the run.

"make check" boots two guests side by side, each running its share of
the tests; every console is judged by the same rules and the counts are
added up.  From each console it counts every result the guest printed:
  * ftracetest lines, "[N] description<TAB>[RESULT]";
  * KUnit test cases, from the KTAP the kernel printed at boot (only the
    leaves: a suite's own "ok" line summarises its cases and is not
    counted again);
  * the tracers' boot self-tests (CONFIG_FTRACE_STARTUP_TEST), one
    "Testing tracer <name>: PASSED" or "... FAILED" line each (upstream
    may print what went wrong between the colon and FAILED).
and fails the run on a kernel panic, oops, BUG, WARNING, a lockdep or
KASAN/UBSAN report, a missing end marker (the guest died or hung), or a
non-zero guest status.  The guest announces each test before it starts
("TRACELAB-RUNNING <path> t=<uptime>"), so a guest that hung or died is
reported with the test it was running, and the slowest tests are listed.
The last line printed is "N passed, N failed, N skipped"; the exit
status is 0 only when nothing failed.

Usage: harness.py [--extra-passed N] CONSOLE_LOG [CONSOLE_OPTIONS]
                  [CONSOLE_LOG [CONSOLE_OPTIONS]]...
       harness.py --selftest
  --extra-passed N   tests that passed outside the guests
  --weights FILE     write each test's seconds to FILE
Each console's options follow it:
  --name NAME        how problems name this guest
  --qemu-status N    QEMU's exit status
  --timed-out        QEMU was stopped by the timeout
  --timeout S        that timeout, in seconds (for the message)
  --no-boot-tests    do not count KUnit cases or tracer self-tests here
                     (another guest booted the same kernel and counted
                     them); a failing one is still a problem
"""
import re
import sys

FTRACE_RESULT = re.compile(
    r"^\[(\d+)\] (.*?)\t?\[(PASS|FAIL|UNRESOLVED|UNTESTED|UNSUPPORTED|XFAIL)\]\s*$")
PRINTK_PREFIX = re.compile(r"^\[\s*\d+\.\d+\]\s?")
KTAP_RESULT = re.compile(r"^(\s*)(not ok|ok) \d+ (?:- )?([^#]*?)\s*(#.*)?$")
END_MARKER = re.compile(r"^TRACELAB-END rc=(\d+)")
TRACER_SELFTEST = re.compile(r"^Testing tracer (\S+): (?:.*?)(PASSED|FAILED)")
RUNNING_MARKER = re.compile(r"^TRACELAB-RUNNING (\S+)(?: t=(\d+(?:\.\d+)?))?")
DONE_MARKER = re.compile(r"^TRACELAB-DONE(?: t=(\d+(?:\.\d+)?))?")

# Console text that means the kernel itself went wrong.  kmemleak's
# count of suspects is not among them: the guests stop its scanning
# thread, so only the leaks test scans, and that test judges what it
# finds (it fails on tracing code's leaks and lists the others).
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
        r"general protection fault",
        r"watchdog: BUG: soft lockup",
        r"INFO: task .* blocked for more than",
        r"rcu: INFO: \S+ detected stalls",
        # The ring buffer stress module's verdict, wherever it ran: a
        # test that loads it must not be the only judge of it (but the
        # failure a test of the judges asks for is not one).
        r"ring_buffer_stress: FAIL\b(?! \(injected)",
    )
]

# In the log ftracetest prints after a failed test (set -x): the call
# that failed it, with its message; a kernel message printed at the
# same time may come before it on the line.
FAIL_REASON = re.compile(r"\+ (fail|exit_unresolved|exit_fail)\b ?(.*)$")

# How many of a failed test's last log lines stand for its reason when
# no fail call names one.
TAIL_REASON_LINES = 4

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
        self.running = None    # the test started last and not finished
        self.durations = []    # (seconds, test path), from the markers
        self.reasons = {}      # failed test -> its "+ fail ..." lines

    def note_reason(self, line):
        """Keep LINE as a reason of the test that failed last."""
        if self.failures:
            why = self.reasons.setdefault(self.failures[-1], [])
            if len(why) < 5:
                why.append(line.strip())

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


def judge(text, qemu_status=0, timed_out=False, boot_tests=True,
          timeout=None):
    """Judge one console.

    With boot_tests False, KUnit cases and tracer self-tests are not
    counted (another console counts them), but a failing one is still a
    problem.
    """
    verdict = Verdict()
    boot = verdict if boot_tests else Verdict()
    lines = text.splitlines()
    in_guest_results = False
    end_rc = None
    started = None   # (uptime, path) of the test announced last
    done_seen = False
    failed_block = False  # inside the log ftracetest prints after a FAIL
    block_tail = []       # that log's last lines, for a failure with no fail call

    def close_block():
        # A test stopped by set -e, not by fail: the log's last lines
        # show the command that failed and what the shell said.
        if failed_block and verdict.failures and \
                verdict.failures[-1] not in verdict.reasons:
            for kept in block_tail[-TAIL_REASON_LINES:]:
                verdict.note_reason(kept)
        del block_tail[:]

    for raw in lines:
        line = raw.rstrip("\r")
        run = RUNNING_MARKER.match(line)
        done = DONE_MARKER.match(line)
        if run or done:
            close_block()
            now = run.group(2) if run else done.group(1)
            if started and started[0] is not None and now is not None:
                verdict.durations.append(
                    (float(now) - float(started[0]), started[1]))
            started = (now, run.group(1)) if run else None
            verdict.running = run.group(1) if run else None
            done_seen = done_seen or bool(done)
            failed_block = False
            continue
        m = FTRACE_RESULT.match(line)
        if m:
            close_block()
            in_guest_results = True
            word = m.group(3)
            failed_block = word in FAILED_WORDS
            if word in SKIPPED_WORDS:
                verdict.skipped += 1
            elif word in FAILED_WORDS:
                verdict.fail_test(m.group(2).strip())
            else:
                verdict.passed += 1
            continue
        if failed_block and FAIL_REASON.search(line):
            verdict.note_reason(line)
        elif failed_block and line.strip() and not PRINTK_PREFIX.match(line):
            block_tail.append(line)
        m = END_MARKER.match(line)
        if m:
            end_rc = int(m.group(1))
        bare = PRINTK_PREFIX.sub("", line)
        m = TRACER_SELFTEST.match(bare)
        if m:
            if m.group(2) == "PASSED":
                boot.passed += 1
            else:
                boot.fail_test("tracer self-test: " + m.group(1))
            continue
        for pattern in KERNEL_TROUBLE:
            if pattern.search(bare):
                verdict.problems.append("kernel: " + line.strip())
                break
    close_block()
    count_ktap([l for l in lines if not FTRACE_RESULT.match(l)], boot)
    if boot is not verdict:
        verdict.problems += boot.problems
        verdict.problems += ["boot test failed (counted in another guest): " +
                             name for name in boot.failures]

    if verdict.running:
        where = " while running " + verdict.running
    elif done_seen:
        where = " after its tests had finished"
    else:
        where = " before its first test"
    if timed_out:
        limit = " (%s s)" % timeout if timeout else ""
        verdict.problems.append(
            "timeout%s%s: the guest did not finish (hang?)" % (limit, where))
    elif end_rc is None:
        verdict.problems.append(
            "the guest never printed its end marker (crash?)%s" % where)
    elif end_rc != 0 and verdict.failed == 0 and not in_guest_results:
        verdict.problems.append("the guest finished with status %d" % end_rc)
    if end_rc is not None and end_rc != 0 and verdict.failed == 0:
        verdict.problems.append("the guest's runners reported failure (rc=%d)" % end_rc)
    if qemu_status not in (0, None) and not timed_out:
        verdict.problems.append("QEMU exited with status %d" % qemu_status)
    return verdict


class Console:
    """One guest's console log and how its QEMU ended."""

    def __init__(self, path=None, text=None, name=None):
        self.path = path
        self.text = text
        self.name = name
        self.qemu_status = 0
        self.timed_out = False
        self.timeout = None
        self.boot_tests = True
        self.verdict = None

    def judge(self):
        if self.text is None:
            with open(self.path, errors="replace") as f:
                self.text = f.read()
        self.verdict = judge(self.text, self.qemu_status, self.timed_out,
                             self.boot_tests, self.timeout)
        return self.verdict


def merge(consoles):
    """One verdict for the run: the consoles' counts added up, their
    problems and failures named by guest when there is more than one."""
    total = Verdict()
    for c in consoles:
        v = c.verdict
        tag = "guest %s: " % c.name if c.name and len(consoles) > 1 else ""
        total.passed += v.passed
        total.failed += v.failed
        total.skipped += v.skipped
        total.failures += [tag + f for f in v.failures]
        total.reasons.update({tag + f: why for f, why in v.reasons.items()})
        total.problems += [tag + p for p in v.problems]
        total.durations += v.durations
    return total


def report(consoles, extra_passed=0, out=sys.stdout):
    """Print the failures, problems, slowest tests and the final line;
    return the exit status."""
    verdict = merge(consoles)
    verdict.passed += extra_passed
    ok = verdict.failed == 0 and not verdict.problems
    slow = sorted(verdict.durations, reverse=True)[:5]
    if slow:
        print("slowest tests: " + ", ".join(
            "%s %.0f s" % (path.rsplit("/", 2)[-2] + "/" +
                           path.rsplit("/", 1)[-1], secs)
            for secs, path in slow), file=out)
    if not ok:
        for name in verdict.failures:
            print("FAILED: " + name, file=out)
            for why in verdict.reasons.get(name, []):
                print("    " + why, file=out)
        for problem in verdict.problems[:20]:
            print("PROBLEM: " + problem, file=out)
        for c in consoles:
            if not c.verdict.problems:
                continue
            what = c.path or "the console"
            print("---- last 60 lines of %s ----" % what, file=out)
            for line in c.text.splitlines()[-60:]:
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
    ("a stress run failed under a passing test", """\
[   12.5] ring_buffer_stress: cpu 0: time went backwards (20, 30)
[   12.6] ring_buffer_stress: FAIL (1 bad events)
[1] lab - passing\t[PASS]
TRACELAB-END rc=0
""", 0, False, (1, 0, 0, False)),
    ("an injected stress failure is not kernel trouble", """\
[   12.6] ring_buffer_stress: FAIL (injected, 1 bad events)
[1] lab - passing\t[PASS]
TRACELAB-END rc=0
""", 0, False, (1, 0, 0, True)),
    ("hang", "[1] lab - passing\t[PASS]\n", 124, True, (1, 0, 0, False)),
    ("no end marker", "[1] lab - passing\t[PASS]\n", 0, False, (1, 0, 0, False)),
    ("markers are not results", """\
TRACELAB-RUNNING lab/guest/sanity.d/a.tc t=1.00
[1] lab - passing\t[PASS]
TRACELAB-DONE t=2.00
TRACELAB-END rc=0
""", 0, False, (1, 0, 0, True)),
]

# Whole runs of two guests: (name, [(guest, console text, timed out,
# counts boot tests)], the final line wanted, text the report must show).
GUEST_A = """\
[    0.5]     # Subtest: s
[    0.5]     ok 1 a
[    0.5] ok 1 s
[    0.9] Testing tracer function: PASSED
TRACELAB-RUNNING lab/guest/stress.d/x.tc t=10.00
[1] lab - stress\t[PASS]
TRACELAB-RUNNING lab/guest/clients.d/y.tc t=70.50
[2] lab - client\t[PASS]
TRACELAB-DONE t=75.00
TRACELAB-END rc=0
"""
GUEST_B_START = """\
[    0.5] kunit: disabled
[    0.9] Testing tracer function: PASSED
TRACELAB-RUNNING tools/testing/selftests/ftrace/test.d/event/e.tc t=3.00
[1] event - e\t[PASS]
TRACELAB-RUNNING tools/testing/selftests/ftrace/test.d/ftrace/slow.tc t=9.00
"""
SELFTEST_RUNS = [
    ("a failed test's fail call is printed under its name",
     [("a", GUEST_A, False, True),
      ("b", GUEST_B_START + "[2] tracer - lat\t[FAIL]\n"
       "execute: /x.tc\n+ echo 1\n+ fail 'header 5, max 7'\n+ exit_fail\n"
       "TRACELAB-RUNNING t/d/y.tc t=30.00\n+ fail 'not this one'\n"
       "[3] tracer - next\t[PASS]\n"
       "TRACELAB-DONE t=40.00\nTRACELAB-END rc=1\n", False, False)],
     "6 passed, 1 failed",
     "FAILED: guest b: tracer - lat\n    + fail 'header 5, max 7'\n"
     "    + exit_fail\n6 passed"),
    ("a test stopped by set -e shows its last lines",
     [("a", GUEST_A, False, True),
      ("b", GUEST_B_START + "[2] tracer - lat\t[FAIL]\n"
       "execute: /x.tc\n+ echo 1\n+ echo function_graph\n"
       "sh: write error: Device or resource busy\n"
       "[  12.000000] a kernel line\n"
       "TRACELAB-DONE t=40.00\nTRACELAB-END rc=1\n", False, False)],
     "5 passed, 1 failed",
     "FAILED: guest b: tracer - lat\n    execute: /x.tc\n    + echo 1\n"
     "    + echo function_graph\n"
     "    sh: write error: Device or resource busy\n5 passed"),
    ("a fail call after a kernel message on its line is its reason",
     [("a", GUEST_A, False, True),
      ("b", GUEST_B_START + "[2] tracer - lat\t[FAIL]\n"
       "execute: /x.tc\n[  86.015949] mod: loaded+ fail 'round 3'\n"
       "TRACELAB-DONE t=40.00\nTRACELAB-END rc=1\n", False, False)],
     "5 passed, 1 failed",
     "FAILED: guest b: tracer - lat\n"
     "    [  86.015949] mod: loaded+ fail 'round 3'\n5 passed"),
    ("two guests: counts added, boot tests counted once, slowest named",
     [("a", GUEST_A, False, True),
      ("b", GUEST_B_START + "[2] ftrace - slow\t[PASS]\n"
       "TRACELAB-DONE t=20.00\nTRACELAB-END rc=0\n", False, False)],
     "6 passed, 0 failed", "slowest tests: stress.d/x.tc 60 s, ftrace/slow.tc 11 s"),
    ("a timeout names the running test",
     [("a", GUEST_A, False, True), ("b", GUEST_B_START, True, False)],
     "5 passed, 1 failed",
     "PROBLEM: guest b: timeout (600 s) while running "
     "tools/testing/selftests/ftrace/test.d/ftrace/slow.tc"),
    ("a crash names the running test",
     [("a", GUEST_A, False, True), ("b", GUEST_B_START, False, False)],
     "5 passed, 1 failed",
     "guest b: the guest never printed its end marker (crash?) while "
     "running tools/testing/selftests/ftrace/test.d/ftrace/slow.tc"),
    ("a hang after the tests",
     [("a", GUEST_A.replace("TRACELAB-END rc=0\n", ""), True, True)],
     "4 passed, 1 failed", "timeout (600 s) after its tests had finished"),
    ("a boot test failing where it is not counted",
     [("a", GUEST_A, False, True),
      ("b", GUEST_B_START.replace("function: PASSED", "function: FAILED") +
       "[2] ftrace - slow\t[PASS]\nTRACELAB-DONE t=20.00\nTRACELAB-END rc=0\n",
       False, False)],
     "6 passed, 1 failed",
     "guest b: boot test failed (counted in another guest): tracer "
     "self-test: function"),
]


def selftest():
    import io
    failed = 0
    for name, text, status, timed_out, want in SELFTEST_CASES:
        c = Console(text=text)
        c.qemu_status, c.timed_out = status, timed_out
        v = c.judge()
        ok = v.failed == 0 and not v.problems
        got = (v.passed, v.failed, v.skipped, ok)
        if got != want:
            failed += 1
            print("[harness] %s: got %r, want %r\t[FAIL]" % (name, got, want))
        else:
            print("[harness] %s\t[PASS]" % name)
        report([c], out=io.StringIO())
    for name, specs, want_line, want_text in SELFTEST_RUNS:
        consoles = []
        for cname, text, timed_out, boot_tests in specs:
            c = Console(text=text, name=cname)
            c.timed_out, c.boot_tests, c.timeout = timed_out, boot_tests, 600
            c.qemu_status = 124 if timed_out else 0
            c.judge()
            consoles.append(c)
        out = io.StringIO()
        report(consoles, out=out)
        lines = out.getvalue().splitlines()
        if lines[-1] != want_line or want_text not in out.getvalue():
            failed += 1
            print("[harness] %s: got %r, want %r and %r\t[FAIL]" %
                  (name, lines[-1], want_line, want_text))
        else:
            print("[harness] %s\t[PASS]" % name)
    return len(SELFTEST_CASES) + len(SELFTEST_RUNS) - failed, failed


def parse_args(args):
    """The consoles named on the command line, each with the options
    after it, the --extra-passed count and the --weights file."""
    consoles, extra_passed, weights = [], 0, None
    while args:
        a = args.pop(0)
        if a == "--extra-passed":
            extra_passed = int(args.pop(0))
        elif a == "--weights":
            weights = args.pop(0)
        elif not a.startswith("--"):
            consoles.append(Console(path=a))
        elif not consoles:
            raise ValueError("%s before any console log" % a)
        elif a == "--name":
            consoles[-1].name = args.pop(0)
        elif a == "--qemu-status":
            consoles[-1].qemu_status = int(args.pop(0))
        elif a == "--timed-out":
            consoles[-1].timed_out = True
        elif a == "--timeout":
            consoles[-1].timeout = args.pop(0)
        elif a == "--no-boot-tests":
            consoles[-1].boot_tests = False
        else:
            raise ValueError("unknown option " + a)
    return consoles, extra_passed, weights


def write_weights(consoles, path):
    """Each test's seconds, "SECONDS PATH" a line in path order: the
    weights that split the next check's tests between its guests."""
    with open(path, "w") as f:
        for secs, test in sorted(merge(consoles).durations,
                                 key=lambda d: d[1]):
            f.write("%d %s\n" % (secs + 0.5, test))


def main(argv):
    if argv[1:] == ["--selftest"]:
        passed, failed = selftest()
        print("harness selftest: %d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    try:
        consoles, extra_passed, weights = parse_args(argv[1:])
    except (ValueError, IndexError) as e:
        print("harness.py: %s\n%s" % (e, __doc__), file=sys.stderr)
        return 2
    if not consoles:
        print(__doc__, file=sys.stderr)
        return 2
    for c in consoles:
        c.judge()
    if weights:
        write_weights(consoles, weights)
    return report(consoles, extra_passed)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
