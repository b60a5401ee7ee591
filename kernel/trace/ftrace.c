// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic ftrace: the function entry call sites and the callbacks that
 * want them.
 *
 * The compiler starts every traceable function with a 5-byte call to
 * __fentry__ and lists the address of each such call site in the
 * __mcount_loc section (a module's in its own).  This file keeps one
 * table of sites for vmlinux and one per module, sorted by address,
 * each site with what it holds now: a NOP, a call to ftrace_caller, a
 * call to ftrace_regs_caller (arch/x86/kernel/ftrace_64.S) or a call to
 * a direct ops' trampoline (ftrace_direct.c).
 *
 * Callbacks come as struct ftrace_ops, each with two sets of addresses:
 * the filter (the functions it wants; none means all) and notrace (the
 * ones it never wants).  Whenever the registered ops or their sets
 * change, ftrace_update() works out afresh, for every site, whether
 * some ops wants it and whether that ops needs the full register set,
 * (or whether the only ops wanting it is a direct ops, whose trampoline
 * the site then calls) and rewrites the sites whose answer changed.  There are no per-site
 * reference counts to keep in step: the ops are few, and a site's answer
 * is a lookup in each ops' sets.
 *
 * The entry code calls one function for every site, through the static
 * call ftrace_trace_func:
 *
 *  - ftrace_stub when no ops is registered;
 *  - the ops' own callback when exactly one ops is registered and it
 *    protects itself against recursion (FTRACE_OPS_FL_RECURSION): every
 *    patched site is one it wants, so nothing needs checking;
 *  - ftrace_single_assist() for exactly one ops that does not: the
 *    recursion guard, then its callback;
 *  - otherwise arch_ftrace_ops_list_func(), which walks the registered
 *    ops under recursion protection and calls those that want the site.
 *
 * While sites are being rewritten the list function is in place, so a
 * site patched for one ops never reaches another's callback unasked.
 *
 * Locking: ftrace_lock serialises every change.  The tables and the ops
 * list are RCU lists and the address sets are replaced, never changed in
 * place, so the list function (with preemption disabled) and
 * ftrace_location() (from kprobes, under text_mutex) read them without
 * a lock.
 *
 * The tracefs files of the function tracer (set_ftrace_filter and the
 * rest) and its function probes are ftrace_files.c's; what the two files
 * share is in ftrace_internal.h.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/bsearch.h>
#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/static_call.h>
#include <linux/sysctl.h>
#include <linux/trace_recursion.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <asm/sections.h>

#include "ftrace_internal.h"

/* ftrace_internal.h says what each of these protects or holds. */
DEFINE_MUTEX(ftrace_lock);
LIST_HEAD(ftrace_tables);
LIST_HEAD(ftrace_ops_list);
/* ftrace_internal.h says what it means. */
bool ftrace_disabled;

/*
 * The kernel.ftrace_enabled sysctl: 0 takes every callback off the call
 * sites (the ops stay registered and come back with 1).  kexec clears
 * it around the jump to a new kernel.
 */
int ftrace_enabled __read_mostly = 1;

DEFINE_STATIC_CALL(ftrace_trace_func, ftrace_stub);
/* The op the entry code passes; see set_trace_func(). */
struct ftrace_ops *ftrace_trace_op __read_mostly;


/* ---- address sets ----------------------------------------------------- */

/**
 * ftrace_cmp_ip() - compare two addresses, for sort() and bsearch()
 * @a: an unsigned long
 * @b: another
 *
 * Return: negative, 0 or positive as @a is below, at or above @b.
 */
int ftrace_cmp_ip(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* The list function calls this for every ops: keep the compare inline. */
static bool set_has(const struct ftrace_ip_set *set, unsigned long ip)
{
	return __inline_bsearch(&ip, set->ip, set->count, sizeof(ip), ftrace_cmp_ip);
}

/**
 * ftrace_ip_set_alloc() - a set with room for some addresses
 * @count: how many; the set's count is set to it
 *
 * Return: the set, its addresses not filled in, or NULL.
 */
struct ftrace_ip_set *ftrace_ip_set_alloc(unsigned int count)
{
	struct ftrace_ip_set *set;

	set = kvmalloc(struct_size(set, ip, count), GFP_KERNEL);
	if (set)
		set->count = count;
	return set;
}

static void set_free_rcu(struct rcu_head *rcu)
{
	kvfree(container_of(rcu, struct ftrace_ip_set, rcu));
}

/* Sort and drop duplicates in place. */
static void set_normalise(struct ftrace_ip_set *set)
{
	unsigned int i, n = 0;

	sort(set->ip, set->count, sizeof(set->ip[0]), ftrace_cmp_ip, NULL);
	for (i = 0; i < set->count; i++)
		if (!n || set->ip[n - 1] != set->ip[i])
			set->ip[n++] = set->ip[i];
	set->count = n;
}

/**
 * ftrace_ip_set_edit() - a set's copy with addresses added or removed
 * @set: the set, or NULL for none
 * @ips: the addresses
 * @cnt: how many
 * @remove: remove them rather than add them
 *
 * Return: a new set, or NULL without memory.
 */
struct ftrace_ip_set *ftrace_ip_set_edit(const struct ftrace_ip_set *set,
					 const unsigned long *ips,
					 unsigned int cnt, bool remove)
{
	unsigned int have = set ? set->count : 0, i, n = 0;
	struct ftrace_ip_set *new, *drop = NULL;

	if (!remove) {
		new = ftrace_ip_set_alloc(have + cnt);
		if (!new)
			return NULL;
		if (have)
			memcpy(new->ip, set->ip, have * sizeof(new->ip[0]));
		if (cnt)
			memcpy(new->ip + have, ips, cnt * sizeof(new->ip[0]));
		set_normalise(new);
		return new;
	}
	new = ftrace_ip_set_alloc(have);
	drop = ftrace_ip_set_alloc(cnt);
	if (!new || !drop) {
		kvfree(new);
		kvfree(drop);
		return NULL;
	}
	memcpy(drop->ip, ips, cnt * sizeof(drop->ip[0]));
	set_normalise(drop);
	for (i = 0; i < have; i++)
		if (!set_has(drop, set->ip[i]))
			new->ip[n++] = set->ip[i];
	new->count = n;
	kvfree(drop);
	return new;
}

/* ---- call sites ------------------------------------------------------- */

/* Sites in address order, for sort(). */
static int site_cmp(const void *a, const void *b)
{
	unsigned long x = site_ip(a), y = site_ip(b);

	return x < y ? -1 : x > y;
}

/* An address against a site, for bsearch(). */
static int site_cmp_key(const void *key, const void *elt)
{
	unsigned long x = *(const unsigned long *)key, y = site_ip(elt);

	return x < y ? -1 : x > y;
}

static struct ftrace_site *table_find(struct ftrace_table *t, unsigned long ip)
{
	return __inline_bsearch(&ip, t->sites, t->count, sizeof(t->sites[0]),
				site_cmp_key);
}

/* The live site at @ip, under ftrace_lock or RCU. */
static struct ftrace_site *site_lookup(unsigned long ip)
{
	struct ftrace_table *t;
	struct ftrace_site *s;

	list_for_each_entry_rcu(t, &ftrace_tables, list,
				lockdep_is_held(&ftrace_lock)) {
		s = table_find(t, ip);
		if (s && site_state(s) != SITE_GONE)
			return s;
	}
	return NULL;
}

/**
 * ftrace_location() - the call site of a function
 * @ip: a call site, or the start of a function whose call site follows
 *	an ENDBR
 *
 * Return: the call site's address, or 0 if @ip is neither.
 */
unsigned long ftrace_location(unsigned long ip)
{
	unsigned long size, off, site = 0;

	rcu_read_lock();
	if (site_lookup(ip)) {
		site = ip;
	} else if (FTRACE_MCOUNT_MAX_OFFSET &&
		   kallsyms_lookup_size_offset(ip, &size, &off) && !off) {
		unsigned long a;

		for (a = ip + 1; a <= ip + FTRACE_MCOUNT_MAX_OFFSET; a++)
			if (site_lookup(a)) {
				site = a;
				break;
			}
	}
	rcu_read_unlock();
	return site;
}

/**
 * ftrace_location_range() - the first call site in a range of text
 * @start: first byte
 * @end: last byte
 *
 * Return: the lowest call site address in [@start, @end], or 0 if
 * there is none.
 */
unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	unsigned long site = 0;
	struct ftrace_table *t;

	rcu_read_lock();
	list_for_each_entry_rcu(t, &ftrace_tables, list) {
		unsigned int i;

		if (!t->count || site_ip(&t->sites[0]) > end ||
		    site_ip(&t->sites[t->count - 1]) < start)
			continue;
		for (i = 0; i < t->count; i++) {
			const struct ftrace_site *s = &t->sites[i];

			if (site_state(s) == SITE_GONE || site_ip(s) < start)
				continue;
			if (site_ip(s) <= end && (!site || site_ip(s) < site))
				site = site_ip(s);
			break;
		}
	}
	rcu_read_unlock();
	return site;
}

/**
 * ftrace_text_reserved() - does a range of text hold call sites?
 * @start: first byte
 * @end: last byte
 *
 * Return: 1 if some call site overlaps [@start, @end], else 0.
 */
int ftrace_text_reserved(const void *start, const void *end)
{
	unsigned long lo = (unsigned long)start, hi = (unsigned long)end;
	struct ftrace_table *t;
	int ret = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(t, &ftrace_tables, list) {
		unsigned int i;

		if (!t->count || site_ip(&t->sites[0]) > hi ||
		    site_ip(&t->sites[t->count - 1]) + MCOUNT_INSN_SIZE <= lo)
			continue;
		for (i = 0; i < t->count; i++) {
			const struct ftrace_site *s = &t->sites[i];

			if (site_state(s) != SITE_GONE && site_ip(s) <= hi &&
			    site_ip(s) + MCOUNT_INSN_SIZE > lo) {
				ret = 1;
				break;
			}
		}
	}
	rcu_read_unlock();
	return ret;
}

/**
 * is_ftrace_trampoline() - is @addr in a trampoline ftrace allocated?
 * @addr: a text address
 *
 * Return: false: every callback is called from the entry code in the
 * kernel image.
 */
bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

/**
 * ftrace_ops_trampoline() - the ops whose own trampoline holds @addr
 * @addr: a text address
 *
 * Return: NULL: no ops has a trampoline of its own.
 */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	return NULL;
}

