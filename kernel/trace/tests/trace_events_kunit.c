// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the TRACE_EVENT machinery (<trace/trace_events.h>):
 * the record layout against the field table behind the format file,
 * the print formats, records written by the probes (fixed fields,
 * strings, arrays, bitmasks, __rel_ fields) and the text they print as.
 *
 * The probes write into a ring buffer of the test's own, through a
 * trace_event_file that points at it, so the tests neither need nor
 * disturb the global trace buffer.
 */
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../trace.h"

#define CREATE_TRACE_POINTS
#include "tev_kunit_events.h"

struct tev_ctx {
	struct trace_array	tr;
	struct trace_event_file	file;
	struct trace_iterator	*iter;
};

static int tev_init(struct kunit *test)
{
	struct tev_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->tr.buffer = ring_buffer_alloc(16384, 0);
	KUNIT_ASSERT_NOT_NULL(test, ctx->tr.buffer);
	ctx->tr.trace_flags = TRACE_ITER(CONTEXT_INFO);
	ctx->iter = kunit_kzalloc(test, sizeof(*ctx->iter), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->iter);
	ctx->iter->tr = &ctx->tr;
	test->priv = ctx;
	return 0;
}

static void tev_exit(struct kunit *test)
{
	struct tev_ctx *ctx = test->priv;

	ring_buffer_free(ctx->tr.buffer);
}

/* Attach @call's probe, writing into the test's buffer. */
static void tev_attach(struct kunit *test, struct trace_event_call *call)
{
	struct tev_ctx *ctx = test->priv;

	ctx->file.call = call;
	ctx->file.tr = &ctx->tr;
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register(call->tp,
			call->class->probe, &ctx->file), 0);
}

static void tev_detach(struct kunit *test, struct trace_event_call *call)
{
	struct tev_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(call->tp,
			call->class->probe, &ctx->file), 0);
	tracepoint_synchronize_unregister();
}

/* Take the next record from CPU @cpu's... any CPU; NULL if none. */
static void *tev_next(struct kunit *test, int *len)
{
	struct tev_ctx *ctx = test->priv;
	struct ring_buffer_event *event;
	int cpu;

	for_each_possible_cpu(cpu) {
		event = ring_buffer_consume(ctx->tr.buffer, cpu, NULL, NULL);
		if (event) {
			*len = ring_buffer_event_length(event);
			return ring_buffer_event_data(event);
		}
	}
	return NULL;
}

/* The text an event's print function makes of @entry. */
static const char *tev_print(struct kunit *test, struct trace_event_call *call,
			     void *entry, int len)
{
	struct tev_ctx *ctx = test->priv;
	struct trace_iterator *iter = ctx->iter;
	char *text;

	trace_seq_init(&iter->seq);
	iter->ent = entry;
	iter->ent_size = len;
	KUNIT_EXPECT_EQ(test, call->event.funcs->trace(iter, 0, &call->event),
			TRACE_TYPE_HANDLED);
	text = kunit_kzalloc(test, trace_seq_used(&iter->seq) + 1, GFP_KERNEL);
	memcpy(text, iter->seq.buffer, trace_seq_used(&iter->seq));
	return text;
}

