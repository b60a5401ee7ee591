// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer readers: consuming reads, iterators, counters, waiting.
 *
 * DOC: Reading
 *
 * A consuming reader of a CPU buffer holds its reader_lock for each call
 * and reads sub-buffers in sequence order, in one of two ways:
 *
 * - A complete sub-buffer (below the commit position) is taken out of
 *   the ring: the reader claims head (sets %RB_HEAD_READER with cmpxchg),
 *   puts its spare sub-buffer into the slot, and releases head one
 *   sequence further.  Its events are then the reader's alone: peek and
 *   consume return pointers into it, no copy.
 * - The commit sub-buffer, which the writer may still append to, is read
 *   in place under the claim, and each event is copied to a bounce buffer
 *   before the claim is dropped at the end of the call.
 *
 * The claim is what keeps an overwriting writer away: it pushes head
 * only with a cmpxchg from an unclaimed value, and drops (and counts) its
 * event if the reader holds the claim.  Claims last one reader call, so
 * an idle reader never blocks the writer.
 *
 * Ordering: the reader loads cpos, then a sub-buffer's commit, then the
 * events, each followed by smp_rmb(); the writer stores the events, the
 * commit, then cpos, each preceded by smp_wmb() (write.c:rb_publish()).
 * The rows O1-O9 cited at each barrier are those of the ordering table in
 * Documentation/trace/ring-buffer-design.rst.
 */
#include <linux/poll.h>
#include <linux/sched/signal.h>
#include <linux/smp.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"

/**
 * rb_read_cseq() - the commit sequence, for a reader
 * @cb: the CPU buffer
 *
 * Return: the sequence of the sub-buffer the writers commit into; every
 * sub-buffer below it is complete (its commit count is final).
 */
unsigned long rb_read_cseq(struct rb_cpu *cb)
{
	unsigned long cpos = local_read(&cb->cpos);

	smp_rmb();	/* O2: cpos, then commits; pairs with rb_publish() */
	return rb_seq(cb, cpos);
}

/* Absolute time from a time stamp event, its top bits taken from @now. */
static u64 rb_abs_ts(struct ring_buffer_event *event, u64 now)
{
	return rb_event_ts_field(event) | (now & ~RB_TS_MASK);
}

/*
 * Scan @bpage from *@off up to @end for the next data event, stepping over
 * padding and applying time events to *@stamp.
 *
 * Return: the data event (at *@off), or NULL if there is none below @end.
 */
static struct ring_buffer_event *rb_scan(struct buffer_data_page *bpage,
					 unsigned int *off, u64 *stamp,
					 unsigned int end)
{
	struct ring_buffer_event *event;
	unsigned int size;

	while (*off < end) {
		event = (struct ring_buffer_event *)(bpage->data + *off);
		switch (event->type_len) {
		case RINGBUF_TYPE_PADDING:
			size = rb_event_size(event);
			if (!size) {
				*off = end;
				return NULL;
			}
			break;
		case RINGBUF_TYPE_TIME_EXTEND:
			*stamp += rb_event_ts_field(event);
			size = RB_LEN_TIME_EXTEND;
			break;
		case RINGBUF_TYPE_TIME_STAMP:
			*stamp = rb_abs_ts(event, *stamp);
			size = RB_LEN_TIME_EXTEND;
			break;
		default:
			return event;
		}
		*off += size;
	}
	return NULL;
}

/**
 * rb_page_count() - count the data events of a sub-buffer
 * @bpage: the sub-buffer, out of the writers' reach
 * @end: its commit position
 * @events: incremented by its data events
 * @bytes: incremented by their payload bytes
 *
 * Return: where the last event that is not padding ends.
 */
