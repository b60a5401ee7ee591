// SPDX-License-Identifier: GPL-2.0
/*
 * fprobe events and tracepoint probe events: events recorded at a
 * function's entry or exit through an fprobe, or where a tracepoint is
 * called.  They are defined in dynamic_events:
 *
 *   f[:[GRP/][EVENT]] [MOD:]FUNCTION [FETCHARGS]
 *   f[MAXACTIVE][:[GRP/][EVENT]] [MOD:]FUNCTION%return [FETCHARGS]
 *   t[:[GRP/][EVENT]] [MOD:]TRACEPOINT [FETCHARGS]
 *
 * An f definition with $retval among its arguments is an exit probe
 * even without %return.  At a function's entry $argN are its
 * arguments; at its exit they are the arguments it was called with,
 * saved by an entry handler into the fprobe's entry data.  At a
 * tracepoint, $argN are the tracepoint's arguments.
 *
 * Each definition is a probe point (&struct fprobe_point).  A definition
 * naming an existing event of this file's kinds appends a point to it,
 * as kprobe events do.  Points are armed while their event is enabled
 * in some session: an fprobe is registered (its functions patched) or
 * the tracepoint probe attached only then.
 *
 * A tracepoint point finds its tracepoint by name, in the kernel or in
 * a module: one in a module that is not loaded is found when the module
 * comes, and lost again when it goes.  Those points are on their own
 * list under tprobe_lock, which the tracepoint core's module notifier
 * (called under its module mutex) takes without any of the tracing
 * locks; enabling takes it inside trace_types_lock.
 */
#include <linux/ctype.h>
#include <linux/fprobe.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "trace_tracers.h"
#include "trace_dynevent.h"
#include "trace_probe.h"

#define FPROBE_GROUP		"fprobes"
#define TPROBE_GROUP		"tracepoints"
#define FPROBE_MAXACTIVE_MAX	4096
/*
 * A tracepoint's probe takes its arguments in registers only: the
 * first five, after the probe's data (x86_64's six argument registers).
 */
#define TPROBE_ARGS_MAX		5

enum fprobe_point_type {
	FPT_ENTRY,
	FPT_EXIT,
	FPT_TPOINT,
};

/**
 * struct fprobe_point - one definition of an fprobe or tracepoint event
 * @base: its event, arguments and entry in the list of events
 * @fp: its fprobe (f points)
 * @place: "[MOD:]NAME" as written, without %return
 * @filter: the function as the fprobe's ftrace filter takes it
 * @type: &enum fprobe_point_type
 * @maxactive: the MAXACTIVE written, 0 for the default
 * @armed: its fprobe is registered, or its tracepoint probe attached
 * @tp_node: entry in tprobe_points (tracepoint points; tprobe_lock)
 * @tp_name: the tracepoint's name
 * @tp_modname: the module given with the tracepoint, or NULL for any
 * @tp: the tracepoint once found, else NULL (tprobe_lock)
 * @tp_mod: the module @tp is in, or NULL for the kernel (tprobe_lock)
 * @tp_want: its event is enabled: attach to @tp when it is found
 *	(tprobe_lock)
 */
struct fprobe_point {
	struct probe_point	base;
	struct fprobe		fp;
	char			*place;
	char			*filter;
	u8			type;
	unsigned int		maxactive;
	bool			armed;
	struct list_head	tp_node;
	const char		*tp_name;
	char			*tp_modname;
	struct tracepoint	*tp;
	struct module		*tp_mod;
	bool			tp_want;
};

static_assert(offsetof(struct fprobe_point, base) == 0);

static struct dyn_event_ops fprobe_ops;
static DEFINE_MUTEX(tprobe_lock);
static LIST_HEAD(tprobe_points);

static struct fprobe_point *to_point(struct dyn_event *de)
{
	return container_of(de, struct fprobe_point, base.de);
}

static struct fprobe_point *fpoint(struct probe_point *p)
{
	return container_of(p, struct fprobe_point, base);
}

/* ---- hits ----------------------------------------------------------------- */

static int fentry_hit(struct fprobe *fp, unsigned long entry_ip,
		      unsigned long ret_ip, struct pt_regs *regs,
		      void *entry_data)
{
	struct fprobe_point *pt = container_of(fp, struct fprobe_point, fp);

	probe_event_record(pt->base.event, &pt->base.args, regs, NULL,
			   &entry_ip);
	return 0;
}

