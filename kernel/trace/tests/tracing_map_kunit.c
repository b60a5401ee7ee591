// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the tracing map (kernel/trace/tracing_map.c): keys,
 * sums and variables; a full map; inserters on two CPUs at once, with
 * interrupts inserting into them; a reader sorting while they insert;
 * clearing; the caller's sort order.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include "../tracing_map.h"

/* What the ops saw, through tracing_map_ops_data(). */
struct tmk_count {
	atomic_t	allocs;
	atomic_t	frees;
	atomic_t	inits;
	atomic_t	clears;
	int		fail_at;	/* elt_alloc() fails at this call, from 1 */
	/*
	 * elt_init() pauses, which under QEMU's round-robin TCG hands the
	 * CPU to the other vCPU: the other inserters run inside the
	 * window between taking an element and publishing it.
	 */
	bool		relax;
	/* elt_init() inserts its key again, as an NMI there would. */
	bool		nest;
	int		depth;
	struct tracing_map_elt *nested;	/* what that insertion returned */
};

/* An element's private data: what elt_init() saw of its key. */
struct tmk_priv {
	u64	key0;
	bool	inited;
};

static struct tmk_count *tmk_count(struct tracing_map_elt *elt)
{
	return tracing_map_ops_data(elt->map);
}

static int tmk_elt_alloc(struct tracing_map_elt *elt)
{
	struct tmk_count *c = tmk_count(elt);
	struct tmk_priv *p;

	if (atomic_inc_return(&c->allocs) == c->fail_at)
		return -ENOSPC;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	elt->private_data = p;
	return p ? 0 : -ENOMEM;
}

static void tmk_elt_free(struct tracing_map_elt *elt)
{
	atomic_inc(&tmk_count(elt)->frees);
	kfree(elt->private_data);
}

static void tmk_elt_init(struct tracing_map_elt *elt)
{
	struct tmk_count *c = tmk_count(elt);
	struct tmk_priv *p = elt->private_data;

	atomic_inc(&c->inits);
	memcpy(&p->key0, elt->key, sizeof(p->key0));
	if (c->relax)
		cpu_relax();
	p->inited = true;
	/*
	 * Between taking an element and publishing it: the window in
	 * which an interrupt inserting the same key wins the slot.
	 */
	if (c->nest && !c->depth) {
		c->depth++;
		c->nested = tracing_map_insert(elt->map, elt->key);
		if (c->nested)
			tracing_map_add_sum(c->nested, 0, 1);
		c->depth--;
	}
}

static void tmk_elt_clear(struct tracing_map_elt *elt)
{
	struct tmk_priv *p = elt->private_data;

	atomic_inc(&tmk_count(elt)->clears);
	p->key0 = 0;
	p->inited = false;
}

static const struct tracing_map_ops tmk_ops = {
	.elt_alloc	= tmk_elt_alloc,
	.elt_free	= tmk_elt_free,
	.elt_init	= tmk_elt_init,
	.elt_clear	= tmk_elt_clear,
};

/*
 * The counters a map's callbacks keep, for the test to read: KUnit's, so
 * that they outlive the test function for the map's deferred destroy.
 */
static struct tmk_count *tmk_counts(struct kunit *test,
				    const struct tmk_count *init)
{
	struct tmk_count *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	if (init)
		*c = *init;
	return c;
}

static void tmk_destroy(void *map)
{
	tracing_map_destroy(map);
}

/* A map destroyed when the test ends, whatever happens. */
static struct tracing_map *tmk_map(struct kunit *test, unsigned int bits,
				   unsigned int key_size, unsigned int n_sums,
				   unsigned int n_vars, struct tmk_count *c)
{
	struct tracing_map *map;

	map = tracing_map_create(bits, key_size, n_sums, n_vars, &tmk_ops, c);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, map);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, tmk_destroy, map),
			0);
	return map;
}

