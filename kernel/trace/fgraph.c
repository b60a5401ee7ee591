// SPDX-License-Identifier: GPL-2.0
/*
 * Return hooks: the function graph tracer's core.
 *
 * A graph user (&struct fgraph_ops) gets a call at the entry of the
 * functions its ftrace_ops wants and, when it asks, one at their return.
 * The entry is the ftrace_ops callback fgraph_entry().  To hook the return
 * it replaces the traced function's return address, in the slot on the
 * stack where the call put it, with return_to_handler, and keeps the real
 * one in a frame on the task's shadow stack.  When the function returns,
 * it returns into return_to_handler (arch/x86/kernel/ftrace_64.S), which
 * calls ftrace_return_to_handler() here: the frame gives the real return
 * address back, the users' return handlers run, the frame goes.
 *
 * A frame is known by its slot's address (@retp), not by its position:
 *
 *  - every user hooked at one entry shares one frame: the entry callbacks
 *    of one call all see the same slot, and the first that wants the
 *    return finds no frame for it on top of the stack and pushes one (a
 *    tail call, which comes with its caller's slot, gets its own);
 *  - the return finds its frame by the slot it returned through, so a
 *    frame left behind by a call that never returned (a stack unwound
 *    under it) is dropped instead of being mistaken for the caller's;
 *  - an unwinder that meets return_to_handler on a stack asks
 *    ftrace_graph_ret_addr() with the slot it read it from, and gets the
 *    exact frame's address back, whatever else is on the shadow stack.
 *
 * The shadow stack is one page per task, allocated for every task when
 * the first user registers and kept until the task is freed (a task may
 * sleep for hours inside a hooked call).  Interrupts and NMIs push onto
 * the stack of the task they interrupt: a frame is taken (the count
 * grows) before it is written, so that a handler that interrupts the
 * writing pushes above it, and every handler leaves the stack as it
 * found it.
 *
 * The invariants are written in Documentation/trace/ftrace-design.rst,
 * "Return hooks".
 */
#include <linux/cpu.h>
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <trace/events/sched.h>

#include "ftrace_internal.h"

/**
 * struct fgraph_frame - one hooked call on a task's shadow stack
 * @ret: where the call returns to really
 * @retp: the stack slot that held @ret and now holds return_to_handler
 * @func: the function's call site
 * @calltime: trace_clock_local() once the entry handlers kept the call
 *	(moved on by the time the task slept, with sleep-time off)
 * @users: the users whose return handler runs (bit = &fgraph_ops.idx);
 *	cleared by unregister_ftrace_graph() from other CPUs, so changed
 *	with atomic bit operations once the frame is on the stack
 * @data_idx: the user that reserved @data, or -1
 * @data_size: how many bytes of @data it reserved
 * @data: per-call data of one user (fgraph_reserve_data())
 */
struct fgraph_frame {
	unsigned long	ret;
	unsigned long	*retp;
	unsigned long	func;
	u64		calltime;
	unsigned long	users;
	s8		data_idx;
	u8		data_size;
	unsigned long	data[FGRAPH_DATA_SIZE / sizeof(long)];
};

/**
 * struct fgraph_stack - a task's shadow stack (task_struct.ret_stack)
 * @vars: one word per user (fgraph_get_task_var(), which knows they come
 *	first)
 * @frames: the hooked calls, task_struct.curr_ret_stack of them in use
 */
struct fgraph_stack {
	unsigned long		vars[FGRAPH_MAX_USERS];
	struct fgraph_frame	frames[];
};

/* A shadow stack is a page: FGRAPH_MAX_DEPTH frames must fit. */
#define FGRAPH_FRAMES		FGRAPH_MAX_DEPTH

/* The registered users by slot; written under fgraph_lock, read anywhere. */
static struct fgraph_ops *fgraph_users[FGRAPH_MAX_USERS];
static int fgraph_nr_users;
static DEFINE_MUTEX(fgraph_lock);

