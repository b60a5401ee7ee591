/* SPDX-License-Identifier: GPL-2.0 */
/* The function tracer's boot self-test and the functions it traces. */
#ifndef _KERNEL_TRACE_FTRACE_SELFTEST_H
#define _KERNEL_TRACE_FTRACE_SELFTEST_H

int ftrace_selftest_add(int a, int b);
int ftrace_selftest_other(int a);
int ftrace_selftest_replacement(int a, int b);

#endif /* _KERNEL_TRACE_FTRACE_SELFTEST_H */
