// SPDX-License-Identifier: GPL-2.0
/*
 * The probe-event core: the events of kprobe_events, uprobe_events and
 * dynamic_events, their fields and print formats, and recording a hit.
 * The kinds of probe (trace_kprobe.c, ...) parse their own place and
 * hand each argument to probe_parse_arg() (trace_probe_args.c, the
 * argument language); probe_point_create() is their definitions' common
 * steps, with a &struct probe_point_kind for what differs.
 */
#include <linux/ctype.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/pagemap.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "trace_tracers.h"
#include "trace_probe.h"

#define X(name, text) text,
static const char * const probe_err_text[] = { PROBE_ERRORS };
#undef X

/**
 * probe_log_err() - report a definition's error in error_log
 * @pp: the definition
 * @pos: the offset in the definition the caret points at
 * @err: the error
 */
void probe_log_err(struct probe_parse *pp, int pos, enum probe_error err)
{
	pp->err = err + 1;
	pp->err_pos = pos;
	tracing_log_err(&global_trace, pp->loc, pp->cmd, probe_err_text, err,
			pos);
}

/* ---- the event ---------------------------------------------------------- */

static int build_fields(struct probe_event *ev)
{
	const struct trace_event_fields *h = ev->kind->hdr;
	const struct probe_args *pa = &ev->layout;
	struct trace_event_fields *f;
	unsigned int off = sizeof(struct trace_entry);
	int i;

	f = kcalloc(ev->hdr_size / sizeof(long) + pa->nargs + 1, sizeof(*f),
		    GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	ev->fields = f;
	for (; h && h->name; h++, f++) {
		*f = *h;
		f->offset = off;
		off += f->size;
	}
	for (i = 0; i < pa->nargs; i++, f++) {
		struct probe_arg *a = &pa->args[i];

		f->type = a->ctype;
		f->name = a->name;
		f->offset = a->offset;
		f->size = a->type->size * (a->count ?: 1);
		f->is_signed = a->type->kind == PK_SIGNED ||
			       kind_is_string(a->type);
		f->filter_type = kind_is_string(a->type) ?
				 FILTER_DYN_STRING : FILTER_OTHER;
		f->len = a->count;
	}
	return 0;
}

/*
 * "\"(%lx) a=%u b=\\\"%s\\\"\", REC->__probe_ip, REC->a, __get_str(b)":
 * the header's part first, then every argument.
 */
static int build_print_fmt(struct probe_event *ev)
{
	const struct trace_event_fields *h = ev->kind->hdr;
	const struct probe_args *pa = &ev->layout;
	struct seq_buf sb;
	char *buf;
	int i, j, len = 512;

retry:
	buf = kmalloc(len, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	seq_buf_init(&sb, buf, len);
	seq_buf_putc(&sb, '"');
	for (i = 0; h && h[i].name; i++)
		seq_buf_puts(&sb, i ? " <- %lx" : "(%lx");
	if (i)
		seq_buf_putc(&sb, ')');
	for (i = 0; i < pa->nargs; i++) {
		struct probe_arg *a = &pa->args[i];

		seq_buf_printf(&sb, " %s=", a->name);
		if (!a->count) {
			seq_buf_puts(&sb, a->type->fmt);
			continue;
		}
		seq_buf_putc(&sb, '{');
		for (j = 0; j < a->count; j++)
			seq_buf_printf(&sb, "%s%s", j ? "," : "", a->type->fmt);
		seq_buf_putc(&sb, '}');
	}
	seq_buf_putc(&sb, '"');
	for (i = 0; h && h[i].name; i++)
		seq_buf_printf(&sb, ", REC->%s", h[i].name);
	for (i = 0; i < pa->nargs; i++) {
		struct probe_arg *a = &pa->args[i];

		if (kind_is_string(a->type)) {
			seq_buf_printf(&sb, ", __get_str(%s)", a->name);
		} else if (!a->count) {
			seq_buf_printf(&sb, ", REC->%s", a->name);
		} else {
			for (j = 0; j < a->count; j++)
				seq_buf_printf(&sb, ", REC->%s[%d]", a->name, j);
		}
	}
	if (seq_buf_has_overflowed(&sb)) {
		kfree(buf);
		len *= 4;
		goto retry;
	}
	seq_buf_str(&sb);
	ev->call.print_fmt = buf;
	return 0;
}

static void event_free(struct probe_event *ev)
{
	probe_args_free(&ev->layout);
	kfree(ev->fields);
	kfree(ev->group);
	kfree(ev->call.name);
	kfree(ev->call.print_fmt);
	kfree(ev);
}

static enum print_line_t probe_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event);

/* The event, with its fields and print format, but not registered. */
static struct probe_event *event_alloc(const char *group, const char *name,
				       const struct probe_event_kind *kind,
				       const struct probe_args *pa)
{
	struct probe_event *ev;

	ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	if (!ev)
		return NULL;
	INIT_LIST_HEAD(&ev->files);
	INIT_LIST_HEAD(&ev->points);
	ev->kind = kind;
	ev->hdr_size = probe_hdr_size(kind->hdr);
	ev->group = kstrdup(group, GFP_KERNEL);
	ev->call.name = kstrdup(name, GFP_KERNEL);
	if (!ev->group || !ev->call.name || probe_args_dup(&ev->layout, pa) ||
	    build_fields(ev) || build_print_fmt(ev)) {
		event_free(ev);
		return NULL;
	}
	ev->funcs.trace = probe_print;
	ev->call.event.funcs = &ev->funcs;
	ev->class.system = ev->group;
	ev->class.field_array = ev->fields;
	ev->class.size = ev->layout.size;
	ev->class.reg = kind->reg;
	ev->call.class = &ev->class;
	ev->call.flags = TRACE_EVENT_FL_DYNAMIC | kind->flags;
	ev->call.data = ev;
	return ev;
}

/**
 * probe_event_create() - make an event for a probe point's arguments
 * @group: its group
 * @name: its name
 * @kind: its kind's header and callbacks
 * @pa: the arguments, laid out after @kind's header; copied
 *
 * Return: the event, registered, or an ERR_PTR() (-EEXIST: an event of
 * that name exists).
 */
struct probe_event *probe_event_create(const char *group, const char *name,
				       const struct probe_event_kind *kind,
				       const struct probe_args *pa)
{
	struct probe_event *ev;
	bool taken;
	int ret;

	/* Any event's name, of any kind: events/<group>/<name> is one. */
	mutex_lock(&trace_types_lock);
	taken = event_file_find(&global_trace, group, name);
	mutex_unlock(&trace_types_lock);
	if (taken)
		return ERR_PTR(-EEXIST);
	ev = event_alloc(group, name, kind, pa);
	if (!ev)
		return ERR_PTR(-ENOMEM);
	ret = trace_add_event_call(&ev->call);
	if (!ret)
		return ev;
	/* Two events of one name would share events/<group>/<name>. */
	if (ret == -EBUSY)
		ret = -EEXIST;
	/* trace_add_event_call() took the print format only if it worked. */
	event_free(ev);
	return ERR_PTR(ret);
}

/**
 * probe_event_create_local() - make a probe event for one perf event
 * @group: its group
 * @name: its name, which need not be unique
 * @kind: its kind's header and callbacks
 * @pa: the arguments, laid out after @kind's header; copied
 *
 * The event is not registered: no session lists or enables it, and its
 * record type is 0.  Perf's probe PMUs open it through its class's reg().
 *
 * Return: the event, or NULL without memory.
 */
struct probe_event *probe_event_create_local(const char *group,
					     const char *name,
					     const struct probe_event_kind *kind,
					     const struct probe_args *pa)
{
	return event_alloc(group, name, kind, pa);
}

/**
 * probe_event_free_local() - free an event of probe_event_create_local()
 * @ev: the event, with no points and no perf event left
 */
void probe_event_free_local(struct probe_event *ev)
{
	event_free(ev);
}

/**
 * probe_event_set_perf() - start or stop handing a probe event to perf
 * @ev: the event
 * @on: whether perf events are open on it
 *
 * Called by the kinds' reg() for TRACE_REG_PERF_REGISTER, after
 * &trace_event_call.perf_events is set, and TRACE_REG_PERF_UNREGISTER,
 * before perf frees the lists after a grace period: a hit that saw @on
 * sees the lists.
 *
 * Context: trace_types_lock held.
 */
void probe_event_set_perf(struct probe_event *ev, bool on)
{
	/* Pairs with the smp_load_acquire() in probe_event_record(). */
	smp_store_release(&ev->perf, on);
}

/**
 * probe_event_destroy() - remove and free a probe event
 * @ev: the event, with no points left
 *
 * Return: 0, or -EBUSY (nothing done) while it is enabled or its files
 * are open.
 */
int probe_event_destroy(struct probe_event *ev)
{
	int ret = trace_remove_event_call(&ev->call);

	if (ret)
		return ret;
	/* trace_remove_event_call() freed an allocated print format only. */
	event_free(ev);
	return 0;
}

/**
 * probe_event_remove_point() - take a probe point off its event
 * @ev: the event
 * @node: the point's entry in @ev->points
 *
 * The event goes with its last point: it is taken out of tracefs here,
 * and the caller frees it with probe_event_free() once the point can
 * hit no more (unregistered, its handlers waited for).  Until then a
 * hit already under way, or the return still to come of a call a
 * return probe saw enter, reads the event.  Nothing changes if the
 * event is enabled in some session, or if it is the last point and the
 * event's files are open.
 *
 * Return: 0 when the caller may unregister and free the point, 1 when
 * it must also free the event afterwards, -EBUSY or
 * trace_remove_event_call()'s error when both stay.
 */
int probe_event_remove_point(struct probe_event *ev, struct list_head *node)
{
	bool last, busy;
	int ret;

	mutex_lock(&trace_types_lock);
	last = list_is_singular(&ev->points);
	busy = probe_event_enabled(ev);
	if (!busy && !last)
		list_del(node);
	mutex_unlock(&trace_types_lock);
	if (busy)
		return -EBUSY;
	if (!last)
		return 0;
	ret = trace_remove_event_call(&ev->call);
	return ret ?: 1;
}

/**
 * probe_event_free() - free an event its last point's removal took out
 * @ev: the event; probe_event_remove_point() returned 1 for it, and its
 *	last point no longer hits
 */
void probe_event_free(struct probe_event *ev)
{
	/* trace_remove_event_call() freed an allocated print format only. */
	event_free(ev);
}

/**
 * probe_event_named() - whether a removal's "[group/]event" names @ev
 * @ev: the event
 * @system: the group written, or NULL for any
 * @event: the name written; empty ("-:group/") for every event of @system
 *
 * Return: true if @ev is one of the events named.
 */
bool probe_event_named(const struct probe_event *ev, const char *system,
		       const char *event)
{
	return (!*event || !strcmp(probe_event_name(ev), event)) &&
	       (!system || !strcmp(ev->group, system));
}

/* ---- definitions -------------------------------------------------------- */

/* The point of @kind whose event is @group/@name. */
static struct probe_point *point_find_event(const struct probe_point_kind *kind,
					    const char *group,
					    const char *name)
{
	struct dyn_event *de;

	for_each_dyn_event(de) {
		struct probe_point *p = container_of(de, typeof(*p), de);

		if (de->ops == kind->ops && !strcmp(p->event->group, group) &&
		    !strcmp(probe_event_name(p->event), name))
			return p;
	}
	return NULL;
}

/* Join @pt to the event @first records: same kind, same fields. */
static int point_append(struct probe_parse *pp,
			const struct probe_point_kind *kind,
			struct probe_point *pt, struct probe_point *first,
			int argc, int *pos)
{
	struct probe_point *p;
	int diff;

	if (first->event->kind != kind->event_kind(pt)) {
		probe_log_err(pp, 0, PE_DIFF_PROBE_TYPE);
		return -EEXIST;
	}
	if (!probe_args_same_layout(&first->args, &pt->args, &diff)) {
		probe_log_err(pp, diff + 2 < argc ? pos[diff + 2] :
			      strlen(pp->cmd), PE_DIFF_ARG_TYPE);
		return -EEXIST;
	}
	list_for_each_entry(p, &first->event->points, node) {
		if (kind->same_place(p, pt) &&
		    probe_args_same(&p->args, &pt->args)) {
			probe_log_err(pp, 0, PE_SAME_PROBE);
			return -EEXIST;
		}
	}
	return 0;
}

/**
 * probe_point_create() - define a probe point: a kind's
 *	&dyn_event_ops.create, once the words are known to be the kind's
 * @kind: the kind
 * @line: the definition as written, for error_log
 * @argc: the number of words, at least 2
 * @argv: the words: the kind's ("p:grp/ev"), the place, the arguments
 * @pos: the offset of each word in @line
 *
 * The point makes its event, or is appended to the kind's event of the
 * same group and name: it must record as the same event kind, with the
 * same argument names and types, and not be a point of the event
 * already (the same place and arguments).
 *
 * Context: dyn_event_mutex held.
 * Return: 0, or a negative error (logged in error_log where 6.12 logs
 * one).
 */
int probe_point_create(const struct probe_point_kind *kind, const char *line,
		       int argc, char **argv, int *pos)
{
	struct probe_parse pp = { .loc = kind->loc, .cmd = line };
	const char *group = kind->group, *name = NULL;
	char defname[PROBE_NAME_MAX];
	struct probe_point *pt, *first;
	struct probe_event *ev;
	int ret;

	if (argc - 2 > PROBE_MAX_ARGS) {
		probe_log_err(&pp, pos[PROBE_MAX_ARGS + 2], PE_TOO_MANY_ARGS);
		return -E2BIG;
	}
	pt = kzalloc(kind->size, GFP_KERNEL);
	if (!pt)
		return -ENOMEM;
	ret = kind->parse(&pp, pt, argc, argv, pos, &group, &name);
	if (ret)
		goto fail;
	if (!name) {
		kind->default_name(pt, defname);
		name = defname;
	}
	first = point_find_event(kind, group, name);
	if (first)
		ret = point_append(&pp, kind, pt, first, argc, pos);
	if (!ret && kind->check)
		ret = kind->check(&pp, pt, pos[1]);
	if (ret)
		goto fail;
	ev = first ? first->event :
	     probe_event_create(group, name, kind->event_kind(pt), &pt->args);
	if (IS_ERR(ev)) {
		ret = PTR_ERR(ev);
		if (ret == -EEXIST)
			probe_log_err(&pp, 0, PE_EVENT_EXIST);
		goto fail;
	}
	pt->event = ev;
	ret = kind->attach(pt);
	if (ret) {
		/* Only kprobes tell a place between instructions. */
		probe_log_err(&pp, pos[1], ret == -EILSEQ ?
			      PE_BAD_INSN_BNDRY : PE_FAIL_REG_PROBE);
		if (!first)
			probe_event_destroy(ev);
		goto fail;
	}
	dyn_event_add(&pt->de, kind->ops);
	return 0;
fail:
	kind->free(pt);
	return ret;
}

/**
 * probe_point_busy() - whether a probe point cannot be removed now: the
 *	&dyn_event_ops.is_busy of kprobe, uprobe and fprobe events
 * @de: the point's dynamic event
 *
 * Return: true while its event is enabled somewhere.
 */
bool probe_point_busy(struct dyn_event *de)
{
	struct probe_point *pt = container_of(de, struct probe_point, de);

	return probe_event_enabled(pt->event);
}

/**
 * probe_event_link() - record a probe event into a session
 * @ev: the event
 * @file: the event in the session
 *
 * Context: trace_types_lock held.
 * Return: 0 or -ENOMEM.
 */
int probe_event_link(struct probe_event *ev, struct trace_event_file *file)
{
	struct probe_link *l = kzalloc(sizeof(*l), GFP_KERNEL);

	if (!l)
		return -ENOMEM;
	l->file = file;
	list_add_tail_rcu(&l->list, &ev->files);
	return 0;
}

/**
 * probe_event_unlink() - stop recording a probe event into a session
 * @ev: the event
 * @file: the event in the session
 *
 * The link is freed after a grace period; @file itself outlives the
 * hits that may still use it (the events layer frees it after
 * tracepoint_synchronize_unregister()).
 *
 * Context: trace_types_lock held.
 * Return: true if the event records into no session any more.
 */
bool probe_event_unlink(struct probe_event *ev,
			struct trace_event_file *file)
{
	struct probe_link *l;

	list_for_each_entry(l, &ev->files, list) {
		if (l->file == file) {
			list_del_rcu(&l->list);
			kfree_rcu(l, rcu);
			break;
		}
	}
	return list_empty(&ev->files);
}

/* ---- printing ------------------------------------------------------------ */

static void print_value(struct trace_seq *s, const struct probe_argtype *t,
			const void *p, const void *rec)
{
	u64 v;

	switch (t->size) {
	case 1:
		v = *(u8 *)p;
		break;
	case 2:
		v = get_unaligned((u16 *)p);
		break;
	case 4:
		v = get_unaligned((u32 *)p);
		break;
	default:
		v = get_unaligned((u64 *)p);
	}
	switch (t->kind) {
	case PK_UNSIGNED:
		trace_seq_printf(s, "%llu", v);
		break;
	case PK_SIGNED:
		/* Sign-extend from the type's width. */
		trace_seq_printf(s, "%lld",
				 (s64)(v << (64 - 8 * t->size)) >>
				 (64 - 8 * t->size));
		break;
	case PK_HEX:
		trace_seq_printf(s, "0x%llx", v);
		break;
	case PK_CHAR:
		trace_seq_printf(s, "'%c'", (int)v);
		break;
	case PK_SYMBOL:
		trace_seq_printf(s, "%pS", (void *)(unsigned long)v);
		break;
	default: {
		u32 loc = (u32)v;

		if (!(loc >> 16))
			trace_seq_puts(s, PROBE_FAULT_TEXT);
		else
			trace_seq_printf(s, "\"%s\"",
					 (const char *)rec + (loc & 0xffff));
	}
	}
}

static enum print_line_t probe_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct probe_event *ev = container_of(event, struct probe_event,
					      call.event);
	const u8 *rec = (const u8 *)iter->ent;
	struct trace_seq *s = &iter->seq;
	int i, j;

	trace_seq_printf(s, "%s: ", probe_event_name(ev));
	ev->kind->print_head(s, ev, (const unsigned long *)
			     (rec + sizeof(struct trace_entry)));
	for (i = 0; i < ev->layout.nargs; i++) {
		const struct probe_arg *a = &ev->layout.args[i];
		const u8 *p = rec + a->offset;

		trace_seq_printf(s, " %s=", a->name);
		if (!a->count) {
			print_value(s, a->type, p, rec);
			continue;
		}
		trace_seq_putc(s, '{');
		for (j = 0; j < a->count; j++) {
			if (j)
				trace_seq_putc(s, ',');
			print_value(s, a->type, p + j * a->type->size, rec);
		}
		trace_seq_putc(s, '}');
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* ---- recording ------------------------------------------------------------ */

static int read_mem(void *dst, unsigned long addr, size_t n, bool user)
{
	/* A kernel probe reading a user address reads it as user memory. */
	if (user || addr < TASK_SIZE_MAX)
		return copy_from_user_nofault(dst, (const void __user *)addr,
					      n);
	return copy_from_kernel_nofault(dst, (const void *)addr, n);
}

/* The length of a kernel string, NUL included; <= 0 if it faults. */
static long kernel_strlen(unsigned long addr)
{
	long len;
	char c;

	for (len = 0; len < PROBE_STRING_MAX; len++) {
		if (get_kernel_nofault(c, (const char *)addr + len))
			return -EFAULT;
		if (!c)
			return len + 1;
	}
	return PROBE_STRING_MAX;
}

/* A string's length, NUL included, at most PROBE_STRING_MAX; <= 0: fault. */
static long string_len(unsigned long addr, bool user)
{
	long len;

	if (!user && addr >= TASK_SIZE_MAX)
		return kernel_strlen(addr);
	/* More than the limit if the string is longer: it is cut. */
	len = strnlen_user_nofault((const void __user *)addr,
				   PROBE_STRING_MAX);
	return min_t(long, len, PROBE_STRING_MAX);
}

/*
 * Copy a string of at most @room bytes: the bytes stored, NUL included
 * (@room, with a NUL at its end, if the string is longer); <= 0 if it
 * faults.  Both nofault copies count the NUL they store.
 */
static long string_copy(char *dst, unsigned long addr, long room, bool user)
{
	if (user || addr < TASK_SIZE_MAX)
		return strncpy_from_user_nofault(dst,
						 (const void __user *)addr,
						 room);
	return strncpy_from_kernel_nofault(dst, (const void *)addr, room);
}

/* The @n-th word on the user stack; 0 if it cannot be read. */
static unsigned long user_stack_nth(struct pt_regs *regs, unsigned long n)
{
	unsigned long v, addr = user_stack_pointer(regs) + n * sizeof(long);

	if (copy_from_user_nofault(&v, (const void __user *)addr, sizeof(v)))
		return 0;
	return v;
}

/* An integer field of another event's record, widened as its type says. */
static unsigned long field_value(const struct probe_arg *a, const u8 *p)
{
	switch (a->fsize) {
	case 1:
		return a->fsigned ? (long)*(s8 *)p : *p;
	case 2:
		return a->fsigned ? (long)get_unaligned((s16 *)p) :
		       get_unaligned((u16 *)p);
	case 4:
		return a->fsigned ? (long)get_unaligned((s32 *)p) :
		       get_unaligned((u32 *)p);
	default:
		return get_unaligned((unsigned long *)p);
	}
}

static unsigned long fetch_base(const struct probe_arg *a,
				struct pt_regs *regs,
				const unsigned long *edata)
{
	switch (a->base) {
	case PB_REG:
		return regs_get_register(regs, a->param);
	case PB_STACK:
		return regs_get_kernel_stack_nth(regs, a->param);
	case PB_STACKP:
		return kernel_stack_pointer(regs);
	case PB_RETVAL:
		return regs_return_value(regs);
	case PB_ARG:
		return regs_get_kernel_argument(regs, a->param);
	case PB_EARG:
		return edata ? edata[a->param] : 0;
	case PB_USTACK:
		return user_stack_nth(regs, a->param);
	case PB_FOFFS:
		/* A uprobe hit's edata[0]: where the file's offset 0 is. */
		return edata ? edata[0] + a->param : 0;
	case PB_FIELD:
		return field_value(a, (const u8 *)edata + a->param);
	case PB_FIELD_ADDR:
		return (unsigned long)edata + a->param;
	case PB_FIELD_LOC:
		return (unsigned long)edata +
		       (get_unaligned((u32 *)((u8 *)edata + a->param)) & 0xffff);
	case PB_FIELD_RELLOC:
		/* From the end of the location word. */
		return (unsigned long)edata + a->param + sizeof(u32) +
		       (get_unaligned((u32 *)((u8 *)edata + a->param)) & 0xffff);
	default:
		return a->param;
	}
}

/*
 * Follow all dereferences but the last: *addr is where the type's data
 * is read, or the value itself when there is no dereference.
 */
static int fetch_addr(const struct probe_arg *a, struct pt_regs *regs,
		      const unsigned long *edata, unsigned long *addr)
{
	unsigned long v = fetch_base(a, regs, edata);
	int i;

	for (i = 0; i + 1 < a->ndrf; i++) {
		if (read_mem(&v, v + a->drf[i], sizeof(v),
			     a->udrf & BIT(i)))
			return -EFAULT;
	}
	*addr = a->ndrf ? v + a->drf[a->ndrf - 1] : v;
	return 0;
}

static bool last_is_user(const struct probe_arg *a)
{
	return a->ndrf && (a->udrf & BIT(a->ndrf - 1));
}

/* The symbol name a symstr argument records, into @buf. */
static int fetch_symstr(const struct probe_arg *a, struct pt_regs *regs,
			const unsigned long *edata, char *buf)
{
	unsigned long v;

	if (fetch_addr(a, regs, edata, &v))
		return -EFAULT;
	if (a->ndrf && read_mem(&v, v, sizeof(v), last_is_user(a)))
		return -EFAULT;
	return sprint_symbol(buf, v) + 1;
}

/* The bytes a string argument needs, NUL included; 0 if it faults. */
static long string_size(const struct probe_arg *a, struct pt_regs *regs,
			const unsigned long *edata)
{
	char sym[KSYM_SYMBOL_LEN];
	unsigned long addr;
	long len;

	switch (a->base) {
	case PB_COMM:
		return strlen(current->comm) + 1;
	case PB_STR:
		return strlen(a->str) + 1;
	}
	if (a->type->kind == PK_SYMSTR) {
		len = fetch_symstr(a, regs, edata, sym);
		return len < 0 ? 0 : len;
	}
	if (fetch_addr(a, regs, edata, &addr))
		return 0;
	len = string_len(addr, last_is_user(a));
	return len < 0 ? 0 : len;
}

/* Copy a string argument to @dst, at most @room bytes; its length. */
static long string_store(const struct probe_arg *a, struct pt_regs *regs,
			 const unsigned long *edata, char *dst, long room)
{
	char sym[KSYM_SYMBOL_LEN];
	unsigned long addr;
	long len;

	if (room <= 0)
		return 0;
	switch (a->base) {
	case PB_COMM:
		return strscpy(dst, current->comm, room) < 0 ? room :
		       strlen(dst) + 1;
	case PB_STR:
		return strscpy(dst, a->str, room) < 0 ? room : strlen(dst) + 1;
	}
	if (a->type->kind == PK_SYMSTR) {
		if (fetch_symstr(a, regs, edata, sym) < 0)
			return 0;
		return strscpy(dst, sym, room) < 0 ? room : strlen(dst) + 1;
	}
	if (fetch_addr(a, regs, edata, &addr))
		return 0;
	/* The bytes copied, NUL included; a string cut at @room ends in NUL. */
	len = string_copy(dst, addr, room, last_is_user(a));
	return len > 0 ? len : 0;
}

static u64 bitfield(const struct probe_arg *a, u64 v)
{
	unsigned int bits = a->type->size * 8;

	v <<= 64 - bits + (bits - a->bf_width - a->bf_shift);
	return v >> (64 - a->bf_width);
}

/* Little-endian: the value's low @size bytes. */
static void store_value(u8 *dst, u64 v, unsigned int size)
{
	switch (size) {
	case 1:
		*dst = v;
		break;
	case 2:
		put_unaligned((u16)v, (u16 *)dst);
		break;
	case 4:
		put_unaligned((u32)v, (u32 *)dst);
		break;
	default:
		put_unaligned(v, (u64 *)dst);
	}
}

static void store_number(const struct probe_arg *a, struct pt_regs *regs,
			 const unsigned long *edata, u8 *dst)
{
	unsigned int size = a->type->size, n = a->count ?: 1;
	unsigned long addr;
	u64 v = 0;

	/* The common case first: a register, an argument, a field. */
	if (likely(!a->ndrf)) {
		if (a->base == PB_REG)
			v = regs_get_register(regs, a->param);
		else if (a->base == PB_ARG)
			v = regs_get_kernel_argument(regs, a->param);
		else
			v = fetch_base(a, regs, edata);
		store_value(dst, a->bf_width ? bitfield(a, v) : v, size);
		return;
	}
	if (fetch_addr(a, regs, edata, &addr))
		goto fault;
	if (read_mem(dst, addr, size * n, last_is_user(a)))
		goto fault;
	if (a->bf_width) {
		memcpy(&v, dst, size);
		store_value(dst, bitfield(a, v), size);
	}
	return;
fault:
	memset(dst, 0, size * n);
}

/**
 * probe_args_dynamic_size() - the bytes a hit's strings need
 * @pa: the arguments of the probe point hit
 * @regs: the registers at the hit
 * @edata: the arguments saved at the function's entry, or NULL
 *
 * Return: the size of the record's dynamic part, NULs included.
 */
size_t probe_args_dynamic_size(const struct probe_args *pa,
			       struct pt_regs *regs,
			       const unsigned long *edata)
{
	size_t size = 0;
	int i;

	if (!pa->strings)
		return 0;
	for (i = 0; i < pa->nargs; i++)
		if (kind_is_string(pa->args[i].type))
			size += string_size(&pa->args[i], regs, edata);
	return size;
}

/**
 * probe_args_store() - fetch a hit's arguments into its record
 * @pa: the arguments of the probe point hit
 * @regs: the registers at the hit
 * @edata: the arguments saved at the function's entry, or NULL
 * @rec: the record: @pa->size bytes, then @dsize for the strings
 * @dsize: what probe_args_dynamic_size() gave; a string that grew since
 *	is cut to fit
 */
void probe_args_store(const struct probe_args *pa, struct pt_regs *regs,
		      const unsigned long *edata, u8 *rec, size_t dsize)
{
	unsigned int dyn = pa->size;
	int i;

	for (i = 0; i < pa->nargs; i++) {
		const struct probe_arg *a = &pa->args[i];
		long len;

		if (!kind_is_string(a->type)) {
			store_number(a, regs, edata, rec + a->offset);
			continue;
		}
		len = string_store(a, regs, edata, (char *)rec + dyn,
				   pa->size + dsize - dyn);
		put_unaligned((u32)(len << 16 | dyn), (u32 *)(rec + a->offset));
		dyn += len;
	}
}

/* Inline in both callers: it is the whole of a hit's own work. */
static __always_inline void record_one(struct probe_event *ev,
				       struct trace_event_file *file,
				       const struct probe_args *pa,
				       struct pt_regs *regs,
				       const unsigned long *edata,
				       const unsigned long *hdr, size_t dsize)
{
	unsigned int i, words = ev->hdr_size / sizeof(long);
	struct trace_event_buffer fbuffer;
	unsigned long *h;
	u8 *rec;

	rec = trace_event_buffer_reserve(&fbuffer, file, pa->size + dsize);
	if (!rec)
		return;
	/* A word or two, after the 8-byte common fields. */
	h = (unsigned long *)(rec + sizeof(struct trace_entry));
	for (i = 0; i < words; i++)
		h[i] = hdr[i];
	probe_args_store(pa, regs, edata, rec, dsize);
	trace_event_buffer_commit(&fbuffer);
}

#ifdef CONFIG_PERF_EVENTS
/*
 * The hit for the perf events open on @ev on this CPU: the same record
 * as in a session, in perf's buffer; perf fills in the common fields.
 * A hit with no registers (an event probe's) reports the caller's.
 */
static void record_perf(struct probe_event *ev, const struct probe_args *pa,
			struct pt_regs *regs, const unsigned long *edata,
			const unsigned long *hdr)
{
	struct trace_event_call *call = &ev->call;
	unsigned int i, words = ev->hdr_size / sizeof(long);
	struct pt_regs *caller = NULL;
	struct hlist_head *head;
	unsigned long *h;
	size_t dsize;
	int size, rctx;
	u8 *rec;

	head = this_cpu_ptr(call->perf_events);
	if (hlist_empty(head))
		return;
	dsize = probe_args_dynamic_size(pa, regs, edata);
	size = perf_trace_record_size(pa->size + dsize);
	/* Long strings: too big for perf's buffer, the hit is dropped. */
	if (size > PERF_MAX_TRACE_SIZE)
		return;
	rec = perf_trace_buf_alloc(size, regs ? NULL : &caller, &rctx);
	if (!rec)
		return;
	h = (unsigned long *)(rec + sizeof(struct trace_entry));
	for (i = 0; i < words; i++)
		h[i] = hdr[i];
	/* A string that shrank since it was sized leaves no old bytes. */
	memset(rec + pa->size, 0, dsize);
	probe_args_store(pa, regs, edata, rec, dsize);
	if (!regs) {
		perf_fetch_caller_regs(caller);
		regs = caller;
	}
	perf_trace_run_bpf_submit(rec, size, rctx, call, 1, regs, head, NULL);
}
#else
static void record_perf(struct probe_event *ev, const struct probe_args *pa,
			struct pt_regs *regs, const unsigned long *edata,
			const unsigned long *hdr)
{
}
#endif

/**
 * probe_event_record_perf() - hand a hit of a probe event to perf only
 * @ev: the event
 * @pa: the arguments of the probe point hit
 * @edata: as for probe_event_record_file(): for an event probe, the
 *	record whose fields the arguments fetch
 * @hdr: the header's values, @ev->hdr_size bytes
 *
 * For a kind whose sessions are written elsewhere (an event probe hooks
 * each session's source event): the perf events open on @ev on this CPU
 * get the record, reported with the caller's registers.
 *
 * Context: any; the caller keeps preemption disabled.
 */
void probe_event_record_perf(struct probe_event *ev,
			     const struct probe_args *pa,
			     const unsigned long *edata,
			     const unsigned long *hdr)
{
	/* Pairs with the smp_store_release() in probe_event_set_perf(). */
	if (smp_load_acquire(&ev->perf))
		record_perf(ev, pa, NULL, edata, hdr);
}

/**
 * probe_event_record_to() - record a hit of a probe event, perf chosen
 * @ev: the event
 * @pa: the arguments of the probe point hit
 * @regs: the registers at the hit
 * @edata: what the kind saved for the hit, or NULL: a kernel return
 *	probe's $argN at the function's entry; for a uprobe (PROBE_F_USER),
 *	edata[0] is the address of the probed file's offset 0 in the task
 * @hdr: the header's values, @ev->hdr_size bytes
 * @to_perf: whether the hit also goes to the perf events open on it (the
 *	BPF programs attached to it may have said no)
 *
 * Writes one record into every session the event is enabled in, and,
 * with @to_perf, hands one to the perf events open on it on this CPU.
 *
 * Context: any; the caller keeps preemption disabled.
 */
void probe_event_record_to(struct probe_event *ev, const struct probe_args *pa,
			   struct pt_regs *regs, const unsigned long *edata,
			   const unsigned long *hdr, bool to_perf)
{
	struct probe_link *l;
	size_t dsize = 0;
	bool sized = false;

	list_for_each_entry_rcu(l, &ev->files, list) {
		if (!sized) {
			dsize = probe_args_dynamic_size(pa, regs, edata);
			sized = true;
		}
		record_one(ev, l->file, pa, regs, edata, hdr, dsize);
	}
	/* Pairs with the smp_store_release() in probe_event_set_perf(). */
	if (to_perf && smp_load_acquire(&ev->perf))
		record_perf(ev, pa, regs, edata, hdr);
}

/**
 * probe_event_record() - record a hit of a kernel probe event
 * @ev: the event
 * @pa: the arguments of the probe point hit
 * @regs: the registers at the hit
 * @edata: as for probe_event_record_to()
 * @hdr: the header's values, @ev->hdr_size bytes
 *
 * Runs the BPF programs attached to @ev through perf events with @regs
 * as their context; a program that returns 0 keeps the hit from perf.
 * Then as probe_event_record_to().
 *
 * Context: any; the caller keeps preemption disabled.
 */
void probe_event_record(struct probe_event *ev, const struct probe_args *pa,
			struct pt_regs *regs, const unsigned long *edata,
			const unsigned long *hdr)
{
	bool to_perf = true;

#ifdef CONFIG_BPF_EVENTS
	if (bpf_prog_array_valid(&ev->call))
		to_perf = trace_call_bpf(&ev->call, regs);
#endif
	probe_event_record_to(ev, pa, regs, edata, hdr, to_perf);
}

/**
 * probe_event_record_file() - record a hit of a probe event in one session
 * @ev: the event
 * @file: the event in the session
 * @pa: the arguments of the probe point hit
 * @regs: the registers at the hit, or NULL where there are none
 * @edata: as for probe_event_record(); for an event probe
 *	(PROBE_F_EVENT), the record whose fields the arguments fetch
 * @hdr: the header's values, @ev->hdr_size bytes
 *
 * Context: any; the caller keeps preemption disabled.
 */
void probe_event_record_file(struct probe_event *ev,
			     struct trace_event_file *file,
			     const struct probe_args *pa, struct pt_regs *regs,
			     const unsigned long *edata,
			     const unsigned long *hdr)
{
	record_one(ev, file, pa, regs, edata, hdr,
		   probe_args_dynamic_size(pa, regs, edata));
}

/**
 * probe_fetch_entry_args() - save the arguments a return probe fetches
 * @pa: the arguments of the probe point
 * @regs: the registers at the function's entry
 * @edata: room for @pa->entry_args values
 */
void probe_fetch_entry_args(const struct probe_args *pa,
			    struct pt_regs *regs, unsigned long *edata)
{
	int i;

	for (i = 0; i < pa->nargs; i++) {
		const struct probe_arg *a = &pa->args[i];

		if (a->base == PB_EARG)
			edata[a->param] = regs_get_kernel_argument(regs,
								   a->param);
	}
}

/* ---- listing and comparing ------------------------------------------------ */

/**
 * probe_show_args() - list an event's arguments as they were defined
 * @m: the file listed to
 * @pa: the arguments of a probe point
 */
void probe_show_args(struct seq_file *m, const struct probe_args *pa)
{
	int i;

	for (i = 0; i < pa->nargs; i++)
		seq_printf(m, " %s=%s", pa->args[i].name, pa->args[i].text);
}

/**
 * probe_args_same_layout() - whether two points record the same fields
 * @a: the arguments of one
 * @b: the arguments of the other
 * @diff: set to the first argument that differs (or @a's count)
 *
 * A probe appended to an event must record what the event's format
 * file says: the same names and types in the same order.
 *
 * Return: true if they are the same.
 */
bool probe_args_same_layout(const struct probe_args *a,
			    const struct probe_args *b, int *diff)
{
	int i;

	for (i = 0; i < a->nargs && i < b->nargs; i++) {
		const struct probe_arg *x = &a->args[i], *y = &b->args[i];

		if (strcmp(x->name, y->name) || x->type != y->type ||
		    x->count != y->count || x->bf_width != y->bf_width ||
		    x->bf_shift != y->bf_shift)
			break;
	}
	*diff = i;
	return i == a->nargs && i == b->nargs;
}

/**
 * probe_args_match() - whether words name an event's arguments
 * @pa: the arguments of a probe point
 * @argc: the number of words
 * @argv: the words, each "name=text" as listed, or a bare text
 *
 * A removal command may repeat the arguments after the place; they
 * must then be the point's first @argc arguments.
 *
 * Return: true if they match.
 */
bool probe_args_match(const struct probe_args *pa, int argc,
		      const char **argv)
{
	int i;

	if (argc > pa->nargs)
		return false;
	for (i = 0; i < argc; i++) {
		const struct probe_arg *a = &pa->args[i];
		const char *w = argv[i];
		size_t n = strlen(a->name);

		if (!strncmp(w, a->name, n) && w[n] == '=')
			w += n + 1;
		if (strcmp(w, a->text))
			return false;
	}
	return true;
}

/**
 * probe_args_same() - whether two points fetch exactly the same
 * @a: the arguments of one
 * @b: the arguments of the other
 *
 * Return: true if every argument has the same name and text.
 */
bool probe_args_same(const struct probe_args *a, const struct probe_args *b)
{
	int i;

	if (a->nargs != b->nargs)
		return false;
	for (i = 0; i < a->nargs; i++)
		if (strcmp(a->args[i].name, b->args[i].name) ||
		    strcmp(a->args[i].text, b->args[i].text))
			return false;
	return true;
}

/**
 * probe_args_fault_in() - bring in the user pages a hit is going to read
 * @pa: the arguments of the probe point
 * @regs: the user registers at the hit
 * @edata: what the kind saved for the hit (see probe_event_record())
 *
 * A record is written with page faults disabled, so a user page that is
 * valid but not present yet would record as a fault.  A kind whose
 * handler may sleep (uprobe events) calls this before recording: it
 * follows each argument's user dereferences with faults allowed, so
 * that the pages are there when the record reads them.  What cannot be
 * read here is a fault in the record too.
 *
 * Context: task context, may sleep.
 */
void probe_args_fault_in(const struct probe_args *pa, struct pt_regs *regs,
			 const unsigned long *edata)
{
	int i, j;

	for (i = 0; i < pa->nargs; i++) {
		const struct probe_arg *a = &pa->args[i];
		unsigned long v;
		long n;

		if (!a->ndrf || a->udrf != BIT(a->ndrf) - 1)
			continue;
		v = fetch_base(a, regs, edata);
		for (j = 0; j + 1 < a->ndrf; j++) {
			if (copy_from_user(&v, (const void __user *)
					   (v + a->drf[j]), sizeof(v)))
				break;
		}
		if (j + 1 < a->ndrf)
			continue;
		v += a->drf[j];
		/* Measuring a string reads its pages in. */
		if (kind_is_string(a->type))
			n = strnlen_user((const char __user *)v,
					 PROBE_STRING_MAX);
		else
			n = a->type->size * (a->count ?: 1);
		if (n > 0)
			fault_in_readable((const char __user *)v, n);
	}
}
