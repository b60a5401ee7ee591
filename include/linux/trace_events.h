/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event tracing layer: what every trace record starts with, and the
 * context flags stored in it.
 *
 * The layer that turns TRACE_EVENT() definitions into records, format
 * files and the events/ directory builds on this header; until it is
 * configured in (CONFIG_EVENT_TRACING) only the record header and the
 * context helpers below are available.
 */
#ifndef _LINUX_TRACE_EVENTS_H
#define _LINUX_TRACE_EVENTS_H

#include <linux/bits.h>
#include <linux/hardirq.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/poll.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/irqflags.h>
#include <linux/minmax.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/trace_seq.h>
#include <linux/tracepoint.h>

struct trace_array;
struct trace_event_call;
struct trace_event_file;
struct event_system;
struct eventfs_inode;
struct trace_iterator;
struct bpf_prog;
struct bpf_prog_array;
struct dentry;

/* Text printed for a NULL string field. */
#define EVENT_NULL_STR		"(null)"

/**
 * struct trace_entry - the common header of every trace record
 * @type: the event's id, as in events/<system>/<event>/id
 * @flags: &enum trace_flag_type bits: the context the record came from
 * @preempt_count: low nibble: preemption depth; high nibble: migrate-disable
 *	depth
 * @pid: the pid of the task that was current
 *
 * Its layout is user ABI: every format file lists these four fields
 * first as common_type, common_flags, common_preempt_count, common_pid.
 */
struct trace_entry {
	unsigned short		type;
	unsigned char		flags;
	unsigned char		preempt_count;
	int			pid;
};

/**
 * enum trace_flag_type - the bits of &struct trace_entry.flags
 * @TRACE_FLAG_IRQS_OFF: interrupts were disabled
 * @TRACE_FLAG_IRQS_NOSUPPORT: the architecture cannot tell
 * @TRACE_FLAG_NEED_RESCHED: a reschedule was pending
 * @TRACE_FLAG_HARDIRQ: recorded in hard interrupt context
 * @TRACE_FLAG_SOFTIRQ: recorded in softirq context
 * @TRACE_FLAG_PREEMPT_RESCHED: a preemption was pending
 * @TRACE_FLAG_NMI: recorded in NMI context
 * @TRACE_FLAG_BH_OFF: bottom halves were disabled
 */
enum trace_flag_type {
	TRACE_FLAG_IRQS_OFF		= 0x01,
	TRACE_FLAG_IRQS_NOSUPPORT	= 0x02,
	TRACE_FLAG_NEED_RESCHED		= 0x04,
	TRACE_FLAG_HARDIRQ		= 0x08,
	TRACE_FLAG_SOFTIRQ		= 0x10,
	TRACE_FLAG_PREEMPT_RESCHED	= 0x20,
	TRACE_FLAG_NMI			= 0x40,
	TRACE_FLAG_BH_OFF		= 0x80,
};

/*
 * tracing_gen_ctx_irq_test() - pack the current context into 32 bits
 *
 * The result carries &enum trace_flag_type in bits 16-23 and the
 * preemption and migrate-disable depths (4 bits each, saturating) in
 * bits 0-7, ready to be split into &struct trace_entry.
 */
static inline unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_flag)
{
	unsigned int pc = preempt_count();
	unsigned int flags = irqs_flag;
	unsigned int depth;

	if (pc & NMI_MASK)
		flags |= TRACE_FLAG_NMI;
	if (pc & HARDIRQ_MASK)
		flags |= TRACE_FLAG_HARDIRQ;
	if (in_serving_softirq())
		flags |= TRACE_FLAG_SOFTIRQ;
	if (softirq_count() >> (SOFTIRQ_SHIFT + 1))
		flags |= TRACE_FLAG_BH_OFF;
	if (tif_need_resched())
		flags |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		flags |= TRACE_FLAG_PREEMPT_RESCHED;

#ifdef CONFIG_SMP
	depth = min_t(unsigned int, current->migration_disabled, 0xf);
#else
	depth = 0;
#endif
	return (flags << 16) | (depth << 4) |
	       min_t(unsigned int, pc & PREEMPT_MASK, 0xf);
}

#ifdef CONFIG_TRACE_IRQFLAGS_SUPPORT
static inline unsigned int tracing_gen_ctx_flags(unsigned long irqflags)
{
	return tracing_gen_ctx_irq_test(irqs_disabled_flags(irqflags) ?
					TRACE_FLAG_IRQS_OFF : 0);
}

