// SPDX-License-Identifier: GPL-2.0
/*
 * mmap_probe - poke at the mmap interface of a trace_pipe_raw file.
 *
 *   mmap_probe errors FILE        every bad-input case: one line each,
 *                                 "ok NAME" or "FAIL NAME: what happened"
 *   mmap_probe meta FILE [N]      map, call TRACE_MMAP_IOCTL_GET_READER N
 *                                 times (default 1), print the meta page
 *   mmap_probe hold FILE SECONDS  map everything, say "mapped", sleep
 *   mmap_probe block FILE         map (blocking file), say "waiting", wait
 *                                 in GET_READER, print the meta page
 *
 * Exit status: 0, 1 if a case failed or a call that must work did not,
 * 2 on usage errors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include <linux/trace_mmap.h>

static int failures;

/* How a child that touched an address without a mapping exits. */
#define SEGV_EXIT	42

static void segv_exit(int sig)
{
	_exit(SEGV_EXIT);
}

static void result(const char *name, int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		printf("ok %s\n", name);
		return;
	}
	failures++;
	printf("FAIL %s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* mmap() that must fail with @want. */
static void expect_mmap_error(const char *name, int fd, size_t len, int prot,
			      int flags, off_t off, int want)
{
	void *p = mmap(NULL, len, prot, flags, fd, off);
	int err = errno;

	if (p != MAP_FAILED) {
		munmap(p, len);
		result(name, 0, "mmap succeeded, expected %s", strerror(want));
		return;
	}
	result(name, err == want, "got %s, expected %s", strerror(err),
	       strerror(want));
}

static struct trace_buffer_meta *map_meta(int fd, size_t *len)
{
	struct trace_buffer_meta *meta;
	long page = sysconf(_SC_PAGESIZE);

	meta = mmap(NULL, page, PROT_READ, MAP_SHARED, fd, 0);
	if (meta == MAP_FAILED)
		return NULL;
	*len = meta->meta_page_size;
	if (*len != (size_t)page) {
		munmap(meta, page);
		meta = mmap(NULL, *len, PROT_READ, MAP_SHARED, fd, 0);
		if (meta == MAP_FAILED)
			return NULL;
	}
	return meta;
}

static int open_raw(const char *path, int flags)
{
	int fd = open(path, flags | O_NONBLOCK);

	if (fd < 0) {
		perror(path);
		exit(1);
	}
	return fd;
}

static int cmd_errors(const char *path)
{
	long page = sysconf(_SC_PAGESIZE);
	struct trace_buffer_meta *meta;
	size_t meta_len, data_len, sb;
	int fd, rw, status;
	char *data, *moved;
	unsigned int nr;
	pid_t pid;

	fd = open_raw(path, O_RDONLY);

	/* No mapping yet: the reader protocol has nothing to work on. */
	result("get-reader-unmapped", ioctl(fd, TRACE_MMAP_IOCTL_GET_READER) < 0 &&
	       errno == ENODEV, "got %s, expected ENODEV", strerror(errno));
	result("unknown-ioctl", ioctl(fd, _IO('R', 0x21)) < 0 && errno == ENOTTY,
	       "got %s, expected ENOTTY", strerror(errno));

	meta = map_meta(fd, &meta_len);
	if (!meta) {
		result("map-meta", 0, "%s", strerror(errno));
		return 1;
	}
	sb = meta->subbuf_size;
	nr = meta->nr_subbufs;
	data_len = sb * nr;
	result("meta-fields", meta->meta_struct_len >= sizeof(*meta) &&
	       meta->meta_page_size >= (unsigned int)page && sb >= (size_t)page &&
	       nr >= 2 && meta->reader.id < nr,
	       "meta_struct_len %u meta_page_size %u subbuf_size %zu nr_subbufs %u reader.id %u",
	       meta->meta_struct_len, meta->meta_page_size, sb, nr,
	       meta->reader.id);

	/* Writable, private or executable mappings are refused. */
	rw = open(path, O_RDWR | O_NONBLOCK);
	if (rw >= 0) {
		expect_mmap_error("writable-shared", rw, page,
				  PROT_READ | PROT_WRITE, MAP_SHARED, 0, EPERM);
		close(rw);
	} else {
		result("writable-shared", 0, "cannot open %s read-write: %s",
		       path, strerror(errno));
	}
	expect_mmap_error("writable-on-read-only-fd", fd, page,
			  PROT_READ | PROT_WRITE, MAP_SHARED, 0, EACCES);
	expect_mmap_error("private", fd, page, PROT_READ, MAP_PRIVATE, 0, EPERM);
	expect_mmap_error("executable", fd, page, PROT_READ | PROT_EXEC,
			  MAP_SHARED, 0, EPERM);

	/* Offsets and sizes outside the mapping. */
	expect_mmap_error("offset-beyond-end", fd, page, PROT_READ, MAP_SHARED,
			  meta_len + data_len, EINVAL);
	expect_mmap_error("offset-far-beyond-end", fd, page, PROT_READ,
			  MAP_SHARED, (off_t)1 << 40, EINVAL);
	expect_mmap_error("size-beyond-end", fd, meta_len + data_len + sb,
			  PROT_READ, MAP_SHARED, 0, EINVAL);
	expect_mmap_error("data-size-beyond-end", fd, data_len + sb, PROT_READ,
			  MAP_SHARED, meta_len, EINVAL);
	if (sb > (size_t)page)
		expect_mmap_error("offset-inside-subbuf", fd, page, PROT_READ,
				  MAP_SHARED, meta_len + page, EINVAL);

	/* The whole data area maps, and so does all but its last sub-buffer. */
	data = mmap(NULL, data_len, PROT_READ, MAP_SHARED, fd, meta_len);
	result("map-all-subbufs", data != MAP_FAILED, "%s", strerror(errno));
	if (data == MAP_FAILED)
		return 1;
	moved = mmap(NULL, data_len - sb, PROT_READ, MAP_SHARED, fd, meta_len);
	result("map-all-but-one", moved != MAP_FAILED, "%s", strerror(errno));
	if (moved != MAP_FAILED)
		munmap(moved, data_len - sb);

	/* Read-only for good; all or nothing. */
	result("mprotect-write", mprotect(data, sb, PROT_READ | PROT_WRITE) < 0 &&
	       errno == EACCES, "got %s, expected EACCES", strerror(errno));
	result("partial-munmap", nr < 3 || (munmap(data + sb, sb) < 0 &&
	       errno == EINVAL), "got %s, expected EINVAL", strerror(errno));

	/* mremap() moves the whole mapping; the old range is gone. */
	moved = mremap(data, data_len, data_len, MREMAP_MAYMOVE | MREMAP_FIXED,
		       mmap(NULL, data_len, PROT_NONE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
	result("mremap-move", moved != MAP_FAILED, "%s", strerror(errno));
	if (moved != MAP_FAILED)
		data = moved;
	result("mremap-grow", mremap(data, data_len, data_len + sb, 0) ==
	       MAP_FAILED, "a mapped buffer grew");

	/* Not inherited: the child finds nothing there (and says so quietly). */
	fflush(stdout);
	pid = fork();
	if (!pid) {
		volatile char c;

		signal(SIGSEGV, segv_exit);
		c = data[0];
		(void)c;
		_exit(0);
	}
	waitpid(pid, &status, 0);
	result("not-inherited", WIFEXITED(status) &&
	       WEXITSTATUS(status) == SEGV_EXIT, "child status 0x%x", status);

	/* Closing the file leaves the mapping working until munmap(). */
	result("get-reader", ioctl(fd, TRACE_MMAP_IOCTL_GET_READER) == 0,
	       "%s", strerror(errno));
	close(fd);
	result("close-with-mapping", meta->reader.id < nr &&
	       meta->subbuf_size == sb, "meta page unreadable after close");
	result("munmap-data", munmap(data, data_len) == 0, "%s",
	       strerror(errno));
	result("munmap-meta", munmap(meta, meta_len) == 0, "%s",
	       strerror(errno));
	printf("%d failed\n", failures);
	return failures ? 1 : 0;
}

static int cmd_meta(const char *path, int n, int blocking)
{
	struct trace_buffer_meta *meta;
	size_t len;
	int fd, i;

	if (blocking) {
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			perror(path);
			return 1;
		}
	} else {
		fd = open_raw(path, O_RDONLY);
	}
	meta = map_meta(fd, &len);
	if (!meta) {
		perror("mmap");
		return 1;
	}
	printf("mapped first_id=%u first_read=%u\n", meta->reader.id,
	       meta->reader.read);
	if (blocking) {
		printf("waiting\n");
		fflush(stdout);
	}
	for (i = 0; i < n; i++) {
		if (ioctl(fd, TRACE_MMAP_IOCTL_GET_READER) < 0) {
			perror("TRACE_MMAP_IOCTL_GET_READER");
			return 1;
		}
	}
	printf("meta_page_size=%u meta_struct_len=%u subbuf_size=%u nr_subbufs=%u\n",
	       meta->meta_page_size, meta->meta_struct_len, meta->subbuf_size,
	       meta->nr_subbufs);
	printf("id=%u read=%u lost_events=%llu flags=%llu\n",
	       meta->reader.id, meta->reader.read,
	       (unsigned long long)meta->reader.lost_events,
	       (unsigned long long)meta->flags);
	printf("entries=%llu overrun=%llu read_events=%llu\n",
	       (unsigned long long)meta->entries,
	       (unsigned long long)meta->overrun,
	       (unsigned long long)meta->read);
	munmap(meta, len);
	close(fd);
	return 0;
}

static int cmd_hold(const char *path, int seconds)
{
	struct trace_buffer_meta *meta;
	size_t len;
	char *data;
	int fd;

	fd = open_raw(path, O_RDONLY);
	meta = map_meta(fd, &len);
	if (!meta) {
		perror("mmap");
		return 1;
	}
	data = mmap(NULL, (size_t)meta->subbuf_size * meta->nr_subbufs,
		    PROT_READ, MAP_SHARED, fd, len);
	if (data == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	printf("mapped nr_subbufs=%u\n", meta->nr_subbufs);
	fflush(stdout);
	sleep(seconds);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "errors"))
		return cmd_errors(argv[2]);
	if (argc >= 3 && !strcmp(argv[1], "meta"))
		return cmd_meta(argv[2], argc > 3 ? atoi(argv[3]) : 1, 0);
	if (argc == 3 && !strcmp(argv[1], "block"))
		return cmd_meta(argv[2], 1, 1);
	if (argc == 4 && !strcmp(argv[1], "hold"))
		return cmd_hold(argv[2], atoi(argv[3]));
	fprintf(stderr, "usage: mmap_probe errors|meta|hold|block FILE [N|SECONDS]\n");
	return 2;
}
