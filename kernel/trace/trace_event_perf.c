// SPDX-License-Identifier: GPL-2.0
/*
 * The perf side of trace events, not built yet.
 *
 * kernel/events/core.c offers tracepoint events as a perf PMU and calls
 * these to set one up.  Until events can feed perf, opening such a perf
 * event fails with -EOPNOTSUPP, and the calls that only follow a
 * successful open do nothing.
 */
#include <linux/perf_event.h>
#include <linux/trace_events.h>

DEFINE_PER_CPU(struct pt_regs, perf_trace_regs);

/**
 * perf_trace_init() - open a tracepoint event as a perf event
 * @event: the perf event
 *
 * Return: -EOPNOTSUPP.
 */
int perf_trace_init(struct perf_event *event)
{
	return -EOPNOTSUPP;
}

/**
 * perf_trace_destroy() - close a tracepoint perf event
 * @event: the perf event
 */
void perf_trace_destroy(struct perf_event *event)
{
}

/**
 * perf_trace_add() - schedule a tracepoint perf event in
 * @event: the perf event
 * @flags: PERF_EF_* flags
 *
 * Return: -EOPNOTSUPP.
 */
int perf_trace_add(struct perf_event *event, int flags)
{
	return -EOPNOTSUPP;
}

/**
 * perf_trace_del() - schedule a tracepoint perf event out
 * @event: the perf event
 * @flags: PERF_EF_* flags
 */
void perf_trace_del(struct perf_event *event, int flags)
{
}

/**
 * ftrace_profile_set_filter() - set a filter on a tracepoint perf event
 * @event: the perf event
 * @event_id: the event's id
 * @filter_str: the filter
 *
 * Return: -EOPNOTSUPP.
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	return -EOPNOTSUPP;
}

/**
 * ftrace_profile_free_filter() - free a tracepoint perf event's filter
 * @event: the perf event
 */
void ftrace_profile_free_filter(struct perf_event *event)
{
}

/**
 * perf_trace_buf_update() - fill in a perf record's common header
 * @record: the record
 * @type: the event's id
 */
void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}

/**
 * perf_trace_buf_alloc() - a buffer for a perf tracepoint record
 * @size: its size
 * @regs: receives the registers to report
 * @rctxp: receives the recursion context
 *
 * Return: NULL: no perf tracepoint event can be open.
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	return NULL;
}

/**
 * trace_event_get_offsets() - the size of an event's fixed record
 * @call: the event
 *
 * Return: how far into the record a BPF program may read.
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	return call->class->size;
}

#ifdef CONFIG_KPROBE_EVENTS
/**
 * perf_kprobe_init() - open a perf "kprobe" PMU event
 * @event: the perf event, its attr naming the function or address
 * @is_retprobe: a return probe
 *
 * Return: -EOPNOTSUPP: perf's probe PMUs are not built yet.
 */
int perf_kprobe_init(struct perf_event *event, bool is_retprobe)
{
	return -EOPNOTSUPP;
}

/**
 * perf_kprobe_destroy() - close a perf "kprobe" PMU event
 * @event: the perf event
 */
void perf_kprobe_destroy(struct perf_event *event)
{
}
#endif

#ifdef CONFIG_UPROBE_EVENTS
/**
 * perf_uprobe_init() - open a perf "uprobe" PMU event
 * @event: the perf event, its attr naming the file and offset
 * @ref_ctr_offset: the offset of the probe's reference counter
 * @is_retprobe: a return probe
 *
 * Return: -EOPNOTSUPP: perf's probe PMUs are not built yet.
 */
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	return -EOPNOTSUPP;
}

/**
 * perf_uprobe_destroy() - close a perf "uprobe" PMU event
 * @event: the perf event
 */
void perf_uprobe_destroy(struct perf_event *event)
{
}
#endif
