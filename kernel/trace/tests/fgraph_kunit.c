// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the return hooks (kernel/trace/fgraph.c) at the edges of
 * the recursion guard: a call kept by a graph user gets its return even
 * when the return comes where the guard refuses (the tail of an interrupt
 * that arrived while a hook nested in another held both the task's
 * recursion bit and its transition bit), and a call entered there is
 * not kept.
 *
 * The interrupt is played by hand, with interrupts off: the test takes
 * the two bits as the nested hooks would, raises preempt_count() into
 * hardirq, and calls a traced function that leaves hardirq before it
 * returns, as irq_exit_rcu() does.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/trace_recursion.h>

struct fgk_counts {
	int	entries;
	int	returns;
	/* A return handler that ran preemptible, or with the wrong depth. */
	int	bad_returns;
	int	entry_depth;
};

static struct fgk_counts fgk;

/*
 * The traced function (this file is built with the compiler's entry
 * calls).  With @leave_hardirq it drops the hardirq count its caller
 * raised, so that it returns in the context the interrupt had
 * interrupted.
 */
static noinline void fgk_target(bool leave_hardirq)
{
	if (leave_hardirq)
		__preempt_count_sub(HARDIRQ_OFFSET);
	barrier();
}

static int fgk_entry(struct ftrace_graph_ent *trace, struct fgraph_ops *gops)
{
	fgk.entries++;
	fgk.entry_depth = trace->depth;
	return 1;
}

static void fgk_return(struct ftrace_graph_ret *trace, struct fgraph_ops *gops)
{
	fgk.returns++;
	if (preemptible() || trace->depth != fgk.entry_depth)
		fgk.bad_returns++;
}

static struct fgraph_ops fgk_gops = {
	.entryfunc	= fgk_entry,
	.retfunc	= fgk_return,
};

static int fgk_init(struct kunit *test)
{
	int ret;

	memset(&fgk, 0, sizeof(fgk));
	ret = ftrace_set_filter_ip(&fgk_gops.ops, (unsigned long)fgk_target,
				   0, 1);
	if (ret)
		kunit_skip(test, "fgk_target has no call site (%d)", ret);
	ret = register_ftrace_graph(&fgk_gops);
	if (ret) {
		ftrace_free_filter(&fgk_gops.ops);
		kunit_skip(test, "register_ftrace_graph: %d", ret);
	}
	return 0;
}

static void fgk_exit(struct kunit *test)
{
	unregister_ftrace_graph(&fgk_gops);
	ftrace_free_filter(&fgk_gops.ops);
}

/*
 * Call the target with interrupts off while holding this context's
 * recursion bit and its transition bit, as nested hooks would; with
 * @from_hardirq the call is made in hardirq and returns outside it.
 * Return: whether both bits could be taken (and the call was made).
 */
static bool fgk_call_holding_bits(bool from_hardirq)
{
	unsigned long flags;
	int bit, transition;
	bool held;

	local_irq_save(flags);
	bit = ftrace_test_recursion_trylock(_THIS_IP_, 0);
	transition = ftrace_test_recursion_trylock(_THIS_IP_, 0);
	held = bit >= 0 && transition >= 0;
	if (held) {
		if (from_hardirq)
			__preempt_count_add(HARDIRQ_OFFSET);
		fgk_target(from_hardirq);
	}
	if (transition >= 0)
		ftrace_test_recursion_unlock(transition);
	if (bit >= 0)
		ftrace_test_recursion_unlock(bit);
	local_irq_restore(flags);
	return held;
}

/* With nothing held, a call is kept and returns: the baseline. */
static void fgk_plain_call(struct kunit *test)
{
	fgk_target(false);
	KUNIT_EXPECT_EQ(test, fgk.entries, 1);
	KUNIT_EXPECT_EQ(test, fgk.returns, 1);
	KUNIT_EXPECT_EQ(test, fgk.bad_returns, 0);
}

/*
 * Entered in hardirq, returning where both bits are held: the return
 * handler still runs, with preemption off and the entry's depth.
 */
static void fgk_return_in_transition(struct kunit *test)
{
	KUNIT_ASSERT_TRUE_MSG(test, fgk_call_holding_bits(true),
			      "the recursion bits were taken");
	KUNIT_EXPECT_EQ(test, fgk.entries, 1);
	KUNIT_EXPECT_EQ_MSG(test, fgk.returns, 1,
			    "a kept call lost its return");
	KUNIT_EXPECT_EQ(test, fgk.bad_returns, 0);
}

/* Entered where both bits are held: refused, so no return either. */
static void fgk_entry_in_transition(struct kunit *test)
{
	KUNIT_ASSERT_TRUE_MSG(test, fgk_call_holding_bits(false),
			      "the recursion bits were taken");
	KUNIT_EXPECT_EQ(test, fgk.entries, 0);
	KUNIT_EXPECT_EQ(test, fgk.returns, 0);
	/* The guard is free again: the next call is kept. */
	fgk_target(false);
	KUNIT_EXPECT_EQ(test, fgk.entries, 1);
	KUNIT_EXPECT_EQ(test, fgk.returns, 1);
}

static struct kunit_case fgk_cases[] = {
	KUNIT_CASE(fgk_plain_call),
	KUNIT_CASE(fgk_return_in_transition),
	KUNIT_CASE(fgk_entry_in_transition),
	{}
};

static struct kunit_suite fgk_suite = {
	.name		= "fgraph_returns",
	.init		= fgk_init,
	.exit		= fgk_exit,
	.test_cases	= fgk_cases,
};
kunit_test_suites(&fgk_suite);

MODULE_DESCRIPTION("KUnit tests of the function graph return hooks");
MODULE_LICENSE("GPL");
