// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: their fields.  A key, a value or a variable is a
 * small tree of &struct hist_field: an event's field with its modifier,
 * a special field (common_timestamp, common_cpu, common_stacktrace,
 * hitcount), a constant, a reference to a variable, or +, -, *, / of
 * two of those.  Parsing follows Linux 6.12's rules (the rightmost
 * operator of the lowest precedence is the root, so that a-b-c is
 * (a-b)-c; parentheses only in -(...); at most three operators) and
 * its error_log texts and carets.  Evaluating a tree is the hit path:
 * no allocation, no locks.
 *
 * The error_log state lives here too: every histogram file reports
 * through hist_err() against the command being parsed.
 */
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/sched.h>

#include "trace_hist.h"

static const char * const hist_err_text[] = {
	"No error",
	"Variable already defined",
	"Variable name not unique, need to use fully qualified name (subsys.event.var) for variable",
	"Too many variables defined",
	"Malformed assignment",
	"Named hist trigger doesn't match existing named trigger (includes variables)",
	"Hist trigger already exists",
	"Can't clear or continue a nonexistent hist trigger",
	"Couldn't set trace_clock",
	"Invalid field modifier",
	"Too many subexpressions (3 max)",
	"Timestamp units in expression don't match",
	"Too many field variables defined",
	"Event file not found",
	"Matching event histogram not found",
	"Couldn't create histogram for field",
	"Couldn't find synthetic variable",
	"Couldn't find synthetic event",
	"Param type doesn't match synthetic event field type",
	"Param count doesn't match synthetic event field count",
	"Couldn't parse field variable",
	"Couldn't create or find variable",
	"For onmax(x) or onchange(x), x must be a variable",
	"Couldn't find onmax or onchange variable",
	"Couldn't create onmax or onchange variable",
	"Couldn't create field variable",
	"Too many action params",
	"Couldn't find param",
	"Invalid action param",
	"No action found",
	"No params found for save()",
	"Can't have more than one save() action per hist",
	"Handler doesn't support action",
	"No closing paren found",
	"Missing subsystem",
	"Invalid subsystem or event name",
	"Using variable references in keys not supported",
	"Couldn't find variable",
	"Couldn't find field",
	"Empty assignment",
	"Invalid sort modifier",
	"Empty sort field",
	"Too many sort fields (Max = 2)",
	"Sort field must be a key or a val",
	"String type can not be an operand in expression",
	"Expecting numeric literal",
	"Unary minus not supported in sub-expressions",
	"Division by zero",
	"Non-hitcount value is required for 'nohitcount'",
};

/*
 * The command being parsed, as 6.12 logs it ("hist:" and the text after
 * the command's word), and its location ("hist:<sys>:<event>").  Only
 * the trigger files' writers (trace_types_lock) touch them.
 */
static char *hist_cmd;
static char hist_loc[MAX_FILTER_STR_VAL];

/**
 * hist_err_begin() - start reporting errors against a command
 * @file: the event whose trigger file was written
 * @text: what followed "hist:" (or "!hist:")
 */
void hist_err_begin(struct trace_event_file *file, const char *text)
{
	struct trace_event_call *call = file->call;

	kfree(hist_cmd);
	hist_cmd = kasprintf(GFP_KERNEL, "hist:%s", text);
	snprintf(hist_loc, sizeof(hist_loc), "hist:%s:%s",
		 event_system(call), trace_event_name(call));
}

/**
 * hist_err() - log an error of the command being parsed
 * @tr: the session whose error_log gets it
 * @err: which error
 * @at: the text the caret points at: its first occurrence in the
 *	command (as 6.12 finds it), or NULL for the command's start
 */
void hist_err(struct trace_array *tr, enum hist_err err, const char *at)
{
	const char *found = NULL;

	if (!hist_cmd)
		return;
	if (at && *at)
		found = strstr(hist_cmd, at);
	tracing_log_err(tr, hist_loc, hist_cmd, hist_err_text, err,
			found ? found - hist_cmd : 0);
}

/* ---- the histograms' lock ------------------------------------------------ */

/*
 * The lists of tables and maps and the tables' reference counts change
 * when a trigger is parsed (trace_types_lock held) and when one is freed,
 * which the trigger core may do without its locks (O_TRUNC).  This
 * mutex covers them; the task holding it may take it again (a parse
 * frees the trigger it removes, or parses a helper histogram).
 */
static DEFINE_MUTEX(hist_mutex);
static struct task_struct *hist_mutex_owner;

/**
 * hist_lock() - take the histograms' lock, unless this task holds it
 *
 * Return: whether it was taken (hand it to hist_unlock()).
 */
bool hist_lock(void)
{
	if (READ_ONCE(hist_mutex_owner) == current)
		return false;
	mutex_lock(&hist_mutex);
	WRITE_ONCE(hist_mutex_owner, current);
	return true;
}

/**
 * hist_unlock() - undo hist_lock()
 * @locked: what hist_lock() returned
 */
void hist_unlock(bool locked)
{
	if (!locked)
		return;
	WRITE_ONCE(hist_mutex_owner, NULL);
	mutex_unlock(&hist_mutex);
}

/* ---- variables across tables ------------------------------------------ */

/* Tables that define variables, for references from other tables. */
static LIST_HEAD(hist_var_tables);

