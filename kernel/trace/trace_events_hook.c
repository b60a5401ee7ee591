// SPDX-License-Identifier: GPL-2.0
/*
 * The record path of events, and event hooks.
 *
 * trace_event_buffer_reserve() and trace_event_buffer_commit() are what
 * every event's probe (include/trace/trace_events.h) calls to write its
 * record into a session's buffer, through the session's filters.
 *
 * Event hooks: an event's records handed, as they are written, to
 * something that builds on them - an event probe (trace_eprobe.c)
 * fetches fields of its source event's record into a record of its own.
 *
 * A hook holds its event in soft mode: the event's probe stays attached
 * while the hook is there, whether or not the event itself is enabled.
 * A record the event drops (soft disabled) is built all the same, in a
 * per-CPU scratch area instead of the ring buffer, handed to the hooks,
 * and forgotten.  A record the event keeps is handed to the hooks
 * before it is committed (or discarded by the event's filter); a hook
 * writing a record of its own into the same buffer nests inside that
 * reservation, one level deep (the ring buffer's transition bit).
 *
 * The hooks of an event are an RCU list in its &struct trace_event_file,
 * and EVENT_FILE_FL_HOOKED says whether to look at it: set after a hook
 * is published, cleared once the last one is unpublished.  A probe runs
 * with preemption disabled, so tracepoint_synchronize_unregister() after
 * unpublishing a hook waits for every probe that may still see it.
 */
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/slab.h>

#include "trace_events_internal.h"

/*
 * One scratch record per level a probe can nest to on a CPU: task,
 * softirq, irq, NMI.  A record larger than a scratch area, or a fifth
 * level, goes to the ring buffer and is discarded after its hooks ran.
 */
#define SCRATCH_LEVELS	4
#define SCRATCH_SIZE	PAGE_SIZE

struct event_scratch {
	unsigned int	level;
	u8		rec[SCRATCH_LEVELS][SCRATCH_SIZE] __aligned(8);
};

static struct event_scratch __percpu *event_scratch;

/*
 * The core's own record types (ftrace/print...) have no probe to keep
 * attached: their writers hand their records to the hooks themselves
 * (trace_marker runs ftrace/print's triggers).
 */
static int hook_soft_mode_get(struct trace_event_file *file)
{
	if (file->call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
		return 0;
	return event_soft_mode_get(file);
}

/**
 * event_hook_add() - hand an event's records to a hook
 * @file: the event, in the session whose records the hook wants
 * @hook: the hook, with @hook->func set
 *
 * Puts the event in soft mode (its probe attached, its own records
 * dropped unless it is enabled) for as long as the hook is there.
 *
 * Context: trace_types_lock held.
 * Return: 0, -ENOMEM, or event_soft_mode_get()'s error.
 */
int event_hook_add(struct trace_event_file *file,
		   struct trace_event_hook *hook)
{
	struct event_scratch __percpu *scratch;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (!event_scratch) {
		/* Kept once made: a few pages a CPU, and only with hooks. */
		scratch = alloc_percpu(struct event_scratch);
		if (!scratch)
			return -ENOMEM;
		WRITE_ONCE(event_scratch, scratch);
	}
	ret = hook_soft_mode_get(file);
	if (ret)
		return ret;
	hlist_add_tail_rcu(&hook->list, &file->hooks);
	set_bit(EVENT_FILE_FL_HOOKED_BIT, &file->flags);
	return 0;
}

/**
 * event_hook_del() - stop handing an event's records to a hook
 * @file: the event given to event_hook_add()
 * @hook: the hook
 *
 * Returns once no probe runs the hook any more: the caller may free it.
 *
 * Context: trace_types_lock held; sleeps.
 */
void event_hook_del(struct trace_event_file *file,
		    struct trace_event_hook *hook)
{
	lockdep_assert_held(&trace_types_lock);
	hlist_del_rcu(&hook->list);
	if (hlist_empty(&file->hooks))
		clear_bit(EVENT_FILE_FL_HOOKED_BIT, &file->flags);
	tracepoint_synchronize_unregister();
	if (!(file->call->flags & TRACE_EVENT_FL_IGNORE_ENABLE))
		event_soft_mode_put(file);
}

/*
 * Room for a record its event drops, for hooks: @fbuffer is filled in as
 * trace_event_buffer_reserve() does, with no ring buffer event.  Returns
 * the record, its common fields filled in, or NULL if it does not fit a
 * scratch area (the caller uses the ring buffer instead).  Out of line:
 * the slow side of the record path.
 */
static noinline void *event_scratch_reserve(struct trace_event_buffer *fbuffer,
			    struct trace_event_file *file, unsigned long len)
{
	struct event_scratch *s;
	unsigned int level;

	if (len > SCRATCH_SIZE)
		return NULL;
	/*
	 * The caller saw HOOKED, set after the scratch areas were published
	 * (list_add_tail_rcu()'s release orders them before the flag).
	 */
	smp_rmb();
	s = this_cpu_ptr(READ_ONCE(event_scratch));
	level = s->level++;
	/* The level is taken before the area is written: an interrupt nests. */
	barrier();
	if (level >= SCRATCH_LEVELS) {
		barrier();
		s->level--;
		return NULL;
	}
	fbuffer->trace_ctx = tracing_gen_ctx_dec();
	fbuffer->buffer = file->tr->buffer;
	fbuffer->event = NULL;
	fbuffer->trace_file = file;
	fbuffer->entry = s->rec[level];
	tracing_generic_entry_update(fbuffer->entry, file->call->event.type,
				     fbuffer->trace_ctx);
	return fbuffer->entry;
}

/*
 * Hand a record to its event's hooks, then commit, discard or forget it:
 * the slow side of trace_event_buffer_commit(), for an event that is
 * hooked or filtered, or a record in a scratch area.  Returns whether
 * the record was committed to the ring buffer.
 */
static noinline bool event_hooks_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	struct trace_event_hook *hook;
	unsigned long flags = READ_ONCE(file->flags);
	unsigned int post = 0;
	bool committed = false;

	if (flags & EVENT_FILE_FL_HOOKED) {
		hlist_for_each_entry_rcu(hook, &file->hooks, list)
			post |= hook->func(hook, fbuffer->entry,
					   fbuffer->buffer);
	}
	if (!fbuffer->event) {
		barrier();
		this_cpu_ptr(event_scratch)->level--;
	} else if ((flags & EVENT_FILE_FL_SOFT_DISABLED) ||
		   ((flags & EVENT_FILE_FL_FILTERED) &&
		    !trace_event_filter_keep(file, fbuffer->entry))) {
		ring_buffer_discard_commit(fbuffer->buffer, fbuffer->event);
	} else {
		ring_buffer_unlock_commit(fbuffer->buffer);
		committed = true;
	}
	/* What hooks do once the record is in (a trigger's traceoff). */
	if (unlikely(post)) {
		hlist_for_each_entry_rcu(hook, &file->hooks, list)
			if (hook->post)
				hook->post(hook, post, fbuffer->buffer);
	}
	return committed;
}

