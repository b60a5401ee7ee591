// SPDX-License-Identifier: GPL-2.0
/*
 * poll_pipe FILE - poll() FILE for reading for a fifth of a second and
 * print "readable" or "timeout" (for the block option's test: with it,
 * trace_pipe always polls readable, as in Linux 6.12).
 */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	struct pollfd p = { .events = POLLIN };
	int n;

	if (argc != 2) {
		fprintf(stderr, "usage: poll_pipe FILE\n");
		return 2;
	}
	p.fd = open(argv[1], O_RDONLY | O_NONBLOCK);
	if (p.fd < 0) {
		perror(argv[1]);
		return 2;
	}
	n = poll(&p, 1, 200);
	if (n < 0) {
		perror("poll");
		return 2;
	}
	puts(n && (p.revents & POLLIN) ? "readable" : "timeout");
	return 0;
}
