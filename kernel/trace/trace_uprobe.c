// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe events: events recorded where a uprobe or uretprobe hits in a
 * user program.
 *
 *   uprobe_events	define, list and remove them (also through
 *			dynamic_events)
 *   uprobe_profile	hits of each probe point
 *
 * A definition:
 *
 *   p[:[GRP/][EVENT]] PATH:OFFSET[(REF_CTR_OFFSET)][%return] [FETCHARGS]
 *   r[:[GRP/][EVENT]] PATH:OFFSET[(REF_CTR_OFFSET)] [FETCHARGS]
 *
 * OFFSET is an offset in the regular file PATH.  While the event is
 * enabled in some session, every task that maps the file executable has
 * a breakpoint there (uprobes, kernel/events/uprobes.c); while it is not,
 * none has.  The arguments are the task's: its registers, its stack and
 * its memory (PROBE_F_USER in trace_probe.c).  A uprobe's handler runs
 * in the task and may sleep, so it first brings in the user pages the
 * arguments read (probe_args_fault_in()), then records with preemption
 * disabled like every probe event.  As for kprobe events, a definition
 * naming an existing event appends a probe point to it.
 */
#include <linux/bpf.h>
#include <linux/dcache.h>
#include <linux/filter.h>
#include <linux/rcupdate_trace.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uprobes.h>

#include "trace_tracers.h"
#include "trace_dynevent.h"
#include "trace_probe.h"

#define UPROBE_GROUP		"uprobes"

/**
 * struct uprobe_point - one definition of a uprobe event
 * @base: its event, arguments and entry in the list of events
 * @consumer: what uprobes calls at a hit
 * @filename: PATH as written
 * @path: the file, held while the point exists
 * @offset: the probed offset in the file
 * @ref_ctr_offset: the offset of the file's reference counter (an SDT
 *	semaphore), or 0
 * @uprobe: the registered uprobe while the event is enabled, else NULL
 * @is_return: a return probe
 * @nhit: per-CPU hit counts (a return probe counts the entries, as 6.12)
 */
struct uprobe_point {
	struct probe_point	base;
	struct uprobe_consumer	consumer;
	char			*filename;
	struct path		path;
	unsigned long		offset;
	unsigned long		ref_ctr_offset;
	struct uprobe		*uprobe;
	bool			is_return;
	unsigned long __percpu	*nhit;
};

static_assert(offsetof(struct uprobe_point, base) == 0);

static struct dyn_event_ops uprobe_ops;

static struct uprobe_point *to_point(struct dyn_event *de)
{
	return container_of(de, struct uprobe_point, base.de);
}

static struct uprobe_point *upoint(struct probe_point *p)
{
	return container_of(p, struct uprobe_point, base);
}

/* ---- hits ----------------------------------------------------------------- */

#ifdef CONFIG_BPF_EVENTS
/*
 * The BPF programs attached to the event through perf events, with the
 * task's registers as their context.  They may sleep (uprobe.s
 * programs): they run before the record, under RCU tasks trace.  While
 * they run, the task's utask->vaddr points to the hit's address, where
 * bpf_get_func_ip() looks.  Returns false if one keeps the hit from perf.
 */
static bool point_run_bpf(struct uprobe_point *pt, struct pt_regs *regs,
			  unsigned long bp_addr)
{
	struct trace_event_call *call = &pt->base.event->call;
	struct uprobe_dispatch_data udd = { .bp_addr = bp_addr };
	const struct bpf_prog_array *array;
	unsigned long vaddr;
	u32 ret;

	if (!bpf_prog_array_valid(call))
		return true;
	vaddr = current->utask->vaddr;
	current->utask->vaddr = (unsigned long)&udd;
	rcu_read_lock_trace();
	array = rcu_dereference_check(call->prog_array,
				      rcu_read_lock_trace_held());
	ret = bpf_prog_run_array_uprobe(array, regs, bpf_prog_run);
	rcu_read_unlock_trace();
	current->utask->vaddr = vaddr;
	return ret;
}
#else
static bool point_run_bpf(struct uprobe_point *pt, struct pt_regs *regs,
			  unsigned long bp_addr)
{
	return true;
}
#endif

/*
 * @base is where the file's offset 0 is in the task: @fetchargs' @+offs
 * are relative to it.  @bp_addr is the probed instruction's address.
 */