unsigned int rb_page_count(struct buffer_data_page *bpage, unsigned int end,
			   unsigned long *events, unsigned long *bytes)
{
	unsigned long n = 0, len = 0;
	struct ring_buffer_event *event;
	unsigned int off = 0, last = 0, size, tl;

	/*
	 * A raw or mapped reader's every sub-buffer passes here: the data
	 * events' sizes are worked out inline, the rest by rb_event_size().
	 */
	while (off < end) {
		event = (struct ring_buffer_event *)(bpage->data + off);
		tl = event->type_len;
		if (tl && tl <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
			size = tl * RB_ALIGNMENT + RB_EVNT_HDR_SIZE;
		else if (!tl)
			size = event->array[0] + RB_EVNT_HDR_SIZE;
		else
			size = rb_event_size(event);
		if (!size || size > end - off)
			break;
		off += size;
		if (tl <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX) {
			/* ring_buffer_event_length(): the length word is not data. */
			n++;
			len += size - RB_EVNT_HDR_SIZE - (tl ? 0 : sizeof(u32));
		}
		if (tl != RINGBUF_TYPE_PADDING)
			last = off;
	}
	*events += n;
	*bytes += len;
	return last;
}

/**
 * rb_reader_reset() - forget the consuming reader's position
 * @cb: a CPU buffer whose writers are stopped, reader_lock held
 */
void rb_reader_reset(struct rb_cpu *cb)
{
	if (cb->reader) {
		rb_page_reset(cb->reader);
		if (!cb->spare)
			cb->spare = cb->reader;
		else
			WARN_ON_ONCE(1);
		cb->reader = NULL;
	}
	cb->rseq = 0;
	cb->roff = 0;
	cb->rstamp = 0;
	cb->read = 0;
	cb->read_bytes = 0;
	cb->last_overrun = 0;
	cb->lost_events = 0;
	cb->inplace_read = 0;
	cb->read_overwritten = 0;
	cb->overrun_fix = 0;
}

/**
 * rb_claim() - claim head for the consuming reader
 * @cb: the CPU buffer, reader_lock held, no taken sub-buffer (@cb->reader
 *	is NULL)
 *
 * If head has moved past the reader's sequence, the sub-buffers in
 * between were overwritten: the reader restarts at head and what was
 * lost is added to @cb->lost_events.  Drop the claim with rb_take() or
 * rb_unclaim_head().
 */
void rb_claim(struct rb_cpu *cb)
{
	unsigned long hv, head, ov, delta, fix;

	for (;;) {
		hv = atomic_long_read_acquire(&cb->head);
		head = rb_head_seq(hv);
		/* O7: the claim, then the reads of the sub-buffer */
		if (atomic_long_cmpxchg_acquire(&cb->head, hv,
						hv | RB_HEAD_READER) == hv)
			break;
	}
	if (head != cb->rseq) {
		cb->read_overwritten += cb->inplace_read;
		cb->overrun_fix += cb->inplace_read;
		cb->inplace_read = 0;
		cb->rseq = head;
		cb->roff = 0;
	}
	/*
	 * The writer adds to overrun just after it pushes head, so the
	 * events consumed in place and then overwritten (counted in overrun
	 * by the writer, but not lost) may show up in overrun later than the
	 * push does: take them out of whatever overrun growth comes next.
	 */
	ov = local_read(&cb->overrun);
	delta = ov - cb->last_overrun;
	cb->last_overrun = ov;
	fix = min(delta, cb->overrun_fix);
	cb->overrun_fix -= fix;
	cb->lost_events += delta - fix;
}

/**
 * rb_unclaim_head() - drop the reader's claim on head
 * @cb: the CPU buffer, reader_lock held, claim held
 */
void rb_unclaim_head(struct rb_cpu *cb)
{
	/* O7: the reads of the sub-buffer, then the claim's end */
	atomic_long_set_release(&cb->head, cb->rseq << 1);
}

/**
 * rb_take() - take the claimed, complete sub-buffer rseq out of the ring
 * @cb: the CPU buffer, reader_lock and the claim held, a spare at hand
 *
 * The spare goes into the slot, the sub-buffer becomes @cb->reader and
 * head is released one sequence further (which drops the claim).
 */
void rb_take(struct rb_cpu *cb)
{
	unsigned int slot = cb->rseq % cb->nr;
	struct rb_page *spare = cb->spare;

	rb_page_reset(spare);
	cb->reader = cb->ring[slot];
	WRITE_ONCE(cb->ring[slot], spare);
	cb->spare = NULL;
	cb->inplace_read = 0;
	/* O5: the spare in the slot, then head; pairs with rb_make_room() */
	atomic_long_set_release(&cb->head, (cb->rseq + 1) << 1);
}

/**
 * rb_locate() - find the consuming reader's next event
 * @cb: the CPU buffer, reader_lock held
 * @in_place: set if the event is in the commit sub-buffer, read in place:
 *	the reader then holds its claim on head, which the caller must drop
 *	with rb_unclaim_head() once done with the event
 *
 * Return: the event, inside its sub-buffer, or NULL if there is none yet
 * (no claim is held then).
 */
struct ring_buffer_event *rb_locate(struct rb_cpu *cb, bool *in_place)
{
	struct ring_buffer_event *event;
	struct buffer_data_page *bpage;
	unsigned long cseq;

	for (;;) {
		if (cb->reader) {
			bpage = cb->reader->bpage;
			event = rb_scan(bpage, &cb->roff, &cb->rstamp,
					local_read(&bpage->commit));
			if (event) {
				*in_place = false;
				return event;
			}
			/* Done with it: it becomes the spare. */
			cb->spare = cb->reader;
			cb->reader = NULL;
			cb->rseq++;
			cb->roff = 0;
			continue;
		}

		rb_claim(cb);
		cseq = rb_read_cseq(cb);
		bpage = rb_slot(cb, cb->rseq)->bpage;
		if (!cb->roff)
			cb->rstamp = bpage->time_stamp;
		if (cb->rseq < cseq) {
			rb_take(cb);
			continue;
		}
		event = rb_scan(bpage, &cb->roff, &cb->rstamp,
				rb_read_commit(rb_slot(cb, cb->rseq)));
		if (!event) {
			rb_unclaim_head(cb);
			return NULL;
		}
		*in_place = true;
		return event;
	}
}

/* Step the consuming reader past @event, which rb_locate() returned. */
static void rb_consume(struct rb_cpu *cb, struct ring_buffer_event *event,
		       bool in_place)
{
	cb->rstamp += event->time_delta;
	cb->roff += rb_event_size(event);
	cb->read++;
	cb->read_bytes += ring_buffer_event_length(event);
	cb->lost_events = 0;
	if (in_place)
		cb->inplace_read++;
}

/*
 * The next event for the consuming reader; consumed if @consume.  Events
 * read in place are copied to the bounce buffer first.
 */
static struct ring_buffer_event *rb_read(struct rb_cpu *cb, u64 *ts,
					 unsigned long *lost, bool consume)
{
	struct ring_buffer_event *event;
	bool in_place;

	event = rb_locate(cb, &in_place);
	if (!event)
		return NULL;
	if (ts)
		*ts = cb->rstamp + event->time_delta;
	if (lost)
		*lost = cb->lost_events;
	if (consume)
		rb_consume(cb, event, in_place);
	if (in_place) {
		memcpy(cb->bounce, event, rb_event_size(event));
		event = cb->bounce;
		rb_unclaim_head(cb);
	}
	return event;
}

/*
 * Read under reader_lock.  With @trylock (and always in NMI, which may
 * have interrupted a reader of this CPU buffer holding the lock on this
 * very CPU) a busy lock gives ERR_PTR(-EBUSY) instead of a wait.
 */
static struct ring_buffer_event *rb_read_locked(struct trace_buffer *buffer,
						int cpu, u64 *ts,
						unsigned long *lost,
						bool consume, bool trylock)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	struct ring_buffer_event *event;
	unsigned long flags;

	if (!cb)
		return NULL;
	if (trylock || in_nmi()) {
		if (!raw_spin_trylock_irqsave(&cb->reader_lock, flags))
			return ERR_PTR(-EBUSY);
	} else {
		raw_spin_lock_irqsave(&cb->reader_lock, flags);
	}
	/* Pointers from earlier calls are dead: retired pages may go. */
	cb->reader_epoch++;
	event = rb_read(cb, ts, lost, consume);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return event;
}

