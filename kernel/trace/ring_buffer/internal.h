/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ring buffer internals shared by write.c (the writer's fast path),
 * read.c (consuming readers and iterators) and alloc.c (life cycle).
 *
 * Terms (see Documentation/trace/ring-buffer-design.rst):
 *
 * sub-buffer	a page (or 2^order pages) holding a &struct buffer_data_page
 * sequence	a sub-buffer's number in the order the writer fills them;
 *		sequence s lives in ring slot s % nr while it is in the ring
 * position	a byte address in that order: (sequence << span_shift) | offset
 * wpos		the writers' reservation position: everything below it is
 *		reserved
 * cpos		the commit position: everything below it is committed and
 *		visible to readers
 * head		the oldest sequence still in the ring; the writer pushes it
 *		when it overwrites, the reader when it takes a sub-buffer
 *
 * Who writes what:
 *
 *  - Fields under "writer" are written only on the buffer's own CPU, by
 *    writers in any context (task, softirq, irq, NMI) that nest strictly:
 *    an interrupting writer finishes before the one it interrupted
 *    resumes.  local_t and compiler barriers are enough among them; the
 *    readers on other CPUs read wpos/cpos and sub-buffer commits with
 *    acquire loads that pair with the writer's release stores.
 *  - Fields under "reader" are protected by reader_lock (never taken by
 *    writers).
 *  - head is the one word both sides modify, always with cmpxchg.
 */
#ifndef _KERNEL_TRACE_RING_BUFFER_INTERNAL_H
#define _KERNEL_TRACE_RING_BUFFER_INTERNAL_H

#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <asm/local.h>
#include <linux/mutex.h>
#include <linux/ring_buffer.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

/* Event encoding (user ABI: events/header_event). */
#define RB_EVNT_HDR_SIZE	4U
#define RB_ALIGNMENT		4U
#define RB_MAX_SMALL_DATA	(RB_ALIGNMENT * RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
#define RB_LEN_TIME_EXTEND	8U
#define RB_TIME_SHIFT		27
#define RB_DELTA_MASK		((1U << RB_TIME_SHIFT) - 1)
/* Absolute stamps keep 59 bits; the top bits come from the reader's time. */
#define RB_TS_BITS		(RB_TIME_SHIFT + 32)
#define RB_TS_MASK		((1ULL << RB_TS_BITS) - 1)

/* Flags a raw reader finds in the commit word of a sub-buffer it read. */
#define RB_MISSED_EVENTS	BIT(31)
#define RB_MISSED_STORED	BIT(30)

/**
 * struct buffer_data_page - a sub-buffer as stored and as read raw
 * @time_stamp: time of the sub-buffer's first event
 * @commit: bytes of committed events in @data
 * @data: events
 *
 * The layout is user ABI (events/header_page).
 */
struct buffer_data_page {
	u64		time_stamp;
	local_t		commit;
	unsigned char	data[] __aligned(sizeof(long));
};

#define RB_PAGE_HDR_SIZE	offsetof(struct buffer_data_page, data)

/**
 * struct rb_page - a sub-buffer and its bookkeeping
 * @bpage: the sub-buffer
 * @entries: events reserved in it since it was last (re)used; written by
 *	the writer (reset by whoever hands the sub-buffer back to the writer)
 * @id: its index in a user-space mapping of the CPU buffer (mmap.c); set
 *	when the first mapping is made, meaningless while there is none
 */
struct rb_page {
	struct buffer_data_page	*bpage;
	local_t			entries;
	unsigned int		id;
};

/**
 * struct rb_map - a CPU buffer's user-space mapping (mmap.c)
 * @refs: the vmas that map it (each mmap(), each vma duplicated by the
 *	mm, e.g. by mremap())
 * @meta: the meta page
 * @page: the user page: the sub-buffer user space reads now, in neither
 *	the ring nor the kernel reader's hands
 * @subbufs: every sub-buffer, by id
 * @nr_subbufs: how many: the ring's, the kernel reader's and @page
 */
struct rb_map {
	unsigned int			refs;
	struct trace_buffer_meta	*meta;
	struct rb_page			*page;
	struct rb_page			**subbufs;
	unsigned int			nr_subbufs;
};

/* The reader's claim on head: set while it takes or reads head in place. */
#define RB_HEAD_READER		1UL

/*
 * Writers can nest four contexts deep (task, softirq, irq, NMI), twice with
 * ring_buffer_nest_start(); a deeper write can only be one recursing.
 */
#define RB_MAX_NEST		8

/*
 * &rb_cpu.last_end: where the last recorded event ends, shifted left by
 * RB_TAG_BITS, and in the bits below the depth of the writer that
 * recorded it plus one (what committing reads while it writes).
 * Positions are multiples of RB_ALIGNMENT, so RB_END_UNKNOWN matches
 * none.
 */
#define RB_TAG_BITS		4
#define RB_END_UNKNOWN		(~0UL)

/*
 * A reservation between reserve and commit, kept where its commit or
 * discard (and ring_buffer_event_time_stamp()) finds it: one per nesting
 * depth, so one base pointer reaches all of it.
 */
struct rb_pending {
	struct rb_page		*page;	/* the sub-buffer it is in */
	unsigned long		pos;	/* where it starts, time event included */
};

/**
 * struct rb_cpu - one CPU's buffer
 * @buffer: the buffer this belongs to
 * @cpu: the CPU whose writers fill it
 * @nr: sub-buffers in the ring
 * @ring: slot s % nr holds sequence s while it is in the ring
 * @order: each of its sub-buffers is 2^order pages
 * @subbuf_size: bytes of event data one holds
 * @span_shift: log2 of the position space of one sub-buffer
 * @off_mask: (1 << @span_shift) - 1: a position's offset bits
 *
 * The fields above change only while the CPU's writers are stopped and
 * its reader_lock is held (resize, sub-buffer order change).
 *
 * @parked_nr: (buffer's mutex) 0 while the CPU is up; while it is down
 *	and its ring is cut to the sub-buffers that hold events
 *	(trace_rb_cpu_dead()), the @nr it had, which it gets back when the
 *	CPU comes up and which the buffer's size reports meanwhile
 *
 * @wpos: (writer) reservation position
 * @cpos: (writer, release) commit position
 * @committing: (writer) writers between reserve and commit on this CPU
 * @crossing: (writer) set while a writer moves wpos to the next sub-buffer
 * @lap: (writer, set by the crossing writer) a sequence of slot 0, within
 *	one lap of every sequence a writer looks up (rb_wslot())
 * @last_end: (writer) the event recorded last: where it ends and the
 *	depth of its writer, whose @times slot holds its time stamp
 *	(write.c: rb_prev_ts()); if it does not end at wpos (a writer
 *	between its reservation and this store was interrupted, an event
 *	was given back, %RB_END_UNKNOWN), the time of the event before
 *	wpos is unknown and the next one needs an absolute time stamp
 * @pending: (writer) each reservation in progress, by depth
 * @times: (writer) the time stamp of each reservation in progress, or
 *	of the last one, by depth plus one (what committing reads while
 *	it runs; slot 0 is not used)
 * @entries: (writer) events reserved, ever
 * @overrun: (writer) events overwritten before they were read
 * @commit_overrun: (writer) events dropped because the writer caught up
 *	with its own unfinished commit
 * @dropped_events: (writer) events dropped: buffer full, reader busy, a
 *	write nested deeper than %RB_MAX_NEST, or the buffer stopped for a
 *	resize
 * @refused: (writer) writes lost (counted in @dropped_events or
 *	@commit_overrun) while a loss hook was set, not yet collected by
 *	ring_buffer_account_refusal()
 * @bytes: (writer) payload bytes reserved, ever
 * @record_disabled: writes are refused while non-zero; %RB_CPU_STOPPED is
 *	added while a resize or reset rebuilds the buffer
 * @iterators: live iterators; resizing is refused while there are any
 * @map_lock: serialises mapping, unmapping and the mapped reader's calls
 * @map: the user-space mapping (mmap.c), or NULL; set and cleared under
 *	the buffer's mutex and reader_lock, so resizing and the sub-buffer
 *	order change, which refuse while it is set, see it under either
 *
 * @head: (both, cmpxchg) oldest sequence in the ring, shifted left by one,
 *	with %RB_HEAD_READER in bit 0
 *
 * @reader_lock: serialises readers
 * @reader: (reader) the sub-buffer taken out of the ring for reading, or
 *	NULL while the reader reads the commit sub-buffer in place
 * @spare: (reader) the empty sub-buffer the next take puts into the ring
 * @bounce: (reader) copy of the last event read in place
 * @rseq: (reader) sequence of the sub-buffer being read
 * @roff: (reader) offset of the next unread event in it
 * @rstamp: (reader) time stamp of the event before @roff
 * @read: (reader) events consumed, ever
 * @read_bytes: (reader) payload bytes consumed, ever
 * @last_overrun: (reader) @overrun when lost events were last reported
 * @lost_events: (reader) events lost since the last consumed one
 * @inplace_read: (reader) events consumed in place from sub-buffer @rseq
 * @read_overwritten: (reader) events consumed in place, then overwritten:
 *	the writer counted them in @overrun, wrongly
 * @overrun_fix: (reader) of those, the ones not yet seen in @overrun
 *
 * @waitq: readers waiting for data
 * @wakeup_work: defers wakeups out of the writer's context
 * @waiters: whether anybody waits (checked by writers)
 * @wait_full: the lowest fill, in percent of the sub-buffers, that a
 *	waiter wants (0: any event); writers wake waiters only once it is
 *	reached, above 100 when nobody waits
 */
struct rb_cpu {
	struct trace_buffer	*buffer;
	int			cpu;
	unsigned int		nr;
	struct rb_page		**ring;
	unsigned int		order;
	unsigned int		subbuf_size;
	unsigned int		span_shift;
	unsigned long		off_mask;
	unsigned int		parked_nr;

	/* Writer side: this CPU only. */
	local_t			wpos;
	local_t			cpos;
	local_t			committing;
	local_t			crossing;
	unsigned long		lap;
	local_t			last_end;
	struct rb_pending	pending[RB_MAX_NEST];
	u64			times[RB_MAX_NEST + 1];
	local_t			entries;
	local_t			overrun;
	local_t			commit_overrun;
	local_t			dropped_events;
	local_t			refused;
	local_t			bytes;
	atomic_t		record_disabled;
	atomic_t		iterators;
	struct mutex		map_lock;	/* mapping and the mapped reader */
	struct rb_map		*map;
	/*
	 * Sub-buffers that ring_buffer_subbuf_order_set() replaced, kept (as
	 * a chain of old rb_cpu structures, newest first) until the consuming
	 * reader has been called again: an event that ring_buffer_consume()
	 * or ring_buffer_peek() returned stays valid until then.  Each
	 * reader call bumps reader_epoch under reader_lock; a generation
	 * retired at another epoch than the current one is no longer seen.
	 */
	struct rb_cpu		*retired;
	unsigned long		retired_epoch;
	unsigned long		reader_epoch;

	/* Shared. */
	atomic_long_t		head ____cacheline_aligned_in_smp;

	/* Reader side. */
	raw_spinlock_t		reader_lock ____cacheline_aligned_in_smp;
	struct rb_page		*reader;
	struct rb_page		*spare;
	void			*bounce;
	unsigned long		rseq;
	unsigned int		roff;
	u64			rstamp;
	unsigned long		read;
	unsigned long		read_bytes;
	unsigned long		last_overrun;
	unsigned long		lost_events;
	unsigned long		inplace_read;
	unsigned long		read_overwritten;
	unsigned long		overrun_fix;

	wait_queue_head_t	waitq;
	struct irq_work		wakeup_work;
	bool			waiters;
	int			wait_full;
};

/* &rb_cpu.wait_full when nobody waits. */
#define RB_WAIT_FULL_NONE	101

/**
 * struct trace_buffer - a ring buffer: one &struct rb_cpu per CPU that has
 *	been online since the buffer was allocated
 * @flags: &enum ring_buffer_flags
 * @gate: what keeps writers off the inline path: the count of
 *	ring_buffer_record_disable() calls, %RB_BUFFER_OFF (the on/off
 *	switch) and %RB_BUFFER_GENERAL; every part but the last refuses
 * @clock: the time source of the time stamps
 * @time_stamp_abs: every event carries an absolute time stamp
 * @max_length: the largest payload a reserve accepts, for @subbuf_size
 *	and @time_stamp_abs (ring_buffer_max_event_size())
 * @subbuf_order: each sub-buffer is 2^subbuf_order pages (copied into
 *	every &struct rb_cpu, whose copy is the one its writers use)
 * @subbuf_size: bytes of event data a sub-buffer holds
 * @mutex: serialises resize, reset and reconfiguration, and the CPU
 *	hotplug callbacks that add, cut and restore CPU buffers
 * @cpus: the per-CPU buffers, NULL for CPUs that never came online while
 *	the buffer existed.  A slot goes from NULL to a CPU buffer once
 *	(trace_rb_cpu_prepare(), under @mutex, published with a release
 *	store that rb_cpu_get() pairs with) and never back; a CPU going
 *	offline keeps its buffer, cut to the sub-buffers that hold events
 *	(trace_rb_cpu_dead()).  A swap exchanges two non-NULL slots.
 * @node: this buffer's instance of the CPUHP_TRACE_RB_PREPARE hotplug
 *	state; unhashed if it is not registered
 * @default_size: bytes per CPU asked for at allocation: the size of the
 *	first CPU buffer (trace_rb_cpu_prepare())
 * @absent_lock: serialises @absent_disabled with the publication of a
 *	slot of @cpus
 * @absent_disabled: per CPU without a buffer, the
 *	ring_buffer_record_disable_cpu() calls not yet undone: its buffer
 *	starts with that count
 * @reader_key: lockdep class of the readers' locks
 * @waitq: readers waiting on any CPU
 * @wake_gen: bumped by ring_buffer_wake_waiters(): waiters return even
 *	though what they wait for has not come
 * @reconfig: non-zero while a resize or sub-buffer order change runs
 *	(under @mutex); ring_buffer_read_start() backs off when it sees it
 *	(ordering row O8)
 * @loss_hook: told about each lost event, or NULL (loss.c; row O10)
 */
struct trace_buffer {
	unsigned int		flags;
	atomic_t		gate;
	u64			(*clock)(void);
	bool			time_stamp_abs;
	unsigned long		max_length;
	unsigned int		subbuf_order;
	unsigned int		subbuf_size;
	struct mutex		mutex;	/* resize, reset, order, hotplug */
	struct rb_cpu		**cpus;
	struct hlist_node	node;
	unsigned long		default_size;
	raw_spinlock_t		absent_lock;
	int			*absent_disabled;
	struct lock_class_key	*reader_key;
	wait_queue_head_t	waitq;
	atomic_t		wake_gen;
	atomic_t		reconfig;
	const struct ring_buffer_loss_hook *loss_hook;
};

#define RB_BUFFER_OFF		BIT(20)
/*
 * In &trace_buffer.gate: not a refusal but a detour.  Time
 * stamps are absolute or the clock is not trace_clock_local(), so every
 * reservation takes the general path (write.c), whose one test of the
 * word is then the inline path's only test of either setting.
 */
#define RB_BUFFER_GENERAL	BIT(21)
/* In &rb_cpu.record_disabled: stopped for a rebuild, refused writes count. */
#define RB_CPU_STOPPED		BIT(20)

/* Positions. */
static inline unsigned long rb_seq(struct rb_cpu *cb, unsigned long pos)
{
	return pos >> cb->span_shift;
}

static inline unsigned int rb_off(struct rb_cpu *cb, unsigned long pos)
{
	return pos & cb->off_mask;
}

static inline unsigned long rb_pos(struct rb_cpu *cb, unsigned long seq,
				   unsigned int off)
{
	return (seq << cb->span_shift) | off;
}

static inline struct rb_page *rb_slot(struct rb_cpu *cb, unsigned long seq)
{
	return READ_ONCE(cb->ring[seq % cb->nr]);
}

/*
 * The writer's way to a sequence's sub-buffer, without the divide of
 * rb_slot(): @seq is within one lap of &rb_cpu.lap, before or after it
 * (design doc, "Slots without a divide").
 */
static inline struct rb_page *rb_wslot(struct rb_cpu *cb, unsigned long seq)
{
	unsigned long d = seq - READ_ONCE(cb->lap);

	if (unlikely(d >= cb->nr)) {
		if ((long)d < 0)
			d += cb->nr;
		else
			d -= cb->nr;
	}
	return READ_ONCE(cb->ring[d]);
}

/* Writers stopped: &rb_cpu.lap for the ring's geometry and wpos now. */
static inline void rb_lap_reset(struct rb_cpu *cb)
{
	unsigned long seq = rb_seq(cb, local_read(&cb->wpos));

	cb->lap = cb->nr ? seq - seq % cb->nr : 0;
}

static inline unsigned long rb_head_seq(unsigned long head)
{
	return head >> 1;
}

/* Event decoding, shared by every reader. */
unsigned int rb_event_size(struct ring_buffer_event *event);
u64 rb_event_ts_field(struct ring_buffer_event *event);

/* alloc.c */
static inline bool rb_cpu_possible(int cpu)
{
	return cpu >= 0 && cpu < nr_cpu_ids && cpu_possible(cpu);
}

struct rb_cpu *rb_cpu_get(struct trace_buffer *buffer, int cpu);

/*
 * The CPU buffer of the CPU a writer runs on (preemption off).  A
 * snapshot's exchange, ring_buffer_swap_cpu(), may store the slot while
 * a writer loads it: from another CPU only with this CPU's writers
 * stopped (either CPU buffer refuses the write), on this CPU with
 * interrupts off.  No exchange falls between a writer's reserve and its
 * commit ("Swapping CPU buffers" in
 * Documentation/trace/ring-buffer-design.rst).
 */
static __always_inline struct rb_cpu *rb_this_cpu(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->cpus[raw_smp_processor_id()]);
}
int trace_rb_cpu_dead(unsigned int cpu, struct hlist_node *node);
#if IS_ENABLED(CONFIG_KUNIT)
struct trace_buffer *rb_alloc_for(unsigned long size, unsigned int flags,
				  const struct cpumask *cpus,
				  struct lock_class_key *key);
