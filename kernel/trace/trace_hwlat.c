// SPDX-License-Identifier: GPL-2.0
/*
 * The hwlat tracer: time the kernel cannot see, as in Linux 6.12
 * (Documentation/trace/hwlat_detector.rst).
 *
 * A kernel thread turns interrupts off for hwlat_detector/width
 * microseconds of every hwlat_detector/window and reads the clock in a
 * tight loop meanwhile.  Nothing of the kernel's can run there but an
 * NMI, so a gap between two readings (inner: within a pair, outer:
 * between pairs) longer than tracing_thresh is the firmware's (an SMI)
 * or the machine's own.  Each window with such a gap becomes one
 * ftrace:hwlat record: its worst gaps, how many readings were late, the
 * wall time of the first, and the NMIs that came meanwhile (counted from
 * the NMI entry code: trace_hwlat_callback()).  tracing_max_latency keeps
 * the worst gap of the run.
 *
 * hwlat_detector/mode chooses the threads: one "hwlatd" that the
 * scheduler places (none), one that moves to the next CPU of
 * tracing_cpumask each window (round-robin, the default), or one
 * "hwlatd/<cpu>" per CPU (per-cpu).  One session at a time may run it.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/kthread.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/timekeeping.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#include "trace_tracers.h"

#define HWLAT_NAME		"hwlat_detector: "

/* Microseconds, as 6.12 starts: spin half a second of every second. */
#define HWLAT_WIDTH_DEFAULT	500000ULL
#define HWLAT_WINDOW_DEFAULT	1000000ULL
/* tracing_thresh when it is 0 as the tracer starts, in ns */
#define HWLAT_THRESH_DEFAULT	(10 * NSEC_PER_USEC)

enum {
	HWLAT_NONE,
	HWLAT_ROUND_ROBIN,
	HWLAT_PER_CPU,
	HWLAT_NR_MODES,
};

static const char *const hwlat_mode_names[HWLAT_NR_MODES] = {
	[HWLAT_NONE]		= "none",
	[HWLAT_ROUND_ROBIN]	= "round-robin",
	[HWLAT_PER_CPU]		= "per-cpu",
};

/* width and window (us); the file writes and the threads take the lock */
static DEFINE_SPINLOCK(hwlat_param_lock);
static u64 hwlat_width = HWLAT_WIDTH_DEFAULT;
static u64 hwlat_window = HWLAT_WINDOW_DEFAULT;

/*
 * Under trace_types_lock: the mode (a round-robin thread whose affinity
 * a user changed also turns it to none), the session running the
 * tracer, the single thread and tracing_thresh's value to give back.
 */
static int hwlat_mode = HWLAT_ROUND_ROBIN;
static struct trace_array *hwlat_tr;
static struct task_struct *hwlat_single;
static unsigned long hwlat_saved_thresh;
/* tracing_thresh as the last run left it: the next run starts with it. */
static unsigned long hwlat_last_thresh = HWLAT_THRESH_DEFAULT;
/* The records of a run are numbered from 1. */
static atomic_t hwlat_seq;

/*
 * The per-CPU threads.  Taken after cpus_read_lock() (CPU hotplug's
 * callbacks take it with the hotplug lock held); no thread takes it.
 */
static DEFINE_MUTEX(hwlat_cpus_lock);
/* The session of the per-cpu mode's threads, NULL while there are none. */
static struct trace_array *hwlat_cpus_tr;

/**
 * struct hwlat_cpu - a CPU's sampling, as its NMIs see it
 * @thread: its hwlatd/<cpu> thread in per-cpu mode (hwlat_cpus_lock)
 * @sampling: a thread samples on this CPU with interrupts off: NMIs
 *	that come are counted.  Only that thread changes it, so an NMI sees
 *	the same value at its entry and its exit.
 * @nmi_count: the NMIs that came during the sample
 * @nmi_start: when the one under way came, on the sampling clock
 * @nmi_total: how long they took together, in ns
 */
struct hwlat_cpu {
	struct task_struct	*thread;
	bool			sampling;
	unsigned int		nmi_count;
	u64			nmi_start;
	u64			nmi_total;
};

