// SPDX-License-Identifier: GPL-2.0
/*
 * The wakeup, wakeup_rt and wakeup_dl tracers: the longest time from a
 * task's wakeup to its running, as in Linux 6.12
 * (Documentation/trace/ftrace.rst).
 *
 * The probe on sched_waking (and sched_wakeup_new) picks the task to
 * time: the woken task of the highest priority, if it outranks the task
 * that wakes it.  wakeup takes any task, wakeup_rt only real-time and
 * deadline tasks, wakeup_dl only deadline tasks; once a deadline task is
 * timed no other replaces it.  The probe on sched_switch ends the timing
 * when that task is switched in.  The wakeup and the switch are written
 * to the live buffer as events/ftrace/wakeup and context_switch records
 * (with the function-trace option, so are the functions called on the
 * task's CPU meanwhile); a new worst case moves every CPU's buffer to
 * the snapshot buffer (trace_max.c), which the trace file then shows.
 * A wakeup whose timing such a move overlapped is not a worst case: its
 * records would not all be in the snapshot (trace_max_gen()).
 *
 * One session at a time may run one of them: another gets -EBUSY.
 */
#include <linux/ftrace.h>
#include <linux/sched.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <linux/sched/task.h>
#include <linux/trace_recursion.h>
#include <trace/events/sched.h>

#include "trace_tracers.h"

/* Which tasks a tracer times. */
enum wake_kind {
	WAKE_ANY,
	WAKE_RT,
	WAKE_DL,
};

/*
 * The session and the kind of its tracer: set before the probes are
 * attached, cleared after they are gone.  The task being timed and the
 * rest below are under wake_lock; wake_cur_cpu is also read without it.
 */
static struct trace_array *wake_tr;
static enum wake_kind wake_kind;
static DEFINE_RAW_SPINLOCK(wake_lock);
static struct task_struct *wake_task;
static int wake_prio;
static int wake_cpu;
static int wake_cur_cpu = -1;
static u64 wake_start;
static unsigned long wake_gen;

static void wake_record(struct trace_array *tr, int type,
			struct task_struct *prev, struct task_struct *next,
			unsigned int ctx)
{
	struct ring_buffer_event *event;
	struct ctx_switch_entry *e;

	event = trace_buffer_lock_reserve(tr->buffer, type, sizeof(*e), ctx);
	if (!event)
		return;
	e = ring_buffer_event_data(event);
	e->prev_pid = prev->pid;
	e->prev_prio = prev->prio;
	e->prev_state = task_state_index(prev);
	e->next_pid = next->pid;
	e->next_prio = next->prio;
	e->next_state = task_state_index(next);
	e->next_cpu = task_cpu(next);
	ring_buffer_unlock_commit(tr->buffer);
	/* As 6.12: userstacktrace follows the record with the user stack. */
	if (unlikely(tr->trace_flags & TRACE_ITER(USERSTACKTRACE)))
		trace_user_stack_write(tr, ctx);
}

/* Stop timing the task.  Context: wake_lock held. */
static void wake_forget(void)
{
	if (wake_task)
		put_task_struct(wake_task);
	wake_task = NULL;
	WRITE_ONCE(wake_cur_cpu, -1);
}

/* Whether the wakeup of @p is one to time. */
static bool wake_wanted(struct task_struct *p)
{
	switch (wake_kind) {
	case WAKE_DL:
		if (!dl_task(p))
			return false;
		break;
	case WAKE_RT:
		if (!rt_or_dl_task(p))
			return false;
		break;
	default:
		break;
	}
	/* A deadline task timed is timed to the end. */
	if (wake_task && dl_task(wake_task))
		return false;
	if (dl_task(p))
		return true;
	return p->prio < current->prio && (!wake_task || p->prio < wake_prio);
}

static void probe_waking(void *data, struct task_struct *p)
{
	struct trace_array *tr = READ_ONCE(wake_tr);
	unsigned long flags;
	unsigned int ctx;

	if (!tr || !tracer_tracing_is_on(tr))
		return;
	tracing_record_cmdline(p);
	tracing_record_cmdline(current);
	ctx = tracing_gen_ctx();
	raw_spin_lock_irqsave(&wake_lock, flags);
	if (!wake_wanted(p))
		goto out;
	wake_forget();
	wake_task = get_task_struct(p);
	wake_prio = p->prio;
	wake_cpu = task_cpu(p);
	WRITE_ONCE(wake_cur_cpu, wake_cpu);
	wake_gen = trace_max_gen(tr);
	wake_start = trace_max_now(tr);
	wake_record(tr, TRACE_WAKE, current, p, ctx);
	trace_stack_write(tr, 1, 0);
out:
	raw_spin_unlock_irqrestore(&wake_lock, flags);
}

static void probe_switch(void *data, bool preempt, struct task_struct *prev,
			 struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = READ_ONCE(wake_tr);
	struct trace_max_info info;
	unsigned long flags;
	unsigned int ctx;
	u64 now;

	if (!tr || next != READ_ONCE(wake_task))
		return;
	tracing_record_cmdline(prev);
	ctx = tracing_gen_ctx();
	raw_spin_lock_irqsave(&wake_lock, flags);
	if (next != wake_task)
		goto out;
	if (tracer_tracing_is_on(tr)) {
		wake_record(tr, TRACE_CTX, prev, next, ctx);
		now = trace_max_now(tr);
		if (trace_max_exceeds(tr, now - wake_start)) {
			memset(&info, 0, sizeof(info));
			info.latency = now - wake_start;
			info.start = wake_start;
			info.end = now;
			info.cpu = wake_cpu;
			info.gen = wake_gen;
			trace_max_task(&info, next);
			trace_max_report(tr, &info, true);
		}
	}
	wake_forget();
out:
	raw_spin_unlock_irqrestore(&wake_lock, flags);
}

