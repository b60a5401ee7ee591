// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the ring buffer: the API one function at a time, every
 * event encoding, both full-buffer modes and their loss accounting.
 *
 * Writers here run on one CPU with preemption disabled (as real writers
 * do); readers then read that CPU's buffer.  Concurrency is the stress
 * module's job.
 */
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/trace_clock.h>
#include <linux/trace_seq.h>
#include <linux/workqueue.h>
#ifdef CONFIG_X86_LOCAL_APIC
#include <asm/apic.h>
#include <asm/nmi.h>
#endif

#include "../internal.h"

#define SUBBUF		(PAGE_SIZE - RB_PAGE_HDR_SIZE)

/* A fake clock, so that time stamps and deltas are known exactly. */
static u64 fake_now;

static u64 fake_clock(void)
{
	return fake_now;
}

struct rb_test {
	struct trace_buffer	*buffer;
	int			cpu;
};

static struct trace_buffer *rb_test_alloc(struct kunit *test,
					  unsigned long size, unsigned int flags)
{
	struct trace_buffer *buffer = ring_buffer_alloc(size, flags);

	KUNIT_ASSERT_NOT_NULL(test, buffer);
	return buffer;
}

/* Write one event of @len bytes, each byte (seq + i); true if recorded. */
static bool rb_test_write(struct trace_buffer *buffer, unsigned long len,
			  u8 seq)
{
	struct ring_buffer_event *event;
	u8 *data;
	unsigned long i;

	event = ring_buffer_lock_reserve(buffer, len);
	if (!event)
		return false;
	data = ring_buffer_event_data(event);
	for (i = 0; i < len; i++)
		data[i] = seq + i;
	ring_buffer_unlock_commit(buffer);
	return true;
}

static bool rb_test_data_ok(struct ring_buffer_event *event, unsigned long len,
			    u8 seq)
{
	u8 *data = ring_buffer_event_data(event);
	unsigned long i;

	for (i = 0; i < len; i++) {
		if (data[i] != (u8)(seq + i))
			return false;
	}
	return true;
}

/* Allocation rounds sizes up to whole sub-buffers, two at least. */
static void rb_test_alloc_sizes(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 1, 0);
	int cpu = raw_smp_processor_id();

	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 2 * SUBBUF);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_size_get(buffer), (int)SUBBUF);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(buffer), 0);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buffer));
	ring_buffer_free(buffer);

	buffer = rb_test_alloc(test, 5 * SUBBUF + 1, 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 6 * SUBBUF);
	ring_buffer_free(buffer);
}

static const unsigned long rb_test_lengths[] = {
	0, 1, 3, 4, 5, 8, 27, 28, 29, 108, 109, 112, 113, 116, 117, 500,
	SUBBUF / 2, SUBBUF - 8,
};

static void rb_test_length_desc(const unsigned long *len, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "payload %lu", *len);
}

KUNIT_ARRAY_PARAM(rb_test_length, rb_test_lengths, rb_test_length_desc);

/*
 * Each payload size round-trips, and is encoded as the ABI says: up to
 * 112 bytes in type_len (units of 4), beyond that in a length word.
 */
static void rb_test_encoding(struct kunit *test)
{
	unsigned long len = *(unsigned long *)test->param_value;
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	unsigned long want = ALIGN(max(len, 1UL), 4);
	struct ring_buffer_event *event;
	int cpu;

	cpu = get_cpu();
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, len, 7));
	put_cpu();

	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_EQ(test, ring_buffer_event_length(event), (unsigned int)want);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, len, 7));
	if (want <= RB_MAX_SMALL_DATA) {
		KUNIT_EXPECT_EQ(test, (unsigned int)event->type_len, want / 4);
	} else {
		KUNIT_EXPECT_EQ(test, (unsigned int)event->type_len, 0U);
		KUNIT_EXPECT_EQ(test, event->array[0], ALIGN(len + 4, 4));
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	ring_buffer_free(buffer);
}

/* A reserve beyond the maximum event size fails and counts nothing. */
static void rb_test_too_big(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	unsigned long max = ring_buffer_max_event_size(buffer);
	int cpu;

	KUNIT_EXPECT_EQ(test, max, SUBBUF - 8);
	cpu = get_cpu();
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(buffer, max + 1));
	KUNIT_EXPECT_EQ(test, ring_buffer_write(buffer, max + 1, NULL), -EBUSY);
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, max, 1));
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 1UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 0UL);
	ring_buffer_free(buffer);
}

/*
 * Events come back in order with their exact time stamps: small deltas
 * inline, deltas of 2^27 ns and more through time extends, a clock that
 * goes backwards through absolute time stamps.
 */
static void rb_test_time_stamps(struct kunit *test)
{
	static const u64 steps[] = {
		0, 1, 1000, (1 << 27) - 1, 1 << 27, 1ULL << 40, 5, 3ULL << 33,
	};
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	u64 when[ARRAY_SIZE(steps) + 1], ts;
	struct ring_buffer_event *event;
	unsigned int i;
	int cpu;

	ring_buffer_set_clock(buffer, fake_clock);
	fake_now = 123456789;
	cpu = get_cpu();
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		fake_now += steps[i];
		when[i] = fake_now;
		KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, i));
	}
	/* The clock goes backwards: an absolute stamp keeps it exact. */
	fake_now -= 1000;
	when[i] = fake_now;
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, i));
	put_cpu();

	for (i = 0; i <= ARRAY_SIZE(steps); i++) {
		event = ring_buffer_consume(buffer, cpu, &ts, NULL);
		KUNIT_ASSERT_NOT_NULL(test, event);
		KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, i));
		KUNIT_EXPECT_EQ_MSG(test, ts, when[i], "event %u", i);
	}
	ring_buffer_free(buffer);
}

/* With absolute time stamps every event carries its time. */
static void rb_test_abs_time_stamps(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *event;
	u64 ts;
	int cpu, i;

	ring_buffer_set_clock(buffer, fake_clock);
	ring_buffer_set_time_stamp_abs(buffer, true);
	KUNIT_EXPECT_TRUE(test, ring_buffer_time_stamp_abs(buffer));
	KUNIT_EXPECT_EQ(test, ring_buffer_max_event_size(buffer), SUBBUF - 16);
	fake_now = 1ULL << 50;
	cpu = get_cpu();
	for (i = 0; i < 100; i++) {
		fake_now += 1000 * i;
		KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 100, i));
	}
	put_cpu();
	fake_now = 1ULL << 50;
	for (i = 0; i < 100; i++) {
		fake_now += 1000 * i;
		event = ring_buffer_consume(buffer, cpu, &ts, NULL);
		KUNIT_ASSERT_NOT_NULL(test, event);
		KUNIT_EXPECT_EQ(test, ts, fake_now);
	}
	ring_buffer_free(buffer);
}

/*
 * A writer that checked the length against max_length just before
 * absolute mode came on (the store of the mode, before the one of
 * max_length): an event of the old maximum no longer fits a sub-buffer
 * with its time stamp.  It is dropped and counted; nothing is written
 * past a sub-buffer and the events around it read back intact.
 */
static void rb_test_abs_late(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	unsigned long max = ring_buffer_max_event_size(buffer);
	struct ring_buffer_event *event;
	int cpu;

	cpu = get_cpu();
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, 1));
	WRITE_ONCE(buffer->time_stamp_abs, true);
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, max, 2));
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, max - RB_LEN_TIME_EXTEND, 3));
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 1UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 2UL);

	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 1));
	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, max - RB_LEN_TIME_EXTEND, 3));
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));

	/* The setter leaves the mode and the maximum consistent. */
	ring_buffer_set_time_stamp_abs(buffer, true);
	KUNIT_EXPECT_EQ(test, ring_buffer_max_event_size(buffer),
			max - RB_LEN_TIME_EXTEND);
	ring_buffer_set_time_stamp_abs(buffer, false);
	KUNIT_EXPECT_EQ(test, ring_buffer_max_event_size(buffer), max);
	ring_buffer_free(buffer);
}

/*
 * Events that do not fit the rest of a sub-buffer go to the next one; the
 * gap is padding, and nothing is lost or reordered across many
 * sub-buffers, with every size of padding.
 */
static void rb_test_padding(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 128 * SUBBUF, 0);
	struct ring_buffer_event *event;
	unsigned long len, written = 0;
	int cpu, i;

	cpu = get_cpu();
	for (i = 0; i < 1500; i++) {
		len = (i * 37) % 300;
		KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, len, i));
		written++;
	}
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), written);
	for (i = 0; i < 1500; i++) {
		len = (i * 37) % 300;
		event = ring_buffer_consume(buffer, cpu, NULL, NULL);
		KUNIT_ASSERT_NOT_NULL(test, event);
		KUNIT_ASSERT_TRUE_MSG(test, rb_test_data_ok(event, len, i),
				      "event %d", i);
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buffer, cpu), written);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0UL);
	ring_buffer_free(buffer);
}

