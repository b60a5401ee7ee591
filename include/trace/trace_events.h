/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Turn the TRACE_EVENT() definitions of one event header into events.
 *
 * <trace/define_trace.h> includes this file in the one .c file that
 * defines CREATE_TRACE_POINTS, after it has defined the tracepoints.
 * This file reads the event header five more times, each time giving
 * the macros of TRACE_EVENT() another meaning:
 *
 *   pass 1  struct trace_event_raw_<class>: the record in the ring buffer
 *   pass 2  struct trace_event_data_offsets_<class>: where each
 *           variable-length field goes, worked out before reserving
 *   pass 3  trace_event_get_offsets_<class>(): fills that in, returns the
 *           size of the variable part
 *   pass 4  trace_event_raw_event_<class>(): the probe that writes a
 *           record; trace_raw_output_<class>(): the function that prints
 *           one for the trace file; then <trace/perf.h> reads the header
 *           once more for perf_trace_<class>(), the perf probe
 *   pass 5  the field table behind the format file, the print format,
 *           the class and one &struct trace_event_call per event, listed
 *           in the _ftrace_events section for the events layer to find
 *
 * Passes 4 and 5 each cover two jobs because those jobs give the field
 * macros the same meaning (in pass 4, where the probe and the print
 * function both call their record "entry").
 *
 * A record is &struct trace_entry, then the fixed fields in declaration
 * order, then the variable-length data.  A variable field is a u32 in
 * the fixed part: the data's length in the high 16 bits and its offset
 * in the low 16, counted from the start of the record (__data_loc) or
 * from the end of the u32 itself (__rel_loc).
 */
#include <linux/trace_events.h>

#ifndef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR TRACE_SYSTEM
#define __TEV_UNDEF_SYSTEM_VAR
#endif

/* The header's system name, once per header: str__<system>__trace_system_name */
#define __TEV_PASTE2(a, b)	str__##a##b
#define __TEV_PASTE(a, b)	__TEV_PASTE2(a, b)
#undef TRACE_SYSTEM_STRING
#define TRACE_SYSTEM_STRING	__TEV_PASTE(TRACE_SYSTEM_VAR, __trace_system_name)

static const char TRACE_SYSTEM_STRING[] = __stringify(TRACE_SYSTEM);

/*
 * Every form of the family comes down to a class and its events; each
 * pass then defines only DECLARE_EVENT_CLASS, DEFINE_EVENT and
 * DEFINE_EVENT_PRINT.  Conditions and reg/unreg hooks belong to the
 * tracepoint, which <trace/define_trace.h> has defined already.
 */
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)) \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign,	\
			      print)					\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print,	\
		       reg, unreg)					\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

/* Bare tracepoints and the NOP forms have no event. */
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)

/* Permissions for perf, and flags set on an event: pass 5's. */
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(event, flag)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(event, expr...)

#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)

#undef TP_STRUCT__entry
#define TP_STRUCT__entry(args...) args
#undef TP_fast_assign
#define TP_fast_assign(args...) args
#undef TP_perf_assign
#define TP_perf_assign(args...)

/* Perf's annotations of tracepoint arguments mean nothing to ftrace. */
#undef __perf_count
#define __perf_count(c)	(c)
#undef __perf_task
#define __perf_task(t)	(t)

/*
 * The field macros, undefined before each pass defines them anew.
 */
#include <trace/trace_events_fields.h>

/* ---- pass 1: the record ------------------------------------------ */

