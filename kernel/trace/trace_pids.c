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
 * A pid set (&struct trace_pid_set) is a sorted array, replaced whole
 * under RCU (the probes read it with preemption disabled); set_ftrace_pid
 * uses the same sets.
 */
#include <linux/bsearch.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/uaccess.h>

#include <trace/events/sched.h>

#include "trace.h"

/* ---- pid sets ------------------------------------------------------------ */

static int cmp_pid(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return x < y ? -1 : x > y;
}

/**
 * trace_pid_set_has() - whether a pid is in a set
 * @set: the set, or NULL
 * @pid: the pid
 *
 * Context: Any context; the caller keeps @set alive.
 * Return: true if @pid is in @set; false for NULL.
 */
bool trace_pid_set_has(const struct trace_pid_set *set, pid_t pid)
{
	return set && __inline_bsearch(&pid, set->pids, set->count,
				       sizeof(pid), cmp_pid);
}

/* Sort and drop repeats. */
static void pid_set_tidy(struct trace_pid_set *set)
{
	unsigned int i, n = 0;

	sort(set->pids, set->count, sizeof(pid_t), cmp_pid, NULL);
	for (i = 0; i < set->count; i++)
		if (!n || set->pids[n - 1] != set->pids[i])
			set->pids[n++] = set->pids[i];
	set->count = n;
}

/**
 * trace_pid_set_parse() - the pids of a user write, added to a set
 * @old: the set the write adds to, or NULL
 * @text: pids in any base, separated by white space; changed in place
 * @out: the new set, or NULL when the write names no pid
 *
 * As in Linux 6.12, a write that names no pid leaves no set at all.
 *
 * Return: 0, -EINVAL for a word that is not a pid, or -ENOMEM.
 */
int trace_pid_set_parse(const struct trace_pid_set *old, char *text,
			struct trace_pid_set **out)
{
	unsigned int n = 0, i = 0, was = old ? old->count : 0;
	struct trace_pid_set *set;
	char *p = text, *word;

	*out = NULL;
	while ((word = strsep(&p, " \t\n")))
		n += *word != '\0';
	if (!n)
		return 0;
	set = kmalloc(struct_size(set, pids, n + was), GFP_KERNEL);
	if (!set)
		return -ENOMEM;
	set->count = n + was;
	for (; i < was; i++)
		set->pids[i] = old->pids[i];
	/* strsep() left NULs between the words: walk them again. */
	for (p = text; n; p += strlen(p) + 1) {
		int pid;

		if (!*p)
			continue;
		/* In any base, as 6.12 reads pids ("0x1f", "017"). */
		if (kstrtoint(p, 0, &pid) || pid < 0 || pid > PID_MAX_LIMIT) {
			kfree(set);
			return -EINVAL;
		}
		set->pids[i++] = pid;
		n--;
	}
	pid_set_tidy(set);
	*out = set;
	return 0;
}

/*
 * @set with @pid added (@add) or taken out, or NULL when nothing changes
 * or there is no memory.  Called under pids_lock: it may not sleep.
 */
static struct trace_pid_set *pid_set_with(const struct trace_pid_set *set,
					  pid_t pid, bool add)
{
	struct trace_pid_set *new;
	unsigned int i, n = 0;

	if (trace_pid_set_has(set, pid) == add)
		return NULL;
	new = kmalloc(struct_size(new, pids, set->count + add), GFP_NOWAIT);
	if (!new)
		return NULL;
	for (i = 0; i < set->count; i++)
		if (set->pids[i] != pid)
			new->pids[n++] = set->pids[i];
	if (add)
		new->pids[n++] = pid;
	new->count = n;
	pid_set_tidy(new);
	return new;
}

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

/* The lists are replaced under this lock by the fork and free probes. */
static DEFINE_RAW_SPINLOCK(pids_lock);

