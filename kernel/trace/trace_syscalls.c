// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall events: events/syscalls/sys_enter_<name> and
 * sys_exit_<name> for every syscall defined with SYSCALL_DEFINE.
 *
 * include/linux/syscalls.h makes the two events and a &struct
 * syscall_metadata (name, argument names and types) for each syscall;
 * the events sit among the kernel's other events and are registered
 * with them.  At boot each entry of the syscall table is matched to its
 * metadata by the name of its function, which gives the metadata its
 * syscall number; an event whose syscall is not in the table is left
 * out.
 *
 * No syscall event has a tracepoint of its own.  They all record from
 * two probes, one on raw_syscalls' sys_enter tracepoint and one on
 * sys_exit, attached while at least one event of their kind is enabled
 * in some session.  A syscall's slot in the table below holds, for each
 * kind, the list of the sessions' event files it is enabled in; the
 * probe writes a record into each.  Attaching the first probe to those
 * tracepoints makes every task run the syscall work that calls them
 * (syscall_regfunc()), detaching the last stops it: with no syscall
 * event enabled, syscalls cost nothing.
 *
 * Perf opens them too (perf_trace_init()).  Two more probes on the same
 * tracepoints, attached while a perf event is open on at least one
 * syscall event of their kind, build the record of the syscall's event
 * in perf's buffer and hand it to the perf events on this CPU's list of
 * that event.  BPF cannot attach to these events yet.
 */
#include <linux/kallsyms.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <trace/syscall.h>
#include <trace/events/syscalls.h>

#include <asm/syscall.h>

#include "trace_events_internal.h"

/*
 * A sys_enter_<name> record: the syscall number and one unsigned long
 * per argument.  A sys_exit_<name> record: the number and the return
 * value.  Their layouts are user ABI (the format files).
 */
struct syscall_trace_enter {
	struct trace_entry	ent;
	int			nr;
	unsigned long		args[];
};

struct syscall_trace_exit {
	struct trace_entry	ent;
	int			nr;
	long			ret;
};

/* One enabled syscall event in one session, on its slot's list. */
struct syscall_link {
	struct list_head		list;
	struct trace_event_file		*file;
	struct rcu_head			rcu;
};

enum { SYSCALL_EXIT, SYSCALL_ENTER };

/*
 * @meta: the metadata of the syscall with this number, or NULL
 * @fields: the fields of its sys_enter event
 * @files: per kind (SYSCALL_ENTER, SYSCALL_EXIT), the event files it is
 *	enabled in; changed under trace_types_lock, read under RCU
 * @perf: per kind, the per-CPU lists of perf events of its event while
 *	perf events are open on it, else NULL; set under trace_types_lock,
 *	read by the perf probes
 */
struct syscall_slot {
	struct syscall_metadata		*meta;
	struct trace_event_fields	*fields;
	struct list_head		files[2];
	struct hlist_head __percpu	*perf[2];
};

/* Indexed by syscall number; filled in by init_ftrace_syscalls(). */
static struct syscall_slot *syscall_slots;

/* Per kind, the enabled syscall events: the probe is attached while > 0. */
static unsigned int syscall_users[2];

/*
 * Whether @sym, a function of the syscall table, is the syscall whose
 * metadata is called @name ("sys_<name>").  The function is "sys_<name>"
 * (or an alias spelt "SyS_<name>"), or a wrapper of it such as x86's
 * "__x64_sys_<name>".
 */
static bool syscall_sym_matches(const char *sym, const char *name)
{
	const char *p;

	if (strlen(sym) >= 3 && !strcmp(sym + 3, name + 3))
		return true;
	if (!str_has_prefix(sym, "__"))
		return false;
	p = strstr(sym, "sys_");
	return p && !strcmp(p, name);
}

