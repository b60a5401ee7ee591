// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls: call sites that call a trampoline of their owner's own.
 *
 * A direct ops is a struct ftrace_ops registered with
 * register_ftrace_direct(): its filter names the functions, its
 * direct_call the trampoline.  It is registered like any ops, with one
 * difference in what its sites are patched to (ftrace.c, site_wanted()):
 * a site only it wants calls the trampoline itself; a site other ops want
 * too calls the entry code, and the direct ops' callback,
 * ftrace_direct_call(), tells the entry code to go on into the trampoline
 * once the callbacks are done (arch_ftrace_set_direct_caller()).  Two
 * direct ops never share a function.
 *
 * Changing the trampoline rewrites the sites that call the old one
 * straight into calls of the new one: the text patching protocol (INT3,
 * then the tail, then the first byte) never lets a CPU run a torn
 * instruction, and its INT3 handler emulates the new call, so every call
 * of the function reaches one trampoline or the other.  The sites that
 * call the entry code read direct_call anew at each call.
 *
 * Sharing with an ops that moves the traced function
 * (FTRACE_OPS_FL_IPMODIFY, livepatch): the entry code resumes the function
 * at regs->ip through the trampoline, so the trampoline must resume
 * where its stack says rather than at the function's body.  The direct
 * ops is asked through its ops_func (FTRACE_OPS_CMD_*) when that starts
 * and ends; without an ops_func it cannot share, and the registration
 * that would bring the two together fails with -EBUSY.
 *
 * Locking: direct_mutex keeps the registered direct ops and their
 * trampolines still while ops_func requests run, which may call
 * modify_ftrace_direct_nolock(); it is taken before ftrace_lock.
 */
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>

#include "ftrace_internal.h"

static DEFINE_MUTEX(direct_mutex);

/*
 * The direct ops' callback, run by the entry code when other callbacks
 * share the function: go on into the trampoline afterwards.
 */
static void ftrace_direct_call(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	arch_ftrace_set_direct_caller(fregs, READ_ONCE(op->direct_call));
}

NOKPROBE_SYMBOL(ftrace_direct_call);

static bool is_direct(const struct ftrace_ops *ops)
{
	return ops->flags & FTRACE_OPS_FL_DIRECT;
}

/* Does another ops want one of a direct ops' functions?  ftrace_lock held. */
static bool direct_shares(struct ftrace_ops *direct, struct ftrace_ops *other)
{
	struct ftrace_ip_set *filter = ftrace_ops_set(direct, false);
	unsigned int i;

	for (i = 0; filter && i < filter->count; i++)
		if (ftrace_ops_wants(direct, filter->ip[i]) &&
		    ftrace_ops_wants(other, filter->ip[i]))
			return true;
	return false;
}

/*
 * The first registered direct ops after @prev (NULL: the first of all)
 * that shares a function with @ops.  With direct_mutex held the direct
 * ops stay registered, so @prev keeps its place in the list.
 */
static struct ftrace_ops *next_direct_peer(struct ftrace_ops *ops,
					   struct ftrace_ops *prev)
{
	struct ftrace_ops *d = prev;

	lockdep_assert_held(&direct_mutex);
	mutex_lock(&ftrace_lock);
	d = list_prepare_entry(d, &ftrace_ops_list, list);
	list_for_each_entry_continue(d, &ftrace_ops_list, list)
		if (d != ops && is_direct(d) && direct_shares(d, ops))
			goto out;
	d = NULL;
out:
	mutex_unlock(&ftrace_lock);
	return d;
}

/*
 * A direct ops (being registered or given a new trampoline) meets a
 * registered IPMODIFY ops: ask it whether it can share.
 */
static int direct_share_self(struct ftrace_ops *ops)
{
	struct ftrace_ops *other;
	bool shared = false;

	mutex_lock(&ftrace_lock);
	list_for_each_entry(other, &ftrace_ops_list, list) {
		if (other != ops && (other->flags & FTRACE_OPS_FL_IPMODIFY) &&
		    direct_shares(ops, other)) {
			shared = true;
			break;
		}
	}
	mutex_unlock(&ftrace_lock);
	if (!shared)
		return 0;
	if (!ops->ops_func)
		return -EBUSY;
	return ops->ops_func(ops, FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF);
}

