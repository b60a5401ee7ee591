// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer life cycle: allocation, resizing, resetting, freeing, and
 * the switches that change how writers behave (recording on and off, the
 * clock, overwrite mode, the sub-buffer size).
 *
 * Everything here that rearranges sub-buffers first stops the writers of
 * the CPU concerned (record_disabled, then synchronize_rcu(): writers run
 * with preemption disabled, so once it returns none is left inside a
 * reservation) and takes the readers' lock, so no writer or reader sees
 * a half-built ring.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include "internal.h"

/* The fewest sub-buffers a ring may have: one to write, one to cross into. */
#define RB_MIN_SUBBUFS	2

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * rb_alloc_refused() - fault injection point of the life-cycle code
 *
 * Every allocation in this file and in ring_buffer_read_start() asks it
 * first.  It says no; the KUnit suite replaces it (a KUnit static stub)
 * to refuse the n-th allocation, so that each error path is taken and
 * checked.  Kernels without KUnit have a constant false instead.
 *
 * Return: true to make the allocation fail.
 */
bool rb_alloc_refused(void)
{
	KUNIT_STATIC_STUB_REDIRECT(rb_alloc_refused);
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(rb_alloc_refused);
#endif

/*
 * @n zeroed objects of @size bytes on @node, or NULL; free with kvfree().
 * A ring of a large buffer is a large array, hence kvcalloc(); the sizes
 * come from users, hence no warning when there is not enough memory.
 */
static void *rb_zalloc(size_t n, size_t size, int node)
{
	if (rb_alloc_refused())
		return NULL;
	return kvcalloc_node(n, size, GFP_KERNEL | __GFP_NOWARN, node);
}

/*
 * Whether @nr more sub-buffers of 2^@order pages, on each of @cpus CPUs,
 * can be had without taking the last of the machine's memory.  Sizes are
 * written by users: a size that cannot be had is refused before anything
 * is allocated, not found out by an allocator driven into reclaim, the
 * OOM killer or a warning.
 */
static bool rb_mem_allows(unsigned long nr, unsigned int order,
			  unsigned int cpus)
{
	unsigned long avail = si_mem_available();

	if (nr > UINT_MAX)
		return false;
	/* Leave an eighth of what is available to everybody else. */
	avail -= avail >> 3;
	return nr <= (avail >> order) / max(cpus, 1U);
}

/**
 * rb_page_alloc() - allocate an empty sub-buffer
 * @order: its size, 2^@order pages
 * @cpu: the CPU whose memory node it should come from
 *
 * The pages are one compound allocation, so that a user-space mapping
 * (mmap.c) can insert each of them.
 *
 * Return: the sub-buffer, or NULL if memory ran out.
 */
struct rb_page *rb_page_alloc(unsigned int order, int cpu)
{
	struct rb_page *page;
	struct page *pg = NULL;

	page = rb_zalloc(1, sizeof(*page), cpu_to_node(cpu));
	if (!page)
		return NULL;
	if (!rb_alloc_refused())
		pg = alloc_pages_node(cpu_to_node(cpu),
				      GFP_KERNEL | __GFP_RETRY_MAYFAIL |
				      __GFP_NOWARN | __GFP_ZERO | __GFP_COMP,
				      order);
	if (!pg) {
		kvfree(page);
		return NULL;
	}
	page->bpage = page_address(pg);
	return page;
}

/**
 * rb_page_free() - free a sub-buffer
 * @page: the sub-buffer, or NULL
 * @order: its size, as given to rb_page_alloc()
 */
void rb_page_free(struct rb_page *page, unsigned int order)
{
	if (!page)
		return;
	free_pages((unsigned long)page->bpage, order);
	kvfree(page);
}

/**
 * rb_page_reset() - make a sub-buffer empty
 * @page: a sub-buffer that no writer or reader is using
 */
void rb_page_reset(struct rb_page *page)
{
	page->bpage->time_stamp = 0;
	local_set(&page->bpage->commit, 0);
	local_set(&page->entries, 0);
}

/**
 * rb_cpu_get() - the per-CPU buffer of a CPU, checked
 * @buffer: the buffer
 * @cpu: a CPU number from the caller
 *
 * Lockless: a slot once set stays set (it only changes in a swap, to
 * another CPU buffer).
 *
 * Return: the per-CPU buffer, or NULL if @cpu is out of range or has none.
 */
struct rb_cpu *rb_cpu_get(struct trace_buffer *buffer, int cpu)
{
	if (!rb_cpu_possible(cpu))
		return NULL;
	/* A CPU buffer found is whole: pairs with rb_cpu_add()'s release. */
	return smp_load_acquire(&buffer->cpus[cpu]);
}

/* The error for a CPU without a CPU buffer: not possible, or never up. */
static int rb_cpu_missing(int cpu)
{
	return rb_cpu_possible(cpu) ? -ENODEV : -EINVAL;
}

/* Empty the writer's side of a stopped buffer: sequence 0, no events. */
static void rb_writer_reset(struct rb_cpu *cb)
{
	unsigned int i;

	for (i = 0; i < cb->nr; i++)
		rb_page_reset(cb->ring[i]);
	local_set(&cb->wpos, 0);
	local_set(&cb->cpos, 0);
	cb->lap = 0;
	local_set(&cb->committing, 0);
	local_set(&cb->crossing, 0);
	local_set(&cb->last_end, RB_END_UNKNOWN);
	local_set(&cb->entries, 0);
	local_set(&cb->overrun, 0);
	local_set(&cb->commit_overrun, 0);
	local_set(&cb->dropped_events, 0);
	local_set(&cb->bytes, 0);
	atomic_long_set(&cb->head, 0);
}

static void rb_cpu_free(struct rb_cpu *cb)
{
	unsigned int i;

	if (!cb)
		return;
	rb_cpu_free(cb->retired);
	rb_map_free(cb);
	irq_work_sync(&cb->wakeup_work);
	if (cb->ring) {
		for (i = 0; i < cb->nr; i++)
			rb_page_free(cb->ring[i], cb->order);
		kvfree(cb->ring);
	}
	rb_page_free(cb->reader, cb->order);
	rb_page_free(cb->spare, cb->order);
	kvfree(cb->bounce);
	kvfree(cb);
}

/* A ring of @nr empty sub-buffers, or NULL with nothing left allocated. */
static struct rb_page **rb_ring_alloc(unsigned int nr, unsigned int order,
				      int cpu)
{
	struct rb_page **ring;
	unsigned int i;

	ring = rb_zalloc(nr, sizeof(*ring), cpu_to_node(cpu));
	if (!ring)
		return NULL;
	for (i = 0; i < nr; i++) {
		ring[i] = rb_page_alloc(order, cpu);
		if (!ring[i])
			goto fail;
	}
	return ring;
fail:
	while (i--)
		rb_page_free(ring[i], order);
	kvfree(ring);
	return NULL;
}

/* A CPU buffer of @nr sub-buffers of 2^@order pages each. */
static struct rb_cpu *rb_cpu_alloc(struct trace_buffer *buffer, int cpu,
				   unsigned int nr, unsigned int order)
{
	struct rb_cpu *cb;

	cb = rb_zalloc(1, sizeof(*cb), cpu_to_node(cpu));
	if (!cb)
		return NULL;
	cb->buffer = buffer;
	cb->cpu = cpu;
	cb->order = order;
	cb->subbuf_size = (PAGE_SIZE << order) - RB_PAGE_HDR_SIZE;
	cb->span_shift = PAGE_SHIFT + order;
	cb->off_mask = (1UL << cb->span_shift) - 1;
	raw_spin_lock_init(&cb->reader_lock);
	lockdep_set_class(&cb->reader_lock, buffer->reader_key);
	mutex_init(&cb->map_lock);
	init_waitqueue_head(&cb->waitq);
	init_irq_work(&cb->wakeup_work, rb_wakeup_work);
	cb->wait_full = RB_WAIT_FULL_NONE;

	cb->ring = rb_ring_alloc(nr, order, cpu);
	cb->spare = rb_page_alloc(order, cpu);
	cb->bounce = rb_zalloc(1, PAGE_SIZE << order, cpu_to_node(cpu));
	cb->nr = cb->ring ? nr : 0;
	if (!cb->ring || !cb->spare || !cb->bounce) {
		rb_cpu_free(cb);
		return NULL;
	}
	rb_writer_reset(cb);
	rb_reader_reset(cb);
	return cb;
}

/* Sub-buffers of @subbuf_size bytes that hold @size bytes, two at least. */
static unsigned long rb_nr_subbufs(unsigned long size,
				   unsigned int subbuf_size)
{
	/* Not DIV_ROUND_UP(): a size near ULONG_MAX would wrap to a small one. */
	return max_t(unsigned long, RB_MIN_SUBBUFS,
		     size / subbuf_size + !!(size % subbuf_size));
}

/*
 * An event of max_length fits an empty sub-buffer with its length word
 * and, in absolute mode, its time stamp.  A writer that read it before a
 * change still fits or drops the event in rb_reserve_cross().
 */
static void rb_set_max_length(struct trace_buffer *buffer)
{
	unsigned long max = buffer->subbuf_size - 2 * RB_EVNT_HDR_SIZE;

	if (buffer->time_stamp_abs)
		max -= RB_LEN_TIME_EXTEND;
	WRITE_ONCE(buffer->max_length, max);
}

/*
 * Send the writers the general way while time stamps are absolute or
 * the clock is not the one the inline path calls (RB_BUFFER_GENERAL).
 * The settings are stored first: a writer that still takes the inline
 * path uses the old ones, as one that read them just before would.
 * Caller holds the buffer's mutex.
 */
static void rb_set_general(struct trace_buffer *buffer)
{
	if (buffer->time_stamp_abs || buffer->clock != trace_clock_local)
		atomic_or(RB_BUFFER_GENERAL, &buffer->gate);
	else
		atomic_andnot(RB_BUFFER_GENERAL, &buffer->gate);
}

static void rb_set_subbuf_order(struct trace_buffer *buffer, unsigned int order)
{
	buffer->subbuf_order = order;
	buffer->subbuf_size = (PAGE_SIZE << order) - RB_PAGE_HDR_SIZE;
	rb_set_max_length(buffer);
}

/* CPU buffers the buffer has now; caller holds its mutex. */
static unsigned int rb_nr_cpus(struct trace_buffer *buffer)
{
	unsigned int n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += !!buffer->cpus[cpu];
	return n;
}

/*
 * Give @cpu its CPU buffer, of @nr sub-buffers of the buffer's current
 * order.  Writes refused on the CPU before it had one (tracing_cpumask)
 * stay refused.  Caller holds the buffer's mutex, so no resize, order
 * change or swap runs meanwhile and @nr stays right.
 */
static int rb_cpu_add(struct trace_buffer *buffer, int cpu, unsigned long nr)
{
	struct rb_cpu *cb;
	unsigned long flags;

	lockdep_assert_held(&buffer->mutex);
	if (!rb_mem_allows(nr, buffer->subbuf_order, 1))
		return -ENOMEM;
	cb = rb_cpu_alloc(buffer, cpu, nr, buffer->subbuf_order);
	if (!cb)
		return -ENOMEM;
	/*
	 * A waiter on every CPU that started before this CPU buffer existed
	 * never marked it: the first commit wakes it to look again.
	 */
	cb->wait_full = 0;
	cb->waiters = true;
	raw_spin_lock_irqsave(&buffer->absent_lock, flags);
	atomic_set(&cb->record_disabled, buffer->absent_disabled[cpu]);
	buffer->absent_disabled[cpu] = 0;
	/* The CPU buffer, then the slot: pairs with rb_cpu_get() */
	smp_store_release(&buffer->cpus[cpu], cb);
	raw_spin_unlock_irqrestore(&buffer->absent_lock, flags);
	return 0;
}

/* The sub-buffers @cb's ring has, or gets back when its CPU comes up. */
static unsigned int rb_nominal_nr(const struct rb_cpu *cb)
{
	return cb->parked_nr ?: cb->nr;
}

static int rb_cpu_unpark(struct trace_buffer *buffer, struct rb_cpu *cb);

/*
 * Sub-buffers for the CPU buffer of a CPU coming up: as many as every
 * other CPU buffer has when they agree, the fewest a ring may have when
 * they differ (the user resizes it), the size asked for at allocation
 * when there is none yet.
 */
static unsigned long rb_hotplug_nr(struct trace_buffer *buffer)
{
	unsigned long nr = 0;
	int cpu;

	lockdep_assert_held(&buffer->mutex);
	for_each_possible_cpu(cpu) {
		struct rb_cpu *cb = buffer->cpus[cpu];

		if (!cb)
			continue;
		if (nr && rb_nominal_nr(cb) != nr)
			return RB_MIN_SUBBUFS;
		nr = rb_nominal_nr(cb);
	}
	return nr ?: rb_nr_subbufs(buffer->default_size, buffer->subbuf_size);
}

/**
 * trace_rb_cpu_prepare() - CPU hotplug: give a buffer a CPU buffer for a
 *	CPU coming up
 * @cpu: the CPU
 * @node: the buffer's instance of the CPUHP_TRACE_RB_PREPARE state
 *
 * The startup callback of "trace/RB:prepare", run for every registered
 * buffer before @cpu runs anything (and, at allocation, for every CPU
 * already up).  A CPU that was up before keeps its CPU buffer, events
 * and size included.  Taking the buffer's mutex orders it with resizes,
 * sub-buffer order changes and swaps: the new CPU buffer has the geometry
 * that the last one of them left.
 *
 * Context: Process context, CPU hotplug lock held; takes the buffer's mutex.
 * Return: 0, or -ENOMEM (@cpu then does not come up).
 */
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node)
{
	struct trace_buffer *buffer = hlist_entry(node, struct trace_buffer,
						  node);
	int err = 0;

	mutex_lock(&buffer->mutex);
	if (!buffer->cpus[cpu])
		err = rb_cpu_add(buffer, cpu, rb_hotplug_nr(buffer));
	else if (buffer->cpus[cpu]->parked_nr)
		err = rb_cpu_unpark(buffer, buffer->cpus[cpu]);
	mutex_unlock(&buffer->mutex);
	if (err)
		pr_warn("ring buffer: no memory for CPU %u\n", cpu);
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(trace_rb_cpu_prepare);

/*
 * Register the hotplug state whose instances the buffers are, on first
 * use: buffers are allocated from early boot on, before any initcall.
 */
static int rb_hotplug_setup(void)
{
	static DEFINE_MUTEX(setup_lock);
	static bool done;
	int ret = 0;

	mutex_lock(&setup_lock);
	if (!done) {
		ret = cpuhp_setup_state_multi(CPUHP_TRACE_RB_PREPARE,
					      "trace/RB:prepare",
					      trace_rb_cpu_prepare,
					      trace_rb_cpu_dead);
		done = ret >= 0;
	}
	mutex_unlock(&setup_lock);
	return ret < 0 ? ret : 0;
}

/*
 * A buffer with CPU buffers for the CPUs in @cpus, or, if @cpus is NULL,
 * for the CPUs that are up and, through the hotplug state, for each CPU
 * when it first comes up.
 */
static struct trace_buffer *rb_alloc(unsigned long size, unsigned int flags,
				     const struct cpumask *cpus,
				     struct lock_class_key *key)
{
	struct trace_buffer *buffer;
	int cpu, err = 0;

	if (!rb_mem_allows(rb_nr_subbufs(size, PAGE_SIZE - RB_PAGE_HDR_SIZE),
			   0, num_online_cpus()))
		return NULL;
	buffer = rb_zalloc(1, sizeof(*buffer), NUMA_NO_NODE);
	if (!buffer)
		return NULL;
	buffer->cpus = rb_zalloc(nr_cpu_ids, sizeof(*buffer->cpus),
				 NUMA_NO_NODE);
	buffer->absent_disabled = rb_zalloc(nr_cpu_ids,
					    sizeof(*buffer->absent_disabled),
					    NUMA_NO_NODE);
	if (!buffer->cpus || !buffer->absent_disabled)
		goto fail;
	buffer->flags = flags;
	buffer->clock = trace_clock_local;
	buffer->reader_key = key;
	buffer->default_size = size;
	mutex_init(&buffer->mutex);
	raw_spin_lock_init(&buffer->absent_lock);
	init_waitqueue_head(&buffer->waitq);
	rb_set_subbuf_order(buffer, 0);

	if (!cpus) {
		/* Calls trace_rb_cpu_prepare() for each CPU that is up. */
		err = rb_hotplug_setup() ?:
		      cpuhp_state_add_instance(CPUHP_TRACE_RB_PREPARE,
					       &buffer->node);
		if (err)
			goto fail;
		return buffer;
	}
	mutex_lock(&buffer->mutex);
	for_each_cpu(cpu, cpus) {
		err = rb_cpu_add(buffer, cpu, rb_hotplug_nr(buffer));
		if (err)
			break;
	}
	mutex_unlock(&buffer->mutex);
	if (err)
		goto fail;
	return buffer;
fail:
	ring_buffer_free(buffer);
	return NULL;
}

/**
 * __ring_buffer_alloc() - allocate a ring buffer
 * @size: bytes of event data per CPU, rounded up to whole sub-buffers
 *	(two at least)
 * @flags: %RB_FL_OVERWRITE to overwrite the oldest events when full
 * @key: lockdep class for the readers' locks (ring_buffer_alloc() gives
 *	each call site its own)
 *
 * Only the CPUs that are up get a CPU buffer now; any other CPU gets one
 * when it first comes up (trace_rb_cpu_prepare()), and keeps it.
 *
 * Context: Process context, may sleep; not under the CPU hotplug lock.
 * Return: the buffer, or NULL if memory ran out (nothing is left
 * allocated then).
 */
struct trace_buffer *__ring_buffer_alloc(unsigned long size, unsigned int flags,
					 struct lock_class_key *key)
{
	return rb_alloc(size, flags, NULL, key);
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc);

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * rb_alloc_for() - allocate a ring buffer for some CPUs only
 * @size: as for __ring_buffer_alloc()
 * @flags: as for __ring_buffer_alloc()
 * @cpus: the CPUs that get a CPU buffer now
 * @key: as for __ring_buffer_alloc()
 *
 * For KUnit: a buffer that is no hotplug instance, so that a test plays
 * a CPU coming up by calling trace_rb_cpu_prepare() with &buffer->node.
 *
 * Return: the buffer, or NULL if memory ran out.
 */
struct trace_buffer *rb_alloc_for(unsigned long size, unsigned int flags,
				  const struct cpumask *cpus,
				  struct lock_class_key *key)
{
	return rb_alloc(size, flags, cpus, key);
}
EXPORT_SYMBOL_IF_KUNIT(rb_alloc_for);
#endif

/**
 * ring_buffer_free() - free a ring buffer
 * @buffer: the buffer; no writer or reader may use it any more
 *
 * Context: Process context, may sleep; not under the CPU hotplug lock.
 */
void ring_buffer_free(struct trace_buffer *buffer)
{
	int cpu;

	if (!buffer)
		return;
	/*
	 * No CPU buffer is added or cut once this returns; the CPUs that
	 * are up are not taken down (trace_rb_cpu_dead() is not called).
	 */
	if (!hlist_unhashed(&buffer->node))
		cpuhp_state_remove_instance_nocalls(CPUHP_TRACE_RB_PREPARE,
						    &buffer->node);
	if (buffer->cpus) {
		for_each_possible_cpu(cpu)
			rb_cpu_free(buffer->cpus[cpu]);
		kvfree(buffer->cpus);
	}
	kvfree(buffer->absent_disabled);
	kvfree(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

/* Stop @cb's writers and readers; undo with rb_cpu_resume(). */
static unsigned long rb_cpu_stop(struct rb_cpu *cb)
{
	unsigned long flags;

	atomic_add(RB_CPU_STOPPED, &cb->record_disabled);
	synchronize_rcu();
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	return flags;
}

static void rb_cpu_resume(struct rb_cpu *cb, unsigned long flags)
{
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	atomic_sub(RB_CPU_STOPPED, &cb->record_disabled);
}

/*
 * Move a stopped CPU buffer to @ring, of @nr sub-buffers, keeping its
 * unread events: the sub-buffers from head to the commit sub-buffer keep
 * their sequences, so each goes to slot sequence % nr of the new ring.
 * When the new ring cannot hold them all, the oldest go, counted as
 * overrun.  The other slots are filled from @pool (@nr_pool sub-buffers),
 * which receives the old sub-buffers no longer needed.  The old ring array
 * is the caller's to free, once the reader_lock is dropped.
 *
 * Return: how many sub-buffers are left in @pool, for the caller to free.
 */
static unsigned int rb_cpu_rebuild(struct rb_cpu *cb, struct rb_page **ring,
				   unsigned int nr, struct rb_page **pool,
				   unsigned int nr_pool)
{
	unsigned long head = rb_head_seq(atomic_long_read(&cb->head));
	unsigned long cseq = rb_seq(cb, local_read(&cb->cpos));
	unsigned long seq;
	unsigned int i;

	while (cseq - head + 1 > nr) {
		local_add(local_read(&rb_slot(cb, head)->entries), &cb->overrun);
		head++;
	}
	for (seq = head; seq <= cseq; seq++) {
		ring[seq % nr] = cb->ring[seq % cb->nr];
		cb->ring[seq % cb->nr] = NULL;
	}
	for (i = 0; i < cb->nr; i++) {
		if (cb->ring[i])
			pool[nr_pool++] = cb->ring[i];
	}
	for (i = 0; i < nr; i++) {
		if (!ring[i]) {
			ring[i] = pool[--nr_pool];
			rb_page_reset(ring[i]);
		}
	}
	cb->ring = ring;
	cb->nr = nr;
	rb_lap_reset(cb);
	atomic_long_set(&cb->head, head << 1);
	return nr_pool;
}

/*
 * What resizing one CPU buffer needs, all allocated before anything
 * changes: the new ring (empty) and a pool of sub-buffers, first the new
 * ones, then the old ones left over.
 */
struct rb_resize {
	struct rb_page	**ring;
	struct rb_page	**pool;
	unsigned int	nr_pool;
};

static int rb_resize_prepare(struct rb_cpu *cb, unsigned int nr,
			     struct rb_resize *rs)
{
	unsigned int extra = nr > cb->nr ? nr - cb->nr : 0;

	rs->pool = rb_zalloc(extra + cb->nr, sizeof(*rs->pool), NUMA_NO_NODE);
	rs->ring = rb_zalloc(nr, sizeof(*rs->ring), cpu_to_node(cb->cpu));
	if (!rs->pool || !rs->ring)
		return -ENOMEM;
	for (; rs->nr_pool < extra; rs->nr_pool++) {
		rs->pool[rs->nr_pool] = rb_page_alloc(cb->order, cb->cpu);
		if (!rs->pool[rs->nr_pool])
			return -ENOMEM;
	}
	return 0;
}

/*
 * Give @cb its new ring.  @stop: stop its writers first; a CPU that is
 * down (trace_rb_cpu_dead(), trace_rb_cpu_prepare()) has none.
 */
static void rb_resize_commit(struct rb_cpu *cb, unsigned int nr,
			     struct rb_resize *rs, bool stop)
{
	struct rb_page **old = cb->ring;
	unsigned long flags;

	if (stop) {
		atomic_add(RB_CPU_STOPPED, &cb->record_disabled);
		synchronize_rcu();
	}
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	rs->nr_pool = rb_cpu_rebuild(cb, rs->ring, nr, rs->pool, rs->nr_pool);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	if (stop)
		atomic_sub(RB_CPU_STOPPED, &cb->record_disabled);
	/* Freed with the rest, out of the lock: it may be vmalloc()ed. */
	rs->ring = old;
}

/* Free what a resize did not use (all of it if it failed). */
static void rb_resize_release(struct rb_cpu *cb, struct rb_resize *rs)
{
	while (rs->nr_pool)
		rb_page_free(rs->pool[--rs->nr_pool], cb->order);
	kvfree(rs->pool);
	kvfree(rs->ring);
}

/*
 * Resizing and changing the sub-buffer order refuse while an iterator
 * reads a CPU buffer they change: an iterator holds a position and a copy
 * buffer of the current geometry.  ring_buffer_read_start() may be called
 * where it cannot take the buffer's mutex, so the two meet in a handshake
 * (ordering row O8 of Documentation/trace/ring-buffer-design.rst): each
 * announces itself (the iterator in &rb_cpu.iterators, the reconfiguration
 * in &trace_buffer.reconfig), then a full barrier, then each looks at the
 * other.  At least one of them sees the other and backs off.
 */
static int rb_reconfig_begin(struct trace_buffer *buffer, int cpu)
{
	int i;

	atomic_inc(&buffer->reconfig);
	smp_mb__after_atomic();	/* O8: pairs with ring_buffer_read_start() */
	for_each_possible_cpu(i) {
		struct rb_cpu *cb = buffer->cpus[i];

		if (cb && (cpu == RING_BUFFER_ALL_CPUS || cpu == i) &&
		    atomic_read(&cb->iterators)) {
			atomic_dec(&buffer->reconfig);
			return -EBUSY;
		}
	}
	return 0;
}

static void rb_reconfig_end(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->reconfig);
}

/*
 * Resize @cb, whose CPU is down, to @nr sub-buffers: nothing of it is
 * written meanwhile.  Refused (-EBUSY) while it is mapped or iterated,
 * as any resize is.
 */
static int rb_resize_offline(struct trace_buffer *buffer, struct rb_cpu *cb,
			      unsigned int nr)
{
	struct rb_resize rs = {};
	int err;

	if (cb->map)
		return -EBUSY;
	err = rb_reconfig_begin(buffer, cb->cpu);
	if (err)
		return err;
	err = rb_resize_prepare(cb, nr, &rs);
	if (!err)
		rb_resize_commit(cb, nr, &rs, false);
	rb_reconfig_end(buffer);
	rb_resize_release(cb, &rs);
	return err;
}

/**
 * trace_rb_cpu_dead() - CPU hotplug: cut the CPU buffer of a CPU gone
 *	down to what it holds
 * @cpu: the CPU, down: none of its writers runs
 * @node: the buffer's instance of the CPUHP_TRACE_RB_PREPARE state
 *
 * The teardown callback of "trace/RB:prepare".  The CPU buffer keeps the
 * sub-buffers from the oldest unread one to the last written (two at
 * least), so that everything recorded on the CPU stays readable, and
 * frees the others; trace_rb_cpu_prepare() gives them back.  Its size
 * as the buffer reports it does not change.  A CPU buffer that is mapped
 * or iterated stays whole.  Readers still waiting on the CPU buffer are
 * woken: an event its CPU wrote from an NMI on the way down could not
 * wake them.
 *
 * Context: Process context, CPU hotplug lock held; takes the buffer's mutex.
 * Return: 0.
 */
int trace_rb_cpu_dead(unsigned int cpu, struct hlist_node *node)
{
	struct trace_buffer *buffer = hlist_entry(node, struct trace_buffer,
						  node);
	unsigned long head, cseq;
	struct rb_cpu *cb;
	unsigned int nr;

	mutex_lock(&buffer->mutex);
	cb = buffer->cpus[cpu];
	if (!cb)
		goto out;
	/* Readers its last events did not wake (trace_irq_work_queue()). */
	if (READ_ONCE(cb->waiters))
		rb_wakeup_work(&cb->wakeup_work);
	if (cb->parked_nr)
		goto out;
	head = rb_head_seq(atomic_long_read(&cb->head));
	cseq = rb_seq(cb, local_read(&cb->cpos));
	nr = max_t(unsigned long, RB_MIN_SUBBUFS, cseq - head + 1);
	if (nr < cb->nr) {
		unsigned int was = cb->nr;

		if (!rb_resize_offline(buffer, cb, nr))
			cb->parked_nr = was;
	}
out:
	mutex_unlock(&buffer->mutex);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(trace_rb_cpu_dead);

/*
 * A CPU coming up gets back the sub-buffers trace_rb_cpu_dead() took
 * from its CPU buffer.  If a reader maps or iterates it right now, the
 * CPU buffer stays as small as it is, and says so in its size.
 */
static int rb_cpu_unpark(struct trace_buffer *buffer, struct rb_cpu *cb)
{
	unsigned int nr = cb->parked_nr;
	int err;

	if (!rb_mem_allows(nr, cb->order, 1))
		return -ENOMEM;
	err = rb_resize_offline(buffer, cb, nr);
	if (err == -ENOMEM)
		return err;
	if (err)
		pr_warn("ring buffer: CPU %d's buffer is in use, left at %u sub-buffers\n",
			cb->cpu, cb->nr);
	cb->parked_nr = 0;
	return 0;
}

/*
 * The ring a resize to @nr gives @cb now: @nr, or no more than it has if
 * its CPU is down (it gets @nr when the CPU comes up).
 */
static unsigned int rb_resize_target(const struct rb_cpu *cb,
				     unsigned long nr)
{
	return cb->parked_nr ? min_t(unsigned long, cb->nr, nr) : nr;
}

/**
 * ring_buffer_resize() - change the size of one or all CPU buffers
 * @buffer: the buffer
 * @size: new size in bytes of event data, rounded up to whole sub-buffers
 *	(two at least)
 * @cpu: the CPU, or %RING_BUFFER_ALL_CPUS
 *
 * Unread events stay; when the buffer shrinks below what is unread, the
 * oldest go and are counted as overrun.  Everything is allocated before
 * any CPU buffer changes, so a failure leaves them all as they were.
 * The CPU buffers of offline CPUs are resized too (one cut down when
 * its CPU went down grows when the CPU comes up).  A CPU coming up
 * meanwhile gets its CPU buffer after the resize, of the new size if all
 * the others have it (trace_rb_cpu_prepare() waits for the mutex).
 *
 * Context: Process context, may sleep.
 * Return: 0, -EINVAL for a bad CPU, -ENODEV for a CPU without a CPU
 * buffer (it has not been up), -EBUSY while an iterator reads one of the
 * CPU buffers or one is mapped to user space, or -ENOMEM if memory ran
 * out.
 */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size, int cpu)
{
	struct rb_resize *rs;
	unsigned long nr;
	int err = 0, i;

	if (cpu != RING_BUFFER_ALL_CPUS && !rb_cpu_get(buffer, cpu))
		return rb_cpu_missing(cpu);
	rs = rb_zalloc(nr_cpu_ids, sizeof(*rs), NUMA_NO_NODE);
	if (!rs)
		return -ENOMEM;
	mutex_lock(&buffer->mutex);
	nr = rb_nr_subbufs(size, buffer->subbuf_size);
	if (!rb_mem_allows(nr, buffer->subbuf_order,
			   cpu == RING_BUFFER_ALL_CPUS ? rb_nr_cpus(buffer) : 1)) {
		err = -ENOMEM;
		goto out;
	}
	err = rb_reconfig_begin(buffer, cpu);
	if (err)
		goto out;
	for_each_possible_cpu(i) {
		struct rb_cpu *cb = buffer->cpus[i];

		if (!cb || (cpu != RING_BUFFER_ALL_CPUS && cpu != i))
			continue;
		if (cb->map) {
			err = -EBUSY;
			goto out_end;
		}
	}
	for_each_possible_cpu(i) {
		struct rb_cpu *cb = buffer->cpus[i];

		if (!cb || (cpu != RING_BUFFER_ALL_CPUS && cpu != i) ||
		    cb->nr == rb_resize_target(cb, nr))
			continue;
		err = rb_resize_prepare(cb, rb_resize_target(cb, nr), &rs[i]);
		if (err)
			goto out_end;
	}
	for_each_possible_cpu(i) {
		struct rb_cpu *cb = buffer->cpus[i];

		if (!cb || (cpu != RING_BUFFER_ALL_CPUS && cpu != i))
			continue;
		if (rs[i].ring)
			rb_resize_commit(cb, rb_resize_target(cb, nr), &rs[i],
					 true);
		if (cb->parked_nr)
			cb->parked_nr = nr;
	}
out_end:
	rb_reconfig_end(buffer);
out:
	for_each_possible_cpu(i) {
		if (buffer->cpus[i])
			rb_resize_release(buffer->cpus[i], &rs[i]);
	}
	mutex_unlock(&buffer->mutex);
	kvfree(rs);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

/**
 * ring_buffer_size() - bytes of event data one CPU buffer holds
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the size, or 0 for a CPU without a buffer.
 */
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);

	return cb ? (unsigned long)rb_nominal_nr(cb) * cb->subbuf_size : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

/**
 * ring_buffer_size_hotplug() - bytes of event data the CPU buffer of a
 *	CPU coming up would hold
 * @buffer: the buffer
 *
 * What a CPU that has no CPU buffer yet gets when it first comes up, as
 * the buffer stands now (see trace_rb_cpu_prepare()).
 *
 * Return: the size.
 */
unsigned long ring_buffer_size_hotplug(struct trace_buffer *buffer)
{
	unsigned long size;

	mutex_lock(&buffer->mutex);
	size = rb_hotplug_nr(buffer) * buffer->subbuf_size;
	mutex_unlock(&buffer->mutex);
	return size;
}
EXPORT_SYMBOL_GPL(ring_buffer_size_hotplug);

/**
 * ring_buffer_reset_cpu() - empty one CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Context: Process context, may sleep.
 */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	unsigned long flags;

	if (!cb)
		return;
	mutex_lock(&buffer->mutex);
	flags = rb_cpu_stop(cb);
	rb_reader_reset(cb);
	rb_writer_reset(cb);
	rb_cpu_resume(cb, flags);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

/**
 * ring_buffer_reset_online_cpus() - empty the buffers of the online CPUs
 * @buffer: the buffer
 */
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer)
{
	int cpu;

	for_each_online_cpu(cpu)
		ring_buffer_reset_cpu(buffer, cpu);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_online_cpus);

/**
 * ring_buffer_reset() - empty every CPU buffer
 * @buffer: the buffer
 *
 * Those of offline CPUs too.
 */
void ring_buffer_reset(struct trace_buffer *buffer)
{
	int cpu;

	for_each_possible_cpu(cpu)
		ring_buffer_reset_cpu(buffer, cpu);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

/**
 * ring_buffer_record_disable() - refuse writes until re-enabled
 * @buffer: the buffer
 *
 * Calls nest: each needs a ring_buffer_record_enable().  Writers already
 * inside a reservation finish; synchronize_rcu() waits for them.
 */
void ring_buffer_record_disable(struct trace_buffer *buffer)
{
	atomic_inc(&buffer->gate);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable);

/**
 * ring_buffer_record_enable() - undo one ring_buffer_record_disable()
 * @buffer: the buffer
 */
void ring_buffer_record_enable(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->gate);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable);

/**
 * ring_buffer_record_off() - turn recording off (the tracing_on switch)
 * @buffer: the buffer
 *
 * Unlike ring_buffer_record_disable() this does not nest: one
 * ring_buffer_record_on() turns it back on.
 */
void ring_buffer_record_off(struct trace_buffer *buffer)
{
	atomic_or(RB_BUFFER_OFF, &buffer->gate);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_off);

/**
 * ring_buffer_record_on() - turn recording back on
 * @buffer: the buffer
 */
void ring_buffer_record_on(struct trace_buffer *buffer)
{
	atomic_andnot(RB_BUFFER_OFF, &buffer->gate);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_on);

/**
 * ring_buffer_record_is_on() - whether writes are accepted now
 * @buffer: the buffer
 *
 * Return: false while recording is off or disabled.
 */
bool ring_buffer_record_is_on(struct trace_buffer *buffer)
{
	return !(atomic_read(&buffer->gate) & ~RB_BUFFER_GENERAL);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_on);

/**
 * ring_buffer_record_is_set_on() - whether the on/off switch is on
 * @buffer: the buffer
 *
 * Return: true unless ring_buffer_record_off() is in force, whatever
 * ring_buffer_record_disable() says.
 */
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer)
{
	return !(atomic_read(&buffer->gate) & RB_BUFFER_OFF);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_set_on);

