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
#ifdef CONFIG_TRACER_SNAPSHOT
void trace_snapshot_request(struct trace_array *tr);
void trace_snapshot_run_requests(void);
#else
static inline void trace_snapshot_run_requests(void)
{
}
#endif
int trace_snapshot_command(struct trace_array *tr, long cpu, unsigned long val);
int tracing_alloc_snapshot(void);


/* trace_events_core.c: those record types as events/ftrace/ */
int trace_events_core_init(void);
bool ftrace_event_is_function(struct trace_event_call *call);
int trace_events_core_set_text(enum trace_type type,
			       struct trace_event_functions *funcs);

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
extern struct mutex dyn_event_mutex;
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
struct trace_event_file *event_file_lookup(struct trace_array *tr,
					   const char *system,
					   const char *name);
void event_set_pid_filter(struct trace_array *tr, bool on);
struct trace_event_call *event_call_find_type(u64 type);
int event_set_matching(struct trace_array *tr, struct event_match *m, bool on);
int event_file_open(struct inode *inode, struct file *filp);
int event_file_release(struct inode *inode, struct file *filp);
void event_file_put(struct trace_event_file *file);

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
 * @func: called with each record of the event and the buffer it goes
 *	to, before it is committed; in the event's probe, preemption
 *	disabled.  Returns bits for @post, or 0.
 * @post: if some @func returned bits: called with their union after the
 *	record is committed (or dropped); or NULL
 * @gone: the event's file is being removed with the hook still on it:
 *	remove the hook (event_hook_del()); trace_types_lock held.  NULL
 *	for a hook whose owner removes it before (event probes).
 */
