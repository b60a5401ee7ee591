// SPDX-License-Identifier: GPL-2.0
/*
 * Turning records into text: the table of record types and their print
 * functions, and the line every record of the trace file starts with:
 *
 *   <comm>-<pid> [<cpu>] <flags> <seconds>.<usecs>: <event text>
 *
 * Types are numbered from 1; the core's own entries have the numbers of
 * enum trace_type, events get numbers from __TRACE_LAST_TYPE up.  The
 * table is an xarray; readers look a type up and print under the read
 * side of trace_event_sem, so that a module's print functions cannot go
 * away under them.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/rwsem.h>
#include <linux/xarray.h>

#include "trace.h"

static DEFINE_XARRAY_ALLOC(event_types);
static DECLARE_RWSEM(trace_event_sem);

/**
 * register_trace_event() - give a record type its print functions
 * @event: the type; with @event->type 0 a new number is assigned
 *
 * Return: the type's number, or 0 if it could not be registered.
 */
int register_trace_event(struct trace_event *event)
{
	u32 id;
	int ret;

	if (!event->funcs)
		return 0;
	down_write(&trace_event_sem);
	if (event->type) {
		ret = xa_insert(&event_types, event->type, event, GFP_KERNEL);
		id = event->type;
	} else {
		ret = xa_alloc(&event_types, &id, event,
			       XA_LIMIT(__TRACE_LAST_TYPE, U16_MAX),
			       GFP_KERNEL);
	}
	up_write(&trace_event_sem);
	if (ret)
		return 0;
	event->type = id;
	return id;
}
EXPORT_SYMBOL_GPL(register_trace_event);

/**
 * unregister_trace_event() - forget a record type
 * @event: the type
 *
 * Return: 0.
 */
int unregister_trace_event(struct trace_event *event)
{
	down_write(&trace_event_sem);
	xa_erase(&event_types, event->type);
	up_write(&trace_event_sem);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

/**
 * ftrace_find_event() - the print functions of a record type
 * @type: the type's number
 *
 * Call with trace_event_sem held for reading (print_trace_line() does).
 *
 * Return: the type, or NULL if none is registered under @type.
 */
struct trace_event *ftrace_find_event(int type)
{
	return xa_load(&event_types, type);
}

/**
 * trace_nop_print() - a print function that prints nothing more
 * @iter: the reader
 * @flags: unused
 * @event: unused
 *
 * Return: whether the line so far fitted.
 */
enum print_line_t trace_nop_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL_GPL(trace_nop_print);

/**
 * trace_raw_output_prep() - start printing an event's record
 * @iter: the reader, at a record of the event
 * @event: the event's record type
 *
 * Prints "<event name>: " and readies the helpers' scratch buffer.
 *
 * Return: %TRACE_TYPE_HANDLED, or %TRACE_TYPE_UNHANDLED if the record is
 * not of @event's type.
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *event)
{
	struct trace_event_call *call;

	if (WARN_ON_ONCE(iter->ent->type != event->type))
		return TRACE_TYPE_UNHANDLED;
	call = container_of(event, struct trace_event_call, event);
	trace_seq_init(&iter->tmp_seq);
	trace_seq_printf(&iter->seq, "%s: ", trace_event_name(call));
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

/*
 * With hash-ptr off, an event's plain %p prints the real address: the
 * format is copied into @buf with each %p that no letter or digit
 * follows (those are %pS, %pI4 and the like) turned into %px.  A format
 * too long for @buf is used as it is.
 */
#define TRACE_FMT_UNHASHED_MAX	256

static const char *unhash_format(char *buf, const char *fmt)
{
	const char *p;
	int len = 0;

	for (p = fmt; *p; p++) {
		if (len >= TRACE_FMT_UNHASHED_MAX - 2)
			return fmt;
		buf[len++] = *p;
		if (*p != '%')
			continue;
		if (p[1] == '%') {
			buf[len++] = *++p;
			continue;
		}
		/* Flags, width and precision, then the conversion. */
		while (p[1] && strchr("-+ #0123456789.*", p[1])) {
			if (len >= TRACE_FMT_UNHASHED_MAX - 2)
				return fmt;
			buf[len++] = *++p;
		}
		if (p[1] == 'p' && !isalnum(p[2])) {
			if (len > TRACE_FMT_UNHASHED_MAX - 4)
				return fmt;
			buf[len++] = *++p;
			buf[len++] = 'x';
		}
	}
	buf[len] = '\0';
	return buf;
}

/**
 * trace_event_printf() - print an event's TP_printk() text
 * @iter: the reader
 * @fmt: the format
 * @...: its arguments
 */
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	char unhashed[TRACE_FMT_UNHASHED_MAX];
	va_list ap;

	if (!(iter->tr->trace_flags & TRACE_ITER(HASH_PTR)))
		fmt = unhash_format(unhashed, fmt);
	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL(trace_event_printf);

/**
 * trace_print_lat_fmt() - print the context flags of a record
 * @s: where to print
 * @entry: the record
 *
 * Five characters: irqs off ('d', 'D' with BH off too, 'b' BH off only,
 * 'X' unknown), need-resched ('N' both kinds, 'n', 'p'), hard/soft irq
 * ('Z' NMI in hardirq, 'z' NMI, 'H' hardirq in softirq, 'h', 's'), the
 * preemption depth and the migrate-disable depth in hex; '.' for none.
 *
 * Return: whether it fitted.
 */
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry)
{
	unsigned int f = entry->flags;
	bool irqs_off = f & TRACE_FLAG_IRQS_OFF, bh_off = f & TRACE_FLAG_BH_OFF;
	bool nmi = f & TRACE_FLAG_NMI, hard = f & TRACE_FLAG_HARDIRQ;
	bool soft = f & TRACE_FLAG_SOFTIRQ;
	bool need = f & TRACE_FLAG_NEED_RESCHED;
	bool preempt = f & TRACE_FLAG_PREEMPT_RESCHED;
	char c[6];

	c[0] = irqs_off && bh_off ? 'D' : irqs_off ? 'd' : bh_off ? 'b' :
	       (f & TRACE_FLAG_IRQS_NOSUPPORT) ? 'X' : '.';
	c[1] = need && preempt ? 'N' : need ? 'n' : preempt ? 'p' : '.';
	c[2] = nmi && hard ? 'Z' : nmi ? 'z' : hard && soft ? 'H' :
	       hard ? 'h' : soft ? 's' : '.';
	c[3] = entry->preempt_count & 0xf ?
	       hex_asc_lo(entry->preempt_count) : '.';
	c[4] = entry->preempt_count & 0xf0 ?
	       hex_asc_hi(entry->preempt_count) : '.';
	c[5] = '\0';
	trace_seq_puts(s, c);
	return !trace_seq_has_overflowed(s);
}