#ifdef ARCH_TRACE_IGNORE_COMPAT_SYSCALLS
/* A compat task's numbers are not the table's: -1 leaves them out. */
static int syscall_nr_of(struct pt_regs *regs)
{
	if (unlikely(arch_trace_is_compat_syscall(regs)))
		return -1;
	return syscall_get_nr(current, regs);
}
#else
static int syscall_nr_of(struct pt_regs *regs)
{
	return syscall_get_nr(current, regs);
}
#endif

/* The slot of syscall @nr if it has metadata, else NULL. */
static struct syscall_slot *syscall_slot(int nr)
{
	if (!syscall_slots || nr < 0 || nr >= NR_syscalls ||
	    !syscall_slots[nr].meta)
		return NULL;
	return &syscall_slots[nr];
}

/*
 * The slot an event's records come from: its metadata's number.  Two
 * numbers sharing one function share its metadata and its events.
 */
static struct syscall_slot *event_slot(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;

	return syscall_slot(meta->syscall_nr);
}

/**
 * get_syscall_name() - the name of a syscall
 * @syscall: its number
 *
 * Return: "sys_<name>", or NULL if the number has no syscall event.
 */
const char *get_syscall_name(int syscall)
{
	struct syscall_slot *slot = syscall_slot(syscall);

	return slot ? slot->meta->name : NULL;
}

/* ---- recording ---------------------------------------------------------- */

/*
 * The probes run with preemption disabled (the tracepoint's RCU read
 * side), from the syscall entry and exit work of the task.
 */
/*
 * Store the first @n arguments into @dst.  syscall_get_arguments() is
 * inline: the compiler reads the registers straight into the record,
 * without the local copy and the memcpy() call a variable length needs.
 */
static __always_inline void syscall_store_args(unsigned long *dst,
					       struct pt_regs *regs, int n)
{
	unsigned long args[6];

	syscall_get_arguments(current, regs, args);
	switch (n) {
	case 6:
		dst[5] = args[5];
		fallthrough;
	case 5:
		dst[4] = args[4];
		fallthrough;
	case 4:
		dst[3] = args[3];
		fallthrough;
	case 3:
		dst[2] = args[2];
		fallthrough;
	case 2:
		dst[1] = args[1];
		fallthrough;
	case 1:
		dst[0] = args[0];
	}
}

static void syscall_enter_probe(void *data, struct pt_regs *regs, long id)
{
	int nr = syscall_nr_of(regs);
	struct syscall_slot *slot = syscall_slot(nr);
	struct trace_event_buffer fbuffer;
	struct syscall_trace_enter *rec;
	struct syscall_link *l;
	size_t size;
	int nargs;

	if (!slot)
		return;
	slot = &syscall_slots[slot->meta->syscall_nr];
	nargs = slot->meta->nb_args;
	size = struct_size(rec, args, nargs);
	list_for_each_entry_rcu(l, &slot->files[SYSCALL_ENTER], list) {
		rec = trace_event_buffer_reserve(&fbuffer, l->file, size);
		if (!rec)
			continue;
		rec->nr = nr;
		syscall_store_args(rec->args, regs, nargs);
		trace_event_buffer_commit(&fbuffer);
	}
}

static void syscall_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	int nr = syscall_nr_of(regs);
	struct syscall_slot *slot = syscall_slot(nr);
	struct trace_event_buffer fbuffer;
	struct syscall_trace_exit *rec;
	struct syscall_link *l;

	if (!slot)
		return;
	slot = &syscall_slots[slot->meta->syscall_nr];
	list_for_each_entry_rcu(l, &slot->files[SYSCALL_EXIT], list) {
		rec = trace_event_buffer_reserve(&fbuffer, l->file,
						 sizeof(*rec));
		if (!rec)
			continue;
		rec->nr = nr;
		rec->ret = syscall_get_return_value(current, regs);
		trace_event_buffer_commit(&fbuffer);
	}
}

