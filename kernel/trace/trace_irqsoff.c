// SPDX-License-Identifier: GPL-2.0
/*
 * The irqsoff, preemptoff and preemptirqsoff tracers: the longest
 * stretch a CPU spent with interrupts off, with preemption off, or with
 * either, as in Linux 6.12 (Documentation/trace/ftrace.rst).
 *
 * The hooks of trace_irqflags.c call irqsoff_hook() (registered with
 * them) while one of these tracers is on (the static key
 * irqsoff_tracing, theirs).  A CPU's stretch
 * begins when the first of the traced conditions takes hold and ends
 * when the last one goes; its beginning and end are written to the
 * live buffer as function records, and with the function-trace option
 * every traced function called in between is too.  A stretch that
 * beats the worst case so far also gets the stack where it ended and
 * becomes the worst case (trace_max.c): its CPU buffer moves to the
 * snapshot buffer, which the trace file then shows.
 *
 * One session at a time may run one of them: another gets -EBUSY.
 */
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/trace_recursion.h>

#include "trace_tracers.h"

/* What a tracer times. */
#define CRIT_IRQS	BIT(0)
#define CRIT_PREEMPT	BIT(1)

/*
 * The session and what it times, set while irqsoff_tracing is off and
 * read by the hooks once it is on.
 */
static struct trace_array *crit_tr;
static unsigned int crit_mode;
/* Tells the stretches of one run of a tracer from those of the last. */
static unsigned int crit_gen;

/**
 * struct crit_cpu - a CPU's stretch
 * @gen: the run of the tracer it belongs to; another run's is not timed
 * @active: a stretch is being timed
 * @busy: the hook is writing records: hooks called from there do nothing
 * @start: when it began, on the session's trace clock
 * @start_ip: where
 *
 * Only its own CPU uses it, but hooks nest there (an interrupt's
 * stretch, or a traced function, within a hook that is writing): @busy
 * and @active, which a nested hook reads, are read and written once.
 */
struct crit_cpu {
	unsigned int	gen;
	bool		active;
	bool		busy;
	u64		start;
	unsigned long	start_ip;
};

static DEFINE_PER_CPU(struct crit_cpu, crit_cpus);

static bool crit_timing(struct crit_cpu *c)
{
	return READ_ONCE(c->active) && c->gen == READ_ONCE(crit_gen);
}

static void crit_begin(struct trace_array *tr, unsigned long ip,
		       unsigned long parent_ip)
{
	struct crit_cpu *c = raw_cpu_ptr(&crit_cpus);

	if (READ_ONCE(c->busy) || crit_timing(c) || !tracer_tracing_is_on(tr))
		return;
	WRITE_ONCE(c->busy, true);
	c->gen = READ_ONCE(crit_gen);
	c->start = trace_max_now(tr);
	c->start_ip = parent_ip ?: ip;
	trace_function_record(tr, ip, parent_ip, tracing_gen_ctx());
	WRITE_ONCE(c->active, true);
	WRITE_ONCE(c->busy, false);
}

static void crit_end(struct trace_array *tr, unsigned long ip,
		     unsigned long parent_ip)
{
	struct crit_cpu *c = raw_cpu_ptr(&crit_cpus);
	struct trace_max_info info;
	unsigned int ctx;
	u64 delta;

	if (READ_ONCE(c->busy) || !crit_timing(c))
		return;
	WRITE_ONCE(c->active, false);
	if (!tracer_tracing_is_on(tr))
		return;
	WRITE_ONCE(c->busy, true);
	ctx = tracing_gen_ctx();
	trace_function_record(tr, ip, parent_ip, ctx);
	delta = trace_max_now(tr) - c->start;
	if (trace_max_exceeds(tr, delta)) {
		/* How it got to where it ended. */
		trace_stack_write(tr, 2, 0);
		memset(&info, 0, sizeof(info));
		info.latency = delta;
		info.start = c->start;
		info.end = trace_max_now(tr);
		info.cpu = raw_smp_processor_id();
		info.start_ip = c->start_ip;
		info.end_ip = parent_ip ?: ip;
		trace_max_task(&info, current);
		trace_max_report(tr, &info, false);
	}
	WRITE_ONCE(c->busy, false);
}

/* Whether a traced condition other than @what still holds. */
static bool crit_still_off(unsigned int mode, int what)
{
	switch (what) {
	case IRQSOFF_IRQS_ON:
		return (mode & CRIT_PREEMPT) && preempt_count();
	case IRQSOFF_PREEMPT_ON:
		return (mode & CRIT_IRQS) && irqs_disabled();
	default:
		return false;
	}
}

/*
 * Interrupts or preemption were turned off or on (@what, an IRQSOFF_*
 * event) at @ip, called from @parent_ip: the hook this file registers
 * with trace_irqflags.c, called while irqsoff_tracing is on, with
 * interrupts or preemption disabled.
 */
static void irqsoff_hook(int what, unsigned long ip, unsigned long parent_ip)
{
	struct trace_array *tr = READ_ONCE(crit_tr);
	unsigned int mode = READ_ONCE(crit_mode);

	if (!tr || in_nmi())
		return;
	switch (what) {
	case IRQSOFF_IRQS_OFF:
		if (mode & CRIT_IRQS)
			crit_begin(tr, ip, parent_ip);
		break;
	case IRQSOFF_PREEMPT_OFF:
		if (mode & CRIT_PREEMPT)
			crit_begin(tr, ip, parent_ip);
		break;
	case IRQSOFF_IRQS_ON:
		if ((mode & CRIT_IRQS) && !crit_still_off(mode, what))
			crit_end(tr, ip, parent_ip);
		break;
	case IRQSOFF_PREEMPT_ON:
		if ((mode & CRIT_PREEMPT) && !crit_still_off(mode, what))
			crit_end(tr, ip, parent_ip);
		break;
	}
}
NOKPROBE_SYMBOL(irqsoff_hook);

