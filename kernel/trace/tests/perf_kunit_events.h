/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Events for the KUnit tests that compare the perf record of an event
 * with its ftrace record (perf_trace_kunit.c): one event of fixed-size
 * fields, with holes between them, one of variable-length fields, and
 * one of the same kinds in their __rel_ forms.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM perf_kunit

#if !defined(_PERF_KUNIT_EVENTS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _PERF_KUNIT_EVENTS_H

#include <linux/cpumask.h>
#include <linux/tracepoint.h>

/* Fixed fields: integers of each size and sign, a char array, bytes. */
TRACE_EVENT(perf_kunit_fixed,

	TP_PROTO(u64 big, s8 small, u16 mid, const char *name, int neg),

	TP_ARGS(big, small, mid, name, neg),

	TP_STRUCT__entry(
		__field(u64, big)
		__field(s8, small)
		__field(u16, mid)
		__array(char, name, 16)
		__array(u8, bytes, 3)
		__field(bool, odd)
		__field(int, neg)
	),

	TP_fast_assign(
		__entry->big = big;
		__entry->small = small;
		__entry->mid = mid;
		memcpy(__entry->name, name, 16);
		__entry->bytes[0] = small;
		__entry->bytes[1] = mid;
		__entry->bytes[2] = big;
		__entry->odd = big & 1;
		__entry->neg = neg;
	),

	TP_printk("big=%llu small=%d mid=%u name=%s odd=%d neg=%d",
		  __entry->big, __entry->small, __entry->mid, __entry->name,
		  __entry->odd, __entry->neg)
);

/* Variable-length fields: strings, an array, a bitmask, a cpumask. */
TRACE_EVENT(perf_kunit_dynamic,

	TP_PROTO(const char *str, int part_len, const u32 *vals, int nr,
		 const unsigned long *bits, int nr_bits,
		 const struct cpumask *cpus),

	TP_ARGS(str, part_len, vals, nr, bits, nr_bits, cpus),

	TP_STRUCT__entry(
		__field(int, nr)
		__string(str, str)
		__string_len(part, str, part_len)
		__dynamic_array(u32, vals, nr)
		__bitmask(bits, nr_bits)
		__cpumask(cpus)
	),

	TP_fast_assign(
		__entry->nr = nr;
		__assign_str(str);
		__assign_str(part);
		memcpy(__get_dynamic_array(vals), vals, nr * sizeof(u32));
		__assign_bitmask(bits, bits, nr_bits);
		__assign_cpumask(cpus, cpumask_bits(cpus));
	),

	TP_printk("nr=%d str=%s part=%s bits=%s cpus=%s", __entry->nr,
		  __get_str(str), __get_str(part), __get_bitmask(bits),
		  __get_cpumask(cpus))
);

/* The same kinds in their __rel_ forms, located from the field's end. */
TRACE_EVENT(perf_kunit_rel,

	TP_PROTO(const char *str, const u16 *vals, int nr,
		 const unsigned long *bits, int nr_bits,
		 const struct cpumask *cpus),

	TP_ARGS(str, vals, nr, bits, nr_bits, cpus),

	TP_STRUCT__entry(
		__rel_string(str, str)
		__field(short, nr)
		__rel_dynamic_array(u16, vals, nr)
		__rel_bitmask(bits, nr_bits)
		__rel_cpumask(cpus)
	),

	TP_fast_assign(
		__assign_rel_str(str);
		__entry->nr = nr;
		memcpy(__get_rel_dynamic_array(vals), vals, nr * sizeof(u16));
		__assign_rel_bitmask(bits, bits, nr_bits);
		__assign_rel_cpumask(cpus, cpumask_bits(cpus));
	),

	TP_printk("str=%s nr=%d bits=%s cpus=%s", __get_rel_str(str),
		  __entry->nr, __get_rel_bitmask(bits), __get_rel_cpumask(cpus))
);

#endif /* _PERF_KUNIT_EVENTS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE perf_kunit_events
#include <trace/define_trace.h>
