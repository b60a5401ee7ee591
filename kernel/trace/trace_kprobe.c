// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe events: events recorded where a kprobe or kretprobe hits.
 *
 *   kprobe_events	define, list and remove them (also through
 *			dynamic_events)
 *   kprobe_profile	hits and misses of each probe point
 *
 * A definition:
 *
 *   p[:[GRP/][EVENT]] [MOD:]SYM[+OFFS]|ADDR [FETCHARGS]
 *   r[MAXACTIVE][:[GRP/][EVENT]] [MOD:]SYM[+0]|ADDR [FETCHARGS]
 *   p[:[GRP/][EVENT]] [MOD:]SYM%return [FETCHARGS]
 *
 * Each definition is a probe point (&struct kprobe_point) with its own
 * kretprobe (a plain kprobe in rp.kp for 'p').  A definition naming an
 * existing event appends a point to it: the arguments must have the
 * same names and types, and the event records from every point.  The
 * kprobes are registered disabled when the point is defined, so that a
 * place kprobes refuse is an error there, and enabled while the event
 * is enabled in some session.  A point in a module that is not loaded
 * waits for it: it is registered when the module comes.
 */
#include <linux/cred.h>
#include <linux/error-injection.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <uapi/linux/bpf.h>

#include <asm/setup.h>

#include "trace_tracers.h"
#include "trace_dynevent.h"
#include "trace_probe.h"

#define KPROBE_GROUP		"kprobes"
#define KRETPROBE_MAXACTIVE_MAX	4096

/**
 * struct kprobe_point - one definition of a kprobe event
 * @base: its event, arguments and entry in the list of events
 * @rp: its kretprobe; a 'p' point uses rp.kp only
 * @symbol: "[MOD:]SYM", or NULL for a raw address
 * @offset: the offset from @symbol
 * @addr: the raw address, for a point without @symbol
 * @maxactive: the MAXACTIVE written, 0 for kretprobes' default
 * @is_return: a return probe
 * @registered: its kprobe is registered (its module is loaded)
 * @nhit: per-CPU hit counts
 */
struct kprobe_point {
	struct probe_point	base;
	struct kretprobe	rp;
	char			*symbol;
	unsigned long		offset;
	unsigned long		addr;
	unsigned int		maxactive;
	bool			is_return;
	bool			registered;
	unsigned long __percpu	*nhit;
};

static_assert(offsetof(struct kprobe_point, base) == 0);

static struct dyn_event_ops kprobe_ops;

static struct kprobe_point *to_point(struct dyn_event *de)
{
	return container_of(de, struct kprobe_point, base.de);
}

static struct kprobe_point *kpoint(struct probe_point *p)
{
	return container_of(p, struct kprobe_point, base);
}

/* ---- hits ----------------------------------------------------------------- */

static int kprobe_hit(struct kprobe *kp, struct pt_regs *regs)
{
	struct kprobe_point *pt = container_of(kp, struct kprobe_point, rp.kp);
	unsigned long ip = (unsigned long)kp->addr;
	unsigned long at = instruction_pointer(regs);

	raw_cpu_inc(*pt->nhit);
	probe_event_record(pt->base.event, &pt->base.args, regs, NULL, &ip);
	/*
	 * A BPF program's bpf_override_return() sent the task elsewhere:
	 * the probed instruction is not run.
	 */
	return instruction_pointer(regs) != at;
}
NOKPROBE_SYMBOL(kprobe_hit);

static int kretprobe_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kprobe_point *pt = container_of(get_kretprobe(ri),
					       struct kprobe_point, rp);

	probe_fetch_entry_args(&pt->base.args, regs, (unsigned long *)ri->data);
	return 0;
}
NOKPROBE_SYMBOL(kretprobe_entry);

static int kretprobe_hit(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kprobe_point *pt = container_of(get_kretprobe(ri),
					       struct kprobe_point, rp);
	unsigned long hdr[2] = {
		(unsigned long)pt->rp.kp.addr, get_kretprobe_retaddr(ri),
	};

	raw_cpu_inc(*pt->nhit);
	probe_event_record(pt->base.event, &pt->base.args, regs,
			   pt->base.args.entry_args ?
			   (unsigned long *)ri->data : NULL, hdr);
	return 0;
}
NOKPROBE_SYMBOL(kretprobe_hit);

/* ---- the event's header ------------------------------------------------------ */

static const struct trace_event_fields kprobe_hdr[] = {
	{ .type = "unsigned long", .name = "__probe_ip",
	  .size = sizeof(long) },
	{}
};