static inline unsigned int tracing_gen_ctx(void)
{
	return tracing_gen_ctx_irq_test(irqs_disabled() ?
					TRACE_FLAG_IRQS_OFF : 0);
}
#else
static inline unsigned int tracing_gen_ctx_flags(unsigned long irqflags)
{
	return tracing_gen_ctx_irq_test(TRACE_FLAG_IRQS_NOSUPPORT);
}

static inline unsigned int tracing_gen_ctx(void)
{
	return tracing_gen_ctx_irq_test(TRACE_FLAG_IRQS_NOSUPPORT);
}
#endif

/*
 * As tracing_gen_ctx(), for a caller that disabled preemption only to
 * record: the extra level is not reported.
 */
static inline unsigned int tracing_gen_ctx_dec(void)
{
	unsigned int ctx = tracing_gen_ctx();

	if (ctx & 0xf)
		ctx--;
	return ctx;
}

/**
 * tracing_generic_entry_update() - fill in a record's common header
 * @entry: the record
 * @type: the event id
 * @trace_ctx: a value from tracing_gen_ctx() and friends
 */
static inline void tracing_generic_entry_update(struct trace_entry *entry,
						unsigned short type,
						unsigned int trace_ctx)
{
	entry->type = type;
	entry->flags = trace_ctx >> 16;
	entry->preempt_count = trace_ctx & 0xff;
	entry->pid = current->pid;
}

/* The largest record a perf tracepoint event may carry. */
#define PERF_MAX_TRACE_SIZE	8192

/* The longest string a filter compares against. */
#define MAX_FILTER_STR_VAL	256U

/**
 * enum trace_reg - requests to an event class's registration callback
 * @TRACE_REG_REGISTER: attach the ftrace probe
 * @TRACE_REG_UNREGISTER: detach the ftrace probe
 * @TRACE_REG_PERF_REGISTER: attach the perf probe
 * @TRACE_REG_PERF_UNREGISTER: detach the perf probe
 * @TRACE_REG_PERF_OPEN: a perf event was opened on the event
 * @TRACE_REG_PERF_CLOSE: that perf event was closed
 * @TRACE_REG_PERF_ADD: the perf event was scheduled in on this CPU
 * @TRACE_REG_PERF_DEL: the perf event was scheduled out
 */
enum trace_reg {
	TRACE_REG_REGISTER,
	TRACE_REG_UNREGISTER,
#ifdef CONFIG_PERF_EVENTS
	TRACE_REG_PERF_REGISTER,
	TRACE_REG_PERF_UNREGISTER,
	TRACE_REG_PERF_OPEN,
	TRACE_REG_PERF_CLOSE,
	TRACE_REG_PERF_ADD,
	TRACE_REG_PERF_DEL,
#endif
};

/**
 * enum print_line_t - what an event's print function did
 * @TRACE_TYPE_PARTIAL_LINE: the line did not fit; it is retried later
 * @TRACE_TYPE_HANDLED: the line was printed
 * @TRACE_TYPE_UNHANDLED: the record is not one this function prints
 * @TRACE_TYPE_NO_CONSUME: printed, but the record must not be consumed
 */
enum print_line_t {
	TRACE_TYPE_PARTIAL_LINE	= 0,
	TRACE_TYPE_HANDLED	= 1,
	TRACE_TYPE_UNHANDLED	= 2,
	TRACE_TYPE_NO_CONSUME	= 3,
};

/**
 * trace_handle_return() - the result of printing into @s
 * @s: the line being printed
 *
 * Return: %TRACE_TYPE_PARTIAL_LINE if @s overflowed, else %TRACE_TYPE_HANDLED.
 */
static inline enum print_line_t trace_handle_return(struct trace_seq *s)
{
	return trace_seq_has_overflowed(s) ?
		TRACE_TYPE_PARTIAL_LINE : TRACE_TYPE_HANDLED;
}

/**
 * struct trace_iterator - a reader's position in a trace buffer, and the
 *	text of the line it is printing
 * @tr: the trace array read
 * @tracer: the session's tracer when the reader opened: its printer and
 *	header apply (NULL: the records' own printers)
 * @seq: the line printed for the current record
 * @tmp_seq: scratch for the TP_printk() helpers (__print_flags() ...)
 * @ent: the current record
 * @ent_size: its length in bytes
 * @cpu: the CPU whose buffer it came from
 * @ts: its time stamp
 * @lost_events: records lost on @cpu just before this one
 * @time_start: what the latency-format times count from (0: the time
 *	the session's buffer was last reset)
 * @lookahead: how to look ahead in the reader (trace_iter_peek_next()),
 *	or NULL when it cannot (ftrace_dump())
 * @private: the reader's own state (its tracer's, see &tracer.open)
 */
