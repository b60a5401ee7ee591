// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing map: a fixed-size hash table that the histogram triggers
 * count into from any context, NMI included.
 *
 * One vzalloc'd block holds everything a map needs from its creation to
 * its end: a table of 2^(bits+1) u32 slots, the 2^bits elements, their
 * sums and variables, and their keys.  A slot is 0 while empty, else the
 * index of its element (plus one) and a tag of the key's hash; slots are
 * filled once, by cmpxchg, and only emptied by tracing_map_clear().
 *
 * A new key's element is made ready first (taken, key copied,
 * &tracing_map_ops.elt_init run) and published last, by one cmpxchg of an
 * empty slot: nobody ever sees an element whose key is half written, and
 * nobody waits for anybody.  Two inserters of one new key race for the
 * same first empty slot of the key's probe sequence; the loser finds the
 * winner's element there and gives its own back.
 *
 * The design, the memory layout and the ordering table whose rows the
 * barriers below cite are in Documentation/trace/tracing-map-design.rst.
 */
#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/hash.h>
#include <linux/jhash.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>
#include <kunit/visibility.h>

#include "tracing_map.h"

/*
 * A slot: the element's index plus one in the low TM_IDX_BITS bits (so
 * a used slot is never 0), the high bits of the key's hash above them.
 * The tag spares most key comparisons on a probe chain.
 */
#define TM_IDX_BITS	(TRACING_MAP_BITS_MAX + 1)
#define TM_IDX_MASK	((1U << TM_IDX_BITS) - 1)

/*
 * The stack of elements given back: the top's index plus one in the low
 * TM_IDX_BITS bits, a generation above them that every push and pop
 * moves on, so that a pop that read a stale top fails its cmpxchg.
 */
#define TM_FREE_GEN	BIT(TM_IDX_BITS)

struct tracing_map {
	/* Set at creation, read on the hit path. */
	u32				*table;
	struct tracing_map_elt		*elts;
	unsigned int			table_mask;
	unsigned int			size;
	unsigned int			key_size;
	unsigned int			key_stride;
	unsigned int			n_sums;
	unsigned int			n_vars;
	u32				seed;
	const struct tracing_map_ops	*ops;
	void				*ops_data;

	/* Written by inserters. */
	atomic_t			next ____cacheline_aligned_in_smp;
	atomic_t			entries;
	unsigned long			free;
	atomic64_t			hits;
	atomic64_t			drops;
};

static const struct tracing_map_ops tm_no_ops;

/*
 * One u64 key (a pid, an address: most tables) is hashed with a multiply
 * and compared as a word; longer keys as bytes.
 */
static inline u32 tm_hash(const struct tracing_map *map, const void *key)
{
	if (map->key_size == sizeof(u64))
		return hash_64(get_unaligned((const u64 *)key) ^ map->seed, 32);
	return jhash(key, map->key_size, map->seed);
}

static inline bool tm_key_equal(const struct tracing_map *map,
				const void *a, const void *b)
{
	if (map->key_size == sizeof(u64))
		return get_unaligned((const u64 *)a) ==
		       get_unaligned((const u64 *)b);
	return !memcmp(a, b, map->key_size);
}

static inline struct tracing_map_elt *tm_slot_elt(const struct tracing_map *map,
						  u32 slot)
{
	return &map->elts[(slot & TM_IDX_MASK) - 1];
}

static inline u32 tm_slot_tag(u32 slot)
{
	return slot >> TM_IDX_BITS;
}

/* The word a freed element's key area holds: the next one down. */
static inline u32 *tm_free_link(struct tracing_map_elt *elt)
{
	return elt->key;
}

static void tm_elt_reset(struct tracing_map *map, struct tracing_map_elt *elt)
{
	unsigned int i;

	for (i = 0; i < map->n_sums + map->n_vars; i++)
		atomic64_set(&elt->sums[i], 0);
	elt->var_set = 0;
}

/*
 * Give back an element that was taken but never published: it goes on
 * the free stack, which tm_take() empties once the never-used elements
 * have run out.
 */
static void tm_give_back(struct tracing_map *map, struct tracing_map_elt *elt)
{
	unsigned long old = READ_ONCE(map->free), new;

	tm_elt_reset(map, elt);
	do {
		WRITE_ONCE(*tm_free_link(elt), old & TM_IDX_MASK);
		new = ((old & ~(unsigned long)TM_IDX_MASK) + TM_FREE_GEN) |
		      (elt - map->elts + 1);
		/* tracing-map-design.rst, row 3 */
	} while (!try_cmpxchg_release(&map->free, &old, new));
}

