// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: events recorded from another event's records.  They are
 * defined in dynamic_events:
 *
 *   e[:[GRP/][EVENT]] SYSTEM.EVENT|SYSTEM/EVENT [FETCHARGS] [if FILTER]
 *
 * $NAME is a field of the attached event's record (a common field
 * included) or the current task's name ($comm); the rest of the kprobe
 * events' argument language applies on top (dereferences, types, @sym).
 * A field of text is recorded as a string when no type is given; an
 * array field's value is its address, to read with +OFFS($NAME):TYPE.
 * FILTER is in the attached event's fields: records it does not match
 * make no record of the probe.
 *
 * While the probe is enabled in a session it hooks the attached event of
 * that session (trace_events_hook.c): the event's probe runs, in soft
 * mode, whether the event itself is enabled or not, and each of its
 * records is handed to the event probe before it is committed.  While
 * perf events are open on the probe, one more hook, on the attached
 * event of the top level, hands its records to them (6.12 accepts perf
 * on an event probe and never hands it a record).  The attached event
 * (and its module) is held while an event probe is on it.  The attached
 * event is a static event: not a kprobe, uprobe or event probe event.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_tracers.h"
#include "trace_dynevent.h"
#include "trace_probe.h"

#define EPROBE_GROUP	"eprobes"

/**
 * struct eprobe - one event probe
 * @de: its entry in the list of events defined at run time
 * @event: the event it records
 * @node: entry in @event's points (its only one)
 * @args: what it fetches
 * @src: the event it is attached to (held)
 * @filter: which of @src's records it records from, or NULL for all
 * @hooks: its &struct eprobe_hook, one a session it is enabled in
 *	(trace_types_lock)
 * @perf_hook: on @perf_src, while perf events are open on the probe
 * @perf_src: the attached event in the top level, or NULL while no perf
 *	event is open (trace_types_lock)
 */
struct eprobe {
	struct dyn_event	de;
	struct probe_event	*event;
	struct list_head	node;
	struct probe_args	args;
	struct trace_event_call	*src;
	struct event_filter	*filter;
	struct list_head	hooks;
	struct trace_event_hook	perf_hook;
	struct trace_event_file	*perf_src;
};

/**
 * struct eprobe_hook - an event probe enabled in one session
 * @hook: on the attached event's file in the session
 * @node: entry in the probe's hooks
 * @ep: the probe
 * @file: the probe's event in the session, written to
 * @src: the attached event in the session
 */
struct eprobe_hook {
	struct trace_event_hook	hook;
	struct list_head	node;
	struct eprobe		*ep;
	struct trace_event_file	*file;
	struct trace_event_file	*src;
};

static struct dyn_event_ops eprobe_ops;

static struct eprobe *to_eprobe(struct dyn_event *de)
{
	return container_of(de, struct eprobe, de);
}

/* ---- hits ----------------------------------------------------------------- */

static unsigned int eprobe_hit(struct trace_event_hook *hook, const void *rec,
			       struct trace_buffer *buffer)
{
	struct eprobe_hook *h = container_of(hook, struct eprobe_hook, hook);
	struct eprobe *ep = h->ep;

	if (ep->filter && !event_filter_match(ep->filter, rec))
		return 0;
	probe_event_record_file(ep->event, h->file, &ep->args, NULL, rec,
				NULL);
	return 0;
}

/* A record of the attached event, for the perf events open on the probe. */
static unsigned int eprobe_perf_hit(struct trace_event_hook *hook,
				    const void *rec,
				    struct trace_buffer *buffer)
{
	struct eprobe *ep = container_of(hook, struct eprobe, perf_hook);

	if (ep->filter && !event_filter_match(ep->filter, rec))
		return 0;
	probe_event_record_perf(ep->event, &ep->args, rec, NULL);
	return 0;
}

/* "(sched.sched_switch)" */
static void eprobe_print_head(struct trace_seq *s,
			      const struct probe_event *ev,
			      const unsigned long *hdr)
{
	struct eprobe *ep = list_first_entry(&ev->points, struct eprobe, node);

	trace_seq_printf(s, "(%s.%s)", event_system(ep->src),
			 trace_event_name(ep->src));
}

/* ---- enabling ----------------------------------------------------------------- */

static int eprobe_attach(struct eprobe *ep, struct trace_event_file *file)
{
	struct trace_event_file *src;
	struct eprobe_hook *h;
	int ret;

	/* An instance may offer only some systems. */
	src = event_file_find(file->tr, event_system(ep->src),
			      trace_event_name(ep->src));
	if (!src)
		return -ENOENT;
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	h->hook.func = eprobe_hit;
	h->ep = ep;
	h->file = file;
	h->src = src;
	ret = probe_event_link(ep->event, file);
	if (ret)
		goto fail;
	ret = event_hook_add(src, &h->hook);
	if (ret) {
		probe_event_unlink(ep->event, file);
		goto fail;
	}
	list_add(&h->node, &ep->hooks);
	return 0;
fail:
	kfree(h);
	return ret;
}

