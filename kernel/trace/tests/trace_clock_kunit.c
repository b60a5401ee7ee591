// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the trace clocks: each clock keeps the ordering it
 * promises (per CPU, across CPUs, or strictly increasing).
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/minmax.h>
#include <linux/smp.h>
#include <linux/trace_clock.h>

#define SAMPLES 2000

/* trace_clock_local() never goes backwards on one CPU. */
static void trace_clock_test_local_monotonic(struct kunit *test)
{
	u64 prev, now;
	int i;

	preempt_disable();
	prev = trace_clock_local();
	for (i = 0; i < SAMPLES; i++) {
		now = trace_clock_local();
		if (now < prev)
			break;
		prev = now;
	}
	preempt_enable();
	KUNIT_EXPECT_EQ_MSG(test, i, SAMPLES, "went back from %llu to %llu",
			    prev, now);
}

/* trace_clock() never goes backwards on one CPU. */
static void trace_clock_test_clock_monotonic(struct kunit *test)
{
	u64 prev, now;
	int i;

	preempt_disable();
	prev = trace_clock();
	for (i = 0; i < SAMPLES; i++) {
		now = trace_clock();
		if (now < prev)
			break;
		prev = now;
	}
	preempt_enable();
	KUNIT_EXPECT_EQ(test, i, SAMPLES);
}

static void read_global(void *arg)
{
	*(u64 *)arg = trace_clock_global();
}

/*
 * Calls made one after the other on different CPUs return
 * non-decreasing values: the promise that sets the global clock apart.
 */
static void trace_clock_test_global_across_cpus(struct kunit *test)
{
	u64 prev = 0, now;
	int round, cpu;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two online CPUs");

	for (round = 0; round < 50; round++) {
		for_each_online_cpu(cpu) {
			int err = smp_call_function_single(cpu, read_global,
							   &now, 1);

			KUNIT_ASSERT_EQ(test, err, 0);
			KUNIT_ASSERT_GE_MSG(test, now, prev,
					    "CPU %d went back", cpu);
			prev = now;
		}
	}
}

struct global_race {
	atomic64_t	max_seen;
	atomic_t	backwards;
};

static void hammer_global(void *arg)
{
	struct global_race *race = arg;
	u64 prev = trace_clock_global(), now, max;
	int i;

	for (i = 0; i < SAMPLES; i++) {
		now = trace_clock_global();
		if (now < prev)
			atomic_inc(&race->backwards);
		prev = now;
	}
	max = atomic64_read(&race->max_seen);
	while (max < prev &&
	       !atomic64_try_cmpxchg(&race->max_seen, (s64 *)&max, prev))
		;
}

/*
 * All CPUs reading the global clock at once: each one's values stay
 * ordered, and a later call returns at least the largest of them.
 */
static void trace_clock_test_global_concurrent(struct kunit *test)
{
	struct global_race race = {
		.max_seen = ATOMIC64_INIT(0),
		.backwards = ATOMIC_INIT(0),
	};

	on_each_cpu(hammer_global, &race, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&race.backwards), 0);
	KUNIT_EXPECT_GE(test, trace_clock_global(),
			(u64)atomic64_read(&race.max_seen));
}

/* The counter clock counts: every call returns a larger value. */
static void trace_clock_test_counter(struct kunit *test)
{
	u64 prev = trace_clock_counter(), now;
	int i;

	for (i = 0; i < SAMPLES; i++) {
		now = trace_clock_counter();
		KUNIT_ASSERT_GT(test, now, prev);
		prev = now;
	}
}

/* The jiffies clock follows jiffies and advances with them. */
static void trace_clock_test_jiffies(struct kunit *test)
{
	u64 before = trace_clock_jiffies(), after;

	KUNIT_EXPECT_LE(test, before,
			jiffies_64_to_clock_t(get_jiffies_64() - INITIAL_JIFFIES));
	msleep(3 * 1000 / USER_HZ);
	after = trace_clock_jiffies();
	KUNIT_EXPECT_GT(test, after, before);
}

static struct kunit_case trace_clock_test_cases[] = {
	KUNIT_CASE(trace_clock_test_local_monotonic),
	KUNIT_CASE(trace_clock_test_clock_monotonic),
	KUNIT_CASE(trace_clock_test_global_across_cpus),
	KUNIT_CASE(trace_clock_test_global_concurrent),
	KUNIT_CASE(trace_clock_test_counter),
	KUNIT_CASE(trace_clock_test_jiffies),
	{}
};

static struct kunit_suite trace_clock_test_suite = {
	.name = "trace_clock",
	.test_cases = trace_clock_test_cases,
};

kunit_test_suites(&trace_clock_test_suite);

MODULE_DESCRIPTION("KUnit tests for the trace clocks");
MODULE_LICENSE("GPL");
