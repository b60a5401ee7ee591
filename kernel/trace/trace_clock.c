// SPDX-License-Identifier: GPL-2.0
/*
 * Clocks for time stamping trace records.
 *
 * Tracing calls these from any context, NMI included, so none of them
 * takes a lock.  They trade precision for cost differently:
 *
 *   trace_clock_local()    sched_clock() of this CPU: cheapest, but two
 *                          CPUs' values may not be comparable
 *   trace_clock()          local_clock(): nanoseconds, roughly
 *                          comparable across CPUs
 *   trace_clock_global()   never goes backwards across CPUs
 *   trace_clock_counter()  a global event count, no time at all
 *   trace_clock_jiffies()  jiffies, in clock_t units
 */
#include <linux/atomic.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/trace_clock.h>

#include "trace_leaves.h"

/**
 * trace_clock_local() - this CPU's scheduler clock
 *
 * Context: Any context.
 * Return: nanoseconds, monotonic on this CPU.
 */
u64 notrace trace_clock_local(void)
{
	/* sched_clock() wants to stay on one CPU while it reads. */
	guard(preempt_notrace)();
	return sched_clock();
}
EXPORT_SYMBOL_GPL(trace_clock_local);

/**
 * trace_clock() - nanoseconds, roughly comparable between CPUs
 *
 * Context: Any context.
 * Return: local_clock(), which may drift a little between CPUs.
 */
u64 notrace trace_clock(void)
{
	return local_clock();
}
EXPORT_SYMBOL_GPL(trace_clock);

/**
 * trace_clock_jiffies() - jiffies since boot, in clock_t units
 *
 * Context: Any context.
 * Return: the tick count since boot, converted to USER_HZ ticks.
 */
u64 notrace trace_clock_jiffies(void)
{
	return jiffies_64_to_clock_t(jiffies_64 - INITIAL_JIFFIES);
}
EXPORT_SYMBOL_GPL(trace_clock_jiffies);

/*
 * The largest value trace_clock_global() has returned.  Every reader
 * moves it forward with a cmpxchg and never backwards, so the values
 * handed out are monotonic across all CPUs.
 */
static atomic64_t trace_clock_global_last;

/**
 * trace_clock_global() - nanoseconds that never go backwards across CPUs
 *
 * A CPU whose clock lags behind the latest value returned anywhere gets
 * that latest value again instead of its own, smaller one.  The loop
 * retries only when another CPU moved the value forward meanwhile, so
 * each retry sees a larger value and the loop ends.
 *
 * Context: Any context, NMI included: no lock is taken.
 * Return: a time stamp in nanoseconds, >= every earlier return value.
 */
u64 notrace trace_clock_global(void)
{
	s64 last, now;

	preempt_disable_notrace();
	now = sched_clock_cpu(raw_smp_processor_id());
	last = atomic64_read(&trace_clock_global_last);
	do {
		if (now <= last) {
			now = last;
			break;
		}
	} while (!atomic64_try_cmpxchg(&trace_clock_global_last, &last, now));
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_global);

static atomic64_t trace_clock_count;

/**
 * trace_clock_counter() - a global counter, incremented on each call
 *
 * Gives records a total order across CPUs when their time does not
 * matter, only their sequence.
 *
 * Context: Any context.
 * Return: a value larger than any returned before.
 */
u64 notrace trace_clock_counter(void)
{
	return atomic64_inc_return(&trace_clock_count);
}
EXPORT_SYMBOL_GPL(trace_clock_counter);

static u64 notrace trace_clock_mono(void)
{
	return ktime_get_mono_fast_ns();
}

static u64 notrace trace_clock_mono_raw(void)
{
	return ktime_get_raw_fast_ns();
}

static u64 notrace trace_clock_boot(void)
{
	return ktime_get_boot_fast_ns();
}

static u64 notrace trace_clock_tai(void)
{
	return ktime_get_tai_fast_ns();
}

/*
 * The clocks a session may stamp its records with (its trace_clock
 * file), in upstream's order: the index is the session's clock_id.
 * @in_ns: the output shows seconds and microseconds; the others show
 * raw counts.
 */
static const struct {
	u64 (*func)(void);
	const char *name;
	bool in_ns;
} trace_clocks[] = {
	{ trace_clock_local,	"local",	true },
	{ trace_clock_global,	"global",	true },
	{ trace_clock_counter,	"counter",	false },
	{ trace_clock_jiffies,	"uptime",	false },
	{ trace_clock,		"perf",		true },
	{ trace_clock_mono,	"mono",		true },
	{ trace_clock_mono_raw,	"mono_raw",	true },
	{ trace_clock_boot,	"boot",		true },
	{ trace_clock_tai,	"tai",		true },
#ifdef CONFIG_X86_TSC
	{ trace_clock_x86_tsc,	"x86-tsc",	false },
#endif
};

/**
 * trace_clock_by_name() - the index of a named trace clock
 * @name: "local", "global", ...: a name trace_clock_name() gives
 *
 * Return: the index, or -EINVAL for a name not known.
 */
int trace_clock_by_name(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++)
		if (!strcmp(name, trace_clocks[i].name))
			return i;
	return -EINVAL;
}

/**
 * trace_clock_name() - the name of a trace clock
 * @id: its index
 *
 * Return: the name, or NULL past the last clock.
 */
const char *trace_clock_name(int id)
{
	return id < ARRAY_SIZE(trace_clocks) ? trace_clocks[id].name : NULL;
}

/**
 * trace_clock_func() - the function that reads a trace clock
 * @id: its index, one trace_clock_by_name() gave
 *
 * Return: the function, for ring_buffer_set_clock().
 */
trace_clock_func_t trace_clock_func(int id)
{
	return trace_clocks[id].func;
}

/**
 * trace_clock_in_ns() - whether a trace clock counts nanoseconds
 * @id: its index
 *
 * Return: true to print its stamps as seconds.microseconds.
 */
bool trace_clock_in_ns(int id)
{
	return trace_clocks[id].in_ns;
}