static void point_record(struct uprobe_point *pt, struct pt_regs *regs,
			 unsigned long base, unsigned long bp_addr,
			 const unsigned long *hdr)
{
	bool to_perf;

	if (!probe_event_enabled(pt->base.event))
		return;
	to_perf = point_run_bpf(pt, regs, bp_addr);
	probe_args_fault_in(&pt->base.args, regs, &base);
	/* The sessions' list is RCU; records are written unpreempted. */
	preempt_disable_notrace();
	probe_event_record_to(pt->base.event, &pt->base.args, regs, &base, hdr,
			      to_perf);
	preempt_enable_notrace();
}

static int uprobe_hit(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	struct uprobe_point *pt = container_of(uc, struct uprobe_point,
					       consumer);
	unsigned long ip = instruction_pointer(regs);

	this_cpu_inc(*pt->nhit);
	/* A return probe records at the return only. */
	if (!pt->is_return)
		point_record(pt, regs, ip - pt->offset, ip, &ip);
	return 0;
}

static int uretprobe_hit(struct uprobe_consumer *uc, unsigned long func,
			 struct pt_regs *regs)
{
	struct uprobe_point *pt = container_of(uc, struct uprobe_point,
					       consumer);
	unsigned long hdr[2] = { func, instruction_pointer(regs) };

	point_record(pt, regs, func - pt->offset, func, hdr);
	return 0;
}

/* ---- the event's header ------------------------------------------------------ */

static const struct trace_event_fields uprobe_hdr[] = {
	{ .type = "unsigned long", .name = "__probe_ip",
	  .size = sizeof(long) },
	{}
};

static const struct trace_event_fields uretprobe_hdr[] = {
	{ .type = "unsigned long", .name = "__probe_func",
	  .size = sizeof(long) },
	{ .type = "unsigned long", .name = "__probe_ret_ip",
	  .size = sizeof(long) },
	{}
};

/* "(0x401745)" */
static void uprobe_print_head(struct trace_seq *s,
			      const struct probe_event *ev,
			      const unsigned long *hdr)
{
	trace_seq_printf(s, "(0x%lx)", hdr[0]);
}

/* "(0x401802 <- 0x401745)": the return address, then the function. */
static void uretprobe_print_head(struct trace_seq *s,
				 const struct probe_event *ev,
				 const unsigned long *hdr)
{
	trace_seq_printf(s, "(0x%lx <- 0x%lx)", hdr[1], hdr[0]);
}

/* ---- enabling ---------------------------------------------------------------- */

static int point_arm(struct uprobe_point *pt)
{
	struct uprobe *u;

	u = uprobe_register(d_real_inode(pt->path.dentry), pt->offset,
			    pt->ref_ctr_offset, &pt->consumer);
	if (IS_ERR(u))
		return PTR_ERR(u);
	pt->uprobe = u;
	return 0;
}

/* Take the breakpoints out; no handler of the event runs after this. */
static void event_disarm(struct probe_event *ev)
{
	struct uprobe_point *pt;

	list_for_each_entry(pt, &ev->points, base.node) {
		if (!pt->uprobe)
			continue;
		uprobe_unregister_nosync(pt->uprobe, &pt->consumer);
		pt->uprobe = NULL;
	}
	uprobe_unregister_sync();
}