/* Tasks created from now on get a shadow stack. */
static bool fgraph_active;
/* A shadow stack was found broken: no more hooks until reboot. */
static bool fgraph_dead;
/* sleep-time off: a task's time off the CPU is not counted in its calls. */
static bool fgraph_sleep_time = true;
/* graph-time off: the function profiler leaves out the time of callees. */
bool fgraph_graph_time = true;

static struct fgraph_stack *stack_of(struct task_struct *t)
{
	return (struct fgraph_stack *)t->ret_stack;
}

/* ---- entry ------------------------------------------------------------ */

/*
 * The ftrace_ops callback of every graph user.  It guards itself against
 * recursion (FTRACE_OPS_FL_RECURSION: with one user the entry code calls
 * it directly), which also keeps preemption off: nothing it calls is
 * hooked, and the task stays on this CPU.
 */
static void fgraph_entry(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct fgraph_ops *gops = op->private;
	unsigned long *retp = ftrace_regs_ret_slot(fregs);
	struct task_struct *t = current;
	struct fgraph_stack *st = stack_of(t);
	struct ftrace_graph_ent trace;
	struct fgraph_frame *f;
	int n, bit;

	if (unlikely(!st || atomic_read(&t->tracing_graph_pause) ||
		     READ_ONCE(fgraph_dead)))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	n = READ_ONCE(t->curr_ret_stack);
	/*
	 * Another user hooked this very call already: share its frame.  A
	 * tail call reaches here with its caller's slot, hooked, too: it is
	 * another function, or the same user again, and gets a frame of its
	 * own (whose return address is return_to_handler).
	 */
	f = n ? &st->frames[n - 1] : NULL;
	if (f && f->retp == retp && f->func == ip &&
	    !test_bit(gops->idx, &f->users) &&
	    *retp == (unsigned long)return_to_handler) {
		trace.func = ip;
		trace.depth = n - 1;
		if (gops->entryfunc(&trace, gops))
			set_bit(gops->idx, &f->users);
		goto out;
	}
	if (unlikely(n >= FGRAPH_FRAMES)) {
		atomic_inc(&t->trace_overrun);
		goto out;
	}
	/*
	 * Take the frame before filling it: an interrupt from here on
	 * pushes above it instead of over it (row G1).
	 */
	WRITE_ONCE(t->curr_ret_stack, n + 1);
	barrier();
	f = &st->frames[n];
	f->ret = *retp;
	f->retp = retp;
	f->func = ip;
	f->users = 0;
	f->data_idx = -1;
	trace.func = ip;
	trace.depth = n;
	if (!gops->entryfunc(&trace, gops)) {
		barrier();
		WRITE_ONCE(t->curr_ret_stack, n);
		goto out;
	}
	/*
	 * The clock is read only for a call that is kept, and after the
	 * entry handler: its own work is not the function's time.
	 */
	f->calltime = trace_clock_local();
	/* Only now the return comes back here (row G2). */
	f->users = BIT(gops->idx);
	barrier();
	*retp = (unsigned long)return_to_handler;
out:
	ftrace_test_recursion_unlock(bit);
}
NOKPROBE_SYMBOL(fgraph_entry);

/* ---- return ----------------------------------------------------------- */

/* The shadow stack has no frame for a return that came here: stop. */
static void __noreturn fgraph_broken(unsigned long *retp)
{
	struct fgraph_stack *st = stack_of(current);
	int n;

	WRITE_ONCE(fgraph_dead, true);
	for (n = current->curr_ret_stack - 1; n >= 0; n--)
		pr_emerg("function graph: frame %d: %pS returns to %pS through %px\n",
			 n, (void *)st->frames[n].func, (void *)st->frames[n].ret,
			 st->frames[n].retp);
	panic("function graph: no frame for the return through %px (task %d)\n",
	      retp, current->pid);
}

