/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the osnoise tracer (trace_osnoise.c) offers the timerlat tracer
 * (trace_timerlat.c): the osnoise/ parameters, the sessions that run
 * either tracer, the per-CPU threads, and the noise accounting that the
 * osnoise: events come from.
 */
#ifndef _KERNEL_TRACE_TRACE_OSNOISE_H
#define _KERNEL_TRACE_TRACE_OSNOISE_H

#include "trace_tracers.h"

#define OSNOISE_NAME		"osnoise: "

/**
 * struct osnoise_params - the values of the osnoise/ files, in us
 * @period: period_us: one sample every period
 * @runtime: runtime_us: how long each sample spins (<= @period)
 * @stop_us: stop_tracing_us: a single noise (osnoise) or an IRQ
 *	latency (timerlat) this long turns tracing off; 0: never
 * @stop_total_us: stop_tracing_total_us: the same for a sample's total
 *	noise (osnoise) or a thread latency (timerlat)
 * @timerlat_period: timerlat_period_us, 100 us to 1 s
 * @print_stack: print_stack: a timerlat thread latency this long writes
 *	the stack the timer IRQ saw; 0: never
 *
 * Written under the osnoise lock by the files; read with READ_ONCE() by
 * the threads and IRQs.
 */
struct osnoise_params {
	u64	period;
	u64	runtime;
	u64	stop_us;
	u64	stop_total_us;
	u64	timerlat_period;
	u64	print_stack;
};

extern struct osnoise_params osnoise_params;

/* The bits of osnoise/options, as 6.12 numbers them. */
enum {
	OSNOISE_OPT_DEFAULTS,
	OSNOISE_OPT_WORKLOAD,
	OSNOISE_OPT_PANIC_ON_STOP,
	OSNOISE_OPT_PREEMPT_DISABLE,
	OSNOISE_OPT_IRQ_DISABLE,
	OSNOISE_OPT_MAX,
};

extern unsigned long osnoise_options;

/**
 * struct osnoise_kind - a tracer built on the osnoise threads
 * @name: the tracer's name
 * @thread_name: its per-CPU threads' name, with "%u" for the CPU
 * @thread_fn: what each thread runs; its data is the CPU number
 *
 * One kind runs at a time, in as many sessions as like.
 */
struct osnoise_kind {
	const char	*name;
	const char	*thread_name;
	int		(*thread_fn)(void *data);
};

/**
 * struct osnoise_session - a session that runs the osnoise or timerlat
 *	tracer: each record goes to all of them
 * @list: on the list of them (RCU; osnoise lock)
 * @tr: the session
 * @rcu: freed after the writers that may see it
 */
struct osnoise_session {
	struct list_head	list;
	struct trace_array	*tr;
	struct rcu_head		rcu;
};

extern struct list_head osnoise_sessions;

/* Whether session @s keeps the records of @cpu (its tracing_cpumask). */
static inline bool osnoise_session_keeps(struct osnoise_session *s, int cpu)
{
	return cpumask_test_cpu(cpu, s->tr->tracing_cpumask);
}

int osnoise_session_start(struct trace_array *tr,
			  const struct osnoise_kind *kind);
void osnoise_session_stop(struct trace_array *tr);
void osnoise_session_tracing_on(struct trace_array *tr,
				const struct osnoise_kind *kind, bool on);
void osnoise_stop_tracing(void);
void osnoise_note_max(u64 ns);
void osnoise_window_open(void);
int osnoise_user_claim(const struct osnoise_kind *kind, int cpu);
void osnoise_user_release(int cpu);

/* osnoise/, or NULL (timerlat_fd's per_cpu/ goes there) */
extern struct dentry *osnoise_dir;
void osnoise_window_close(void);

#endif /* _KERNEL_TRACE_TRACE_OSNOISE_H */