/* Arguments out of range are refused; a failing elt_alloc() undone. */
static void tmk_create(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, &(struct tmk_count){ .fail_at = 10 });
	struct tracing_map *map;

	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(TRACING_MAP_BITS_MIN - 1,
							 8, 1, 0, NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(TRACING_MAP_BITS_MAX + 1,
							 8, 1, 0, NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(7, 0, 1, 0, NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(7, TRACING_MAP_KEY_SIZE_MAX + 1,
							 1, 0, NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(7, 8, TRACING_MAP_SUMS_MAX + 1,
							 0, NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(7, 8, 1,
							 TRACING_MAP_VARS_MAX + 1,
							 NULL, NULL)),
			-EINVAL);

	/* The ninth element's data is freed, nothing else is made. */
	map = tracing_map_create(7, 8, 1, 0, &tmk_ops, c);
	KUNIT_EXPECT_EQ(test, PTR_ERR(map), -ENOSPC);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->frees), 9);

	/* No ops at all. */
	map = tracing_map_create(7, 8, 0, 0, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, map);
	KUNIT_EXPECT_EQ(test, tracing_map_size(map), 128U);
	KUNIT_EXPECT_NOT_NULL(test, tracing_map_insert(map, c));
	tracing_map_destroy(map);
	tracing_map_destroy(NULL);

	/* Every element's data is made at creation, freed at the end. */
	c->fail_at = 0;
	atomic_set(&c->allocs, 0);
	atomic_set(&c->frees, 0);
	map = tracing_map_create(TRACING_MAP_BITS_DEFAULT, 8, 1, 0, &tmk_ops, c);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, map);
	KUNIT_EXPECT_EQ(test, tracing_map_size(map), 1U << TRACING_MAP_BITS_DEFAULT);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->allocs), 1 << TRACING_MAP_BITS_DEFAULT);
	tracing_map_destroy(map);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->frees), 1 << TRACING_MAP_BITS_DEFAULT);
}

/* Keys, hits, sums; lookup finds without inserting. */
static void tmk_insert_lookup(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, NULL);
	struct tracing_map *map = tmk_map(test, 7, sizeof(u64), 2, 0, c);
	struct tracing_map_elt *elt, *again;
	struct tmk_priv *p;
	u64 k;

	for (k = 1; k <= 100; k++) {
		elt = tracing_map_insert(map, &k);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		KUNIT_EXPECT_PTR_EQ(test, elt->map, map);
		KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 0), 0ULL);
		tracing_map_add_sum(elt, 0, k);
		tracing_map_add_sum(elt, 1, 1);
	}
	for (k = 1; k <= 100; k++) {
		elt = tracing_map_insert(map, &k);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		tracing_map_add_sum(elt, 0, k);
		tracing_map_add_sum(elt, 1, 1);
		again = tracing_map_lookup(map, &k);
		KUNIT_EXPECT_PTR_EQ(test, again, elt);
		KUNIT_EXPECT_EQ(test, *(u64 *)elt->key, k);
		KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 0), 2 * k);
		KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 1), 2ULL);
		p = elt->private_data;
		KUNIT_EXPECT_TRUE(test, p->inited);
		KUNIT_EXPECT_EQ(test, p->key0, k);
	}
	k = 1000;
	KUNIT_EXPECT_NULL(test, tracing_map_lookup(map, &k));
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 100U);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), 200ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 0ULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->inits), 100);
}

/* Keys are key_size bytes: what lies beyond them is not the key. */
static void tmk_key_bytes(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, NULL);
	struct tracing_map *map = tmk_map(test, 7, 5, 1, 0, c);
	u8 a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	u8 b[8] = { 1, 2, 3, 4, 5, 9, 9, 9 };
	u8 d[8] = { 1, 2, 3, 4, 6, 6, 7, 8 };
	struct tracing_map_elt *ea, *eb, *ed;

	ea = tracing_map_insert(map, a);
	eb = tracing_map_insert(map, b);
	ed = tracing_map_insert(map, d);
	KUNIT_ASSERT_NOT_NULL(test, ea);
	KUNIT_EXPECT_PTR_EQ(test, ea, eb);
	KUNIT_EXPECT_PTR_NE(test, ea, ed);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 2U);
}

