// SPDX-License-Identifier: GPL-2.0
/*
 * The timerlat tracer: how late the timer IRQ and the thread it wakes
 * run, as in Linux 6.12 (Documentation/trace/timerlat-tracer.rst).
 *
 * A real-time thread per CPU of osnoise/cpus ("timerlat/<cpu>", FIFO 95)
 * arms an absolute hrtimer every timerlat_period_us and sleeps.  The
 * timer's handler writes how late it runs (an ftrace:timerlat record of
 * context irq) and wakes the thread, which writes how late it runs in
 * turn (context thread), with the same activation number.  Between the
 * two, the osnoise: events tell what delayed the thread (the accounting
 * is trace_osnoise.c's).  stop_tracing_us and stop_tracing_total_us
 * turn tracing off on an IRQ or a thread latency that long; print_stack
 * writes the stack the IRQ interrupted when the thread's latency is at
 * least that.
 *
 * The threads, the sessions and the osnoise/ files are trace_osnoise.c's:
 * this file has the thread's loop, the timer, the record and the tracer.
 */
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/types.h>
#include <linux/seq_file.h>
#include <linux/stacktrace.h>

#include "trace_osnoise.h"

/* The thread's priority, as 6.12's (SCHED_FIFO) */
#define TIMERLAT_PRIO		95
/* The most stack the IRQ keeps for print_stack */
#define TIMERLAT_STACK_MAX	64

/* The contexts of a record, as rtla reads them. */
enum {
	TIMERLAT_CTX_IRQ,
	TIMERLAT_CTX_THREAD,
	TIMERLAT_CTX_USER_RET,
};

/**
 * struct timerlat_cpu - a CPU's timer and thread
 * @timer: the hrtimer, absolute and pinned, run in hard IRQ context
 * @thread: the thread to wake
 * @abs_period: when the timer was due, in ns on CLOCK_MONOTONIC
 * @count: the activations, for the records' seqnum
 * @fired: the timer ran since the thread armed it
 * @user_started: timerlat_fd's task has read once: a read is its return
 * @nr_stack: the entries in @stack
 * @stack: what the timer IRQ interrupted, for print_stack
 */
struct timerlat_cpu {
	struct hrtimer		timer;
	struct task_struct	*thread;
	u64			abs_period;
	unsigned int		count;
	bool			fired;
	bool			user_started;
	unsigned int		nr_stack;
	unsigned long		stack[TIMERLAT_STACK_MAX];
};

static DEFINE_PER_CPU(struct timerlat_cpu, timerlat_cpus);

/* ---- the record ---------------------------------------------------------- */

/*
 * Its layout (struct timerlat_entry, trace_session.h) and its format
 * (trace_events_core.c) are the core's, there whatever is built, as in
 * 6.12; its text is the tracer's.
 */

static const char *const timerlat_ctx_names[] = {
	[TIMERLAT_CTX_IRQ]	= "irq",
	[TIMERLAT_CTX_THREAD]	= "thread",
	[TIMERLAT_CTX_USER_RET]	= "user-ret",
};

