/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function call sites' layer: what ftrace.c (the call sites, the ops
 * and their address sets) offers the files above it - ftrace_direct.c,
 * the function tracer's files and probes (ftrace_files.c), the graph
 * tracer and the profiler.  It knows nothing of sessions: whoever keeps
 * sets of ops that are not registered learns of modules' call sites
 * through a &struct ftrace_module_hook.
 */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/list.h>
#include <linux/mutex.h>

struct module;

/* The call sites of vmlinux, gathered by the linker script. */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

/*
 * What a call site holds: the address its call goes to (ftrace_caller,
 * ftrace_regs_caller or a direct ops' trampoline), or one of two values
 * no call can have.
 */
#define SITE_NOP	0UL	/* the NOP */
#define SITE_GONE	1UL	/* its text was freed (init code) */
#define SITE_CALL	((unsigned long)ftrace_caller)
#define SITE_REGS	((unsigned long)ftrace_regs_caller)

/*
 * On x86-64 a site takes 8 bytes: every address it holds, its own and
 * that of the code it calls, is kernel text in the top 2 GB of the
 * address space (where a rel32 call reaches), so its low 32 bits,
 * sign-extended, give it back.  Elsewhere a site holds full addresses.
 * Its fields are read and written through the helpers below.
 */
struct ftrace_site {
#ifdef CONFIG_X86_64
	s32		ip_word;
	s32		state_word;
#else
	unsigned long	ip_word;
	unsigned long	state_word;
#endif
};

static inline unsigned long site_ip(const struct ftrace_site *s)
{
	return (long)s->ip_word;
}

static inline unsigned long site_state(const struct ftrace_site *s)
{
	return (long)s->state_word;
}

static inline void site_set_state(struct ftrace_site *s, unsigned long state)
{
	s->state_word = state;
}

/* Whether a site can hold @addr. */
static inline bool site_fits(unsigned long addr)
{
	struct ftrace_site s = { .ip_word = addr };

	return site_ip(&s) == addr;
}

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

/* A growing list of call sites. */
struct ftrace_ipvec {
	unsigned long	*ip;
	unsigned int	n, cap;
};

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
 * Words of set_ftrace_filter and set_ftrace_notrace that name a module
 * not loaded yet ("glob:mod:module"): they wait, are listed when the
 * file is read, and are applied when the module comes.
 */
struct ftrace_pending_word {
	struct list_head	list;
	char			text[];
};

/* Serialises every change of the tables, the ops and their sets. */
extern struct mutex ftrace_lock;
/* Set when a site held what it should not: nothing is patched again. */
extern bool ftrace_disabled;
/* The call-site tables, vmlinux first (RCU list, ftrace_lock). */
extern struct list_head ftrace_tables;
/* The registered ops (RCU list, ftrace_lock). */
extern struct list_head ftrace_ops_list;

int ftrace_cmp_ip(const void *a, const void *b);
struct ftrace_ip_set *ftrace_ip_set_alloc(unsigned int count);
struct ftrace_ip_set *ftrace_ip_set_edit(const struct ftrace_ip_set *set,
					 const unsigned long *ips,
					 unsigned int cnt, bool remove);
bool ftrace_ops_wants(struct ftrace_ops *ops, unsigned long ip);
void ftrace_update(void);
struct ftrace_ip_set __rcu **ftrace_ops_slot(struct ftrace_ops *ops,
					     bool exclude);
struct ftrace_ip_set *ftrace_ops_set(struct ftrace_ops *ops, bool exclude);
void ftrace_ops_set_replace(struct ftrace_ops *ops, bool exclude,
			    struct ftrace_ip_set *set);
int ftrace_ipvec_push(struct ftrace_ipvec *v, unsigned long ip);
int ftrace_match_glob(const char *glob, struct ftrace_match *m);
int ftrace_match_sites_fast(const struct ftrace_match *m,
			    struct ftrace_ipvec *out);
void ftrace_pending_free(struct list_head *pending);
int ftrace_ops_apply_word(struct ftrace_ops *ops, bool exclude, char *word,
			  struct list_head *pending);

int __register_ftrace_function(struct ftrace_ops *ops);
int __unregister_ftrace_function(struct ftrace_ops *ops);

int ftrace_ops_set_has(struct ftrace_ops *ops, bool exclude, unsigned long ip);
int ftrace_ops_copy_sets(struct ftrace_ops *dst, struct ftrace_ops *src);
unsigned int ftrace_nr_functions(void);
void ftrace_ops_purge(struct ftrace_ops *ops, const unsigned long *ips,
		      unsigned int cnt);

/**
 * struct ftrace_module_hook - told when a module's call sites come and go
 * @list: on ftrace.c's list of them (ftrace_lock)
 * @coming: the module's call sites are live; ftrace_lock held
 * @going: these addresses, sorted, are going away; ftrace_lock held
 * @gone: the sites in [@start, @end) are out of every table and match
 *	no new filter word; no lock held
 */
struct ftrace_module_hook {
	struct list_head	list;
	void			(*coming)(struct module *mod);
	void			(*going)(const unsigned long *ips,
					 unsigned int cnt);
	void			(*gone)(unsigned long start, unsigned long end);
};

#ifdef CONFIG_MODULES
void register_ftrace_module_hook(struct ftrace_module_hook *hook);
#else
static inline void register_ftrace_module_hook(struct ftrace_module_hook *hook)
{
}
#endif

/**
 * struct ftrace_ipmodify_hook - how an ops that may move the traced
 *	function (FTRACE_OPS_FL_IPMODIFY) is registered and unregistered
 * @reg: register it, telling the direct ops it meets
 *	(FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER)
 * @unreg: unregister it, telling them it is gone
 *
 * ftrace_direct.c, above ftrace.c, sets it at boot.
 */
struct ftrace_ipmodify_hook {
	int	(*reg)(struct ftrace_ops *ops);
	int	(*unreg)(struct ftrace_ops *ops);
};

void ftrace_set_ipmodify_hook(const struct ftrace_ipmodify_hook *hook);

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