/**
 * hist_vars_publish() - let other tables reference @hd's variables
 * @hd: a table with variables, its trigger added
 */
void hist_vars_publish(struct hist_data *hd)
{
	if (hd->n_vars)
		list_add_tail(&hd->var_list, &hist_var_tables);
}

/**
 * hist_vars_unpublish() - undo hist_vars_publish()
 * @hd: the table
 */
void hist_vars_unpublish(struct hist_data *hd)
{
	if (hd->n_vars && !list_empty(&hd->var_list))
		list_del_init(&hd->var_list);
}

/**
 * hist_data_var() - a table's variable by name
 * @hd: the table
 * @name: the variable's name
 *
 * Return: the field that assigns it, or NULL.
 */
struct hist_field *hist_data_var(struct hist_data *hd, const char *name)
{
	unsigned int i;

	for_each_hist_val(i, hd)
		if (hd->fields[i] && hd->fields[i]->var_name &&
		    !strcmp(hd->fields[i]->var_name, name))
			return hd->fields[i];
	return NULL;
}

static bool table_on(struct hist_data *hd, struct trace_event_file *file,
		     const char *system, const char *event)
{
	struct trace_event_call *call = hd->file->call;

	if (hd->file->tr != file->tr)
		return false;
	if (!system)
		return true;
	return !strcmp(event_system(call), system) &&
	       !strcmp(trace_event_name(call), event);
}

/*
 * The table defining @var that a reference from @hd means: on the named
 * event; else on an event @hd's onmatch() names; else the only event of
 * the session that has one.
 */
static struct hist_data *find_var_table(struct hist_data *hd,
					const char *system, const char *event,
					const char *var)
{
	struct hist_data *t, *found = NULL;
	unsigned int i;

	if (!system) {
		for (i = 0; i < hd->n_match; i++) {
			t = find_var_table(hd, hd->match_sys[i], hd->match_ev[i],
					   var);
			if (t && found && t->file != found->file) {
				hist_err(hd->file->tr, HIST_ERR_VAR_NOT_UNIQUE,
					 var);
				return NULL;
			}
			if (t && !found)
				found = t;
		}
		if (found)
			return found;
	}
	list_for_each_entry(t, &hist_var_tables, var_list) {
		if (!table_on(t, hd->file, system, event) ||
		    !hist_data_var(t, var))
			continue;
		if (found && found->file != t->file) {
			hist_err(hd->file->tr, HIST_ERR_VAR_NOT_UNIQUE, var);
			return NULL;
		}
		if (!found)
			found = t;
	}
	return found;
}

/**
 * hist_lookup_var() - a variable of another trigger's table
 * @hd: the table that would reference it
 * @system: the event to look on, or NULL for any that has one
 * @event: likewise
 * @var: the variable's name
 * @var_hd: set to the table holding it
 *
 * Return: the field assigning the variable, or NULL.
 */
struct hist_field *hist_lookup_var(struct hist_data *hd, const char *system,
				   const char *event, const char *var,
				   struct hist_data **var_hd)
{
	struct hist_data *t = find_var_table(hd, system, event, var);

	*var_hd = t;
	return t ? hist_data_var(t, var) : NULL;
}

/* The fields of a reference that its copies share. */
static struct hist_field *ref_copy(const struct hist_field *ref,
				   unsigned long flags)
{
	struct hist_field *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return NULL;
	c->flags = flags;
	c->kind = HK_VAR_REF;
	c->size = ref->size;
	c->is_signed = ref->is_signed;
	c->type = ref->type;
	c->constant = ref->constant;
	c->ref_data = ref->ref_data;
	c->ref_var = ref->ref_var;
	c->idx = ref->idx;
	c->name = kstrdup(ref->name, GFP_KERNEL);
	if (ref->system) {
		c->system = kstrdup(ref->system, GFP_KERNEL);
		c->event_name = kstrdup(ref->event_name, GFP_KERNEL);
	}
	if (!c->name || (ref->system && (!c->system || !c->event_name))) {
		hist_field_free(c);
		return NULL;
	}
	return c;
}

/**
 * hist_var_ref_new() - a reference from @hd to a variable of @var_hd
 * @hd: the table that reads it
 * @var_hd: the table that defines it
 * @var: the field that assigns it
 * @system: as written (sys.event.$var), or NULL
 * @event: likewise
 *
 * The table keeps one reference per variable (&hist_data.var_refs,
 * read once per hit); each place that reads it gets its own copy of the
 * reference, which the caller owns.
 *
 * Return: the copy, or NULL (too many references, or no memory).
 */