struct trace_event_hook {
	struct hlist_node	list;
	unsigned int		(*func)(struct trace_event_hook *hook,
					const void *rec,
					struct trace_buffer *buffer);
	void			(*post)(struct trace_event_hook *hook,
					unsigned int bits,
					struct trace_buffer *buffer);
	void			(*gone)(struct trace_event_hook *hook);
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
void event_dir_register_hist(const struct file_operations *hist,
			     const struct file_operations *hist_debug);


/* trace_events_trigger.c: events/<sys>/<event>/trigger */

/*
 * enum event_cmd_flags - what the trigger core does for a command
 * @EVENT_CMD_POST: fires after its event's record is committed (traceon,
 *	traceoff, snapshot, stacktrace); the others see the record
 * @EVENT_CMD_COUNT: takes ":N", a count of how many more times it acts
 * @EVENT_CMD_HIST: a histogram kind: O_TRUNC on the trigger file
 *	removes it (hist, enable_hist, disable_hist)
 * @EVENT_CMD_SIMPLE: parsed by the core ("name[:N] [if filter]", or
 *	"name:sys:event[:N] [if filter]" with @EVENT_CMD_TARGET); else
 *	the command's own &event_command.parse does it all
 * @EVENT_CMD_TARGET: names another event (enable_event and kin)
 * @EVENT_CMD_APPEND: a new trigger goes after the event's others (hist,
 *	as 6.12 lists them); the others go first
 */
enum event_cmd_flags {
	EVENT_CMD_POST		= BIT(0),
	EVENT_CMD_COUNT		= BIT(1),
	EVENT_CMD_HIST		= BIT(2),
	EVENT_CMD_SIMPLE	= BIT(3),
	EVENT_CMD_TARGET	= BIT(4),
	EVENT_CMD_APPEND	= BIT(5),
};

struct event_trigger;

/**
 * struct event_command - a kind of trigger ("traceoff", "hist", ...)
 * @list: entry in the list of commands (trace_types_lock)
 * @name: the word that starts a trigger of this kind
 * @flags: &enum event_cmd_flags
 * @slot: commands with the same nonzero slot are one trigger per event
 *	(traceon and traceoff; snapshot; stacktrace): a second is -EEXIST
 * @parse: for a command without EVENT_CMD_SIMPLE: add (or with @remove,
 *	remove) what @text says on @file.  @text is the whole trigger as
 *	written, "!" and filter included, spaces trimmed.  Returns 0 or a
 *	negative error, having logged the error_log line itself.  Called
 *	with dyn_event_mutex and trace_types_lock
 *	held, in that order.
 * @init: for an EVENT_CMD_SIMPLE command, called (locks held) before
 *	the trigger is added; an error refuses it.  NULL: nothing to do.
 * @fire: the trigger acts.  @rec is the event's record (NULL for
 *	EVENT_CMD_POST commands, which run after it is committed);
 *	@buffer the ring buffer it went to.  Any context; must not sleep
 *	(except that ftrace/print's triggers, run by trace_marker writes,
 *	are preemptible for EVENT_CMD_POST commands).
 * @print: the trigger's line in the trigger file, without the newline.
 *	For an EVENT_CMD_SIMPLE command, without the count and the filter
 *	too, which the core adds; NULL then prints "name" (with
 *	":sys:event" for EVENT_CMD_TARGET).
 * @free: free @trigger->data, once no probe runs the trigger (may
 *	sleep; trace_types_lock may or may not be held); or NULL
 * @match: with @remove or for -EEXIST: whether @a and @b are the same
 *	trigger; NULL compares @data for EVENT_CMD_TARGET and nothing else
 * @truncate: for an EVENT_CMD_HIST command, O_TRUNC on @file's trigger
 *	file: take off its triggers of this kind as "!" would, or leave
 *	them.  Locks as for @parse.  NULL: the core removes them all.
 */
struct event_command {
	struct list_head	list;
	const char		*name;
	unsigned int		flags;
	unsigned int		slot;
	int	(*parse)(const struct event_command *cmd,
			 struct trace_event_file *file, char *text,
			 bool remove);
	int	(*init)(struct event_trigger *trigger);
	void	(*fire)(struct event_trigger *trigger, void *rec,
			struct trace_buffer *buffer);
	void	(*print)(struct seq_file *m, struct event_trigger *trigger);
	void	(*free)(struct event_trigger *trigger);
	bool	(*match)(const struct event_trigger *a,
			 const struct event_trigger *b);
	void	(*truncate)(const struct event_command *cmd,
			    struct trace_event_file *file);
};

/**
 * struct event_trigger - a trigger on one event in one session
 * @list: entry in &trace_event_file.triggers (RCU; trace_types_lock)
 * @cmd: its kind
 * @file: the event it is on
 * @filter: the records it fires for, or NULL for all
 * @filter_text: @filter as written (" if " dropped), or NULL
 * @count: how many more times it acts; -1: no limit
 * @paused: set: it does not fire (a paused histogram)
 * @data: the command's own (for EVENT_CMD_TARGET: the target's
 *	&struct trace_event_file)
 * @rcu: frees it after the probes that may still run it
 */
struct event_trigger {
	struct list_head		list;
	const struct event_command	*cmd;
	struct trace_event_file		*file;
	struct event_filter		*filter;
	char				*filter_text;
	long				count;
	bool				paused;
	void				*data;
	struct rcu_head			rcu;
};

/*
 * The trigger core's services (kernel-doc in trace_events_trigger.c):
 * event_trigger_alloc() returns the trigger or an ERR_PTR() (a filter
 * that does not parse is -EINVAL with its error_log line); it is not on
 * the event yet.  event_trigger_add() publishes it (trace_types_lock
 * held; the first trigger puts the event in soft mode; the trigger's
 * @file must be where it goes).  event_trigger_del() unpublishes it
 * (lock held) and event_trigger_free() frees it once no probe can run it
 * (it waits for that; call it after the unlock where you can).
 */
int event_command_register(struct event_command *cmd);
struct event_trigger *event_trigger_alloc(const struct event_command *cmd,
					  struct trace_event_file *file,
					  const char *filter_text, void *data);
void event_trigger_free(struct event_trigger *trigger);
int event_trigger_add(struct event_trigger *trigger);
void event_trigger_del(struct event_trigger *trigger);
bool event_trigger_take_count(struct event_trigger *trigger);
unsigned int event_triggers_run(struct trace_event_file *file,
				const void *rec, struct trace_buffer *buffer);
void event_triggers_post(struct trace_event_file *file, unsigned int slots,
			 struct trace_buffer *buffer);
extern const struct file_operations event_trigger_fops;

#define for_each_event_trigger(t, file)					\
	list_for_each_entry_rcu(t, &(file)->triggers, list,		\
				lockdep_is_held(&trace_types_lock))

/* Whether an event has triggers: they see each record, dropped or not. */
static inline bool event_triggered(const struct trace_event_file *file)
{
	return READ_ONCE(file->flags) & EVENT_FILE_FL_TRIGGERED;
}

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
	FILTER_ERR_BRACE_OPEN,
	FILTER_ERR_BRACE_CLOSE,
	FILTER_ERR_CPULIST,
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
