// SPDX-License-Identifier: GPL-2.0
/*
 * sysbench - system call round trips, timed inside the guest.
 *
 * Two workloads that cross the kernel boundary without doing much there,
 * so that tracing overheads on the syscall and scheduler paths show:
 *   getppid   N calls of getppid()
 *   pipe      N one-byte ping-pongs between two processes over pipes
 *             (each round trip: two writes, two reads, two wakeups)
 *   marker    N writes of a short line to tracefs' trace_marker (the
 *             tracing core's write path from user space), when a
 *             marker file is given
 *   blkread   with SYSBENCH_BLK=DEV N=SYSBENCH_BLK_OPS in the
 *             environment: N direct 4 KB reads of the block device DEV
 *             (a RAM disk), each one request through the block layer
 *             and its tracepoints (blktrace's per-I/O cost)
 * A test with 0 operations is skipped; SUFFIX is appended to the test
 * names (bench.sh runs pipe again with scheduler events enabled).
 * With SYSBENCH_CPU=N in the environment both processes run on CPU N
 * and the pipe test is named pipe1: two context switches per round trip
 * on one CPU, none of the other CPU's timing in it, so that under
 * -icount the cost a sched_switch probe adds is a stable difference.
 * Each prints one machine-readable line:
 *   BENCH kernel=<tag> test=<name> ops=<N> ns_per_op=<float>
 * Under QEMU's -icount the guest clock counts instructions, so the
 * figures are repeatable; under plain TCG they are wall time.
 *
 * Usage: sysbench TAG [getppid_ops [pipe_ops [SUFFIX [marker_ops FILE]]]]
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static const char *suffix = "";
static const char *pipe_name = "pipe";

static void report(const char *tag, const char *test, long ops, double ns)
{
	printf("BENCH kernel=%s test=%s%s ops=%ld ns_per_op=%.1f\n",
	       tag, test, suffix, ops, ns / ops);
	fflush(stdout);
}

static void bench_getppid(const char *tag, long ops)
{
	double t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		syscall(SYS_getppid);
	report(tag, "getppid", ops, now_ns() - t0);
}

static int bench_pipe(const char *tag, long ops)
{
	int ping[2], pong[2];
	char c = 0;
	double t0;
	pid_t pid;
	long i;

	if (pipe(ping) || pipe(pong)) {
		perror("pipe");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		for (i = 0; i < ops; i++) {
			if (read(ping[0], &c, 1) != 1 || write(pong[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	t0 = now_ns();
	for (i = 0; i < ops; i++) {
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1) {
			perror("pipe round trip");
			return 1;
		}
	}
	report(tag, pipe_name, ops, now_ns() - t0);
	waitpid(pid, NULL, 0);
	return 0;
}

static int bench_marker(const char *tag, long ops, const char *file)
{
	static const char line[] = "benchmark marker line\n";
	double t0;
	long i;
	int fd = open(file, O_WRONLY);

	if (fd < 0) {
		perror(file);
		return 1;
	}
	t0 = now_ns();
	for (i = 0; i < ops; i++) {
		if (write(fd, line, sizeof(line) - 1) < 0) {
			perror("trace_marker");
			close(fd);
			return 1;
		}
	}
	report(tag, "marker", ops, now_ns() - t0);
	close(fd);
	return 0;
}

static int bench_blkread(const char *tag, long ops, const char *dev)
{
	int fd = open(dev, O_RDONLY | O_DIRECT);
	void *buf;
	double t0;
	long i;

	if (fd < 0) {
		perror(dev);
		return 1;
	}
	if (posix_memalign(&buf, 4096, 4096)) {
		close(fd);
		return 1;
	}
	t0 = now_ns();
	for (i = 0; i < ops; i++) {
		/* The first MB, a page at a time: no cache, one bio each. */
		if (pread(fd, buf, 4096, (i & 255) * 4096) != 4096) {
			perror("pread");
			free(buf);
			close(fd);
			return 1;
		}
	}
	report(tag, "blkread", ops, now_ns() - t0);
	free(buf);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	const char *tag = argc > 1 ? argv[1] : "unknown";
	long getppid_ops = argc > 2 ? atol(argv[2]) : 200000;
	long pipe_ops = argc > 3 ? atol(argv[3]) : 20000;
	long marker_ops = argc > 5 ? atol(argv[5]) : 0;

	if (argc > 4)
		suffix = argv[4];
	if (getppid_ops < 0 || pipe_ops < 0 || marker_ops < 0 ||
	    (marker_ops && argc < 7)) {
		fprintf(stderr, "usage: sysbench TAG [getppid_ops [pipe_ops [SUFFIX [marker_ops FILE]]]]\n");
		return 2;
	}
	if (getenv("SYSBENCH_CPU")) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(atoi(getenv("SYSBENCH_CPU")), &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("sched_setaffinity");
			return 1;
		}
		pipe_name = "pipe1";
	}
	if (getenv("SYSBENCH_BLK") && getenv("SYSBENCH_BLK_OPS") &&
	    bench_blkread(tag, atol(getenv("SYSBENCH_BLK_OPS")),
			  getenv("SYSBENCH_BLK")))
		return 1;
	if (getppid_ops)
		bench_getppid(tag, getppid_ops);
	if (pipe_ops && bench_pipe(tag, pipe_ops))
		return 1;
	if (marker_ops)
		return bench_marker(tag, marker_ops, argv[6]);
	return 0;
}