struct tracer;
struct trace_iterator;

/**
 * struct trace_iter_lookahead - how a reader lets a printer look ahead
 * @peek: the record after the current one on its CPU, or NULL
 * @take: make that record part of the current line
 */
struct trace_iter_lookahead {
	const struct trace_entry *(*peek)(struct trace_iterator *iter);
	void (*take)(struct trace_iterator *iter);
};

struct trace_iterator {
	struct trace_array	*tr;
	const struct tracer	*tracer;
	struct trace_seq	seq;
	struct trace_seq	tmp_seq;
	struct trace_entry	*ent;
	int			ent_size;
	int			cpu;
	u64			ts;
	unsigned long		lost_events;
	u64			time_start;
	const struct trace_iter_lookahead *lookahead;
	void			*private;
};

struct trace_event;

typedef enum print_line_t (*trace_print_func)(struct trace_iterator *iter,
					      int flags,
					      struct trace_event *event);

/**
 * struct trace_event_functions - how records of one type are printed
 * @trace: the text of the trace and trace_pipe files
 * @raw: the "raw" output option's text (NULL: print the fields in hex)
 * @hex: the "hex" output option's text
 * @binary: the "bin" output option's bytes
 */
struct trace_event_functions {
	trace_print_func	trace;
	trace_print_func	raw;
	trace_print_func	hex;
	trace_print_func	binary;
};

/**
 * struct trace_event - a record type and its printer
 * @node: entry in the table of types, by @type
 * @type: the id in each record's common_type; 0 asks for a new one
 * @funcs: the print functions
 */
struct trace_event {
	struct hlist_node		node;
	int				type;
	struct trace_event_functions	*funcs;
};

int register_trace_event(struct trace_event *event);
int unregister_trace_event(struct trace_event *event);
enum print_line_t trace_nop_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event);
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *event);
__printf(2, 3)
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...);

/* How a filter would compare a field; kept for the event headers. */
enum {
	FILTER_OTHER = 0,
	FILTER_STATIC_STRING,
	FILTER_DYN_STRING,
	FILTER_RDYN_STRING,
	FILTER_PTR_STRING,
	FILTER_TRACE_FN,
	FILTER_CPUMASK,
	FILTER_COMM,
	FILTER_CPU,
	FILTER_STACKTRACE,
};

/**
 * struct trace_event_fields - one field of an event's record
 * @type: its C type as the format file shows it ("char[16]",
 *	"__data_loc char[]", ...)
 * @name: its name
 * @offset: its offset in the record
 * @size: its size in bytes (4 for a variable-length field's location word)
 * @is_signed: whether its type is signed
 * @filter_type: a FILTER_* hint
 * @len: the number of elements of an array field, else 0
 *
 * An event's fields are an array of these ending with a NULL @name.
 */
struct trace_event_fields {
	const char	*type;
	const char	*name;
	int		offset;
	int		size;
	int		is_signed;
	int		filter_type;
	int		len;
};

/**
 * struct trace_event_class - what the events of one TRACE_EVENT class share
 * @system: the events/ subdirectory the events live in
 * @fields: returns the fields after the common ones
 * @field_array: the fields after the common ones, for a class without
 *	@fields (an event made at run time)
 * @get_fields: returns the fields after the common ones of one event,
 *	for a class whose events differ in their fields (the syscall
 *	events); it comes before @fields and @field_array
 * @probe: the tracepoint probe that records an event of the class
 * @perf_probe: the tracepoint probe that hands an event of the class to
 *	the perf events open on it (perf_trace_<class>), or NULL
 * @reg: for an event that is not a tracepoint's: attaches and detaches
 *	it (&enum trace_reg) for the &struct trace_event_file in @data;
 *	NULL for a TRACE_EVENT() class, which trace_event_reg() serves
 * @perf_reg: @reg takes perf's requests too (TRACE_REG_PERF_*): perf may
 *	open the class's events
 * @raw_init: called once before an event of the class is registered;
 *	an error keeps the event out (-ENODEV quietly: the event does not
 *	apply to this kernel)
 * @size: the size of the fixed part of the record
 */
struct trace_event_class {
	const char			*system;
	struct trace_event_fields	*(*fields)(void);
	struct trace_event_fields	*field_array;
	struct trace_event_fields	*(*get_fields)(struct trace_event_call *call);
	void				*probe;
	void				*perf_probe;
	int				(*reg)(struct trace_event_call *call,
					       enum trace_reg type, void *data);
	bool				perf_reg;
	int				(*raw_init)(struct trace_event_call *call);
	int				size;
};