static int event_arm(struct probe_event *ev)
{
	struct uprobe_point *pt;
	int ret;

	list_for_each_entry(pt, &ev->points, base.node) {
		ret = point_arm(pt);
		if (ret) {
			event_disarm(ev);
			return ret;
		}
	}
	return 0;
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
 * session requests, the perf event (or NULL) for perf's.  The uprobes
 * are registered while the event records anywhere: armed before it
 * starts, as that may fail, and disarmed after it stops.
 */
static int uprobe_event_reg(struct trace_event_call *call,
			    enum trace_reg type, void *data)
{
	struct probe_event *ev = call->data;
	bool was = probe_event_enabled(ev);
	int ret = 0;

	if (!was && reg_starts(type)) {
		ret = event_arm(ev);
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
	/* Stopped, or failed to start: no breakpoint stays. */
	if ((was || ret) && !probe_event_enabled(ev))
		event_disarm(ev);
	return ret;
}

static const struct probe_event_kind uprobe_kind = {
	.hdr		= uprobe_hdr,
	.print_head	= uprobe_print_head,
	.reg		= uprobe_event_reg,
	.flags		= TRACE_EVENT_FL_UPROBE,
};

static const struct probe_event_kind uretprobe_kind = {
	.hdr		= uretprobe_hdr,
	.print_head	= uretprobe_print_head,
	.reg		= uprobe_event_reg,
	.flags		= TRACE_EVENT_FL_UPROBE,
};

/* ---- parsing a definition --------------------------------------------------- */

static void point_free(struct probe_point *p)
{
	struct uprobe_point *pt = upoint(p);

	probe_args_free(&pt->base.args);
	free_percpu(pt->nhit);
	if (pt->path.dentry)
		path_put(&pt->path);
	kfree(pt->filename);
	kfree(pt);
}

/* "(REF_CTR_OFFSET)" at @open, ending the place that starts at @place. */
static int parse_ref_ctr(struct probe_parse *pp, struct uprobe_point *pt,
			 char *place, char *open, int pos)
{
	char *close = strchr(open, ')');

	if (!close) {
		probe_log_err(pp, pos + (open + strlen(open) - place),
			      PE_REFCNT_OPEN_BRACE);
		return -EINVAL;
	}
	if (close[1]) {
		probe_log_err(pp, pos + (close + 1 - place),
			      PE_BAD_REFCNT_SUFFIX);
		return -EINVAL;
	}
	*open++ = '\0';
	*close = '\0';
	if (kstrtoul(open, 0, &pt->ref_ctr_offset)) {
		probe_log_err(pp, pos + (open - place), PE_BAD_REFCNT);
		return -EINVAL;
	}
	return 0;
}

/*
 * The place: "PATH:OFFSET[(REF_CTR_OFFSET)][%return]", at @pos.  The
 * caller has seen the ':' followed by a digit.
 */
static int parse_place(struct probe_parse *pp, struct uprobe_point *pt,
		       char *place, int pos)
{
	char *colon = strrchr(place, ':'), *off = colon + 1, *p;
	int ret;

	*colon = '\0';
	pt->filename = kstrdup(place, GFP_KERNEL);
	if (!pt->filename)
		return -ENOMEM;
	ret = kern_path(place, LOOKUP_FOLLOW, &pt->path);
	if (ret) {
		pt->path.dentry = NULL;
		probe_log_err(pp, pos, PE_FILE_NOT_FOUND);
		return ret;
	}
	if (!d_is_reg(pt->path.dentry)) {
		probe_log_err(pp, pos, PE_NO_REGULAR_FILE);
		return -EINVAL;
	}
	p = strchr(off, '(');
	if (p) {
		ret = parse_ref_ctr(pp, pt, place, p, pos);
		if (ret)
			return ret;
	}
	p = strchr(off, '%');
	if (p) {
		if (strcmp(p, "%return")) {
			probe_log_err(pp, pos + (p - place), PE_BAD_ADDR_SUFFIX);
			return -EINVAL;
		}
		*p = '\0';
		pt->is_return = true;
	}
	if (kstrtoul(off, 0, &pt->offset)) {
		probe_log_err(pp, pos + (off - place), PE_BAD_UPROBE_OFFS);
		return -EINVAL;
	}
	return 0;
}

static bool same_place(struct probe_point *pa, struct probe_point *pb)
{
	struct uprobe_point *a = upoint(pa), *b = upoint(pb);

	return d_real_inode(a->path.dentry) == d_real_inode(b->path.dentry) &&
	       a->offset == b->offset;
}

/*
 * uprobes keeps one reference counter per probed place: two points on
 * one place must name the same.
 */
static int check_ref_ctr(struct uprobe_point *pt)
{
	struct dyn_event *de;

	for_each_dyn_event(de) {
		struct uprobe_point *p;

		if (de->ops != &uprobe_ops)
			continue;
		p = to_point(de);
		if (same_place(&p->base, &pt->base) &&
		    p->ref_ctr_offset != pt->ref_ctr_offset) {
			pr_warn("uprobe_events: reference counter offset mismatch\n");
			return -EINVAL;
		}
	}
	return 0;
}

/* 6.12's: "p_<file name up to its first '.', '-' or '_'>_0x<offset>". */
static void default_name(struct probe_point *p, char *buf)
{
	struct uprobe_point *pt = upoint(p);
	const char *base = kbasename(pt->filename);
	int len = strcspn(base, ".-_");

	snprintf(buf, PROBE_NAME_MAX, "p_%.*s_0x%lx", len, base, pt->offset);
}

static const struct probe_event_kind *point_kind(struct probe_point *p)
{
	return upoint(p)->is_return ? &uretprobe_kind : &uprobe_kind;
}

/* Whether the words are a uprobe's definition ("p /bin/sh:0x10 ..."). */
static bool is_uprobe_definition(int argc, char **argv)
{
	char *colon;

	if (argv[0][0] != 'p' && argv[0][0] != 'r')
		return false;
	if (argc < 2 || !strchr(argv[1], '/'))
		return false;
	colon = strrchr(argv[1], ':');
	return colon && isdigit(colon[1]);
}

/* Add @p to its event's points; armed at once if the event is enabled. */
static int point_attach(struct probe_point *p)
{
	int ret = 0;

	mutex_lock(&trace_types_lock);
	if (probe_event_enabled(p->event))
		ret = point_arm(upoint(p));
	if (!ret)
		list_add_tail(&p->node, &p->event->points);
	mutex_unlock(&trace_types_lock);
	return ret;
}

/* "p|r[:[GRP/][EVENT]]", the place and the arguments */
static int uprobe_parse(struct probe_parse *pp, struct probe_point *p,
			int argc, char **argv, int *pos, const char **group,
			const char **name)
{
	struct uprobe_point *pt = upoint(p);
	int ret;

	pt->is_return = argv[0][0] == 'r';
	pt->nhit = alloc_percpu(unsigned long);
	if (!pt->nhit)
		return -ENOMEM;
	ret = parse_place(pp, pt, argv[1], pos[1]);
	if (ret)
		return ret;
	/* As 6.12: "p:NAME", anything else after 'p' or 'r' is ignored. */
	if (argv[0][1] == ':') {
		ret = probe_parse_name(pp, argv[0] + 2, pos[0] + 2, group,
				       name);
		if (ret)
			return ret;
	}

	pp->flags = PROBE_F_USER;
	if (pt->is_return)
		pp->flags |= PROBE_F_RETURN;
	ret = probe_args_parse(pp, &p->args, argc, argv, pos,
			       point_kind(p)->hdr);
	if (ret)
		return ret;
	pt->consumer.handler = uprobe_hit;
	if (pt->is_return)
		pt->consumer.ret_handler = uretprobe_hit;
	return check_ref_ctr(pt);
}

static const struct probe_point_kind uprobe_point_kind = {
	.loc		= "trace_uprobe",
	.group		= UPROBE_GROUP,
	.ops		= &uprobe_ops,
	.size		= sizeof(struct uprobe_point),
	.parse		= uprobe_parse,
	.event_kind	= point_kind,
	.default_name	= default_name,
	.same_place	= same_place,
	.attach		= point_attach,
	.free		= point_free,
};

static int uprobe_create(const char *line, int argc, char **argv, int *pos)
{
	if (!is_uprobe_definition(argc, argv))
		return -ECANCELED;
	return probe_point_create(&uprobe_point_kind, line, argc, argv, pos);
}

/* ---- listing and removing ---------------------------------------------------- */

/* "0x<offset, 16 digits>[(0x<ref_ctr_offset>)]", as 6.12 lists it */
static void format_offset(struct uprobe_point *pt, char *buf, size_t size)
{
	int width = sizeof(void *) * 2;

	if (pt->ref_ctr_offset)
		snprintf(buf, size, "0x%0*lx(0x%lx)", width, pt->offset,
			 pt->ref_ctr_offset);
	else
		snprintf(buf, size, "0x%0*lx", width, pt->offset);
}

static int uprobe_show(struct seq_file *m, struct dyn_event *de)
{
	struct uprobe_point *pt = to_point(de);
	char off[64];

	format_offset(pt, off, sizeof(off));
	seq_printf(m, "%c:%s/%s %s:%s", pt->is_return ? 'r' : 'p',
		   pt->base.event->group, probe_event_name(pt->base.event),
		   pt->filename, off);
	probe_show_args(m, &pt->base.args);
	seq_putc(m, '\n');
	return 0;
}

/* Remove a point, and its event with the last one. */
static int uprobe_free(struct dyn_event *de)
{
	struct uprobe_point *pt = to_point(de);
	struct probe_event *ev = pt->base.event;
	int ret;

	ret = probe_event_remove_point(ev, &pt->base.node);
	if (ret < 0)
		return ret;
	dyn_event_del(de);
	point_free(&pt->base);
	if (ret)
		probe_event_free(ev);
	return 0;
}

/* "-:[GRP/]EVENT [PATH:OFFSET [ARGS]]", the place as it is listed */
static bool uprobe_match(const char *system, const char *event, int argc,
			 const char **argv, struct dyn_event *de)
{
	struct uprobe_point *pt = to_point(de);
	size_t n = strlen(pt->filename);
	char off[64];

	if (!probe_event_named(pt->base.event, system, event))
		return false;
	if (!argc)
		return true;
	if (strncmp(argv[0], pt->filename, n) || argv[0][n] != ':')
		return false;
	format_offset(pt, off, sizeof(off));
	if (strcmp(argv[0] + n + 1, off))
		return false;
	return probe_args_match(&pt->base.args, argc - 1, argv + 1);
}

static int uprobe_profile(struct seq_file *m, struct dyn_event *de);

static struct dyn_event_ops uprobe_ops = {
	.create		= uprobe_create,
	.show		= uprobe_show,
	.is_busy	= probe_point_busy,
	.free		= uprobe_free,
	.match		= uprobe_match,
	.profile	= uprobe_profile,
};

/* ---- profile ------------------------------------------------------------- */

/* "  <path> <event> <hits>" */
static int uprobe_profile(struct seq_file *m, struct dyn_event *de)
{
	struct uprobe_point *pt;
	unsigned long hits = 0;
	int cpu;

	pt = to_point(de);
	for_each_possible_cpu(cpu)
		hits += *per_cpu_ptr(pt->nhit, cpu);
	seq_printf(m, "  %s %-44s %15lu\n", pt->filename,
		   probe_event_name(pt->base.event), hits);
	return 0;
}

/* ---- BPF ------------------------------------------------------------------ */

#ifdef CONFIG_BPF_EVENTS
/**
 * bpf_get_uprobe_info() - what BPF_TASK_FD_QUERY and link info report
 * @event: a perf event on a uprobe event
 * @fd_type: BPF_FD_TYPE_UPROBE or BPF_FD_TYPE_URETPROBE
 * @filename: the probed file as its definition names it
 * @probe_offset: the offset in it
 * @probe_addr: 0: a file has no address
 * @perf_type_tracepoint: unused: every uprobe event keeps its points
 *
 * The event's first point answers.
 *
 * Return: 0, or -EINVAL if @event is not on a uprobe event.
 */
int bpf_get_uprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **filename, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint)
{
	struct trace_event_call *call = event->tp_event;
	struct probe_event *ev = call->data;
	struct uprobe_point *pt;

	if (!(call->flags & TRACE_EVENT_FL_UPROBE) || !ev)
		return -EINVAL;
	pt = list_first_entry_or_null(&ev->points, struct uprobe_point,
				      base.node);
	if (!pt)
		return -EINVAL;
	*fd_type = pt->is_return ? BPF_FD_TYPE_URETPROBE : BPF_FD_TYPE_UPROBE;
	*filename = pt->filename;
	*probe_offset = pt->offset;
	*probe_addr = 0;
	return 0;
}
#endif /* CONFIG_BPF_EVENTS */

/* ---- perf's uprobe PMU ---------------------------------------------------- */

#ifdef CONFIG_PERF_EVENTS
/**
 * create_local_trace_uprobe() - make a uprobe event for one perf event
 * @name: the path of the file probed
 * @offs: the offset probed in it
 * @ref_ctr_offset: the offset of its reference counter, or 0
 * @is_return: a return probe
 *
 * The event records no arguments, only the kind's header, and is in no
 * session's list: perf's "uprobe" PMU (perf_uprobe_init()) makes one for
 * each perf event.  Opening the perf event registers its uprobe.
 *
 * Context: process context.
 * Return: the event, or an ERR_PTR(): the path lookup's error, -EINVAL
 * for a file that is not a regular one, or -ENOMEM.
 */
struct trace_event_call *create_local_trace_uprobe(char *name,
						   unsigned long offs,
						   unsigned long ref_ctr_offset,
						   bool is_return)
{
	char evname[PROBE_NAME_MAX];
	struct uprobe_point *pt;
	struct probe_event *ev;
	int ret = -ENOMEM;

	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (!pt)
		return ERR_PTR(-ENOMEM);
	pt->is_return = is_return;
	pt->offset = offs;
	pt->ref_ctr_offset = ref_ctr_offset;
	pt->consumer.handler = uprobe_hit;
	if (is_return)
		pt->consumer.ret_handler = uretprobe_hit;
	pt->nhit = alloc_percpu(unsigned long);
	pt->filename = kstrdup(name, GFP_KERNEL);
	if (!pt->nhit || !pt->filename || probe_args_alloc(&pt->base.args, 0))
		goto fail;
	ret = kern_path(name, LOOKUP_FOLLOW, &pt->path);
	if (ret) {
		pt->path.dentry = NULL;
		goto fail;
	}
	ret = -EINVAL;
	if (!d_is_reg(pt->path.dentry))
		goto fail;
	probe_args_layout(&pt->base.args,
			  probe_hdr_size(point_kind(&pt->base)->hdr));
	default_name(&pt->base, evname);
	ret = -ENOMEM;
	ev = probe_event_create_local(UPROBE_GROUP, evname,
				      point_kind(&pt->base), &pt->base.args);
	if (!ev)
		goto fail;
	pt->base.event = ev;
	list_add_tail(&pt->base.node, &ev->points);
	return &ev->call;
fail:
	point_free(&pt->base);
	return ERR_PTR(ret);
}

/**
 * destroy_local_trace_uprobe() - free an event of create_local_trace_uprobe()
 * @event_call: the event, with no perf event open on it any more (its
 *	uprobe is unregistered)
 *
 * Context: process context.
 */
void destroy_local_trace_uprobe(struct trace_event_call *event_call)
{
	struct probe_event *ev = event_call->data;
	struct uprobe_point *pt;

	pt = list_first_entry(&ev->points, struct uprobe_point, base.node);
	probe_event_free_local(ev);
	point_free(&pt->base);
}

/**
 * perf_uprobe_init() - open a perf "uprobe" PMU event
 * @p_event: the perf event: attr.uprobe_path names the file (user
 *	memory), attr.probe_offset the offset in it
 * @ref_ctr_offset: the offset of the probe's reference counter, or 0
 * @is_retprobe: a return probe (the retprobe bit of attr.config)
 *
 * Makes a uprobe event for @p_event alone, with no arguments, and opens
 * @p_event on it.
 *
 * Context: process context (perf_event_open()).
 * Return: 0, -EINVAL for no path or an empty one, -E2BIG for a path of
 * PATH_MAX or more, -EFAULT, create_local_trace_uprobe()'s error, or
 * perf_trace_init()'s.
 */
int perf_uprobe_init(struct perf_event *p_event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	struct trace_event_call *call;
	char *path;
	int ret;

	if (!p_event->attr.uprobe_path)
		return -EINVAL;
	path = strndup_user(u64_to_user_ptr(p_event->attr.uprobe_path),
			    PATH_MAX);
	if (IS_ERR(path)) {
		ret = PTR_ERR(path);
		/* strndup_user() says -EINVAL for a string too long. */
		return ret == -EINVAL ? -E2BIG : ret;
	}
	ret = -EINVAL;
	if (!path[0])
		goto out;
	call = create_local_trace_uprobe(path, p_event->attr.probe_offset,
					 ref_ctr_offset, is_retprobe);
	ret = PTR_ERR_OR_ZERO(call);
	if (!ret)
		ret = perf_trace_open_local(call, p_event,
					    destroy_local_trace_uprobe);
out:
	kfree(path);
	return ret;
}

/**
 * perf_uprobe_destroy() - close a perf "uprobe" PMU event
 * @p_event: the perf event, scheduled out everywhere
 *
 * Frees the uprobe event made for it.
 *
 * Context: process context.
 */
void perf_uprobe_destroy(struct perf_event *p_event)
{
	perf_trace_close_local(p_event, destroy_local_trace_uprobe);
}
#endif /* CONFIG_PERF_EVENTS */

static __init int uprobe_events_init(void)
{
	dyn_event_register(&uprobe_ops);
	dyn_events_create_files(&uprobe_ops, "uprobe_events", "uprobe_profile");
	return 0;
}
fs_initcall(uprobe_events_init);
