// SPDX-License-Identifier: GPL-2.0
/*
 * The tests' window on the return hooks: reading the parameter
 * "pending" counts the tasks that have hooked calls under way (a
 * non-empty shadow stack), and names a few of them in the kernel log;
 * "pending_pids" lists their pids, space-separated (as many as a page
 * holds).  After every graph user is gone and the tasks ran on, only
 * tasks asleep in calls hooked long before (a kthread caught by the
 * boot-time self-test, say) are left.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched/signal.h>

static int pending_get(char *buf, const struct kernel_param *kp)
{
	bool pids = kp->arg;
	struct task_struct *g, *t;
	int n = 0, len = 0;

	rcu_read_lock();
	for_each_process_thread(g, t) {
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		int depth = READ_ONCE(t->curr_ret_stack);

		if (depth <= 0)
			continue;
		if (!pids && n < 5)
			pr_info("tracelab_fgraph: %s-%d has %d hooked calls\n",
				t->comm, t->pid, depth);
		if (pids && len < PAGE_SIZE - 16)
			len += sysfs_emit_at(buf, len, "%d ", t->pid);
		n++;
#endif
	}
	rcu_read_unlock();
	if (pids)
		return len + sysfs_emit_at(buf, len, "\n");
	return sysfs_emit(buf, "%d\n", n);
}

static const struct kernel_param_ops pending_ops = {
	.get	= pending_get,
};
module_param_cb(pending, &pending_ops, NULL, 0444);
MODULE_PARM_DESC(pending, "tasks with hooked calls under way");
module_param_cb(pending_pids, &pending_ops, (void *)1, 0444);
MODULE_PARM_DESC(pending_pids, "the pids of the tasks with hooked calls under way");

MODULE_DESCRIPTION("tracelab: count the tasks with pending return hooks");
MODULE_LICENSE("GPL");