#define __field(type, item)			type item;
#define __field_ext(type, item, filter_type)	type item;
#define __field_struct(type, item)		type item;
#define __field_struct_ext(type, item, filter_type) type item;
#define __array(type, item, len)		type item[len];
#define __dynamic_array(type, item, len)	u32 __data_loc_##item;
#define __string(item, src)			u32 __data_loc_##item;
#define __string_len(item, src, len)		u32 __data_loc_##item;
#define __vstring(item, fmt, ap)		u32 __data_loc_##item;
#define __bitmask(item, nr_bits)		u32 __data_loc_##item;
#define __cpumask(item)				u32 __data_loc_##item;
#define __sockaddr(item, len)			u32 __data_loc_##item;
#define __rel_dynamic_array(type, item, len)	u32 __rel_loc_##item;
#define __rel_string(item, src)			u32 __rel_loc_##item;
#define __rel_string_len(item, src, len)	u32 __rel_loc_##item;
#define __rel_bitmask(item, nr_bits)		u32 __rel_loc_##item;
#define __rel_cpumask(item)			u32 __rel_loc_##item;
#define __rel_sockaddr(item, len)		u32 __rel_loc_##item;

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	struct trace_event_raw_##name {					\
		struct trace_entry	ent;				\
		tstruct							\
		char			__data[];			\
	};

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* ---- pass 2: where the variable-length fields go ------------------- */

#include <trace/trace_events_fields.h>

/* Each variable field: its __data_loc word, and the source to copy from. */
#define __TEV_DYN(item)		u32 item; const void *item##_ptr_;

#define __field(type, item)
#define __field_ext(type, item, filter_type)
#define __field_struct(type, item)
#define __field_struct_ext(type, item, filter_type)
#define __array(type, item, len)
#define __dynamic_array(type, item, len)	__TEV_DYN(item)
#define __string(item, src)			__TEV_DYN(item)
#define __string_len(item, src, len)		__TEV_DYN(item)
#define __vstring(item, fmt, ap)		__TEV_DYN(item)
#define __bitmask(item, nr_bits)		__TEV_DYN(item)
#define __cpumask(item)				__TEV_DYN(item)
#define __sockaddr(item, len)			__TEV_DYN(item)
#define __rel_dynamic_array(type, item, len)	__TEV_DYN(item)
#define __rel_string(item, src)			__TEV_DYN(item)
#define __rel_string_len(item, src, len)	__TEV_DYN(item)
#define __rel_bitmask(item, nr_bits)		__TEV_DYN(item)
#define __rel_cpumask(item)			__TEV_DYN(item)
#define __rel_sockaddr(item, len)		__TEV_DYN(item)

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	struct trace_event_data_offsets_##name {			\
		tstruct							\
		int __tev_unused;					\
	};

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef __TEV_DYN

/* ---- pass 3: sizes and offsets of the variable-length fields ------- */

#include <trace/trace_events_fields.h>

/*
 * __TEV_PLACE(item, bytes, base): give the next @bytes of the variable
 * part to @item.  @base is what the offset is counted from: 0 for a
 * __data_loc, the end of the __rel_loc word for a __rel_loc.
 */
#define __TEV_PLACE(item, bytes, base)					\
	do {								\
		u32 __len = (bytes);					\
									\
		__o->item = (offsetof(typeof(*__rec), __data) + __size -	\
			     (base)) | (__len << 16);			\
		__size += __len;					\
	} while (0);