struct hist_field *hist_var_ref_new(struct hist_data *hd,
				    struct hist_data *var_hd,
				    struct hist_field *var,
				    const char *system, const char *event)
{
	struct hist_field *ref, tmp = {};
	unsigned int i;

	for (i = 0; i < hd->n_var_refs; i++) {
		ref = hd->var_refs[i];
		/* As in 6.12, the first reference's name serves them all. */
		if (ref->ref_data == var_hd && ref->ref_var == var->idx)
			return ref_copy(ref, ref->flags);
	}
	if (hd->n_var_refs >= HIST_VAR_REFS_MAX)
		return NULL;
	tmp.flags = HF_VAR_REF | (var->flags & (HF_TIMESTAMP |
			HF_TIMESTAMP_USECS | HF_STRING | HF_CONST |
			HF_STACKTRACE));
	tmp.size = var->size;
	tmp.is_signed = var->is_signed;
	tmp.type = var->type;
	tmp.constant = var->constant;
	tmp.ref_data = var_hd;
	tmp.ref_var = var->idx;
	tmp.idx = hd->n_var_refs;
	tmp.name = var->var_name;
	tmp.system = (char *)system;
	tmp.event_name = (char *)event;
	ref = ref_copy(&tmp, tmp.flags);
	if (!ref)
		return NULL;
	hd->var_refs[hd->n_var_refs++] = ref;
	if (var_hd != hd) {
		var_hd->users++;
		var_hd->refcnt++;
	}
	return ref_copy(ref, ref->flags);
}

/* ---- making fields ----------------------------------------------------- */

static struct hist_field *field_new(unsigned long flags, char *var_name)
{
	struct hist_field *hf = kzalloc(sizeof(*hf), GFP_KERNEL);

	if (!hf)
		return NULL;
	hf->flags = flags;
	if (var_name) {
		hf->var_name = kstrdup(var_name, GFP_KERNEL);
		if (!hf->var_name) {
			kfree(hf);
			return NULL;
		}
		hf->flags |= HF_VAR;
	}
	return hf;
}

/**
 * hist_field_free() - free a field and its operands
 * @hf: the field, or NULL
 */
void hist_field_free(struct hist_field *hf)
{
	if (!hf)
		return;
	hist_field_free(hf->operands[0]);
	hist_field_free(hf->operands[1]);
	kfree(hf->name);
	kfree(hf->var_name);
	kfree(hf->system);
	kfree(hf->event_name);
	kfree(hf);
}

static bool type_is(const char *type, const char *tail)
{
	size_t n = strlen(type), t = strlen(tail);

	return n >= t && !strcmp(type + n - t, tail);
}

/* How an event's field is read; HK_NONE for one a key cannot use. */
static enum hist_kind field_kind(const struct trace_event_fields *f)
{
	const char *t = f->type;

	if (str_has_prefix(t, "__data_loc ")) {
		if (type_is(t, "char[]"))
			return HK_STR_DYN;
		return type_is(t, "long[]") ? HK_STACK_DYN : HK_NONE;
	}
	if (str_has_prefix(t, "__rel_loc "))
		return type_is(t, "char[]") ? HK_STR_REL : HK_NONE;
	if (f->len || strchr(t, '['))
		return strstr(t, "char[") ? HK_STR_STATIC : HK_NONE;
	/*
	 * A pointer to a string is a number to a histogram, as in 6.12:
	 * following it from any context is not safe.
	 */
	switch (f->size) {
	case 1:
		return f->is_signed ? HK_S8 : HK_U8;
	case 2:
		return f->is_signed ? HK_S16 : HK_U16;
	case 4:
		return f->is_signed ? HK_S32 : HK_U32;
	case 8:
		return HK_U64;
	}
	return HK_NONE;
}

/* The field @f of @hd's event, made into @hf's kind, size and type. */
static int field_from_event(struct hist_field *hf,
			    const struct trace_event_fields *f)
{
	hf->field = f;
	hf->kind = field_kind(f);
	hf->type = f->type;
	hf->is_signed = f->is_signed;
	switch (hf->kind) {
	case HK_NONE:
		return -EINVAL;
	case HK_STR_STATIC:
		hf->flags |= HF_STRING;
		hf->size = f->size;
		break;
	case HK_STR_DYN:
	case HK_STR_REL:
		hf->flags |= HF_STRING;
		hf->size = MAX_FILTER_STR_VAL;
		break;
	case HK_STACK_DYN:
		hf->size = HIST_STACK_SIZE;
		break;
	default:
		hf->size = f->size;
	}
	return 0;
}

/*
 * A field with its modifier, as "name[.modifier]"; 6.12's
 * parse_field() rules and errors.  @str has ".symXoffset" for
 * ".sym-offset" (see hist_parse_expr()).
 */