/* A read that found the reader's lock busy (NMI) found nothing. */
static struct ring_buffer_event *rb_read_or_null(struct trace_buffer *buffer,
						 int cpu, u64 *ts,
						 unsigned long *lost,
						 bool consume)
{
	struct ring_buffer_event *event;

	event = rb_read_locked(buffer, cpu, ts, lost, consume, false);
	return IS_ERR(event) ? NULL : event;
}

/**
 * ring_buffer_peek() - the next event of a CPU buffer, without consuming it
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: where to store the event's time stamp, or NULL
 * @lost_events: where to store how many events were lost before it, or NULL
 *
 * The event stays valid until the next read of this CPU buffer.
 *
 * Context: Any context.  In NMI it does not wait for another reader of
 * the CPU buffer: it finds nothing while one is reading.
 * Return: the event, or NULL if there is none or @cpu has no buffer.
 */
struct ring_buffer_event *ring_buffer_peek(struct trace_buffer *buffer, int cpu,
					   u64 *ts, unsigned long *lost_events)
{
	return rb_read_or_null(buffer, cpu, ts, lost_events, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_peek);

/**
 * ring_buffer_consume() - take the next event of a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: where to store the event's time stamp, or NULL
 * @lost_events: where to store how many events were lost (overwritten)
 *	between the previous consumed event and this one, or NULL
 *
 * The event stays valid until the next read of this CPU buffer.
 *
 * Context: Any context.  In NMI it does not wait for another reader of
 * the CPU buffer: it finds nothing while one is reading.
 * Return: the event, or NULL if there is none or @cpu has no buffer.
 */
struct ring_buffer_event *ring_buffer_consume(struct trace_buffer *buffer,
					      int cpu, u64 *ts,
					      unsigned long *lost_events)
{
	return rb_read_or_null(buffer, cpu, ts, lost_events, true);
}
EXPORT_SYMBOL_GPL(ring_buffer_consume);

/**
 * ring_buffer_consume_trylock() - ring_buffer_consume() that never waits
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: where to store the event's time stamp, or NULL
 * @lost_events: as for ring_buffer_consume()
 *
 * For a dying kernel's dump (ftrace_dump()), which must not wait for a
 * reader that may never let go.
 *
 * Context: Any context.
 * Return: the event, NULL if there is none or @cpu has no buffer, or
 * ERR_PTR(-EBUSY) if another reader holds the CPU buffer.
 */
struct ring_buffer_event *
ring_buffer_consume_trylock(struct trace_buffer *buffer, int cpu, u64 *ts,
			    unsigned long *lost_events)
{
	return rb_read_locked(buffer, cpu, ts, lost_events, true, true);
}
EXPORT_SYMBOL_GPL(ring_buffer_consume_trylock);

/**
 * ring_buffer_empty_cpu() - whether a CPU buffer has nothing to read
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: true if a consuming read would find nothing now.
 */
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu)
{
	return !rb_read_or_null(buffer, cpu, NULL, NULL, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_empty_cpu);

/**
 * ring_buffer_empty() - whether every CPU buffer is empty
 * @buffer: the buffer
 *
 * Return: true if no CPU buffer has anything to read.
 */
bool ring_buffer_empty(struct trace_buffer *buffer)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!ring_buffer_empty_cpu(buffer, cpu))
			return false;
	}
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty);

