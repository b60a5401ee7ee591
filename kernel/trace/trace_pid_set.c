// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of pids: set_event_pid, set_event_notrace_pid (trace_event_pids.c),
 * set_ftrace_pid and set_ftrace_notrace_pid (trace_functions.c).
 *
 * A set (&struct trace_pid_set) is a sorted array without repeats, read
 * under RCU by probes that run with preemption disabled, and replaced
 * whole: by a write of its file (trace_pid_slot_merge()) or, with a
 * *-fork option, by the fork and exit probes (trace_pid_slot_fork(),
 * trace_pid_slot_exit()), which may run in any context.  All of them
 * replace a set under one raw spinlock, so no change is lost; a
 * replaced set is freed after a grace period.
 */
#include <linux/bsearch.h>
#include <linux/kernel.h>
#include <linux/pid.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/threads.h>

#include "trace_leaves.h"

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


/* The lists are replaced under this lock by the fork and free probes. */
static DEFINE_RAW_SPINLOCK(pids_lock);

/*
 * @cur's pids and @add's, as a new set; NULL without memory.  Called
 * under pids_lock: it may not sleep.
 */
static struct trace_pid_set *pid_set_union(const struct trace_pid_set *cur,
					   const struct trace_pid_set *add)
{
	unsigned int n = cur ? cur->count : 0;
	struct trace_pid_set *set;

	set = kmalloc(struct_size(set, pids, n + add->count), GFP_ATOMIC);
	if (!set)
		return NULL;
	set->count = n + add->count;
	if (n)
		memcpy(set->pids, cur->pids, n * sizeof(pid_t));
	memcpy(set->pids + n, add->pids, add->count * sizeof(pid_t));
	pid_set_tidy(set);
	return set;
}

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

	raw_spin_lock_irqsave(&pids_lock, flags);
	cur = rcu_dereference_protected(*slot, lockdep_is_held(&pids_lock));
	if (add) {
		set = pid_set_union(cur, add);
		if (!set) {
			raw_spin_unlock_irqrestore(&pids_lock, flags);
			kfree(add);
			return -ENOMEM;
		}
	}
	rcu_assign_pointer(*slot, set);
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	kfree(add);
	if (cur)
		kfree_rcu(cur, rcu);
	return 0;
}

/**
 * trace_pid_slot_union() - a list's pids and some more, as a new set
 * @slot: the list
 * @add: the pids to add
 *
 * Context: Any context.
 * Return: the new set (not installed), or NULL without memory.
 */
struct trace_pid_set *trace_pid_slot_union(struct trace_pid_set __rcu **slot,
					   const struct trace_pid_set *add)
{
	struct trace_pid_set *set;
	unsigned long flags;

	raw_spin_lock_irqsave(&pids_lock, flags);
	set = pid_set_union(rcu_dereference_protected(*slot,
					lockdep_is_held(&pids_lock)), add);
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	return set;
}

/**
 * trace_pid_slot_swap() - install a set in a list
 * @slot: the list
 * @set: the set, or NULL to empty the list
 *
 * Context: Any context.
 * Return: the set the list had, for the caller to free after a grace
 * period (kfree_rcu()), or NULL.
 */
struct trace_pid_set *trace_pid_slot_swap(struct trace_pid_set __rcu **slot,
					  struct trace_pid_set *set)
{
	struct trace_pid_set *old;
	unsigned long flags;

	raw_spin_lock_irqsave(&pids_lock, flags);
	old = rcu_replace_pointer(*slot, set, lockdep_is_held(&pids_lock));
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	return old;
}