static void fgraph_call_returns(struct fgraph_frame *f, int depth,
				unsigned long retval)
{
	struct ftrace_graph_ret trace;
	unsigned long users = READ_ONCE(f->users);
	struct fgraph_ops *gops;
	int bit, i;

	/*
	 * A kept call gets its return even where the guard refuses (an
	 * interrupt's last returns; "Recursion" in ftrace-design.rst).
	 */
	bit = ftrace_test_recursion_trylock(f->func, f->ret);
	if (unlikely(bit < 0))
		preempt_disable_notrace();
	trace.func = f->func;
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	trace.retval = retval;
#endif
	trace.depth = depth;
	trace.overrun = atomic_read(&current->trace_overrun);
	trace.calltime = f->calltime;
	trace.rettime = trace_clock_local();
	for_each_set_bit(i, &users, FGRAPH_MAX_USERS) {
		gops = READ_ONCE(fgraph_users[i]);
		if (gops)
			gops->retfunc(&trace, gops);
	}
	if (unlikely(bit < 0))
		preempt_enable_notrace();
	else
		ftrace_test_recursion_unlock(bit);
}

/**
 * ftrace_return_to_handler() - a hooked call returned
 * @retp: the slot it returned through (the stack pointer at its ret - 8)
 * @retval: its return value
 *
 * Called by return_to_handler.  Runs the return handlers of the users
 * that kept the call, puts the real return address back into @retp (so
 * that an unwinder sees it from here on) and pops the call's frame, with
 * any frame above it of a call that will never return.
 *
 * Return: the real return address.
 */
unsigned long ftrace_return_to_handler(unsigned long *retp,
				       unsigned long retval)
{
	struct task_struct *t = current;
	struct fgraph_stack *st = stack_of(t);
	struct fgraph_frame *f;
	unsigned long ret;
	int n = READ_ONCE(t->curr_ret_stack);

	while (n > 0 && st->frames[n - 1].retp != retp)
		n--;
	if (unlikely(!n))
		fgraph_broken(retp);
	f = &st->frames[n - 1];
	ret = f->ret;
	if (READ_ONCE(f->users))
		fgraph_call_returns(f, n - 1, retval);
	*retp = ret;
	/* The frame is read before an interrupt may reuse it (row G3). */
	barrier();
	WRITE_ONCE(t->curr_ret_stack, n - 1);
	return ret;
}
NOKPROBE_SYMBOL(ftrace_return_to_handler);

/**
 * ftrace_graph_ret_addr() - the real return address behind a hooked one
 * @task: the task whose stack is being unwound
 * @idx: unused (the slot identifies the frame)
 * @ret: the return address read from the stack
 * @retp: where on the stack it was read from
 *
 * Return: @ret, or the address the call really returns to when @ret is
 * return_to_handler and @task has a frame for @retp.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	struct fgraph_stack *st = stack_of(task);
	int n;

	if (ret != (unsigned long)return_to_handler || !st)
		return ret;
	/* Tail calls stack frames of one slot: the lowest has the address. */
	for (n = READ_ONCE(task->curr_ret_stack) - 1; n >= 0; n--) {
		if (READ_ONCE(st->frames[n].retp) != retp)
			continue;
		ret = READ_ONCE(st->frames[n].ret);
		if (ret != (unsigned long)return_to_handler)
			break;
	}
	return ret;
}
NOKPROBE_SYMBOL(ftrace_graph_ret_addr);

/* ---- per-call and per-task data ----------------------------------------- */

/**
 * fgraph_reserve_data() - keep data with the current call until its return
 * @idx: the user's &fgraph_ops.idx
 * @size_bytes: up to FGRAPH_DATA_SIZE
 *
 * Only from the user's entry handler, and for one user per call.
 *
 * Return: the space, or NULL when it is too big or taken.
 */
void *fgraph_reserve_data(int idx, int size_bytes)
{
	struct fgraph_stack *st = stack_of(current);
	struct fgraph_frame *f;
	int n = current->curr_ret_stack;

	if (!st || !n || size_bytes > FGRAPH_DATA_SIZE || size_bytes < 0)
		return NULL;
	f = &st->frames[n - 1];
	if (f->data_idx >= 0 && f->data_idx != idx)
		return NULL;
	f->data_idx = idx;
	f->data_size = size_bytes;
	return f->data;
}