NOKPROBE_SYMBOL(fentry_hit);

/* An exit probe's entry: save the $argN it records at the exit. */
static int fexit_entry(struct fprobe *fp, unsigned long entry_ip,
		       unsigned long ret_ip, struct pt_regs *regs,
		       void *entry_data)
{
	struct fprobe_point *pt = container_of(fp, struct fprobe_point, fp);

	probe_fetch_entry_args(&pt->base.args, regs, entry_data);
	return 0;
}

NOKPROBE_SYMBOL(fexit_entry);

static void fexit_hit(struct fprobe *fp, unsigned long entry_ip,
		      unsigned long ret_ip, struct pt_regs *regs,
		      void *entry_data)
{
	struct fprobe_point *pt = container_of(fp, struct fprobe_point, fp);
	unsigned long hdr[2] = { entry_ip, ret_ip };

	probe_event_record(pt->base.event, &pt->base.args, regs, entry_data,
			   hdr);
}

NOKPROBE_SYMBOL(fexit_hit);

/*
 * The probe attached to a tracepoint: called as probe(data, args...).
 * The arguments go where $argN reads a function's arguments, so that
 * the probe-event core fetches them as it does at a function's entry;
 * the other registers are zero, the stack pointer is the probe's.
 */
static void tprobe_hit(void *data, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5)
{
	struct fprobe_point *pt = data;
	unsigned long ip = _RET_IP_;
	struct pt_regs regs = {
		.di = a1, .si = a2, .dx = a3, .cx = a4, .r8 = a5,
		.ip = ip, .sp = current_stack_pointer,
	};

	probe_event_record(pt->base.event, &pt->base.args, &regs, NULL, &ip);
}

NOKPROBE_SYMBOL(tprobe_hit);

/* ---- the events' headers ------------------------------------------------------ */

static const struct trace_event_fields fentry_hdr[] = {
	{ .type = "unsigned long", .name = "__probe_ip",
	  .size = sizeof(long) },
	{}
};

static const struct trace_event_fields fexit_hdr[] = {
	{ .type = "unsigned long", .name = "__probe_func",
	  .size = sizeof(long) },
	{ .type = "unsigned long", .name = "__probe_ret_ip",
	  .size = sizeof(long) },
	{}
};

/* "(vfs_read+0x4/0x140)" */
static void fentry_print_head(struct trace_seq *s,
			      const struct probe_event *ev,
			      const unsigned long *hdr)
{
	trace_seq_printf(s, "(%pS)", (void *)hdr[0]);
}

/* "(ksys_read+0x6b/0xf0 <- vfs_read)" */
static void fexit_print_head(struct trace_seq *s,
			     const struct probe_event *ev,
			     const unsigned long *hdr)
{
	trace_seq_printf(s, "(%pS <- %ps)", (void *)hdr[1], (void *)hdr[0]);
}

/* ---- arming --------------------------------------------------------------------- */

/* Attach to the tracepoint if it is known and wanted.  tprobe_lock held. */
static int tprobe_sync(struct fprobe_point *pt)
{
	int ret = 0;

	lockdep_assert_held(&tprobe_lock);
	if (pt->tp && pt->tp_want && !pt->armed) {
		ret = tracepoint_probe_register(pt->tp, tprobe_hit, pt);
		pt->armed = !ret;
	} else if (pt->armed && (!pt->tp || !pt->tp_want)) {
		tracepoint_probe_unregister(pt->tp, tprobe_hit, pt);
		pt->armed = false;
	}
	return ret;
}

static int point_arm(struct fprobe_point *pt, bool on)
{
	int ret = 0;

	if (pt->type == FPT_TPOINT) {
		mutex_lock(&tprobe_lock);
		pt->tp_want = on;
		ret = tprobe_sync(pt);
		mutex_unlock(&tprobe_lock);
		return ret;
	}
	if (on && !pt->armed) {
		ret = register_fprobe(&pt->fp, pt->filter, NULL);
		pt->armed = !ret;
	} else if (!on && pt->armed) {
		unregister_fprobe(&pt->fp);
		pt->armed = false;
	}
	return ret;
}

/* Arm or disarm every point of @ev: all of them, or none. */
static int event_arm(struct probe_event *ev, bool on)
{
	struct fprobe_point *pt;
	int ret = 0;

	list_for_each_entry(pt, &ev->points, base.node) {
		ret = point_arm(pt, on);
		if (ret)
			break;
	}
	if (!ret)
		return 0;
	list_for_each_entry(pt, &ev->points, base.node)
		point_arm(pt, false);
	return ret;
}