static const struct trace_event_fields kretprobe_hdr[] = {
	{ .type = "unsigned long", .name = "__probe_func",
	  .size = sizeof(long) },
	{ .type = "unsigned long", .name = "__probe_ret_ip",
	  .size = sizeof(long) },
	{}
};

/* "(vfs_read+0x4/0x140)" */
static void kprobe_print_head(struct trace_seq *s,
			      const struct probe_event *ev,
			      const unsigned long *hdr)
{
	trace_seq_printf(s, "(%pS)", (void *)hdr[0]);
}

/* "(ksys_read+0x6b/0xf0 <- vfs_read)" */
static void kretprobe_print_head(struct trace_seq *s,
				 const struct probe_event *ev,
				 const unsigned long *hdr)
{
	trace_seq_printf(s, "(%pS <- %ps)", (void *)hdr[1], (void *)hdr[0]);
}

/* ---- enabling ---------------------------------------------------------------- */

static void point_arm(struct kprobe_point *pt, bool on)
{
	if (!pt->registered)
		return;
	if (on)
		enable_kprobe(&pt->rp.kp);
	else
		disable_kprobe(&pt->rp.kp);
}

/*
 * The class's reg(): @data is the &struct trace_event_file for the
 * session requests, the perf event (or NULL) for perf's.  The kprobes
 * are armed while the event records anywhere.
 */
static int kprobe_event_reg(struct trace_event_call *call,
			    enum trace_reg type, void *data)
{
	struct probe_event *ev = call->data;
	bool was = probe_event_enabled(ev);
	struct kprobe_point *pt;
	int ret;

	switch (type) {
	case TRACE_REG_REGISTER:
		ret = probe_event_link(ev, data);
		if (ret)
			return ret;
		break;
	case TRACE_REG_UNREGISTER:
		probe_event_unlink(ev, data);
		break;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		probe_event_set_perf(ev, true);
		break;
	case TRACE_REG_PERF_UNREGISTER:
		probe_event_set_perf(ev, false);
		break;
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
#endif
	default:
		return -EINVAL;
	}
	if (was != probe_event_enabled(ev))
		list_for_each_entry(pt, &ev->points, base.node)
			point_arm(pt, !was);
	return 0;
}

static const struct probe_event_kind kprobe_kind = {
	.hdr		= kprobe_hdr,
	.print_head	= kprobe_print_head,
	.reg		= kprobe_event_reg,
	.flags		= TRACE_EVENT_FL_KPROBE,
};

static const struct probe_event_kind kretprobe_kind = {
	.hdr		= kretprobe_hdr,
	.print_head	= kretprobe_print_head,
	.reg		= kprobe_event_reg,
	.flags		= TRACE_EVENT_FL_KPROBE,
};

/* ---- registering the kprobe ------------------------------------------------- */

/*
 * Unless CONFIG_KPROBE_EVENTS_ON_NOTRACE, a function the function tracer
 * may not trace may not be probed either: it is on paths tracing itself
 * uses.
 */
static bool point_on_notrace(unsigned long addr)
{
#if defined(CONFIG_DYNAMIC_FTRACE) && !defined(CONFIG_KPROBE_EVENTS_ON_NOTRACE)
	unsigned long size, off;

	if (!kallsyms_lookup_size_offset(addr, &size, &off))
		return false;
	return !ftrace_location(addr - off);
#else
	return false;
#endif
}

static int point_register(struct kprobe_point *pt)
{
	struct kprobe *kp = &pt->rp.kp;
	int ret;

	memset(kp, 0, sizeof(*kp));
	if (pt->symbol) {
		kp->symbol_name = pt->symbol;
		kp->offset = pt->offset;
	} else {
		kp->addr = (kprobe_opcode_t *)pt->addr;
	}
	kp->flags = probe_event_enabled(pt->base.event) ? 0 :
		    KPROBE_FLAG_DISABLED;
	if (pt->is_return) {
		/* register_kretprobe() sets its default in a zero maxactive. */
		pt->rp.maxactive = pt->maxactive;
		ret = register_kretprobe(&pt->rp);
	} else {
		kp->pre_handler = kprobe_hit;
		ret = register_kprobe(kp);
	}
	if (!ret)
		pt->registered = true;
	return ret;
}

static void point_unregister(struct kprobe_point *pt)
{
	if (!pt->registered)
		return;
	if (pt->is_return)
		unregister_kretprobe(&pt->rp);
	else
		unregister_kprobe(&pt->rp.kp);
	pt->registered = false;
}

static void point_free(struct probe_point *p)
{
	struct kprobe_point *pt = kpoint(p);

	probe_args_free(&pt->base.args);
	free_percpu(pt->nhit);
	kfree(pt->symbol);
	kfree(pt);
}

/* ---- parsing a definition --------------------------------------------------- */

