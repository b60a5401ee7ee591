// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer's tracefs files and function probes.
 *
 * Every session (struct trace_array) has a struct trace_func: the
 * function tracer's ops, whose filter and notrace sets are the session's
 * set_ftrace_filter and set_ftrace_notrace, the words of those files that
 * wait for a module, the function probes written to set_ftrace_filter,
 * and the session's pid lists (trace_functions.c).  This file makes and
 * frees that state, serves the two filter files and the probes, and the
 * top level's call-site lists: available_filter_functions(_addrs) and
 * enabled_functions.  The call sites, the ops and the address sets are
 * ftrace.c's; this file reaches them through ftrace_internal.h, under
 * ftrace_lock.
 */
#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/uaccess.h>

#include <asm/setup.h>

#include "ftrace_internal.h"
#include "trace_tracers.h"

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
			if (site_state(&c->t->sites[c->i]) != SITE_GONE)
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
	unsigned long direct;

	if (view == VIEW_ADDRS)
		seq_printf(m, "%lx ", site_ip(s));
	if (view != VIEW_ENABLED) {
		seq_printf(m, "%ps\n", (void *)site_ip(s));
		return 0;
	}
	if (site_state(s) == SITE_NOP)
		return 0;
	list_for_each_entry(ops, &ftrace_ops_list, list) {
		if (!ftrace_ops_wants(ops, site_ip(s)))
			continue;
		users++;
		ipmodify |= ops->flags & FTRACE_OPS_FL_IPMODIFY;
	}
	seq_printf(m, "%ps (%u)%s%s", (void *)site_ip(s), users,
		   site_state(s) == SITE_REGS ? " R" : "  ", ipmodify ? " I" : "  ");
	direct = ftrace_find_rec_direct(site_ip(s));
	if (direct)
		seq_printf(m, " D\n\tdirect-->%pS", (void *)direct);
	seq_putc(m, '\n');
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
 * A word "glob:traceoff" (or traceon, or stacktrace) written to a
 * session's set_ftrace_filter attaches a probe to every matching
 * function: each call turns that session's tracing off (on), or records
 * the kernel stack in its buffer.  "glob:enable_event:system:event" (or
 * disable_event) lets that event of the session record (or drops its
 * records) while keeping it in soft mode: its enable file reads "1*" or
 * "0*".  ":N" limits a probe to N calls that change something (every
 * stacktrace call does); "!glob:command[:system:event]" removes it.
 * Probes are independent of the filter: the file lists them after the
 * filtered functions, "<function>:<command>[:system:event]:unlimited" or
 * ":count=N", and truncating the file does not remove them.
 *
 * A session's probes are one table sorted by address, replaced as a
 * whole under ftrace_lock (RCU) and served by the session's probe_ops,
 * whose filter is the table's addresses.  Each event probe in the table
 * holds its event in soft mode (event_soft_mode_get()); changes to
 * those take trace_types_lock before ftrace_lock.
 */
struct probe_cmd {
	const char	*name;
	/*
	 * Called with the probed function's address and the probe's data
	 * (an event probe's &struct trace_event_file); returns whether it
	 * changed something (which uses up a count).
	 */
	bool		(*fn)(struct trace_array *tr, unsigned long ip,
			      void *data);
	bool		event;
};

static bool probe_traceon(struct trace_array *tr, unsigned long ip,
			  void *data)
{
	if (tracer_tracing_is_on(tr))
		return false;
	tracer_tracing_on(tr);
	return true;
}

static bool probe_traceoff(struct trace_array *tr, unsigned long ip,
			   void *data)
{
	if (!tracer_tracing_is_on(tr))
		return false;
	tracer_tracing_off(tr);
	return true;
}

/* The stack from the probed function outwards. */
static bool probe_stacktrace(struct trace_array *tr, unsigned long ip,
			     void *data)
{
	trace_stack_write(tr, 0, ip);
	return true;
}

static bool probe_enable_event(struct trace_array *tr, unsigned long ip,
			       void *data)
{
	return event_soft_set(data, true);
}