/*
 * Register @ops, an ops with FTRACE_OPS_FL_IPMODIFY.  Each registered
 * direct ops on one of its functions is asked to share it first
 * (FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER).
 *
 * Return: as register_ftrace_function(); -EBUSY if such a direct ops has
 * no ops_func, or the error its ops_func returned.
 */
static int ftrace_direct_register_ipmodify(struct ftrace_ops *ops)
{
	struct ftrace_ops *d = NULL;
	int ret = 0;

	mutex_lock(&direct_mutex);
	while (!ret && (d = next_direct_peer(ops, d)))
		ret = d->ops_func ?
		      d->ops_func(d, FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER) :
		      -EBUSY;
	if (!ret)
		ret = __register_ftrace_function(ops);
	mutex_unlock(&direct_mutex);
	return ret;
}

/*
 * Unregister @ops, an ops with FTRACE_OPS_FL_IPMODIFY.  The direct ops
 * that shared its functions are told it is gone
 * (FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER); what they answer does not
 * matter.
 *
 * Return: as unregister_ftrace_function().
 */
static int ftrace_direct_unregister_ipmodify(struct ftrace_ops *ops)
{
	struct ftrace_ops *d = NULL;
	int ret;

	mutex_lock(&direct_mutex);
	ret = __unregister_ftrace_function(ops);
	while (!ret && (d = next_direct_peer(ops, d)))
		if (d->ops_func)
			d->ops_func(d, FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER);
	mutex_unlock(&direct_mutex);
	return ret;
}

static const struct ftrace_ipmodify_hook direct_ipmodify_hook = {
	.reg	= ftrace_direct_register_ipmodify,
	.unreg	= ftrace_direct_unregister_ipmodify,
};

/* Before anything can make a direct ops. */
static int __init ftrace_direct_init(void)
{
	ftrace_set_ipmodify_hook(&direct_ipmodify_hook);
	return 0;
}
early_initcall(ftrace_direct_init);

/*
 * Can @ops become a direct ops?  Not if it is registered or its callback
 * taken, not without functions, not on a function another direct ops
 * has.  ftrace_lock held.
 */
static int direct_check_new(struct ftrace_ops *ops)
{
	struct ftrace_ip_set *filter = ftrace_ops_set(ops, false);
	struct ftrace_ops *other;

	if (ftrace_disabled)
		return -ENODEV;
	if (ops->func || ops->flags & (FTRACE_OPS_FL_ENABLED |
				       FTRACE_OPS_FL_DIRECT))
		return -EINVAL;
	if (!filter || !filter->count)
		return -EINVAL;
	list_for_each_entry(other, &ftrace_ops_list, list)
		if (is_direct(other) && direct_shares(ops, other))
			return -EBUSY;
	return 0;
}

static void direct_reset(struct ftrace_ops *ops)
{
	ops->func = NULL;
	ops->direct_call = 0;
	ops->flags &= ~(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_RECURSION);
}

