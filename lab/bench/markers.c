// SPDX-License-Identifier: GPL-2.0
/*
 * markers FILE CPU [RATE COUNT] - write a short line to FILE
 * (trace_marker) from CPU.  With two arguments, as fast as possible until
 * killed: bench.sh runs one per CPU while a reader drains the buffers.
 * With RATE and COUNT, COUNT lines at RATE lines a second, paced in 1 ms
 * steps, then print what was done and exit:
 *
 *	markers: cpu=C written=N seconds=S behind=B
 *
 * B is 1 when the writer could not keep the pace (it took more than 2%
 * longer than COUNT / RATE): the rate is then the writer's limit, not
 * the reader's.  Exits 1 if it cannot pin itself, open FILE or write,
 * 2 on usage errors.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static const char line[] = "bench-marker-0123456789abcdef\n";

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* COUNT lines at RATE a second: each 1 ms step catches up with the clock. */
static int paced(int fd, int cpu, unsigned long long rate,
		 unsigned long long count)
{
	unsigned long long start = now_ns(), done = 0, due, elapsed;
	struct timespec next;

	clock_gettime(CLOCK_MONOTONIC, &next);
	while (done < count) {
		due = (now_ns() - start) * rate / 1000000000ULL + 1;
		if (due > count)
			due = count;
		for (; done < due; done++)
			if (write(fd, line, sizeof(line) - 1) < 0)
				return 1;
		next.tv_nsec += 1000000;
		if (next.tv_nsec >= 1000000000) {
			next.tv_nsec -= 1000000000;
			next.tv_sec++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
	}
	elapsed = now_ns() - start;
	printf("markers: cpu=%d written=%llu seconds=%.3f behind=%d\n", cpu,
	       done, elapsed / 1e9,
	       elapsed * rate > count * 1020000000ULL);
	return 0;
}

int main(int argc, char **argv)
{
	cpu_set_t set;
	int fd;

	if (argc != 3 && argc != 5)
		return 2;
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[2]), &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sched_setaffinity");
		return 1;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	if (argc == 5)
		return paced(fd, atoi(argv[2]), strtoull(argv[3], NULL, 0),
			     strtoull(argv[4], NULL, 0));
	for (;;) {
		if (write(fd, line, sizeof(line) - 1) < 0)
			return 1;
	}
}