static struct tracing_map_elt *tm_pop_free(struct tracing_map *map)
{
	struct tracing_map_elt *elt;
	unsigned long old, new;
	u32 next;

	for (;;) {
		/* tracing-map-design.rst, row 3 (every try) */
		old = smp_load_acquire(&map->free);
		if (!(old & TM_IDX_MASK))
			return NULL;
		elt = &map->elts[(old & TM_IDX_MASK) - 1];
		/*
		 * Another pop may have taken the element since and be
		 * writing its key: then the generation moved on and the
		 * cmpxchg below fails, so the value read does not matter.
		 */
		next = data_race(READ_ONCE(*tm_free_link(elt)));
		new = ((old & ~(unsigned long)TM_IDX_MASK) + TM_FREE_GEN) | next;
		if (try_cmpxchg(&map->free, &old, new))
			return elt;
	}
}

/*
 * An element for a new key, its key copied and elt_init() run, not yet
 * visible to anyone; NULL when every element is in use.
 */
static struct tracing_map_elt *tm_take(struct tracing_map *map,
				       const void *key)
{
	struct tracing_map_elt *elt;
	int i;

	/* Never past size: a full map's misses must not wrap the count. */
	i = atomic_fetch_add_unless(&map->next, 1, map->size);
	if (i < map->size)
		elt = &map->elts[i];
	else
		elt = tm_pop_free(map);
	if (!elt)
		return NULL;
	memcpy(elt->key, key, map->key_size);
	if (map->ops->elt_init)
		map->ops->elt_init(elt);
	return elt;
}

/*
 * The slow path of tracing_map_insert(): slot @i was empty.  Take an
 * element for @key unless *@mine already holds one, and publish it in
 * the slot.  Returns the slot's value afterwards: ours, another
 * inserter's that came first, or 0 when no element was left and the
 * slot is still empty.
 */
static noinline u32 tm_publish(struct tracing_map *map, unsigned int i,
			       u32 tag, const void *key,
			       struct tracing_map_elt **mine)
{
	u32 slot = 0, new;

	if (!*mine)
		*mine = tm_take(map, key);
	if (*mine) {
		new = (tag << TM_IDX_BITS) | (*mine - map->elts + 1);
		/* tracing-map-design.rst, row 1 */
		if (try_cmpxchg_release(&map->table[i], &slot, new)) {
			/* A statistic: tracing-map-design.rst, row 6 */
			atomic_inc(&map->entries);
			return new;
		}
	}
	/* A failed cmpxchg orders nothing: tracing-map-design.rst, row 2 */
	return smp_load_acquire(&map->table[i]);
}

/**
 * tracing_map_insert() - find a key's element, taking one if it is new
 * @map: the map
 * @key: the key, tracing_map_create()'s @key_size bytes
 *
 * Counts the insertion in the map's hits when it returns an element, in
 * its drops when it does not.  A new key's element has its sums and
 * variables zero and &tracing_map_ops.elt_init already run on it.  Two
 * inserters of one new key, on different CPUs or nested on one, get the
 * same element.
 *
 * Context: Any context, NMI included; takes no lock, never allocates.
 * Return: the key's element, or NULL when the key is new and every
 * element is in use.
 */
struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   const void *key)
{
	struct tracing_map_elt *mine = NULL, *elt;
	u32 hash = tm_hash(map, key);
	u32 tag = hash >> TM_IDX_BITS;
	unsigned int i = hash & map->table_mask;
	unsigned int n;
	u32 slot;

	for (n = 0; n <= map->table_mask; n++, i = (i + 1) & map->table_mask) {
		/* tracing-map-design.rst, row 1 */
		slot = smp_load_acquire(&map->table[i]);
		if (!slot) {
			slot = tm_publish(map, i, tag, key, &mine);
			if (!slot)
				break;
			if (mine && tm_slot_elt(map, slot) == mine) {
				atomic64_inc(&map->hits);
				return mine;
			}
		}
		if (tm_slot_tag(slot) != tag)
			continue;
		elt = tm_slot_elt(map, slot);
		if (!tm_key_equal(map, elt->key, key))
			continue;
		if (mine)
			tm_give_back(map, mine);
		atomic64_inc(&map->hits);
		return elt;
	}
	/* A table has more slots than elements: only a full map gets here. */
	if (mine)
		tm_give_back(map, mine);
	atomic64_inc(&map->drops);
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_insert);

