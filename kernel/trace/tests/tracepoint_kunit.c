// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the tracepoint core: attaching and detaching probes,
 * their order, their data, conditions, the reg/unreg hooks, the static
 * key, and detaching while another CPU is calling the tracepoint.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

/* The tracepoints under test, declared and defined here. */
DECLARE_TRACE(tpk_plain, TP_PROTO(int v), TP_ARGS(v));
DEFINE_TRACE(tpk_plain, TP_PROTO(int v), TP_ARGS(v));

/*
 * The races' own tracepoint, with one call site: moving a static call
 * patches every call site, and under emulation each patch is slow.
 */
DECLARE_TRACE(tpk_race, TP_PROTO(int v), TP_ARGS(v));
DEFINE_TRACE(tpk_race, TP_PROTO(int v), TP_ARGS(v));

DECLARE_TRACE_CONDITION(tpk_cond, TP_PROTO(int v), TP_ARGS(v),
			TP_CONDITION(v > 0));
DEFINE_TRACE(tpk_cond, TP_PROTO(int v), TP_ARGS(v));

static int tpk_reg_calls, tpk_unreg_calls, tpk_reg_error;

static int tpk_reg(void)
{
	tpk_reg_calls++;
	return tpk_reg_error;
}

static void tpk_unreg(void)
{
	tpk_unreg_calls++;
}

DECLARE_TRACE(tpk_hooked, TP_PROTO(int v), TP_ARGS(v));
DEFINE_TRACE_FN(tpk_hooked, tpk_reg, tpk_unreg, TP_PROTO(int v), TP_ARGS(v));

/* What the probes saw: each appends its data's tag to a log. */
struct tpk_log {
	char		seen[64];
	int		len;
	int		last_v;
	bool		preemptible;
};

static struct tpk_log tpk_log;

static void tpk_log_reset(void)
{
	memset(&tpk_log, 0, sizeof(tpk_log));
}

static void tpk_probe(void *data, int v)
{
	const char *tag = data;

	if (tpk_log.len < (int)sizeof(tpk_log.seen) - 1)
		tpk_log.seen[tpk_log.len++] = *tag;
	tpk_log.last_v = v;
	if (preemptible())
		tpk_log.preemptible = true;
}

static void tpk_other_probe(void *data, int v)
{
	tpk_probe(data, -v);
}

static void tpk_test_off(struct kunit *test)
{
	tpk_log_reset();
	KUNIT_EXPECT_FALSE(test, trace_tpk_plain_enabled());
	KUNIT_EXPECT_FALSE(test, static_key_enabled(&__tracepoint_tpk_plain.key));
	trace_tpk_plain(1);
	KUNIT_EXPECT_EQ(test, tpk_log.len, 0);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(&__tracepoint_tpk_plain,
							  tpk_probe, "a"),
			-ENOENT);
}

static void tpk_test_attach_detach(struct kunit *test)
{
	static const char a[] = "a";

	tpk_log_reset();
	KUNIT_ASSERT_EQ(test, register_trace_tpk_plain(tpk_probe, (void *)a), 0);
	KUNIT_EXPECT_TRUE(test, trace_tpk_plain_enabled());
	trace_tpk_plain(42);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "a");
	KUNIT_EXPECT_EQ(test, tpk_log.last_v, 42);
	KUNIT_EXPECT_FALSE(test, tpk_log.preemptible);

	/* The same probe with the same data: refused, or accepted once. */
	KUNIT_EXPECT_EQ(test, register_trace_tpk_plain(tpk_probe, (void *)a),
			-EEXIST);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_register_may_exist(
				&__tracepoint_tpk_plain, tpk_probe, (void *)a), 0);
	tpk_log_reset();
	trace_tpk_plain(1);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "a");

	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_plain(tpk_probe, (void *)a), 0);
	KUNIT_EXPECT_FALSE(test, trace_tpk_plain_enabled());
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_plain(tpk_probe, (void *)a),
			-ENOENT);
	tpk_log_reset();
	trace_tpk_plain(1);
	KUNIT_EXPECT_EQ(test, tpk_log.len, 0);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_register(&__tracepoint_tpk_plain,
							NULL, NULL), -EINVAL);
}