static bool probe_disable_event(struct trace_array *tr, unsigned long ip,
				void *data)
{
	return event_soft_set(data, false);
}

static const struct probe_cmd probe_cmds[] = {
	{ "traceon", probe_traceon },
	{ "traceoff", probe_traceoff },
	{ "stacktrace", probe_stacktrace },
	{ "enable_event", probe_enable_event, true },
	{ "disable_event", probe_disable_event, true },
};

struct func_probe {
	unsigned long		ip;
	const struct probe_cmd	*cmd;
	void			*data;
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
		if (!fp->cmd->fn(fn->tr, ip, fp->data) && left > 0)
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
	if (x->cmd != y->cmd)
		return x->cmd < y->cmd ? -1 : 1;
	return x->data == y->data ? 0 : x->data < y->data ? -1 : 1;
}

/* What a probe is: its command and, for an event probe, its event. */
struct probe_key {
	const struct probe_cmd	*cmd;
	void			*data;
};

static bool probe_is(const struct func_probe *fp, const struct probe_key *k)
{
	return fp->cmd == k->cmd && fp->data == k->data;
}

static bool probe_in(const struct ftrace_probe_table *t, unsigned long ip,
		     const struct probe_key *k)
{
	unsigned int i;

	for (i = t ? probe_lower(t, ip) : 0; t && i < t->n && t->p[i].ip == ip;
	     i++)
		if (probe_is(&t->p[i], k))
			return true;
	return false;
}

static bool ip_in(const unsigned long *ips, unsigned int n, unsigned long ip)
{
	return bsearch(&ip, ips, n, sizeof(*ips), ftrace_cmp_ip);
}

/* Put @t in place of @fn's probes; the sites follow. */
static void probe_publish(struct trace_func *fn, struct ftrace_probe_table *t,
			  struct ftrace_ip_set *set)
{
	struct ftrace_ops *ops = &fn->probe_ops;

	rcu_assign_pointer(fn->probes, t);
	if (t) {
		ftrace_ops_set_replace(ops, false, set);
		if (!(ops->flags & FTRACE_OPS_FL_ENABLED)) {
			ops->flags |= FTRACE_OPS_FL_ENABLED |
				      FTRACE_OPS_FL_INITIALIZED;
			list_add_tail_rcu(&ops->list, &ftrace_ops_list);
			ftrace_update();
		}
	} else if (ops->flags & FTRACE_OPS_FL_ENABLED) {
		list_del_rcu(&ops->list);
		/* The list function may still be reading the flags. */
		WRITE_ONCE(ops->flags, ops->flags & ~FTRACE_OPS_FL_ENABLED);
		ftrace_update();
		ftrace_ops_set_replace(ops, false, NULL);
	}
}

/*
 * Publish @t (sorted; freed if empty) as @fn's probes, with the ops'
 * filter made of its sites.  On -ENOMEM @t is freed and nothing changes.
 */
static int probe_install(struct trace_func *fn, struct ftrace_probe_table *t)
{
	struct ftrace_ip_set *set;
	unsigned int i;

	if (!t->n) {
		kvfree(t);
		probe_publish(fn, NULL, NULL);
		return 0;
	}
	set = ftrace_ip_set_alloc(t->n);
	if (!set) {
		kvfree(t);
		return -ENOMEM;
	}
	/* Each site once. */
	set->count = 0;
	for (i = 0; i < t->n; i++)
		if (!i || t->p[i].ip != t->p[i - 1].ip)
			set->ip[set->count++] = t->p[i].ip;
	probe_publish(fn, t, set);
	return 0;
}

/*
 * Add the probe @k at the sites @ips (sorted) with @count, or remove it
 * from them, in @fn's probes.  *@oldp is the table replaced (when the
 * call succeeds), for the caller to free after a grace period.
 */