/* ---- which callbacks want a site -------------------------------------- */

/**
 * ftrace_ops_wants() - whether an ops wants a call site
 * @ops: the ops
 * @ip: the site
 *
 * Context: RCU-sched read side (the list function) or ftrace_lock.
 * Return: true if @ip is in its filter (or it has none) and not in its
 * notrace set.
 */
bool ftrace_ops_wants(struct ftrace_ops *ops, unsigned long ip)
{
	struct ftrace_ip_set *filter, *exclude;

	/*
	 * Callers: the list function, with preemption disabled, and
	 * site_wanted() under ftrace_lock.  Not a lockdep-checked
	 * dereference: on the list function's path it would run lockdep's
	 * own (traced) code for every traced call of the kernel.
	 */
	filter = rcu_dereference_raw_check(ops->filter_ips);
	exclude = rcu_dereference_raw_check(ops->notrace_ips);
	if (filter && !set_has(filter, ip))
		return false;
	return !exclude || !set_has(exclude, ip);
}

/**
 * ftrace_ops_set_has() - whether one of an ops' sets holds a function
 * @ops: the ops (registered or not)
 * @exclude: its notrace set rather than its filter
 * @ip: the function's call site
 *
 * Context: preemption disabled, or ftrace_lock held.
 *
 * Return: -1 when the set is empty (no set), else whether @ip is in it.
 */
int ftrace_ops_set_has(struct ftrace_ops *ops, bool exclude, unsigned long ip)
{
	struct ftrace_ip_set *set;

	if (exclude)
		set = rcu_dereference_raw_check(ops->notrace_ips);
	else
		set = rcu_dereference_raw_check(ops->filter_ips);
	if (!set)
		return -1;
	return set_has(set, ip);
}

/*
 * Which ops get the full register set.  A callback that moves the
 * traced function (IPMODIFY) needs it even if it did not ask: only
 * ftrace_regs_caller resumes at regs->ip, and livepatch, on an
 * architecture that offers the argument-only frame, does not ask.
 */