/*
 * Add @d to @cpu's count of refusals; a CPU without a CPU buffer keeps
 * it in absent_disabled for the one it gets (rb_cpu_add()).
 */
static void rb_cpu_disabled_add(struct trace_buffer *buffer, int cpu, int d)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	unsigned long flags;

	if (!cb && rb_cpu_possible(cpu)) {
		raw_spin_lock_irqsave(&buffer->absent_lock, flags);
		cb = buffer->cpus[cpu];
		if (!cb)
			buffer->absent_disabled[cpu] += d;
		raw_spin_unlock_irqrestore(&buffer->absent_lock, flags);
	}
	if (cb)
		atomic_add(d, &cb->record_disabled);
}

/**
 * ring_buffer_record_disable_cpu() - refuse writes on one CPU
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Also for a CPU that has no CPU buffer yet: the one it gets when it
 * comes up refuses writes.
 */
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu)
{
	rb_cpu_disabled_add(buffer, cpu, 1);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable_cpu);

/**
 * ring_buffer_record_enable_cpu() - undo ring_buffer_record_disable_cpu()
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu)
{
	rb_cpu_disabled_add(buffer, cpu, -1);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable_cpu);

/**
 * ring_buffer_change_overwrite() - switch between overwrite and
 *	producer/consumer mode
 * @buffer: the buffer
 * @val: non-zero for overwrite
 */
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val)
{
	mutex_lock(&buffer->mutex);
	if (val)
		WRITE_ONCE(buffer->flags, buffer->flags | RB_FL_OVERWRITE);
	else
		WRITE_ONCE(buffer->flags, buffer->flags & ~RB_FL_OVERWRITE);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_change_overwrite);