static int probe_edit(struct trace_func *fn, const unsigned long *ips,
		      unsigned int n, const struct probe_key *k, long count,
		      bool remove, struct ftrace_probe_table **oldp)
{
	struct ftrace_probe_table *old = probe_table_now(fn), *t;
	unsigned int i, j = 0, max = (old ? old->n : 0) + (remove ? 0 : n);
	int ret;

	t = kvzalloc(struct_size(t, p, max), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	for (i = 0; old && i < old->n; i++) {
		const struct func_probe *fp = &old->p[i];

		/* Removed, or replaced with the new count. */
		if (probe_is(fp, k) && ip_in(ips, n, fp->ip))
			continue;
		t->p[j] = *fp;
		atomic_long_set(&t->p[j].count, atomic_long_read(&fp->count));
		j++;
	}
	for (i = 0; !remove && i < n; i++, j++) {
		t->p[j].ip = ips[i];
		t->p[j].cmd = k->cmd;
		t->p[j].data = k->data;
		atomic_long_set(&t->p[j].count, count);
	}
	t->n = j;
	/* Not published yet: sort()'s plain byte swap is fine. */
	sort(t->p, j, sizeof(t->p[0]), probe_cmp, NULL);
	ret = probe_install(fn, t);
	if (!ret)
		*oldp = old;
	return ret;
}

/* Drop @n soft-mode uses of an event probe's event (none for others). */
static void probe_put(const struct probe_key *k, unsigned int n)
{
	while (k->cmd->event && n--)
		event_soft_mode_put(k->data);
}

/*
 * Take @n soft-mode uses of an event probe's event.  All or nothing:
 * on an error those taken are dropped again.
 */
static int probe_get(const struct probe_key *k, unsigned int n)
{
	unsigned int i;
	int ret;

	for (i = 0; k->cmd->event && i < n; i++) {
		ret = event_soft_mode_get(k->data);
		if (ret) {
			probe_put(k, i);
			return ret;
		}
	}
	return 0;
}

/*
 * A probe word, parsed: its functions, its command, an event command's
 * event (found when the word is applied), its count (-1: unlimited).
 */
struct probe_request {
	struct ftrace_match	m;
	struct probe_key	k;
	char			*system;
	char			*event;
	long			count;
	bool			remove;
};

/*
 * The command of a probe word and, for an event command, its event's
 * names: *@arg points after "command:" and is moved past "system:event:".
 */
static int probe_parse(const char *name, char **arg, struct probe_request *r)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(probe_cmds); i++)
		if (!strcmp(name, probe_cmds[i].name))
			r->k.cmd = &probe_cmds[i];
	if (!r->k.cmd)
		return -EINVAL;
	if (!r->k.cmd->event)
		return 0;
	r->system = *arg;
	r->event = r->system ? strchr(r->system, ':') : NULL;
	if (!r->event)
		return -EINVAL;
	*r->event++ = '\0';
	*arg = strchr(r->event, ':');
	if (*arg)
		*(*arg)++ = '\0';
	return 0;
}

/*
 * A word "[!]glob:command[:system:event][:count]" of set_ftrace_filter,
 * parsed without locks.  Returns -ENOENT if @word is not a probe word at
 * all, -EINVAL if it is a bad one (unknown command, bad count).
 */
static int probe_word_parse(char *word, struct probe_request *r)
{
	char *glob, *name, *arg;
	int ret;

	r->remove = *word == '!';
	r->count = -1;
	glob = word + r->remove;
	name = strchr(glob, ':');
	if (!name || str_has_prefix(name, ":mod:"))
		return -ENOENT;
	*name++ = '\0';
	arg = strchr(name, ':');
	if (arg)
		*arg++ = '\0';
	ret = ftrace_match_glob(glob, &r->m);
	if (ret)
		return ret;
	ret = probe_parse(name, &arg, r);
	if (ret)
		return ret;
	/* A removal takes (and ignores) a count, as Linux does. */
	if (arg && str_has_prefix(arg, "count="))
		arg += strlen("count=");
	if (arg && strcmp(arg, "unlimited") &&
	    (kstrtol(arg, 0, &r->count) || r->count < 0))
		return -EINVAL;
	return 0;
}

/*
 * Apply a parsed probe word to @fn's probes.  Returns -EINVAL if its
 * event does not exist or no function matches.
 */
