// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise tracer: the noise the operating system makes, as in Linux
 * 6.12 (Documentation/trace/osnoise-tracer.rst).
 *
 * A kernel thread per CPU of osnoise/cpus ("osnoise/<cpu>") reads the
 * clock in a loop for runtime_us of every period_us, with interrupts,
 * softirqs and other threads free to come.  Two readings further apart
 * than tracing_thresh (1 us if it is 0) are a noise: an osnoise:
 * sample_threshold event.  Meanwhile the hooks on NMIs, IRQs, softirqs
 * and the scheduler count and time what interfered, each its own
 * osnoise: event; a noise that nothing of theirs explains is the
 * hardware's.  Each sample ends in one ftrace:osnoise record.
 *
 * This file also keeps what the timerlat tracer (trace_timerlat.c)
 * shares: the osnoise/ directory, the list of sessions running either
 * tracer (each record goes to all of them), the per-CPU threads that
 * follow osnoise/cpus and CPU hotplug, and the noise accounting.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <asm/local64.h>
#include <linux/panic.h>
#include <linux/rcupdate.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>
#include <trace/events/irq.h>
#include <trace/events/sched.h>

#include "trace_osnoise.h"

#define CREATE_TRACE_POINTS
#include <trace/events/osnoise.h>

/* 6.12's defaults, in us: a whole second of sampling every second. */
#define OSNOISE_PERIOD_DEFAULT		1000000ULL
#define OSNOISE_RUNTIME_DEFAULT		1000000ULL
#define TIMERLAT_PERIOD_DEFAULT		1000ULL
/* The sample threshold while tracing_thresh is 0, in ns */
#define OSNOISE_THRESH_DEFAULT		1000ULL

struct osnoise_params osnoise_params = {
	.period			= OSNOISE_PERIOD_DEFAULT,
	.runtime		= OSNOISE_RUNTIME_DEFAULT,
	.timerlat_period	= TIMERLAT_PERIOD_DEFAULT,
};

/* OSNOISE_WORKLOAD is the only option on by default, as in 6.12. */
#define OSNOISE_OPTS_DEFAULT	BIT(OSNOISE_OPT_WORKLOAD)
unsigned long osnoise_options = OSNOISE_OPTS_DEFAULT;

static const char *const osnoise_opt_names[OSNOISE_OPT_MAX] = {
	[OSNOISE_OPT_DEFAULTS]		= "DEFAULTS",
	[OSNOISE_OPT_WORKLOAD]		= "OSNOISE_WORKLOAD",
	[OSNOISE_OPT_PANIC_ON_STOP]	= "PANIC_ON_STOP",
	[OSNOISE_OPT_PREEMPT_DISABLE]	= "OSNOISE_PREEMPT_DISABLE",
	[OSNOISE_OPT_IRQ_DISABLE]	= "OSNOISE_IRQ_DISABLE",
};

/*
 * The osnoise lock: the parameters, osnoise/cpus, the sessions and the
 * threads.  Taken after trace_types_lock and cpus_read_lock() (CPU
 * hotplug's callbacks hold the hotplug lock); no thread takes it, so it
 * may be held across kthread_stop().
 */
static DEFINE_MUTEX(osnoise_lock);
LIST_HEAD(osnoise_sessions);
/* The kind the sessions run, NULL while there are none. */
static const struct osnoise_kind *osnoise_kind;
static struct cpumask osnoise_cpumask;

/**
 * struct osnoise_src - one kind of interference on a CPU
 * @start: when the one under way began; 0 if none is
 * @int_base: the CPU's interference time then, to take out what nested
 * @count: how many began while the CPU was watched
 */
struct osnoise_src {
	u64	start;
	u64	int_base;
	u64	count;
};

/**
 * struct osnoise_cpu - the noise accounting of a CPU
 * @thread: its osnoise or timerlat thread (osnoise lock)
 * @pid: that thread's pid: its own running is not noise
 * @watched: the hooks count what interferes here (the thread sampling,
 *	or timerlat's window from its IRQ to its thread)
 * @int_count: interferences begun, for the sampling loop
 * @int_time: the net time of the ended ones, in ns
 * @nmi: NMIs
 * @irq: hard IRQs
 * @softirq: softirqs
 * @thr: other threads
 */
struct osnoise_cpu {
	struct task_struct	*thread;
	pid_t			pid;
	bool			watched;
	local64_t		int_count;
	local64_t		int_time;
	struct osnoise_src	nmi;
	struct osnoise_src	irq;
	struct osnoise_src	softirq;
	struct osnoise_src	thr;
};

static DEFINE_PER_CPU(struct osnoise_cpu, osnoise_cpus);

/*
 * Read by ftrace_nmi_enter() and ftrace_nmi_exit() (linux/ftrace_irq.h):
 * true while a session runs the tracer; each NMI then calls
 * trace_osnoise_callback().
 */
bool trace_osnoise_callback_enabled;

#define osnoise_time()	trace_clock_local()

/* ---- the noise accounting ------------------------------------------------ */

static void osnoise_src_enter(struct osnoise_cpu *oc, struct osnoise_src *src,
			      u64 now)
{
	src->start = now;
	src->int_base = local64_read(&oc->int_time);
	src->count++;
	local64_inc(&oc->int_count);
}