/* Variables: set, read, taken once. */
static void tmk_vars(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, NULL);
	struct tracing_map *map = tmk_map(test, 7, sizeof(u64), 1,
					  TRACING_MAP_VARS_MAX, c);
	struct tracing_map_elt *elt;
	u64 k = 7, val = 12345;

	elt = tracing_map_insert(map, &k);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	KUNIT_EXPECT_FALSE(test, tracing_map_var_is_set(elt, 1));
	KUNIT_EXPECT_FALSE(test, tracing_map_take_var(elt, 1, &val));
	KUNIT_EXPECT_EQ(test, val, 12345ULL);

	tracing_map_set_var(elt, 1, 42);
	tracing_map_set_var(elt, TRACING_MAP_VARS_MAX - 1, 99);
	KUNIT_EXPECT_TRUE(test, tracing_map_var_is_set(elt, 1));
	KUNIT_EXPECT_FALSE(test, tracing_map_var_is_set(elt, 0));
	KUNIT_EXPECT_FALSE(test, tracing_map_var_is_set(elt, 2));
	KUNIT_EXPECT_EQ(test, tracing_map_read_var(elt, 1), 42ULL);
	KUNIT_EXPECT_TRUE(test, tracing_map_var_is_set(elt, 1));

	KUNIT_EXPECT_TRUE(test, tracing_map_take_var(elt, 1, &val));
	KUNIT_EXPECT_EQ(test, val, 42ULL);
	KUNIT_EXPECT_FALSE(test, tracing_map_var_is_set(elt, 1));
	val = 0;
	KUNIT_EXPECT_FALSE(test, tracing_map_take_var(elt, 1, &val));
	KUNIT_EXPECT_EQ(test, val, 0ULL);

	/* The last setting is the one taken. */
	tracing_map_set_var(elt, 1, 1);
	tracing_map_set_var(elt, 1, 2);
	KUNIT_EXPECT_TRUE(test, tracing_map_take_var(elt, 1, &val));
	KUNIT_EXPECT_EQ(test, val, 2ULL);

	KUNIT_EXPECT_TRUE(test, tracing_map_take_var(elt, TRACING_MAP_VARS_MAX - 1,
						     &val));
	KUNIT_EXPECT_EQ(test, val, 99ULL);
	/* Variables are not sums: the sum stayed zero. */
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 0), 0ULL);
}

static int tmk_cmp_key(const struct tracing_map_elt *a,
		       const struct tracing_map_elt *b, const void *arg)
{
	u64 x = *(u64 *)a->key, y = *(u64 *)b->key;

	return x < y ? -1 : x > y;
}

/* A full map: exactly its size in keys, every other new key dropped. */
static void tmk_full(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, NULL);
	struct tracing_map *map = tmk_map(test, TRACING_MAP_BITS_MIN,
					  sizeof(u64), 1, 0, c);
	unsigned int size = tracing_map_size(map), got = 0, i;
	struct tracing_map_elt **elts, *elt;
	u64 k;
	int n;

	for (k = 0; k < size + 50; k++) {
		elt = tracing_map_insert(map, &k);
		if (elt) {
			got++;
			tracing_map_add_sum(elt, 0, 1);
		}
	}
	KUNIT_EXPECT_EQ(test, got, size);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), size);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 50ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), (u64)size);

	/* The keys in it still count; the new ones are still dropped. */
	for (k = 0; k < size + 50; k++) {
		elt = tracing_map_insert(map, &k);
		if (k < size) {
			KUNIT_ASSERT_NOT_NULL(test, elt);
			tracing_map_add_sum(elt, 0, 1);
			KUNIT_EXPECT_PTR_EQ(test, tracing_map_lookup(map, &k), elt);
		} else {
			KUNIT_EXPECT_NULL(test, elt);
			KUNIT_EXPECT_NULL(test, tracing_map_lookup(map, &k));
		}
	}
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 100ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), 2ULL * size);

	n = tracing_map_sort(map, tmk_cmp_key, NULL, &elts);
	KUNIT_ASSERT_EQ(test, n, (int)size);
	for (i = 0; i < size; i++) {
		KUNIT_EXPECT_EQ(test, *(u64 *)elts[i]->key, (u64)i);
		KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elts[i], 0), 2ULL);
	}
	tracing_map_sort_free(elts);
}