static int probe_word_apply(struct trace_func *fn, struct probe_request *r)
{
	struct ftrace_probe_table *old = NULL, *t;
	struct ftrace_ipvec v = {};
	unsigned int i, n = 0, fresh = 0;
	int ret = -EINVAL;

	mutex_lock(&trace_types_lock);
	if (r->k.cmd->event) {
		r->k.data = event_file_find(fn->tr, r->system, r->event);
		if (!r->k.data)
			goto out_types;
	}
	mutex_lock(&ftrace_lock);
	ret = ftrace_match_sites_fast(&r->m, &v);
	if (ret)
		goto out_ftrace;
	/* A removal: the sites that have it; else count the new. */
	t = probe_table_now(fn);
	for (i = 0; i < v.n; i++) {
		bool in = probe_in(t, v.ip[i], &r->k);

		if (!r->remove || in)
			v.ip[n++] = v.ip[i];
		fresh += !r->remove && !in;
	}
	v.n = n;
	ret = n ? probe_get(&r->k, fresh) : -EINVAL;
	if (ret)
		goto out_ftrace;
	sort(v.ip, v.n, sizeof(*v.ip), ftrace_cmp_ip, NULL);
	ret = probe_edit(fn, v.ip, v.n, &r->k, r->count, r->remove, &old);
	if (ret)
		probe_put(&r->k, fresh);
out_ftrace:
	mutex_unlock(&ftrace_lock);
	if (old) {
		/* The callbacks are done with the old table and its events. */
		synchronize_rcu();
		kvfree(old);
	}
	if (!ret && r->remove)
		probe_put(&r->k, v.n);
out_types:
	mutex_unlock(&trace_types_lock);
	kvfree(v.ip);
	return ret;
}

static void probe_show(struct seq_file *m, const struct func_probe *fp)
{
	long left = atomic_long_read(&fp->count);

	seq_printf(m, "%ps:%s", (void *)fp->ip, fp->cmd->name);
	if (fp->cmd->event) {
		struct trace_event_file *file = fp->data;

		seq_printf(m, ":%s:%s", event_system(file->call),
			   trace_event_name(file->call));
	}
	if (left < 0)
		seq_puts(m, ":unlimited\n");
	else
		seq_printf(m, ":count=%ld\n", left);
}

/*
 * Keep only the probes of @fn that @keep wants, dropping the others'
 * soft-mode uses once the callbacks are done with them.
 *
 * Context: trace_types_lock held; takes ftrace_lock.
 */
static void probe_prune(struct trace_func *fn,
			bool (*keep)(const struct func_probe *fp,
				     unsigned long start, unsigned long end),
			unsigned long start, unsigned long end)
{
	struct ftrace_probe_table *old, *t;
	unsigned int i, n = 0;

	lockdep_assert_held(&trace_types_lock);
	mutex_lock(&ftrace_lock);
	old = probe_table_now(fn);
	for (i = 0; old && i < old->n; i++)
		n += keep(&old->p[i], start, end);
	/* Nothing to drop; or no memory: leave them all, as they were. */
	t = old && n < old->n ? kvzalloc(struct_size(t, p, n), GFP_KERNEL) : NULL;
	if (!t) {
		mutex_unlock(&ftrace_lock);
		return;
	}
	for (i = 0; i < old->n; i++) {
		if (!keep(&old->p[i], start, end))
			continue;
		t->p[t->n] = old->p[i];
		atomic_long_set(&t->p[t->n].count,
				atomic_long_read(&old->p[i].count));
		t->n++;
	}
	if (probe_install(fn, t)) {
		mutex_unlock(&ftrace_lock);
		return;
	}
	mutex_unlock(&ftrace_lock);
	synchronize_rcu();
	for (i = 0; i < old->n; i++) {
		struct probe_key k = { old->p[i].cmd, old->p[i].data };

		if (!keep(&old->p[i], start, end))
			probe_put(&k, 1);
	}
	kvfree(old);
}

static bool probe_outside(const struct func_probe *fp, unsigned long start,
			  unsigned long end)
{
	return fp->ip < start || fp->ip >= end;
}

