// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the TRACE_EVENT machinery (<trace/trace_events.h>):
 * the record layout against the field table behind the format file,
 * the print formats, records written by the probes (fixed fields,
 * strings, arrays, bitmasks, __rel_ fields) and the text they print as;
 * soft-disabled events, which record nothing;
 * event filters: what they keep and drop (CPUS{...} sets among them),
 * and the errors they report.
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

/*
 * A soft-disabled event's probe stays attached and writes nothing; the
 * flag flipped back, it records again.
 */
static void tev_test_soft_disabled(struct kunit *test)
{
	static const u8 bytes[6];
	struct tev_ctx *ctx = test->priv;
	struct trace_event_raw_tev_fixed *rec;
	int len;

	tev_attach(test, &event_tev_fixed);
	ctx->file.flags = EVENT_FILE_FL_ENABLED | EVENT_FILE_FL_SOFT_MODE;
	KUNIT_EXPECT_TRUE(test, event_soft_set(&ctx->file, false));
	KUNIT_EXPECT_FALSE(test, event_soft_set(&ctx->file, false));
	trace_tev_fixed(1, 0, 0, 0, 0, bytes, 0, TEV_GREEN);
	KUNIT_EXPECT_TRUE(test, event_soft_set(&ctx->file, true));
	KUNIT_EXPECT_FALSE(test, event_soft_set(&ctx->file, true));
	trace_tev_fixed(2, 0, 0, 0, 0, bytes, 0, TEV_GREEN);
	tev_detach(test, &event_tev_fixed);

	rec = tev_next(test, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_EXPECT_EQ(test, rec->c, (char)2);
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

/* ---- event filters ------------------------------------------------------- */

static const u8 tev_bytes[6] = { 1, 2, 3, 4, 5, 6 };
static const u32 tev_vals[1] = { 7 };
static const unsigned long tev_mask[1] = { 1 };

/* Install @text as the test file's filter; the parse must succeed. */
static struct event_filter *tev_filter_on(struct kunit *test, const char *text)
{
	struct tev_ctx *ctx = test->priv;
	struct event_filter *filter;
	struct filter_error err;

	filter = event_filter_parse(ctx->file.call, text, &err);
	KUNIT_ASSERT_NOT_NULL_MSG(test, filter, "\"%s\": error %d at %d",
				  text, err.type, err.pos);
	KUNIT_EXPECT_STREQ(test, event_filter_text(filter), text);
	rcu_assign_pointer(ctx->file.filter, filter);
	ctx->file.flags |= EVENT_FILE_FL_FILTERED;
	return filter;
}

static void tev_filter_off(struct kunit *test, struct event_filter *filter)
{
	struct tev_ctx *ctx = test->priv;

	ctx->file.flags &= ~EVENT_FILE_FL_FILTERED;
	RCU_INIT_POINTER(ctx->file.filter, NULL);
	event_filter_free(filter);
}

/* How many records the buffer holds; it is emptied. */
static int tev_drain(struct kunit *test)
{
	int len, n = 0;

	while (tev_next(test, &len))
		n++;
	return n;
}

/* Record tev_fixed once under @text: 1 if the record was kept, else 0. */
static int tev_fixed_kept(struct kunit *test, const char *text,
			  unsigned long flags)
{
	struct event_filter *filter;

	tev_attach(test, &event_tev_fixed);
	filter = tev_filter_on(test, text);
	trace_tev_fixed(-3, -300, 70000, -5, 1ULL << 40, tev_bytes, flags,
			TEV_GREEN);
	tev_detach(test, &event_tev_fixed);
	tev_filter_off(test, filter);
	return tev_drain(test);
}

static void tev_test_filter_numbers(struct kunit *test)
{
	static const char * const kept[] = {
		"i == 70000", "i != 7", "s < 0", "s <= -300", "s > -301",
		"c == 253", "l >= -5 && l <= -5", "u == 0x10000000000",
		"u > 1099511627775", "flags & 4", "!(flags & 2)",
		"i == 1 || color == 2", "(i == 1 || i == 70000) && s != 0",
		"!!(i == 70000)", "cpu >= 0", "common_cpu < 4096",
		"common_type > 0", "i==70000&&s<0",
	};
	static const char * const dropped[] = {
		"i != 70000", "s > 0", "u < 1", "flags & 2", "c < 3",
		"i == 1 && color == 2", "!(i == 70000)", "CPU < 0",
		"i == 1 || (s > 0 && c == 253)", "common_pid == 0",
	};
	char text[64];
	int i;

	for (i = 0; i < ARRAY_SIZE(kept); i++)
		KUNIT_EXPECT_EQ_MSG(test, tev_fixed_kept(test, kept[i], 5), 1,
				    "%s", kept[i]);
	for (i = 0; i < ARRAY_SIZE(dropped); i++)
		KUNIT_EXPECT_EQ_MSG(test, tev_fixed_kept(test, dropped[i], 5),
				    0, "%s", dropped[i]);

	snprintf(text, sizeof(text), "common_pid == %d", current->pid);
	KUNIT_EXPECT_EQ(test, tev_fixed_kept(test, text, 5), 1);
	snprintf(text, sizeof(text), "comm == \"%s\"", current->comm);
	KUNIT_EXPECT_EQ(test, tev_fixed_kept(test, text, 5), 1);
	KUNIT_EXPECT_EQ(test, tev_fixed_kept(test, "COMM ~ \"*\"", 5), 1);
	KUNIT_EXPECT_EQ(test, tev_fixed_kept(test, "comm == nobody", 5), 0);
}

/* A function for "<field>.function" to name. */
static noinline int tev_filter_target(int v)
{
	return v + 1;
}

/* "<field>.function" matches any address inside the named function. */
static void tev_test_filter_function(struct kunit *test)
{
	unsigned long inside = (unsigned long)tev_filter_target + 1;
	static const char * const eq = "flags.function == tev_filter_target";
	static const char * const ne = "flags.function != tev_filter_target";
	static const char * const other =
		"flags.function == tev_test_filter_numbers";

	if (!IS_ENABLED(CONFIG_KALLSYMS))
		kunit_skip(test, "no kallsyms");
	KUNIT_EXPECT_EQ(test, tev_fixed_kept(test, eq, inside), 1);
	KUNIT_EXPECT_EQ(test, tev_fixed_kept(test, ne, inside), 0);
	KUNIT_EXPECT_EQ(test, tev_fixed_kept(test, other, inside), 0);
	KUNIT_EXPECT_EQ(test, tev_filter_target(1), 2);
}

static void tev_test_filter_strings(struct kunit *test)
{
	static const char * const kept[] = {
		"name == \"swapper/1\"", "name ~ \"swap*\"", "name ~ '*/[0-9]'",
		"name ~ \"*p*r?1\"", "part == abc", "part ~ a?c",
		"rname ~ '?wapper*'", "name != foo", "rname == swapper/1",
		"name ~ \"[a-t]wapper/[!2]\"", "name ~ *",
	};
	static const char * const dropped[] = {
		"name == swapper", "part == abcd", "part == ab",
		"name ~ \"*/[!0-9]\"", "rname == x", "name ~ \"swap\"",
		"name ~ \"*wapper\"", "name != \"swapper/1\"",
	};
	struct tev_ctx *ctx = test->priv;
	struct event_filter *filter;
	int i, j;

	ctx->file.call = &event_tev_dynamic;
	for (j = 0; j < 2; j++) {
		const char * const *list = j ? dropped : kept;
		int n = j ? ARRAY_SIZE(dropped) : ARRAY_SIZE(kept);

		for (i = 0; i < n; i++) {
			tev_attach(test, &event_tev_dynamic);
			filter = tev_filter_on(test, list[i]);
			trace_tev_dynamic("swapper/1", "abcdef", 3,
					  tev_vals, 1, tev_mask, 8);
			tev_detach(test, &event_tev_dynamic);
			tev_filter_off(test, filter);
			KUNIT_EXPECT_EQ_MSG(test, tev_drain(test), !j, "%s",
					    list[i]);
		}
	}
}

/* Record tev_cpus once under @text: 1 if the record was kept, else 0. */
static int tev_cpus_kept(struct kunit *test, const char *text, int target,
			 const struct cpumask *mask)
{
	struct tev_ctx *ctx = test->priv;
	struct event_filter *filter;

	ctx->file.call = &event_tev_cpus;
	tev_attach(test, &event_tev_cpus);
	filter = tev_filter_on(test, text);
	trace_tev_cpus(target, mask);
	tev_detach(test, &event_tev_cpus);
	tev_filter_off(test, filter);
	return tev_drain(test);
}

/*
 * CPUS{...}: a cpumask field (__data_loc and __rel_loc) shares a CPU
 * with the set (&), is the set (==) or is not (!=); an integer field,
 * or the recording CPU, is in the set, or is its only CPU.
 */
static void tev_test_filter_cpus(struct kunit *test)
{
	static const char * const kept[] = {
		"cpus & CPUS{0}", "cpus & CPUS{0-1}", "cpus == CPUS{0}",
		"cpus != CPUS{1}", "cpus != CPUS{0-1}", "rcpus & CPUS{0,1}",
		"rcpus == CPUS{ 0 }", "target & CPUS{1}", "target & CPUS{0-1}",
		"target == CPUS{1}", "target != CPUS{0}", "target != CPUS{0-1}",
		"common_cpu != CPUS{0-1}", "!(target == CPUS{0-1})",
		"target&CPUS{1}&&cpus&CPUS{0}", "(cpus == CPUS{0})",
	};
	static const char * const dropped[] = {
		"cpus & CPUS{1}", "cpus == CPUS{1}", "cpus == CPUS{0-1}",
		"cpus != CPUS{0}", "rcpus & CPUS{1}", "rcpus != CPUS{0}",
		"target & CPUS{0}", "target == CPUS{0}", "target == CPUS{0-1}",
		"target != CPUS{1}", "CPU == CPUS{0-1}",
	};
	char all[32];
	int i;

	if (nr_cpu_ids < 2)
		kunit_skip(test, "one CPU");
	/* The record: target 1, cpus and rcpus CPU 0 alone. */
	for (i = 0; i < ARRAY_SIZE(kept); i++)
		KUNIT_EXPECT_EQ_MSG(test, tev_cpus_kept(test, kept[i], 1,
							cpumask_of(0)),
				    1, "%s", kept[i]);
	for (i = 0; i < ARRAY_SIZE(dropped); i++)
		KUNIT_EXPECT_EQ_MSG(test, tev_cpus_kept(test, dropped[i], 1,
							cpumask_of(0)),
				    0, "%s", dropped[i]);

	/* Wherever the record is written, its CPU is in the set of all. */
	snprintf(all, sizeof(all), "cpu & CPUS{0-%u}", nr_cpu_ids - 1);
	KUNIT_EXPECT_EQ(test, tev_cpus_kept(test, all, 1, cpumask_of(0)), 1);
	snprintf(all, sizeof(all), "cpus == CPUS{0-%u}", nr_cpu_ids - 1);
	KUNIT_EXPECT_EQ(test, tev_cpus_kept(test, all, 1, cpu_possible_mask),
			cpumask_weight(cpu_possible_mask) == nr_cpu_ids);
	/* No CPU has a negative number or one past the last. */
	KUNIT_EXPECT_EQ(test, tev_cpus_kept(test, "target & CPUS{0-1}", -1,
					    cpumask_of(0)), 0);
	KUNIT_EXPECT_EQ(test, tev_cpus_kept(test, "target != CPUS{1}", -1,
					    cpumask_of(0)), 1);
	KUNIT_EXPECT_EQ(test, tev_cpus_kept(test, "target & CPUS{0-1}",
					    INT_MAX, cpumask_of(0)), 0);
}

/* Bad filters: the error, and where it points. */
static void tev_test_filter_errors(struct kunit *test)
{
	static const struct {
		const char	*call;
		const char	*text;
		int		err;
		int		pos;
	} bad[] = {
		{ "f", "", FILTER_ERR_EMPTY, 0 },
		{ "f", "i ==", FILTER_ERR_MISSING, 4 },
		{ "f", "i == 1 &&", FILTER_ERR_MISSING, 9 },
		{ "f", "i == 1 || !", FILTER_ERR_MISSING, 11 },
		{ "f", "i == 1 && !!", FILTER_ERR_MISSING, 12 },
		{ "f", "nope == 1", FILTER_ERR_FIELD, 5 },
		{ "f", "(i == 1 || x  == 2)", FILTER_ERR_FIELD, 14 },
		{ "f", "i.hex == 1", FILTER_ERR_FIELD, 6 },
		{ "f", "(i == 1", FILTER_ERR_OPEN, 0 },
		{ "f", "((i == 1)", FILTER_ERR_OPEN, 0 },
		{ "f", "i == 1)", FILTER_ERR_CLOSE, 6 },
		{ "f", "i =~ 1", FILTER_ERR_OP, 2 },
		{ "f", "i", FILTER_ERR_MISSING, 1 },
		{ "f", "i ~ 1", FILTER_ERR_FIELD_OP, 2 },
		{ "f", "bytes == 1", FILTER_ERR_FIELD_OP, 6 },
		{ "f", "i == 12x", FILTER_ERR_INT, 5 },
		{ "f", "u == -1", FILTER_ERR_INT, 5 },
		{ "f", "i == 1 i == 2", FILTER_ERR_EXPECT, 7 },
		{ "f", "i == 1 & i == 2", FILTER_ERR_EXPECT, 7 },
		{ "f", "i.function == 1", FILTER_ERR_FIELD_OP, 11 },
		{ "f", "l.function < 1", FILTER_ERR_FIELD_OP, 11 },
		{ "f", "(((((((((((((((((i == 1)))))))))))))))))",
		  FILTER_ERR_DEPTH, 16 },
		{ "d", "name == 'abc", FILTER_ERR_QUOTE, 8 },
		{ "d", "name ~ \"[a\"", FILTER_ERR_GLOB, 7 },
		{ "d", "name ~ []", FILTER_ERR_GLOB, 7 },
		{ "d", "name < abc", FILTER_ERR_FIELD_OP, 5 },
		{ "d", "vals == 1", FILTER_ERR_FIELD_OP, 5 },
		{ "d", "name == CPUS{0}", FILTER_ERR_FIELD_OP, 5 },
		{ "f", "i & CPUS", FILTER_ERR_BRACE_OPEN, 8 },
		{ "f", "i & CPUS 0", FILTER_ERR_BRACE_OPEN, 8 },
		{ "f", "i & CPUS{0", FILTER_ERR_BRACE_CLOSE, 10 },
		{ "f", "i & CPUS{}", FILTER_ERR_CPULIST, 9 },
		{ "f", "i & CPUS{x}", FILTER_ERR_CPULIST, 9 },
		{ "f", "i & CPUS{1-0}", FILTER_ERR_CPULIST, 9 },
		{ "f", "i & CPUS{100000}", FILTER_ERR_CPULIST, 9 },
		{ "f", "i < CPUS{0}", FILTER_ERR_FIELD_OP, 2 },
		{ "f", "i ~ CPUS{0}", FILTER_ERR_FIELD_OP, 2 },
		{ "f", "l.function == CPUS{0}", FILTER_ERR_FIELD_OP, 11 },
		{ "f", "i & CPUS{0} x", FILTER_ERR_EXPECT, 12 },
		{ "c", "cpus == 1", FILTER_ERR_FIELD_OP, 5 },
		{ "c", "cpus > CPUS{0}", FILTER_ERR_FIELD_OP, 5 },
		{ "c", "rcpus ~ CPUS{0}", FILTER_ERR_FIELD_OP, 6 },
	};
	struct trace_event_call *call;
	struct filter_error err;
	int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct event_filter *f;

		call = bad[i].call[0] == 'f' ? &event_tev_fixed :
		       bad[i].call[0] == 'c' ? &event_tev_cpus :
					       &event_tev_dynamic;
		f = event_filter_parse(call, bad[i].text, &err);
		KUNIT_EXPECT_NULL_MSG(test, f, "%s", bad[i].text);
		KUNIT_EXPECT_EQ_MSG(test, err.type, bad[i].err, "%s",
				    bad[i].text);
		KUNIT_EXPECT_EQ_MSG(test, err.pos, bad[i].pos, "%s",
				    bad[i].text);
	}
}

static struct kunit_case tev_cases[] = {
	KUNIT_CASE(tev_test_layout),
	KUNIT_CASE(tev_test_print_fmt),
	KUNIT_CASE(tev_test_fixed_record),
	KUNIT_CASE(tev_test_soft_disabled),
	KUNIT_CASE(tev_test_dynamic_record),
	KUNIT_CASE(tev_test_class),
	KUNIT_CASE(tev_test_filter_numbers),
	KUNIT_CASE(tev_test_filter_function),
	KUNIT_CASE(tev_test_filter_strings),
	KUNIT_CASE(tev_test_filter_cpus),
	KUNIT_CASE(tev_test_filter_errors),
	{}
};

static struct kunit_suite tev_suite = {
	.name = "trace_events",
	.init = tev_init,
	.exit = tev_exit,
	.test_cases = tev_cases,
};

#if IS_BUILTIN(CONFIG_TRACE_EVENTS_KUNIT_TEST)
/*
 * Memory on demand: a session's buffer has its smallest size until its
 * first use grows it to trace_expanded_size() per CPU.  Each case takes
 * an instance of its own back to that first state, then uses it.
 */
static bool tbx_size_is(struct trace_array *tr, bool full)
{
	unsigned long want = trace_expanded_size();
	int cpu;

	for_each_tracing_cpu(cpu) {
		unsigned long size = ring_buffer_size(tr->buffer, cpu);

		/* 0: a CPU that has not been up has no buffer yet. */
		if (size && (size >= want) != full)
			return false;
	}
	return true;
}

static int tbx_init(struct kunit *test)
{
	struct trace_array *tr = trace_array_get_by_name("kunit_expand", NULL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, tr);
	test->priv = tr;
	mutex_lock(&trace_types_lock);
	ret = trace_resize_locked(tr, 0, RING_BUFFER_ALL_CPUS);
	tr->buffer_expanded = false;
	mutex_unlock(&trace_types_lock);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_TRUE(test, tbx_size_is(tr, false));
	return 0;
}

static void tbx_exit(struct kunit *test)
{
	struct trace_array *tr = test->priv;

	trace_array_put(tr);
	trace_array_destroy(tr);
}

/* Enabling an event grows the buffer first; disabling keeps the size. */
static void tbx_test_event(struct kunit *test)
{
	struct trace_array *tr = test->priv;

	KUNIT_ASSERT_EQ(test, trace_array_set_clr_event(tr, "tev_kunit",
							"tev_fixed", true), 0);
	KUNIT_EXPECT_TRUE(test, tr->buffer_expanded);
	KUNIT_EXPECT_TRUE(test, tbx_size_is(tr, true));
	KUNIT_EXPECT_EQ(test, trace_array_set_clr_event(tr, "tev_kunit",
							"tev_fixed", false), 0);
	KUNIT_EXPECT_TRUE(test, tbx_size_is(tr, true));
}

/* So does setting a tracer, even nop, and allocating the snapshot. */
static void tbx_test_tracer_snapshot(struct kunit *test)
{
	struct trace_array *tr = test->priv;
	int ret;

	KUNIT_ASSERT_EQ(test, tracing_set_tracer(tr, "nop"), 0);
	KUNIT_EXPECT_TRUE(test, tbx_size_is(tr, true));
	if (!IS_ENABLED(CONFIG_TRACER_SNAPSHOT))
		return;
	tbx_exit(test);
	tbx_init(test);
	tr = test->priv;
	mutex_lock(&trace_types_lock);
	ret = trace_snapshot_alloc(tr);
	mutex_unlock(&trace_types_lock);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_TRUE(test, tbx_size_is(tr, true));
}

/* A size the user sets is kept: first use does not grow it. */
static void tbx_test_user_size(struct kunit *test)
{
	struct trace_array *tr = test->priv;
	int ret;

	mutex_lock(&trace_types_lock);
	ret = trace_resize_locked(tr, 8192, RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_TRUE(test, tr->buffer_expanded);
	KUNIT_ASSERT_EQ(test, tracing_set_tracer(tr, "nop"), 0);
	KUNIT_EXPECT_TRUE(test, tbx_size_is(tr, false));
}

static struct kunit_case tbx_cases[] = {
	KUNIT_CASE(tbx_test_event),
	KUNIT_CASE(tbx_test_tracer_snapshot),
	KUNIT_CASE(tbx_test_user_size),
	{}
};

static struct kunit_suite tbx_suite = {
	.name = "trace_buffer_expand",
	.init = tbx_init,
	.exit = tbx_exit,
	.test_cases = tbx_cases,
};
kunit_test_suites(&tev_suite, &tbx_suite);
#else
kunit_test_suite(tev_suite);
#endif

MODULE_DESCRIPTION("KUnit tests of the TRACE_EVENT machinery");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