#ifdef CONFIG_PERF_EVENTS
/*
 * This CPU's perf events on syscall @nr's event of @kind, or NULL when
 * there are none here and no BPF program is attached to the event (its
 * programs run on every CPU, whatever perf events each has).
 */
static struct hlist_head *syscall_perf_list(int nr, int kind)
{
	struct syscall_slot *slot = syscall_slot(nr);
	struct hlist_head __percpu *lists;
	struct hlist_head *head;

	if (!slot)
		return NULL;
	lists = READ_ONCE(syscall_slots[slot->meta->syscall_nr].perf[kind]);
	if (!lists)
		return NULL;
	head = this_cpu_ptr(lists);
	if (hlist_empty(head) &&
	    !bpf_prog_array_valid(kind == SYSCALL_ENTER ?
				  slot->meta->enter_event :
				  slot->meta->exit_event))
		return NULL;
	return head;
}

/* The perf probes: the same records as above, in perf's buffer. */
static void syscall_perf_enter(void *data, struct pt_regs *regs, long id)
{
	int nr = syscall_nr_of(regs);
	struct hlist_head *head = syscall_perf_list(nr, SYSCALL_ENTER);
	struct syscall_trace_enter *rec;
	struct syscall_metadata *meta;
	int size, rctx;

	if (!head)
		return;
	meta = syscall_slots[nr].meta;
	size = perf_trace_record_size(struct_size(rec, args, meta->nb_args));
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	memset(rec, 0, sizeof(*rec));	/* the hole after nr */
	rec->nr = nr;
	syscall_store_args(rec->args, regs, meta->nb_args);
	perf_trace_run_bpf_submit(rec, size, rctx, meta->enter_event, 1, regs,
				  head, NULL);
}

static void syscall_perf_exit(void *data, struct pt_regs *regs, long ret)
{
	int nr = syscall_nr_of(regs);
	struct hlist_head *head = syscall_perf_list(nr, SYSCALL_EXIT);
	struct syscall_trace_exit *rec;
	int size, rctx;

	if (!head)
		return;
	size = perf_trace_record_size(sizeof(*rec));
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	memset(rec, 0, sizeof(*rec));
	rec->nr = nr;
	rec->ret = syscall_get_return_value(current, regs);
	perf_trace_run_bpf_submit(rec, size, rctx,
				  syscall_slots[nr].meta->exit_event, 1, regs,
				  head, NULL);
}
#endif /* CONFIG_PERF_EVENTS */

/* ---- enabling ----------------------------------------------------------- */

static int syscall_probe_attach(int kind)
{
	if (kind == SYSCALL_ENTER)
		return register_trace_sys_enter(syscall_enter_probe, NULL);
	return register_trace_sys_exit(syscall_exit_probe, NULL);
}

static void syscall_probe_detach(int kind)
{
	if (kind == SYSCALL_ENTER)
		unregister_trace_sys_enter(syscall_enter_probe, NULL);
	else
		unregister_trace_sys_exit(syscall_exit_probe, NULL);
}

#ifdef CONFIG_PERF_EVENTS
/* Per kind, the syscall events with perf events open: probe attached. */
static unsigned int syscall_perf_users[2];

/*
 * The first perf event on @call, whose perf lists are set: attach the
 * perf probe for the first event of its kind, then point the slot at
 * the lists.
 */
static int syscall_perf_link(struct trace_event_call *call, int kind)
{
	struct syscall_slot *slot = event_slot(call);
	int ret = 0;

	if (WARN_ON_ONCE(!slot))
		return -ENODEV;
	if (!syscall_perf_users[kind])
		ret = kind == SYSCALL_ENTER ?
		      register_trace_sys_enter(syscall_perf_enter, NULL) :
		      register_trace_sys_exit(syscall_perf_exit, NULL);
	if (ret)
		return ret;
	syscall_perf_users[kind]++;
	WRITE_ONCE(slot->perf[kind], call->perf_events);
	return 0;
}