/* Probes run highest priority first, equal priorities in attach order. */
static void tpk_test_priorities(struct kunit *test)
{
	struct tracepoint *tp = &__tracepoint_tpk_plain;
	static const char tags[] = "abcdef";
	static const int prios[] = { 10, 30, 10, 20, 30, 5 };
	int i;

	for (i = 0; i < ARRAY_SIZE(prios); i++)
		KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp,
				tpk_probe, (void *)&tags[i], prios[i]), 0);
	tpk_log_reset();
	trace_tpk_plain(7);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "bedacf");

	/* Detach from the middle, the front and the back. */
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe,
							  (void *)&tags[3]), 0);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe,
							  (void *)&tags[1]), 0);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe,
							  (void *)&tags[5]), 0);
	tpk_log_reset();
	trace_tpk_plain(7);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "eac");

	for (i = 0; i < ARRAY_SIZE(prios); i++)
		tracepoint_probe_unregister(tp, tpk_probe, (void *)&tags[i]);
	KUNIT_EXPECT_FALSE(test, trace_tpk_plain_enabled());
	KUNIT_EXPECT_NULL(test, rcu_access_pointer(tp->funcs));
}

/*
 * Wait for the call site's static call to point at @func: moving it to
 * a probe waits for a grace period, without blocking the attach.
 */
static bool tpk_call_goes_to(struct tracepoint *tp, void *func)
{
	int i;

	for (i = 0; i < 250; i++) {
		if (READ_ONCE(tp->static_call_key->func) == func)
			return true;
		msleep(20);
	}
	return false;
}

/*
 * The call site's static call goes straight to the only probe, and to
 * the iterator whenever there are more.
 */
static void tpk_test_static_call(struct kunit *test)
{
	static const char a[] = "a", b[] = "b";
	void *iter = __tracepoint_tpk_plain.iterator;

	KUNIT_EXPECT_PTR_EQ(test, iter, (void *)__traceiter_tpk_plain);
	KUNIT_ASSERT_EQ(test, register_trace_tpk_plain(tpk_probe, (void *)a), 0);
	KUNIT_EXPECT_TRUE(test, tpk_call_goes_to(&__tracepoint_tpk_plain,
						 tpk_probe));
	KUNIT_ASSERT_EQ(test, register_trace_prio_tpk_plain(tpk_other_probe,
							    (void *)b, 20), 0);
	KUNIT_EXPECT_PTR_EQ(test, static_call_query(tp_func_tpk_plain), iter);
	tpk_log_reset();
	trace_tpk_plain(4);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "ba");
	KUNIT_EXPECT_EQ(test, tpk_log.last_v, 4);

	/* Detaching the first probe leaves the other one, called directly. */
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_plain(tpk_probe, (void *)a), 0);
	KUNIT_EXPECT_TRUE(test, tpk_call_goes_to(&__tracepoint_tpk_plain,
						 tpk_other_probe));
	tpk_log_reset();
	trace_tpk_plain(4);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "b");
	KUNIT_EXPECT_EQ(test, tpk_log.last_v, -4);
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_plain(tpk_other_probe,
							 (void *)b), 0);
	KUNIT_EXPECT_FALSE(test, trace_tpk_plain_enabled());
}

/* Two probe functions, and one function with two data: all distinct. */
static void tpk_test_distinct_probes(struct kunit *test)
{
	static const char x[] = "x", y[] = "y";

	KUNIT_ASSERT_EQ(test, register_trace_tpk_plain(tpk_probe, (void *)x), 0);
	KUNIT_ASSERT_EQ(test, register_trace_tpk_plain(tpk_probe, (void *)y), 0);
	KUNIT_ASSERT_EQ(test, register_trace_tpk_plain(tpk_other_probe,
						       (void *)x), 0);
	tpk_log_reset();
	trace_tpk_plain(3);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "xyx");
	KUNIT_EXPECT_EQ(test, tpk_log.last_v, -3);
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_plain(tpk_probe, (void *)x), 0);
	tpk_log_reset();
	trace_tpk_plain(3);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "yx");
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_plain(tpk_probe, (void *)y), 0);
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_plain(tpk_other_probe,
							 (void *)x), 0);
	KUNIT_EXPECT_FALSE(test, trace_tpk_plain_enabled());
}

static void tpk_test_condition(struct kunit *test)
{
	static const char c[] = "c";

	KUNIT_ASSERT_EQ(test, register_trace_tpk_cond(tpk_probe, (void *)c), 0);
	tpk_log_reset();
	trace_tpk_cond(0);
	trace_tpk_cond(-5);
	KUNIT_EXPECT_EQ(test, tpk_log.len, 0);
	trace_tpk_cond(5);
	KUNIT_EXPECT_STREQ(test, tpk_log.seen, "c");
	KUNIT_EXPECT_EQ(test, tpk_log.last_v, 5);
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_cond(tpk_probe, (void *)c), 0);
}