static struct hist_field *parse_field(struct hist_data *hd, char *str,
				      unsigned long flags, char *var_name)
{
	struct trace_array *tr = hd->file->tr;
	const struct trace_event_fields *f = NULL;
	char *copy, *name, *mod;
	unsigned long buckets = 0;
	bool stack_mod = false;
	struct hist_field *hf = NULL, *base;
	int err = -EINVAL;

	copy = kstrdup(str, GFP_KERNEL);
	if (!copy)
		return ERR_PTR(-ENOMEM);
	mod = copy;
	name = strsep(&mod, ".");
	if (mod) {
		if (!strcmp(mod, "hex")) {
			flags |= HF_HEX;
		} else if (!strcmp(mod, "sym")) {
			flags |= HF_SYM;
		} else if (!strcmp(mod, "symXoffset")) {
			flags |= HF_SYM_OFFSET;
		} else if (!strcmp(mod, "execname") &&
			   !strcmp(name, "common_pid")) {
			flags |= HF_EXECNAME;
		} else if (!strcmp(mod, "syscall")) {
			flags |= HF_SYSCALL;
		} else if (!strcmp(mod, "stacktrace")) {
			flags |= HF_STACKTRACE;
			stack_mod = true;
		} else if (!strcmp(mod, "log2")) {
			flags |= HF_LOG2;
		} else if (!strcmp(mod, "usecs")) {
			flags |= HF_TIMESTAMP_USECS;
		} else if (str_has_prefix(mod, "bucket")) {
			char *n = mod + 6;

			if (*n == 's')
				n++;
			if (*n++ != '=' || kstrtoul(n, 0, &buckets) ||
			    !buckets)
				goto bad_mod;
			flags |= HF_BUCKET;
		} else if (str_has_prefix(mod, "percent") &&
			   !(flags & (HF_VAR | HF_KEY)) && !var_name) {
			flags |= HF_PERCENT;
		} else if (str_has_prefix(mod, "graph") &&
			   !(flags & (HF_VAR | HF_KEY)) && !var_name) {
			flags |= HF_GRAPH;
		} else {
			goto bad_mod;
		}
	}

	hf = field_new(flags, var_name);
	if (!hf)
		goto nomem;
	/* An event's own "cpu" or "stacktrace" field comes first. */
	f = event_field_find(hd->file->call, name);
	if (!strcmp(name, "common_timestamp")) {
		hf->flags |= HF_TIMESTAMP;
		hf->kind = HK_TIMESTAMP;
		hf->size = sizeof(u64);
		hf->type = "u64";
		hd->enable_timestamps = true;
		if (flags & HF_TIMESTAMP_USECS)
			hd->ts_in_usecs = true;
	} else if (!strcmp(name, "common_stacktrace") ||
		   (!f && (!strcmp(name, "stacktrace") ||
			   !strcmp(name, "STACKTRACE")))) {
		hf->flags |= HF_STACKTRACE;
		hf->kind = HK_STACK;
		hf->size = HIST_STACK_SIZE;
		hf->type = "unsigned long[]";
	} else if (!strcmp(name, "common_cpu") ||
		   (!f && (!strcmp(name, "cpu") || !strcmp(name, "CPU")))) {
		hf->flags |= HF_CPU;
		hf->kind = HK_CPU;
		hf->size = sizeof(int);
		hf->type = "unsigned int";
	} else if (!strcmp(name, "hitcount")) {
		hf->flags |= HF_HITCOUNT;
		hf->kind = HK_HITCOUNT;
		hf->size = sizeof(u64);
		hf->type = "u64";
	} else {
		if (!f || field_from_event(hf, f)) {
			hist_err(tr, HIST_ERR_FIELD_NOT_FOUND, name);
			goto fail;
		}
	}
	if (stack_mod && hf->kind != HK_STACK_DYN) {
		hist_err(tr, HIST_ERR_BAD_FIELD_MODIFIER, str);
		goto fail;
	}
	if (hf->kind == HK_STACK_DYN)
		hf->flags |= HF_STACKTRACE;
	if (var_name && (hf->flags & HF_EXECNAME)) {
		/* A variable of the task's name holds the name itself. */
		hf->kind = HK_COMM;
		hf->flags |= HF_STRING;
		hf->size = MAX_FILTER_STR_VAL;
		hf->type = "char[16]";
	}
	if (flags & (HF_LOG2 | HF_BUCKET)) {
		/* The value is the field's, bucketed: the field is below. */
		base = field_new(flags & ~(HF_LOG2 | HF_BUCKET), NULL);
		if (!base)
			goto nomem;
		base->flags = hf->flags & ~(HF_LOG2 | HF_BUCKET | HF_VAR);
		base->kind = hf->kind;
		base->field = hf->field;
		base->size = hf->size;
		base->is_signed = hf->is_signed;
		base->type = hf->type;
		hf->operands[0] = base;
		hf->kind = flags & HF_LOG2 ? HK_LOG2 : HK_BUCKET;
		hf->buckets = buckets;
		hf->size = sizeof(u64);
		hf->type = "u64";
		hf->flags &= ~HF_STRING;
	}
	kfree(copy);
	return hf;

bad_mod:
	hist_err(tr, HIST_ERR_BAD_FIELD_MODIFIER, mod);
fail:
	hist_field_free(hf);
	kfree(copy);
	return ERR_PTR(err);
nomem:
	err = -ENOMEM;
	goto fail;
}

static struct hist_field *parse_const(struct hist_data *hd, char *str,
				      unsigned long flags, char *var_name)
{
	struct hist_field *hf;
	u64 val;

	if (kstrtoull(str, 0, &val)) {
		hist_err(hd->file->tr, HIST_ERR_EXPECT_NUMBER, str);
		return ERR_PTR(-EINVAL);
	}
	hf = field_new(flags | HF_CONST, var_name);
	if (!hf)
		return ERR_PTR(-ENOMEM);
	hf->kind = HK_CONST;
	hf->constant = val;
	hf->size = sizeof(u64);
	hf->type = "u64";
	return hf;
}

/*
 * "$var" naming a variable of the trigger being parsed whose definition
 * is a plain field (no operator, no reference): 6.12 reads that field
 * in its place.  Returns the definition's text, or NULL.
 */
static const char *own_field_var(struct hist_data *hd, const char *var)
{
	struct hist_attrs *a = hd->attrs;
	const char *def;
	unsigned int i;

	for (i = 0; i < a->n_vars; i++) {
		if (strcmp(a->var_names[i], var))
			continue;
		def = a->var_exprs[i];
		if (def[0] != '$' && !strpbrk(def, "+-*/"))
			return def;
	}
	return NULL;
}

