// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace_ioctl DEVICE: drive the BLKTRACE* ioctls of a block device
 * (a RAM disk: its contents are overwritten) as the blktrace tool does,
 * and check what the relay files under debugfs hold.
 *
 * Set up (the name comes back; a second setup is refused, EBUSY), start,
 * write and read 16 blocks of 4 KiB with O_DIRECT, add a message through
 * the msg file, stop, then read every block/<dev>/trace<cpu>: each
 * record has blktrace's magic and version and the device's number, the
 * per-CPU sequence numbers rise by one, the writes and reads are queued
 * and completed at the sectors written, the task is named in a process
 * note, the trace starts with a time note, and the message is there.
 * Then tear down: the files go, and a second teardown or a start without
 * a setup is refused (EINVAL); a setup without buffers too.
 *
 * Prints one line per check; exits 0 when all passed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/blktrace_api.h>
#include <linux/fs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define BLOCKS		16
#define IO_SIZE	4096
#define DEBUGFS		"/sys/kernel/debug/block"
/* The kernel's dev_t, as the records carry it. */
#define KDEV(ma, mi)	(((ma) << 20) | (mi))

static int failures;

static void check(int ok, const char *what)
{
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
	if (!ok)
		failures++;
}

struct counts {
	unsigned int records, bad_magic, bad_device, bad_sequence;
	unsigned int queue_w, queue_r, complete_w, complete_r;
	unsigned int process_notes, time_notes, messages, named;
	unsigned long long sectors_w, sectors_r;
};

static void count(struct counts *c, const struct blk_io_trace *t,
		  const char *pdu, uint32_t kdev)
{
	uint32_t act = t->action & 0xffff & ~__BLK_TA_CGROUP;
	int write = t->action & BLK_TC_ACT(BLK_TC_WRITE);
	int cg = !!(t->action & __BLK_TA_CGROUP);

	c->records++;
	if ((t->magic & 0xffffff00) != BLK_IO_TRACE_MAGIC ||
	    (t->magic & 0xff) != BLK_IO_TRACE_VERSION)
		c->bad_magic++;
	if (t->device != kdev)
		c->bad_device++;
	if (t->action & BLK_TC_ACT(BLK_TC_NOTIFY)) {
		pdu += cg ? 8 : 0;
		if (act == __BLK_TN_PROCESS) {
			c->process_notes++;
			if (!strncmp(pdu, "blktrace_ioctl", 14))
				c->named++;
		} else if (act == __BLK_TN_TIMESTAMP) {
			c->time_notes++;
		} else if (act == __BLK_TN_MESSAGE) {
			c->messages += t->pdu_len - (cg ? 8 : 0) ==
				       strlen("hello from user space") &&
				       !memcmp(pdu, "hello from user space", 21);
		}
		return;
	}
	if (t->bytes != IO_SIZE || t->sector % 8 || t->sector / 8 >= BLOCKS)
		return;
	if (act == __BLK_TA_QUEUE) {
		if (write) {
			c->queue_w++;
			c->sectors_w += t->sector;
		} else {
			c->queue_r++;
			c->sectors_r += t->sector;
		}
	} else if (act == __BLK_TA_COMPLETE) {
		if (write)
			c->complete_w++;
		else
			c->complete_r++;
	}
}

/* Every record of one relay file; -1 when it is not there. */
static int read_cpu_file(const char *dir, int cpu, struct counts *c,
			 uint32_t kdev)
{
	static char buf[1 << 20];
	uint32_t last_seq = 0;
	size_t len = 0, off = 0;
	char path[256];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/trace%d", dir, cpu);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	while (len < sizeof(buf) &&
	       (n = read(fd, buf + len, sizeof(buf) - len)) > 0)
		len += n;
	close(fd);
	while (off + sizeof(struct blk_io_trace) <= len) {
		struct blk_io_trace t;

		memcpy(&t, buf + off, sizeof(t));
		if (off + sizeof(t) + t.pdu_len > len)
			break;
		if (!(t.action & BLK_TC_ACT(BLK_TC_NOTIFY))) {
			if (last_seq && t.sequence != last_seq + 1)
				c->bad_sequence++;
			last_seq = t.sequence;
		}
		count(c, &t, buf + off + sizeof(t), kdev);
		off += sizeof(t) + t.pdu_len;
	}
	return 0;
}

static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	return 0;
}

