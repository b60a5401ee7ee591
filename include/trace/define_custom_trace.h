/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Define the custom events of a TRACE_CUSTOM_EVENT() header.
 *
 * A custom event header ends by including this file, outside its
 * include guard, which it skips when TRACE_CUSTOM_MULTI_READ is defined.
 * Usually nothing happens here: the custom forms mean nothing (see
 * <trace/define_trace.h>).  In the one .c file that defines
 * CREATE_CUSTOM_TRACE_EVENTS before including the header, the header is
 * read again by <trace/trace_custom_events.h>, which makes the events.
 *
 * The header is found as TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE.h, the
 * path relative to the including file's directory, or as
 * <trace/events/TRACE_INCLUDE_FILE.h> when TRACE_INCLUDE_PATH is not
 * set; TRACE_INCLUDE_FILE is required (TRACE_SYSTEM is not the header's
 * name: it is the custom system's).  The .c file must
 * have included the event header that declares the tracepoints first.
 */
#ifdef CREATE_CUSTOM_TRACE_EVENTS
#undef CREATE_CUSTOM_TRACE_EVENTS

#include <linux/stringify.h>

#ifndef TRACE_INCLUDE_FILE
#error "a custom event header names itself in TRACE_INCLUDE_FILE"
#endif

#undef __TRACE_INCLUDE
#ifdef TRACE_INCLUDE_PATH
#define __TRACE_INCLUDE(file)	__stringify(TRACE_INCLUDE_PATH/file.h)
#else
#define __TRACE_INCLUDE(file)	__stringify(trace/events/file.h)
#define __TRACE_CUSTOM_UNDEF_PATH
#endif
#undef TRACE_INCLUDE
#define TRACE_INCLUDE(file)	__TRACE_INCLUDE(file)

#define TRACE_CUSTOM_MULTI_READ
#if defined(CONFIG_EVENT_TRACING) && !defined(NOTRACE)
#include <trace/trace_custom_events.h>
#endif
#undef TRACE_CUSTOM_MULTI_READ

/* The custom forms mean nothing again, for the next custom header. */
#undef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(name, proto, args, tstruct, assign, print)
#undef DECLARE_CUSTOM_EVENT_CLASS
#define DECLARE_CUSTOM_EVENT_CLASS(name, proto, args, tstruct, assign,	\
				   print)
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)

#ifdef __TRACE_CUSTOM_UNDEF_PATH
#undef TRACE_INCLUDE_PATH
#undef __TRACE_CUSTOM_UNDEF_PATH
#endif

#define CREATE_CUSTOM_TRACE_EVENTS
#endif /* CREATE_CUSTOM_TRACE_EVENTS */