/**
 * ring_buffer_oldest_event_ts() - time stamp of the oldest unread event
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the time stamp, or 0 if the CPU buffer is empty.
 */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu)
{
	u64 ts = 0;

	if (!rb_read_or_null(buffer, cpu, &ts, NULL, false))
		return 0;
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_oldest_event_ts);

/* Counters.  Each reads one CPU's values without locking. */

static unsigned long rb_overrun(struct rb_cpu *cb)
{
	return local_read(&cb->overrun) - READ_ONCE(cb->read_overwritten);
}

/**
 * ring_buffer_entries_cpu() - events in a CPU buffer, unread
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: events written and neither read nor overwritten.
 */
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);

	if (!cb)
		return 0;
	return local_read(&cb->entries) - rb_overrun(cb) - READ_ONCE(cb->read);
}
EXPORT_SYMBOL_GPL(ring_buffer_entries_cpu);

/**
 * ring_buffer_overrun_cpu() - events overwritten before they were read
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count since the last reset.
 */
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);

	return cb ? rb_overrun(cb) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_overrun_cpu);

/**
 * ring_buffer_commit_overrun_cpu() - events dropped because the writer
 *	caught up with its own unfinished commit
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Only interrupts that fill the whole ring while the write they
 * interrupted is unfinished cause these.
 *
 * Return: the count since the last reset.
 */
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);

	return cb ? local_read(&cb->commit_overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_commit_overrun_cpu);