static bool probe_none(const struct func_probe *fp, unsigned long start,
		       unsigned long end)
{
	return false;
}

/* Every session's struct trace_func (ftrace_lock). */
static LIST_HEAD(ftrace_funcs);

#ifdef CONFIG_MODULES
/* Apply the words of @pending that waited for @mod to @ops. */
static void pending_apply(struct module *mod, struct ftrace_ops *ops,
			  bool exclude, struct list_head *pending)
{
	struct ftrace_pending_word *p, *n;

	list_for_each_entry_safe(p, n, pending, list) {
		char *colon = strstr(p->text, ":mod:");

		if (!colon || strcmp(colon + 5, module_name(mod)))
			continue;
		list_del(&p->list);
		if (ftrace_ops_apply_word(ops, exclude, p->text, NULL))
			pr_info("%s: no function matches '%s'\n",
				module_name(mod), p->text);
		kfree(p);
	}
}

/* A module came: apply every session's filter words that waited for it. */
static void funcs_module_coming(struct module *mod)
{
	struct trace_func *fn;
	int exclude;

	list_for_each_entry(fn, &ftrace_funcs, list) {
		for (exclude = 0; exclude < 2; exclude++) {
			pending_apply(mod, &fn->ops, exclude,
				      &fn->pending[exclude]);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
			pending_apply(mod, &fn->graph_ops, exclude,
				      &fn->graph_pending[exclude]);
#endif
		}
	}
}

/*
 * A module's sites go: forget them in the filters of the sessions' ops
 * that are not registered (ftrace.c purges the registered ones).
 */
static void funcs_module_going(const unsigned long *ips, unsigned int cnt)
{
	struct trace_func *fn;

	list_for_each_entry(fn, &ftrace_funcs, list) {
		if (!(fn->ops.flags & FTRACE_OPS_FL_ENABLED))
			ftrace_ops_purge(&fn->ops, ips, cnt);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		ftrace_ops_purge(&fn->graph_ops, ips, cnt);
#endif
	}
}

/*
 * And once they are gone, the function probes on them, in every session:
 * probes on a module's functions go with the module.
 */
static void funcs_module_gone(unsigned long start, unsigned long end)
{
	struct trace_func *fn;

	mutex_lock(&trace_types_lock);
	/* The sessions cannot come or go: they do so under trace_types_lock. */
	list_for_each_entry(fn, &ftrace_funcs, list)
		probe_prune(fn, probe_outside, start, end);
	mutex_unlock(&trace_types_lock);
}

static struct ftrace_module_hook funcs_module_hook = {
	.coming	= funcs_module_coming,
	.going	= funcs_module_going,
	.gone	= funcs_module_gone,
};

static int __init ftrace_files_module_init(void)
{
	register_ftrace_module_hook(&funcs_module_hook);
	return 0;
}
early_initcall(ftrace_files_module_init);
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
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	INIT_LIST_HEAD(&fn->graph_pending[0]);
	INIT_LIST_HEAD(&fn->graph_pending[1]);
	fn->gops.hook = &fn->ops;
	fn->gops.private = tr;
	fn->gops.idx = -1;
#endif
	mutex_lock(&ftrace_lock);
	list_add_tail(&fn->list, &ftrace_funcs);
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_func_release() - free a session's function tracer state
 * @tr: the session; its function tracer is not registered
 *
 * Its probes come off the call sites (their events leave soft mode) and
 * its filters, waiting words and probes are freed.  Nothing happens if
 * ftrace_func_init() did not run.
 *
 * Context: trace_types_lock held.
 */
