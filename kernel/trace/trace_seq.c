// SPDX-License-Identifier: GPL-2.0
/*
 * trace_seq: the bounded text buffer a record is printed into.
 *
 * It is a seq_buf over the trace_seq's own array, with one rule added:
 * an append either fits whole or leaves the text as it was, and then
 * the trace_seq is marked full and takes nothing more until it is
 * emptied.  A reader that sees it full knows the line is incomplete and
 * can print the record again into an empty one.
 */
#include <linux/seq_file.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>

/* seq_buf has no buffer until the first use after trace_seq_init(). */
static void ts_ready(struct trace_seq *s)
{
	if (unlikely(!s->seq.size))
		trace_seq_init(s);
}

/*
 * Run an append; if it overflowed, put the length back and mark the
 * trace_seq full.  Return true if it fitted.
 */
#define TS_APPEND(s, append)						\
	({								\
		unsigned int __save = (s)->seq.len;			\
		bool __ok;						\
									\
		ts_ready(s);						\
		if ((s)->full)						\
			__ok = false;					\
		else {							\
			append;						\
			__ok = !seq_buf_has_overflowed(&(s)->seq);	\
			if (!__ok) {					\
				(s)->seq.len = __save;			\
				(s)->full = 1;				\
			}						\
		}							\
		__ok;							\
	})

/**
 * trace_seq_printf() - append formatted text
 * @s: the trace_seq
 * @fmt: the format
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

/**
 * trace_seq_vprintf() - append formatted text
 * @s: the trace_seq
 * @fmt: the format
 * @args: its arguments
 */
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	TS_APPEND(s, seq_buf_vprintf(&s->seq, fmt, args));
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

/**
 * trace_seq_bprintf() - append text formatted from binary arguments
 * @s: the trace_seq
 * @fmt: the format
 * @binary: the arguments, as vbin_printf() stored them
 */
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
	TS_APPEND(s, seq_buf_bprintf(&s->seq, fmt, binary));
}
EXPORT_SYMBOL_GPL(trace_seq_bprintf);

/**
 * trace_seq_puts() - append a string
 * @s: the trace_seq
 * @str: the string
 */
void trace_seq_puts(struct trace_seq *s, const char *str)
{
	TS_APPEND(s, seq_buf_puts(&s->seq, str));
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

/**
 * trace_seq_putc() - append a character
 * @s: the trace_seq
 * @c: the character
 */
void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	TS_APPEND(s, seq_buf_putc(&s->seq, c));
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

/**
 * trace_seq_putmem() - append raw bytes
 * @s: the trace_seq
 * @mem: the bytes
 * @len: how many
 */
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	TS_APPEND(s, seq_buf_putmem(&s->seq, mem, len));
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

/**
 * trace_seq_putmem_hex() - append bytes in hex
 * @s: the trace_seq
 * @mem: the bytes
 * @len: how many
 *
 * The bytes are shown as the number they form in memory, most
 * significant first, in groups of a long followed by a space.
 */
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len)
{
	TS_APPEND(s, seq_buf_putmem_hex(&s->seq, mem, len));
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/**
 * trace_seq_path() - append a file's path
 * @s: the trace_seq
 * @path: the path
 *
 * Return: 1 if it fitted, else 0.
 */
int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	return TS_APPEND(s, seq_buf_path(&s->seq, path, "\n"));
}
EXPORT_SYMBOL_GPL(trace_seq_path);

/**
 * trace_seq_bitmask() - append a bitmap as comma-separated hex words
 * @s: the trace_seq
 * @maskp: the bitmap
 * @nmaskbits: its size in bits
 */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	TS_APPEND(s, seq_buf_printf(&s->seq, "%*pb", nmaskbits, maskp));
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

/**
 * trace_seq_hex_dump() - append a hex dump, as print_hex_dump() makes it
 * @s: the trace_seq
 * @prefix_str: the text before each line
 * @prefix_type: DUMP_PREFIX_NONE, _ADDRESS or _OFFSET
 * @rowsize: bytes per line (16 or 32)
 * @groupsize: bytes per group (1, 2, 4 or 8)
 * @buf: the bytes
 * @len: how many
 * @ascii: whether to add the printable characters
 *
 * Return: 1 if it fitted, else 0.
 */
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	return TS_APPEND(s, seq_buf_hex_dump(&s->seq, prefix_str, prefix_type,
					     rowsize, groupsize, buf, len,
					     ascii));
}
EXPORT_SYMBOL_GPL(trace_seq_hex_dump);

/**
 * trace_seq_acquire() - reserve room to write into directly
 * @s: the trace_seq
 * @len: how many bytes
 *
 * Return: where to write; if there is not enough room the trace_seq is
 * marked full and the returned room is the start of its free space,
 * which the caller must not use beyond what is left.
 */
char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	char *p;

	ts_ready(s);
	p = trace_seq_buffer_ptr(s);
	if (len <= seq_buf_buffer_left(&s->seq))
		s->seq.len += len;
	else
		s->full = 1;
	return p;
}
EXPORT_SYMBOL(trace_seq_acquire);

/**
 * trace_print_seq() - copy the text to a seq_file and empty the trace_seq
 * @m: the seq_file
 * @s: the trace_seq
 *
 * The trace_seq is emptied only if all of it was copied.
 *
 * Return: 0, or -1 if the seq_file had no room.
 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret;

	ts_ready(s);
	ret = seq_buf_print_seq(m, &s->seq);
	if (!ret)
		trace_seq_init(s);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_print_seq);

/**
 * trace_seq_to_user() - copy text not read yet to user space
 * @s: the trace_seq; its readpos moves past what was copied
 * @ubuf: the user's buffer
 * @cnt: its size
 *
 * Return: the number of bytes copied, -EBUSY if everything was read
 * already (or there is nothing), or -EFAULT.
 */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt)
{
	int left, n;

	ts_ready(s);
	left = trace_seq_used(s) - (int)s->readpos;
	if (left <= 0 || cnt <= 0)
		return -EBUSY;
	n = min(left, cnt);
	if (copy_to_user(ubuf, s->buffer + s->readpos, n))
		return -EFAULT;
	s->readpos += n;
	return n;
}
EXPORT_SYMBOL_GPL(trace_seq_to_user);