static int count_sym(void *data, unsigned long addr)
{
	(*(int *)data)++;
	return 0;
}

static int count_mod_sym(void *data, const char *name, unsigned long addr)
{
	struct { const char *name; int n; } *c = data;

	if (!strcmp(name, c->name))
		c->n++;
	return 0;
}

/* How many symbols are called @sym ("MOD:SYM" counts in MOD only). */
static int symbol_count(const char *sym)
{
	struct { const char *name; int n; } c = { .name = sym };
	const char *colon = strchr(sym, ':');
	char *mod;

	if (colon) {
		mod = kstrndup(sym, colon - sym, GFP_KERNEL);
		if (!mod)
			return 0;
		c.name = colon + 1;
		module_kallsyms_on_each_symbol(mod, count_mod_sym, &c);
		kfree(mod);
		return c.n;
	}
	kallsyms_on_each_match_symbol(count_sym, sym, &c.n);
	module_kallsyms_on_each_symbol(NULL, count_mod_sym, &c);
	return c.n;
}

static bool module_loaded(const char *sym)
{
	const char *colon = strchr(sym, ':');
	char name[MODULE_NAME_LEN];
	bool ret;

	if (!colon || colon - sym >= MODULE_NAME_LEN)
		return true;
	strscpy(name, sym, colon - sym + 1);
	rcu_read_lock_sched();
	ret = find_module(name);
	rcu_read_unlock_sched();
	return ret;
}

/*
 * Whether the point is a function's first instruction ($argN works).  A
 * symbol in a module not loaded yet cannot be looked at: its offset 0 is
 * taken for the entry (6.12 refuses $argN there), and kprobes check the
 * place when the module comes.
 */
static bool point_on_entry(struct kprobe_point *pt)
{
	if (pt->symbol && !module_loaded(pt->symbol))
		return !pt->offset;
	if (pt->symbol)
		return !kprobe_on_func_entry(NULL, pt->symbol, pt->offset);
	return !kprobe_on_func_entry((void *)pt->addr, NULL, 0);
}

/* The place: "[MOD:]SYM[+OFFS][%return]" or an address. */
static int parse_place(struct probe_parse *pp, struct kprobe_point *pt,
		       char *place, int pos)
{
	char *pct = strchr(place, '%'), *plus;
	unsigned long addr;
	int n;

	if (pct) {
		if (strcmp(pct, "%return") || pt->is_return) {
			probe_log_err(pp, pos + (pct - place),
				      PE_BAD_ADDR_SUFFIX);
			return -EINVAL;
		}
		*pct = '\0';
		pt->is_return = true;
	}
	if (isdigit(place[0])) {
		if (kstrtoul(place, 0, &pt->addr)) {
			probe_log_err(pp, pos, PE_BAD_PROBE_ADDR);
			return -EINVAL;
		}
		addr = pt->addr;
		goto check;
	}
	plus = strchr(place, '+');
	if (plus) {
		if (kstrtoul(plus + 1, 0, &pt->offset)) {
			probe_log_err(pp, pos, PE_BAD_PROBE_ADDR);
			return -EINVAL;
		}
		*plus = '\0';
	}
	pt->symbol = kstrdup(place, GFP_KERNEL);
	if (!pt->symbol)
		return -ENOMEM;
	addr = kallsyms_lookup_name(place);
	if (!addr) {
		/* A point in a module not loaded waits for it. */
		if (!module_loaded(place))
			return 0;
		probe_log_err(pp, pos, PE_BAD_PROBE_ADDR);
		return -ENOENT;
	}
	n = symbol_count(place);
	if (n > 1) {
		probe_log_err(pp, pos, PE_NON_UNIQ_SYMBOL);
		return -EADDRNOTAVAIL;
	}
	addr += pt->offset;
check:
	if (pt->is_return && !point_on_entry(pt)) {
		probe_log_err(pp, pos, PE_BAD_RETPROBE);
		return -EINVAL;
	}
	if (point_on_notrace(addr)) {
		probe_log_err(pp, pos, PE_FAIL_REG_PROBE);
		return -EINVAL;
	}
	return 0;
}

static bool same_place(struct probe_point *pa, struct probe_point *pb)
{
	struct kprobe_point *a = kpoint(pa), *b = kpoint(pb);

	if (!a->symbol || !b->symbol)
		return !a->symbol && !b->symbol && a->addr == b->addr;
	return !strcmp(a->symbol, b->symbol) && a->offset == b->offset;
}

