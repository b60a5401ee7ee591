/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The top layer of the tracing core (Documentation/trace/layers.rst):
 * the tracefs files every session has - its readers, control files,
 * tracers' files, directory and instances - and the boot entry points.
 */
#ifndef _KERNEL_TRACE_TRACE_FILES_H
#define _KERNEL_TRACE_TRACE_FILES_H

#include "trace_tracers.h"

/* trace_readers.c: trace, trace_pipe, trace_pipe_raw, stats */
/* The biggest record trace_iter_peek_next() looks past. */
#define TRACE_LOOKAHEAD_MAX	128
/* The longest line of a printer that looks ahead. */
#define TRACE_LINE_ROOM		2048
extern const struct file_operations trace_fops;
extern const struct file_operations trace_pipe_fops;
extern const struct file_operations trace_pipe_raw_fops;
extern const struct file_operations trace_stats_fops;
extern const struct file_operations snapshot_fops;
extern const struct file_operations snapshot_raw_fops;


/* trace_control.c: a session's control files, clocks and error_log */
extern const struct file_operations tracing_on_fops;
extern const struct file_operations buffer_size_fops;
extern const struct file_operations buffer_total_size_fops;
extern const struct file_operations buffer_subbuf_size_fops;
extern const struct file_operations buffer_percent_fops;
extern const struct file_operations free_buffer_fops;
extern const struct file_operations tracing_cpumask_fops;
extern const struct file_operations trace_clock_fops;
extern const struct file_operations timestamp_mode_fops;
extern const struct file_operations trace_options_fops;
extern const struct file_operations trace_marker_fops;
extern const struct file_operations trace_marker_raw_fops;
extern const struct file_operations error_log_fops;
extern const struct file_operations readme_fops;

/* trace_lost.c: lost_events, a session's losses by event type */
extern const struct file_operations lost_events_fops;
void trace_lost_free(struct trace_array *tr);
void trace_create_option_files(struct trace_array *tr);
int trace_set_option(struct trace_array *tr, const char *name);


/* trace_control.c: current_tracer and available_tracers */
void trace_tracers_create_files(struct trace_array *tr);
void trace_tracers_remove(struct trace_array *tr);

/* trace_readers.c: ftrace_dump() at a panic or an oops */
void trace_dump_boot_init(void);

#endif /* _KERNEL_TRACE_TRACE_FILES_H */