/**
 * ring_buffer_set_clock() - choose the time source for time stamps
 * @buffer: the buffer, empty and with recording stopped
 * @clock: the clock, callable from any context
 *
 * Context: Process context; takes the buffer's mutex.
 */
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	mutex_lock(&buffer->mutex);
	WRITE_ONCE(buffer->clock, clock);
	rb_set_general(buffer);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_clock);

/**
 * ring_buffer_set_time_stamp_abs() - give every event an absolute time
 * @buffer: the buffer
 * @abs: true for absolute time stamps, false for deltas
 *
 * Context: Process context; takes the buffer's mutex.
 */
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs)
{
	mutex_lock(&buffer->mutex);
	WRITE_ONCE(buffer->time_stamp_abs, abs);
	rb_set_max_length(buffer);
	rb_set_general(buffer);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_time_stamp_abs);

/**
 * ring_buffer_time_stamp_abs() - whether events carry absolute time stamps
 * @buffer: the buffer
 *
 * Return: the ring_buffer_set_time_stamp_abs() setting.
 */
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->time_stamp_abs);
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp_abs);

/**
 * ring_buffer_subbuf_order_get() - log2 of the pages in a sub-buffer
 * @buffer: the buffer
 *
 * Return: the order.
 */
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer)
{
	return buffer->subbuf_order;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_get);

