// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer writer: reserve, commit, discard.
 *
 * DOC: Writing
 *
 * A writer runs on the buffer's own CPU with preemption disabled, from
 * reserve to commit.  Other writers can only interrupt it (softirq, irq,
 * NMI), and an interrupting writer finishes before the interrupted one
 * resumes.  So the writers of one buffer never run in parallel; they nest.
 *
 * Reserve claims bytes at wpos with a local cmpxchg: a writer takes a
 * snapshot (wpos, the sub-buffer at wpos, the time of the previous event,
 * the clock), computes where its event goes, and installs the new wpos
 * only if wpos is still the snapshot's.  If a nested writer reserved in
 * between, the cmpxchg fails and the writer starts again with a fresh
 * snapshot, clock included.  A clock read before the snapshot (the
 * inline path's) must not be behind the previous event's time, so
 * events are in time order in the buffer.
 * The loop only repeats when an interrupt wrote on this CPU meanwhile.
 *
 * Commit publishes: the outermost writer (committing == 1) moves cpos up
 * to wpos, which covers every nested writer that finished before it.
 *
 * Time: an event stores the delta to the previous event's time stamp.  A
 * writer records its time stamp in its own slot of times[], then where
 * its event ends and its depth in one word, last_end.  The next writer knows
 * the previous time only when last_end says the event before wpos was
 * recorded, and reads it from the slot last_end names; otherwise (an
 * interrupt arrived between another writer's reservation and its
 * recording) it uses an absolute time stamp.  One word, because writers
 * that interrupt a recording record their own events first: a second
 * word the interrupted writer stores late would sit beside theirs.
 */
#include <linux/hardirq.h>
#include <linux/irq_work.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/string.h>
#include <linux/trace_clock.h>
#include <kunit/visibility.h>

#include "../trace_irq_work.h"
#include "internal.h"

/* Bytes a data event with a @len-byte payload takes in the buffer. */
static unsigned int rb_data_event_size(unsigned long len)
{
	if (!len)
		len = 1;
	if (len > RB_MAX_SMALL_DATA)
		len += sizeof(u32);
	return ALIGN(len, RB_ALIGNMENT) + RB_EVNT_HDR_SIZE;
}

/**
 * rb_event_size() - bytes an event takes in its sub-buffer
 * @event: any event
 *
 * Return: the size, or 0 for the null padding that ends a sub-buffer.
 */
unsigned int rb_event_size(struct ring_buffer_event *event)
{
	switch (event->type_len) {
	case RINGBUF_TYPE_PADDING:
		if (!event->time_delta)
			return 0;
		return event->array[0] + RB_EVNT_HDR_SIZE;
	case RINGBUF_TYPE_TIME_EXTEND:
	case RINGBUF_TYPE_TIME_STAMP:
		return RB_LEN_TIME_EXTEND;
	case 0:
		return event->array[0] + RB_EVNT_HDR_SIZE;
	default:
		return event->type_len * RB_ALIGNMENT + RB_EVNT_HDR_SIZE;
	}
}
EXPORT_SYMBOL_IF_KUNIT(rb_event_size);

/**
 * rb_event_ts_field() - the 59-bit value of a time extend or time stamp
 * @event: a %RINGBUF_TYPE_TIME_EXTEND or %RINGBUF_TYPE_TIME_STAMP event
 *
 * Return: the delta (extend) or the low bits of the absolute time (stamp).
 */
u64 rb_event_ts_field(struct ring_buffer_event *event)
{
	return ((u64)event->array[0] << RB_TIME_SHIFT) | event->time_delta;
}
EXPORT_SYMBOL_IF_KUNIT(rb_event_ts_field);

/**
 * ring_buffer_event_length() - payload length of an event
 * @event: an event returned by a reserve or a read
 *
 * Return: the payload's length in bytes, rounded up to 4.
 */
unsigned int ring_buffer_event_length(struct ring_buffer_event *event)
{
	if (event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
		return rb_event_size(event);
	if (event->type_len)
		return event->type_len * RB_ALIGNMENT;
	return event->array[0] - sizeof(u32);
}
EXPORT_SYMBOL_GPL(ring_buffer_event_length);

/*
 * An event's first word, built in a register and stored whole: the ring
 * memory is written, never read back (a bitfield store would load it
 * first, and that line may be cold).
 */
static __always_inline void rb_put_header(struct ring_buffer_event *event,
					  unsigned int type_len, u32 delta)
{
#ifdef __LITTLE_ENDIAN_BITFIELD
	u32 word = type_len | delta << 5;
#else
	u32 word = type_len << 27 | delta;
#endif

	*(u32 *)event = word;
}

static void rb_set_ts_event(struct ring_buffer_event *event, int type, u64 val)
{
	rb_put_header(event, type, val & RB_DELTA_MASK);
	event->array[0] = val >> RB_TIME_SHIFT;
}

/*
 * Write the header of a data event of @size bytes and count its payload
 * in &rb_cpu.bytes: the reserved length rounded up to RB_ALIGNMENT (a
 * large event's length word is not payload).
 */
static __always_inline void rb_set_data_event(struct rb_cpu *cb,
					      struct ring_buffer_event *event,
					      unsigned int size, u32 delta)
{
	unsigned int payload = size - RB_EVNT_HDR_SIZE;

	if (payload > RB_MAX_SMALL_DATA) {
		rb_put_header(event, 0, delta);
		event->array[0] = payload;
		payload -= sizeof(u32);
	} else {
		rb_put_header(event, payload / RB_ALIGNMENT, delta);
	}
	local_add(payload, &cb->bytes);
}

/*
 * Fill the unused end of a sub-buffer, from @off on: a padding event the
 * reader skips, or, when only a header fits, the null padding that tells
 * readers the sub-buffer ends here (user ABI, as kbuffer reads it).
 */
static void rb_pad_tail(struct rb_cpu *cb, struct rb_page *page,
			unsigned int off)
{
	unsigned int size = cb->subbuf_size;
	struct ring_buffer_event *event;

	if (off >= size)
		return;
	event = (struct ring_buffer_event *)(page->bpage->data + off);
	event->type_len = RINGBUF_TYPE_PADDING;
	if (size - off < 2 * RB_EVNT_HDR_SIZE) {
		event->time_delta = 0;
		return;
	}
	event->time_delta = 1;
	event->array[0] = size - off - RB_EVNT_HDR_SIZE;
}

/*
 * Make room for sequence @seq in the ring.  The ring is full when @seq is
 * nr sequences past head.  In overwrite mode the writer pushes head past
 * the oldest sub-buffer and counts its events as overrun; the cmpxchg
 * fails if the reader moved head meanwhile, and then the next loop sees
 * either room or the reader's claim.  A claimed head (the reader is
 * taking or reading that sub-buffer right now) cannot be overwritten: the
 * caller drops its event and counts it, as in producer/consumer mode.
 */
static bool rb_make_room(struct rb_cpu *cb, unsigned long seq)
{
	unsigned long hv, head;
	long cnt;

	for (;;) {
		/* O5: sees the spare the reader put in the slot it released */
		hv = atomic_long_read_acquire(&cb->head);
		head = rb_head_seq(hv);
		if (seq - head < cb->nr)
			return true;
		if (!(cb->buffer->flags & RB_FL_OVERWRITE) ||
		    (hv & RB_HEAD_READER))
			return false;
		cnt = local_read(&rb_wslot(cb, head)->entries);
		/*
		 * O4: a full barrier before the writes into the sub-buffer;
		 * O7: fails if the reader claimed head meanwhile.
		 */
		if (atomic_long_cmpxchg(&cb->head, hv, (head + 1) << 1) == hv) {
			const struct ring_buffer_loss_hook *hook;

			local_add(cnt, &cb->overrun);
			/* O10: the hook's fields, through its pointer */
			hook = READ_ONCE(cb->buffer->loss_hook);
			if (unlikely(hook))
				rb_report_overwritten(cb, rb_wslot(cb, head),
						      hook);
			return true;
		}
	}
}

/*
 * The writer's clock.  The default one, trace_clock_local(), is
 * sched_clock() inside a preempt_disable() the writer already holds: call
 * sched_clock() directly.
 */
static __always_inline u64 rb_clock(struct trace_buffer *buffer)
{
	if (likely(buffer->clock == trace_clock_local))
		return sched_clock();
	return buffer->clock();
}

/*
 * Record the time stamp @ts of the event ending at @end, reserved with
 * committing at @tag (its depth plus one): the slot first, then the one
 * word that names it.  A writer that interrupts between the reservation
 * and the second store finds last_end short of wpos and takes an
 * absolute time stamp; it records its own event, in its own slot, and
 * our late store of last_end then names an end short of wpos again.
 * The slot store is never late for a last_end that names it: the
 * writers at one depth do not interrupt each other.
 * Documentation/trace/ring-buffer-design.rst ("Reserve") has the whole
 * argument; tools/tracing/rbmodel/timestamps.pml checks it.
 */
static __always_inline void rb_record_ts(struct rb_cpu *cb, unsigned long tag,
					 unsigned long end, u64 ts)
{
	/* the tags 1 to RB_MAX_NEST fit below the end */
	BUILD_BUG_ON(BIT(RB_TAG_BITS) <= RB_MAX_NEST);
	WRITE_ONCE(cb->times[tag], ts);
	barrier();
	local_set(&cb->last_end, end << RB_TAG_BITS | tag);
}

/*
 * The time stamp of the event that ends at @pos into *@prev; false if it
 * is unknown.  The second load of last_end catches a writer that
 * interrupted between the first and the slot's load, recorded an event in
 * the same slot, and gave it back (ring_buffer_discard_commit()): wpos is
 * @pos again then, but last_end is %RB_END_UNKNOWN.  Any other writer
 * that interrupts moves wpos, and the caller's cmpxchg fails.
 */
static __always_inline bool rb_prev_ts(struct rb_cpu *cb, unsigned long pos,
				       u64 *prev)
{
	unsigned long last = local_read(&cb->last_end);

	if ((last ^ pos << RB_TAG_BITS) >> RB_TAG_BITS)
		return false;
	barrier();
	*prev = READ_ONCE(cb->times[last & (BIT(RB_TAG_BITS) - 1)]);
	barrier();
	return local_read(&cb->last_end) == last;
}

/*
 * What a reservation starts from: wpos, whether the previous event's
 * time is known there, that time, and the clock.  The loads are ordered
 * as rb_reserve() needs them.
 */
struct rb_snap {
	unsigned long	pos;
	u64		prev;
	u64		ts;
	bool		known;
};

static __always_inline void rb_snapshot(struct rb_cpu *cb, struct rb_snap *s)
{
	s->pos = local_read(&cb->wpos);
	s->prev = 0;
	s->known = rb_prev_ts(cb, s->pos, &s->prev);
	barrier();
	s->ts = rb_clock(cb->buffer);
}

struct rb_reservation {
	unsigned long		pos;	/* where the reservation starts */
	unsigned long		next;	/* where it ends: the new wpos */
	struct rb_page		*page;
	u64			ts;
	u32			delta;	/* the data event's time delta */
	u64			stamp;	/* value of the leading time event */
	int			stamp_type;	/* 0: no leading time event */
};

/*
 * The crossing writer has moved wpos to sequence @seq: when that is slot
 * 0 again, it starts the next lap.  A writer that interrupts before this
 * store finds @seq one lap past &rb_cpu.lap, one that interrupts after it
 * an older sequence one lap before: rb_wslot() takes both.
 */
static inline void rb_lap_next(struct rb_cpu *cb, unsigned long seq)
{
	if (seq - cb->lap == cb->nr)
		WRITE_ONCE(cb->lap, seq);
}

/*
 * Producer/consumer mode, full: the rest of the current sub-buffer (@seq,
 * wpos at @pos) becomes padding, so that no smaller event goes in after
 * the one just refused.  Every write is then refused until the reader
 * frees a sub-buffer, and the reader sees the events before the refusal
 * and after the room came back, with no hole in between.  The caller
 * holds the crossing; a nested writer may still reserve in the rest
 * meanwhile, before the padding.
 */
static void rb_close_full(struct rb_cpu *cb, unsigned long seq,
			  unsigned long pos)
{
	unsigned long end = rb_pos(cb, seq, cb->subbuf_size);

	while (!local_try_cmpxchg(&cb->wpos, &pos, end))
		;
	/*
	 * The time before wpos unknown: the writes that follow take
	 * rb_reserve_unknown(), whose rb_refuse_full() refuses them
	 * without a snapshot.
	 */
	local_set(&cb->last_end, RB_END_UNKNOWN);
	rb_pad_tail(cb, rb_wslot(cb, seq), rb_off(cb, pos));
}

/*
 * Reserve at the start of the next sub-buffer.  Only one writer at a time
 * moves wpos across a sub-buffer boundary: an interrupting writer that
 * would need to cross too while the interrupted one is between its
 * decision and its wpos update drops its event (counted).  That keeps the
 * next sub-buffer's preparation (its time stamp, its entries count) out
 * of any other writer's way.
 */
static noinline bool rb_reserve_cross(struct rb_cpu *cb, unsigned int depth,
				      unsigned int size,
				      struct rb_reservation *res)
{
	struct trace_buffer *buffer = cb->buffer;
	unsigned int extra = buffer->time_stamp_abs ? RB_LEN_TIME_EXTEND : 0;
	unsigned long pos = res->pos, seq = rb_seq(cb, pos), next;
	struct rb_page *page;

	/*
	 * Too large for any sub-buffer: absolute mode came on after the
	 * writer checked the length against the old &trace_buffer.max_length.
	 */
	if (unlikely(extra + size > cb->subbuf_size)) {
		rb_lose(cb, &cb->dropped_events);
		return false;
	}
	if (local_cmpxchg(&cb->crossing, 0, 1) != 0) {
		rb_lose(cb, &cb->dropped_events);
		return false;
	}
	barrier();
	/* A nested writer may have crossed before we raised the flag. */
	pos = local_read(&cb->wpos);
	if (rb_seq(cb, pos) != seq) {
		local_set(&cb->crossing, 0);
		res->pos = 0;
		return true;
	}
	if (seq + 1 - rb_seq(cb, local_read(&cb->cpos)) >= cb->nr) {
		rb_lose(cb, &cb->commit_overrun);
		goto fail;
	}
	if (!rb_make_room(cb, seq + 1)) {
		rb_lose(cb, &cb->dropped_events);
		if (!(buffer->flags & RB_FL_OVERWRITE))
			rb_close_full(cb, seq, pos);
		goto fail;
	}

	page = rb_wslot(cb, seq + 1);
	local_set(&page->entries, 0);
	next = rb_pos(cb, seq + 1, extra + size);
	/*
	 * Nested writers may still reserve what is left of the current
	 * sub-buffer; each time they do, take a new time stamp so that ours,
	 * the next sub-buffer's first, stays the latest.  The one rb_reserve()
	 * took serves if none did since it was taken: wpos is where it was
	 * then, or back there because what they reserved was given back.
	 */
	do {
		if (pos != res->pos)
			res->ts = rb_clock(buffer);
		res->pos = ~0UL;
		page->bpage->time_stamp = res->ts;
		barrier();
	} while (!local_try_cmpxchg(&cb->wpos, &pos, next));
	rb_lap_next(cb, seq + 1);

	rb_record_ts(cb, depth + 1, next, res->ts);
	barrier();
	local_set(&cb->crossing, 0);

	rb_pad_tail(cb, rb_wslot(cb, seq), rb_off(cb, pos));
	res->pos = rb_pos(cb, seq + 1, 0);
	res->next = next;
	res->page = page;
	res->stamp_type = extra ? RINGBUF_TYPE_TIME_STAMP : 0;
	res->stamp = res->ts;
	res->delta = 0;
	return true;
fail:
	barrier();
	local_set(&cb->crossing, 0);
	return false;
}

/*
 * Claim @size bytes (plus a time event if needed), starting from the
 * snapshot @s the caller took; false if dropped.
 */
static bool rb_reserve(struct rb_cpu *cb, unsigned int depth, unsigned int size,
		       struct rb_reservation *res, struct rb_snap *s)
{
	struct trace_buffer *buffer = cb->buffer;
	unsigned int off, extra;
	unsigned long pos;
	bool known;
	u64 prev;

	goto decide;
again:
	rb_snapshot(cb, s);
decide:
	pos = s->pos;
	known = s->known;
	prev = s->prev;
	res->ts = s->ts;
	res->page = rb_wslot(cb, rb_seq(cb, pos));

	res->stamp_type = 0;
	res->delta = 0;
	if (!known || buffer->time_stamp_abs || res->ts < prev) {
		res->stamp_type = RINGBUF_TYPE_TIME_STAMP;
		res->stamp = res->ts;
	} else if (res->ts - prev > RB_DELTA_MASK) {
		res->stamp_type = RINGBUF_TYPE_TIME_EXTEND;
		res->stamp = res->ts - prev;
	} else {
		res->delta = res->ts - prev;
	}
	extra = res->stamp_type ? RB_LEN_TIME_EXTEND : 0;

	off = rb_off(cb, pos);
	if (unlikely(off + extra + size > cb->subbuf_size)) {
		res->pos = pos;
		if (!rb_reserve_cross(cb, depth, size, res))
			return false;
		if (!res->pos)
			goto again;
		return true;
	}

	res->pos = pos;
	res->next = pos + extra + size;
	if (!local_try_cmpxchg(&cb->wpos, &pos, res->next))
		goto again;

	rb_record_ts(cb, depth + 1, res->next, res->ts);
	return true;
}

static void rb_end_commit(struct rb_cpu *cb);
static void rb_wake_readers(struct rb_cpu *cb);

/*
 * Whether this CPU's writes are accepted now.  A write refused because
 * recording is off was not wanted; one refused because the CPU buffer is
 * being rebuilt (a resize) is lost, and counted.  The per-CPU word is read
 * once, so a refusal is counted exactly when the stop caused it.
 */
static bool rb_writable(struct trace_buffer *buffer, struct rb_cpu *cb)
{
	int disabled;

	if ((atomic_read(&buffer->gate) & ~RB_BUFFER_GENERAL) || !cb)
		return false;
	disabled = atomic_read(&cb->record_disabled);
	if (likely(!disabled))
		return true;
	if (disabled & RB_CPU_STOPPED)
		rb_lose(cb, &cb->dropped_events);
	return false;
}

/* Record the reservation in @p, for its commit or discard. */
static __always_inline void rb_pend(struct rb_pending *p, struct rb_page *page,
				    unsigned long pos)
{
	p->page = page;
	p->pos = pos;
	local_inc(&page->entries);
}

/*
 * Everything but the common case: a time extend or stamp, a sub-buffer
 * crossing, a drop.  Claims from the snapshot @s, writes the event's
 * header(s) and records the reservation in @p; NULL if the event is
 * dropped.
 */
static struct ring_buffer_event *
rb_reserve_from(struct rb_cpu *cb, unsigned int size, struct rb_pending *p,
		struct rb_snap *s)
{
	struct rb_reservation res __uninitialized;
	struct ring_buffer_event *event;

	if (!rb_reserve(cb, p - cb->pending, size, &res, s))
		return NULL;
	event = (struct ring_buffer_event *)
		(res.page->bpage->data + rb_off(cb, res.pos));
	if (res.stamp_type) {
		rb_set_ts_event(event, res.stamp_type, res.stamp);
		event = (void *)event + RB_LEN_TIME_EXTEND;
		rb_set_data_event(cb, event,
				  res.next - res.pos - RB_LEN_TIME_EXTEND, 0);
	} else {
		rb_set_data_event(cb, event, res.next - res.pos, res.delta);
	}
	rb_pend(p, res.page, res.pos);
	return event;
}

/*
 * Producer/consumer mode with the ring full, everything published and
 * wpos at the end of its sub-buffer, as rb_close_full() leaves it: the
 * write rb_reserve() would refuse after a snapshot and a crossing
 * attempt is refused here, counted the same way (dropped_events).  False
 * means only "take the long way", which decides again.
 */
static bool rb_refuse_full(struct rb_cpu *cb)
{
	unsigned long pos = local_read(&cb->wpos);
	unsigned long seq = rb_seq(cb, pos);
	unsigned long hv;

	if ((cb->buffer->flags & RB_FL_OVERWRITE) ||
	    rb_off(cb, pos) != cb->subbuf_size ||
	    rb_seq(cb, local_read(&cb->cpos)) != seq)
		return false;
	/* O5, as in rb_make_room() */
	hv = atomic_long_read_acquire(&cb->head);
	if (seq + 1 - rb_head_seq(hv) < cb->nr)
		return false;
	rb_lose(cb, &cb->dropped_events);
	return true;
}

/*
 * A reservation from a full snapshot: the inline path found the previous
 * event's time unknown, or the general path (absolute time stamps, any
 * clock) is taken.  The ring full in producer/consumer mode (the time is
 * unknown after rb_close_full()) refuses before the snapshot.
 */
static noinline struct ring_buffer_event *
rb_reserve_unknown(struct rb_cpu *cb, unsigned int size, struct rb_pending *p)
{
	struct rb_snap s __uninitialized;

	if (rb_refuse_full(cb))
		return NULL;
	rb_snapshot(cb, &s);
	return rb_reserve_from(cb, size, p, &s);
}

/*
 * The inline path's snapshot needs a time event or a crossing, or its
 * clock, read before the snapshot, is behind the previous event's time:
 * an interrupt wrote that event after the clock read.  A new snapshot,
 * with the clock read after it, keeps the events in time order.
 */
static noinline struct ring_buffer_event *
rb_reserve_slow(struct rb_cpu *cb, unsigned int size, struct rb_pending *p,
		unsigned long pos, u64 prev, u64 ts)
{
	struct rb_snap s = { .pos = pos, .known = true, .prev = prev, .ts = ts };

	if (unlikely(ts < prev))
		rb_snapshot(cb, &s);
	return rb_reserve_from(cb, size, p, &s);
}

/*
 * Count the writer in committing: its depth, or -1 when writes nest
 * deeper than any contexts can (only a write recursing without end,
 * tracing the tracer), the write lost and counted.  Writers on a CPU
 * nest strictly (task, softirq, irq, NMI, and a write within a write:
 * ring_buffer_nest_start()), so the depth is exact whatever
 * preempt_count() says yet.
 */
static __always_inline long rb_enter(struct rb_cpu *cb)
{
	unsigned long depth = local_inc_return(&cb->committing) - 1;

	barrier();
	if (likely(depth < RB_MAX_NEST))
		return depth;
	rb_lose(cb, &cb->dropped_events);
	rb_end_commit(cb);
	return -1;
}

/*
 * A reservation made (@event) or refused.  Refused, it ends like a
 * commit, because writers that interrupted this one reserved and
 * committed, and left publishing to it; and it wakes the readers for
 * what that published, as a commit would (the model's lost wake-up,
 * ring-buffer-model.rst).
 */
static __always_inline struct ring_buffer_event *
rb_reserved(struct rb_cpu *cb, struct ring_buffer_event *event)
{
	if (likely(event)) {
		local_inc(&cb->entries);
		return event;
	}
	rb_end_commit(cb);
	preempt_enable_notrace();
	rb_wake_readers(cb);
	return NULL;
}

/*
 * Everything the inline path of ring_buffer_lock_reserve() leaves out:
 * recording refused, a payload empty or too long, absolute time stamps
 * or a clock other than trace_clock_local() (%RB_BUFFER_GENERAL).  The
 * reservation starts from a full snapshot (rb_reserve_unknown()).
 */
static noinline struct ring_buffer_event *
rb_lock_reserve_general(struct trace_buffer *buffer, struct rb_cpu *cb,
			unsigned long length)
{
	long depth;

	if (!rb_writable(buffer, cb) ||
	    length > READ_ONCE(buffer->max_length))
		goto out;
	depth = rb_enter(cb);
	if (depth < 0)
		goto out;
	return rb_reserved(cb, rb_reserve_unknown(cb, rb_data_event_size(length),
						  &cb->pending[depth]));
out:
	preempt_enable_notrace();
	return NULL;
}

/**
 * ring_buffer_lock_reserve() - reserve space for an event on this CPU
 * @buffer: the buffer
 * @length: payload bytes
 *
 * Must be paired with ring_buffer_unlock_commit() or
 * ring_buffer_discard_commit(), on the same CPU, unless it returns NULL.
 * Preemption stays disabled in between.
 *
 * Context: Any context, NMI included.
 * Return: the event, whose payload (ring_buffer_event_data()) the caller
 * fills; NULL if recording is off, the payload is too large, the buffer
 * is full in producer/consumer mode or stopped for a resize, or writes
 * nest deeper than any contexts can (a write recursing: the last three
 * are counted in dropped_events).
 */
struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length)
{
	struct ring_buffer_event *event;
	unsigned int size, off;
	struct rb_pending *p;
	struct rb_page *page;
	unsigned long pos;
	struct rb_cpu *cb;
	u64 prev, ts;
	long depth;

	preempt_disable_notrace();
	cb = rb_this_cpu(buffer);
	/*
	 * One test for recording off or refused, for this CPU or the whole
	 * buffer, and for the settings the inline path does not handle
	 * (%RB_BUFFER_GENERAL); one for the payload's size, whose general
	 * case (empty, or too long) is rare.
	 */
	if (unlikely(!cb || (atomic_read(&buffer->gate) |
			     atomic_read(&cb->record_disabled))))
		return rb_lock_reserve_general(buffer, cb, length);
	BUILD_BUG_ON(RB_EVNT_HDR_SIZE % RB_ALIGNMENT);
	if (likely(length - 1 < RB_MAX_SMALL_DATA))
		size = ALIGN(length + RB_EVNT_HDR_SIZE, RB_ALIGNMENT);
	else if (length - 1 < READ_ONCE(buffer->max_length))
		size = rb_data_event_size(length);
	else
		return rb_lock_reserve_general(buffer, cb, length);
	depth = rb_enter(cb);
	if (unlikely(depth < 0))
		goto out;
	/*
	 * Only cb, p and size live across the clock call, in callee-saved
	 * registers: hide how p and size were made, or the compiler keeps
	 * depth and the payload size as well.
	 */
	p = &cb->pending[depth];
	OPTIMIZER_HIDE_VAR(p);
	OPTIMIZER_HIDE_VAR(size);
	/*
	 * The common case inline: the previous event's time is known, the
	 * delta fits the header, the event fits the sub-buffer.  The clock
	 * (trace_clock_local(), which is sched_clock() inside the
	 * preempt_disable() held here) is read first, then the snapshot
	 * (rb_snapshot() has them the other way round), so that nothing the
	 * snapshot loads lives across the call.  An event before wpos
	 * written after the clock read has a later time than ours:
	 * rb_reserve_slow() takes a new snapshot then, so events stay in
	 * time order.  Anything else goes out of line too, with the clock
	 * already read, so that an event reads it once.
	 */
	for (;;) {
		ts = sched_clock();
		barrier();
		pos = local_read(&cb->wpos);
		if (unlikely(!rb_prev_ts(cb, pos, &prev)))
			goto unknown;
		off = rb_off(cb, pos);
		if (unlikely(ts - prev > RB_DELTA_MASK ||
			     off + size > cb->subbuf_size)) {
			event = rb_reserve_slow(cb, size, p, pos, prev, ts);
			return rb_reserved(cb, event);
		}
		page = rb_wslot(cb, rb_seq(cb, pos));
		if (likely(local_try_cmpxchg(&cb->wpos, &pos, pos + size)))
			break;
	}
	/*
	 * Our depth (plus one) again from committing, which the writers
	 * that interrupted us have brought back down: cheaper here than
	 * keeping it across the clock call.
	 */
	rb_record_ts(cb, local_read(&cb->committing), pos + size, ts);

	event = (struct ring_buffer_event *)(page->bpage->data + off);
	rb_set_data_event(cb, event, size, ts - prev);
	rb_pend(p, page, pos);
	local_inc(&cb->entries);
	return event;

unknown:
	return rb_reserved(cb, rb_reserve_unknown(cb, size, p));
out:
	preempt_enable_notrace();
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_lock_reserve);

/*
 * Make everything below @w visible to readers: the final commit of every
 * sub-buffer the writers left since cpos, the partial commit of the
 * current one, then cpos itself.
 *
 * The smp_wmb()s pair with the smp_rmb()s in rb_read_commit() and
 * rb_read_cseq() (ordering rows O1 and O2 of
 * Documentation/trace/ring-buffer-design.rst): a reader that sees a
 * commit value sees the events below it, and one that sees cpos in a
 * later sub-buffer sees the earlier ones complete.
 */
static void rb_publish(struct rb_cpu *cb, unsigned long w)
{
	unsigned long seq = rb_seq(cb, local_read(&cb->cpos));
	unsigned long wseq = rb_seq(cb, w);

	smp_wmb();	/* O1: events, then commits; pairs with rb_read_commit() */
	for (; seq < wseq; seq++)
		local_set(&rb_wslot(cb, seq)->bpage->commit, cb->subbuf_size);
	local_set(&rb_wslot(cb, wseq)->bpage->commit, rb_off(cb, w));
	smp_wmb();	/* O2: commits, then cpos; pairs with rb_read_cseq() */
	local_set(&cb->cpos, w);
}

/*
 * Only the outermost writer publishes.  Having published up to @w, it
 * drops committing to zero and looks at wpos once more: a writer that
 * interrupted it between the publish and the drop found committing > 0
 * and left its event unpublished.  False (committing raised again) in
 * that case: the caller publishes again.
 */
static __always_inline bool rb_commit_done(struct rb_cpu *cb, unsigned long w)
{
	barrier();
	local_set(&cb->committing, 0);
	barrier();
	if (likely(local_read(&cb->wpos) == w))
		return true;
	local_inc(&cb->committing);
	barrier();
	return false;
}

static noinline void rb_end_commit_outer(struct rb_cpu *cb)
{
	unsigned long w;

	do {
		w = local_read(&cb->wpos);
		rb_publish(cb, w);
	} while (!rb_commit_done(cb, w));
}

/*
 * The outermost writer's commit when wpos is still in the sub-buffer
 * cpos is in, inline: rb_publish() for that case, with the same order
 * and barriers.  Anything else, and a wpos that moved after committing
 * dropped, goes out of line.
 *
 * The outermost reservation starts between cpos and wpos (only the
 * outermost writer moves cpos), so when those two are in one sub-buffer
 * it is the one that reservation recorded: no ring lookup.
 */
static __always_inline void rb_commit_outer(struct rb_cpu *cb)
{
	unsigned long w = local_read(&cb->wpos);

	/* the same sequence: no bit above the offset bits differs */
	if (likely((w ^ local_read(&cb->cpos)) <= cb->off_mask)) {
		struct rb_page *page = cb->pending[0].page;

		smp_wmb();	/* O1: events, then commit; see rb_publish() */
		local_set(&page->bpage->commit, rb_off(cb, w));
		smp_wmb();	/* O2: commit, then cpos */
		local_set(&cb->cpos, w);
		if (rb_commit_done(cb, w))
			return;
	}
	rb_end_commit_outer(cb);
}

static void rb_end_commit(struct rb_cpu *cb)
{
	unsigned long w;

	if (local_read(&cb->committing) > 1) {
		barrier();
		local_dec(&cb->committing);
		return;
	}
	/*
	 * Everything below wpos published already (a refused write): only
	 * committing to drop.  rb_commit_done() looks at wpos again.
	 */
	w = local_read(&cb->wpos);
	if (local_read(&cb->cpos) == w && rb_commit_done(cb, w))
		return;
	rb_end_commit_outer(cb);
}

/*
 * Whether the fill a waiter asked for is reached.  A waiter that is not
 * woken does not run, so it writes no event of its own (a sched_switch)
 * that would wake it again.
 */
static bool rb_wait_full_reached(struct rb_cpu *cb)
{
	int full = READ_ONCE(cb->wait_full);
	unsigned long dirty;

	if (!full)
		return true;
	if (full >= RB_WAIT_FULL_NONE)
		return false;
	dirty = rb_seq(cb, local_read(&cb->cpos)) -
		rb_head_seq(atomic_long_read(&cb->head)) + 1;
	return dirty * 100 >= (unsigned long)full * cb->nr;
}

/*
 * No barrier between the commit's publish of cpos and the load of waiters:
 * the waiter pays for both sides of that handshake (O6, read.c:
 * rb_set_waiters()).
 */
static void rb_wake_readers(struct rb_cpu *cb)
{
	if (unlikely(READ_ONCE(cb->waiters)) && rb_wait_full_reached(cb))
		trace_irq_work_queue(&cb->wakeup_work);
}

/* Finish the innermost reservation on this CPU. */
static __always_inline void rb_finish(struct rb_cpu *cb)
{
	unsigned int depth = local_read(&cb->committing) - 1;

	if (depth) {
		barrier();
		local_dec(&cb->committing);
	} else {
		rb_commit_outer(cb);
	}
	preempt_enable_notrace();
	rb_wake_readers(cb);
}

/**
 * rb_seal() - end the sub-buffer the writers are filling, early
 * @cb: the CPU buffer; on its own CPU with interrupts disabled, or from
 *	anywhere while that CPU is offline
 *
 * For the mapped reader (mmap.c), which hands user space only complete
 * sub-buffers: the rest of the current sub-buffer becomes padding and
 * wpos moves to the start of the next one, as a writer crossing into it
 * would, but without an event.  The seal behaves like a writer that
 * interrupted whatever writer is running (it counts itself in
 * committing, takes the crossing flag, publishes only if outermost), so
 * the writer it interrupted finishes normally; the sealed sub-buffer
 * becomes complete when that writer commits.
 *
 * Nothing is sealed when the current sub-buffer is empty, while another
 * writer is crossing, when the next sub-buffer is not free (the ring is
 * full in producer/consumer mode, or the reader has head claimed), or
 * while the CPU buffer is stopped for a rebuild.  No event is lost or
 * counted either way.
 *
 * Return: true if the sub-buffer was sealed.
 */
bool rb_seal(struct rb_cpu *cb)
{
	unsigned long pos, seq, next;
	struct rb_page *page;
	bool sealed = false;
	u64 ts;

	if (atomic_read(&cb->record_disabled) & RB_CPU_STOPPED)
		return false;
	if (local_inc_return(&cb->committing) > RB_MAX_NEST)
		goto out;
	barrier();
	if (local_cmpxchg(&cb->crossing, 0, 1) != 0)
		goto out;
	barrier();
	pos = local_read(&cb->wpos);
	seq = rb_seq(cb, pos);
	if (!rb_off(cb, pos) ||
	    seq + 1 - rb_seq(cb, local_read(&cb->cpos)) >= cb->nr ||
	    !rb_make_room(cb, seq + 1))
		goto uncross;

	page = rb_wslot(cb, seq + 1);
	local_set(&page->entries, 0);
	next = rb_pos(cb, seq + 1, 0);
	/* An NMI may still reserve in the current sub-buffer: retry then. */
	do {
		ts = cb->buffer->clock();
		page->bpage->time_stamp = ts;
		barrier();
	} while (!local_try_cmpxchg(&cb->wpos, &pos, next));
	rb_lap_next(cb, seq + 1);
	/* The next event's delta counts from the new sub-buffer's stamp. */
	rb_record_ts(cb, local_read(&cb->committing), next, ts);
	rb_pad_tail(cb, rb_wslot(cb, seq), rb_off(cb, pos));
	sealed = true;
uncross:
	barrier();
	local_set(&cb->crossing, 0);
out:
	rb_end_commit(cb);
	return sealed;
}

/**
 * ring_buffer_unlock_commit() - commit the event reserved last on this CPU
 * @buffer: the buffer it was reserved in
 *
 * Context: The context that called ring_buffer_lock_reserve().
 * Return: 0.
 */
int ring_buffer_unlock_commit(struct trace_buffer *buffer)
{
	rb_finish(rb_this_cpu(buffer));
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_unlock_commit);

/*
 * Turn a discarded data event into something readers skip while keeping
 * its time delta, which the next event's delta builds on: a time extend
 * carrying the delta, then padding for the rest.  A 12-byte event has no
 * room for both; it becomes padding and its delta (nanoseconds at most
 * 2^27) is lost to readers.
 */
static void rb_event_discard(struct ring_buffer_event *event)
{
	unsigned int size = rb_event_size(event);
	u32 delta = event->time_delta;

	if (delta && size != 3 * RB_EVNT_HDR_SIZE) {
		rb_set_ts_event(event, RINGBUF_TYPE_TIME_EXTEND, delta);
		size -= RB_LEN_TIME_EXTEND;
		if (!size)
			return;
		event = (void *)event + RB_LEN_TIME_EXTEND;
	}
	event->type_len = RINGBUF_TYPE_PADDING;
	event->time_delta = 1;
	event->array[0] = size - RB_EVNT_HDR_SIZE;
}

/**
 * ring_buffer_discard_commit() - drop the event reserved last on this CPU
 * @buffer: the buffer it was reserved in
 * @event: the event ring_buffer_lock_reserve() returned
 *
 * Ends the reservation like ring_buffer_unlock_commit(), but readers never
 * see the event and it is not counted.  If no other event was reserved
 * after it, its space is given back.
 *
 * Context: The context that called ring_buffer_lock_reserve().
 */
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event)
{
	struct rb_cpu *cb = rb_this_cpu(buffer);
	struct rb_pending *p = &cb->pending[local_read(&cb->committing) - 1];
	unsigned long start = p->pos;
	unsigned long end = start + ((void *)event - (void *)
			(p->page->bpage->data + rb_off(cb, start))) +
			rb_event_size(event);

	local_dec(&p->page->entries);
	local_dec(&cb->entries);
	/*
	 * Nothing after it: give the space back.  The next writer cannot
	 * know the time before it any more, so it will use an absolute
	 * time stamp.
	 */
	if (local_cmpxchg(&cb->wpos, end, start) == end)
		local_set(&cb->last_end, RB_END_UNKNOWN);
	else
		rb_event_discard(event);
	rb_finish(cb);
}
EXPORT_SYMBOL_GPL(ring_buffer_discard_commit);