/* &struct trace_event_call flags. */
enum {
	TRACE_EVENT_FL_TRACEPOINT	= BIT(0),
	TRACE_EVENT_FL_IGNORE_ENABLE	= BIT(1),
	/* Any user may open it in perf, not only a privileged one. */
	TRACE_EVENT_FL_CAP_ANY		= BIT(2),
	TRACE_EVENT_FL_WAS_ENABLED	= BIT(3),
	TRACE_EVENT_FL_FMT_ALLOCATED	= BIT(4),
	/* Probe events: BPF programs of the kprobe type attach to them. */
	TRACE_EVENT_FL_KPROBE		= BIT(5),
	TRACE_EVENT_FL_UPROBE		= BIT(6),
	/* Made at run time (dynamic_events): class->reg attaches it. */
	TRACE_EVENT_FL_DYNAMIC		= BIT(7),
	/* An event probe's (recorded from another event's records). */
	TRACE_EVENT_FL_EPROBE		= BIT(8),
	/* A function entry, exit or tracepoint probe's (fprobe events). */
	TRACE_EVENT_FL_FPROBE		= BIT(9),
};

/**
 * struct trace_event_call - one event
 * @list: entry in the list of all events
 * @class: its class
 * @name: its name; taken from @tp when the event is registered
 * @tp: its tracepoint (for a TRACE_EVENT_FL_TRACEPOINT event)
 * @print_fmt: the print format the format file shows
 * @event: its record type and print functions
 * @flags: TRACE_EVENT_FL_* bits
 * @mod: the module that defines it, or NULL
 * @data: its owner's, for an event made at run time
 * @refcnt: its open events/ files (trace_types_lock); an event made at
 *	run time is not removed while it has any
 * @perf_events: per CPU, the perf events open on it that are scheduled
 *	in there (added and removed by perf with interrupts off on that
 *	CPU; walked by the perf probe under RCU)
 * @perf_refcount: the perf events open on it (trace_types_lock); the
 *	perf probe is attached while there is any
 * @perf_perm: TRACE_EVENT_PERF_PERM()'s check of a perf event opened on
 *	it, or NULL
 * @prog_array: the BPF programs attached to it through perf events
 *	(changed under bpf_event_mutex, read under RCU by its probes)
 * @perf_records: the perf events open on it that read its records: those
 *	that sample PERF_SAMPLE_RAW and those with a filter (trace_types_lock);
 *	while there is none, its TRACE_EVENT() perf probe builds no record
 */
struct trace_event_call {
	struct list_head		list;
	struct trace_event_class	*class;
	/*
	 * The member after @class: include/linux/syscalls.h initialises
	 * the name of its events in braces without naming the member.
	 */
	union {
		const char		*name;
	};
	struct tracepoint		*tp;
	const char			*print_fmt;
	struct trace_event		event;
	int				flags;
	struct module			*mod;
	void				*data;
	int				refcnt;
#ifdef CONFIG_PERF_EVENTS
	struct hlist_head __percpu	*perf_events;
	int				perf_refcount;
	int				(*perf_perm)(struct trace_event_call *call,
						     struct perf_event *p_event);
	struct bpf_prog_array __rcu	*prog_array;
	int				perf_records;
#endif
};

/**
 * trace_event_call_fields() - an event's fields after the common ones
 * @call: the event
 *
 * Return: its field table (its class's, or its own from @get_fields),
 * ending with a NULL name.
 */
static inline struct trace_event_fields *
trace_event_call_fields(struct trace_event_call *call)
{
	struct trace_event_class *class = call->class;

	if (class->get_fields)
		return class->get_fields(call);
	return class->fields ? class->fields() : class->field_array;
}

/**
 * trace_event_name() - an event's name
 * @call: the event
 *
 * Return: the name, as in events/<system>/<name>.
 */
static inline const char *trace_event_name(struct trace_event_call *call)
{
	return call->name;
}

/* &struct trace_event_file flags. */
enum {
	EVENT_FILE_FL_ENABLED_BIT,
	EVENT_FILE_FL_FILTERED_BIT,
	EVENT_FILE_FL_PID_FILTER_BIT,
	EVENT_FILE_FL_SOFT_MODE_BIT,
	EVENT_FILE_FL_SOFT_DISABLED_BIT,
	EVENT_FILE_FL_HOOKED_BIT,
	EVENT_FILE_FL_TRIGGERED_BIT,
};