/**
 * ring_buffer_dropped_events_cpu() - events refused by a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Counts writes refused because the buffer was full in producer/consumer
 * mode, because the oldest sub-buffer was being taken by a reader,
 * because writes nested deeper than contexts can (a write recursing),
 * or because the buffer was
 * stopped for a resize.
 *
 * Return: the count since the last reset.
 */
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);

	return cb ? local_read(&cb->dropped_events) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_dropped_events_cpu);

/**
 * ring_buffer_read_events_cpu() - events consumed from a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count since the last reset.
 */
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);

	return cb ? READ_ONCE(cb->read) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_events_cpu);

/**
 * ring_buffer_bytes_cpu() - payload bytes in a CPU buffer, unread
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: bytes written minus bytes consumed (overwritten ones included).
 */
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);

	if (!cb)
		return 0;
	return local_read(&cb->bytes) - READ_ONCE(cb->read_bytes);
}
EXPORT_SYMBOL_GPL(ring_buffer_bytes_cpu);

/**
 * ring_buffer_entries() - unread events in all CPU buffers
 * @buffer: the buffer
 *
 * Return: the sum of ring_buffer_entries_cpu().
 */
unsigned long ring_buffer_entries(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += ring_buffer_entries_cpu(buffer, cpu);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries);

/**
 * ring_buffer_overruns() - overwritten events in all CPU buffers
 * @buffer: the buffer
 *
 * Return: the sum of ring_buffer_overrun_cpu().
 */
unsigned long ring_buffer_overruns(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += ring_buffer_overrun_cpu(buffer, cpu);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_overruns);

/**
 * ring_buffer_nr_dirty_pages() - sub-buffers holding unread events
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the number of sub-buffers from the oldest unread one to the
 * commit sub-buffer.
 */
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	unsigned long head;

	if (!cb)
		return 0;
	head = rb_head_seq(atomic_long_read(&cb->head));
	return rb_read_cseq(cb) - head + 1;
}
EXPORT_SYMBOL_GPL(ring_buffer_nr_dirty_pages);

/**
 * struct ring_buffer_iter - a non-consuming reader of one CPU buffer
 * @cb: the CPU buffer
 * @seq: sequence of the sub-buffer the iterator is in
 * @off: offset of the next event in it
 * @stamp: time stamp of the event before @off
 * @on_reader: the iterator is in the consuming reader's taken sub-buffer
 * @rpage: the consuming reader's taken sub-buffer when the iterator last
 *	synced (NULL if none)
 * @read: the consuming reader's @read when the iterator last synced
 * @dropped: events were overwritten under the iterator since it was reset
 * @event: copy of the event last returned
 */
struct ring_buffer_iter {
	struct rb_cpu		*cb;
	unsigned long		seq;
	unsigned int		off;
	u64			stamp;
	bool			on_reader;
	struct rb_page		*rpage;
	unsigned long		read;
	bool			dropped;
	struct ring_buffer_event *event;
};

/* Start at the consuming reader's position.  Caller holds reader_lock. */
static void rb_iter_sync(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cb = iter->cb;

	iter->seq = cb->rseq;
	iter->off = cb->roff;
	iter->stamp = cb->rstamp;
	iter->on_reader = !!cb->reader;
	iter->rpage = cb->reader;
	iter->read = cb->read;
	if (!iter->on_reader) {
		/* O5: head, then the slot's sub-buffer; pairs with rb_take() */
		unsigned long head = rb_head_seq(atomic_long_read_acquire(&cb->head));

		if (head != iter->seq) {
			iter->seq = head;
			iter->off = 0;
		}
	}
}

/*
 * Copy @event to iter->event if it fits in the @room left in its
 * sub-buffer.  The size is worked out from one read of the header: a
 * writer that laps the iterator may be rewriting it (the caller's head
 * check then throws the copy away), and a size read twice could differ.
 */
static bool rb_iter_copy(struct ring_buffer_iter *iter,
			 struct ring_buffer_event *event, unsigned int room)
{
	union {
		struct ring_buffer_event	event;
		u32				word[2];
	} head;
	unsigned int size;