static void eprobe_detach(struct eprobe *ep, struct trace_event_file *file)
{
	struct eprobe_hook *h;

	list_for_each_entry(h, &ep->hooks, node) {
		if (h->file != file)
			continue;
		list_del(&h->node);
		event_hook_del(h->src, &h->hook);
		probe_event_unlink(ep->event, file);
		kfree(h);
		return;
	}
}

/*
 * The first perf event on the probe: its hook on the attached event of
 * the top level, which that event's probe runs for in soft mode.
 */
static int eprobe_perf_attach(struct eprobe *ep)
{
	struct trace_event_file *src;
	int ret;

	src = event_file_find(&global_trace, event_system(ep->src),
			      trace_event_name(ep->src));
	if (!src)
		return -ENOENT;
	ep->perf_hook.func = eprobe_perf_hit;
	ret = event_hook_add(src, &ep->perf_hook);
	if (ret)
		return ret;
	ep->perf_src = src;
	probe_event_set_perf(ep->event, true);
	return 0;
}

/* The last perf event went: no hit runs the hook when this returns. */
static void eprobe_perf_detach(struct eprobe *ep)
{
	if (!ep->perf_src)
		return;
	probe_event_set_perf(ep->event, false);
	event_hook_del(ep->perf_src, &ep->perf_hook);
	ep->perf_src = NULL;
}

/* The class's reg(): @data is the probe's &struct trace_event_file. */
static int eprobe_reg(struct trace_event_call *call, enum trace_reg type,
		      void *data)
{
	struct probe_event *ev = call->data;
	struct eprobe *ep;

	/* Enabled from events/ before its definition is complete. */
	if (list_empty(&ev->points))
		return -ENODEV;
	ep = list_first_entry(&ev->points, struct eprobe, node);
	switch (type) {
	case TRACE_REG_REGISTER:
		return eprobe_attach(ep, data);
	case TRACE_REG_UNREGISTER:
		eprobe_detach(ep, data);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return eprobe_perf_attach(ep);
	case TRACE_REG_PERF_UNREGISTER:
		eprobe_perf_detach(ep);
		return 0;
#endif
	default:
		/* A perf event's own open, close, add and del need nothing. */
		return 0;
	}
}

static const struct probe_event_kind eprobe_kind = {
	.print_head	= eprobe_print_head,
	.reg		= eprobe_reg,
	.flags		= TRACE_EVENT_FL_EPROBE,
};

/* ---- parsing a definition ------------------------------------------------------ */

/*
 * Hold the event to attach to: it stays (and so does its module) while
 * the probe is there.  Not a probe event.
 */
static struct trace_event_call *src_get(const char *system, const char *name)
{
	struct trace_event_call *call = NULL;
	struct trace_event_file *file;

	mutex_lock(&trace_types_lock);
	file = event_file_find(&global_trace, system, name);
	if (file && !(file->call->flags & (TRACE_EVENT_FL_KPROBE |
					   TRACE_EVENT_FL_UPROBE |
					   TRACE_EVENT_FL_EPROBE)) &&
	    try_module_get(file->call->mod)) {
		call = file->call;
		call->refcnt++;
	}
	mutex_unlock(&trace_types_lock);
	return call;
}

static void src_put(struct trace_event_call *call)
{
	struct module *mod = call->mod;

	mutex_lock(&trace_types_lock);
	call->refcnt--;
	mutex_unlock(&trace_types_lock);
	module_put(mod);
}

static void eprobe_free(struct eprobe *ep)
{
	probe_args_free(&ep->args);
	event_filter_free(ep->filter);
	if (ep->src)
		src_put(ep->src);
	kfree(ep);
}

/* "SYSTEM.EVENT" or "SYSTEM/EVENT": both parts, the event existing. */
static int parse_source(struct probe_parse *pp, struct eprobe *ep,
			char *spec, int pos)
{
	char *sep = strpbrk(spec, "./");

	if (!sep || sep == spec || !sep[1]) {
		probe_log_err(pp, pos, PE_NO_EVENT_INFO);
		return -EINVAL;
	}
	*sep = '\0';
	ep->src = src_get(spec, sep + 1);
	*sep = '.';
	if (!ep->src) {
		probe_log_err(pp, pos, PE_BAD_ATTACH_EVENT);
		return -ENOENT;
	}
	return 0;
}

