// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events: events defined at run time by their fields alone.
 * Nothing in the kernel hits them; histogram actions (onmatch().x(...),
 * trace(x, ...)) and kernel code (synth_event_trace() and friends) write
 * them with the values they computed.  They are defined, listed and
 * removed in two files:
 *
 *   synthetic_events	"name type field[; type field ...]", "!name"
 *   dynamic_events	"s:[synthetic/]name type field[; ...]",
 *			"-:[synthetic/]name"
 *
 * Their records are laid out as 6.12's, which tools read through the
 * format file: after the common fields every field has an 8-byte slot,
 * except a char[N] string, which has 256 bytes whatever N is.  A char[]
 * string or an unsigned long[] stack is a __data_loc word in its slot,
 * its bytes after the slots.  A stack's bytes are its depth, then its
 * entries.
 *
 * An event records into the sessions it is enabled in (or in soft mode
 * for its triggers) through trace_event_buffer_reserve() and
 * trace_event_buffer_commit(), so filters, pid filters, soft mode and
 * triggers apply as to any event.  Each session's file is on the event's
 * RCU list while it is registered there; a write walks that list.
 *
 * Lock order: dyn_event_mutex (every definition and removal, and the
 * users' references), then trace_types_lock (the events layer).
 */
#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/trace_events.h>
#include <trace/events/mmflags.h>

#include "trace_tracers.h"
#include "trace_synth.h"

/* A char[N] field's slot, whatever N is: 6.12's record layout. */
#define SYNTH_STR_SLOT		SYNTH_STR_MAX
#define SYNTH_FAULT_STR		"(fault)"

/* The error_log lines, 6.12's. */
enum synth_error {
	SYNTH_ERR_BAD_NAME,
	SYNTH_ERR_INVALID_CMD,
	SYNTH_ERR_INVALID_DYN_CMD,
	SYNTH_ERR_EVENT_EXISTS,
	SYNTH_ERR_TOO_MANY_FIELDS,
	SYNTH_ERR_INCOMPLETE_TYPE,
	SYNTH_ERR_INVALID_TYPE,
	SYNTH_ERR_INVALID_FIELD,
	SYNTH_ERR_INVALID_ARRAY_SPEC,
};

static const char * const synth_err_text[] = {
	[SYNTH_ERR_BAD_NAME]		= "Illegal name",
	[SYNTH_ERR_INVALID_CMD]		=
		"Command must be of the form: <name> field[;field] ...",
	[SYNTH_ERR_INVALID_DYN_CMD]	=
		"Command must be of the form: s or -:[synthetic/]<name> field[;field] ...",
	[SYNTH_ERR_EVENT_EXISTS]	= "Event already exists",
	[SYNTH_ERR_TOO_MANY_FIELDS]	= "Too many fields",
	[SYNTH_ERR_INCOMPLETE_TYPE]	= "Incomplete type",
	[SYNTH_ERR_INVALID_TYPE]	= "Invalid type",
	[SYNTH_ERR_INVALID_FIELD]	= "Invalid field",
	[SYNTH_ERR_INVALID_ARRAY_SPEC]	= "Invalid array specification",
};

/* How a field's value is printed: the format 6.12 shows for its type. */
enum synth_fmt {
	SF_LLU,
	SF_LLD,
	SF_D,
	SF_U,
	SF_LD,
	SF_LU,
	SF_X,
	SF_S,
};

static const char * const synth_fmt_text[] = {
	[SF_LLU] = "%llu", [SF_LLD] = "%lld", [SF_D] = "%d", [SF_U] = "%u",
	[SF_LD] = "%ld", [SF_LU] = "%lu", [SF_X] = "%x", [SF_S] = "%s",
};

struct synth_int_type {
	const char	*name;
	u8		size;
	u8		fmt;
};

static const struct synth_int_type synth_int_types[] = {
	{ "s64", 8, SF_LLD },		{ "u64", 8, SF_LLU },
	{ "s32", 4, SF_D },		{ "u32", 4, SF_U },
	{ "s16", 2, SF_D },		{ "u16", 2, SF_U },
	{ "s8", 1, SF_D },		{ "u8", 1, SF_U },
	{ "char", 1, SF_D },		{ "unsigned char", 1, SF_U },
	{ "int", 4, SF_D },		{ "unsigned int", 4, SF_U },
	{ "long", sizeof(long), SF_LD },
	{ "unsigned long", sizeof(long), SF_LU },
	{ "bool", 1, SF_D },		{ "pid_t", 4, SF_D },
	{ "gfp_t", 4, SF_X },
};

/**
 * struct synth_fieldx - a field, with what only this file needs
 * @f: the field as trace_synth.h shows it
 * @fmt: its &enum synth_fmt
 * @is_gfp: a gfp_t, printed with its flags' names
 * @ftype: its type in the format file ("__data_loc char[]"): @f.type, or
 *	allocated for a dynamic field
 */
struct synth_fieldx {
	struct synth_field	f;
	u8			fmt;
	bool			is_gfp;
	char			*ftype;
};

/**
 * struct synth_event - a synthetic event
 * @de: its entry in the list of events defined at run time
 * @name: its name (the call's)
 * @n_fields: how many fields it has
 * @n_dynamic: how many of them are char[] or unsigned long[]
 * @fields: the fields
 * @tfields: the fields as the events layer reads them
 * @ref: synth_event_get()'s holders (dyn_event_mutex)
 * @mod: the module that made it through the kernel API, or NULL (not
 *	held: a module removes its events in its exit)
 * @files: its &struct synth_link, one a session it records in (RCU;
 *	written under trace_types_lock)
 * @print_fmt: the print format made for it
 * @class: its class, its own
 * @call: the event
 */
struct synth_event {
	struct dyn_event		de;
	char				*name;
	unsigned int			n_fields;
	unsigned int			n_dynamic;
	struct synth_fieldx		*fields;
	struct trace_event_fields	*tfields;
	int				ref;
	struct module			*mod;
	struct list_head		files;
	char				*print_fmt;
	struct trace_event_class	class;
	struct trace_event_call		call;
};

/* A session the event records into: its file there. */
struct synth_link {
	struct list_head		list;
	struct trace_event_file		*file;
	struct rcu_head			rcu;
};

static struct dyn_event_ops synth_ops;
static int synth_reg(struct trace_event_call *call, enum trace_reg type,
		     void *data);

static struct synth_event *to_synth(struct dyn_event *de)
{
	return container_of(de, struct synth_event, de);
}

/* ---- the contract with the histograms (trace_synth.h) ------------------ */

/**
 * synth_event_find() - a synthetic event by name
 * @name: its name, without "synthetic/"
 *
 * Context: dyn_event_mutex held.
 * Return: the event, or NULL.
 */
struct synth_event *synth_event_find(const char *name)
{
	struct dyn_event *de;

	lockdep_assert_held(&dyn_event_mutex);
	for_each_dyn_event(de) {
		if (de->ops == &synth_ops && !strcmp(to_synth(de)->name, name))
			return to_synth(de);
	}
	return NULL;
}

/**
 * synth_event_get() - keep a synthetic event from being removed
 * @se: the event
 *
 * Context: dyn_event_mutex held.
 */
void synth_event_get(struct synth_event *se)
{
	lockdep_assert_held(&dyn_event_mutex);
	se->ref++;
}

/**
 * synth_event_put() - let go of what synth_event_get() took
 * @se: the event
 *
 * Context: dyn_event_mutex held.
 */
void synth_event_put(struct synth_event *se)
{
	lockdep_assert_held(&dyn_event_mutex);
	if (!WARN_ON_ONCE(se->ref <= 0))
		se->ref--;
}

/**
 * synth_event_name() - a synthetic event's name
 * @se: the event
 *
 * Return: the name, without "synthetic/".
 */
const char *synth_event_name(const struct synth_event *se)
{
	return se->name;
}

/**
 * synth_event_n_fields() - how many fields a synthetic event has
 * @se: the event
 *
 * Return: the number of fields.
 */
unsigned int synth_event_n_fields(const struct synth_event *se)
{
	return se->n_fields;
}

/**
 * synth_event_field() - a field of a synthetic event
 * @se: the event
 * @i: the field's index, below synth_event_n_fields()
 *
 * Return: the field.
 */
const struct synth_field *synth_event_field(const struct synth_event *se,
					    unsigned int i)
{
	return &se->fields[i].f;
}

/**
 * synth_event_call() - a synthetic event's &struct trace_event_call
 * @se: the event
 *
 * Return: the call.
 */
struct trace_event_call *synth_event_call(struct synth_event *se)
{
	return &se->call;
}

/* ---- recording ------------------------------------------------------------ */

/*
 * A char[] string's length in the record, NUL included, at most
 * SYNTH_DYN_STR_MAX; that of SYNTH_FAULT_STR if it cannot be read.  Byte
 * by byte: the string may end just before an unmapped page.
 */
static unsigned int str_size(u64 val)
{
	const char *s = (const char *)(unsigned long)val;
	unsigned int n;
	char c;

	for (n = 0; n < SYNTH_DYN_STR_MAX - 1; n++) {
		if (copy_from_kernel_nofault(&c, s + n, 1))
			return sizeof(SYNTH_FAULT_STR);
		if (!c)
			break;
	}
	return n + 1;
}

/* Copy a string of at most @size bytes, NUL included, or SYNTH_FAULT_STR. */
static void str_store(char *dst, u64 val, unsigned int size)
{
	const char *s = (const char *)(unsigned long)val;

	if (strncpy_from_kernel_nofault(dst, s, size) < 0)
		strscpy(dst, SYNTH_FAULT_STR, size);
}

/* The entries of a stack value: up to its first 0, at most the max. */
static unsigned int stack_depth(u64 val)
{
	const unsigned long *st = (const unsigned long *)(unsigned long)val;
	unsigned int n;

	for (n = 0; st && n < SYNTH_STACK_MAX && st[n]; n++)
		;
	return n;
}

/* The bytes a dynamic field's value takes after the slots. */
static unsigned int dyn_size(const struct synth_field *f, u64 val)
{
	if (f->is_stack)
		return (stack_depth(val) + 1) * sizeof(unsigned long);
	return str_size(val);
}

/*
 * Write the values into a reserved record.  @dsize[j] is the size the
 * j-th dynamic field was reserved with.
 */
static void synth_fill(struct synth_event *se, u8 *rec, const u64 *vals,
		       const u16 *dsize)
{
	unsigned int i, j = 0, loc = se->class.size;

	for (i = 0; i < se->n_fields; i++) {
		const struct synth_field *f = &se->fields[i].f;
		u8 *p = rec + f->offset;

		if (f->is_dynamic) {
			unsigned int len = dsize[j++];
			u8 *d = rec + loc;

			if (f->is_stack) {
				unsigned long *dst = (unsigned long *)d;
				const unsigned long *st;

				st = (const unsigned long *)(unsigned long)vals[i];
				dst[0] = len / sizeof(long) - 1;
				if (dst[0])
					memcpy(dst + 1, st, len - sizeof(long));
			} else {
				str_store((char *)d, vals[i], len);
			}
			/* The __data_loc word: length high, offset low. */
			synth_slot_store(p, 4, (len << 16) | loc);
			loc += len;
		} else if (f->is_string) {
			str_store((char *)p, vals[i], SYNTH_STR_SLOT);
		} else {
			synth_slot_store(p, f->size, vals[i]);
		}
	}
}

/**
 * synth_event_write() - write a synthetic event into one session
 * @se: the event
 * @file: the event in the session
 * @vals: a value for each field, as for synth_event_fire()
 *
 * Context: any.
 * Return: 0, or -EINVAL if the record could not be reserved (the session
 * drops it: tracing off, a pid filter, soft mode).
 */
int synth_event_write(struct synth_event *se, struct trace_event_file *file,
		      const u64 *vals)
{
	struct trace_buffer *buffer = file->tr->buffer;
	struct trace_event_buffer fbuffer;
	u16 dsize[SYNTH_FIELDS_MAX];
	unsigned int i, j = 0, size = se->class.size;
	void *rec;

	for (i = 0; j < se->n_dynamic && i < se->n_fields; i++) {
		if (se->fields[i].f.is_dynamic) {
			dsize[j] = dyn_size(&se->fields[i].f, vals[i]);
			size += dsize[j++];
		}
	}
	/* Inside another event's record, which is still reserved. */
	ring_buffer_nest_start(buffer);
	rec = trace_event_buffer_reserve(&fbuffer, file, size);
	if (rec) {
		synth_fill(se, rec, vals, dsize);
		trace_event_buffer_commit(&fbuffer);
	}
	ring_buffer_nest_end(buffer);
	return rec ? 0 : -EINVAL;
}

/**
 * synth_event_fixed_size() - the size of a synthetic event's record
 *	without its char[] and stack fields' bytes
 * @se: the event
 *
 * Return: the size, common fields included.
 */
unsigned int synth_event_fixed_size(const struct synth_event *se)
{
	return se->class.size;
}

/**
 * synth_event_of_file() - the synthetic event of an event's file
 * @file: an event in a session
 *
 * Return: the event, or NULL if @file is not a synthetic event's.
 */
struct synth_event *synth_event_of_file(struct trace_event_file *file)
{
	if (!file || file->call->class->reg != synth_reg)
		return NULL;
	return file->call->data;
}

/**
 * synth_event_fire() - write a synthetic event into its sessions
 * @se: the event
 * @vals: a value for each field, as trace_synth.h describes
 *
 * Context: any.
 */
void synth_event_fire(struct synth_event *se, const u64 *vals)
{
	struct synth_link *l;

	preempt_disable_notrace();
	list_for_each_entry_rcu(l, &se->files, list)
		synth_event_write(se, l->file, vals);
	preempt_enable_notrace();
}

/* ---- printing ------------------------------------------------------------- */

static u64 slot_load(const u8 *p, unsigned int size)
{
	switch (size) {
	case 1:
		return *p;
	case 2:
		return *(const u16 *)p;
	case 4:
		return *(const u32 *)p;
	default:
		return *(const u64 *)p;
	}
}

/*
 * "name=value", the value zero-extended from its size and printed with
 * its type's format, as 6.12 prints it (an s8 of -1 is "255").
 */
static void print_num(struct trace_seq *s, const struct synth_fieldx *fx,
		      u64 v, const char *sep)
{
	const char *name = fx->f.name;

	switch (fx->fmt) {
	case SF_LLD:
		trace_seq_printf(s, "%s=%lld%s", name, (long long)v, sep);
		break;
	case SF_D:
		trace_seq_printf(s, "%s=%d%s", name, (int)v, sep);
		break;
	case SF_U:
		trace_seq_printf(s, "%s=%u%s", name, (unsigned int)v, sep);
		break;
	case SF_LD:
		trace_seq_printf(s, "%s=%ld%s", name, (long)v, sep);
		break;
	case SF_LU:
		trace_seq_printf(s, "%s=%lu%s", name, (unsigned long)v, sep);
		break;
	case SF_X:
		trace_seq_printf(s, "%s=%x%s", name, (unsigned int)v, sep);
		break;
	default:
		trace_seq_printf(s, "%s=%llu%s", name, v, sep);
		break;
	}
}

static void print_stack(struct trace_seq *s, const char *name, const u8 *rec,
			u32 loc)
{
	const unsigned long *st = (const unsigned long *)(rec + (loc & 0xffff));
	unsigned int i, n = (loc >> 16) / sizeof(long);

	trace_seq_printf(s, "%s=STACK:\n", name);
	/* Entry 0 is the depth. */
	for (i = 1; i < n; i++)
		trace_seq_printf(s, "=> %pS\n", (void *)st[i]);
}

static enum print_line_t synth_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	static const struct trace_print_flags gfp_names[] = {
		__def_gfpflag_names, { -1, NULL }
	};
	struct synth_event *se = container_of(event, struct synth_event,
					      call.event);
	bool verbose = iter->tr &&
		       (iter->tr->trace_flags & TRACE_ITER(VERBOSE));
	const u8 *rec = (const u8 *)iter->ent;
	struct trace_seq *s = &iter->seq;
	unsigned int i;

	trace_seq_printf(s, "%s: ", se->name);
	for (i = 0; i < se->n_fields && !trace_seq_has_overflowed(s); i++) {
		const struct synth_fieldx *fx = &se->fields[i];
		const struct synth_field *f = &fx->f;
		const char *sep = i == se->n_fields - 1 ? "" : " ";
		const u8 *p = rec + f->offset;
		u32 loc = *(const u32 *)p;
		u64 v;

		if (verbose)
			trace_seq_printf(s, "%s ", synth_fmt_text[fx->fmt]);
		if (f->is_stack) {
			print_stack(s, f->name, rec, loc);
		} else if (f->is_dynamic) {
			trace_seq_printf(s, "%s=%.*s%s", f->name, loc >> 16,
					 rec + (loc & 0xffff), sep);
		} else if (f->is_string) {
			trace_seq_printf(s, "%s=%.*s%s", f->name,
					 SYNTH_STR_SLOT, p, sep);
		} else {
			v = slot_load(p, f->size);
			print_num(s, fx, v, sep);
			if (fx->is_gfp) {
				trace_seq_puts(s, " (");
				/* As 6.12: the names and their NUL, in the text. */
				trace_print_flags_seq(s, "|", v, gfp_names);
				trace_seq_putc(s, ')');
			}
		}
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions synth_funcs = {
	.trace	= synth_print,
};

/* ---- the event ---------------------------------------------------------- */

/* The class's reg(): @data is the event's file in a session. */
static int synth_reg(struct trace_event_call *call, enum trace_reg type,
		     void *data)
{
	struct synth_event *se = call->data;
	struct synth_link *l;

	switch (type) {
	case TRACE_REG_REGISTER:
		/*
		 * Not while the module that made it is going, whose exit
		 * removes it.  The module is not held: only its own calls
		 * write the event, and its exit disables and removes it.
		 */
		if (se->mod && !module_is_live(se->mod))
			return -ENODEV;
		l = kzalloc(sizeof(*l), GFP_KERNEL);
		if (!l)
			return -ENOMEM;
		l->file = data;
		list_add_tail_rcu(&l->list, &se->files);
		return 0;
	case TRACE_REG_UNREGISTER:
		list_for_each_entry(l, &se->files, list) {
			if (l->file != data)
				continue;
			list_del_rcu(&l->list);
			kfree_rcu(l, rcu);
			break;
		}
		return 0;
	case TRACE_REG_PERF_REGISTER:
		/* perf has no probe for them: 6.12 answers ENODEV too. */
		return -ENODEV;
	default:
		/* Nothing to undo or follow for perf: it never registered. */
		return 0;
	}
}

/* "\"a=%llu, b=%s\", REC->a, __get_str(b)" */
static int synth_build_print_fmt(struct synth_event *se)
{
	unsigned int i, len = 8;
	struct seq_buf sb;

	for (i = 0; i < se->n_fields; i++)
		len += 2 * strlen(se->fields[i].f.name) + 40;
	se->print_fmt = kmalloc(len, GFP_KERNEL);
	if (!se->print_fmt)
		return -ENOMEM;
	seq_buf_init(&sb, se->print_fmt, len);
	seq_buf_putc(&sb, '"');
	for (i = 0; i < se->n_fields; i++)
		seq_buf_printf(&sb, "%s=%s%s", se->fields[i].f.name,
			       synth_fmt_text[se->fields[i].fmt],
			       i == se->n_fields - 1 ? "" : ", ");
	seq_buf_putc(&sb, '"');
	for (i = 0; i < se->n_fields; i++) {
		const struct synth_field *f = &se->fields[i].f;

		if (f->is_stack)
			seq_buf_printf(&sb, ", __get_stacktrace(%s)", f->name);
		else if (f->is_dynamic)
			seq_buf_printf(&sb, ", __get_str(%s)", f->name);
		else
			seq_buf_printf(&sb, ", REC->%s", f->name);
	}
	seq_buf_str(&sb);
	return seq_buf_has_overflowed(&sb) ? -ENOMEM : 0;
}

/* The fields as the events layer reads them, and their offsets. */
static int synth_build_fields(struct synth_event *se)
{
	unsigned int i, off = sizeof(struct trace_entry);
	struct trace_event_fields *tf;

	tf = kcalloc(se->n_fields + 1, sizeof(*tf), GFP_KERNEL);
	if (!tf)
		return -ENOMEM;
	se->tfields = tf;
	for (i = 0; i < se->n_fields; i++, tf++) {
		struct synth_fieldx *fx = &se->fields[i];
		struct synth_field *f = &fx->f;

		f->offset = off;
		off += f->is_string && !f->is_dynamic ? SYNTH_STR_SLOT :
							sizeof(u64);
		tf->type = fx->ftype;
		tf->name = f->name;
		tf->offset = f->offset;
		tf->size = f->size;
		tf->is_signed = f->is_signed;
		if (f->is_stack)
			tf->filter_type = FILTER_STACKTRACE;
		else if (f->is_dynamic)
			tf->filter_type = FILTER_DYN_STRING;
		else if (f->is_string)
			tf->filter_type = FILTER_STATIC_STRING;
		else
			tf->filter_type = FILTER_OTHER;
	}
	se->class.size = off;
	return 0;
}

static void synth_fields_free(struct synth_fieldx *fields, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (fields[i].ftype != fields[i].f.type)
			kfree(fields[i].ftype);
		kfree(fields[i].f.type);
		kfree(fields[i].f.name);
	}
}

static void synth_free(struct synth_event *se)
{
	synth_fields_free(se->fields, se->n_fields);
	kfree(se->fields);
	kfree(se->tfields);
	kfree(se->print_fmt);
	kfree(se->name);
	kfree(se);
}

/*
 * Make and register the event; @fields become its own.  Returns 0 or an
 * error, @fields freed either way.
 */
static int synth_event_add(const char *name, struct synth_fieldx *fields,
			   unsigned int n, struct module *mod)
{
	struct synth_event *se;
	unsigned int i;
	int ret = -ENOMEM;

	se = kzalloc(sizeof(*se), GFP_KERNEL);
	if (!se) {
		synth_fields_free(fields, n);
		return -ENOMEM;
	}
	INIT_LIST_HEAD(&se->files);
	se->fields = kmemdup(fields, n * sizeof(*fields), GFP_KERNEL);
	if (!se->fields) {
		synth_fields_free(fields, n);
		kfree(se);
		return -ENOMEM;
	}
	se->n_fields = n;
	for (i = 0; i < n; i++)
		se->n_dynamic += fields[i].f.is_dynamic;
	se->mod = mod;
	se->name = kstrdup(name, GFP_KERNEL);
	if (!se->name || synth_build_fields(se) || synth_build_print_fmt(se))
		goto fail;
	se->class.system = SYNTH_SYSTEM;
	se->class.field_array = se->tfields;
	se->class.reg = synth_reg;
	/* perf is told ENODEV by synth_reg(), as 6.12 tells it. */
	se->class.perf_reg = true;
	se->call.class = &se->class;
	se->call.name = se->name;
	se->call.event.funcs = &synth_funcs;
	se->call.print_fmt = se->print_fmt;
	se->call.flags = TRACE_EVENT_FL_DYNAMIC;
	se->call.data = se;
	ret = trace_add_event_call(&se->call);
	if (ret)
		goto fail;
	dyn_event_add(&se->de, &synth_ops);
	return 0;
fail:
	synth_free(se);
	return ret;
}

/*
 * Remove the event, unless a histogram holds it, it is enabled or its
 * files are open (-EBUSY).  Context: dyn_event_mutex held.
 */
static int synth_event_remove(struct synth_event *se)
{
	int ret;

	if (se->ref)
		return -EBUSY;
	ret = trace_remove_event_call(&se->call);
	if (ret)
		return ret;
	dyn_event_del(&se->de);
	synth_free(se);
	return 0;
}

/* ---- parsing a definition --------------------------------------------------- */

/**
 * struct synth_parse - a definition being parsed
 * @cmd: its text, as error_log shows it
 */
struct synth_parse {
	const char	*cmd;
};

static void synth_err(struct synth_parse *sp, enum synth_error err, int pos)
{
	tracing_log_err(&global_trace, "synthetic_events", sp->cmd,
			synth_err_text, err, pos);
}

/* As 6.12: the caret under the first occurrence of @word in the command. */
static int errpos(struct synth_parse *sp, const char *word)
{
	const char *p = word ? strstr(sp->cmd, word) : NULL;

	return p ? p - sp->cmd : 0;
}

static bool good_name(const char *name)
{
	if (!isalpha(*name) && *name != '_')
		return false;
	while (*++name) {
		if (!isalnum(*name) && *name != '_')
			return false;
	}
	return true;
}

/* "char[N]": N (at most 3 digits, at most SYNTH_STR_MAX), 0 for "char[]". */
static int string_size(const char *type)
{
	const char *start = strstr(type, "char[") + strlen("char[");
	const char *end = strchr(type, ']');
	unsigned int n;
	char buf[4];

	if (!end || end < start || end[1] || end - start > 3)
		return -EINVAL;
	if (end == start)
		return 0;
	memcpy(buf, start, end - start);
	buf[end - start] = '\0';
	if (kstrtouint(buf, 0, &n) || n > SYNTH_STR_MAX)
		return -EINVAL;
	return n;
}

/*
 * A type's size: > 0 fixed, 0 for a char[] string or a stack (or no such
 * type), < 0 for a bad char[N].  Sets the field's kind and format.
 */
static int type_size(const char *type, struct synth_fieldx *fx)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(synth_int_types); i++) {
		if (!strcmp(type, synth_int_types[i].name)) {
			fx->fmt = synth_int_types[i].fmt;
			fx->is_gfp = !strcmp(type, "gfp_t");
			return synth_int_types[i].size;
		}
	}
	fx->fmt = SF_LLU;
	if (strstr(type, "char[")) {
		fx->fmt = SF_S;
		fx->f.is_string = true;
		return string_size(type);
	}
	if (strstr(type, "long[")) {
		fx->fmt = SF_S;
		fx->f.is_stack = true;
	}
	return 0;
}

