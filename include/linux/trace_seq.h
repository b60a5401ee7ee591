/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_seq: the text buffer that one trace record is formatted into.
 *
 * Output callbacks append to it with the trace_seq_*() functions; the
 * tracing core copies the result to the reader.  Appending never fails
 * loudly: when the text does not fit, the buffer keeps what it had and
 * remembers the overflow, which trace_seq_has_overflowed() reports.
 */
#ifndef _LINUX_TRACE_SEQ_H
#define _LINUX_TRACE_SEQ_H

#include <linux/seq_buf.h>
#include <linux/types.h>

#include <asm/page.h>

struct seq_file;
struct path;

/* Two pages in all, of which the bookkeeping takes the tail. */
#define TRACE_SEQ_BUFFER_SIZE	(PAGE_SIZE * 2 - \
	(sizeof(struct seq_buf) + sizeof(size_t) + sizeof(int)))

/**
 * struct trace_seq - a bounded text buffer
 * @buffer: the text, not NUL-terminated
 * @seq: the write position and bound within @buffer
 * @readpos: how much of @buffer has been copied out to a reader
 * @full: set once an append did not fit
 */
struct trace_seq {
	char			buffer[TRACE_SEQ_BUFFER_SIZE];
	struct seq_buf		seq;
	size_t			readpos;
	int			full;
};

/**
 * trace_seq_init() - empty a trace_seq and make it ready for appending
 * @s: the buffer
 */
static inline void trace_seq_init(struct trace_seq *s)
{
	seq_buf_init(&s->seq, s->buffer, TRACE_SEQ_BUFFER_SIZE);
	s->readpos = 0;
	s->full = 0;
}

/**
 * trace_seq_used() - how many bytes of text the buffer holds
 * @s: the buffer
 *
 * Return: the length of the text, never more than the buffer's size.
 */
static inline int trace_seq_used(struct trace_seq *s)
{
	return seq_buf_used(&s->seq);
}

/**
 * trace_seq_buffer_ptr() - where the next append will write
 * @s: the buffer
 *
 * For output helpers that format in place and return a pointer to their
 * text (a NUL is appended after it by the caller).
 *
 * Return: a pointer just past the current text.
 */
static inline char *trace_seq_buffer_ptr(struct trace_seq *s)
{
	return s->buffer + seq_buf_used(&s->seq);
}

/**
 * trace_seq_has_overflowed() - whether an append did not fit
 * @s: the buffer
 *
 * Return: true once some text was dropped for lack of space.
 */
static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full || seq_buf_has_overflowed(&s->seq);
}

#ifdef CONFIG_TRACING
__printf(2, 3)
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...);
__printf(2, 0)
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args);
__printf(2, 0)
void trace_seq_bprintf(struct trace_seq *s, const char *fmt,
		       const u32 *binary);
int trace_print_seq(struct seq_file *m, struct trace_seq *s);
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt);
void trace_seq_puts(struct trace_seq *s, const char *str);
void trace_seq_putc(struct trace_seq *s, unsigned char c);
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len);
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len);
int trace_seq_path(struct trace_seq *s, const struct path *path);
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits);
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii);
char *trace_seq_acquire(struct trace_seq *s, unsigned int len);
#else
/* Without the tracing core nothing is ever formatted for a reader. */
static inline __printf(2, 3)
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
}

static inline __printf(2, 0)
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
}

static inline __printf(2, 0)
void trace_seq_bprintf(struct trace_seq *s, const char *fmt,
		       const u32 *binary)
{
}

static inline int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	return 0;
}

static inline int trace_seq_to_user(struct trace_seq *s, char __user *ubuf,
				    int cnt)
{
	return 0;
}

static inline void trace_seq_puts(struct trace_seq *s, const char *str)
{
}

static inline void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
}

static inline void trace_seq_putmem(struct trace_seq *s, const void *mem,
				    unsigned int len)
{
}

static inline void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
					unsigned int len)
{
}

static inline int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	return 0;
}

static inline void trace_seq_bitmask(struct trace_seq *s,
				     const unsigned long *maskp, int nmaskbits)
{
}

static inline int trace_seq_hex_dump(struct trace_seq *s,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	return 0;
}

static inline char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	return NULL;
}
#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_SEQ_H */