static DEFINE_PER_CPU(struct hwlat_cpu, hwlat_cpus);

/*
 * Read by ftrace_nmi_enter() and ftrace_nmi_exit() (linux/ftrace_irq.h):
 * true while the tracer runs, when each NMI calls trace_hwlat_callback().
 */
bool trace_hwlat_callback_enabled;

/*
 * Whether the sampling clock may be read in an NMI: the generic
 * sched_clock() may not, and then an NMI is counted but not timed.
 */
#define HWLAT_NMI_TIMED		(!IS_ENABLED(CONFIG_GENERIC_SCHED_CLOCK))

/**
 * trace_hwlat_callback() - an NMI begins or ends
 * @enter: true at its entry, false at its exit
 *
 * Called from the NMI entry and exit code while
 * trace_hwlat_callback_enabled is set: counts and times the NMIs that
 * come on a CPU while the tracer samples there.
 *
 * Context: NMI.
 */
void trace_hwlat_callback(bool enter)
{
	struct hwlat_cpu *hc = this_cpu_ptr(&hwlat_cpus);

	if (!READ_ONCE(hc->sampling))
		return;
	if (enter) {
		hc->nmi_count++;
		if (HWLAT_NMI_TIMED)
			hc->nmi_start = trace_clock_local();
	} else if (HWLAT_NMI_TIMED) {
		hc->nmi_total += trace_clock_local() - hc->nmi_start;
	}
}

/* ---- the record ---------------------------------------------------------- */

/*
 * Its layout (struct hwlat_entry, trace_session.h) and its format
 * (trace_events_core.c) are the core's, there whatever is built, as in
 * 6.12; its text is the tracer's.
 */

