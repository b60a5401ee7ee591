// SPDX-License-Identifier: GPL-2.0
/*
 * Event filters: the expressions written to events/<system>/<event>/filter.
 *
 *   expression  := conjunction { "||" conjunction }
 *   conjunction := term { "&&" term }
 *   term        := "!" term | "(" expression ")" | comparison
 *   comparison  := field operator value
 *
 * A numeric field compares with ==, !=, <, <=, >, >= or & (any bit in
 * common); a string field with ==, != or ~ (a glob: * ? [...]); a
 * "<field>.function" compares a code address with the function a name
 * or an address falls in (== and != only).  "CPUS{<cpulist>}" is a set
 * of CPUs, for an integer field holding a CPU number or a cpumask field:
 * & is true when they have a CPU in common, == when they are the same
 * set (a number is the set of one CPU), != when they are not.
 *
 * Besides the event's own fields, "cpu" (or "CPU", "common_cpu") is the
 * CPU the event was recorded on and "comm" (or "COMM", "common_comm") the
 * current task's name, unless the event has a field of that name
 * (sched_waking's comm), which comes first, as in 6.12.
 *
 * A filter is parsed once into a tree: "&&" and "||" nodes hold a list
 * of children, "!" one, and the leaves are predicates that know the
 * field's offset, size and kind.  Nesting is limited, so evaluating the
 * tree recursively in the event's probe uses a bounded stack.
 */
#include <linux/ctype.h>
#include <kunit/visibility.h>
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace_events_internal.h"

#define FILTER_MAX_DEPTH	16
#define FILTER_MAX_PREDS	256
#define FILTER_MAX_OPERAND	256

/* The error texts, indexed by enum filter_err; error_log shows them. */
static const char * const filter_errs[] = {
	[FILTER_ERR_OP]		= "Unknown operator",
	[FILTER_ERR_OPEN]	= "Missing ')'",
	[FILTER_ERR_CLOSE]	= "')' without '('",
	[FILTER_ERR_QUOTE]	= "Missing closing quote",
	[FILTER_ERR_LONG]	= "Operand too long",
	[FILTER_ERR_FIELD_OP]	= "Operator not allowed for this field type",
	[FILTER_ERR_FIELD]	= "Field not found",
	[FILTER_ERR_INT]	= "Invalid integer value",
	[FILTER_ERR_MISSING]	= "Missing field name or value",
	[FILTER_ERR_DEPTH]	= "Too many nested '(' or '!'",
	[FILTER_ERR_PREDS]	= "Too many terms",
	[FILTER_ERR_EXPECT]	= "Expected '&&' or '||'",
	[FILTER_ERR_FUNC]	= "Function not found",
	[FILTER_ERR_NOMEM]	= "Out of memory",
	[FILTER_ERR_SYSTEM]	= "No event of the system has these fields",
	[FILTER_ERR_EMPTY]	= "Empty filter (write 0 to remove one)",
	[FILTER_ERR_GLOB]	= "Unclosed or empty '[' in glob",
	[FILTER_ERR_BRACE_OPEN]	= "Missing '{'",
	[FILTER_ERR_BRACE_CLOSE] = "Missing '}'",
	[FILTER_ERR_CPULIST]	= "Invalid cpulist",
};

/**
 * event_filter_log_error() - add a filter's parse error to error_log
 * @tr: the session whose filter file was written
 * @text: the filter as written
 * @err: what event_filter_parse() reported
 */
void event_filter_log_error(struct trace_array *tr, const char *text,
			    const struct filter_error *err)
{
	tracing_log_err(tr, "event filter parse error", text, filter_errs,
			err->type, err->pos);
}

enum node_kind { NODE_AND, NODE_OR, NODE_NOT, NODE_PRED };

enum pred_op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_BAND, OP_GLOB };

