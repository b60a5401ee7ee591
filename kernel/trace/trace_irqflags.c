// SPDX-License-Identifier: GPL-2.0
/*
 * The hooks that irq-flags tracking (CONFIG_TRACE_IRQFLAGS) calls
 * whenever interrupts are enabled or disabled, and that the scheduler
 * calls when preemption is (CONFIG_TRACE_PREEMPT_TOGGLE).
 *
 * Lockdep learns the hardirq state of each CPU from here.  The hooks
 * also emit the preemptirq events (irq_disable, irq_enable,
 * preempt_disable, preempt_enable; defined in subsys_traces.c) and drive
 * the irqsoff, preemptoff and preemptirqsoff tracers (trace_irqsoff.c,
 * through the hook it registered), whose work costs a patched-out jump
 * while none of them is on.
 *
 * They run with interrupts or preemption off, in NMI, in the idle task
 * and in the entry code: nothing here is traced or probed, and whatever
 * they call that turns interrupts off and on again does not reach them a
 * second time, because an irq event is emitted only when this CPU's
 * state changes (irqs_off below).  An event needs RCU watching: where
 * it is not (the idle task between its calls into RCU), the event is
 * left out rather than emitted unsafely.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/static_call.h>

#include <trace/events/preemptirq.h>

#include "trace_leaves.h"

#if defined(CONFIG_IRQSOFF_TRACER) || defined(CONFIG_PREEMPT_TRACER)
static void latency_none(int what, unsigned long ip, unsigned long parent_ip)
{
}

DEFINE_STATIC_KEY_FALSE(irqsoff_tracing);
DEFINE_STATIC_CALL(irqflags_latency, latency_none);

/**
 * trace_irqflags_latency_hook() - what the hooks call while irqsoff_tracing
 *	is on
 * @hook: the latency tracers' (trace_irqsoff.c), given an IRQSOFF_* event,
 *	where it happened and its caller
 *
 * The latency tracers sit above this file: they register their hook once,
 * at boot, and turn the static key irqsoff_tracing on while one of them
 * runs.
 */
void __init trace_irqflags_latency_hook(trace_irqflags_hook_t hook)
{
	static_call_update(irqflags_latency, hook);
}

static __always_inline void latency_hook(int what, unsigned long ip,
					 unsigned long parent_ip)
{
	if (static_branch_unlikely(&irqsoff_tracing))
		static_call(irqflags_latency)(what, ip, parent_ip);
}
#else
static __always_inline void latency_hook(int what, unsigned long ip,
					 unsigned long parent_ip)
{
}
#endif

/* An event, if somebody listens and RCU can protect the listeners. */
#define preemptirq_event(name, ip, parent_ip)				\
	do {								\
		if (trace_##name##_enabled() && rcu_is_watching())	\
			trace_##name(ip, parent_ip);			\
	} while (0)

#ifdef CONFIG_TRACE_IRQFLAGS
/* Whether this CPU's interrupts were last reported off. */
static DEFINE_PER_CPU(bool, irqs_off);

static __always_inline void irqs_went_on(unsigned long ip,
					 unsigned long parent_ip)
{
	if (!this_cpu_read(irqs_off))
		return;
	preemptirq_event(irq_enable, ip, parent_ip);
	latency_hook(IRQSOFF_IRQS_ON, ip, parent_ip);
	this_cpu_write(irqs_off, false);
}

static __always_inline void irqs_went_off(unsigned long ip,
					  unsigned long parent_ip)
{
	if (this_cpu_read(irqs_off))
		return;
	this_cpu_write(irqs_off, true);
	latency_hook(IRQSOFF_IRQS_OFF, ip, parent_ip);
	preemptirq_event(irq_disable, ip, parent_ip);
}

/**
 * trace_hardirqs_on_prepare() - interrupts are about to be enabled
 *
 * Called by the entry code before the instructions that enable
 * interrupts, where lockdep has its own call.
 */
void trace_hardirqs_on_prepare(void)
{
	irqs_went_on(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

/**
 * trace_hardirqs_on() - interrupts are being enabled
 *
 * Tells lockdep, with the caller as the place that enabled them.
 */
void trace_hardirqs_on(void)
{
	irqs_went_on(CALLER_ADDR0, CALLER_ADDR1);
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

/**
 * trace_hardirqs_off_finish() - interrupts were disabled
 *
 * The entry code's counterpart of trace_hardirqs_on_prepare(), called
 * after lockdep was told.
 */
void trace_hardirqs_off_finish(void)
{
	irqs_went_off(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

/**
 * trace_hardirqs_off() - interrupts were disabled
 *
 * Tells lockdep, with the caller as the place that disabled them.
 */
void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	irqs_went_off(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);
#endif /* CONFIG_TRACE_IRQFLAGS */

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
/**
 * trace_preempt_on() - preemption is being enabled
 * @a0: where
 * @a1: the caller of that
 *
 * Called once the preemption count is about to drop to zero.
 */
void trace_preempt_on(unsigned long a0, unsigned long a1)
{
	preemptirq_event(preempt_enable, a0, a1);
	latency_hook(IRQSOFF_PREEMPT_ON, a0, a1);
}
NOKPROBE_SYMBOL(trace_preempt_on);

/**
 * trace_preempt_off() - preemption was disabled
 * @a0: where
 * @a1: the caller of that
 *
 * Called once the preemption count left zero.
 */
void trace_preempt_off(unsigned long a0, unsigned long a1)
{
	preemptirq_event(preempt_disable, a0, a1);
	latency_hook(IRQSOFF_PREEMPT_OFF, a0, a1);
}
NOKPROBE_SYMBOL(trace_preempt_off);
#endif /* CONFIG_TRACE_PREEMPT_TOGGLE */
