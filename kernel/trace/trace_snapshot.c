// SPDX-License-Identifier: GPL-2.0
/*
 * The snapshot buffer of a session (CONFIG_TRACER_SNAPSHOT; without it,
 * the public calls only write that there is none into the trace).
 *
 * Every session has a second ring buffer, tr->snapshot.  Taking a
 * snapshot exchanges the CPU buffers of the two (ring_buffer_swap_cpu()):
 * what was recorded so far becomes the snapshot, and recording goes on
 * into the emptied CPU buffers that were the snapshot's.  The session's
 * switches (tracing_on, tracing_cpumask, clock) stay with its live
 * buffer, so taking a snapshot never changes what is recorded.
 *
 * A "freed" snapshot buffer is kept at the ring buffer's smallest size,
 * never freed while the session lives: a reader that was reading a CPU
 * buffer when it moved, or is waiting on it, can rely on it.  Allocating
 * it resizes it to the live buffer's size (and sub-buffer size), and so
 * does every snapshot, since the live buffer may have been resized since.
 *
 * The files: snapshot (the whole buffer) and per_cpu/cpuN/snapshot and
 * snapshot_raw.  Writing 0 frees, 1 allocates and takes a snapshot, any
 * other number empties the snapshot buffer, as in Linux 6.12.  Reading
 * them is the trace readers' work (trace_readers.c).
 *
 * A latency tracer keeps its worst case in the snapshot buffer
 * (trace_max.c).  While one is the session's tracer the buffer is its
 * own: writes to the files are refused with -EBUSY, and a snapshot asked
 * for by a trigger or tracing_snapshot() is not taken; the trace says
 * so instead, with 6.12's two lines.
 */
#include <linux/ftrace.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/workqueue.h>

#include "trace_events_internal.h"
#include "trace_irq_work.h"

#ifdef CONFIG_TRACER_SNAPSHOT
/* Boot options: alloc_snapshot, ftrace_boot_snapshot. */
static bool boot_alloc __initdata;
static bool boot_take __initdata;

static bool subset(long cpu, int i)
{
	return cpu == RING_BUFFER_ALL_CPUS || cpu == i;
}

/*
 * Give the snapshot buffer the live buffer's geometry on @cpu (or every
 * CPU): the two must match for their CPU buffers to change places.
 * Context: trace_types_lock.
 * Return: 0, -ENOMEM, or -EBUSY while the snapshot is being read.
 */
static int snapshot_match(struct trace_array *tr, long cpu)
{
	int order = ring_buffer_subbuf_order_get(tr->buffer);
	int i, ret = 0;

	if (ring_buffer_subbuf_order_get(tr->snapshot) != order) {
		ret = ring_buffer_subbuf_order_set(tr->snapshot, order);
		if (ret)
			return ret;
	}
	for_each_tracing_cpu(i) {
		unsigned long size = ring_buffer_size(tr->buffer, i);

		if (!subset(cpu, i) || ring_buffer_size(tr->snapshot, i) == size)
			continue;
		ret = ring_buffer_resize(tr->snapshot, size, i);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * While a latency tracer is @tr's tracer, the snapshot buffer holds its
 * worst case (trace_max.c): no one else may take, clear or free it.
 * Context: trace_types_lock, which a change of tracer holds.
 */
static bool snapshot_owned(struct trace_array *tr)
{
	return trace_tracer_of(tr)->max_latency;
}

/*
 * A snapshot asked for from the kernel or a trigger while the buffer is
 * owned: the session's trace says why there is none, as in Linux 6.12.
 */
static void snapshot_owned_say(struct trace_array *tr)
{
	static const char busy[] = "*** LATENCY TRACER ACTIVE ***\n";
	static const char sorry[] = "*** Can not use snapshot (sorry) ***\n";

	__trace_array_puts(tr, _THIS_IP_, busy, sizeof(busy) - 1);
	__trace_array_puts(tr, _THIS_IP_, sorry, sizeof(sorry) - 1);
}

/**
 * trace_snapshot_alloc() - give a session's snapshot buffer its full size
 * @tr: the session
 *
 * Context: trace_types_lock held.
 * Return: 0, -ENOMEM (the live buffer is untouched), or -EBUSY while the
 * snapshot is being read.
 */
int trace_snapshot_alloc(struct trace_array *tr)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	/* The snapshot takes the live buffer's size: its full one. */
	ret = __tracing_update_buffers(tr);
	if (ret)
		return ret;
	trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
	ret = snapshot_match(tr, RING_BUFFER_ALL_CPUS);
	trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
	if (!ret)
		tr->snapshot_allocated = true;
	return ret;
}

/**
 * trace_snapshot_free() - shrink a session's snapshot buffer to nothing
 * @tr: the session
 *
 * Its events are dropped; the buffer keeps its smallest size.
 *
 * Context: trace_types_lock held.
 * Return: 0, or -EBUSY while the snapshot is being read.
 */
int trace_snapshot_free(struct trace_array *tr)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (!tr->snapshot_allocated)
		return 0;
	trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
	ret = ring_buffer_resize(tr->snapshot, 0, RING_BUFFER_ALL_CPUS);
	if (!ret) {
		ring_buffer_reset(tr->snapshot);
		tr->snapshot_allocated = false;
	}
	trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
	return ret;
}

