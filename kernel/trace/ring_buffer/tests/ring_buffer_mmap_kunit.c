// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the mapped reader (mmap.c): the layout of the mapping
 * and its ids, hand-over without copies, the seal of the sub-buffer the
 * writers fill, the hand-over after read() consumed part of a sub-buffer,
 * lost events in overwrite mode, what a mapping refuses, and its
 * allocation failures.  The mapping is made without a vma
 * (rb_map_attach()); the selftests (test.d/mmap) map it for real.
 */
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include "../internal.h"

#define SUBBUF		(PAGE_SIZE - RB_PAGE_HDR_SIZE)
#define EVENT_LEN	8

static u64 fake_now;

static u64 fake_clock(void)
{
	return fake_now;
}

/*
 * A buffer of @nr sub-buffers per CPU, mapped on the CPU the test runs
 * on; the test's thread stays on that CPU from now on.
 */
static struct trace_buffer *rbm_alloc(struct kunit *test, unsigned int nr,
				      unsigned int flags, int *cpu)
{
	struct trace_buffer *buffer = ring_buffer_alloc(nr * SUBBUF, flags);

	KUNIT_ASSERT_NOT_NULL(test, buffer);
	*cpu = raw_smp_processor_id();
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, cpumask_of(*cpu)), 0);
	KUNIT_ASSERT_EQ(test, rb_map_attach(buffer->cpus[*cpu]), 0);
	return buffer;
}

/* Write events @first.. @first + @n - 1 on @cpu; each carries its number. */
static unsigned int rbm_write(struct trace_buffer *buffer, int cpu,
			      u32 first, unsigned int n)
{
	struct ring_buffer_event *event;
	unsigned int done = 0;
	u32 *data;

	for (; n; n--, first++) {
		/* Preemption stays off from reserve to commit, as for any writer. */
		if (get_cpu() != cpu) {
			put_cpu();
			break;
		}
		fake_now += 1000;
		event = ring_buffer_lock_reserve(buffer, EVENT_LEN);
		if (event) {
			data = ring_buffer_event_data(event);
			data[0] = first;
			data[1] = ~first;
			ring_buffer_unlock_commit(buffer);
			done++;
		}
		put_cpu();
	}
	return done;
}

/*
 * The events of the user page: their numbers go to @seen (from *@nr on),
 * their times, decoded from the sub-buffer's stamp and the deltas, to
 * @times.  Returns false if the sub-buffer does not decode.
 */
static bool rbm_decode(struct rb_map *map, u32 *seen, u64 *times,
		       unsigned int *nr, unsigned int max)
{
	struct buffer_data_page *bpage = map->page->bpage;
	unsigned int end = local_read(&bpage->commit) & ~(RB_MISSED_EVENTS |
							  RB_MISSED_STORED);
	struct ring_buffer_event *event;
	unsigned int off = 0, size;
	u64 ts = bpage->time_stamp;
	u32 *data;

	if (end != map->meta->reader.read || end > SUBBUF)
		return false;
	while (off < end) {
		event = (struct ring_buffer_event *)(bpage->data + off);
		size = rb_event_size(event);
		if (!size)
			break;
		if (event->type_len == RINGBUF_TYPE_TIME_EXTEND)
			ts += rb_event_ts_field(event);
		else if (event->type_len == RINGBUF_TYPE_TIME_STAMP)
			ts = rb_event_ts_field(event);
		else if (event->type_len != RINGBUF_TYPE_PADDING)
			ts += event->time_delta;
		if (event->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX) {
			data = ring_buffer_event_data(event);
			if (*nr >= max || data[1] != ~data[0])
				return false;
			times[*nr] = ts;
			seen[(*nr)++] = data[0];
		}
		off += size;
	}
	return true;
}

