// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer, with set_ftrace_pid, set_ftrace_notrace_pid and
 * function-fork; current_tracer and available_tracers are
 * trace_tracers.c's.  Every session (the top level and each instance) has its own tracer,
 * its own function filters (ftrace.c) and its own pid lists, all in its
 * &struct trace_func, and the function tracer writes into the session's
 * buffer: two sessions may trace different functions at once.
 *
 * A tracer is what writes into the trace buffer besides the events.
 * "nop" writes nothing; "function" writes a record of every traced
 * function's entry: its call site and the address it returns to
 * (events/ftrace/function).  Which functions are traced is the business
 * of set_ftrace_filter and set_ftrace_notrace (ftrace.c); set_ftrace_pid
 * narrows it to some tasks, set_ftrace_notrace_pid leaves some out, and
 * with the function-fork option a task's children join the list it is
 * in (and a task that goes leaves it), as in Linux 6.12.
 */
#include <linux/ftrace.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_recursion.h>
#include <linux/uaccess.h>

#include "trace_tracers.h"

/**
 * trace_function_record() - write a function record (events/ftrace/function)
 * @tr: the session
 * @ip: the function's call site
 * @parent_ip: where it returns to
 * @ctx: the record's context (tracing_gen_ctx())
 *
 * For the function tracer and the latency tracers' function-trace.
 *
 * Return: whether the record was written.
 */
bool trace_function_record(struct trace_array *tr, unsigned long ip,
			   unsigned long parent_ip, unsigned int ctx)
{
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	event = trace_buffer_lock_reserve(tr->buffer, TRACE_FN, sizeof(*entry),
					  ctx);
	if (!event)
		return false;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	ring_buffer_unlock_commit(tr->buffer);
	return true;
}

#ifdef CONFIG_FUNCTION_TRACER

/* The function record, and under func_stack_trace the stack from it out. */
static __always_inline void function_write(struct trace_array *tr,
					   unsigned long ip,
					   unsigned long parent_ip,
					   unsigned int ctx)
{
	if (trace_function_record(tr, ip, parent_ip, ctx) &&
	    unlikely(tr->trace_flags & TRACE_ITER(FUNC_STACK)))
		trace_stack_write(tr, 0, ip);
}

/*
 * The callback, called from the entry code for every function the
 * session's filters select.  It protects itself from recursion (the ring
 * buffer and the clock it calls are not traced, but an interrupt may
 * be), which lets ftrace call it directly when it is the only callback.
 */
static void function_trace_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op,
				struct ftrace_regs *fregs)
{
	struct trace_func *fn = container_of(op, struct trace_func, ops);
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	/* The trylock disabled preemption: not the traced code's. */
	if (trace_func_pid_traced(fn, current->pid))
		function_write(fn->tr, ip, parent_ip, tracing_gen_ctx_dec());
	ftrace_test_recursion_unlock(bit);
}

/* ---- func-no-repeats ---------------------------------------------------- */

/**
 * struct trace_func_repeat - the last call a CPU traced, for func-no-repeats
 * @ip: its function
 * @parent_ip: its caller
 * @last: the time stamp of the last call like it not recorded
 * @count: how many such calls were not recorded
 *
 * Only the function callback on its CPU uses it; an interrupt traced in
 * between its test and its update may miscount, nothing worse.
 */
struct trace_func_repeat {
	unsigned long	ip;
	unsigned long	parent_ip;
	u64		last;
	u16		count;
};

/* The calls @r counted, as one events/ftrace/func_repeats record. */
static void repeats_record(struct trace_array *tr, struct trace_func_repeat *r,
			   unsigned int ctx)
{
	struct ring_buffer_event *event;
	struct func_repeats_entry *e;
	u64 delta;

	event = trace_buffer_lock_reserve(tr->buffer, TRACE_FUNC_REPEATS,
					  sizeof(*e), ctx);
	if (!event)
		return;
	delta = ring_buffer_event_time_stamp(tr->buffer, event) - r->last;
	e = ring_buffer_event_data(event);
	e->ip = r->ip;
	e->parent_ip = r->parent_ip;
	e->count = r->count;
	e->top_delta_ts = delta >> 32;
	e->bottom_delta_ts = (u32)delta;
	ring_buffer_unlock_commit(tr->buffer);
}

/*
 * The callback with func-no-repeats: a call of the same function from
 * the same place as the call before it on this CPU is only counted; the
 * next different call writes the count first.  Repeats still counted
 * when the tracer stops are not written.
 */