/**
 * fgraph_retrieve_data() - the data the entry handler kept for this call
 * @idx: the user's &fgraph_ops.idx
 * @size_bytes: set to its size, if not NULL
 *
 * Only from the user's return handler.
 *
 * Return: the data, or NULL when the user kept none.
 */
void *fgraph_retrieve_data(int idx, int *size_bytes)
{
	struct fgraph_stack *st = stack_of(current);
	struct fgraph_frame *f;
	int n = current->curr_ret_stack;

	if (!st || !n)
		return NULL;
	f = &st->frames[n - 1];
	if (f->data_idx != idx)
		return NULL;
	if (size_bytes)
		*size_bytes = f->data_size;
	return f->data;
}

/* ---- shadow stacks ------------------------------------------------------ */

static struct fgraph_stack *stack_alloc(gfp_t gfp)
{
	BUILD_BUG_ON(sizeof(struct fgraph_stack) +
		     FGRAPH_FRAMES * sizeof(struct fgraph_frame) > PAGE_SIZE);
	return (struct fgraph_stack *)get_zeroed_page(gfp);
}

static void stack_give(struct task_struct *t, struct fgraph_stack *st)
{
	t->curr_ret_stack = 0;
	t->curr_ret_depth = -1;
	atomic_set(&t->trace_overrun, 0);
	t->ftrace_timestamp = 0;
	/* The stack is set up before the task can see it (row G4). */
	smp_store_release(&t->ret_stack, (unsigned long *)st);
}

/* Give every task that has none a shadow stack: 0 or -ENOMEM. */
static int stacks_alloc_all(void)
{
	struct fgraph_stack **pool;
	struct task_struct *g, *t;
	int want, got, used, tries, cpu;
	bool short_of;

	/* Tasks forked from now on get their own (fgraph_active is set). */
	for (tries = 0; tries < 3; tries++) {
		want = 0;
		rcu_read_lock();
		for_each_process_thread(g, t)
			want += !t->ret_stack;
		rcu_read_unlock();
		if (!want)
			break;
		pool = kcalloc(want, sizeof(*pool), GFP_KERNEL);
		if (!pool)
			return -ENOMEM;
		for (got = 0; got < want; got++) {
			pool[got] = stack_alloc(GFP_KERNEL);
			if (!pool[got])
				break;
		}
		used = 0;
		read_lock(&tasklist_lock);
		for_each_process_thread(g, t)
			if (!t->ret_stack && used < got)
				stack_give(t, pool[used++]);
		read_unlock(&tasklist_lock);
		/*
		 * Out of memory only if a page could not be had and every
		 * page there was went to a task.  Pages left over are those
		 * of tasks counted that exited meanwhile (a loop of forks
		 * does that all the time): not a shortage.
		 */
		short_of = got < want && used == got;
		while (got > used)
			free_page((unsigned long)pool[--got]);
		kfree(pool);
		if (short_of)
			return -ENOMEM;
	}
	/* Not while fgraph_cpu_prepare() gives one a stack. */
	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		struct fgraph_stack *st;

		t = idle_task(cpu);
		if (!t || t->ret_stack)
			continue;
		st = stack_alloc(GFP_KERNEL);
		if (!st) {
			cpus_read_unlock();
			return -ENOMEM;
		}
		stack_give(t, st);
	}
	cpus_read_unlock();
	return 0;
}