	head.word[0] = READ_ONCE(((u32 *)event)[0]);
	head.word[1] = READ_ONCE(((u32 *)event)[1]);
	size = rb_event_size(&head.event);
	if (size > room)
		return false;
	memcpy(iter->event, event, size);
	return true;
}

/*
 * The next event at or after the iterator, copied to iter->event; the
 * iterator is left on it.  Events in the ring may be overwritten while
 * being copied, so each copy is checked afterwards: the writer pushes
 * head past a sub-buffer before it writes into it, so if head is still
 * at or below the iterator's sequence after the copy (smp_rmb() between,
 * pairing with the full barrier of the writer's head cmpxchg: ordering
 * row O4), the copy is good.
 */
static struct ring_buffer_event *rb_iter_next(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cb = iter->cb;
	struct ring_buffer_event *event;
	struct buffer_data_page *bpage;
	unsigned int off, end;
	unsigned long cseq;
	u64 stamp;

	/*
	 * The consuming reader moved: it read events, or let go of (or took)
	 * its sub-buffer without reading any (a finished one becoming the
	 * spare, one with nothing but padding left handed to a mapping).
	 */
	if (iter->read != cb->read || iter->rpage != cb->reader)
		rb_iter_sync(iter);
	for (;;) {
		if (iter->on_reader) {
			bpage = cb->reader->bpage;
			end = local_read(&bpage->commit);
			event = rb_scan(bpage, &iter->off, &iter->stamp, end);
			if (event && rb_iter_copy(iter, event, end - iter->off))
				return iter->event;
			iter->on_reader = false;
			iter->seq++;
			iter->off = 0;
			continue;
		}

		cseq = rb_read_cseq(cb);
		if (iter->seq > cseq)
			return NULL;
		bpage = rb_slot(cb, iter->seq)->bpage;
		off = iter->off;
		stamp = iter->off ? iter->stamp : bpage->time_stamp;
		end = iter->seq < cseq ? local_read(&bpage->commit) :
					 rb_read_commit(rb_slot(cb, iter->seq));
		event = rb_scan(bpage, &off, &stamp, end);
		/*
		 * A writer that laps the iterator rewrites the sub-buffer
		 * under it: a header read then may claim any size.  Copy
		 * only what fits; the head check below says it was torn.
		 */
		if (event && !rb_iter_copy(iter, event, end - off))
			event = NULL;
		smp_rmb();	/* O4: copy, then head; pairs with rb_make_room() */
		if (rb_head_seq(atomic_long_read(&cb->head)) > iter->seq) {
			/* Overwritten under us: go on from the oldest left. */
			iter->dropped = true;
			iter->seq = rb_head_seq(atomic_long_read(&cb->head));
			iter->off = 0;
			continue;
		}
		iter->off = off;
		iter->stamp = stamp;
		if (event)
			return iter->event;
		if (iter->seq == cseq)
			return NULL;
		iter->seq++;
		iter->off = 0;
	}
}

/**
 * ring_buffer_read_start() - start a non-consuming read of a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 * @flags: GFP flags for the iterator's allocations
 *
 * The iterator starts at the oldest unread event and sees events written
 * after it started, too.  Events overwritten under it are skipped and
 * reported by ring_buffer_iter_dropped().  Free it with
 * ring_buffer_read_finish().
 *
 * While it lives, the CPU buffer cannot be resized and the sub-buffer
 * size cannot change (both return -EBUSY).
 *
 * Return: the iterator, or NULL for a bad CPU, when memory ran out or,
 * for a caller that cannot sleep, while the buffer is being resized.
 */