/*
 * The net time of the interference under way of @src: what nested in it
 * (an NMI in an IRQ, IRQs in another thread) is counted by its own kind,
 * not twice.  0 if none was under way.
 */
static u64 osnoise_src_exit(struct osnoise_cpu *oc, struct osnoise_src *src,
			    u64 *start)
{
	unsigned long flags;
	u64 now, dur;

	if (!src->start)
		return 0;
	/* No IRQ between the clock and the sum: it would be taken out. */
	local_irq_save(flags);
	now = osnoise_time();
	dur = now - src->start - (local64_read(&oc->int_time) - src->int_base);
	*start = src->start;
	src->start = 0;
	local64_add(dur, &oc->int_time);
	local_irq_restore(flags);
	return dur;
}

/**
 * trace_osnoise_callback() - an NMI begins or ends
 * @enter: true at its entry, false at its exit
 *
 * Called from the NMI entry and exit code while
 * trace_osnoise_callback_enabled is set: an NMI on a watched CPU is an
 * interference (osnoise:nmi_noise).
 *
 * Context: NMI.
 */
void trace_osnoise_callback(bool enter)
{
	struct osnoise_cpu *oc = this_cpu_ptr(&osnoise_cpus);
	u64 start, dur;

	if (!READ_ONCE(oc->watched))
		return;
	if (enter) {
		osnoise_src_enter(oc, &oc->nmi, osnoise_time());
		return;
	}
	if (!oc->nmi.start)
		return;
	/* Nothing nests in an NMI: no need for the IRQ-safe exit. */
	start = oc->nmi.start;
	dur = osnoise_time() - start -
	      (local64_read(&oc->int_time) - oc->nmi.int_base);
	oc->nmi.start = 0;
	local64_add(dur, &oc->int_time);
	trace_nmi_noise(start, dur);
}

/**
 * osnoise_trace_irq_entry() - an IRQ vector's handler begins
 * @id: the vector
 *
 * The architecture's hooks (osnoise_arch_register()) call it for the
 * vectors that have no irq_handler_entry event (the local timer...).
 */
void osnoise_trace_irq_entry(int id)
{
	struct osnoise_cpu *oc = this_cpu_ptr(&osnoise_cpus);

	if (READ_ONCE(oc->watched))
		osnoise_src_enter(oc, &oc->irq, osnoise_time());
}

/**
 * osnoise_trace_irq_exit() - an IRQ vector's handler ends
 * @id: the vector
 * @desc: its name, for osnoise:irq_noise
 */
void osnoise_trace_irq_exit(int id, const char *desc)
{
	struct osnoise_cpu *oc = this_cpu_ptr(&osnoise_cpus);
	u64 start, dur;

	if (!READ_ONCE(oc->watched) || !oc->irq.start)
		return;
	dur = osnoise_src_exit(oc, &oc->irq, &start);
	trace_irq_noise(id, desc, start, dur);
}

/**
 * osnoise_arch_register() - hook the architecture's IRQ vectors
 *
 * An architecture with vectors outside irq_handler_entry overrides it
 * and calls osnoise_trace_irq_entry() and osnoise_trace_irq_exit().
 *
 * Return: 0 or an error.
 */
int __weak osnoise_arch_register(void)
{
	return 0;
}

/**
 * osnoise_arch_unregister() - unhook what osnoise_arch_register() hooked
 */
void __weak osnoise_arch_unregister(void)
{
}

static void osnoise_irq_entry(void *data, int irq, struct irqaction *action)
{
	osnoise_trace_irq_entry(irq);
}

static void osnoise_irq_exit(void *data, int irq, struct irqaction *action,
			     int ret)
{
	osnoise_trace_irq_exit(irq, action->name);
}

static void osnoise_softirq_entry(void *data, unsigned int vec)
{
	struct osnoise_cpu *oc = this_cpu_ptr(&osnoise_cpus);

	if (READ_ONCE(oc->watched))
		osnoise_src_enter(oc, &oc->softirq, osnoise_time());
}

static void osnoise_softirq_exit(void *data, unsigned int vec)
{
	struct osnoise_cpu *oc = this_cpu_ptr(&osnoise_cpus);
	u64 start, dur;

	if (!READ_ONCE(oc->watched) || !oc->softirq.start)
		return;
	dur = osnoise_src_exit(oc, &oc->softirq, &start);
	trace_softirq_noise(vec, start, dur);
}

/* Each other task that runs while the CPU is watched is a thread noise. */
static void osnoise_sched_switch(void *data, bool preempt,
				 struct task_struct *prev,
				 struct task_struct *next,
				 unsigned int prev_state)
{
	struct osnoise_cpu *oc = this_cpu_ptr(&osnoise_cpus);
	u64 start, dur;

	if (!READ_ONCE(oc->watched))
		return;
	if (prev->pid != oc->pid && oc->thr.start) {
		dur = osnoise_src_exit(oc, &oc->thr, &start);
		trace_thread_noise(prev, start, dur);
	}
	if (next->pid != oc->pid)
		osnoise_src_enter(oc, &oc->thr, osnoise_time());
}

static void osnoise_unhook(void)
{
	unregister_trace_sched_switch(osnoise_sched_switch, NULL);
	if (!IS_ENABLED(CONFIG_PREEMPT_RT)) {
		unregister_trace_softirq_exit(osnoise_softirq_exit, NULL);
		unregister_trace_softirq_entry(osnoise_softirq_entry, NULL);
	}
	osnoise_arch_unregister();
	unregister_trace_irq_handler_exit(osnoise_irq_exit, NULL);
	unregister_trace_irq_handler_entry(osnoise_irq_entry, NULL);
	tracepoint_synchronize_unregister();
}