static enum print_line_t hwlat_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct hwlat_entry *e = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "#%-5u inner/outer(us): %4llu/%-5llu ts:%lld.%09ld count:%d",
			 e->seqnum, e->duration, e->outer_duration,
			 (long long)e->timestamp.tv_sec, e->timestamp.tv_nsec,
			 (int)e->count);
	if (e->nmi_count) {
		if (HWLAT_NMI_TIMED)
			trace_seq_printf(s, " nmi-total:%llu", e->nmi_total_ts);
		trace_seq_printf(s, " nmi-count:%u", e->nmi_count);
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t hwlat_print_raw(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct hwlat_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%llu %lld %lld %09ld %u\n",
			 e->duration, (long long)e->outer_duration,
			 (long long)e->timestamp.tv_sec, e->timestamp.tv_nsec,
			 e->seqnum);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions hwlat_funcs = {
	.trace	= hwlat_print,
	.raw	= hwlat_print_raw,
};

/* ---- sampling ------------------------------------------------------------ */

/**
 * struct hwlat_sample - what one window's spin saw
 * @inner: the longest gap within a pair of readings, in ns
 * @outer: the longest between one pair and the next
 * @count: the readings late by more than the threshold
 * @when: the wall time of the first of them
 */
struct hwlat_sample {
	u64			inner;
	u64			outer;
	unsigned int		count;
	struct timespec64	when;
};

/* A run's worst gap so far, for tracing_max_latency (ns). */
static void hwlat_note_worst(struct trace_array *tr, u64 us)
{
	unsigned long old = READ_ONCE(tr->max.latency);
	unsigned long ns = min_t(u64, us * NSEC_PER_USEC, ULONG_MAX - 1);

	do {
		if (ns <= old)
			return;
	} while (!try_cmpxchg(&tr->max.latency, &old, ns));
}

static void hwlat_record(struct trace_array *tr, const struct hwlat_sample *s,
			 const struct hwlat_cpu *hc)
{
	struct ring_buffer_event *event;
	struct hwlat_entry *e;
	u64 inner = div_u64(s->inner, NSEC_PER_USEC);
	u64 outer = div_u64(s->outer, NSEC_PER_USEC);

	event = trace_buffer_lock_reserve(tr->buffer, TRACE_HWLAT, sizeof(*e),
					  tracing_gen_ctx());
	if (event) {
		e = ring_buffer_event_data(event);
		e->duration = inner;
		e->outer_duration = outer;
		e->nmi_total_ts = div_u64(hc->nmi_total, NSEC_PER_USEC);
		e->timestamp = s->when;
		e->nmi_count = hc->nmi_count;
		e->seqnum = atomic_inc_return(&hwlat_seq);
		e->count = s->count;
		ring_buffer_unlock_commit(tr->buffer);
	}
	hwlat_note_worst(tr, max(inner, outer));
}

/*
 * Spin on the clock for @width_us: every pair of readings, and the time
 * from one pair to the next, is a gap.  6.12 compares whole microseconds,
 * so a gap counts when its microseconds exceed the threshold's.  Returns
 * false if the clock went backwards.
 */
static bool hwlat_spin(u64 width_us, u64 thresh_us, struct hwlat_sample *s)
{
	u64 limit = (thresh_us + 1) * NSEC_PER_USEC;
	u64 span = U64_MAX, start, t1, t2, last = 0, inner, outer = 0;

	if (width_us < div_u64(U64_MAX, NSEC_PER_USEC) - 1)
		span = (width_us + 1) * NSEC_PER_USEC;
	start = trace_clock_local();
	do {
		t1 = trace_clock_local();
		t2 = trace_clock_local();
		if (last) {
			if (t1 < last)
				return false;
			outer = t1 - last;
			s->outer = max(s->outer, outer);
		}
		if (t2 < t1)
			return false;
		inner = t2 - t1;
		s->inner = max(s->inner, inner);
		if ((inner >= limit || outer >= limit) && !s->count++)
			ktime_get_real_ts64(&s->when);
		last = t2;
	} while (t2 - start < span);
	return true;
}

/*
 * One window's sample, with interrupts off: the spin with the NMIs of
 * this CPU counted, and its record if a gap was over the threshold.
 */
static void hwlat_sample(struct trace_array *tr, u64 width_us)
{
	struct hwlat_cpu *hc = this_cpu_ptr(&hwlat_cpus);
	u64 thresh_us = div_u64(READ_ONCE(tracing_thresh), NSEC_PER_USEC);
	struct hwlat_sample s = {};
	bool ok;

	lockdep_assert_irqs_disabled();
	hc->nmi_count = 0;
	hc->nmi_total = 0;
	/* The counts are zero before an NMI can see the flag. */
	barrier();
	WRITE_ONCE(hc->sampling, true);
	barrier();
	ok = hwlat_spin(width_us, thresh_us, &s);
	barrier();
	WRITE_ONCE(hc->sampling, false);
	/* And no NMI changes them after. */
	barrier();
	if (!ok)
		trace_array_puts(tr, HWLAT_NAME "time running backwards\n");
	else if (s.count)
		hwlat_record(tr, &s, hc);
}

/*
 * Round-robin: go to the CPU after this one among the online CPUs of
 * tracing_cpumask.  If someone else changed the thread's affinity since
 * it last moved (*@pinned), leave it where it was put, in mode none.
 */
static void hwlat_move_on(struct trace_array *tr, int *pinned)
{
	int next;

	if (*pinned >= 0 &&
	    !cpumask_equal(current->cpus_ptr, cpumask_of(*pinned))) {
		WRITE_ONCE(hwlat_mode, HWLAT_NONE);
		pr_info(HWLAT_NAME "cpumask changed while in round-robin mode, switching to mode none\n");
		return;
	}
	next = cpumask_next_and(raw_smp_processor_id(), cpu_online_mask,
				tr->tracing_cpumask);
	if (next >= nr_cpu_ids)
		next = cpumask_first_and(cpu_online_mask, tr->tracing_cpumask);
	if (next < nr_cpu_ids && !set_cpus_allowed_ptr(current, cpumask_of(next)))
		*pinned = next;
}

/*
 * A sampling thread of session @tr: the single one of modes none and
 * round-robin (@single) or a per-cpu one.
 */
static void hwlat_thread_loop(struct trace_array *tr, bool single)
{
	int pinned = -1;
	u64 width, window;
	unsigned int ms;

	if (single && READ_ONCE(hwlat_mode) == HWLAT_ROUND_ROBIN &&
	    current->nr_cpus_allowed == 1)
		pinned = cpumask_first(current->cpus_ptr);
	while (!kthread_should_stop()) {
		spin_lock(&hwlat_param_lock);
		width = hwlat_width;
		window = hwlat_window;
		spin_unlock(&hwlat_param_lock);

		if (single && READ_ONCE(hwlat_mode) == HWLAT_ROUND_ROBIN)
			hwlat_move_on(tr, &pinned);

		/* Only the CPUs of tracing_cpumask are sampled. */
		local_irq_disable();
		if (tracer_tracing_is_on(tr) &&
		    cpumask_test_cpu(smp_processor_id(), tr->tracing_cpumask))
			hwlat_sample(tr, width);
		local_irq_enable();

		/* The rest of the window, and at least 1 ms of it. */
		ms = min_t(u64, div_u64(window - width, USEC_PER_MSEC), UINT_MAX);
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule_timeout(msecs_to_jiffies(max(ms, 1U)));
		__set_current_state(TASK_RUNNING);
	}
}

static int hwlat_single_fn(void *tr)
{
	hwlat_thread_loop(tr, true);
	return 0;
}

static int hwlat_cpu_fn(void *tr)
{
	hwlat_thread_loop(tr, false);
	return 0;
}

/* ---- the threads --------------------------------------------------------- */

/* The single thread, on the first allowed CPU in round-robin mode. */
static int hwlat_single_start(struct trace_array *tr)
{
	struct task_struct *t;
	int cpu;

	t = kthread_create(hwlat_single_fn, tr, "hwlatd");
	if (IS_ERR(t)) {
		pr_err(HWLAT_NAME "could not start sampling thread\n");
		return PTR_ERR(t);
	}
	cpus_read_lock();
	cpu = cpumask_first_and(cpu_online_mask, tr->tracing_cpumask);
	if (cpu < nr_cpu_ids) {
		if (READ_ONCE(hwlat_mode) == HWLAT_ROUND_ROBIN) {
			set_cpus_allowed_ptr(t, cpumask_of(cpu));
		} else {
			cpumask_var_t mask;

			if (zalloc_cpumask_var(&mask, GFP_KERNEL)) {
				cpumask_and(mask, cpu_online_mask,
					    tr->tracing_cpumask);
				set_cpus_allowed_ptr(t, mask);
				free_cpumask_var(mask);
			}
		}
	}
	cpus_read_unlock();
	hwlat_single = t;
	wake_up_process(t);
	return 0;
}

/* Start @cpu's thread if it should have one and has not. */
static int hwlat_cpu_thread_start(unsigned int cpu)
{
	struct hwlat_cpu *hc = per_cpu_ptr(&hwlat_cpus, cpu);
	struct trace_array *tr = hwlat_cpus_tr;
	struct task_struct *t;

	lockdep_assert_held(&hwlat_cpus_lock);
	if (!tr || hc->thread || !cpumask_test_cpu(cpu, tr->tracing_cpumask))
		return 0;
	t = kthread_create_on_cpu(hwlat_cpu_fn, tr, cpu, "hwlatd/%u");
	if (IS_ERR(t)) {
		pr_err(HWLAT_NAME "could not start sampling thread\n");
		return PTR_ERR(t);
	}
	/* Stays on @cpu until its offline callback stops it (as osnoise's). */
	kthread_set_per_cpu(t, cpu);
	hc->thread = t;
	wake_up_process(t);
	return 0;
}

static void hwlat_cpu_thread_stop(unsigned int cpu)
{
	struct hwlat_cpu *hc = per_cpu_ptr(&hwlat_cpus, cpu);

	lockdep_assert_held(&hwlat_cpus_lock);
	if (hc->thread) {
		kthread_stop(hc->thread);
		hc->thread = NULL;
	}
}

static void hwlat_per_cpu_stop(void)
{
	unsigned int cpu;

	cpus_read_lock();
	mutex_lock(&hwlat_cpus_lock);
	WRITE_ONCE(hwlat_cpus_tr, NULL);
	for_each_possible_cpu(cpu)
		hwlat_cpu_thread_stop(cpu);
	mutex_unlock(&hwlat_cpus_lock);
	cpus_read_unlock();
}

static int hwlat_per_cpu_start(struct trace_array *tr)
{
	unsigned int cpu;
	int ret = 0;

	cpus_read_lock();
	mutex_lock(&hwlat_cpus_lock);
	WRITE_ONCE(hwlat_cpus_tr, tr);
	for_each_online_cpu(cpu) {
		ret = hwlat_cpu_thread_start(cpu);
		if (ret)
			break;
	}
	mutex_unlock(&hwlat_cpus_lock);
	cpus_read_unlock();
	if (ret)
		hwlat_per_cpu_stop();
	return ret;
}

/*
 * A CPU came online: its thread is started from a worker, which runs
 * once the CPU is fully up (it waits for the hotplug lock).
 */
static void hwlat_fill_fn(struct work_struct *work)
{
	unsigned int cpu;

	cpus_read_lock();
	mutex_lock(&hwlat_cpus_lock);
	for_each_online_cpu(cpu)
		if (hwlat_cpu_thread_start(cpu))
			break;
	mutex_unlock(&hwlat_cpus_lock);
	cpus_read_unlock();
}

static DECLARE_WORK(hwlat_fill_work, hwlat_fill_fn);

static int hwlat_cpu_online(unsigned int cpu)
{
	if (READ_ONCE(hwlat_cpus_tr))
		schedule_work(&hwlat_fill_work);
	return 0;
}

/* A CPU goes offline: its thread goes first (the hotplug lock is held). */
static int hwlat_cpu_offline(unsigned int cpu)
{
	mutex_lock(&hwlat_cpus_lock);
	hwlat_cpu_thread_stop(cpu);
	mutex_unlock(&hwlat_cpus_lock);
	return 0;
}

static int hwlat_threads_start(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (READ_ONCE(hwlat_mode) == HWLAT_PER_CPU)
		return hwlat_per_cpu_start(tr);
	return hwlat_single_start(tr);
}

/* Both kinds: a round-robin thread may have turned the mode to none. */
static void hwlat_threads_stop(void)
{
	lockdep_assert_held(&trace_types_lock);
	if (hwlat_single) {
		kthread_stop(hwlat_single);
		hwlat_single = NULL;
	}
	hwlat_per_cpu_stop();
}

/* ---- the tracer ---------------------------------------------------------- */

static int hwlat_start(struct trace_array *tr)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (hwlat_tr)
		return -EBUSY;
	atomic_set(&hwlat_seq, 0);
	WRITE_ONCE(tr->max.latency, 0);
	hwlat_saved_thresh = tracing_thresh;
	if (!tracing_thresh)
		WRITE_ONCE(tracing_thresh, hwlat_last_thresh);
	hwlat_tr = tr;
	WRITE_ONCE(trace_hwlat_callback_enabled, true);
	ret = hwlat_threads_start(tr);
	if (ret) {
		WRITE_ONCE(trace_hwlat_callback_enabled, false);
		hwlat_tr = NULL;
		WRITE_ONCE(tracing_thresh, hwlat_saved_thresh);
	}
	return ret;
}

