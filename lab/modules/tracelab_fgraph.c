// SPDX-License-Identifier: GPL-2.0
/*
 * The tests' window on the return hooks: reading the parameter
 * "pending" counts the tasks that have hooked calls under way (a
 * non-empty shadow stack), and names a few of them in the kernel log.
 * After every graph user is gone and the tasks ran on, it is 0.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched/signal.h>

static int pending_get(char *buf, const struct kernel_param *kp)
{
	struct task_struct *g, *t;
	int n = 0;

	rcu_read_lock();
	for_each_process_thread(g, t) {
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		if (READ_ONCE(t->curr_ret_stack) > 0) {
			if (n < 5)
				pr_info("tracelab_fgraph: %s-%d has %d hooked calls\n",
					t->comm, t->pid,
					READ_ONCE(t->curr_ret_stack));
			n++;
		}
#endif
	}
	rcu_read_unlock();
	return sysfs_emit(buf, "%d\n", n);
}

static const struct kernel_param_ops pending_ops = {
	.get	= pending_get,
};
module_param_cb(pending, &pending_ops, NULL, 0444);
MODULE_PARM_DESC(pending, "tasks with hooked calls under way");

/*
 * Their pids, space-separated (as many as a page holds): a task that
 * sleeps in a call hooked before a test began (a kthread caught by the
 * boot-time self-test, say) is not the test's doing.
 */
static int pending_pids_get(char *buf, const struct kernel_param *kp)
{
	struct task_struct *g, *t;
	int len = 0;

	rcu_read_lock();
	for_each_process_thread(g, t) {
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		if (READ_ONCE(t->curr_ret_stack) > 0 && len < PAGE_SIZE - 16)
			len += sysfs_emit_at(buf, len, "%d ", t->pid);
#endif
	}
	rcu_read_unlock();
	return len + sysfs_emit_at(buf, len, "\n");
}

static const struct kernel_param_ops pending_pids_ops = {
	.get	= pending_pids_get,
};
module_param_cb(pending_pids, &pending_pids_ops, NULL, 0444);
MODULE_PARM_DESC(pending_pids, "the pids of the tasks with hooked calls under way");

MODULE_DESCRIPTION("tracelab: count the tasks with pending return hooks");
MODULE_LICENSE("GPL");