/* Where a predicate finds its operand. */
enum pred_kind {
	PRED_NUM,		/* a 1, 2, 4 or 8 byte integer field */
	PRED_FUNC,		/* an address within [val, val2) */
	PRED_CPU,		/* the recording CPU */
	PRED_STR,		/* char[N]: up to N bytes, up to a NUL */
	PRED_DYN_STR,		/* __data_loc char[] */
	PRED_REL_STR,		/* __rel_loc char[] */
	PRED_PTR_STR,		/* char *: a kernel address */
	PRED_TAIL_STR,		/* char[] ending the record (ftrace/print) */
	PRED_COMM,		/* the current task's name */
	PRED_NUM_CPUS,		/* PRED_NUM against CPUS{...} */
	PRED_CPU_CPUS,		/* PRED_CPU against CPUS{...} */
	PRED_DYN_CPUS,		/* __data_loc cpumask_t against CPUS{...} */
	PRED_REL_CPUS,		/* __rel_loc cpumask_t against CPUS{...} */
};

/*
 * One comparison.  @val is the number compared with, the start of a
 * function, or how many CPUs @mask holds; @val2 the end of a function.
 */
struct filter_pred {
	u8		kind;
	u8		op;
	u8		size;
	bool		is_signed;
	u16		offset;
	u64		val;
	u64		val2;
	char		*str;
	size_t		len;
	struct cpumask	*mask;
};

struct filter_node {
	enum node_kind		kind;
	struct filter_node	*kid;	/* first child of AND, OR, NOT */
	struct filter_node	*next;	/* next child of the same parent */
	struct filter_pred	pred;
};

/**
 * struct event_filter - a parsed filter
 * @root: the expression
 * @text: the expression as written, for the filter file
 */
struct event_filter {
	struct filter_node	*root;
	char			*text;
};

/* ---- evaluation ---------------------------------------------------------- */

/* One glob bracket at @pat ("[abc]", "[a-z]", "[!x]"); @pat past it. */
static bool class_match(const char **pat, char c)
{
	const char *p = *pat + 1;
	bool neg = *p == '!', hit = false;

	if (neg)
		p++;
	do {
		char lo = *p, hi = lo;

		if (p[1] == '-' && p[2] && p[2] != ']') {
			hi = p[2];
			p += 2;
		}
		if (c >= lo && c <= hi)
			hit = true;
		p++;
	} while (*p && *p != ']');
	*pat = *p ? p + 1 : p;
	return hit != neg;
}

/*
 * Glob @pat against the @len bytes at @s (not NUL-terminated).  A '*'
 * remembers where it was; a mismatch later retries from there one byte
 * further, which is enough for globs (no backtracking beyond the last
 * star is ever needed).
 */