/* On PREEMPT_RT softirqs are threads: the scheduler hook sees them. */
static int osnoise_hook(void)
{
	int ret;

	ret = register_trace_irq_handler_entry(osnoise_irq_entry, NULL);
	if (ret)
		return ret;
	ret = register_trace_irq_handler_exit(osnoise_irq_exit, NULL);
	if (ret)
		goto out_entry;
	ret = osnoise_arch_register();
	if (ret)
		goto out_exit;
	if (!IS_ENABLED(CONFIG_PREEMPT_RT)) {
		ret = register_trace_softirq_entry(osnoise_softirq_entry, NULL);
		if (ret)
			goto out_arch;
		ret = register_trace_softirq_exit(osnoise_softirq_exit, NULL);
		if (ret)
			goto out_softirq;
	}
	ret = register_trace_sched_switch(osnoise_sched_switch, NULL);
	if (!ret)
		return 0;
	if (!IS_ENABLED(CONFIG_PREEMPT_RT))
		unregister_trace_softirq_exit(osnoise_softirq_exit, NULL);
out_softirq:
	if (!IS_ENABLED(CONFIG_PREEMPT_RT))
		unregister_trace_softirq_entry(osnoise_softirq_entry, NULL);
out_arch:
	osnoise_arch_unregister();
out_exit:
	unregister_trace_irq_handler_exit(osnoise_irq_exit, NULL);
out_entry:
	unregister_trace_irq_handler_entry(osnoise_irq_entry, NULL);
	tracepoint_synchronize_unregister();
	return ret;
}

/*
 * Start watching this CPU: nothing is under way yet.  Interrupts are
 * off so that no hook sees half of it.
 */
static void osnoise_watch(struct osnoise_cpu *oc, bool on)
{
	unsigned long flags;

	local_irq_save(flags);
	oc->irq.start = 0;
	oc->softirq.start = 0;
	oc->thr.start = 0;
	/* The NMI slot is reset before an NMI can see the flag. */
	barrier();
	WRITE_ONCE(oc->watched, on);
	barrier();
	oc->nmi.start = 0;
	local_irq_restore(flags);
}

/**
 * osnoise_window_open() - watch this CPU's interference from now on
 *
 * For timerlat's IRQ: what delays its thread from here is noise; the
 * task the IRQ interrupted counts as a thread noise from now on.
 *
 * Context: IRQ, on the CPU of the thread.
 */
void osnoise_window_open(void)
{
	struct osnoise_cpu *oc = this_cpu_ptr(&osnoise_cpus);

	osnoise_watch(oc, true);
	if (current->pid != oc->pid)
		osnoise_src_enter(oc, &oc->thr, osnoise_time());
}

/**
 * osnoise_window_close() - stop watching this CPU
 *
 * Context: timerlat's thread, its latency recorded.
 */
void osnoise_window_close(void)
{
	osnoise_watch(this_cpu_ptr(&osnoise_cpus), false);
}

/* ---- the sessions -------------------------------------------------------- */

/**
 * osnoise_stop_tracing() - a stop_tracing limit was hit
 *
 * Every session running the tracer gets 6.12's line and turns tracing
 * off (or the kernel panics with the PANIC_ON_STOP option).
 *
 * Context: any, but NMI.
 */
void osnoise_stop_tracing(void)
{
	struct osnoise_session *s;
	char msg[48];
	int cpu, len;

	preempt_disable_notrace();
	cpu = smp_processor_id();
	len = snprintf(msg, sizeof(msg), "stop tracing hit on cpu %d\n", cpu);
	list_for_each_entry_rcu(s, &osnoise_sessions, list) {
		__trace_array_puts(s->tr, _THIS_IP_, msg, len);
		if (test_bit(OSNOISE_OPT_PANIC_ON_STOP, &osnoise_options))
			panic("tracer hit stop condition on CPU %d\n", cpu);
		tracer_tracing_off(s->tr);
	}
	preempt_enable_notrace();
}

/**
 * osnoise_note_max() - a latency or a noise, for tracing_max_latency
 * @ns: how long, in ns
 *
 * Each session's tracing_max_latency keeps the largest of its run.
 */
void osnoise_note_max(u64 ns)
{
	struct osnoise_session *s;
	unsigned long old;

	rcu_read_lock();
	list_for_each_entry_rcu(s, &osnoise_sessions, list) {
		old = READ_ONCE(s->tr->max.latency);
		do {
			if (ns <= old)
				break;
		} while (!try_cmpxchg(&s->tr->max.latency, &old, ns));
	}
	rcu_read_unlock();
}

static bool osnoise_workload_on(void)
{
	return test_bit(OSNOISE_OPT_WORKLOAD, &osnoise_options);
}