/*
 * ENABLED: the probe is attached.  SOFT_MODE: something (a function
 * probe's enable_event or disable_event) switches the event on and off
 * from where it runs; the probe stays attached and SOFT_DISABLED says
 * whether its records are dropped.  HOOKED: other events (event probes)
 * are handed each record, dropped ones included.  TRIGGERED: the event
 * has triggers (its trigger file), which see each record too.  The bits
 * are changed with atomic bit operations: SOFT_DISABLED is flipped
 * without a lock.
 */
#define EVENT_FILE_FL_ENABLED	BIT(EVENT_FILE_FL_ENABLED_BIT)
#define EVENT_FILE_FL_FILTERED	BIT(EVENT_FILE_FL_FILTERED_BIT)
#define EVENT_FILE_FL_PID_FILTER	BIT(EVENT_FILE_FL_PID_FILTER_BIT)
#define EVENT_FILE_FL_SOFT_MODE	BIT(EVENT_FILE_FL_SOFT_MODE_BIT)
#define EVENT_FILE_FL_SOFT_DISABLED	BIT(EVENT_FILE_FL_SOFT_DISABLED_BIT)
#define EVENT_FILE_FL_HOOKED	BIT(EVENT_FILE_FL_HOOKED_BIT)
#define EVENT_FILE_FL_TRIGGERED	BIT(EVENT_FILE_FL_TRIGGERED_BIT)

struct event_filter;

/**
 * struct trace_event_file - an event in one trace array
 * @list: entry in its trace array's list of events
 * @call: the event
 * @tr: the trace array its records go to
 * @flags: EVENT_FILE_FL_* bits
 * @sm_ref: how many users keep the event in soft mode (trace_types_lock)
 * @ei: its directory under events/, or NULL
 * @system: its system's directory there, set with @ei
 * @filter: the records to keep, when EVENT_FILE_FL_FILTERED is set
 * @hooks: what each record is handed to, when EVENT_FILE_FL_HOOKED is
 *	set (RCU; written under trace_types_lock)
 * @triggers: its &struct event_trigger list, when EVENT_FILE_FL_TRIGGERED
 *	is set (RCU; written under trace_types_lock)
 */
struct trace_event_file {
	struct list_head		list;
	struct trace_event_call		*call;
	struct trace_array		*tr;
	unsigned long			flags;
	unsigned int			sm_ref;
	struct eventfs_inode		*ei;
	struct event_system		*system;
	struct event_filter __rcu	*filter;
	struct hlist_head		hooks;
	struct list_head		triggers;
};

/**
 * struct trace_event_buffer - a record being written by an event's probe
 * @buffer: the ring buffer it is reserved in
 * @event: the ring buffer event holding it
 * @trace_file: the event
 * @entry: the record
 * @trace_ctx: the context packed by tracing_gen_ctx()
 */
struct trace_event_buffer {
	struct trace_buffer		*buffer;
	struct ring_buffer_event	*event;
	struct trace_event_file		*trace_file;
	void				*entry;
	unsigned int			trace_ctx;
};

int trace_set_clr_event(const char *system, const char *event, int set);
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable);
int trace_add_event_call(struct trace_event_call *call);
int trace_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data);
int trace_remove_event_call(struct trace_event_call *call);

void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len);
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer);

/* The longest string a __vstring() field records, NUL included. */
#define TRACE_EVENT_STR_MAX	512

/**
 * trace_event_str_or_null() - a string to record, or the text for NULL
 * @str: the string, maybe NULL
 *
 * Return: @str, or EVENT_NULL_STR if it is NULL.
 */
static inline const char *trace_event_str_or_null(const char *str)
{
	return str ? str : EVENT_NULL_STR;
}

__printf(1, 0) int __trace_event_vstr_len(const char *fmt, va_list *ap);
__printf(3, 0) void __trace_event_assign_vstr(char *dst, int len,
					       const char *fmt, va_list *ap);

/* The TP_printk() helpers: each formats into @p and returns the text. */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array);
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array);
#if BITS_PER_LONG == 32
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array);
const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array);
#endif
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size);
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int len, bool concatenate);
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size);
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii);

/*
 * BPF programs attached to trace events.  The entry points exist whatever
 * the configuration; without CONFIG_BPF_EVENTS they refuse the attach.
 */
struct bpf_raw_tp_link;
union bpf_attr;
struct perf_event;

#ifdef CONFIG_BPF_EVENTS
/*
 * Run a raw tracepoint's BPF programs with its arguments, each widened to
 * a u64 (the probes <trace/bpf_probe.h> generates call them).
 */
