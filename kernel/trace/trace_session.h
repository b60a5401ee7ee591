/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The session layer of the tracing core (Documentation/trace/layers.rst):
 * the trace array (a session: its ring buffer, options, clock, error
 * log, tracer), the record types of the core's own entries, the tracer
 * registry, and what trace.c and trace_cmdlines.c offer the layers
 * above.  The files of this layer and those above include it.
 */
#ifndef _KERNEL_TRACE_TRACE_SESSION_H
#define _KERNEL_TRACE_TRACE_SESSION_H

#include <linux/ftrace.h>
#include <linux/ring_buffer.h>
#include <linux/trace_events.h>
#include <linux/trace.h>
#include <linux/tracefs.h>
#include <linux/irq_work.h>
#include <linux/jump_label.h>
#include <linux/mmiotrace.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/workqueue.h>

#include "trace_leaves.h"

struct seq_file;
struct syscall_metadata;

/*
 * The modes of the tracefs files, as 6.12 has them: only the owner
 * (root) and the group (the mount's gid=) may use them.
 */
#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/*
 * Record types of the core's own entries.  The numbers are user ABI
 * (each is the ID in events/ftrace/<name>/format); events get the ids
 * after __TRACE_LAST_TYPE, in the order they are registered.
 */
enum trace_type {
	__TRACE_FIRST_TYPE = 0,
	TRACE_FN,
	TRACE_CTX,
	TRACE_WAKE,
	TRACE_STACK,
	TRACE_PRINT,
	TRACE_BPRINT,
	TRACE_MMIO_RW,
	TRACE_MMIO_MAP,
	TRACE_BRANCH,
	TRACE_GRAPH_RET,
	TRACE_GRAPH_ENT,
	TRACE_USER_STACK,
	TRACE_BLK,
	TRACE_BPUTS,
	TRACE_HWLAT,
	TRACE_OSNOISE,
	TRACE_TIMERLAT,
	TRACE_RAW_DATA,
	TRACE_FUNC_REPEATS,
	__TRACE_LAST_TYPE,
};

/* A function entry (the function tracer): events/ftrace/function */
struct ftrace_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
};

/*
 * A kernel stack, innermost call first: events/ftrace/kernel_stack.  The
 * format file shows eight callers, as 6.12's does; a record holds @size.
 */
#define FTRACE_STACK_ENTRIES	8
struct stack_entry {
	struct trace_entry	ent;
	int			size;
	unsigned long		caller[] __counted_by(size);
};

/*
 * The user-space stack of the task an event happened in, after the event
 * (the userstacktrace option): events/ftrace/user_stack.  Unused slots of
 * @caller are 0; @tgid finds the process's mappings for sym-userobj.
 */
struct userstack_entry {
	struct trace_entry	ent;
	unsigned int		tgid;
	unsigned long		caller[FTRACE_STACK_ENTRIES];
};

/*
 * func-no-repeats: @count more calls of @ip from @parent_ip came right
 * after the function record before this one; the last of them was
 * @top_delta_ts << 32 | @bottom_delta_ts before this record's time stamp
 * (events/ftrace/func_repeats).
 */
struct func_repeats_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
	u16			count;
	u16			top_delta_ts;
	u32			bottom_delta_ts;
};

/* How long before its record's time stamp a repeats record's last call was. */
static inline u64 func_repeats_delta(const struct func_repeats_entry *e)
{
	return (u64)e->top_delta_ts << 32 | e->bottom_delta_ts;
}

/*
 * The layout of 6.12's branch tracer record (events/ftrace/branch): its
 * format is offered to the tools that parse it, though no tracer here
 * writes one.
 */
#define TRACE_FUNC_SIZE		30
#define TRACE_FILE_SIZE		20
struct trace_branch {
	struct trace_entry	ent;
	unsigned int		line;
	char			func[TRACE_FUNC_SIZE + 1];
	char			file[TRACE_FILE_SIZE + 1];
	char			correct;
	char			constant;
};

/* trace_marker and trace_printk() text: events/ftrace/print */
struct print_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	char			buf[];
};