/**
 * tracing_map_lookup() - find a key's element without inserting it
 * @map: the map
 * @key: the key, tracing_map_create()'s @key_size bytes
 *
 * Counts nothing.
 *
 * Context: Any context, NMI included.
 * Return: the key's element, or NULL if the key is not in the map.
 */
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   const void *key)
{
	struct tracing_map_elt *elt;
	u32 hash = tm_hash(map, key);
	u32 tag = hash >> TM_IDX_BITS;
	unsigned int i = hash & map->table_mask;
	unsigned int n;
	u32 slot;

	for (n = 0; n <= map->table_mask; n++, i = (i + 1) & map->table_mask) {
		/* tracing-map-design.rst, row 1 */
		slot = smp_load_acquire(&map->table[i]);
		if (!slot)
			break;
		if (tm_slot_tag(slot) != tag)
			continue;
		elt = tm_slot_elt(map, slot);
		if (tm_key_equal(map, elt->key, key))
			return elt;
	}
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_lookup);

/**
 * tracing_map_set_var() - give an element's variable a value
 * @elt: the element
 * @i: the variable, below the map's n_vars
 * @n: its value
 *
 * Context: Any context, NMI included.
 */
void tracing_map_set_var(struct tracing_map_elt *elt, unsigned int i, u64 n)
{
	atomic64_set(&elt->vars[i], n);
	/* tracing-map-design.rst, row 4 */
	smp_mb__before_atomic();
	set_bit(i, &elt->var_set);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_set_var);

/**
 * tracing_map_var_is_set() - whether an element's variable holds a value
 * @elt: the element
 * @i: the variable, below the map's n_vars
 *
 * A tracing_map_read_var() after it returned true reads the value set
 * with the bit it saw, or a later one.
 *
 * Context: Any context, NMI included.
 * Return: true if @i was set and not taken since.
 */
bool tracing_map_var_is_set(const struct tracing_map_elt *elt,
			    unsigned int i)
{
	/* tracing-map-design.rst, row 4 */
	return test_bit_acquire(i, &elt->var_set);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_var_is_set);

/**
 * tracing_map_read_var() - read an element's variable, leaving it set
 * @elt: the element
 * @i: the variable, below the map's n_vars
 *
 * Context: Any context, NMI included.
 * Return: its value (0 if it was never set since the map was cleared).
 */
u64 tracing_map_read_var(const struct tracing_map_elt *elt, unsigned int i)
{
	return (u64)atomic64_read(&elt->vars[i]);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_read_var);

/**
 * tracing_map_take_var() - read an element's variable and unset it
 * @elt: the element
 * @i: the variable, below the map's n_vars
 * @val: where its value goes; untouched when it was not set
 *
 * Of several takers of one setting, exactly one gets it.  A setting that
 * races with the take may be the value the take returns and still be set
 * afterwards.
 *
 * Context: Any context, NMI included.
 * Return: true and the value in *@val if the variable was set; false if
 * it was not.
 */
bool tracing_map_take_var(struct tracing_map_elt *elt, unsigned int i,
			  u64 *val)
{
	/* An unset variable costs no locked instruction. */
	if (!test_bit(i, &elt->var_set))
		return false;
	/* Fully ordered: tracing-map-design.rst, row 4 */
	if (!test_and_clear_bit(i, &elt->var_set))
		return false;
	*val = (u64)atomic64_read(&elt->vars[i]);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_take_var);

/**
 * tracing_map_size() - how many elements a map has
 * @map: the map
 *
 * Return: 2^bits, as tracing_map_create() was asked.
 */
unsigned int tracing_map_size(const struct tracing_map *map)
{
	return map->size;
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_size);

/**
 * tracing_map_entries() - how many elements hold a key
 * @map: the map
 *
 * Context: Any context; while inserters run, the count may already be
 * out of date when it is returned.
 * Return: the number of keys in the map.
 */
unsigned int tracing_map_entries(const struct tracing_map *map)
{
	/* tracing-map-design.rst, row 6 */
	return atomic_read(&map->entries);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_entries);

/**
 * tracing_map_hits() - how many insertions found or took an element
 * @map: the map
 *
 * Return: the insertions since the map was made or last cleared that
 * returned an element.
 */
u64 tracing_map_hits(const struct tracing_map *map)
{
	return (u64)atomic64_read(&map->hits);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_hits);

