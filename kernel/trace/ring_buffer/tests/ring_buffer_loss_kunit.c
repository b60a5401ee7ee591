// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the ring buffer's loss hook (loss.c): every overwritten
 * event is shown to the hook exactly once, with its own payload, and
 * every refused write is charged to the caller that collects it; with no
 * hook set nothing is counted for later.
 */
#include <kunit/test.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>

#include "../internal.h"

/* Three one-page sub-buffers: small enough to fill in a few hundred writes. */
#define LOSS_SIZE	(3 * (PAGE_SIZE - RB_PAGE_HDR_SIZE))
#define LOSS_KEYS	4

struct loss_counts {
	struct ring_buffer_loss_hook	hook;
	unsigned long			overwritten[LOSS_KEYS];
	unsigned long			refused[LOSS_KEYS];
	/* the payload sequence numbers seen overwritten, in order */
	u32				next_seq;
	bool				in_order;
};

/* A payload: a key (what kind of event) and a sequence number. */
struct loss_payload {
	u32	key;
	u32	seq;
	u8	pad[24];
};

static void loss_overwritten(const struct ring_buffer_loss_hook *hook,
			     void *payload)
{
	struct loss_counts *c = container_of(hook, struct loss_counts, hook);
	struct loss_payload *p = payload;

	if (p->key < LOSS_KEYS)
		c->overwritten[p->key]++;
	if (p->seq != c->next_seq)
		c->in_order = false;
	c->next_seq = p->seq + 1;
}

static void loss_refused(const struct ring_buffer_loss_hook *hook,
			 unsigned int key, unsigned long n)
{
	struct loss_counts *c = container_of(hook, struct loss_counts, hook);

	if (key < LOSS_KEYS)
		c->refused[key] += n;
}

static struct loss_counts *loss_counts_new(struct kunit *test)
{
	struct loss_counts *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->hook.overwritten = loss_overwritten;
	c->hook.refused = loss_refused;
	c->in_order = true;
	return c;
}

/* Write one event of @key, sequence @seq; charge a refusal to @key. */
static bool loss_write(struct trace_buffer *buffer, u32 key, u32 seq)
{
	struct ring_buffer_event *event;
	struct loss_payload *p;

	event = ring_buffer_lock_reserve(buffer, sizeof(*p));
	if (!event) {
		ring_buffer_account_refusal(buffer, key);
		return false;
	}
	p = ring_buffer_event_data(event);
	memset(p, 0, sizeof(*p));
	p->key = key;
	p->seq = seq;
	ring_buffer_unlock_commit(buffer);
	return true;
}

/*
 * Overwrite mode: the hook sees each overwritten event once, oldest
 * first, and the counts by key add up to the buffer's overrun; what is
 * left is read back, so written = overwritten + read.
 */
static void rb_loss_test_overwritten(struct kunit *test)
{
	struct trace_buffer *buffer = ring_buffer_alloc(LOSS_SIZE,
							RB_FL_OVERWRITE);
	struct loss_counts *c = loss_counts_new(test);
	unsigned long total = 0, read = 0, keyed[LOSS_KEYS] = {};
	struct ring_buffer_event *event;
	struct loss_payload *p;
	int cpu, i, n = 1000;

	KUNIT_ASSERT_NOT_NULL(test, buffer);
	ring_buffer_set_loss_hook(buffer, &c->hook);
	cpu = get_cpu();
	/* Keys 0 and 1 alternate; key 2 every fifth event. */
	for (i = 0; i < n; i++) {
		u32 key = i % 5 == 4 ? 2 : i & 1;

		KUNIT_EXPECT_TRUE(test, loss_write(buffer, key, i));
		keyed[key]++;
	}
	put_cpu();
	for (i = 0; i < LOSS_KEYS; i++) {
		total += c->overwritten[i];
		KUNIT_EXPECT_EQ(test, c->refused[i], 0UL);
	}
	KUNIT_EXPECT_GT(test, total, 0UL);
	KUNIT_EXPECT_EQ(test, total, ring_buffer_overrun_cpu(buffer, cpu));
	KUNIT_EXPECT_TRUE(test, c->in_order);
	/* Lost from the start: the first unread is the first not reported. */
	KUNIT_EXPECT_EQ(test, (unsigned long)c->next_seq, total);
	while ((event = ring_buffer_consume(buffer, cpu, NULL, NULL))) {
		p = ring_buffer_event_data(event);
		keyed[p->key]--;
		read++;
	}
	KUNIT_EXPECT_EQ(test, read + total, (unsigned long)n);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, keyed[i], c->overwritten[i]);
	ring_buffer_set_loss_hook(buffer, NULL);
	ring_buffer_free(buffer);
}

