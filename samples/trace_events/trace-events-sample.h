/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tour of TRACE_EVENT(), for kernel developers adding events.
 *
 * An event header is read several times: once by every file that
 * includes it (declaring trace_<event>() and friends) and, in the one
 * file that defines CREATE_TRACE_POINTS first, again and again by
 * <trace/define_trace.h>, which turns each definition into a record
 * layout, a probe, a print function and a format file.  Hence the odd
 * include guard below: it lets the header be read again when
 * TRACE_HEADER_MULTI_READ is set.
 *
 * The events appear in tracefs as events/sample-trace/<event>/.
 */

/* The system: the directory under events/.  Set before the guard. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sample-trace

/*
 * "sample-trace" is not a C identifier, and the machinery needs one to
 * name a variable after the system: TRACE_SYSTEM_VAR gives it.
 */
#undef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR sample_trace

#if !defined(_TRACE_EVENT_SAMPLE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_EVENT_SAMPLE_H

#include <linux/tracepoint.h>

/*
 * Types, constants and helpers must be defined once only, however often
 * the header is read: give them a guard of their own.
 */
#ifndef _SAMPLE_TRACE_TYPES
#define _SAMPLE_TRACE_TYPES
enum sample_state { SAMPLE_IDLE, SAMPLE_BUSY, SAMPLE_DONE };

#define SAMPLE_FLAG_NEW		0x01
#define SAMPLE_FLAG_BIG		0x02
#define SAMPLE_FLAG_ODD		0x04

/* Used by TP_fast_assign() below: plain C, called only when enabled. */
static inline int sample_digits(int n)
{
	int d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}
#endif

/*
 * TP_printk() may show an enum by name: TRACE_DEFINE_ENUM() tells the
 * format file the value behind each name, so that user-space tools that
 * parse the print format (trace-cmd, perf) can decode it too.
 */
TRACE_DEFINE_ENUM(SAMPLE_IDLE);
TRACE_DEFINE_ENUM(SAMPLE_BUSY);
TRACE_DEFINE_ENUM(SAMPLE_DONE);

/*
 * The full form.  TRACE_EVENT(name, proto, args, struct, assign, print):
 *
 *  TP_PROTO	the prototype of trace_sample_fields(): what the call site passes
 *  TP_ARGS	the same names, without types
 *  TP_STRUCT__entry
 *		the record: what is copied into the ring buffer.  Fields
 *		of fixed size are written with __field() and __array();
 *		variable-length ones with __string(), __dynamic_array() and
 *		friends (each costs a 4-byte location word in the record
 *		plus its data after the fixed part)
 *  TP_fast_assign
 *		fills the record in.  __entry is the record.  This runs
 *		only when the event is enabled
 *  TP_printk	how the trace file prints the record.  It runs when the
 *		trace is read, not when it is written, so it may only use
 *		the record (__entry), never the arguments
 */
TRACE_EVENT(sample_fields,

	TP_PROTO(const char *name, int count, const int *lst, int nr,
		 const char *string, const struct cpumask *mask,
		 const char *fmt, va_list *va),

	TP_ARGS(name, count, lst, nr, string, mask, fmt, va),

	TP_STRUCT__entry(
		/* A fixed-size array: here, 10 bytes of text. */
		__array(char, name, 10)
		/* One value. */
		__field(int, count)
		/* An array whose length is decided at each call. */
		__dynamic_array(int, list, nr)
		/* A copy of a string, as long as the string. */
		__string(str, string)
		/* A bitmap of nr_cpumask_bits bits, printed as a cpumask. */
		__bitmask(cpus, num_possible_cpus())
		/* The same, with the cpumask type. */
		__cpumask(cpum)
		/* Text formatted at the call (printf-like) into the record. */
		__vstring(vstr, fmt, va)
		/* A string of a given length: here the name's first 3 bytes. */
		__string_len(lstr, name, strnlen(name, 3))
	),

	TP_fast_assign(
		strscpy(__entry->name, name, 10);
		__entry->count = count;
		memcpy(__get_dynamic_array(list), lst, nr * sizeof(int));
		/* Strings need no length here: __string() recorded it. */
		__assign_str(str);
		__assign_str(lstr);
		__assign_vstr(vstr, fmt, va);
		__assign_bitmask(cpus, cpumask_bits(mask), num_possible_cpus());
		__assign_cpumask(cpum, cpumask_bits(mask));
	),

	/*
	 * The helpers: __get_str() for a __string(), __print_array() for
	 * an array of numbers, __get_bitmask() and __get_cpumask() for
	 * bitmaps, __print_symbolic() to show a value by name.
	 */
	TP_printk("name=%s count=%d list=%s state=%s str=%s lstr=%s cpus=%s cpumask=%s vstr=%s",
		  __entry->name, __entry->count,
		  __print_array(__get_dynamic_array(list),
				__get_dynamic_array_len(list) / sizeof(int),
				sizeof(int)),
		  __print_symbolic(__entry->count % 3,
				   { SAMPLE_IDLE, "idle" },
				   { SAMPLE_BUSY, "busy" },
				   { SAMPLE_DONE, "done" }),
		  __get_str(str), __get_str(lstr),
		  __get_bitmask(cpus), __get_cpumask(cpum),
		  __get_str(vstr))
);

