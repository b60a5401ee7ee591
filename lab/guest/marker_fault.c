// SPDX-License-Identifier: GPL-2.0
/*
 * marker_fault FILE - write to FILE (trace_marker) from memory the kernel
 * cannot read: a page mapped PROT_NONE, then a text that starts on a
 * readable page and runs into that one.  Each write must fail with
 * EFAULT (the record then says "<faulted>", as in Linux 6.12).  Prints
 * "ok NAME" or "FAIL NAME: ..." per case; exits 1 if any failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int check(const char *name, int fd, const void *buf, size_t len)
{
	ssize_t n = write(fd, buf, len);

	if (n >= 0 || errno != EFAULT) {
		printf("FAIL %s: write returned %zd (%s), not EFAULT\n", name,
		       n, n < 0 ? strerror(errno) : "no error");
		return 1;
	}
	printf("ok %s\n", name);
	return 0;
}

int main(int argc, char **argv)
{
	long page = sysconf(_SC_PAGESIZE);
	char *map;
	int fd, bad = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: marker_fault FILE\n");
		return 2;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE)) {
		perror("mmap");
		return 2;
	}
	memset(map, 'x', page);
	bad |= check("unreadable", fd, map + page, 16);
	bad |= check("runs-into-unreadable", fd, map + page - 8, 16);
	return bad;
}