/* A reference, "$var" or "sys.event.$var"; NULL if @var is no "$...". */
static struct hist_field *parse_var_ref(struct hist_data *hd, char *system,
					char *event, char *var,
					char *var_name)
{
	struct hist_data *var_hd = NULL;
	struct hist_field *v = NULL, *ref = NULL, *alias;

	if (var[0] != '$')
		return NULL;
	var++;
	var_hd = find_var_table(hd, system, event, var);
	if (var_hd)
		v = hist_data_var(var_hd, var);
	if (v)
		ref = hist_var_ref_new(hd, var_hd, v, system, event);
	if (!ref) {
		hist_err(hd->file->tr, HIST_ERR_VAR_NOT_FOUND, var);
		return NULL;
	}
	if (!var_name)
		return ref;
	/* "b=$a": a variable that is another's value. */
	alias = ref_copy(ref, HF_ALIAS | HF_VAR |
			 (ref->flags & (HF_TIMESTAMP | HF_TIMESTAMP_USECS |
					HF_STRING | HF_STACKTRACE)));
	hist_field_free(ref);
	if (!alias)
		return ERR_PTR(-ENOMEM);
	alias->var_name = kstrdup(var_name, GFP_KERNEL);
	if (!alias->var_name) {
		hist_field_free(alias);
		return ERR_PTR(-ENOMEM);
	}
	return alias;
}

static struct hist_field *parse_atom(struct hist_data *hd, char *str,
				     unsigned long flags, char *var_name)
{
	char *system = NULL, *event = NULL, *var = str, *dot;
	struct hist_field *ref;
	const char *own;

	if (isdigit(str[0]))
		return parse_const(hd, str, flags, var_name);

	/* sys.event.$var: two dots before the variable. */
	dot = strchr(str, '.');
	if (dot && strchr(dot + 1, '.')) {
		system = str;
		*dot = '\0';
		event = dot + 1;
		dot = strchr(event, '.');
		*dot = '\0';
		var = dot + 1;
	}
	own = NULL;
	if (var[0] == '$' && !!system == !!event &&
	    (!system || (!strcmp(system, event_system(hd->file->call)) &&
			 !strcmp(event, trace_event_name(hd->file->call)))))
		own = own_field_var(hd, var + 1);
	if (own)
		return parse_field(hd, (char *)own, flags, var_name);
	ref = parse_var_ref(hd, system, event, var, var_name);
	if (ref)
		return ref;
	/* Not a variable: 6.12 tries it as a field, with that error too. */
	if (system) {
		event[-1] = '.';
		var[-1] = '.';
	}
	return parse_field(hd, str, flags, var_name);
}

/*
 * The root operator of @str: the rightmost + or - (a leading - is a
 * unary minus), else the rightmost * or /.  @sep gets its place.
 */
static enum hist_kind find_operator(char *str, char **sep)
{
	char *minus = strrchr(str, '-'), *plus = strrchr(str, '+');
	char *div, *mult;

	if (minus == str) {
		*sep = minus;
		return HK_UMINUS;
	}
	if (minus || plus) {
		*sep = plus > minus ? plus : minus;
		return plus > minus ? HK_PLUS : HK_MINUS;
	}
	div = strrchr(str, '/');
	mult = strrchr(str, '*');
	if (!div && !mult)
		return HK_NONE;
	*sep = mult > div ? mult : div;
	return mult > div ? HK_MULT : HK_DIV;
}

static char op_char(enum hist_kind op)
{
	switch (op) {
	case HK_PLUS:
		return '+';
	case HK_MINUS:
		return '-';
	case HK_MULT:
		return '*';
	default:
		return '/';
	}
}

/* An operand in an expression's text, as 6.12 writes it. */
static void operand_text(struct seq_buf *s, const struct hist_field *hf)
{
	const char *mod;

	if ((hf->flags & HF_VAR_REF) && !hf->system)
		seq_buf_putc(s, '$');
	else if (hf->flags & HF_CONST)
		seq_buf_printf(s, "%llu", hf->constant);
	seq_buf_puts(s, hist_field_name(hf));
	if (hf->flags && !(hf->flags & HF_VAR_REF)) {
		mod = hist_field_modifier(hf);
		if (mod)
			seq_buf_printf(s, ".%s", mod);
	}
}