static void default_name(struct probe_point *p, char *buf)
{
	struct kprobe_point *pt = kpoint(p);
	char *s;

	if (pt->symbol)
		snprintf(buf, PROBE_NAME_MAX, "%c_%s_%lu",
			 pt->is_return ? 'r' : 'p', pt->symbol, pt->offset);
	else
		snprintf(buf, PROBE_NAME_MAX, "%c_0x%lx",
			 pt->is_return ? 'r' : 'p', pt->addr);
	for (s = buf; *s; s++)
		if (*s == '.' || *s == ':')
			*s = '_';
}

static const struct probe_event_kind *point_kind(struct probe_point *p)
{
	return kpoint(p)->is_return ? &kretprobe_kind : &kprobe_kind;
}

/* "p|r[MAXACTIVE][:[GRP/][EVENT]]", the place and the arguments */
static int kprobe_parse(struct probe_parse *pp, struct probe_point *p,
			int argc, char **argv, int *pos, const char **group,
			const char **name)
{
	struct kprobe_point *pt = kpoint(p);
	char *word = argv[0], *colon;
	int ret;

	pt->is_return = word[0] == 'r';
	pt->nhit = alloc_percpu(unsigned long);
	if (!pt->nhit)
		return -ENOMEM;
	colon = strchr(word, ':');
	if (colon)
		*colon = '\0';
	if (word[1]) {
		if (!pt->is_return) {
			probe_log_err(pp, pos[0] + 1, PE_BAD_MAXACT_TYPE);
			return -EINVAL;
		}
		if (kstrtouint(word + 1, 0, &pt->maxactive)) {
			probe_log_err(pp, pos[0] + 1, PE_BAD_MAXACT);
			return -EINVAL;
		}
		if (pt->maxactive > KRETPROBE_MAXACTIVE_MAX) {
			probe_log_err(pp, pos[0] + 1, PE_MAXACT_TOO_BIG);
			return -EINVAL;
		}
	}
	if (colon) {
		ret = probe_parse_name(pp, colon + 1,
				       pos[0] + (colon + 1 - word), group,
				       name);
		if (ret)
			return ret;
	}
	ret = parse_place(pp, pt, argv[1], pos[1]);
	if (ret)
		return ret;

	pp->flags = PROBE_F_KERNEL;
	if (pt->is_return)
		pp->flags |= PROBE_F_RETURN;
	else if (point_on_entry(pt))
		pp->flags |= PROBE_F_ENTRY;
	/* BTF names the parameters of the function at its entry or exit. */
	pp->func = pt->symbol;
	return probe_args_parse(pp, &p->args, argc, argv, pos,
				point_kind(p)->hdr);
}

