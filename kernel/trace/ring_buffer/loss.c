// SPDX-License-Identifier: GPL-2.0
/*
 * Which events a ring buffer lost.
 *
 * The per-CPU counters (overrun, dropped_events, commit_overrun) say how
 * many events were lost, not which.  The ring buffer does not know what
 * its events are, so it tells its user, who does: a loss hook sees each
 * event of a sub-buffer the writer is about to overwrite, and is handed
 * the count of refused writes by the user's own reserve path, which knows
 * what it tried to write.  Nothing of this runs while no hook is set, and
 * with one set, only where events are lost: the common write path is the
 * same either way.
 *
 * Refusals are collected per CPU: a refusal is charged to the next caller
 * of ring_buffer_account_refusal() on the CPU it happened on.  That is
 * the refused writer itself, unless it migrated in between (a task whose
 * reserve failed with preemption enabled) or an interrupt's refused write
 * collected both counts first: the total stays exact, the attribution
 * may then name a neighbour.
 */
#include <linux/preempt.h>

#include "internal.h"

/**
 * rb_report_overwritten() - show the loss hook a sub-buffer's events
 * @cb: the CPU buffer, on its own CPU, in a writer
 * @page: the sub-buffer the writer just pushed head past, about to be
 *	reused: complete (the writer checked that nothing in it is still
 *	being committed) and written by this CPU's writers only
 * @hook: the buffer's loss hook
 *
 * Called once per overwritten sub-buffer, out of the common path.
 */
void rb_report_overwritten(struct rb_cpu *cb, struct rb_page *page,
			   const struct ring_buffer_loss_hook *hook)
{
	struct buffer_data_page *bpage = page->bpage;
	unsigned int commit, off, len;
	struct ring_buffer_event *event;

	commit = min_t(unsigned int, local_read(&bpage->commit),
		       cb->subbuf_size);
	for (off = 0; off + RB_EVNT_HDR_SIZE <= commit; off += len) {
		event = (struct ring_buffer_event *)(bpage->data + off);
		len = rb_event_size(event);
		/* Zero: the padding that ends a sub-buffer. */
		if (!len || off + len > commit)
			break;
		/* Time extends and stamps, and discarded events (padding). */
		if (event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
			continue;
		hook->overwritten(hook, ring_buffer_event_data(event));
	}
}

/**
 * ring_buffer_set_loss_hook() - be told which events a buffer loses
 * @buffer: the ring buffer
 * @hook: the callbacks, or NULL to stop
 *
 * Refusals counted before the hook was set are not reported.  After
 * clearing the hook, writers may still be inside its callbacks: wait for
 * them with synchronize_rcu() (they run with preemption disabled) before
 * freeing what the hook uses.
 */
void ring_buffer_set_loss_hook(struct trace_buffer *buffer,
			       const struct ring_buffer_loss_hook *hook)
{
	/* O10: the hook's fields, then the pointer that writers read */
	smp_store_release(&buffer->loss_hook, hook);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_loss_hook);

/**
 * ring_buffer_account_refusal() - charge this CPU's refused writes
 * @buffer: the ring buffer whose ring_buffer_lock_reserve() returned NULL
 * @key: what the caller tried to write, passed on to the hook
 *
 * Call it after a failed reserve, on the same CPU (preemption disabled
 * across both if the caller needs exact attribution).  A reserve refused
 * because recording is off or the CPU is not traced was not a loss and
 * left nothing to charge; the hook is not called then.
 */
void ring_buffer_account_refusal(struct trace_buffer *buffer,
				 unsigned int key)
{
	const struct ring_buffer_loss_hook *hook;
	struct rb_cpu *cb;
	unsigned long n;

	/* O10: the hook's fields, through its pointer */
	hook = READ_ONCE(buffer->loss_hook);
	if (!hook)
		return;
	preempt_disable_notrace();
	cb = rb_this_cpu(buffer);
	n = cb ? local_xchg(&cb->refused, 0) : 0;
	if (n)
		hook->refused(hook, key, n);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_account_refusal);
