// SPDX-License-Identifier: GPL-2.0
/*
 * A client of the histogram triggers through Debian's libtracefs, as
 * tools built on it (rtla, trace-cmd's successors) use them:
 *
 *   tracefs_hist hist      a histogram on sched:sched_process_fork keyed
 *                          by common_pid with a value, started, read back
 *                          through the hist file, paused, destroyed
 *   tracefs_hist synth     a wakeup-latency synthetic event (sched_waking
 *                          to sched_switch, matched on the pid) made by
 *                          tracefs_synth_create(), enabled, fired,
 *                          destroyed
 *
 * Prints what it checks; exits 1 with "FAIL: ..." on the first problem.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <tracefs.h>

static int failed(const char *what, const char *detail)
{
	printf("FAIL: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	return 1;
}

static void forks(int n)
{
	while (n--) {
		pid_t pid = fork();

		if (!pid)
			_exit(0);
		if (pid > 0)
			waitpid(pid, NULL, 0);
	}
}

static char *read_file(const char *sys, const char *ev, const char *name)
{
	return tracefs_event_file_read(NULL, sys, ev, name, NULL);
}

static int hist_test(struct tep_handle *tep)
{
	struct tracefs_hist *hist;
	char *text;
	int ret = 0;

	hist = tracefs_hist_alloc(tep, "sched", "sched_process_fork",
				  "common_pid", TRACEFS_HIST_KEY_NORMAL);
	if (!hist)
		return failed("tracefs_hist_alloc", NULL);
	if (tracefs_hist_add_value(hist, "child_pid") ||
	    tracefs_hist_add_sort_key(hist, "child_pid"))
		return failed("tracefs_hist_add_value/sort_key", NULL);
	if (tracefs_hist_start(NULL, hist))
		return failed("tracefs_hist_start", NULL);
	forks(5);
	text = read_file("sched", "sched_process_fork", "trigger");
	printf("trigger: %s", text ? text : "(none)\n");
	if (!text || !strstr(text, "hist:keys=common_pid:vals=hitcount,child_pid:sort=child_pid"))
		ret = failed("trigger file", text);
	free(text);
	text = read_file("sched", "sched_process_fork", "hist");
	if (!text || !strstr(text, "{ common_pid: ") ||
	    !strstr(text, "child_pid: ") || !strstr(text, "Totals:"))
		ret = failed("hist file", text);
	else
		printf("hist: %zu bytes, has the table and its totals\n",
		       strlen(text));
	free(text);
	if (tracefs_hist_pause(NULL, hist))
		ret = failed("tracefs_hist_pause", NULL);
	text = read_file("sched", "sched_process_fork", "trigger");
	if (!text || !strstr(text, "[paused]"))
		ret = failed("paused trigger", text);
	free(text);
	if (tracefs_hist_destroy(NULL, hist))
		ret = failed("tracefs_hist_destroy", NULL);
	text = read_file("sched", "sched_process_fork", "trigger");
	if (!text || strstr(text, "hist:"))
		ret = failed("trigger left after destroy", text);
	free(text);
	tracefs_hist_free(hist);
	return ret;
}

static int synth_test(struct tep_handle *tep)
{
	struct tracefs_synth *synth;
	char *text;
	int ret = 0;

	synth = tracefs_synth_alloc(tep, "lab_wakeup_lat",
				    "sched", "sched_waking",
				    "sched", "sched_switch",
				    "pid", "next_pid", "pid");
	if (!synth)
		return failed("tracefs_synth_alloc", NULL);
	if (tracefs_synth_add_compare_field(synth, TRACEFS_TIMESTAMP_USECS,
					    TRACEFS_TIMESTAMP_USECS,
					    TRACEFS_SYNTH_DELTA_END, "delta") ||
	    tracefs_synth_add_end_field(synth, "next_prio", "prio"))
		return failed("tracefs_synth_add_*_field", NULL);
	printf("event: %s\nstart: %s\nend: %s\n",
	       tracefs_synth_show_event(synth),
	       tracefs_synth_show_start_hist(synth),
	       tracefs_synth_show_end_hist(synth));
	if (tracefs_synth_create(synth))
		return failed("tracefs_synth_create", NULL);
	text = read_file("synthetic", "lab_wakeup_lat", "format");
	if (!text || !strstr(text, "field:u64 delta;") ||
	    !strstr(text, "field:pid_t pid;"))
		ret = failed("synthetic event format", text);
	free(text);
	if (tracefs_event_enable(NULL, "synthetic", "lab_wakeup_lat"))
		ret = failed("enable the synthetic event", NULL);
	forks(20);
	usleep(100000);
	text = read_file("sched", "sched_waking", "hist");
	if (!text || !strstr(text, "Totals:"))
		ret = failed("start hist", text);
	free(text);
	text = tracefs_instance_file_read(NULL, "trace", NULL);
	if (!text || !strstr(text, "lab_wakeup_lat: "))
		ret = failed("no synthetic event in the trace", NULL);
	else
		printf("trace: synthetic events recorded\n");
	free(text);
	tracefs_event_disable(NULL, "synthetic", "lab_wakeup_lat");
	if (tracefs_synth_destroy(synth))
		ret = failed("tracefs_synth_destroy", NULL);
	text = tracefs_instance_file_read(NULL, "synthetic_events", NULL);
	if (text && strstr(text, "lab_wakeup_lat"))
		ret = failed("synthetic event left", text);
	free(text);
	tracefs_synth_free(synth);
	return ret;
}

int main(int argc, char **argv)
{
	struct tep_handle *tep = tracefs_local_events(NULL);

	if (!tep)
		return failed("tracefs_local_events", NULL);
	if (argc > 1 && !strcmp(argv[1], "hist"))
		return hist_test(tep);
	if (argc > 1 && !strcmp(argv[1], "synth"))
		return synth_test(tep);
	fprintf(stderr, "usage: %s hist|synth\n", argv[0]);
	return 2;
}