static int kprobe_attach(struct probe_point *p)
{
	struct kprobe_point *pt = kpoint(p);
	int ret;

	pt->rp.handler = kretprobe_hit;
	if (p->args.entry_args) {
		pt->rp.entry_handler = kretprobe_entry;
		pt->rp.data_size = p->args.entry_args * sizeof(long);
	}
	/* A point in a module not loaded is registered when it comes. */
	if (!pt->symbol || module_loaded(pt->symbol)) {
		ret = point_register(pt);
		if (ret)
			return ret;
	}
	mutex_lock(&trace_types_lock);
	list_add_tail(&p->node, &p->event->points);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static const struct probe_point_kind kprobe_point_kind = {
	.loc		= "trace_kprobe",
	.group		= KPROBE_GROUP,
	.ops		= &kprobe_ops,
	.size		= sizeof(struct kprobe_point),
	.parse		= kprobe_parse,
	.event_kind	= point_kind,
	.default_name	= default_name,
	.same_place	= same_place,
	.attach		= kprobe_attach,
	.free		= point_free,
};

static int kprobe_create(const char *line, int argc, char **argv, int *pos)
{
	if (argv[0][0] != 'p' && argv[0][0] != 'r')
		return -ECANCELED;
	/* "p /bin/sh:0x10": a uprobe's place. */
	if (argc > 1 && strchr(argv[1], '/'))
		return -ECANCELED;
	if (argc < 2)
		return -EINVAL;
	return probe_point_create(&kprobe_point_kind, line, argc, argv, pos);
}

/* ---- listing and removing ---------------------------------------------------- */

static int kprobe_show(struct seq_file *m, struct dyn_event *de)
{
	struct kprobe_point *pt = to_point(de);

	seq_putc(m, pt->is_return ? 'r' : 'p');
	if (pt->maxactive)
		seq_printf(m, "%u", pt->maxactive);
	seq_printf(m, ":%s/%s", pt->base.event->group,
		   probe_event_name(pt->base.event));
	if (!pt->symbol)
		seq_printf(m, " 0x%lx", pt->addr);
	else if (pt->offset)
		seq_printf(m, " %s+%lu", pt->symbol, pt->offset);
	else
		seq_printf(m, " %s", pt->symbol);
	probe_show_args(m, &pt->base.args);
	seq_putc(m, '\n');
	return 0;
}

/* Remove a point, and its event with the last one. */
static int kprobe_free(struct dyn_event *de)
{
	struct kprobe_point *pt = to_point(de);
	struct probe_event *ev = pt->base.event;
	int ret;

	ret = probe_event_remove_point(ev, &pt->base.node);
	if (ret < 0)
		return ret;
	/* Waits for the handlers: then the event may go too. */
	point_unregister(pt);
	dyn_event_del(de);
	point_free(&pt->base);
	if (ret)
		probe_event_free(ev);
	return 0;
}

/* "-:[GRP/]EVENT [PLACE [ARGS]]" */
static bool kprobe_match(const char *system, const char *event, int argc,
			 const char **argv, struct dyn_event *de)
{
	struct kprobe_point *pt = to_point(de);
	char place[KSYM_NAME_LEN + 32];

	if (!probe_event_named(pt->base.event, system, event))
		return false;
	if (!argc)
		return true;
	if (!pt->symbol)
		snprintf(place, sizeof(place), "0x%lx", pt->addr);
	else if (pt->offset)
		snprintf(place, sizeof(place), "%s+%lu", pt->symbol,
			 pt->offset);
	else
		strscpy(place, pt->symbol, sizeof(place));
	if (strcmp(argv[0], place)) {
		/* "SYM%return" names the return probe on SYM. */
		size_t n = strlen(place);

		if (!pt->is_return || strncmp(argv[0], place, n) ||
		    strcmp(argv[0] + n, "%return"))
			return false;
	}
	return probe_args_match(&pt->base.args, argc - 1, argv + 1);
}

static int kprobe_profile(struct seq_file *m, struct dyn_event *de);

static struct dyn_event_ops kprobe_ops = {
	.create		= kprobe_create,
	.show		= kprobe_show,
	.is_busy	= probe_point_busy,
	.free		= kprobe_free,
	.match		= kprobe_match,
	.profile	= kprobe_profile,
};

/* ---- modules -------------------------------------------------------------- */

static bool point_in_module(struct kprobe_point *pt, struct module *mod)
{
	size_t n = strlen(mod->name);

	return pt->symbol && !strncmp(pt->symbol, mod->name, n) &&
	       pt->symbol[n] == ':';
}

/*
 * A point in a module is registered when the module comes, and forgotten
 * (kprobes drops the kprobe itself) when it goes.
 */
static int kprobe_module_notify(struct notifier_block *nb,
				unsigned long val, void *data)
{
	struct module *mod = data;
	struct dyn_event *de;

	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&dyn_event_mutex);
	mutex_lock(&trace_types_lock);
	for_each_dyn_event(de) {
		struct kprobe_point *pt;

		if (de->ops != &kprobe_ops)
			continue;
		pt = to_point(de);
		if (!point_in_module(pt, mod))
			continue;
		point_unregister(pt);
		if (val == MODULE_STATE_COMING && point_register(pt))
			pr_warn("kprobe_events: cannot probe %s in %s\n",
				pt->symbol, mod->name);
	}
	mutex_unlock(&trace_types_lock);
	mutex_unlock(&dyn_event_mutex);
	return NOTIFY_DONE;
}

static struct notifier_block kprobe_module_nb = {
	.notifier_call	= kprobe_module_notify,
	/*
	 * Before kprobes' own notifier (priority 0; the higher runs first):
	 * a going module's points are unregistered while their kprobes are
	 * still whole.
	 */
	.priority	= 1,
};

/* ---- profile ------------------------------------------------------------- */

/* "  <event> <hits> <misses>" */
static int kprobe_profile(struct seq_file *m, struct dyn_event *de)
{
	struct kprobe_point *pt;
	unsigned long hits = 0;
	int cpu;

	pt = to_point(de);
	for_each_possible_cpu(cpu)
		hits += *per_cpu_ptr(pt->nhit, cpu);
	seq_printf(m, "  %-44s %15lu %15lu\n", probe_event_name(pt->base.event),
		   hits, pt->rp.kp.nmissed + (pt->is_return ? pt->rp.nmissed : 0));
	return 0;
}

/* ---- BPF ------------------------------------------------------------------ */

#ifdef CONFIG_BPF_EVENTS
/* The point a perf event on a kprobe event reports: its first. */
static struct kprobe_point *call_point(struct trace_event_call *call)
{
	struct probe_event *ev = call->data;

	if (!(call->flags & TRACE_EVENT_FL_KPROBE) || !ev)
		return NULL;
	return list_first_entry_or_null(&ev->points, struct kprobe_point,
					base.node);
}