/* Whether tracing_on stopped the threads of hwlat_tr; trace_types_lock. */
static bool hwlat_paused;

static void hwlat_stop(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (hwlat_tr != tr)
		return;
	if (!hwlat_paused)
		hwlat_threads_stop();
	hwlat_paused = false;
	WRITE_ONCE(trace_hwlat_callback_enabled, false);
	hwlat_last_thresh = tracing_thresh;
	WRITE_ONCE(tracing_thresh, hwlat_saved_thresh);
	hwlat_tr = NULL;
}

/* As 6.12: no sampling while the session's tracing is off. */
static void hwlat_tracing_on(struct trace_array *tr, bool on)
{
	lockdep_assert_held(&trace_types_lock);
	if (hwlat_tr != tr || hwlat_paused != on)
		return;
	if (on) {
		if (hwlat_threads_start(tr))
			pr_err(HWLAT_NAME "could not start sampling again\n");
		else
			hwlat_paused = false;
	} else {
		hwlat_threads_stop();
		hwlat_paused = true;
	}
}

static const struct tracer hwlat_tracer = {
	.name		= "hwlat",
	.start		= hwlat_start,
	.stop		= hwlat_stop,
	.tracing_on	= hwlat_tracing_on,
};

/* ---- hwlat_detector/ ----------------------------------------------------- */

