// SPDX-License-Identifier: GPL-2.0
/*
 * lost_events: which events a session lost, by event type.
 *
 * The per-CPU stats files count lost events (overrun, dropped events)
 * but not which they were.  Writing 1 to a session's lost_events starts
 * counting them per event type and per way of losing them:
 *
 *  - refused: the write found no room (the buffer full in
 *    producer/consumer mode, or a corner of overwrite mode: a writer
 *    nested too deep, a resize under way).  Counted by the writer that
 *    was refused, which knows what it tried to write.
 *  - overwritten: in overwrite mode, an event the writer overwrote before
 *    anyone read it.  Counted when its sub-buffer is overwritten, from
 *    the event's own record.
 *
 * Both are counted through the ring buffer's loss hook, which runs only
 * where events are lost: the common write path does not change.  Writing
 * 0 stops counting and keeps the counts; an empty write ("echo >")
 * clears them.  (Not O_TRUNC, which "echo 0 >" uses too.)  Reading lists
 * each type with a loss:
 *
 *	# event refused overwritten
 *	sched:sched_switch 0 1203
 *
 * The file is an extension of this tracing core; Linux 6.12 has none.
 * A type number freed by a removed event and reused by a new one carries
 * its counts over: clear the counts after removing events.
 */
#include <linux/fs.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/vmalloc.h>

#include "trace_files.h"

/* Record types are 16 bits (struct trace_entry.type). */
#define LOST_TYPES	(U16_MAX + 1)

/**
 * struct trace_lost - one session's losses by record type
 * @hook: the ring buffer's loss hook, set on the session's buffers while
 *	@counting
 * @counting: whether the hook is set
 * @refused: writes refused, by type
 * @overwritten: events overwritten unread, by type
 */
struct trace_lost {
	struct ring_buffer_loss_hook	hook;
	bool				counting;
	atomic_long_t			refused[LOST_TYPES];
	atomic_long_t			overwritten[LOST_TYPES];
};

static void lost_overwritten(const struct ring_buffer_loss_hook *hook,
			     void *payload)
{
	struct trace_lost *lost = container_of(hook, struct trace_lost, hook);
	struct trace_entry *ent = payload;

	atomic_long_inc(&lost->overwritten[ent->type]);
}

static void lost_refused(const struct ring_buffer_loss_hook *hook,
			 unsigned int key, unsigned long n)
{
	struct trace_lost *lost = container_of(hook, struct trace_lost, hook);

	atomic_long_add(n, &lost->refused[key & U16_MAX]);
}

/* Set or clear the hook on the session's buffers.  Context: trace_types_lock. */
static void lost_set_hook(struct trace_array *tr, bool on)
{
	const struct ring_buffer_loss_hook *hook = on ? &tr->lost->hook : NULL;

	lockdep_assert_held(&trace_types_lock);
	if (tr->lost->counting == on)
		return;
	/* A swap with the snapshot keeps the live buffer hooked. */
	ring_buffer_set_loss_hook(tr->buffer, hook);
	if (tr->snapshot)
		ring_buffer_set_loss_hook(tr->snapshot, hook);
	tr->lost->counting = on;
	/* Writers run their hook with preemption off. */
	if (!on)
		synchronize_rcu();
}

static int lost_start(struct trace_array *tr)
{
	struct trace_lost *lost = tr->lost;

	if (!lost) {
		lost = vzalloc(sizeof(*lost));
		if (!lost)
			return -ENOMEM;
		lost->hook.overwritten = lost_overwritten;
		lost->hook.refused = lost_refused;
		tr->lost = lost;
	}
	lost_set_hook(tr, true);
	return 0;
}

static void lost_clear(struct trace_lost *lost)
{
	unsigned int i;

	for (i = 0; i < LOST_TYPES; i++) {
		atomic_long_set(&lost->refused[i], 0);
		atomic_long_set(&lost->overwritten[i], 0);
	}
}

/**
 * trace_lost_free() - stop counting a session's losses and forget them
 * @tr: the session, being removed
 *
 * Context: trace_types_lock held.
 */
void trace_lost_free(struct trace_array *tr)
{
	if (!tr->lost)
		return;
	lost_set_hook(tr, false);
	vfree(tr->lost);
	tr->lost = NULL;
}

/* "system:event", or the type's number if no event has it. */
static void lost_show_name(struct seq_file *m, unsigned int type)
{
	struct trace_event_call *call = event_call_find_type(type);

	if (call)
		seq_printf(m, "%s:%s", call->class->system,
			   trace_event_name(call));
	else
		seq_printf(m, "type:%u", type);
}

static int lost_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = ((struct trace_file_key *)m->private)->tr;
	struct trace_lost *lost;
	unsigned long r, o;
	unsigned int type;

	mutex_lock(&trace_types_lock);
	lost = tr->lost;
	seq_printf(m, "# counting: %s\n",
		   lost && lost->counting ? "on" : "off");
	seq_puts(m, "# event refused overwritten\n");
	for (type = 0; lost && type < LOST_TYPES; type++) {
		r = atomic_long_read(&lost->refused[type]);
		o = atomic_long_read(&lost->overwritten[type]);
		if (!r && !o)
			continue;
		lost_show_name(m, type);
		seq_printf(m, " %lu %lu\n", r, o);
	}
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int lost_open(struct inode *inode, struct file *filp)
{
	return trace_key_single_open(inode, filp, lost_show);
}

static ssize_t lost_write(struct file *filp, const char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_array *tr = ((struct trace_file_key *)m->private)->tr;
	unsigned long val;
	ssize_t ret;
	char buf[8];

	ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));
	if (ret < 0)
		return ret;
	/* Nothing but white space ("echo > lost_events"): clear. */
	if (!ret) {
		mutex_lock(&trace_types_lock);
		if (tr->lost)
			lost_clear(tr->lost);
		mutex_unlock(&trace_types_lock);
		*ppos += cnt;
		return cnt;
	}
	if (kstrtoul(buf, 10, &val) || val > 1)
		return -EINVAL;
	ret = 0;
	mutex_lock(&trace_types_lock);
	if (val)
		ret = lost_start(tr);
	else if (tr->lost)
		lost_set_hook(tr, false);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations lost_events_fops = {
	.open		= lost_open,
	.read		= seq_read,
	.write		= lost_write,
	.llseek		= seq_lseek,
	.release	= trace_key_single_release,
};
