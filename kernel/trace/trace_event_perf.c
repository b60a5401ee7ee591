// SPDX-License-Identifier: GPL-2.0
/*
 * The perf side of trace events: perf's tracepoint PMU
 * (PERF_TYPE_TRACEPOINT, attr.config = the event's id) on the events
 * TRACE_EVENT() defines.
 *
 * kernel/events/core.c calls perf_trace_init() when such a perf event is
 * opened (or inherited by a child task), perf_trace_add() and
 * perf_trace_del() when it is scheduled in and out on a CPU, and
 * perf_trace_destroy() when it goes.  While an event has perf events
 * open, its class's perf probe (perf_trace_<class>(), <trace/perf.h>) is
 * attached to its tracepoint, once, with the event as its data.  Each hit
 * the probe builds the event's record, laid out as the ftrace record, in
 * a per-CPU buffer of this file, one per recursion context, and hands it
 * to perf_tp_event(), which fills in the common header and delivers it
 * to the perf events on this CPU's list (&trace_event_call.perf_events)
 * whose filter it passes.  While the perf events open on the event only
 * count, nothing reads the record, and the probe builds none
 * (perf_trace_reads_record()).
 *
 * Locking: opening, closing and filters take trace_types_lock, which
 * also keeps the list of events; the per-CPU lists are changed by perf
 * with interrupts off on their CPU and read by the probe under RCU (with
 * preemption disabled); lists and buffers are freed only after the probe
 * is detached and tracepoint_synchronize_unregister() has returned.
 *
 * The events TRACE_EVENT() defines can be opened, and the kprobe, uprobe
 * and fprobe events and the syscall events, whose class's reg() serves
 * perf's requests too: their hits hand the record to the same per-CPU
 * lists.  The perf "kprobe" and "uprobe" PMUs (perf_kprobe_init() in
 * trace_kprobe.c, perf_uprobe_init() in trace_uprobe.c) open such an
 * event made for the one perf event, in no session.  Event
 * probes, custom events and the core's own records refuse with
 * -EOPNOTSUPP.
 */
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/trace_events.h>

#include "trace_events_internal.h"

DEFINE_PER_CPU(struct pt_regs, perf_trace_regs);

/*
 * A record buffer for each recursion context (task, softirq, hardirq,
 * NMI) on each CPU, in unsigned longs so that records are aligned.
 */
struct perf_trace_buf {
	unsigned long	data[PERF_MAX_TRACE_SIZE / sizeof(unsigned long)];
};

/* The buffers, and the events with perf events open (trace_types_lock). */
static struct perf_trace_buf __percpu *perf_trace_bufs[PERF_NR_CONTEXTS];
static int perf_trace_users;

/* Allocate the record buffers for the first event with perf events. */
static int perf_trace_bufs_get(void)
{
	int i;

	if (perf_trace_users++)
		return 0;
	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		perf_trace_bufs[i] = alloc_percpu(struct perf_trace_buf);
		if (!perf_trace_bufs[i])
			goto fail;
	}
	return 0;
fail:
	while (i--) {
		free_percpu(perf_trace_bufs[i]);
		perf_trace_bufs[i] = NULL;
	}
	perf_trace_users--;
	return -ENOMEM;
}

/* Free them after the last; no probe may be attached any more. */
static void perf_trace_bufs_put(void)
{
	int i;

	if (--perf_trace_users)
		return;
	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		free_percpu(perf_trace_bufs[i]);
		perf_trace_bufs[i] = NULL;
	}
}

/*
 * Whether @p_event may be opened on @call, by 6.12's rules: the event's
 * own check (TRACE_EVENT_PERF_PERM()) first; then an inherited perf event
 * is allowed, as its parent was; counting is allowed; raw samples of the
 * record need perf_allow_tracepoint() (CAP_PERFMON, or a
 * perf_event_paranoid of -1), unless the perf event follows a task and
 * the event is TRACE_EVENT_FL_CAP_ANY.
 */