/* Whether @type starts the event recording somewhere. */
static bool reg_starts(enum trace_reg type)
{
#ifdef CONFIG_PERF_EVENTS
	if (type == TRACE_REG_PERF_REGISTER)
		return true;
#endif
	return type == TRACE_REG_REGISTER;
}

/*
 * The class's reg(): @data is the &struct trace_event_file for the
 * session requests, the perf event (or NULL) for perf's.  The points are
 * armed while the event records anywhere: before it starts, as that may
 * fail, and disarmed after it stops.
 */
static int fprobe_event_reg(struct trace_event_call *call,
			    enum trace_reg type, void *data)
{
	struct probe_event *ev = call->data;
	bool was = probe_event_enabled(ev);
	int ret = 0;

	if (!was && reg_starts(type)) {
		ret = event_arm(ev, true);
		if (ret)
			return ret;
	}
	switch (type) {
	case TRACE_REG_REGISTER:
		ret = probe_event_link(ev, data);
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
	/* Stopped, or failed to start: no point stays armed. */
	if ((was || ret) && !probe_event_enabled(ev))
		event_arm(ev, false);
	return ret;
}

static const struct probe_event_kind fentry_kind = {
	.hdr		= fentry_hdr,
	.print_head	= fentry_print_head,
	.reg		= fprobe_event_reg,
	.flags		= TRACE_EVENT_FL_FPROBE,
};

static const struct probe_event_kind fexit_kind = {
	.hdr		= fexit_hdr,
	.print_head	= fexit_print_head,
	.reg		= fprobe_event_reg,
	.flags		= TRACE_EVENT_FL_FPROBE,
};

/* A tracepoint event's header is an entry's: the probe's address. */
static const struct probe_event_kind tprobe_kind = {
	.hdr		= fentry_hdr,
	.print_head	= fentry_print_head,
	.reg		= fprobe_event_reg,
	.flags		= TRACE_EVENT_FL_FPROBE,
};

static const struct probe_event_kind *point_kind(struct probe_point *p)
{
	switch (fpoint(p)->type) {
	case FPT_EXIT:
		return &fexit_kind;
	case FPT_TPOINT:
		return &tprobe_kind;
	default:
		return &fentry_kind;
	}
}

/* ---- finding tracepoints -------------------------------------------------------- */

static bool tprobe_matches(struct fprobe_point *pt, struct tracepoint *tp,
			   struct module *mod)
{
	if (pt->tp || strcmp(pt->tp_name, tp->name))
		return false;
	if (!pt->tp_modname)
		return true;
	return mod && !strcmp(pt->tp_modname, mod->name);
}

/* @tp exists now: give it to the points waiting for it (@only: that one). */
static void tprobe_found(struct tracepoint *tp, struct module *mod,
			 struct fprobe_point *only)
{
	struct fprobe_point *pt;