static void function_repeats_call(unsigned long ip, unsigned long parent_ip,
				  struct ftrace_ops *op,
				  struct ftrace_regs *fregs)
{
	struct trace_func *fn = container_of(op, struct trace_func, ops);
	struct trace_func_repeat *r;
	unsigned int ctx;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!trace_func_pid_traced(fn, current->pid))
		goto out;
	r = this_cpu_ptr(fn->repeats);
	if (r->ip == ip && r->parent_ip == parent_ip && r->count < U16_MAX) {
		r->count++;
		r->last = ring_buffer_time_stamp(fn->tr->buffer);
		goto out;
	}
	ctx = tracing_gen_ctx_dec();
	if (r->count) {
		repeats_record(fn->tr, r, ctx);
		r->count = 0;
	}
	r->ip = ip;
	r->parent_ip = parent_ip;
	function_write(fn->tr, ip, parent_ip, ctx);
out:
	ftrace_test_recursion_unlock(bit);
}

/*
 * Put the callback that @no_repeats asks for on the session's ops; the
 * repeat counts start from nothing.
 */
static int function_hook_on(struct trace_array *tr, bool no_repeats)
{
	int cpu;

	if (!no_repeats)
		return trace_function_hook(tr, function_trace_call);
	if (!tr->func.repeats) {
		tr->func.repeats = alloc_percpu(struct trace_func_repeat);
		if (!tr->func.repeats)
			return -ENOMEM;
	}
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(tr->func.repeats, cpu), 0,
		       sizeof(struct trace_func_repeat));
	return trace_function_hook(tr, function_repeats_call);
}

/* func-no-repeats changes while the tracer runs: change the callback. */
static int function_set_option(struct trace_array *tr, int bit, bool on)
{
	int ret;

	if (bit != TRACE_ITER_FUNC_NO_REPEATS_BIT)
		return 0;
	trace_function_hook(tr, NULL);
	ret = function_hook_on(tr, on);
	if (ret)
		WARN_ON_ONCE(function_hook_on(tr, !on));
	return ret;
}

/**
 * trace_function_hook() - put a callback on a session's function ops
 * @tr: the session
 * @func: the callback, or NULL to take the ops off
 *
 * The ops carries the session's function filters; only one tracer of
 * the session uses it at a time.
 *
 * Return: 0, or the error registering the ops.
 */
int trace_function_hook(struct trace_array *tr, ftrace_func_t func)
{
	if (!func) {
		unregister_ftrace_function(&tr->func.ops);
		return 0;
	}
	tr->func.ops.func = func;
	return register_ftrace_function(&tr->func.ops);
}

static int function_start(struct trace_array *tr)
{
	/* Task names for the records' pids, saved at each context switch. */
	int ret = trace_event_enable_cmdline_record(true);

	if (ret)
		return ret;
	ret = function_hook_on(tr, tr->trace_flags &
				   TRACE_ITER(FUNC_NO_REPEATS));
	if (ret)
		trace_event_enable_cmdline_record(false);
	return ret;
}

static void function_stop(struct trace_array *tr)
{
	trace_function_hook(tr, NULL);
	trace_event_enable_cmdline_record(false);
}

static const struct tracer function_tracer = {
	.name		= "function",
	.start		= function_start,
	.stop		= function_stop,
	.options	= TRACE_ITER(FUNC_STACK) | TRACE_ITER(FUNC_NO_REPEATS),
	.set_option	= function_set_option,
};

/* ---- set_ftrace_pid, set_ftrace_notrace_pid, function-fork ------------ */

/*
 * The inode holds the session's key; the name says which list.  The
 * fork and exit probes of function-fork change the lists too: every
 * change goes through the pid sets' lock (trace_pid_slot_merge()), and
 * a list replaced is freed after a grace period, so a reader walks one
 * under rcu_read_lock().
 */
static struct trace_pid_set __rcu **pids_slot(const struct file *filp,
					      struct trace_file_key *key)
{
	if (!strcmp(filp->f_path.dentry->d_name.name, "set_ftrace_pid"))
		return &key->tr->func.pids;
	return &key->tr->func.notrace_pids;
}

static struct trace_pid_set *seq_pids(struct seq_file *m)
{
	return rcu_dereference(*pids_slot(m->file, m->private));
}

static void *pids_start(struct seq_file *m, loff_t *pos)
{
	struct trace_pid_set *set;

	rcu_read_lock();
	set = seq_pids(m);
	if (!set)
		return *pos ? NULL : SEQ_START_TOKEN;
	return *pos < set->count ? &set->pids[*pos] : NULL;
}

static void *pids_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_pid_set *set = seq_pids(m);

	++*pos;
	return set && *pos < set->count ? &set->pids[*pos] : NULL;
}