static unsigned long point_address(struct kprobe_point *pt)
{
	if (pt->rp.kp.addr)
		return (unsigned long)pt->rp.kp.addr;
	if (pt->symbol)
		return kallsyms_lookup_name(pt->symbol) + pt->offset;
	return pt->addr;
}

/**
 * trace_kprobe_on_func_entry() - whether a kprobe event is on a function's entry
 * @call: the event
 *
 * bpf_override_return() needs that: the function's return is then a
 * return to the caller.
 *
 * Return: true if @call is a kprobe event whose first point is the entry
 * of a function.
 */
bool trace_kprobe_on_func_entry(struct trace_event_call *call)
{
	struct kprobe_point *pt = call_point(call);

	return pt && point_on_entry(pt);
}

/**
 * trace_kprobe_error_injectable() - whether a kprobe event's function may fail
 * @call: the event
 *
 * Return: true if @call is a kprobe event on a function of the error
 * injection list (ALLOW_ERROR_INJECTION()).
 */
bool trace_kprobe_error_injectable(struct trace_event_call *call)
{
	struct kprobe_point *pt = call_point(call);

	return pt && within_error_injection_list(point_address(pt));
}

/**
 * bpf_get_kprobe_info() - what BPF_TASK_FD_QUERY and link info report
 * @event: a perf event on a kprobe event
 * @fd_type: BPF_FD_TYPE_KPROBE or BPF_FD_TYPE_KRETPROBE
 * @symbol: the probed symbol, or NULL for a probe on an address
 * @probe_offset: the offset from @symbol
 * @probe_addr: the probed address, or 0 unless the caller may see
 *	kernel addresses
 * @missed: if not NULL, the hits the kprobe missed
 * @perf_type_tracepoint: unused: every kprobe event keeps its points
 *
 * Return: 0, or -EINVAL if @event is not on a kprobe event.
 */
int bpf_get_kprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **symbol, u64 *probe_offset,
			u64 *probe_addr, unsigned long *missed,
			bool perf_type_tracepoint)
{
	struct kprobe_point *pt = call_point(event->tp_event);

	if (!pt)
		return -EINVAL;
	*fd_type = pt->is_return ? BPF_FD_TYPE_KRETPROBE : BPF_FD_TYPE_KPROBE;
	*symbol = pt->symbol;
	*probe_offset = pt->symbol ? pt->offset : 0;
	*probe_addr = kallsyms_show_value(current_cred()) ?
		      (unsigned long)pt->rp.kp.addr : 0;
	if (missed)
		*missed = pt->rp.kp.nmissed +
			  (pt->is_return ? pt->rp.nmissed : 0);
	return 0;
}
#endif /* CONFIG_BPF_EVENTS */

/* ---- perf's kprobe PMU ---------------------------------------------------- */

#ifdef CONFIG_PERF_EVENTS
/* The checks parse_place() makes, on the place a perf event names. */
static int local_check_place(struct kprobe_point *pt)
{
	unsigned long addr = pt->addr;

	if (pt->symbol) {
		addr = kallsyms_lookup_name(pt->symbol);
		if (!addr)
			return -ENOENT;
		if (symbol_count(pt->symbol) > 1)
			return -EADDRNOTAVAIL;
		addr += pt->offset;
	}
	if (pt->is_return && !point_on_entry(pt))
		return -EINVAL;
	if (point_on_notrace(addr))
		return -EINVAL;
	return 0;
}

/**
 * create_local_trace_kprobe() - make a kprobe event for one perf event
 * @func: the function probed ("[MOD:]SYM"), or NULL to probe @addr
 * @addr: the address probed when @func is NULL
 * @offs: the offset from @func
 * @is_return: a return probe on @func or @addr
 *
 * The event records no arguments, only the kind's header, and is in no
 * session's list: perf's "kprobe" PMU (perf_kprobe_init()) makes one for
 * each perf event.  Its kprobe is registered disabled; opening the perf
 * event arms it.
 *
 * Context: process context.
 * Return: the event, or an ERR_PTR(): -ENOENT for an unknown symbol,
 * -EADDRNOTAVAIL for a symbol that is not unique, -EINVAL for a place
 * that may not be probed, -ENOMEM, or register_kprobe()'s error.
 */