/*
 * An insertion nested in another's window between taking an element and
 * publishing it (elt_init() plays the interrupt): both get the nested
 * one's element, the outer one's goes back, and the elements given back
 * are all taken again: the map still fills to its size.  Only the last
 * key's nested insertion finds none left (the outer one holds the last)
 * and is dropped.
 */
static void tmk_nested(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, &(struct tmk_count){ .nest = true });
	struct tracing_map *map = tmk_map(test, TRACING_MAP_BITS_MIN,
					  sizeof(u64), 1, 0, c);
	unsigned int size = tracing_map_size(map), i;
	struct tracing_map_elt *elt, **elts;
	u64 k;
	int n;

	for (k = 0; k < size; k++) {
		c->nested = NULL;
		elt = tracing_map_insert(map, &k);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		tracing_map_add_sum(elt, 0, 1);
		if (k < size - 1)
			KUNIT_EXPECT_PTR_EQ(test, c->nested, elt);
		else
			KUNIT_EXPECT_NULL(test, c->nested);
		KUNIT_EXPECT_EQ(test, *(u64 *)elt->key, k);
	}
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), size);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 1ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), 2ULL * size - 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->inits), 2 * (int)size - 1);

	c->nest = false;
	k = size;
	KUNIT_EXPECT_NULL(test, tracing_map_insert(map, &k));
	n = tracing_map_sort(map, tmk_cmp_key, NULL, &elts);
	KUNIT_ASSERT_EQ(test, n, (int)size);
	for (i = 0; i < size; i++) {
		KUNIT_EXPECT_EQ(test, *(u64 *)elts[i]->key, (u64)i);
		KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elts[i], 0),
				i < size - 1 ? 2ULL : 1ULL);
	}
	tracing_map_sort_free(elts);
}

/* ---- concurrency ------------------------------------------------------ */

struct tmk_worker {
	struct kunit		*test;
	struct tracing_map	*map;
	void			(*fn)(struct tmk_worker *w);
	int			id;
	atomic_t		*gate;		/* both workers at an epoch */
	u64			cur;		/* the key being inserted */
	unsigned long		nulls;		/* insertions that failed */
	unsigned long		timeouts;	/* gates the other never reached */
	struct completion	done;
};

static int tmk_worker_fn(void *arg)
{
	struct tmk_worker *w = arg;

	w->fn(w);
	complete(&w->done);
	return 0;
}

/* Starts @fn on @cpu; false if no thread could be made. */
static bool tmk_start(struct tmk_worker *w, int cpu)
{
	struct task_struct *t;

	init_completion(&w->done);
	t = kthread_create(tmk_worker_fn, w, "tmk/%d", cpu);
	if (IS_ERR(t))
		return false;
	kthread_bind(t, cpu);
	wake_up_process(t);
	return true;
}

/* Both workers meet here before an epoch, so that they race in it. */
static void tmk_gate(struct tmk_worker *w, int epoch)
{
	unsigned long end = jiffies + 10 * HZ;

	atomic_inc(&w->gate[epoch]);
	while (atomic_read(&w->gate[epoch]) < 2) {
		if (time_after(jiffies, end)) {
			w->timeouts++;
			return;
		}
		cpu_relax();
	}
}

/*
 * Keys of the concurrent test: TMK_EPOCHS sets of TMK_KEYS new keys, which
 * both workers insert at once, in the same order, TMK_ROUNDS times; the
 * map has room for TMK_SPARE more.  Sum 0 gets the key plus one per
 * insertion, sum 1 one per insertion in worker 0's half or worker 1's,
 * sum 2 one per insertion from an interrupt.
 */
