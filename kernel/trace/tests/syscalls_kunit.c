// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the syscall events (kernel/trace/trace_syscalls.c):
 * the syscall work flag follows the syscall events, on while at least
 * one is enabled, off once none is; enabling and disabling every one
 * of them leaves nothing attached; names that are no syscall event are
 * refused.
 *
 * The flag is looked at on pid 1, a user task: kernel threads, the
 * test's own among them, never run the syscall work.
 */
#include <kunit/test.h>
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/thread_info.h>

#include "../trace.h"

static struct task_struct *sc_task;
/* Whether the top level was in use before: if not, it is given back. */
static bool sc_expanded;

static bool sc_work(void)
{
	return test_task_syscall_work(sc_task, SYSCALL_TRACEPOINT);
}

static int sc_init(struct kunit *test)
{
	sc_expanded = READ_ONCE(global_trace.buffer_expanded);
	rcu_read_lock();
	sc_task = find_task_by_pid_ns(1, &init_pid_ns);
	if (sc_task)
		get_task_struct(sc_task);
	rcu_read_unlock();
	if (!sc_task)
		kunit_skip(test, "no pid 1");
	/* The raw_syscalls events share the flag: they must be off. */
	if (sc_work())
		kunit_skip(test, "a syscall tracepoint is in use");
	return 0;
}

static void sc_exit(struct kunit *test)
{
	tracing_give_back_buffers(&global_trace, sc_expanded);
	if (sc_task)
		put_task_struct(sc_task);
	sc_task = NULL;
}

static int sc_set(const char *event, int on)
{
	return trace_set_clr_event("syscalls", event, on);
}

/* Either kind of event keeps the flag on; the last one off clears it. */
static void sc_work_flag(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, sc_set("sys_enter_getppid", 1), 0);
	KUNIT_EXPECT_TRUE(test, sc_work());
	KUNIT_ASSERT_EQ(test, sc_set("sys_exit_getppid", 1), 0);
	KUNIT_ASSERT_EQ(test, sc_set("sys_enter_getppid", 0), 0);
	KUNIT_EXPECT_TRUE(test, sc_work());
	KUNIT_ASSERT_EQ(test, sc_set("sys_enter_openat", 1), 0);
	KUNIT_ASSERT_EQ(test, sc_set("sys_exit_getppid", 0), 0);
	KUNIT_EXPECT_TRUE(test, sc_work());
	KUNIT_ASSERT_EQ(test, sc_set("sys_enter_openat", 0), 0);
	KUNIT_EXPECT_FALSE(test, sc_work());
	/* Disabling what is off changes nothing. */
	KUNIT_EXPECT_EQ(test, sc_set("sys_enter_openat", 0), 0);
	KUNIT_EXPECT_FALSE(test, sc_work());
}

/* The whole system on and off, twice: every attach has its detach. */
static void sc_all(struct kunit *test)
{
	int i;

	for (i = 0; i < 2; i++) {
		KUNIT_ASSERT_EQ(test, sc_set(NULL, 1), 0);
		KUNIT_EXPECT_TRUE(test, sc_work());
		KUNIT_ASSERT_EQ(test, sc_set(NULL, 0), 0);
		KUNIT_EXPECT_FALSE(test, sc_work());
	}
}

static void sc_bad_names(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, sc_set("sys_enter_nosuchcall", 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_set("sys_enter_ni_syscall", 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, trace_set_clr_event("nosuchsystem",
						  "sys_enter_getppid", 1),
			-EINVAL);
	KUNIT_EXPECT_FALSE(test, sc_work());
}

static struct kunit_case sc_cases[] = {
	KUNIT_CASE(sc_work_flag),
	KUNIT_CASE(sc_all),
	KUNIT_CASE(sc_bad_names),
	{}
};

static struct kunit_suite sc_suite = {
	.name = "syscall_events",
	.init = sc_init,
	.exit = sc_exit,
	.test_cases = sc_cases,
};

kunit_test_suite(sc_suite);
