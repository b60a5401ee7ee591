/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Define the tracepoints of an event header.
 *
 * An event header ends by including this file, outside its include
 * guard.  Usually nothing happens here.  In the one .c file that defines
 * CREATE_TRACE_POINTS before including the event header, this file gives
 * the TRACE_EVENT family its defining meaning and reads the event header
 * a second time, so that each event's tracepoint is emitted once.
 *
 * The header is found as <trace/events/TRACE_SYSTEM.h>, or as
 * TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE.h when the header sets those
 * (a path relative to the including file's directory, for headers that
 * live beside a driver).
 *
 * CREATE_TRACE_POINTS is undefined while the header is re-read, so the
 * headers it includes do not recurse here, and defined again at the end,
 * so that one .c file may define the events of several headers.
 *
 * Every event header also gives the TRACE_CUSTOM_EVENT() forms their
 * everyday meaning here: nothing.  A custom event header (see
 * <trace/define_custom_trace.h>) comes after the event header whose
 * tracepoints it uses, and only its .c file that defines
 * CREATE_CUSTOM_TRACE_EVENTS gives those forms another meaning.
 */
#ifndef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(name, proto, args, tstruct, assign, print)
#define DECLARE_CUSTOM_EVENT_CLASS(name, proto, args, tstruct, assign,	\
				   print)
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)
#endif

#ifdef CREATE_TRACE_POINTS
#undef CREATE_TRACE_POINTS

#include <linux/stringify.h>

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign,	\
			      print)					\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print,	\
		       reg, unreg)					\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)				\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

/* The NOP forms have no tracepoint to define. */
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)

#ifndef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE TRACE_SYSTEM
#define __TRACE_UNDEF_INCLUDE_FILE
#endif

#undef __TRACE_INCLUDE
#ifdef TRACE_INCLUDE_PATH
#define __TRACE_INCLUDE(file)	__stringify(TRACE_INCLUDE_PATH/file.h)
#else
#define __TRACE_INCLUDE(file)	__stringify(trace/events/file.h)
#define __TRACE_UNDEF_INCLUDE_PATH
#endif
#undef TRACE_INCLUDE
#define TRACE_INCLUDE(file)	__TRACE_INCLUDE(file)

#define TRACE_HEADER_MULTI_READ
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* With the event tracer, each TRACE_EVENT() also becomes an event. */
#if defined(CONFIG_EVENT_TRACING) && !defined(NOTRACE)
#include <trace/trace_events.h>
#endif

/* With BPF on events, each tracepoint also takes raw tracepoint programs. */
#if defined(CONFIG_BPF_EVENTS) && !defined(NOTRACE)
#include <trace/bpf_probe.h>
#endif

/*
 * Hand the declaring forms back to <linux/tracepoint.h> for the next
 * event header.
 */
#undef TRACE_EVENT
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef TRACE_EVENT_NOP
#undef DECLARE_EVENT_CLASS
#undef DEFINE_EVENT
#undef DEFINE_EVENT_FN
#undef DEFINE_EVENT_PRINT
#undef DEFINE_EVENT_CONDITION
#undef DEFINE_EVENT_NOP
#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION
#undef TRACE_HEADER_MULTI_READ

#ifdef __TRACE_UNDEF_INCLUDE_FILE
#undef TRACE_INCLUDE_FILE
#undef __TRACE_UNDEF_INCLUDE_FILE
#endif
#ifdef __TRACE_UNDEF_INCLUDE_PATH
#undef TRACE_INCLUDE_PATH
#undef __TRACE_UNDEF_INCLUDE_PATH
#endif

#define CREATE_TRACE_POINTS
#endif /* CREATE_TRACE_POINTS */