void bpf_trace_run1(struct bpf_raw_tp_link *link, u64 a0);
void bpf_trace_run2(struct bpf_raw_tp_link *link, u64 a0, u64 a1);
void bpf_trace_run3(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2);
void bpf_trace_run4(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		    u64 a3);
void bpf_trace_run5(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		    u64 a3, u64 a4);
void bpf_trace_run6(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		    u64 a3, u64 a4, u64 a5);
void bpf_trace_run7(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		    u64 a3, u64 a4, u64 a5, u64 a6);
void bpf_trace_run8(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		    u64 a3, u64 a4, u64 a5, u64 a6, u64 a7);
void bpf_trace_run9(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		    u64 a3, u64 a4, u64 a5, u64 a6, u64 a7, u64 a8);
void bpf_trace_run10(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		     u64 a3, u64 a4, u64 a5, u64 a6, u64 a7, u64 a8, u64 a9);
void bpf_trace_run11(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		     u64 a3, u64 a4, u64 a5, u64 a6, u64 a7, u64 a8, u64 a9,
		     u64 a10);
void bpf_trace_run12(struct bpf_raw_tp_link *link, u64 a0, u64 a1, u64 a2,
		     u64 a3, u64 a4, u64 a5, u64 a6, u64 a7, u64 a8, u64 a9,
		     u64 a10, u64 a11);

unsigned int trace_call_bpf(struct trace_event_call *call, void *ctx);
int perf_event_attach_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			       u64 bpf_cookie);
void perf_event_detach_bpf_prog(struct perf_event *event);
int perf_event_query_prog_array(struct perf_event *event, void __user *info);
int bpf_probe_register(struct bpf_raw_event_map *btp,
		       struct bpf_raw_tp_link *link);
int bpf_probe_unregister(struct bpf_raw_event_map *btp,
			 struct bpf_raw_tp_link *link);
struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name);
void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp);
int bpf_get_perf_event_info(const struct perf_event *event, u32 *prog_id,
			    u32 *fd_type, const char **buf,
			    u64 *probe_offset, u64 *probe_addr,
			    unsigned long *missed);
int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog);
int bpf_uprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog);
#else
static inline unsigned int trace_call_bpf(struct trace_event_call *call,
					  void *ctx)
{
	return 1;
}

static inline int perf_event_attach_bpf_prog(struct perf_event *event,
					     struct bpf_prog *prog,
					     u64 bpf_cookie)
{
	return -EOPNOTSUPP;
}

static inline void perf_event_detach_bpf_prog(struct perf_event *event)
{
}

static inline int perf_event_query_prog_array(struct perf_event *event,
					      void __user *info)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_register(struct bpf_raw_event_map *btp,
				     struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_unregister(struct bpf_raw_event_map *btp,
				       struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	return NULL;
}

static inline void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp)
{
}

static inline int bpf_get_perf_event_info(const struct perf_event *event,
					  u32 *prog_id, u32 *fd_type,
					  const char **buf, u64 *probe_offset,
					  u64 *probe_addr,
					  unsigned long *missed)
{
	return -EOPNOTSUPP;
}

static inline int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}

static inline int bpf_uprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}
#endif /* CONFIG_BPF_EVENTS */

/*
 * The perf side of trace events: kernel/events/core.c calls these to
 * open tracepoint events as perf events.  They are implemented by the
 * event tracing layer (CONFIG_EVENT_TRACING); perf keeps its own
 * fallbacks, which refuse such events, when that layer is built out.
 */
struct event_filter;
int filter_match_preds(struct event_filter *filter, void *rec);

#ifdef CONFIG_PERF_EVENTS
DECLARE_PER_CPU(struct pt_regs, perf_trace_regs);

int perf_trace_init(struct perf_event *event);
void perf_trace_destroy(struct perf_event *event);
int perf_trace_add(struct perf_event *event, int flags);
void perf_trace_del(struct perf_event *event, int flags);
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str);
void ftrace_profile_free_filter(struct perf_event *event);
void perf_trace_buf_update(void *record, u16 type);
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp);
struct pt_regs *perf_trace_count_begin(int *rctxp);
extern struct trace_entry perf_trace_no_record;
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			    u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);
void perf_trace_run_bpf_submit(void *raw_data, int size, int rctx,
			       struct trace_event_call *call, u64 count,
			       struct pt_regs *regs, struct hlist_head *head,
			       struct task_struct *task);
