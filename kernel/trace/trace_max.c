// SPDX-License-Identifier: GPL-2.0
/*
 * What the latency tracers share: tracing_thresh, tracing_max_latency,
 * and keeping the worst case in the session's snapshot buffer.
 *
 * A latency tracer (irqsoff and its kin, wakeup and its kin) times a
 * stretch of the kernel's life and writes what happened meanwhile into
 * the session's live buffer.  When a stretch is longer than the longest
 * one so far (or, with tracing_thresh set, longer than the threshold),
 * trace_max_report() makes it the session's worst case: its length goes
 * to tracing_max_latency at once, and the CPU buffer it was written in
 * (or every CPU's buffer) changes places with the snapshot buffer's.
 *
 * The exchange sleeps, and the tracers find their worst cases where
 * nothing may sleep, often with interrupts off; so it is done a moment
 * later by a worker, on the CPU of the worst case when one CPU buffer
 * moves: there the ring buffer exchanges without stopping the CPU's
 * writers, and a stretch ending meanwhile keeps its records.  A worse
 * case found meanwhile replaces the one waiting.  An exchange of every
 * CPU buffer stops the writers for a while, so a stretch that overlaps
 * one would have its records split between the two buffers, or lost: it
 * is not taken (&trace_max.gen).  The CPU buffer that
 * moves holds records from before the stretch began and from after it
 * ended, up to the exchange; the readers of a latency tracer's snapshot
 * leave them out (&trace_max_info.start and &trace_max_info.end).
 */
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/irq_work.h>
#include <linux/sched.h>
#include <linux/workqueue.h>

#include "trace_irq_work.h"
#include "trace_tracers.h"

/* The files show and take microseconds; the values are nanoseconds. */
static ssize_t nsecs_read(unsigned long val, char __user *ubuf, size_t cnt,
			  loff_t *ppos)
{
	if (val == ULONG_MAX)
		return trace_read_text(ubuf, cnt, ppos, "-1\n");
	return trace_read_text(ubuf, cnt, ppos, "%lu\n", val / NSEC_PER_USEC);
}

static ssize_t nsecs_parse(const char __user *ubuf, size_t cnt,
			   unsigned long *val)
{
	ssize_t ret = trace_write_ulong(ubuf, cnt, val);

	if (ret)
		return ret;
	if (*val > ULONG_MAX / NSEC_PER_USEC)
		return -EINVAL;
	*val *= NSEC_PER_USEC;
	return 0;
}

static ssize_t thresh_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return nsecs_read(READ_ONCE(tracing_thresh), ubuf, cnt, ppos);
}

static ssize_t thresh_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	unsigned long val;
	ssize_t ret = nsecs_parse(ubuf, cnt, &val);

	if (ret)
		return ret;
	WRITE_ONCE(tracing_thresh, val);
	return cnt;
}

static const struct file_operations thresh_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= thresh_read,
	.write		= thresh_write,
	.llseek		= generic_file_llseek,
};

#ifdef CONFIG_TRACER_MAX_TRACE

static ssize_t max_read(struct file *filp, char __user *ubuf, size_t cnt,
			loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;

	return nsecs_read(READ_ONCE(tr->max.latency), ubuf, cnt, ppos);
}

/* Any value written becomes the maximum: "echo 0" starts afresh. */
static ssize_t max_write(struct file *filp, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	unsigned long val;
	ssize_t ret = nsecs_parse(ubuf, cnt, &val);

	if (ret)
		return ret;
	WRITE_ONCE(tr->max.latency, val);
	return cnt;
}

static const struct file_operations max_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= max_read,
	.write		= max_write,
	.llseek		= generic_file_llseek,
};

/*
 * The exchange with the snapshot buffer, done where max_work_fn() chose.
 * The tracer's stop waits for the worker with trace_types_lock held, so
 * this only tries the lock; 1 says to come back a tick later.
 */