/*
 * Overwrite mode: the oldest events go, each counted as overrun, and the
 * reader is told how many it missed; what it reads is the newest events,
 * in order.
 */
static void rb_test_overwrite(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 3 * SUBBUF,
						     RB_FL_OVERWRITE);
	unsigned long lost, lost_total = 0, read = 0, n = 2000;
	struct ring_buffer_event *event;
	int cpu, i, first = -1, prev = -1, seq;

	cpu = get_cpu();
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 16, i));
	put_cpu();
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);

	while ((event = ring_buffer_consume(buffer, cpu, NULL, &lost))) {
		seq = *(u8 *)ring_buffer_event_data(event);
		if (first < 0)
			first = read;
		lost_total += lost;
		if (prev >= 0)
			KUNIT_EXPECT_EQ(test, (u8)(prev + 1), (u8)seq);
		prev = seq;
		read++;
	}
	KUNIT_EXPECT_EQ(test, (u8)prev, (u8)(n - 1));
	KUNIT_EXPECT_EQ(test, read + ring_buffer_overrun_cpu(buffer, cpu), n);
	KUNIT_EXPECT_EQ(test, lost_total, ring_buffer_overrun_cpu(buffer, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 0UL);
	ring_buffer_free(buffer);
}

/*
 * Producer/consumer mode: once full, new events are refused and counted
 * as dropped; the first ones stay, all of them readable.
 */
static void rb_test_producer_consumer(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 3 * SUBBUF, 0);
	unsigned long ok = 0, refused = 0, read = 0;
	struct ring_buffer_event *event;
	int cpu, i;

	cpu = get_cpu();
	for (i = 0; i < 2000; i++) {
		if (rb_test_write(buffer, 16, i))
			ok++;
		else
			refused++;
	}
	put_cpu();
	KUNIT_EXPECT_GT(test, refused, 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), refused);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);
	while ((event = ring_buffer_consume(buffer, cpu, NULL, NULL))) {
		KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 16, read));
		read++;
	}
	KUNIT_EXPECT_EQ(test, read, ok);

	/* Room again once read. */
	cpu = get_cpu();
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 16, 0));
	put_cpu();
	ring_buffer_free(buffer);
}

/* Peek shows the next event without consuming it. */
static void rb_test_peek(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *event;
	int cpu;

	cpu = get_cpu();
	rb_test_write(buffer, 4, 1);
	rb_test_write(buffer, 4, 2);
	put_cpu();
	event = ring_buffer_peek(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 4, 1));
	event = ring_buffer_peek(buffer, cpu, NULL, NULL);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 4, 1));
	KUNIT_EXPECT_FALSE(test, ring_buffer_empty_cpu(buffer, cpu));
	ring_buffer_consume(buffer, cpu, NULL, NULL);
	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 4, 2));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buffer, cpu));
	ring_buffer_free(buffer);
}

/*
 * A discarded event is never read and not counted, whether it was the
 * last reservation (its space is given back) or not (it becomes padding);
 * the time stamps of the events after it stay exact.
 */
static void rb_test_discard(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *event, *outer;
	u64 ts;
	int cpu;

	ring_buffer_set_clock(buffer, fake_clock);
	fake_now = 1000;
	cpu = get_cpu();
	rb_test_write(buffer, 8, 1);
	fake_now = 2000;
	event = ring_buffer_lock_reserve(buffer, 40);
	KUNIT_ASSERT_NOT_NULL(test, event);
	ring_buffer_discard_commit(buffer, event);

	/* Discard an event with a later one committed after it. */
	fake_now = 3000;
	outer = ring_buffer_lock_reserve(buffer, 40);
	KUNIT_ASSERT_NOT_NULL(test, outer);
	ring_buffer_nest_start(buffer);
	fake_now = 4000;
	rb_test_write(buffer, 8, 2);
	ring_buffer_nest_end(buffer);
	ring_buffer_discard_commit(buffer, outer);
	fake_now = 5000;
	rb_test_write(buffer, 8, 3);
	put_cpu();

	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 3UL);
	event = ring_buffer_consume(buffer, cpu, &ts, NULL);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 1));
	KUNIT_EXPECT_EQ(test, ts, 1000ULL);
	event = ring_buffer_consume(buffer, cpu, &ts, NULL);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 2));
	KUNIT_EXPECT_EQ(test, ts, 4000ULL);
	event = ring_buffer_consume(buffer, cpu, &ts, NULL);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 3));
	KUNIT_EXPECT_EQ(test, ts, 5000ULL);
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	ring_buffer_free(buffer);
}

/*
 * Reserve an 8-byte event (tag @n, time @when[@n]) and leave it for the
 * caller to commit, after a nested write of @len bytes 10 ns later (tag
 * (@n + 1) * 8, time @when[@n + 1]).  Return: the next tag.
 */
static int rb_test_outer_nested(struct kunit *test,
				struct trace_buffer *buffer, u64 *when, int n,
				unsigned long len)
{
	struct ring_buffer_event *event;

	when[n] = fake_now;
	event = ring_buffer_lock_reserve(buffer, 8);
	KUNIT_ASSERT_NOT_NULL(test, event);
	memset(ring_buffer_event_data(event), n, 8);
	ring_buffer_nest_start(buffer);
	fake_now += 10;
	when[n + 1] = fake_now;
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, len, (n + 1) * 8));
	ring_buffer_nest_end(buffer);
	return n + 2;
}

/*
 * The edges of the inline fast paths, with a nested writer standing in
 * for an interrupt: the outer writer's inline commit after a nested
 * writer committed in the same sub-buffer, and after a nested writer
 * crossed into the next one (the outer writer's commit must then
 * publish both sub-buffers); and the first write after that, whose
 * delta counts from the crossing's time stamp.  Every event comes back,
 * in order, with its time.
 */
static void rb_test_nested_edges(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *event;
	struct rb_cpu *cb;
	u64 ts, when[8];
	int cpu, i, n = 0;

	ring_buffer_set_clock(buffer, fake_clock);
	fake_now = 1000;
	cpu = get_cpu();
	cb = buffer->cpus[cpu];

	/* Nested commit inside the outer one, same sub-buffer. */
	n = rb_test_outer_nested(test, buffer, when, n, 8);
	ring_buffer_unlock_commit(buffer);

	/* Fill the sub-buffer to just under one more 8-byte event. */
	while (rb_off(cb, local_read(&cb->wpos)) + 24 <= cb->subbuf_size) {
		fake_now += 1;
		KUNIT_ASSERT_TRUE(test, rb_test_write(buffer, 4, 0xee));
	}

	/* The outer event fits; the nested one crosses. */
	fake_now += 10;
	n = rb_test_outer_nested(test, buffer, when, n, 64);
	KUNIT_EXPECT_NE(test, rb_seq(cb, local_read(&cb->wpos)),
			rb_seq(cb, local_read(&cb->cpos)));
	ring_buffer_unlock_commit(buffer);
	KUNIT_EXPECT_EQ(test, local_read(&cb->cpos), local_read(&cb->wpos));

	/* A write right after, in the new sub-buffer. */
	fake_now += 10;
	when[n] = fake_now;
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, n * 8));
	n++;
	put_cpu();

	for (i = 0; i < n; i++) {
		do {
			event = ring_buffer_consume(buffer, cpu, &ts, NULL);
			KUNIT_ASSERT_NOT_NULL(test, event);
		} while (*(u8 *)ring_buffer_event_data(event) == 0xee);
		KUNIT_EXPECT_EQ_MSG(test, *(u8 *)ring_buffer_event_data(event),
				    i == 0 || i == 2 ? i : i * 8, "event %d", i);
		KUNIT_EXPECT_EQ_MSG(test, ts, when[i], "event %d", i);
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 0UL);
	ring_buffer_free(buffer);
}

/*
 * A write within a write in one context (an interrupt before
 * preempt_count() says so, or ring_buffer_nest_start()) is taken.
 */
static void rb_test_recursion(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *event;
	int cpu;

	cpu = get_cpu();
	event = ring_buffer_lock_reserve(buffer, 8);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, 1));
	ring_buffer_nest_start(buffer);
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, 2));
	ring_buffer_nest_end(buffer);
	ring_buffer_unlock_commit(buffer);
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 3UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 0UL);
	ring_buffer_free(buffer);
}

/*
 * An iterator walks every unread event without consuming any, starts
 * after what was consumed, and reports when events were overwritten
 * under it.
 */