static void print_time(struct trace_iterator *iter)
{
	u64 t = iter->ts;
	u32 usecs;

	if (trace_clock_in_ns_for(iter->tr)) {
		t = div_u64_rem(div_u64(t, NSEC_PER_USEC), USEC_PER_SEC, &usecs);
		trace_seq_printf(&iter->seq, " %5llu.%06u", t, usecs);
	} else {
		trace_seq_printf(&iter->seq, " %12llu", t);
	}
}

/**
 * trace_print_context() - print the start of a record's line
 * @iter: the reader, at the record
 *
 * "<comm>-<pid> [<cpu>] <flags> <time>: ", the flags only with the
 * irq-info option, the tgid after the pid with record-tgid.
 *
 * Return: whether it fitted.
 */
int trace_print_context(struct trace_iterator *iter)
{
	struct trace_array *tr = iter->tr;
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry = iter->ent;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(entry->pid, comm);
	trace_seq_printf(s, "%16s-%-7d ", comm, entry->pid);
	if (tr->trace_flags & TRACE_ITER(RECORD_TGID)) {
		int tgid = trace_find_tgid(entry->pid);

		if (tgid)
			trace_seq_printf(s, "(%7d) ", tgid);
		else
			trace_seq_puts(s, "(-------) ");
	}
	trace_seq_printf(s, "[%03d] ", iter->cpu);
	if (tr->trace_flags & TRACE_ITER(IRQ_INFO))
		trace_print_lat_fmt(s, entry);
	print_time(iter);
	trace_seq_puts(s, ": ");
	return !trace_seq_has_overflowed(s);
}

/**
 * print_trace_line() - print the reader's current record as one line
 * @iter: the reader
 *
 * Return: what the record's print function returned.
 */
enum print_line_t print_trace_line(struct trace_iterator *iter)
{
	enum print_line_t ret;

	down_read(&trace_event_sem);
	ret = __print_trace_line(iter);
	up_read(&trace_event_sem);
	return ret;
}

/*
 * Under printk-msg-only (with trace_printk on), the records that
 * trace_printk() and trace_marker write show their text alone: no
 * context, no writer's address.
 */
static bool msg_only(struct trace_iterator *iter)
{
	unsigned long want = TRACE_ITER(PRINTK) | TRACE_ITER(PRINTK_MSGONLY);
	int type = iter->ent->type;

	return (iter->tr->trace_flags & want) == want &&
	       (type == TRACE_PRINT || type == TRACE_BPRINT ||
		type == TRACE_BPUTS);
}

