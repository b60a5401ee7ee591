// SPDX-License-Identifier: GPL-2.0
/*
 * BTF-typed arguments of probe events: where a probe sits on a kernel
 * function's entry or exit, or on a tracepoint, its arguments may be
 * named as the C source names them, with the types the kernel's BTF
 * gives them:
 *
 *   $arg*			every parameter, each under its own name
 *   $argN			the Nth parameter, under its name and type
 *   NAME			the parameter called NAME
 *   NAME->FIELD[.FIELD][->FIELD]...
 *				a member of the structure NAME points to,
 *				through as many pointers as it takes
 *   $retval[->FIELD...]	at an exit, the value returned, typed
 *
 * The function's prototype is looked up once per definition, in the
 * vmlinux BTF and then in the modules' (bpf_find_btf_id()).  A
 * tracepoint's prototype is its iterator's, __traceiter_NAME(), whose
 * first parameter is the probe's data and is hidden.
 *
 * Nothing here runs at a hit: a name turns into the same base value
 * and dereferences a "+OFFS(...)" argument is made of
 * (trace_probe_args.c), and a BTF type into one of the language's
 * types.  Types the language does not have (structures, arrays,
 * floating point) are recorded as the default x64; a char pointer or
 * char array is a string when typed ":string".
 */
#include <linux/btf.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_probe.h"

/* A tracepoint's prototype: its iterator's. */
#define TPOINT_ITER_PREFIX	"__traceiter_"
/* Anonymous structures and unions looked into for a member's name. */
#define BTF_ANON_DEPTH		8

/**
 * struct probe_btf - what one definition's parse found in BTF
 * @btf: the BTF @proto is in (a reference held), or NULL
 * @proto: the function's prototype
 * @params: its parameters, the tracepoint's data left out
 * @nparams: how many
 * @looked: the lookup was done (found or not)
 * @arg: the argument whose base was named last, for probe_btf_arg_type()
 * @type: that name's type, after its fields (modifiers skipped)
 * @ndrf: the argument's dereferences once the name was parsed
 * @bitoffs: the bit offset of the last field in the byte it starts in
 * @bitsize: the last field's width if it is a bitfield, else 0
 * @pos: where the name or its last field starts, for error_log
 */
struct probe_btf {
	struct btf		*btf;
	const struct btf_type	*proto;
	const struct btf_param	*params;
	int			nparams;
	bool			looked;
	struct probe_arg	*arg;
	const struct btf_type	*type;
	u8			ndrf;
	u32			bitoffs;
	u32			bitsize;
	int			pos;
};

/* ---- the function's prototype ----------------------------------------- */

/* The number of named parameters: a variadic function's "..." is not one. */
static int count_params(const struct btf_type *proto)
{
	const struct btf_param *p = btf_params(proto);
	int i, n = btf_type_vlen(proto);

	for (i = 0; i < n; i++)
		if (!p[i].type)
			break;
	return i;
}