/* trace_printk() with its arguments in binary: events/ftrace/bprint */
struct bprint_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*fmt;
	u32			buf[];
};

/* trace_puts() of a constant string: events/ftrace/bputs */
struct bputs_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*str;
};

/* A function's entry (function_graph): events/ftrace/funcgraph_entry */
struct ftrace_graph_ent_entry {
	struct trace_entry	ent;
	struct ftrace_graph_ent	graph_ent;
} __packed;

/* Its return: events/ftrace/funcgraph_exit */
struct ftrace_graph_ret_entry {
	struct trace_entry	ent;
	struct ftrace_graph_ret	ret;
} __packed;

/* trace_marker_raw: events/ftrace/raw_data */
struct raw_data_entry {
	struct trace_entry	ent;
	unsigned int		id;
	char			buf[];
};

/*
 * A task switched in (events/ftrace/context_switch, TRACE_CTX) or woken
 * (events/ftrace/wakeup, TRACE_WAKE): the wakeup tracers.  prev is the
 * task switched out or the waker, next the one switched in or woken; the
 * states are task_state_index() values.
 */
struct ctx_switch_entry {
	struct trace_entry	ent;
	unsigned int		prev_pid;
	unsigned int		next_pid;
	unsigned int		next_cpu;
	unsigned char		prev_prio;
	unsigned char		prev_state;
	unsigned char		next_prio;
	unsigned char		next_state;
};

/*
 * The records of the hwlat, osnoise, timerlat and mmiotrace tracers.
 * Their formats are offered whatever is built, as 6.12 offers them
 * (trace_events_core.c); the tracers write them.
 */

/*
 * A window of the hwlat tracer with a late reading (events/ftrace/hwlat):
 * the gaps and the NMIs' time in microseconds, the wall time of the
 * first late reading.
 */
struct hwlat_entry {
	struct trace_entry	ent;
	u64			duration;
	u64			outer_duration;
	u64			nmi_total_ts;
	struct timespec64	timestamp;
	unsigned int		nmi_count;
	unsigned int		seqnum;
	unsigned int		count;
};

/*
 * One sample of the osnoise tracer (events/ftrace/osnoise): the times in
 * microseconds, the count of each kind of interference.
 */
struct osnoise_entry {
	struct trace_entry	ent;
	u64			noise;
	u64			runtime;
	u64			max_sample;
	unsigned int		hw_count;
	unsigned int		nmi_count;
	unsigned int		irq_count;
	unsigned int		softirq_count;
	unsigned int		thread_count;
};

/* A timer's latency, timerlat tracer (events/ftrace/timerlat), in ns. */
struct timerlat_entry {
	struct trace_entry	ent;
	unsigned int		seqnum;
	int			context;
	u64			timer_latency;
};

/*
 * mmiotrace's reports as mmio-mod.c makes them: an access to a traced
 * mapping (events/ftrace/mmiotrace_rw) and a mapping made or undone
 * (events/ftrace/mmiotrace_map).
 */
struct mmio_rw_entry {
	struct trace_entry	ent;
	struct mmiotrace_rw	rw;
};

struct mmio_map_entry {
	struct trace_entry	ent;
	struct mmiotrace_map	map;
};