/**
 * ring_buffer_write() - reserve, copy and commit an event in one call
 * @buffer: the buffer
 * @length: payload bytes
 * @data: the payload
 *
 * Context: Any context.
 * Return: 0, or -EBUSY if the event was not recorded (see
 * ring_buffer_lock_reserve()).
 */
int ring_buffer_write(struct trace_buffer *buffer, unsigned long length,
		      void *data)
{
	struct ring_buffer_event *event;

	event = ring_buffer_lock_reserve(buffer, length);
	if (!event)
		return -EBUSY;
	memcpy(ring_buffer_event_data(event), data, length);
	return ring_buffer_unlock_commit(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_write);

/**
 * ring_buffer_nest_start() - mark a write within a write in one context
 * @buffer: the buffer
 *
 * For a writer that must record a second event while its first is still
 * reserved (trace_printk() from within an event's assignment).  Writers
 * here are told apart by depth alone, so a nested reserve needs nothing
 * more: this keeps the caller on its CPU until ring_buffer_nest_end(),
 * as 6.12's callers expect.
 */
void ring_buffer_nest_start(struct trace_buffer *buffer)
{
	preempt_disable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_start);

/**
 * ring_buffer_nest_end() - end what ring_buffer_nest_start() began
 * @buffer: the buffer
 */
void ring_buffer_nest_end(struct trace_buffer *buffer)
{
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_end);

/**
 * ring_buffer_event_time_stamp() - time stamp of an event being written
 * @buffer: the buffer
 * @event: an event reserved on this CPU and not yet committed
 *
 * Context: The context that reserved @event.
 * Return: the event's time stamp, or the buffer's clock now if @event is
 * not the innermost reservation.
 */
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event)
{
	struct rb_cpu *cb = rb_this_cpu(buffer);
	long depth = cb ? local_read(&cb->committing) - 1 : -1;

	if (depth >= 0 && depth < RB_MAX_NEST)
		return cb->times[depth + 1];
	return buffer->clock();
}
EXPORT_SYMBOL_GPL(ring_buffer_event_time_stamp);

