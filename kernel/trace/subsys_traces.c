// SPDX-License-Identifier: GPL-2.0
/*
 * Tracepoints of subsystems that have no single .c file to define them
 * in: power management (trace/events/power.h, rpm.h), error reports
 * (trace/events/error_report.h), and the preemptirq events that the
 * irq-flags hooks (trace_irqflags.c) emit.  They are defined here, once,
 * and the ones modules use are exported.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#define CREATE_TRACE_POINTS
#include <trace/events/power.h>
#include <trace/events/error_report.h>
#include <trace/events/preemptirq.h>
#ifdef CONFIG_PM
#include <linux/usb.h>
#include <trace/events/rpm.h>
#endif

EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);
#ifdef CONFIG_PM
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_return_int);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_suspend);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_resume);
#endif
