/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BPF pass over an event header: what lets BPF raw tracepoint
 * programs (BPF_RAW_TRACEPOINT_OPEN, tp_btf) attach to each tracepoint.
 *
 * <trace/define_trace.h> reads the header once more through this file,
 * in the one .c file that defines its tracepoints.  Every tracepoint,
 * those of events and bare ones (DECLARE_TRACE()), gets
 *
 *   __bpf_trace_<name>()   a probe with the tracepoint's prototype that
 *                          widens each argument to a u64 and calls
 *                          bpf_trace_run<N>() with the attached link;
 *                          events of one class share their class's;
 *   btf_trace_<name>       the probe's type, which the BPF verifier finds
 *                          in the kernel's BTF to type a tp_btf program's
 *                          arguments;
 *   an entry of the __bpf_raw_tp_map section (struct bpf_raw_event_map),
 *                          where bpf_get_raw_tracepoint() finds the
 *                          tracepoint by name: the kernel's table, or a
 *                          module's (the module loader collects it).
 *
 * DEFINE_EVENT_WRITABLE() is defined in this pass only, so a header can
 * test for it: its events let a program write the first argument's
 * object, whose size the entry records (checked at build time).
 *
 * No include guard: it is read once per event header.
 */
#ifdef CONFIG_BPF_EVENTS

#include <linux/args.h>
#include <linux/build_bug.h>

/*
 * __bpf_arg_u64() - one tracepoint argument as the u64 a program reads:
 * integers, pointers, and structures passed by value of 1, 2, 4 or 8
 * bytes, zero-extended from their own width.  Anything wider does not
 * build.
 */
#define __bpf_arg_u64(x) ({						\
	typeof(x) __bpf_x = (x);					\
	u64 __bpf_u;							\
									\
	BUILD_BUG_ON(sizeof(__bpf_x) != 1 && sizeof(__bpf_x) != 2 &&	\
		     sizeof(__bpf_x) != 4 && sizeof(__bpf_x) != 8);	\
	if (sizeof(__bpf_x) == 1)					\
		__bpf_u = *(u8 *)&__bpf_x;				\
	else if (sizeof(__bpf_x) == 2)					\
		__bpf_u = *(u16 *)&__bpf_x;				\
	else if (sizeof(__bpf_x) == 4)					\
		__bpf_u = *(u32 *)&__bpf_x;				\
	else								\
		__bpf_u = *(u64 *)&__bpf_x;				\
	__bpf_u;							\
})

/* The argument list, each widened: up to 12, as bpf_trace_run12(). */
#define __bpf_u64s_1(a)		__bpf_arg_u64(a)
#define __bpf_u64s_2(a, b...)	__bpf_arg_u64(a), __bpf_u64s_1(b)
#define __bpf_u64s_3(a, b...)	__bpf_arg_u64(a), __bpf_u64s_2(b)
#define __bpf_u64s_4(a, b...)	__bpf_arg_u64(a), __bpf_u64s_3(b)
#define __bpf_u64s_5(a, b...)	__bpf_arg_u64(a), __bpf_u64s_4(b)
#define __bpf_u64s_6(a, b...)	__bpf_arg_u64(a), __bpf_u64s_5(b)
#define __bpf_u64s_7(a, b...)	__bpf_arg_u64(a), __bpf_u64s_6(b)
#define __bpf_u64s_8(a, b...)	__bpf_arg_u64(a), __bpf_u64s_7(b)
#define __bpf_u64s_9(a, b...)	__bpf_arg_u64(a), __bpf_u64s_8(b)
#define __bpf_u64s_10(a, b...)	__bpf_arg_u64(a), __bpf_u64s_9(b)
#define __bpf_u64s_11(a, b...)	__bpf_arg_u64(a), __bpf_u64s_10(b)
#define __bpf_u64s_12(a, b...)	__bpf_arg_u64(a), __bpf_u64s_11(b)
#define __bpf_u64s(args...)						\
	CONCATENATE(__bpf_u64s_, COUNT_ARGS(args))(args)

#define __bpf_first_arg(a, b...)	a

/* A class's probe; the tracepoint's data is the BPF link. */
#define __BPF_PROBE(name, proto, args)					\
	static notrace void __bpf_trace_##name(void *__data, proto)	\
	{								\
		CONCATENATE(bpf_trace_run, COUNT_ARGS(args))		\
			(__data, __bpf_u64s(args));			\
	}

/*
 * A tracepoint's type and its entry in the table.  The union keeps
 * btf_trace_<name> in the debug information, from which BTF is made.
 */
#define __BPF_TRACEPOINT(class, name, proto, args, wsize)		\
	typedef void (*btf_trace_##name)(void *__data, proto);		\
	static inline void __maybe_unused __bpf_check_##name(void)	\
	{								\
		check_trace_callback_type_##name(__bpf_trace_##class);	\
	}								\
	static union {							\
		struct bpf_raw_event_map map;				\
		btf_trace_##name type;					\
	} __bpf_trace_tp_map_##name __used				\
	__section("__bpf_raw_tp_map") = {				\
		.map = {						\
			.tp = &__tracepoint_##name,			\
			.bpf_func = __bpf_trace_##class,		\
			.num_args = COUNT_ARGS(args),			\
			.writable_size = wsize,				\
		},							\
	};

/* The writable size is that of the first argument's object. */
#define __BPF_WRITABLE_CHECK(name, proto, args, wsize)			\
	static inline void __maybe_unused				\
	__bpf_check_size_##name(proto)					\
	{								\
		(void)BUILD_BUG_ON_ZERO((wsize) !=			\
					sizeof(*__bpf_first_arg(args))); \
	}

/*
 * <trace/trace_events.h> was read just before (BPF_EVENTS needs TRACING,
 * which brings EVENT_TRACING): its mapping of the TRACE_EVENT() family
 * onto classes and events, its empty NOP forms and flags, and perf's
 * annotations as plain values still hold.  This pass defines only the
 * class, the event and the bare tracepoint.
 */
#ifndef CONFIG_EVENT_TRACING
#error "<trace/bpf_probe.h> follows <trace/trace_events.h>"
#endif

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	__BPF_PROBE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	__BPF_TRACEPOINT(template, name, PARAMS(proto), PARAMS(args), 0)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_WRITABLE
#define DEFINE_EVENT_WRITABLE(template, name, proto, args, wsize)	\
	__BPF_WRITABLE_CHECK(name, PARAMS(proto), PARAMS(args), wsize)	\
	__BPF_TRACEPOINT(template, name, PARAMS(proto), PARAMS(args), wsize)

/* A bare tracepoint is its own class. */
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)				\
	__BPF_PROBE(name, PARAMS(proto), PARAMS(args))			\
	__BPF_TRACEPOINT(name, name, PARAMS(proto), PARAMS(args), 0)
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef DEFINE_EVENT_WRITABLE
#undef __BPF_WRITABLE_CHECK
#undef __BPF_TRACEPOINT
#undef __BPF_PROBE

#endif /* CONFIG_BPF_EVENTS */