struct trace_event_call *create_local_trace_kprobe(char *func, void *addr,
						   unsigned long offs,
						   bool is_return)
{
	char name[PROBE_NAME_MAX];
	struct kprobe_point *pt;
	struct probe_event *ev;
	int ret = -ENOMEM;

	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (!pt)
		return ERR_PTR(-ENOMEM);
	pt->is_return = is_return;
	pt->rp.handler = kretprobe_hit;
	pt->nhit = alloc_percpu(unsigned long);
	if (!pt->nhit || probe_args_alloc(&pt->base.args, 0))
		goto fail;
	if (func) {
		pt->symbol = kstrdup(func, GFP_KERNEL);
		if (!pt->symbol)
			goto fail;
		pt->offset = offs;
	} else {
		pt->addr = (unsigned long)addr;
	}
	ret = local_check_place(pt);
	if (ret)
		goto fail;
	probe_args_layout(&pt->base.args,
			  probe_hdr_size(point_kind(&pt->base)->hdr));
	default_name(&pt->base, name);
	ret = -ENOMEM;
	ev = probe_event_create_local(KPROBE_GROUP, name,
				      point_kind(&pt->base), &pt->base.args);
	if (!ev)
		goto fail;
	pt->base.event = ev;
	list_add_tail(&pt->base.node, &ev->points);
	ret = point_register(pt);
	if (ret) {
		probe_event_free_local(ev);
		goto fail;
	}
	return &ev->call;
fail:
	point_free(&pt->base);
	return ERR_PTR(ret);
}

/**
 * destroy_local_trace_kprobe() - free an event of create_local_trace_kprobe()
 * @event_call: the event, with no perf event open on it any more
 *
 * Context: process context; waits for the kprobe's running handlers.
 */
void destroy_local_trace_kprobe(struct trace_event_call *event_call)
{
	struct probe_event *ev = event_call->data;
	struct kprobe_point *pt;

	pt = list_first_entry(&ev->points, struct kprobe_point, base.node);
	point_unregister(pt);
	probe_event_free_local(ev);
	point_free(&pt->base);
}

/**
 * perf_kprobe_init() - open a perf "kprobe" PMU event
 * @p_event: the perf event: attr.kprobe_func names the function (user
 *	memory; "" or none for an address), attr.probe_offset is the offset
 *	from it, or attr.kprobe_addr the address
 * @is_retprobe: a return probe (the retprobe bit of attr.config)
 *
 * Makes a kprobe event for @p_event alone, with no arguments, and opens
 * @p_event on it.
 *
 * Context: process context (perf_event_open()).
 * Return: 0, -E2BIG for a name of KSYM_NAME_LEN or more, -EFAULT,
 * create_local_trace_kprobe()'s error, or perf_trace_init()'s.
 */
int perf_kprobe_init(struct perf_event *p_event, bool is_retprobe)
{
	struct trace_event_call *call;
	char *func = NULL;
	long len;
	int ret;

	if (p_event->attr.kprobe_func) {
		func = kzalloc(KSYM_NAME_LEN, GFP_KERNEL);
		if (!func)
			return -ENOMEM;
		len = strncpy_from_user(func,
					u64_to_user_ptr(p_event->attr.kprobe_func),
					KSYM_NAME_LEN);
		ret = len == KSYM_NAME_LEN ? -E2BIG : len;
		if (ret < 0)
			goto out;
		if (!func[0]) {
			kfree(func);
			func = NULL;
		}
	}
	call = create_local_trace_kprobe(func,
					 (void *)(unsigned long)p_event->attr.kprobe_addr,
					 p_event->attr.probe_offset, is_retprobe);
	ret = PTR_ERR_OR_ZERO(call);
	if (!ret)
		ret = perf_trace_open_local(call, p_event,
					    destroy_local_trace_kprobe);
out:
	kfree(func);
	return ret;
}

/**
 * perf_kprobe_destroy() - close a perf "kprobe" PMU event
 * @p_event: the perf event, scheduled out everywhere
 *
 * Frees the kprobe event made for it.
 *
 * Context: process context.
 */
void perf_kprobe_destroy(struct perf_event *p_event)
{
	perf_trace_close_local(p_event, destroy_local_trace_kprobe);
}
#endif /* CONFIG_PERF_EVENTS */

/* ---- kprobe_event= ------------------------------------------------------- */

static char boot_probes[COMMAND_LINE_SIZE] __initdata;

/*
 * "kprobe_event=def[;def...]": definitions as kprobe_events takes them,
 * with ',' where the file has a space (the command line splits at
 * spaces).
 */
static __init int set_boot_probes(char *str)
{
	strscpy(boot_probes, str, sizeof(boot_probes));
	return 1;
}
__setup("kprobe_event=", set_boot_probes);

/*
 * Define the events of kprobe_event= and enable them at the top level.
 * Nothing else can have defined a kprobe event yet: each one there is
 * the command line's.
 */