/*
 * One field from @argv ("type name", "unsigned type name", a name may
 * end in "[N]" or "[]"); *@consumed moves past its words.
 */
static int parse_field(struct synth_parse *sp, int argc, char **argv,
		       int *consumed, struct synth_fieldx *fx)
{
	const char *prefix = "", *type = argv[0], *name, *array;
	int size;

	if (!strcmp(type, "unsigned")) {
		if (argc < 3) {
			synth_err(sp, SYNTH_ERR_INCOMPLETE_TYPE, errpos(sp, type));
			return -EINVAL;
		}
		prefix = "unsigned ";
		type = argv[1];
		name = argv[2];
		*consumed += 3;
	} else {
		name = argv[1];
		*consumed += 2;
	}
	if (!name) {
		synth_err(sp, SYNTH_ERR_INVALID_FIELD, errpos(sp, type));
		return -EINVAL;
	}
	array = strchr(name, '[');
	fx->f.name = kstrndup(name, array ? array - name : strlen(name),
			      GFP_KERNEL);
	if (!fx->f.name)
		return -ENOMEM;
	if (!good_name(fx->f.name)) {
		synth_err(sp, SYNTH_ERR_BAD_NAME, errpos(sp, name));
		return -EINVAL;
	}
	fx->f.type = kasprintf(GFP_KERNEL, "%s%s%s", prefix, type,
			       array ?: "");
	if (!fx->f.type)
		return -ENOMEM;
	fx->ftype = fx->f.type;
	size = type_size(fx->f.type, fx);
	if (size < 0) {
		if (array)
			synth_err(sp, SYNTH_ERR_INVALID_ARRAY_SPEC,
				  errpos(sp, name));
		else
			synth_err(sp, SYNTH_ERR_INVALID_TYPE, errpos(sp, type));
		return -EINVAL;
	}
	if (!size) {
		if (!fx->f.is_string && !fx->f.is_stack) {
			synth_err(sp, SYNTH_ERR_INVALID_TYPE, errpos(sp, type));
			return -EINVAL;
		}
		fx->ftype = kasprintf(GFP_KERNEL, "__data_loc %s", fx->f.type);
		if (!fx->ftype)
			return -ENOMEM;
		fx->f.is_dynamic = true;
		/* The slot's size, as 6.12's format shows it. */
		size = sizeof(u64);
	}
	fx->f.size = size;
	/* As 6.12 decides it, on the format's type. */
	fx->f.is_signed = !str_has_prefix(fx->ftype, "u") &&
			  strcmp(fx->ftype, "gfp_t");
	return 0;
}