/**
 * __print_trace_line() - print_trace_line() without taking trace_event_sem
 * @iter: the reader
 *
 * For ftrace_dump(), where the kernel is dying and must not wait.
 *
 * Return: what the record's print function returned.
 */
enum print_line_t __print_trace_line(struct trace_iterator *iter)
{
	struct trace_event *event;
	enum print_line_t ret;

	if ((iter->tr->trace_flags & TRACE_ITER(CONTEXT_INFO)) &&
	    !msg_only(iter))
		trace_print_context(iter);
	event = ftrace_find_event(iter->ent->type);
	if (event && event->funcs->trace) {
		ret = event->funcs->trace(iter, 0, event);
	} else {
		trace_seq_printf(&iter->seq, "Unknown type %d\n",
				 iter->ent->type);
		ret = trace_handle_return(&iter->seq);
	}
	return ret;
}

/* ---- the TP_printk() helpers ------------------------------------------- */

/*
 * Each formats into @p, the reader's scratch trace_seq, ends its text
 * with a NUL and returns where the text starts, for the event's
 * TP_printk() to print with %s.
 */

/**
 * trace_print_flags_seq() - the names of the flags set in a value
 * @p: the scratch trace_seq
 * @delim: what goes between two names
 * @flags: the value
 * @flag_array: mask and name pairs, ending with a NULL name
 *
 * A name is shown when all its mask's bits are set; bits left over are
 * shown in hex at the end.
 *
 * Return: the text.
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const struct trace_print_flags *f;
	bool first = true;

	for (f = flag_array; f->name && flags; f++) {
		if ((flags & f->mask) != f->mask)
			continue;
		flags &= ~f->mask;
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_puts(p, f->name);
		first = false;
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%lx", flags);
	}
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_flags_seq);

/**
 * trace_print_symbols_seq() - the name of a value
 * @p: the scratch trace_seq
 * @val: the value
 * @symbol_array: value and name pairs, ending with a NULL name
 *
 * Return: the text: the name, or the value in hex if it has none.
 */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const struct trace_print_flags *f;

	for (f = symbol_array; f->name; f++)
		if (f->mask == val)
			break;
	if (f->name)
		trace_seq_puts(p, f->name);
	else
		trace_seq_printf(p, "0x%lx", val);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
/**
 * trace_print_flags_seq_u64() - trace_print_flags_seq() for 64-bit values
 * @p: the scratch trace_seq
 * @delim: what goes between two names
 * @flags: the value
 * @flag_array: mask and name pairs, ending with a NULL name
 *
 * Return: the text.
 */
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const struct trace_print_flags_u64 *f;
	bool first = true;

	for (f = flag_array; f->name && flags; f++) {
		if ((flags & f->mask) != f->mask)
			continue;
		flags &= ~f->mask;
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_puts(p, f->name);
		first = false;
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%llx", flags);
	}
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

/**
 * trace_print_symbols_seq_u64() - trace_print_symbols_seq() for 64-bit values
 * @p: the scratch trace_seq
 * @val: the value
 * @symbol_array: value and name pairs, ending with a NULL name
 *
 * Return: the text.
 */
const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const struct trace_print_flags_u64 *f;

	for (f = symbol_array; f->name; f++)
		if (f->mask == val)
			break;
	if (f->name)
		trace_seq_puts(p, f->name);
	else
		trace_seq_printf(p, "0x%llx", val);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

/**
 * trace_print_bitmask_seq() - a bitmap as comma-separated hex words
 * @p: the scratch trace_seq
 * @bitmask_ptr: the bitmap
 * @bitmask_size: its size in bytes
 *
 * Return: the text.
 */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *ret = trace_seq_buffer_ptr(p);

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * 8);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/**
 * trace_print_hex_seq() - bytes in hex
 * @p: the scratch trace_seq
 * @buf: the bytes
 * @len: how many
 * @concatenate: no space between bytes
 *
 * Return: the text.
 */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int len, bool concatenate)
{
	const char *ret = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; i < len; i++)
		trace_seq_printf(p, "%s%2.2x", concatenate || !i ? "" : " ",
				 buf[i]);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_hex_seq);