/* Find @pp->func's prototype in BTF. */
static int lookup_proto(struct probe_parse *pp, struct probe_btf *pb)
{
	const struct btf_type *t;
	const char *func = pp->func, *colon;
	struct btf *btf;
	char *name;
	s32 id;

	/* "MOD:FUNC": BTF knows the function by its own name. */
	colon = strchr(func, ':');
	if (colon)
		func = colon + 1;
	if (pp->flags & PROBE_F_TPOINT)
		name = kasprintf(GFP_KERNEL, TPOINT_ITER_PREFIX "%s", func);
	else
		name = kstrdup(func, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	id = bpf_find_btf_id(name, BTF_KIND_FUNC, &btf);
	kfree(name);
	if (id <= 0)
		return -ENOENT;
	t = btf_type_by_id(btf, id);
	if (t && btf_type_is_func(t))
		t = btf_type_by_id(btf, t->type);
	if (!t || !btf_type_is_func_proto(t)) {
		btf_put(btf);
		return -ENOENT;
	}
	pb->btf = btf;
	pb->proto = t;
	pb->params = btf_params(t);
	pb->nparams = count_params(t);
	/* A tracepoint's iterator takes the probe's data first. */
	if ((pp->flags & PROBE_F_TPOINT) && pb->nparams) {
		pb->params++;
		pb->nparams--;
	}
	return 0;
}

/*
 * The definition's BTF, looked up at its first use: 0 with @pp->btf
 * filled in, -ENOENT if the function has none, or -ENOMEM.
 */
static int probe_btf_get(struct probe_parse *pp)
{
	struct probe_btf *pb = pp->btf;
	int ret;

	if (!pp->func)
		return -ENOENT;
	if (!pb) {
		pb = kzalloc(sizeof(*pb), GFP_KERNEL);
		if (!pb)
			return -ENOMEM;
		pp->btf = pb;
	}
	if (pb->looked)
		return pb->btf ? 0 : -ENOENT;
	ret = lookup_proto(pp, pb);
	if (ret != -ENOMEM)
		pb->looked = true;
	return ret;
}

/**
 * probe_btf_put() - drop what the parse of a definition found in BTF
 * @pp: the definition
 *
 * Called once its arguments are parsed, successfully or not.
 */
void probe_btf_put(struct probe_parse *pp)
{
	struct probe_btf *pb = pp->btf;

	if (!pb)
		return;
	if (pb->btf)
		btf_put(pb->btf);
	kfree(pb);
	pp->btf = NULL;
}

static const char *param_name(struct probe_btf *pb, int i)
{
	const char *name = btf_name_by_offset(pb->btf, pb->params[i].name_off);

	return name && *name ? name : NULL;
}

/* ---- $arg* and $argN ---------------------------------------------------- */

/*
 * Whether a definition's word is "$argN" or "$argN:TYPE": 1, with the
 * index in *@n and the type's text (":TYPE" or "") in *@type; 0 for
 * another word; -EINVAL with the error logged for "$arg" followed by
 * something else.
 */
static int parse_argn(struct probe_parse *pp, char *w, int pos,
		      unsigned long *n, char **type)
{
	char *end, c;
	int ret;

	if (!str_has_prefix(w, "$arg") || !isdigit(w[4]))
		return 0;
	end = w + 4 + strspn(w + 4, "0123456789");
	if (*end && *end != ':') {
		probe_log_err(pp, pos, PE_BAD_VAR);
		return -EINVAL;
	}
	c = *end;
	*end = '\0';
	ret = kstrtoul(w + 4, 10, n);
	*end = c;
	if (ret || !*n) {
		probe_log_err(pp, pos, PE_BAD_ARG_NUM);
		return -EINVAL;
	}
	*type = end;
	return 1;
}

/*
 * Check the "$arg" words of a definition: 6.12 takes them only at a
 * function's entry or exit, and "$arg*" once, on its own.  Returns the
 * index of "$arg*" or 0 if there is none, *@nums set to the number of
 * "$argN" words; or a negative error, logged.
 */
static int scan_arg_words(struct probe_parse *pp, int argc, char **argv,
			  int *pos, int *nums)
{
	int i, star = 0;

	*nums = 0;
	for (i = 2; i < argc; i++) {
		const char *w = argv[i];

		if (!str_has_prefix(w, "$arg"))
			continue;
		if (!(pp->flags & (PROBE_F_ENTRY | PROBE_F_RETURN))) {
			probe_log_err(pp, pos[i], PE_NOFENTRY_ARGS);
			return -EINVAL;
		}
		if (isdigit(w[4])) {
			(*nums)++;
			continue;
		}
		if (w[4] != '*') {
			probe_log_err(pp, pos[i], PE_BAD_VAR);
			return -EINVAL;
		}
		if (w[5]) {
			probe_log_err(pp, pos[i] + 5, PE_BAD_VAR_ARGS);
			return -EINVAL;
		}
		if (star) {
			probe_log_err(pp, pos[i], PE_DOUBLE_ARGS);
			return -EINVAL;
		}
		star = i;
	}
	return star;
}

/*
 * The text one word becomes: @out gets the names (and type) it expands
 * to, NUL-separated; returns how many words that is, or a negative
 * error, logged.  With @out NULL only counts and measures (*@len).
 */
static int expand_word(struct probe_parse *pp, char *w, int pos, bool star,
		       char *out, size_t *len)
{
	struct probe_btf *pb = pp->btf;
	const char *name;
	unsigned long n;
	char *type = "";
	int i, ret;

	if (star) {
		for (i = 0; i < pb->nparams; i++) {
			name = param_name(pb, i);
			if (!name) {
				probe_log_err(pp, pos, PE_NO_BTF_ENTRY);
				return -ENOENT;
			}
			if (out)
				out += sprintf(out, "%s", name) + 1;
			*len += strlen(name) + 1;
		}
		return pb->nparams;
	}
	ret = parse_argn(pp, w, pos, &n, &type);
	if (ret <= 0) {
		if (!ret) {
			if (out)
				memcpy(out, w, strlen(w) + 1);
			*len += strlen(w) + 1;
			return 1;
		}
		return ret;
	}
	if (n > pb->nparams) {
		probe_log_err(pp, pos, PE_NO_BTFARG);
		return -ENOENT;
	}
	name = param_name(pb, n - 1);
	if (!name) {
		probe_log_err(pp, pos, PE_NO_BTF_ENTRY);
		return -ENOENT;
	}
	if (out)
		sprintf(out, "%s%s", name, type);
	*len += strlen(name) + strlen(type) + 1;
	return 1;
}

/**
 * probe_btf_expand() - replace "$arg*" and "$argN" with BTF names
 * @pp: the definition, @pp->func the probed function
 * @argc: the number of words; updated
 * @argv: the words: the kind's, the place, the arguments; updated
 * @pos: the offset of each word in the definition; updated
 * @mem: set to what holds the new words, for kfree() once parsed
 *
 * As 6.12 does, "$arg*" becomes every parameter's name and "$argN[:T]"
 * the Nth parameter's "NAME[:T]", so that each is recorded under the
 * name the C source gives it.  Without BTF for the function "$argN"
 * stays as it is (an untyped register or stack slot), and "$arg*" is
 * refused.  The new words keep the position of the word they come from.
 *
 * Return: 0 (*@mem NULL if nothing changed), or a negative error with
 * the error logged.
 */
int probe_btf_expand(struct probe_parse *pp, int *argc, char ***argv,
		     int **pos, void **mem)
{
	int i, j, n, nums, star, newc;
	char **nargv, *buf;
	size_t len = 0;
	int *npos;

	*mem = NULL;
	if (!(pp->flags & PROBE_F_KERNEL) ||
	    (pp->flags & (PROBE_F_USER | PROBE_F_EVENT)))
		return 0;
	star = scan_arg_words(pp, *argc, *argv, *pos, &nums);
	if (star < 0)
		return star;
	if (!star && !nums)
		return 0;
	n = probe_btf_get(pp);
	if (n == -ENOMEM)
		return n;
	if (n || !pp->btf->nparams) {
		if (!star)
			return 0;
		probe_log_err(pp, (*pos)[star], PE_NOSUP_BTFARG);
		return -EOPNOTSUPP;
	}

	/* Measure, then write. */
	newc = 2;
	for (i = 2; i < *argc; i++) {
		n = expand_word(pp, (*argv)[i], (*pos)[i], i == star, NULL,
				&len);
		if (n < 0)
			return n;
		newc += n;
	}
	if (newc - 2 > PROBE_MAX_ARGS) {
		probe_log_err(pp, (*pos)[star], PE_TOO_MANY_ARGS);
		return -E2BIG;
	}
	*mem = kmalloc(newc * (sizeof(char *) + sizeof(int)) + len,
		       GFP_KERNEL);
	if (!*mem)
		return -ENOMEM;
	nargv = *mem;
	npos = (int *)(nargv + newc);
	buf = (char *)(npos + newc);
	for (i = 0; i < 2; i++) {
		nargv[i] = (*argv)[i];
		npos[i] = (*pos)[i];
	}
	for (j = 2, i = 2; i < *argc; i++) {
		len = 0;
		n = expand_word(pp, (*argv)[i], (*pos)[i], i == star, buf,
				&len);
		while (n-- > 0) {
			nargv[j] = buf;
			npos[j++] = (*pos)[i];
			buf += strlen(buf) + 1;
		}
	}
	*argc = newc;
	*argv = nargv;
	*pos = npos;
	return 0;
}

/* ---- names and fields ------------------------------------------------- */

/*
 * Cut @s at its first field separator: 1 for "->" and 0 for "." with
 * *@next the field after it, 0 with *@next NULL for none; -EINVAL with
 * the error logged for a '-' without '>'.
 */
static int split_field(struct probe_parse *pp, char *s, int pos, char **next)
{
	char *sep = strpbrk(s, ".-");

	*next = NULL;
	if (!sep)
		return 0;
	if (sep[0] == '.') {
		*sep = '\0';
		*next = sep + 1;
		return 0;
	}
	if (sep[1] != '>') {
		probe_log_err(pp, pos + (sep - s), PE_BAD_HYPHEN);
		return -EINVAL;
	}
	*sep = '\0';
	*next = sep + 2;
	return 1;
}

/*
 * The member @name of the structure or union @t, looking into its
 * anonymous members too: its bit offset in @t and bitfield width (0 for
 * a whole member) in *@bitoffs and *@bitsize.
 */
static const struct btf_member *find_member(const struct btf *btf,
					    const struct btf_type *t,
					    const char *name, u32 *bitoffs,
					    u32 *bitsize, int depth)
{
	const struct btf_member *m = btf_members(t), *found;
	const struct btf_type *mt;
	const char *mname;
	int i, n = btf_type_vlen(t);
	u32 inner;

	for (i = 0; i < n; i++, m++) {
		mname = btf_name_by_offset(btf, m->name_off);
		if (mname && *mname) {
			if (strcmp(mname, name))
				continue;
			*bitoffs = __btf_member_bit_offset(t, m);
			*bitsize = __btf_member_bitfield_size(t, m);
			return m;
		}
		mt = btf_type_skip_modifiers(btf, m->type, NULL);
		if (!mt || !btf_type_is_struct(mt) || depth >= BTF_ANON_DEPTH)
			continue;
		found = find_member(btf, mt, name, &inner, bitsize, depth + 1);
		if (found) {
			*bitoffs = __btf_member_bit_offset(t, m) + inner;
			return found;
		}
	}
	return NULL;
}

/*
 * "FIELD[.FIELD]..." in the structure @pb->type points to, at @pos: a
 * dereference of the pointer at the members' offset.  Returns 1 with
 * *@next set if "->" follows, 0 at the end, or a negative error, logged.
 */
static int parse_member_chain(struct probe_parse *pp, struct probe_arg *a,
			      char *f, int *pos, char **next)
{
	struct probe_btf *pb = pp->btf;
	const struct btf_type *t = pb->type;
	const struct btf_member *m;
	u32 bitoffs = 0, offs, size = 0;
	int arrow;

	if (!btf_type_is_ptr(t)) {
		probe_log_err(pp, *pos, PE_NO_PTR_STRCT);
		return -EINVAL;
	}
	t = btf_type_skip_modifiers(pb->btf, t->type, NULL);
	if (!t || !btf_type_is_struct(t)) {
		probe_log_err(pp, *pos, PE_NO_PTR_STRCT);
		return -EINVAL;
	}
	for (;;) {
		arrow = split_field(pp, f, *pos, next);
		if (arrow < 0)
			return arrow;
		if (!btf_type_is_struct(t)) {
			/* "a.b" where a is no structure */
			probe_log_err(pp, *pos, PE_BAD_BTF_TID);
			return -EINVAL;
		}
		m = find_member(pb->btf, t, f, &offs, &size, 0);
		if (!m) {
			probe_log_err(pp, *pos, PE_NO_BTF_FIELD);
			return -ENOENT;
		}
		bitoffs += offs;
		t = btf_type_skip_modifiers(pb->btf, m->type, NULL);
		if (!t) {
			probe_log_err(pp, *pos, PE_BAD_BTF_TID);
			return -EINVAL;
		}
		pb->pos = *pos;
		if (!*next || arrow)
			break;
		*pos += *next - f;
		f = *next;
	}
	if (a->ndrf == PROBE_DEREF_MAX) {
		probe_log_err(pp, *pos, PE_TOO_MANY_OPS);
		return -E2BIG;
	}
	a->drf[a->ndrf++] = bitoffs / BITS_PER_BYTE;
	pb->type = t;
	pb->bitoffs = bitoffs % BITS_PER_BYTE;
	pb->bitsize = size;
	if (*next)
		*pos += *next - f;
	return arrow && *next;
}

/* The parameter called @name, or -1. */
static int find_param(struct probe_btf *pb, const char *name)
{
	const char *p;
	int i;

	for (i = 0; i < pb->nparams; i++) {
		p = param_name(pb, i);
		if (p && !strcmp(p, name))
			return i;
	}
	return -1;
}

/* The base of a name: a parameter (or with @retval the value returned). */
static int parse_base(struct probe_parse *pp, struct probe_arg *a, char *s,
		      int pos, bool retval, char *field, u32 *tid)
{
	struct probe_btf *pb;
	int i, ret;

	ret = probe_btf_get(pp);
	if (ret == -ENOMEM)
		return ret;
	pb = pp->btf;
	if (retval) {
		a->base = PB_RETVAL;
		if (ret) {
			/* Untyped, as without BTF; a field needs a type. */
			if (!field)
				return 1;
			probe_log_err(pp, pos + (field - s), PE_NO_BTF_ENTRY);
			return -ENOENT;
		}
		if (!pb->proto->type) {
			probe_log_err(pp, pos, PE_NO_RETVAL);
			return -ENOENT;
		}
		*tid = pb->proto->type;
		return 0;
	}
	if (ret || !pb->nparams) {
		probe_log_err(pp, pos, PE_NO_BTF_ENTRY);
		return -ENOENT;
	}
	i = find_param(pb, s);
	if (i < 0) {
		probe_log_err(pp, pos, PE_NO_BTFARG);
		return -ENOENT;
	}
	if (pp->max_arg && i >= pp->max_arg) {
		/* A tracepoint's probe sees its first arguments only. */
		probe_log_err(pp, pos, PE_ARGIDX_2BIG);
		return -E2BIG;
	}
	a->base = pp->flags & PROBE_F_ENTRY ? PB_ARG : PB_EARG;
	a->param = i;
	*tid = pb->params[i].type;
	return 0;
}

/**
 * probe_btf_parse_name() - parse an argument named with BTF
 * @pp: the definition; at a function's entry or exit, or a tracepoint
 * @a: the argument
 * @s: "NAME[->FIELD...]" or "$retval[->FIELD...]", without the type;
 *	cut up while parsing
 * @pos: the offset of @s in the definition, for error_log
 *
 * Sets @a's base and dereferences, and remembers the type they reach for
 * probe_btf_arg_type().
 *
 * Return: 0, or a negative error with the error logged.
 */
int probe_btf_parse_name(struct probe_parse *pp, struct probe_arg *a,
			 char *s, int pos)
{
	bool retval = *s == '$';
	const struct btf_type *t;
	struct probe_btf *pb;
	char *field;
	int arrow, fpos;
	u32 tid = 0;
	int ret;

	/* Only a function's (or tracepoint's) parameters have names. */
	if (!(pp->flags & (PROBE_F_ENTRY | PROBE_F_RETURN)) ||
	    !(pp->flags & PROBE_F_KERNEL) ||
	    (pp->flags & (PROBE_F_USER | PROBE_F_EVENT)) ||
	    (!pp->func && !retval)) {
		probe_log_err(pp, pos, PE_NOSUP_BTFARG);
		return -EOPNOTSUPP;
	}
	arrow = split_field(pp, s, pos, &field);
	if (arrow < 0)
		return arrow;
	if (field && !arrow) {
		/* "arg.field": an argument is no structure, only a pointer. */
		probe_log_err(pp, pos + (field - s), PE_NOSUP_DAT_ARG);
		return -EOPNOTSUPP;
	}
	ret = parse_base(pp, a, s, pos, retval, field, &tid);
	if (ret)
		return ret < 0 ? ret : 0;
	pb = pp->btf;
	t = btf_type_skip_modifiers(pb->btf, tid, NULL);
	if (!t) {
		probe_log_err(pp, pos, PE_BAD_BTF_TID);
		return -EINVAL;
	}
	pb->arg = a;
	pb->type = t;
	pb->bitoffs = 0;
	pb->bitsize = 0;
	pb->pos = pos;
	fpos = pos + (field ? field - s : 0);
	while (field) {
		ret = parse_member_chain(pp, a, field, &fpos, &field);
		if (ret < 0) {
			pb->arg = NULL;
			return ret;
		}
	}
	pb->ndrf = a->ndrf;
	return 0;
}

/* ---- types ------------------------------------------------------------ */

static const char *const signed_names[] = { "s8", "s16", "s32", "s64" };
static const char *const unsigned_names[] = { "u8", "u16", "u32", "u64" };

/* "u8".."u64" or "s8".."s64" for a size in bytes; NULL for another. */
static const char *int_name(unsigned int bytes, bool is_signed)
{
	if (bytes > 8 || !is_power_of_2(bytes))
		return NULL;
	return (is_signed ? signed_names : unsigned_names)[ilog2(bytes)];
}

/* An integer that is not whole bytes: a bitfield in a container. */
static const char *bitfield_name(struct probe_arg *a, unsigned int size,
				 u32 width, u32 shift)
{
	unsigned int bits = size * BITS_PER_BYTE;

	if (!width || width > 64 || shift >= 64)
		return NULL;
	/* The container is read whole: widen it if the field spills. */
	if (!int_name(size, false) || width + shift > bits)
		size = sizeof(u64);
	a->bf_width = width;
	a->bf_shift = shift;
	return int_name(size, false);
}

/* The language's type for the BTF type @pb->type, or NULL for x64. */
static const char *type_for_btf(struct probe_btf *pb, struct probe_arg *a)
{
	const struct btf_type *t = pb->type;
	u32 bits, shift;

	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_PTR:
		return IS_ENABLED(CONFIG_64BIT) ? "x64" : "x32";
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		if (pb->bitsize || pb->bitoffs)
			return bitfield_name(a, t->size, pb->bitsize ?:
					     t->size * BITS_PER_BYTE,
					     pb->bitoffs);
		return int_name(t->size, true);
	case BTF_KIND_INT:
		bits = pb->bitsize ?: btf_int_bits(t);
		shift = pb->bitoffs + btf_int_offset(t);
		if (!shift && bits == t->size * BITS_PER_BYTE)
			return int_name(t->size, btf_int_encoding(t) &
					BTF_INT_SIGNED);
		return bitfield_name(a, t->size, bits, shift);
	}
	return NULL;
}

