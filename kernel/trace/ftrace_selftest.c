// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer's boot self-test (CONFIG_FTRACE_STARTUP_TEST).
 *
 * It attaches callbacks to the functions in ftrace_selftest_targets.c
 * and checks, step by step, what a tracer relies on: a callback sees
 * exactly the functions its filter names, with the right call site and
 * arguments; the full register set arrives when asked for; a callback
 * can send a function elsewhere; two callbacks share a function; nothing
 * is called after unregistering; and the function tracer's records
 * reach the trace buffer.  The result is one console line,
 * "Testing tracer function: PASSED" or "... FAILED", which the lab's
 * harness counts.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/ring_buffer.h>

#include "trace_tracers.h"
#include "ftrace_selftest.h"

/**
 * struct probe - a test callback and what it saw
 * @ops: the callback
 * @hits: calls
 * @ip: the last call site
 * @parent_ip: the last return address
 * @arg0: the traced function's first argument, as the callback saw it
 * @had_regs: whether the full register set came with the last call
 * @resume: the last regs->ip (where the function resumes)
 * @redirect: if set, send the traced function here
 */
struct probe {
	struct ftrace_ops	ops;
	unsigned int		hits;
	unsigned long		ip, parent_ip, arg0, resume;
	bool			had_regs;
	unsigned long		redirect;
};

static void probe_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct probe *p = container_of(op, struct probe, ops);
	struct pt_regs *regs = ftrace_get_regs(fregs);

	p->hits++;
	p->ip = ip;
	p->parent_ip = parent_ip;
	p->arg0 = ftrace_regs_get_argument(fregs, 0);
	p->had_regs = regs;
	if (regs) {
		p->resume = regs->ip;
		if (p->redirect)
			regs->ip = p->redirect;
	}
}

static void probe_init(struct probe *p, unsigned long flags)
{
	memset(p, 0, sizeof(*p));
	p->ops.func = probe_func;
	p->ops.flags = flags;
}

static int probe_start(struct probe *p, void *func)
{
	int ret = ftrace_set_filter_ip(&p->ops, (unsigned long)func, 0, 1);

	return ret ?: register_ftrace_function(&p->ops);
}

static void probe_end(struct probe *p)
{
	if (p->ops.flags & FTRACE_OPS_FL_ENABLED)
		unregister_ftrace_function(&p->ops);
	ftrace_free_filter(&p->ops);
}

/* Record a failed expectation; the test goes on to clean up. */
static bool expect(bool cond, int line, const char *what)
{
	if (!cond)
		pr_err("ftrace selftest: line %d: %s\n", line, what);
	return cond;
}

#define CHECK(cond)	(ok &= expect(cond, __LINE__, #cond))

/* Does the trace buffer hold a function record for @ip? */
static bool buffer_has_function(unsigned long ip)
{
	struct trace_buffer *buffer = global_trace.buffer;
	struct ring_buffer_event *event;
	bool found = false;
	int cpu;

	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(buffer, cpu, NULL, NULL))) {
			struct ftrace_entry *e = ring_buffer_event_data(event);

			if (e->ent.type == TRACE_FN && e->ip == ip)
				found = true;
		}
	}
	return found;
}

/* The function tracer, filtered to one function, end to end. */
static int __init test_function_tracer(unsigned long site)
{
	char name[] = "ftrace_selftest_add";
	bool expanded = global_trace.buffer_expanded;
	int ret;

	/*
	 * This step records into the top-level buffer and drains it: not
	 * while it holds (or is about to hold) a trace the command line
	 * asked for from boot.
	 */
	if (trace_boot_traced() || ring_buffer_entries(global_trace.buffer)) {
		pr_info("ftrace selftest: the function tracer's end-to-end step is skipped, to keep the boot trace\n");
		return 0;
	}
	ret = ftrace_set_filter(&global_trace.func.ops, name, strlen(name), 1);
	if (ret)
		return ret;
	ret = tracing_set_tracer(&global_trace, "function");
	if (!ret) {
		ftrace_selftest_add(1, 1);
		ftrace_selftest_other(1);
		if (!buffer_has_function(site))
			ret = -ENOENT;
		tracing_set_tracer(&global_trace, "nop");
	}
	ftrace_set_filter(&global_trace.func.ops, NULL, 0, 1);
	tracing_give_back_buffers(&global_trace, expanded);
	return ret;
}

static bool __init run_tests(void)
{
	unsigned long add = ftrace_location((unsigned long)ftrace_selftest_add);
	unsigned long other = ftrace_location((unsigned long)ftrace_selftest_other);
	static struct probe a, b, c, d;
	bool ok = true;

	if (!expect(add && other, __LINE__, "call sites found"))
		return false;

	/* One callback that does not protect itself: the list function. */
	probe_init(&a, 0);
	CHECK(!probe_start(&a, ftrace_selftest_add));
	CHECK(ftrace_selftest_add(3, 4) == 7);
	ftrace_selftest_other(5);
	CHECK(a.hits == 1 && a.ip == add && a.arg0 == 3 && !a.had_regs);
	CHECK(a.parent_ip && a.parent_ip != add);

	/* A second one asking for the registers, on the same function. */
	probe_init(&b, FTRACE_OPS_FL_SAVE_REGS);
	CHECK(!probe_start(&b, ftrace_selftest_add));
	CHECK(ftrace_selftest_add(10, 1) == 11);
	CHECK(a.hits == 2 && b.hits == 1 && b.had_regs);
	CHECK(b.arg0 == 10 && b.resume == add + MCOUNT_INSN_SIZE);
	probe_end(&b);

	/*
	 * A callback that sends the function elsewhere: it gets the full
	 * register set without asking, as livepatch expects.
	 */
	probe_init(&c, FTRACE_OPS_FL_IPMODIFY);
	c.redirect = (unsigned long)ftrace_selftest_replacement;
	CHECK(!probe_start(&c, ftrace_selftest_add));
	CHECK(ftrace_selftest_add(7, 2) == 5 && c.had_regs);
	probe_end(&c);
	CHECK(ftrace_selftest_add(7, 2) == 9);
	probe_end(&a);

	/* Nothing is called any more. */
	ftrace_selftest_add(1, 2);
	CHECK(a.hits == 4 && c.hits == 1);

	/* One callback that protects itself: called directly. */
	probe_init(&d, FTRACE_OPS_FL_RECURSION);
	CHECK(!probe_start(&d, ftrace_selftest_other));
	ftrace_selftest_add(1, 2);
	CHECK(ftrace_selftest_other(21) == 42);
	CHECK(d.hits == 1 && d.ip == other && d.arg0 == 21);
	probe_end(&d);
	ftrace_selftest_other(1);
	CHECK(d.hits == 1);

	/* A filter that names nothing is refused. */
	CHECK(ftrace_set_filter_ip(&d.ops, (unsigned long)run_tests + 1, 0, 1) ==
	      -EINVAL);

	CHECK(!test_function_tracer(add));
	return ok;
}

/**
 * trace_function_selftest() - test the function tracer and say so
 *
 * Return: 0 if it passed, -EFAULT if not.
 */
int __init trace_function_selftest(void)
{
	bool ok = run_tests();

	pr_info("Testing tracer function: %s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : -EFAULT;
}
