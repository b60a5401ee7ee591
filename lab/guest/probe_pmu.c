// SPDX-License-Identifier: GPL-2.0
/*
 * probe_pmu: count a probe of perf's "kprobe" or "uprobe" PMU while a
 * command runs.
 *
 *   probe_pmu kprobe|kretprobe SYMBOL[+OFFSET] CMD [ARGS...]
 *   probe_pmu uprobe|uretprobe PATH OFFSET CMD [ARGS...]
 *
 * Opens one perf event on the PMU (its type from
 * /sys/bus/event_source/devices/<pmu>/type, the retprobe bit from its
 * format directory) for the command's task, runs the command and prints
 * "count=N".  CMD "@sync N" calls sync(2) N times in that task instead.
 * If perf_event_open(2) refuses, it prints "open: <errno name>" and
 * exits 2.
 *
 * The perf event is not inherited: an inherited probe PMU event is made
 * again in the child from attr's pointers (the symbol's or path's name,
 * in the opener's memory), which after an exec are not the child's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static unsigned long read_sysfs(const char *pmu, const char *file,
				const char *fmt)
{
	char path[256];
	unsigned long v;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/%s",
		 pmu, file);
	f = fopen(path, "r");
	if (!f || fscanf(f, fmt, &v) != 1) {
		fprintf(stderr, "cannot read %s\n", path);
		exit(1);
	}
	fclose(f);
	return v;
}

static const char *errno_name(int e)
{
	switch (e) {
	case ENOENT: return "ENOENT";
	case EINVAL: return "EINVAL";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case E2BIG: return "E2BIG";
	case EADDRNOTAVAIL: return "EADDRNOTAVAIL";
	default: return strerror(e);
	}
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr;
	const char *pmu;
	int go[2], fd, status, ret, kp, n;
	unsigned long long count;
	char **cmd, *plus;
	pid_t pid;
	char c;

	if (argc < 4)
		goto usage;
	kp = !strcmp(argv[1], "kprobe") || !strcmp(argv[1], "kretprobe");
	if (!kp && strcmp(argv[1], "uprobe") && strcmp(argv[1], "uretprobe"))
		goto usage;
	if (!kp && argc < 5)
		goto usage;
	pmu = kp ? "kprobe" : "uprobe";
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = read_sysfs(pmu, "type", "%lu");
	if (strstr(argv[1], "ret"))
		attr.config = 1ULL << read_sysfs(pmu, "format/retprobe",
						 "config:%lu");
	if (kp) {
		plus = strchr(argv[2], '+');
		if (plus) {
			*plus = '\0';
			attr.probe_offset = strtoull(plus + 1, NULL, 0);
		}
		attr.kprobe_func = (unsigned long)argv[2];
		cmd = argv + 3;
	} else {
		attr.uprobe_path = (unsigned long)argv[2];
		attr.probe_offset = strtoull(argv[3], NULL, 0);
		cmd = argv + 4;
	}

	if (pipe(go))
		return 1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (!pid) {
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		if (!strcmp(cmd[0], "@sync") && cmd[1]) {
			for (n = atoi(cmd[1]); n > 0; n--)
				sync();
			_exit(0);
		}
		execvp(cmd[0], cmd);
		_exit(127);
	}
	close(go[0]);
	fd = syscall(SYS_perf_event_open, &attr, pid, -1, -1, 0);
	if (fd < 0) {
		printf("open: %s\n", errno_name(errno));
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return 2;
	}
	if (write(go[1], "g", 1) != 1)
		return 1;
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "%s did not succeed\n", cmd[0]);
		return 1;
	}
	ret = read(fd, &count, sizeof(count));
	if (ret != sizeof(count))
		return 1;
	printf("count=%llu\n", count);
	close(fd);
	return 0;
usage:
	fprintf(stderr, "usage: probe_pmu kprobe|kretprobe SYMBOL[+OFFSET] CMD...\n"
		"       probe_pmu uprobe|uretprobe PATH OFFSET CMD...\n");
	return 1;
}
