// SPDX-License-Identifier: GPL-2.0
/*
 * The probe-event core: the argument language of kprobe_events and
 * dynamic_events, the events' fields and print formats, and recording a
 * hit.  The kinds of probe (trace_kprobe.c, ...) parse their own place
 * and hand each argument to probe_parse_arg(); probe_point_create() is
 * their definitions' common steps, with a &struct probe_point_kind for what
 * differs.
 *
 * An argument is a base value, up to PROBE_DEREF_MAX dereferences and a
 * type:
 *
 *   base		%reg, $stackN, $stack, $retval, $argN, $comm,
 *			@addr, @sym[+|-offs], \imm, \"string"
 *   dereference	+|-[u]offs(ARG): the unsigned long at ARG + offs
 *   type		u8..u64, s8..s64, x8..x64, char, symbol, string,
 *			ustring, symstr, %pd, %pD, b<width>@<offs>/<bits>,
 *			and <type>[N] arrays
 *
 * Every dereference but the last loads an unsigned long.  The last one
 * gives the address the type reads: an integer of the type's size, N
 * of them for an array, or a string.  @addr is the immediate address
 * with one dereference.  Memory is read without faulting; a fault gives
 * 0 for a number and a zero-length string, printed "(fault)".
 *
 * In a user task's context (PROBE_F_USER: uprobe events) every
 * dereference reads user memory, $stackN is the user stack, @addr a
 * user address and @+offs an offset in the probed file; symbols do not
 * exist there.
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

/* The deepest $stackN and highest $argN: a kernel stack's worth. */
#define PROBE_PARAM_MAX		(THREAD_SIZE / sizeof(unsigned long))

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

/* ---- types ------------------------------------------------------------ */

enum probe_kind {
	PK_UNSIGNED,
	PK_SIGNED,
	PK_HEX,
	PK_CHAR,
	PK_SYMBOL,
	PK_STRING,	/* kernel memory, or user memory below TASK_SIZE */
	PK_USTRING,	/* user memory */
	PK_SYMSTR,	/* the name of the symbol at the value */
};

/**
 * struct probe_argtype - how an argument is stored and printed
 * @name: as written after ':'
 * @ctype: its field's type in the format file
 * @fmt: its conversion in the print format
 * @size: bytes in the record's fixed part
 * @kind: &enum probe_kind
 */
struct probe_argtype {
	const char	*name;
	const char	*ctype;
	const char	*fmt;
	u8		size;
	u8		kind;
};

static const struct probe_argtype probe_types[] = {
	{ "u8", "u8", "%u", 1, PK_UNSIGNED },
	{ "u16", "u16", "%u", 2, PK_UNSIGNED },
	{ "u32", "u32", "%u", 4, PK_UNSIGNED },
	{ "u64", "u64", "%Lu", 8, PK_UNSIGNED },
	{ "s8", "s8", "%d", 1, PK_SIGNED },
	{ "s16", "s16", "%d", 2, PK_SIGNED },
	{ "s32", "s32", "%d", 4, PK_SIGNED },
	{ "s64", "s64", "%Ld", 8, PK_SIGNED },
	{ "x8", "u8", "0x%x", 1, PK_HEX },
	{ "x16", "u16", "0x%x", 2, PK_HEX },
	{ "x32", "u32", "0x%x", 4, PK_HEX },
	{ "x64", "u64", "0x%Lx", 8, PK_HEX },
	{ "char", "u8", "'%c'", 1, PK_CHAR },
	{ "symbol", "u64", "%pS", 8, PK_SYMBOL },
	{ "string", "__data_loc char[]", "\\\"%s\\\"", 4, PK_STRING },
	{ "ustring", "__data_loc char[]", "\\\"%s\\\"", 4, PK_USTRING },
	{ "symstr", "__data_loc char[]", "\\\"%s\\\"", 4, PK_SYMSTR },
	{}
};