static long max_exchange(void *arg)
{
	struct trace_max *m = arg;
	struct trace_array *tr = container_of(m, struct trace_array, max);
	struct trace_max_info info;
	int ret = -ENODEV;
	bool all;
	u64 now;

	if (!mutex_trylock(&trace_types_lock))
		return 1;
	raw_spin_lock_irq(&m->lock);
	info = m->next;
	all = m->all_cpus;
	if (!m->pending)
		goto out;
	m->pending = false;
	/* Odd: no stretch is taken until the exchange is over (M1). */
	if (all)
		WRITE_ONCE(m->gen, m->gen + 1);
	raw_spin_unlock_irq(&m->lock);
	if (tr->snapshot_allocated)
		ret = trace_snapshot_take(tr, all ? RING_BUFFER_ALL_CPUS :
					  info.cpu);
	now = trace_max_now(tr);
	raw_spin_lock_irq(&m->lock);
	if (all) {
		/* M2, with trace_max_gen(): the exchange is over. */
		smp_store_release(&m->gen, m->gen + 1);
	}
	if (ret)
		goto out;
	m->shown = info;
	/*
	 * One CPU buffer moved, on its CPU, where a stretch is under way
	 * while this runs only in an interrupt: a worse case of that CPU
	 * that had ended before the clock read above was in the CPU buffer
	 * that moved, but for one in an interrupt that came in the few
	 * instructions between the exchange and the read.  It is the one
	 * shown, and exchanging again would lose it.
	 */
	if (!all && m->pending && !m->all_cpus && m->next.cpu == info.cpu &&
	    m->next.end < now) {
		m->shown = m->next;
		m->pending = false;
	}
out:
	raw_spin_unlock_irq(&m->lock);
	mutex_unlock(&trace_types_lock);
	return 0;
}

/*
 * The worker.  When one CPU buffer moves, the exchange runs on that CPU
 * (work_on_cpu()), where the ring buffer exchanges without stopping the
 * CPU's writers (see ring_buffer_swap_cpu()); requeueing this work there
 * would not do, as a work item requeued while it runs stays on its CPU.
 * A worse case that comes meanwhile on another CPU, or a CPU going
 * offline, only makes the exchange take the slower way.
 */
static void max_work_fn(struct work_struct *work)
{
	struct trace_max *m = container_of(to_delayed_work(work),
					   struct trace_max, work);
	bool all;
	long again;
	int cpu;

	/* A hint: max_exchange() takes the case again under the lock. */
	raw_spin_lock_irq(&m->lock);
	cpu = m->next.cpu;
	all = m->all_cpus;
	raw_spin_unlock_irq(&m->lock);
	if (!all && cpu != raw_smp_processor_id() && cpu_online(cpu))
		again = work_on_cpu(cpu, max_exchange, m);
	else
		again = max_exchange(m);
	if (again)
		schedule_delayed_work(&m->work, 1);
}

static void max_irq_work_fn(struct irq_work *work)
{
	struct trace_max *m = container_of(work, struct trace_max, irq_work);

	schedule_delayed_work(&m->work, 0);
}

static void max_init(struct trace_array *tr)
{
	raw_spin_lock_init(&tr->max.lock);
	INIT_DELAYED_WORK(&tr->max.work, max_work_fn);
	init_irq_work(&tr->max.irq_work, max_irq_work_fn);
}

/**
 * trace_max_now() - the time on a session's trace clock
 * @tr: the session
 *
 * Context: Any.
 * Return: the time, as its records are stamped.
 */
u64 trace_max_now(struct trace_array *tr)
{
	return ring_buffer_time_stamp(tr->buffer);
}

/**
 * trace_max_exceeds() - whether a latency is to be kept
 * @tr: the session
 * @delta: the latency, in ns
 *
 * Return: with tracing_thresh set, whether @delta reaches it; otherwise
 * whether it is longer than tracing_max_latency.
 */
bool trace_max_exceeds(struct trace_array *tr, u64 delta)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > READ_ONCE(tr->max.latency);
}

/**
 * trace_max_gen() - where a stretch that moves every CPU buffer begins
 * @tr: the session
 *
 * A latency tracer whose worst case moves every CPU buffer reads this
 * before the first record of a stretch and reports it in
 * &trace_max_info.gen: trace_max_report() takes the stretch only if no
 * exchange of every CPU buffer has begun since.  Then all its records
 * are in the CPU buffers that move.
 *
 * Context: Any.
 * Return: the count of such exchanges begun and ended.
 */
unsigned long trace_max_gen(struct trace_array *tr)
{
	/* M2, with max_exchange()'s release: the last exchange is over. */
	return smp_load_acquire(&tr->max.gen);
}

/**
 * trace_max_report() - make a stretch the session's worst case
 * @tr: the session of a latency tracer
 * @info: the stretch: its start, length, CPU, places and task
 * @all_cpus: move every CPU's buffer to the snapshot, not only @info's
 *
 * The caller has written the stretch's records.  Its CPU buffer (or
 * every one) moves to the snapshot buffer a moment later.  With
 * @all_cpus, a stretch that an exchange of every CPU buffer overlapped
 * (@info's gen is not trace_max_gen() now, or an exchange is under way)
 * is not taken: some of its records did not move with the others.
 *
 * Context: Any but NMI.
 * Return: whether it was taken (it is still a worst case).
 */
