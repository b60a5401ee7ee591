// SPDX-License-Identifier: GPL-2.0
/*
 * Pid filtering of a session's events: set_event_pid and
 * set_event_notrace_pid, and the event-fork option.
 *
 * With either list set, a session's events record only for the tasks
 * the lists let through: a task is traced when set_event_pid is empty or
 * holds its pid, and set_event_notrace_pid does not.  Whether the task
 * running on a CPU is traced is worked out when it is switched in (a
 * sched_switch probe) and kept per CPU in tr->pid_ignore, so an event's
 * probe reads one per-CPU flag, and only in a session that filters
 * (EVENT_FILE_FL_PID_FILTER on its events).  As in Linux 6.12:
 *
 *   - sched_switch is recorded when either task is traced, sched_wakeup
 *     and sched_wakeup_new when the woken task is: probes on both sides
 *     of the events' own set the flag for them, then put it back;
 *   - with event-fork set, a traced task's children are added to the
 *     list that holds their parent, and a task leaving drops out.
 *
 * The lists are pid sets (trace_pid_set.c), which set_ftrace_pid uses
 * too; so does its function-fork option, through
 * trace_pid_fork_probes().
 */
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <trace/events/sched.h>

#include "trace_events_internal.h"

/* ---- which tasks a session traces -------------------------------------- */

static bool task_ignored(struct trace_array *tr, struct task_struct *task)
{
	struct trace_pid_set *pids = rcu_dereference_sched(tr->event_pids);
	struct trace_pid_set *no = rcu_dereference_sched(tr->event_notrace_pids);

	return (pids && !trace_pid_set_has(pids, task->pid)) ||
	       trace_pid_set_has(no, task->pid);
}

static void set_ignore(struct trace_array *tr, bool ignore)
{
	this_cpu_write(*tr->pid_ignore, ignore);
}

/* Before the events' probes: sched_switch counts if either task is traced. */
static void switch_pre(void *data, bool preempt, struct task_struct *prev,
		       struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = data;

	set_ignore(tr, task_ignored(tr, prev) && task_ignored(tr, next));
}

/* After them: from now on, the task switched in decides. */
static void switch_post(void *data, bool preempt, struct task_struct *prev,
			struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = data;

	set_ignore(tr, task_ignored(tr, next));
}

/* A wakeup counts if the woken task is traced. */
static void wakeup_pre(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (!task_ignored(tr, task))
		set_ignore(tr, false);
}

static void wakeup_post(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	set_ignore(tr, task_ignored(tr, current));
}

/* event-fork: a child goes in the list its parent is in. */
static void fork_probe(void *data, struct task_struct *parent,
		       struct task_struct *child)
{
	struct trace_array *tr = data;

	trace_pid_slot_fork(&tr->event_pids, parent->pid, child->pid);
	trace_pid_slot_fork(&tr->event_notrace_pids, parent->pid, child->pid);
}

/* event-fork: a task that goes leaves the lists. */
static void free_probe(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	trace_pid_slot_exit(&tr->event_pids, task->pid);
	trace_pid_slot_exit(&tr->event_notrace_pids, task->pid);
}

/**
 * trace_pids_follow_fork() - turn a session's event-fork option on or off
 * @tr: the session
 * @on: whether children follow their parents into its pid lists
 *
 * Context: trace_types_lock held.
 * Return: 0, or the error attaching the probes.
 */
int trace_pids_follow_fork(struct trace_array *tr, bool on)
{
	lockdep_assert_held(&trace_types_lock);
	return trace_pid_fork_probes(fork_probe, free_probe, tr, on);
}

/**
 * trace_pid_fork_probes() - attach or detach the probes a fork option
 *	needs
 * @fork: called as a task forks, after everybody else's probes
 * @exit: called as a task goes, before everybody else's
 * @data: their data
 * @on: attach (true) or detach
 *
 * Return: 0, or the error attaching them (then neither is attached).
 */