static void follow(struct trace_pid_set __rcu **slot, pid_t pid, bool add,
		   bool only_if)
{
	struct trace_pid_set *set, *new;
	unsigned long flags;

	raw_spin_lock_irqsave(&pids_lock, flags);
	set = rcu_dereference_protected(*slot, lockdep_is_held(&pids_lock));
	if (set && only_if) {
		new = pid_set_with(set, pid, add);
		if (new) {
			rcu_assign_pointer(*slot, new);
			kfree_rcu(set, rcu);
		}
	}
	raw_spin_unlock_irqrestore(&pids_lock, flags);
}

/**
 * trace_pid_slot_fork() - a child joins the pid list its parent is in
 * @slot: the list (set_ftrace_pid's, say)
 * @parent: the parent's pid
 * @child: the child's pid
 *
 * Context: A tracepoint probe (preemption disabled).  Without memory the
 * child is left out.
 */
void trace_pid_slot_fork(struct trace_pid_set __rcu **slot, pid_t parent,
			 pid_t child)
{
	follow(slot, child, true,
	       trace_pid_set_has(rcu_dereference_sched(*slot), parent));
}

/**
 * trace_pid_slot_exit() - a task that goes leaves a pid list
 * @slot: the list
 * @pid: its pid
 *
 * Context: A tracepoint probe (preemption disabled).
 */
void trace_pid_slot_exit(struct trace_pid_set __rcu **slot, pid_t pid)
{
	follow(slot, pid, false, true);
}

/**
 * trace_pid_slot_merge() - add pids to a list, or empty it
 * @slot: the list
 * @add: the pids to add (consumed), or NULL to empty the list
 *
 * The fork and exit probes may change the list meanwhile: the merge and
 * the replacement are one step under their lock.
 *
 * Context: Process context.
 * Return: 0, or -ENOMEM (the list unchanged).
 */
int trace_pid_slot_merge(struct trace_pid_set __rcu **slot,
			 struct trace_pid_set *add)
{
	struct trace_pid_set *cur, *set = NULL;
	unsigned long flags;
	unsigned int n;

	raw_spin_lock_irqsave(&pids_lock, flags);
	cur = rcu_dereference_protected(*slot, lockdep_is_held(&pids_lock));
	n = cur ? cur->count : 0;
	if (add) {
		set = kmalloc(struct_size(set, pids, n + add->count),
			      GFP_ATOMIC);
		if (!set) {
			raw_spin_unlock_irqrestore(&pids_lock, flags);
			kfree(add);
			return -ENOMEM;
		}
		set->count = n + add->count;
		if (n)
			memcpy(set->pids, cur->pids, n * sizeof(pid_t));
		memcpy(set->pids + n, add->pids, add->count * sizeof(pid_t));
		pid_set_tidy(set);
	}
	rcu_assign_pointer(*slot, set);
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	kfree(add);
	if (cur)
		kfree_rcu(cur, rcu);
	return 0;
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
	unsigned long flags;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	raw_spin_lock_irqsave(&pids_lock, flags);
	old = rcu_replace_pointer(*slot, set, lockdep_is_held(&pids_lock));
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	now = trace_pids_filtering(tr);
	if (now && !was) {
		ret = attach_switch_probes(tr);
		if (ret) {
			raw_spin_lock_irqsave(&pids_lock, flags);
			rcu_assign_pointer(*slot, old);
			raw_spin_unlock_irqrestore(&pids_lock, flags);
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
	struct trace_pid_set *cur, *set;
	unsigned long flags;
	unsigned int n;

	raw_spin_lock_irqsave(&pids_lock, flags);
	cur = rcu_dereference_protected(*slot, lockdep_is_held(&pids_lock));
	n = cur ? cur->count : 0;
	set = kmalloc(struct_size(set, pids, n + add->count), GFP_ATOMIC);
	if (set) {
		set->count = n + add->count;
		if (n)
			memcpy(set->pids, cur->pids, n * sizeof(pid_t));
		memcpy(set->pids + n, add->pids, add->count * sizeof(pid_t));
		pid_set_tidy(set);
	}
	raw_spin_unlock_irqrestore(&pids_lock, flags);
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
const struct file_operations trace_event_pid_fops = {
	.open		= pids_open,
	.read		= seq_read,
	.write		= pids_write,
	.llseek		= seq_lseek,
	.release	= trace_key_seq_release,
};