/* regfunc before the first probe (and it may refuse), unregfunc after the last. */
static void tpk_test_reg_hooks(struct kunit *test)
{
	static const char a[] = "a", b[] = "b";

	tpk_reg_calls = 0;
	tpk_unreg_calls = 0;
	tpk_reg_error = -EBUSY;
	KUNIT_EXPECT_EQ(test, register_trace_tpk_hooked(tpk_probe, (void *)a),
			-EBUSY);
	KUNIT_EXPECT_EQ(test, tpk_reg_calls, 1);
	KUNIT_EXPECT_FALSE(test, trace_tpk_hooked_enabled());
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_hooked(tpk_probe, (void *)a),
			-ENOENT);

	tpk_reg_error = 0;
	KUNIT_ASSERT_EQ(test, register_trace_tpk_hooked(tpk_probe, (void *)a), 0);
	KUNIT_ASSERT_EQ(test, register_trace_tpk_hooked(tpk_probe, (void *)b), 0);
	KUNIT_EXPECT_EQ(test, tpk_reg_calls, 2);
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_hooked(tpk_probe, (void *)a), 0);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 0);
	KUNIT_EXPECT_TRUE(test, trace_tpk_hooked_enabled());
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_hooked(tpk_probe, (void *)b), 0);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 1);
	KUNIT_EXPECT_FALSE(test, trace_tpk_hooked_enabled());
}

static void tpk_find(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "tpk_plain"))
		*(struct tracepoint **)priv = tp;
}

static void tpk_find_mod(struct tracepoint *tp, struct module *mod, void *priv)
{
	tpk_find(tp, priv);
}

/* The tracepoint tables list ours, under its name. */
static void tpk_test_tables(struct kunit *test)
{
	struct tracepoint *found = NULL;

	if (IS_MODULE(CONFIG_TRACEPOINT_KUNIT_TEST))
		for_each_tracepoint_in_module(THIS_MODULE, tpk_find_mod, &found);
	else
		for_each_kernel_tracepoint(tpk_find, &found);
	KUNIT_EXPECT_PTR_EQ(test, found, &__tracepoint_tpk_plain);
	KUNIT_EXPECT_STREQ(test, __tracepoint_tpk_cond.name, "tpk_cond");
}

/*
 * Attach and detach probes while the other CPU calls the tracepoint
 * without pause.  Each probe checks its own data on every call; after
 * the last detach and tracepoint_synchronize_unregister() no probe runs.
 */
struct tpk_race {
	atomic_t	calls;
	atomic_t	bad;
	bool		stop;
};

static void tpk_race_probe(void *data, int v)
{
	struct tpk_race *r = container_of(data, struct tpk_race, stop);

	atomic_inc(&r->calls);
	if (v != 1234)
		atomic_inc(&r->bad);
}

static void tpk_race_probe2(void *data, int v)
{
	struct tpk_race *r = container_of(data, struct tpk_race, stop);

	if (v != 1234)
		atomic_inc(&r->bad);
}

static int tpk_race_caller(void *arg)
{
	struct tpk_race *r = arg;

	while (!READ_ONCE(r->stop) && !kthread_should_stop()) {
		trace_tpk_race(1234);
		cond_resched();
	}
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

static void tpk_test_detach_while_called(struct kunit *test)
{
	struct tpk_race *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	struct task_struct *t;
	int i, calls;

	KUNIT_ASSERT_NOT_NULL(test, r);
	t = kthread_create(tpk_race_caller, r, "tpk_race");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	if (num_online_cpus() > 1)
		kthread_bind(t, cpumask_last(cpu_online_mask));
	wake_up_process(t);

	for (i = 0; i < 500; i++) {
		KUNIT_ASSERT_EQ(test, register_trace_tpk_race(tpk_race_probe,
							       &r->stop), 0);
		KUNIT_ASSERT_EQ(test, register_trace_prio_tpk_race(tpk_race_probe2,
								    &r->stop,
								    i % 20), 0);
		if (i % 50 == 0)
			usleep_range(1000, 2000);
		KUNIT_ASSERT_EQ(test, unregister_trace_tpk_race(tpk_race_probe,
								 &r->stop), 0);
		KUNIT_ASSERT_EQ(test, unregister_trace_tpk_race(tpk_race_probe2,
								 &r->stop), 0);
	}
	tracepoint_synchronize_unregister();
	calls = atomic_read(&r->calls);
	msleep(20);
	KUNIT_EXPECT_EQ(test, atomic_read(&r->calls), calls);
	KUNIT_EXPECT_GT(test, calls, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&r->bad), 0);
	WRITE_ONCE(r->stop, true);
	kthread_stop(t);
	KUNIT_EXPECT_FALSE(test, trace_tpk_race_enabled());
}