static const struct probe_argtype *type_find(const char *name)
{
	const struct probe_argtype *t;

	for (t = probe_types; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

static bool kind_is_string(const struct probe_argtype *t)
{
	return t->kind >= PK_STRING;
}

/* ---- names ------------------------------------------------------------ */

/**
 * probe_good_name() - whether a name is a C identifier
 * @name: the name
 *
 * Return: true if @name is not empty, starts with a letter or '_' and
 * goes on with letters, digits and '_'.
 */
bool probe_good_name(const char *name)
{
	if (!isalpha(*name) && *name != '_')
		return false;
	while (*++name)
		if (!isalnum(*name) && *name != '_')
			return false;
	return true;
}

/**
 * probe_parse_name() - split "[group/]event" after a definition's ':'
 * @pp: the definition, for errors
 * @spec: the text; cut at the '/'
 * @pos: its offset in the definition
 * @group: set to the group, or left as it is if none is given
 * @event: set to the event name, or left as it is if nothing follows
 *	the group's '/'
 *
 * Return: 0, or -EINVAL with the error logged.
 */
int probe_parse_name(struct probe_parse *pp, char *spec, int pos,
		     const char **group, const char **event)
{
	char *slash = strchr(spec, '/');
	char *ev = spec;

	if (slash) {
		if (slash == spec) {
			probe_log_err(pp, pos, PE_NO_GROUP_NAME);
			return -EINVAL;
		}
		if (slash - spec >= PROBE_NAME_MAX) {
			probe_log_err(pp, pos, PE_GROUP_TOO_LONG);
			return -EINVAL;
		}
		*slash = '\0';
		if (!probe_good_name(spec)) {
			probe_log_err(pp, pos, PE_BAD_GROUP_NAME);
			return -EINVAL;
		}
		*group = spec;
		ev = slash + 1;
		pos += ev - spec;
		/* "group/": the event gets its default name. */
		if (!*ev)
			return 0;
	}
	if (!*ev) {
		probe_log_err(pp, pos, PE_NO_EVENT_NAME);
		return -EINVAL;
	}
	if (strlen(ev) >= PROBE_NAME_MAX) {
		probe_log_err(pp, pos, PE_EVENT_TOO_LONG);
		return -EINVAL;
	}
	if (!probe_good_name(ev)) {
		probe_log_err(pp, pos, PE_BAD_EVENT_NAME);
		return -EINVAL;
	}
	*event = ev;
	return 0;
}

/* ---- parsing an argument ------------------------------------------------ */

enum probe_base {
	PB_REG,
	PB_STACK,
	PB_STACKP,
	PB_RETVAL,
	PB_ARG,
	PB_EARG,	/* an argument the entry handler saved */
	PB_COMM,
	PB_IMM,
	PB_STR,
	PB_USTACK,	/* a slot of the user stack */
	PB_FOFFS,	/* an offset in the probed file */
	/* Another event's record (PROBE_F_EVENT), at edata: */
	PB_FIELD,	/* an integer field's value */
	PB_FIELD_ADDR,	/* an array field's address */
	PB_FIELD_LOC,	/* a __data_loc field's data's address */
	PB_FIELD_RELLOC,	/* a __rel_loc field's data's address */
};

static bool base_is_field(const struct probe_arg *a)
{
	return a->base >= PB_FIELD;
}

static int parse_number(const char *s, unsigned long max, unsigned long *n)
{
	return kstrtoul(s, 10, n) || *n > max ? -EINVAL : 0;
}

/*
 * "$NAME" in an event probe: a field of the event's record (a common
 * one included), else $comm.  A field's type says where its value is.
 */
static int parse_field(struct probe_parse *pp, struct probe_arg *a,
		       const char *name, int pos)
{
	const struct trace_event_fields *f;

	f = event_field_find(pp->event, name);
	if (!f) {
		if (!strcmp(name, "comm") || !strcmp(name, "COMM")) {
			a->base = PB_COMM;
			return 0;
		}
		probe_log_err(pp, pos, PE_BAD_ATTACH_ARG);
		return -EINVAL;
	}
	a->param = f->offset;
	if (str_has_prefix(f->type, "__data_loc ")) {
		a->base = PB_FIELD_LOC;
	} else if (str_has_prefix(f->type, "__rel_loc ")) {
		a->base = PB_FIELD_RELLOC;
	} else if (f->len || f->size > sizeof(u64) ||
		   !is_power_of_2(f->size)) {
		a->base = PB_FIELD_ADDR;
	} else {
		a->base = PB_FIELD;
		a->fsize = f->size;
		a->fsigned = f->is_signed;
	}
	a->ftext = a->base != PB_FIELD && strstr(f->type, "char[");
	return 0;
}

static int parse_var(struct probe_parse *pp, struct probe_arg *a, char *s,
		     int pos)
{
	bool user = pp->flags & PROBE_F_USER;
	unsigned long n;

	if (pp->flags & PROBE_F_EVENT)
		return parse_field(pp, a, s, pos);
	if (!strcmp(s, "retval")) {
		if (!(pp->flags & PROBE_F_RETURN)) {
			probe_log_err(pp, pos, PE_RETVAL_ON_PROBE);
			return -EINVAL;
		}
		a->base = PB_RETVAL;
	} else if (!strcmp(s, "stack")) {
		a->base = PB_STACKP;
	} else if (str_has_prefix(s, "stack")) {
		/* A user stack has no size the parser knows. */
		if (parse_number(s + 5, user ? ULONG_MAX / sizeof(long) :
				 PROBE_PARAM_MAX, &n)) {
			probe_log_err(pp, pos, PE_BAD_STACK_NUM);
			return -EINVAL;
		}
		a->base = user ? PB_USTACK : PB_STACK;
		a->param = n;
	} else if (!strcmp(s, "comm")) {
		a->base = PB_COMM;
	} else if (!strcmp(s, "arg*")) {
		probe_log_err(pp, pos, PE_NOSUP_BTFARG);
		return -EOPNOTSUPP;
	} else if (str_has_prefix(s, "arg")) {
		if (parse_number(s + 3, pp->max_arg ?: PROBE_PARAM_MAX, &n) ||
		    !n) {
			probe_log_err(pp, pos, PE_BAD_ARG_NUM);
			return -EINVAL;
		}
		a->param = n - 1;
		if (pp->flags & PROBE_F_ENTRY) {
			a->base = PB_ARG;
		} else if ((pp->flags & PROBE_F_RETURN) && !user) {
			a->base = PB_EARG;
		} else {
			probe_log_err(pp, pos, PE_NOFENTRY_ARGS);
			return -EINVAL;
		}
	} else {
		probe_log_err(pp, pos, PE_BAD_VAR);
		return -EINVAL;
	}
	return 0;
}

static int parse_address(struct probe_parse *pp, struct probe_arg *a,
			 char *s, int pos)
{
	bool user = pp->flags & PROBE_F_USER;
	unsigned long addr;
	long offs = 0;
	char *sign;

	if (user && *s == '+') {
		/* "@+offs": the file offset's address in the probed task. */
		if (kstrtol(s + 1, 0, &offs)) {
			probe_log_err(pp, pos, PE_BAD_FILE_OFFS);
			return -EINVAL;
		}
		a->base = PB_FOFFS;
		a->param = offs;
		a->drf[a->ndrf++] = 0;
		return 0;
	}
	if (!user && (*s == '+' || *s == '-')) {
		probe_log_err(pp, pos, PE_FILE_ON_KPROBE);
		return -EINVAL;
	}
	if (user && !isdigit(*s)) {
		probe_log_err(pp, pos, PE_SYM_ON_UPROBE);
		return -EINVAL;
	}
	if (isdigit(*s)) {
		if (kstrtoul(s, 0, &addr)) {
			probe_log_err(pp, pos, PE_BAD_MEM_ADDR);
			return -EINVAL;
		}
	} else {
		sign = strpbrk(s, "+-");
		if (sign) {
			if (kstrtol(sign, 0, &offs)) {
				probe_log_err(pp, pos, PE_BAD_MEM_ADDR);
				return -EINVAL;
			}
			*sign = '\0';
		}
		addr = kallsyms_lookup_name(s);
		if (!addr) {
			probe_log_err(pp, pos, PE_BAD_MEM_ADDR);
			return -ENOENT;
		}
		addr += offs;
	}
	a->base = PB_IMM;
	a->param = addr;
	a->drf[a->ndrf++] = 0;
	return 0;
}

static int parse_fetch(struct probe_parse *pp, struct probe_arg *a, char *s,
		       int pos);

/* "+|-[u]offs(ARG)" */
static int parse_deref(struct probe_parse *pp, struct probe_arg *a, char *s,
		       int pos)
{
	bool user = s[1] == 'u';
	char *open, *close, *num = s;
	long offs;
	int ret;

	if (user) {
		/* "+u8(...)": the sign goes with the number. */
		s[1] = s[0];
		num = s + 1;
	}
	open = strchr(num, '(');
	if (!open) {
		probe_log_err(pp, pos, PE_DEREF_NEED_BRACE);
		return -EINVAL;
	}
	*open = '\0';
	if (kstrtol(num[0] == '+' ? num + 1 : num, 0, &offs)) {
		probe_log_err(pp, pos, PE_BAD_DEREF_OFFS);
		return -EINVAL;
	}
	pos += open + 1 - s;
	s = open + 1;
	close = strrchr(s, ')');
	if (!close) {
		probe_log_err(pp, pos + strlen(s), PE_DEREF_OPEN_BRACE);
		return -EINVAL;
	}
	if (close[1]) {
		probe_log_err(pp, pos + (close + 1 - s), PE_BAD_FETCH_ARG);
		return -EINVAL;
	}
	*close = '\0';
	ret = parse_fetch(pp, a, s, pos);
	if (ret)
		return ret;
	if (a->base == PB_COMM || a->base == PB_STR) {
		probe_log_err(pp, pos, PE_COMM_CANT_DEREF);
		return -EINVAL;
	}
	if (a->ndrf == PROBE_DEREF_MAX) {
		probe_log_err(pp, pos, PE_TOO_MANY_OPS);
		return -E2BIG;
	}
	if (user)
		a->udrf |= BIT(a->ndrf);
	a->drf[a->ndrf++] = offs;
	return 0;
}

static int parse_immediate(struct probe_parse *pp, struct probe_arg *a,
			   char *s, int pos)
{
	size_t len;

	if (s[1] != '"') {
		if (kstrtoul(s + 1, 0, &a->param)) {
			probe_log_err(pp, pos + 1, PE_BAD_IMM);
			return -EINVAL;
		}
		a->base = PB_IMM;
		return 0;
	}
	len = strlen(s);
	if (len < 3 || s[len - 1] != '"') {
		probe_log_err(pp, pos + len, PE_IMMSTR_NO_CLOSE);
		return -EINVAL;
	}
	a->str = kstrndup(s + 2, len - 3, GFP_KERNEL);
	if (!a->str)
		return -ENOMEM;
	a->base = PB_STR;
	return 0;
}

/* The value part of an argument: everything but "name=" and ":type". */
static int parse_fetch(struct probe_parse *pp, struct probe_arg *a, char *s,
		       int pos)
{
	int off;

	switch (*s) {
	case '%':
		/* Where the registers are not the probed code's. */
		if (pp->flags & PROBE_F_NOREGS) {
			probe_log_err(pp, pos, PE_BAD_VAR);
			return -EINVAL;
		}
		off = regs_query_register_offset(s + 1);
		if (off < 0) {
			probe_log_err(pp, pos, PE_BAD_REG_NAME);
			return -EINVAL;
		}
		a->base = PB_REG;
		a->param = off;
		return 0;
	case '$':
		return parse_var(pp, a, s + 1, pos);
	case '@':
		return parse_address(pp, a, s + 1, pos);
	case '+':
	case '-':
		return parse_deref(pp, a, s, pos);
	case '\\':
		return parse_immediate(pp, a, s, pos);
	}
	/* A C name: an argument or field named with BTF, not built. */
	if (isalpha(*s) || *s == '_') {
		probe_log_err(pp, pos, PE_NOSUP_BTFARG);
		return -EOPNOTSUPP;
	}
	probe_log_err(pp, pos, PE_BAD_FETCH_ARG);
	return -EINVAL;
}

/* "b<width>@<offset>/<container bits>" */
static int parse_bitfield(struct probe_arg *a, const char *t)
{
	unsigned int width, offs, bits;
	char tail;
	char name[4];

	if (sscanf(t, "b%u@%u/%u%c", &width, &offs, &bits, &tail) != 3)
		return -EINVAL;
	if ((bits != 8 && bits != 16 && bits != 32 && bits != 64) ||
	    !width || width + offs > bits)
		return -EINVAL;
	snprintf(name, sizeof(name), "u%u", bits);
	a->type = type_find(name);
	a->bf_width = width;
	a->bf_shift = offs;
	return 0;
}

/* ":type" and ":type[N]"; @t is the text after ':', at @pos. */
static int parse_type(struct probe_parse *pp, struct probe_arg *a, char *t,
		      int pos)
{
	bool user = pp->flags & PROBE_F_USER;
	char *open = strchr(t, '['), *close;
	unsigned int n;

	if (open) {
		*open = '\0';
		close = strchr(open + 1, ']');
		if (!close) {
			probe_log_err(pp, pos + (open + 1 - t) +
				      strlen(open + 1), PE_ARRAY_NO_CLOSE);
			return -EINVAL;
		}
		if (close[1]) {
			probe_log_err(pp, pos + (close + 1 - t),
				      PE_BAD_ARRAY_SUFFIX);
			return -EINVAL;
		}
		*close = '\0';
		if (kstrtouint(open + 1, 0, &n) || !n) {
			probe_log_err(pp, pos + (open + 1 - t),
				      PE_BAD_ARRAY_NUM);
			return -EINVAL;
		}
		if (n > PROBE_ARRAY_MAX) {
			probe_log_err(pp, pos + (open + 1 - t),
				      PE_ARRAY_TOO_BIG);
			return -EINVAL;
		}
		a->count = n;
	}
	if (t[0] == 'b' && isdigit(t[1])) {
		if (parse_bitfield(a, t)) {
			probe_log_err(pp, pos, PE_BAD_BITFIELD);
			return -EINVAL;
		}
		return 0;
	}
	if (!strcmp(t, "%pd") || !strcmp(t, "%pD")) {
		a->type = user ? NULL : type_find("string");
		goto found;
	}
	a->type = type_find(t);
	/* Kernel symbols and structures mean nothing in a user task. */
	if (user && a->type && (a->type->kind == PK_SYMBOL ||
				a->type->kind == PK_SYMSTR))
		a->type = NULL;
found:
	if (!a->type) {
		probe_log_err(pp, pos, PE_BAD_TYPE);
		return -EINVAL;
	}
	return 0;
}

static int add_deref(struct probe_arg *a, long offs)
{
	if (a->ndrf == PROBE_DEREF_MAX)
		return -E2BIG;
	a->drf[a->ndrf++] = offs;
	return 0;
}

/*
 * %pd: the value is a struct dentry *, recorded is its name; %pD: a
 * struct file *, and its dentry's name.
 */
static int add_name_derefs(struct probe_arg *a, bool file)
{
	int ret = 0;

	if (file)
		ret = add_deref(a, offsetof(struct file, f_path.dentry));
	if (!ret)
		ret = add_deref(a, offsetof(struct dentry, d_name.name));
	return ret ?: add_deref(a, 0);
}

/* Whether the type fits the value the argument fetches. */
static int check_arg(struct probe_parse *pp, struct probe_arg *a,
		     const char *type, int tpos, int pos)
{
	bool data = a->base == PB_COMM || a->base == PB_STR;

	if (type && (!strcmp(type, "%pd") || !strcmp(type, "%pD"))) {
		if (data || add_name_derefs(a, type[2] == 'D')) {
			probe_log_err(pp, tpos, PE_BAD_TYPE);
			return -EINVAL;
		}
	}
	switch (a->type->kind) {
	case PK_SYMSTR:
		if (data) {
			probe_log_err(pp, tpos, PE_BAD_SYMSTRING);
			return -EINVAL;
		}
		break;
	case PK_STRING:
	case PK_USTRING:
		/* A field's value is where the string is, or points to it. */
		if (!data && !a->ndrf && a->base != PB_IMM &&
		    !base_is_field(a)) {
			probe_log_err(pp, tpos, PE_BAD_STRING);
			return -EINVAL;
		}
		if (a->count) {
			/* Arrays of strings are not recorded. */
			probe_log_err(pp, tpos, PE_BAD_TYPE);
			return -EINVAL;
		}
		break;
	default:
		if (data) {
			probe_log_err(pp, type ? tpos : pos,
				      PE_NEED_STRING_TYPE);
			return -EINVAL;
		}
		if (a->count && !a->ndrf) {
			/* An array is read from memory. */
			probe_log_err(pp, tpos, PE_BAD_TYPE);
			return -EINVAL;
		}
	}
	if (a->type->kind == PK_USTRING && a->ndrf)
		a->udrf |= BIT(a->ndrf - 1);
	/* A user task has no kernel memory to read. */
	if (pp->flags & PROBE_F_USER)
		a->udrf = BIT(a->ndrf) - 1;
	return 0;
}

static int arg_set_ctype(struct probe_arg *a)
{
	if (!a->count) {
		a->ctype = kstrdup(a->type->ctype, GFP_KERNEL);
	} else {
		a->ctype = kasprintf(GFP_KERNEL, "%s[%u]", a->type->ctype,
				     a->count);
	}
	return a->ctype ? 0 : -ENOMEM;
}

/**
 * probe_parse_arg() - parse one "[name=]fetcharg[:type]" of a definition
 * @pp: the definition
 * @pa: the arguments of the probe point
 * @i: the argument's index in @pa->args
 * @tok: the argument's text; cut up while parsing
 * @pos: its offset in the definition, for errors
 *
 * Return: 0, or a negative error with the error logged.
 */
int probe_parse_arg(struct probe_parse *pp, struct probe_args *pa, int i,
		    char *tok, int pos)
{
	struct probe_arg *a = &pa->args[i];
	char *body = tok, *eq, *colon, *type = NULL;
	int bpos = pos, tpos = 0, j, ret;

	eq = strchr(tok, '=');
	if (eq && (eq < tok + strcspn(tok, "(\\:"))) {
		*eq = '\0';
		if (!*tok) {
			probe_log_err(pp, pos, PE_NO_ARG_NAME);
			return -EINVAL;
		}
		if (strlen(tok) > PROBE_ARG_NAME_MAX) {
			probe_log_err(pp, pos, PE_ARG_NAME_TOO_LONG);
			return -EINVAL;
		}
		if (!probe_good_name(tok)) {
			probe_log_err(pp, pos, PE_BAD_ARG_NAME);
			return -EINVAL;
		}
		a->name = kstrdup(tok, GFP_KERNEL);
		body = eq + 1;
		bpos = pos + (body - tok);
	} else {
		a->name = kasprintf(GFP_KERNEL, "arg%d", i + 1);
	}
	if (!a->name)
		return -ENOMEM;
	for (j = 0; j < i; j++) {
		if (!strcmp(pa->args[j].name, a->name)) {
			probe_log_err(pp, pos, PE_USED_ARG_NAME);
			return -EINVAL;
		}
	}
	if (!*body) {
		probe_log_err(pp, bpos, PE_NO_ARG_BODY);
		return -EINVAL;
	}
	if (strlen(body) > PROBE_ARG_TEXT_MAX) {
		probe_log_err(pp, bpos, PE_ARG_TOO_LONG);
		return -E2BIG;
	}
	a->text = kstrdup(body, GFP_KERNEL);
	if (!a->text)
		return -ENOMEM;

	colon = strchr(body, ':');
	if (colon) {
		*colon = '\0';
		type = colon + 1;
		tpos = bpos + (type - body);
		ret = parse_type(pp, a, type, tpos);
		if (ret)
			return ret;
	}
	ret = parse_fetch(pp, a, body, bpos);
	if (ret)
		return ret;
	/* Text is recorded as a string unless typed otherwise. */
	if (!a->type)
		a->type = type_find(a->base == PB_COMM || a->base == PB_STR ||
				    (a->ftext && !a->ndrf) ? "string" : "x64");
	ret = check_arg(pp, a, type, tpos, bpos);
	if (!ret && a->base == PB_EARG)
		pa->entry_args = max_t(unsigned int, pa->entry_args,
				       a->param + 1);
	return ret ?: arg_set_ctype(a);
}

/* ---- argument sets ------------------------------------------------------ */

/**
 * probe_args_alloc() - make room for a probe point's arguments
 * @pa: the set, zeroed
 * @nargs: the number of arguments
 *
 * Return: 0 or -ENOMEM.
 */
int probe_args_alloc(struct probe_args *pa, int nargs)
{
	pa->nargs = nargs;
	pa->args = kcalloc(nargs ?: 1, sizeof(*pa->args), GFP_KERNEL);
	return pa->args ? 0 : -ENOMEM;
}

/**
 * probe_args_free() - free a probe point's arguments
 * @pa: the set
 */
void probe_args_free(struct probe_args *pa)
{
	int i;

	for (i = 0; pa->args && i < pa->nargs; i++) {
		kfree(pa->args[i].name);
		kfree(pa->args[i].text);
		kfree(pa->args[i].ctype);
		kfree(pa->args[i].str);
	}
	kfree(pa->args);
	pa->args = NULL;
	pa->nargs = 0;
}

static int args_dup(struct probe_args *dst, const struct probe_args *src)
{
	int i;

	if (probe_args_alloc(dst, src->nargs))
		return -ENOMEM;
	dst->size = src->size;
	dst->entry_args = src->entry_args;
	dst->strings = src->strings;
	for (i = 0; i < src->nargs; i++) {
		const struct probe_arg *s = &src->args[i];
		struct probe_arg *d = &dst->args[i];

		*d = *s;
		d->name = kstrdup(s->name, GFP_KERNEL);
		d->text = kstrdup(s->text, GFP_KERNEL);
		d->ctype = kstrdup(s->ctype, GFP_KERNEL);
		d->str = s->str ? kstrdup(s->str, GFP_KERNEL) : NULL;
		if (!d->name || !d->text || !d->ctype || (s->str && !d->str))
			return -ENOMEM;
	}
	return 0;
}

/**
 * probe_args_layout() - place the arguments' fields in the record
 * @pa: the parsed arguments
 * @hdr_size: the bytes of the kind's header after &struct trace_entry
 *
 * The fields follow each other without padding, as in 6.12.
 */
void probe_args_layout(struct probe_args *pa, unsigned int hdr_size)
{
	unsigned int off = sizeof(struct trace_entry) + hdr_size;
	int i;

	for (i = 0; i < pa->nargs; i++) {
		struct probe_arg *a = &pa->args[i];

		a->offset = off;
		off += a->type->size * (a->count ?: 1);
		if (kind_is_string(a->type))
			pa->strings = true;
	}
	pa->size = off;
}

/**
 * probe_hdr_size() - the size of a kind's header fields
 * @hdr: the fields, ending with a NULL name
 *
 * Return: their total size in bytes.
 */
unsigned int probe_hdr_size(const struct trace_event_fields *hdr)
{
	unsigned int size = 0;

	for (; hdr && hdr->name; hdr++)
		size += hdr->size;
	return size;
}

/**
 * probe_args_parse() - parse a definition's arguments
 * @pp: the definition, its flags set for the place
 * @pa: the set, zeroed
 * @argc: the number of words
 * @argv: the words: the kind's, the place, then the arguments
 * @pos: the offset of each word in the definition, for error_log
 * @hdr: the kind's header fields (they come first in the record)
 *
 * Return: 0, or probe_parse_arg()'s error.
 */
int probe_args_parse(struct probe_parse *pp, struct probe_args *pa,
		     int argc, char **argv, int *pos,
		     const struct trace_event_fields *hdr)
{
	int i, ret;

	ret = probe_args_alloc(pa, argc - 2);
	for (i = 2; !ret && i < argc; i++)
		ret = probe_parse_arg(pp, pa, i - 2, argv[i], pos[i]);
	if (!ret)
		probe_args_layout(pa, probe_hdr_size(hdr));
	return ret;
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
	if (!ev->group || !ev->call.name || args_dup(&ev->layout, pa) ||
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
 * The event goes with its last point.  Nothing changes if the event is
 * enabled in some session, or if it is the last point and the event's
 * files are open.
 *
 * Return: 0 when the caller may unregister and free the point, -EBUSY
 * or probe_event_destroy()'s error when it stays.
 */
int probe_event_remove_point(struct probe_event *ev, struct list_head *node)
{
	bool last, busy;

	mutex_lock(&trace_types_lock);
	last = list_is_singular(&ev->points);
	busy = probe_event_enabled(ev);
	if (!busy && !last)
		list_del(node);
	mutex_unlock(&trace_types_lock);
	if (busy)
		return -EBUSY;
	return last ? probe_event_destroy(ev) : 0;
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
 */
static void record_perf(struct probe_event *ev, const struct probe_args *pa,
			struct pt_regs *regs, const unsigned long *edata,
			const unsigned long *hdr)
{
	struct trace_event_call *call = &ev->call;
	unsigned int i, words = ev->hdr_size / sizeof(long);
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
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	h = (unsigned long *)(rec + sizeof(struct trace_entry));
	for (i = 0; i < words; i++)
		h[i] = hdr[i];
	/* A string that shrank since it was sized leaves no old bytes. */
	memset(rec + pa->size, 0, dsize);
	probe_args_store(pa, regs, edata, rec, dsize);
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