struct ring_buffer_iter *ring_buffer_read_start(struct trace_buffer *buffer,
						int cpu, gfp_t flags)
{
	bool can_sleep = gfpflags_allow_blocking(flags);
	struct ring_buffer_iter *iter = NULL;
	struct rb_cpu *cb;

	/*
	 * A caller that can sleep waits for a resize or order change to
	 * finish; one that cannot meets it in the handshake of
	 * alloc.c:rb_reconfig_begin() and gives up if it is under way.
	 */
	if (can_sleep)
		mutex_lock(&buffer->mutex);
	cb = rb_cpu_get(buffer, cpu);
	if (cb) {
		atomic_inc(&cb->iterators);
		smp_mb__after_atomic();	/* O8: pairs with rb_reconfig_begin() */
		if (atomic_read(&buffer->reconfig)) {
			atomic_dec(&cb->iterators);
			cb = NULL;
		}
	}
	if (can_sleep)
		mutex_unlock(&buffer->mutex);
	if (!cb)
		return NULL;

	if (!rb_alloc_refused())
		iter = kzalloc(sizeof(*iter), flags);
	if (!iter)
		goto fail;
	iter->event = kmalloc(PAGE_SIZE << cb->order, flags);
	if (!iter->event)
		goto fail;
	iter->cb = cb;
	ring_buffer_iter_reset(iter);
	return iter;
fail:
	kfree(iter);
	atomic_dec(&cb->iterators);
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_start);

/**
 * ring_buffer_read_finish() - free an iterator
 * @iter: the iterator, or NULL
 */
void ring_buffer_read_finish(struct ring_buffer_iter *iter)
{
	if (!iter)
		return;
	atomic_dec(&iter->cb->iterators);
	kfree(iter->event);
	kfree(iter);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_finish);

/**
 * ring_buffer_iter_reset() - move an iterator back to the oldest unread event
 * @iter: the iterator
 */
void ring_buffer_iter_reset(struct ring_buffer_iter *iter)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	rb_iter_sync(iter);
	iter->dropped = false;
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_reset);

/**
 * ring_buffer_iter_peek() - the event at an iterator
 * @iter: the iterator
 * @ts: where to store the event's time stamp, or NULL
 *
 * Return: a copy of the event, valid until the iterator's next call, or
 * NULL at the end of the buffer.
 */
struct ring_buffer_event *ring_buffer_iter_peek(struct ring_buffer_iter *iter,
						u64 *ts)
{
	struct ring_buffer_event *event;
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	event = rb_iter_next(iter);
	if (event && ts)
		*ts = iter->stamp + event->time_delta;
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
	return event;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_peek);

/**
 * ring_buffer_iter_advance() - step an iterator past its event
 * @iter: the iterator
 */
void ring_buffer_iter_advance(struct ring_buffer_iter *iter)
{
	struct ring_buffer_event *event;
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	event = rb_iter_next(iter);
	if (event) {
		iter->stamp += event->time_delta;
		iter->off += rb_event_size(event);
	}
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_advance);

/**
 * ring_buffer_iter_empty() - whether an iterator is at the end
 * @iter: the iterator
 *
 * Return: 1 if there is no event at the iterator, else 0.
 */
int ring_buffer_iter_empty(struct ring_buffer_iter *iter)
{
	return !ring_buffer_iter_peek(iter, NULL);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_empty);

/**
 * ring_buffer_iter_dropped() - whether events were overwritten under an
 *	iterator
 * @iter: the iterator
 *
 * Return: true if events the iterator had not reached were overwritten
 * since it was started or reset.
 */
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter)
{
	return iter->dropped;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_dropped);

/* Waiting for data. */

/* Whether CPU buffer @cb is at least @full percent full (0: not empty). */
static bool rb_filled(struct rb_cpu *cb, int full)
{
	size_t dirty;

	if (!full)
		return !ring_buffer_empty_cpu(cb->buffer, cb->cpu);
	dirty = ring_buffer_nr_dirty_pages(cb->buffer, cb->cpu);
	return dirty * 100 >= (size_t)full * cb->nr;
}

static bool rb_wait_done(struct trace_buffer *buffer, int cpu, int full,
			 ring_buffer_cond_fn cond, void *data)
{
	int i;

	if (cond && cond(data))
		return true;
	for_each_possible_cpu(i) {
		struct rb_cpu *cb = rb_cpu_get(buffer, i);

		if (!cb || (cpu != RING_BUFFER_ALL_CPUS && cpu != i))
			continue;
		if (rb_filled(cb, full))
			return true;
	}
	return false;
}