static const struct trace_event_fields *
tev_field(struct trace_event_call *call, const char *name)
{
	const struct trace_event_fields *f;

	for (f = call->class->fields(); f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

#define EXPECT_FIELD(test, call, rec, _name, _type, _signed, _len)	\
	do {								\
		const struct trace_event_fields *f =			\
			tev_field(call, #_name);			\
									\
		KUNIT_ASSERT_NOT_NULL(test, f);				\
		KUNIT_EXPECT_STREQ(test, f->type, _type);		\
		KUNIT_EXPECT_EQ(test, f->offset,			\
				(int)offsetof(rec, _name));		\
		KUNIT_EXPECT_EQ(test, f->size,				\
				(int)sizeof(((rec *)0)->_name));	\
		KUNIT_EXPECT_EQ(test, f->is_signed, _signed);		\
		KUNIT_EXPECT_EQ(test, f->len, _len);			\
	} while (0)

/* The field table matches the record the compiler laid out. */
static void tev_test_layout(struct kunit *test)
{
	struct trace_event_call *fixed = &event_tev_fixed;
	struct trace_event_call *dyn = &event_tev_dynamic;
	const struct trace_event_fields *f;
	int n = 0;

	EXPECT_FIELD(test, fixed, struct trace_event_raw_tev_fixed, c, "char",
		     is_signed_type(char), 0);
	EXPECT_FIELD(test, fixed, struct trace_event_raw_tev_fixed, s, "short",
		     1, 0);
	EXPECT_FIELD(test, fixed, struct trace_event_raw_tev_fixed, l, "long",
		     1, 0);
	EXPECT_FIELD(test, fixed, struct trace_event_raw_tev_fixed, u, "u64",
		     0, 0);
	EXPECT_FIELD(test, fixed, struct trace_event_raw_tev_fixed, bytes,
		     "u8[6]", 0, 6);
	EXPECT_FIELD(test, fixed, struct trace_event_raw_tev_fixed, flags,
		     "unsigned long", 0, 0);
	for (f = fixed->class->fields(); f->name; f++)
		n++;
	KUNIT_EXPECT_EQ(test, n, 8);
	KUNIT_EXPECT_EQ(test, fixed->class->size,
			(int)sizeof(struct trace_event_raw_tev_fixed));

	/* Variable-length fields are a 4-byte location word in the record. */
	f = tev_field(dyn, "name");
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_STREQ(test, f->type, "__data_loc char[]");
	KUNIT_EXPECT_EQ(test, f->size, 4);
	KUNIT_EXPECT_EQ(test, f->offset,
			(int)offsetof(struct trace_event_raw_tev_dynamic,
				      __data_loc_name));
	f = tev_field(dyn, "vals");
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_STREQ(test, f->type, "__data_loc u32[]");
	f = tev_field(dyn, "mask");
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_STREQ(test, f->type, "__data_loc unsigned long[]");
	f = tev_field(dyn, "rname");
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_STREQ(test, f->type, "__rel_loc char[]");
	KUNIT_EXPECT_EQ(test, f->offset,
			(int)offsetof(struct trace_event_raw_tev_dynamic,
				      __rel_loc_rname));
}

/* The print formats as the format files show them. */
static void tev_test_print_fmt(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, event_tev_plain.print_fmt,
			   "\"v=%d\", REC->v");
	KUNIT_EXPECT_STREQ(test, event_tev_odd.print_fmt, "\"v=%d\", REC->v");
	KUNIT_EXPECT_STREQ(test, event_tev_hex.print_fmt,
			   "\"v=0x%x secs=%llu\", REC->v, (unsigned long long)(REC->v * 1000000000ULL) / 1000000000UL");
	KUNIT_EXPECT_STREQ(test, event_tev_dynamic.print_fmt,
			   "\"name=%s part=%s vals=%s mask=%s rname=%s\", __get_str(name), __get_str(part), __print_array(__get_dynamic_array(vals), REC->nr_vals, sizeof(u32)), __get_bitmask(mask), __get_rel_str(rname)");
	/* Enum names have been replaced by their values at registration. */
	KUNIT_EXPECT_NOT_NULL(test, strstr(event_tev_fixed.print_fmt,
					   "{ 1, \"red\" }, { 2, \"green\" }, { 7, \"blue\" }"));
	KUNIT_EXPECT_NULL(test, strstr(event_tev_fixed.print_fmt, "TEV_RED"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(event_tev_fixed.print_fmt,
					   "{ 0x1, \"A\" }, { 0x4, \"B\" }"));
}

static void tev_test_fixed_record(struct kunit *test)
{
	static const u8 bytes[6] = { 0xde, 0xad, 0xbe, 0xef, 0x00, 0x7f };
	struct trace_event_raw_tev_fixed *rec;
	int len;

	tev_attach(test, &event_tev_fixed);
	trace_tev_fixed(-3, -300, 70000, -5, 1ULL << 40, bytes, 0x5, TEV_GREEN);
	tev_detach(test, &event_tev_fixed);

	rec = tev_next(test, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_EXPECT_GE(test, len, (int)sizeof(*rec));
	KUNIT_EXPECT_EQ(test, rec->ent.type, event_tev_fixed.event.type);
	KUNIT_EXPECT_EQ(test, rec->ent.pid, current->pid);
	/* The kernel's char is unsigned: -3 is recorded, and printed, as 253. */
	KUNIT_EXPECT_EQ(test, rec->c, (char)-3);
	KUNIT_EXPECT_EQ(test, rec->s, -300);
	KUNIT_EXPECT_EQ(test, rec->i, 70000);
	KUNIT_EXPECT_EQ(test, rec->l, -5L);
	KUNIT_EXPECT_EQ(test, rec->u, 1ULL << 40);
	KUNIT_EXPECT_EQ(test, memcmp(rec->bytes, bytes, 6), 0);
	KUNIT_EXPECT_STREQ(test, tev_print(test, &event_tev_fixed, rec, len),
			   "tev_fixed: c=253 s=-300 i=70000 l=-5 u=1099511627776 bytes=de ad be ef 00 7f flags=A|B color=green\n");

	/* Unknown bits and values print in hex. */
	tev_attach(test, &event_tev_fixed);
	trace_tev_fixed(0, 0, 0, 0, 0, bytes, 0x13, 5);
	tev_detach(test, &event_tev_fixed);
	rec = tev_next(test, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_EXPECT_NOT_NULL(test, strstr(tev_print(test, &event_tev_fixed,
						     rec, len),
					   "flags=A|0x12 color=0x5"));
	KUNIT_EXPECT_NULL(test, tev_next(test, &len));
}

/* Decode a __data_loc or __rel_loc word of @rec. */
static void *tev_loc(void *rec, void *word, bool rel, int *len)
{
	u32 loc = *(u32 *)word;

	*len = loc >> 16;
	return (rel ? word + 4 : rec) + (loc & 0xffff);
}

static void tev_test_dynamic_record(struct kunit *test)
{
	static const u32 vals[3] = { 1, 0xffffffff, 42 };
	struct trace_event_raw_tev_dynamic *rec;
	DECLARE_BITMAP(mask, 70);
	char *p;
	int len, n;

	bitmap_zero(mask, 70);
	__set_bit(0, mask);
	__set_bit(65, mask);
	tev_attach(test, &event_tev_dynamic);
	trace_tev_dynamic("hello", "partial", 4, vals, 3, mask, 70);
	trace_tev_dynamic(NULL, "", 0, vals, 0, mask, 1);
	tev_detach(test, &event_tev_dynamic);

	rec = tev_next(test, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	p = tev_loc(rec, &rec->__data_loc_name, false, &n);
	KUNIT_EXPECT_EQ(test, n, 6);
	KUNIT_EXPECT_STREQ(test, p, "hello");
	p = tev_loc(rec, &rec->__data_loc_part, false, &n);
	KUNIT_EXPECT_EQ(test, n, 5);
	KUNIT_EXPECT_STREQ(test, p, "part");
	p = tev_loc(rec, &rec->__data_loc_vals, false, &n);
	KUNIT_EXPECT_EQ(test, n, 12);
	KUNIT_EXPECT_EQ(test, memcmp(p, vals, 12), 0);
	p = tev_loc(rec, &rec->__data_loc_mask, false, &n);
	KUNIT_EXPECT_EQ(test, n, (int)(BITS_TO_LONGS(70) * sizeof(long)));
	KUNIT_EXPECT_EQ(test, memcmp(p, mask, n), 0);
	p = tev_loc(rec, &rec->__rel_loc_rname, true, &n);
	KUNIT_EXPECT_STREQ(test, p, "hello");
	/* Everything lies inside the record. */
	KUNIT_EXPECT_LE(test, (int)(p + n - (char *)rec), len);
	KUNIT_EXPECT_STREQ(test, tev_print(test, &event_tev_dynamic, rec, len),
			   "tev_dynamic: name=hello part=part vals={0x1,0xffffffff,0x2a} mask=00000000,00000002,00000000,00000001 rname=hello\n");

	/* A NULL string is recorded as "(null)"; empty arrays are empty. */
	rec = tev_next(test, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	p = tev_loc(rec, &rec->__data_loc_name, false, &n);
	KUNIT_EXPECT_STREQ(test, p, "(null)");
	p = tev_loc(rec, &rec->__data_loc_part, false, &n);
	KUNIT_EXPECT_EQ(test, n, 1);
	KUNIT_EXPECT_STREQ(test, p, "");
	tev_loc(rec, &rec->__data_loc_vals, false, &n);
	KUNIT_EXPECT_EQ(test, n, 0);
	KUNIT_EXPECT_NULL(test, tev_next(test, &len));
}

/* A class's events share its probe; conditions and prints are their own. */
static void tev_test_class(struct kunit *test)
{
	struct trace_event_raw_tev_class *rec;
	int len, i;

	KUNIT_EXPECT_PTR_EQ(test, event_tev_plain.class, event_tev_odd.class);
	KUNIT_EXPECT_PTR_EQ(test, event_tev_plain.class, event_tev_hex.class);
	tev_attach(test, &event_tev_odd);
	for (i = 0; i < 6; i++)
		trace_tev_odd(i);
	tev_detach(test, &event_tev_odd);
	for (i = 1; i < 6; i += 2) {
		rec = tev_next(test, &len);
		KUNIT_ASSERT_NOT_NULL(test, rec);
		KUNIT_EXPECT_EQ(test, rec->v, i);
		KUNIT_EXPECT_EQ(test, rec->ent.type, event_tev_odd.event.type);
	}
	KUNIT_EXPECT_NULL(test, tev_next(test, &len));

	tev_attach(test, &event_tev_hex);
	trace_tev_hex(26);
	tev_detach(test, &event_tev_hex);
	rec = tev_next(test, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_EXPECT_STREQ(test, tev_print(test, &event_tev_hex, rec, len),
			   "tev_hex: v=0x1a secs=26\n");
	KUNIT_EXPECT_NE(test, event_tev_hex.event.type,
			event_tev_plain.event.type);
}

static struct kunit_case tev_cases[] = {
	KUNIT_CASE(tev_test_layout),
	KUNIT_CASE(tev_test_print_fmt),
	KUNIT_CASE(tev_test_fixed_record),
	KUNIT_CASE(tev_test_dynamic_record),
	KUNIT_CASE(tev_test_class),
	{}
};

static struct kunit_suite tev_suite = {
	.name = "trace_events",
	.init = tev_init,
	.exit = tev_exit,
	.test_cases = tev_cases,
};
kunit_test_suite(tev_suite);

MODULE_DESCRIPTION("KUnit tests of the TRACE_EVENT machinery");
MODULE_LICENSE("GPL");