/*
 * The fields of a definition, "type name[; type name ...]": the
 * semicolons are optional between fields.  @fields holds
 * SYNTH_FIELDS_MAX; *@n is how many were parsed (to free after an
 * error too).
 */
static int parse_fields(struct synth_parse *sp, const char *text,
			struct synth_fieldx *fields, unsigned int *n)
{
	char *copy, *rest, *part, **argv;
	int argc, consumed, ret = 0;
	struct synth_fieldx fx;

	copy = kstrdup(text, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	rest = copy;
	while (!ret && (part = strsep(&rest, ";"))) {
		argv = argv_split(GFP_KERNEL, part, &argc);
		if (!argv) {
			ret = -ENOMEM;
			break;
		}
		for (consumed = 0; !ret && consumed < argc;) {
			memset(&fx, 0, sizeof(fx));
			ret = parse_field(sp, argc - consumed, argv + consumed,
					  &consumed, &fx);
			if (!ret && *n == SYNTH_FIELDS_MAX) {
				synth_err(sp, SYNTH_ERR_TOO_MANY_FIELDS, 0);
				ret = -EINVAL;
			}
			if (ret)
				synth_fields_free(&fx, 1);
			else
				fields[(*n)++] = fx;
		}
		argv_free(argv);
	}
	kfree(copy);
	if (!ret && !*n) {
		synth_err(sp, SYNTH_ERR_INVALID_CMD, 0);
		ret = -EINVAL;
	}
	return ret;
}

/*
 * Define event @name with the fields in @text.  Context: dyn_event_mutex
 * held.
 */
static int synth_define(struct synth_parse *sp, const char *name,
			const char *text, struct module *mod)
{
	struct synth_fieldx *fields;
	unsigned int n = 0;
	int ret;

	if (!*name) {
		synth_err(sp, SYNTH_ERR_INVALID_CMD, 0);
		return -EINVAL;
	}
	if (!good_name(name)) {
		synth_err(sp, SYNTH_ERR_BAD_NAME, errpos(sp, name));
		return -EINVAL;
	}
	if (synth_event_find(name)) {
		synth_err(sp, SYNTH_ERR_EVENT_EXISTS, errpos(sp, name));
		return -EEXIST;
	}
	fields = kcalloc(SYNTH_FIELDS_MAX, sizeof(*fields), GFP_KERNEL);
	if (!fields)
		return -ENOMEM;
	ret = parse_fields(sp, text, fields, &n);
	if (ret)
		synth_fields_free(fields, n);
	else
		ret = synth_event_add(name, fields, n, mod);
	kfree(fields);
	return ret;
}

/*
 * A definition needs a name and a field (three words) before its first
 * semicolon; a removal ("!name") does not.
 */
static bool command_ok(const char *cmd)
{
	const char *semi = strchr(cmd, ';');
	char *first, **argv;
	int argc = 0;

	if (*cmd == '!')
		return true;
	first = kstrndup(cmd, semi ? semi - cmd : strlen(cmd), GFP_KERNEL);
	if (!first)
		return false;
	argv = argv_split(GFP_KERNEL, first, &argc);
	argv_free(argv);
	kfree(first);
	return argc >= 3;
}

/* "name fields" or "!name", as synthetic_events takes them. */
static int synth_run(const char *cmd, struct module *mod)
{
	struct synth_parse sp = { .cmd = cmd };
	struct synth_event *se;
	const char *sp_at;
	char *name;
	int ret;

	lockdep_assert_held(&dyn_event_mutex);
	if (!*cmd)
		return 0;
	if (!command_ok(cmd)) {
		synth_err(&sp, SYNTH_ERR_INVALID_CMD, 0);
		return -EINVAL;
	}
	sp_at = strpbrk(cmd, " \t");
	if (!sp_at && *cmd != '!') {
		synth_err(&sp, SYNTH_ERR_INVALID_CMD, 0);
		return -EINVAL;
	}
	name = kstrndup(cmd, sp_at ? sp_at - cmd : strlen(cmd), GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	if (*name == '!') {
		se = synth_event_find(name + 1);
		ret = se ? synth_event_remove(se) : -ENOENT;
	} else {
		ret = synth_define(&sp, name, skip_spaces(sp_at), mod);
	}
	kfree(name);
	return ret;
}

/**
 * synth_event_run() - define or remove a synthetic event
 * @cmd: "name fields" or "!name", as synthetic_events takes it
 * @mod: the module defining it, or NULL
 *
 * Return: 0, or the error synthetic_events gives (with its error_log
 * line).
 */
int synth_event_run(const char *cmd, struct module *mod)
{
	int ret;

	mutex_lock(&dyn_event_mutex);
	ret = synth_run(cmd, mod);
	mutex_unlock(&dyn_event_mutex);
	return ret;
}

/**
 * synth_type_valid() - whether a type may be a synthetic event field's
 * @type: the type ("u64", "char[16]", ...)
 *
 * Return: true for an integer type, and for anything with a '[': its
 * array part is checked when the event is made.
 */
bool synth_type_valid(const char *type)
{
	struct synth_fieldx fx = { };

	return type_size(type, &fx) || strchr(type, '[');
}

static int synth_run_line(const char *line, void *data)
{
	return synth_event_run(skip_spaces(line), NULL);
}

/* ---- dynamic_events --------------------------------------------------------- */

/* "s:[synthetic/]name fields" */
static int synth_create(const char *line, int argc, char **argv, int *pos)
{
	struct synth_parse sp = { .cmd = line };
	const char *name = line + 2, *sp_at;
	char *ename;
	int skip, ret;

	if (line[0] != 's' || line[1] != ':')
		return -ECANCELED;
	sp_at = strpbrk(line, " \t");
	if (!sp_at) {
		synth_err(&sp, SYNTH_ERR_INVALID_CMD, 0);
		return -EINVAL;
	}
	/* As 6.12: any '/' in the line asks for the "synthetic/" group. */
	if (strchr(name, '/')) {
		skip = str_has_prefix(name, SYNTH_SYSTEM "/");
		if (!skip) {
			synth_err(&sp, SYNTH_ERR_INVALID_DYN_CMD, 0);
			return -EINVAL;
		}
		name += skip;
	}
	if (!command_ok(name) || sp_at < name) {
		synth_err(&sp, SYNTH_ERR_INVALID_CMD, 0);
		return -EINVAL;
	}
	ename = kstrndup(name, sp_at - name, GFP_KERNEL);
	if (!ename)
		return -ENOMEM;
	ret = synth_define(&sp, ename, skip_spaces(sp_at), NULL);
	kfree(ename);
	return ret;
}

/* "name\ttype a; type b": the types as written, without "__data_loc". */
static void synth_show_fields(struct seq_file *m, struct synth_event *se)
{
	unsigned int i;

	seq_printf(m, "%s\t", se->name);
	for (i = 0; i < se->n_fields; i++)
		seq_printf(m, "%s %s%s", se->fields[i].f.type,
			   se->fields[i].f.name,
			   i == se->n_fields - 1 ? "" : "; ");
	seq_putc(m, '\n');
}

static int synth_show(struct seq_file *m, struct dyn_event *de)
{
	seq_puts(m, "s:" SYNTH_SYSTEM "/");
	synth_show_fields(m, to_synth(de));
	return 0;
}

static bool synth_is_busy(struct dyn_event *de)
{
	struct synth_event *se = to_synth(de);

	return se->ref || !list_empty(&se->files);
}

static int synth_free_event(struct dyn_event *de)
{
	return synth_event_remove(to_synth(de));
}

/* "-:[synthetic/]name": the words after the name are not looked at. */
static bool synth_match(const char *system, const char *event, int argc,
			const char **argv, struct dyn_event *de)
{
	return !strcmp(to_synth(de)->name, event) &&
	       (!system || !strcmp(system, SYNTH_SYSTEM));
}

static struct dyn_event_ops synth_ops = {
	.create		= synth_create,
	.show		= synth_show,
	.is_busy	= synth_is_busy,
	.free		= synth_free_event,
	.match		= synth_match,
};

/* ---- synthetic_events ---------------------------------------------------------- */

static void *synth_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&dyn_event_mutex);
	return seq_list_start(&dyn_event_list, *pos);
}