	mutex_lock(&tprobe_lock);
	list_for_each_entry(pt, &tprobe_points, tp_node) {
		if ((only && pt != only) || !tprobe_matches(pt, tp, mod))
			continue;
		pt->tp = tp;
		pt->tp_mod = mod;
		if (tprobe_sync(pt))
			pr_warn("tracepoint probe: cannot attach to %s\n",
				tp->name);
	}
	mutex_unlock(&tprobe_lock);
}

static void tprobe_found_kernel(struct tracepoint *tp, void *priv)
{
	tprobe_found(tp, NULL, priv);
}

static void tprobe_found_module(struct tracepoint *tp, struct module *mod,
				void *priv)
{
	tprobe_found(tp, mod, priv);
}

/* Look for @pt's tracepoint among those there are now. */
static void tprobe_lookup(struct fprobe_point *pt)
{
	if (!pt->tp_modname)
		for_each_kernel_tracepoint(tprobe_found_kernel, pt);
	for_each_module_tracepoint(tprobe_found_module, pt);
}

/* A module with tracepoints comes or goes (under the tracepoint core's lock). */
static int tprobe_module_notify(struct notifier_block *nb,
				unsigned long val, void *data)
{
	struct tp_module *tpm = data;
	struct fprobe_point *pt;

	if (val == MODULE_STATE_COMING) {
		for_each_tracepoint_in_module(tpm->mod, tprobe_found_module,
					      NULL);
		return NOTIFY_OK;
	}
	if (val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&tprobe_lock);
	list_for_each_entry(pt, &tprobe_points, tp_node) {
		if (!pt->tp || pt->tp_mod != tpm->mod)
			continue;
		/* The tracepoint goes with the module; it may come back. */
		if (pt->armed)
			tracepoint_probe_unregister(pt->tp, tprobe_hit, pt);
		pt->armed = false;
		pt->tp = NULL;
		pt->tp_mod = NULL;
	}
	mutex_unlock(&tprobe_lock);
	return NOTIFY_OK;
}

static struct notifier_block tprobe_module_nb = {
	.notifier_call	= tprobe_module_notify,
};

/* ---- parsing a definition ------------------------------------------------------ */

static void point_free(struct probe_point *p)
{
	struct fprobe_point *pt = fpoint(p);

	probe_args_free(&pt->base.args);
	kfree(pt->place);
	kfree(pt->filter);
	kfree(pt->tp_modname);
	kfree(pt);
}

/* Whether an argument fetches $retval (not $retvalue). */
static int find_retval(const char *arg)
{
	const char *r = strstr(arg, "$retval");

	if (!r || isalnum(r[7]) || r[7] == '_')
		return -1;
	return r - arg;
}

/* "[MOD:]TRACEPOINT": C identifiers. */
static int check_tp_name(struct probe_parse *pp, struct fprobe_point *pt,
			 int pos)
{
	const char *s = pt->place, *colon = NULL;

	for (; *s; s++) {
		if (isalnum(*s) || *s == '_')
			continue;
		if (*s == ':' && !colon && s != pt->place && s[1]) {
			colon = s;
			continue;
		}
		probe_log_err(pp, pos + (s - pt->place), PE_BAD_TP_NAME);
		return -EINVAL;
	}
	pt->tp_name = colon ? colon + 1 : pt->place;
	if (colon) {
		pt->tp_modname = kstrndup(pt->place, colon - pt->place,
					  GFP_KERNEL);
		if (!pt->tp_modname)
			return -ENOMEM;
	}
	return 0;
}

/*
 * The place: "[MOD:]FUNCTION[%return]" or "[MOD:]TRACEPOINT".  $retval
 * among the arguments makes an f point an exit probe.
 */
static int parse_place(struct probe_parse *pp, struct fprobe_point *pt,
		       int argc, char **argv, int *pos)
{
	char *place = argv[1], *pct = strchr(place, '%');
	int i, off;

	if (pct) {
		if (pt->type == FPT_TPOINT || strcmp(pct, "%return")) {
			probe_log_err(pp, pos[1] + (pct - place),
				      PE_BAD_ADDR_SUFFIX);
			return -EINVAL;
		}
		pt->type = FPT_EXIT;
	}
	pt->place = kstrndup(place, pct ? pct - place : strlen(place),
			     GFP_KERNEL);
	if (!pt->place)
		return -ENOMEM;
	if (pt->type == FPT_TPOINT) {
		int ret = check_tp_name(pp, pt, pos[1]);

		if (ret)
			return ret;
	}
	for (i = 2; i < argc && pt->type != FPT_EXIT; i++) {
		off = find_retval(argv[i]);
		if (off < 0)
			continue;
		if (pt->type == FPT_TPOINT) {
			probe_log_err(pp, pos[i] + off, PE_RETVAL_ON_PROBE);
			return -EINVAL;
		}
		pt->type = FPT_EXIT;
	}
	return 0;
}

/*
 * An f point's function must exist and be traceable (a tracepoint may
 * come later).  Its fprobe's filter: "FUNCTION", or "FUNCTION:mod:MOD"
 * for one in a module.
 */
static int resolve_function(struct probe_parse *pp, struct probe_point *p,
			    int pos)
{
	struct fprobe_point *pt = fpoint(p);
	char *colon = strchr(pt->place, ':');
	unsigned long addr, size, off;

	if (pt->type == FPT_TPOINT)
		return 0;
	addr = kallsyms_lookup_name(pt->place);
	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &off) || off) {
		probe_log_err(pp, pos, PE_BAD_PROBE_ADDR);
		return -ENOENT;
	}
	if (!ftrace_location(addr)) {
		probe_log_err(pp, pos, PE_FAIL_REG_PROBE);
		return -EINVAL;
	}
	if (colon)
		pt->filter = kasprintf(GFP_KERNEL, "%s:mod:%.*s", colon + 1,
				       (int)(colon - pt->place), pt->place);
	else
		pt->filter = kstrdup(pt->place, GFP_KERNEL);
	return pt->filter ? 0 : -ENOMEM;
}