/**
 * ring_buffer_subbuf_size_get() - bytes of event data a sub-buffer holds
 * @buffer: the buffer
 *
 * Return: the sub-buffer size less its header.
 */
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer)
{
	return buffer->subbuf_size;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_size_get);

/* Exchange the sub-buffers (and their geometry) of two CPU buffers. */
static void rb_cpu_swap_pages(struct rb_cpu *a, struct rb_cpu *b)
{
	swap(a->nr, b->nr);
	swap(a->parked_nr, b->parked_nr);
	swap(a->ring, b->ring);
	swap(a->order, b->order);
	swap(a->subbuf_size, b->subbuf_size);
	swap(a->span_shift, b->span_shift);
	swap(a->off_mask, b->off_mask);
	swap(a->reader, b->reader);
	swap(a->spare, b->spare);
	swap(a->bounce, b->bounce);
}

/*
 * Free the retired sub-buffers of @cb that its consuming reader can no
 * longer point into: those retired before its latest call.
 */
static void rb_reap_retired(struct rb_cpu *cb)
{
	struct rb_cpu **link, *dead = NULL, *r;
	unsigned long flags;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	link = &cb->retired;
	while ((r = *link)) {
		if (r->retired_epoch != cb->reader_epoch) {
			/* This one and all older ones are unreachable. */
			*link = NULL;
			dead = r;
			break;
		}
		link = &r->retired;
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	rb_cpu_free(dead);
}

/**
 * ring_buffer_subbuf_order_set() - change the sub-buffer size
 * @buffer: the buffer
 * @order: each sub-buffer becomes 2^@order pages (0 to MAX_PAGE_ORDER)
 *
 * Keeps the buffer's size per CPU (rounded up to whole sub-buffers) and
 * empties it: the recorded events are dropped.  The new sub-buffers are
 * all allocated first; then, with the writers stopped, each CPU buffer
 * takes them under its reader_lock, so that a reader always finds its
 * CPU buffer wholly in the old or wholly in the new geometry.
 *
 * Context: Process context, may sleep.
 * Return: 0, -EINVAL for a bad order, -EBUSY while an iterator reads the
 * buffer or a CPU buffer is mapped to user space, or -ENOMEM (the buffer
 * is then unchanged, data included).
 */
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order)
{
	struct rb_cpu **fresh;
	unsigned long flags;
	int cpu, err = 0;

	if (order < 0 || order > MAX_PAGE_ORDER)
		return -EINVAL;
	if (order == buffer->subbuf_order)
		return 0;
	fresh = rb_zalloc(nr_cpu_ids, sizeof(*fresh), NUMA_NO_NODE);
	if (!fresh)
		return -ENOMEM;

	mutex_lock(&buffer->mutex);
	err = rb_reconfig_begin(buffer, RING_BUFFER_ALL_CPUS);
	if (err)
		goto out;
	for_each_possible_cpu(cpu) {
		struct rb_cpu *cb = buffer->cpus[cpu];
		unsigned int size = (PAGE_SIZE << order) - RB_PAGE_HDR_SIZE;
		unsigned long nr;

		if (!cb)
			continue;
		nr = rb_nr_subbufs((unsigned long)rb_nominal_nr(cb) *
				   cb->subbuf_size, size);
		if (cb->map) {
			err = -EBUSY;
			goto out_end;
		}
		/* Asked per CPU: what the CPUs before took is gone from it. */
		if (!rb_mem_allows(nr, order, 1)) {
			err = -ENOMEM;
			goto out_end;
		}
		/* A CPU that is down gets the rest when it comes up. */
		fresh[cpu] = rb_cpu_alloc(buffer, cpu, cb->parked_nr ?
					  RB_MIN_SUBBUFS : nr, order);
		if (!fresh[cpu]) {
			err = -ENOMEM;
			goto out_end;
		}
		fresh[cpu]->parked_nr = cb->parked_nr ? nr : 0;
	}

	/*
	 * Stop every CPU's writers as a resize does: a write refused while
	 * the sub-buffers change places is counted in dropped_events.
	 */
	for_each_possible_cpu(cpu) {
		if (buffer->cpus[cpu])
			atomic_add(RB_CPU_STOPPED,
				   &buffer->cpus[cpu]->record_disabled);
	}
	synchronize_rcu();
	for_each_possible_cpu(cpu) {
		struct rb_cpu *cb = buffer->cpus[cpu];

		if (!cb)
			continue;
		raw_spin_lock_irqsave(&cb->reader_lock, flags);
		rb_cpu_swap_pages(cb, fresh[cpu]);
		rb_reader_reset(cb);
		rb_writer_reset(cb);
		/*
		 * A consumer may still hold an event in the old pages until
		 * its next call: retire them instead of freeing them now.
		 */
		fresh[cpu]->retired = cb->retired;
		fresh[cpu]->retired_epoch = cb->reader_epoch;
		cb->retired = fresh[cpu];
		fresh[cpu] = NULL;
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
		rb_reap_retired(cb);
	}
	rb_set_subbuf_order(buffer, order);
	for_each_possible_cpu(cpu) {
		if (buffer->cpus[cpu])
			atomic_sub(RB_CPU_STOPPED,
				   &buffer->cpus[cpu]->record_disabled);
	}
out_end:
	rb_reconfig_end(buffer);
out:
	mutex_unlock(&buffer->mutex);
	/* On failure, the new sub-buffers. */
	for_each_possible_cpu(cpu)
		rb_cpu_free(fresh[cpu]);
	kvfree(fresh);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_set);