static int perf_trace_perm(struct trace_event_call *call,
			   struct perf_event *p_event)
{
	int ret;

	if (call->perf_perm) {
		ret = call->perf_perm(call, p_event);
		if (ret)
			return ret;
	}
	/*
	 * ftrace:function, as 6.12: a tracing privilege always, and no
	 * user stack or callchain in its samples (the hit may be in the
	 * page fault path).
	 */
	if (ftrace_event_is_function(call)) {
		ret = perf_allow_tracepoint();
		if (ret)
			return ret;
		if (!is_sampling_event(p_event))
			return 0;
		if (!p_event->attr.exclude_callchain_user ||
		    (p_event->attr.sample_type & PERF_SAMPLE_STACK_USER))
			return -EINVAL;
		return 0;
	}
	if (p_event->parent)
		return 0;
	if (!(p_event->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;
	if ((p_event->attach_state & PERF_ATTACH_TASK) &&
	    (call->flags & TRACE_EVENT_FL_CAP_ANY))
		return 0;
	return perf_allow_tracepoint();
}

typedef int (*trace_reg_fn)(struct trace_event_call *call,
			    enum trace_reg type, void *data);

/*
 * Who takes perf's requests on @call besides trace_event_reg(): the
 * class's own reg(), or for ftrace:function (which nothing enables in a
 * session, so its class has none) this file's.
 */
static trace_reg_fn perf_reg_of(struct trace_event_call *call)
{
#ifdef CONFIG_FUNCTION_TRACER
	if (ftrace_event_is_function(call))
		return perf_ftrace_event_register;
#endif
	return call->class->reg;
}

/* Perf's requests go to the class's own reg(), if it has one. */
static int perf_trace_reg(struct trace_event_call *call, enum trace_reg type,
			  void *data)
{
	trace_reg_fn reg = perf_reg_of(call);

	if (reg)
		return reg(call, type, data);
	return trace_event_reg(call, type, data);
}

/*
 * Whether perf may open @call: a TRACE_EVENT() tracepoint's event with
 * its perf probe, a kprobe, uprobe, fprobe or event probe event, or a
 * syscall event.
 */
static bool perf_trace_supported(struct trace_event_call *call)
{
	if (ftrace_event_is_function(call))
		return true;
	if (call->class->reg)
		return call->class->perf_reg ||
		       (call->flags & (TRACE_EVENT_FL_KPROBE |
				       TRACE_EVENT_FL_UPROBE |
				       TRACE_EVENT_FL_FPROBE |
				       TRACE_EVENT_FL_EPROBE));
	return call->tp && call->class->perf_probe;
}

/* The first perf event on @call: its lists, then its probe. */
static int perf_trace_attach(struct trace_event_call *call)
{
	struct hlist_head __percpu *lists;
	int cpu;
	int ret;

	lists = alloc_percpu(struct hlist_head);
	if (!lists)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		INIT_HLIST_HEAD(per_cpu_ptr(lists, cpu));
	ret = perf_trace_bufs_get();
	if (ret)
		goto free_lists;
	call->perf_events = lists;
	ret = perf_trace_reg(call, TRACE_REG_PERF_REGISTER, NULL);
	if (ret)
		goto put_bufs;
	return 0;
put_bufs:
	call->perf_events = NULL;
	perf_trace_bufs_put();
free_lists:
	free_percpu(lists);
	return ret;
}

/* The last perf event on @call went: its probe, then what it used. */
static void perf_trace_detach(struct trace_event_call *call)
{
	perf_trace_reg(call, TRACE_REG_PERF_UNREGISTER, NULL);
	tracepoint_synchronize_unregister();
	free_percpu(call->perf_events);
	call->perf_events = NULL;
	perf_trace_bufs_put();
}

/*
 * The perf events that read the records of an event whose perf probe
 * TRACE_EVENT() generated (&trace_event_call.perf_records).  While there
 * is none, the probe hands perf &perf_trace_no_record.  A hit that saw
 * none may still be under way when the first is counted: the caller
 * waits for an RCU grace period (the probe runs with preemption off)
 * before the perf event can be reached, when this returns true.
 */
static bool perf_records_get(struct trace_event_call *call)
{
	lockdep_assert_held(&trace_types_lock);
	if (!call->class->perf_probe)
		return false;
	WRITE_ONCE(call->perf_records, call->perf_records + 1);
	return call->perf_records == 1;
}

static void perf_records_put(struct trace_event_call *call)
{
	lockdep_assert_held(&trace_types_lock);
	if (call->class->perf_probe)
		WRITE_ONCE(call->perf_records, call->perf_records - 1);
}

/* Whether @p_event reads its event's records: it samples them. */
static bool perf_trace_raw(struct perf_event *p_event)
{
	return p_event->attr.sample_type & PERF_SAMPLE_RAW;
}

/* Open @p_event on @call, which holds its module. */
static int perf_trace_open(struct trace_event_call *call,
			   struct perf_event *p_event)
{
	int ret;

	ret = perf_trace_perm(call, p_event);
	if (ret)
		return ret;
	if (!call->perf_refcount) {
		ret = perf_trace_attach(call);
		if (ret)
			return ret;
	}
	call->perf_refcount++;
	p_event->tp_event = call;
	ret = perf_trace_reg(call, TRACE_REG_PERF_OPEN, p_event);
	if (ret) {
		p_event->tp_event = NULL;
		if (!--call->perf_refcount)
			perf_trace_detach(call);
	}
	return ret;
}

/* Close @p_event, open on @call; detach the probe after the last. */
static void perf_trace_close(struct trace_event_call *call,
			     struct perf_event *p_event)
{
	perf_trace_reg(call, TRACE_REG_PERF_CLOSE, p_event);
	if (!--call->perf_refcount)
		perf_trace_detach(call);
}

/**
 * perf_trace_init() - open a tracepoint event as a perf event
 * @p_event: the perf event; its attr.config is the event's id
 *
 * Attaches the event's perf probe for its first perf event, and holds
 * the module that defines the event while the perf event is open.
 *
 * Context: process context (perf_event_open(), or a fork inheriting it).
 * Return: 0, -EINVAL for an id that is no event's or whose module is
 * going (as 6.12, which skips such an event), -EOPNOTSUPP for an event
 * that is neither a TRACE_EVENT() tracepoint's nor a kprobe, uprobe,
 * fprobe, event probe or syscall event (custom events, the core's
 * records), -EPERM or -EACCES without the permission, -ENOMEM, or the
 * event's own error (an event probe whose attached event is gone).
 */
int perf_trace_init(struct perf_event *p_event)
{
	struct trace_event_call *call;
	bool first = false;
	int ret;

	mutex_lock(&trace_types_lock);
	call = event_call_find_type(p_event->attr.config);
	if (!call) {
		ret = -EINVAL;
		goto unlock;
	}
	if (!perf_trace_supported(call)) {
		ret = -EOPNOTSUPP;
		goto unlock;
	}
	if (!try_module_get(call->mod)) {
		ret = -EINVAL;
		goto unlock;
	}
	ret = perf_trace_open(call, p_event);
	if (ret)
		module_put(call->mod);
	else if (perf_trace_raw(p_event))
		first = perf_records_get(call);
unlock:
	mutex_unlock(&trace_types_lock);
	/* Not on any CPU's list before perf_trace_add(). */
	if (first)
		synchronize_rcu();
	return ret;
}

/**
 * perf_trace_destroy() - close a tracepoint perf event
 * @p_event: the perf event, scheduled out everywhere
 *
 * Detaches the event's perf probe after its last perf event, and lets
 * its module go.
 *
 * Context: process context.
 */
void perf_trace_destroy(struct perf_event *p_event)
{
	struct trace_event_call *call = p_event->tp_event;

	mutex_lock(&trace_types_lock);
	if (perf_trace_raw(p_event))
		perf_records_put(call);
	if (p_event->filter)
		perf_records_put(call);
	perf_trace_close(call, p_event);
	module_put(call->mod);
	mutex_unlock(&trace_types_lock);
}

/**
 * perf_trace_add() - schedule a tracepoint perf event in on this CPU
 * @p_event: the perf event
 * @flags: PERF_EF_START to start it counting
 *
 * Puts it on this CPU's list of its event, where the perf probe finds it.
 *
 * Context: perf's, interrupts disabled, on the CPU it is added to.
 * Return: 0.
 */
int perf_trace_add(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;
	struct hw_perf_event *hwc = &p_event->hw;

	if (!(flags & PERF_EF_START))
		hwc->state = PERF_HES_STOPPED;
	if (is_sampling_event(p_event)) {
		hwc->last_period = hwc->sample_period;
		perf_swevent_set_period(p_event);
	}
	trace_reg_fn reg = perf_reg_of(call);

	/* A class whose reg() answers 1 keeps its perf events itself. */
	if (reg && reg(call, TRACE_REG_PERF_ADD, p_event) > 0)
		return 0;
	hlist_add_head_rcu(&p_event->hlist_entry,
			   this_cpu_ptr(call->perf_events));
	return 0;
}

/**
 * perf_trace_del() - schedule a tracepoint perf event out on this CPU
 * @p_event: the perf event
 * @flags: PERF_EF_* flags
 *
 * Context: perf's, interrupts disabled, on the CPU it was added to.  The
 * perf event is freed after an RCU grace period, so a probe still walking
 * the list meanwhile is safe.
 */
void perf_trace_del(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;
	trace_reg_fn reg = perf_reg_of(call);

	if (reg && reg(call, TRACE_REG_PERF_DEL, p_event) > 0)
		return;
	hlist_del_rcu(&p_event->hlist_entry);
}

/**
 * ftrace_profile_set_filter() - set a filter on a tracepoint perf event
 * @p_event: the perf event (PERF_EVENT_IOC_SET_FILTER)
 * @event_id: the event's id
 * @filter_str: the filter, in the language of the events' filter files
 *
 * The filter is parsed for the event's fields; records that do not match
 * it are not delivered to @p_event (nor to the perf events it is inherited
 * by).  A perf event takes one filter, as in 6.12.
 *
 * Context: process context.
 * Return: 0, -EINVAL if @p_event is not open on an event or the filter
 * does not parse (nothing is set then), -EEXIST if it has a filter
 * already, or -ENOMEM.
 */
int ftrace_profile_set_filter(struct perf_event *p_event, int event_id,
			      char *filter_str)
{
	struct trace_event_call *call = p_event->tp_event;
	struct event_filter *filter;
	struct filter_error err;
	int ret = 0;

	if (!call)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	if (p_event->filter) {
		ret = -EEXIST;
		goto unlock;
	}
	filter = event_filter_parse(call, strim(filter_str), &err);
	if (!filter) {
		ret = err.type == FILTER_ERR_NOMEM ? -ENOMEM : -EINVAL;
		goto unlock;
	}
	/*
	 * No hit may match the filter against &perf_trace_no_record.  perf
	 * serialises the calls on one perf event, and it cannot be freed
	 * meanwhile: trace_types_lock can be let go for the grace period.
	 */
	if (perf_records_get(call)) {
		mutex_unlock(&trace_types_lock);
		synchronize_rcu();
		mutex_lock(&trace_types_lock);
	}
	/* Read by perf_tp_filter_match() in the probe; pairs with its load. */
	smp_store_release(&p_event->filter, filter);
unlock:
	mutex_unlock(&trace_types_lock);
	return ret;
}

/**
 * ftrace_profile_free_filter() - free a tracepoint perf event's filter
 * @p_event: the perf event, which no probe can reach any more
 *
 * Context: any (perf calls it from an RCU callback).
 */
void ftrace_profile_free_filter(struct perf_event *p_event)
{
	event_filter_free(p_event->filter);
	p_event->filter = NULL;
}

/**
 * perf_trace_buf_update() - fill in a perf record's common header
 * @record: the record
 * @type: the event's id
 *
 * Context: the event's perf probe, via perf_tp_event().
 */
void perf_trace_buf_update(void *record, u16 type)
{
	if (record != &perf_trace_no_record)
		tracing_generic_entry_update(record, type, tracing_gen_ctx());
}
NOKPROBE_SYMBOL(perf_trace_buf_update);

/**
 * perf_trace_buf_alloc() - the buffer to build a perf tracepoint record in
 * @size: the record's size, from perf_trace_record_size()
 * @regs: receives the registers to report with it, or NULL
 * @rctxp: receives the recursion context, for perf_tp_event() to put back
 *
 * Enters one of perf's recursion contexts on this CPU and returns its
 * buffer, with the padding at its end (the last u64 of @size) zeroed, so
 * that nothing of an older record goes out with it.
 *
 * Context: a perf probe, preemption disabled.
 * Return: the buffer, or NULL (@size too large, or this context is
 * already building a record on this CPU: a recursion).
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	char *buf;
	int rctx;

	BUILD_BUG_ON(PERF_MAX_TRACE_SIZE % sizeof(u64));
	if (WARN_ONCE(size > PERF_MAX_TRACE_SIZE || size < (int)sizeof(u64),
		      "perf trace record of %d bytes", size))
		return NULL;
	rctx = perf_swevent_get_recursion_context();
	if (rctx < 0)
		return NULL;
	*rctxp = rctx;
	if (regs)
		*regs = this_cpu_ptr(&__perf_regs[rctx]);
	buf = (char *)this_cpu_ptr(perf_trace_bufs[rctx]);
	memset(buf + size - sizeof(u64), 0, sizeof(u64));
	return buf;
}
EXPORT_SYMBOL_GPL(perf_trace_buf_alloc);
NOKPROBE_SYMBOL(perf_trace_buf_alloc);

/**
 * perf_trace_count_begin() - begin a hit that builds no record
 * @rctxp: receives the recursion context, for perf_tp_event() to put back
 *
 * perf_trace_buf_alloc() for a hit of an event whose perf events only
 * count (perf_trace_reads_record()): the registers to fill in, no buffer.
 *
 * Context: a perf probe, preemption disabled.
 * Return: the registers, or NULL (a recursion).
 */
struct pt_regs *perf_trace_count_begin(int *rctxp)
{
	int rctx = perf_swevent_get_recursion_context();

	if (rctx < 0)
		return NULL;
	*rctxp = rctx;
	return this_cpu_ptr(&__perf_regs[rctx]);
}
EXPORT_SYMBOL_GPL(perf_trace_count_begin);
NOKPROBE_SYMBOL(perf_trace_count_begin);

/*
 * The record a hit hands perf when no perf event open on its event reads
 * records: nothing writes it, and perf_trace_buf_update() leaves it alone.
 */
struct trace_entry perf_trace_no_record;
EXPORT_SYMBOL_GPL(perf_trace_no_record);

/**
 * trace_event_get_offsets() - where an event's last field ends
 * @call: the event
 *
 * Return: how far into the record a BPF program may read: the end of the
 * field that ends last (the common fields' end for an event without
 * fields of its own).
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	struct trace_event_fields *f = trace_event_call_fields(call);
	int end = sizeof(struct trace_entry);

	for (; f && f->name; f++)
		end = max(end, f->offset + f->size);
	return end;
}

/**
 * perf_trace_open_local() - open a perf event on an event made for it alone
 * @call: the event (perf's "kprobe" and "uprobe" PMUs make one per perf
 *	event: trace_kprobe.c, trace_uprobe.c)
 * @p_event: the perf event
 * @destroy: frees @call
 *
 * Return: 0, or perf_trace_open()'s error (then @call is freed).
 */
int perf_trace_open_local(struct trace_event_call *call,
			  struct perf_event *p_event,
			  void (*destroy)(struct trace_event_call *))
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = perf_trace_open(call, p_event);
	mutex_unlock(&trace_types_lock);
	if (ret)
		destroy(call);
	return ret;
}

/**
 * perf_trace_close_local() - close a perf event opened with
 *	perf_trace_open_local(), then free its event
 * @p_event: the perf event
 * @destroy: frees its event
 */
void perf_trace_close_local(struct perf_event *p_event,
			    void (*destroy)(struct trace_event_call *))
{
	struct trace_event_call *call = p_event->tp_event;

	mutex_lock(&trace_types_lock);
	perf_trace_close(call, p_event);
	mutex_unlock(&trace_types_lock);
	destroy(call);
}

#ifdef CONFIG_FUNCTION_TRACER
/*
 * perf on ftrace:function: each perf event has its own ftrace_ops
 * (&perf_event.ftrace_ops), registered while the perf event is open,
 * for every traced function (a filter the perf event sets selects
 * records, not functions).  A hit goes to its own perf event alone, and
 * only where that is scheduled in: the perf event is on no per-CPU list.
 */
static void perf_ftrace_function_call(unsigned long ip,
				      unsigned long parent_ip,
				      struct ftrace_ops *ops,
				      struct ftrace_regs *fregs)
{
	struct perf_event *event = container_of(ops, struct perf_event,
						ftrace_ops);
	struct hlist_head head = { .first = &event->hlist_entry };
	struct ftrace_entry *entry;
	struct pt_regs *regs;
	int size, rctx;

