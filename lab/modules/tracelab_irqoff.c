// SPDX-License-Identifier: GPL-2.0
/*
 * Workloads for the latency tracers' tests.  Each parameter does its
 * work when written, in the writer's context, and the write returns
 * when it is done:
 *
 *   irqs_off_us=N     interrupts off for N microseconds (irqsoff)
 *   preempt_off_us=N  preemption off for N microseconds (preemptoff)
 *   wake_rt=N         a SCHED_FIFO kthread sleeps 2 ms N times (wakeup,
 *                     wakeup_rt)
 *   wake_dl=N         the same as a SCHED_DEADLINE kthread (wakeup_dl)
 *
 * N is at most 1000000 (a second) for the first two, 1000 for the others.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched/task.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/sched/types.h>
#include <uapi/linux/sched/types.h>

/*
 * Up to 8 s: under TCG on a loaded host the guest's own stretches reach
 * 3 s (the host deschedules QEMU inside one), and the tests' last try
 * must beat them.
 */
#define MAX_OFF_US	8000000
#define MAX_WAKES	1000

static noinline void spin_us(unsigned long us)
{
	u64 end = ktime_get_ns() + us * NSEC_PER_USEC;

	while (ktime_get_ns() < end)
		cpu_relax();
}

static noinline void irqs_off_for(unsigned long us)
{
	unsigned long flags;

	local_irq_save(flags);
	spin_us(us);
	local_irq_restore(flags);
}

static noinline void preempt_off_for(unsigned long us)
{
	preempt_disable();
	spin_us(us);
	preempt_enable();
}

struct waker {
	unsigned long		count;
	struct completion	done;
};

static int sleeper_fn(void *data)
{
	struct waker *w = data;
	unsigned long i;

	for (i = 0; i < w->count; i++)
		usleep_range(2000, 2100);
	complete(&w->done);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

/* A kthread of the policy asked for sleeps @count times, then goes. */
static int sleeper_run(unsigned long count, bool deadline)
{
	struct sched_attr attr = {
		.size		= sizeof(attr),
		.sched_policy	= SCHED_DEADLINE,
		.sched_runtime	= 2 * NSEC_PER_MSEC,
		.sched_deadline	= 10 * NSEC_PER_MSEC,
		.sched_period	= 10 * NSEC_PER_MSEC,
	};
	struct task_struct *t;
	struct waker w;
	int ret = 0;

	w.count = count;
	init_completion(&w.done);
	t = kthread_create(sleeper_fn, &w, "tracelab_sleeper");
	if (IS_ERR(t))
		return PTR_ERR(t);
	get_task_struct(t);
	if (deadline)
		ret = sched_setattr_nocheck(t, &attr);
	else
		sched_set_fifo(t);
	if (ret) {
		/* Never run: kthread_stop() makes it return at once. */
		kthread_stop(t);
		put_task_struct(t);
		return ret;
	}
	wake_up_process(t);
	wait_for_completion(&w.done);
	kthread_stop(t);
	put_task_struct(t);
	return 0;
}

static int work_set(const char *val, const struct kernel_param *kp)
{
	unsigned long n;
	int ret = kstrtoul(val, 0, &n);

	if (ret)
		return ret;
	switch ((long)kp->arg) {
	case 0:
		if (n > MAX_OFF_US)
			return -EINVAL;
		irqs_off_for(n);
		return 0;
	case 1:
		if (n > MAX_OFF_US)
			return -EINVAL;
		preempt_off_for(n);
		return 0;
	case 2:
	case 3:
		if (n > MAX_WAKES)
			return -EINVAL;
		return sleeper_run(n, (long)kp->arg == 3);
	}
	return -EINVAL;
}

static int work_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "0\n");
}

static const struct kernel_param_ops work_ops = {
	.set	= work_set,
	.get	= work_get,
};

module_param_cb(irqs_off_us, &work_ops, (void *)0L, 0644);
MODULE_PARM_DESC(irqs_off_us, "write N: interrupts off for N us");
module_param_cb(preempt_off_us, &work_ops, (void *)1L, 0644);
MODULE_PARM_DESC(preempt_off_us, "write N: preemption off for N us");
module_param_cb(wake_rt, &work_ops, (void *)2L, 0644);
MODULE_PARM_DESC(wake_rt, "write N: a SCHED_FIFO kthread wakes N times");
module_param_cb(wake_dl, &work_ops, (void *)3L, 0644);
MODULE_PARM_DESC(wake_dl, "write N: a SCHED_DEADLINE kthread wakes N times");

static int __init tracelab_irqoff_init(void)
{
	return 0;
}

static void __exit tracelab_irqoff_exit(void)
{
}

module_init(tracelab_irqoff_init);
module_exit(tracelab_irqoff_exit);
MODULE_DESCRIPTION("Tracing lab: interrupts and preemption off, RT wakeups");
MODULE_LICENSE("GPL");