bool trace_max_report(struct trace_array *tr,
		      const struct trace_max_info *info, bool all_cpus)
{
	struct trace_max *m = &tr->max;
	unsigned long flags;
	bool taken = false;

	raw_spin_lock_irqsave(&m->lock, flags);
	/* M1: an exchange of every CPU buffer began since the stretch did. */
	if (all_cpus && (info->gen != m->gen || (m->gen & 1)))
		goto out;
	if (trace_max_exceeds(tr, info->latency)) {
		WRITE_ONCE(m->latency, info->latency);
		m->next = *info;
		m->all_cpus = all_cpus;
		if (!m->pending)
			trace_irq_work_queue(&m->irq_work);
		m->pending = true;
		taken = true;
	}
out:
	raw_spin_unlock_irqrestore(&m->lock, flags);
	return taken;
}

/**
 * trace_max_task() - fill in the task of a worst case
 * @info: the worst case
 * @task: the task it is about
 */
void trace_max_task(struct trace_max_info *info, struct task_struct *task)
{
	memcpy(info->comm, task->comm, TASK_COMM_LEN);
	info->pid = task->pid;
	info->uid = task_uid(task);
	info->nice = task_nice(task);
	info->policy = task->policy;
	info->rt_prio = task->rt_priority;
}

/**
 * trace_max_begin() - a latency tracer starts in a session
 * @tr: the session
 *
 * Gives the snapshot buffer the live buffer's size, empties it, starts
 * tracing_max_latency at 0 and turns latency-format on (until
 * trace_max_end()), as Linux 6.12's latency tracers do.
 *
 * Context: trace_types_lock held.
 * Return: 0, or the error allocating the snapshot buffer.
 */
int trace_max_begin(struct trace_array *tr)
{
	struct trace_max *m = &tr->max;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	m->had_snapshot = tr->snapshot_allocated;
	ret = trace_snapshot_alloc(tr);
	if (ret)
		return ret;
	trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
	ring_buffer_reset(tr->snapshot);
	trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
	memset(&m->shown, 0, sizeof(m->shown));
	WRITE_ONCE(m->latency, 0);
	m->had_lat_fmt = tr->trace_flags & TRACE_ITER(LATENCY_FMT);
	tr->trace_flags |= TRACE_ITER(LATENCY_FMT);
	return 0;
}

/**
 * trace_max_end() - a latency tracer stopped in a session
 * @tr: the session, whose tracer no longer reports worst cases
 *
 * Drops a worst case on its way to the snapshot and undoes
 * trace_max_begin(); the snapshot keeps the last worst case unless the
 * buffer was allocated only for the tracer.
 *
 * Context: trace_types_lock held.
 */
void trace_max_end(struct trace_array *tr)
{
	struct trace_max *m = &tr->max;

	lockdep_assert_held(&trace_types_lock);
	irq_work_sync(&m->irq_work);
	cancel_delayed_work_sync(&m->work);
	m->pending = false;
	if (!m->had_lat_fmt)
		tr->trace_flags &= ~TRACE_ITER(LATENCY_FMT);
	if (!m->had_snapshot)
		trace_snapshot_free(tr);
	memset(&m->shown, 0, sizeof(m->shown));
}

/**
 * trace_max_shown() - the worst case a reader of a session's snapshot shows
 * @tr: the session
 * @info: filled in with it
 *
 * Return: whether the session's tracer keeps worst cases; @info is all
 * zeroes while it has none in the snapshot.
 */
bool trace_max_shown(struct trace_array *tr, struct trace_max_info *info)
{
	if (!trace_tracer_of(tr)->max_latency)
		return false;
	raw_spin_lock_irq(&tr->max.lock);
	*info = tr->max.shown;
	raw_spin_unlock_irq(&tr->max.lock);
	return true;
}
#endif /* CONFIG_TRACER_MAX_TRACE */

/**
 * trace_max_create_files() - tracing_max_latency, and at the top level
 *	tracing_thresh
 * @tr: the session, being made
 */
void trace_max_create_files(struct trace_array *tr)
{
	void *key = trace_key(tr, RING_BUFFER_ALL_CPUS);

	if (tr == &global_trace)
		trace_create_file("tracing_thresh", TRACE_MODE_WRITE, tr->dir, key,
				  &thresh_fops);
#ifdef CONFIG_TRACER_MAX_TRACE
	max_init(tr);
	trace_create_file("tracing_max_latency", TRACE_MODE_WRITE, tr->dir, key,
			  &max_fops);
#endif
}