/**
 * trace_snapshot_take() - make what was recorded the snapshot
 * @tr: the session, its snapshot buffer allocated
 * @cpu: the CPU, or %RING_BUFFER_ALL_CPUS
 *
 * The live buffer and the snapshot buffer change places: the previous
 * snapshot of those CPUs is live again, and recording goes on after it.
 * Readers of the session are held off meanwhile.
 *
 * Context: trace_types_lock held.
 * Return: 0; -ENODEV if the snapshot buffer is not allocated; -EBUSY if a
 * CPU buffer is mapped to user space or the snapshot is being read;
 * -ENOMEM.
 */
int trace_snapshot_take(struct trace_array *tr, long cpu)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (!tr->snapshot_allocated)
		return -ENODEV;
	trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
	ret = snapshot_match(tr, cpu);
	if (ret)
		goto out;
	/*
	 * A plain exchange, as 6.12's: the previous snapshot becomes the
	 * live buffer and recording goes on after it.
	 */
	ret = ring_buffer_swap_cpu(tr->buffer, tr->snapshot, cpu);
out:
	trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
	return ret;
}

/**
 * trace_snapshot_command() - what a write to a snapshot file asks
 * @tr: the session
 * @cpu: the file's CPU, or %RING_BUFFER_ALL_CPUS for the snapshot file
 * @val: the number written: 0 frees, 1 allocates and takes a snapshot,
 *	any other empties the snapshot buffer
 *
 * As in Linux 6.12, a per-CPU file refuses 0, and refuses 1 unless the
 * kernel swaps CPU buffers one at a time (CONFIG_TRACER_SNAPSHOT_PER_CPU_SWAP).
 *
 * Return: 0 or -errno: -EBUSY for any @val while a latency tracer is
 * the session's tracer.
 */
int trace_snapshot_command(struct trace_array *tr, long cpu, unsigned long val)
{
	int ret = 0;

	mutex_lock(&trace_types_lock);
	/* A latency tracer's worst case is there: hands off, whatever @val. */
	if (snapshot_owned(tr)) {
		ret = -EBUSY;
		goto out;
	}
	if (cpu != RING_BUFFER_ALL_CPUS &&
	    (!val || (val == 1 &&
		      !IS_ENABLED(CONFIG_TRACER_SNAPSHOT_PER_CPU_SWAP)))) {
		ret = -EINVAL;
		goto out;
	}
	switch (val) {
	case 0:
		ret = trace_snapshot_free(tr);
		break;
	case 1:
		ret = trace_snapshot_alloc(tr);
		if (!ret)
			ret = trace_snapshot_take(tr, cpu);
		break;
	default:
		if (!tr->snapshot_allocated)
			break;
		trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
		if (cpu == RING_BUFFER_ALL_CPUS)
			ring_buffer_reset(tr->snapshot);
		else
			ring_buffer_reset_cpu(tr->snapshot, cpu);
		trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
		break;
	}
out:
	mutex_unlock(&trace_types_lock);
	return ret;
}

/* ---- snapshots asked for from any context -------------------------------- */

/*
 * The CPU buffers change places only in process context: a snapshot
 * trigger, which runs inside an event's probe, marks its session and
 * an irq_work (safe anywhere, the scheduler's locks held included) hands
 * the marks to a worker.
 */
/**
 * trace_snapshot_run_requests() - take the snapshots asked for now
 *
 * What the worker does; a trace_marker write whose trigger asked for a
 * snapshot calls it too, so that the snapshot is there when the write
 * returns.
 *
 * Context: process context, may sleep.
 */
void trace_snapshot_run_requests(void)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		if (!xchg(&tr->snapshot_requested, false))
			continue;
		if (snapshot_owned(tr))
			snapshot_owned_say(tr);
		else
			trace_snapshot_take(tr, RING_BUFFER_ALL_CPUS);
	}
	mutex_unlock(&trace_types_lock);
}

static void snapshot_requests_fn(struct work_struct *work)
{
	trace_snapshot_run_requests();
}

static DECLARE_WORK(snapshot_requests_work, snapshot_requests_fn);

static void snapshot_requests_irq_fn(struct irq_work *work)
{
	schedule_work(&snapshot_requests_work);
}

static DEFINE_IRQ_WORK(snapshot_requests_irq, snapshot_requests_irq_fn);

/**
 * trace_snapshot_request() - have a session's snapshot taken soon
 * @tr: the session, its snapshot buffer allocated
 *
 * Requests made before the worker runs are one snapshot.
 *
 * Context: Any, NMI included.
 */
void trace_snapshot_request(struct trace_array *tr)
{
	WRITE_ONCE(tr->snapshot_requested, true);
	trace_irq_work_queue(&snapshot_requests_irq);
}

/* ---- the kernel's calls ------------------------------------------------- */