int trace_event_get_offsets(struct trace_event_call *call);
#ifdef CONFIG_KPROBE_EVENTS
int perf_kprobe_init(struct perf_event *event, bool is_retprobe);
void perf_kprobe_destroy(struct perf_event *event);
#endif
#ifdef CONFIG_UPROBE_EVENTS
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe);
void perf_uprobe_destroy(struct perf_event *event);
#endif

/**
 * bpf_prog_array_valid() - whether BPF programs are attached to an event
 * @call: the event
 *
 * A hint for the event's probes, read without a lock: a probe that sees
 * programs calls trace_call_bpf(), which reads the array again under
 * RCU and copes with its having gone.
 *
 * Return: true if @call has an array of BPF programs.
 */
static inline bool bpf_prog_array_valid(struct trace_event_call *call)
{
	return !!READ_ONCE(call->prog_array);
}

/**
 * perf_trace_reads_record() - whether a perf event open on an event may
 *	read its records
 * @call: the event
 *
 * A perf event that only counts, with no filter, reads no record, nor
 * does perf_tp_event() for it: while no other kind is open on @call, and
 * no BPF program is attached, a hit hands perf the empty
 * &perf_trace_no_record instead of building one.  A perf event of the
 * other kinds is counted in &trace_event_call.perf_records an RCU grace
 * period before it can be reached (kernel/trace/trace_event_perf.c).
 *
 * Return: true if one may.
 */
static inline bool perf_trace_reads_record(struct trace_event_call *call)
{
	/* Before the walk of the perf events, which must not see one gone. */
	return smp_load_acquire(&call->perf_records);
}

/**
 * perf_trace_record_size() - the size of a perf tracepoint record
 * @size: the size of the trace record it carries
 *
 * Perf stores a raw sample as a u32 size and the record, and keeps its
 * samples u64-aligned: the record is padded so that both together are.
 *
 * Return: @size rounded up that way.
 */
static inline int perf_trace_record_size(int size)
{
	return ALIGN(size + sizeof(u32), sizeof(u64)) - sizeof(u32);
}
#endif /* CONFIG_PERF_EVENTS */

/*
 * Events made from kernel code: a definition built as text in a
 * &struct dynevent_cmd, then run (dynevent_create()) as if written to
 * dynamic_events.  Synthetic events are then written with
 * synth_event_trace() and friends.
 */

struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event);
void trace_put_event_file(struct trace_event_file *file);

#define MAX_DYNEVENT_CMD_LEN	(2048)

enum dynevent_type {
	DYNEVENT_TYPE_SYNTH = 1,
	DYNEVENT_TYPE_KPROBE,
	DYNEVENT_TYPE_NONE,
};

struct dynevent_cmd;

typedef int (*dynevent_create_fn_t)(struct dynevent_cmd *cmd);

/**
 * struct dynevent_cmd - a definition being built by kernel code
 * @seq: its text, in the caller's buffer
 * @event_name: the event it defines
 * @n_fields: the fields (or probe arguments) added so far
 * @type: the kind of event (&enum dynevent_type)
 * @run_command: the kind's way to run the text
 * @private_data: the kind's (a synthetic event's module)
 */
struct dynevent_cmd {
	struct seq_buf		seq;
	const char		*event_name;
	unsigned int		n_fields;
	enum dynevent_type	type;
	dynevent_create_fn_t	run_command;
	void			*private_data;
};

/**
 * struct synth_field_desc - a field of a synthetic event made by code
 * @type: its type, as synthetic_events takes it ("u64", "char[16]")
 * @name: its name
 */
struct synth_field_desc {
	const char *type;
	const char *name;
};

struct synth_event;
struct synth_trace_event;

/**
 * struct synth_event_trace_state - a synthetic event's record written
 *	field by field (synth_event_trace_start() to synth_event_trace_end())
 * @fbuffer: the record's reservation
 * @entry: the record
 * @buffer: the ring buffer it is in
 * @event: the event
 * @cur_field: the field synth_event_add_next_val() writes next
 * @n_u64: unused, kept for 6.12's layout
 * @disabled: the event is not enabled: the values are dropped
 * @add_next: synth_event_add_next_val() was used
 * @add_name: synth_event_add_val() was used
 */
struct synth_event_trace_state {
	struct trace_event_buffer fbuffer;
	struct synth_trace_event *entry;
	struct trace_buffer *buffer;
	struct synth_event *event;
	unsigned int cur_field;
	unsigned int n_u64;
	bool disabled;
	bool add_next;
	bool add_name;
};

