/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing map: a fixed-size hash table that histograms count into
 * from any context, NMI included.  Every element is allocated when the
 * map is made; inserting never allocates, never blocks and never fails
 * silently (a full map counts the insertion in its drops).  Its design
 * and ordering rules are in Documentation/trace/tracing-map-design.rst.
 */
#ifndef _KERNEL_TRACE_TRACING_MAP_H
#define _KERNEL_TRACE_TRACING_MAP_H

#include <linux/atomic.h>
#include <linux/types.h>

/* size= of a hist trigger: the map holds 2^bits elements. */
#define TRACING_MAP_BITS_MIN		7
#define TRACING_MAP_BITS_MAX		17
#define TRACING_MAP_BITS_DEFAULT	11

/* The most sums and variables an element carries. */
#define TRACING_MAP_SUMS_MAX		8
#define TRACING_MAP_VARS_MAX		32

/* The largest key, in bytes (a hist trigger's keys together). */
#define TRACING_MAP_KEY_SIZE_MAX	4096

struct tracing_map;
struct tracing_map_elt;

/**
 * struct tracing_map_ops - what the map's user does with its elements
 * @elt_alloc: give a new element its private data (may sleep; called
 *	for every element when the map is made); or NULL
 * @elt_free: free that private data; or NULL
 * @elt_init: an element has just been taken for a new key, its key
 *	copied and its sums and variables zero; called on the hit path
 *	(any context, must not sleep or allocate); or NULL
 * @elt_clear: the map is being cleared; reset the private data; or NULL
 */
struct tracing_map_ops {
	int	(*elt_alloc)(struct tracing_map_elt *elt);
	void	(*elt_free)(struct tracing_map_elt *elt);
	void	(*elt_init)(struct tracing_map_elt *elt);
	void	(*elt_clear)(struct tracing_map_elt *elt);
};

/**
 * struct tracing_map_elt - one key's entry
 * @map: the map it belongs to
 * @key: the key, map->key_size bytes, compared and hashed as bytes
 * @sums: the map's n_sums counters
 * @vars: the map's n_vars variables
 * @var_set: bit i: @vars[i] holds a value
 * @private_data: the user's, made by &tracing_map_ops.elt_alloc
 */
struct tracing_map_elt {
	struct tracing_map	*map;
	void			*key;
	atomic64_t		*sums;
	atomic64_t		*vars;
	unsigned long		var_set;
	void			*private_data;
};

/*
 * tracing_map_create() returns the map or an ERR_PTR(): -EINVAL for an
 * argument out of range, -ENOMEM, or the error of ops->elt_alloc.
 * tracing_map_clear() and tracing_map_destroy() need the map's
 * inserters stopped and waited for by the caller (their kernel-doc says
 * how); tracing_map_insert() and tracing_map_lookup() run in any context,
 * NMI included, and tracing_map_sort() may run beside them.
 */
struct tracing_map *tracing_map_create(unsigned int bits,
				       unsigned int key_size,
				       unsigned int n_sums,
				       unsigned int n_vars,
				       const struct tracing_map_ops *ops,
				       void *ops_data);
void tracing_map_destroy(struct tracing_map *map);
void tracing_map_clear(struct tracing_map *map);
void *tracing_map_ops_data(const struct tracing_map *map);

struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   const void *key);
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   const void *key);

unsigned int tracing_map_size(const struct tracing_map *map);
unsigned int tracing_map_entries(const struct tracing_map *map);
u64 tracing_map_hits(const struct tracing_map *map);
u64 tracing_map_drops(const struct tracing_map *map);

/* An element's counters and variables, from any context. */
static inline void tracing_map_add_sum(struct tracing_map_elt *elt,
				       unsigned int i, u64 n)
{
	atomic64_add(n, &elt->sums[i]);
}

static inline u64 tracing_map_read_sum(const struct tracing_map_elt *elt,
				       unsigned int i)
{
	return (u64)atomic64_read(&elt->sums[i]);
}

void tracing_map_set_var(struct tracing_map_elt *elt, unsigned int i, u64 n);
bool tracing_map_var_is_set(const struct tracing_map_elt *elt,
			    unsigned int i);
u64 tracing_map_read_var(const struct tracing_map_elt *elt, unsigned int i);
bool tracing_map_take_var(struct tracing_map_elt *elt, unsigned int i,
			  u64 *val);

/*
 * Readers: the elements in use, sorted by the caller's comparison (@cmp
 * returns <0, 0, >0 as sort_r()'s does; @arg is handed to it).
 */
typedef int (*tracing_map_cmp_t)(const struct tracing_map_elt *a,
				 const struct tracing_map_elt *b,
				 const void *arg);
int tracing_map_sort(struct tracing_map *map, tracing_map_cmp_t cmp,
		     const void *arg, struct tracing_map_elt ***elts);
void tracing_map_sort_free(struct tracing_map_elt **elts);

#endif /* _KERNEL_TRACE_TRACING_MAP_H */