/* trace_options bits; the names are in trace.c. */
enum {
	TRACE_ITER_PRINT_PARENT_BIT,
	TRACE_ITER_SYM_OFFSET_BIT,
	TRACE_ITER_SYM_ADDR_BIT,
	TRACE_ITER_VERBOSE_BIT,
	TRACE_ITER_RAW_BIT,
	TRACE_ITER_HEX_BIT,
	TRACE_ITER_BIN_BIT,
	TRACE_ITER_BLOCK_BIT,
	TRACE_ITER_FIELDS_BIT,
	TRACE_ITER_PRINTK_BIT,
	TRACE_ITER_ANNOTATE_BIT,
	TRACE_ITER_USERSTACKTRACE_BIT,
	TRACE_ITER_SYM_USEROBJ_BIT,
	TRACE_ITER_PRINTK_MSGONLY_BIT,
	TRACE_ITER_CONTEXT_INFO_BIT,
	TRACE_ITER_LATENCY_FMT_BIT,
	TRACE_ITER_RECORD_CMD_BIT,
	TRACE_ITER_RECORD_TGID_BIT,
	TRACE_ITER_OVERWRITE_BIT,
	TRACE_ITER_STOP_ON_FREE_BIT,
	TRACE_ITER_MARKERS_BIT,
	TRACE_ITER_EVENT_FORK_BIT,
	TRACE_ITER_PAUSE_ON_TRACE_BIT,
	TRACE_ITER_HASH_PTR_BIT,
	TRACE_ITER_IRQ_INFO_BIT,
	TRACE_ITER_FUNC_FORK_BIT,
	TRACE_ITER_FUNCTION_BIT,
	TRACE_ITER_DISPLAY_GRAPH_BIT,
	TRACE_ITER_STACKTRACE_BIT,
	/* From here on, options that belong to a tracer (&tracer.options). */
	TRACE_ITER_GRAPH_OVERRUN_BIT,
	TRACE_ITER_GRAPH_CPU_BIT,
	TRACE_ITER_GRAPH_OVERHEAD_BIT,
	TRACE_ITER_GRAPH_PROC_BIT,
	TRACE_ITER_GRAPH_DURATION_BIT,
	TRACE_ITER_GRAPH_ABSTIME_BIT,
	TRACE_ITER_GRAPH_IRQS_BIT,
	TRACE_ITER_GRAPH_TAIL_BIT,
	TRACE_ITER_GRAPH_RETVAL_BIT,
	TRACE_ITER_GRAPH_RETVAL_HEX_BIT,
	TRACE_ITER_SLEEP_TIME_BIT,
	TRACE_ITER_GRAPH_TIME_BIT,
	TRACE_ITER_FUNC_STACK_BIT,
	TRACE_ITER_FUNC_NO_REPEATS_BIT,
	TRACE_ITER_BLK_CLASSIC_BIT,
	TRACE_ITER_BLK_CGROUP_BIT,
	TRACE_ITER_BLK_CGNAME_BIT,
	TRACE_ITER_NR_BITS,
};

#define TRACE_ITER(x)		BIT_ULL(TRACE_ITER_##x##_BIT)

/*
 * Options that trace_options lists, as upstream does, but that this
 * kernel's configuration does not build: they read as off, and turning
 * one on fails with -EINVAL instead of being taken and ignored.
 */
#define TRACE_ITER_UNBUILT						\
	(TRACE_ITER_USERSTACK_UNBUILT | TRACE_ITER_FUNCTION_UNBUILT |	\
	 TRACE_ITER(DISPLAY_GRAPH))

/* userstacktrace and sym-userobj: the architecture's user stack walk */
#if defined(CONFIG_STACKTRACE) && defined(CONFIG_USER_STACKTRACE_SUPPORT)
#define TRACE_ITER_USERSTACK_UNBUILT	0
#else
#define TRACE_ITER_USERSTACK_UNBUILT					\
	(TRACE_ITER(USERSTACKTRACE) | TRACE_ITER(SYM_USEROBJ))
#endif

/* function-trace: the functions called during a latency tracer's stretch */
#if defined(CONFIG_FUNCTION_TRACER) &&					\
	(defined(CONFIG_IRQSOFF_TRACER) || defined(CONFIG_PREEMPT_TRACER) || \
	 defined(CONFIG_SCHED_TRACER))
#define TRACE_ITER_FUNCTION_UNBUILT	0
#else
#define TRACE_ITER_FUNCTION_UNBUILT	TRACE_ITER(FUNCTION)
#endif

struct trace_array;

/**
 * struct trace_file_key - what the inode of a session's file points at
 * @tr: the session
 * @cpu: the CPU the file is about, or %RING_BUFFER_ALL_CPUS
 *
 * A session's files do not point at the session itself: an inode may
 * outlive an instance removed while a lookup of it was under way.  The
 * key is checked against the live sessions before it is followed (see
 * trace_key_get()); Documentation/trace/instances.rst has the rules.
 */