int trace_pid_fork_probes(void (*fork)(void *data, struct task_struct *parent,
				       struct task_struct *child),
			  void (*exit)(void *data, struct task_struct *task),
			  void *data, bool on)
{
	int ret;

	if (!on) {
		unregister_trace_sched_process_fork(fork, data);
		unregister_trace_sched_process_free(exit, data);
		return 0;
	}
	ret = register_trace_prio_sched_process_fork(fork, data, INT_MIN);
	if (ret)
		return ret;
	ret = register_trace_prio_sched_process_free(exit, data, INT_MAX);
	if (ret)
		unregister_trace_sched_process_fork(fork, data);
	return ret;
}

/* The probes that keep tr->pid_ignore, attached while @tr filters. */
static int attach_switch_probes(struct trace_array *tr)
{
	int ret;

	ret = register_trace_prio_sched_switch(switch_pre, tr, INT_MAX);
	if (ret)
		return ret;
	ret = register_trace_prio_sched_switch(switch_post, tr, 0);
	if (ret)
		goto out_pre;
	ret = register_trace_prio_sched_wakeup(wakeup_pre, tr, INT_MAX);
	if (ret)
		goto out_post;
	ret = register_trace_prio_sched_wakeup(wakeup_post, tr, 0);
	if (ret)
		goto out_wpre;
	ret = register_trace_prio_sched_wakeup_new(wakeup_pre, tr, INT_MAX);
	if (ret)
		goto out_wpost;
	ret = register_trace_prio_sched_wakeup_new(wakeup_post, tr, 0);
	if (!ret)
		return 0;
	unregister_trace_sched_wakeup_new(wakeup_pre, tr);
out_wpost:
	unregister_trace_sched_wakeup(wakeup_post, tr);
out_wpre:
	unregister_trace_sched_wakeup(wakeup_pre, tr);
out_post:
	unregister_trace_sched_switch(switch_post, tr);
out_pre:
	unregister_trace_sched_switch(switch_pre, tr);
	return ret;
}

static void detach_switch_probes(struct trace_array *tr)
{
	unregister_trace_sched_wakeup_new(wakeup_post, tr);
	unregister_trace_sched_wakeup_new(wakeup_pre, tr);
	unregister_trace_sched_wakeup(wakeup_post, tr);
	unregister_trace_sched_wakeup(wakeup_pre, tr);
	unregister_trace_sched_switch(switch_post, tr);
	unregister_trace_sched_switch(switch_pre, tr);
}

/* Each CPU works out whether the task it runs now is traced. */
static void update_cpu(void *data)
{
	struct trace_array *tr = data;

	rcu_read_lock_sched();
	set_ignore(tr, trace_pids_filtering(tr) && task_ignored(tr, current));
	rcu_read_unlock_sched();
}

/*
 * Install @set in @slot (NULL: empty the list), attaching or detaching
 * the switch probes and the events' PID_FILTER flags as filtering starts
 * or stops.  Context: trace_types_lock held.
 */
static int pids_replace(struct trace_array *tr,
			struct trace_pid_set __rcu **slot,
			struct trace_pid_set *set)
{
	bool was = trace_pids_filtering(tr), now;
	struct trace_pid_set *old;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	old = trace_pid_slot_swap(slot, set);
	now = trace_pids_filtering(tr);
	if (now && !was) {
		ret = attach_switch_probes(tr);
		if (ret) {
			trace_pid_slot_swap(slot, old);
			kfree(set);
			return ret;
		}
	} else if (was && !now) {
		detach_switch_probes(tr);
	}
	event_set_pid_filter(tr, now);
	on_each_cpu(update_cpu, tr, 1);
	if (old)
		kfree_rcu(old, rcu);
	return 0;
}

/*
 * Add the pids of @add to @slot's list; the fork and free probes may
 * replace the list meanwhile, so the two are merged under their lock.
 */
static int pids_add(struct trace_array *tr, struct trace_pid_set __rcu **slot,
		    struct trace_pid_set *add)
{
	struct trace_pid_set *set = trace_pid_slot_union(slot, add);

	kfree(add);
	if (!set)
		return -ENOMEM;
	return pids_replace(tr, slot, set);
}

/**
 * trace_pids_clear() - empty a session's event pid lists
 * @tr: the session (an instance being removed, say)
 *
 * Context: trace_types_lock held.
 */
