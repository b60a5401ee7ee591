// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of pids: set_event_pid, set_event_notrace_pid (trace_event_pids.c),
 * set_ftrace_pid and set_ftrace_notrace_pid (trace_functions.c).
 *
 * A set (&struct trace_pid_set) is a sorted array without repeats, read
 * under RCU by probes that run with preemption disabled, and replaced
 * whole: by a write of its file (trace_pid_slot_merge()) or, with a
 * *-fork option, by the fork and exit probes (trace_pid_slot_fork(),
 * trace_pid_slot_exit()), which run with preemption disabled.  All of
 * them replace a set under one raw spinlock, so no change is lost; a
 * replaced set is freed after a grace period.
 *
 * Nothing is allocated under that lock or in the probes: on PREEMPT_RT
 * the allocator sleeps there.  A write allocates its new set first; the
 * probes build theirs in a spare set, taken from a small pool that a set
 * they replaced goes back to after its grace period, and that a work
 * item tops up when they took from it.
 */
#include <linux/bsearch.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/pid.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/threads.h>
#include <linux/workqueue.h>

#include "trace_irq_work.h"
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

/* A set with room for @cap pids, empty. */
static struct trace_pid_set *pid_set_alloc(unsigned int cap, gfp_t gfp)
{
	struct trace_pid_set *set;

	set = kmalloc(struct_size(set, pids, cap), gfp);
	if (set) {
		set->cap = cap;
		set->count = 0;
	}
	return set;
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
	set = pid_set_alloc(n + was, GFP_KERNEL);
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

/* The lists are replaced under this lock by the fork and free probes. */
static DEFINE_RAW_SPINLOCK(pids_lock);

/* Room a set of @n pids is given, so that forks find it in a spare. */
static unsigned int pid_set_room(unsigned int n)
{
	return n + n / 4 + 16;
}

/* ---- the probes' spare sets ---------------------------------------------- */

/*
 * Where the probes may not allocate (PREEMPT_RT), a burst of forks and
 * exits takes a spare each until the work item catches up: the pool is
 * larger there.
 */
#define PID_SPARES	(IS_ENABLED(CONFIG_PREEMPT_RT) ? 64 : 16)

/* Under pids_lock: the spares, and the room each should have. */
static struct trace_pid_set *pid_spares[PID_SPARES];
static unsigned int pid_spare_room;

/* Allocate what the pool lacks: spares with pid_spare_room. */
static void pid_fill_fn(struct work_struct *work)
{
	struct trace_pid_set *old, *new;
	unsigned long flags;
	unsigned int room;
	bool fits;
	int i;

	for (i = 0; i < PID_SPARES; i++) {
		raw_spin_lock_irqsave(&pids_lock, flags);
		room = pid_spare_room;
		old = pid_spares[i];
		fits = old && old->cap >= room;
		if (!fits)
			pid_spares[i] = NULL;
		raw_spin_unlock_irqrestore(&pids_lock, flags);
		if (fits)
			continue;
		kfree(old);
		new = pid_set_alloc(room, GFP_KERNEL);
		raw_spin_lock_irqsave(&pids_lock, flags);
		if (!pid_spares[i]) {
			pid_spares[i] = new;
			new = NULL;
		}
		raw_spin_unlock_irqrestore(&pids_lock, flags);
		kfree(new);
	}
}

static DECLARE_WORK(pid_fill_work, pid_fill_fn);

/* From a probe: the work item allocates, in process context. */
static void pid_fill_irq_fn(struct irq_work *iw)
{
	schedule_work(&pid_fill_work);
}

static struct irq_work pid_fill_irq = IRQ_WORK_INIT(pid_fill_irq_fn);

/*
 * A set of @n pids is being installed (process context): the spares get
 * the room for it and a fork.
 */
static void pid_spares_fit(unsigned int n)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&pids_lock, flags);
	if (pid_spare_room < n + 1)
		pid_spare_room = pid_set_room(n);
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	pid_fill_fn(NULL);
}

/* Under pids_lock: a spare with room for @n pids, out of the pool. */
static struct trace_pid_set *pid_spare_take(unsigned int n)
{
	struct trace_pid_set *set;
	int i;

	lockdep_assert_held(&pids_lock);
	for (i = 0; i < PID_SPARES; i++) {
		set = pid_spares[i];
		if (set && set->cap >= n) {
			pid_spares[i] = NULL;
			return set;
		}
	}
	return NULL;
}

/* After its grace period, a set the probes replaced becomes a spare. */
static void pid_set_recycle(struct rcu_head *rcu)
{
	struct trace_pid_set *set = container_of(rcu, struct trace_pid_set,
						 rcu);
	unsigned long flags;
	int i;

	raw_spin_lock_irqsave(&pids_lock, flags);
	for (i = 0; set && i < PID_SPARES; i++) {
		if (!pid_spares[i] && set->cap >= pid_spare_room) {
			pid_spares[i] = set;
			set = NULL;
		}
	}
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	kfree(set);
}

/*
 * Under pids_lock: @set with @pid added (@add) or taken out, built in
 * *@own if it is big enough (it is then used up), else in a spare of the
 * pool; NULL when there is none.
 */
static struct trace_pid_set *pid_set_with(const struct trace_pid_set *set,
					  pid_t pid, bool add,
					  struct trace_pid_set **own)
{
	struct trace_pid_set *new = *own;
	unsigned int i, n = 0;