static void pids_stop(struct seq_file *m, void *v)
{
	rcu_read_unlock();
}

static int pids_show(struct seq_file *m, void *v)
{
	if (v == SEQ_START_TOKEN)
		seq_puts(m, "no pid\n");
	else
		seq_printf(m, "%d\n", *(pid_t *)v);
	return 0;
}

static const struct seq_operations pids_seq_ops = {
	.start	= pids_start,
	.next	= pids_next,
	.stop	= pids_stop,
	.show	= pids_show,
};

static struct trace_file_key *pids_key(struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return ((struct seq_file *)filp->private_data)->private;
	return filp->private_data;
}

static int pids_open(struct inode *inode, struct file *filp)
{
	int ret = trace_key_open(inode, filp);

	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		trace_pid_slot_merge(pids_slot(filp, filp->private_data), NULL);
	if (!(filp->f_mode & FMODE_READ))
		return 0;
	return trace_key_seq_open(filp, &pids_seq_ops);
}

/*
 * The pids written are added to the list; -EINVAL for a word not a pid,
 * and then the list is unchanged.  A write with no pid changes nothing.
 */
static ssize_t pids_write(struct file *filp, const char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct trace_pid_set *add;
	char *text;
	int ret;

	if (cnt > PAGE_SIZE)
		return -EINVAL;
	text = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(text))
		return PTR_ERR(text);
	ret = trace_pid_set_parse(NULL, text, &add);
	kfree(text);
	if (!ret && add)
		ret = trace_pid_slot_merge(pids_slot(filp, pids_key(filp)),
					   add);
	return ret ?: cnt;
}

static int pids_release(struct inode *inode, struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return trace_key_seq_release(inode, filp);
	return trace_key_release(inode, filp);
}

static const struct file_operations pids_fops = {
	.open		= pids_open,
	.read		= seq_read,
	.write		= pids_write,
	.llseek		= seq_lseek,
	.release	= pids_release,
};

/* function-fork: a child joins the lists its parent is in. */
static void fork_probe(void *data, struct task_struct *parent,
		       struct task_struct *child)
{
	struct trace_func *fn = data;

	trace_pid_slot_fork(&fn->pids, parent->pid, child->pid);
	trace_pid_slot_fork(&fn->notrace_pids, parent->pid, child->pid);
}

/* function-fork: a task that goes leaves them. */
static void exit_probe(void *data, struct task_struct *task)
{
	struct trace_func *fn = data;

	trace_pid_slot_exit(&fn->pids, task->pid);
	trace_pid_slot_exit(&fn->notrace_pids, task->pid);
}

/**
 * trace_function_follow_fork() - turn a session's function-fork option on
 *	or off
 * @tr: the session
 * @on: whether children follow their parents into its set_ftrace_pid and
 *	set_ftrace_notrace_pid
 *
 * Return: 0, or the error attaching the probes.
 */
int trace_function_follow_fork(struct trace_array *tr, bool on)
{
	return trace_pid_fork_probes(fork_probe, exit_probe, &tr->func, on);
}

/**
 * trace_function_create_files() - a session's function tracer state and
 *	files: set_ftrace_pid, set_ftrace_notrace_pid and the filters
 * @tr: the session, being made
 */
void trace_function_create_files(struct trace_array *tr)
{
	void *key = trace_key(tr, RING_BUFFER_ALL_CPUS);

	ftrace_func_init(tr);
	trace_create_file("set_ftrace_pid", TRACE_MODE_WRITE, tr->dir, key, &pids_fops);
	trace_create_file("set_ftrace_notrace_pid", TRACE_MODE_WRITE, tr->dir, key,
			  &pids_fops);
	ftrace_create_tracefs_files(tr);
}

/**
 * trace_function_remove() - free a session's function tracer state
 * @tr: an instance being removed, whose tracer is stopped
 *
 * Context: trace_types_lock held.
 */
void trace_function_remove(struct trace_array *tr)
{
	if (tr->trace_flags & TRACE_ITER(FUNC_FORK)) {
		trace_function_follow_fork(tr, false);
		/* The probes had @tr's state as their data. */
		tracepoint_synchronize_unregister();
	}
	trace_pid_slot_merge(&tr->func.pids, NULL);
	trace_pid_slot_merge(&tr->func.notrace_pids, NULL);
	free_percpu(tr->func.repeats);
	tr->func.repeats = NULL;
	ftrace_func_release(tr);
}

static int __init function_tracer_register(void)
{
	return register_tracer(&function_tracer);
}
core_initcall(function_tracer_register);

#endif /* CONFIG_FUNCTION_TRACER */