static void rb_test_iterator(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 8 * SUBBUF,
						     RB_FL_OVERWRITE);
	struct ring_buffer_event *event;
	struct ring_buffer_iter *iter;
	u64 ts, prev_ts = 0;
	int cpu, i;

	cpu = get_cpu();
	for (i = 0; i < 500; i++)
		rb_test_write(buffer, 20, i);
	put_cpu();

	iter = ring_buffer_read_start(buffer, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	for (i = 0; i < 500; i++) {
		event = ring_buffer_iter_peek(iter, &ts);
		KUNIT_ASSERT_NOT_NULL(test, event);
		KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 20, i));
		KUNIT_EXPECT_GE(test, ts, prev_ts);
		prev_ts = ts;
		ring_buffer_iter_advance(iter);
	}
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_empty(iter));
	KUNIT_EXPECT_FALSE(test, ring_buffer_iter_dropped(iter));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 500UL);

	/* Overwrite everything under the iterator, back at the start. */
	ring_buffer_iter_reset(iter);
	cpu = get_cpu();
	for (i = 0; i < 5000; i++)
		rb_test_write(buffer, 20, i);
	put_cpu();
	event = ring_buffer_iter_peek(iter, NULL);
	KUNIT_EXPECT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_dropped(iter));

	/* After consuming ten, a reset iterator starts at the eleventh. */
	for (i = 0; i < 10; i++)
		ring_buffer_consume(buffer, cpu, NULL, NULL);
	ring_buffer_iter_reset(iter);
	KUNIT_EXPECT_FALSE(test, ring_buffer_iter_dropped(iter));
	event = ring_buffer_iter_peek(iter, &ts);
	KUNIT_ASSERT_NOT_NULL(test, event);
	i = *(u8 *)ring_buffer_event_data(event);
	event = ring_buffer_peek(buffer, cpu, &prev_ts, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_EQ(test, i, (int)*(u8 *)ring_buffer_event_data(event));
	KUNIT_EXPECT_EQ(test, ts, prev_ts);
	ring_buffer_read_finish(iter);
	ring_buffer_free(buffer);
}

/* Recording off, disabled or disabled per CPU: nothing is written. */
static void rb_test_record_switches(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	int cpu;

	cpu = get_cpu();
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_on(buffer));
	ring_buffer_record_off(buffer);
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buffer));
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_set_on(buffer));
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, 8, 0));
	ring_buffer_record_on(buffer);

	ring_buffer_record_disable(buffer);
	ring_buffer_record_disable(buffer);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_set_on(buffer));
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buffer));
	ring_buffer_record_enable(buffer);
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, 8, 0));
	ring_buffer_record_enable(buffer);

	ring_buffer_record_disable_cpu(buffer, cpu);
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, 8, 0));
	ring_buffer_record_enable_cpu(buffer, cpu);
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, 0));
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(buffer), 1UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 0UL);
	ring_buffer_free(buffer);
}

/*
 * Absolute time stamps and a clock other than trace_clock_local() send
 * the writers the general way (RB_BUFFER_GENERAL in the buffer's
 * gate word): a detour, not a refusal.  Recording stays on,
 * the events are written with the buffer's clock, and the bit goes
 * when both settings are back, with the on/off switch and the
 * disable count untouched by either.
 */
static void rb_test_general_path(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *event;
	u64 ts;
	int cpu;

	ring_buffer_set_clock(buffer, fake_clock);
	ring_buffer_set_time_stamp_abs(buffer, true);
	ring_buffer_set_time_stamp_abs(buffer, false);
	KUNIT_EXPECT_TRUE(test, atomic_read(&buffer->gate) &
				RB_BUFFER_GENERAL);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_on(buffer));
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_set_on(buffer));
	fake_now = 1ULL << 45;
	cpu = get_cpu();
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, 1));
	fake_now += 100;
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 200, 2));
	ring_buffer_record_off(buffer);
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buffer));
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, 8, 3));
	ring_buffer_record_on(buffer);
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 0UL);
	event = ring_buffer_consume(buffer, cpu, &ts, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 1));
	KUNIT_EXPECT_EQ(test, ts, 1ULL << 45);
	event = ring_buffer_consume(buffer, cpu, &ts, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 200, 2));
	KUNIT_EXPECT_EQ(test, ts, (1ULL << 45) + 100);

	ring_buffer_set_clock(buffer, trace_clock_local);
	KUNIT_EXPECT_EQ(test, atomic_read(&buffer->gate), 0);
	ring_buffer_set_time_stamp_abs(buffer, true);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_on(buffer));
	ring_buffer_record_disable(buffer);
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buffer));
	ring_buffer_record_enable(buffer);
	ring_buffer_set_time_stamp_abs(buffer, false);
	KUNIT_EXPECT_EQ(test, atomic_read(&buffer->gate), 0);
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 0, 4));
	ring_buffer_free(buffer);
}

/* Reset empties a CPU buffer and its counters; it works again after. */
static void rb_test_reset(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 3 * SUBBUF,
						     RB_FL_OVERWRITE);
	struct ring_buffer_event *event;
	int cpu, i;

	cpu = get_cpu();
	for (i = 0; i < 1000; i++)
		rb_test_write(buffer, 30, i);
	put_cpu();
	ring_buffer_consume(buffer, cpu, NULL, NULL);
	ring_buffer_reset_cpu(buffer, cpu);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buffer, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buffer, cpu), 0UL);

	cpu = get_cpu();
	rb_test_write(buffer, 30, 42);
	put_cpu();
	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 30, 42));
	ring_buffer_reset(buffer);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buffer));
	ring_buffer_free(buffer);
}

/*
 * Resizing keeps the unread events: growing keeps all, shrinking below
 * what is unread drops the oldest and counts them as overrun.
 */
static void rb_test_resize(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	unsigned long per_subbuf = SUBBUF / 40, n = 3 * per_subbuf, read = 0;
	struct ring_buffer_event *event;
	int cpu, i, first = -1;

	/*
	 * Both batches go to one CPU's buffer: the test may not move to
	 * another CPU between them (resizing sleeps).
	 */
	migrate_disable();
	cpu = smp_processor_id();
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 32, i));

	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 16 * SUBBUF, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 16 * SUBBUF);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), n);
	for (i = n; i < 2 * n; i++)
		KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 32, i));
	migrate_enable();

	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 2 * SUBBUF,
						 RING_BUFFER_ALL_CPUS), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 2 * SUBBUF);
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);
	while ((event = ring_buffer_consume(buffer, cpu, NULL, NULL))) {
		u8 seq = *(u8 *)ring_buffer_event_data(event);

		if (first < 0)
			first = seq;
		KUNIT_EXPECT_EQ(test, seq, (u8)(first + read));
		read++;
	}
	KUNIT_EXPECT_EQ(test, read + ring_buffer_overrun_cpu(buffer, cpu), 2 * n);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, SUBBUF, nr_cpu_ids),
			-EINVAL);
	ring_buffer_free(buffer);
}

/* Larger sub-buffers take larger events. */
static void rb_test_subbuf_order(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 8 * SUBBUF, 0);
	unsigned long big = 2 * PAGE_SIZE - 100;
	struct ring_buffer_event *event;
	int cpu;

	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, -1), -EINVAL);
	KUNIT_ASSERT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(buffer), 1);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_size_get(buffer),
			(int)(2 * PAGE_SIZE - RB_PAGE_HDR_SIZE));
	cpu = get_cpu();
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, big, 3));
	put_cpu();
	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, big, 3));
	ring_buffer_free(buffer);
}

/* Bad CPU numbers give NULL, 0 or an error, never a crash. */
static void rb_test_bad_cpu(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);

	KUNIT_EXPECT_NULL(test, ring_buffer_peek(buffer, nr_cpu_ids, NULL, NULL));
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, -2, NULL, NULL));
	KUNIT_EXPECT_NULL(test, ring_buffer_read_start(buffer, nr_cpu_ids,
						       GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, -1), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, nr_cpu_ids), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_wait(buffer, nr_cpu_ids, 0, NULL, NULL),
			-ENODEV);
	ring_buffer_free(buffer);
}

static bool rb_test_true(void *data)
{
	return true;
}

/* A wait whose condition holds returns at once. */
static void rb_test_wait(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	int cpu;

	KUNIT_EXPECT_EQ(test, ring_buffer_wait(buffer, RING_BUFFER_ALL_CPUS, 0,
					       rb_test_true, NULL), 0);
	cpu = get_cpu();
	rb_test_write(buffer, 8, 0);
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_wait(buffer, cpu, 0, NULL, NULL), 0);
	ring_buffer_free(buffer);
}

/*
 * A raw read hands over events as stored, after a header whose time
 * stamp makes the first delta right: decoding the copy gives the same
 * events and times as consuming them would.
 */