static int expr_name(struct hist_field *e)
{
	struct seq_buf s;
	char *buf = kzalloc(MAX_FILTER_STR_VAL, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	seq_buf_init(&s, buf, MAX_FILTER_STR_VAL);
	if (e->kind == HK_UMINUS) {
		seq_buf_puts(&s, "-(");
		if (e->operands[0]->operands[0] &&
		    !(e->operands[0]->flags & (HF_LOG2 | HF_BUCKET))) {
			seq_buf_puts(&s, e->operands[0]->name);
		} else {
			operand_text(&s, e->operands[0]);
		}
		seq_buf_putc(&s, ')');
	} else if (e->flags & HF_CONST) {
		seq_buf_printf(&s, "%llu", e->constant);
	} else {
		operand_text(&s, e->operands[0]);
		seq_buf_putc(&s, op_char(e->kind));
		operand_text(&s, e->operands[1]);
	}
	if (seq_buf_has_overflowed(&s)) {
		kfree(buf);
		return -E2BIG;
	}
	e->name = buf;
	return 0;
}

static u64 eval_op(enum hist_kind op, u64 a, u64 b)
{
	switch (op) {
	case HK_PLUS:
		return a + b;
	case HK_MINUS:
		return a - b;
	case HK_MULT:
		return a * b;
	case HK_DIV:
		/* 6.12's value for a zero divisor met at run time. */
		return b ? div64_u64(a, b) : -1;
	case HK_UMINUS:
		return -a;
	default:
		return 0;
	}
}

/* The timestamp units of an operand (a reference's, its variable's). */
static unsigned long ts_units(const struct hist_field *hf)
{
	return hf->flags & HF_TIMESTAMP_USECS;
}

static struct hist_field *parse_unary(struct hist_data *hd, char *str,
				      unsigned long flags, char *var_name,
				      unsigned int *n_subexprs)
{
	struct trace_array *tr = hd->file->tr;
	struct hist_field *e, *op;
	char *close;
	int err;

	if (++*n_subexprs > HIST_SUBEXPRS_MAX) {
		hist_err(tr, HIST_ERR_TOO_MANY_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	str++;
	if (!strchr(str, '('))
		return ERR_PTR(-EINVAL);
	str++;
	close = strrchr(str, ')');
	if (!close)
		return ERR_PTR(-EINVAL);
	if (close[1]) {
		hist_err(tr, HIST_ERR_UNARY_MINUS_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	*close = '\0';
	op = hist_parse_expr(hd, str, 0, NULL, n_subexprs);
	if (IS_ERR(op))
		return op;
	if (op->flags & HF_STRING) {
		hist_err(tr, HIST_ERR_INVALID_STR_OPERAND, str);
		hist_field_free(op);
		return ERR_PTR(-EINVAL);
	}
	e = field_new(flags | HF_EXPR, var_name);
	if (!e) {
		hist_field_free(op);
		return ERR_PTR(-ENOMEM);
	}
	e->flags |= op->flags & (HF_TIMESTAMP | HF_TIMESTAMP_USECS);
	e->kind = HK_UMINUS;
	e->operands[0] = op;
	e->size = op->size;
	e->is_signed = op->is_signed;
	e->type = op->type;
	err = expr_name(e);
	if (err) {
		hist_field_free(e);
		return ERR_PTR(err);
	}
	return e;
}

/**
 * hist_parse_expr() - parse a key, value or variable's expression
 * @hd: the table it belongs to (its event, its error_log)
 * @str: the text; cut up in place
 * @flags: HF_KEY for a key, else 0
 * @var_name: the variable it assigns, or NULL
 * @n_subexprs: operators met so far (start at 0)
 *
 * Return: the field, or an ERR_PTR() with the error logged.
 */
struct hist_field *hist_parse_expr(struct hist_data *hd, char *str,
				   unsigned long flags, char *var_name,
				   unsigned int *n_subexprs)
{
	struct trace_array *tr = hd->file->tr;
	struct hist_field *a, *b, *e;
	enum hist_kind op;
	char *sep = NULL, *rhs;
	int err = -EINVAL;

	if (*n_subexprs > HIST_SUBEXPRS_MAX) {
		hist_err(tr, HIST_ERR_TOO_MANY_SUBEXPR, str);
		return ERR_PTR(-EINVAL);
	}
	op = find_operator(str, &sep);
	if (op == HK_NONE)
		return parse_atom(hd, str, flags, var_name);
	if (op == HK_UMINUS)
		return parse_unary(hd, str, flags, var_name, n_subexprs);

	++*n_subexprs;
	*sep = '\0';
	rhs = sep + 1;
	if (!*str || !*rhs)
		return ERR_PTR(-EINVAL);
	a = hist_parse_expr(hd, str, 0, NULL, n_subexprs);
	if (IS_ERR(a))
		return a;
	if (a->flags & HF_STRING) {
		hist_err(tr, HIST_ERR_INVALID_STR_OPERAND, str);
		hist_field_free(a);
		return ERR_PTR(-EINVAL);
	}
	b = hist_parse_expr(hd, rhs, 0, NULL, n_subexprs);
	if (IS_ERR(b)) {
		hist_field_free(a);
		return b;
	}
	if (b->flags & HF_STRING) {
		hist_err(tr, HIST_ERR_INVALID_STR_OPERAND, rhs);
		goto fail;
	}
	if (ts_units(a) != ts_units(b)) {
		hist_err(tr, HIST_ERR_TIMESTAMP_MISMATCH, NULL);
		goto fail;
	}
	if (op == HK_DIV && (b->flags & HF_CONST) && !b->constant) {
		hist_err(tr, HIST_ERR_DIVISION_BY_ZERO, rhs);
		err = -EDOM;
		goto fail;
	}
	e = field_new(flags, var_name);
	if (!e) {
		err = -ENOMEM;
		goto fail;
	}
	e->flags |= a->flags & (HF_TIMESTAMP | HF_TIMESTAMP_USECS);
	e->size = sizeof(u64);
	e->type = "u64";
	if ((a->flags & HF_CONST) && (b->flags & HF_CONST)) {
		/* Constants fold: the expression is its value. */
		e->flags |= HF_CONST;
		e->kind = HK_CONST;
		e->constant = eval_op(op, a->constant, b->constant);
		hist_field_free(a);
		hist_field_free(b);
	} else {
		e->flags |= HF_EXPR;
		e->kind = op;
		e->operands[0] = a;
		e->operands[1] = b;
		e->size = a->size;
		e->is_signed = a->is_signed;
		e->type = a->type;
		/* An expression consumes the variables it reads. */
		if (a->kind == HK_VAR_REF)
			hd->var_refs[a->idx]->read_once = true;
		if (b->kind == HK_VAR_REF)
			hd->var_refs[b->idx]->read_once = true;
	}
	err = expr_name(e);
	if (err) {
		hist_field_free(e);
		return ERR_PTR(err);
	}
	return e;
fail:
	hist_field_free(a);
	hist_field_free(b);
	return ERR_PTR(err);
}

/**
 * hist_field_has_refs() - whether a field reads a variable
 * @hf: the field
 *
 * Return: true if it or one of its operands is a reference.
 */
bool hist_field_has_refs(const struct hist_field *hf)
{
	if (!hf)
		return false;
	if (hf->kind == HK_VAR_REF)
		return true;
	return hist_field_has_refs(hf->operands[0]) ||
	       hist_field_has_refs(hf->operands[1]);
}

/**
 * hist_field_drop_refs() - forget the variables @hd references
 * @hd: the table, going away
 */
void hist_field_drop_refs(struct hist_data *hd)
{
	unsigned int i;

	for (i = 0; i < hd->n_var_refs; i++) {
		struct hist_field *ref = hd->var_refs[i];

		if (ref->ref_data != hd)
			ref->ref_data->users--;
		hist_field_free(ref);
		hd->var_refs[i] = NULL;
	}
	hd->n_var_refs = 0;
}

/* ---- the hit path ------------------------------------------------------- */

static const char *field_string(const struct hist_field *hf, void *rec)
{
	const struct trace_event_fields *f = hf->field;
	u32 loc;

	switch (hf->kind) {
	case HK_STR_STATIC:
		return rec + f->offset;
	case HK_STR_DYN:
		loc = *(u32 *)(rec + f->offset);
		return rec + (loc & 0xffff);
	case HK_STR_REL:
		loc = *(u32 *)(rec + f->offset);
		return rec + f->offset + sizeof(u32) + (loc & 0xffff);
	default:
		return "";
	}
}

/**
 * hist_field_value() - a field's value at a hit
 * @hf: the field
 * @hit: the hit
 *
 * Return: the value: an integer, or for a string the address of its
 * text, for a stack the address of its entries.  Any context.
 */
u64 hist_field_value(const struct hist_field *hf, struct hist_hit *hit)
{
	void *p = hit->rec + (hf->field ? hf->field->offset : 0);
	u64 v;

	switch (hf->kind) {
	case HK_U8:
		return *(u8 *)p;
	case HK_S8:
		return (s64)*(s8 *)p;
	case HK_U16:
		return *(u16 *)p;
	case HK_S16:
		return (s64)*(s16 *)p;
	case HK_U32:
		return *(u32 *)p;
	case HK_S32:
		return (s64)*(s32 *)p;
	case HK_U64:
		return *(u64 *)p;
	case HK_STR_STATIC:
	case HK_STR_DYN:
	case HK_STR_REL:
		return (unsigned long)field_string(hf, hit->rec);
	case HK_STACK_DYN:
		return (unsigned long)(hit->rec + (*(u32 *)p & 0xffff));
	case HK_CONST:
		return hf->constant;
	case HK_HITCOUNT:
		return 1;
	case HK_TIMESTAMP:
		return hit->ts;
	case HK_CPU:
		return raw_smp_processor_id();
	case HK_COMM:
		return (unsigned long)current->comm;
	case HK_VAR_REF:
		return hit->refs[hf->idx];
	case HK_LOG2:
		v = hist_field_value(hf->operands[0], hit);
		return v ? ilog2(roundup_pow_of_two(v)) : 0;
	case HK_BUCKET:
		v = hist_field_value(hf->operands[0], hit);
		return div64_u64(v, hf->buckets) * hf->buckets;
	case HK_UMINUS:
		return -hist_field_value(hf->operands[0], hit);
	case HK_PLUS:
	case HK_MINUS:
	case HK_MULT:
	case HK_DIV:
		return eval_op(hf->kind, hist_field_value(hf->operands[0], hit),
			       hist_field_value(hf->operands[1], hit));
	default:
		return 0;
	}
}

/* ---- names and text ----------------------------------------------------- */

/**
 * hist_field_name() - a field's name as the hist files print it
 * @hf: the field
 *
 * Return: the event field's name, the special field's, the expression's
 * text, or the referenced variable's (sys.event.$var when qualified).
 * Context: trace_types_lock (a qualified name is built in one buffer).
 */
const char *hist_field_name(const struct hist_field *hf)
{
	static char full[MAX_FILTER_STR_VAL];

	if (hf->field)
		return hf->field->name;
	if ((hf->flags & (HF_LOG2 | HF_BUCKET)) && hf->operands[0])
		return hist_field_name(hf->operands[0]);
	if (hf->flags & HF_CPU)
		return "common_cpu";
	if (hf->flags & (HF_EXPR | HF_VAR_REF | HF_ALIAS)) {
		if (hf->system) {
			snprintf(full, sizeof(full),
				 hf->flags & HF_VAR_REF ? "%s.%s.$%s" : "%s.%s.%s",
				 hf->system, hf->event_name, hf->name);
			return full;
		}
		return hf->name ?: "";
	}
	if (hf->flags & HF_TIMESTAMP)
		return "common_timestamp";
	if (hf->flags & HF_STACKTRACE)
		return "common_stacktrace";
	if (hf->flags & HF_HITCOUNT)
		return "hitcount";
	return "";
}

/**
 * hist_field_modifier() - the modifier a field was written with
 * @hf: the field
 *
 * Return: "hex", "sym", ... (6.12's order when several apply), or NULL.
 */
const char *hist_field_modifier(const struct hist_field *hf)
{
	static const struct {
		unsigned long	flag;
		const char	*name;
	} mods[] = {
		{ HF_HEX, "hex" },
		{ HF_SYM, "sym" },
		{ HF_SYM_OFFSET, "sym-offset" },
		{ HF_EXECNAME, "execname" },
		{ HF_SYSCALL, "syscall" },
		{ HF_LOG2, "log2" },
		{ HF_BUCKET, "buckets" },
		{ HF_TIMESTAMP_USECS, "usecs" },
		{ HF_PERCENT, "percent" },
		{ HF_GRAPH, "graph" },
		{ HF_STACKTRACE, "stacktrace" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(mods); i++)
		if (hf->flags & mods[i].flag)
			return mods[i].name;
	return NULL;
}

/**
 * hist_field_print() - a field as the trigger line writes it
 * @m: where to
 * @hf: the field: "[var=]name[.modifier][=buckets]"
 */
void hist_field_print(struct seq_file *m, const struct hist_field *hf)
{
	const char *mod;

	if (hf->var_name)
		seq_printf(m, "%s=", hf->var_name);
	if (hf->flags & HF_CPU) {
		seq_puts(m, "common_cpu");
	} else if (hf->flags & HF_CONST) {
		seq_printf(m, "%llu", hf->constant);
	} else {
		if ((hf->flags & (HF_VAR_REF | HF_ALIAS)) && !hf->system)
			seq_putc(m, '$');
		seq_puts(m, hist_field_name(hf));
	}
	if (hf->flags && !(hf->flags & (HF_VAR_REF | HF_EXPR | HF_STACKTRACE))) {
		mod = hist_field_modifier(hf);
		if (mod)
			seq_printf(m, ".%s", mod);
	}
	if (hf->buckets)
		seq_printf(m, "=%lu", hf->buckets);
}

#ifdef CONFIG_HIST_TRIGGERS_DEBUG
/**
 * hist_field_debug() - one field's block of hist_debug, as 6.12 words it
 * @m: the file
 * @hf: the field
 */
void hist_field_debug(struct seq_file *m, const struct hist_field *hf)
{
	seq_puts(m, "      flags:\n");
	if (hf->flags & HF_KEY)
		seq_puts(m, "        HIST_FIELD_FL_KEY\n");
	else if (hf->flags & HF_HITCOUNT)
		seq_puts(m, "        VAL: HIST_FIELD_FL_HITCOUNT\n");
	else if (hf->flags & HF_VAR)
		seq_puts(m, "        HIST_FIELD_FL_VAR\n");
	else if (hf->flags & HF_VAR_REF)
		seq_puts(m, "        HIST_FIELD_FL_VAR_REF\n");
	else
		seq_puts(m, "        VAL: normal u64 value\n");
	if (hf->flags & HF_ALIAS)
		seq_puts(m, "        HIST_FIELD_FL_ALIAS\n");
	else if (hf->flags & HF_CONST)
		seq_puts(m, "        HIST_FIELD_FL_CONST\n");
	if (hf->field)
		seq_printf(m, "      ftrace_event_field name: %s\n",
			   hf->field->name);
	if (hf->flags & HF_VAR) {
		seq_printf(m, "      var.name: %s\n", hf->var_name);
		seq_printf(m, "      var.idx (into tracing_map_elt.vars[]): %u\n",
			   hf->idx);
	}
	if (hf->flags & HF_CONST)
		seq_printf(m, "      constant: %llu\n", hf->constant);
	if (hf->flags & HF_ALIAS)
		seq_printf(m, "      var_ref_idx (into hist_data->var_refs[]): %u\n",
			   hf->idx);
	if (hf->flags & HF_VAR_REF) {
		seq_printf(m, "      name: %s\n", hf->name);
		seq_printf(m, "      var.idx (into tracing_map_elt.vars[]): %u\n",
			   hf->ref_var);
		seq_printf(m, "      var.hist_data: %p\n", hf->ref_data);
		seq_printf(m, "      var_ref_idx (into hist_data->var_refs[]): %u\n",
			   hf->idx);
		if (hf->system)
			seq_printf(m, "      system: %s\n", hf->system);
		if (hf->event_name)
			seq_printf(m, "      event_name: %s\n", hf->event_name);
	}
	seq_printf(m, "      type: %s\n", hf->type ?: "");
	seq_printf(m, "      size: %u\n", hf->size);
	seq_printf(m, "      is_signed: %u\n", hf->is_signed);
}
#endif