#define TMK_BITS	11
#define TMK_EPOCHS	8
#define TMK_SPARE	8
#define TMK_KEYS	(((1 << TMK_BITS) - TMK_SPARE) / TMK_EPOCHS)
#define TMK_ROUNDS	4

static void tmk_insert_epochs(struct tmk_worker *w)
{
	struct tracing_map_elt *elt;
	int e, r, j;
	u64 k;

	for (e = 0; e < TMK_EPOCHS; e++) {
		tmk_gate(w, e);
		for (r = 0; r < TMK_ROUNDS; r++) {
			for (j = 0; j < TMK_KEYS; j++) {
				k = (u64)e * TMK_KEYS + j;
				WRITE_ONCE(w->cur, k);
				elt = tracing_map_insert(w->map, &k);
				if (!elt) {
					w->nulls++;
					continue;
				}
				tracing_map_add_sum(elt, 0, k + 1);
				tracing_map_add_sum(elt, 1, 1ULL << (32 * w->id));
			}
		}
	}
}

struct tmk_irq {
	struct tracing_map	*map;
	struct tmk_worker	*w;
	atomic_t		ok;
	atomic_t		nulls;
};

/*
 * In an IPI: inserts the key the CPU's worker is inserting, so that an
 * IPI that lands in the worker's window between taking an element and
 * publishing it races it for the slot.
 */
static void tmk_irq_insert(void *arg)
{
	struct tmk_irq *irq = arg;
	struct tracing_map_elt *elt;
	u64 k;

	k = READ_ONCE(irq->w[smp_processor_id() & 1].cur);
	elt = tracing_map_insert(irq->map, &k);
	if (!elt) {
		atomic_inc(&irq->nulls);
		return;
	}
	tracing_map_add_sum(elt, 2, 1);
	atomic_inc(&irq->ok);
}

/*
 * Two kthreads, bound to CPU 0 and CPU 1, insert the same new keys at
 * once while IPIs insert over them: no key twice, every sum and the hits
 * exact, and no element lost to the races (the last spare ones are all
 * still there afterwards).
 */
static void tmk_concurrent(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, &(struct tmk_count){ .relax = true });
	struct tracing_map *map = tmk_map(test, TMK_BITS, sizeof(u64), 3, 0, c);
	unsigned int total = TMK_EPOCHS * TMK_KEYS, i, ipis = 0;
	atomic_t gate[TMK_EPOCHS] = {};
	struct tmk_worker w[2] = {};
	struct tmk_irq irq = { .map = map, .w = w };
	struct tracing_map_elt **elts;
	unsigned long *seen;
	u64 sum2 = 0, k;
	int n, cpu = 0;

	if (!cpu_online(0) || !cpu_online(1))
		kunit_skip(test, "needs CPUs 0 and 1 online");
	seen = kunit_kcalloc(test, BITS_TO_LONGS(total), sizeof(long), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, seen);

	for (i = 0; i < 2; i++) {
		w[i] = (struct tmk_worker){ .test = test, .map = map, .id = i,
					    .gate = gate,
					    .fn = tmk_insert_epochs };
		KUNIT_ASSERT_TRUE(test, tmk_start(&w[i], i));
	}
	while ((!completion_done(&w[0].done) || !completion_done(&w[1].done)) &&
	       ipis < 20000) {
		smp_call_function_single(cpu, tmk_irq_insert, &irq, 1);
		cpu ^= 1;
		ipis++;
		cond_resched();
	}
	wait_for_completion(&w[0].done);
	wait_for_completion(&w[1].done);

	KUNIT_EXPECT_EQ(test, w[0].timeouts + w[1].timeouts, 0UL);
	KUNIT_EXPECT_EQ(test, w[0].nulls + w[1].nulls, 0UL);
	KUNIT_EXPECT_EQ(test, atomic_read(&irq.nulls), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 0ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), total);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map),
			2ULL * TMK_ROUNDS * total + atomic_read(&irq.ok));

	n = tracing_map_sort(map, tmk_cmp_key, NULL, &elts);
	KUNIT_ASSERT_EQ(test, n, (int)total);
	for (i = 0; i < n; i++) {
		struct tmk_priv *p = elts[i]->private_data;

		k = *(u64 *)elts[i]->key;
		KUNIT_ASSERT_LT(test, k, (u64)total);
		KUNIT_EXPECT_FALSE_MSG(test, test_and_set_bit(k, seen),
				       "key %llu twice", k);
		KUNIT_EXPECT_EQ(test, p->key0, k);
		KUNIT_EXPECT_EQ_MSG(test, tracing_map_read_sum(elts[i], 0),
				    2 * TMK_ROUNDS * (k + 1), "key %llu", k);
		KUNIT_EXPECT_EQ_MSG(test, tracing_map_read_sum(elts[i], 1),
				    (u64)TMK_ROUNDS << 32 | TMK_ROUNDS,
				    "key %llu", k);
		sum2 += tracing_map_read_sum(elts[i], 2);
	}
	tracing_map_sort_free(elts);
	KUNIT_EXPECT_EQ(test, sum2, (u64)atomic_read(&irq.ok));
	kunit_info(test, "%u IPIs; %d elements taken for a key another inserter published first",
		   ipis, atomic_read(&c->inits) - (int)total);

	/* Elements given back by the losers are all there to take. */
	for (k = total; k < total + TMK_SPARE; k++)
		KUNIT_EXPECT_NOT_NULL(test, tracing_map_insert(map, &k));
	KUNIT_EXPECT_NULL(test, tracing_map_insert(map, &k));
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 1U << TMK_BITS);
}

