// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the probe-event core (trace_probe.c): the argument
 * language every kind of probe event shares.
 *
 *   types	each type's field type and size in the record
 *   errors	each malformed argument gets its error, with the caret
 *		where 6.12 puts it (relative to the argument's start)
 *   names	"[group/]event" and its errors
 *   fetch	a hit's values stored from registers, nested kernel
 *		memory, immediates, $comm, bitfields, arrays, and faults
 *   event fields	an event probe's $FIELD of each kind of field, read
 *		from a record the test builds, and their errors
 *
 * Nothing is registered: the parser and the fetch code run on their
 * own, with a pt_regs the test fills in.
 */
#include <kunit/test.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../trace.h"
#include "../trace_probe.h"

#define KERNEL_ENTRY	(PROBE_F_KERNEL | PROBE_F_ENTRY)

/* Parse @text as argument @i of @pa; returns the parser's result. */
static int parse_one(struct kunit *test, struct probe_parse *pp,
		     struct probe_args *pa, int i, const char *text)
{
	char *tok = kunit_kstrdup(test, text, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, tok);
	return probe_parse_arg(pp, pa, i, tok, 0);
}

/* ---- types ------------------------------------------------------------ */

struct type_case {
	const char	*text;
	const char	*ctype;
	unsigned int	size;
};

static const struct type_case type_cases[] = {
	{ "v=+0(%di):u8", "u8", 1 },
	{ "v=+0(%di):u16", "u16", 2 },
	{ "v=+0(%di):u32", "u32", 4 },
	{ "v=+0(%di):u64", "u64", 8 },
	{ "v=+0(%di):s8", "s8", 1 },
	{ "v=+0(%di):s16", "s16", 2 },
	{ "v=+0(%di):s32", "s32", 4 },
	{ "v=+0(%di):s64", "s64", 8 },
	/* The hex types print in hex but are unsigned fields. */
	{ "v=+0(%di):x8", "u8", 1 },
	{ "v=+0(%di):x16", "u16", 2 },
	{ "v=+0(%di):x32", "u32", 4 },
	{ "v=+0(%di):x64", "u64", 8 },
	{ "v=+0(%di):char", "u8", 1 },
	{ "v=%ax:symbol", "u64", 8 },
	{ "v=+0(%di):string", "__data_loc char[]", 4 },
	{ "v=+0(%di):ustring", "__data_loc char[]", 4 },
	{ "v=+u0(%di):string", "__data_loc char[]", 4 },
	{ "v=%ax:symstr", "__data_loc char[]", 4 },
	{ "v=+0(%di):%pd", "__data_loc char[]", 4 },
	{ "v=+0(%di):%pD", "__data_loc char[]", 4 },
	{ "v=+0(%di):u32[4]", "u32[4]", 16 },
	{ "v=+0(%di):x8[64]", "u8[64]", 64 },
	{ "v=+0(%di):b4@3/32", "u32", 4 },
	{ "v=+0(%di):b1@63/64", "u64", 8 },
	{ "v=%ax", "u64", 8 },
	{ "v=$stack", "u64", 8 },
	{ "v=$stack3:s32", "s32", 4 },
	{ "v=$arg2:u16", "u16", 2 },
	{ "v=\\0x10:u8", "u8", 1 },
	{ "v=$comm", "__data_loc char[]", 4 },
	{ "v=$comm:string", "__data_loc char[]", 4 },
	{ "v=\\\"text\"", "__data_loc char[]", 4 },
	{ "v=@0x1000:u32", "u32", 4 },
	{ "v=+8(+16(+0(%si))):s64", "s64", 8 },
	{ "v=-8(%sp):x32", "u32", 4 },
};

static void probe_test_types(struct kunit *test)
{
	const struct type_case *c;

	for (c = type_cases; c < type_cases + ARRAY_SIZE(type_cases); c++) {
		struct probe_parse pp = { .loc = "kunit", .cmd = c->text,
					  .flags = KERNEL_ENTRY };
		struct probe_args pa = {};

		KUNIT_ASSERT_EQ(test, probe_args_alloc(&pa, 1), 0);
		KUNIT_EXPECT_EQ_MSG(test, parse_one(test, &pp, &pa, 0, c->text),
				    0, "%s", c->text);
		KUNIT_EXPECT_EQ_MSG(test, pp.err, 0, "%s", c->text);
		if (pa.args[0].ctype) {
			KUNIT_EXPECT_STREQ_MSG(test, pa.args[0].ctype,
					       c->ctype, "%s", c->text);
			KUNIT_EXPECT_STREQ(test, pa.args[0].name, "v");
			probe_args_layout(&pa, 8);
			KUNIT_EXPECT_EQ_MSG(test, pa.size,
					    sizeof(struct trace_entry) + 8 +
					    c->size, "%s", c->text);
		}
		probe_args_free(&pa);
	}
}

/* A return probe's $argN are saved at entry: it counts how many. */
static void probe_test_entry_args(struct kunit *test)
{
	struct probe_parse pp = { .loc = "kunit", .flags = PROBE_F_KERNEL |
						      PROBE_F_RETURN };
	struct probe_args pa = {};

	KUNIT_ASSERT_EQ(test, probe_args_alloc(&pa, 3), 0);
	KUNIT_EXPECT_EQ(test, parse_one(test, &pp, &pa, 0, "$retval"), 0);
	KUNIT_EXPECT_EQ(test, parse_one(test, &pp, &pa, 1, "$arg3"), 0);
	KUNIT_EXPECT_EQ(test, parse_one(test, &pp, &pa, 2, "$arg1:s8"), 0);
	KUNIT_EXPECT_EQ(test, pa.entry_args, 3);
	/* Unnamed arguments are named after their position. */
	KUNIT_EXPECT_STREQ(test, pa.args[0].name, "arg1");
	KUNIT_EXPECT_STREQ(test, pa.args[2].name, "arg3");
	probe_args_free(&pa);
}

/* An event probe's arguments name the fields of this event's record. */
#define EVENT_FIELDS	(PROBE_F_KERNEL | PROBE_F_NOREGS | PROBE_F_EVENT)

static struct trace_event_fields src_fields[] = {
	{ .type = "int", .name = "neg", .offset = 8, .size = 4,
	  .is_signed = 1 },
	{ .type = "unsigned short", .name = "half", .offset = 12, .size = 2 },
	{ .type = "char[8]", .name = "name", .offset = 14, .size = 8,
	  .len = 8 },
	{ .type = "__data_loc char[]", .name = "dl", .offset = 24, .size = 4,
	  .is_signed = 1 },
	{ .type = "__rel_loc char[]", .name = "rl", .offset = 28, .size = 4,
	  .is_signed = 1 },
	{ .type = "const char *", .name = "ptr", .offset = 32, .size = 8 },
	{}
};

static struct trace_event_class src_class = {
	.system		= "kunit",
	.field_array	= src_fields,
};

static struct trace_event_call src_call = {
	.class		= &src_class,
	.name		= "src",
};

/* ---- errors ------------------------------------------------------------ */

struct error_case {
	unsigned int	flags;
	const char	*text;
	enum probe_error err;
	int		pos;
};

#define NEST14 "+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))))"

static const struct error_case error_cases[] = {
	{ KERNEL_ENTRY, "$retval", PE_RETVAL_ON_PROBE, 0 },
	{ KERNEL_ENTRY, "$stack10000", PE_BAD_STACK_NUM, 0 },
	{ KERNEL_ENTRY, "$stackx", PE_BAD_STACK_NUM, 0 },
	{ KERNEL_ENTRY, "$arg10000", PE_BAD_ARG_NUM, 0 },
	{ KERNEL_ENTRY, "$arg0", PE_BAD_ARG_NUM, 0 },
	{ KERNEL_ENTRY, "$none_var", PE_BAD_VAR, 0 },
	{ KERNEL_ENTRY, "%none_reg", PE_BAD_REG_NAME, 0 },
	{ KERNEL_ENTRY, "@12345678abcde", PE_BAD_MEM_ADDR, 0 },
	{ KERNEL_ENTRY, "@no_such_symbol_anywhere", PE_BAD_MEM_ADDR, 0 },
	{ KERNEL_ENTRY, "@+10", PE_FILE_ON_KPROBE, 0 },
	{ KERNEL_ENTRY, "arg1=\\x", PE_BAD_IMM, 6 },
	{ KERNEL_ENTRY, "arg1=\\\"abcd", PE_IMMSTR_NO_CLOSE, 11 },
	{ KERNEL_ENTRY, "+0@0)", PE_DEREF_NEED_BRACE, 0 },
	{ KERNEL_ENTRY, "+0ab1(@0)", PE_BAD_DEREF_OFFS, 0 },
	{ KERNEL_ENTRY, "+0(+0(@0)", PE_DEREF_OPEN_BRACE, 8 },
	{ KERNEL_ENTRY, "+0($comm)", PE_COMM_CANT_DEREF, 3 },
	{ KERNEL_ENTRY, "&1", PE_BAD_FETCH_ARG, 0 },
	{ KERNEL_ENTRY, NEST14, PE_TOO_MANY_OPS, 3 },
	{ KERNEL_ENTRY, "+0(@11):u8[10", PE_ARRAY_NO_CLOSE, 13 },
	{ KERNEL_ENTRY, "+0(@11):u8[10]a", PE_BAD_ARRAY_SUFFIX, 14 },
	{ KERNEL_ENTRY, "+0(@11):u8[10a]", PE_BAD_ARRAY_NUM, 11 },
	{ KERNEL_ENTRY, "+0(@11):u8[0]", PE_BAD_ARRAY_NUM, 11 },
	{ KERNEL_ENTRY, "+0(@11):u8[256]", PE_ARRAY_TOO_BIG, 11 },
	{ KERNEL_ENTRY, "@11:unknown_type", PE_BAD_TYPE, 4 },
	{ KERNEL_ENTRY, "%ax:u8[2]", PE_BAD_TYPE, 4 },
	{ KERNEL_ENTRY, "+0(%ax):string[2]", PE_BAD_TYPE, 8 },
	{ KERNEL_ENTRY, "$stack0:string", PE_BAD_STRING, 8 },
	{ KERNEL_ENTRY, "$comm:symstr", PE_BAD_SYMSTRING, 6 },
	{ KERNEL_ENTRY, "$comm:u32", PE_NEED_STRING_TYPE, 6 },
	{ KERNEL_ENTRY, "@11:b10@a/16", PE_BAD_BITFIELD, 4 },
	{ KERNEL_ENTRY, "@11:b10@8/16", PE_BAD_BITFIELD, 4 },
	{ KERNEL_ENTRY, "@11:b4@0/24", PE_BAD_BITFIELD, 4 },
	{ KERNEL_ENTRY, "arg123456789012345678901234567890=@11",
	  PE_ARG_NAME_TOO_LONG, 0 },
	{ KERNEL_ENTRY, "=@11", PE_NO_ARG_NAME, 0 },
	{ KERNEL_ENTRY, "var.1=@11", PE_BAD_ARG_NAME, 0 },
	{ KERNEL_ENTRY,
	  "+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(@1234))))))",
	  PE_ARG_TOO_LONG, 0 },
	{ KERNEL_ENTRY, "arg1=", PE_NO_ARG_BODY, 5 },
	{ KERNEL_ENTRY, "$arg*", PE_NOSUP_BTFARG, 0 },
	/* C names need BTF, which this core does not read. */
	{ KERNEL_ENTRY, "hoge", PE_NOSUP_BTFARG, 0 },
	{ KERNEL_ENTRY, "x=+0(file)", PE_NOSUP_BTFARG, 5 },
	/* Not at a function's entry or return: no $argN. */
	{ PROBE_F_KERNEL, "$arg1", PE_NOFENTRY_ARGS, 0 },
	/* An event probe: its event's fields, no registers or stack. */
	{ EVENT_FIELDS, "v=$nosuch", PE_BAD_ATTACH_ARG, 2 },
	{ EVENT_FIELDS, "v=$stack", PE_BAD_ATTACH_ARG, 2 },
	{ EVENT_FIELDS, "v=$arg1", PE_BAD_ATTACH_ARG, 2 },
	{ EVENT_FIELDS, "v=$retval", PE_BAD_ATTACH_ARG, 2 },
	{ EVENT_FIELDS, "v=%ax", PE_BAD_VAR, 2 },
	{ EVENT_FIELDS, "v=neg", PE_NOSUP_BTFARG, 2 },
	{ EVENT_FIELDS, "v=$neg:x7", PE_BAD_TYPE, 7 },
	{ EVENT_FIELDS, "v=+0($nosuch):u8", PE_BAD_ATTACH_ARG, 5 },
};

static void probe_test_errors(struct kunit *test)
{
	const struct error_case *c;

	for (c = error_cases; c < error_cases + ARRAY_SIZE(error_cases); c++) {
		struct probe_parse pp = { .loc = "kunit", .cmd = c->text,
					  .flags = c->flags,
					  .event = &src_call };
		struct probe_args pa = {};

		KUNIT_ASSERT_EQ(test, probe_args_alloc(&pa, 1), 0);
		KUNIT_EXPECT_LT_MSG(test, parse_one(test, &pp, &pa, 0, c->text),
				    0, "%s", c->text);
		KUNIT_EXPECT_EQ_MSG(test, pp.err, c->err + 1, "%s", c->text);
		KUNIT_EXPECT_EQ_MSG(test, pp.err_pos, c->pos, "%s", c->text);
		probe_args_free(&pa);
	}
}

/* The second use of a name is refused, with the caret on it. */
static void probe_test_used_name(struct kunit *test)
{
	struct probe_parse pp = { .loc = "kunit", .flags = KERNEL_ENTRY };
	struct probe_args pa = {};
	char *tok = kunit_kstrdup(test, "var1=@12", GFP_KERNEL);

	KUNIT_ASSERT_EQ(test, probe_args_alloc(&pa, 2), 0);
	KUNIT_EXPECT_EQ(test, parse_one(test, &pp, &pa, 0, "var1=@11"), 0);
	KUNIT_EXPECT_EQ(test, probe_parse_arg(&pp, &pa, 1, tok, 9), -EINVAL);
	KUNIT_EXPECT_EQ(test, pp.err, PE_USED_ARG_NAME + 1);
	KUNIT_EXPECT_EQ(test, pp.err_pos, 9);
	probe_args_free(&pa);
}

/* ---- names ------------------------------------------------------------- */

struct name_case {
	const char	*spec;
	const char	*group;
	const char	*event;
	enum probe_error err;	/* -1: accepted */
	int		pos;
};

#define LONG64 "1234567890123456789012345678901234567890123456789012345678901234"

static const struct name_case name_cases[] = {
	{ "ev", "dflt", "ev", -1, 0 },
	{ "grp/ev", "grp", "ev", -1, 0 },
	{ "grp/", "grp", NULL, -1, 0 },
	{ "/bar", NULL, NULL, PE_NO_GROUP_NAME, 0 },
	{ "g" LONG64 "/bar", NULL, NULL, PE_GROUP_TOO_LONG, 0 },
	{ "foo.1/bar", NULL, NULL, PE_BAD_GROUP_NAME, 0 },
	{ "", NULL, NULL, PE_NO_EVENT_NAME, 0 },
	{ "foo/e" LONG64, NULL, NULL, PE_EVENT_TOO_LONG, 4 },
	{ "foo/bar.1", NULL, NULL, PE_BAD_EVENT_NAME, 4 },
	{ "foo/1bar", NULL, NULL, PE_BAD_EVENT_NAME, 4 },
};

static void probe_test_names(struct kunit *test)
{
	const struct name_case *c;

	for (c = name_cases; c < name_cases + ARRAY_SIZE(name_cases); c++) {
		struct probe_parse pp = { .loc = "kunit", .cmd = c->spec };
		char *spec = kunit_kstrdup(test, c->spec, GFP_KERNEL);
		const char *group = "dflt", *event = NULL;
		int ret;

		KUNIT_ASSERT_NOT_NULL(test, spec);
		/* As after "p:": the caret is counted from offset 2. */
		ret = probe_parse_name(&pp, spec, 2, &group, &event);
		if ((int)c->err < 0) {
			KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s", c->spec);
			KUNIT_EXPECT_STREQ(test, group, c->group);
			if (c->event)
				KUNIT_EXPECT_STREQ(test, event, c->event);
			else
				KUNIT_EXPECT_NULL(test, event);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s", c->spec);
		KUNIT_EXPECT_EQ_MSG(test, pp.err, c->err + 1, "%s", c->spec);
		KUNIT_EXPECT_EQ_MSG(test, pp.err_pos, c->pos + 2, "%s", c->spec);
	}
	KUNIT_EXPECT_TRUE(test, probe_good_name("_a1"));
	KUNIT_EXPECT_FALSE(test, probe_good_name("a-b"));
	KUNIT_EXPECT_FALSE(test, probe_good_name("9a"));
}

/* ---- fetching ----------------------------------------------------------- */

struct fetch_data {
	u64	a;
	u32	b;
	s16	c;
	char	s[10];
	struct fetch_data *self;
};

static const char * const fetch_args[] = {
	"a=+0(%di):u64",		/*  0 */
	"b=+8(%di):x32",		/*  1 */
	"c=+12(%di):s16",		/*  2 */
	"s=+14(%di):string",		/*  3 */
	"nb=+8(+24(%di)):u32",		/*  4: through the self pointer */
	"bf=+8(%di):b4@4/32",		/*  5 */
	"arr=+0(%di):u8[4]",		/*  6 */
	"imm=\\42:u8",			/*  7 */
	"str=\\\"hi there\"",		/*  8 */
	"comm=$comm",			/*  9 */
	"bad=+0(%si):u32",		/* 10: NULL: faults */
	"bads=+0(%si):string",		/* 11 */
	"reg=%ax:s8",			/* 12 */
	"neg=-2(%bx):s16",		/* 13: c, before s */
	"sym=%dx:symstr",		/* 14 */
	"arg=$arg1:u64",		/* 15 */
};

static void probe_test_fetch(struct kunit *test)
{
	struct probe_parse pp = { .loc = "kunit", .flags = KERNEL_ENTRY };
	struct fetch_data *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct probe_args pa = {};
	struct pt_regs regs = {};
	unsigned int nargs = ARRAY_SIZE(fetch_args), i;
	char sym[KSYM_SYMBOL_LEN];
	size_t dsize;
	u8 *rec;
	u32 loc;

	KUNIT_ASSERT_NOT_NULL(test, d);
	d->a = 0x1122334455667788ULL;
	d->b = 0xabcd5a7e;
	d->c = -1234;
	strscpy(d->s, "probe", sizeof(d->s));
	d->self = d;
	regs.di = (unsigned long)d;
	regs.si = 0;
	regs.ax = 0x1ff;
	regs.dx = (unsigned long)probe_test_fetch;
	regs.bx = (unsigned long)d->s;

	KUNIT_ASSERT_EQ(test, probe_args_alloc(&pa, nargs), 0);
	for (i = 0; i < nargs; i++)
		KUNIT_ASSERT_EQ_MSG(test,
				    parse_one(test, &pp, &pa, i, fetch_args[i]),
				    0, "%s", fetch_args[i]);
	probe_args_layout(&pa, 8);
	dsize = probe_args_dynamic_size(&pa, &regs, NULL);
	sprint_symbol(sym, regs.dx);
	/* "probe", "hi there", comm, an empty faulting string, the symbol */
	KUNIT_EXPECT_EQ(test, dsize, 6 + 9 + strlen(current->comm) + 1 + 0 +
			strlen(sym) + 1);
	rec = kunit_kzalloc(test, pa.size + dsize, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	probe_args_store(&pa, &regs, NULL, rec, dsize);

#define FIELD(i, type) (*(type *)(rec + pa.args[i].offset))
#define STR(i) ({ loc = FIELD(i, u32); (char *)rec + (loc & 0xffff); })
	KUNIT_EXPECT_EQ(test, FIELD(0, u64), d->a);
	KUNIT_EXPECT_EQ(test, FIELD(1, u32), d->b);
	KUNIT_EXPECT_EQ(test, FIELD(2, s16), -1234);
	KUNIT_EXPECT_STREQ(test, STR(3), "probe");
	KUNIT_EXPECT_EQ(test, loc >> 16, 6);
	KUNIT_EXPECT_EQ(test, FIELD(4, u32), d->b);
	KUNIT_EXPECT_EQ(test, FIELD(5, u32), (d->b >> 4) & 0xf);
	KUNIT_EXPECT_EQ(test, memcmp(rec + pa.args[6].offset, &d->a, 4), 0);
	KUNIT_EXPECT_EQ(test, FIELD(7, u8), 42);
	KUNIT_EXPECT_STREQ(test, STR(8), "hi there");
	KUNIT_EXPECT_STREQ(test, STR(9), current->comm);
	KUNIT_EXPECT_EQ(test, FIELD(10, u32), 0);
	/* A string that faults is empty: the text shows "(fault)". */
	STR(11);
	KUNIT_EXPECT_EQ(test, loc >> 16, 0);
	KUNIT_EXPECT_EQ(test, FIELD(12, s8), -1);
	KUNIT_EXPECT_EQ(test, FIELD(13, s16), -1234);
	KUNIT_EXPECT_STREQ(test, STR(14), sym);
	KUNIT_EXPECT_EQ(test, FIELD(15, u64), (u64)regs.di);
#undef STR
#undef FIELD
	probe_args_free(&pa);
}

/* Two points' arguments: same names and types, or not. */
static void probe_test_same_layout(struct kunit *test)
{
	struct probe_parse pp = { .loc = "kunit", .flags = KERNEL_ENTRY };
	struct probe_args a = {}, b = {}, c = {};
	int diff = -1;

	KUNIT_ASSERT_EQ(test, probe_args_alloc(&a, 2), 0);
	KUNIT_ASSERT_EQ(test, probe_args_alloc(&b, 2), 0);
	KUNIT_ASSERT_EQ(test, probe_args_alloc(&c, 2), 0);
	KUNIT_ASSERT_EQ(test, parse_one(test, &pp, &a, 0, "x=%ax:u32"), 0);
	KUNIT_ASSERT_EQ(test, parse_one(test, &pp, &a, 1, "y=$arg1"), 0);
	KUNIT_ASSERT_EQ(test, parse_one(test, &pp, &b, 0, "x=%bx:u32"), 0);
	KUNIT_ASSERT_EQ(test, parse_one(test, &pp, &b, 1, "y=$arg2"), 0);
	KUNIT_ASSERT_EQ(test, parse_one(test, &pp, &c, 0, "x=%ax:u32"), 0);
	KUNIT_ASSERT_EQ(test, parse_one(test, &pp, &c, 1, "y=$arg1:s64"), 0);
	KUNIT_EXPECT_TRUE(test, probe_args_same_layout(&a, &b, &diff));
	KUNIT_EXPECT_FALSE(test, probe_args_same(&a, &b));
	KUNIT_EXPECT_FALSE(test, probe_args_same_layout(&a, &c, &diff));
	KUNIT_EXPECT_EQ(test, diff, 1);
	probe_args_free(&a);
	probe_args_free(&b);
	probe_args_free(&c);
}

/* ---- event probes: fields of another event's record ------------------- */

static const char * const field_args[] = {
	"a=$neg",			/*  0: x64, sign-extended */
	"b=$neg:s32",			/*  1 */
	"c=$half:u16",			/*  2 */
	"d=$name",			/*  3: text: a string */
	"e=$dl",			/*  4 */
	"f=$rl",			/*  5 */
	"g=$ptr:string",		/*  6: the pointer's string */
	"h=+1($dl):char",		/*  7 */
	"i=$common_pid:s32",		/*  8 */
	"j=$comm",			/*  9 */
	"k=$name:x64",			/* 10: an array's address */
};

static void probe_test_event_fields(struct kunit *test)
{
	struct probe_parse pp = { .loc = "kunit", .cmd = "kunit",
				  .flags = EVENT_FIELDS, .event = &src_call };
	unsigned int nargs = ARRAY_SIZE(field_args), i;
	static const char ptr_text[] = "pointed";
	struct probe_args pa = {};
	u8 src[64] = {}, *rec;
	size_t dsize;
	u32 loc;

	*(int *)(src + 4) = 4321;			/* common_pid */
	*(int *)(src + 8) = -10;
	*(u16 *)(src + 12) = 0xbeef;
	memcpy(src + 14, "abcdefg", 8);
	memcpy(src + 40, "dyn", 4);
	*(u32 *)(src + 24) = 4 << 16 | 40;
	memcpy(src + 48, "rel", 4);
	*(u32 *)(src + 28) = 4 << 16 | (48 - 32);	/* from the word's end */
	*(const char **)(src + 32) = ptr_text;

	KUNIT_ASSERT_EQ(test, probe_args_alloc(&pa, nargs), 0);
	for (i = 0; i < nargs; i++)
		KUNIT_ASSERT_EQ_MSG(test,
				    parse_one(test, &pp, &pa, i, field_args[i]),
				    0, "%s", field_args[i]);
	probe_args_layout(&pa, 0);
	KUNIT_EXPECT_STREQ(test, pa.args[0].ctype, "u64");
	KUNIT_EXPECT_STREQ(test, pa.args[3].ctype, "__data_loc char[]");
	KUNIT_EXPECT_STREQ(test, pa.args[4].ctype, "__data_loc char[]");
	dsize = probe_args_dynamic_size(&pa, NULL, (unsigned long *)src);
	KUNIT_EXPECT_EQ(test, dsize, 8 + 4 + 4 + 8 + strlen(current->comm) + 1);
	rec = kunit_kzalloc(test, pa.size + dsize, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	probe_args_store(&pa, NULL, (unsigned long *)src, rec, dsize);

#define FIELD(i, type) (*(type *)(rec + pa.args[i].offset))
#define STR(i) ({ loc = FIELD(i, u32); (char *)rec + (loc & 0xffff); })
	KUNIT_EXPECT_EQ(test, FIELD(0, u64), (u64)-10LL);
	KUNIT_EXPECT_EQ(test, FIELD(1, s32), -10);
	KUNIT_EXPECT_EQ(test, FIELD(2, u16), 0xbeef);
	KUNIT_EXPECT_STREQ(test, STR(3), "abcdefg");
	KUNIT_EXPECT_STREQ(test, STR(4), "dyn");
	KUNIT_EXPECT_STREQ(test, STR(5), "rel");
	KUNIT_EXPECT_STREQ(test, STR(6), "pointed");
	KUNIT_EXPECT_EQ(test, FIELD(7, u8), 'y');
	KUNIT_EXPECT_EQ(test, FIELD(8, s32), 4321);
	KUNIT_EXPECT_STREQ(test, STR(9), current->comm);
	KUNIT_EXPECT_EQ(test, FIELD(10, u64), (u64)(unsigned long)(src + 14));
#undef STR
#undef FIELD
	probe_args_free(&pa);
}

static struct kunit_case probe_test_cases[] = {
	KUNIT_CASE(probe_test_types),
	KUNIT_CASE(probe_test_entry_args),
	KUNIT_CASE(probe_test_errors),
	KUNIT_CASE(probe_test_used_name),
	KUNIT_CASE(probe_test_names),
	KUNIT_CASE(probe_test_fetch),
	KUNIT_CASE(probe_test_same_layout),
	KUNIT_CASE(probe_test_event_fields),
	{}
};

static struct kunit_suite probe_test_suite = {
	.name = "trace_probe",
	.test_cases = probe_test_cases,
};
kunit_test_suite(probe_test_suite);

MODULE_DESCRIPTION("KUnit tests of the probe-event argument language");
MODULE_LICENSE("GPL");
