/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every layer's header of the tracing core, for the files that are not
 * in a layer: upstream's bpf_trace.c, kept as it is, and the KUnit
 * suites.  A file of the core includes its own layer's header instead
 * (Documentation/trace/layers.rst): trace_session.h, trace_text.h,
 * trace_events_internal.h, trace_tracers.h or trace_files.h.
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include "trace_files.h"

#endif /* _KERNEL_TRACE_TRACE_H */