/**
 * tracing_map_drops() - how many insertions found the map full
 * @map: the map
 *
 * Return: the insertions since the map was made or last cleared that
 * returned NULL: a new key when every element was in use.
 */
u64 tracing_map_drops(const struct tracing_map *map)
{
	return (u64)atomic64_read(&map->drops);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_drops);

/**
 * tracing_map_ops_data() - the user's data given to tracing_map_create()
 * @map: the map
 *
 * Return: @ops_data as tracing_map_create() was given it.
 */
void *tracing_map_ops_data(const struct tracing_map *map)
{
	return map->ops_data;
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_ops_data);

struct tm_sort_ctx {
	tracing_map_cmp_t	cmp;
	const void		*arg;
};

static int tm_sort_cmp(const void *a, const void *b, const void *priv)
{
	const struct tm_sort_ctx *ctx = priv;

	return ctx->cmp(*(struct tracing_map_elt * const *)a,
			*(struct tracing_map_elt * const *)b, ctx->arg);
}

/**
 * tracing_map_sort() - the elements in use, sorted
 * @map: the map
 * @cmp: the comparison, as sort_r()'s: <0, 0 or >0
 * @arg: handed to @cmp as its third argument
 * @elts: set to a kvmalloc'd array of the elements, for
 *	tracing_map_sort_free()
 *
 * The array holds every element published before the call began, and
 * maybe some published while it ran, each once and each with its key
 * complete and &tracing_map_ops.elt_init run; inserts may go on
 * meanwhile, and the elements' sums and variables go on changing.
 * Must not run concurrently with tracing_map_clear() or
 * tracing_map_destroy().
 *
 * Context: Process context; may sleep.
 * Return: the number of elements in *@elts (0 included: the array is
 * still to be freed), or -ENOMEM, with *@elts untouched.
 */
int tracing_map_sort(struct tracing_map *map, tracing_map_cmp_t cmp,
		     const void *arg, struct tracing_map_elt ***elts)
{
	struct tm_sort_ctx ctx = { .cmp = cmp, .arg = arg };
	struct tracing_map_elt **array;
	unsigned int i, n = 0;
	u32 slot;

	/* Sized for a full map: the table may fill while it is read. */
	array = kvmalloc_array(map->size, sizeof(*array), GFP_KERNEL);
	if (!array)
		return -ENOMEM;
	for (i = 0; i <= map->table_mask && n < map->size; i++) {
		/* tracing-map-design.rst, row 1 */
		slot = smp_load_acquire(&map->table[i]);
		if (slot)
			array[n++] = tm_slot_elt(map, slot);
	}
	sort_r(array, n, sizeof(*array), tm_sort_cmp, NULL, &ctx);
	*elts = array;
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_sort);

/**
 * tracing_map_sort_free() - free tracing_map_sort()'s array
 * @elts: the array, or NULL
 *
 * The elements stay in the map; only the array goes.
 */
void tracing_map_sort_free(struct tracing_map_elt **elts)
{
	kvfree(elts);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_sort_free);

/**
 * tracing_map_clear() - empty a map
 * @map: the map
 *
 * Every element goes back unused, with its sums and variables zero and
 * &tracing_map_ops.elt_clear run on the ones that were taken; the hits,
 * drops and entries go back to zero.
 *
 * The caller guarantees that nothing inserts into, looks up in or sorts
 * @map while it runs, and that no inserter still runs that started before
 * it: it stops its inserters and waits for the running ones first (for a
 * hist trigger: pause the trigger, then synchronize with the tracepoint
 * callers, e.g. tracepoint_synchronize_unregister()), and lets them in
 * again afterwards through something that orders the clearing before
 * them (tracing-map-design.rst, row 5).
 *
 * Context: Process context; may sleep if &tracing_map_ops.elt_clear does.
 */
void tracing_map_clear(struct tracing_map *map)
{
	unsigned int n = min_t(unsigned int, atomic_read(&map->next), map->size);
	unsigned int i;

	for (i = 0; i < n; i++) {
		tm_elt_reset(map, &map->elts[i]);
		if (map->ops->elt_clear)
			map->ops->elt_clear(&map->elts[i]);
	}
	memset(map->table, 0, (map->table_mask + 1) * sizeof(*map->table));
	atomic_set(&map->next, 0);
	atomic_set(&map->entries, 0);
	map->free = 0;
	atomic64_set(&map->hits, 0);
	atomic64_set(&map->drops, 0);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_clear);