/* Start @cpu's thread if it should have one and has not. */
static int osnoise_thread_start(unsigned int cpu)
{
	struct osnoise_cpu *oc = per_cpu_ptr(&osnoise_cpus, cpu);
	struct task_struct *t;

	lockdep_assert_held(&osnoise_lock);
	/* A pid without a thread: a user-space workload has the CPU. */
	if (!osnoise_kind || oc->thread || oc->pid || !osnoise_workload_on() ||
	    !cpumask_test_cpu(cpu, &osnoise_cpumask) || !cpu_online(cpu))
		return 0;
	t = kthread_create_on_cpu(osnoise_kind->thread_fn, (void *)(long)cpu,
				  cpu, osnoise_kind->thread_name);
	if (IS_ERR(t)) {
		pr_err(OSNOISE_NAME "could not start sampling thread\n");
		return PTR_ERR(t);
	}
	/*
	 * A per-CPU kthread: when @cpu goes down, the scheduler lets it
	 * run there until osnoise_cpu_offline() stops it, instead of
	 * pushing it to another CPU once @cpu is no longer active.
	 */
	kthread_set_per_cpu(t, cpu);
	oc->thread = t;
	oc->pid = t->pid;
	wake_up_process(t);
	return 0;
}

static void osnoise_thread_stop(unsigned int cpu)
{
	struct osnoise_cpu *oc = per_cpu_ptr(&osnoise_cpus, cpu);

	lockdep_assert_held(&osnoise_lock);
	if (oc->thread) {
		kthread_stop(oc->thread);
		oc->thread = NULL;
		oc->pid = 0;
	}
}

/* The threads as osnoise/cpus and the options say; cpus_read_lock() held. */
static int osnoise_threads_sync(void)
{
	unsigned int cpu;
	int ret = 0;

	lockdep_assert_held(&osnoise_lock);
	for_each_possible_cpu(cpu) {
		if (!osnoise_kind || !osnoise_workload_on() ||
		    !cpumask_test_cpu(cpu, &osnoise_cpumask))
			osnoise_thread_stop(cpu);
		else if (!ret)
			ret = osnoise_thread_start(cpu);
	}
	return ret;
}

/* A CPU came online: its thread starts once the CPU is fully up. */
static void osnoise_fill_fn(struct work_struct *work)
{
	cpus_read_lock();
	mutex_lock(&osnoise_lock);
	osnoise_threads_sync();
	mutex_unlock(&osnoise_lock);
	cpus_read_unlock();
}

static DECLARE_WORK(osnoise_fill_work, osnoise_fill_fn);

static int osnoise_cpu_online(unsigned int cpu)
{
	if (READ_ONCE(osnoise_kind))
		schedule_work(&osnoise_fill_work);
	return 0;
}

static int osnoise_cpu_offline(unsigned int cpu)
{
	mutex_lock(&osnoise_lock);
	osnoise_thread_stop(cpu);
	mutex_unlock(&osnoise_lock);
	return 0;
}

static struct osnoise_session *osnoise_session_find(struct trace_array *tr)
{
	struct osnoise_session *s;

	list_for_each_entry(s, &osnoise_sessions, list)
		if (s->tr == tr)
			return s;
	return NULL;
}

/*
 * The hooks are registered and removed outside cpus_read_lock() (the
 * tracepoints' static keys take it), under trace_types_lock, which
 * every start and stop holds: the list of sessions changes only there.
 */
static int osnoise_hooks_on(void)
{
	unsigned int cpu;
	int ret;

	for_each_possible_cpu(cpu) {
		struct osnoise_cpu *oc = per_cpu_ptr(&osnoise_cpus, cpu);

		oc->watched = false;
		oc->nmi.count = 0;
		oc->irq.count = 0;
		oc->softirq.count = 0;
		oc->thr.count = 0;
	}
	ret = osnoise_hook();
	if (!ret)
		WRITE_ONCE(trace_osnoise_callback_enabled, true);
	return ret;
}

static void osnoise_hooks_off(void)
{
	WRITE_ONCE(trace_osnoise_callback_enabled, false);
	osnoise_unhook();
}

/**
 * osnoise_session_start() - a session starts the osnoise or timerlat tracer
 * @tr: the session
 * @kind: which
 *
 * The first session starts the threads and the hooks; the others share
 * them.  A session of the other kind is -EBUSY, as 6.12 refuses it.
 *
 * Context: trace_types_lock held.
 * Return: 0 or an error.
 */
int osnoise_session_start(struct trace_array *tr,
			  const struct osnoise_kind *kind)
{
	bool first = list_empty(&osnoise_sessions);
	struct osnoise_session *s;
	int ret = 0;

	lockdep_assert_held(&trace_types_lock);
	if ((!first && osnoise_kind != kind) || osnoise_session_find(tr))
		return -EBUSY;
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->tr = tr;
	WRITE_ONCE(tr->max.latency, 0);
	if (first) {
		ret = osnoise_hooks_on();
		if (ret) {
			kfree(s);
			return ret;
		}
	}
	cpus_read_lock();
	mutex_lock(&osnoise_lock);
	/* Records need a session before the first thread samples. */
	list_add_tail_rcu(&s->list, &osnoise_sessions);
	if (first) {
		WRITE_ONCE(osnoise_kind, kind);
		ret = osnoise_threads_sync();
		if (ret) {
			list_del_rcu(&s->list);
			WRITE_ONCE(osnoise_kind, NULL);
			osnoise_threads_sync();
		}
	}
	mutex_unlock(&osnoise_lock);
	cpus_read_unlock();
	if (ret) {
		osnoise_hooks_off();
		synchronize_rcu();
		kfree(s);
	}
	return ret;
}