/*
 * The last perf event on @call went.  The caller waits for the probes
 * before it frees the lists: a probe that still saw them is done by then.
 */
static void syscall_perf_unlink(struct trace_event_call *call, int kind)
{
	struct syscall_slot *slot = event_slot(call);

	if (WARN_ON_ONCE(!slot))
		return;
	WRITE_ONCE(slot->perf[kind], NULL);
	if (--syscall_perf_users[kind])
		return;
	if (kind == SYSCALL_ENTER)
		unregister_trace_sys_enter(syscall_perf_enter, NULL);
	else
		unregister_trace_sys_exit(syscall_perf_exit, NULL);
}
#endif /* CONFIG_PERF_EVENTS */

/* Enable @file's event in its session: link it into its slot. */
static int syscall_event_link(struct trace_event_file *file, int kind)
{
	struct syscall_slot *slot = event_slot(file->call);
	struct syscall_link *l;
	int ret;

	if (WARN_ON_ONCE(!slot))
		return -ENODEV;
	l = kzalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	l->file = file;
	if (!syscall_users[kind]) {
		ret = syscall_probe_attach(kind);
		if (ret) {
			kfree(l);
			return ret;
		}
	}
	syscall_users[kind]++;
	list_add_tail_rcu(&l->list, &slot->files[kind]);
	return 0;
}

/*
 * Disable it.  A probe still running with the link frees it no earlier
 * than a grace period from now; the file outlives it as well (the
 * events layer waits for tracepoint probes before freeing one).
 */
static void syscall_event_unlink(struct trace_event_file *file, int kind)
{
	struct syscall_slot *slot = event_slot(file->call);
	struct syscall_link *l;

	if (WARN_ON_ONCE(!slot))
		return;
	list_for_each_entry(l, &slot->files[kind], list) {
		if (l->file != file)
			continue;
		list_del_rcu(&l->list);
		kfree_rcu(l, rcu);
		if (!--syscall_users[kind])
			syscall_probe_detach(kind);
		return;
	}
	WARN_ON_ONCE(1);
}

/*
 * The classes' reg(): @data is the &struct trace_event_file for the
 * session requests, the perf event (or NULL) for perf's.  Registering
 * and unregistering come from the events layer and perf_trace_init()
 * under trace_types_lock, which keeps the slots' lists and the user
 * counts; perf's add and del come from its scheduling, with no lock,
 * and have nothing to do here.
 */
static int syscall_event_reg(struct trace_event_call *call,
			     enum trace_reg type, void *data)
{
	int kind = call->class == &event_class_syscall_enter ?
		   SYSCALL_ENTER : SYSCALL_EXIT;

	switch (type) {
	case TRACE_REG_REGISTER:
		lockdep_assert_held(&trace_types_lock);
		return syscall_event_link(data, kind);
	case TRACE_REG_UNREGISTER:
		lockdep_assert_held(&trace_types_lock);
		syscall_event_unlink(data, kind);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		lockdep_assert_held(&trace_types_lock);
		return syscall_perf_link(call, kind);
	case TRACE_REG_PERF_UNREGISTER:
		lockdep_assert_held(&trace_types_lock);
		syscall_perf_unlink(call, kind);
		return 0;
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
#endif
	default:
		return -EOPNOTSUPP;
	}
}

/* ---- printing ----------------------------------------------------------- */

/* "sys_openat(dfd: ffffff9c, filename: 7ffd12345678, flags: 0, mode: 0)" */
static enum print_line_t syscall_enter_print(struct trace_iterator *iter,
					     int flags,
					     struct trace_event *event)
{
	struct syscall_trace_enter *rec = (void *)iter->ent;
	struct syscall_slot *slot = syscall_slot(rec->nr);
	bool verbose = iter->tr->trace_flags & TRACE_ITER(VERBOSE);
	struct trace_seq *s = &iter->seq;
	struct syscall_metadata *meta;
	int i;