static ssize_t hwlat_us_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	u64 *val = filp->private_data;
	u64 v;

	spin_lock(&hwlat_param_lock);
	v = *val;
	spin_unlock(&hwlat_param_lock);
	return trace_read_text(ubuf, cnt, ppos, "%llu\n", v);
}

/* width may not exceed window; 6.12 refuses both ways with -EINVAL. */
static ssize_t hwlat_us_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	u64 *val = filp->private_data;
	int ret;
	u64 v;

	ret = kstrtoull_from_user(ubuf, cnt, 10, &v);
	if (ret)
		return ret;
	spin_lock(&hwlat_param_lock);
	if (val == &hwlat_width ? v > hwlat_window : v < hwlat_width)
		ret = -EINVAL;
	else
		*val = v;
	spin_unlock(&hwlat_param_lock);
	return ret ?: cnt;
}

static const struct file_operations hwlat_us_fops = {
	.open		= tracing_open_generic,
	.read		= hwlat_us_read,
	.write		= hwlat_us_write,
	.llseek		= generic_file_llseek,
};

static int hwlat_mode_show(struct seq_file *m, void *v)
{
	int mode = READ_ONCE(hwlat_mode);
	int i;

	for (i = 0; i < HWLAT_NR_MODES; i++)
		seq_printf(m, i == mode ? "%s[%s]" : "%s%s", i ? " " : "",
			   hwlat_mode_names[i]);
	seq_putc(m, '\n');
	return 0;
}