#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
/* Whether @cpu's buffers (all CPUs' for RING_BUFFER_ALL_CPUS) can swap. */
static int rb_swap_check(struct trace_buffer *ba, struct trace_buffer *bb,
			 int cpu)
{
	int i;

	for_each_possible_cpu(i) {
		struct rb_cpu *a = ba->cpus[i], *b = bb->cpus[i];

		if ((cpu != RING_BUFFER_ALL_CPUS && cpu != i) || (!a && !b))
			continue;
		/* A CPU that came up in one buffer only: its allocation failed. */
		if (!a || !b || rb_nominal_nr(a) != rb_nominal_nr(b) ||
		    a->order != b->order)
			return -EINVAL;
		if (a->map || b->map)
			return -EBUSY;
	}
	return 0;
}

/*
 * Exchange @cpu's CPU buffers, whose writers are stopped.  What belongs
 * to the place and not to the events stays: how many times recording was
 * disabled on the CPU (tracing_cpumask) goes back to the buffer it was
 * counted in.  Waiters wait on the CPU buffer that moved away: the
 * caller wakes them (rb_swap_wake()) once preemption is back on, since a
 * wait queue's lock sleeps on PREEMPT_RT.
 */
static void rb_swap_one(struct trace_buffer *ba, struct trace_buffer *bb,
			int cpu)
{
	struct rb_cpu *a = ba->cpus[cpu], *b = bb->cpus[cpu];
	unsigned long fa, fb;
	int da, db;

	raw_spin_lock_irqsave(&a->reader_lock, fa);
	raw_spin_lock_irqsave_nested(&b->reader_lock, fb, SINGLE_DEPTH_NESTING);
	da = atomic_read(&a->record_disabled);
	db = atomic_read(&b->record_disabled);
	atomic_set(&a->record_disabled, db);
	atomic_set(&b->record_disabled, da);
	a->buffer = bb;
	b->buffer = ba;
	WRITE_ONCE(ba->cpus[cpu], b);
	WRITE_ONCE(bb->cpus[cpu], a);
	raw_spin_unlock_irqrestore(&b->reader_lock, fb);
	raw_spin_unlock_irqrestore(&a->reader_lock, fa);
}

