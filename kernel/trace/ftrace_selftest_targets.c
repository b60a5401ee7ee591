// SPDX-License-Identifier: GPL-2.0
/*
 * Functions for the function tracer's boot self-test to trace.  This
 * file, unlike the rest of kernel/trace, is built with the compiler's
 * function entry calls, so each function here has a call site.
 */
#include <linux/compiler.h>
#include <linux/export.h>

#include "ftrace_selftest.h"

/**
 * ftrace_selftest_add() - a traced function with arguments
 * @a: first operand
 * @b: second operand
 *
 * Return: @a + @b.
 */
noinline int ftrace_selftest_add(int a, int b)
{
	barrier();
	return a + b;
}

/**
 * ftrace_selftest_other() - a traced function the filters leave out
 * @a: an operand
 *
 * Return: @a * 2.
 */
noinline int ftrace_selftest_other(int a)
{
	barrier();
	return a * 2;
}

/**
 * ftrace_selftest_replacement() - where a redirected call to
 *	ftrace_selftest_add() ends up
 * @a: first operand
 * @b: second operand
 *
 * Return: @a - @b.
 */
noinline int ftrace_selftest_replacement(int a, int b)
{
	barrier();
	return a - b;
}
