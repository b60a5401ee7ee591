/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Types shared by tracepoint users that must not pull in the whole of
 * <linux/tracepoint.h>: headers that only test whether a tracepoint is
 * enabled, and tables of flag names handed to the output helpers.
 */
#ifndef TRACEPOINT_DEFS_H
#define TRACEPOINT_DEFS_H 1

#include <linux/atomic.h>
#include <linux/types.h>
#include <linux/static_key.h>
#include <linux/static_call_types.h>

/**
 * struct trace_print_flags - one entry of a flag or symbol name table
 * @mask: the bit mask (for __print_flags()) or value (__print_symbolic())
 * @name: the text printed for it
 */
struct trace_print_flags {
	unsigned long		mask;
	const char		*name;
};

/**
 * struct trace_print_flags_u64 - as &struct trace_print_flags, 64 bits wide
 * @mask: the bit mask or value
 * @name: the text printed for it
 */
struct trace_print_flags_u64 {
	unsigned long long	mask;
	const char		*name;
};

/**
 * struct tracepoint_func - one probe attached to a tracepoint
 * @func: the probe, called with @data followed by the tracepoint arguments
 * @data: the caller's cookie, passed back as the probe's first argument
 * @prio: probes of higher priority run first
 */
struct tracepoint_func {
	void			*func;
	void			*data;
	int			prio;
};

/**
 * struct tracepoint - a static instrumentation site
 * @name: "name" of trace_name(), as it appears in the events/ directory
 * @key: on while at least one probe is attached; patched into the call site
 * @static_call_key: the call site's static call: the only probe, or @iterator
 * @static_call_tramp: its trampoline (NULL without arch static calls)
 * @iterator: the function that calls every probe of @funcs
 * @regfunc: called before the first probe is attached, may refuse it
 * @unregfunc: called after the last probe is detached
 * @funcs: NULL-terminated probe array, replaced whole under RCU
 */
struct tracepoint {
	const char		*name;
	struct static_key	key;
	struct static_call_key	*static_call_key;
	void			*static_call_tramp;
	void			*iterator;
	int			(*regfunc)(void);
	void			(*unregfunc)(void);
	struct tracepoint_func __rcu *funcs;
};

/*
 * An entry of the table of a kernel's or a module's tracepoints (the
 * __tracepoints_ptrs section), which the tracepoint core walks.
 */
typedef struct tracepoint * const tracepoint_ptr_t;

/**
 * struct bpf_raw_event_map - a tracepoint as BPF raw tracepoint programs see it
 * @tp: the tracepoint
 * @bpf_func: the function that runs the program with the tracepoint's arguments
 * @num_args: how many arguments the tracepoint passes
 * @writable_size: bytes of the first argument a program may write, or 0
 */
struct bpf_raw_event_map {
	struct tracepoint	*tp;
	void			*bpf_func;
	u32			num_args;
	u32			writable_size;
} __aligned(32);

/* Name a tracepoint defined elsewhere, for use with tracepoint_enabled(). */
#define DECLARE_TRACEPOINT(tp) \
	extern struct tracepoint __tracepoint_##tp

#ifdef CONFIG_TRACEPOINTS
/*
 * tracepoint_enabled(tp) - true while tracepoint @tp has a probe attached
 *
 * For headers that cannot include the tracepoint's event header: test
 * this, then call an out-of-line function that calls trace_tp().
 */
# define tracepoint_enabled(tp) \
	static_key_false(&(__tracepoint_##tp).key)
#else
# define tracepoint_enabled(tp) false
#endif

#endif /* TRACEPOINT_DEFS_H */