static void snapshot_top(void)
{
	int ret = -ENODEV;
	bool owned = false;

	mutex_lock(&trace_types_lock);
	if (global_trace.snapshot_allocated) {
		owned = snapshot_owned(&global_trace);
		if (!owned)
			ret = trace_snapshot_take(&global_trace,
						  RING_BUFFER_ALL_CPUS);
	}
	mutex_unlock(&trace_types_lock);
	if (owned) {
		snapshot_owned_say(&global_trace);
	} else if (ret == -ENODEV) {
		/* As upstream: say so in the trace, and keep it. */
		__trace_puts(_THIS_IP_, "*** SNAPSHOT NOT ALLOCATED ***\n", 31);
		__trace_puts(_THIS_IP_, "*** stopping trace here!   ***\n", 31);
		tracing_off();
	} else if (ret) {
		__trace_puts(_THIS_IP_, "*** SNAPSHOT FAILED ***\n", 24);
	}
}

static void snapshot_work_fn(struct work_struct *work)
{
	snapshot_top();
}

static DECLARE_WORK(snapshot_work, snapshot_work_fn);

/* From NMI, where a work cannot be queued: an irq_work queues it. */
static void snapshot_irq_work_fn(struct irq_work *work)
{
	schedule_work(&snapshot_work);
}

static DEFINE_IRQ_WORK(snapshot_irq_work, snapshot_irq_work_fn);

/**
 * tracing_snapshot() - take a snapshot of the top-level trace
 *
 * The events recorded so far go to the snapshot buffer (read in
 * /sys/kernel/tracing/snapshot) and tracing goes on.  The snapshot
 * buffer must have been allocated (tracing_alloc_snapshot(), the
 * alloc_snapshot boot option, or echo 1 > snapshot); if it is not, the
 * trace says so and stops, so that what led here is kept.
 *
 * Context: Any.  Where the caller cannot sleep the CPU buffers change
 * places a moment later, from a worker.
 */
void tracing_snapshot(void)
{
	if (tracing_is_disabled())
		return;
	if (preemptible())
		snapshot_top();
	else if (in_nmi())
		trace_irq_work_queue(&snapshot_irq_work);
	else
		schedule_work(&snapshot_work);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_alloc_snapshot() - allocate the top level's snapshot buffer
 *
 * Context: Process context, may sleep.
 * Return: 0, -ENOMEM, -EBUSY while the snapshot is being read, or
 * -ENODEV if tracing did not start.
 */
int tracing_alloc_snapshot(void)
{
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	mutex_lock(&trace_types_lock);
	ret = trace_snapshot_alloc(&global_trace);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

/**
 * tracing_snapshot_alloc() - allocate the snapshot buffer, then snapshot
 *
 * Context: Process context, may sleep.  If the buffer cannot be had, no
 * snapshot is taken and nothing changes.
 */
void tracing_snapshot_alloc(void)
{
	if (!tracing_alloc_snapshot())
		tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

static int __init set_alloc_snapshot(char *str)
{
	boot_alloc = true;
	trace_boot_expand();
	return 1;
}
__setup("alloc_snapshot", set_alloc_snapshot);

static int __init set_boot_snapshot(char *str)
{
	/* Instances made at boot are not part of this core: top level only. */
	if (*str == '=')
		pr_warn("tracing: ftrace_boot_snapshot%s: instances are not supported, the top level is taken\n",
			str);
	boot_take = true;
	trace_boot_expand();
	return 1;
}
__setup("ftrace_boot_snapshot", set_boot_snapshot);

/* alloc_snapshot: early enough for tracing_snapshot() in initcalls. */
static __init int snapshot_boot_alloc(void)
{
	if (boot_alloc && tracing_alloc_snapshot())
		pr_warn("tracing: alloc_snapshot: no memory for the snapshot buffer\n");
	return 0;
}
core_initcall_sync(snapshot_boot_alloc);

/**
 * ftrace_boot_snapshot() - take the snapshot asked for on the command line
 *
 * With ftrace_boot_snapshot, the trace of the boot so far is kept in the
 * snapshot buffer when the boot ends.
 */
void __init ftrace_boot_snapshot(void)
{
	if (boot_take)
		tracing_snapshot_alloc();
}

#else /* !CONFIG_TRACER_SNAPSHOT */

/**
 * tracing_snapshot() - take a snapshot of the trace buffer
 *
 * This kernel has no snapshot buffer (CONFIG_TRACER_SNAPSHOT): the
 * request is written into the trace, so that it is not lost silently.
 */
void tracing_snapshot(void)
{
	__trace_puts(_THIS_IP_, "*** SNAPSHOT NOT SUPPORTED ***\n", 31);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_snapshot_alloc() - allocate the snapshot buffer, then snapshot
 *
 * As tracing_snapshot().
 */
void tracing_snapshot_alloc(void)
{
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/**
 * ftrace_boot_snapshot() - take the snapshot asked for on the command line
 *
 * There is no snapshot buffer: nothing to do.
 */
void __init ftrace_boot_snapshot(void)
{
}
#endif /* CONFIG_TRACER_SNAPSHOT */
