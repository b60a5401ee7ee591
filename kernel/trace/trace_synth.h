/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic events (trace_events_synth.c): events defined at run time
 * by their fields alone, written by histogram actions (onmatch().x(),
 * trace()) and by the in-kernel synth_event_trace*() API.  They are
 * dynamic events: "s:[synthetic/]name fields" in dynamic_events, or
 * "name fields" in synthetic_events.
 */
#ifndef _KERNEL_TRACE_TRACE_SYNTH_H
#define _KERNEL_TRACE_TRACE_SYNTH_H

#include <linux/limits.h>
#include <linux/trace_events.h>

#include "trace_dynevent.h"

#define SYNTH_SYSTEM		"synthetic"
#define SYNTH_FIELDS_MAX	64
/* The longest string a char[N] field holds, NUL included. */
#define SYNTH_STR_MAX		256
/* That of a char[] field, as 6.12's (PATH_MAX, its probes' limit too). */
#define SYNTH_DYN_STR_MAX	PATH_MAX
/* The most entries an unsigned long[] (stack) field holds. */
#define SYNTH_STACK_MAX		16

/**
 * struct synth_field - a field of a synthetic event
 * @type: its C type as written ("pid_t", "char[16]", "char[]",
 *	"unsigned long[]")
 * @name: its name
 * @size: its size in the record (a dynamic field's: 8, the size of the
 *	slot its __data_loc word is in, as 6.12's format file shows)
 * @offset: its offset in the record
 * @is_signed: a signed integer
 * @is_string: char[N] or char[]
 * @is_dynamic: char[] or unsigned long[]: a __data_loc field
 * @is_stack: unsigned long[] (or the legacy "long[] stack")
 */
struct synth_field {
	char		*type;
	char		*name;
	unsigned int	size;
	unsigned int	offset;
	bool		is_signed;
	bool		is_string;
	bool		is_dynamic;
	bool		is_stack;
};

struct synth_event;

/*
 * The event named @name, or NULL.  Context: dyn_event_mutex held (so that
 * the event cannot be removed meanwhile).
 */
struct synth_event *synth_event_find(const char *name);

/*
 * A user of the event (a histogram action): while it is held the event
 * cannot be removed (-EBUSY).  Context: dyn_event_mutex held.
 */
void synth_event_get(struct synth_event *se);
void synth_event_put(struct synth_event *se);

const char *synth_event_name(const struct synth_event *se);
unsigned int synth_event_n_fields(const struct synth_event *se);
const struct synth_field *synth_event_field(const struct synth_event *se,
					    unsigned int i);
struct trace_event_call *synth_event_call(struct synth_event *se);

/*
 * Write an instance of the event into every session that has it enabled
 * (or in soft mode, for its triggers), from any context.  @vals[i] is
 * field i's value: an integer, zero-extended or sign-extended to u64; for
 * a string field the address of a NUL-terminated string (at most
 * SYNTH_STR_MAX bytes are taken); for a stack field the address of an
 * array of unsigned long ending at the first 0 or after SYNTH_STACK_MAX
 * entries.
 */
void synth_event_fire(struct synth_event *se, const u64 *vals);

/* trace_events_synth.c, for the kernel API (trace_events_synth_api.c) */
int synth_event_run(const char *cmd, struct module *mod);
bool synth_type_valid(const char *type);
struct synth_event *synth_event_of_file(struct trace_event_file *file);
int synth_event_write(struct synth_event *se, struct trace_event_file *file,
		      const u64 *vals);
unsigned int synth_event_fixed_size(const struct synth_event *se);

/*
 * An integer field's value in its 8-byte slot of the record, the rest of
 * the slot zeroed: a reader of the whole u64 sees no stale bytes.
 */
static inline void synth_slot_store(u8 *p, unsigned int size, u64 val)
{
	union {
		u64	q;
		u32	d;
		u16	w;
		u8	b;
	} *slot = (void *)p;

	slot->q = 0;
	if (size == 1)
		slot->b = val;
	else if (size == 2)
		slot->w = val;
	else if (size == 4)
		slot->d = val;
	else
		slot->q = val;
}

#endif /* _KERNEL_TRACE_TRACE_SYNTH_H */