static void probe_migrate(void *data, struct task_struct *p, int dest_cpu)
{
	if (p == READ_ONCE(wake_task))
		WRITE_ONCE(wake_cur_cpu, dest_cpu);
}

#ifdef CONFIG_FUNCTION_TRACER
/* function-trace: what the timed task's CPU does until it runs. */
static void wake_function_call(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_func *fn = container_of(op, struct trace_func, ops);
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (READ_ONCE(wake_cur_cpu) == smp_processor_id())
		trace_function_record(fn->tr, ip, parent_ip, tracing_gen_ctx_dec());
	ftrace_test_recursion_unlock(bit);
}

static int wake_functions(struct trace_array *tr, bool on)
{
	return trace_function_hook(tr, on ? wake_function_call : NULL);
}
#else
static int wake_functions(struct trace_array *tr, bool on)
{
	return 0;
}
#endif

static int wake_set_option(struct trace_array *tr, int bit, bool on)
{
	if (bit != TRACE_ITER_FUNCTION_BIT)
		return 0;
	return wake_functions(tr, on);
}

static int wake_probes(bool on)
{
	int ret;

	if (!on)
		goto off;
	ret = register_trace_sched_waking(probe_waking, NULL);
	if (ret)
		return ret;
	ret = register_trace_sched_wakeup_new(probe_waking, NULL);
	if (ret)
		goto no_new;
	ret = register_trace_sched_switch(probe_switch, NULL);
	if (ret)
		goto no_switch;
	ret = register_trace_sched_migrate_task(probe_migrate, NULL);
	if (ret)
		goto no_migrate;
	return 0;
off:
	unregister_trace_sched_migrate_task(probe_migrate, NULL);
	ret = 0;
no_migrate:
	unregister_trace_sched_switch(probe_switch, NULL);
no_switch:
	unregister_trace_sched_wakeup_new(probe_waking, NULL);
no_new:
	unregister_trace_sched_waking(probe_waking, NULL);
	return ret;
}

static int wake_start_kind(struct trace_array *tr, enum wake_kind kind)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (wake_tr)
		return -EBUSY;
	ret = trace_max_begin(tr);
	if (ret)
		return ret;
	ret = trace_event_enable_cmdline_record(true);
	if (ret)
		goto no_cmdline;
	wake_kind = kind;
	WRITE_ONCE(wake_tr, tr);
	ret = wake_probes(true);
	if (ret)
		goto no_probes;
	if (tr->trace_flags & TRACE_ITER(FUNCTION)) {
		ret = wake_functions(tr, true);
		if (ret)
			goto no_functions;
	}
	return 0;
no_functions:
	wake_probes(false);
no_probes:
	WRITE_ONCE(wake_tr, NULL);
	tracepoint_synchronize_unregister();
	trace_event_enable_cmdline_record(false);
no_cmdline:
	trace_max_end(tr);
	return ret;
}

static void wake_stop(struct trace_array *tr)
{
	unsigned long flags;

	lockdep_assert_held(&trace_types_lock);
	if (wake_tr != tr)
		return;
	if (tr->trace_flags & TRACE_ITER(FUNCTION))
		wake_functions(tr, false);
	wake_probes(false);
	WRITE_ONCE(wake_tr, NULL);
	tracepoint_synchronize_unregister();
	raw_spin_lock_irqsave(&wake_lock, flags);
	wake_forget();
	raw_spin_unlock_irqrestore(&wake_lock, flags);
	trace_event_enable_cmdline_record(false);
	trace_max_end(tr);
}

static int wakeup_start(struct trace_array *tr)
{
	return wake_start_kind(tr, WAKE_ANY);
}

static int wakeup_rt_start(struct trace_array *tr)
{
	return wake_start_kind(tr, WAKE_RT);
}

static int wakeup_dl_start(struct trace_array *tr)
{
	return wake_start_kind(tr, WAKE_DL);
}

static const struct tracer wakeup_tracer = {
	.name		= "wakeup",
	.start		= wakeup_start,
	.stop		= wake_stop,
	.options	= TRACE_ITER(FUNCTION),
	.set_option	= wake_set_option,
	.max_latency	= true,
};

static const struct tracer wakeup_rt_tracer = {
	.name		= "wakeup_rt",
	.start		= wakeup_rt_start,
	.stop		= wake_stop,
	.options	= TRACE_ITER(FUNCTION),
	.set_option	= wake_set_option,
	.max_latency	= true,
};

static const struct tracer wakeup_dl_tracer = {
	.name		= "wakeup_dl",
	.start		= wakeup_dl_start,
	.stop		= wake_stop,
	.options	= TRACE_ITER(FUNCTION),
	.set_option	= wake_set_option,
	.max_latency	= true,
};

/* Registered in 6.12's order: available_tracers lists the last first. */
static int __init wakeup_tracers_register(void)
{
	register_tracer(&wakeup_tracer);
	register_tracer(&wakeup_rt_tracer);
	register_tracer(&wakeup_dl_tracer);
	return 0;
}
core_initcall(wakeup_tracers_register);