/* A one-byte integer: what a C string is made of. */
static bool is_char(const struct btf *btf, u32 tid)
{
	const struct btf_type *t = btf_type_skip_modifiers(btf, tid, NULL);

	return t && btf_type_is_int(t) && btf_int_bits(t) == BITS_PER_BYTE;
}

/**
 * probe_btf_arg_type() - type an argument from its name's BTF type
 * @pp: the definition
 * @a: the argument, its fetch parsed
 * @type: the type written after ':', or NULL
 * @tpos: the offset of @type in the definition
 * @tname: set to the language's type for the BTF type when @type is
 *	NULL; left alone for a type BTF cannot say
 *
 * Applies when @a's value is what a BTF name (and its fields) gives,
 * not when that was dereferenced further by hand.  With ":string" (or
 * ":ustring") a char array is the string and a char pointer points to
 * it; other types do not fit.
 *
 * Return: 0, or a negative error with the error logged.
 */
int probe_btf_arg_type(struct probe_parse *pp, struct probe_arg *a,
		       const char *type, int tpos, const char **tname)
{
	struct probe_btf *pb = pp->btf;
	const struct btf_type *t;

	if (!pb || pb->arg != a)
		return 0;
	pb->arg = NULL;
	if (pb->ndrf != a->ndrf)
		return 0;
	t = pb->type;
	if (!type) {
		*tname = type_for_btf(pb, a) ?: *tname;
		return 0;
	}
	if (strcmp(type, "string") && strcmp(type, "ustring"))
		return 0;
	if (btf_type_is_array(t) && is_char(pb->btf, btf_array(t)->type))
		return 0;
	if (btf_type_is_ptr(t) && is_char(pb->btf, t->type)) {
		if (a->ndrf == PROBE_DEREF_MAX) {
			probe_log_err(pp, pb->pos, PE_TOO_MANY_OPS);
			return -E2BIG;
		}
		a->drf[a->ndrf++] = 0;
		return 0;
	}
	probe_log_err(pp, pb->pos, PE_BAD_TYPE4STR);
	return -EINVAL;
}