static void rb_test_read_page(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 8 * SUBBUF, 0);
	struct buffer_data_read_page *rpage;
	struct buffer_data_page *bpage;
	struct ring_buffer_event *event;
	unsigned int off, commit;
	u64 ts, when[50];
	int cpu, i, n = 0;

	ring_buffer_set_clock(buffer, fake_clock);
	fake_now = 5000;
	cpu = get_cpu();
	for (i = 0; i < 50; i++) {
		/* Mostly small steps, every third one needs a time extend. */
		fake_now += i % 3 ? 10 : 1 << 28;
		when[i] = fake_now;
		rb_test_write(buffer, 24, i);
	}
	put_cpu();
	/* Consume a few first: the raw read starts where they end. */
	for (i = 0; i < 5; i++)
		ring_buffer_consume(buffer, cpu, NULL, NULL);

	KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(buffer, cpu, &rpage), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page_size(rpage),
			(unsigned int)PAGE_SIZE);
	KUNIT_ASSERT_EQ(test, ring_buffer_read_page(buffer, rpage, PAGE_SIZE,
						    cpu, 0), 0);
	bpage = ring_buffer_read_page_data(rpage);
	commit = local_read(&bpage->commit);
	KUNIT_EXPECT_EQ(test, commit & RB_MISSED_EVENTS, 0U);
	ts = bpage->time_stamp;
	for (off = 0; off < commit; off += rb_event_size(event)) {
		event = (void *)bpage->data + off;
		if (event->type_len == RINGBUF_TYPE_TIME_EXTEND) {
			ts += rb_event_ts_field(event);
			continue;
		}
		if (event->type_len == RINGBUF_TYPE_TIME_STAMP) {
			ts = rb_event_ts_field(event);
			continue;
		}
		KUNIT_ASSERT_LE(test, (int)event->type_len,
				RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
		ts += event->time_delta;
		i = 5 + n++;
		KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 24, i));
		KUNIT_EXPECT_EQ(test, ts, when[i]);
	}
	KUNIT_EXPECT_EQ(test, n, 45);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buffer, cpu), 50UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page(buffer, rpage, PAGE_SIZE,
						    cpu, 0), -1);
	ring_buffer_free_read_page(buffer, cpu, rpage);
	ring_buffer_free(buffer);
}

/*
 * A raw read of a whole unread sub-buffer trades pages with the ring
 * instead of copying: round after round the traded pages go back to the
 * writers, and every event is read once, in order, with exact books.
 */
static void rb_test_read_page_trade(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct buffer_data_read_page *rpage;
	struct buffer_data_page *bpage;
	struct ring_buffer_event *event;
	unsigned int off, size, commit, traded = 0, bad = 0;
	unsigned long written = 0, seen = 0;
	int cpu, round, i;
	void *before;

	cpu = raw_smp_processor_id();
	KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(buffer, cpu, &rpage), 0);
	/* Writes and reads on one CPU, its buffer the only one used. */
	cpu = get_cpu();
	for (round = 0; round < 24; round++) {
		/* About two and a quarter sub-buffers' worth. */
		for (i = 0; i < 2 * SUBBUF / 40 + SUBBUF / 80; i++)
			written += rb_test_write(buffer, 32, written);
		for (;;) {
			before = ring_buffer_read_page_data(rpage);
			if (ring_buffer_read_page(buffer, rpage, PAGE_SIZE,
						  cpu, 0))
				break;
			bpage = ring_buffer_read_page_data(rpage);
			traded += bpage != before;
			commit = local_read(&bpage->commit) & 0xfffff;
			for (off = 0; off < commit; off += size) {
				event = (void *)bpage->data + off;
				/* 0: padding to the end */
				size = rb_event_size(event) ?: commit - off;
				if (event->type_len > RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
					continue;
				bad += !rb_test_data_ok(event, 32, seen);
				seen++;
			}
		}
	}
	put_cpu();
	KUNIT_EXPECT_EQ(test, bad, 0U);
	KUNIT_EXPECT_EQ(test, seen, written);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buffer, cpu), written);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_bytes_cpu(buffer, cpu), 0UL);
	/*
	 * Each round fills at least one sub-buffer from its start after the
	 * one read in place: that one is traded.
	 */
	KUNIT_EXPECT_GE(test, traded, 24U);
	ring_buffer_free_read_page(buffer, cpu, rpage);
	ring_buffer_free(buffer);
}

/* A raw read after an overwrite says that events were missed, and how many. */
static void rb_test_read_page_missed(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 3 * SUBBUF,
						     RB_FL_OVERWRITE);
	struct buffer_data_read_page *rpage;
	struct buffer_data_page *bpage;
	unsigned long commit, missed;
	int cpu, i;

	cpu = get_cpu();
	for (i = 0; i < 2000; i++)
		rb_test_write(buffer, 8, i);
	put_cpu();
	KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(buffer, cpu, &rpage), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_read_page(buffer, rpage, PAGE_SIZE,
						    cpu, 1), 0);
	bpage = ring_buffer_read_page_data(rpage);
	commit = local_read(&bpage->commit);
	KUNIT_EXPECT_TRUE(test, commit & RB_MISSED_EVENTS);
	if (commit & RB_MISSED_STORED) {
		memcpy(&missed, bpage->data + (commit & 0xfffff), sizeof(missed));
		KUNIT_EXPECT_EQ(test, missed, ring_buffer_overrun_cpu(buffer, cpu));
	}
	ring_buffer_free_read_page(buffer, cpu, rpage);
	ring_buffer_free(buffer);
}

/*
 * Producer/consumer mode drops contiguously: once a write is refused for
 * want of room, a smaller one that would still fit the current
 * sub-buffer is refused too, until the reader frees room; the reader
 * sees every event before the refusals, then those after.
 */
static void rb_test_full_drops_contiguous(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 3 * SUBBUF, 0);
	struct ring_buffer_event *event;
	unsigned long n = 0, i;
	int cpu;

	cpu = get_cpu();
	while (n < 1000 && rb_test_write(buffer, 500, n))
		n++;
	/* About 64 bytes are left in the last sub-buffer: not for this. */
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, 8, 200));
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 2UL);
	KUNIT_ASSERT_LT(test, n, 1000UL);
	for (i = 0; i < n; i++) {
		event = ring_buffer_consume(buffer, cpu, NULL, NULL);
		KUNIT_ASSERT_NOT_NULL(test, event);
		KUNIT_EXPECT_EQ(test, ring_buffer_event_length(event), 500U);
		KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 500, i));
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	/* Room again: writes go on, after the refused ones. */
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 8, 201));
	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 201));
	put_cpu();
	ring_buffer_free(buffer);
}

/* Swapping a CPU buffer moves its events to the other buffer. */
static void rb_test_swap_cpu(struct kunit *test)
{
	struct trace_buffer *a = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct trace_buffer *b = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct trace_buffer *c = rb_test_alloc(test, 8 * SUBBUF, 0);
	struct ring_buffer_event *event;
	int cpu;

	cpu = get_cpu();
	rb_test_write(a, 8, 1);
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, c, cpu), -EINVAL);
	KUNIT_ASSERT_EQ(test, ring_buffer_swap_cpu(a, b, cpu), 0);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(a, cpu));
	event = ring_buffer_consume(b, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 1));
	/* Writers now record into what was b's. */
	cpu = get_cpu();
	rb_test_write(a, 8, 2);
	put_cpu();
	event = ring_buffer_consume(a, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 2));
	ring_buffer_free(a);
	ring_buffer_free(b);
	ring_buffer_free(c);
}

/*
 * A swap done on the CPU itself stops no writer: a timer on that CPU
 * writing all along loses nothing, and every write lands in one of the
 * two buffers.
 */
struct rb_swap_here_ctx {
	struct hrtimer timer;
	struct trace_buffer *a, *b;
	int cpu;
	int writes;	/* attempted, by the timer */
	int swaps;
	int ret;
	bool stop;
};

#define RB_SWAP_HERE_SWAPS	50
/*
 * Swaps go on past RB_SWAP_HERE_SWAPS until the timer has written this
 * many (for up to 5 s): at boot, or on a loaded host under TCG, its first
 * expiry may come only after the first 50 swaps' millisecond.
 */
#define RB_SWAP_HERE_MIN_WRITES	20
/* Well below what the buffers hold: none is dropped for want of room. */
#define RB_SWAP_HERE_MAX_WRITES	5000

static enum hrtimer_restart rb_swap_here_timer(struct hrtimer *t)
{
	struct rb_swap_here_ctx *c = container_of(t, struct rb_swap_here_ctx,
						  timer);