static bool ops_needs_regs(const struct ftrace_ops *ops)
{
	return ops->flags & (FTRACE_OPS_FL_SAVE_REGS |
			     FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED |
			     FTRACE_OPS_FL_IPMODIFY);
}

/*
 * What a site should call: nothing, the entry code, or a direct ops'
 * trampoline when that ops is the only one wanting it (with others, the
 * entry code goes on into the trampoline after their callbacks).
 */
static unsigned long site_wanted(unsigned long ip)
{
	struct ftrace_ops *ops, *direct = NULL;
	unsigned int users = 0;
	bool regs = false;

	if (!ftrace_enabled)
		return SITE_NOP;
	list_for_each_entry(ops, &ftrace_ops_list, list) {
		if (!ftrace_ops_wants(ops, ip))
			continue;
		users++;
		regs |= ops_needs_regs(ops);
		if (ops->flags & FTRACE_OPS_FL_DIRECT)
			direct = ops;
	}
	if (!users)
		return SITE_NOP;
	if (users == 1 && direct)
		return direct->direct_call;
	return regs ? SITE_REGS : SITE_CALL;
}

/**
 * arch_ftrace_ops_list_func() - call every registered ops that wants @ip
 * @ip: the call site
 * @parent_ip: where the traced function returns to
 * @unused: the entry code's op, not needed here
 * @fregs: the saved registers
 *
 * The entry code calls this whenever more than one ops is registered, or
 * the only one does not protect itself from recursion.  The linker
 * script names it ftrace_ops_list_func too.
 */
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *unused,
			       struct ftrace_regs *fregs)
{
	struct ftrace_ops *ops;
	int bit;

	bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	if (bit < 0)
		return;
	/* The recursion guard holds preemption off: no lockdep walk here. */
	list_for_each_entry_rcu(ops, &ftrace_ops_list, list, true) {
		/*
		 * A site still being switched over may lack the registers.
		 * The flags may change meanwhile (an ops just unlisted loses
		 * FTRACE_OPS_FL_ENABLED), not the bits read here.
		 */
		if ((READ_ONCE(ops->flags) & (FTRACE_OPS_FL_SAVE_REGS |
					      FTRACE_OPS_FL_IPMODIFY)) &&
		    !ftrace_get_regs(fregs))
			continue;
		if (ftrace_ops_wants(ops, ip))
			ops->func(ip, parent_ip, ops, fregs);
	}
	trace_clear_recursion(bit);
}
NOKPROBE_SYMBOL(arch_ftrace_ops_list_func);

/* ---- patching --------------------------------------------------------- */

static void ftrace_bug(unsigned long ip, int err)
{
	ftrace_disabled = true;
	pr_err("call site %pS is not what was expected (%d): function tracing is off for good\n",
	       (void *)ip, err);
	WARN_ON_ONCE(1);
}

/* Bring every live site to what the registered ops want. */
static void patch_sites(void)
{
	struct ftrace_table *t;
	unsigned int i;
	int err;

	mutex_lock(&text_mutex);
	list_for_each_entry(t, &ftrace_tables, list) {
		if (!t->live)
			continue;
		for (i = 0; i < t->count && !ftrace_disabled; i++) {
			struct ftrace_site *s = &t->sites[i];
			unsigned long want;

			if (site_state(s) == SITE_GONE)
				continue;
			want = site_wanted(site_ip(s));
			if (want == site_state(s))
				continue;
			/* A site's state is the address it calls. */
			err = -ERANGE;
			if (site_fits(want))
				err = ftrace_arch_patch(site_ip(s), site_state(s),
							want);
			if (err)
				ftrace_bug(site_ip(s), err);
			else
				site_set_state(s, want);
		}
	}
	ftrace_arch_patch_finish();
	mutex_unlock(&text_mutex);
}

/*
 * Point the entry code at @func.  When @op changes, the old one may sit
 * in a register of a task preempted inside the entry code, about to make
 * its call; the list function, in place meanwhile, ignores the op, and
 * those tasks are waited for before a callback that reads it comes in.
 */
static void set_trace_func(ftrace_func_t func, struct ftrace_ops *op)
{
	static ftrace_func_t now = ftrace_stub;

	if (op && op != ftrace_trace_op) {
		if (now != arch_ftrace_ops_list_func) {
			now = arch_ftrace_ops_list_func;
			static_call_update(ftrace_trace_func, now);
		}
		WRITE_ONCE(ftrace_trace_op, op);
		synchronize_rcu_tasks();
	}
	if (func != now) {
		now = func;
		static_call_update(ftrace_trace_func, func);
	}
}

/*
 * The one ops registered, which does not guard itself against recursion
 * (kprobes' ops): the list function's guard, without its walk - every
 * patched site is one the ops wants.
 */
static void ftrace_single_assist(unsigned long ip, unsigned long parent_ip,
				 struct ftrace_ops *op,
				 struct ftrace_regs *fregs)
{
	int bit;

	bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	if (bit < 0)
		return;
	op->func(ip, parent_ip, op, fregs);
	trace_clear_recursion(bit);
}
NOKPROBE_SYMBOL(ftrace_single_assist);

/*
 * The one ops the entry code may call without the list function, or
 * NULL.  Not one that is freed when unregistered (FTRACE_OPS_FL_DYNAMIC):
 * the entry code may still pass it to a task preempted in between.
 */
static struct ftrace_ops *sole_ops(void)
{
	struct ftrace_ops *ops;

	ops = list_first_entry_or_null(&ftrace_ops_list, struct ftrace_ops,
				       list);
	if (!ops || !list_is_singular(&ftrace_ops_list) ||
	    (ops->flags & FTRACE_OPS_FL_DYNAMIC))
		return NULL;
	return ops;
}

/**
 * ftrace_update() - make the sites and the entry code match the
 *	registered ops
 *
 * Context: ftrace_lock held.
 */
void ftrace_update(void)
{
	struct ftrace_ops *sole;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return;
	if (!list_empty(&ftrace_ops_list))
		set_trace_func(arch_ftrace_ops_list_func, NULL);
	patch_sites();
	if (ftrace_disabled || !ftrace_enabled ||
	    list_empty(&ftrace_ops_list)) {
		set_trace_func(ftrace_stub, NULL);
		return;
	}
	sole = sole_ops();
	if (sole)
		set_trace_func(sole->flags & FTRACE_OPS_FL_RECURSION ?
			       sole->func : ftrace_single_assist, sole);
}