#define __TEV_REL_BASE(item)						\
	(offsetof(typeof(*__rec), __rel_loc_##item) + sizeof(u32))

/* A __field() naming an array (__field(int, a[4])) does not compile. */
#define __TEV_NOT_ARRAY(item)	(void)sizeof(struct __tev_no_array_##item *);

#define __field(type, item)			__TEV_NOT_ARRAY(item)
#define __field_ext(type, item, filter_type)	__TEV_NOT_ARRAY(item)
#define __field_struct(type, item)		__TEV_NOT_ARRAY(item)
#define __field_struct_ext(type, item, filter_type) __TEV_NOT_ARRAY(item)
#define __array(type, item, len)
#define __dynamic_array(type, item, len)				\
	__TEV_PLACE(item, (len) * sizeof(type), 0)
#define __string(item, src)						\
	__o->item##_ptr_ = (src);					\
	__TEV_PLACE(item, strlen(trace_event_str_or_null(src)) + 1, 0)
#define __string_len(item, src, len)					\
	__o->item##_ptr_ = (src);					\
	__TEV_PLACE(item, (len) + 1, 0)
#define __vstring(item, fmt, ap)					\
	__TEV_PLACE(item, __trace_event_vstr_len(fmt, ap), 0)
#define __bitmask(item, nr_bits)					\
	__TEV_PLACE(item, BITS_TO_LONGS(nr_bits) * sizeof(long), 0)
#define __cpumask(item)							\
	__TEV_PLACE(item, BITS_TO_LONGS(nr_cpumask_bits) * sizeof(long), 0)
#define __sockaddr(item, len)						\
	__TEV_PLACE(item, (len), 0)
#define __rel_dynamic_array(type, item, len)				\
	__TEV_PLACE(item, (len) * sizeof(type), __TEV_REL_BASE(item))
#define __rel_string(item, src)						\
	__o->item##_ptr_ = (src);					\
	__TEV_PLACE(item, strlen(trace_event_str_or_null(src)) + 1,	\
		    __TEV_REL_BASE(item))
#define __rel_string_len(item, src, len)				\
	__o->item##_ptr_ = (src);					\
	__TEV_PLACE(item, (len) + 1, __TEV_REL_BASE(item))
#define __rel_bitmask(item, nr_bits)					\
	__TEV_PLACE(item, BITS_TO_LONGS(nr_bits) * sizeof(long),	\
		    __TEV_REL_BASE(item))
#define __rel_cpumask(item)						\
	__TEV_PLACE(item, BITS_TO_LONGS(nr_cpumask_bits) * sizeof(long), \
		    __TEV_REL_BASE(item))
#define __rel_sockaddr(item, len)					\
	__TEV_PLACE(item, (len), __TEV_REL_BASE(item))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	static inline notrace int trace_event_get_offsets_##name(	\
		struct trace_event_data_offsets_##name *__o, proto)	\
	{								\
		struct trace_event_raw_##name *__rec __maybe_unused;	\
		int __size = 0;						\
									\
		tstruct							\
		return __size;						\
	}

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef __TEV_PLACE
#undef __TEV_REL_BASE
#undef __TEV_NOT_ARRAY

/* ---- pass 4: the probe and the print function ---------------------- */

#include <trace/trace_events_fields.h>

/*
 * The record is called entry in both functions (event headers may use
 * that name in TP_fast_assign(), as upstream's expansion allows); the
 * field macros only store the __data_loc words worked out in pass 3.
 */
#define __entry entry

#define __TEV_LOC(item)		__entry->__data_loc_##item = __o.item;
#define __TEV_REL(item)		__entry->__rel_loc_##item = __o.item;

#define __field(type, item)
#define __field_ext(type, item, filter_type)
#define __field_struct(type, item)
#define __field_struct_ext(type, item, filter_type)
#define __array(type, item, len)
#define __dynamic_array(type, item, len)	__TEV_LOC(item)
#define __string(item, src)			__TEV_LOC(item)
#define __string_len(item, src, len)		__TEV_LOC(item)
#define __vstring(item, fmt, ap)		__TEV_LOC(item)
#define __bitmask(item, nr_bits)		__TEV_LOC(item)
#define __cpumask(item)				__TEV_LOC(item)
#define __sockaddr(item, len)			__TEV_LOC(item)
#define __rel_dynamic_array(type, item, len)	__TEV_REL(item)
#define __rel_string(item, src)			__TEV_REL(item)
#define __rel_string_len(item, src, len)	__TEV_REL(item)
#define __rel_bitmask(item, nr_bits)		__TEV_REL(item)
#define __rel_cpumask(item)			__TEV_REL(item)
#define __rel_sockaddr(item, len)		__TEV_REL(item)

/* Reading the variable-length fields (TP_printk, and TP_fast_assign). */
#define __get_dynamic_array(field)					\
	((void *)__entry + (__entry->__data_loc_##field & 0xffff))
#define __get_dynamic_array_len(field)					\
	((__entry->__data_loc_##field >> 16) & 0xffff)
#define __get_str(field)	((char *)__get_dynamic_array(field))
/*
 * From the record's start, not from &__entry->__rel_loc_##field: with
 * FORTIFY_SOURCE a pointer into that u32 may not reach past it.
 */
#define __get_rel_dynamic_array(field)					\
	((void *)__entry + offsetof(typeof(*__entry), __rel_loc_##field) + \
	 sizeof(u32) + (__entry->__rel_loc_##field & 0xffff))
#define __get_rel_dynamic_array_len(field)				\
	((__entry->__rel_loc_##field >> 16) & 0xffff)
#define __get_rel_str(field)	((char *)__get_rel_dynamic_array(field))
#define __get_sockaddr(field)	((struct sockaddr *)__get_dynamic_array(field))
#define __get_rel_sockaddr(field)					\
	((struct sockaddr *)__get_rel_dynamic_array(field))

/* Filling them in (TP_fast_assign). */
#define __TEV_COPY_STR(dst, len, src)					\
	do {								\
		int __n = (len) - 1;					\
									\
		memcpy(dst, trace_event_str_or_null(src), __n);		\
		(dst)[__n] = '\0';					\
	} while (0)
#define __assign_str(dst)						\
	__TEV_COPY_STR(__get_str(dst), __get_dynamic_array_len(dst),	\
		       __o.dst##_ptr_)
#define __assign_rel_str(dst)						\
	__TEV_COPY_STR(__get_rel_str(dst),				\
		       __get_rel_dynamic_array_len(dst), __o.dst##_ptr_)
#define __assign_vstr(dst, fmt, va)					\
	__trace_event_assign_vstr(__get_str(dst),			\
				  __get_dynamic_array_len(dst), fmt, va)
#define __assign_bitmask(dst, src, nr_bits)				\
	memcpy(__get_dynamic_array(dst), (src), __get_dynamic_array_len(dst))
#define __assign_cpumask(dst, src)					\
	memcpy(__get_dynamic_array(dst), (src), __get_dynamic_array_len(dst))
#define __assign_sockaddr(dst, src, len)				\
	memcpy(__get_dynamic_array(dst), (src), (len))
#define __assign_rel_bitmask(dst, src, nr_bits)				\
	memcpy(__get_rel_dynamic_array(dst), (src),			\
	       __get_rel_dynamic_array_len(dst))
#define __assign_rel_cpumask(dst, src)					\
	memcpy(__get_rel_dynamic_array(dst), (src),			\
	       __get_rel_dynamic_array_len(dst))
#define __assign_rel_sockaddr(dst, src, len)				\
	memcpy(__get_rel_dynamic_array(dst), (src), (len))

/* The TP_printk() helpers: each formats into the scratch trace_seq p. */
#define __get_bitmask(field)						\
	trace_print_bitmask_seq(p, __get_dynamic_array(field),		\
				__get_dynamic_array_len(field))
#define __get_cpumask(field)	__get_bitmask(field)
#define __get_rel_bitmask(field)					\
	trace_print_bitmask_seq(p, __get_rel_dynamic_array(field),	\
				__get_rel_dynamic_array_len(field))
#define __get_rel_cpumask(field)	__get_rel_bitmask(field)
#define __print_flags(flag, delim, flag_array...)			\
	({								\
		static const struct trace_print_flags __tbl[] =	\
			{ flag_array, { -1, NULL } };			\
		trace_print_flags_seq(p, delim, flag, __tbl);		\
	})
#define __print_symbolic(value, symbol_array...)			\
	({								\
		static const struct trace_print_flags __tbl[] =	\
			{ symbol_array, { -1, NULL } };			\
		trace_print_symbols_seq(p, value, __tbl);		\
	})
#if BITS_PER_LONG == 32
#define __print_flags_u64(flag, delim, flag_array...)			\
	({								\
		static const struct trace_print_flags_u64 __tbl[] =	\
			{ flag_array, { -1, NULL } };			\
		trace_print_flags_seq_u64(p, delim, flag, __tbl);	\
	})
#define __print_symbolic_u64(value, symbol_array...)			\
	({								\
		static const struct trace_print_flags_u64 __tbl[] =	\
			{ symbol_array, { -1, NULL } };			\
		trace_print_symbols_seq_u64(p, value, __tbl);		\
	})
#else
#define __print_flags_u64(flag, delim, flag_array...)			\
	__print_flags(flag, delim, flag_array)
#define __print_symbolic_u64(value, symbol_array...)			\
	__print_symbolic(value, symbol_array)
#endif
#define __print_hex(buf, buf_len)					\
	trace_print_hex_seq(p, buf, buf_len, false)
#define __print_hex_str(buf, buf_len)					\
	trace_print_hex_seq(p, buf, buf_len, true)
#define __print_array(array, count, el_size)				\
	({								\
		BUILD_BUG_ON((el_size) != 1 && (el_size) != 2 &&	\
			     (el_size) != 4 && (el_size) != 8);		\
		trace_print_array_seq(p, array, count, el_size);	\
	})
#define __print_dynamic_array(array, el_size)				\
	__print_array(__get_dynamic_array(array),			\
		      __get_dynamic_array_len(array) / (el_size), (el_size))
#define __print_hex_dump(prefix_str, prefix_type, rowsize, groupsize,	\
			 buf, len, ascii)				\
	trace_print_hex_dump_seq(p, prefix_str, prefix_type, rowsize,	\
				 groupsize, buf, len, ascii)
#define __print_ns_to_secs(value)	div_u64((u64)(value), NSEC_PER_SEC)
#define __print_ns_without_secs(value)					\
	({								\
		u32 __rem;						\
									\
		div_u64_rem((u64)(value), NSEC_PER_SEC, &__rem);	\
		__rem;							\
	})
#define __get_buf(len)		trace_seq_acquire(p, (len))

#undef TP_printk
#define TP_printk(fmt, args...)	fmt "\n", args

/*
 * The probe, attached to the tracepoint while the event is enabled, with
 * the event's &struct trace_event_file as its data: it reserves the
 * record in the ring buffer, fills it in place and commits it.
 */
#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	static notrace void						\
	trace_event_raw_event_##name(void *__data, proto)		\
	{								\
		struct trace_event_data_offsets_##name __o __uninitialized; \
		struct trace_event_buffer __fb __uninitialized;		\
		struct trace_event_raw_##name *entry;			\
		int __size;						\
									\
		__size = trace_event_get_offsets_##name(&__o, args);	\
		entry = trace_event_buffer_reserve(&__fb, __data,	\
					sizeof(*entry) + __size);	\
		if (!entry)						\
			return;						\
		tstruct							\
		{ assign; }						\
		trace_event_buffer_commit(&__fb);			\
	}								\
	__TEV_OUTPUT(name, name, PARAMS(print))

/* A DEFINE_EVENT_PRINT() event prints its own way, from its class's record. */
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	__TEV_OUTPUT(template, name, PARAMS(print))

/*
 * The print function of event @fn, whose record is @template's: "name: "
 * then the TP_printk() text.  The helpers above format into
 * iter->tmp_seq (p) and return a string.
 */
#define __TEV_OUTPUT(template, fn, print)				\
	static notrace enum print_line_t __maybe_unused			\
	trace_raw_output_##fn(struct trace_iterator *iter, int flags,	\
			      struct trace_event *event)		\
	{								\
		struct trace_seq __maybe_unused *p = &iter->tmp_seq;	\
		struct trace_event_raw_##template __maybe_unused *entry; \
		int ret;						\
									\
		entry = (void *)iter->ent;				\
		ret = trace_raw_output_prep(iter, event);		\
		if (ret != TRACE_TYPE_HANDLED)				\
			return ret;					\
		trace_event_printf(iter, print);			\
		return trace_handle_return(&iter->seq);			\
	}

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* The perf probe: the same record, built for perf (pass 4's macros). */
#include <trace/perf.h>

#undef __TEV_LOC
#undef __TEV_REL
#undef __TEV_COPY_STR
#undef __TEV_OUTPUT
#undef __entry

/* ---- pass 5: format, class and events ---------------------------- */

#include <trace/trace_events_fields.h>

/*
 * One &struct trace_event_fields per field, with the offset the compiler
 * gave it in the record (the table is built inside a function of the
 * class, where __rec_t names the record type).  The type text is what
 * the format file shows.
 */
#define __TEV_FIELD(_type, _text, item, _signed, _filter, _len) {	\
		.type = _text, .name = #item, .len = _len,		\
		.offset = offsetof(__rec_t, item),			\
		.size = sizeof(((__rec_t *)0)->item),			\
		.is_signed = _signed, .filter_type = _filter },
#define __TEV_VAR(_type, _text, item, _signed, _loc) {			\
		.type = _text, .name = #item,				\
		.offset = offsetof(__rec_t, _loc##item),		\
		.size = 4,						\
		.is_signed = _signed, .filter_type = FILTER_OTHER },

/*
 * __field() goes through __field_ext() so that a type written with a
 * macro (pgoff_t is one, __percpu expands to nothing) is shown expanded
 * in the format file, as user space has always seen it.
 */
#define __field(type, item)	__field_ext(type, item, FILTER_OTHER)
#define __field_ext(type, item, filter_type)				\
	__TEV_FIELD(type, #type, item, is_signed_type(type), filter_type, 0)
#define __field_struct(type, item)					\
	__field_struct_ext(type, item, FILTER_OTHER)
#define __field_struct_ext(type, item, filter_type)			\
	__TEV_FIELD(type, #type, item, 0, filter_type, 0)
#define __array(type, item, len)					\
	__TEV_FIELD(type, #type "[" __stringify(len) "]", item,	\
		    is_signed_type(type), FILTER_OTHER, len)
#define __dynamic_array(type, item, len)				\
	__TEV_VAR(type, "__data_loc " #type "[]", item,		\
		  is_signed_type(type), __data_loc_)
#define __string(item, src)		__dynamic_array(char, item, -1)
#define __string_len(item, src, len)	__dynamic_array(char, item, -1)
#define __vstring(item, fmt, ap)	__dynamic_array(char, item, -1)
#define __bitmask(item, nr_bits)	__dynamic_array(unsigned long, item, -1)
#define __cpumask(item)							\
	__TEV_VAR(long, "__data_loc cpumask_t", item, 0, __data_loc_)
#define __sockaddr(item, len)		__dynamic_array(u8, item, len)
#define __rel_dynamic_array(type, item, len)				\
	__TEV_VAR(type, "__rel_loc " #type "[]", item,			\
		  is_signed_type(type), __rel_loc_)
#define __rel_string(item, src)		__rel_dynamic_array(char, item, -1)
#define __rel_string_len(item, src, len) __rel_dynamic_array(char, item, -1)
#define __rel_bitmask(item, nr_bits)					\
	__rel_dynamic_array(unsigned long, item, -1)
#define __rel_cpumask(item)						\
	__TEV_VAR(long, "__rel_loc cpumask_t", item, 0, __rel_loc_)
#define __rel_sockaddr(item, len)	__rel_dynamic_array(u8, item, len)

/*
 * Enum and sizeof() names in TP_printk() are replaced by their values
 * in the print formats at boot (the format files show numbers).
 */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)						\
	__TEV_EVAL(#a, (a))
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)						\
	__TEV_EVAL("sizeof(" #a ")", sizeof(a))
#define __TEV_EVAL(text, value)						\
	static struct trace_eval_map __used				\
	__section("_ftrace_eval_map") *__UNIQUE_ID(tev_eval) =		\
		&(struct trace_eval_map) {				\
			.system = TRACE_SYSTEM_STRING,			\
			.eval_string = text,				\
			.eval_value = value,				\
		}

/*
 * The print format as the format file shows it: the format string in
 * quotes, then the arguments as written, __entry read as REC.  The
 * helpers stay as they are, by name, for user space to interpret.
 */
#undef __get_dynamic_array
#undef __get_dynamic_array_len
#undef __get_str
#undef __get_rel_dynamic_array
#undef __get_rel_dynamic_array_len
#undef __get_rel_str
#undef __get_sockaddr
#undef __get_rel_sockaddr
#undef __get_bitmask
#undef __get_cpumask
#undef __get_rel_bitmask
#undef __get_rel_cpumask
#undef __print_flags
#undef __print_symbolic
#undef __print_hex
#undef __print_hex_str
#undef __print_array
#undef __print_dynamic_array
#undef __print_hex_dump
#undef __get_buf
#undef __print_ns_to_secs
#define __print_ns_to_secs(val) (val) / 1000000000UL
#undef __print_ns_without_secs
#define __print_ns_without_secs(val) (val) % 1000000000UL

#define __entry REC

#undef TP_printk
#define TP_printk(fmt, args...) "\"" fmt "\", "  __stringify(args)

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	static const char print_fmt_##name[] __maybe_unused = print;	\
	static struct trace_event_fields *trace_event_fields_##name(void) \
	{								\
		typedef struct trace_event_raw_##name __rec_t;		\
		static struct trace_event_fields fields[] = {		\
			tstruct						\
			{}						\
		};							\
		return fields;						\
	}								\
	static struct trace_event_class __used event_class_##name = {	\
		.system		= TRACE_SYSTEM_STRING,			\
		.fields		= trace_event_fields_##name,		\
		.probe		= trace_event_raw_event_##name,		\
		__TEV_PERF_PROBE(name)					\
		.size		= sizeof(struct trace_event_raw_##name),	\
	};								\
	static struct trace_event_functions __maybe_unused		\
	trace_event_type_funcs_##name = {				\
		.trace		= trace_raw_output_##name,		\
	};

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	__TEV_CALL(template, name, print_fmt_##template,		\
		   &trace_event_type_funcs_##template)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	static const char print_fmt_##name[] = print;			\
	static struct trace_event_functions trace_event_type_funcs_##name = { \
		.trace		= trace_raw_output_##name,		\
	};								\
	__TEV_CALL(template, name, print_fmt_##name,			\
		   &trace_event_type_funcs_##name)

/*
 * The event: its class, tracepoint, print format and print function,
 * and a pointer in _ftrace_events (one table per vmlinux and module).
 */
#define __TEV_CALL(template, name, _fmt, _funcs)			\
	static struct trace_event_call __used event_##name = {		\
		.class		= &event_class_##template,		\
		.tp		= &__tracepoint_##name,			\
		.print_fmt	= _fmt,					\
		.event.funcs	= _funcs,				\
		.flags		= TRACE_EVENT_FL_TRACEPOINT,		\
	};								\
	static struct trace_event_call __used				\
	__section("_ftrace_events") *__event_##name = &event_##name;

/*
 * TRACE_EVENT_FLAGS() and TRACE_EVENT_PERF_PERM() follow the event they
 * name in its header, so its &struct trace_event_call exists: an early
 * initcall adds the flags, or the check perf_trace_init() runs on each
 * perf event opened on the event (an error refuses it).  The check's
 * expression sees the event as tp_event and the perf event as p_event.
 */
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(name, flag)					\
	static int __init __tev_flags_##name(void)			\
	{								\
		event_##name.flags |= (flag);				\
		return 0;						\
	}								\
	early_initcall(__tev_flags_##name)

#ifdef CONFIG_PERF_EVENTS
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(name, expr...)				\
	static int perf_perm_##name(struct trace_event_call *tp_event,	\
				    struct perf_event *p_event)		\
	{								\
		return ({ expr; });					\
	}								\
	static int __init __tev_perf_perm_##name(void)			\
	{								\
		event_##name.perf_perm = perf_perm_##name;		\
		return 0;						\
	}								\
	early_initcall(__tev_perf_perm_##name)
#endif

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(event, flag)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(event, expr...)
#undef __TEV_PERF_PROBE
#undef __entry
#undef __TEV_EVAL
#undef __TEV_FIELD
#undef __TEV_VAR
#undef __TEV_CALL
#undef __print_ns_to_secs
#undef __print_ns_without_secs
#undef __print_flags_u64
#undef __print_symbolic_u64
#undef __assign_str
#undef __assign_rel_str
#undef __assign_vstr
#undef __assign_bitmask
#undef __assign_cpumask
#undef __assign_sockaddr
#undef __assign_rel_bitmask
#undef __assign_rel_cpumask
#undef __assign_rel_sockaddr
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)
#include <trace/trace_events_fields.h>
#undef TRACE_SYSTEM_STRING
#undef __TEV_PASTE
#undef __TEV_PASTE2
#ifdef __TEV_UNDEF_SYSTEM_VAR
#undef TRACE_SYSTEM_VAR
#undef __TEV_UNDEF_SYSTEM_VAR
#endif