/*
 * The sort-while-inserting test's keys: three words that only a complete
 * key has in this relation.
 */
#define TMK_READ_KEYS	2000

static void tmk_make_key(u64 key[3], u64 k)
{
	key[0] = k;
	key[1] = ~k;
	key[2] = k * 0x9e3779b97f4a7c15ULL;
}

static bool tmk_key_ok(const u64 key[3])
{
	return key[0] < TMK_READ_KEYS && key[1] == ~key[0] &&
	       key[2] == key[0] * 0x9e3779b97f4a7c15ULL;
}

static void tmk_insert_slowly(struct tmk_worker *w)
{
	struct tracing_map_elt *elt;
	u64 key[3];
	int k, old;

	tmk_gate(w, 0);
	for (k = 0; k < TMK_READ_KEYS; k++) {
		/* A new key, then some old ones. */
		for (old = k; old >= 0 && old > k - 4; old--) {
			tmk_make_key(key, old);
			elt = tracing_map_insert(w->map, key);
			if (elt)
				tracing_map_add_sum(elt, 0, 1);
			else
				w->nulls++;
		}
		if (k % 64 == 0)
			cond_resched();
	}
}

static int tmk_cmp_key3(const struct tracing_map_elt *a,
			const struct tracing_map_elt *b, const void *arg)
{
	const u64 *x = a->key, *y = b->key;
	int i;

	for (i = 0; i < 3; i++) {
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	}
	return 0;
}