	if (READ_ONCE(c->stop) || c->writes >= RB_SWAP_HERE_MAX_WRITES)
		return HRTIMER_NORESTART;
	rb_test_write(c->a, 8, c->writes++);
	hrtimer_forward_now(t, ns_to_ktime(10 * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static long rb_swap_here_fn(void *arg)
{
	struct rb_swap_here_ctx *c = arg;
	unsigned long deadline = jiffies + 5 * HZ;

	c->cpu = raw_smp_processor_id();
	hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	c->timer.function = rb_swap_here_timer;
	hrtimer_start(&c->timer, ns_to_ktime(10 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
	while (!c->ret &&
	       (c->swaps < RB_SWAP_HERE_SWAPS ||
		(READ_ONCE(c->writes) < RB_SWAP_HERE_MIN_WRITES &&
		 time_before(jiffies, deadline)))) {
		c->ret = ring_buffer_swap_cpu(c->a, c->b, c->cpu);
		c->swaps++;
		udelay(20);
		/*
		 * The worker is bound to the CPU: this lets others run there
		 * when a starved host stretches the loop (no soft lockup).
		 */
		cond_resched();
	}
	WRITE_ONCE(c->stop, true);
	hrtimer_cancel(&c->timer);
	return 0;
}

static void rb_test_swap_here(struct kunit *test)
{
	struct rb_swap_here_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned long n;
	int cpu;

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->a = rb_test_alloc(test, 64 * SUBBUF, 0);
	c->b = rb_test_alloc(test, 64 * SUBBUF, 0);
	cpu = cpumask_first(cpu_online_mask);
	KUNIT_ASSERT_EQ(test, work_on_cpu(cpu, rb_swap_here_fn, c), 0L);
	KUNIT_ASSERT_EQ(test, c->ret, 0);
	KUNIT_EXPECT_EQ(test, c->cpu, cpu);
	KUNIT_EXPECT_GE(test, c->swaps, RB_SWAP_HERE_SWAPS);
	KUNIT_EXPECT_GT(test, c->writes, 0);
	n = ring_buffer_entries_cpu(c->a, cpu) + ring_buffer_entries_cpu(c->b, cpu);
	KUNIT_EXPECT_EQ(test, n, (unsigned long)c->writes);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(c->a, cpu) +
			ring_buffer_dropped_events_cpu(c->b, cpu), 0UL);
	ring_buffer_free(c->a);
	ring_buffer_free(c->b);
}

/*
 * Swapping every CPU at once moves every CPU's events; what belongs to a
 * buffer and not to its events stays: recording off, and recording
 * disabled on a CPU.  An iterator goes with the CPU buffer it reads.
 */
static void rb_test_swap_all(struct kunit *test)
{
	struct trace_buffer *a = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct trace_buffer *b = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *event;
	struct ring_buffer_iter *iter;
	int cpu;

	/*
	 * One CPU throughout: the swap sleeps, and a test that woke up on
	 * the other CPU would write where recording was not disabled.
	 */
	migrate_disable();
	cpu = raw_smp_processor_id();
	KUNIT_EXPECT_TRUE(test, rb_test_write(a, 8, 3));
	iter = ring_buffer_read_start(a, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	ring_buffer_record_off(a);
	ring_buffer_record_disable_cpu(b, cpu);
	KUNIT_ASSERT_EQ(test, ring_buffer_swap_cpu(a, b, RING_BUFFER_ALL_CPUS),
			0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(a), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(b), 1UL);
	/* The iterator reads the events it started on, now b's. */
	event = ring_buffer_iter_peek(iter, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 3));
	ring_buffer_read_finish(iter);
	/* a is still off; b still refuses writes on this CPU. */
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(a));
	KUNIT_EXPECT_FALSE(test, rb_test_write(a, 8, 4));
	KUNIT_EXPECT_FALSE(test, rb_test_write(b, 8, 4));
	ring_buffer_record_on(a);
	ring_buffer_record_enable_cpu(b, cpu);
	KUNIT_EXPECT_TRUE(test, rb_test_write(a, 8, 5));
	KUNIT_EXPECT_TRUE(test, rb_test_write(b, 8, 6));
	migrate_enable();
	event = ring_buffer_consume(a, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 8, 5));
	/* A buffer does not swap with itself. */
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, a, cpu), -EINVAL);
	ring_buffer_free(a);
	ring_buffer_free(b);
}

/*
 * The smaller accessors: time now, the oldest unread time stamp, unread
 * bytes, dirty sub-buffers, and the time stamp of an event being written.
 */
static void rb_test_accessors(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 8 * SUBBUF, 0);
	struct ring_buffer_event *event;
	u64 ts = 42;
	int cpu, i;

	ring_buffer_set_clock(buffer, fake_clock);
	fake_now = 777;
	KUNIT_EXPECT_EQ(test, ring_buffer_time_stamp(buffer), 777ULL);
	ring_buffer_normalize_time_stamp(buffer, 0, &ts);
	KUNIT_EXPECT_EQ(test, ts, 42ULL);

	cpu = get_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_oldest_event_ts(buffer, cpu), 0ULL);
	fake_now = 1000;
	event = ring_buffer_lock_reserve(buffer, 10);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_EQ(test, ring_buffer_event_time_stamp(buffer, event), 1000ULL);
	ring_buffer_unlock_commit(buffer);
	for (i = 0; i < 400; i++) {
		fake_now += 5;
		rb_test_write(buffer, 30, i);
	}
	put_cpu();

	KUNIT_EXPECT_EQ(test, ring_buffer_oldest_event_ts(buffer, cpu), 1000ULL);
	/* Payloads count rounded up to 4 bytes, as stored. */
	KUNIT_EXPECT_EQ(test, ring_buffer_bytes_cpu(buffer, cpu), 12UL + 400 * 32);
	KUNIT_EXPECT_GE(test, ring_buffer_nr_dirty_pages(buffer, cpu),
			(size_t)(400 * 36 / SUBBUF));
	KUNIT_EXPECT_LE(test, ring_buffer_nr_dirty_pages(buffer, cpu), (size_t)8);
	ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_EXPECT_EQ(test, ring_buffer_oldest_event_ts(buffer, cpu), 1005ULL);
	KUNIT_EXPECT_EQ(test, ring_buffer_bytes_cpu(buffer, cpu), 400UL * 32);
	KUNIT_EXPECT_EQ(test, ring_buffer_commit_overrun_cpu(buffer, cpu), 0UL);
	ring_buffer_reset_online_cpus(buffer);
	KUNIT_EXPECT_EQ(test, ring_buffer_nr_dirty_pages(buffer, cpu), (size_t)1);
	ring_buffer_free(buffer);
}

/* Switching modes takes effect on the next write that finds the ring full. */
static void rb_test_change_overwrite(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 2 * SUBBUF, 0);
	int cpu, i;

	cpu = get_cpu();
	for (i = 0; i < 1000; i++)
		rb_test_write(buffer, 16, i);
	put_cpu();
	KUNIT_EXPECT_GT(test, ring_buffer_dropped_events_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);

	/* It sleeps (it takes the buffer's mutex): not with preemption off. */
	ring_buffer_change_overwrite(buffer, 1);
	cpu = get_cpu();
	for (i = 0; i < 1000; i++)
		KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 16, i));
	put_cpu();
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);
	ring_buffer_free(buffer);
}

/*
 * Writes nest by depth alone: as deep as four contexts twice over (8)
 * all are taken, whatever preempt_count() says; one more can only be a
 * write recursing, and is refused and counted.  Interrupts caught in
 * their entry window, which preempt_count() shows as the context they
 * interrupted, are among the eight.
 */
#define RB_TEST_NEST	8

static void rb_test_recursion_refused(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *ev[RB_TEST_NEST];
	int cpu, i;

	cpu = get_cpu();
	for (i = 0; i < RB_TEST_NEST; i++) {
		ev[i] = ring_buffer_lock_reserve(buffer, 8);
		KUNIT_ASSERT_NOT_NULL_MSG(test, ev[i], "depth %d", i);
		*(u8 *)ring_buffer_event_data(ev[i]) = i;
	}
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, 8, 1));
	for (i = 0; i < RB_TEST_NEST; i++)
		ring_buffer_unlock_commit(buffer);
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 1UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu),
			(unsigned long)RB_TEST_NEST);
	/* Read back oldest reservation first: 0, 1, ... */
	for (i = 0; i < RB_TEST_NEST; i++) {
		struct ring_buffer_event *e;

		e = ring_buffer_consume(buffer, cpu, NULL, NULL);
		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_EQ(test, *(u8 *)ring_buffer_event_data(e), (u8)i);
	}
	ring_buffer_free(buffer);
}

/*
 * Fault injection.  rb_alloc_refused() is a KUnit static stub: while it is
 * redirected to rb_test_refuse(), allocation number refuse_at (counting
 * from 1) fails.  Each test below runs an operation with the first, then
 * the second, ... allocation refused until the operation makes fewer
 * allocations than that, i.e. succeeds untouched, and checks every
 * failure on the way: an error, and the buffer exactly as it was.  Leaks
 * on those error paths are kmemleak's to find (make check-debug).
 */
#define RB_TEST_MAX_ALLOCS	1000

static unsigned int allocs_seen, refuse_at;

static bool rb_test_refuse(void)
{
	return ++allocs_seen == refuse_at;
}

static void rb_test_refuse_nth(struct kunit *test, unsigned int n)
{
	allocs_seen = 0;
	refuse_at = n;
	kunit_activate_static_stub(test, rb_alloc_refused, rb_test_refuse);
}

/* True once the operation just run did not reach the refused allocation. */
static bool rb_test_refuse_done(struct kunit *test)
{
	kunit_deactivate_static_stub(test, rb_alloc_refused);
	return allocs_seen < refuse_at;
}