/* ---- registering callbacks -------------------------------------------- */

/**
 * __register_ftrace_function() - register_ftrace_function() without the
 *	direct calls' part
 * @ops: the callback and its filters
 *
 * Return: as register_ftrace_function().
 */
int __register_ftrace_function(struct ftrace_ops *ops)
{
	int ret = 0;

	mutex_lock(&ftrace_lock);
	if (ftrace_disabled)
		ret = -ENODEV;
	else if (ops->flags & FTRACE_OPS_FL_ENABLED)
		ret = -EBUSY;
	if (!ret) {
		ops->flags |= FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_INITIALIZED;
		list_add_tail_rcu(&ops->list, &ftrace_ops_list);
		ftrace_update();
	}
	mutex_unlock(&ftrace_lock);
	return ret;
}

/*
 * Who registers an ops that may move the traced function
 * (FTRACE_OPS_FL_IPMODIFY): ftrace_direct.c, which tells the direct ops
 * such an ops meets.  Set once at boot, before any direct ops can exist;
 * until then, and without direct calls, such an ops has no direct ops to
 * meet and registers as any other.
 */
static const struct ftrace_ipmodify_hook *ipmodify_hook __ro_after_init;

/**
 * ftrace_set_ipmodify_hook() - route the ops that may move the traced
 *	function through the direct calls' code
 * @hook: ftrace_direct.c's
 */
void __init ftrace_set_ipmodify_hook(const struct ftrace_ipmodify_hook *hook)
{
	WRITE_ONCE(ipmodify_hook, hook);
}

/**
 * register_ftrace_function() - start calling an ops' callback
 * @ops: the callback and its filters
 *
 * Return: 0, -EBUSY if it is registered already (or, for an ops with
 * FTRACE_OPS_FL_IPMODIFY, if a direct ops on one of its functions cannot
 * share it), -ENODEV if function tracing is off for good, or the error
 * of such a direct ops' ops_func.
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	const struct ftrace_ipmodify_hook *hook = READ_ONCE(ipmodify_hook);

	if ((ops->flags & FTRACE_OPS_FL_IPMODIFY) && hook)
		return hook->reg(ops);
	return __register_ftrace_function(ops);
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

/**
 * __unregister_ftrace_function() - unregister_ftrace_function() without
 *	the direct calls' part
 * @ops: as registered
 *
 * Return: as unregister_ftrace_function().
 */
int __unregister_ftrace_function(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	if (!(ops->flags & FTRACE_OPS_FL_ENABLED)) {
		mutex_unlock(&ftrace_lock);
		return -EINVAL;
	}
	list_del_rcu(&ops->list);
	/* The list function may still be reading the flags. */
	WRITE_ONCE(ops->flags, ops->flags & ~FTRACE_OPS_FL_ENABLED);
	ftrace_update();
	mutex_unlock(&ftrace_lock);
	/* The list function walks the ops with preemption disabled. */
	synchronize_rcu();
	return 0;
}

/**
 * unregister_ftrace_function() - stop calling an ops' callback
 * @ops: as registered
 *
 * On return no CPU is running the callback through ftrace any more.
 *
 * Return: 0, or -EINVAL if @ops is not registered.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	const struct ftrace_ipmodify_hook *hook = READ_ONCE(ipmodify_hook);

	if ((ops->flags & FTRACE_OPS_FL_IPMODIFY) && hook)
		return hook->unreg(ops);
	return __unregister_ftrace_function(ops);
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

/**
 * ftrace_ops_slot() - where an ops keeps one of its sets
 * @ops: the ops
 * @exclude: the notrace set rather than the filter
 *
 * Return: the pointer's address.
 */
struct ftrace_ip_set __rcu **ftrace_ops_slot(struct ftrace_ops *ops,
					     bool exclude)
{
	return exclude ? &ops->notrace_ips : &ops->filter_ips;
}

/**
 * ftrace_ops_set() - one of an ops' sets
 * @ops: the ops
 * @exclude: the notrace set rather than the filter
 *
 * Context: ftrace_lock held.
 * Return: the set, or NULL for none.
 */
struct ftrace_ip_set *ftrace_ops_set(struct ftrace_ops *ops, bool exclude)
{
	return rcu_dereference_protected(*ftrace_ops_slot(ops, exclude),
					 lockdep_is_held(&ftrace_lock));
}

/**
 * ftrace_ops_set_replace() - replace one of an ops' sets
 * @ops: the ops
 * @exclude: the notrace set rather than the filter
 * @set: the new set (NULL: none), which the ops now owns
 *
 * The sites follow if @ops is registered; the old set is freed after a
 * grace period.
 *
 * Context: ftrace_lock held.
 */
void ftrace_ops_set_replace(struct ftrace_ops *ops, bool exclude,
			    struct ftrace_ip_set *set)
{
	struct ftrace_ip_set *old;

	lockdep_assert_held(&ftrace_lock);
	old = rcu_replace_pointer(*ftrace_ops_slot(ops, exclude), set,
				  lockdep_is_held(&ftrace_lock));
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		ftrace_update();
	if (old)
		call_rcu(&old->rcu, set_free_rcu);
}

/*
 * Add @ips to one of @ops' sets or remove them; @reset empties the set
 * first.  An empty filter is no filter (every function); an empty
 * notrace is no notrace.
 */
static int ops_set_edit(struct ftrace_ops *ops, bool exclude,
			const unsigned long *ips, unsigned int cnt,
			bool remove, bool reset)
{
	struct ftrace_ip_set *set;

	lockdep_assert_held(&ftrace_lock);
	set = ftrace_ip_set_edit(reset ? NULL : ftrace_ops_set(ops, exclude), ips, cnt, remove);
	if (!set)
		return -ENOMEM;
	if (!set->count) {
		kvfree(set);
		set = NULL;
	}
	ftrace_ops_set_replace(ops, exclude, set);
	return 0;
}

