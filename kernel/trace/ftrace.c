// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic ftrace: the function entry call sites and the callbacks that
 * want them.
 *
 * The compiler starts every traceable function with a 5-byte call to
 * __fentry__ and lists the address of each such call site in the
 * __mcount_loc section (a module's in its own).  This file keeps one
 * table of sites for vmlinux and one per module, sorted by address,
 * each site with what it holds now: a NOP, a call to ftrace_caller or a
 * call to ftrace_regs_caller (arch/x86/kernel/ftrace_64.S).
 *
 * Callbacks come as struct ftrace_ops, each with two sets of addresses:
 * the filter (the functions it wants; none means all) and notrace (the
 * ones it never wants).  Whenever the registered ops or their sets
 * change, ftrace_update() works out afresh, for every site, whether
 * some ops wants it and whether that ops needs the full register set,
 * and rewrites the sites whose answer changed.  There are no per-site
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

#include "trace.h"

/* What a call site holds. */
enum site_state {
	SITE_NOP,
	SITE_CALL,	/* call ftrace_caller */
	SITE_REGS,	/* call ftrace_regs_caller */
	SITE_GONE,	/* its text was freed (init code) */
};

struct ftrace_site {
	unsigned long	ip;
	unsigned long	state;
};

/**
 * struct ftrace_table - the call sites of vmlinux or of one module
 * @list: in ftrace_tables
 * @mod: the module, NULL for vmlinux
 * @live: the module is formed: its sites may be patched
 * @gone: how many of @sites are SITE_GONE
 * @count: number of @sites
 * @sites: sorted by address
 */
struct ftrace_table {
	struct list_head	list;
	struct module		*mod;
	bool			live;
	unsigned int		gone;
	unsigned int		count;
	struct ftrace_site	sites[] __counted_by(count);
};

/**
 * struct ftrace_ip_set - a sorted set of call-site addresses
 * @rcu: frees it after the readers are done
 * @count: number of addresses
 * @ip: the addresses, ascending
 */
struct ftrace_ip_set {
	struct rcu_head		rcu;
	unsigned int		count;
	unsigned long		ip[] __counted_by(count);
};

static DEFINE_MUTEX(ftrace_lock);
static LIST_HEAD(ftrace_tables);
static LIST_HEAD(ftrace_ops_list);
/* Set when a site held what it should not: nothing is patched again. */
static bool ftrace_disabled;

/*
 * The kernel.ftrace_enabled sysctl: 0 takes every callback off the call
 * sites (the ops stay registered and come back with 1).  kexec clears
 * it around the jump to a new kernel.
 */
int ftrace_enabled __read_mostly = 1;

DEFINE_STATIC_CALL(ftrace_trace_func, ftrace_stub);
/* The op the entry code passes; see set_trace_func(). */
struct ftrace_ops *ftrace_trace_op __read_mostly;

/* Every session's function tracer state (struct trace_func). */
static LIST_HEAD(ftrace_funcs);

/* ---- address sets ----------------------------------------------------- */

static int cmp_ip(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* The list function calls this for every ops: keep the compare inline. */
static bool set_has(const struct ftrace_ip_set *set, unsigned long ip)
{
	return __inline_bsearch(&ip, set->ip, set->count, sizeof(ip), cmp_ip);
}

static struct ftrace_ip_set *set_alloc(unsigned int count)
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

	sort(set->ip, set->count, sizeof(set->ip[0]), cmp_ip, NULL);
	for (i = 0; i < set->count; i++)
		if (!n || set->ip[n - 1] != set->ip[i])
			set->ip[n++] = set->ip[i];
	set->count = n;
}

/*
 * @set with @ips added or removed, as a new set; @set may be NULL (no
 * addresses).
 */
static struct ftrace_ip_set *set_edit(const struct ftrace_ip_set *set,
				      const unsigned long *ips,
				      unsigned int cnt, bool remove)
{
	unsigned int have = set ? set->count : 0, i, n = 0;
	struct ftrace_ip_set *new, *drop = NULL;

	if (!remove) {
		new = set_alloc(have + cnt);
		if (!new)
			return NULL;
		if (have)
			memcpy(new->ip, set->ip, have * sizeof(new->ip[0]));
		if (cnt)
			memcpy(new->ip + have, ips, cnt * sizeof(new->ip[0]));
		set_normalise(new);
		return new;
	}
	new = set_alloc(have);
	drop = set_alloc(cnt);
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

/* A site is found by its address, its first field, as cmp_ip() compares. */
static struct ftrace_site *table_find(struct ftrace_table *t, unsigned long ip)
{
	return __inline_bsearch(&ip, t->sites, t->count, sizeof(t->sites[0]),
				cmp_ip);
}

/* The live site at @ip, under ftrace_lock or RCU. */
static struct ftrace_site *site_lookup(unsigned long ip)
{
	struct ftrace_table *t;
	struct ftrace_site *s;

	list_for_each_entry_rcu(t, &ftrace_tables, list,
				lockdep_is_held(&ftrace_lock)) {
		s = table_find(t, ip);
		if (s && s->state != SITE_GONE)
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

		if (!t->count || t->sites[0].ip > hi ||
		    t->sites[t->count - 1].ip + MCOUNT_INSN_SIZE <= lo)
			continue;
		for (i = 0; i < t->count; i++) {
			const struct ftrace_site *s = &t->sites[i];

			if (s->state != SITE_GONE && s->ip <= hi &&
			    s->ip + MCOUNT_INSN_SIZE > lo) {
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

static bool ops_wants(struct ftrace_ops *ops, unsigned long ip)
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

static enum site_state site_wanted(unsigned long ip)
{
	enum site_state want = SITE_NOP;
	struct ftrace_ops *ops;

	if (!ftrace_enabled)
		return SITE_NOP;
	list_for_each_entry(ops, &ftrace_ops_list, list) {
		if (!ops_wants(ops, ip))
			continue;
		if (ops_needs_regs(ops))
			return SITE_REGS;
		want = SITE_CALL;
	}
	return want;
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
		/* A site still being switched over may lack the registers. */
		if ((ops->flags & (FTRACE_OPS_FL_SAVE_REGS |
				   FTRACE_OPS_FL_IPMODIFY)) &&
		    !ftrace_get_regs(fregs))
			continue;
		if (ops_wants(ops, ip))
			ops->func(ip, parent_ip, ops, fregs);
	}
	trace_clear_recursion(bit);
}
NOKPROBE_SYMBOL(arch_ftrace_ops_list_func);

/* ---- patching --------------------------------------------------------- */

static unsigned long state_target(unsigned long state)
{
	if (state == SITE_CALL)
		return (unsigned long)ftrace_caller;
	if (state == SITE_REGS)
		return (unsigned long)ftrace_regs_caller;
	return 0;
}

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
			enum site_state want;

			if (s->state == SITE_GONE)
				continue;
			want = site_wanted(s->ip);
			if (want == s->state)
				continue;
			err = ftrace_arch_patch(s->ip, state_target(s->state),
						state_target(want));
			if (err)
				ftrace_bug(s->ip, err);
			else
				s->state = want;
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

/* The one ops the entry code may call directly, or NULL. */
static struct ftrace_ops *direct_ops(void)
{
	struct ftrace_ops *ops;

	ops = list_first_entry_or_null(&ftrace_ops_list, struct ftrace_ops,
				       list);
	if (!ops || !list_is_singular(&ftrace_ops_list))
		return NULL;
	if ((ops->flags & (FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_DYNAMIC)) !=
	    FTRACE_OPS_FL_RECURSION)
		return NULL;
	return ops;
}

/* Make the sites and the entry code match the registered ops. */
static void ftrace_update(void)
{
	struct ftrace_ops *direct;

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
	direct = direct_ops();
	if (direct)
		set_trace_func(direct->func, direct);
}

/* ---- registering callbacks -------------------------------------------- */

/**
 * register_ftrace_function() - start calling an ops' callback
 * @ops: the callback and its filters
 *
 * Return: 0, -EBUSY if it is registered already, -ENODEV if function
 * tracing is off for good.
 */
int register_ftrace_function(struct ftrace_ops *ops)
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
EXPORT_SYMBOL_GPL(register_ftrace_function);

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
	mutex_lock(&ftrace_lock);
	if (!(ops->flags & FTRACE_OPS_FL_ENABLED)) {
		mutex_unlock(&ftrace_lock);
		return -EINVAL;
	}
	list_del_rcu(&ops->list);
	ops->flags &= ~FTRACE_OPS_FL_ENABLED;
	ftrace_update();
	mutex_unlock(&ftrace_lock);
	/* The list function walks the ops with preemption disabled. */
	synchronize_rcu();
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

static struct ftrace_ip_set __rcu **ops_slot(struct ftrace_ops *ops, bool exclude)
{
	return exclude ? &ops->notrace_ips : &ops->filter_ips;
}

static struct ftrace_ip_set *ops_set(struct ftrace_ops *ops, bool exclude)
{
	return rcu_dereference_protected(*ops_slot(ops, exclude),
					 lockdep_is_held(&ftrace_lock));
}

/* Replace one of @ops' sets; the sites follow if it is registered. */
static void ops_set_replace(struct ftrace_ops *ops, bool exclude,
			    struct ftrace_ip_set *set)
{
	struct ftrace_ip_set *old;

	lockdep_assert_held(&ftrace_lock);
	old = rcu_replace_pointer(*ops_slot(ops, exclude), set,
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
	set = set_edit(reset ? NULL : ops_set(ops, exclude), ips, cnt, remove);
	if (!set)
		return -ENOMEM;
	if (!set->count) {
		kvfree(set);
		set = NULL;
	}
	ops_set_replace(ops, exclude, set);
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
 * Return: 0, -EINVAL if an address is not a call site, -ENOMEM.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	unsigned long *sites;
	unsigned int i;
	int ret = 0;

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
 * Return: 0, -EINVAL if @ip is not a call site, -ENOMEM.
 */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/**
 * ftrace_free_filter() - drop an ops' filter and notrace sets
 * @ops: the ops
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	struct ftrace_ip_set *f, *n;

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

/* ---- selecting functions by name -------------------------------------- */

/* A growing list of call sites. */
struct ipvec {
	unsigned long	*ip;
	unsigned int	n, cap;
};

static int ipvec_push(struct ipvec *v, unsigned long ip)
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
 * struct ftrace_match - what a filter word selects
 * @glob: the function name or shell glob; "*" for any
 * @mod: only functions of this module, or NULL for any
 * @exact: @glob has no wildcard
 * @index: when not 0, @glob was a number: the function on this line
 *	(from 1) of available_filter_functions, whatever @mod says
 */
struct ftrace_match {
	const char	*glob;
	const char	*mod;
	bool		exact;
	unsigned long	index;
};

/*
 * Fill in @m's function part from @glob.  A word that starts with a digit
 * is a line number of available_filter_functions (what libtracefs writes),
 * in any base kstrtoul() takes; -EINVAL if it is not a number or is 0.
 */
static int match_glob(const char *glob, struct ftrace_match *m)
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
	return match_glob(word, m);
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
static int match_sites(const struct ftrace_match *m, struct ipvec *out)
{
	char name[KSYM_NAME_LEN];
	struct ftrace_table *t;
	unsigned int i;
	int ret;

	list_for_each_entry(t, &ftrace_tables, list) {
		if (!table_matches_mod(t, m->mod))
			continue;
		for (i = 0; i < t->count; i++) {
			if (t->sites[i].state == SITE_GONE)
				continue;
			if (lookup_symbol_name(t->sites[i].ip, name))
				continue;
			if (m->exact ? strcmp(name, m->glob) :
				       !glob_match(m->glob, name))
				continue;
			ret = ipvec_push(out, t->sites[i].ip);
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
static int match_index(unsigned long index, struct ipvec *out)
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
			return ipvec_push(out, t->sites[index].ip);
		for (i = 0; i < t->count; i++)
			if (t->sites[i].state != SITE_GONE && !index--)
				return ipvec_push(out, t->sites[i].ip);
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

	return site ? ipvec_push(data, site) : 0;
}

static int match_sites_fast(const struct ftrace_match *m, struct ipvec *out)
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
			if (t->sites[i].state == SITE_GONE ||
			    lookup_symbol_name(t->sites[i].ip, name) ||
			    strcmp(name, m->glob))
				continue;
			ret = ipvec_push(out, t->sites[i].ip);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * Words of set_ftrace_filter and set_ftrace_notrace that name a module
 * not loaded yet ("glob:mod:module"): they wait, are listed when the
 * file is read, and are applied when the module comes.
 */
struct pending_word {
	struct list_head	list;
	char			text[];
};

static bool module_present(const char *name)
{
	struct ftrace_table *t;

	list_for_each_entry(t, &ftrace_tables, list)
		if (table_matches_mod(t, name))
			return true;
	return !strcmp(name, "kernel");
}

static void pending_free(struct list_head *pending)
{
	struct pending_word *p, *n;

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
	struct pending_word *p, *n;
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
		if (!exclude && !ops_set(ops, false)) {
			struct ftrace_ip_set *none = set_alloc(0);

			if (!none) {
				kfree(text);
				return -ENOMEM;
			}
			ops_set_replace(ops, false, none);
		}
	}
	kfree(text);
	return 0;
}

/*
 * Apply one filter word ("[!]glob[:mod:module]") to @ops' filter or
 * notrace set; a word for a module not loaded goes to @pending if
 * given.  Return: 0, -EINVAL if malformed or if it matches no function,
 * -ENOMEM.
 */
static int ops_apply_word(struct ftrace_ops *ops, bool exclude, char *word,
			  struct list_head *pending)
{
	struct ipvec v = {};
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
	ret = match_sites_fast(&m, &v);
	if (!ret && !v.n)
		ret = -EINVAL;
	if (!ret)
		ret = ops_set_edit(ops, exclude, v.ip, v.n, remove, false);
	kvfree(v.ip);
	return ret;
}

/* A module came: apply the sessions' filter words that waited for it. */
static void pending_apply(struct module *mod)
{
	struct pending_word *p, *n;
	struct trace_func *fn;
	int exclude;

	list_for_each_entry(fn, &ftrace_funcs, list) {
		for (exclude = 0; exclude < 2; exclude++) {
			list_for_each_entry_safe(p, n, &fn->pending[exclude],
						 list) {
				char *colon = strstr(p->text, ":mod:");

				if (!colon ||
				    strcmp(colon + 5, module_name(mod)))
					continue;
				list_del(&p->list);
				if (ops_apply_word(&fn->ops, exclude, p->text,
						   NULL))
					pr_info("%s: no function matches '%s'\n",
						module_name(mod), p->text);
				kfree(p);
			}
		}
	}
}

static int ops_apply_text(struct ftrace_ops *ops, bool exclude,
			  unsigned char *buf, int len, int reset)
{
	char *text, *p, *word;
	int ret = 0;

	text = kmemdup_nul(buf, len, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	mutex_lock(&ftrace_lock);
	if (reset)
		ops_set_replace(ops, exclude, NULL);
	p = text;
	while (!ret && (word = strsep(&p, " \t\n")))
		if (*word)
			ret = ops_apply_word(ops, exclude, word, NULL);
	mutex_unlock(&ftrace_lock);
	kfree(text);
	return ret;
}

/**
 * ftrace_set_filter() - select an ops' functions by name
 * @ops: the ops
 * @buf: words "[!]glob[:mod:module]" or "[!]N" (line N of
 *	available_filter_functions) separated by white space
 * @len: length of @buf
 * @reset: empty the filter first
 *
 * Return: 0, -EINVAL for a malformed word or one that matches nothing,
 * -ENOMEM.
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
 *	available_filter_functions) separated by white space
 * @len: length of @buf
 * @reset: empty the notrace set first
 *
 * Return: 0, -EINVAL for a malformed word or one that matches nothing,
 * -ENOMEM.
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
	struct ftrace_table *t;

	t = kvzalloc(struct_size(t, sites, end - start), GFP_KERNEL);
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
		t->sites[n].ip = ip;
		t->sites[n].state = SITE_NOP;
		n++;
	}
	t->count = n;
	sort(t->sites, n, sizeof(t->sites[0]), cmp_ip, NULL);
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
 * ftrace_module_enable() - let tracers have a formed module's call sites
 * @mod: the module, about to run its init function
 */
void ftrace_module_enable(struct module *mod)
{
	struct ftrace_table *t;

	mutex_lock(&ftrace_lock);
	t = table_of(mod);
	if (t) {
		t->live = true;
		pending_apply(mod);
		if (!list_empty(&ftrace_ops_list))
			ftrace_update();
	}
	mutex_unlock(&ftrace_lock);
}

/*
 * Drop addresses that are going away from @ops' sets.  A filter that had
 * only such addresses becomes empty but stays a filter: the ops then
 * traces nothing, not everything.
 */
static void purge_ops(struct ftrace_ops *ops, const unsigned long *ips,
		      unsigned int cnt)
{
	bool exclude;

	for (exclude = false; ; exclude = true) {
		struct ftrace_ip_set *set = ops_set(ops, exclude), *new;

		if (set && set->count) {
			new = set_edit(set, ips, cnt, true);
			if (new && new->count != set->count)
				ops_set_replace(ops, exclude, new);
			else
				kvfree(new);
		}
		if (exclude)
			break;
	}
}

/*
 * Forget @t's addresses in the registered ops and in the sessions' function
 * tracer filters, registered or not.
 */
static void purge_table_from_sets(struct ftrace_table *t)
{
	struct trace_func *fn;
	struct ftrace_ops *ops;
	unsigned long *ips;
	unsigned int i;

	ips = kvmalloc_array(t->count ?: 1, sizeof(*ips), GFP_KERNEL);
	if (!ips)
		return;
	for (i = 0; i < t->count; i++)
		ips[i] = t->sites[i].ip;
	list_for_each_entry(ops, &ftrace_ops_list, list)
		purge_ops(ops, ips, t->count);
	list_for_each_entry(fn, &ftrace_funcs, list)
		if (!(fn->ops.flags & FTRACE_OPS_FL_ENABLED))
			purge_ops(&fn->ops, ips, t->count);
	kvfree(ips);
}

static void probe_purge_range(unsigned long start, unsigned long end);

/**
 * ftrace_release_mod() - forget a module's call sites
 * @mod: the module, unloaded or failed to load
 */
void ftrace_release_mod(struct module *mod)
{
	struct ftrace_table *t;

	mutex_lock(&ftrace_lock);
	t = table_of(mod);
	if (t) {
		if (t->count)
			probe_purge_range(t->sites[0].ip,
					  t->sites[t->count - 1].ip + 1);
		list_del_rcu(&t->list);
		purge_table_from_sets(t);
	}
	mutex_unlock(&ftrace_lock);
	if (t) {
		synchronize_rcu();
		kvfree(t);
	}
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
			if (t->sites[i].ip < lo || t->sites[i].ip >= hi ||
			    t->sites[i].state == SITE_GONE)
				continue;
			t->sites[i].state = SITE_GONE;
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

/* ---- tracefs: the call sites (top level only) ------------------------- */

/*
 * Iterating over every live site for seq_file, ftrace_lock held: a
 * cursor (table and index) kept in the seq_file, so each line costs a
 * step, not a walk from the start.
 */
struct site_cursor {
	struct ftrace_table	*t;
	unsigned int		i;
};

/* From @c onwards, the first live site, moving @c to it; NULL at the end. */
static struct ftrace_site *cursor_live(struct site_cursor *c)
{
	list_for_each_entry_from(c->t, &ftrace_tables, list) {
		for (; c->i < c->t->count; c->i++)
			if (c->t->sites[c->i].state != SITE_GONE)
				return &c->t->sites[c->i];
		c->i = 0;
	}
	return NULL;
}

enum site_view { VIEW_AVAILABLE, VIEW_ADDRS, VIEW_ENABLED };

static void *sites_start(struct seq_file *m, loff_t *pos)
{
	struct site_cursor *c = m->private;
	struct ftrace_site *s;
	loff_t n = *pos;

	mutex_lock(&ftrace_lock);
	c->t = list_first_entry(&ftrace_tables, struct ftrace_table, list);
	c->i = 0;
	while ((s = cursor_live(c)) && n--)
		c->i++;
	return s;
}

static void *sites_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct site_cursor *c = m->private;

	++*pos;
	c->i++;
	return cursor_live(c);
}

static void sites_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

static int sites_show(struct seq_file *m, void *v)
{
	enum site_view view = (long)m->file->f_inode->i_private;
	struct ftrace_site *s = v;
	struct ftrace_ops *ops;
	unsigned int users = 0;
	bool ipmodify = false;

	if (view == VIEW_ADDRS)
		seq_printf(m, "%lx ", s->ip);
	if (view != VIEW_ENABLED) {
		seq_printf(m, "%ps\n", (void *)s->ip);
		return 0;
	}
	if (s->state == SITE_NOP)
		return 0;
	list_for_each_entry(ops, &ftrace_ops_list, list) {
		if (!ops_wants(ops, s->ip))
			continue;
		users++;
		ipmodify |= ops->flags & FTRACE_OPS_FL_IPMODIFY;
	}
	seq_printf(m, "%ps (%u)%s%s\n", (void *)s->ip, users,
		   s->state == SITE_REGS ? " R" : "  ", ipmodify ? " I" : "  ");
	return 0;
}

static const struct seq_operations sites_seq_ops = {
	.start	= sites_start,
	.next	= sites_next,
	.stop	= sites_stop,
	.show	= sites_show,
};

static int sites_open(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	return seq_open_private(filp, &sites_seq_ops,
				sizeof(struct site_cursor));
}

static const struct file_operations sites_fops = {
	.open		= sites_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* ---- function probes: "function:command[:count]" ------------------------ */

/*
 * A word "glob:traceoff" (or traceon) written to a session's
 * set_ftrace_filter attaches a probe to every matching function: each
 * call turns that session's tracing off (on).  ":N" limits it to N calls
 * that change something; "!glob:command" removes it.  Probes are
 * independent of the filter: the file lists them after the filtered
 * functions, "<function>:<command>:unlimited" or ":count=N", and
 * truncating the file does not remove them.
 *
 * A session's probes are one table sorted by address, replaced as a
 * whole under ftrace_lock (RCU) and served by the session's probe_ops,
 * whose filter is the table's addresses.
 */
struct probe_cmd {
	const char	*name;
	/* Returns whether it changed something (which uses up a count). */
	bool		(*fn)(struct trace_array *tr);
};

static bool probe_traceon(struct trace_array *tr)
{
	if (tracer_tracing_is_on(tr))
		return false;
	tracer_tracing_on(tr);
	return true;
}

static bool probe_traceoff(struct trace_array *tr)
{
	if (!tracer_tracing_is_on(tr))
		return false;
	tracer_tracing_off(tr);
	return true;
}

static const struct probe_cmd probe_cmds[] = {
	{ "traceon", probe_traceon },
	{ "traceoff", probe_traceoff },
};

struct func_probe {
	unsigned long		ip;
	const struct probe_cmd	*cmd;
	atomic_long_t		count;	/* calls left; -1: unlimited */
};

struct ftrace_probe_table {
	struct rcu_head		rcu;
	unsigned int		n;
	struct func_probe	p[];
};

/* The first probe at @ip or after it. */
static unsigned int probe_lower(const struct ftrace_probe_table *t,
				unsigned long ip)
{
	unsigned int lo = 0, hi = t->n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (t->p[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void probe_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_func *fn = container_of(op, struct trace_func, probe_ops);
	struct ftrace_probe_table *t = rcu_dereference_sched(fn->probes);
	unsigned int i;

	if (!t)
		return;
	for (i = probe_lower(t, ip); i < t->n && t->p[i].ip == ip; i++) {
		struct func_probe *fp = &t->p[i];
		long left = atomic_long_read(&fp->count);

		if (!left)
			continue;
		/* A limited probe counts the calls that changed something. */
		if (left > 0 && !atomic_long_add_unless(&fp->count, -1, 0))
			continue;
		if (!fp->cmd->fn(fn->tr) && left > 0)
			atomic_long_inc(&fp->count);
	}
}

static struct ftrace_probe_table *probe_table_now(struct trace_func *fn)
{
	return rcu_dereference_protected(fn->probes,
					 lockdep_is_held(&ftrace_lock));
}

static int probe_cmp(const void *a, const void *b)
{
	const struct func_probe *x = a, *y = b;

	if (x->ip != y->ip)
		return x->ip < y->ip ? -1 : 1;
	return x->cmd == y->cmd ? 0 : x->cmd < y->cmd ? -1 : 1;
}

static bool probe_in(const struct ftrace_probe_table *t, unsigned long ip,
		     const struct probe_cmd *cmd)
{
	unsigned int i;

	for (i = t ? probe_lower(t, ip) : 0; t && i < t->n && t->p[i].ip == ip;
	     i++)
		if (t->p[i].cmd == cmd)
			return true;
	return false;
}

static bool ip_in(const unsigned long *ips, unsigned int n, unsigned long ip)
{
	return bsearch(&ip, ips, n, sizeof(*ips), cmp_ip);
}

/* Put @t in place of @fn's probes; the sites follow. */
static void probe_publish(struct trace_func *fn, struct ftrace_probe_table *t,
			  struct ftrace_ip_set *set)
{
	struct ftrace_ops *ops = &fn->probe_ops;

	rcu_assign_pointer(fn->probes, t);
	if (t) {
		ops_set_replace(ops, false, set);
		if (!(ops->flags & FTRACE_OPS_FL_ENABLED)) {
			ops->flags |= FTRACE_OPS_FL_ENABLED |
				      FTRACE_OPS_FL_INITIALIZED;
			list_add_tail_rcu(&ops->list, &ftrace_ops_list);
			ftrace_update();
		}
	} else if (ops->flags & FTRACE_OPS_FL_ENABLED) {
		list_del_rcu(&ops->list);
		ops->flags &= ~FTRACE_OPS_FL_ENABLED;
		ftrace_update();
		ops_set_replace(ops, false, NULL);
	}
}

/*
 * Add @cmd at the sites @ips (sorted) with @count, or remove it from
 * them, in @fn's probes.  *@oldp is the table replaced, for the caller
 * to free after a grace period.
 */
static int probe_edit(struct trace_func *fn, const unsigned long *ips,
		      unsigned int n, const struct probe_cmd *cmd, long count,
		      bool remove, struct ftrace_probe_table **oldp)
{
	struct ftrace_probe_table *old = probe_table_now(fn), *t;
	unsigned int i, k = 0, max = (old ? old->n : 0) + (remove ? 0 : n);
	struct ftrace_ip_set *set;

	t = kvzalloc(struct_size(t, p, max), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	for (i = 0; old && i < old->n; i++) {
		const struct func_probe *fp = &old->p[i];
		bool hit = fp->cmd == cmd && ip_in(ips, n, fp->ip);

		/* Removed, or replaced with the new count. */
		if (hit)
			continue;
		t->p[k].ip = fp->ip;
		t->p[k].cmd = fp->cmd;
		atomic_long_set(&t->p[k].count, atomic_long_read(&fp->count));
		k++;
	}
	for (i = 0; !remove && i < n; i++) {
		t->p[k].ip = ips[i];
		t->p[k].cmd = cmd;
		atomic_long_set(&t->p[k].count, count);
		k++;
	}
	t->n = k;
	/* Not published yet: sort()'s plain byte swap is fine. */
	sort(t->p, k, sizeof(t->p[0]), probe_cmp, NULL);

	/* The ops' filter: the table's sites, each once. */
	set = set_alloc(k ?: 1);
	if (!set) {
		kvfree(t);
		return -ENOMEM;
	}
	set->count = 0;
	for (i = 0; i < k; i++)
		if (!i || t->p[i].ip != t->p[i - 1].ip)
			set->ip[set->count++] = t->p[i].ip;

	if (!k) {
		kvfree(set);
		kvfree(t);
		t = NULL;
		set = NULL;
	}
	probe_publish(fn, t, set);
	*oldp = old;
	return 0;
}

/*
 * A word "[!]glob:command[:count]" of @fn's set_ftrace_filter.  Returns
 * -ENOENT if @word is not a probe word at all, -EINVAL if it is a bad one
 * (unknown command, bad count, no function matches).
 */
static int probe_word(struct trace_func *fn, char *word)
{
	bool remove = *word == '!';
	const struct probe_cmd *cmd = NULL;
	struct ftrace_probe_table *old = NULL;
	char *glob = word + remove, *name, *arg;
	struct ftrace_match m = {};
	struct ipvec v = {};
	long count = -1;
	unsigned int i, k;
	int ret;

	name = strchr(glob, ':');
	if (!name || str_has_prefix(name, ":mod:"))
		return -ENOENT;
	*name++ = '\0';
	arg = strchr(name, ':');
	if (arg)
		*arg++ = '\0';
	for (i = 0; i < ARRAY_SIZE(probe_cmds); i++)
		if (!strcmp(name, probe_cmds[i].name))
			cmd = &probe_cmds[i];
	if (!cmd)
		return -EINVAL;
	/* A removal takes (and ignores) a count, as Linux does. */
	if (arg && str_has_prefix(arg, "count="))
		arg += strlen("count=");
	if (arg && strcmp(arg, "unlimited") &&
	    (kstrtol(arg, 0, &count) || count < 0))
		return -EINVAL;
	ret = match_glob(glob, &m);
	if (ret)
		return ret;

	mutex_lock(&ftrace_lock);
	ret = match_sites_fast(&m, &v);
	if (!ret && remove) {
		/* Only the sites that have the probe. */
		struct ftrace_probe_table *t = probe_table_now(fn);

		for (i = 0, k = 0; i < v.n; i++)
			if (probe_in(t, v.ip[i], cmd))
				v.ip[k++] = v.ip[i];
		v.n = k;
	}
	if (!ret && !v.n)
		ret = -EINVAL;
	if (!ret) {
		sort(v.ip, v.n, sizeof(*v.ip), cmp_ip, NULL);
		ret = probe_edit(fn, v.ip, v.n, cmd, count, remove, &old);
	}
	mutex_unlock(&ftrace_lock);
	kvfree(v.ip);
	if (old) {
		synchronize_rcu();
		kvfree(old);
	}
	return ret;
}

static void probe_show(struct seq_file *m, const struct func_probe *fp)
{
	long left = atomic_long_read(&fp->count);

	seq_printf(m, "%ps:%s", (void *)fp->ip, fp->cmd->name);
	if (left < 0)
		seq_puts(m, ":unlimited\n");
	else
		seq_printf(m, ":count=%ld\n", left);
}

#ifdef CONFIG_MODULES
/* Probes on a module's functions go with the module, in every session. */
static void probe_purge_range(unsigned long start, unsigned long end)
{
	struct ftrace_probe_table *t, *old = NULL;
	struct trace_func *fn;
	struct ipvec v = {};
	unsigned int i, c;

	list_for_each_entry(fn, &ftrace_funcs, list) {
		for (c = 0; c < ARRAY_SIZE(probe_cmds); c++) {
			t = probe_table_now(fn);
			v.n = 0;
			for (i = 0; t && i < t->n; i++)
				if (t->p[i].cmd == &probe_cmds[c] &&
				    t->p[i].ip >= start && t->p[i].ip < end &&
				    ipvec_push(&v, t->p[i].ip))
					break;
			if (v.n && !probe_edit(fn, v.ip, v.n, &probe_cmds[c],
					       0, true, &old)) {
				synchronize_rcu();
				kvfree(old);
			}
		}
	}
	kvfree(v.ip);
}
#endif

/* ---- a session's function tracer state ---------------------------------- */

/**
 * ftrace_func_init() - make a session's function tracer state
 * @tr: the session, whose &trace_array.func is zeroed
 *
 * From here on the module notifiers keep its filters in step.
 */
void ftrace_func_init(struct trace_array *tr)
{
	struct trace_func *fn = &tr->func;

	fn->tr = tr;
	fn->ops.flags = FTRACE_OPS_FL_RECURSION;
	fn->probe_ops.func = probe_func;
	INIT_LIST_HEAD(&fn->pending[0]);
	INIT_LIST_HEAD(&fn->pending[1]);
	mutex_lock(&ftrace_lock);
	list_add_tail(&fn->list, &ftrace_funcs);
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_func_release() - free a session's function tracer state
 * @tr: the session; its function tracer is not registered
 *
 * Its probes come off the call sites and its filters, waiting words and
 * probes are freed.  Nothing happens if ftrace_func_init() did not run.
 */
void ftrace_func_release(struct trace_array *tr)
{
	struct trace_func *fn = &tr->func;
	struct ftrace_probe_table *old;

	if (!fn->tr)
		return;
	mutex_lock(&ftrace_lock);
	list_del(&fn->list);
	old = probe_table_now(fn);
	probe_publish(fn, NULL, NULL);
	ops_set_replace(&fn->ops, false, NULL);
	ops_set_replace(&fn->ops, true, NULL);
	pending_free(&fn->pending[0]);
	pending_free(&fn->pending[1]);
	mutex_unlock(&ftrace_lock);
	fn->tr = NULL;
	/* The probe callback may still be reading the table. */
	synchronize_rcu();
	kvfree(old);
}

/* ---- set_ftrace_filter and set_ftrace_notrace --------------------------- */

/*
 * Each session has the pair; the inode holds the session's key, and the
 * name says which set.  Reading lists the set.  A writer edits a private
 * copy (empty if opened with O_TRUNC), word by word as the words
 * complete - a word may span write() calls - and the copy replaces the
 * set when the file is closed, unless a write failed: then the set stays
 * as it was.
 */
struct filter_file {
	struct trace_file_key	*key;
	bool			exclude;
	bool			failed;
	struct ftrace_ops	scratch;
	struct list_head	pending;
	unsigned int		len;
	char			word[KSYM_NAME_LEN + MODULE_NAME_LEN + 8];
};

static bool file_excludes(const struct file *filp)
{
	return !strcmp(filp->f_path.dentry->d_name.name, "set_ftrace_notrace");
}

static struct trace_func *seq_func(struct seq_file *m)
{
	return &((struct trace_file_key *)m->private)->tr->func;
}

/*
 * The @pos-th line: the "all"/"none" banner for a missing set, then the
 * set's addresses, then the words waiting for their module, then (in
 * set_ftrace_filter) the function probes.
 */
static void *set_line(struct seq_file *m, loff_t pos)
{
	bool exclude = file_excludes(m->file);
	struct trace_func *fn = seq_func(m);
	struct ftrace_ip_set *set = ops_set(&fn->ops, exclude);
	struct ftrace_probe_table *t;
	struct pending_word *p;
	loff_t n = set ? set->count : 1;

	if (!set && !pos)
		return SEQ_START_TOKEN;
	if (pos < n)
		return &set->ip[pos];
	list_for_each_entry(p, &fn->pending[exclude], list)
		if (pos-- == n)
			return p;
	t = exclude ? NULL : probe_table_now(fn);
	pos -= n;
	if (t && pos < t->n)
		return &t->p[pos];
	return NULL;
}

static void *set_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&ftrace_lock);
	return set_line(m, *pos);
}

static void *set_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return set_line(m, *pos);
}

static void set_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

static int set_show(struct seq_file *m, void *v)
{
	bool exclude = file_excludes(m->file);
	struct trace_func *fn = seq_func(m);
	struct ftrace_ip_set *set = ops_set(&fn->ops, exclude);
	struct ftrace_probe_table *t = exclude ? NULL : probe_table_now(fn);

	if (v == SEQ_START_TOKEN)
		seq_puts(m, exclude ? "#### no functions disabled ####\n" :
				      "#### all functions enabled ####\n");
	else if (set && v >= (void *)set->ip && v < (void *)(set->ip + set->count))
		seq_printf(m, "%ps\n", *(void **)v);
	else if (t && v >= (void *)t->p && v < (void *)(t->p + t->n))
		probe_show(m, v);
	else
		seq_printf(m, "%s\n", ((struct pending_word *)v)->text);
	return 0;
}

static const struct seq_operations set_seq_ops = {
	.start	= set_start,
	.next	= set_next,
	.stop	= set_stop,
	.show	= set_show,
};

/* A writer's copy of @fn's set and waiting words. */
static int filter_copy(struct filter_file *ff, struct trace_func *fn)
{
	struct ftrace_ip_set *set, *copy;
	struct pending_word *p, *q;
	int ret = -ENOMEM;

	mutex_lock(&ftrace_lock);
	set = ops_set(&fn->ops, ff->exclude);
	if (set) {
		copy = set_edit(set, NULL, 0, false);
		if (!copy)
			goto out;
		RCU_INIT_POINTER(*ops_slot(&ff->scratch, ff->exclude), copy);
	}
	list_for_each_entry(p, &fn->pending[ff->exclude], list) {
		q = kmemdup(p, sizeof(*p) + strlen(p->text) + 1, GFP_KERNEL);
		if (!q)
			goto out;
		list_add_tail(&q->list, &ff->pending);
	}
	ret = 0;
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}

static void filter_file_free(struct filter_file *ff)
{
	kvfree(rcu_dereference_protected(*ops_slot(&ff->scratch, ff->exclude),
					 1));
	pending_free(&ff->pending);
	trace_array_put(ff->key->tr);
	kfree(ff);
}

static int filter_open(struct inode *inode, struct file *filp)
{
	struct trace_file_key *key;
	struct filter_file *ff;
	int ret;

	ret = trace_key_open(inode, filp);
	if (ret)
		return ret;
	if (!(filp->f_mode & FMODE_WRITE))
		return trace_key_seq_open(filp, &set_seq_ops);
	key = filp->private_data;
	ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	if (!ff) {
		trace_array_put(key->tr);
		return -ENOMEM;
	}
	ff->key = key;
	ff->exclude = file_excludes(filp);
	INIT_LIST_HEAD(&ff->pending);
	filp->private_data = ff;
	if (filp->f_flags & O_TRUNC)
		return 0;
	ret = filter_copy(ff, &key->tr->func);
	if (ret)
		filter_file_free(ff);
	return ret;
}

static int filter_word(struct filter_file *ff)
{
	struct trace_func *fn = &ff->key->tr->func;
	int ret;

	if (!ff->len)
		return 0;
	ff->word[ff->len] = '\0';
	ff->len = 0;
	if (!ff->exclude) {
		ret = probe_word(fn, ff->word);
		if (ret != -ENOENT)
			return ret;
	}
	mutex_lock(&ftrace_lock);
	ret = ops_apply_word(&ff->scratch, ff->exclude, ff->word, &ff->pending);
	mutex_unlock(&ftrace_lock);
	return ret;
}

static ssize_t filter_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct filter_file *ff = filp->private_data;
	size_t done;
	int ret = 0;

	if (!(filp->f_mode & FMODE_WRITE) || !ff)
		return -EINVAL;
	for (done = 0; done < cnt && !ret; done++) {
		char c;

		if (get_user(c, ubuf + done)) {
			ret = -EFAULT;
			break;
		}
		if (isspace(c) || !c)
			ret = filter_word(ff);
		else if (ff->len < sizeof(ff->word) - 1)
			ff->word[ff->len++] = c;
		else
			ret = -EINVAL;
	}
	if (ret) {
		ff->failed = true;
		ff->len = 0;
		return ret;
	}
	return cnt;
}

static int filter_release(struct inode *inode, struct file *filp)
{
	struct filter_file *ff = filp->private_data;
	struct trace_func *fn;
	struct ftrace_ip_set *set;

	if (!(filp->f_mode & FMODE_WRITE))
		return trace_key_seq_release(inode, filp);
	fn = &ff->key->tr->func;
	if (filter_word(ff))
		ff->failed = true;
	mutex_lock(&ftrace_lock);
	set = ops_set(&ff->scratch, ff->exclude);
	if (!ff->failed) {
		struct list_head *pending = &fn->pending[ff->exclude];
		/* Empty is everything, unless words wait for their module. */
		bool keep = set && (set->count || !list_empty(&ff->pending));

		RCU_INIT_POINTER(*ops_slot(&ff->scratch, ff->exclude), NULL);
		ops_set_replace(&fn->ops, ff->exclude, keep ? set : NULL);
		if (!keep)
			kvfree(set);
		pending_free(pending);
		list_splice_init(&ff->pending, pending);
	}
	mutex_unlock(&ftrace_lock);
	filter_file_free(ff);
	return 0;
}

static const struct file_operations filter_fops = {
	.open		= filter_open,
	.read		= seq_read,
	.write		= filter_write,
	.llseek		= noop_llseek,
	.release	= filter_release,
};

/**
 * ftrace_create_tracefs_files() - a session's filter files, and the top
 *	level's call-site files
 * @tr: the session
 */
void ftrace_create_tracefs_files(struct trace_array *tr)
{
	void *key = trace_key(tr, RING_BUFFER_ALL_CPUS);

	trace_create_file("set_ftrace_filter", 0644, tr->dir, key,
			  &filter_fops);
	trace_create_file("set_ftrace_notrace", 0644, tr->dir, key,
			  &filter_fops);
	if (tr != &global_trace)
		return;
	trace_create_file("available_filter_functions", 0444, NULL,
			  (void *)VIEW_AVAILABLE, &sites_fops);
	trace_create_file("available_filter_functions_addrs", 0444, NULL,
			  (void *)VIEW_ADDRS, &sites_fops);
	trace_create_file("enabled_functions", 0444, NULL,
			  (void *)VIEW_ENABLED, &sites_fops);
}