/* The wake generation sends the waiters of both buffers back to look. */
static void rb_swap_wake(struct trace_buffer *ba, struct trace_buffer *bb,
			 int cpu)
{
	ring_buffer_wake_waiters(ba, cpu);
	ring_buffer_wake_waiters(bb, cpu);
}

/*
 * The exchange of @cpu's CPU buffers done on @cpu itself, without
 * stopping its writers: none of them is between its reserve and its
 * commit while a task runs there, and the reader locks keep interrupts
 * off for the exchange (see "Swapping CPU buffers" in
 * Documentation/trace/ring-buffer-design.rst).  False when the caller
 * is elsewhere.
 */
static bool rb_swap_here(struct trace_buffer *ba, struct trace_buffer *bb,
			 int cpu)
{
	bool here;

	preempt_disable();
	here = raw_smp_processor_id() == cpu;
	if (here)
		rb_swap_one(ba, bb, cpu);
	preempt_enable();
	if (here)
		rb_swap_wake(ba, bb, cpu);
	return here;
}

/**
 * ring_buffer_swap_cpu() - exchange one CPU's buffers, or all, between two
 *	buffers
 * @buffer_a: one buffer
 * @buffer_b: the other
 * @cpu: the CPU, or %RING_BUFFER_ALL_CPUS for every CPU at once
 *
 * For snapshots: the events recorded so far move to the other buffer and
 * recording goes on into what was the other's.  The CPU buffers must have
 * the same size and sub-buffer size.  The switches of each buffer stay
 * with it (recording on or off, disabled per CPU, clock, mode).  Called
 * on @cpu itself, the exchange of that CPU refuses no write; otherwise
 * the writers are stopped for it, and the writes refused meanwhile are
 * counted in dropped_events, as during a resize.  An iterator reading a CPU buffer
 * goes with it; a consuming reader reads the buffer it asks for.
 *
 * A CPU that has a CPU buffer in neither buffer is skipped; one that
 * has one in only one buffer (its allocation failed in the other when
 * it came up) makes the swap fail.
 *
 * Context: Process context, may sleep.  The caller serialises it with
 * ring_buffer_record_disable_cpu() and ring_buffer_record_enable_cpu()
 * on either buffer.
 * Return: 0; -EINVAL if a CPU buffer's size differs, one is missing or
 * @cpu is bad; -EBUSY if one is mapped to user space.
 */
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu)
{
	int err, i;

	if (buffer_a == buffer_b ||
	    (cpu != RING_BUFFER_ALL_CPUS && (!rb_cpu_get(buffer_a, cpu) ||
					     !rb_cpu_get(buffer_b, cpu))))
		return -EINVAL;
	/* In address order: two swaps of the same pair cannot deadlock. */
	if (buffer_a > buffer_b)
		swap(buffer_a, buffer_b);
	mutex_lock(&buffer_a->mutex);
	mutex_lock_nested(&buffer_b->mutex, SINGLE_DEPTH_NESTING);
	err = rb_swap_check(buffer_a, buffer_b, cpu);
	if (err)
		goto out;
	if (cpu != RING_BUFFER_ALL_CPUS && rb_swap_here(buffer_a, buffer_b, cpu))
		goto out;
	for_each_possible_cpu(i) {
		if ((cpu != RING_BUFFER_ALL_CPUS && cpu != i) ||
		    !buffer_a->cpus[i])
			continue;
		atomic_add(RB_CPU_STOPPED, &buffer_a->cpus[i]->record_disabled);
		atomic_add(RB_CPU_STOPPED, &buffer_b->cpus[i]->record_disabled);
	}
	synchronize_rcu();
	for_each_possible_cpu(i) {
		if ((cpu != RING_BUFFER_ALL_CPUS && cpu != i) ||
		    !buffer_a->cpus[i])
			continue;
		rb_swap_one(buffer_a, buffer_b, i);
		atomic_sub(RB_CPU_STOPPED, &buffer_a->cpus[i]->record_disabled);
		atomic_sub(RB_CPU_STOPPED, &buffer_b->cpus[i]->record_disabled);
	}
	rb_swap_wake(buffer_a, buffer_b, cpu);
out:
	mutex_unlock(&buffer_b->mutex);
	mutex_unlock(&buffer_a->mutex);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_swap_cpu);
#endif