/* ---- the record path of every event ------------------------------------ */

/**
 * trace_event_buffer_reserve() - reserve the record of an event
 * @fbuffer: filled in for trace_event_buffer_commit()
 * @trace_file: the event, in the trace array to write to
 * @len: the record's length, &struct trace_entry included
 *
 * Called by an event's probe, with preemption disabled by the
 * tracepoint; that level is not reported in the record.
 *
 * Return: the record, or NULL if it could not be reserved (the ring
 * buffer counts what it drops).
 */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_array *tr = trace_file->tr;
	unsigned long flags = READ_ONCE(trace_file->flags);

	/*
	 * set_event_pid does not trace the task running here, or the event
	 * is soft disabled (a function probe turned it off): its record is
	 * dropped, or built aside for the hooks that want it.
	 */
	if (unlikely(flags & (EVENT_FILE_FL_SOFT_DISABLED |
			      EVENT_FILE_FL_PID_FILTER))) {
		if ((flags & EVENT_FILE_FL_PID_FILTER) &&
		    this_cpu_read(*tr->pid_ignore))
			return NULL;
		if (flags & EVENT_FILE_FL_SOFT_DISABLED) {
			void *rec;

			if (!(flags & EVENT_FILE_FL_HOOKED))
				return NULL;
			rec = event_scratch_reserve(fbuffer, trace_file, len);
			if (rec)
				return rec;
			/* Too big: the ring buffer, discarded at commit. */
		}
	}
	fbuffer->trace_ctx = tracing_gen_ctx_dec();
	fbuffer->event = ring_buffer_lock_reserve(tr->buffer, len);
	if (!fbuffer->event) {
		ring_buffer_account_refusal(tr->buffer,
					    trace_file->call->event.type);
		/*
		 * Tracing is off or the buffer full: hooks see the record
		 * all the same (a traceon trigger must see its event).
		 */
		if (flags & EVENT_FILE_FL_HOOKED)
			return event_scratch_reserve(fbuffer, trace_file, len);
		return NULL;
	}
	fbuffer->buffer = tr->buffer;
	fbuffer->trace_file = trace_file;
	fbuffer->entry = ring_buffer_event_data(fbuffer->event);
	tracing_generic_entry_update(fbuffer->entry,
				     trace_file->call->event.type,
				     fbuffer->trace_ctx);
	return fbuffer->entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/* The options that follow an event's record with a stack. */
#define EVENT_STACK_OPTIONS	(TRACE_ITER(STACKTRACE) | TRACE_ITER(USERSTACKTRACE))

/*
 * After an event's record: with the stacktrace option the kernel stack
 * from the event's probe (@from is in it) outwards, with userstacktrace
 * the task's user stack.  Out of line, off the path of the sessions
 * without them.
 */
static noinline void event_stack_write(struct trace_array *tr,
				       unsigned int ctx, unsigned long from)
{
	if (tr->trace_flags & TRACE_ITER(STACKTRACE))
		trace_stack_write(tr, 0, from);
	if (tr->trace_flags & TRACE_ITER(USERSTACKTRACE))
		trace_user_stack_write(tr, ctx);
}

/**
 * trace_event_buffer_commit() - commit a record reserved by
 *	trace_event_buffer_reserve()
 * @fbuffer: as filled in by trace_event_buffer_reserve()
 *
 * The event's hooks see the record first.  A record its event's filter
 * does not match, or one the event drops, is discarded instead.  With the
 * session's stacktrace (userstacktrace) option a record kept is followed
 * by the kernel (user) stack.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_array *tr = fbuffer->trace_file->tr;
	unsigned long flags = READ_ONCE(fbuffer->trace_file->flags);

	/* A scratch record has no ring buffer event (and was hooked). */
	if (unlikely((flags & (EVENT_FILE_FL_FILTERED |
			       EVENT_FILE_FL_HOOKED |
			       EVENT_FILE_FL_SOFT_DISABLED)) ||
		     !fbuffer->event)) {
		if (event_hooks_commit(fbuffer) &&
		    (tr->trace_flags & EVENT_STACK_OPTIONS))
			event_stack_write(tr, fbuffer->trace_ctx, _RET_IP_);
		return;
	}
	ring_buffer_unlock_commit(fbuffer->buffer);
	if (unlikely(tr->trace_flags & EVENT_STACK_OPTIONS))
		event_stack_write(tr, fbuffer->trace_ctx, _RET_IP_);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);