/**
 * trace_print_array_seq() - an array of numbers, as {0x1,0x2}
 * @p: the scratch trace_seq
 * @buf: the array
 * @count: its number of elements
 * @el_size: the size of one: 1, 2, 4 or 8
 *
 * Return: the text.
 */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	const char *ret = trace_seq_buffer_ptr(p);
	int i;

	trace_seq_putc(p, '{');
	for (i = 0; i < count; i++) {
		const void *e = buf + i * el_size;
		const char *sep = i ? "," : "";

		switch (el_size) {
		case 1:
			trace_seq_printf(p, "%s0x%x", sep, *(const u8 *)e);
			break;
		case 2:
			trace_seq_printf(p, "%s0x%x", sep, *(const u16 *)e);
			break;
		case 4:
			trace_seq_printf(p, "%s0x%x", sep, *(const u32 *)e);
			break;
		case 8:
			trace_seq_printf(p, "%s0x%llx", sep, *(const u64 *)e);
			break;
		default:
			trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size,
					 *(const u8 *)e);
			break;
		}
	}
	trace_seq_putc(p, '}');
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_array_seq);

/**
 * trace_print_hex_dump_seq() - a hex dump, on lines of its own
 * @p: the scratch trace_seq
 * @prefix_str: the text before each line
 * @prefix_type: DUMP_PREFIX_NONE, _ADDRESS or _OFFSET
 * @rowsize: bytes per line
 * @groupsize: bytes per group
 * @buf: the bytes
 * @len: how many
 * @ascii: whether to add the printable characters
 *
 * Return: the text.
 */
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *ret = trace_seq_buffer_ptr(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);

/* __vstring() fields: the length of the text, NUL included, and the text. */

/**
 * __trace_event_vstr_len() - the room a __vstring() field needs
 * @fmt: the format
 * @ap: its arguments
 *
 * Return: the text's length plus its NUL, at most TRACE_EVENT_STR_MAX.
 */
int __trace_event_vstr_len(const char *fmt, va_list *ap)
{
	va_list cp;
	int len;

	va_copy(cp, *ap);
	len = vsnprintf(NULL, 0, fmt, cp) + 1;
	va_end(cp);
	return min(len, TRACE_EVENT_STR_MAX);
}
EXPORT_SYMBOL_GPL(__trace_event_vstr_len);

/**
 * __trace_event_assign_vstr() - fill in a __vstring() field
 * @dst: the field's room
 * @len: its size
 * @fmt: the format
 * @ap: its arguments
 */
void __trace_event_assign_vstr(char *dst, int len, const char *fmt,
			       va_list *ap)
{
	va_list cp;

	va_copy(cp, *ap);
	vsnprintf(dst, len, fmt, cp);
	va_end(cp);
}
EXPORT_SYMBOL_GPL(__trace_event_assign_vstr);

/* ---- the core's own record types -------------------------------------- */

/*
 * A code address as the trace shows it: the bare symbol name, or under
 * the sym-offset option the name with offset, size and module; the raw
 * address too under sym-addr.
 */
static void print_sym(struct trace_iterator *iter, unsigned long ip)
{
	unsigned long flags = iter->tr->trace_flags;
	char name[KSYM_SYMBOL_LEN];

	if (!ip) {
		trace_seq_putc(&iter->seq, '0');
		return;
	}
	if (flags & TRACE_ITER(SYM_OFFSET))
		sprint_symbol(name, ip);
	else if (!kallsyms_lookup(ip, NULL, NULL, NULL, name))
		snprintf(name, sizeof(name), "0x%08lx", ip);
	trace_seq_puts(&iter->seq, name);
	if (flags & TRACE_ITER(SYM_ADDR))
		trace_seq_printf(&iter->seq, " <%px>", (void *)ip);
}

/* The address a record was written from, and the separator. */
static void print_ip(struct trace_iterator *iter, unsigned long ip)
{
	if (msg_only(iter))
		return;
	print_sym(iter, ip);
	trace_seq_puts(&iter->seq, ": ");
}

/* Text that the writer did not end with a newline gets one. */
static void print_text(struct trace_seq *s, const char *text)
{
	size_t len = strlen(text);

	trace_seq_puts(s, text);
	if (!len || text[len - 1] != '\n')
		trace_seq_putc(s, '\n');
}