	if (new && new->cap >= set->count + add)
		*own = NULL;
	else
		new = pid_spare_take(set->count + add);
	if (!new)
		return NULL;
	new->count = set->count + add;
	for (i = 0; i < set->count; i++)
		if (set->pids[i] != pid)
			new->pids[n++] = set->pids[i];
	if (add)
		new->pids[n++] = pid;
	new->count = n;
	pid_set_tidy(new);
	return new;
}

/*
 * Under pids_lock: @cur's pids and @add's into @set, if it has the room;
 * false if not.
 */
static bool pid_set_union_into(struct trace_pid_set *set,
			       const struct trace_pid_set *cur,
			       const struct trace_pid_set *add)
{
	unsigned int n = cur ? cur->count : 0;

	if (n + add->count > set->cap)
		return false;
	set->count = n + add->count;
	if (n)
		memcpy(set->pids, cur->pids, n * sizeof(pid_t));
	memcpy(set->pids + n, add->pids, add->count * sizeof(pid_t));
	pid_set_tidy(set);
	return true;
}

/*
 * @slot's pids and @add's, as a new set allocated before pids_lock is
 * taken; returned with the lock held (*@flags) and the list's set in
 * *@cur, or NULL without memory (the lock not held).  Forks that grew
 * the list meanwhile beyond the room allocated mean another try.
 */
static struct trace_pid_set *
pid_set_union_lock(struct trace_pid_set __rcu **slot,
		   const struct trace_pid_set *add, struct trace_pid_set **cur,
		   unsigned long *flags)
{
	struct trace_pid_set *set;
	unsigned int n;

	for (;;) {
		rcu_read_lock();
		*cur = rcu_dereference(*slot);
		n = *cur ? (*cur)->count : 0;
		rcu_read_unlock();
		set = pid_set_alloc(pid_set_room(n + add->count), GFP_KERNEL);
		if (!set)
			return NULL;
		raw_spin_lock_irqsave(&pids_lock, *flags);
		*cur = rcu_dereference_protected(*slot,
						 lockdep_is_held(&pids_lock));
		if (pid_set_union_into(set, *cur, add))
			return set;
		raw_spin_unlock_irqrestore(&pids_lock, *flags);
		kfree(set);
	}
}

/*
 * The fork and exit probes' change.  Where the allocator may be called
 * with preemption disabled (not on PREEMPT_RT), the new set is allocated
 * first, as a write's is, and the pool is only a fallback.
 */
static void follow(struct trace_pid_set __rcu **slot, pid_t pid, bool add,
		   bool only_if)
{
	struct trace_pid_set *set, *new = NULL, *own = NULL, *mine;
	unsigned long flags;
	bool used = false;

	set = rcu_dereference_sched(*slot);
	if (!set || !only_if || trace_pid_set_has(set, pid) == add)
		return;
	if (!IS_ENABLED(CONFIG_PREEMPT_RT))
		own = pid_set_alloc(pid_set_room(set->count + 1), GFP_NOWAIT);
	mine = own;
	raw_spin_lock_irqsave(&pids_lock, flags);
	set = rcu_dereference_protected(*slot, lockdep_is_held(&pids_lock));
	if (set && trace_pid_set_has(set, pid) != add) {
		used = true;
		new = pid_set_with(set, pid, add, &own);
		if (new) {
			rcu_assign_pointer(*slot, new);
			call_rcu(&set->rcu, pid_set_recycle);
		}
		if (pid_spare_room < set->count + 2)
			pid_spare_room = pid_set_room(set->count + 1);
	}
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	kfree(own);
	if (used && !new)
		pr_warn_once("tracing: a pid list missed a %s: no spare set\n",
			     add ? "fork" : "exit");
	/* Without a set of its own, it took a spare or missed: top up. */
	if (used && (!new || new != mine))
		trace_irq_work_queue(&pid_fill_irq);
}

/**
 * trace_pid_slot_fork() - a child joins the pid list its parent is in
 * @slot: the list (set_ftrace_pid's, say)
 * @parent: the parent's pid
 * @child: the child's pid
 *
 * Context: A tracepoint probe (preemption disabled).  Without a spare
 * set big enough the child is left out, and the kernel log says so once.
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

	if (add) {
		set = pid_set_union_lock(slot, add, &cur, &flags);
		if (!set) {
			kfree(add);
			return -ENOMEM;
		}
	} else {
		raw_spin_lock_irqsave(&pids_lock, flags);
		cur = rcu_dereference_protected(*slot,
						lockdep_is_held(&pids_lock));
	}
	rcu_assign_pointer(*slot, set);
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	kfree(add);
	if (cur)
		kfree_rcu(cur, rcu);
	if (set)
		pid_spares_fit(set->count);
	return 0;
}

/**
 * trace_pid_slot_union() - a list's pids and some more, as a new set
 * @slot: the list
 * @add: the pids to add
 *
 * Context: Process context.
 * Return: the new set (not installed), or NULL without memory.
 */
struct trace_pid_set *trace_pid_slot_union(struct trace_pid_set __rcu **slot,
					   const struct trace_pid_set *add)
{
	struct trace_pid_set *set, *cur;
	unsigned long flags;

	set = pid_set_union_lock(slot, add, &cur, &flags);
	if (!set)
		return NULL;
	raw_spin_unlock_irqrestore(&pids_lock, flags);
	pid_spares_fit(set->count);
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
