// SPDX-License-Identifier: GPL-2.0
/*
 * A workload for the latency tracers' selftests
 * (tools/testing/selftests/ftrace/test.d/preemptirq/): a kthread keeps
 * interrupts or preemption off for a while, when the module is loaded
 * and again at each write to /sys/kernel/preemptirq_delay_test/trigger.
 *
 * Parameters, as Linux 6.12's module has them:
 *   test_mode=irq|preempt|alternate  what goes off ("alternate" switches
 *                                    between the two in a burst)
 *   delay=N                          for N microseconds (default 100)
 *   burst_size=N                     N stretches in a row (1 to 10)
 *   cpu_affinity=N                   on CPU N (default: any)
 */
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/string.h>
#include <linux/sysfs.h>

static ulong delay = 100;
static char test_mode[12] = "irq";
static uint burst_size = 1;
static int cpu_affinity = -1;

module_param_named(delay, delay, ulong, 0444);
MODULE_PARM_DESC(delay, "microseconds off per stretch");
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
MODULE_PARM_DESC(test_mode, "irq, preempt or alternate");
module_param_named(burst_size, burst_size, uint, 0444);
MODULE_PARM_DESC(burst_size, "stretches in a row, 1 to 10");
module_param_named(cpu_affinity, cpu_affinity, int, 0444);
MODULE_PARM_DESC(cpu_affinity, "the CPU to run on, -1 for any");

#define MAX_BURST	10

static DEFINE_MUTEX(run_lock);
static DECLARE_COMPLETION(run_done);

static void busy_wait(ulong us)
{
	u64 end = ktime_get_ns() + (u64)us * NSEC_PER_USEC;

	while (ktime_get_ns() < end)
		cpu_relax();
}

static noinline void irqs_off_stretch(void)
{
	unsigned long flags;

	local_irq_save(flags);
	busy_wait(delay);
	local_irq_restore(flags);
}

static noinline void preempt_off_stretch(void)
{
	preempt_disable();
	busy_wait(delay);
	preempt_enable();
}

static bool mode_is(const char *mode)
{
	return sysfs_streq(test_mode, mode);
}

static int delay_thread(void *data)
{
	uint i;

	for (i = 0; i < burst_size; i++) {
		if (mode_is("irq") || (mode_is("alternate") && !(i & 1)))
			irqs_off_stretch();
		else
			preempt_off_stretch();
	}
	complete(&run_done);
	/* Stay until told (kthread_stop() wakes us), so the task is ours. */
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return 0;
}

static int run_test(void)
{
	struct task_struct *t;

	mutex_lock(&run_lock);
	reinit_completion(&run_done);
	t = kthread_create(delay_thread, NULL, "preemptirq_delay_test");
	if (IS_ERR(t)) {
		mutex_unlock(&run_lock);
		return PTR_ERR(t);
	}
	get_task_struct(t);
	if (cpu_affinity >= 0)
		kthread_bind(t, cpu_affinity);
	wake_up_process(t);
	wait_for_completion(&run_done);
	kthread_stop(t);
	put_task_struct(t);
	mutex_unlock(&run_lock);
	return 0;
}

static ssize_t trigger_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	int ret = run_test();

	return ret ?: count;
}

static struct kobj_attribute trigger_attr = __ATTR_WO(trigger);

static struct attribute *delay_attrs[] = {
	&trigger_attr.attr,
	NULL,
};

static const struct attribute_group delay_group = {
	.attrs = delay_attrs,
};

static struct kobject *delay_kobj;

static int __init delay_test_init(void)
{
	int ret;

	if (!mode_is("irq") && !mode_is("preempt") && !mode_is("alternate"))
		return -EINVAL;
	if (!burst_size || burst_size > MAX_BURST)
		return -EINVAL;
	if (cpu_affinity >= 0 &&
	    (cpu_affinity >= nr_cpu_ids || !cpu_online(cpu_affinity)))
		return -EINVAL;
	ret = run_test();
	if (ret)
		return ret;
	delay_kobj = kobject_create_and_add("preemptirq_delay_test",
					    kernel_kobj);
	if (!delay_kobj)
		return -ENOMEM;
	ret = sysfs_create_group(delay_kobj, &delay_group);
	if (ret)
		kobject_put(delay_kobj);
	return ret;
}

static void __exit delay_test_exit(void)
{
	kobject_put(delay_kobj);
}

module_init(delay_test_init);
module_exit(delay_test_exit);
MODULE_DESCRIPTION("Interrupts or preemption off for a while, for the latency tracers' tests");
MODULE_LICENSE("GPL");
