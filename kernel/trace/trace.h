/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the tracing core share: the trace array (the ring
 * buffer and its tracefs directory), the record types of the core's own
 * entries, and the functions one file offers the others.
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/ring_buffer.h>
#include <linux/trace_events.h>
#include <linux/tracefs.h>
#include <linux/mutex.h>
#include <linux/sched.h>

struct seq_file;

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

/* trace_marker_raw: events/ftrace/raw_data */
struct raw_data_entry {
	struct trace_entry	ent;
	unsigned int		id;
	char			buf[];
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
	TRACE_ITER_NR_BITS,
};

#define TRACE_ITER(x)		BIT(TRACE_ITER_##x##_BIT)

/*
 * Options that trace_options lists, as upstream does, but that this
 * tracing core does not build: they read as off, and turning one on
 * fails with -EINVAL instead of being taken and ignored.  They wait for
 * user stack traces and set_event_pid.
 */
#define TRACE_ITER_UNBUILT						\
	(TRACE_ITER(USERSTACKTRACE) | TRACE_ITER(SYM_USEROBJ) |		\
	 TRACE_ITER(EVENT_FORK))

/**
 * struct trace_array - a ring buffer and the tracefs files that control it
 * @buffer: the ring buffer every event of this array is written to
 * @dir: its tracefs directory
 * @percpu_dir: its per_cpu directory
 * @event_dir: its events directory
 * @trace_flags: TRACE_ITER() option bits
 * @clock_id: index of the trace clock in use
 * @buffer_percent: how full a CPU's buffer must be to wake a raw reader
 * @time_start: when the buffer was last reset, on the trace clock
 * @read_all: taken for write by a reader of every CPU buffer and by whoever
 *	resets, resizes or re-pages the buffer; for read by a reader of one
 *	CPU buffer (see trace_read_lock())
 * @read_cpu: per CPU, taken (inside @read_all for read) by a reader of
 *	that CPU's buffer
 */
struct trace_array {
	struct trace_buffer	*buffer;
	struct dentry		*dir;
	struct dentry		*percpu_dir;
	struct dentry		*event_dir;
	unsigned long		trace_flags;
	int			clock_id;
	int			buffer_percent;
	u64			time_start;
	struct rw_semaphore	read_all;
	struct mutex		*read_cpu;	/* per CPU: its buffer's readers */
};

extern struct trace_array global_trace;

/* Tables the linker script gathers from every object of vmlinux. */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];
extern const char *__stop___tracepoint_str[];

/* The CPUs that have a buffer. */
#define for_each_tracing_cpu(cpu)	for_each_possible_cpu(cpu)

/* Serialises configuration changes of the trace array and its events. */
extern struct mutex trace_types_lock;

/* trace.c */
void trace_read_lock(struct trace_array *tr, int cpu);
void trace_read_unlock(struct trace_array *tr, int cpu);
bool tracing_is_disabled(void);
bool trace_clock_in_ns_for(struct trace_array *tr);
void tracing_reset_all(struct trace_array *tr);
int tracing_open_generic(struct inode *inode, struct file *filp);
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx);
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char * const *errs, u8 type,
		     u16 pos);
void tracing_record_cmdline(struct task_struct *task);
void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);
ssize_t trace_parse_write(const char __user *ubuf, size_t cnt, char *buf,
			  size_t size);

/* trace_output.c */
struct trace_event *ftrace_find_event(int type);
enum print_line_t print_trace_line(struct trace_iterator *iter);
enum print_line_t __print_trace_line(struct trace_iterator *iter);
int trace_print_context(struct trace_iterator *iter);
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry);
void trace_print_lat_header(struct seq_file *m, unsigned long entries,
			    unsigned long total, bool help);
int trace_output_init(void);

/* trace_events.c */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set);
int event_trace_init(void);
void trace_event_boot_init(void);
int trace_event_enable_cmdline_record(bool on);
void trace_event_eval_update(struct trace_eval_map **map, int len);
extern const struct trace_event_fields trace_common_fields[];

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
void event_filter_log_error(const char *text, const struct filter_error *err);
bool trace_event_filter_keep(struct trace_event_file *file, const void *rec);

/* trace_functions.c: current_tracer and the function tracer */
const char *trace_tracer_name(void);
int tracing_set_tracer(const char *name);
void trace_tracers_init_tracefs(void);
#ifdef CONFIG_FTRACE_STARTUP_TEST
int trace_function_selftest(void);
#endif

/* ftrace.c: the call sites and the function tracer's filters */
#ifdef CONFIG_DYNAMIC_FTRACE
extern struct ftrace_ops ftrace_global_ops;
void ftrace_create_tracefs_files(struct dentry *parent);
#endif

/* trace_printk.c */
int trace_printk_formats_init(struct dentry *parent);
void trace_printk_boot_init(void);

#endif /* _KERNEL_TRACE_TRACE_H */