static bool glob_len(const char *pat, const char *s, size_t len)
{
	const char *star = NULL;
	size_t i = 0, star_i = 0;

	while (i < len) {
		const char *p = pat;

		if (*p == '*') {
			star = ++pat;
			star_i = i;
			continue;
		}
		if (*p == '[' ? class_match(&p, s[i]) :
				(*p && (*p == '?' || *p == s[i]))) {
			/* class_match() moved p past the class. */
			pat = *pat == '[' ? p : p + 1;
			i++;
			continue;
		}
		if (!star)
			return false;
		pat = star;
		i = ++star_i;
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

static bool str_match(const struct filter_pred *pred, const char *s,
		      size_t max)
{
	size_t len = strnlen(s, max);
	bool eq;

	if (pred->op == OP_GLOB)
		return glob_len(pred->str, s, len);
	eq = len == pred->len && !memcmp(s, pred->str, len);
	return pred->op == OP_EQ ? eq : !eq;
}

/* A char * field points at a kernel string: read it without faulting. */
static noinline bool ptr_str_match(const struct filter_pred *pred,
				   const void *rec)
{
	char buf[FILTER_MAX_OPERAND];
	const char *p = *(const char * const *)(rec + pred->offset);
	long n;

	if (!p)
		return pred->op == OP_NE;
	n = strncpy_from_kernel_nofault(buf, p, sizeof(buf));
	if (n < 0)
		return false;
	return str_match(pred, buf, n);
}

static bool num_match(const struct filter_pred *pred, u64 v)
{
	s64 sv = v, sval = pred->val;

	switch (pred->op) {
	case OP_EQ:
		return v == pred->val;
	case OP_NE:
		return v != pred->val;
	case OP_BAND:
		return v & pred->val;
	case OP_LT:
		return pred->is_signed ? sv < sval : v < pred->val;
	case OP_LE:
		return pred->is_signed ? sv <= sval : v <= pred->val;
	case OP_GT:
		return pred->is_signed ? sv > sval : v > pred->val;
	case OP_GE:
		return pred->is_signed ? sv >= sval : v >= pred->val;
	}
	return false;
}

/* The CPU numbered @v against CPUS{...}: in it, or it alone. */
static bool cpu_match(const struct filter_pred *pred, u64 v)
{
	bool in = v < nr_cpumask_bits && test_bit(v, cpumask_bits(pred->mask));

	switch (pred->op) {
	case OP_BAND:
		return in;
	case OP_EQ:
		return in && pred->val == 1;
	}
	return !(in && pred->val == 1);
}

/*
 * A cpumask field, @bytes long at @bits, against CPUS{...}.  Only whole
 * words of the record are read; CPUs the record has no room for are in
 * no set it holds.
 */
static bool mask_match(const struct filter_pred *pred, const void *bits,
		       unsigned int bytes)
{
	unsigned int n = min_t(unsigned int, nr_cpumask_bits,
			       bytes / sizeof(long) * BITS_PER_LONG);
	const unsigned long *mask = cpumask_bits(pred->mask);
	bool eq;

	if (pred->op == OP_BAND)
		return n && bitmap_intersects(bits, mask, n);
	eq = (!n || bitmap_equal(bits, mask, n)) &&
	     find_next_bit(mask, nr_cpumask_bits, n) >= nr_cpumask_bits;
	return pred->op == OP_EQ ? eq : !eq;
}

static u64 field_value(const struct filter_pred *pred, const void *rec)
{
	const void *p = rec + pred->offset;

	switch (pred->size) {
	case 1:
		return pred->is_signed ? (u64)*(s8 *)p : *(u8 *)p;
	case 2:
		return pred->is_signed ? (u64)*(s16 *)p : *(u16 *)p;
	case 4:
		return pred->is_signed ? (u64)*(s32 *)p : *(u32 *)p;
	}
	return *(u64 *)p;
}

/*
 * The data of a variable-length field and its length: a __data_loc
 * field's offset counts from the record's start, a __rel_loc field's
 * from the end of the field itself.
 */
static const void *loc_data(const struct filter_pred *pred, const void *rec,
			    unsigned int *len)
{
	u32 loc = *(u32 *)(rec + pred->offset);

	*len = loc >> 16;
	if (pred->kind == PRED_REL_STR || pred->kind == PRED_REL_CPUS)
		return rec + pred->offset + sizeof(u32) + (loc & 0xffff);
	return rec + (loc & 0xffff);
}

static bool pred_match(const struct filter_pred *pred, const void *rec)
{
	unsigned int len;
	const void *p;
	u64 v;

	switch (pred->kind) {
	case PRED_NUM:
		return num_match(pred, field_value(pred, rec));
	case PRED_CPU:
		return num_match(pred, raw_smp_processor_id());
	case PRED_FUNC:
		v = field_value(pred, rec);
		return (v >= pred->val && v < pred->val2) == (pred->op == OP_EQ);
	case PRED_STR:
		return str_match(pred, rec + pred->offset, pred->size);
	case PRED_DYN_STR:
	case PRED_REL_STR:
		p = loc_data(pred, rec, &len);
		return str_match(pred, p, len);
	case PRED_PTR_STR:
		return ptr_str_match(pred, rec);
	case PRED_TAIL_STR:
		/* Its writer ends it with a NUL; longer than any operand. */
		return str_match(pred, rec + pred->offset, FILTER_MAX_OPERAND);
	case PRED_COMM:
		return str_match(pred, current->comm, TASK_COMM_LEN);
	case PRED_NUM_CPUS:
		return cpu_match(pred, field_value(pred, rec));
	case PRED_CPU_CPUS:
		return cpu_match(pred, raw_smp_processor_id());
	case PRED_DYN_CPUS:
	case PRED_REL_CPUS:
		p = loc_data(pred, rec, &len);
		return mask_match(pred, p, len);
	}
	return false;
}

static bool node_match(const struct filter_node *n, const void *rec)
{
	const struct filter_node *k;

	switch (n->kind) {
	case NODE_PRED:
		return pred_match(&n->pred, rec);
	case NODE_NOT:
		return !node_match(n->kid, rec);
	case NODE_AND:
		for (k = n->kid; k; k = k->next)
			if (!node_match(k, rec))
				return false;
		return true;
	case NODE_OR:
		for (k = n->kid; k; k = k->next)
			if (node_match(k, rec))
				return true;
		return false;
	}
	return false;
}

/**
 * trace_event_filter_keep() - whether a filtered event's record is kept
 * @file: the event, flagged EVENT_FILE_FL_FILTERED
 * @rec: its record, filled in
 *
 * Context: the event's probe (preemption disabled).
 * Return: true if the record matches the event's filter (or the filter
 * went away meanwhile), false to discard it.
 */
bool trace_event_filter_keep(struct trace_event_file *file, const void *rec)
{
	struct event_filter *filter = rcu_dereference_sched(file->filter);

	return !filter || node_match(filter->root, rec);
}

/**
 * event_filter_match() - whether a record matches a filter
 * @filter: a filter parsed for the record's event
 * @rec: the record
 *
 * Context: any; @filter stays valid meanwhile.
 * Return: true if it matches.
 */
bool event_filter_match(const struct event_filter *filter, const void *rec)
{
	return node_match(filter->root, rec);
}

/**
 * filter_match_preds() - whether a perf tracepoint record passes a filter
 * @filter: the filter set on the perf event (ftrace_profile_set_filter())
 * @rec: the record, laid out as the event's trace record
 *
 * Context: the event's perf probe (preemption disabled); @filter is freed
 * only after an RCU grace period.
 * Return: 1 if it matches, else 0.
 */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	return node_match(filter->root, rec);
}

/* ---- parsing ------------------------------------------------------------- */

struct filter_parser {
	const char			*s;
	int				pos;
	int				depth;
	int				preds;
	struct trace_event_call		*call;
	struct filter_error		*err;
};

static void *parse_fail(struct filter_parser *p, enum filter_err err, int pos)
{
	if (p->err->type == FILTER_ERR_NONE) {
		p->err->type = err;
		p->err->pos = pos;
	}
	return NULL;
}

static void skip_space(struct filter_parser *p)
{
	while (isspace(p->s[p->pos]))
		p->pos++;
}

static void node_free(struct filter_node *n)
{
	while (n) {
		struct filter_node *next = n->next;

		node_free(n->kid);
		kfree(n->pred.str);
		kfree(n->pred.mask);
		kfree(n);
		n = next;
	}
}

static struct filter_node *node_new(struct filter_parser *p,
				    enum node_kind kind)
{
	struct filter_node *n = kzalloc(sizeof(*n), GFP_KERNEL);

	if (!n)
		return parse_fail(p, FILTER_ERR_NOMEM, p->pos);
	n->kind = kind;
	return n;
}

static const struct {
	const char	*text;
	enum pred_op	op;
} filter_ops[] = {
	/* Two-character operators first. */
	{ "==", OP_EQ }, { "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE },
	{ "<", OP_LT }, { ">", OP_GT }, { "&", OP_BAND }, { "~", OP_GLOB },
};

/**
 * event_field_find() - an event's field, by name
 * @call: the event
 * @name: the field's name: a common field's or one of the event's own
 *
 * Return: the field, or NULL if the event has none of that name.
 */
const struct trace_event_fields *
event_field_find(struct trace_event_call *call, const char *name)
{
	const struct trace_event_fields *f;

	for (f = trace_common_fields; f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	for (f = trace_event_call_fields(call); f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

static bool type_ends(const char *type, const char *tail)
{
	size_t n = strlen(type), t = strlen(tail);

	return n >= t && !strcmp(type + n - t, tail);
}

/* The kind of predicate a field makes; PRED_NUM for any integer. */
static int field_kind(const struct trace_event_fields *f)
{
	const char *t = f->type;

	if (!strcmp(t, "__data_loc cpumask_t"))
		return PRED_DYN_CPUS;
	if (!strcmp(t, "__rel_loc cpumask_t"))
		return PRED_REL_CPUS;
	if (str_has_prefix(t, "__data_loc "))
		return type_ends(t, "char[]") ? PRED_DYN_STR : -1;
	if (str_has_prefix(t, "__rel_loc "))
		return type_ends(t, "char[]") ? PRED_REL_STR : -1;
	/* A synthetic event's char[N] says so only by its filter_type. */
	if (f->len || f->filter_type == FILTER_STATIC_STRING)
		return strstr(t, "char[") ? PRED_STR : -1;
	if (!strcmp(t, "char *") || !strcmp(t, "const char *"))
		return PRED_PTR_STR;
	if (!f->size && !strcmp(t, "char[]"))
		return PRED_TAIL_STR;
	if (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8)
		return PRED_NUM;
	return -1;
}

/* Every '[' of a glob closes, with something between. */
static bool glob_valid(const char *pat)
{
	const char *open = strchr(pat, '[');

	while (open) {
		const char *p = open + 1;

		if (*p == '!')
			p++;
		if (!*p || *p == ']' || !strchr(p, ']'))
			return false;
		open = strchr(strchr(p, ']') + 1, '[');
	}
	return true;
}

/*
 * The value after the operator: a quoted string, or a word that ends
 * at a space, a parenthesis or an '&', '|' or '!'.  Returns its length
 * and sets *@start; -1 after an error.
 */
static int parse_operand(struct filter_parser *p, const char **start)
{
	const char *s = p->s;
	int begin = p->pos, len;

	if (s[begin] == '"' || s[begin] == '\'') {
		const char *close = strchr(s + begin + 1, s[begin]);

		if (!close) {
			parse_fail(p, FILTER_ERR_QUOTE, begin);
			return -1;
		}
		*start = s + begin + 1;
		len = close - *start;
		p->pos = close - s + 1;
	} else {
		while (s[p->pos] && !isspace(s[p->pos]) &&
		       !strchr("()&|!", s[p->pos]))
			p->pos++;
		*start = s + begin;
		len = p->pos - begin;
		if (!len) {
			parse_fail(p, FILTER_ERR_MISSING, begin);
			return -1;
		}
	}
	if (len >= FILTER_MAX_OPERAND) {
		parse_fail(p, FILTER_ERR_LONG, begin);
		return -1;
	}
	return len;
}

/* "<field>.function == name|address": the function's address range. */
static int parse_function(struct filter_parser *p, struct filter_pred *pred,
			  const char *val, int at)
{
	unsigned long addr = 0, size, offset;

	if (isdigit(val[0])) {
		if (kstrtoul(val, 0, &addr)) {
			parse_fail(p, FILTER_ERR_INT, at);
			return -EINVAL;
		}
	} else {
		addr = kallsyms_lookup_name(val);
	}
	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &offset)) {
		parse_fail(p, FILTER_ERR_FUNC, at);
		return -EINVAL;
	}
	pred->kind = PRED_FUNC;
	pred->val = addr - offset;
	pred->val2 = pred->val + size;
	return 0;
}

static int parse_number(struct filter_parser *p, struct filter_pred *pred,
			const char *val, int at)
{
	int ret;

	if (pred->is_signed)
		ret = kstrtoll(val, 0, (s64 *)&pred->val);
	else
		ret = kstrtoull(val, 0, &pred->val);
	if (ret) {
		parse_fail(p, FILTER_ERR_INT, at);
		return -EINVAL;
	}
	return 0;
}

/* A cpumask field, which only compares with CPUS{...}. */
static bool mask_kind(int kind)
{
	return kind == PRED_DYN_CPUS || kind == PRED_REL_CPUS;
}

/* A kind of field CPUS{...} compares with: a number, or a cpumask. */
static bool cpus_kind(int kind)
{
	return kind == PRED_NUM || kind == PRED_CPU || mask_kind(kind);
}

/* What a set of CPUs takes: &, == and !=. */
static bool set_op(int op)
{
	return op == OP_BAND || op == OP_EQ || op == OP_NE;
}

/*
 * "CPUS{<cpulist>}" at the parser's position (past "CPUS"): the set in
 * @pred->mask, how many CPUs it holds in @pred->val.  A set must hold a
 * CPU; the list is read as the cpulist files are (cpulist_parse()).
 */
static int parse_cpus(struct filter_parser *p, struct filter_pred *pred)
{
	const char *open = p->s + p->pos + 4, *close;
	char *list;
	int ret;

	if (*open != '{') {
		parse_fail(p, FILTER_ERR_BRACE_OPEN, open - p->s);
		return -EINVAL;
	}
	close = strchr(open, '}');
	if (!close) {
		parse_fail(p, FILTER_ERR_BRACE_CLOSE, strlen(p->s));
		return -EINVAL;
	}
	if (close - open > FILTER_MAX_OPERAND) {
		parse_fail(p, FILTER_ERR_LONG, open + 1 - p->s);
		return -EINVAL;
	}
	list = kmemdup_nul(open + 1, close - open - 1, GFP_KERNEL);
	pred->mask = kzalloc(cpumask_size(), GFP_KERNEL);
	if (!list || !pred->mask) {
		kfree(list);
		parse_fail(p, FILTER_ERR_NOMEM, open - p->s);
		return -ENOMEM;
	}
	ret = cpulist_parse(list, pred->mask);
	kfree(list);
	pred->val = cpumask_weight(pred->mask);
	if (ret || !pred->val) {
		parse_fail(p, FILTER_ERR_CPULIST, open + 1 - p->s);
		return -EINVAL;
	}
	p->pos = close + 1 - p->s;
	return 0;
}

static struct filter_node *parse_pred(struct filter_parser *p)
{
	char name[64], *dot, *val;
	const struct trace_event_fields *f;
	struct filter_node *n;
	struct filter_pred *pred;
	int begin = p->pos, op_at, val_at, len, kind, i, ret;
	bool function = false;
	const char *start;

	while (isalnum(p->s[p->pos]) || p->s[p->pos] == '_' ||
	       p->s[p->pos] == '.')
		p->pos++;
	len = p->pos - begin;
	if (!len)
		return parse_fail(p, FILTER_ERR_MISSING, begin);
	if (len >= sizeof(name))
		return parse_fail(p, FILTER_ERR_LONG, begin);
	memcpy(name, p->s + begin, len);
	name[len] = '\0';
	skip_space(p);
	op_at = p->pos;

	dot = strchr(name, '.');
	if (dot) {
		if (strcmp(dot, ".function"))
			return parse_fail(p, FILTER_ERR_FIELD, op_at);
		*dot = '\0';
		function = true;
	}
	if (++p->preds > FILTER_MAX_PREDS)
		return parse_fail(p, FILTER_ERR_PREDS, begin);
	n = node_new(p, NODE_PRED);
	if (!n)
		return NULL;
	pred = &n->pred;

	/* The event's own fields first: sched_waking has its "comm". */
	f = event_field_find(p->call, name);
	if (f) {
		kind = field_kind(f);
		if (kind < 0)
			goto fail_op_type;
		pred->offset = f->offset;
		pred->size = f->size;
		pred->is_signed = f->is_signed;
	} else if (!strcmp(name, "cpu") || !strcmp(name, "CPU") ||
		   !strcmp(name, "common_cpu")) {
		kind = PRED_CPU;
		pred->is_signed = true;
	} else if (!strcmp(name, "comm") || !strcmp(name, "COMM") ||
		   !strcmp(name, "common_comm")) {
		kind = PRED_COMM;
	} else {
		goto fail_field;
	}
	pred->kind = kind;
	if (function && (kind != PRED_NUM || pred->size != sizeof(long)))
		goto fail_op_type;

	for (i = 0; i < ARRAY_SIZE(filter_ops); i++)
		if (str_has_prefix(p->s + p->pos, filter_ops[i].text))
			break;
	if (i == ARRAY_SIZE(filter_ops)) {
		parse_fail(p, p->s[p->pos] ? FILTER_ERR_OP : FILTER_ERR_MISSING,
			   op_at);
		goto fail;
	}
	pred->op = filter_ops[i].op;
	/*
	 * Numbers do not glob; strings only compare, and so do functions;
	 * a cpumask takes nothing but a set of CPUs, and a number in a set
	 * is no more than in it, equal, or not.
	 */
	if (kind == PRED_NUM || kind == PRED_CPU) {
		if (pred->op == OP_GLOB ||
		    (function && pred->op != OP_EQ && pred->op != OP_NE))
			goto fail_op_type;
	} else if (mask_kind(kind)) {
		if (!set_op(pred->op))
			goto fail_op_type;
	} else if (pred->op != OP_EQ && pred->op != OP_NE &&
		   pred->op != OP_GLOB) {
		goto fail_op_type;
	}
	p->pos += strlen(filter_ops[i].text);
	skip_space(p);
	val_at = p->pos;
	/* A set of CPUs; for a string field only with its '{' ("CPUSET"). */
	if (str_has_prefix(p->s + val_at, cpus_kind(kind) ? "CPUS" : "CPUS{")) {
		if (!cpus_kind(kind) || function || !set_op(pred->op))
			goto fail_op_type;
		if (parse_cpus(p, pred))
			goto fail;
		pred->kind = kind == PRED_NUM ? PRED_NUM_CPUS :
			     kind == PRED_CPU ? PRED_CPU_CPUS : kind;
		return n;
	}
	if (mask_kind(kind))
		goto fail_op_type;
	len = parse_operand(p, &start);
	if (len < 0)
		goto fail;
	val = kmemdup_nul(start, len, GFP_KERNEL);
	if (!val) {
		parse_fail(p, FILTER_ERR_NOMEM, val_at);
		goto fail;
	}

	if (kind == PRED_NUM || kind == PRED_CPU) {
		ret = function ? parse_function(p, pred, val, val_at) :
				 parse_number(p, pred, val, val_at);
		kfree(val);
		if (ret)
			goto fail;
		return n;
	}
	if (pred->op == OP_GLOB && !glob_valid(val)) {
		kfree(val);
		parse_fail(p, FILTER_ERR_GLOB, val_at);
		goto fail;
	}
	pred->str = val;
	pred->len = len;
	return n;

fail_field:
	parse_fail(p, FILTER_ERR_FIELD, op_at);
	goto fail;
fail_op_type:
	parse_fail(p, FILTER_ERR_FIELD_OP, op_at);
fail:
	node_free(n);
	return NULL;
}

static struct filter_node *parse_or(struct filter_parser *p);

static struct filter_node *parse_unary(struct filter_parser *p)
{
	struct filter_node *n, *kid;
	int at;

	skip_space(p);
	at = p->pos;
	if (p->s[at] != '!' && p->s[at] != '(')
		return parse_pred(p);
	if (++p->depth > FILTER_MAX_DEPTH)
		return parse_fail(p, FILTER_ERR_DEPTH, at);
	p->pos++;
	if (p->s[at] == '!') {
		kid = parse_unary(p);
		if (!kid)
			return NULL;
		n = node_new(p, NODE_NOT);
		if (!n) {
			node_free(kid);
			return NULL;
		}
		n->kid = kid;
	} else {
		n = parse_or(p);
		if (!n)
			return NULL;
		skip_space(p);
		if (p->s[p->pos] != ')') {
			node_free(n);
			return parse_fail(p, FILTER_ERR_OPEN, at);
		}
		p->pos++;
	}
	p->depth--;
	return n;
}

/* A list of @next terms joined by @sep ("&&" or "||"), as one node. */
static struct filter_node *parse_list(struct filter_parser *p,
				      const char *sep, enum node_kind kind,
				      struct filter_node *(*next)(struct filter_parser *))
{
	struct filter_node *first, *last, *n;

	first = next(p);
	if (!first)
		return NULL;
	last = first;
	for (;;) {
		skip_space(p);
		if (!str_has_prefix(p->s + p->pos, sep))
			break;
		p->pos += 2;
		last->next = next(p);
		if (!last->next)
			goto fail;
		last = last->next;
	}
	if (first == last)
		return first;
	n = node_new(p, kind);
	if (!n)
		goto fail;
	n->kid = first;
	return n;
fail:
	node_free(first);
	return NULL;
}

static struct filter_node *parse_and(struct filter_parser *p)
{
	return parse_list(p, "&&", NODE_AND, parse_unary);
}

static struct filter_node *parse_or(struct filter_parser *p)
{
	return parse_list(p, "||", NODE_OR, parse_and);
}

/**
 * event_filter_parse() - parse a filter for an event
 * @call: the event whose fields the filter names
 * @text: the expression, surrounding spaces stripped
 * @err: set to the error and its position in @text on failure
 *
 * Return: the filter, or NULL with @err set.
 */
struct event_filter *event_filter_parse(struct trace_event_call *call,
					const char *text,
					struct filter_error *err)
{
	struct filter_parser p = { .s = text, .call = call, .err = err };
	struct event_filter *filter;
	struct filter_node *root;

	err->type = FILTER_ERR_NONE;
	err->pos = 0;
	if (!*text) {
		parse_fail(&p, FILTER_ERR_EMPTY, 0);
		return NULL;
	}
	root = parse_or(&p);
	if (!root)
		return NULL;
	skip_space(&p);
	if (p.s[p.pos]) {
		parse_fail(&p, p.s[p.pos] == ')' ? FILTER_ERR_CLOSE :
			   FILTER_ERR_EXPECT, p.pos);
		goto fail;
	}
	filter = kzalloc(sizeof(*filter), GFP_KERNEL);
	if (filter)
		filter->text = kstrdup(text, GFP_KERNEL);
	if (!filter || !filter->text) {
		kfree(filter);
		parse_fail(&p, FILTER_ERR_NOMEM, 0);
		goto fail;
	}
	filter->root = root;
	return filter;
fail:
	node_free(root);
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(event_filter_parse);

/**
 * event_filter_text() - a filter as it was written
 * @filter: the filter
 *
 * Return: its text.
 */
const char *event_filter_text(const struct event_filter *filter)
{
	return filter->text;
}
EXPORT_SYMBOL_IF_KUNIT(event_filter_text);

/**
 * event_filter_free() - free a filter no reader can see any more
 * @filter: the filter, or NULL
 */
void event_filter_free(struct event_filter *filter)
{
	if (!filter)
		return;
	node_free(filter->root);
	kfree(filter->text);
	kfree(filter);
}
EXPORT_SYMBOL_IF_KUNIT(event_filter_free);