/* GET_READER until the user page stays; decode every page handed over. */
static unsigned int rbm_drain(struct kunit *test, struct trace_buffer *buffer,
			      int cpu, u32 *seen, u64 *times, unsigned int max,
			      unsigned long *lost)
{
	struct rb_map *map = buffer->cpus[cpu]->map;
	unsigned int nr = 0, id;

	for (;;) {
		id = map->meta->reader.id;
		KUNIT_ASSERT_EQ(test, ring_buffer_map_get_reader(buffer, cpu), 0);
		if (map->meta->reader.id == id)
			return nr;
		KUNIT_ASSERT_LT(test, map->meta->reader.id, map->nr_subbufs);
		KUNIT_ASSERT_PTR_EQ(test, map->subbufs[map->meta->reader.id],
				    map->page);
		if (lost)
			*lost += map->meta->reader.lost_events;
		KUNIT_ASSERT_TRUE(test, rbm_decode(map, seen, times, &nr, max));
	}
}

/*
 * The mapping: a meta page describing nr + 2 sub-buffers (the ring, the
 * kernel reader's, the user page), each with its own id, the user page
 * first; nothing to read yet.
 */
static void rbm_test_layout(struct kunit *test)
{
	struct trace_buffer *buffer;
	struct rb_map *map;
	struct rb_cpu *cb;
	unsigned int i, j;
	int cpu;

	buffer = rbm_alloc(test, 4, 0, &cpu);
	cb = buffer->cpus[cpu];
	map = cb->map;
	KUNIT_EXPECT_EQ(test, map->meta->nr_subbufs, 6U);
	KUNIT_EXPECT_EQ(test, map->meta->subbuf_size, (u32)PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, map->meta->meta_page_size, (u32)PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, map->meta->meta_struct_len,
			(u32)sizeof(struct trace_buffer_meta));
	KUNIT_EXPECT_EQ(test, map->meta->reader.id, 0U);
	KUNIT_EXPECT_EQ(test, map->meta->reader.read, 0U);
	KUNIT_EXPECT_EQ(test, map->meta->entries, 0ULL);
	KUNIT_EXPECT_PTR_EQ(test, map->subbufs[0], map->page);
	for (i = 0; i < map->nr_subbufs; i++) {
		KUNIT_EXPECT_EQ(test, map->subbufs[i]->id, i);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_PTR_NE(test, map->subbufs[i], map->subbufs[j]);
	}
	for (i = 0; i < cb->nr; i++)
		KUNIT_EXPECT_PTR_NE(test, cb->ring[i], map->page);
	/* Nothing written: the user page stays. */
	KUNIT_EXPECT_EQ(test, ring_buffer_map_get_reader(buffer, cpu), 0);
	KUNIT_EXPECT_EQ(test, map->meta->reader.id, 0U);
	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, cpu), 0);
	KUNIT_EXPECT_NULL(test, cb->map);
	ring_buffer_free(buffer);
}

/*
 * Complete sub-buffers are handed over as they are: the user page is
 * the very sub-buffer that was at head.  The one the writers fill is
 * sealed, so every event arrives, in order, once, and counts as read.
 */