/**
 * stop_critical_timings() - the idle loop is about to wait
 *
 * Ends the stretch of this CPU: the time a CPU waits for an interrupt
 * with interrupts off is no latency.
 */
void stop_critical_timings(void)
{
	struct trace_array *tr;

	if (!static_branch_unlikely(&irqsoff_tracing))
		return;
	tr = READ_ONCE(crit_tr);
	if (tr && !in_nmi())
		crit_end(tr, CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL_GPL(stop_critical_timings);
NOKPROBE_SYMBOL(stop_critical_timings);

/**
 * start_critical_timings() - the idle loop is done waiting
 *
 * Begins a stretch if a traced condition holds.
 */
void start_critical_timings(void)
{
	unsigned int mode;
	struct trace_array *tr;

	if (!static_branch_unlikely(&irqsoff_tracing))
		return;
	tr = READ_ONCE(crit_tr);
	mode = READ_ONCE(crit_mode);
	if (!tr || in_nmi())
		return;
	if (((mode & CRIT_IRQS) && irqs_disabled()) ||
	    ((mode & CRIT_PREEMPT) && preempt_count()))
		crit_begin(tr, CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL_GPL(start_critical_timings);
NOKPROBE_SYMBOL(start_critical_timings);

#ifdef CONFIG_FUNCTION_TRACER
/* function-trace: the functions a CPU calls during its stretch. */
static void crit_function_call(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_func *fn = container_of(op, struct trace_func, ops);
	struct crit_cpu *c;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	c = this_cpu_ptr(&crit_cpus);
	if (!READ_ONCE(c->busy) && crit_timing(c)) {
		WRITE_ONCE(c->busy, true);
		trace_function_record(fn->tr, ip, parent_ip, tracing_gen_ctx_dec());
		WRITE_ONCE(c->busy, false);
	}
	ftrace_test_recursion_unlock(bit);
}

static int crit_functions(struct trace_array *tr, bool on)
{
	return trace_function_hook(tr, on ? crit_function_call : NULL);
}
#else
static int crit_functions(struct trace_array *tr, bool on)
{
	return 0;
}
#endif

static int crit_set_option(struct trace_array *tr, int bit, bool on)
{
	if (bit != TRACE_ITER_FUNCTION_BIT)
		return 0;
	return crit_functions(tr, on);
}

static int crit_start(struct trace_array *tr, unsigned int mode)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (crit_tr)
		return -EBUSY;
	ret = trace_max_begin(tr);
	if (ret)
		return ret;
	if (tr->trace_flags & TRACE_ITER(FUNCTION)) {
		ret = crit_functions(tr, true);
		if (ret) {
			trace_max_end(tr);
			return ret;
		}
	}
	WRITE_ONCE(crit_gen, crit_gen + 1);
	WRITE_ONCE(crit_mode, mode);
	WRITE_ONCE(crit_tr, tr);
	static_branch_enable(&irqsoff_tracing);
	return 0;
}

static void crit_stop(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (crit_tr != tr)
		return;
	static_branch_disable(&irqsoff_tracing);
	WRITE_ONCE(crit_tr, NULL);
	/* The hooks under way are done with @tr after this. */
	synchronize_rcu();
	if (tr->trace_flags & TRACE_ITER(FUNCTION))
		crit_functions(tr, false);
	trace_max_end(tr);
}

#ifdef CONFIG_IRQSOFF_TRACER
static int irqsoff_start(struct trace_array *tr)
{
	return crit_start(tr, CRIT_IRQS);
}

static const struct tracer irqsoff_tracer = {
	.name		= "irqsoff",
	.start		= irqsoff_start,
	.stop		= crit_stop,
	.options	= TRACE_ITER(FUNCTION),
	.set_option	= crit_set_option,
	.max_latency	= true,
};
#endif

#ifdef CONFIG_PREEMPT_TRACER
static int preemptoff_start(struct trace_array *tr)
{
	return crit_start(tr, CRIT_PREEMPT);
}

static const struct tracer preemptoff_tracer = {
	.name		= "preemptoff",
	.start		= preemptoff_start,
	.stop		= crit_stop,
	.options	= TRACE_ITER(FUNCTION),
	.set_option	= crit_set_option,
	.max_latency	= true,
};
#endif

#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
static int preemptirqsoff_start(struct trace_array *tr)
{
	return crit_start(tr, CRIT_IRQS | CRIT_PREEMPT);
}

static const struct tracer preemptirqsoff_tracer = {
	.name		= "preemptirqsoff",
	.start		= preemptirqsoff_start,
	.stop		= crit_stop,
	.options	= TRACE_ITER(FUNCTION),
	.set_option	= crit_set_option,
	.max_latency	= true,
};
#endif

/* In 6.12's order of registration: available_tracers lists the last first. */
static const struct tracer *const crit_tracers[] __initconst = {
#ifdef CONFIG_IRQSOFF_TRACER
	&irqsoff_tracer,
#endif
#ifdef CONFIG_PREEMPT_TRACER
	&preemptoff_tracer,
#endif
#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
	&preemptirqsoff_tracer,
#endif
};

/* The hook goes in first: none of these tracers runs without it. */
static int __init irqsoff_tracers_register(void)
{
	int i;

	trace_irqflags_latency_hook(irqsoff_hook);
	for (i = 0; i < ARRAY_SIZE(crit_tracers); i++)
		register_tracer(crit_tracers[i]);
	return 0;
}
core_initcall(irqsoff_tracers_register);