/*
 * Producer/consumer mode: refusals are charged to the key of the writer
 * that collected them, and add up to dropped_events; nothing is
 * overwritten.
 */
static void rb_loss_test_refused(struct kunit *test)
{
	struct trace_buffer *buffer = ring_buffer_alloc(LOSS_SIZE, 0);
	struct loss_counts *c = loss_counts_new(test);
	unsigned long refused[LOSS_KEYS] = {};
	int cpu, i;

	KUNIT_ASSERT_NOT_NULL(test, buffer);
	ring_buffer_set_loss_hook(buffer, &c->hook);
	cpu = get_cpu();
	for (i = 0; i < 1000; i++) {
		u32 key = i % 3;

		if (!loss_write(buffer, key, i))
			refused[key]++;
	}
	put_cpu();
	KUNIT_EXPECT_GT(test, refused[0] + refused[1] + refused[2], 0UL);
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ(test, c->refused[i], refused[i]);
		KUNIT_EXPECT_EQ(test, c->overwritten[i], 0UL);
	}
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buffer, cpu),
			refused[0] + refused[1] + refused[2]);
	ring_buffer_set_loss_hook(buffer, NULL);
	ring_buffer_free(buffer);
}

/*
 * Without a hook nothing is noted: refusals made before the hook was set
 * are not charged to a later caller, and recording turned off is no
 * loss at all.
 */
static void rb_loss_test_unhooked(struct kunit *test)
{
	struct trace_buffer *buffer = ring_buffer_alloc(LOSS_SIZE, 0);
	struct loss_counts *c = loss_counts_new(test);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, buffer);
	preempt_disable();
	for (i = 0; i < 1000; i++)
		loss_write(buffer, 0, i);
	preempt_enable();
	ring_buffer_set_loss_hook(buffer, &c->hook);
	ring_buffer_record_off(buffer);
	preempt_disable();
	KUNIT_EXPECT_FALSE(test, loss_write(buffer, 1, 0));
	preempt_enable();
	ring_buffer_record_on(buffer);
	KUNIT_EXPECT_EQ(test, c->refused[0], 0UL);
	KUNIT_EXPECT_EQ(test, c->refused[1], 0UL);
	/* Still full: a refusal now is charged, once. */
	preempt_disable();
	KUNIT_EXPECT_FALSE(test, loss_write(buffer, 3, 0));
	preempt_enable();
	KUNIT_EXPECT_EQ(test, c->refused[3], 1UL);
	ring_buffer_set_loss_hook(buffer, NULL);
	ring_buffer_free(buffer);
}

static struct kunit_case ring_buffer_loss_cases[] = {
	KUNIT_CASE(rb_loss_test_overwritten),
	KUNIT_CASE(rb_loss_test_refused),
	KUNIT_CASE(rb_loss_test_unhooked),
	{}
};

static struct kunit_suite ring_buffer_loss_suite = {
	.name = "ring_buffer_loss",
	.test_cases = ring_buffer_loss_cases,
};

kunit_test_suite(ring_buffer_loss_suite);

MODULE_DESCRIPTION("KUnit tests of the ring buffer's loss hook");
MODULE_LICENSE("GPL");