/**
 * osnoise_session_stop() - a session stops the tracer
 * @tr: the session
 *
 * The last one stops the threads and the hooks.  Nothing writes to @tr
 * once this returns.
 *
 * Context: trace_types_lock held.
 */
void osnoise_session_stop(struct trace_array *tr)
{
	struct osnoise_session *s;
	bool last;

	lockdep_assert_held(&trace_types_lock);
	s = osnoise_session_find(tr);
	if (!s)
		return;
	cpus_read_lock();
	mutex_lock(&osnoise_lock);
	list_del_rcu(&s->list);
	last = list_empty(&osnoise_sessions);
	if (last) {
		WRITE_ONCE(osnoise_kind, NULL);
		osnoise_threads_sync();
	}
	mutex_unlock(&osnoise_lock);
	cpus_read_unlock();
	if (last)
		osnoise_hooks_off();
	/* An IRQ or NMI may be writing to it: wait for them. */
	synchronize_rcu();
	kfree(s);
}

/**
 * osnoise_session_tracing_on() - a session running osnoise or timerlat
 *	writes its tracing_on
 * @tr: the session
 * @kind: its tracer
 * @on: what was written
 *
 * As in 6.12, off takes the session out of the tracer's sessions (the
 * threads stop with the last one) and on puts it back, its worst case
 * kept; an error starting again is only logged.
 *
 * Context: trace_types_lock held.
 */
void osnoise_session_tracing_on(struct trace_array *tr,
				const struct osnoise_kind *kind, bool on)
{
	u64 max;

	lockdep_assert_held(&trace_types_lock);
	if (!on) {
		osnoise_session_stop(tr);
		return;
	}
	if (osnoise_session_find(tr))
		return;
	max = READ_ONCE(tr->max.latency);
	if (osnoise_session_start(tr, kind))
		pr_err(OSNOISE_NAME "could not start sampling again\n");
	else
		WRITE_ONCE(tr->max.latency, max);
}

/**
 * osnoise_user_claim() - a user-space task becomes @cpu's workload
 * @kind: the tracer it works for, which must be running
 * @cpu: the CPU; the task must be pinned to it and run there
 *
 * For timerlat_fd: only without the OSNOISE_WORKLOAD option (no kernel
 * thread), one task per CPU.  Its own running is not noise.
 *
 * Return: 0, -EINVAL (@kind is not running, or the kernel's threads
 * are the workload), -EPERM (not pinned to @cpu) or -EBUSY (the CPU
 * has its workload).
 */
int osnoise_user_claim(const struct osnoise_kind *kind, int cpu)
{
	struct osnoise_cpu *oc = per_cpu_ptr(&osnoise_cpus, cpu);
	int ret = 0;

	mutex_lock(&osnoise_lock);
	migrate_disable();
	if (osnoise_kind != kind || osnoise_workload_on())
		ret = -EINVAL;
	else if (oc->pid)
		ret = -EBUSY;
	else if (current->nr_cpus_allowed > 1 || cpu != smp_processor_id())
		ret = -EPERM;
	else
		oc->pid = current->pid;
	migrate_enable();
	mutex_unlock(&osnoise_lock);
	return ret;
}

/**
 * osnoise_user_release() - the task osnoise_user_claim() took @cpu for
 *	lets it go
 * @cpu: the CPU
 */
void osnoise_user_release(int cpu)
{
	struct osnoise_cpu *oc = per_cpu_ptr(&osnoise_cpus, cpu);

	mutex_lock(&osnoise_lock);
	if (!oc->thread)
		oc->pid = 0;
	mutex_unlock(&osnoise_lock);
	/* Kernel threads may have waited for the CPU. */
	if (READ_ONCE(osnoise_kind))
		schedule_work(&osnoise_fill_work);
}

/* ---- the osnoise record -------------------------------------------------- */

/*
 * Its layout (struct osnoise_entry, trace_session.h) and its format
 * (trace_events_core.c) are the core's, there whatever is built, as in
 * 6.12; its text is the tracer's.
 */

static enum print_line_t osnoise_print(struct trace_iterator *iter, int flags,
				       struct trace_event *event)
{
	struct osnoise_entry *e = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;
	u64 avail = 10000000, dec;

	/* The share of the runtime free of noise, with five decimals. */
	if (e->runtime)
		avail = div64_u64((e->runtime - min(e->noise, e->runtime)) *
				  10000000, e->runtime);
	dec = do_div(avail, 100000);
	trace_seq_printf(s, "%llu %10llu %3llu.%05llu %7llu",
			 e->runtime, e->noise, avail, dec, e->max_sample);
	trace_seq_printf(s, " %6u %6u %6u %6u %6u\n", e->hw_count,
			 e->nmi_count, e->irq_count, e->softirq_count,
			 e->thread_count);
	return trace_handle_return(s);
}

static enum print_line_t osnoise_print_raw(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct osnoise_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%lld %llu %llu %u %u %u %u %u\n",
			 (long long)e->runtime, e->noise, e->max_sample,
			 e->hw_count, e->nmi_count, e->irq_count,
			 e->softirq_count, e->thread_count);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions osnoise_funcs = {
	.trace	= osnoise_print,
	.raw	= osnoise_print_raw,
};

/* ---- sampling ------------------------------------------------------------ */