static void *synth_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &dyn_event_list, pos);
}

static void synth_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&dyn_event_mutex);
}

static int synth_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *de = list_entry(v, struct dyn_event, list);

	if (de->ops == &synth_ops)
		synth_show_fields(m, to_synth(de));
	return 0;
}

static const struct seq_operations synth_seq_ops = {
	.start	= synth_seq_start,
	.next	= synth_seq_next,
	.stop	= synth_seq_stop,
	.show	= synth_seq_show,
};

/* Opened with O_TRUNC, every synthetic event goes, or none if one is busy. */
static int synth_events_open(struct inode *inode, struct file *filp)
{
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		ret = dyn_events_release_all(&synth_ops);
		if (ret)
			return ret;
	}
	if (!(filp->f_mode & FMODE_READ))
		return 0;
	return seq_open(filp, &synth_seq_ops);
}

static ssize_t synth_events_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return dyn_events_write_lines(ubuf, cnt, synth_run_line, NULL);
}

static int synth_events_release(struct inode *inode, struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return seq_release(inode, filp);
	return 0;
}

static const struct file_operations synth_events_fops = {
	.open		= synth_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.write		= synth_events_write,
	.release	= synth_events_release,
};

static __init int synth_events_init(void)
{
	dyn_event_register(&synth_ops);
	if (tracing_is_disabled() || !tracefs_initialized())
		return 0;
	trace_create_file("synthetic_events", TRACE_MODE_WRITE, NULL, NULL,
			  &synth_events_fops);
	return 0;
}
fs_initcall(synth_events_init);