struct trace_file_key {
	struct trace_array	*tr;
	long			cpu;
};

struct tracer;
struct ftrace_probe_table;
struct trace_func_repeat;

/**
 * struct trace_func - a session's function tracer: its filters, probes
 *	and pids
 *
 * Made with the session's files (ftrace_func_init()) and gone with the
 * session (ftrace_func_release()), after its tracer stopped.
 *
 * @tr: the session; NULL until ftrace_func_init()
 * @list: on ftrace.c's list of them, for the module notifiers (ftrace_lock)
 * @ops: the function tracer's callback; its filter set is
 *	set_ftrace_filter, its notrace set set_ftrace_notrace (ftrace_lock)
 * @pending: the words of set_ftrace_filter ([0]) and set_ftrace_notrace
 *	([1]) that wait for their module (ftrace_lock)
 * @probe_ops: calls the function probes; registered while there are some
 * @probes: the probes written to set_ftrace_filter, sorted by address;
 *	replaced under ftrace_lock, read under RCU
 * @pids: set_ftrace_pid, NULL for every task (trace_pid_slot_merge())
 * @notrace_pids: set_ftrace_notrace_pid
 * @graph_ops: never registered: its filter set is set_graph_function, its
 *	notrace set set_graph_notrace (ftrace_lock)
 * @graph_pending: their words waiting for a module
 * @gops: the function_graph tracer's graph user, on @ops
 * @graph_depth: max_graph_depth, 0 for no limit
 * @repeats: per CPU, the last call func-no-repeats saw (trace_functions.c);
 *	NULL until the option is first used with the function tracer
 */
struct trace_func {
	struct trace_array			*tr;
	struct list_head			list;
	struct ftrace_ops			ops;
	struct list_head			pending[2];
	struct ftrace_ops			probe_ops;
	struct ftrace_probe_table __rcu		*probes;
	struct trace_pid_set __rcu		*pids;
	struct trace_pid_set __rcu		*notrace_pids;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	struct ftrace_ops			graph_ops;
	struct list_head			graph_pending[2];
	struct fgraph_ops			gops;
	unsigned int				graph_depth;
#endif
	struct trace_func_repeat __percpu	*repeats;
};

/**
 * struct trace_max_info - a latency tracer's worst case, as the latency
 *	header of the trace file shows it
 * @latency: how long, in ns
 * @start: when it began, on the session's trace clock: the snapshot
 *	buffer's records from before are not part of it
 * @end: when its last record was written: nor are those from after
 * @cpu: the CPU it was on
 * @start_ip: where it began (0: the tracer has no such place)
 * @end_ip: where it ended
 * @comm: the task it is about
 * @pid: its pid
 * @uid: its user
 * @nice: its nice value
 * @policy: its scheduling policy
 * @rt_prio: its real-time priority
 * @gen: for a case that moves every CPU buffer, trace_max_gen() before
 *	its first record
 */
struct trace_max_info {
	u64		latency;
	u64		start;
	u64		end;
	int		cpu;
	unsigned long	start_ip;
	unsigned long	end_ip;
	char		comm[TASK_COMM_LEN];
	pid_t		pid;
	kuid_t		uid;
	long		nice;
	unsigned int	policy;
	unsigned int	rt_prio;
	unsigned long	gen;
};

/**
 * struct trace_max - the worst case of a session's latency tracer
 *	(trace_max.c)
 * @latency: tracing_max_latency, in ns
 * @lock: serialises the reports and the moves to the snapshot buffer
 * @pending: a worst case waits for @work to move it to the snapshot
 * @all_cpus: every CPU buffer is to move, not only that of @next.cpu
 * @next: that worst case
 * @shown: the worst case in the snapshot buffer
 * @gen: the exchanges of every CPU buffer begun and ended: odd while one
 *	is under way (see "Swapping CPU buffers" in
 *	Documentation/trace/ring-buffer-design.rst)
 * @irq_work: queues @work from where the report was made
 * @work: moves the live buffer's CPU buffers to the snapshot buffer
 * @had_snapshot: the snapshot buffer was allocated before the tracer
 * @had_lat_fmt: latency-format was on before the tracer
 */