/* The words after "if", joined again: a filter of the attached event. */
static int parse_filter(struct probe_parse *pp, struct eprobe *ep,
			int argc, char **argv, int *pos, int first)
{
	struct filter_error err;
	size_t len = 0;
	char *text;
	int i;

	if (first == argc) {
		/* Past the last word, as 6.12 places it. */
		probe_log_err(pp, pos[argc - 1] + strlen(argv[argc - 1]) + 1,
			      PE_NO_EP_FILTER);
		return -EINVAL;
	}
	for (i = first; i < argc; i++)
		len += strlen(argv[i]) + 1;
	text = kmalloc(len, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	text[0] = '\0';
	for (i = first; i < argc; i++) {
		if (i > first)
			strcat(text, " ");
		strcat(text, argv[i]);
	}
	ep->filter = event_filter_parse(ep->src, text, &err);
	if (!ep->filter)
		event_filter_log_error(&global_trace, text, &err);
	kfree(text);
	return ep->filter ? 0 : -EINVAL;
}

static int eprobe_parse_args(struct probe_parse *pp, struct eprobe *ep, int argc,
		      char **argv, int *pos)
{
	pp->flags = PROBE_F_KERNEL | PROBE_F_NOREGS | PROBE_F_EVENT;
	pp->event = ep->src;
	return probe_args_parse(pp, &ep->args, argc, argv, pos, NULL);
}

static int eprobe_parse(struct probe_parse *pp, struct eprobe *ep, int argc,
			char **argv, int *pos, const char **group,
			const char **name)
{
	char *colon = strchr(argv[0], ':');
	int i, nargs = argc, ret = 0;

	if (colon)
		ret = probe_parse_name(pp, colon + 1, pos[0] + 1 +
				       (colon - argv[0]), group, name);
	if (!ret)
		ret = parse_source(pp, ep, argv[1], pos[1]);
	for (i = 2; !ret && i < argc; i++) {
		if (strcmp(argv[i], "if"))
			continue;
		ret = parse_filter(pp, ep, argc, argv, pos, i + 1);
		nargs = i;
		break;
	}
	if (!ret && nargs - 2 > PROBE_MAX_ARGS) {
		probe_log_err(pp, pos[PROBE_MAX_ARGS + 2], PE_TOO_MANY_ARGS);
		ret = -E2BIG;
	}
	return ret ?: eprobe_parse_args(pp, ep, nargs, argv, pos);
}

static int eprobe_create(const char *line, int argc, char **argv, int *pos)
{
	struct probe_parse pp = { .loc = "event_probe", .cmd = line };
	const char *group = EPROBE_GROUP, *name = NULL;
	struct probe_event *ev;
	struct eprobe *ep;
	int ret;

	if (argv[0][0] != 'e' || argc < 2)
		return -ECANCELED;
	ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	if (!ep)
		return -ENOMEM;
	INIT_LIST_HEAD(&ep->hooks);
	ret = eprobe_parse(&pp, ep, argc, argv, pos, &group, &name);
	if (ret)
		goto fail;
	ev = probe_event_create(group, name ?: trace_event_name(ep->src),
				&eprobe_kind, &ep->args);
	if (IS_ERR(ev)) {
		ret = PTR_ERR(ev);
		if (ret == -EEXIST)
			probe_log_err(&pp, 0, PE_EVENT_EXIST);
		goto fail;
	}
	ep->event = ev;
	/* Disabled until this point is on it: reg() finds it there. */
	mutex_lock(&trace_types_lock);
	list_add_tail(&ep->node, &ev->points);
	mutex_unlock(&trace_types_lock);
	dyn_event_add(&ep->de, &eprobe_ops);
	return 0;
fail:
	eprobe_free(ep);
	return ret;
}

/* ---- listing and removing ------------------------------------------------------- */

/* As 6.12: the filter is not shown. */
static int eprobe_show(struct seq_file *m, struct dyn_event *de)
{
	struct eprobe *ep = to_eprobe(de);

	seq_printf(m, "e:%s/%s %s.%s", ep->event->group,
		   probe_event_name(ep->event), event_system(ep->src),
		   trace_event_name(ep->src));
	probe_show_args(m, &ep->args);
	seq_putc(m, '\n');
	return 0;
}

static bool eprobe_is_busy(struct dyn_event *de)
{
	return probe_event_enabled(to_eprobe(de)->event);
}

static int eprobe_free_event(struct dyn_event *de)
{
	struct eprobe *ep = to_eprobe(de);
	struct probe_event *ev = ep->event;
	int ret;

	ret = probe_event_remove_point(ev, &ep->node);
	if (ret < 0)
		return ret;
	dyn_event_del(de);
	eprobe_free(ep);
	if (ret)
		probe_event_free(ev);
	return 0;
}

/* "-:[GRP/]EVENT [SYSTEM.EVENT|SYSTEM/EVENT [ARGS]]" */
static bool eprobe_match(const char *system, const char *event, int argc,
			 const char **argv, struct dyn_event *de)
{
	struct eprobe *ep = to_eprobe(de);
	const char *sys = event_system(ep->src);
	size_t n = strlen(sys);

	if (!probe_event_named(ep->event, system, event))
		return false;
	if (!argc)
		return true;
	if (strncmp(argv[0], sys, n) || (argv[0][n] != '.' &&
					 argv[0][n] != '/') ||
	    strcmp(argv[0] + n + 1, trace_event_name(ep->src)))
		return false;
	return probe_args_match(&ep->args, argc - 1, argv + 1);
}

static struct dyn_event_ops eprobe_ops = {
	.create		= eprobe_create,
	.show		= eprobe_show,
	.is_busy	= eprobe_is_busy,
	.free		= eprobe_free_event,
	.match		= eprobe_match,
};

static __init int eprobe_events_init(void)
{
	return dyn_event_register(&eprobe_ops);
}
fs_initcall(eprobe_events_init);
