// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing options of the kernel command line that set up sessions:
 * ftrace=, trace_options=, trace_clock=, tracing_thresh=,
 * ftrace_graph_max_depth=, trace_instance= and tp_printk.
 *
 * Each option is saved when the command line is parsed and carried out
 * by trace_boot_apply(), once the tracers, the clocks, the events (the
 * boot-time probe events among them) and tracefs are there: the same
 * calls as a write to the option's tracefs file.  The options of other
 * layers are beside their files: trace_event= (trace_events.c),
 * ftrace_filter= and the other function sets (ftrace_files.c),
 * kprobe_event= (trace_kprobe.c), stacktrace (trace_stack.c), the
 * buffer's size and snapshot (trace.c, trace_snapshot.c).
 *
 * A name unknown or a value out of range is reported on the console
 * with the option's name, and the boot goes on without it.
 *
 * And the two entry points start_kernel() calls: early_trace_init(),
 * which makes the top-level session, and trace_init(), after it: the core's record types, the
 * kernel's trace_printk() formats and its events are registered there.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include <asm/setup.h>

#include "trace_files.h"

static char boot_tracer[32] __initdata;
static char boot_options[COMMAND_LINE_SIZE] __initdata;
static char boot_clock[32] __initdata;
/* Every trace_instance= of the command line, separated by tabs. */
static char boot_instances[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_tracer(char *str)
{
	strscpy(boot_tracer, str, sizeof(boot_tracer));
	/* Tracing from boot: the top level gets its full buffer at once. */
	trace_boot_expand();
	return 1;
}
__setup("ftrace=", set_boot_tracer);

static int __init set_boot_options(char *str)
{
	strscpy(boot_options, str, sizeof(boot_options));
	return 1;
}
__setup("trace_options=", set_boot_options);

static int __init set_boot_clock(char *str)
{
	strscpy(boot_clock, str, sizeof(boot_clock));
	return 1;
}
__setup("trace_clock=", set_boot_clock);

/* tracing_thresh=<usecs>, kept in ns as the tracing_thresh file keeps it. */
static int __init set_boot_thresh(char *str)
{
	unsigned long usecs;

	if (kstrtoul(str, 0, &usecs) || usecs > ULONG_MAX / NSEC_PER_USEC) {
		pr_warn("tracing: tracing_thresh=%s: not a number of microseconds\n",
			str);
		return 1;
	}
	tracing_thresh = usecs * NSEC_PER_USEC;
	return 1;
}
__setup("tracing_thresh=", set_boot_thresh);

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static unsigned int boot_graph_depth __initdata;
#endif

static int __init set_boot_graph_depth(char *str)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	unsigned int depth;

	if (kstrtouint(str, 0, &depth) || depth > FGRAPH_MAX_DEPTH) {
		pr_warn("tracing: ftrace_graph_max_depth=%s: not a depth from 0 to %d\n",
			str, FGRAPH_MAX_DEPTH);
		return 1;
	}
	boot_graph_depth = depth;
#else
	pr_warn("tracing: ftrace_graph_max_depth=%s: the function_graph tracer is not built\n",
		str);
#endif
	return 1;
}
__setup("ftrace_graph_max_depth=", set_boot_graph_depth);

static int __init set_boot_instance(char *str)
{
	size_t len = strlen(boot_instances);

	if (len + strlen(str) + 2 > sizeof(boot_instances)) {
		pr_warn("tracing: trace_instance=%s: too many instances, left out\n",
			str);
		return 1;
	}
	if (len)
		boot_instances[len++] = '\t';
	strscpy(boot_instances + len, str, sizeof(boot_instances) - len);
	return 1;
}
__setup("trace_instance=", set_boot_instance);

/*
 * tp_printk copies every event's record to the console as it is
 * written.  This core formats records only for a reader (an iterator
 * with its own trace_seq, under the reader's lock), never on the
 * writer's path, which may run in NMI: the option is refused rather than
 * half done.  The prefix also catches tp_printk_stop_on_boot.
 */
static int __init set_tp_printk(char *str)
{
	if (*str && strcmp(str, "_stop_on_boot"))
		return 0;
	pr_warn("tracing: tp_printk%s: not supported, events are not printed to the console\n",
		str);
	return 1;
}
__setup("tp_printk", set_tp_printk);