	if (READ_ONCE(event->oncpu) != smp_processor_id() ||
	    READ_ONCE(ops->private) != event)
		return;
	size = perf_trace_record_size(sizeof(*entry));
	entry = perf_trace_buf_alloc(size, &regs, &rctx);
	if (!entry)
		return;
	perf_fetch_caller_regs(regs);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	perf_tp_event(TRACE_FN, 1, entry, size, regs, &head, rctx, NULL);
}

/**
 * perf_ftrace_event_register() - perf's requests on ftrace:function
 * @call: the function event
 * @type: the request
 * @data: the perf event, for the requests about one
 *
 * Return: 0; 1 for TRACE_REG_PERF_ADD and TRACE_REG_PERF_DEL (the perf
 * event is on no per-CPU list); register_ftrace_function()'s error for
 * TRACE_REG_PERF_OPEN; -EINVAL for a session's requests (the core's
 * records are never enabled as events).
 */
int perf_ftrace_event_register(struct trace_event_call *call,
			       enum trace_reg type, void *data)
{
	struct perf_event *event = data;

	switch (type) {
	case TRACE_REG_PERF_REGISTER:
	case TRACE_REG_PERF_UNREGISTER:
		return 0;
	case TRACE_REG_PERF_OPEN:
		memset(&event->ftrace_ops, 0, sizeof(event->ftrace_ops));
		event->ftrace_ops.func = perf_ftrace_function_call;
		return register_ftrace_function(&event->ftrace_ops);
	case TRACE_REG_PERF_CLOSE:
		unregister_ftrace_function(&event->ftrace_ops);
		ftrace_free_filter(&event->ftrace_ops);
		return 0;
	case TRACE_REG_PERF_ADD:
		WRITE_ONCE(event->ftrace_ops.private, event);
		return 1;
	case TRACE_REG_PERF_DEL:
		WRITE_ONCE(event->ftrace_ops.private, NULL);
		return 1;
	default:
		return -EINVAL;
	}
}
#endif /* CONFIG_FUNCTION_TRACER */