	if (!slot || slot->meta->enter_event->event.type != iter->ent->type)
		goto out;
	meta = slot->meta;
	trace_seq_printf(s, "%s(", meta->name);
	for (i = 0; i < meta->nb_args; i++) {
		if (i)
			trace_seq_puts(s, ", ");
		if (verbose)
			trace_seq_printf(s, "%s ", meta->types[i]);
		trace_seq_printf(s, "%s: %lx", meta->args[i], rec->args[i]);
	}
	trace_seq_putc(s, ')');
out:
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* "sys_openat -> 0x3" */
static enum print_line_t syscall_exit_print(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	struct syscall_trace_exit *rec = (void *)iter->ent;
	struct syscall_slot *slot = syscall_slot(rec->nr);
	struct trace_seq *s = &iter->seq;

	if (!slot || slot->meta->exit_event->event.type != iter->ent->type)
		trace_seq_putc(s, '\n');
	else
		trace_seq_printf(s, "%s -> 0x%lx\n", slot->meta->name,
				 rec->ret);
	return trace_handle_return(s);
}

/* The print functions include/linux/syscalls.h gives the events. */
struct trace_event_functions enter_syscall_print_funcs = {
	.trace	= syscall_enter_print,
};

struct trace_event_functions exit_syscall_print_funcs = {
	.trace	= syscall_exit_print,
};

/* ---- fields and print formats ------------------------------------------- */

#define SYSCALL_NR_FIELD {						\
	.type = "int", .name = "__syscall_nr",				\
	.offset = offsetof(struct syscall_trace_enter, nr),		\
	.size = sizeof(int), .is_signed = 1 }

static struct trace_event_fields syscall_exit_fields[] = {
	SYSCALL_NR_FIELD,
	{ .type = "long", .name = "ret",
	  .offset = offsetof(struct syscall_trace_exit, ret),
	  .size = sizeof(long), .is_signed = 1 },
	{}
};

static struct trace_event_fields *syscall_enter_fields(struct trace_event_call *call)
{
	return event_slot(call)->fields;
}

/*
 * __syscall_nr, then each argument as an unsigned long under its
 * declared type and name (unsigned whatever that type is, as 6.12).
 */
static struct trace_event_fields *syscall_build_fields(struct syscall_metadata *meta)
{
	struct trace_event_fields *f;
	int i;

	f = kcalloc(meta->nb_args + 2, sizeof(*f), GFP_KERNEL);
	if (!f)
		return NULL;
	f[0] = (struct trace_event_fields)SYSCALL_NR_FIELD;
	for (i = 0; i < meta->nb_args; i++) {
		f[i + 1].type = meta->types[i];
		f[i + 1].name = meta->args[i];
		f[i + 1].offset = offsetof(struct syscall_trace_enter, args) +
				  i * sizeof(unsigned long);
		f[i + 1].size = sizeof(unsigned long);
	}
	return f;
}

/* Append to @buf at @pos, or only count with @buf NULL; the new end. */
static __printf(4, 5) int fmt_add(char *buf, int len, int pos,
				  const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf ? buf + pos : NULL, buf ? len - pos : 0, fmt, ap);
	va_end(ap);
	return pos + n;
}

/*
 * The enter event's print format: each argument as "name: 0x%08lx",
 * then the arguments cast to unsigned long.  Written twice: to size the
 * buffer (@buf NULL), then into it.
 */
static int syscall_enter_fmt(struct syscall_metadata *meta, char *buf,
			     int len)
{
	int i, pos;

	pos = fmt_add(buf, len, 0, "\"");
	for (i = 0; i < meta->nb_args; i++)
		pos = fmt_add(buf, len, pos, "%s%s: 0x%%0%zulx", i ? ", " : "",
			      meta->args[i], sizeof(unsigned long));
	pos = fmt_add(buf, len, pos, "\"");
	for (i = 0; i < meta->nb_args; i++)
		pos = fmt_add(buf, len, pos, ", ((unsigned long)(REC->%s))",
			      meta->args[i]);
	return pos;
}