static enum print_line_t print_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct print_entry *e = (void *)iter->ent;
	int max = iter->ent_size - (int)offsetof(struct print_entry, buf);

	print_ip(iter, e->ip);
	if (max > 0 && strnlen(e->buf, max) < max)
		print_text(&iter->seq, e->buf);
	else
		trace_seq_puts(&iter->seq, "<corrupt>\n");
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bputs(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct bputs_entry *e = (void *)iter->ent;

	print_ip(iter, e->ip);
	print_text(&iter->seq, e->str);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bprint(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct bprint_entry *e = (void *)iter->ent;

	print_ip(iter, e->ip);
	trace_seq_bprintf(&iter->seq, e->fmt, e->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_raw_data(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct raw_data_entry *e = (void *)iter->ent;
	int i, len = iter->ent_size - (int)offsetof(struct raw_data_entry, buf);

	trace_seq_printf(&iter->seq, "# %x buf:", e->id);
	for (i = 0; i < len; i++)
		trace_seq_printf(&iter->seq, " %02x", (unsigned char)e->buf[i]);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

/* "func <-parent", the parent under the print-parent option. */
static enum print_line_t print_function(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;

	print_sym(iter, e->ip);
	if ((iter->tr->trace_flags & TRACE_ITER(PRINT_PARENT)) &&
	    e->parent_ip) {
		trace_seq_puts(&iter->seq, " <-");
		print_sym(iter, e->parent_ip);
	}
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions function_funcs = {
	.trace = print_function,
};

static struct trace_event_functions print_funcs = { .trace = print_print };
static struct trace_event_functions bputs_funcs = { .trace = print_bputs };
static struct trace_event_functions bprint_funcs = { .trace = print_bprint };
static struct trace_event_functions raw_data_funcs = {
	.trace = print_raw_data,
};

/*
 * The core's record types as events of the "ftrace" system: they have
 * a format and an id under events/ftrace/, for readers of the binary
 * buffer, but nothing to enable.  Their layouts are user ABI.
 */
#define CORE_FIELD(_type, _name, _struct) {				\
		.type = _type, .name = #_name,				\
		.offset = offsetof(struct _struct, _name),		\
		.size = sizeof(((struct _struct *)0)->_name),		\
	}

/* A flexible array at the end of the record: size 0. */
#define CORE_TAIL(_type, _name, _struct) {				\
		.type = _type, .name = #_name,				\
		.offset = offsetof(struct _struct, _name),		\
	}

static struct trace_event_fields function_fields[] = {
	CORE_FIELD("unsigned long", ip, ftrace_entry),
	CORE_FIELD("unsigned long", parent_ip, ftrace_entry),
	{}
};

static struct trace_event_fields print_fields[] = {
	CORE_FIELD("unsigned long", ip, print_entry),
	CORE_TAIL("char[]", buf, print_entry),
	{}
};

static struct trace_event_fields bputs_fields[] = {
	CORE_FIELD("unsigned long", ip, bputs_entry),
	CORE_FIELD("const char *", str, bputs_entry),
	{}
};

static struct trace_event_fields bprint_fields[] = {
	CORE_FIELD("unsigned long", ip, bprint_entry),
	CORE_FIELD("const char *", fmt, bprint_entry),
	CORE_TAIL("u32[]", buf, bprint_entry),
	{}
};

static struct trace_event_fields raw_data_fields[] = {
	CORE_FIELD("unsigned int", id, raw_data_entry),
	CORE_TAIL("char[]", buf, raw_data_entry),
	{}
};

#define CORE_EVENT(_name, _type, _entry, _fmt)				\
	static struct trace_event_fields *_name##_fields_get(void)	\
	{								\
		return _name##_fields;					\
	}								\
	static struct trace_event_class _name##_class = {		\
		.system	= "ftrace",					\
		.fields	= _name##_fields_get,				\
		.size	= sizeof(struct _entry),			\
	};								\
	static struct trace_event_call _name##_call = {			\
		.class		= &_name##_class,			\
		.name		= #_name,				\
		.print_fmt	= _fmt,					\
		.event		= { .type = _type, .funcs = &_name##_funcs }, \
		.flags		= TRACE_EVENT_FL_IGNORE_ENABLE,		\
	}

CORE_EVENT(function, TRACE_FN, ftrace_entry,
	   "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip");
CORE_EVENT(print, TRACE_PRINT, print_entry,
	   "\"%ps: %s\", (void *)REC->ip, REC->buf");
CORE_EVENT(bprint, TRACE_BPRINT, bprint_entry,
	   "\"%ps: %s\", (void *)REC->ip, REC->fmt");
CORE_EVENT(bputs, TRACE_BPUTS, bputs_entry,
	   "\"%ps: %s\", (void *)REC->ip, REC->str");
CORE_EVENT(raw_data, TRACE_RAW_DATA, raw_data_entry,
	   "\"id:%04x %08x\", REC->id, (int)REC->buf[0]");

/* In id order, as upstream lists them. */
static struct trace_event_call *core_calls[] = {
	&function_call, &print_call, &bprint_call, &bputs_call,
	&raw_data_call,
};

/**
 * trace_output_init() - register the core's record types
 *
 * Return: 0.
 */
__init int trace_output_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(core_calls); i++)
		WARN_ON(trace_add_event_call(core_calls[i]));
	return 0;
}