static void rbm_test_hand_over(struct kunit *test)
{
	unsigned int n = 3 * SUBBUF / 16, got, i;
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct rb_page *head_page;
	struct rb_map *map;
	struct rb_cpu *cb;
	u64 *times;
	u32 *seen;
	int cpu;

	seen = kunit_kcalloc(test, n + 1, sizeof(*seen), GFP_KERNEL);
	times = kunit_kcalloc(test, n + 1, sizeof(*times), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, seen);
	KUNIT_ASSERT_NOT_NULL(test, times);
	buffer = rbm_alloc(test, 8, 0, &cpu);
	cb = buffer->cpus[cpu];
	map = cb->map;
	if (rbm_write(buffer, cpu, 0, n) != n)
		kunit_skip(test, "moved off CPU %d while writing", cpu);

	head_page = cb->ring[rb_head_seq(atomic_long_read(&cb->head)) % cb->nr];
	KUNIT_ASSERT_EQ(test, ring_buffer_map_get_reader(buffer, cpu), 0);
	KUNIT_EXPECT_PTR_EQ(test, map->page, head_page);
	KUNIT_EXPECT_EQ(test, map->meta->reader.id, head_page->id);
	got = 0;
	KUNIT_ASSERT_TRUE(test, rbm_decode(map, seen, times, &got, n));
	KUNIT_EXPECT_GT(test, got, 0U);
	KUNIT_EXPECT_EQ(test, map->meta->read, (u64)got);

	got += rbm_drain(test, buffer, cpu, seen + got, times + got, n - got,
			 NULL);
	KUNIT_ASSERT_EQ(test, got, n);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, seen[i], i);
	KUNIT_EXPECT_EQ(test, map->meta->entries, (u64)n);
	KUNIT_EXPECT_EQ(test, map->meta->read, (u64)n);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buffer, cpu), 0UL);

	/* After the seal the writers go on in the next sub-buffer. */
	if (rbm_write(buffer, cpu, n, 1) != 1)
		kunit_skip(test, "moved off CPU %d while writing", cpu);
	KUNIT_EXPECT_EQ(test, rbm_drain(test, buffer, cpu, seen, times, 1, NULL), 1U);
	KUNIT_EXPECT_EQ(test, seen[0], n);

	/* Unmapped, the kernel reader carries on. */
	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, cpu), 0);
	if (rbm_write(buffer, cpu, n + 1, 1) != 1)
		kunit_skip(test, "moved off CPU %d while writing", cpu);
	event = ring_buffer_consume(buffer, cpu, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_EQ(test, *(u32 *)ring_buffer_event_data(event), n + 1);
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	ring_buffer_free(buffer);
}

/*
 * A consuming read took the first events of the sub-buffer in place: the
 * hand-over starts at the next one, and its time is still exact.
 */
static void rbm_test_after_consume(struct kunit *test)
{
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	unsigned int got = 0, i;
	u64 times[5], ts, first;
	u32 seen[5];
	int cpu;

	buffer = rbm_alloc(test, 4, 0, &cpu);
	ring_buffer_set_clock(buffer, fake_clock);
	fake_now = 1000000;
	first = fake_now + 1000;
	if (rbm_write(buffer, cpu, 0, 5) != 5)
		kunit_skip(test, "moved off CPU %d while writing", cpu);
	for (i = 0; i < 2; i++) {
		event = ring_buffer_consume(buffer, cpu, &ts, NULL);
		KUNIT_ASSERT_NOT_NULL(test, event);
		KUNIT_EXPECT_EQ(test, *(u32 *)ring_buffer_event_data(event), i);
		KUNIT_EXPECT_EQ(test, ts, first + i * 1000);
	}
	got = rbm_drain(test, buffer, cpu, seen, times, 5, NULL);
	KUNIT_ASSERT_EQ(test, got, 3U);
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ(test, seen[i], i + 2);
		KUNIT_EXPECT_EQ(test, times[i], first + (i + 2) * 1000);
	}
	KUNIT_EXPECT_EQ(test, buffer->cpus[cpu]->map->meta->read, 5ULL);
	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, cpu), 0);
	ring_buffer_free(buffer);
}

/*
 * Overwrite mode with a small ring: each event is either handed over or
 * counted lost, and the lost ones are reported where they were lost, in
 * the meta page and in the commit word, count stored after the events.
 */