/* Each word of trace_options=, as if written to trace_options. */
static void __init boot_options_apply(struct trace_array *tr)
{
	char *buf = boot_options, *word;

	while ((word = strsep(&buf, ","))) {
		word = strim(word);
		if (*word && trace_set_option(tr, word))
			pr_warn("tracing: trace_options=: no option '%s' (or not the tracer's)\n",
				word);
	}
}

/* Set the instance's flags: the words after '^' in @flags. */
static void __init boot_instance_flags(struct trace_array *tr, char *flags)
{
	char *flag;

	while ((flag = strsep(&flags, "^"))) {
		if (!strcmp(flag, "traceoff"))
			tracer_tracing_off(tr);
		else if (*flag)
			pr_warn("tracing: trace_instance=%s: flag '%s' not supported\n",
				tr->name, flag);
	}
}

/*
 * One trace_instance=: "name[^flag...][@memory][,event...]".  The
 * instance is made as mkdir would make it, and stays removable.
 */
static void __init boot_instance_make(char *spec)
{
	char *events = spec, *name, *flags, *mem, *word;
	struct trace_array *tr;

	name = strsep(&events, ",");
	mem = strchr(name, '@');
	if (mem) {
		*mem++ = '\0';
		pr_warn("tracing: trace_instance=%s: buffers in reserved memory are not supported, '@%s' ignored\n",
			name, mem);
	}
	flags = strchr(name, '^');
	if (flags)
		*flags++ = '\0';
	if (!*name) {
		pr_warn("tracing: trace_instance=: an instance needs a name\n");
		return;
	}
	tr = trace_array_get_by_name(name, NULL);
	if (!tr) {
		pr_warn("tracing: trace_instance=%s: could not make the instance\n",
			name);
		return;
	}
	boot_instance_flags(tr, flags);
	while ((word = strsep(&events, ","))) {
		if (*word && (!IS_ENABLED(CONFIG_EVENT_TRACING) ||
			      ftrace_set_clr_event(tr, word, 1)))
			pr_warn("tracing: trace_instance=%s: no event matches '%s'\n",
				name, word);
	}
	trace_array_put(tr);
}

/* The top level's options, then the instances. */
static void __init boot_top_level_apply(void)
{
	struct trace_array *tr = &global_trace;

	if (boot_clock[0] && trace_set_clock(tr, boot_clock))
		pr_warn("tracing: trace_clock=%s: unknown clock\n", boot_clock);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (boot_graph_depth)
		WRITE_ONCE(tr->func.graph_depth, boot_graph_depth);
#endif
#ifdef CONFIG_DYNAMIC_FTRACE
	ftrace_boot_filters_apply(tr);
#endif
	if (boot_tracer[0]) {
		if (tracing_set_tracer(tr, boot_tracer))
			pr_warn("tracing: ftrace=%s: no such tracer, or it could not start\n",
				boot_tracer);
		else
			pr_info("tracing: tracer %s started at boot\n",
				boot_tracer);
	}
	/* After the tracer: its own options are taken only while it is on. */
	boot_options_apply(tr);
}

/*
 * After every fs_initcall: the top level's files and the boot-time
 * probe events (kprobe_event=) exist, so instances can enable those.
 */
static __init int trace_boot_apply(void)
{
	char *buf = boot_instances, *spec;

	if (tracing_is_disabled() || !tracefs_initialized())
		return 0;
	boot_top_level_apply();
	while ((spec = strsep(&buf, "\t")))
		if (*spec)
			boot_instance_make(spec);
	return 0;
}
fs_initcall_sync(trace_boot_apply);

/**
 * early_trace_init() - make the top-level session and the task-name table
 *
 * Called from start_kernel() once memory can be allocated.
 */
__init void early_trace_init(void)
{
	if (trace_cmdlines_init() || trace_global_init())
		pr_warn("tracing: could not allocate the trace buffer\n");
}

/**
 * trace_init() - register the events defined in the kernel image
 *
 * Called from start_kernel() after early_trace_init().
 */
__init void trace_init(void)
{
	if (tracing_is_disabled())
		return;
	/* The table of record types is an xarray: usable from here on. */
	trace_events_core_init();
	trace_dump_boot_init();
	/* The syscall events' numbers, before the events are registered. */
	init_ftrace_syscalls();
	trace_event_boot_init();
}
