// SPDX-License-Identifier: GPL-2.0
/*
 * The hooks that irq-flags tracking (CONFIG_TRACE_IRQFLAGS) calls
 * whenever interrupts are enabled or disabled.
 *
 * Lockdep is what needs them: it learns the hardirq state of each CPU
 * from here.  The irq_enable/irq_disable trace events will hang off the
 * same hooks once the events layer is built.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/lockdep.h>

/**
 * trace_hardirqs_on_prepare() - interrupts are about to be enabled
 *
 * Called by the entry code before the instructions that enable
 * interrupts, where lockdep has its own call.  Nothing to do here until
 * there are events to emit.
 */
void trace_hardirqs_on_prepare(void)
{
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
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

/**
 * trace_hardirqs_off_finish() - interrupts were disabled
 *
 * The entry code's counterpart of trace_hardirqs_on_prepare(), called
 * after lockdep was told; nothing to do until there are events to emit.
 */
void trace_hardirqs_off_finish(void)
{
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
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
/**
 * trace_preempt_on() - preemption is being enabled
 * @a0: where
 * @a1: the caller of that
 */
void trace_preempt_on(unsigned long a0, unsigned long a1)
{
}

/**
 * trace_preempt_off() - preemption was disabled
 * @a0: where
 * @a1: the caller of that
 */
void trace_preempt_off(unsigned long a0, unsigned long a1)
{
}
#endif /* CONFIG_TRACE_PREEMPT_TOGGLE */
