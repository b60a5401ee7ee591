// SPDX-License-Identifier: GPL-2.0
/*
 * The direct calls' API, called as its users call it and as they should
 * not: reading the parameter "checks" runs every check on a function of
 * this module and answers "ok", or the checks that failed, one a line.
 * The trampolines only count their calls, so each check sees exactly
 * which trampoline a call of the function reached.
 */
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/seq_buf.h>

#include "tracelab_direct.h"

/* What the trampolines, the target and its replacement have counted. */
unsigned long tracelab_direct_hits1;
unsigned long tracelab_direct_hits2;
static unsigned long target_runs;
static unsigned long other_runs;

static noinline void tracelab_direct_target(void)
{
	WRITE_ONCE(target_runs, target_runs + 1);
	barrier();
}

/* Where the IPMODIFY callback sends the target. */
static noinline void tracelab_direct_other(void)
{
	WRITE_ONCE(other_runs, other_runs + 1);
	barrier();
}

static void ipmodify_func(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);

	if (regs)
		regs->ip = (unsigned long)tracelab_direct_other;
}

static struct ftrace_ops ipmodify_ops = {
	.func	= ipmodify_func,
	.flags	= FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY,
};

/* The FTRACE_OPS_CMD_* requests the direct ops got, and the answer. */
static unsigned int cmds[3];
static int self_answer;

static int direct_ops_func(struct ftrace_ops *op, enum ftrace_ops_cmd cmd)
{
	cmds[cmd]++;
	if (cmd == FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF)
		return self_answer;
	return 0;
}

static struct ftrace_ops d1, d2;
static struct seq_buf *out;

/*
 * Two calls of the target: how many times each is to reach tramp1,
 * tramp2 and the target's body (after a trampoline too, unless an
 * IPMODIFY callback sent it elsewhere).
 */
static void expect_calls(int line, unsigned long h1, unsigned long h2,
			 unsigned long body)
{
	unsigned long a = tracelab_direct_hits1, b = tracelab_direct_hits2;
	unsigned long c = READ_ONCE(target_runs);

	tracelab_direct_target();
	tracelab_direct_target();
	a = tracelab_direct_hits1 - a;
	b = tracelab_direct_hits2 - b;
	c = READ_ONCE(target_runs) - c;
	if (a != 2 * h1 || b != 2 * h2 || c != 2 * body)
		seq_buf_printf(out,
			       "line %d: 2 calls reached tramp1 %lu, tramp2 %lu, body %lu times\n",
			       line, a, b, c);
}

static void expect_ret(int line, const char *what, int got, int want)
{
	if (got != want)
		seq_buf_printf(out, "line %d: %s returned %d, not %d\n",
			       line, what, got, want);
}

#define EXPECT_RET(call, want)	expect_ret(__LINE__, #call, call, want)
#define EXPECT_CALLS(a, b, c)	expect_calls(__LINE__, a, b, c)

static void check_errors(unsigned long target, unsigned long t1,
			 unsigned long t2)
{
	/* Not registered: unregister and modify refuse. */
	EXPECT_RET(unregister_ftrace_direct(&d1, t1, false), -EINVAL);
	EXPECT_RET(modify_ftrace_direct(&d1, t2), -EINVAL);
	/* No function, no trampoline. */
	EXPECT_RET(register_ftrace_direct(&d1, t1), -EINVAL);
	EXPECT_RET(ftrace_set_filter_ip(&d1, target, 0, 1), 0);
	EXPECT_RET(register_ftrace_direct(&d1, 0), -EINVAL);
	EXPECT_CALLS(0, 0, 1);

	EXPECT_RET(register_ftrace_direct(&d1, t1), 0);
	EXPECT_CALLS(1, 0, 1);
	/* Twice: refused, nothing changes. */
	EXPECT_RET(register_ftrace_direct(&d1, t2), -EINVAL);
	EXPECT_CALLS(1, 0, 1);
	/* A second direct ops on the same function. */
	EXPECT_RET(ftrace_set_filter_ip(&d2, target, 0, 1), 0);
	EXPECT_RET(register_ftrace_direct(&d2, t2), -EBUSY);
	EXPECT_RET(d2.flags & FTRACE_OPS_FL_ENABLED, 0);
	ftrace_free_filter(&d2);
	/* The filter of a registered direct ops stays. */
	EXPECT_RET(ftrace_set_filter_ip(&d1, target, 1, 0), -EBUSY);
	EXPECT_RET(modify_ftrace_direct(&d1, 0), -EINVAL);
	EXPECT_CALLS(1, 0, 1);

	EXPECT_RET(modify_ftrace_direct(&d1, t2), 0);
	EXPECT_CALLS(0, 1, 1);
	EXPECT_RET(unregister_ftrace_direct(&d1, t2, true), 0);
	EXPECT_CALLS(0, 0, 1);
	EXPECT_RET(unregister_ftrace_direct(&d1, t2, true), -EINVAL);
	EXPECT_RET(modify_ftrace_direct(&d1, t1), -EINVAL);
	EXPECT_CALLS(0, 0, 1);
}