int main(int argc, char **argv)
{
	struct blk_user_trace_setup buts = {
		.act_mask = 0,		/* every category */
		.buf_size = 256 * 1024,
		.buf_nr = 4,
	};
	const char *dev = argc > 1 ? argv[1] : "/dev/ram0";
	char dir[128], path[192], text[64];
	struct counts c = {};
	struct stat st;
	uint32_t kdev;
	void *block;
	int fd, i, cpu, ret, msg;

	fd = open(dev, O_RDWR | O_DIRECT);
	if (fd < 0 || fstat(fd, &st) || !S_ISBLK(st.st_mode)) {
		perror(dev);
		return 2;
	}
	kdev = KDEV(major(st.st_rdev), minor(st.st_rdev));
	if (posix_memalign(&block, IO_SIZE, IO_SIZE))
		return 2;
	memset(block, 0x5a, IO_SIZE);
	/* A leftover trace of an earlier run would make the setup fail. */
	ioctl(fd, BLKTRACETEARDOWN);

	buts.buf_size = 0;
	ret = ioctl(fd, BLKTRACESETUP, &buts);
	check(ret < 0 && errno == EINVAL, "BLKTRACESETUP without a buffer size: EINVAL");
	buts.buf_size = 256 * 1024;
	ret = ioctl(fd, BLKTRACESTART);
	check(ret < 0 && errno == EINVAL, "BLKTRACESTART before a setup: EINVAL");

	ret = ioctl(fd, BLKTRACESETUP, &buts);
	check(!ret, "BLKTRACESETUP");
	if (ret) {
		perror("BLKTRACESETUP");
		return 1;
	}
	check(!strcmp(buts.name, strrchr(dev, '/') + 1), "the setup names the device");
	snprintf(dir, sizeof(dir), DEBUGFS "/%s", buts.name);
	ret = ioctl(fd, BLKTRACESETUP, &buts);
	check(ret < 0 && errno == EBUSY, "a second BLKTRACESETUP: EBUSY");
	snprintf(path, sizeof(path), "%s/trace0", dir);
	check(!access(path, R_OK), "block/<dev>/trace0 is there");
	snprintf(path, sizeof(path), "%s/dropped", dir);
	check(!read_file(path, text, sizeof(text)) && !strcmp(text, "0\n"),
	      "dropped reads 0");

	check(!ioctl(fd, BLKTRACESTART), "BLKTRACESTART");
	ret = ioctl(fd, BLKTRACESTART);
	check(ret < 0 && errno == EINVAL, "a second BLKTRACESTART: EINVAL");
	for (i = 0; i < BLOCKS; i++)
		if (pwrite(fd, block, IO_SIZE, (off_t)i * IO_SIZE) != IO_SIZE)
			break;
	check(i == BLOCKS, "16 direct writes");
	for (i = 0; i < BLOCKS; i++)
		if (pread(fd, block, IO_SIZE, (off_t)i * IO_SIZE) != IO_SIZE)
			break;
	check(i == BLOCKS, "16 direct reads");
	snprintf(path, sizeof(path), "%s/msg", dir);
	msg = open(path, O_WRONLY);
	check(msg >= 0 && write(msg, "hello from user space", 21) == 21,
	      "a message through msg");
	if (msg >= 0) {
		char big[200];

		memset(big, 'x', sizeof(big));
		ret = write(msg, big, sizeof(big));
		check(ret < 0 && errno == EINVAL, "a message of 200 bytes: EINVAL");
		close(msg);
	}
	check(!ioctl(fd, BLKTRACESTOP), "BLKTRACESTOP");
	ret = ioctl(fd, BLKTRACESTOP);
	check(ret < 0 && errno == EINVAL, "a second BLKTRACESTOP: EINVAL");

	for (cpu = 0; read_cpu_file(dir, cpu, &c, kdev) == 0; cpu++)
		;
	printf("# %d relay files, %u records: Q %u/%u C %u/%u (write/read), "
	       "%u process notes (%u naming us), %u time notes, %u messages\n",
	       cpu, c.records, c.queue_w, c.queue_r, c.complete_w,
	       c.complete_r, c.process_notes, c.named, c.time_notes,
	       c.messages);
	check(cpu > 0, "one relay file per CPU");
	check(c.records && !c.bad_magic, "every record has blktrace's magic and version");
	check(!c.bad_device, "every record has the device's number");
	check(!c.bad_sequence, "the sequence numbers rise by one on each CPU");
	check(c.queue_w == BLOCKS && c.queue_r == BLOCKS,
	      "16 writes and 16 reads queued (Q)");
	check(c.complete_w == BLOCKS && c.complete_r == BLOCKS,
	      "16 writes and 16 reads completed (C)");
	/* Sectors 0, 8, ..., 120: their sum. */
	check(c.sectors_w == 8ULL * BLOCKS * (BLOCKS - 1) / 2 &&
	      c.sectors_r == c.sectors_w, "at the sectors written and read");
	check(c.named >= 1, "a process note names the task");
	check(c.time_notes == 1, "one time note at the start");
	check(c.messages == 1, "the message is there");

	check(!ioctl(fd, BLKTRACETEARDOWN), "BLKTRACETEARDOWN");
	snprintf(path, sizeof(path), "%s/trace0", dir);
	check(access(path, F_OK) && errno == ENOENT, "trace0 went");
	snprintf(path, sizeof(path), "%s/msg", dir);
	check(access(path, F_OK) && errno == ENOENT, "msg went");
	ret = ioctl(fd, BLKTRACETEARDOWN);
	check(ret < 0 && errno == EINVAL, "a second BLKTRACETEARDOWN: EINVAL");
	close(fd);
	free(block);
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
