// SPDX-License-Identifier: GPL-2.0
/*
 * markers FILE CPU - write a short line to FILE (trace_marker) as fast as
 * possible from CPU, until killed.  bench.sh runs one per CPU while a
 * reader drains the buffers.  Exits 1 if it cannot pin itself or open
 * FILE, 2 on usage errors.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static const char line[] = "bench-marker-0123456789abcdef\n";
	cpu_set_t set;
	int fd;

	if (argc != 3)
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
	for (;;) {
		if (write(fd, line, sizeof(line) - 1) < 0)
			return 1;
	}
}