static int syscall_enter_init(struct trace_event_call *call,
			      struct syscall_slot *slot)
{
	int len = syscall_enter_fmt(slot->meta, NULL, 0);
	char *fmt = kmalloc(len + 1, GFP_KERNEL);

	if (!fmt)
		return -ENOMEM;
	slot->fields = syscall_build_fields(slot->meta);
	if (!slot->fields) {
		kfree(fmt);
		return -ENOMEM;
	}
	syscall_enter_fmt(slot->meta, fmt, len + 1);
	call->print_fmt = fmt;
	call->flags |= TRACE_EVENT_FL_FMT_ALLOCATED;
	return 0;
}

/*
 * The classes' raw_init(), before an event is registered: an event
 * whose syscall has no number in the table is left out.
 */
static int syscall_event_init(struct trace_event_call *call)
{
	struct syscall_slot *slot = event_slot(call);

	if (!slot)
		return -ENODEV;
	if (call->class == &event_class_syscall_enter)
		return syscall_enter_init(call, slot);
	call->print_fmt = "\"0x%lx\", REC->ret";
	return 0;
}

/* The classes include/linux/syscalls.h gives the events. */
struct trace_event_class event_class_syscall_enter = {
	.system		= "syscalls",
	.get_fields	= syscall_enter_fields,
	.reg		= syscall_event_reg,
	.perf_reg	= true,
	.raw_init	= syscall_event_init,
	.size		= sizeof(struct syscall_trace_enter),
};

struct trace_event_class event_class_syscall_exit = {
	.system		= "syscalls",
	.field_array	= syscall_exit_fields,
	.reg		= syscall_event_reg,
	.perf_reg	= true,
	.raw_init	= syscall_event_init,
	.size		= sizeof(struct syscall_trace_exit),
};

/* ---- the syscall table -------------------------------------------------- */

/**
 * arch_syscall_addr() - the function of a syscall
 * @nr: the syscall's number
 *
 * An architecture whose table is not sys_call_table overrides this.
 *
 * Return: the address of the function the syscall table calls for @nr.
 */
unsigned long __init __weak arch_syscall_addr(int nr)
{
	return (unsigned long)sys_call_table[nr];
}

/* The metadata of the syscall whose function is at @addr, or NULL. */
static __init struct syscall_metadata *syscall_meta_at(unsigned long addr)
{
	char sym[KSYM_SYMBOL_LEN];
	struct syscall_metadata **meta;

	if (!kallsyms_lookup(addr, NULL, NULL, NULL, sym))
		return NULL;
	if (syscall_sym_matches(sym, "sys_ni_syscall"))
		return NULL;
	for (meta = __start_syscalls_metadata;
	     meta < __stop_syscalls_metadata; meta++)
		if ((*meta)->name && syscall_sym_matches(sym, (*meta)->name))
			return *meta;
	return NULL;
}

/**
 * init_ftrace_syscalls() - number the syscall events
 *
 * Gives each syscall's metadata its number from the syscall table, so
 * that its events can be registered next.  A failure leaves every
 * syscall event out.
 */
void __init init_ftrace_syscalls(void)
{
	struct syscall_metadata *meta;
	int nr, kind;

	syscall_slots = kcalloc(NR_syscalls, sizeof(*syscall_slots),
				GFP_KERNEL);
	if (WARN_ON(!syscall_slots))
		return;
	for (nr = 0; nr < NR_syscalls; nr++) {
		for (kind = 0; kind < 2; kind++)
			INIT_LIST_HEAD(&syscall_slots[nr].files[kind]);
		meta = syscall_meta_at(arch_syscall_addr(nr));
		if (!meta)
			continue;
		meta->syscall_nr = nr;
		syscall_slots[nr].meta = meta;
	}
}