void ftrace_func_release(struct trace_array *tr)
{
	struct trace_func *fn = &tr->func;

	if (!fn->tr)
		return;
	probe_prune(fn, probe_none, 0, 0);
	mutex_lock(&ftrace_lock);
	list_del(&fn->list);
	ftrace_ops_set_replace(&fn->ops, false, NULL);
	ftrace_ops_set_replace(&fn->ops, true, NULL);
	ftrace_pending_free(&fn->pending[0]);
	ftrace_pending_free(&fn->pending[1]);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	ftrace_pending_free(&fn->graph_pending[0]);
	ftrace_pending_free(&fn->graph_pending[1]);
	ftrace_ops_set_replace(&fn->graph_ops, false, NULL);
	ftrace_ops_set_replace(&fn->graph_ops, true, NULL);
#endif
	mutex_unlock(&ftrace_lock);
	fn->tr = NULL;
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
	/* The ops whose set the file is, and the words waiting for it. */
	struct ftrace_ops	*ops;
	struct list_head	*waiting;
	bool			probes;
	struct ftrace_ops	scratch;
	struct list_head	pending;
	unsigned int		len;
	char			word[KSYM_NAME_LEN + MODULE_NAME_LEN + 8];
};

static bool file_excludes(const struct file *filp)
{
	const char *name = filp->f_path.dentry->d_name.name;

	return !strcmp(name, "set_ftrace_notrace") ||
	       !strcmp(name, "set_graph_notrace");
}

/*
 * set_graph_function and set_graph_notrace are the sets of an ops that
 * is never registered: the function_graph tracer of every session looks
 * functions up in the top level's (only the top level has the files).
 */
static bool file_graph(const struct file *filp)
{
	return !strncmp(filp->f_path.dentry->d_name.name, "set_graph_", 10);
}

/*
 * stack_trace_filter (top level) is the filter of the stack tracer's ops:
 * no probes, and no words waiting for a module.
 */
static bool file_stack(const struct file *filp)
{
	return !strcmp(filp->f_path.dentry->d_name.name, "stack_trace_filter");
}

static struct ftrace_ops *file_ops(const struct file *filp,
				   struct trace_func *fn)
{
#ifdef CONFIG_STACK_TRACER
	if (file_stack(filp))
		return &stack_trace_ops;
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (file_graph(filp))
		return &fn->graph_ops;
#endif
	return &fn->ops;
}

static struct list_head *file_pending(const struct file *filp,
				      struct trace_func *fn)
{
	if (file_stack(filp))
		return NULL;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (file_graph(filp))
		return &fn->graph_pending[file_excludes(filp)];
#endif
	return &fn->pending[file_excludes(filp)];
}

/* set_ftrace_filter also lists and takes the function probes. */
static bool file_probes(const struct file *filp)
{
	return !file_excludes(filp) && !file_graph(filp) && !file_stack(filp);
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
	struct ftrace_ip_set *set = ftrace_ops_set(file_ops(m->file, fn),
						   exclude);
	struct ftrace_probe_table *t;
	struct ftrace_pending_word *p;
	struct list_head *waiting;
	loff_t n = set ? set->count : 1;

	if (!set && !pos)
		return SEQ_START_TOKEN;
	if (pos < n)
		return &set->ip[pos];
	waiting = file_pending(m->file, fn);
	if (waiting) {
		list_for_each_entry(p, waiting, list)
			if (pos-- == n)
				return p;
	}
	t = file_probes(m->file) ? probe_table_now(fn) : NULL;
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
	struct ftrace_ip_set *set = ftrace_ops_set(file_ops(m->file, fn),
						   exclude);
	struct ftrace_probe_table *t;

	t = file_probes(m->file) ? probe_table_now(fn) : NULL;

	if (v == SEQ_START_TOKEN)
		seq_puts(m, exclude ? "#### no functions disabled ####\n" :
				      "#### all functions enabled ####\n");
	else if (set && v >= (void *)set->ip && v < (void *)(set->ip + set->count))
		seq_printf(m, "%ps\n", *(void **)v);
	else if (t && v >= (void *)t->p && v < (void *)(t->p + t->n))
		probe_show(m, v);
	else
		seq_printf(m, "%s\n", ((struct ftrace_pending_word *)v)->text);
	return 0;
}

static const struct seq_operations set_seq_ops = {
	.start	= set_start,
	.next	= set_next,
	.stop	= set_stop,
	.show	= set_show,
};