/*
 * Move the static call between probes and the iterator while the other
 * CPU calls the tracepoint without pause: each probe has its own data
 * and counts every call made with another's.  Each round goes through
 * none to one, one to two, two to one with a new first probe, and one
 * to none, starting from either probe; half the rounds wait for the
 * call to reach the only probe, so that it moves away from one, and to
 * one, under the caller's feet.
 */
struct tpk_switch {
	struct tpk_race	race;
	int		tag_a, tag_b;
	atomic_t	calls_a, calls_b;
};

static struct tpk_switch *tpk_sw;

static void tpk_switch_a(void *data, int v)
{
	struct tpk_switch *s = READ_ONCE(tpk_sw);

	if (data != &s->tag_a || v != 1234)
		atomic_inc(&s->race.bad);
	atomic_inc(&s->calls_a);
}

static void tpk_switch_b(void *data, int v)
{
	struct tpk_switch *s = READ_ONCE(tpk_sw);

	if (data != &s->tag_b || v != 1234)
		atomic_inc(&s->race.bad);
	atomic_inc(&s->calls_b);
}

static void tpk_test_data_while_retargeted(struct kunit *test)
{
	struct tpk_switch *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct task_struct *t;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, s);
	WRITE_ONCE(tpk_sw, s);
	t = kthread_create(tpk_race_caller, &s->race, "tpk_switch");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	if (num_online_cpus() > 1)
		kthread_bind(t, cpumask_last(cpu_online_mask));
	wake_up_process(t);

	for (i = 0; i < 24; i++) {
		void (*first)(void *, int) = i & 1 ? tpk_switch_b : tpk_switch_a;
		void (*second)(void *, int) = i & 1 ? tpk_switch_a : tpk_switch_b;
		void *d1 = i & 1 ? &s->tag_b : &s->tag_a;
		void *d2 = i & 1 ? &s->tag_a : &s->tag_b;

		/* Half the rounds let the call reach the probe each time. */
		KUNIT_ASSERT_EQ(test, register_trace_tpk_race(first, d1), 0);
		if (i & 2)
			KUNIT_EXPECT_TRUE(test, tpk_call_goes_to(&__tracepoint_tpk_race,
							 first));
		KUNIT_ASSERT_EQ(test, register_trace_prio_tpk_race(second, d2,
								    20), 0);
		usleep_range(200, 400);
		KUNIT_ASSERT_EQ(test, unregister_trace_tpk_race(first, d1), 0);
		if (i & 2)
			KUNIT_EXPECT_TRUE(test, tpk_call_goes_to(&__tracepoint_tpk_race,
							 second));
		else
			usleep_range(200, 400);
		KUNIT_ASSERT_EQ(test, unregister_trace_tpk_race(second, d2), 0);
	}
	tracepoint_synchronize_unregister();
	WRITE_ONCE(s->race.stop, true);
	kthread_stop(t);
	KUNIT_EXPECT_GT(test, atomic_read(&s->calls_a), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&s->calls_b), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&s->race.bad), 0);
	KUNIT_EXPECT_FALSE(test, trace_tpk_race_enabled());
}

static struct kunit_case tpk_cases[] = {
	KUNIT_CASE(tpk_test_off),
	KUNIT_CASE(tpk_test_attach_detach),
	KUNIT_CASE(tpk_test_priorities),
	KUNIT_CASE_SLOW(tpk_test_static_call),
	KUNIT_CASE(tpk_test_distinct_probes),
	KUNIT_CASE(tpk_test_condition),
	KUNIT_CASE(tpk_test_reg_hooks),
	KUNIT_CASE(tpk_test_tables),
	KUNIT_CASE_SLOW(tpk_test_detach_while_called),
	KUNIT_CASE_SLOW(tpk_test_data_while_retargeted),
	{}
};

static struct kunit_suite tpk_suite = {
	.name = "tracepoint",
	.test_cases = tpk_cases,
};
kunit_test_suite(tpk_suite);

MODULE_DESCRIPTION("KUnit tests for the tracepoint core");
MODULE_LICENSE("GPL");