static enum print_line_t timerlat_print(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct timerlat_entry *e = (void *)iter->ent;
	const char *ctx = "unknown";

	if (e->context >= 0 && e->context < ARRAY_SIZE(timerlat_ctx_names))
		ctx = timerlat_ctx_names[e->context];
	trace_seq_printf(&iter->seq, "#%-5u context %6s timer_latency %9llu ns\n",
			 e->seqnum, ctx, e->timer_latency);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t timerlat_print_raw(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct timerlat_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%u %d %llu\n", e->seqnum, e->context,
			 e->timer_latency);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions timerlat_funcs = {
	.trace	= timerlat_print,
	.raw	= timerlat_print_raw,
};

/* To each session that keeps this CPU's records; IRQs or preemption off. */
static void timerlat_record(unsigned int seq, int ctx, u64 latency)
{
	struct ring_buffer_event *event;
	struct osnoise_session *s;
	struct timerlat_entry *e;
	int cpu = smp_processor_id();

	list_for_each_entry_rcu(s, &osnoise_sessions, list) {
		if (!osnoise_session_keeps(s, cpu))
			continue;
		event = trace_buffer_lock_reserve(s->tr->buffer, TRACE_TIMERLAT,
						  sizeof(*e), tracing_gen_ctx());
		if (!event)
			continue;
		e = ring_buffer_event_data(event);
		e->seqnum = seq;
		e->context = ctx;
		e->timer_latency = latency;
		ring_buffer_unlock_commit(s->tr->buffer);
	}
}

/* The stack the IRQ saved, as a kernel stack record (print_stack). */
static void timerlat_stack_record(struct timerlat_cpu *tc)
{
	unsigned int nr = READ_ONCE(tc->nr_stack);
	struct ring_buffer_event *event;
	struct osnoise_session *s;
	struct stack_entry *e;
	int cpu = smp_processor_id();

	if (!nr)
		return;
	list_for_each_entry_rcu(s, &osnoise_sessions, list) {
		if (!osnoise_session_keeps(s, cpu))
			continue;
		event = trace_buffer_lock_reserve(s->tr->buffer, TRACE_STACK,
						  struct_size(e, caller, nr),
						  tracing_gen_ctx());
		if (!event)
			continue;
		e = ring_buffer_event_data(event);
		e->size = nr;
		memcpy(e->caller, tc->stack, nr * sizeof(tc->stack[0]));
		ring_buffer_unlock_commit(s->tr->buffer);
	}
}

/* ---- the timer and the thread -------------------------------------------- */

static enum hrtimer_restart timerlat_irq(struct hrtimer *timer)
{
	struct timerlat_cpu *tc = container_of(timer, struct timerlat_cpu, timer);
	u64 now = ktime_to_ns(hrtimer_cb_get_time(timer));
	u64 lat = now - tc->abs_period;
	u64 stop_us = READ_ONCE(osnoise_params.stop_us);
	u64 stack_us = READ_ONCE(osnoise_params.print_stack);

	/* What runs from now until the thread does is noise. */
	osnoise_window_open();
	tc->count++;
	rcu_read_lock();
	timerlat_record(tc->count, TIMERLAT_CTX_IRQ, lat);
	rcu_read_unlock();
	WRITE_ONCE(tc->nr_stack, 0);
	if (IS_ENABLED(CONFIG_STACKTRACE) && stack_us)
		WRITE_ONCE(tc->nr_stack,
			   stack_trace_save(tc->stack, TIMERLAT_STACK_MAX, 0));
	if (stop_us && div_u64(lat, NSEC_PER_USEC) >= stop_us) {
		/* The thread may not come to print it: do it here. */
		if (stack_us && stop_us <= stack_us) {
			rcu_read_lock();
			timerlat_stack_record(tc);
			rcu_read_unlock();
		}
		osnoise_stop_tracing();
		osnoise_note_max(lat);
	}
	WRITE_ONCE(tc->fired, true);
	wake_up_process(tc->thread);
	return HRTIMER_NORESTART;
}

/* A kernel thread stops when told; a user's read ends on a signal. */
static bool timerlat_stopping(void)
{
	if (current->flags & PF_KTHREAD)
		return kthread_should_stop();
	return signal_pending(current);
}

/*
 * Arm the timer for the next period after the last (periods already
 * past are skipped) and sleep until it fires.  Returns false if the
 * thread is to stop (the timer may still be armed).
 */
static bool timerlat_wait(struct timerlat_cpu *tc)
{
	u64 period = READ_ONCE(osnoise_params.timerlat_period) * NSEC_PER_USEC;
	u64 now = ktime_to_ns(hrtimer_cb_get_time(&tc->timer));

	do {
		tc->abs_period += period;
	} while (tc->abs_period < now);
	WRITE_ONCE(tc->fired, false);
	hrtimer_start(&tc->timer, ns_to_ktime(tc->abs_period),
		      HRTIMER_MODE_ABS_PINNED_HARD);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (READ_ONCE(tc->fired) || timerlat_stopping())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return READ_ONCE(tc->fired);
}

/*
 * The workload runs: its latency since the timer was due (@ctx thread),
 * or since it was woken (@ctx user-ret: back from user space), with
 * the stack of print_stack and the stop_tracing_total_us limit.
 */
static void timerlat_woken(struct timerlat_cpu *tc, int ctx)
{
	u64 lat = ktime_to_ns(hrtimer_cb_get_time(&tc->timer)) - tc->abs_period;
	u64 total_us = READ_ONCE(osnoise_params.stop_total_us);
	u64 stack_us = READ_ONCE(osnoise_params.print_stack);

	if (ctx == TIMERLAT_CTX_THREAD)
		osnoise_window_close();
	preempt_disable_notrace();
	rcu_read_lock();
	timerlat_record(tc->count, ctx, lat);
	if (ctx == TIMERLAT_CTX_THREAD && stack_us &&
	    div_u64(lat, NSEC_PER_USEC) >= stack_us)
		timerlat_stack_record(tc);
	rcu_read_unlock();
	preempt_enable_notrace();
	osnoise_note_max(lat);
	if (total_us && div_u64(lat, NSEC_PER_USEC) >= total_us)
		osnoise_stop_tracing();
}

static void timerlat_timer_init(struct timerlat_cpu *tc)
{
	tc->thread = current;
	tc->count = 0;
	tc->nr_stack = 0;
	hrtimer_init(&tc->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_HARD);
	tc->timer.function = timerlat_irq;
	tc->abs_period = ktime_to_ns(hrtimer_cb_get_time(&tc->timer));
}

static int timerlat_thread_fn(void *data)
{
	struct timerlat_cpu *tc = per_cpu_ptr(&timerlat_cpus, (long)data);
	struct sched_param sp = { .sched_priority = TIMERLAT_PRIO };

	sched_setscheduler_nocheck(current, SCHED_FIFO, &sp);
	tracing_record_cmdline(current);
	timerlat_timer_init(tc);

	while (!kthread_should_stop()) {
		if (timerlat_wait(tc))
			timerlat_woken(tc, TIMERLAT_CTX_THREAD);
	}
	hrtimer_cancel(&tc->timer);
	osnoise_window_close();
	return 0;
}

static const struct osnoise_kind osnoise_kind_timerlat = {
	.name		= "timerlat",
	.thread_name	= "timerlat/%u",
	.thread_fn	= timerlat_thread_fn,
};

/* ---- osnoise/per_cpu/cpu<N>/timerlat_fd --------------------------------- */

/*
 * A user-space workload: a task pinned to the CPU opens the file while
 * timerlat runs with NO_OSNOISE_WORKLOAD, and each read() sleeps until
 * the next activation, as the kernel thread does, writing the latency
 * of its return to user space (user-ret) and of its wakeup (thread).
 */
static int timerlat_fd_open(struct inode *inode, struct file *filp)
{
	long cpu = (long)inode->i_private;
	struct timerlat_cpu *tc = per_cpu_ptr(&timerlat_cpus, cpu);
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	ret = osnoise_user_claim(&osnoise_kind_timerlat, cpu);
	if (ret)
		return ret;
	timerlat_timer_init(tc);
	tc->user_started = false;
	filp->private_data = (void *)cpu;
	return 0;
}

static ssize_t timerlat_fd_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	long cpu = (long)filp->private_data;
	struct timerlat_cpu *tc = per_cpu_ptr(&timerlat_cpus, cpu);
	ssize_t ret = 0;

	/* Only the task that opened it, on its CPU. */
	if (tc->thread != current)
		return -EPERM;
	migrate_disable();
	if (smp_processor_id() != cpu) {
		ret = -EINVAL;
		goto out;
	}
	if (tc->user_started)
		timerlat_woken(tc, TIMERLAT_CTX_USER_RET);
	tc->user_started = true;
	if (timerlat_wait(tc)) {
		timerlat_woken(tc, TIMERLAT_CTX_THREAD);
	} else {
		hrtimer_cancel(&tc->timer);
		osnoise_window_close();
		ret = -EINTR;
	}
out:
	migrate_enable();
	return ret;
}