static __init void boot_probes_define(void)
{
	char *buf = boot_probes, *def;
	struct dyn_event *de;
	int ret;

	while ((def = strsep(&buf, ";"))) {
		if (!*def)
			continue;
		strreplace(def, ',', ' ');
		ret = dyn_events_run(def, &kprobe_ops);
		if (ret)
			pr_warn("tracing: kprobe_event=: could not define '%s' (%d), see error_log\n",
				def, ret);
	}
	mutex_lock(&dyn_event_mutex);
	for_each_dyn_event(de) {
		struct trace_event_call *call;

		if (de->ops != &kprobe_ops)
			continue;
		call = &to_point(de)->base.event->call;
		if (trace_event_enable_at_boot(call))
			pr_warn("tracing: kprobe_event=: could not enable %s\n",
				trace_event_name(call));
	}
	mutex_unlock(&dyn_event_mutex);
}

/* ---- kprobe events made by kernel code (include/linux/trace_events.h) ---- */

static int kprobe_run_cmd(struct dynevent_cmd *cmd)
{
	return dyn_events_run(cmd->seq.buffer, &kprobe_ops);
}

/**
 * kprobe_event_cmd_init() - start a kprobe event's definition
 * @cmd: the definition
 * @buf: where its text goes (MAX_DYNEVENT_CMD_LEN is enough)
 * @maxlen: the size of @buf
 */
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dynevent_cmd_init(cmd, buf, maxlen, DYNEVENT_TYPE_KPROBE,
			  kprobe_run_cmd);
}
EXPORT_SYMBOL_GPL(kprobe_event_cmd_init);

/* Append each argument of @args up to a NULL. */
static int add_args(struct dynevent_cmd *cmd, va_list args)
{
	const char *arg;
	int ret = 0;

	while (!ret && (arg = va_arg(args, const char *))) {
		if (++cmd->n_fields > PROBE_MAX_ARGS)
			return -EINVAL;
		ret = dynevent_cmd_add(cmd, " %s", arg);
	}
	return ret;
}

/**
 * __kprobe_event_gen_cmd_start() - start a kprobe event's definition
 *	with its place and arguments
 * @cmd: the definition, from kprobe_event_cmd_init()
 * @kretprobe: a return probe
 * @name: the event's name, in the "kprobes" group
 * @loc: where it probes, as kprobe_events takes it ("do_sys_open")
 * @...: arguments as kprobe_events takes them ("dfd=%ax"), ending with
 *	NULL (kprobe_event_gen_cmd_start() adds it)
 *
 * Run the definition with kprobe_event_gen_cmd_end().
 *
 * Return: 0; -EINVAL (not a kprobe definition, no @name or @loc, too
 * many arguments); -E2BIG if it outgrows its buffer.
 */
int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...)
{
	va_list args;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE || !name || !loc)
		return -EINVAL;
	cmd->event_name = name;
	ret = dynevent_cmd_add(cmd, "%c:kprobes/%s %s", kretprobe ? 'r' : 'p',
			       name, loc);
	if (ret)
		return ret;
	va_start(args, loc);
	ret = add_args(cmd, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_gen_cmd_start);

/**
 * __kprobe_event_add_fields() - add arguments to a kprobe event's definition
 * @cmd: the definition, started by kprobe_event_gen_cmd_start()
 * @...: arguments as kprobe_events takes them, ending with NULL
 *	(kprobe_event_add_fields() adds it)
 *
 * Return: 0, -EINVAL or -E2BIG as __kprobe_event_gen_cmd_start().
 */
int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...)
{
	va_list args;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE)
		return -EINVAL;
	va_start(args, cmd);
	ret = add_args(cmd, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_add_fields);

/**
 * kprobe_event_delete() - remove a kprobe event
 * @name: its name ("kprobes/" may be left out)
 *
 * Return: 0, -ENOENT (no such event) or -EBUSY (enabled or its files
 * open).
 */
int kprobe_event_delete(const char *name)
{
	char *cmd;
	int ret;

	if (!name || !*name)
		return -ENOENT;
	cmd = kasprintf(GFP_KERNEL, "-:%s", name);
	if (!cmd)
		return -ENOMEM;
	ret = dyn_events_run(cmd, &kprobe_ops);
	kfree(cmd);
	return ret;
}
EXPORT_SYMBOL_GPL(kprobe_event_delete);

static __init int kprobe_events_init(void)
{
	dyn_event_register(&kprobe_ops);
	register_module_notifier(&kprobe_module_nb);
	dyn_events_create_files(&kprobe_ops, "kprobe_events", "kprobe_profile");
	if (boot_probes[0] && !tracing_is_disabled())
		boot_probes_define();
	return 0;
}
fs_initcall(kprobe_events_init);