static int hwlat_mode_open(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	return single_open(filp, hwlat_mode_show, NULL);
}

/* A running tracer's threads are made anew for the new mode. */
static ssize_t hwlat_mode_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	char buf[64];
	int mode, ret;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	mode = match_string(hwlat_mode_names, HWLAT_NR_MODES, strstrip(buf));
	if (mode < 0)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	ret = 0;
	if (hwlat_tr && mode != READ_ONCE(hwlat_mode)) {
		hwlat_threads_stop();
		WRITE_ONCE(hwlat_mode, mode);
		ret = hwlat_threads_start(hwlat_tr);
	} else {
		WRITE_ONCE(hwlat_mode, mode);
	}
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations hwlat_mode_fops = {
	.open		= hwlat_mode_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= hwlat_mode_write,
};

/*
 * At late_initcall, as 6.12: available_tracers lists hwlat first.  The
 * tracefs root exists by then (fs_initcall).
 */
static int __init hwlat_init(void)
{
	struct dentry *dir;
	int ret;

	if (tracing_is_disabled())
		return 0;
	ret = trace_events_core_set_text(TRACE_HWLAT, &hwlat_funcs);
	if (ret)
		return ret;
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "trace/hwlat:online",
					hwlat_cpu_online, hwlat_cpu_offline);
	if (ret < 0)
		pr_warn(HWLAT_NAME "no CPU hotplug callbacks: %d\n", ret);
	dir = tracefs_create_dir("hwlat_detector", NULL);
	if (dir) {
		trace_create_file("window", TRACE_MODE_WRITE, dir, &hwlat_window,
				  &hwlat_us_fops);
		trace_create_file("width", TRACE_MODE_WRITE, dir, &hwlat_width,
				  &hwlat_us_fops);
		trace_create_file("mode", TRACE_MODE_WRITE, dir, NULL,
				  &hwlat_mode_fops);
	}
	return register_tracer(&hwlat_tracer);
}
late_initcall(hwlat_init);
