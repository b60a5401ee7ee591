/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Events for the KUnit tests of the TRACE_EVENT machinery: one of each
 * field kind, each TP_printk() helper, and each way of declaring an
 * event.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tev_kunit

#if !defined(_TEV_KUNIT_EVENTS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TEV_KUNIT_EVENTS_H

#include <linux/tracepoint.h>

/* Types and constants: once, however often the header is read. */
#ifndef _TEV_KUNIT_TYPES
#define _TEV_KUNIT_TYPES
enum tev_kunit_color { TEV_RED = 1, TEV_GREEN = 2, TEV_BLUE = 7 };
#define TEV_FLAG_A	0x1
#define TEV_FLAG_B	0x4
#endif

TRACE_DEFINE_ENUM(TEV_RED);
TRACE_DEFINE_ENUM(TEV_GREEN);
TRACE_DEFINE_ENUM(TEV_BLUE);

/* Every fixed-size field kind, and the print helpers for them. */
TRACE_EVENT(tev_fixed,

	TP_PROTO(char c, short s, int i, long l, u64 u, const u8 *bytes,
		 unsigned long flags, int color),

	TP_ARGS(c, s, i, l, u, bytes, flags, color),

	TP_STRUCT__entry(
		__field(char, c)
		__field(short, s)
		__field(int, i)
		__field(long, l)
		__field(u64, u)
		__array(u8, bytes, 6)
		__field(unsigned long, flags)
		__field(int, color)
	),

	TP_fast_assign(
		__entry->c = c;
		__entry->s = s;
		__entry->i = i;
		__entry->l = l;
		__entry->u = u;
		memcpy(__entry->bytes, bytes, 6);
		__entry->flags = flags;
		__entry->color = color;
	),

	TP_printk("c=%d s=%d i=%d l=%ld u=%llu bytes=%s flags=%s color=%s",
		  __entry->c, __entry->s, __entry->i, __entry->l, __entry->u,
		  __print_hex(__entry->bytes, 6),
		  __print_flags(__entry->flags, "|",
				{ TEV_FLAG_A, "A" }, { TEV_FLAG_B, "B" }),
		  __print_symbolic(__entry->color,
				   { TEV_RED, "red" }, { TEV_GREEN, "green" },
				   { TEV_BLUE, "blue" }))
);

/* Variable-length fields: strings, arrays, bitmasks, __rel_ forms. */
TRACE_EVENT(tev_dynamic,

	TP_PROTO(const char *name, const char *part, int part_len,
		 const u32 *vals, int nr_vals, const unsigned long *mask,
		 int nr_bits),

	TP_ARGS(name, part, part_len, vals, nr_vals, mask, nr_bits),

	TP_STRUCT__entry(
		__field(int, nr_vals)
		__string(name, name)
		__string_len(part, part, part_len)
		__dynamic_array(u32, vals, nr_vals)
		__bitmask(mask, nr_bits)
		__rel_string(rname, name)
	),

	TP_fast_assign(
		__entry->nr_vals = nr_vals;
		__assign_str(name);
		__assign_str(part);
		memcpy(__get_dynamic_array(vals), vals, nr_vals * sizeof(u32));
		__assign_bitmask(mask, mask, nr_bits);
		__assign_rel_str(rname);
	),

	TP_printk("name=%s part=%s vals=%s mask=%s rname=%s",
		  __get_str(name), __get_str(part),
		  __print_array(__get_dynamic_array(vals), __entry->nr_vals,
				sizeof(u32)),
		  __get_bitmask(mask), __get_rel_str(rname))
);

/* A CPU number and sets of CPUs, for the filters' CPUS{...}. */
TRACE_EVENT(tev_cpus,

	TP_PROTO(int target, const struct cpumask *mask),

	TP_ARGS(target, mask),

	TP_STRUCT__entry(
		__field(int, target)
		__cpumask(cpus)
		__rel_cpumask(rcpus)
	),

	TP_fast_assign(
		__entry->target = target;
		__assign_cpumask(cpus, cpumask_bits(mask));
		__assign_rel_cpumask(rcpus, cpumask_bits(mask));
	),

	TP_printk("target=%d cpus=%s rcpus=%s", __entry->target,
		  __get_cpumask(cpus), __get_rel_cpumask(rcpus))
);

/* A class and its events, with a condition and a print of their own. */
DECLARE_EVENT_CLASS(tev_class,

	TP_PROTO(int v),

	TP_ARGS(v),

	TP_STRUCT__entry(
		__field(int, v)
	),

	TP_fast_assign(
		__entry->v = v;
	),

	TP_printk("v=%d", __entry->v)
);

DEFINE_EVENT(tev_class, tev_plain,
	TP_PROTO(int v),
	TP_ARGS(v)
);

DEFINE_EVENT_CONDITION(tev_class, tev_odd,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_CONDITION(v & 1)
);

DEFINE_EVENT_PRINT(tev_class, tev_hex,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_printk("v=0x%x secs=%llu", __entry->v,
		  (unsigned long long)__print_ns_to_secs(__entry->v * 1000000000ULL))
);

#endif /* _TEV_KUNIT_EVENTS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE tev_kunit_events
#include <trace/define_trace.h>
