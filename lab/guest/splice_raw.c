// SPDX-License-Identifier: GPL-2.0
/*
 * splice_raw FILE: splice one sub-buffer from a trace_pipe_raw file into
 * a pipe and copy it to stdout, as trace-cmd's recorder does.  Exits 1
 * if splice() fails, 2 on usage or other errors.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[65536];
	int fd, p[2];
	ssize_t n, m;

	if (argc != 2)
		return 2;
	fd = open(argv[1], O_RDONLY | O_NONBLOCK);
	if (fd < 0 || pipe(p)) {
		perror(argv[1]);
		return 2;
	}
	n = splice(fd, NULL, p[1], NULL, sizeof(buf), SPLICE_F_NONBLOCK);
	if (n < 0) {
		perror("splice");
		return 1;
	}
	m = read(p[0], buf, n);
	if (m != n || write(1, buf, m) != m)
		return 2;
	return 0;
}