/**
 * ftrace_set_filter_ips() - add functions to an ops' filter, or remove them
 * @ops: the ops
 * @ips: call sites (or function starts, see ftrace_location())
 * @cnt: how many
 * @remove: remove them instead
 * @reset: empty the filter first
 *
 * An ops with an empty filter traces every function.
 *
 * Return: 0, -EINVAL if an address is not a call site, -EBUSY if @ops is
 * registered as a direct ops, -ENOMEM.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	unsigned long *sites;
	unsigned int i;
	int ret = 0;

	if (ops->flags & FTRACE_OPS_FL_DIRECT)
		return -EBUSY;
	sites = kvmalloc_array(cnt ?: 1, sizeof(*sites), GFP_KERNEL);
	if (!sites)
		return -ENOMEM;
	for (i = 0; i < cnt && !ret; i++) {
		sites[i] = ftrace_location(ips[i]);
		if (!sites[i])
			ret = -EINVAL;
	}
	if (!ret) {
		mutex_lock(&ftrace_lock);
		ret = ops_set_edit(ops, false, sites, cnt, remove, reset);
		mutex_unlock(&ftrace_lock);
	}
	kvfree(sites);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

/**
 * ftrace_set_filter_ip() - add a function to an ops' filter, or remove it
 * @ops: the ops
 * @ip: a call site (or function start)
 * @remove: remove it instead
 * @reset: empty the filter first
 *
 * Return: 0, -EINVAL if @ip is not a call site, -EBUSY if @ops is
 * registered as a direct ops, -ENOMEM.
 */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/**
 * ftrace_free_filter() - drop an ops' filter and notrace sets
 * @ops: the ops; one registered as a direct ops keeps its sets
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	struct ftrace_ip_set *f, *n;

	/* A registered direct ops would call its trampoline everywhere. */
	if (ops->flags & FTRACE_OPS_FL_DIRECT)
		return;
	mutex_lock(&ftrace_lock);
	f = rcu_replace_pointer(ops->filter_ips, NULL, lockdep_is_held(&ftrace_lock));
	n = rcu_replace_pointer(ops->notrace_ips, NULL, lockdep_is_held(&ftrace_lock));
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		ftrace_update();
	mutex_unlock(&ftrace_lock);
	synchronize_rcu();
	kvfree(f);
	kvfree(n);
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);

/**
 * ftrace_ops_copy_sets() - give an ops copies of another's filter and
 *	notrace sets
 * @dst: the ops to set; the sets it had are dropped
 * @src: the ops to copy from (a session's set_ftrace_filter and
 *	set_ftrace_notrace, for the function profiler)
 *
 * Later changes of @src's sets do not reach @dst.
 *
 * Return: 0, or -ENOMEM (then @dst is left as it was).
 */
int ftrace_ops_copy_sets(struct ftrace_ops *dst, struct ftrace_ops *src)
{
	struct ftrace_ip_set *copy[2] = { NULL, NULL }, *set;
	int i, ret = 0;

	mutex_lock(&ftrace_lock);
	for (i = 0; i < 2; i++) {
		set = ftrace_ops_set(src, i);
		if (!set)
			continue;
		/* An empty filter stays one: it traces nothing. */
		copy[i] = ftrace_ip_set_edit(set, NULL, 0, false);
		if (!copy[i])
			ret = -ENOMEM;
	}
	for (i = 0; i < 2; i++) {
		if (ret)
			kvfree(copy[i]);
		else
			ftrace_ops_set_replace(dst, i, copy[i]);
	}
	mutex_unlock(&ftrace_lock);
	return ret;
}

/**
 * ftrace_nr_functions() - how many functions can be traced now
 *
 * Return: the call sites of vmlinux and of the loaded modules, less
 * those of freed init code.
 */
unsigned int ftrace_nr_functions(void)
{
	struct ftrace_table *t;
	unsigned int n = 0;

	mutex_lock(&ftrace_lock);
	list_for_each_entry(t, &ftrace_tables, list)
		n += t->count - t->gone;
	mutex_unlock(&ftrace_lock);
	return n;
}

/* ---- selecting functions by name -------------------------------------- */

/**
 * ftrace_ipvec_push() - append an address to a growing list
 * @v: the list
 * @ip: the address
 *
 * Return: 0 or -ENOMEM.
 */
int ftrace_ipvec_push(struct ftrace_ipvec *v, unsigned long ip)
{
	if (v->n == v->cap) {
		unsigned int cap = v->cap ? 2 * v->cap : 64;
		unsigned long *ip2;

		ip2 = kvrealloc(v->ip, cap * sizeof(*ip2), GFP_KERNEL);
		if (!ip2)
			return -ENOMEM;
		v->ip = ip2;
		v->cap = cap;
	}
	v->ip[v->n++] = ip;
	return 0;
}

/**
 * ftrace_match_glob() - fill in a match's function part
 * @glob: a name, a shell glob, or a number: a line of
 *	available_filter_functions (what libtracefs writes), in any base
 *	kstrtoul() takes
 * @m: the match
 *
 * Return: 0, or -EINVAL for a number that is not one or is 0.
 */
int ftrace_match_glob(const char *glob, struct ftrace_match *m)
{
	m->glob = *glob ? glob : "*";
	m->exact = !strpbrk(m->glob, "*?[");
	m->index = 0;
	if (isdigit(*glob) && (kstrtoul(glob, 0, &m->index) || !m->index))
		return -EINVAL;
	return 0;
}

/* Split "glob", "glob:mod:module" or ":mod:module".  -EINVAL if malformed. */
static int match_parse(char *word, struct ftrace_match *m)
{
	char *colon = strchr(word, ':');

	m->mod = NULL;
	if (colon) {
		*colon = '\0';
		if (strncmp(colon + 1, "mod:", 4) || !colon[5] ||
		    strchr(colon + 5, ':'))
			return -EINVAL;
		m->mod = colon + 5;
	}
	return ftrace_match_glob(word, m);
}

static bool table_matches_mod(struct ftrace_table *t, const char *mod)
{
	if (!mod)
		return true;
	if (!t->mod)
		return !strcmp(mod, "kernel");
	return !strcmp(mod, module_name(t->mod));
}