/**
 * register_ftrace_direct() - make functions call a trampoline
 * @ops: an ops not registered, with no callback, whose filter
 *	(ftrace_set_filter_ip() and the like) names the functions
 * @addr: the trampoline
 *
 * The functions' call sites call @addr, or, while other ops want one of
 * them too, the entry code goes on into @addr after their callbacks.
 * @addr is entered as if called from the function's first instruction:
 * the traced function's arguments in their registers, on the stack the
 * address it resumes at, above that its return address.  ftrace sets
 * @ops' callback, its direct_call and the flags FTRACE_OPS_FL_DIRECT and
 * FTRACE_OPS_FL_RECURSION; its filter cannot change until
 * unregister_ftrace_direct().
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL if @ops is registered, has a callback or names no
 * function, or @addr is 0; -EBUSY if one of the functions has a direct
 * ops already, or an IPMODIFY ops has one and @ops cannot share it; the
 * error of @ops' ops_func (FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF);
 * -ENODEV if function tracing is off for good.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	if (!addr)
		return -EINVAL;
	mutex_lock(&direct_mutex);
	mutex_lock(&ftrace_lock);
	ret = direct_check_new(ops);
	mutex_unlock(&ftrace_lock);
	if (!ret)
		ret = direct_share_self(ops);
	if (!ret) {
		ops->func = ftrace_direct_call;
		ops->direct_call = addr;
		ops->flags |= FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_RECURSION;
		ret = __register_ftrace_function(ops);
		if (ret)
			direct_reset(ops);
	}
	mutex_unlock(&direct_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

static bool is_registered_direct(const struct ftrace_ops *ops)
{
	const unsigned long both = FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_ENABLED;

	return (ops->flags & both) == both;
}

/**
 * unregister_ftrace_direct() - stop functions calling a trampoline
 * @ops: as registered with register_ftrace_direct()
 * @addr: its trampoline (not needed: @ops knows it)
 * @free_filters: drop @ops' filter and notrace sets too
 *
 * The call sites go back to what the other ops want.  On return no task
 * is on its way into the trampoline from a call site or the entry code,
 * nor preempted inside it, so its owner may free it.
 *
 * Context: process context; may sleep.
 * Return: 0, or -EINVAL if @ops is not registered as a direct ops.
 */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters)
{
	int ret = -EINVAL;

	mutex_lock(&direct_mutex);
	if (is_registered_direct(ops)) {
		ret = __unregister_ftrace_function(ops);
		direct_reset(ops);
	}
	mutex_unlock(&direct_mutex);
	if (ret)
		return ret;
	/*
	 * The sites no longer call the trampoline; a task may still be
	 * inside it, or in the entry code before the jump to it, and be
	 * preempted there.  Each passes a voluntary context switch only
	 * once it has left.
	 */
	synchronize_rcu_tasks();
	if (free_filters)
		ftrace_free_filter(ops);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/**
 * modify_ftrace_direct_nolock() - modify_ftrace_direct() with the direct
 *	calls' mutex held by the caller
 * @ops: as registered with register_ftrace_direct()
 * @addr: the new trampoline
 *
 * For an ops_func answering an FTRACE_OPS_CMD_*_PEER request, the one
 * place that mutex is held outside ftrace.
 *
 * Context: process context, the direct calls' mutex held.
 * Return: as modify_ftrace_direct().
 */
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	lockdep_assert_held(&direct_mutex);
	if (!addr || !is_registered_direct(ops))
		return -EINVAL;
	ret = direct_share_self(ops);
	if (ret)
		return ret;
	mutex_lock(&ftrace_lock);
	if (ftrace_disabled) {
		ret = -ENODEV;
	} else {
		WRITE_ONCE(ops->direct_call, addr);
		ftrace_update();
	}
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_nolock);

/**
 * modify_ftrace_direct() - make a direct ops' functions call another
 *	trampoline
 * @ops: as registered with register_ftrace_direct()
 * @addr: the new trampoline
 *
 * Safe while the functions run: each call reaches the old trampoline or
 * the new one.  Tasks may still be inside the old one on return; its
 * owner waits for them before freeing it (synchronize_rcu_tasks()).
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL if @ops is not registered as a direct ops or @addr
 * is 0; -EBUSY or the error of @ops' ops_func if an IPMODIFY ops shares
 * one of the functions and @ops cannot; -ENODEV if function tracing is
 * off for good.
 */
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	mutex_lock(&direct_mutex);
	ret = modify_ftrace_direct_nolock(ops, addr);
	mutex_unlock(&direct_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);

/**
 * ftrace_find_rec_direct() - the trampoline a function's direct ops calls
 * @ip: the function's call site
 *
 * Context: any; takes rcu_read_lock().
 * Return: the trampoline's address, or 0 if no direct ops has @ip.
 */
unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	unsigned long addr = 0;
	struct ftrace_ops *ops;

	rcu_read_lock();
	list_for_each_entry_rcu(ops, &ftrace_ops_list, list) {
		if (is_direct(ops) && ftrace_ops_wants(ops, ip)) {
			addr = READ_ONCE(ops->direct_call);
			break;
		}
	}
	rcu_read_unlock();
	return addr;
}