/**
 * ring_buffer_max_event_size() - largest payload a reserve accepts
 * @buffer: the buffer
 *
 * An event of this size fits an empty sub-buffer together with its
 * length word and, in absolute time stamp mode, its time stamp.
 *
 * Return: bytes.
 */
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->max_length);
}
EXPORT_SYMBOL_GPL(ring_buffer_max_event_size);

/**
 * ring_buffer_time_stamp() - the buffer's clock, now
 * @buffer: the buffer
 *
 * Return: what a time stamp taken now would be.
 */
u64 ring_buffer_time_stamp(struct trace_buffer *buffer)
{
	u64 now;

	preempt_disable_notrace();
	now = buffer->clock();
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp);

/**
 * ring_buffer_normalize_time_stamp() - convert a time stamp to nanoseconds
 * @buffer: the buffer
 * @cpu: the CPU it was recorded on
 * @ts: the time stamp, converted in place
 *
 * The clocks this buffer uses already count nanoseconds (or events, for
 * the counter clock), so there is nothing to convert.
 */
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer, int cpu,
				      u64 *ts)
{
}
EXPORT_SYMBOL_GPL(ring_buffer_normalize_time_stamp);

/**
 * ring_buffer_wake_waiters() - wake the readers waiting on a CPU
 * @buffer: the buffer
 * @cpu: the CPU, or %RING_BUFFER_ALL_CPUS
 */
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu)
{
	int i;

	/* Waiters see it once woken, and stop waiting. */
	atomic_inc(&buffer->wake_gen);
	for_each_possible_cpu(i) {
		struct rb_cpu *cb = rb_cpu_get(buffer, i);

		if (cb && (cpu == RING_BUFFER_ALL_CPUS || cpu == i))
			wake_up_all(&cb->waitq);
	}
	wake_up_all(&buffer->waitq);
}
EXPORT_SYMBOL_GPL(ring_buffer_wake_waiters);

/**
 * rb_wakeup_work() - wake readers, out of the writer's context
 * @work: the per-CPU buffer's irq_work
 */
void rb_wakeup_work(struct irq_work *work)
{
	struct rb_cpu *cb = container_of(work, struct rb_cpu, wakeup_work);

	/* Waiters set both again before they check for data. */
	WRITE_ONCE(cb->wait_full, RB_WAIT_FULL_NONE);
	WRITE_ONCE(cb->waiters, false);
	wake_up_all(&cb->waitq);
	wake_up_all(&cb->buffer->waitq);
}