/**
 * ftrace_graph_init_task() - a task is being created
 * @t: the new task, a copy of its parent
 *
 * It gets a shadow stack of its own if graph users are registered; the
 * parent's pointer it was copied with is never kept.
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	t->ret_stack = NULL;
	t->curr_ret_stack = 0;
	t->curr_ret_depth = -1;
	atomic_set(&t->tracing_graph_pause, 0);
	atomic_set(&t->trace_overrun, 0);
	t->ftrace_timestamp = 0;
	if (READ_ONCE(fgraph_active)) {
		struct fgraph_stack *st = stack_alloc(GFP_KERNEL);

		if (st)
			stack_give(t, st);
	}
}

/**
 * ftrace_graph_init_idle_task() - a CPU's idle task is being set up
 * @t: the idle task
 * @cpu: its CPU
 *
 * An idle task keeps the shadow stack it had (CPU hotplug brings the same
 * task back); one made while graph users are registered gets one.
 */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	t->curr_ret_stack = 0;
	t->curr_ret_depth = -1;
	atomic_set(&t->trace_overrun, 0);
	if (!t->ret_stack && READ_ONCE(fgraph_active)) {
		struct fgraph_stack *st = stack_alloc(GFP_ATOMIC);

		if (st)
			stack_give(t, st);
	}
}

/**
 * ftrace_graph_exit_task() - a task is being freed
 * @t: the task, which runs no more
 */
void ftrace_graph_exit_task(struct task_struct *t)
{
	struct fgraph_stack *st = stack_of(t);

	t->ret_stack = NULL;
	if (st)
		free_page((unsigned long)st);
}

/*
 * A user goes: no frame of any task may call its return handler again,
 * nor a later user's that takes its slot.
 */
static void stacks_forget_user(int idx)
{
	struct task_struct *g, *t;
	struct fgraph_stack *st;
	int n, cpu;

	read_lock(&tasklist_lock);
	for_each_process_thread(g, t) {
		st = stack_of(t);
		if (!st)
			continue;
		for (n = READ_ONCE(t->curr_ret_stack) - 1; n >= 0; n--)
			clear_bit(idx, &st->frames[n].users);
		st->vars[idx] = 0;
	}
	read_unlock(&tasklist_lock);
	for_each_possible_cpu(cpu) {
		t = idle_task(cpu);
		st = t ? stack_of(t) : NULL;
		if (!st)
			continue;
		for (n = READ_ONCE(t->curr_ret_stack) - 1; n >= 0; n--)
			clear_bit(idx, &st->frames[n].users);
		st->vars[idx] = 0;
	}
}

/*
 * A CPU coming up: its idle task starts again from the top of its stack,
 * so the calls it had under way when the CPU went down never return.
 * It is not running yet: forget them (and give it a shadow stack if it
 * has none while graph users are registered).
 */
static int fgraph_cpu_prepare(unsigned int cpu)
{
	struct task_struct *t = idle_task(cpu);

	if (!t)
		return 0;
	t->curr_ret_stack = 0;
	if (!t->ret_stack && READ_ONCE(fgraph_active)) {
		struct fgraph_stack *st = stack_alloc(GFP_KERNEL);

		if (st)
			stack_give(t, st);
	}
	return 0;
}

static int __init fgraph_init(void)
{
	int ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
					    "trace/fgraph:prepare",
					    fgraph_cpu_prepare, NULL);

	return ret < 0 ? ret : 0;
}
core_initcall(fgraph_init);

/* ---- sleep-time ------------------------------------------------------- */

/*
 * With sleep-time off, the time a task spent off the CPU is taken out of
 * every call it had under way: their entry times move forward by it.
 */
static void fgraph_sched_switch(void *data, bool preempt,
				struct task_struct *prev,
				struct task_struct *next,
				unsigned int prev_state)
{
	struct fgraph_stack *st = stack_of(next);
	u64 now = trace_clock_local(), off;
	int n;

	prev->ftrace_timestamp = now;
	if (!st || !next->ftrace_timestamp)
		return;
	off = now - next->ftrace_timestamp;
	for (n = READ_ONCE(next->curr_ret_stack) - 1; n >= 0; n--)
		st->frames[n].calltime += off;
}

/**
 * ftrace_graph_sleep_time_control() - the sleep-time option
 * @enable: count the time a task sleeps in the calls it sleeps in (the
 *	default); off, a call's duration is its time on the CPU
 */