static void default_name(struct probe_point *base, char *buf)
{
	struct fprobe_point *pt = fpoint(base);
	char *p;

	if (pt->type == FPT_TPOINT)
		snprintf(buf, PROBE_NAME_MAX, "%s%s",
			 isdigit(*pt->tp_name) ? "_" : "", pt->tp_name);
	else
		snprintf(buf, PROBE_NAME_MAX, "%s__%s", pt->place,
			 pt->type == FPT_EXIT ? "exit" : "entry");
	for (p = buf; *p; p++)
		if (!isalnum(*p) && *p != '_')
			*p = '_';
}

static bool same_place(struct probe_point *a, struct probe_point *b)
{
	return !strcmp(fpoint(a)->place, fpoint(b)->place);
}

static void point_set_handlers(struct fprobe_point *pt)
{
	if (pt->type == FPT_ENTRY) {
		pt->fp.entry_handler = fentry_hit;
		return;
	}
	pt->fp.exit_handler = fexit_hit;
	pt->fp.nr_maxactive = pt->maxactive;
	if (pt->base.args.entry_args) {
		pt->fp.entry_handler = fexit_entry;
		pt->fp.entry_data_size = pt->base.args.entry_args *
					 sizeof(long);
	}
}

/* "f[N]...": the MAXACTIVE after the kind's letter, if any. */
static int parse_maxactive(struct probe_parse *pp, struct fprobe_point *pt,
			   char *word, int pos)
{
	size_t n = strcspn(word + 1, ":");
	char num[16];

	if (!n)
		return 0;
	if (n >= sizeof(num) || !isdigit(word[1])) {
		probe_log_err(pp, pos + 1, PE_BAD_MAXACT);
		return -EINVAL;
	}
	strscpy(num, word + 1, n + 1);
	if (kstrtouint(num, 0, &pt->maxactive) || !pt->maxactive) {
		probe_log_err(pp, pos + 1, PE_BAD_MAXACT);
		return -EINVAL;
	}
	if (pt->maxactive > FPROBE_MAXACTIVE_MAX) {
		probe_log_err(pp, pos + 1, PE_MAXACT_TOO_BIG);
		return -EINVAL;
	}
	return 0;
}

/* "...[:[GRP/][EVENT]]": MAXACTIVE only for an exit, then the name. */
static int parse_name(struct probe_parse *pp, struct fprobe_point *pt,
		      char *word, int pos, const char **group,
		      const char **name)
{
	char *colon = strchr(word, ':');

	if (pt->maxactive && pt->type != FPT_EXIT) {
		probe_log_err(pp, pos + 1, PE_BAD_MAXACT_TYPE);
		return -EINVAL;
	}
	if (!colon)
		return 0;
	return probe_parse_name(pp, colon + 1, pos + (colon + 1 - word),
				group, name);
}

/* The point joins its event; armed at once if the event is enabled. */
static int point_publish(struct probe_point *p)
{
	struct fprobe_point *pt = fpoint(p);
	int ret = 0;

	point_set_handlers(pt);
	if (pt->type == FPT_TPOINT) {
		mutex_lock(&tprobe_lock);
		list_add_tail(&pt->tp_node, &tprobe_points);
		mutex_unlock(&tprobe_lock);
		tprobe_lookup(pt);
	}
	mutex_lock(&trace_types_lock);
	if (probe_event_enabled(pt->base.event))
		ret = point_arm(pt, true);
	if (!ret)
		list_add_tail(&pt->base.node, &pt->base.event->points);
	mutex_unlock(&trace_types_lock);
	if (!ret)
		return 0;
	if (pt->type == FPT_TPOINT) {
		mutex_lock(&tprobe_lock);
		list_del(&pt->tp_node);
		mutex_unlock(&tprobe_lock);
	}
	return ret;
}