/* Each allocation ring_buffer_alloc() makes can fail: NULL, nothing left. */
static void rb_test_alloc_faults(struct kunit *test)
{
	struct trace_buffer *buffer = NULL;
	unsigned int n;
	int cpu;

	for (n = 1; n < RB_TEST_MAX_ALLOCS; n++) {
		rb_test_refuse_nth(test, n);
		buffer = ring_buffer_alloc(4 * SUBBUF, RB_FL_OVERWRITE);
		if (rb_test_refuse_done(test))
			break;
		KUNIT_ASSERT_NULL(test, buffer);
	}
	KUNIT_ASSERT_NOT_NULL(test, buffer);
	/*
	 * The buffer, its two per-CPU arrays, and per online CPU at least a
	 * ring of pages.
	 */
	KUNIT_EXPECT_GT(test, n, 3 + 4 * num_online_cpus());
	cpu = get_cpu();
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 20, 7));
	put_cpu();
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 1UL);
	ring_buffer_free(buffer);
}

/* Write @n 32-byte events numbered from 0 on this CPU; return the CPU. */
static int rb_test_fill(struct kunit *test, struct trace_buffer *buffer,
			unsigned long n)
{
	unsigned long i;
	int cpu;

	cpu = get_cpu();
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 32, i));
	put_cpu();
	return cpu;
}

/* Consume and check events 0 .. @n - 1 as rb_test_fill() wrote them. */
static void rb_test_drain(struct kunit *test, struct trace_buffer *buffer,
			  int cpu, unsigned long n)
{
	struct ring_buffer_event *event;
	unsigned long read = 0, lost;

	while ((event = ring_buffer_consume(buffer, cpu, NULL, &lost))) {
		KUNIT_EXPECT_EQ(test, lost, 0UL);
		KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 32, read));
		read++;
	}
	KUNIT_EXPECT_EQ(test, read, n);
}

/* How many CPU buffers @buffer has. */
static unsigned int rb_test_nr_cpus(struct trace_buffer *buffer)
{
	unsigned int n = 0;
	int c;

	for_each_possible_cpu(c)
		n += !!buffer->cpus[c];
	return n;
}

/*
 * A resize that runs out of memory on any CPU changes no CPU: every size
 * and every unread event stay.
 */
static void rb_test_resize_faults(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 2 * SUBBUF, 0);
	unsigned long events = SUBBUF / 40;
	unsigned int n;
	int cpu, c, err = -ENOMEM;

	cpu = rb_test_fill(test, buffer, events);
	for (n = 1; n < RB_TEST_MAX_ALLOCS; n++) {
		rb_test_refuse_nth(test, n);
		err = ring_buffer_resize(buffer, 8 * SUBBUF,
					 RING_BUFFER_ALL_CPUS);
		if (rb_test_refuse_done(test))
			break;
		KUNIT_ASSERT_EQ(test, err, -ENOMEM);
		for_each_online_cpu(c)
			KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, c),
					2 * SUBBUF);
		KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu),
				events);
	}
	KUNIT_ASSERT_EQ(test, err, 0);
	/* Per CPU: the pool, the ring, and six sub-buffers (two allocations each). */
	KUNIT_EXPECT_EQ(test, n - 1, 1 + rb_test_nr_cpus(buffer) * (2 + 6 * 2));
	for_each_online_cpu(c)
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, c), 8 * SUBBUF);
	rb_test_drain(test, buffer, cpu, events);
	ring_buffer_free(buffer);
}

/* A sub-buffer order change that runs out of memory keeps order and data. */
static void rb_test_subbuf_order_faults(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	unsigned long events = SUBBUF / 40;
	unsigned int n;
	int cpu, err = -ENOMEM;

	cpu = rb_test_fill(test, buffer, events);
	for (n = 1; n < RB_TEST_MAX_ALLOCS; n++) {
		rb_test_refuse_nth(test, n);
		err = ring_buffer_subbuf_order_set(buffer, 1);
		if (rb_test_refuse_done(test))
			break;
		KUNIT_ASSERT_EQ(test, err, -ENOMEM);
		KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(buffer), 0);
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 4 * SUBBUF);
		KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu),
				events);
	}
	KUNIT_ASSERT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(buffer), 1);
	/* 4 sub-buffers' worth of bytes in 2-page sub-buffers: 2 of them. */
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu),
			2 * (2 * PAGE_SIZE - RB_PAGE_HDR_SIZE));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buffer));
	rb_test_drain(test, buffer, rb_test_fill(test, buffer, 100), 100);
	ring_buffer_free(buffer);
}

/*
 * While an iterator reads a CPU buffer, resizing it or changing the
 * sub-buffer size is refused (-EBUSY) and the iterator reads on; after
 * ring_buffer_read_finish() both work.  An iterator whose allocation
 * fails leaves no trace.
 */
static void rb_test_iterator_blocks_resize(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_iter *iter;
	unsigned long seen = 0;
	int cpu;

	cpu = rb_test_fill(test, buffer, 3);
	rb_test_refuse_nth(test, 1);
	KUNIT_EXPECT_NULL(test, ring_buffer_read_start(buffer, cpu, GFP_KERNEL));
	rb_test_refuse_done(test);

	iter = ring_buffer_read_start(buffer, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 8 * SUBBUF, cpu),
			-EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 8 * SUBBUF,
						 RING_BUFFER_ALL_CPUS), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 4 * SUBBUF);
	while (ring_buffer_iter_peek(iter, NULL)) {
		seen++;
		ring_buffer_iter_advance(iter);
	}
	KUNIT_EXPECT_EQ(test, seen, 3UL);
	ring_buffer_read_finish(iter);

	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 8 * SUBBUF, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 8 * SUBBUF);
	rb_test_drain(test, buffer, cpu, 3);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), 0);
	ring_buffer_free(buffer);
}

/*
 * Sizes come from users: one that cannot be had is refused before
 * anything is allocated (no warning from the page allocator), and the
 * buffer stays as it was, events included.
 */
static void rb_test_huge_sizes(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	static const unsigned long huge[] = {
		1UL << 42, ULONG_MAX, ULONG_MAX - SUBBUF + 2,
		(unsigned long)UINT_MAX * SUBBUF + 1,
	};
	int cpu, i;

	cpu = rb_test_fill(test, buffer, 3);
	for (i = 0; i < ARRAY_SIZE(huge); i++) {
		KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, huge[i], cpu),
				-ENOMEM);
		KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, huge[i],
							 RING_BUFFER_ALL_CPUS),
				-ENOMEM);
		KUNIT_EXPECT_NULL(test, ring_buffer_alloc(huge[i], 0));
	}
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 4 * SUBBUF);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 0), 0);
	cpu = rb_test_fill(test, buffer, 3);
	rb_test_drain(test, buffer, cpu, 3);
	ring_buffer_free(buffer);
}

/*
 * An iterator start that cannot sleep backs off while a resize or an
 * order change is under way (their handshake, ordering row O8); a
 * sleeping one waits for it instead, and an iterator makes both refuse.
 */
static void rb_test_iterator_vs_reconfig(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_iter *iter;
	int cpu;

	cpu = rb_test_fill(test, buffer, 2);
	atomic_inc(&buffer->reconfig);
	KUNIT_EXPECT_NULL(test, ring_buffer_read_start(buffer, cpu,
						       GFP_ATOMIC));
	KUNIT_EXPECT_EQ(test, atomic_read(&buffer->cpus[cpu]->iterators), 0);
	atomic_dec(&buffer->reconfig);
	iter = ring_buffer_read_start(buffer, cpu, GFP_ATOMIC);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), -EBUSY);
	KUNIT_EXPECT_EQ(test, atomic_read(&buffer->reconfig), 0);
	ring_buffer_read_finish(iter);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), 0);
	ring_buffer_free(buffer);
}

/*
 * ring_buffer_consume_trylock() never waits: while another reader holds
 * the CPU buffer it answers -EBUSY and consumes nothing.
 */
static void rb_test_consume_trylock(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	struct ring_buffer_event *event;
	unsigned long flags;
	struct rb_cpu *cb;
	int cpu;

	cpu = rb_test_fill(test, buffer, 1);
	cb = buffer->cpus[cpu];
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	event = ring_buffer_consume_trylock(buffer, cpu, NULL, NULL);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(event), -EBUSY);
	event = ring_buffer_consume_trylock(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(event));
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 32, 0));
	KUNIT_EXPECT_NULL(test, ring_buffer_consume_trylock(buffer, cpu, NULL,
							    NULL));
	ring_buffer_free(buffer);
}

#ifdef CONFIG_X86_LOCAL_APIC
/* What the NMI handler of rb_test_read_in_nmi() found. */
static struct {
	struct trace_buffer		*buffer;
	int				cpu;
	bool				pending;
	bool				ran;
	struct ring_buffer_event	*peeked;
	struct ring_buffer_event	*consumed;
} rb_nmi;