void ftrace_graph_sleep_time_control(bool enable)
{
	mutex_lock(&fgraph_lock);
	if (enable != fgraph_sleep_time) {
		fgraph_sleep_time = enable;
		if (!enable)
			WARN_ON_ONCE(register_trace_sched_switch(fgraph_sched_switch,
								 NULL));
		else
			unregister_trace_sched_switch(fgraph_sched_switch,
						      NULL);
	}
	mutex_unlock(&fgraph_lock);
}

/**
 * ftrace_graph_graph_time_control() - the graph-time option
 * @enable: the function profiler counts a function's callees in its time
 *	(the default); off, only its own
 */
void ftrace_graph_graph_time_control(bool enable)
{
	WRITE_ONCE(fgraph_graph_time, enable);
}

/* ---- registration ----------------------------------------------------- */

/**
 * register_ftrace_graph() - start calling a graph user's handlers
 * @gops: the user; @gops->ops names the functions (its filters)
 *
 * Return: 0, -EBUSY when FGRAPH_MAX_USERS are registered or @gops is,
 * -ENOMEM, -ENODEV when the hooks were stopped for good, or the error
 * registering the ftrace_ops.
 */
int register_ftrace_graph(struct fgraph_ops *gops)
{
	struct ftrace_ops *ops = gops->hook ?: &gops->ops;
	int idx, ret;

	mutex_lock(&fgraph_lock);
	ret = -ENODEV;
	if (fgraph_dead)
		goto out;
	ret = -EBUSY;
	for (idx = 0; idx < FGRAPH_MAX_USERS; idx++)
		if (fgraph_users[idx] == gops)
			goto out;
	for (idx = 0; idx < FGRAPH_MAX_USERS; idx++)
		if (!fgraph_users[idx])
			break;
	if (idx == FGRAPH_MAX_USERS)
		goto out;
	if (!fgraph_nr_users) {
		WRITE_ONCE(fgraph_active, true);
		ret = stacks_alloc_all();
		if (ret) {
			WRITE_ONCE(fgraph_active, false);
			goto out;
		}
	}
	gops->idx = idx;
	WRITE_ONCE(fgraph_users[idx], gops);
	ops->func = fgraph_entry;
	ops->private = gops;
	ops->flags |= FTRACE_OPS_FL_RECURSION;
	ret = register_ftrace_function(ops);
	if (ret) {
		WRITE_ONCE(fgraph_users[idx], NULL);
		goto out;
	}
	fgraph_nr_users++;
out:
	mutex_unlock(&fgraph_lock);
	return ret;
}

/**
 * unregister_ftrace_graph() - stop calling a graph user's handlers
 * @gops: as registered
 *
 * On return no CPU runs its handlers, and calls still under way that it
 * hooked return without calling it; @gops may be freed.
 */
void unregister_ftrace_graph(struct fgraph_ops *gops)
{
	struct ftrace_ops *ops = gops->hook ?: &gops->ops;
	int idx = gops->idx;

	mutex_lock(&fgraph_lock);
	if (idx < 0 || idx >= FGRAPH_MAX_USERS || fgraph_users[idx] != gops)
		goto out;
	unregister_ftrace_function(ops);
	WRITE_ONCE(fgraph_users[idx], NULL);
	/* Return handlers run with preemption off: wait for them (row G5). */
	synchronize_rcu();
	stacks_forget_user(idx);
	if (!--fgraph_nr_users)
		WRITE_ONCE(fgraph_active, false);
out:
	mutex_unlock(&fgraph_lock);
}

/**
 * ftrace_graph_is_dead() - whether the hooks were stopped for good
 *
 * Return: true after a shadow stack was found broken.
 */
bool ftrace_graph_is_dead(void)
{
	return READ_ONCE(fgraph_dead);
}

/**
 * ftrace_graph_stop() - stop hooking calls for good
 *
 * Calls hooked already still return through their frames.
 */
void ftrace_graph_stop(void)
{
	WRITE_ONCE(fgraph_dead, true);
}