/* Lower @cb's wait_full to @full, never raise it. */
static void rb_want_full(struct rb_cpu *cb, int full)
{
	int old = READ_ONCE(cb->wait_full);

	while (full < old && !try_cmpxchg(&cb->wait_full, &old, full))
		;
}

static void rb_writer_sync(void *unused)
{
	smp_mb();	/* O6: the writer's side of the waiter handshake */
}

/*
 * Announce a waiter on @cpu's buffer (or every CPU's), so that the next
 * writer to commit wakes it.
 *
 * The writer publishes cpos, then loads waiters; the waiter stores waiters,
 * then loads cpos (rb_wait_done()).  That is the store-buffering pattern:
 * both sides need a full barrier between their store and their load, or
 * each can miss the other's store and the waiter sleeps with data in the
 * buffer.  The writer's side would cost a full barrier on every event, so
 * the waiter pays for both (ordering row O6): after its own smp_mb() it
 * runs rb_writer_sync() on the writers' CPUs and waits for it.  A writer
 * whose load of waiters came before that call had published cpos before
 * it too, and the call's completion makes it visible to the waiter; a
 * writer that loads waiters after the call sees it set.
 */
static void rb_set_waiters(struct trace_buffer *buffer, int cpu, int full)
{
	int i;

	for_each_possible_cpu(i) {
		struct rb_cpu *cb = rb_cpu_get(buffer, i);

		if (cb && (cpu == RING_BUFFER_ALL_CPUS || cpu == i)) {
			rb_want_full(cb, full);
			WRITE_ONCE(cb->waiters, true);
		}
	}
	smp_mb();	/* O6: waiters before the writers' barrier and cpos */
	if (cpu == RING_BUFFER_ALL_CPUS)
		on_each_cpu(rb_writer_sync, NULL, 1);
	else if (cpu_online(cpu))
		smp_call_function_single(cpu, rb_writer_sync, NULL, 1);
}

/**
 * ring_buffer_wait() - wait until a CPU buffer has data
 * @buffer: the buffer
 * @cpu: the CPU, or %RING_BUFFER_ALL_CPUS for any
 * @full: 0 to wait for any event, else the percentage of the buffer that
 *	must be filled
 * @cond: an extra wake-up condition, or NULL
 * @data: its argument
 *
 * Context: Process context, sleeps.
 * Waiting on an offline CPU that has a CPU buffer waits until the CPU
 * comes back and writes, or until woken.
 *
 * Return: 0 when the condition is met or ring_buffer_wake_waiters() was
 * called, -ENODEV for a CPU without a CPU buffer, -EINTR on a signal.
 */
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data)
{
	struct rb_cpu *cb = NULL;
	wait_queue_head_t *wq;
	DEFINE_WAIT(wait);
	int gen, ret = 0;

	if (cpu != RING_BUFFER_ALL_CPUS) {
		cb = rb_cpu_get(buffer, cpu);
		if (!cb)
			return -ENODEV;
	}
	wq = cb ? &cb->waitq : &buffer->waitq;
	gen = atomic_read(&buffer->wake_gen);
	for (;;) {
		prepare_to_wait(wq, &wait, TASK_INTERRUPTIBLE);
		rb_set_waiters(buffer, cpu, full);
		if (rb_wait_done(buffer, cpu, full, cond, data) ||
		    atomic_read(&buffer->wake_gen) != gen)
			break;
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	finish_wait(wq, &wait);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_wait);

/**
 * ring_buffer_poll_wait() - poll support for a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU, or %RING_BUFFER_ALL_CPUS
 * @filp: the file being polled
 * @poll_table: the poll table
 * @full: as for ring_buffer_wait()
 *
 * Return: EPOLLIN | EPOLLRDNORM when there is data (as @full asks), else 0;
 * EPOLLERR for a CPU without a CPU buffer.
 */
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full)
{
	struct rb_cpu *cb = NULL;

	if (cpu != RING_BUFFER_ALL_CPUS) {
		cb = rb_cpu_get(buffer, cpu);
		if (!cb)
			return EPOLLERR;
	}
	poll_wait(filp, cb ? &cb->waitq : &buffer->waitq, poll_table);
	rb_set_waiters(buffer, cpu, full);
	if (rb_wait_done(buffer, cpu, full, NULL, NULL))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_poll_wait);