void trace_pids_clear(struct trace_array *tr)
{
	bool probes = trace_pids_filtering(tr);

	pids_replace(tr, &tr->event_pids, NULL);
	pids_replace(tr, &tr->event_notrace_pids, NULL);
	if (tr->trace_flags & TRACE_ITER(EVENT_FORK)) {
		trace_pids_follow_fork(tr, false);
		probes = true;
	}
	/* The probes had @tr as their data: none may still be running. */
	if (probes)
		tracepoint_synchronize_unregister();
}

/* ---- set_event_pid and set_event_notrace_pid ---------------------------- */

/*
 * The seq_file's private data is the key; which list the file shows is
 * in its name.  Both files list their pids one a line, in order.
 */
static struct trace_pid_set __rcu **file_slot(const struct file *filp,
					      struct trace_array *tr)
{
	const char *name = filp->f_path.dentry->d_name.name;

	if (!strcmp(name, "set_event_notrace_pid"))
		return &tr->event_notrace_pids;
	return &tr->event_pids;
}

static struct trace_pid_set *seq_set(struct seq_file *m)
{
	struct trace_file_key *key = m->private;

	return rcu_dereference_protected(*file_slot(m->file, key->tr),
					 lockdep_is_held(&trace_types_lock));
}

static void *pids_start(struct seq_file *m, loff_t *pos)
{
	struct trace_pid_set *set;

	mutex_lock(&trace_types_lock);
	set = seq_set(m);
	return set && *pos < set->count ? &set->pids[*pos] : NULL;
}

static void *pids_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_pid_set *set = seq_set(m);

	++*pos;
	return set && *pos < set->count ? &set->pids[*pos] : NULL;
}

static void pids_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&trace_types_lock);
}

static int pids_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", *(pid_t *)v);
	return 0;
}

static const struct seq_operations pids_seq_ops = {
	.start	= pids_start,
	.next	= pids_next,
	.stop	= pids_stop,
	.show	= pids_show,
};

/* Opened with O_TRUNC ("echo N > set_event_pid"), the list is emptied. */
static int pids_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr;
	int ret = trace_key_open(inode, filp);

	if (ret)
		return ret;
	tr = file_key(filp)->tr;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&trace_types_lock);
		pids_replace(tr, file_slot(filp, tr), NULL);
		mutex_unlock(&trace_types_lock);
	}
	return trace_key_seq_open(filp, &pids_seq_ops);
}

/*
 * A write adds its pids to the list, whole or not at all: a word that is
 * not a pid fails it with -EINVAL and the list stays as it was.
 */
static ssize_t pids_write(struct file *filp, const char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_array *tr = ((struct trace_file_key *)m->private)->tr;
	struct trace_pid_set __rcu **slot = file_slot(filp, tr);
	struct trace_pid_set *set;
	char *text;
	int ret;

	if (cnt >= PAGE_SIZE)
		return -EINVAL;
	text = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(text))
		return PTR_ERR(text);
	ret = trace_pid_set_parse(NULL, text, &set);
	mutex_lock(&trace_types_lock);
	/* A write with no pid in it empties the list, as in 6.12. */
	if (!ret)
		ret = set ? pids_add(tr, slot, set) :
			    pids_replace(tr, slot, NULL);
	mutex_unlock(&trace_types_lock);
	kfree(text);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/* set_event_pid and set_event_notrace_pid of every session. */
static const struct file_operations event_pid_fops = {
	.open		= pids_open,
	.read		= seq_read,
	.write		= pids_write,
	.llseek		= seq_lseek,
	.release	= trace_key_seq_release,
};

/**
 * trace_event_pids_create_files() - a session's set_event_pid and
 *	set_event_notrace_pid
 * @tr: the session, being made
 */
void trace_event_pids_create_files(struct trace_array *tr)
{
	void *key = trace_key(tr, RING_BUFFER_ALL_CPUS);

	trace_create_file("set_event_pid", TRACE_MODE_WRITE, tr->dir, key,
			  &event_pid_fops);
	trace_create_file("set_event_notrace_pid", TRACE_MODE_WRITE, tr->dir,
			  key, &event_pid_fops);
}
