/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The leaves of the tracing core: what its other files use and that
 * uses none of them - the trace clocks by name (trace_clock.c), the
 * irq-flags hooks (trace_irqflags.c) and the sets of pids
 * (trace_pid_set.c).  The ring buffer (linux/ring_buffer.h),
 * trace_seq (linux/trace_seq.h) and the return hooks (linux/rethook.h)
 * are leaves too, with headers of their own.  The layers are in
 * Documentation/trace/layers.rst.
 */
#ifndef _KERNEL_TRACE_TRACE_LEAVES_H
#define _KERNEL_TRACE_TRACE_LEAVES_H

#include <linux/jump_label.h>
#include <linux/rcupdate.h>
#include <linux/types.h>

struct task_struct;

/* trace_clock.c: the clocks a session may stamp its records with */
typedef u64 (*trace_clock_func_t)(void);
int trace_clock_by_name(const char *name);
const char *trace_clock_name(int id);
trace_clock_func_t trace_clock_func(int id);
bool trace_clock_in_ns(int id);

/* trace_irqflags.c: what the irq-flags hooks tell the latency tracers */
enum {
	IRQSOFF_IRQS_OFF,
	IRQSOFF_IRQS_ON,
	IRQSOFF_PREEMPT_OFF,
	IRQSOFF_PREEMPT_ON,
};

typedef void (*trace_irqflags_hook_t)(int what, unsigned long ip,
				      unsigned long parent_ip);
#if defined(CONFIG_IRQSOFF_TRACER) || defined(CONFIG_PREEMPT_TRACER)
DECLARE_STATIC_KEY_FALSE(irqsoff_tracing);
void trace_irqflags_latency_hook(trace_irqflags_hook_t hook);
#endif

/**
 * struct trace_pid_set - a set of pids (set_event_pid, set_ftrace_pid)
 * @rcu: frees it after its readers
 * @cap: how many pids it has room for
 * @count: number of @pids
 * @pids: sorted, no repeats
 */
struct trace_pid_set {
	struct rcu_head	rcu;
	unsigned int	cap;
	unsigned int	count;
	pid_t		pids[] __counted_by(count);
};

/* trace_pid_set.c */
bool trace_pid_set_has(const struct trace_pid_set *set, pid_t pid);
int trace_pid_set_parse(const struct trace_pid_set *old, char *text,
			struct trace_pid_set **out);
void trace_pid_slot_fork(struct trace_pid_set __rcu **slot, pid_t parent,
			 pid_t child);
void trace_pid_slot_exit(struct trace_pid_set __rcu **slot, pid_t pid);
int trace_pid_slot_merge(struct trace_pid_set __rcu **slot,
			 struct trace_pid_set *add);
struct trace_pid_set *trace_pid_slot_union(struct trace_pid_set __rcu **slot,
					   const struct trace_pid_set *add);
struct trace_pid_set *trace_pid_slot_swap(struct trace_pid_set __rcu **slot,
					  struct trace_pid_set *set);

#endif /* _KERNEL_TRACE_TRACE_LEAVES_H */