#endif
void rb_page_reset(struct rb_page *page);
struct rb_page *rb_page_alloc(unsigned int order, int cpu);
void rb_page_free(struct rb_page *page, unsigned int order);
#if IS_ENABLED(CONFIG_KUNIT)
bool rb_alloc_refused(void);
#else
static inline bool rb_alloc_refused(void)
{
	return false;
}
#endif

/* loss.c */
void rb_report_overwritten(struct rb_cpu *cb, struct rb_page *page,
			   const struct ring_buffer_loss_hook *hook);

/* A write lost (@counter: which kind), noted for its attribution. */
static inline void rb_lose(struct rb_cpu *cb, local_t *counter)
{
	local_inc(counter);
	if (READ_ONCE(cb->buffer->loss_hook))
		local_inc(&cb->refused);
}

/* write.c */
void rb_wakeup_work(struct irq_work *work);
bool rb_seal(struct rb_cpu *cb);

/* Committed bytes of a sub-buffer the writer may still be filling. */
static inline unsigned int rb_read_commit(struct rb_page *page)
{
	unsigned int commit = local_read(&page->bpage->commit);

	smp_rmb();	/* O1: commit, then events; pairs with rb_publish() */
	return commit;
}

/* read.c */
void rb_reader_reset(struct rb_cpu *cb);
unsigned long rb_read_cseq(struct rb_cpu *cb);
void rb_claim(struct rb_cpu *cb);
void rb_take(struct rb_cpu *cb);
struct ring_buffer_event *rb_locate(struct rb_cpu *cb, bool *in_place);
unsigned int rb_page_count(struct buffer_data_page *bpage, unsigned int end,
			   unsigned long *events, unsigned long *bytes);
void rb_unclaim_head(struct rb_cpu *cb);

/* mmap.c */
#ifdef CONFIG_MMU
void rb_map_free(struct rb_cpu *cb);
#if IS_ENABLED(CONFIG_KUNIT)
int rb_map_attach(struct rb_cpu *cb);
#endif
#else
static inline void rb_map_free(struct rb_cpu *cb)
{
}
#endif

#endif /* _KERNEL_TRACE_RING_BUFFER_INTERNAL_H */
