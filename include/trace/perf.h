/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The perf pass of <trace/trace_events.h>: one more reading of the event
 * header, which gives each event class its perf probe,
 *
 *   perf_trace_<class>(): hands an event to the perf events open on it
 *
 * <trace/trace_events.h> includes this file right after its pass 4 and
 * before its pass 5, which puts the probe in the class's perf_probe.
 * The field macros keep the meaning pass 4 gave them: the probe builds
 * the same record as the ftrace probe, in perf's per-CPU buffer instead
 * of the ring buffer, and perf_tp_event() fills in its common header.
 *
 * Three annotations mean something here only:
 *
 *   __perf_count(c)	in TP_ARGS(): the hit counts c times
 *   __perf_task(t)	in TP_ARGS(): the hit also goes to the perf events
 *			task t has open on the event
 *   TP_perf_assign()	in TP_fast_assign(): code that runs only here,
 *			when the probe builds the record (not for a hit
 *			that only counts, below); no event in the tree
 *			uses it
 *
 * The probe is attached to the tracepoint only while a perf event is open
 * on the event (trace_event_reg()), with the event as its data; it does
 * nothing on a CPU where none is scheduled in, unless a task was named.
 * While the perf events open on the event only count (no PERF_SAMPLE_RAW,
 * no filter, no BPF program, no task named), it builds no record: perf
 * gets the count, the registers and &perf_trace_no_record.
 * No include guard: it is read once per event header.
 */
#ifdef CONFIG_PERF_EVENTS

#undef __perf_count
#define __perf_count(c)	(__count = (c))
#undef __perf_task
#define __perf_task(t)	(__task = (t))
#undef TP_perf_assign
#define TP_perf_assign(args...)	args

/*
 * perf_trace_args_<class>() takes the tracepoint's arguments and does
 * nothing with them: calling it evaluates the __perf_count() and
 * __perf_task() in TP_ARGS(), which the probe needs before it decides
 * whether to build a record at all.
 */
#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	static inline void perf_trace_args_##name(proto)		\
	{								\
	}								\
	static notrace void perf_trace_##name(void *__data, proto)	\
	{								\
		struct trace_event_call *__call = __data;		\
		struct trace_event_data_offsets_##name __o __uninitialized; \
		struct trace_event_raw_##name *entry;			\
		struct task_struct *__task = NULL;			\
		struct hlist_head *__head;				\
		struct pt_regs *__regs;					\
		u64 __count = 1;					\
		int __size;						\
		int __rctx;						\
									\
		perf_trace_args_##name(args);				\
		__head = this_cpu_ptr(__call->perf_events);		\
		if (!__task && !bpf_prog_array_valid(__call)) {		\
			if (hlist_empty(__head))			\
				return;					\
			if (!perf_trace_reads_record(__call)) {		\
				__regs = perf_trace_count_begin(&__rctx); \
				if (!__regs)				\
					return;				\
				perf_fetch_caller_regs(__regs);		\
				perf_tp_event(__call->event.type, __count, \
					      &perf_trace_no_record,	\
					      sizeof(perf_trace_no_record), \
					      __regs, __head, __rctx, NULL); \
				return;					\
			}						\
		}							\
		__size = trace_event_get_offsets_##name(&__o, args);	\
		__size = perf_trace_record_size(sizeof(*entry) + __size); \
		entry = perf_trace_buf_alloc(__size, &__regs, &__rctx);	\
		if (!entry)						\
			return;						\
		perf_fetch_caller_regs(__regs);				\
		tstruct							\
		{ assign; }						\
		perf_trace_run_bpf_submit(entry, __size, __rctx, __call, \
					  __count, __regs, __head, __task); \
	}

/* A probe of the wrong type for an event's tracepoint does not compile. */
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	static inline void __maybe_unused perf_trace_check_##name(void) \
	{								\
		check_trace_callback_type_##name(perf_trace_##template); \
	}

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef __perf_count
#define __perf_count(c)	(c)
#undef __perf_task
#define __perf_task(t)	(t)
#undef TP_perf_assign
#define TP_perf_assign(args...)

/* For pass 5: the class's perf probe. */
#define __TEV_PERF_PROBE(name)	.perf_probe = perf_trace_##name,

#else /* !CONFIG_PERF_EVENTS */

#define __TEV_PERF_PROBE(name)

#endif /* CONFIG_PERF_EVENTS */
