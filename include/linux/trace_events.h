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
struct trace_iterator;
struct bpf_prog;
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

/*
 * BPF programs attached to trace events.  The entry points exist whatever
 * the configuration; without CONFIG_BPF_EVENTS they refuse the attach.
 */
struct bpf_raw_tp_link;
union bpf_attr;
struct perf_event;

#ifdef CONFIG_BPF_EVENTS
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
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			    u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);
#endif /* CONFIG_PERF_EVENTS */

#endif /* _LINUX_TRACE_EVENTS_H */
