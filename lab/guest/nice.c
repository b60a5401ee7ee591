// SPDX-License-Identifier: GPL-2.0
/*
 * nice [-n N] COMMAND [ARG...]: run COMMAND with its niceness raised by
 * N (10 by default).  Debian's busybox has no nice applet, and upstream's
 * inter-event tests run "nice -n 1 ping ..." to change a task's priority.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int inc = 10, i = 1;

	if (i + 1 < argc && !strcmp(argv[i], "-n")) {
		inc = atoi(argv[i + 1]);
		i += 2;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: nice [-n N] COMMAND [ARG...]\n");
		return 125;
	}
	errno = 0;
	if (nice(inc) == -1 && errno) {
		perror("nice");
		return 125;
	}
	execvp(argv[i], argv + i);
	perror(argv[i]);
	return errno == ENOENT ? 127 : 126;
}