/**
 * struct osnoise_sample - one sample, as its record has it
 * @noise: the sum of the noises, in ns
 * @max: the longest, in ns
 * @runtime: how long the sample ran, in ns
 * @hw: the noises that no interference explains
 * @nmi: the NMIs during the sample (then: the counts before it)
 * @irq: the IRQs
 * @softirq: the softirqs
 * @thread: the other threads
 */
struct osnoise_sample {
	u64		noise;
	u64		max;
	u64		runtime;
	unsigned int	hw;
	u64		nmi;
	u64		irq;
	u64		softirq;
	u64		thread;
};

static void osnoise_record(const struct osnoise_sample *smp)
{
	struct ring_buffer_event *event;
	struct osnoise_session *s;
	struct osnoise_entry *e;
	int cpu;

	preempt_disable_notrace();
	cpu = smp_processor_id();
	list_for_each_entry_rcu(s, &osnoise_sessions, list) {
		if (!osnoise_session_keeps(s, cpu))
			continue;
		event = trace_buffer_lock_reserve(s->tr->buffer, TRACE_OSNOISE,
						  sizeof(*e), tracing_gen_ctx());
		if (!event)
			continue;
		e = ring_buffer_event_data(event);
		e->noise = div_u64(smp->noise, NSEC_PER_USEC);
		e->runtime = div_u64(smp->runtime, NSEC_PER_USEC);
		e->max_sample = div_u64(smp->max, NSEC_PER_USEC);
		e->hw_count = smp->hw;
		e->nmi_count = smp->nmi;
		e->irq_count = smp->irq;
		e->softirq_count = smp->softirq;
		e->thread_count = smp->thread;
		ring_buffer_unlock_commit(s->tr->buffer);
	}
	preempt_enable_notrace();
}

/* The clock, with the interferences begun by then, read without a tear. */
static u64 osnoise_time_int(struct osnoise_cpu *oc, u64 *ints)
{
	u64 before, t;

	do {
		before = local64_read(&oc->int_count);
		barrier();
		t = osnoise_time();
		barrier();
		*ints = local64_read(&oc->int_count);
	} while (before != *ints);
	return t;
}

/*
 * One sample: read the clock for runtime_us; each gap of at least the
 * threshold is a noise.  The thread may be preempted meanwhile (unless
 * an option says otherwise): that is the noise being measured.
 */
static void osnoise_sample(struct osnoise_cpu *oc)
{
	bool irq_off = test_bit(OSNOISE_OPT_IRQ_DISABLE, &osnoise_options);
	bool preempt_off = !irq_off &&
		test_bit(OSNOISE_OPT_PREEMPT_DISABLE, &osnoise_options);
	u64 thresh = READ_ONCE(tracing_thresh) ?: OSNOISE_THRESH_DEFAULT;
	u64 runtime = READ_ONCE(osnoise_params.runtime) * NSEC_PER_USEC;
	u64 stop_in = READ_ONCE(osnoise_params.stop_us) * NSEC_PER_USEC;
	u64 stop_total = READ_ONCE(osnoise_params.stop_total_us);
	struct osnoise_sample smp = {};
	u64 start, last, now, noise, ints, last_ints;

	smp.nmi = oc->nmi.count;
	smp.irq = oc->irq.count;
	smp.softirq = oc->softirq.count;
	smp.thread = oc->thr.count;
	if (irq_off)
		local_irq_disable();
	if (preempt_off)
		preempt_disable();
	osnoise_watch(oc, true);
	start = last = osnoise_time_int(oc, &last_ints);
	do {
		now = osnoise_time_int(oc, &ints);
		noise = now - last;
		smp.runtime = now - start;
		if (noise >= thresh) {
			if (ints == last_ints)
				smp.hw++;
			smp.noise += noise;
			smp.max = max(smp.max, noise);
			trace_sample_threshold(last, noise, ints - last_ints);
			if (stop_in && noise > stop_in)
				osnoise_stop_tracing();
		}
		/*
		 * A CPU that never leaves this loop must still let RCU's
		 * grace periods end, and the scheduler in.
		 */
		if (IS_ENABLED(CONFIG_PREEMPT_RCU)) {
			if (!irq_off)
				local_irq_disable();
			rcu_momentary_eqs();
			if (!irq_off)
				local_irq_enable();
		}
		if (!irq_off && !preempt_off)
			cond_resched();
		last = now;
		last_ints = ints;
	} while (smp.runtime < runtime && !kthread_should_stop());
	osnoise_watch(oc, false);
	if (preempt_off)
		preempt_enable();
	if (irq_off)
		local_irq_enable();

	/* A sample cut short by the end of the run is not one. */
	if (smp.runtime < runtime)
		return;
	smp.nmi = oc->nmi.count - smp.nmi;
	smp.irq = oc->irq.count - smp.irq;
	smp.softirq = oc->softirq.count - smp.softirq;
	smp.thread = oc->thr.count - smp.thread;
	osnoise_record(&smp);
	osnoise_note_max(smp.max);
	if (stop_total && div_u64(smp.noise, NSEC_PER_USEC) > stop_total)
		osnoise_stop_tracing();
}

