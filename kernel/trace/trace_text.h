/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text layer of the tracing core (Documentation/trace/layers.rst):
 * what trace_output.c (the text of a record) and trace_printk.c (text
 * from kernel code into a session) offer the layers above.
 */
#ifndef _KERNEL_TRACE_TRACE_TEXT_H
#define _KERNEL_TRACE_TRACE_TEXT_H

#include "trace_session.h"

/**
 * trace_iter_peek_next() - the record after the current one on its CPU
 * @iter: the iterator of a reader of the trace or trace_pipe file
 *
 * For printers whose line depends on the next record (the function graph
 * tracer's leaf functions).  The current record stays @iter->ent (a copy
 * of it from now on); the reader will not show the next one twice.
 *
 * Return: the next record, valid until the reader moves on, or NULL when
 * there is none yet, records were lost in between, the current record is
 * too big to copy, or @iter cannot look ahead (ftrace_dump()).
 */
static inline const struct trace_entry *
trace_iter_peek_next(struct trace_iterator *iter)
{
	return iter->lookahead ? iter->lookahead->peek(iter) : NULL;
}

/**
 * trace_iter_take_next() - make the record trace_iter_peek_next() returned
 *	part of the current line
 * @iter: the iterator it was called on
 *
 * The reader moves past that record; it is not shown on a line of its own.
 */
static inline void trace_iter_take_next(struct trace_iterator *iter)
{
	if (iter->lookahead)
		iter->lookahead->take(iter);
}


/* trace_output.c */
struct trace_event *ftrace_find_event(int type);
enum print_line_t print_trace_line(struct trace_iterator *iter);
enum print_line_t __print_trace_line(struct trace_iterator *iter);
int trace_print_context(struct trace_iterator *iter);
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry);
void trace_print_lat_header(struct seq_file *m, struct trace_array *tr,
			    const struct trace_max_info *max,
			    unsigned long entries, unsigned long total,
			    bool help);
/* The text of the core's own record types (trace_events_core.c's events) */
extern struct trace_event_functions trace_function_funcs;
extern struct trace_event_functions trace_funcgraph_entry_funcs;
extern struct trace_event_functions trace_funcgraph_exit_funcs;
extern struct trace_event_functions trace_kernel_stack_funcs;
extern struct trace_event_functions trace_user_stack_funcs;
extern struct trace_event_functions trace_func_repeats_funcs;
extern struct trace_event_functions trace_branch_funcs;
extern struct trace_event_functions trace_print_funcs;
extern struct trace_event_functions trace_bputs_funcs;
extern struct trace_event_functions trace_bprint_funcs;
extern struct trace_event_functions trace_raw_data_funcs;
extern struct trace_event_functions trace_context_switch_funcs;
extern struct trace_event_functions trace_wakeup_funcs;


/* trace_printk.c */
void trace_printk_create_files(struct dentry *parent);

#endif /* _KERNEL_TRACE_TRACE_TEXT_H */