static int rb_test_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	if (!READ_ONCE(rb_nmi.pending) || smp_processor_id() != rb_nmi.cpu)
		return NMI_DONE;
	WRITE_ONCE(rb_nmi.pending, false);
	rb_nmi.peeked = ring_buffer_peek(rb_nmi.buffer, rb_nmi.cpu, NULL, NULL);
	rb_nmi.consumed = ring_buffer_consume(rb_nmi.buffer, rb_nmi.cpu, NULL,
					      NULL);
	WRITE_ONCE(rb_nmi.ran, true);
	return NMI_HANDLED;
}

/* Send this CPU an NMI and wait (up to about a second) for its handler. */
static bool rb_test_nmi_self(void)
{
	int i;

	WRITE_ONCE(rb_nmi.ran, false);
	WRITE_ONCE(rb_nmi.pending, true);
	__apic_send_IPI_self(NMI_VECTOR);
	for (i = 0; i < 1000000 && !READ_ONCE(rb_nmi.ran); i++)
		udelay(1);
	return READ_ONCE(rb_nmi.ran);
}

/*
 * An NMI that interrupts a reader of the CPU buffer it reads (the
 * reader's lock held on this very CPU, as when ftrace_dump() runs from a
 * panic in NMI) finds nothing instead of spinning forever; without that
 * reader it reads as anywhere else.
 */
static void rb_test_read_in_nmi(struct kunit *test)
{
	struct trace_buffer *buffer = rb_test_alloc(test, 4 * SUBBUF, 0);
	unsigned long flags;
	bool ran;
	int cpu;

	KUNIT_ASSERT_EQ(test, register_nmi_handler(NMI_LOCAL,
						   rb_test_nmi_handler, 0,
						   "rb_kunit"), 0);
	cpu = get_cpu();
	rb_test_write(buffer, 32, 0);
	rb_test_write(buffer, 32, 1);
	rb_nmi.buffer = buffer;
	rb_nmi.cpu = cpu;
	raw_spin_lock_irqsave(&buffer->cpus[cpu]->reader_lock, flags);
	ran = rb_test_nmi_self();
	raw_spin_unlock_irqrestore(&buffer->cpus[cpu]->reader_lock, flags);
	KUNIT_EXPECT_TRUE(test, ran);
	KUNIT_EXPECT_NULL(test, rb_nmi.peeked);
	KUNIT_EXPECT_NULL(test, rb_nmi.consumed);

	ran = rb_test_nmi_self();
	put_cpu();
	unregister_nmi_handler(NMI_LOCAL, "rb_kunit");
	KUNIT_EXPECT_TRUE(test, ran);
	KUNIT_EXPECT_NOT_NULL(test, rb_nmi.peeked);
	KUNIT_ASSERT_NOT_NULL(test, rb_nmi.consumed);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(rb_nmi.consumed, 32, 0));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 1UL);
	ring_buffer_free(buffer);
}
#endif

/*
 * The text of events/header_page and events/header_event, as a 6.12
 * kernel prints them on x86_64 with 4 KiB pages: tools parse it (the
 * trace-cmd and libtraceevent kbuffer readers), so it must match byte
 * for byte.  It needs trace_seq, which comes with CONFIG_TRACING.
 */
static const char rb_test_header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";

static const char rb_test_header_event[] =
	"# compressed entry header\n"
	"\ttype_len    :    5 bits\n"
	"\ttime_delta  :   27 bits\n"
	"\tarray       :   32 bits\n"
	"\n"
	"\tpadding     : type == 29\n"
	"\ttime_extend : type == 30\n"
	"\ttime_stamp : type == 31\n"
	"\tdata max type_len  == 28\n";

/* NUL-terminate what @s holds and return it. */
static const char *rb_test_seq_text(struct trace_seq *s)
{
	s->buffer[min_t(size_t, trace_seq_used(s), TRACE_SEQ_BUFFER_SIZE - 1)] = 0;
	return s->buffer;
}

static void rb_test_header_text(struct kunit *test)
{
	struct trace_buffer *buffer;
	struct trace_seq *s;

	if (!IS_ENABLED(CONFIG_TRACING))
		kunit_skip(test, "trace_seq needs CONFIG_TRACING");
	if (PAGE_SIZE != 4096 || !IS_ENABLED(CONFIG_64BIT))
		kunit_skip(test, "expected text is for 64-bit, 4 KiB pages");
	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	buffer = rb_test_alloc(test, 4 * SUBBUF, 0);

	trace_seq_init(s);
	KUNIT_EXPECT_EQ(test, ring_buffer_print_page_header(buffer, s), 1);
	KUNIT_EXPECT_STREQ(test, rb_test_seq_text(s), rb_test_header_page);
	trace_seq_init(s);
	KUNIT_EXPECT_EQ(test, ring_buffer_print_entry_header(s), 1);
	KUNIT_EXPECT_STREQ(test, rb_test_seq_text(s), rb_test_header_event);
	ring_buffer_free(buffer);
}

/* A buffer with CPU buffers for @cpus only, as if the others never came up. */
static struct trace_buffer *rb_test_alloc_for(struct kunit *test,
					      unsigned long size,
					      const struct cpumask *cpus)
{
	static struct lock_class_key key;
	struct trace_buffer *buffer;

	buffer = rb_alloc_for(size, RB_FL_OVERWRITE, cpus, &key);
	KUNIT_ASSERT_NOT_NULL(test, buffer);
	return buffer;
}

/* Every per-CPU call on a CPU without a CPU buffer finds nothing, safely. */
static void rb_test_absent_queries(struct kunit *test,
				   struct trace_buffer *buffer, int cpu)
{
	struct buffer_data_read_page *rpage;
	struct file filp = {};

	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_bytes_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_nr_dirty_pages(buffer, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_oldest_event_ts(buffer, cpu), 0ULL);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buffer, cpu));
	KUNIT_EXPECT_NULL(test, ring_buffer_peek(buffer, cpu, NULL, NULL));
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	KUNIT_EXPECT_NULL(test, ring_buffer_read_start(buffer, cpu, GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, ring_buffer_wait(buffer, cpu, 0, NULL, NULL),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, ring_buffer_poll_wait(buffer, cpu, &filp, NULL, 0),
			EPOLLERR);
	KUNIT_EXPECT_EQ(test, ring_buffer_alloc_read_page(buffer, cpu, &rpage),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 8 * SUBBUF, cpu),
			-ENODEV);
	/* Nothing to do, and nothing crashes. */
	ring_buffer_reset_cpu(buffer, cpu);
	ring_buffer_wake_waiters(buffer, cpu);
}

/*
 * A CPU that has not been up has no CPU buffer: writes there are refused,
 * per-CPU queries find nothing.  The hotplug step then gives it one of
 * the others' size, refusing writes if tracing_cpumask excluded the CPU
 * meanwhile; later resizes cover it, and the buffer's free frees it.
 */
static void rb_test_cpu_absent(struct kunit *test)
{
	struct trace_buffer *buffer;
	struct ring_buffer_event *event;
	cpumask_var_t others;
	unsigned long size;
	int cpu;

	KUNIT_ASSERT_TRUE(test, zalloc_cpumask_var(&others, GFP_KERNEL));
	migrate_disable();
	cpu = raw_smp_processor_id();
	cpumask_andnot(others, cpu_online_mask, cpumask_of(cpu));
	buffer = rb_test_alloc_for(test, 4 * SUBBUF, others);
	KUNIT_EXPECT_NULL(test, buffer->cpus[cpu]);
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, 20, 1));
	rb_test_absent_queries(test, buffer, cpu);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 6 * SUBBUF,
						 RING_BUFFER_ALL_CPUS), 0);
	ring_buffer_record_disable_cpu(buffer, cpu);

	/* The others agree on 6 sub-buffers; alone, it gets the default 4. */
	size = cpumask_empty(others) ? 4 * SUBBUF : 6 * SUBBUF;
	KUNIT_EXPECT_EQ(test, ring_buffer_size_hotplug(buffer), size);
	KUNIT_EXPECT_EQ(test, trace_rb_cpu_prepare(cpu, &buffer->node), 0);
	KUNIT_ASSERT_NOT_NULL(test, buffer->cpus[cpu]);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), size);
	KUNIT_EXPECT_FALSE(test, rb_test_write(buffer, 20, 1));
	ring_buffer_record_enable_cpu(buffer, cpu);
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 20, 1));
	/* Coming up again keeps what it has. */
	KUNIT_EXPECT_EQ(test, trace_rb_cpu_prepare(cpu, &buffer->node), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 1UL);

	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 8 * SUBBUF,
						 RING_BUFFER_ALL_CPUS), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 8 * SUBBUF);
	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 20, 1));
	migrate_enable();
	ring_buffer_free(buffer);
	free_cpumask_var(others);
}

/*
 * A CPU coming up gets the fewest sub-buffers when the others disagree,
 * and the sub-buffer order in force.  It needs two other possible CPUs
 * (they need not be online: the hotplug step does not care).
 */