/* Parse everything but the place's existence, in 6.12's order. */
static int fprobe_parse(struct probe_parse *pp, struct probe_point *p,
			int argc, char **argv, int *pos, const char **group,
			const char **name)
{
	struct fprobe_point *pt = fpoint(p);
	int ret;

	INIT_LIST_HEAD(&pt->tp_node);
	pt->type = argv[0][0] == 't' ? FPT_TPOINT : FPT_ENTRY;
	if (pt->type == FPT_TPOINT)
		*group = TPROBE_GROUP;
	ret = parse_maxactive(pp, pt, argv[0], pos[0]);
	if (!ret)
		ret = parse_place(pp, pt, argc, argv, pos);
	if (!ret)
		ret = parse_name(pp, pt, argv[0], pos[0], group, name);
	if (ret)
		return ret;
	pp->flags = PROBE_F_KERNEL | PROBE_F_NOREGS;
	pp->flags |= pt->type == FPT_EXIT ? PROBE_F_RETURN : PROBE_F_ENTRY;
	/* BTF names the function's parameters, or the tracepoint's. */
	pp->func = pt->type == FPT_TPOINT ? pt->tp_name : pt->place;
	if (pt->type == FPT_TPOINT) {
		pp->flags |= PROBE_F_TPOINT;
		pp->max_arg = TPROBE_ARGS_MAX;
	}
	return probe_args_parse(pp, &p->args, argc, argv, pos,
				point_kind(p)->hdr);
}

static const struct probe_point_kind fprobe_point_kind = {
	.loc		= "trace_fprobe",
	.group		= FPROBE_GROUP,
	.ops		= &fprobe_ops,
	.size		= sizeof(struct fprobe_point),
	.parse		= fprobe_parse,
	.event_kind	= point_kind,
	.default_name	= default_name,
	.same_place	= same_place,
	.check		= resolve_function,
	.attach		= point_publish,
	.free		= point_free,
};

static int fprobe_create(const char *line, int argc, char **argv, int *pos)
{
	if ((argv[0][0] != 'f' && argv[0][0] != 't') || argc < 2)
		return -ECANCELED;
	return probe_point_create(&fprobe_point_kind, line, argc, argv, pos);
}

/* ---- listing and removing ------------------------------------------------------- */

static int fprobe_show(struct seq_file *m, struct dyn_event *de)
{
	struct fprobe_point *pt = to_point(de);

	seq_putc(m, pt->type == FPT_TPOINT ? 't' : 'f');
	if (pt->maxactive)
		seq_printf(m, "%u", pt->maxactive);
	seq_printf(m, ":%s/%s %s%s", pt->base.event->group,
		   probe_event_name(pt->base.event), pt->place,
		   pt->type == FPT_EXIT ? "%return" : "");
	probe_show_args(m, &pt->base.args);
	seq_putc(m, '\n');
	return 0;
}

/* Remove a point, and its event with the last one. */
static int fprobe_free(struct dyn_event *de)
{
	struct fprobe_point *pt = to_point(de);
	struct probe_event *ev = pt->base.event;
	int ret;

	ret = probe_event_remove_point(ev, &pt->base.node);
	if (ret < 0)
		return ret;
	if (pt->type == FPT_TPOINT) {
		mutex_lock(&tprobe_lock);
		pt->tp_want = false;
		tprobe_sync(pt);
		list_del(&pt->tp_node);
		mutex_unlock(&tprobe_lock);
		/* A probe still running on another CPU has @pt. */
		tracepoint_synchronize_unregister();
	} else {
		point_arm(pt, false);
	}
	dyn_event_del(de);
	point_free(&pt->base);
	if (ret)
		probe_event_free(ev);
	return 0;
}

/* "-:[GRP/]EVENT [PLACE [ARGS]]" */
static bool fprobe_match(const char *system, const char *event, int argc,
			 const char **argv, struct dyn_event *de)
{
	struct fprobe_point *pt = to_point(de);
	size_t n = strlen(pt->place);

	if (!probe_event_named(pt->base.event, system, event))
		return false;
	if (!argc)
		return true;
	if (strncmp(argv[0], pt->place, n))
		return false;
	/* "FUNCTION%return" names an exit point, as does "FUNCTION". */
	if (argv[0][n] && (pt->type != FPT_EXIT ||
			   strcmp(argv[0] + n, "%return")))
		return false;
	return probe_args_match(&pt->base.args, argc - 1, argv + 1);
}

static struct dyn_event_ops fprobe_ops = {
	.create		= fprobe_create,
	.show		= fprobe_show,
	.is_busy	= probe_point_busy,
	.free		= fprobe_free,
	.match		= fprobe_match,
};

static __init int fprobe_events_init(void)
{
	dyn_event_register(&fprobe_ops);
	register_tracepoint_module_notifier(&tprobe_module_nb);
	return 0;
}
fs_initcall(fprobe_events_init);
