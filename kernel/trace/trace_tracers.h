/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracers layer of the tracing core (Documentation/trace/layers.rst):
 * the function, function_graph, stack and latency tracers and the
 * profiler (the probe events have trace_probe.h and trace_dynevent.h,
 * which include this).
 */
#ifndef _KERNEL_TRACE_TRACE_TRACERS_H
#define _KERNEL_TRACE_TRACE_TRACERS_H

#include "trace_events_internal.h"

/* trace_functions.c: the function tracer */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
enum print_line_t trace_graph_print_line(struct trace_iterator *iter);
void trace_graph_create_files(struct trace_array *tr);
/* fgraph.c: the graph-time option (the function profiler's) */
extern bool fgraph_graph_time;
#endif

#ifdef CONFIG_FUNCTION_TRACER
/* Whether set_ftrace_pid and set_ftrace_notrace_pid let @pid be traced. */
static inline bool trace_func_pid_traced(struct trace_func *fn, pid_t pid)
{
	struct trace_pid_set *set = rcu_dereference_sched(fn->pids);

	return (!set || trace_pid_set_has(set, pid)) &&
	       !trace_pid_set_has(rcu_dereference_sched(fn->notrace_pids),
				  pid);
}

void trace_function_create_files(struct trace_array *tr);
void trace_function_remove(struct trace_array *tr);
#endif
int trace_function_follow_fork(struct trace_array *tr, bool on);
bool trace_function_record(struct trace_array *tr, unsigned long ip,
			   unsigned long parent_ip, unsigned int ctx);
#ifdef CONFIG_FUNCTION_TRACER
int trace_function_hook(struct trace_array *tr, ftrace_func_t func);
#endif
#ifdef CONFIG_FTRACE_STARTUP_TEST
int trace_function_selftest(void);
#endif

/* ftrace_files.c: a session's function filters and probes */
#ifdef CONFIG_FUNCTION_TRACER
void ftrace_func_init(struct trace_array *tr);
void ftrace_func_release(struct trace_array *tr);
void ftrace_create_tracefs_files(struct trace_array *tr);
void ftrace_boot_filters_apply(struct trace_array *tr);
#endif

/* trace_functions_graph.c: its DURATION format, the profiler's too */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
void trace_print_graph_duration(u64 ns, struct trace_seq *s);
#endif

/* trace_stack.c: the stack tracer's ops; stack_trace_filter is its filter */
#ifdef CONFIG_STACK_TRACER
extern struct ftrace_ops stack_trace_ops;
#endif

/* trace_max.c: what the latency tracers share */
void trace_max_create_files(struct trace_array *tr);
#ifdef CONFIG_TRACER_MAX_TRACE
u64 trace_max_now(struct trace_array *tr);
bool trace_max_exceeds(struct trace_array *tr, u64 delta);
unsigned long trace_max_gen(struct trace_array *tr);
bool trace_max_report(struct trace_array *tr,
		      const struct trace_max_info *info, bool all_cpus);
void trace_max_task(struct trace_max_info *info, struct task_struct *task);
int trace_max_begin(struct trace_array *tr);
void trace_max_end(struct trace_array *tr);
bool trace_max_shown(struct trace_array *tr, struct trace_max_info *info);
#else
static inline bool trace_max_shown(struct trace_array *tr,
				   struct trace_max_info *info)
{
	return false;
}
#endif

#endif /* _KERNEL_TRACE_TRACE_TRACERS_H */