struct trace_max {
	unsigned long		latency;
	raw_spinlock_t		lock;
	bool			pending;
	bool			all_cpus;
	struct trace_max_info	next;
	struct trace_max_info	shown;
	unsigned long		gen;
	struct irq_work		irq_work;
	struct delayed_work	work;
	bool			had_snapshot;
	bool			had_lat_fmt;
};

/**
 * struct trace_array - a tracing session: one ring buffer and the files,
 *	events and options that control it
 *
 * The top level of tracefs is the session global_trace; each directory
 * under instances/ is another.  Every field is set up by trace_array_init()
 * and changed under trace_types_lock unless it says otherwise.
 *
 * @list: entry in trace_arrays
 * @name: the instance's name; NULL for the top level
 * @ref: one for the session's existence, plus one per open file and per
 *	kernel user (trace_array_get_by_name()); an instance is removed only
 *	at one
 * @buffer: the ring buffer every record of the session is written to
 * @snapshot: the snapshot buffer (CONFIG_TRACER_SNAPSHOT, else NULL),
 *	whose CPU buffers change places with @buffer's (trace_snapshot.c);
 *	at its smallest size while not allocated
 * @snapshot_allocated: echo 1 > snapshot gave it @buffer's size
 * @snapshot_requested: a snapshot trigger asked for a snapshot, which a
 *	worker takes (trace_snapshot_request())
 * @buffer_expanded: @buffer has had its full size (trace_expanded_size())
 *	or one a user chose; until then it has its smallest, and the first
 *	use of the session expands it (tracing_update_buffers())
 * @dir: its tracefs directory (NULL: the tracefs root)
 * @percpu_dir: its per_cpu directory
 * @event_dir: its events directory (eventfs), or NULL
 * @trace_flags: TRACE_ITER() option bits; written under trace_types_lock,
 *	read without it by probes and readers, for which the value before a
 *	change or after it will do (__data_racy tells KCSAN so)
 * @clock_id: index of the trace clock in use
 * @buffer_percent: how full a CPU's buffer must be to wake a raw reader
 * @time_start: when the buffer was last reset, on the trace clock
 * @tracing_cpumask: the CPUs whose records are kept
 * @events: its &struct trace_event_file of each event (trace_events.c)
 * @marker_file: its ftrace/print event, whose triggers trace_marker
 *	writes run (trace_events.c sets it)
 * @systems: its events/<system> directories (trace_events.c)
 * @event_systems: the systems an instance made by the kernel offers
 *	(trace_array_get_by_name()), comma-separated; NULL: all
 * @event_pids: set_event_pid, or NULL (trace_event_pids.c)
 * @event_notrace_pids: set_event_notrace_pid, or NULL
 * @pid_ignore: per CPU, whether the task running there is filtered out
 *	of the session's events (written by the sched probes of trace_event_pids.c)
 * @err_log: its error_log entries, under the error log's own mutex
 * @nr_err_log: how many
 * @keys: nr_cpu_ids + 1 file keys: [0] the whole session, [cpu + 1] a CPU
 * @read_all: taken for write by a reader of every CPU buffer and by whoever
 *	resets, resizes or re-pages the buffer; for read by a reader of one
 *	CPU buffer (see trace_read_lock())
 * @read_cpu: per CPU, taken (inside @read_all for read) by a reader of
 *	that CPU's buffer
 * @tracer: its current_tracer; NULL for nop (trace_functions.c)
 * @func: its function tracer (CONFIG_FUNCTION_TRACER)
 * @max: its latency tracer's worst case (CONFIG_TRACER_MAX_TRACE)
 * @lost: its losses by event type (trace_lost.c), NULL until counted;
 *	under trace_types_lock
 */