/*
 * An event that records only when a condition holds, tested after the
 * static key, before any of the record is built: cheaper than an if()
 * around the call site when the event is off.
 */
TRACE_EVENT_CONDITION(sample_every_tenth,

	TP_PROTO(const char *name, int count),

	TP_ARGS(name, count),

	TP_CONDITION(!(count % 10)),

	TP_STRUCT__entry(
		__string(name, name)
		__field(int, count)
	),

	TP_fast_assign(
		__assign_str(name);
		__entry->count = count;
	),

	TP_printk("name=%s count=%d", __get_str(name), __entry->count)
);

/*
 * TRACE_EVENT_FN() adds two functions: called before the first probe is
 * attached and after the last is detached.  The sample uses them to run
 * a second thread only while this event is enabled.
 */
int sample_fn_reg(void);
void sample_fn_unreg(void);

TRACE_EVENT_FN(sample_fn,

	TP_PROTO(const char *name, int count),

	TP_ARGS(name, count),

	TP_STRUCT__entry(
		__string(name, name)
		__field(int, count)
	),

	TP_fast_assign(
		__assign_str(name);
		__entry->count = count;
	),

	TP_printk("name=%s count=%d", __get_str(name), __entry->count),

	sample_fn_reg, sample_fn_unreg
);

/*
 * Many events with one layout: declare the class once, then each event
 * with DEFINE_EVENT().  They share the probe and the print function,
 * which saves kernel text for each event beyond the first.
 */
DECLARE_EVENT_CLASS(sample_class,

	TP_PROTO(const char *name, int count, unsigned long flags),

	TP_ARGS(name, count, flags),

	TP_STRUCT__entry(
		__string(name, name)
		__field(int, count)
		__field(unsigned long, flags)
		/* __rel_ forms: the location is relative to the word itself. */
		__rel_string(rname, name)
	),

	TP_fast_assign(
		__assign_str(name);
		__entry->count = count;
		__entry->flags = flags;
		__assign_rel_str(rname);
	),

	/* __print_flags() names each set bit; leftovers print in hex. */
	TP_printk("name=%s count=%d digits=%d flags=%s rname=%s", __get_str(name),
		  __entry->count, sample_digits(__entry->count),
		  __print_flags(__entry->flags, "|",
				{ SAMPLE_FLAG_NEW, "NEW" },
				{ SAMPLE_FLAG_BIG, "BIG" },
				{ SAMPLE_FLAG_ODD, "ODD" }),
		  __get_rel_str(rname))
);

DEFINE_EVENT(sample_class, sample_class_plain,
	TP_PROTO(const char *name, int count, unsigned long flags),
	TP_ARGS(name, count, flags));

/* A class member with a condition of its own. */
DEFINE_EVENT_CONDITION(sample_class, sample_class_big,
	TP_PROTO(const char *name, int count, unsigned long flags),
	TP_ARGS(name, count, flags),
	TP_CONDITION(flags & SAMPLE_FLAG_BIG));

/* A class member with reg/unreg functions (here, the same as above). */
DEFINE_EVENT_FN(sample_class, sample_class_fn,
	TP_PROTO(const char *name, int count, unsigned long flags),
	TP_ARGS(name, count, flags),
	sample_fn_reg, sample_fn_unreg);

/*
 * A class member printed differently: same record, its own TP_printk().
 * __print_ns_to_secs() and __print_ns_without_secs() split nanoseconds.
 */
DEFINE_EVENT_PRINT(sample_class, sample_class_print,
	TP_PROTO(const char *name, int count, unsigned long flags),
	TP_ARGS(name, count, flags),
	TP_printk("name=%s count=%d as time %llu.%09u", __get_str(name), __entry->count,
		  (unsigned long long)__print_ns_to_secs(__entry->count * 1000000ULL),
		  (unsigned int)__print_ns_without_secs(__entry->count * 1000000ULL)));

/*
 * Bytes shown in hex: __print_hex() spaced, __print_hex_str() joined.
 */
TRACE_EVENT(sample_bytes,

	TP_PROTO(const u8 *bytes, int len),

	TP_ARGS(bytes, len),

	TP_STRUCT__entry(
		__dynamic_array(u8, bytes, len)
	),

	TP_fast_assign(
		memcpy(__get_dynamic_array(bytes), bytes, len);
	),

	TP_printk("spaced=%s joined=%s",
		  __print_hex(__get_dynamic_array(bytes),
			      __get_dynamic_array_len(bytes)),
		  __print_hex_str(__get_dynamic_array(bytes),
				  __get_dynamic_array_len(bytes)))
);

#endif /* _TRACE_EVENT_SAMPLE_H */

/*
 * Outside the guard: the header names itself for the repeated reads.
 * The path is relative to the compiler's include path, which the
 * Makefile extends with this directory.
 */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace-events-sample
#include <trace/define_trace.h>