static void rbm_test_lost(struct kunit *test)
{
	unsigned int n = 2000, got, i, gaps;
	unsigned long lost = 0, dropped;
	struct trace_buffer *buffer;
	struct rb_map *map;
	u64 *times;
	u32 *seen;
	int cpu;

	seen = kunit_kcalloc(test, n, sizeof(*seen), GFP_KERNEL);
	times = kunit_kcalloc(test, n, sizeof(*times), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, seen);
	KUNIT_ASSERT_NOT_NULL(test, times);
	buffer = rbm_alloc(test, 3, RB_FL_OVERWRITE, &cpu);
	map = buffer->cpus[cpu]->map;
	if (rbm_write(buffer, cpu, 0, n) != n)
		kunit_skip(test, "moved off CPU %d while writing", cpu);

	KUNIT_ASSERT_EQ(test, ring_buffer_map_get_reader(buffer, cpu), 0);
	lost = map->meta->reader.lost_events;
	KUNIT_EXPECT_GT(test, lost, 0UL);
	i = local_read(&map->page->bpage->commit);
	KUNIT_EXPECT_TRUE(test, i & RB_MISSED_EVENTS);
	if (i & RB_MISSED_STORED) {
		unsigned long stored;

		memcpy(&stored, map->page->bpage->data + (i & ~(RB_MISSED_EVENTS |
				RB_MISSED_STORED)), sizeof(stored));
		KUNIT_EXPECT_EQ(test, stored, lost);
	}
	got = 0;
	KUNIT_ASSERT_TRUE(test, rbm_decode(map, seen, times, &got, n));
	got += rbm_drain(test, buffer, cpu, seen + got, times + got, n - got,
			 &lost);

	dropped = ring_buffer_dropped_events_cpu(buffer, cpu);
	KUNIT_EXPECT_EQ(test, map->meta->entries,
			map->meta->read + map->meta->overrun);
	KUNIT_EXPECT_EQ(test, map->meta->read, (u64)got);
	KUNIT_EXPECT_EQ(test, map->meta->overrun, (u64)lost);
	KUNIT_EXPECT_EQ(test, (unsigned long)n, got + lost + dropped);
	/* In order, the last one last, the gaps exactly what was lost. */
	KUNIT_ASSERT_GT(test, got, 0U);
	KUNIT_EXPECT_EQ(test, seen[got - 1], n - 1);
	gaps = seen[0];
	for (i = 1; i < got; i++) {
		KUNIT_EXPECT_GT(test, seen[i], seen[i - 1]);
		gaps += seen[i] - seen[i - 1] - 1;
	}
	KUNIT_EXPECT_EQ(test, (unsigned long)gaps, lost + dropped);
	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, cpu), 0);
	ring_buffer_free(buffer);
}

/*
 * While mapped: no resize, no sub-buffer size change, no swap (-EBUSY);
 * a second attach is refused; unmapped calls get -ENODEV, bad CPUs
 * -EINVAL.  After the unmap all of it works again.
 */
static void rbm_test_refusals(struct kunit *test)
{
	struct trace_buffer *buffer, *other;
	int cpu;

	buffer = rbm_alloc(test, 4, 0, &cpu);
	other = ring_buffer_alloc(4 * SUBBUF, 0);
	KUNIT_ASSERT_NOT_NULL(test, other);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 8 * SUBBUF,
						 RING_BUFFER_ALL_CPUS), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 8 * SUBBUF, cpu), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(buffer, other, cpu), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buffer, cpu), 4 * SUBBUF);
	KUNIT_EXPECT_EQ(test, rb_map_attach(buffer->cpus[cpu]), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_map_get_reader(buffer, nr_cpu_ids),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, -1), -EINVAL);

	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, cpu), -ENODEV);
	KUNIT_EXPECT_EQ(test, ring_buffer_map_get_reader(buffer, cpu), -ENODEV);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buffer, 8 * SUBBUF, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 1), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buffer, 0), 0);
	ring_buffer_free(other);
	ring_buffer_free(buffer);
}

/*
 * An iterator that was on the consuming reader's sub-buffer when that
 * sub-buffer went to the mapping with no event left in it (only the
 * padding at its end) follows the reader instead of reading a sub-buffer
 * that is no longer the reader's.
 */