struct trace_array {
	struct list_head	list;
	const char		*name;
	int			ref;
	struct trace_buffer	*buffer;
	struct trace_buffer	*snapshot;
	bool			snapshot_allocated;
	bool			snapshot_requested;
	bool			buffer_expanded;
	struct dentry		*dir;
	struct dentry		*percpu_dir;
	struct eventfs_inode	*event_dir;
	u64 __data_racy trace_flags;
	int			clock_id;
	int			buffer_percent;
	u64			time_start;
	cpumask_var_t		tracing_cpumask;
	struct list_head	events;
	struct trace_event_file	*marker_file;
	struct list_head	systems;
	const char		*event_systems;
	struct trace_pid_set __rcu *event_pids;
	struct trace_pid_set __rcu *event_notrace_pids;
	bool __percpu		*pid_ignore;
	struct list_head	err_log;
	unsigned int		nr_err_log;
	struct trace_file_key	*keys;
	struct rw_semaphore	read_all;
	struct mutex		*read_cpu;	/* per CPU: its buffer's readers */
	const struct tracer	*tracer;
	struct trace_lost	*lost;
#ifdef CONFIG_FUNCTION_TRACER
	struct trace_func	func;
#endif
#ifdef CONFIG_TRACER_MAX_TRACE
	struct trace_max	max;
#endif
};

extern struct trace_array global_trace;
extern struct list_head trace_arrays;

/* The key of a session's file about @cpu (RING_BUFFER_ALL_CPUS: all). */
static inline struct trace_file_key *trace_key(struct trace_array *tr,
					       long cpu)
{
	return &tr->keys[cpu + 1];
}

/* Tables the linker script gathers from every object of vmlinux. */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
extern struct syscall_metadata *__start_syscalls_metadata[];
extern struct syscall_metadata *__stop_syscalls_metadata[];
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

/* The CPUs that have a buffer. */
#define for_each_tracing_cpu(cpu)	for_each_possible_cpu(cpu)

/* tracing_thresh in ns (trace.c); 0 records everything */
extern unsigned long tracing_thresh;

/* Serialises configuration changes of the trace array and its events. */
extern struct mutex trace_types_lock;

/* trace.c: the sessions */
void trace_read_lock(struct trace_array *tr, int cpu);
void trace_read_unlock(struct trace_array *tr, int cpu);
bool tracing_is_disabled(void);
struct trace_array *trace_array_create(const char *name, const char *systems);
void trace_array_free(struct trace_array *tr);
struct trace_array *trace_array_find(const char *name);
struct trace_file_key *trace_key_get(void *key);
int trace_key_open(struct inode *inode, struct file *filp);
int trace_key_release(struct inode *inode, struct file *filp);
int trace_key_seq_open(struct file *filp, const struct seq_operations *ops);
int trace_key_seq_release(struct inode *inode, struct file *filp);
int trace_key_single_open(struct inode *inode, struct file *filp,
			  int (*show)(struct seq_file *m, void *v));
int trace_key_single_release(struct inode *inode, struct file *filp);
void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);
bool tracer_tracing_is_on(struct trace_array *tr);
void tracing_reset_all(struct trace_array *tr);
int tracing_open_generic(struct inode *inode, struct file *filp);
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx);
void trace_stack_write(struct trace_array *tr, int skip, unsigned long from);
void trace_user_stack_write(struct trace_array *tr, unsigned int ctx);
ssize_t trace_parse_write(const char __user *ubuf, size_t cnt, char *buf,
			  size_t size);
ssize_t trace_write_ulong(const char __user *ubuf, size_t cnt,
			  unsigned long *val);
__printf(4, 5)
ssize_t trace_read_text(char __user *ubuf, size_t cnt, loff_t *ppos,
			const char *fmt, ...);

int trace_global_init(void);

/* trace.c: a session's buffer sizes, its clock, its error log */
int tracing_expand_buffers(struct trace_array *tr);
int __tracing_update_buffers(struct trace_array *tr);

/**
 * tracing_update_buffers() - give a session's buffer its full size
 * @tr: the session, about to be used
 *
 * As __tracing_update_buffers(), taking trace_types_lock; once the
 * session has been expanded, one load and nothing else (the marker
 * write calls it on every write).
 *
 * Return: 0 or -ENOMEM.
 */