/**
 * tracing_map_create() - make a map and every element it will ever have
 * @bits: the map holds 2^@bits elements; TRACING_MAP_BITS_MIN to
 *	TRACING_MAP_BITS_MAX
 * @key_size: the bytes of a key, 1 to TRACING_MAP_KEY_SIZE_MAX
 * @n_sums: the sums each element has, up to TRACING_MAP_SUMS_MAX
 * @n_vars: the variables each element has, up to TRACING_MAP_VARS_MAX
 * @ops: what the user does with the elements, or NULL
 * @ops_data: the user's, for tracing_map_ops_data()
 *
 * Allocates the table, the elements, their keys, sums and variables at
 * once, and calls &tracing_map_ops.elt_alloc on every element; if one
 * fails, the elements' private data made so far is freed with
 * &tracing_map_ops.elt_free and nothing is left behind.
 *
 * Context: Process context; sleeps.
 * Return: the map, or ERR_PTR(-EINVAL) for an argument out of range,
 * ERR_PTR(-ENOMEM), or elt_alloc()'s error.
 */
struct tracing_map *tracing_map_create(unsigned int bits,
				       unsigned int key_size,
				       unsigned int n_sums,
				       unsigned int n_vars,
				       const struct tracing_map_ops *ops,
				       void *ops_data)
{
	size_t table_bytes, elt_bytes, val_bytes, key_bytes;
	struct tracing_map *map;
	unsigned int i, size;
	atomic64_t *vals;
	void *block;
	int err;

	BUILD_BUG_ON(TM_IDX_BITS >= 32);
	BUILD_BUG_ON(TRACING_MAP_VARS_MAX > BITS_PER_LONG);

	if (bits < TRACING_MAP_BITS_MIN || bits > TRACING_MAP_BITS_MAX ||
	    !key_size || key_size > TRACING_MAP_KEY_SIZE_MAX ||
	    n_sums > TRACING_MAP_SUMS_MAX || n_vars > TRACING_MAP_VARS_MAX)
		return ERR_PTR(-EINVAL);

	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return ERR_PTR(-ENOMEM);
	size = 1U << bits;
	map->size = size;
	map->table_mask = 2 * size - 1;
	map->key_size = key_size;
	map->key_stride = round_up(key_size, sizeof(u64));
	map->n_sums = n_sums;
	map->n_vars = n_vars;
	map->ops = ops ? ops : &tm_no_ops;
	map->ops_data = ops_data;
	map->seed = get_random_u32();

	/* Every part is a multiple of 8 bytes: the next one is aligned. */
	table_bytes = array_size(2 * size, sizeof(u32));
	elt_bytes = array_size(size, sizeof(struct tracing_map_elt));
	val_bytes = array3_size(size, n_sums + n_vars, sizeof(atomic64_t));
	key_bytes = array_size(size, map->key_stride);
	block = vzalloc(size_add(size_add(table_bytes, elt_bytes),
				 size_add(val_bytes, key_bytes)));
	if (!block) {
		kfree(map);
		return ERR_PTR(-ENOMEM);
	}
	map->table = block;
	map->elts = block + table_bytes;
	vals = block + table_bytes + elt_bytes;
	for (i = 0; i < size; i++) {
		struct tracing_map_elt *elt = &map->elts[i];

		elt->map = map;
		elt->key = block + table_bytes + elt_bytes + val_bytes +
			   (size_t)i * map->key_stride;
		elt->sums = vals + (size_t)i * (n_sums + n_vars);
		elt->vars = elt->sums + n_sums;
	}

	if (!map->ops->elt_alloc)
		return map;
	for (i = 0; i < size; i++) {
		err = map->ops->elt_alloc(&map->elts[i]);
		if (err)
			goto undo;
		cond_resched();
	}
	return map;

undo:
	while (i-- > 0) {
		if (map->ops->elt_free)
			map->ops->elt_free(&map->elts[i]);
	}
	vfree(block);
	kfree(map);
	return ERR_PTR(err);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_create);

/**
 * tracing_map_destroy() - free a map and its elements
 * @map: the map, or NULL
 *
 * Calls &tracing_map_ops.elt_free on every element.  As for
 * tracing_map_clear(), no inserter or reader may still be using @map.
 *
 * Context: Process context; may sleep.
 */
void tracing_map_destroy(struct tracing_map *map)
{
	unsigned int i;

	if (!map)
		return;
	if (map->ops->elt_free) {
		for (i = 0; i < map->size; i++)
			map->ops->elt_free(&map->elts[i]);
	}
	vfree(map->table);
	kfree(map);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_map_destroy);