static void rbm_test_iterator(struct kunit *test)
{
	struct ring_buffer_event *event;
	struct ring_buffer_iter *iter;
	struct buffer_data_page *bpage;
	struct trace_buffer *buffer;
	unsigned int first = 0, off = 0, size, i;
	struct rb_cpu *cb;
	int cpu;

	buffer = rbm_alloc(test, 4, 0, &cpu);
	cb = buffer->cpus[cpu];
	if (rbm_write(buffer, cpu, 0, SUBBUF / 8) != SUBBUF / 8)
		kunit_skip(test, "moved off CPU %d while writing", cpu);
	/* The events of the first sub-buffer, complete now. */
	bpage = cb->ring[0]->bpage;
	while (off < local_read(&bpage->commit)) {
		event = (struct ring_buffer_event *)(bpage->data + off);
		size = rb_event_size(event);
		if (!size)
			break;
		if (event->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
			first++;
		off += size;
	}
	KUNIT_ASSERT_GT(test, first, 0U);
	for (i = 0; i < first; i++)
		KUNIT_ASSERT_NOT_NULL(test, ring_buffer_consume(buffer, cpu, NULL, NULL));
	KUNIT_ASSERT_NOT_NULL(test, cb->reader);

	iter = ring_buffer_read_start(buffer, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	/* The reader's sub-buffer, events all read, goes to the mapping. */
	KUNIT_ASSERT_EQ(test, ring_buffer_map_get_reader(buffer, cpu), 0);
	KUNIT_EXPECT_NULL(test, cb->reader);
	event = ring_buffer_iter_peek(iter, NULL);
	KUNIT_ASSERT_NOT_NULL(test, event);
	KUNIT_EXPECT_EQ(test, *(u32 *)ring_buffer_event_data(event), first);
	ring_buffer_read_finish(iter);
	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, cpu), 0);
	ring_buffer_free(buffer);
}

/* Fault injection, as in the ring buffer suite: see rb_alloc_refused(). */
static unsigned int allocs_seen, refuse_at;

static bool rbm_refuse(void)
{
	return ++allocs_seen == refuse_at;
}

/* Each allocation of a new mapping can fail: -ENOMEM, nothing changed. */
static void rbm_test_faults(struct kunit *test)
{
	struct trace_buffer *buffer;
	unsigned int n;
	int cpu, err;

	buffer = ring_buffer_alloc(4 * SUBBUF, 0);
	KUNIT_ASSERT_NOT_NULL(test, buffer);
	cpu = raw_smp_processor_id();
	for (n = 1; n < 100; n++) {
		allocs_seen = 0;
		refuse_at = n;
		kunit_activate_static_stub(test, rb_alloc_refused, rbm_refuse);
		err = rb_map_attach(buffer->cpus[cpu]);
		kunit_deactivate_static_stub(test, rb_alloc_refused);
		if (allocs_seen < refuse_at)
			break;
		KUNIT_EXPECT_EQ(test, err, -ENOMEM);
		KUNIT_EXPECT_NULL(test, buffer->cpus[cpu]->map);
	}
	KUNIT_EXPECT_EQ(test, err, 0);
	/*
	 * Five could fail: the map, its meta page, its id table, the user
	 * page's bookkeeping and its memory.
	 */
	KUNIT_EXPECT_EQ(test, n, 6U);
	KUNIT_EXPECT_EQ(test, ring_buffer_unmap(buffer, cpu), 0);
	ring_buffer_free(buffer);
}

static struct kunit_case ring_buffer_mmap_test_cases[] = {
	KUNIT_CASE(rbm_test_layout),
	KUNIT_CASE(rbm_test_hand_over),
	KUNIT_CASE(rbm_test_after_consume),
	KUNIT_CASE(rbm_test_lost),
	KUNIT_CASE(rbm_test_refusals),
	KUNIT_CASE(rbm_test_iterator),
	KUNIT_CASE(rbm_test_faults),
	{}
};

static struct kunit_suite ring_buffer_mmap_test_suite = {
	.name = "ring_buffer_mmap",
	.test_cases = ring_buffer_mmap_test_cases,
};

kunit_test_suite(ring_buffer_mmap_test_suite);

MODULE_DESCRIPTION("KUnit tests for the ring buffer's user-space mapping");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