static inline int tracing_update_buffers(struct trace_array *tr)
{
	if (likely(READ_ONCE(tr->buffer_expanded)))
		return 0;
	return tracing_expand_buffers(tr);
}
void tracing_give_back_buffers(struct trace_array *tr, bool was_expanded);
int trace_resize_locked(struct trace_array *tr, unsigned long size, long cpu);
unsigned long trace_expanded_size(void);
void __init trace_boot_expand(void);
bool __init trace_boot_traced(void);
int trace_set_clock(struct trace_array *tr, const char *name);
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char * const *errs, u8 type,
		     u16 pos);
void trace_error_log_clear(struct trace_array *tr);
extern const struct seq_operations trace_error_log_seq_ops;
extern const struct trace_event_fields trace_common_fields[];

/* Whether a session's clock counts nanoseconds (its stamps print as s.us). */
static inline bool trace_clock_in_ns_for(struct trace_array *tr)
{
	return trace_clock_in_ns(tr->clock_id);
}

/* The session a file opened with trace_key_open() belongs to. */
static inline struct trace_file_key *file_key(struct file *filp)
{
	return filp->private_data;
}

/* trace_cmdlines.c: task names for the records' pids */
int trace_cmdlines_init(void);
void trace_cmdlines_create_files(struct dentry *parent);
void tracing_record_cmdline(struct task_struct *task);
void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);
int trace_event_enable_cmdline_record(bool on);

/**
 * struct tracer - a choice for current_tracer
 * @name: as written to current_tracer
 * @start: begin writing records into the session's buffer; 0 or an error
 * @stop: stop writing records
 * @options: the TRACE_ITER() bits that are this tracer's own: trace_options
 *	lists and takes them only while it is the current tracer (their
 *	options/ files are always there)
 * @set_option: called under trace_types_lock before one of @options
 *	changes on a session whose tracer this is; 0 or an error (the option
 *	then stays as it was).  May be NULL.
 * @open: a reader of the session's text opens; may set up @iter->private
 * @close: that reader goes; frees what @open made
 * @print_line: the text of one record, or TRACE_TYPE_UNHANDLED for the
 *	record's own printer.  Called with @iter->private as @open left it,
 *	or NULL (ftrace_dump()).
 * @print_header: the column legend of the trace file, instead of the
 *	default one (after the "# tracer:" line)
 * @max_latency: keeps its worst case in the snapshot buffer and
 *	tracing_max_latency (the latency tracers)
 * @top_only: only the top level offers it (not in an instance's
 *	available_tracers, as 6.12 hides blk there)
 * @tracing_on: the session's tracing_on file was written (@on: 1 or 0),
 *	under trace_types_lock: a tracer with a workload of its own (the
 *	sampling threads of osnoise, timerlat and hwlat) pauses it while
 *	tracing is off, as 6.12's do.  May be NULL.
 *
 * Every hook but @start and @stop may be NULL.
 */
struct tracer {
	const char	*name;
	int		(*start)(struct trace_array *tr);
	void		(*stop)(struct trace_array *tr);
	u64		options;
	int		(*set_option)(struct trace_array *tr, int bit, bool on);
	void		(*open)(struct trace_iterator *iter);
	void		(*close)(struct trace_iterator *iter);
	enum print_line_t (*print_line)(struct trace_iterator *iter);
	void		(*print_header)(struct seq_file *m,
					struct trace_iterator *iter);
	bool		max_latency;
	bool		top_only;
	void		(*tracing_on)(struct trace_array *tr, bool on);
};

/* trace.c: the tracers, and a session's; "nop" when it has none */
extern const struct tracer nop_tracer;
int register_tracer(const struct tracer *t);
const struct tracer *trace_tracer_nth(int i);
const struct tracer *trace_tracer_of(struct trace_array *tr);
const char *trace_tracer_name(struct trace_array *tr);
const struct tracer *trace_option_owner(int bit);
int tracing_set_tracer(struct trace_array *tr, const char *name);

#endif /* _KERNEL_TRACE_TRACE_SESSION_H */
