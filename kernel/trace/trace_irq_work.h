/* SPDX-License-Identifier: GPL-2.0 */
/*
 * irq_work queued by tracing code, which runs wherever the kernel runs:
 * also on a CPU going down, after that CPU ran its irq_work for the last
 * time (smpcfd_dying_cpu()) - in its switch to the idle task, in the
 * idle task on its way to play_dead().  The CPU's local APIC is off by
 * then, so the self-IPI that would run an irq_work queued there is never
 * taken: the work stays queued, and because the CPU's list is then not
 * empty, every irq_work queued on that CPU after it stays queued too,
 * until the CPU goes down again.  One of those is RCU Tasks' wake-up of
 * its grace-period kthread: every synchronize_rcu_tasks() then waits for
 * ever (Documentation/trace/ring-buffer-design.rst, "Waking readers").
 */
#ifndef _KERNEL_TRACE_TRACE_IRQ_WORK_H
#define _KERNEL_TRACE_TRACE_IRQ_WORK_H

#include <linux/cpumask.h>
#include <linux/irq_work.h>
#include <linux/preempt.h>
#include <linux/smp.h>

/*
 * irq_work_queue(), but on a CPU that is no longer online the work goes
 * to one that is.  From an NMI there, which cannot send it elsewhere,
 * it is not queued: false, as for a work already pending.
 */
static inline bool trace_irq_work_queue(struct irq_work *work)
{
	bool queued = false;
	int cpu;

	preempt_disable_notrace();
	cpu = smp_processor_id();
	if (likely(cpu_online(cpu)))
		queued = irq_work_queue(work);
	else if (!in_nmi())
		queued = irq_work_queue_on(work, cpumask_first(cpu_online_mask));
	preempt_enable_notrace();
	return queued;
}

#endif /* _KERNEL_TRACE_TRACE_IRQ_WORK_H */