/* Collect the live sites whose function's name matches @m. */
static int match_sites(const struct ftrace_match *m, struct ftrace_ipvec *out)
{
	char name[KSYM_NAME_LEN];
	struct ftrace_table *t;
	unsigned int i;
	int ret;

	list_for_each_entry(t, &ftrace_tables, list) {
		if (!table_matches_mod(t, m->mod))
			continue;
		for (i = 0; i < t->count; i++) {
			if (site_state(&t->sites[i]) == SITE_GONE)
				continue;
			if (lookup_symbol_name(site_ip(&t->sites[i]), name))
				continue;
			if (m->exact ? strcmp(name, m->glob) :
				       !glob_match(m->glob, name))
				continue;
			ret = ftrace_ipvec_push(out, site_ip(&t->sites[i]));
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * The site on line @index (from 1) of available_filter_functions: the
 * tables in their order (vmlinux first, then the modules as they came),
 * the sites whose text is gone left out.  Nothing if out of range.
 */
static int match_index(unsigned long index, struct ftrace_ipvec *out)
{
	struct ftrace_table *t;
	unsigned int i;

	index--;
	list_for_each_entry(t, &ftrace_tables, list) {
		if (index >= t->count - t->gone) {
			index -= t->count - t->gone;
			continue;
		}
		if (!t->gone)
			return ftrace_ipvec_push(out, site_ip(&t->sites[index]));
		for (i = 0; i < t->count; i++)
			if (site_state(&t->sites[i]) != SITE_GONE && !index--)
				return ftrace_ipvec_push(out, site_ip(&t->sites[i]));
	}
	return 0;
}

/*
 * A plain name in vmlinux is found through kallsyms' name index rather
 * than by naming every call site: the function tracer's filter files
 * see "echo name > set_ftrace_filter" far more often than globs.
 */
static int match_name_cb(void *data, unsigned long addr)
{
	unsigned long site = ftrace_location(addr);

	return site ? ftrace_ipvec_push(data, site) : 0;
}

/**
 * ftrace_match_sites_fast() - the call sites a match selects
 * @m: the match
 * @out: the list they are appended to
 *
 * An exact name is looked up through kallsyms rather than by walking
 * every site.
 *
 * Context: ftrace_lock held.
 * Return: 0 (an index past the end selects nothing) or -ENOMEM.
 */
int ftrace_match_sites_fast(const struct ftrace_match *m,
			    struct ftrace_ipvec *out)
{
	struct ftrace_table *t;
	char name[KSYM_NAME_LEN];
	unsigned int i;
	int ret;

	if (m->index)
		return match_index(m->index, out);
	if (!m->exact || m->mod)
		return match_sites(m, out);
	ret = kallsyms_on_each_match_symbol(match_name_cb, m->glob, out);
	if (ret)
		return ret;
	list_for_each_entry(t, &ftrace_tables, list) {
		if (!t->mod)
			continue;
		for (i = 0; i < t->count; i++) {
			if (site_state(&t->sites[i]) == SITE_GONE ||
			    lookup_symbol_name(site_ip(&t->sites[i]), name) ||
			    strcmp(name, m->glob))
				continue;
			ret = ftrace_ipvec_push(out, site_ip(&t->sites[i]));
			if (ret)
				return ret;
		}
	}
	return 0;
}

static bool module_present(const char *name)
{
	struct ftrace_table *t;

	list_for_each_entry(t, &ftrace_tables, list)
		if (table_matches_mod(t, name))
			return true;
	return !strcmp(name, "kernel");
}

/**
 * ftrace_pending_free() - free a list of waiting filter words
 * @pending: the list, left empty
 */
void ftrace_pending_free(struct list_head *pending)
{
	struct ftrace_pending_word *p, *n;

	list_for_each_entry_safe(p, n, pending, list) {
		list_del(&p->list);
		kfree(p);
	}
}

/* Add or remove "glob:mod:module" in @pending. */
static int pending_edit(struct ftrace_ops *ops, bool exclude,
			struct list_head *pending,
			const struct ftrace_match *m, bool remove)
{
	struct ftrace_pending_word *p, *n;
	char *text;

	text = kasprintf(GFP_KERNEL, "%s:mod:%s", m->glob, m->mod);
	if (!text)
		return -ENOMEM;
	list_for_each_entry_safe(p, n, pending, list) {
		if (strcmp(p->text, text))
			continue;
		if (remove) {
			list_del(&p->list);
			kfree(p);
		}
		kfree(text);
		return 0;
	}
	if (!remove) {
		size_t len = strlen(text) + 1;

		p = kmalloc(sizeof(*p) + len, GFP_KERNEL);
		if (!p) {
			kfree(text);
			return -ENOMEM;
		}
		memcpy(p->text, text, len);
		list_add_tail(&p->list, pending);
		/* Until the module comes, a filter of it selects nothing. */
		if (!exclude && !ftrace_ops_set(ops, false)) {
			struct ftrace_ip_set *none = ftrace_ip_set_alloc(0);

			if (!none) {
				kfree(text);
				return -ENOMEM;
			}
			ftrace_ops_set_replace(ops, false, none);
		}
	}
	kfree(text);
	return 0;
}

/**
 * ftrace_ops_apply_word() - apply one filter word to an ops' set
 * @ops: the ops
 * @exclude: its notrace set rather than its filter
 * @word: "[!]glob[:mod:module]"
 * @pending: where a word for a module not loaded waits, or NULL
 *
 * Context: ftrace_lock held.
 * Return: 0, -EINVAL if malformed or if it matches no function, -ENOMEM.
 */
int ftrace_ops_apply_word(struct ftrace_ops *ops, bool exclude, char *word,
			  struct list_head *pending)
{
	struct ftrace_ipvec v = {};
	struct ftrace_match m;
	bool remove = *word == '!';
	int ret;

	lockdep_assert_held(&ftrace_lock);
	ret = match_parse(word + remove, &m);
	if (ret)
		return ret;
	/* An index names a function already there, as in Linux. */
	if (pending && m.mod && !m.index && !module_present(m.mod))
		return pending_edit(ops, exclude, pending, &m, remove);
	ret = ftrace_match_sites_fast(&m, &v);
	if (!ret && !v.n)
		ret = -EINVAL;
	if (!ret)
		ret = ops_set_edit(ops, exclude, v.ip, v.n, remove, false);
	kvfree(v.ip);
	return ret;
}

static int ops_apply_text(struct ftrace_ops *ops, bool exclude,
			  unsigned char *buf, int len, int reset)
{
	char *text, *p, *word;
	int ret = 0;

	if (ops->flags & FTRACE_OPS_FL_DIRECT)
		return -EBUSY;
	/* No text (upstream's callers pass NULL to only reset): no word. */
	text = buf ? kmemdup_nul(buf, len, GFP_KERNEL) : kzalloc(1, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	mutex_lock(&ftrace_lock);
	if (reset)
		ftrace_ops_set_replace(ops, exclude, NULL);
	p = text;
	while (!ret && (word = strsep(&p, " \t\n")))
		if (*word)
			ret = ftrace_ops_apply_word(ops, exclude, word, NULL);
	mutex_unlock(&ftrace_lock);
	kfree(text);
	return ret;
}

/**
 * ftrace_set_filter() - select an ops' functions by name
 * @ops: the ops
 * @buf: words "[!]glob[:mod:module]" or "[!]N" (line N of
 *	available_filter_functions) separated by white space, or NULL
 * @len: length of @buf
 * @reset: empty the filter first
 *
 * Return: 0, -EINVAL for a malformed word or one that matches nothing,
 * -EBUSY if @ops is registered as a direct ops, -ENOMEM.
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset)
{
	return ops_apply_text(ops, false, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

/**
 * ftrace_set_notrace() - exclude functions from an ops by name
 * @ops: the ops
 * @buf: words "[!]glob[:mod:module]" or "[!]N" (line N of
 *	available_filter_functions) separated by white space, or NULL
 * @len: length of @buf
 * @reset: empty the notrace set first
 *
 * Return: 0, -EINVAL for a malformed word or one that matches nothing,
 * -EBUSY if @ops is registered as a direct ops, -ENOMEM.
 */
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset)
{
	return ops_apply_text(ops, true, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/**
 * ftrace_lookup_symbols() - the addresses of sorted symbol names
 * @sorted_syms: names, sorted
 * @cnt: how many
 * @addrs: their addresses, filled in
 *
 * Return: 0, or -ENOENT if a name is not a traceable function.
 */
int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
			  unsigned long *addrs)
{
	size_t i;

	for (i = 0; i < cnt; i++) {
		addrs[i] = kallsyms_lookup_name(sorted_syms[i]);
		if (!addrs[i] || !ftrace_location(addrs[i]))
			return -ENOENT;
	}
	return 0;
}

/* ---- tables: boot, modules, freed init code --------------------------- */

static struct ftrace_table *table_build(struct module *mod,
					const unsigned long *start,
					const unsigned long *end)
{
	unsigned long size, off, ip;
	unsigned int n = 0, i;
	size_t bytes;
	struct ftrace_table *t;

	/*
	 * vmlinux's table is over a hundred KB: from vmalloc, page by page,
	 * since kvzalloc() would take a power-of-two block from kmalloc
	 * first (256 KB for 150).  A module's small one comes from kmalloc.
	 */
	bytes = struct_size(t, sites, end - start);
	if (bytes > PAGE_SIZE)
		t = vzalloc(bytes);
	else
		t = kzalloc(bytes, GFP_KERNEL);
	if (!t)
		return NULL;
	t->mod = mod;
	t->count = end - start;
	for (i = 0; start + i < end; i++) {
		ip = ftrace_call_adjust(start[i]);
		/* 0: a site in a section the linker discarded. */
		if (!ip)
			continue;
		if (ftrace_arch_init_site(ip)) {
			pr_warn("cannot set up the call site at %pS\n",
				(void *)ip);
			continue;
		}
		/*
		 * A site past a symbol's entry belongs to a weak function
		 * whose code was replaced: not a function to offer.
		 */
		if (kallsyms_lookup_size_offset(ip, &size, &off) &&
		    off > FTRACE_MCOUNT_MAX_OFFSET)
			continue;
		if (!site_fits(ip)) {
			pr_warn("call site %pS is out of reach\n", (void *)ip);
			continue;
		}
		t->sites[n].ip_word = ip;
		site_set_state(&t->sites[n], SITE_NOP);
		n++;
	}
	t->count = n;
	sort(t->sites, n, sizeof(t->sites[0]), site_cmp, NULL);
	return t;
}

/**
 * ftrace_init() - turn every call site of vmlinux into a NOP
 *
 * Called from start_kernel() while only the boot CPU runs.
 */
void __init ftrace_init(void)
{
	struct ftrace_table *t;

	t = table_build(NULL, __start_mcount_loc, __stop_mcount_loc);
	if (!t) {
		pr_err("no memory for the call-site table: function tracing is off\n");
		ftrace_disabled = true;
		return;
	}
	t->live = true;
	list_add_rcu(&t->list, &ftrace_tables);
	pr_info("%u call sites, all NOPs\n", t->count);
}

#ifdef CONFIG_MODULES
/* Who is told of modules' call sites coming and going (ftrace_lock). */
static LIST_HEAD(ftrace_module_hooks);

/**
 * ftrace_module_init() - turn a module's call sites into NOPs
 * @mod: the module being loaded, not yet formed
 */
void ftrace_module_init(struct module *mod)
{
	struct ftrace_table *t;

	if (!mod->num_ftrace_callsites)
		return;
	t = table_build(mod, mod->ftrace_callsites,
			mod->ftrace_callsites + mod->num_ftrace_callsites);
	if (!t) {
		pr_warn("%s: no memory for its call sites: not traceable\n",
			mod->name);
		return;
	}
	mutex_lock(&ftrace_lock);
	list_add_tail_rcu(&t->list, &ftrace_tables);
	mutex_unlock(&ftrace_lock);
}

static struct ftrace_table *table_of(struct module *mod)
{
	struct ftrace_table *t;

	list_for_each_entry(t, &ftrace_tables, list)
		if (t->mod == mod)
			return t;
	return NULL;
}

/**
 * register_ftrace_module_hook() - be told of modules' call sites
 * @hook: the callbacks; built-in, never unregistered
 *
 * The function tracer's files keep filters of ops that are not
 * registered (a session's set_ftrace_filter while its tracer is off) and
 * words that wait for a module: this is how the call-site layer tells
 * them, without knowing what they are.
 */
void register_ftrace_module_hook(struct ftrace_module_hook *hook)
{
	mutex_lock(&ftrace_lock);
	list_add_tail(&hook->list, &ftrace_module_hooks);
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_module_enable() - let tracers have a formed module's call sites
 * @mod: the module, about to run its init function
 */
void ftrace_module_enable(struct module *mod)
{
	struct ftrace_module_hook *hook;
	struct ftrace_table *t;

	mutex_lock(&ftrace_lock);
	t = table_of(mod);
	if (t) {
		t->live = true;
		list_for_each_entry(hook, &ftrace_module_hooks, list)
			hook->coming(mod);
		if (!list_empty(&ftrace_ops_list))
			ftrace_update();
	}
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_ops_purge() - drop addresses that are going away from an ops' sets
 * @ops: the ops
 * @ips: the addresses, sorted
 * @cnt: how many
 *
 * A filter that had only such addresses becomes empty but stays a
 * filter: the ops then traces nothing, not everything.
 *
 * Context: ftrace_lock held.
 */
void ftrace_ops_purge(struct ftrace_ops *ops, const unsigned long *ips,
		      unsigned int cnt)
{
	bool exclude;

	for (exclude = false; ; exclude = true) {
		struct ftrace_ip_set *set = ftrace_ops_set(ops, exclude), *new;

		if (set && set->count) {
			new = ftrace_ip_set_edit(set, ips, cnt, true);
			if (new && new->count != set->count)
				ftrace_ops_set_replace(ops, exclude, new);
			else
				kvfree(new);
		}
		if (exclude)
			break;
	}
}

/*
 * Forget @t's addresses in the registered ops, and have the hooks forget
 * them in the sets they keep of ops not registered.
 */
static void purge_table_from_sets(struct ftrace_table *t)
{
	struct ftrace_module_hook *hook;
	struct ftrace_ops *ops;
	unsigned long *ips;
	unsigned int i;

	ips = kvmalloc_array(t->count ?: 1, sizeof(*ips), GFP_KERNEL);
	if (!ips)
		return;
	for (i = 0; i < t->count; i++)
		ips[i] = site_ip(&t->sites[i]);
	list_for_each_entry(ops, &ftrace_ops_list, list)
		ftrace_ops_purge(ops, ips, t->count);
	list_for_each_entry(hook, &ftrace_module_hooks, list)
		hook->going(ips, t->count);
	kvfree(ips);
}

/**
 * ftrace_release_mod() - forget a module's call sites
 * @mod: the module, unloaded or failed to load
 */
void ftrace_release_mod(struct module *mod)
{
	struct ftrace_module_hook *hook;
	struct ftrace_table *t;

	mutex_lock(&ftrace_lock);
	t = table_of(mod);
	if (t) {
		list_del_rcu(&t->list);
		purge_table_from_sets(t);
	}
	mutex_unlock(&ftrace_lock);
	if (!t)
		return;
	/*
	 * Out of the list, its sites match no new filter word; the hooks
	 * were told under ftrace_lock and are not unregistered (they are
	 * built in), so the list is read without it.
	 */
	if (t->count)
		list_for_each_entry(hook, &ftrace_module_hooks, list)
			hook->gone(site_ip(&t->sites[0]),
				   site_ip(&t->sites[t->count - 1]) + 1);
	synchronize_rcu();
	kvfree(t);
}

#endif /* CONFIG_MODULES */

/**
 * ftrace_free_mem() - forget the call sites in text that is being freed
 * @mod: the module it belongs to, or NULL
 * @start: its first byte
 * @end: one past its last byte
 */
void ftrace_free_mem(struct module *mod, void *start, void *end)
{
	unsigned long lo = (unsigned long)start, hi = (unsigned long)end;
	struct ftrace_table *t;
	unsigned int i;

	mutex_lock(&ftrace_lock);
	list_for_each_entry(t, &ftrace_tables, list) {
		if (t->mod != mod)
			continue;
		for (i = 0; i < t->count; i++) {
			struct ftrace_site *s = &t->sites[i];

			if (site_ip(s) < lo || site_ip(s) >= hi ||
			    site_state(s) == SITE_GONE)
				continue;
			site_set_state(s, SITE_GONE);
			t->gone++;
		}
	}
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_free_init_mem() - forget the call sites in vmlinux's init code
 */
void __ref ftrace_free_init_mem(void)
{
	ftrace_free_mem(NULL, __init_begin, __init_end);
}

/**
 * ftrace_kill() - turn function tracing off for good
 *
 * For when something went wrong that makes patching unsafe: the entry
 * code stops calling anything, the sites stay as they are.
 */
void ftrace_kill(void)
{
	mutex_lock(&ftrace_lock);
	ftrace_disabled = true;
	set_trace_func(ftrace_stub, NULL);
	mutex_unlock(&ftrace_lock);
}

#ifdef CONFIG_MODULES
/**
 * ftrace_mod_address_lookup() - symbols of trampolines ftrace allocated
 * @addr: the address
 * @size: its symbol's size
 * @off: its offset in the symbol
 * @modname: "__builtin__ftrace"
 * @modbuildid: the build id
 * @sym: the symbol's name
 *
 * Return: 0: there are none.
 */
int ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			      unsigned long *off, char **modname,
			      const unsigned char **modbuildid, char *sym)
{
	return 0;
}

#endif /* CONFIG_MODULES */

/**
 * ftrace_mod_get_kallsym() - list the symbols of ftrace's trampolines
 * @symnum: which one
 * @value: its address
 * @type: its type
 * @name: its name
 * @module_name: its module
 * @exported: whether exported
 *
 * Return: -ERANGE: there are none.
 */
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported)
{
	return -ERANGE;
}

/* ---- kernel.ftrace_enabled --------------------------------------------- */

static int ftrace_enabled_handler(const struct ctl_table *table, int write,
				  void *buffer, size_t *lenp, loff_t *ppos)
{
	int was, ret;

	mutex_lock(&ftrace_lock);
	was = ftrace_enabled;
	ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);
	if (!ret && write && was != ftrace_enabled)
		ftrace_update();
	mutex_unlock(&ftrace_lock);
	return ret;
}

static struct ctl_table ftrace_enabled_table[] = {
	{
		.procname	= "ftrace_enabled",
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= ftrace_enabled_handler,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE,
	},
};

static int __init ftrace_sysctl_init(void)
{
	register_sysctl_init("kernel", ftrace_enabled_table);
	return 0;
}
late_initcall(ftrace_sysctl_init);
