/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Turn the TRACE_CUSTOM_EVENT() definitions of one header into events.
 *
 * A custom event records what its own TP_STRUCT__entry() says whenever
 * an existing tracepoint fires: it has the tracepoint's prototype but
 * its own record, print format and probe, and it is listed under
 * events/custom/ (or events/TRACE_CUSTOM_SYSTEM/ when the header sets
 * that) with the tracepoint's name.  It defines no tracepoint.
 *
 * <trace/define_custom_trace.h> includes this file in the one .c file
 * that defines CREATE_CUSTOM_TRACE_EVENTS.  The record, the offsets, the
 * probe, the print function, the field table and the class are those of
 * <trace/trace_events.h>: each custom class is read there as an
 * ordinary class named custom_<class>.  One more pass, below, makes the
 * events.  Their tracepoints are not known when the module is built
 * (the kernel's tracepoints are not exported), so each event comes with
 *
 *	static inline void trace_custom_event_<event>_update(struct tracepoint *tp)
 *
 * which binds the event to @tp when @tp has the event's name; the module
 * calls it from its init function for each tracepoint, as
 * for_each_kernel_tracepoint() hands them out.  Until then, enabling the
 * event fails.
 */
#include <linux/string.h>
#include <linux/trace_events.h>

#undef TRACE_SYSTEM
#ifdef TRACE_CUSTOM_SYSTEM
#define TRACE_SYSTEM TRACE_CUSTOM_SYSTEM
#else
#define TRACE_SYSTEM custom
#endif
#undef TRACE_SYSTEM_VAR

#undef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(name, proto, args, tstruct, assign, print)	\
	DECLARE_CUSTOM_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),	\
				   PARAMS(tstruct), PARAMS(assign),	\
				   PARAMS(print))			\
	DEFINE_CUSTOM_EVENT(name, name, PARAMS(proto), PARAMS(args))

/* Passes 1 to 5: the classes, under names of their own. */
#undef DECLARE_CUSTOM_EVENT_CLASS
#define DECLARE_CUSTOM_EVENT_CLASS(name, proto, args, tstruct, assign,	\
				   print)				\
	DECLARE_EVENT_CLASS(custom_##name, PARAMS(proto), PARAMS(args),	\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print))
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)

#include <trace/trace_events.h>

/* Pass 6: the events, and the functions that bind them. */
#undef DECLARE_CUSTOM_EVENT_CLASS
#define DECLARE_CUSTOM_EVENT_CLASS(name, proto, args, tstruct, assign,	\
				   print)
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, tp_name, proto, args)		\
	static struct trace_event_call __used custom_event_##tp_name = { \
		.class		= &event_class_custom_##template,	\
		.name		= #tp_name,				\
		.print_fmt	= print_fmt_custom_##template,		\
		.event.funcs	= &trace_event_type_funcs_custom_##template, \
	};								\
	static struct trace_event_call __used				\
	__section("_ftrace_events") *__custom_event_##tp_name =		\
		&custom_event_##tp_name;				\
	static inline void						\
	trace_custom_event_##tp_name##_update(struct tracepoint *tp)	\
	{								\
		if (!strcmp(tp->name, #tp_name))			\
			custom_event_##tp_name.tp = tp;			\
	}

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef TRACE_CUSTOM_EVENT
#undef DECLARE_CUSTOM_EVENT_CLASS
#undef DEFINE_CUSTOM_EVENT