/* Sorting while two CPUs insert: only complete keys, each once. */
static void tmk_sort_while_inserting(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, &(struct tmk_count){ .relax = true });
	struct tracing_map *map = tmk_map(test, TMK_BITS, 3 * sizeof(u64), 1, 0,
					  c);
	unsigned int sorts = 0, partial = 0, bad = 0, dups = 0, last = 0;
	atomic_t gate[1] = {};
	struct tmk_worker w[2] = {};
	struct tracing_map_elt **elts;
	int n, i;

	if (!cpu_online(0) || !cpu_online(1))
		kunit_skip(test, "needs CPUs 0 and 1 online");
	for (i = 0; i < 2; i++) {
		w[i] = (struct tmk_worker){ .test = test, .map = map, .id = i,
					    .gate = gate,
					    .fn = tmk_insert_slowly };
		KUNIT_ASSERT_TRUE(test, tmk_start(&w[i], i));
	}
	do {
		n = tracing_map_sort(map, tmk_cmp_key3, NULL, &elts);
		KUNIT_ASSERT_GE(test, n, 0);
		sorts++;
		if (n > 0 && n < TMK_READ_KEYS)
			partial++;
		/* Keys only come: a later snapshot has no fewer. */
		KUNIT_EXPECT_GE(test, (unsigned int)n, last);
		last = n;
		for (i = 0; i < n; i++) {
			struct tmk_priv *p = elts[i]->private_data;

			if (!tmk_key_ok(elts[i]->key) || !p->inited ||
			    p->key0 != *(u64 *)elts[i]->key)
				bad++;
			if (i && !tmk_cmp_key3(elts[i - 1], elts[i], NULL))
				dups++;
		}
		tracing_map_sort_free(elts);
		cond_resched();
	} while (!completion_done(&w[0].done) || !completion_done(&w[1].done));
	wait_for_completion(&w[0].done);
	wait_for_completion(&w[1].done);

	KUNIT_EXPECT_EQ(test, bad, 0U);
	KUNIT_EXPECT_EQ(test, dups, 0U);
	KUNIT_EXPECT_EQ(test, w[0].nulls + w[1].nulls, 0UL);
	KUNIT_EXPECT_EQ(test, w[0].timeouts + w[1].timeouts, 0UL);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), (unsigned int)TMK_READ_KEYS);
	kunit_info(test, "%u sorts, %u of a map still filling", sorts, partial);
}

/* Clearing: every key, count and variable gone; the map as new. */
static void tmk_clear(struct kunit *test)
{
	struct tmk_count *c = tmk_counts(test, NULL);
	struct tracing_map *map = tmk_map(test, TRACING_MAP_BITS_MIN,
					  sizeof(u64), 1, 2, c);
	unsigned int size = tracing_map_size(map);
	struct tracing_map_elt *elt, **elts;
	u64 k, val;
	int n;

	for (k = 0; k < size + 10; k++) {
		elt = tracing_map_insert(map, &k);
		if (!elt)
			continue;
		tracing_map_add_sum(elt, 0, 5);
		tracing_map_set_var(elt, 1, k);
	}
	KUNIT_ASSERT_EQ(test, tracing_map_entries(map), size);

	tracing_map_clear(map);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 0U);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), 0ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 0ULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->clears), (int)size);
	k = 3;
	KUNIT_EXPECT_NULL(test, tracing_map_lookup(map, &k));
	n = tracing_map_sort(map, tmk_cmp_key, NULL, &elts);
	KUNIT_EXPECT_EQ(test, n, 0);
	if (n >= 0)
		tracing_map_sort_free(elts);

	/* Full again with other keys: zero sums, no variables. */
	for (k = 1000; k < 1000 + size; k++) {
		elt = tracing_map_insert(map, &k);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 0), 0ULL);
		KUNIT_EXPECT_FALSE(test, tracing_map_take_var(elt, 1, &val));
		KUNIT_EXPECT_EQ(test, ((struct tmk_priv *)elt->private_data)->key0, k);
	}
	KUNIT_EXPECT_NULL(test, tracing_map_insert(map, &k));
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), size);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 1ULL);
}

/* The sort-order test: sum 0 descending, then the key's first word up. */
struct tmk_order {
	unsigned int	sum_idx;
};

static int tmk_cmp_two(const struct tracing_map_elt *a,
		       const struct tracing_map_elt *b, const void *arg)
{
	const struct tmk_order *o = arg;
	u64 sa = tracing_map_read_sum(a, o->sum_idx);
	u64 sb = tracing_map_read_sum(b, o->sum_idx);
	u64 ka = ((u64 *)a->key)[0], kb = ((u64 *)b->key)[0];

	if (sa != sb)
		return sa > sb ? -1 : 1;
	return ka < kb ? -1 : ka > kb;
}