/* Sleep the rest of the period; with none left, only let others in. */
static void osnoise_rest(void)
{
	u64 period = READ_ONCE(osnoise_params.period);
	u64 runtime = READ_ONCE(osnoise_params.runtime);
	ktime_t wait;

	/*
	 * A thread that never sleeps (runtime == period) passes through no
	 * voluntary switch, which is what RCU Tasks waits for: say it is
	 * at a quiescent point, or synchronize_rcu_tasks() (a direct call
	 * registered, an ftrace_ops freed) waits as long as it runs.
	 */
	cond_resched_tasks_rcu_qs();
	if (period <= runtime)
		return;
	wait = ns_to_ktime(min_t(u64, period - runtime, KTIME_MAX / NSEC_PER_USEC) *
			   NSEC_PER_USEC);
	set_current_state(TASK_INTERRUPTIBLE);
	if (!kthread_should_stop())
		schedule_hrtimeout(&wait, HRTIMER_MODE_REL);
	__set_current_state(TASK_RUNNING);
}

static int osnoise_thread_fn(void *data)
{
	struct osnoise_cpu *oc = per_cpu_ptr(&osnoise_cpus, (long)data);

	/* Its records show its name even with no event recording names. */
	tracing_record_cmdline(current);
	while (!kthread_should_stop()) {
		osnoise_sample(oc);
		osnoise_rest();
	}
	return 0;
}

/* ---- the tracer ---------------------------------------------------------- */

static const struct osnoise_kind osnoise_kind_osnoise = {
	.name		= "osnoise",
	.thread_name	= "osnoise/%u",
	.thread_fn	= osnoise_thread_fn,
};

static int osnoise_tracer_start(struct trace_array *tr)
{
	return osnoise_session_start(tr, &osnoise_kind_osnoise);
}

static void osnoise_tracer_stop(struct trace_array *tr)
{
	osnoise_session_stop(tr);
}

static void osnoise_tracer_on(struct trace_array *tr, bool on)
{
	osnoise_session_tracing_on(tr, &osnoise_kind_osnoise, on);
}

static void osnoise_print_header(struct seq_file *m,
				 struct trace_iterator *iter)
{
	seq_puts(m, "#                                _-----=> irqs-off\n");
	seq_puts(m, "#                               / _----=> need-resched\n");
	seq_puts(m, "#                              | / _---=> hardirq/softirq\n");
	seq_puts(m, "#                              || / _--=> preempt-depth\n");
	seq_puts(m, "#                              ||| / _-=> migrate-disable     ");
	seq_puts(m, "                    MAX\n");
	seq_puts(m, "#                              |||| /     delay               ");
	seq_puts(m, "                    SINGLE      Interference counters:\n");
	/* 6.12 writes its "%%" through seq_puts(): both show. */
	seq_puts(m, "#                              |||||               RUNTIME   ");
	seq_puts(m, "   NOISE  %% OF CPU  NOISE    +-----------------------------+\n");
	seq_puts(m, "#           TASK-PID      CPU# |||||   TIMESTAMP    IN US    ");
	seq_puts(m, "   IN US  AVAILABLE  IN US     HW    NMI    IRQ   SIRQ THREAD\n");
	seq_puts(m, "#              | |         |   |||||      |           |      ");
	seq_puts(m, "       |    |            |      |      |      |      |      |\n");
}

static const struct tracer osnoise_tracer = {
	.name		= "osnoise",
	.start		= osnoise_tracer_start,
	.stop		= osnoise_tracer_stop,
	.tracing_on	= osnoise_tracer_on,
	.print_header	= osnoise_print_header,
};

/* ---- osnoise/ ------------------------------------------------------------ */

/**
 * struct osnoise_param_file - a number file of osnoise/
 * @val: the value
 * @min: the least it may be, or NULL
 * @max: the most, or NULL
 */
struct osnoise_param_file {
	u64		*val;
	const u64	*min;
	const u64	*max;
};

static const u64 timerlat_period_min = 100;
static const u64 timerlat_period_max = 1000000;

static struct osnoise_param_file osnoise_param_files[] = {
	{ &osnoise_params.period, &osnoise_params.runtime, NULL },
	{ &osnoise_params.runtime, NULL, &osnoise_params.period },
	{ &osnoise_params.stop_us, NULL, NULL },
	{ &osnoise_params.stop_total_us, NULL, NULL },
	{ &osnoise_params.timerlat_period, &timerlat_period_min,
	  &timerlat_period_max },
	{ &osnoise_params.print_stack, NULL, NULL },
};

static const char *const osnoise_param_names[] = {
	"period_us", "runtime_us", "stop_tracing_us", "stop_tracing_total_us",
	"timerlat_period_us", "print_stack",
};

/* The timerlat files are there only with the timerlat tracer. */
#define OSNOISE_NR_PARAMS	(IS_ENABLED(CONFIG_TIMERLAT_TRACER) ? 6 : 4)

static ssize_t osnoise_param_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct osnoise_param_file *p = filp->private_data;

	return trace_read_text(ubuf, cnt, ppos, "%llu\n", READ_ONCE(*p->val));
}

/* Decimal; out of the bounds is -EINVAL, as 6.12's files refuse it. */
static ssize_t osnoise_param_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct osnoise_param_file *p = filp->private_data;
	int ret;
	u64 v;

	ret = kstrtoull_from_user(ubuf, cnt, 10, &v);
	if (ret)
		return ret;
	mutex_lock(&osnoise_lock);
	if ((p->min && v < *p->min) || (p->max && v > *p->max))
		ret = -EINVAL;
	else
		WRITE_ONCE(*p->val, v);
	mutex_unlock(&osnoise_lock);
	return ret ?: cnt;
}

