// SPDX-License-Identifier: GPL-2.0
/*
 * perf_tp: open a perf tracepoint event directly, as a given user, cause
 * a known number of its hits and print what perf counted.
 *
 *   perf_tp [-u UID] [-c CPU] [-r] [-k] [-f FILTER]... [-s N] [-g N] ID
 *   perf_tp -l ROUNDS -p CPU [-s N] ID
 *
 * ID is the event's id (events/<system>/<event>/id).  The first form
 * drops to UID (and its gid, no capabilities left) if asked, opens one
 * perf event on ID, for its own task, or for CPU with -c (and runs
 * there); -r samples the
 * raw record (PERF_SAMPLE_RAW, one sample a hit), -k excludes the kernel
 * (attr.exclude_kernel); each -f sets a filter with
 * PERF_EVENT_IOC_SET_FILTER.  Then it enables the event, sends itself
 * SIGUSR1 (ignored) N times with -s and calls getppid() N times with -g,
 * disables it and prints
 *
 *   open=OK filter=<errno name or OK>,... count=<count>
 *
 * or "open=<errno name>" (exit 2) when perf_event_open(2) refuses.
 *
 * The second form pins itself to CPU and for ROUNDS rounds (at most 4 s)
 * opens the event, for its own task in even rounds and for CPU in odd
 * ones, enables it, sends itself N SIGUSR1, disables it, reads the count
 * and closes it.  A task's count must be N exactly, a CPU's at least N.
 * It prints "rounds=R bad=B" and exits 1 if a count was wrong or no
 * round could open.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_FILTERS	4

static const char *errno_name(int e)
{
	switch (e) {
	case 0:
		return "OK";
	case EINVAL:
		return "EINVAL";
	case EACCES:
		return "EACCES";
	case EPERM:
		return "EPERM";
	case EEXIST:
		return "EEXIST";
	case ENOENT:
		return "ENOENT";
	case EOPNOTSUPP:
		return "EOPNOTSUPP";
	default:
		return strerror(e);
	}
}

static int tp_open(unsigned long long id, int cpu, int raw, int nokernel)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = id;
	attr.disabled = 1;
	attr.exclude_kernel = nokernel;
	if (raw) {
		attr.sample_period = 1;
		attr.sample_type = PERF_SAMPLE_RAW;
	}
	return syscall(SYS_perf_event_open, &attr, cpu < 0 ? 0 : -1, cpu,
		       -1, 0);
}

static void hits(int signals, int getppids)
{
	int i;

	for (i = 0; i < signals; i++)
		kill(getpid(), SIGUSR1);
	for (i = 0; i < getppids; i++)
		syscall(SYS_getppid);
}

/* Enable @fd, cause the hits, disable it; the count, or -1. */
static long long tp_count(int fd, int signals, int getppids)
{
	__u64 count;

	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		return -1;
	hits(signals, getppids);
	if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0))
		return -1;
	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return -1;
	return count;
}

static void drop_to(uid_t uid)
{
	if (setresgid(uid, uid, uid) || setresuid(uid, uid, uid)) {
		perror("setresuid");
		exit(1);
	}
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int loop(unsigned long long id, int rounds, int cpu, int signals)
{
	double end = now() + 4;
	int done = 0;
	int bad = 0;
	long long n;
	int fd;

	if (pin(cpu)) {
		perror("sched_setaffinity");
		return 1;
	}
	while (done < rounds && now() < end) {
		fd = tp_open(id, done & 1 ? cpu : -1, 0, 0);
		if (fd < 0) {
			printf("round %d: open=%s\n", done, errno_name(errno));
			bad++;
			done++;
			continue;
		}
		n = tp_count(fd, signals, 0);
		if (done & 1 ? n < signals : n != signals) {
			printf("round %d (%s): count=%lld, %d hits\n", done,
			       done & 1 ? "cpu" : "task", n, signals);
			bad++;
		}
		close(fd);
		done++;
	}
	printf("rounds=%d bad=%d\n", done, bad);
	return bad || !done;
}

static const char *prog = "perf_tp";

static void bad_usage(void)
{
	fprintf(stderr, "usage: %s [-u UID] [-c CPU] [-r] [-k] [-f FILTER]...\n"
		"       [-s N] [-g N] ID\n"
		"       %s -l ROUNDS -p CPU [-s N] ID\n", prog, prog);
	exit(1);
}

int main(int argc, char **argv)
{
	const char *filters[MAX_FILTERS];
	int nr_filters = 0;
	int signals = 0, getppids = 0, raw = 0, nokernel = 0;
	int cpu = -1, rounds = 0, pin_cpu = -1;
	unsigned long long id;
	long long n;
	int uid = -1;
	int opt, fd, i;

	while ((opt = getopt(argc, argv, "u:c:rkf:s:g:l:p:")) != -1) {
		switch (opt) {
		case 'u':
			uid = atoi(optarg);
			break;
		case 'c':
			cpu = atoi(optarg);
			break;
		case 'r':
			raw = 1;
			break;
		case 'k':
			nokernel = 1;
			break;
		case 'f':
			if (nr_filters == MAX_FILTERS)
				bad_usage();
			filters[nr_filters++] = optarg;
			break;
		case 's':
			signals = atoi(optarg);
			break;
		case 'g':
			getppids = atoi(optarg);
			break;
		case 'l':
			rounds = atoi(optarg);
			break;
		case 'p':
			pin_cpu = atoi(optarg);
			break;
		default:
			bad_usage();
		}
	}
	if (optind != argc - 1)
		bad_usage();
	id = strtoull(argv[optind], NULL, 0);
	signal(SIGUSR1, SIG_IGN);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (rounds) {
		if (pin_cpu < 0)
			bad_usage();
		return loop(id, rounds, pin_cpu, signals);
	}
	/* A CPU's event sees the hits only if they happen there. */
	if (cpu >= 0 && pin(cpu)) {
		perror("sched_setaffinity");
		return 1;
	}
	if (uid >= 0)
		drop_to(uid);
	fd = tp_open(id, cpu, raw, nokernel);
	if (fd < 0) {
		printf("open=%s\n", errno_name(errno));
		return 2;
	}
	printf("open=OK");
	for (i = 0; i < nr_filters; i++) {
		errno = 0;
		ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filters[i]);
		printf("%s%s", i ? "," : " filter=", errno_name(errno));
	}
	n = tp_count(fd, signals, getppids);
	printf(" count=%lld\n", n);
	close(fd);
	return n < 0;
}