/* No read is under way: the timer is not armed. */
static int timerlat_fd_release(struct inode *inode, struct file *filp)
{
	long cpu = (long)filp->private_data;

	osnoise_user_release(cpu);
	return 0;
}

static const struct file_operations timerlat_fd_fops = {
	.open		= timerlat_fd_open,
	.read		= timerlat_fd_read,
	.release	= timerlat_fd_release,
	.llseek		= generic_file_llseek,
};

static void __init timerlat_fd_create(void)
{
	struct dentry *per_cpu, *dir;
	char name[24];
	long cpu;

	if (!osnoise_dir)
		return;
	per_cpu = tracefs_create_dir("per_cpu", osnoise_dir);
	if (!per_cpu)
		return;
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%ld", cpu);
		dir = tracefs_create_dir(name, per_cpu);
		if (dir)
			trace_create_file("timerlat_fd", TRACE_MODE_READ, dir,
					  (void *)cpu, &timerlat_fd_fops);
	}
}

/* ---- the tracer ---------------------------------------------------------- */

static int timerlat_tracer_start(struct trace_array *tr)
{
	return osnoise_session_start(tr, &osnoise_kind_timerlat);
}

static void timerlat_tracer_stop(struct trace_array *tr)
{
	osnoise_session_stop(tr);
}

static void timerlat_tracer_on(struct trace_array *tr, bool on)
{
	osnoise_session_tracing_on(tr, &osnoise_kind_timerlat, on);
}

static void timerlat_print_header(struct seq_file *m,
				  struct trace_iterator *iter)
{
	seq_puts(m, "#                                _-----=> irqs-off\n");
	seq_puts(m, "#                               / _----=> need-resched\n");
	seq_puts(m, "#                              | / _---=> hardirq/softirq\n");
	seq_puts(m, "#                              || / _--=> preempt-depth\n");
	seq_puts(m, "#                              ||| / _-=> migrate-disable\n");
	seq_puts(m, "#                              |||| /     delay\n");
	seq_puts(m, "#                              |||||            ACTIVATION\n");
	seq_puts(m, "#           TASK-PID      CPU# |||||   TIMESTAMP   ID      ");
	seq_puts(m, "      CONTEXT                 LATENCY\n");
	seq_puts(m, "#              | |         |   |||||      |         |      ");
	seq_puts(m, "            |                       |\n");
}

static const struct tracer timerlat_tracer = {
	.name		= "timerlat",
	.start		= timerlat_tracer_start,
	.stop		= timerlat_tracer_stop,
	.tracing_on	= timerlat_tracer_on,
	.print_header	= timerlat_print_header,
};

/* At late_initcall, after osnoise: available_tracers lists it first. */
static int __init timerlat_init(void)
{
	int ret;

	if (tracing_is_disabled())
		return 0;
	ret = trace_events_core_set_text(TRACE_TIMERLAT, &timerlat_funcs);
	if (ret)
		return ret;
	timerlat_fd_create();
	return register_tracer(&timerlat_tracer);
}
late_initcall(timerlat_init);