#define synth_event_gen_cmd_start(cmd, name, mod, ...)	\
	__synth_event_gen_cmd_start(cmd, name, mod, ## __VA_ARGS__, NULL)
#define synth_event_gen_cmd_end(cmd)	\
	dynevent_create(cmd)

#define kprobe_event_gen_cmd_start(cmd, name, loc, ...)			\
	__kprobe_event_gen_cmd_start(cmd, false, name, loc, ## __VA_ARGS__, NULL)
#define kretprobe_event_gen_cmd_start(cmd, name, loc, ...)		\
	__kprobe_event_gen_cmd_start(cmd, true, name, loc, ## __VA_ARGS__, NULL)
#define kprobe_event_add_fields(cmd, ...)	\
	__kprobe_event_add_fields(cmd, ## __VA_ARGS__, NULL)
#define kprobe_event_add_field(cmd, field)	\
	__kprobe_event_add_fields(cmd, field, NULL)
#define kprobe_event_gen_cmd_end(cmd)		\
	dynevent_create(cmd)
#define kretprobe_event_gen_cmd_end(cmd)	\
	dynevent_create(cmd)

#ifdef CONFIG_DYNAMIC_EVENTS
int dynevent_create(struct dynevent_cmd *cmd);
#else
static inline int dynevent_create(struct dynevent_cmd *cmd)
{
	return -ENODEV;
}
#endif

#ifdef CONFIG_SYNTH_EVENTS
int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod);
int synth_event_delete(const char *name);
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...);
int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd,
				    const char *name, struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields);
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name);
int synth_event_add_field_str(struct dynevent_cmd *cmd,
			      const char *type_name);
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields);
int synth_event_trace(struct trace_event_file *file, unsigned int n_vals,
		      ...);
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals);
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state);
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state);
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state);
int synth_event_trace_end(struct synth_event_trace_state *trace_state);
#else
/* Without synthetic events every call fails: none is silently dropped. */
static inline int synth_event_create(const char *name,
				     struct synth_field_desc *fields,
				     unsigned int n_fields, struct module *mod)
{
	return -ENODEV;
}

static inline int synth_event_delete(const char *name)
{
	return -ENODEV;
}

static inline void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf,
					int maxlen)
{
	memset(cmd, 0, sizeof(*cmd));
	cmd->type = DYNEVENT_TYPE_NONE;
}

static inline int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd,
					      const char *name,
					      struct module *mod, ...)
{
	return -ENODEV;
}

static inline int
synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod,
				struct synth_field_desc *fields,
				unsigned int n_fields)
{
	return -ENODEV;
}

static inline int synth_event_add_field(struct dynevent_cmd *cmd,
					const char *type, const char *name)
{
	return -ENODEV;
}

static inline int synth_event_add_field_str(struct dynevent_cmd *cmd,
					    const char *type_name)
{
	return -ENODEV;
}

static inline int synth_event_add_fields(struct dynevent_cmd *cmd,
					 struct synth_field_desc *fields,
					 unsigned int n_fields)
{
	return -ENODEV;
}

static inline int synth_event_trace(struct trace_event_file *file,
				    unsigned int n_vals, ...)
{
	return -ENODEV;
}

static inline int synth_event_trace_array(struct trace_event_file *file,
					  u64 *vals, unsigned int n_vals)
{
	return -ENODEV;
}

static inline int
synth_event_trace_start(struct trace_event_file *file,
			struct synth_event_trace_state *trace_state)
{
	return -ENODEV;
}

static inline int
synth_event_add_next_val(u64 val, struct synth_event_trace_state *trace_state)
{
	return -ENODEV;
}

static inline int
synth_event_add_val(const char *field_name, u64 val,
		    struct synth_event_trace_state *trace_state)
{
	return -ENODEV;
}

static inline int
synth_event_trace_end(struct synth_event_trace_state *trace_state)
{
	return -ENODEV;
}
#endif /* CONFIG_SYNTH_EVENTS */

#ifdef CONFIG_KPROBE_EVENTS
int kprobe_event_delete(const char *name);
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);
int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...);
int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...);
#else
static inline int kprobe_event_delete(const char *name)
{
	return -ENODEV;
}

static inline void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf,
					 int maxlen)
{
	memset(cmd, 0, sizeof(*cmd));
	cmd->type = DYNEVENT_TYPE_NONE;
}

static inline int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd,
					       bool kretprobe,
					       const char *name,
					       const char *loc, ...)
{
	return -ENODEV;
}

static inline int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...)
{
	return -ENODEV;
}
#endif /* CONFIG_KPROBE_EVENTS */

#endif /* _LINUX_TRACE_EVENTS_H */