/* A writer's copy of the set and its waiting words. */
static int filter_copy(struct filter_file *ff)
{
	struct ftrace_ip_set *set, *copy;
	struct ftrace_pending_word *p, *q;
	int ret = -ENOMEM;

	mutex_lock(&ftrace_lock);
	set = ftrace_ops_set(ff->ops, ff->exclude);
	if (set) {
		copy = ftrace_ip_set_edit(set, NULL, 0, false);
		if (!copy)
			goto out;
		RCU_INIT_POINTER(*ftrace_ops_slot(&ff->scratch, ff->exclude), copy);
	}
	/* stack_trace_filter keeps no waiting words. */
	if (ff->waiting) {
		list_for_each_entry(p, ff->waiting, list) {
			q = kmemdup(p, sizeof(*p) + strlen(p->text) + 1,
				    GFP_KERNEL);
			if (!q)
				goto out;
			list_add_tail(&q->list, &ff->pending);
		}
	}
	ret = 0;
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}

static void filter_file_free(struct filter_file *ff)
{
	kvfree(rcu_dereference_protected(*ftrace_ops_slot(&ff->scratch, ff->exclude),
					 1));
	ftrace_pending_free(&ff->pending);
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
	ff->ops = file_ops(filp, &key->tr->func);
	ff->waiting = file_pending(filp, &key->tr->func);
	ff->probes = file_probes(filp);
	INIT_LIST_HEAD(&ff->pending);
	filp->private_data = ff;
	if (filp->f_flags & O_TRUNC)
		return 0;
	ret = filter_copy(ff);
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
	if (ff->probes) {
		struct probe_request r = {};

		ret = probe_word_parse(ff->word, &r) ?:
		      probe_word_apply(fn, &r);
		if (ret != -ENOENT)
			return ret;
	}
	mutex_lock(&ftrace_lock);
	ret = ftrace_ops_apply_word(&ff->scratch, ff->exclude, ff->word,
				    ff->waiting ? &ff->pending : NULL);
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
	struct ftrace_ip_set *set;

	if (!(filp->f_mode & FMODE_WRITE))
		return trace_key_seq_release(inode, filp);
	if (filter_word(ff))
		ff->failed = true;
	mutex_lock(&ftrace_lock);
	set = ftrace_ops_set(&ff->scratch, ff->exclude);
	if (!ff->failed) {
		struct list_head *pending = ff->waiting;
		/* Empty is everything, unless words wait for their module. */
		bool keep = set && (set->count || !list_empty(&ff->pending));

		RCU_INIT_POINTER(*ftrace_ops_slot(&ff->scratch, ff->exclude), NULL);
		ftrace_ops_set_replace(ff->ops, ff->exclude, keep ? set : NULL);
		if (!keep)
			kvfree(set);
		if (pending) {
			ftrace_pending_free(pending);
			list_splice_init(&ff->pending, pending);
		}
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

/* ---- the boot options ------------------------------------------------- */

/*
 * ftrace_filter=, ftrace_notrace=, ftrace_graph_filter= and
 * ftrace_graph_notrace=: the top level's four sets at boot, each a
 * comma-separated list of the words its file takes.
 */
enum boot_set {
	BOOT_FILTER,
	BOOT_NOTRACE,
	BOOT_GRAPH_FILTER,
	BOOT_GRAPH_NOTRACE,
	BOOT_SETS
};

static const char *const boot_set_param[BOOT_SETS] __initconst = {
	"ftrace_filter", "ftrace_notrace",
	"ftrace_graph_filter", "ftrace_graph_notrace",
};

static char boot_set_words[BOOT_SETS][COMMAND_LINE_SIZE] __initdata;

static int __init boot_filter_setup(char *str)
{
	strscpy(boot_set_words[BOOT_FILTER], str, COMMAND_LINE_SIZE);
	return 1;
}
__setup("ftrace_filter=", boot_filter_setup);

static int __init boot_notrace_setup(char *str)
{
	strscpy(boot_set_words[BOOT_NOTRACE], str, COMMAND_LINE_SIZE);
	return 1;
}
__setup("ftrace_notrace=", boot_notrace_setup);

static int __init boot_graph_filter_setup(char *str)
{
	strscpy(boot_set_words[BOOT_GRAPH_FILTER], str, COMMAND_LINE_SIZE);
	return 1;
}
__setup("ftrace_graph_filter=", boot_graph_filter_setup);

static int __init boot_graph_notrace_setup(char *str)
{
	strscpy(boot_set_words[BOOT_GRAPH_NOTRACE], str, COMMAND_LINE_SIZE);
	return 1;
}
__setup("ftrace_graph_notrace=", boot_graph_notrace_setup);

/*
 * Apply each word of @list to one set of @ops, as a write of the word to
 * the set's file would: a word for a module not loaded waits on @pending.
 * A word that fails is reported and left out; the others still count.
 */
static void __init boot_words_apply(struct ftrace_ops *ops, bool exclude,
				    struct list_head *pending, char *list,
				    const char *param)
{
	char *word, *copy;
	int ret;

	while ((word = strsep(&list, ","))) {
		if (!*word)
			continue;
		/* The parser cuts its word up; the message wants it whole. */
		copy = kstrdup(word, GFP_KERNEL);
		if (!copy)
			return;
		mutex_lock(&ftrace_lock);
		ret = ftrace_ops_apply_word(ops, exclude, copy, pending);
		mutex_unlock(&ftrace_lock);
		kfree(copy);
		if (ret)
			pr_warn("tracing: %s=: %s '%s'\n", param,
				ret == -EINVAL ? "no function matches" :
				"could not apply", word);
	}
}

/**
 * ftrace_boot_filters_apply() - set a session's function sets from the
 *	command line
 * @tr: the session (the top level); ftrace_func_init() has run for it
 *
 * Called once at boot, before a boot tracer starts, so that it starts
 * with its filters.
 */
void __init ftrace_boot_filters_apply(struct trace_array *tr)
{
	struct trace_func *fn = &tr->func;
	int i;

	for (i = 0; i < BOOT_SETS; i++) {
		bool exclude = i == BOOT_NOTRACE || i == BOOT_GRAPH_NOTRACE;
		bool graph = i >= BOOT_GRAPH_FILTER;

		if (!boot_set_words[i][0])
			continue;
		if (!graph) {
			boot_words_apply(&fn->ops, exclude, &fn->pending[exclude],
					 boot_set_words[i], boot_set_param[i]);
			continue;
		}
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		boot_words_apply(&fn->graph_ops, exclude,
				 &fn->graph_pending[exclude],
				 boot_set_words[i], boot_set_param[i]);
#else
		pr_warn("tracing: %s=: the function_graph tracer is not built\n",
			boot_set_param[i]);
#endif
	}
}

/**
 * ftrace_create_tracefs_files() - a session's filter files, and the top
 *	level's call-site files and function_graph sets
 * @tr: the session
 */
void ftrace_create_tracefs_files(struct trace_array *tr)
{
	void *key = trace_key(tr, RING_BUFFER_ALL_CPUS);

	trace_create_file("set_ftrace_filter", TRACE_MODE_WRITE, tr->dir, key,
			  &filter_fops);
	trace_create_file("set_ftrace_notrace", TRACE_MODE_WRITE, tr->dir, key,
			  &filter_fops);
	if (tr != &global_trace)
		return;
	/* Global, as in 6.12: every session's function_graph reads them. */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	trace_create_file("set_graph_function", TRACE_MODE_WRITE, tr->dir, key,
			  &filter_fops);
	trace_create_file("set_graph_notrace", TRACE_MODE_WRITE, tr->dir, key,
			  &filter_fops);
#endif
	trace_create_file("available_filter_functions", TRACE_MODE_READ, NULL,
			  (void *)VIEW_AVAILABLE, &sites_fops);
	trace_create_file("available_filter_functions_addrs", TRACE_MODE_READ, NULL,
			  (void *)VIEW_ADDRS, &sites_fops);
	trace_create_file("enabled_functions", TRACE_MODE_READ, NULL,
			  (void *)VIEW_ENABLED, &sites_fops);
#ifdef CONFIG_STACK_TRACER
	trace_create_file("stack_trace_filter", TRACE_MODE_WRITE, NULL, key, &filter_fops);
#endif
}
