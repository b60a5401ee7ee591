// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer (placeholder until it is written: the sysctl refuses).
 */
#include <linux/ftrace.h>
#include <linux/sysctl.h>

int stack_tracer_enabled;

/**
 * stack_trace_sysctl() - kernel.stack_tracer_enabled
 * @table: the sysctl
 * @write: a write
 * @buffer: the text
 * @lenp: its length
 * @ppos: the position
 *
 * Return: -ENODEV.
 */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	return -ENODEV;
}
