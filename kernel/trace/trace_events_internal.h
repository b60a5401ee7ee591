/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The events layer of the tracing core (Documentation/trace/layers.rst):
 * events, their filters, pids, hooks and directories, the core's record
 * types as events, syscall events, perf on events, and the snapshot
 * buffer that events and tracers take.
 */
#ifndef _KERNEL_TRACE_TRACE_EVENTS_INTERNAL_H
#define _KERNEL_TRACE_TRACE_EVENTS_INTERNAL_H

#include "trace_text.h"

/* trace_event_pids.c: set_event_pid and set_event_notrace_pid */
void trace_event_pids_create_files(struct trace_array *tr);
int trace_pids_follow_fork(struct trace_array *tr, bool on);
int trace_pid_fork_probes(void (*fork)(void *data, struct task_struct *parent,
				       struct task_struct *child),
			  void (*exit)(void *data, struct task_struct *task),
			  void *data, bool on);
void trace_pids_clear(struct trace_array *tr);

/* Whether a session's events are filtered by pid. */
static inline bool trace_pids_filtering(struct trace_array *tr)
{
	return rcu_access_pointer(tr->event_pids) ||
	       rcu_access_pointer(tr->event_notrace_pids);
}


/* trace_snapshot.c: the snapshot buffer */
int trace_snapshot_alloc(struct trace_array *tr);
int trace_snapshot_free(struct trace_array *tr);
int trace_snapshot_take(struct trace_array *tr, long cpu);
int trace_snapshot_command(struct trace_array *tr, long cpu, unsigned long val);
int tracing_alloc_snapshot(void);


/* trace_events_core.c: those record types as events/ftrace/ */
int trace_events_core_init(void);
bool ftrace_event_is_function(struct trace_event_call *call);

/* trace_event_perf.c */
#if defined(CONFIG_PERF_EVENTS) && defined(CONFIG_FUNCTION_TRACER)
int perf_ftrace_event_register(struct trace_event_call *call,
			       enum trace_reg type, void *data);
#endif
#ifdef CONFIG_PERF_EVENTS
struct perf_event;
int perf_trace_open_local(struct trace_event_call *call,
			  struct perf_event *p_event,
			  void (*destroy)(struct trace_event_call *));
void perf_trace_close_local(struct perf_event *p_event,
			    void (*destroy)(struct trace_event_call *));
#endif

/* trace_events.c */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set);
int event_trace_init(void);
void trace_event_boot_init(void);
int event_trace_add_tr(struct trace_array *tr);
void event_trace_del_tr(struct trace_array *tr);

/*
 * What a set_event word selects: an event by name, a system, or globs
 * of either.  @system NULL with a plain word matches the event's name
 * or its system's name, as "echo sched > set_event" does upstream.
 */
struct event_match {
	const char	*system;
	const char	*event;
	bool		either;
};

int event_set(struct trace_event_file *file, bool on);
int trace_event_enable_at_boot(struct trace_event_call *call);
int event_soft_mode_get(struct trace_event_file *file);
void event_soft_mode_put(struct trace_event_file *file);
struct trace_event_file *event_file_find(struct trace_array *tr,
					 const char *system, const char *name);
void event_set_pid_filter(struct trace_array *tr, bool on);
struct trace_event_call *event_call_find_type(u64 type);
int event_set_matching(struct trace_array *tr, struct event_match *m, bool on);

static inline bool event_enabled(struct trace_event_file *file)
{
	return file->flags & EVENT_FILE_FL_ENABLED;
}

/*
 * Let an event in soft mode record (@on) or drop its records, from any
 * context.  Returns whether that changed anything.
 */
static inline bool event_soft_set(struct trace_event_file *file, bool on)
{
	if (on)
		return test_and_clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT,
					  &file->flags);
	return !test_and_set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
}

/**
 * struct trace_event_hook - something an event's records are handed to
 * @list: entry in the event's &trace_event_file.hooks
 * @func: called with each record of the event, before it is committed;
 *	in the event's probe, preemption disabled
 */
struct trace_event_hook {
	struct list_head	list;
	void			(*func)(struct trace_event_hook *hook,
					const void *rec);
};

/* trace_events_hook.c */
int event_hook_add(struct trace_event_file *file,
		   struct trace_event_hook *hook);
void event_hook_del(struct trace_event_file *file,
		    struct trace_event_hook *hook);

static inline const char *event_system(struct trace_event_call *call)
{
	return call->class->system;
}

/**
 * struct event_dir_ops - what the events/ directory code does for the
 *	events layer (trace_events_dir.c registers it)
 * @create_events_dir: a session's events/, or NULL without memory
 * @remove_events_dir: remove it
 * @create_dir: an event's directory in its session's events/
 * @remove_dir: remove it, if it has one
 */
struct event_dir_ops {
	struct eventfs_inode	*(*create_events_dir)(struct trace_array *tr);
	void			(*remove_events_dir)(struct trace_array *tr);
	void			(*create_dir)(struct trace_event_file *file);
	void			(*remove_dir)(struct trace_event_file *file);
};

void event_dir_register(const struct event_dir_ops *ops);

/* trace_events_dir.c: a session's events/ directory */
void trace_event_eval_update(struct trace_eval_map **map, int len);

/* trace_events_filter.c: the expressions of the events' filter files */
enum filter_err {
	FILTER_ERR_NONE,
	FILTER_ERR_OP,
	FILTER_ERR_OPEN,
	FILTER_ERR_CLOSE,
	FILTER_ERR_QUOTE,
	FILTER_ERR_LONG,
	FILTER_ERR_FIELD_OP,
	FILTER_ERR_FIELD,
	FILTER_ERR_INT,
	FILTER_ERR_MISSING,
	FILTER_ERR_DEPTH,
	FILTER_ERR_PREDS,
	FILTER_ERR_EXPECT,
	FILTER_ERR_FUNC,
	FILTER_ERR_NOMEM,
	FILTER_ERR_SYSTEM,
	FILTER_ERR_EMPTY,
	FILTER_ERR_GLOB,
};

/**
 * struct filter_error - why a filter did not parse
 * @type: an enum filter_err value
 * @pos: where in the filter's text
 */
struct filter_error {
	int	type;
	int	pos;
};

struct event_filter *event_filter_parse(struct trace_event_call *call,
					const char *text,
					struct filter_error *err);
const char *event_filter_text(const struct event_filter *filter);
void event_filter_free(struct event_filter *filter);
void event_filter_log_error(struct trace_array *tr, const char *text,
			    const struct filter_error *err);
bool trace_event_filter_keep(struct trace_event_file *file, const void *rec);
bool event_filter_match(const struct event_filter *filter, const void *rec);
const struct trace_event_fields *
event_field_find(struct trace_event_call *call, const char *name);


/* trace_syscalls.c: the syscalls/ events */
#ifdef CONFIG_FTRACE_SYSCALLS
void init_ftrace_syscalls(void);
const char *get_syscall_name(int syscall);
#else
static inline void init_ftrace_syscalls(void)
{
}

static inline const char *get_syscall_name(int syscall)
{
	return NULL;
}
#endif

#endif /* _KERNEL_TRACE_TRACE_EVENTS_INTERNAL_H */
