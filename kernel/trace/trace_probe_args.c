// SPDX-License-Identifier: GPL-2.0
/*
 * The argument language of probe events: the names of events and
 * groups, an argument's text parsed into the steps that fetch it, and a
 * definition's set of arguments.  trace_probe.c makes the events and
 * records them.
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

/* The deepest $stackN and highest $argN: a kernel stack's worth. */
#define PROBE_PARAM_MAX		(THREAD_SIZE / sizeof(unsigned long))

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

/*
 * "$retval", "$retval->field..." where BTF may type it: in the kernel,
 * with BTF arguments built.
 */
static bool btf_retval(struct probe_parse *pp, const char *s)
{
	if (!IS_ENABLED(CONFIG_PROBE_EVENTS_BTF_ARGS) ||
	    !(pp->flags & PROBE_F_KERNEL) || (pp->flags & PROBE_F_USER) ||
	    !str_has_prefix(s, "retval"))
		return false;
	return !s[6] || s[6] == '-' || s[6] == '.';
}

static int parse_var(struct probe_parse *pp, struct probe_arg *a, char *s,
		     int pos)
{
	bool user = pp->flags & PROBE_F_USER;
	unsigned long n;

	if (pp->flags & PROBE_F_EVENT)
		return parse_field(pp, a, s, pos);
	if (btf_retval(pp, s)) {
		if (!(pp->flags & PROBE_F_RETURN)) {
			probe_log_err(pp, pos, PE_RETVAL_ON_PROBE);
			return -EINVAL;
		}
		/* Typed from the function's BTF, fields and all. */
		return probe_btf_parse_name(pp, a, s - 1, pos);
	} else if (!strcmp(s, "retval")) {
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
		/* probe_btf_expand() took those standing alone. */
		if (IS_ENABLED(CONFIG_PROBE_EVENTS_BTF_ARGS) && pp->func) {
			probe_log_err(pp, pos, PE_BAD_VAR_ARGS);
			return -EINVAL;
		}
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
	/* A C name: an argument and its fields, named with BTF. */
	if (isalpha(*s) || *s == '_')
		return probe_btf_parse_name(pp, a, s, pos);
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

/*
 * An argument written without "name=": with BTF arguments, one that is
 * a C name is called so (as are "$argN", which became their names);
 * others are "argN".
 */
static char *default_arg_name(const char *tok, int i)
{
	size_t len = strcspn(tok, ":");
	char *name;

	if (IS_ENABLED(CONFIG_PROBE_EVENTS_BTF_ARGS) && len &&
	    len <= PROBE_ARG_NAME_MAX) {
		name = kstrndup(tok, len, GFP_KERNEL);
		if (!name || probe_good_name(name))
			return name;
		kfree(name);
	}
	return kasprintf(GFP_KERNEL, "arg%d", i + 1);
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
	const char *tname = NULL;
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
		a->name = default_arg_name(tok, i);
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
	if (!ret)
		ret = probe_btf_arg_type(pp, a, type, tpos, &tname);
	if (ret)
		return ret;
	if (!a->type && tname)
		a->type = type_find(tname);
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

/**
 * probe_args_dup() - copy a set of arguments
 * @dst: the copy, empty
 * @src: the set
 *
 * Return: 0, or -ENOMEM (@dst then holds what was copied, for
 * probe_args_free()).
 */
int probe_args_dup(struct probe_args *dst, const struct probe_args *src)
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
 * With BTF arguments, "$arg*" and "$argN" first become the names of the
 * function's parameters (probe_btf_expand()), as in 6.12.
 *
 * Return: 0, or probe_parse_arg()'s error.
 */
int probe_args_parse(struct probe_parse *pp, struct probe_args *pa,
		     int argc, char **argv, int *pos,
		     const struct trace_event_fields *hdr)
{
	void *words;
	int i, ret;

	ret = probe_btf_expand(pp, &argc, &argv, &pos, &words);
	if (!ret)
		ret = probe_args_alloc(pa, argc - 2);
	for (i = 2; !ret && i < argc; i++)
		ret = probe_parse_arg(pp, pa, i - 2, argv[i], pos[i]);
	if (!ret)
		probe_args_layout(pa, probe_hdr_size(hdr));
	probe_btf_put(pp);
	kfree(words);
	return ret;
}