static void tmk_sort_order(struct kunit *test)
{
	static const u64 sums[] = { 3, 9, 3, 1, 9, 3, 0, 1 };
	/* Indexes of sums[] in the expected order: 9s, 3s, 1s, 0. */
	static const int order[] = { 1, 4, 0, 2, 5, 3, 7, 6 };
	struct tmk_order o = { .sum_idx = 1 };
	struct tmk_count *c = tmk_counts(test, NULL);
	struct tracing_map *map = tmk_map(test, TRACING_MAP_BITS_MIN,
					  2 * sizeof(u64), 2, 0, c);
	struct tracing_map_elt *elt, **elts;
	u64 key[2];
	int i, n;

	/* Inserted backwards, so that the order is the sort's doing. */
	for (i = ARRAY_SIZE(sums) - 1; i >= 0; i--) {
		key[0] = i;
		key[1] = 100 - i;
		elt = tracing_map_insert(map, key);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		tracing_map_add_sum(elt, 1, sums[i]);
	}
	n = tracing_map_sort(map, tmk_cmp_two, &o, &elts);
	KUNIT_ASSERT_EQ(test, n, (int)ARRAY_SIZE(sums));
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ_MSG(test, ((u64 *)elts[i]->key)[0], (u64)order[i],
				    "position %d", i);
		KUNIT_EXPECT_EQ(test, ((u64 *)elts[i]->key)[1], 100ULL - order[i]);
	}
	tracing_map_sort_free(elts);
}

/*
 * Memory of a 2048-element map with 1, 2 and 3 u64 keys and one sum (a
 * hist trigger's hitcount), measured: the pages mapped for its block,
 * which starts with the table (2 * size u32 slots) right before element
 * 0.  Against Linux 6.12's tracing map for the same, computed with this
 * kernel's kmalloc size classes: a table of 16-byte entries and an
 * array of element pointers (in pages), then per element the element
 * (48 bytes), its key and one 16-byte field per key and per sum.
 */
static void tmk_memory(struct kunit *test)
{
	const unsigned int size = 1 << TRACING_MAP_BITS_DEFAULT;
	unsigned int keys;

	for (keys = 1; keys <= 3; keys++) {
		struct tmk_count *c = tmk_counts(test, NULL);
		struct tracing_map *map = tmk_map(test, TRACING_MAP_BITS_DEFAULT,
						  keys * sizeof(u64), 1, 0, c);
		u64 key[3] = {};
		struct tracing_map_elt *elt = tracing_map_insert(map, key);
		size_t ours = 0, theirs;
		void *block, *p;

		KUNIT_ASSERT_NOT_NULL(test, elt);
		block = (void *)elt - 2 * size * sizeof(u32);
		KUNIT_ASSERT_TRUE(test, is_vmalloc_addr(block));
		KUNIT_ASSERT_TRUE(test, PAGE_ALIGNED(block));
		for (p = block; vmalloc_to_page(p); p += PAGE_SIZE)
			ours += PAGE_SIZE;
		theirs = 2 * size * 16 + size * sizeof(void *) +
			 size * (kmalloc_size_roundup(48) +
				 kmalloc_size_roundup(keys * sizeof(u64)) +
				 kmalloc_size_roundup((keys + 1) * 16));
		kunit_info(test, "%u u64 keys: %zu bytes; Linux 6.12's: %zu",
			   keys, ours, theirs);
		KUNIT_EXPECT_LE(test, ours, theirs);
	}
}

static struct kunit_case tmk_cases[] = {
	KUNIT_CASE(tmk_create),
	KUNIT_CASE(tmk_insert_lookup),
	KUNIT_CASE(tmk_key_bytes),
	KUNIT_CASE(tmk_vars),
	KUNIT_CASE(tmk_full),
	KUNIT_CASE(tmk_nested),
	KUNIT_CASE(tmk_concurrent),
	KUNIT_CASE(tmk_sort_while_inserting),
	KUNIT_CASE(tmk_clear),
	KUNIT_CASE(tmk_sort_order),
	KUNIT_CASE(tmk_memory),
	{}
};

static struct kunit_suite tmk_suite = {
	.name = "tracing_map",
	.test_cases = tmk_cases,
};

kunit_test_suites(&tmk_suite);

MODULE_DESCRIPTION("KUnit tests for the tracing map");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