static const struct file_operations osnoise_param_fops = {
	.open		= tracing_open_generic,
	.read		= osnoise_param_read,
	.write		= osnoise_param_write,
	.llseek		= generic_file_llseek,
};

static ssize_t osnoise_cpus_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	char *text;
	ssize_t ret;

	mutex_lock(&osnoise_lock);
	text = kasprintf(GFP_KERNEL, "%*pbl\n",
			 cpumask_pr_args(&osnoise_cpumask));
	mutex_unlock(&osnoise_lock);
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

/* A CPU list; the running threads follow it at once. */
static ssize_t osnoise_cpus_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	cpumask_var_t mask;
	char buf[256];
	int ret;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	ret = cpulist_parse(buf, mask);
	if (!ret) {
		cpus_read_lock();
		mutex_lock(&osnoise_lock);
		cpumask_copy(&osnoise_cpumask, mask);
		osnoise_threads_sync();
		mutex_unlock(&osnoise_lock);
		cpus_read_unlock();
	}
	free_cpumask_var(mask);
	return ret ?: cnt;
}

static const struct file_operations osnoise_cpus_fops = {
	.open		= tracing_open_generic,
	.read		= osnoise_cpus_read,
	.write		= osnoise_cpus_write,
	.llseek		= generic_file_llseek,
};

/* "DEFAULTS" tells whether all are as at boot; each "NO_" if off. */
static int osnoise_options_show(struct seq_file *m, void *v)
{
	unsigned long opts = READ_ONCE(osnoise_options);
	bool on;
	int i;

	for (i = 0; i < OSNOISE_OPT_MAX; i++) {
		if (i == OSNOISE_OPT_DEFAULTS)
			on = opts == OSNOISE_OPTS_DEFAULT;
		else
			on = opts & BIT(i);
		seq_printf(m, "%s%s ", on ? "" : "NO_", osnoise_opt_names[i]);
	}
	seq_putc(m, '\n');
	return 0;
}

static int osnoise_options_open(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	return single_open(filp, osnoise_options_show, NULL);
}

/*
 * One option: its name sets it, "NO_" and its name clears it, DEFAULTS
 * puts all back (NO_DEFAULTS means nothing: -EINVAL).  The threads
 * follow OSNOISE_WORKLOAD at once; the others apply from the next sample.
 */
static ssize_t osnoise_options_write(struct file *filp,
				     const char __user *ubuf, size_t cnt,
				     loff_t *ppos)
{
	char buf[256], *name;
	bool on = true;
	int opt;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	name = strstrip(buf);
	if (!strncmp(name, "NO_", 3)) {
		on = false;
		name += 3;
	}
	opt = match_string(osnoise_opt_names, OSNOISE_OPT_MAX, name);
	if (opt < 0 || (opt == OSNOISE_OPT_DEFAULTS && !on))
		return -EINVAL;
	cpus_read_lock();
	mutex_lock(&osnoise_lock);
	if (opt == OSNOISE_OPT_DEFAULTS)
		WRITE_ONCE(osnoise_options, OSNOISE_OPTS_DEFAULT);
	else if (on)
		set_bit(opt, &osnoise_options);
	else
		clear_bit(opt, &osnoise_options);
	osnoise_threads_sync();
	mutex_unlock(&osnoise_lock);
	cpus_read_unlock();
	*ppos += cnt;
	return cnt;
}

static const struct file_operations osnoise_options_fops = {
	.open		= osnoise_options_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= osnoise_options_write,
};

/* osnoise/, for timerlat's per-CPU files too */
struct dentry *osnoise_dir;

static void __init osnoise_create_files(void)
{
	struct dentry *dir;
	int i;

	dir = tracefs_create_dir("osnoise", NULL);
	osnoise_dir = dir;
	if (!dir) {
		pr_warn(OSNOISE_NAME "could not create the osnoise directory\n");
		return;
	}
	for (i = 0; i < OSNOISE_NR_PARAMS; i++)
		trace_create_file(osnoise_param_names[i], TRACE_MODE_WRITE, dir,
				  &osnoise_param_files[i], &osnoise_param_fops);
	trace_create_file("cpus", TRACE_MODE_WRITE, dir, NULL,
			  &osnoise_cpus_fops);
	trace_create_file("options", TRACE_MODE_WRITE, dir, NULL,
			  &osnoise_options_fops);
}

/*
 * At late_initcall, as 6.12: available_tracers lists osnoise before
 * hwlat.  The tracefs root exists by then (fs_initcall).
 */
static int __init osnoise_init(void)
{
	int ret;

	if (tracing_is_disabled())
		return 0;
	cpumask_copy(&osnoise_cpumask, cpu_all_mask);
	ret = trace_events_core_set_text(TRACE_OSNOISE, &osnoise_funcs);
	if (ret)
		return ret;
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN,
					"trace/osnoise:online",
					osnoise_cpu_online, osnoise_cpu_offline);
	if (ret < 0)
		pr_warn(OSNOISE_NAME "no CPU hotplug callbacks: %d\n", ret);
	osnoise_create_files();
	return register_tracer(&osnoise_tracer);
}
late_initcall(osnoise_init);