static void rb_test_cpu_prepare_geometry(struct kunit *test)
{
	struct trace_buffer *buffer;
	cpumask_var_t others;
	unsigned long size;
	int cpu, a, b;

	cpu = cpumask_first(cpu_possible_mask);
	a = cpumask_next(cpu, cpu_possible_mask);
	b = cpumask_next(a, cpu_possible_mask);
	KUNIT_ASSERT_TRUE(test, zalloc_cpumask_var(&others, GFP_KERNEL));
	cpumask_andnot(others, cpu_possible_mask, cpumask_of(cpu));
	buffer = rb_test_alloc_for(test, 4 * SUBBUF, others);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), 0);
	if (b < nr_cpu_ids)
		KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 64 * SUBBUF, a),
				0);
	size = ring_buffer_size_hotplug(buffer);
	KUNIT_EXPECT_EQ(test, trace_rb_cpu_prepare(cpu, &buffer->node), 0);
	KUNIT_ASSERT_NOT_NULL(test, buffer->cpus[cpu]);
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->order, 1U);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), size);
	if (b < nr_cpu_ids)
		KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->nr, 2U);
	else
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu),
				ring_buffer_size(buffer, a));
	ring_buffer_free(buffer);
	free_cpumask_var(others);
}

/*
 * Swapping a CPU that has a CPU buffer in one buffer only fails and
 * changes nothing; a CPU in neither is skipped by a swap of all CPUs.
 */
static void rb_test_swap_absent(struct kunit *test)
{
	struct trace_buffer *a, *b;
	cpumask_var_t others;
	int cpu;

	KUNIT_ASSERT_TRUE(test, zalloc_cpumask_var(&others, GFP_KERNEL));
	cpu = get_cpu();
	put_cpu();
	cpumask_andnot(others, cpu_online_mask, cpumask_of(cpu));
	a = rb_test_alloc_for(test, 4 * SUBBUF, cpu_online_mask);
	b = rb_test_alloc_for(test, 4 * SUBBUF, others);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, cpu), -EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, RING_BUFFER_ALL_CPUS),
			-EINVAL);
	KUNIT_EXPECT_NULL(test, b->cpus[cpu]);
	KUNIT_EXPECT_EQ(test, trace_rb_cpu_prepare(cpu, &b->node), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, RING_BUFFER_ALL_CPUS),
			0);
	ring_buffer_free(a);
	ring_buffer_free(b);
	free_cpumask_var(others);
}

/*
 * A CPU going down keeps the sub-buffers that hold its events and frees
 * the others; coming up, it gets them back.  Its size as the buffer
 * reports it stays, a resize meanwhile sets what it comes back to, a
 * swap takes the cut CPU buffer along, and a CPU buffer an iterator
 * reads stays whole.  The test calls the hotplug steps for its own CPU,
 * writing nothing meanwhile, as if the CPU were down.
 */
static void rb_test_cpu_dead(struct kunit *test)
{
	struct trace_buffer *buffer, *other;
	struct ring_buffer_iter *iter;
	struct ring_buffer_event *event;
	unsigned long n, i, nr;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	buffer = rb_test_alloc_for(test, 16 * SUBBUF, cpumask_of(cpu));
	other = rb_test_alloc_for(test, 16 * SUBBUF, cpumask_of(cpu));
	/* A little over three sub-buffers of 24-byte events. */
	n = 3 * SUBBUF / 24 + 10;
	for (i = 0; i < n; i++)
		KUNIT_ASSERT_TRUE(test, rb_test_write(buffer, 20, i));
	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 20, 0));

	KUNIT_EXPECT_EQ(test, trace_rb_cpu_dead(cpu, &buffer->node), 0);
	nr = buffer->cpus[cpu]->nr;
	KUNIT_EXPECT_GE(test, nr, 3UL);
	KUNIT_EXPECT_LE(test, nr, 5UL);
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->parked_nr, 16U);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 16 * SUBBUF);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), n - 1);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);
	/* Going down twice changes nothing. */
	KUNIT_EXPECT_EQ(test, trace_rb_cpu_dead(cpu, &buffer->node), 0);
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->parked_nr, 16U);

	/* A resize sets the size it comes back to, and frees nothing more. */
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 24 * SUBBUF,
						 RING_BUFFER_ALL_CPUS), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 24 * SUBBUF);
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->nr, (unsigned int)nr);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 16 * SUBBUF, cpu), 0);

	/* The cut CPU buffer swaps with a whole one of the same size. */
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(buffer, other, cpu), 0);
	KUNIT_EXPECT_EQ(test, other->cpus[cpu]->parked_nr, 16U);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(other, cpu), n - 1);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(buffer, other, cpu), 0);

	KUNIT_EXPECT_EQ(test, trace_rb_cpu_prepare(cpu, &buffer->node), 0);
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->nr, 16U);
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->parked_nr, 0U);
	for (i = 1; i < n; i++) {
		event = ring_buffer_consume(buffer, cpu, NULL, NULL);
		KUNIT_ASSERT_NOT_NULL(test, event);
		KUNIT_EXPECT_TRUE(test, rb_test_data_ok(event, 20, i));
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buffer, cpu), 0UL);
	KUNIT_EXPECT_TRUE(test, rb_test_write(buffer, 20, 1));

	/* Read by an iterator, it stays whole. */
	iter = ring_buffer_read_start(buffer, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	KUNIT_EXPECT_EQ(test, trace_rb_cpu_dead(cpu, &buffer->node), 0);
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->nr, 16U);
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->parked_nr, 0U);
	ring_buffer_read_finish(iter);
	migrate_enable();
	ring_buffer_free(buffer);
	ring_buffer_free(other);
}

static struct kunit_case ring_buffer_test_cases[] = {
	KUNIT_CASE(rb_test_alloc_sizes),
	KUNIT_CASE_PARAM(rb_test_encoding, rb_test_length_gen_params),
	KUNIT_CASE(rb_test_too_big),
	KUNIT_CASE(rb_test_time_stamps),
	KUNIT_CASE(rb_test_abs_time_stamps),
	KUNIT_CASE(rb_test_abs_late),
	KUNIT_CASE(rb_test_padding),
	KUNIT_CASE(rb_test_overwrite),
	KUNIT_CASE(rb_test_producer_consumer),
	KUNIT_CASE(rb_test_peek),
	KUNIT_CASE(rb_test_discard),
	KUNIT_CASE(rb_test_recursion),
	KUNIT_CASE(rb_test_nested_edges),
	KUNIT_CASE(rb_test_iterator),
	KUNIT_CASE(rb_test_record_switches),
	KUNIT_CASE(rb_test_general_path),
	KUNIT_CASE(rb_test_reset),
	KUNIT_CASE(rb_test_resize),
	KUNIT_CASE(rb_test_subbuf_order),
	KUNIT_CASE(rb_test_bad_cpu),
	KUNIT_CASE(rb_test_wait),
	KUNIT_CASE(rb_test_read_page),
	KUNIT_CASE(rb_test_read_page_missed),
	KUNIT_CASE(rb_test_read_page_trade),
	KUNIT_CASE(rb_test_full_drops_contiguous),
	KUNIT_CASE(rb_test_swap_cpu),
	KUNIT_CASE(rb_test_swap_all),
	KUNIT_CASE(rb_test_swap_here),
	KUNIT_CASE(rb_test_accessors),
	KUNIT_CASE(rb_test_change_overwrite),
	KUNIT_CASE(rb_test_recursion_refused),
	KUNIT_CASE(rb_test_alloc_faults),
	KUNIT_CASE(rb_test_resize_faults),
	KUNIT_CASE(rb_test_subbuf_order_faults),
	KUNIT_CASE(rb_test_iterator_blocks_resize),
	KUNIT_CASE(rb_test_header_text),
	KUNIT_CASE(rb_test_huge_sizes),
	KUNIT_CASE(rb_test_iterator_vs_reconfig),
	KUNIT_CASE(rb_test_consume_trylock),
	KUNIT_CASE(rb_test_cpu_absent),
	KUNIT_CASE(rb_test_cpu_prepare_geometry),
	KUNIT_CASE(rb_test_swap_absent),
	KUNIT_CASE(rb_test_cpu_dead),
#ifdef CONFIG_X86_LOCAL_APIC
	KUNIT_CASE(rb_test_read_in_nmi),
#endif
	{}
};

/*
 * Most cases write from the test's thread in several get_cpu() sections
 * and then read that CPU's buffer: keep the thread on the CPU it starts
 * on, so that the sections all write to the same buffer.  The thread
 * ends with the case.
 */
static int rb_test_pin(struct kunit *test)
{
	return set_cpus_allowed_ptr(current,
				    cpumask_of(raw_smp_processor_id()));
}

static struct kunit_suite ring_buffer_test_suite = {
	.name = "ring_buffer",
	.init = rb_test_pin,
	.test_cases = ring_buffer_test_cases,
};

kunit_test_suites(&ring_buffer_test_suite);

MODULE_DESCRIPTION("KUnit tests for the ring buffer");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
