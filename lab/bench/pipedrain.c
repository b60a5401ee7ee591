// SPDX-License-Identifier: GPL-2.0
/*
 * pipedrain FILE - read FILE (trace_pipe) without blocking, 64 KB a
 * read(), until it has nothing left (EAGAIN or end of file), and print
 * "pipedrain: lines=N bytes=B seconds=S", S the time spent reading.
 * bench.sh fills the buffers, stops tracing, then drains them with it.
 * Exits 1 on a read error, 2 on usage errors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static char buf[1 << 16];
	unsigned long lines = 0, bytes = 0;
	double start;
	ssize_t n;
	char *p;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: pipedrain FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	start = now();
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			break;
		if (n < 0) {
			perror("read");
			return 1;
		}
		if (!n)
			break;
		bytes += n;
		for (p = buf; (p = memchr(p, '\n', buf + n - p)); p++)
			lines++;
	}
	printf("pipedrain: lines=%lu bytes=%lu seconds=%.6f\n", lines, bytes,
	       now() - start);
	return 0;
}