static void check_ipmodify(unsigned long target, unsigned long t1,
			   unsigned long t2)
{
	unsigned long other;

	EXPECT_RET(ftrace_set_filter_ip(&ipmodify_ops, target, 0, 1), 0);
	EXPECT_RET(ftrace_set_filter_ip(&d1, target, 0, 1), 0);
	EXPECT_RET(register_ftrace_direct(&d1, t1), 0);

	/* A direct ops without ops_func cannot share with IPMODIFY. */
	EXPECT_RET(register_ftrace_function(&ipmodify_ops), -EBUSY);
	EXPECT_CALLS(1, 0, 1);
	EXPECT_RET(unregister_ftrace_direct(&d1, t1, false), 0);

	/* The other way round: the direct ops is refused. */
	EXPECT_RET(register_ftrace_function(&ipmodify_ops), 0);
	EXPECT_RET(register_ftrace_direct(&d1, t1), -EBUSY);
	EXPECT_RET(d1.flags & FTRACE_OPS_FL_ENABLED, 0);

	/* With ops_func: asked, and its error is the registration's. */
	d1.ops_func = direct_ops_func;
	self_answer = -EAGAIN;
	EXPECT_RET(register_ftrace_direct(&d1, t1), -EAGAIN);
	EXPECT_RET(cmds[FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF], 1);
	self_answer = 0;
	EXPECT_RET(register_ftrace_direct(&d1, t1), 0);

	/* Shared: the trampoline runs, then resumes where regs->ip says. */
	other = READ_ONCE(other_runs);
	EXPECT_CALLS(1, 0, 0);
	EXPECT_RET(READ_ONCE(other_runs) - other, 2);
	EXPECT_RET(modify_ftrace_direct(&d1, t2), 0);
	EXPECT_CALLS(0, 1, 0);
	EXPECT_RET(cmds[FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF], 3);

	/* The IPMODIFY ops leaves and comes back: the peer requests. */
	EXPECT_RET(unregister_ftrace_function(&ipmodify_ops), 0);
	EXPECT_RET(cmds[FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER], 1);
	EXPECT_CALLS(0, 1, 1);
	EXPECT_RET(register_ftrace_function(&ipmodify_ops), 0);
	EXPECT_RET(cmds[FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER], 1);
	EXPECT_CALLS(0, 1, 0);

	EXPECT_RET(unregister_ftrace_function(&ipmodify_ops), 0);
	EXPECT_RET(unregister_ftrace_direct(&d1, t2, true), 0);
	EXPECT_CALLS(0, 0, 1);
	ftrace_free_filter(&ipmodify_ops);
	d1.ops_func = NULL;
}

static int checks_get(char *buf, const struct kernel_param *kp)
{
	unsigned long target = (unsigned long)tracelab_direct_target;
	unsigned long t1 = (unsigned long)tracelab_direct_tramp1;
	unsigned long t2 = (unsigned long)tracelab_direct_tramp2;
	struct seq_buf s;

	seq_buf_init(&s, buf, PAGE_SIZE);
	out = &s;
	memset(cmds, 0, sizeof(cmds));
	check_errors(target, t1, t2);
	check_ipmodify(target, t1, t2);
	if (!seq_buf_used(&s))
		seq_buf_puts(&s, "ok\n");
	return seq_buf_used(&s);
}

/* Whatever a failed check left registered goes before the module does. */
static void __exit tracelab_direct_exit(void)
{
	struct ftrace_ops *direct[] = { &d1, &d2 };
	int i;

	if (ipmodify_ops.flags & FTRACE_OPS_FL_ENABLED)
		unregister_ftrace_function(&ipmodify_ops);
	ftrace_free_filter(&ipmodify_ops);
	for (i = 0; i < ARRAY_SIZE(direct); i++) {
		if (direct[i]->flags & FTRACE_OPS_FL_ENABLED)
			unregister_ftrace_direct(direct[i], 0, false);
		ftrace_free_filter(direct[i]);
	}
}
module_exit(tracelab_direct_exit);

static const struct kernel_param_ops checks_ops = {
	.get	= checks_get,
};
module_param_cb(checks, &checks_ops, NULL, 0444);
MODULE_PARM_DESC(checks, "run the direct calls' API checks: ok, or what failed");

MODULE_DESCRIPTION("tracelab: the direct calls' API, good and bad input");
MODULE_LICENSE("GPL");
