// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: "hist:keys=...[:vals=...][:sort=...][:size=N]
 * [:name=...][:clock=...][:var=expr...][:nohitcount][:pause|cont|clear]
 * [:handler.action...] [if filter]" in an event's trigger file, with
 * Linux 6.12's grammar, limits and error_log lines, and the
 * enable_hist/disable_hist commands that pause and continue them.
 *
 * A trigger is parsed into a table (&struct hist_data: its keys, values
 * and variables as &struct hist_field trees, its sort keys) that counts
 * into a tracing map.  Everything is made and checked before the
 * trigger is added, so that a bad line leaves nothing behind.  Triggers
 * with the same name= share one map, each with its own fields.
 *
 * The hit path (hist_fire()) runs in the event's probe, any context:
 * the key is built in a per-CPU pad, the variables other tables hold
 * for that key are read, then the element is found or taken and its
 * sums and variables updated.  It neither allocates nor locks.
 */
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "trace_hist.h"
#include "trace_synth.h"

static struct event_command hist_cmd;

/* ---- the words of a trigger -------------------------------------------- */

static void attrs_free(struct hist_attrs *a)
{
	unsigned int i;

	if (!a)
		return;
	for (i = 0; i < a->n_assign; i++)
		kfree(a->assign[i]);
	for (i = 0; i < a->n_vars; i++) {
		kfree(a->var_names[i]);
		kfree(a->var_exprs[i]);
	}
	for (i = 0; i < a->n_actions; i++)
		kfree(a->actions[i]);
	kfree(a->keys);
	kfree(a->vals);
	kfree(a->sort);
	kfree(a->name);
	kfree(a->clock);
	kfree(a);
}

/* size=N: the map's bits, 2^7..2^17 elements after rounding up. */
static int parse_size(const char *s)
{
	unsigned long n;
	unsigned int bits;

	if (kstrtoul(s, 0, &n) || !n || n > (1UL << TRACING_MAP_BITS_MAX))
		return -EINVAL;
	bits = ilog2(roundup_pow_of_two(n));
	if (bits < TRACING_MAP_BITS_MIN || bits > TRACING_MAP_BITS_MAX)
		return -EINVAL;
	return bits;
}

static int dup_to(char **to, const char *s)
{
	kfree(*to);
	*to = kstrdup(s, GFP_KERNEL);
	return *to ? 0 : -ENOMEM;
}

/* The words that take a list, and where the list goes. */
static char **list_word(struct hist_attrs *a, const char *str, int *len)
{
	static const struct {
		const char	*word;
		size_t		to;
	} words[] = {
		{ "key=", offsetof(struct hist_attrs, keys) },
		{ "keys=", offsetof(struct hist_attrs, keys) },
		{ "val=", offsetof(struct hist_attrs, vals) },
		{ "vals=", offsetof(struct hist_attrs, vals) },
		{ "values=", offsetof(struct hist_attrs, vals) },
		{ "sort=", offsetof(struct hist_attrs, sort) },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(words); i++) {
		*len = str_has_prefix(str, words[i].word);
		if (*len)
			return (void *)a + words[i].to;
	}
	return NULL;
}

/* One "word=value" of the trigger. */
static int parse_assignment(struct trace_array *tr, struct hist_attrs *a,
			    char *str)
{
	char **list;
	int len, bits;

	list = list_word(a, str, &len);
	if (list)
		return dup_to(list, str + len);
	if (str_has_prefix(str, "name="))
		return dup_to(&a->name, str);
	if (str_has_prefix(str, "clock="))
		return dup_to(&a->clock, strstrip(str + 6));
	if (str_has_prefix(str, "size=")) {
		bits = parse_size(str + 5);
		if (bits < 0)
			return bits;
		a->map_bits = bits;
		return 0;
	}
	if (a->n_assign == HIST_VARS_MAX) {
		hist_err(tr, HIST_ERR_TOO_MANY_VARS, str);
		return -EINVAL;
	}
	a->assign[a->n_assign] = kstrdup(str, GFP_KERNEL);
	if (!a->assign[a->n_assign])
		return -ENOMEM;
	a->n_assign++;
	return 0;
}

/* The variables of the name=expr words, each word a comma list. */
static int split_vars(struct trace_array *tr, struct hist_attrs *a)
{
	char *copy, *rest, *def, *name;
	unsigned int i;
	int ret = 0;

	for (i = 0; i < a->n_assign && !ret; i++) {
		copy = kstrdup(a->assign[i], GFP_KERNEL);
		if (!copy)
			return -ENOMEM;
		rest = copy;
		while ((def = strsep(&rest, ","))) {
			name = strsep(&def, "=");
			if (!def) {
				hist_err(tr, HIST_ERR_MALFORMED_ASSIGNMENT, name);
				ret = -EINVAL;
				break;
			}
			if (a->n_vars == HIST_VARS_MAX) {
				hist_err(tr, HIST_ERR_TOO_MANY_VARS, name);
				ret = -EINVAL;
				break;
			}
			a->var_names[a->n_vars] = kstrdup(name, GFP_KERNEL);
			a->var_exprs[a->n_vars] = kstrdup(def, GFP_KERNEL);
			if (!a->var_names[a->n_vars] || !a->var_exprs[a->n_vars]) {
				kfree(a->var_names[a->n_vars]);
				kfree(a->var_exprs[a->n_vars]);
				ret = -ENOMEM;
				break;
			}
			a->n_vars++;
		}
		kfree(copy);
	}
	return ret;
}

static struct hist_attrs *parse_attrs(struct trace_array *tr, char *str)
{
	struct hist_attrs *a = kzalloc(sizeof(*a), GFP_KERNEL);
	char *word, *eq;
	int ret = 0;

	if (!a)
		return ERR_PTR(-ENOMEM);
	while (str && !ret) {
		word = strsep(&str, ":");
		eq = strchr(word, '=');
		if (eq) {
			if (!eq[1]) {
				hist_err(tr, HIST_ERR_EMPTY_ASSIGNMENT, word);
				ret = -EINVAL;
			} else {
				ret = parse_assignment(tr, a, word);
			}
		} else if (!strcmp(word, "nohitcount") || !strcmp(word, "NOHC")) {
			a->no_hitcount = true;
		} else if (!strcmp(word, "pause")) {
			a->pause = true;
		} else if (!strcmp(word, "cont") || !strcmp(word, "continue")) {
			a->cont = true;
		} else if (!strcmp(word, "clear")) {
			a->clear = true;
		} else if (a->n_actions < HIST_ACTIONS_MAX &&
			   (str_has_prefix(word, "onmatch(") ||
			    str_has_prefix(word, "onmax(") ||
			    str_has_prefix(word, "onchange("))) {
			a->actions[a->n_actions] = kstrdup(word, GFP_KERNEL);
			if (!a->actions[a->n_actions])
				ret = -ENOMEM;
			else
				a->n_actions++;
		} else {
			ret = -EINVAL;
		}
	}
	if (!ret && !a->keys)
		ret = -EINVAL;
	if (!ret && !a->clock)
		ret = dup_to(&a->clock, "global");
	if (ret) {
		attrs_free(a);
		return ERR_PTR(ret);
	}
	return a;
}

/* ---- the table ----------------------------------------------------------- */

static void hist_data_free(struct hist_data *hd);

/*
 * A value or a variable: 6.12 refuses some modifiers on each (with the
 * error pointing at the whole field).
 */
static int add_val(struct hist_data *hd, char *text, char *var_name)
{
	struct trace_array *tr = hd->file->tr;
	unsigned int n_sub = 0;
	struct hist_field *hf;
	unsigned long bad;
	char *copy;

	copy = kstrdup(text, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	hf = hist_parse_expr(hd, copy, 0, var_name, &n_sub);
	kfree(copy);
	if (IS_ERR(hf))
		return PTR_ERR(hf);
	if (var_name)
		bad = HF_GRAPH | HF_PERCENT | HF_BUCKET | HF_LOG2;
	else
		bad = HF_BUCKET | HF_LOG2 | HF_SYM | HF_SYM_OFFSET |
		      HF_SYSCALL | HF_STACKTRACE;
	if (hf->flags & bad) {
		hist_err(tr, HIST_ERR_BAD_FIELD_MODIFIER, text);
		hist_field_free(hf);
		return -EINVAL;
	}
	if (var_name) {
		hf->idx = hd->n_vars++;
		/* Text and stacks are kept in the element, not the record. */
		if ((hf->flags & (HF_STRING | HF_STACKTRACE)) &&
		    !(hf->flags & HF_ALIAS))
			hf->str_idx = hd->n_str_vars++;
	}
	hd->fields[hd->n_vals++] = hf;
	hd->n_fields++;
	return 0;
}

static int create_vals(struct hist_data *hd)
{
	struct hist_attrs *a = hd->attrs;
	struct hist_field *hc;
	char *list, *rest, *word;
	unsigned int i, n = 1, n_hitcount = 0;
	int ret = 0;

	hc = kzalloc(sizeof(*hc), GFP_KERNEL);
	if (!hc)
		return -ENOMEM;
	hc->flags = HF_HITCOUNT;
	hc->kind = HK_HITCOUNT;
	hc->size = sizeof(u64);
	hc->type = "u64";
	hd->fields[hd->n_vals++] = hc;
	hd->n_fields++;

	list = a->vals ? kstrdup(a->vals, GFP_KERNEL) : NULL;
	rest = list;
	if (a->vals && !list)
		return -ENOMEM;
	for (i = 0; rest && i < HIST_VALS_MAX && n < HIST_VALS_MAX; i++) {
		word = strsep(&rest, ",");
		if (!strcmp(word, "hitcount") && !n_hitcount++)
			continue;
		ret = add_val(hd, word, NULL);
		if (ret)
			break;
		n++;
	}
	if (!ret && rest && strcmp(rest, "hitcount"))
		ret = -EINVAL;
	kfree(list);
	if (n == 1 && a->no_hitcount) {
		hist_err(hd->file->tr, HIST_ERR_NEED_NOHC_VAL, NULL);
		ret = -ENOENT;
	}
	return ret;
}

/* Whether a variable of that name is defined on @hd's event already. */
static bool var_defined(struct hist_data *hd, const char *name)
{
	struct event_trigger *t;

	if (hist_data_var(hd, name))
		return true;
	for_each_event_trigger(t, hd->file)
		if (t->cmd == &hist_cmd && hist_data_var(t->data, name))
			return true;
	return false;
}

static int create_vars(struct hist_data *hd)
{
	struct hist_attrs *a = hd->attrs;
	unsigned int i;
	int ret;

	for (i = 0; i < a->n_vars; i++) {
		if (!hd->remove && var_defined(hd, a->var_names[i])) {
			hist_err(hd->file->tr, HIST_ERR_DUPLICATE_VAR,
				 a->var_names[i]);
			return -EINVAL;
		}
		ret = add_val(hd, a->var_exprs[i], a->var_names[i]);
		if (ret)
			return ret;
	}
	return 0;
}

static int add_key(struct hist_data *hd, char *text)
{
	unsigned int n_sub = 0, size;
	struct hist_field *hf;
	char *copy;

	if (!strcmp(text, "stacktrace")) {
		hf = kzalloc(sizeof(*hf), GFP_KERNEL);
		if (!hf)
			return -ENOMEM;
		hf->flags = HF_KEY | HF_STACKTRACE;
		hf->kind = HK_STACK;
		hf->size = HIST_STACK_SIZE;
		hf->type = "unsigned long[]";
	} else {
		copy = kstrdup(text, GFP_KERNEL);
		if (!copy)
			return -ENOMEM;
		hf = hist_parse_expr(hd, copy, HF_KEY, NULL, &n_sub);
		kfree(copy);
		if (IS_ERR(hf))
			return PTR_ERR(hf);
		if (hist_field_has_refs(hf)) {
			hist_err(hd->file->tr, HIST_ERR_INVALID_REF_KEY, text);
			hist_field_free(hf);
			return -EINVAL;
		}
	}
	hf->flags |= HF_KEY;
	size = ALIGN(hf->size, sizeof(u64));
	hf->size = size;
	hf->offset = hd->key_size;
	hd->fields[hd->n_fields++] = hf;
	hd->n_keys++;
	hd->key_size += size;
	return hd->key_size > HIST_KEY_SIZE_MAX ? -EINVAL : 0;
}

static int create_keys(struct hist_data *hd)
{
	char *list, *rest, *word;
	int ret = 0;

	list = kstrdup(hd->attrs->keys, GFP_KERNEL);
	rest = list;
	if (!list)
		return -ENOMEM;
	while (rest && hd->n_keys < HIST_KEYS_MAX && !ret) {
		word = strsep(&rest, ",");
		ret = add_key(hd, word);
	}
	if (!ret && rest)
		ret = -EINVAL;
	kfree(list);
	return ret;
}

/* "descending", "ascending" or nothing after a sort field's dot. */
static int sort_order(struct trace_array *tr, const char *mod)
{
	if (!mod || !strcmp(mod, "ascending"))
		return 0;
	if (!strcmp(mod, "descending"))
		return 1;
	hist_err(tr, HIST_ERR_INVALID_SORT_MODIFIER, mod);
	return -EINVAL;
}

static int create_sort_keys(struct hist_data *hd)
{
	struct trace_array *tr = hd->file->tr;
	char *list, *rest, *word, *name;
	unsigned int i, j, k;
	int order, ret = 0;

	hd->sort_keys[0].field = hd->fields[0];
	hd->n_sort_keys = 1;
	if (!hd->attrs->sort)
		return 0;
	list = kstrdup(hd->attrs->sort, GFP_KERNEL);
	rest = list;
	if (!list)
		return -ENOMEM;
	for (i = 0; i < HIST_SORT_KEYS_MAX; i++) {
		struct hist_sort_key *sk = &hd->sort_keys[i];

		word = strsep(&rest, ",");
		if (!word)
			break;
		if (!*word) {
			hist_err(tr, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
			ret = -EINVAL;
			break;
		}
		if (i == HIST_SORT_KEYS_MAX - 1 && rest) {
			hist_err(tr, HIST_ERR_TOO_MANY_SORT_FIELDS, "sort=");
			ret = -EINVAL;
			break;
		}
		name = strsep(&word, ".");
		if (!*name) {
			hist_err(tr, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
			ret = -EINVAL;
			break;
		}
		sk->idx = 0;
		sk->field = hd->fields[0];
		if (strcmp(name, "hitcount")) {
			/* 6.12 numbers the values, then the keys, no variables. */
			for (j = 1, k = 1; j < hd->n_fields; j++) {
				if (hd->fields[j]->flags & HF_VAR)
					continue;
				if (!strcmp(name, hist_field_name(hd->fields[j])))
					break;
				k++;
			}
			if (j == hd->n_fields) {
				hist_err(tr, HIST_ERR_INVALID_SORT_FIELD, name);
				ret = -EINVAL;
				break;
			}
			sk->idx = k;
			sk->field = hd->fields[j];
		}
		order = sort_order(tr, word);
		if (order < 0) {
			ret = order;
			break;
		}
		sk->descending = order;
	}
	if (!ret)
		hd->n_sort_keys = i ?: 1;
	kfree(list);
	return ret;
}

static struct hist_data *hist_data_create(struct hist_attrs *attrs,
					  struct trace_event_file *file,
					  bool remove)
{
	struct hist_data *hd;
	int ret;

	hd = kzalloc(sizeof(*hd), GFP_KERNEL);
	if (!hd) {
		attrs_free(attrs);
		return ERR_PTR(-ENOMEM);
	}
	hd->attrs = attrs;
	hd->file = file;
	hd->remove = remove;
	hd->refcnt = 1;
	INIT_LIST_HEAD(&hd->var_list);
	ret = hist_actions_parse(hd);
	if (!ret)
		ret = split_vars(file->tr, attrs);
	if (!ret)
		ret = create_vals(hd);
	if (!ret)
		ret = create_vars(hd);
	if (!ret)
		ret = create_keys(hd);
	if (!ret)
		ret = create_sort_keys(hd);
	if (ret) {
		hist_data_free(hd);
		return ERR_PTR(ret);
	}
	return hd;
}

/* ---- maps, shared by name= ---------------------------------------------- */

static LIST_HEAD(hist_named_maps);

static int hist_elt_alloc(struct tracing_map_elt *elt)
{
	struct hist_map *hm = tracing_map_ops_data(elt->map);
	struct hist_elt *he = kzalloc(sizeof(*he), GFP_KERNEL);

	if (!he)
		return -ENOMEM;
	if (hm->n_str)
		he->strs = kcalloc(hm->n_str, HIST_STR_VAR_LEN, GFP_KERNEL);
	if (hm->action_size)
		he->action = kzalloc(hm->action_size, GFP_KERNEL);
	if ((hm->n_str && !he->strs) || (hm->action_size && !he->action)) {
		kfree(he->strs);
		kfree(he);
		return -ENOMEM;
	}
	elt->private_data = he;
	return 0;
}

static void hist_elt_free(struct tracing_map_elt *elt)
{
	struct hist_elt *he = elt->private_data;

	if (!he)
		return;
	kfree(he->strs);
	kfree(he->action);
	kfree(he);
	elt->private_data = NULL;
}

/* A new key: remember who took it (.execname prints its name). */
static void hist_elt_init(struct tracing_map_elt *elt)
{
	struct hist_map *hm = tracing_map_ops_data(elt->map);
	struct hist_elt *he = elt->private_data;
	struct task_struct *p = current;

	if (!he)
		return;
	/* What the actions kept for an earlier key of this element goes. */
	if (he->action)
		memset(he->action, 0, hm->action_size);
	if (!p->pid)
		strscpy(he->comm, "<idle>", sizeof(he->comm));
	else
		strscpy(he->comm, p->comm, sizeof(he->comm));
}

static const struct tracing_map_ops hist_map_ops = {
	.elt_alloc	= hist_elt_alloc,
	.elt_free	= hist_elt_free,
	.elt_init	= hist_elt_init,
};

static struct hist_map *named_map(const char *name)
{
	struct hist_map *hm;

	list_for_each_entry(hm, &hist_named_maps, list)
		if (!strcmp(hm->name, name))
			return hm;
	return NULL;
}

static void hist_map_put(struct hist_map *hm)
{
	if (!hm || --hm->refs)
		return;
	if (hm->name)
		list_del(&hm->list);
	tracing_map_destroy(hm->map);
	kfree(hm->name);
	kfree(hm);
}

static int hist_map_create(struct hist_data *hd)
{
	unsigned int bits = hd->attrs->map_bits ?: TRACING_MAP_BITS_DEFAULT;
	unsigned int n_sums = hd->n_vals - hd->n_vars, i, s = 0;
	struct hist_map *hm;

	hm = kzalloc(sizeof(*hm), GFP_KERNEL);
	if (!hm)
		return -ENOMEM;
	INIT_LIST_HEAD(&hm->list);
	INIT_LIST_HEAD(&hm->tables);
	hm->refs = 1;
	hm->bits = bits;
	hm->n_str = hd->n_str_vars;
	hm->action_size = hist_actions_elt_size(hd);
	if (hd->attrs->name) {
		hm->name = kstrdup(hd->attrs->name + 5, GFP_KERNEL);
		if (!hm->name) {
			kfree(hm);
			return -ENOMEM;
		}
	}
	hm->map = tracing_map_create(bits, hd->key_size, n_sums, hd->n_vars,
				     &hist_map_ops, hm);
	if (IS_ERR_OR_NULL(hm->map)) {
		int ret = hm->map ? PTR_ERR(hm->map) : -ENOMEM;

		kfree(hm->name);
		kfree(hm);
		return ret;
	}
	/* Sums in the order of the values, hitcount first. */
	for_each_hist_val(i, hd)
		if (!(hd->fields[i]->flags & HF_VAR))
			hd->fields[i]->idx = s++;
	hd->hmap = hm;
	return 0;
}

/*
 * Drop a reference to a table; the last frees it.  Tables whose
 * variables it reads are held until then (their triggers may be gone).
 */
static void hist_data_put(struct hist_data *hd)
{
	struct hist_data *held[HIST_VAR_REFS_MAX];
	unsigned int i, n = 0;

	if (!hd || --hd->refcnt)
		return;
	for (i = 0; i < hd->n_var_refs; i++)
		if (hd->var_refs[i]->ref_data != hd)
			held[n++] = hd->var_refs[i]->ref_data;
	hist_actions_free(hd);
	if (hd->map_entry.next)
		list_del(&hd->map_entry);
	hist_field_drop_refs(hd);
	for (i = 0; i < hd->n_fields; i++)
		hist_field_free(hd->fields[i]);
	hist_map_put(hd->hmap);
	attrs_free(hd->attrs);
	kfree(hd);
	for (i = 0; i < n; i++)
		hist_data_put(held[i]);
}

static void hist_data_free(struct hist_data *hd)
{
	hist_data_put(hd);
}

/* ---- matching triggers -------------------------------------------------- */

static bool same_field(const struct hist_field *a, const struct hist_field *b)
{
	if (a->flags != b->flags || a->size != b->size ||
	    a->offset != b->offset || a->is_signed != b->is_signed)
		return false;
	if (!!a->field != !!b->field)
		return false;
	if (a->field && (strcmp(a->field->name, b->field->name) ||
			 strcmp(a->field->type, b->field->type) ||
			 a->field->size != b->field->size ||
			 a->field->is_signed != b->field->is_signed))
		return false;
	if (!!a->var_name != !!b->var_name)
		return false;
	return !a->var_name || !strcmp(a->var_name, b->var_name);
}

static const char *hd_name(const struct hist_data *hd)
{
	return hd->attrs->name;
}

/*
 * Whether @hd (being parsed, with @filter) describes the table @th (with
 * @th_filter): the same fields, sort keys, name, actions and (unless
 * @any_filter) filter.
 */
static bool tables_match(struct hist_data *hd, const char *filter,
			 struct hist_data *th, const char *th_filter,
			 bool any_filter)
{
	unsigned int i;

	if (!!hd_name(hd) != !!hd_name(th) ||
	    (hd_name(hd) && strcmp(hd_name(hd), hd_name(th))))
		return false;
	if (hd->n_vals != th->n_vals || hd->n_fields != th->n_fields ||
	    hd->n_sort_keys != th->n_sort_keys)
		return false;
	if (!any_filter && (!!filter != !!th_filter ||
			    (filter && strcmp(filter, th_filter))))
		return false;
	for (i = 0; i < hd->n_fields; i++)
		if (!same_field(hd->fields[i], th->fields[i]))
			return false;
	for (i = 0; i < hd->n_sort_keys; i++)
		if (hd->sort_keys[i].idx != th->sort_keys[i].idx ||
		    hd->sort_keys[i].descending != th->sort_keys[i].descending)
			return false;
	return hist_actions_match(hd, th);
}

static struct event_trigger *find_match(struct hist_data *hd,
					const char *filter)
{
	struct event_trigger *t;

	for_each_event_trigger(t, hd->file)
		if (t->cmd == &hist_cmd &&
		    tables_match(hd, filter, t->data, t->filter_text, false))
			return t;
	return NULL;
}

/* A named table's fields must match those already sharing its map. */
static bool named_compatible(struct hist_data *hd, struct hist_map *hm)
{
	struct hist_data *th;

	th = list_first_entry_or_null(&hm->tables, struct hist_data,
				      map_entry);
	return !th || tables_match(hd, NULL, th, NULL, true);
}

/* ---- the hit path -------------------------------------------------------- */

/*
 * Room for one hit's key and references.  A hit can nest in another on
 * the same CPU (an interrupt, or a synthetic event an action fires):
 * each level takes the next pad.
 */
#define HIST_PADS	8

struct hist_pad {
	u64	key[HIST_KEY_SIZE_MAX / sizeof(u64)];
	u64	refs[HIST_VAR_REFS_MAX];
	u64	args[SYNTH_FIELDS_MAX];
};

struct hist_pads {
	unsigned int	depth;
	struct hist_pad	pad[HIST_PADS];
};

static struct hist_pads __percpu *hist_pads;

static struct hist_pad *pad_get(void)
{
	struct hist_pads *p = this_cpu_ptr(hist_pads);
	unsigned int d = this_cpu_inc_return(hist_pads->depth);

	if (d > HIST_PADS)
		return NULL;
	return &p->pad[d - 1];
}

static void pad_put(void)
{
	this_cpu_dec(hist_pads->depth);
}

static void key_add_string(void *slot, const struct hist_field *hf,
			   const char *s, void *rec)
{
	unsigned int len = hf->size - 1;

	/* The record's text need not end in a NUL: bound it. */
	if (hf->kind == HK_STR_DYN)
		len = min(len, *(u32 *)(rec + hf->field->offset) >> 16);
	else if (hf->kind == HK_STR_STATIC)
		len = min_t(unsigned int, len, hf->field->size);
	strscpy(slot, s, len + 1);
}

static void *make_key(struct hist_data *hd, struct hist_hit *hit,
		      struct hist_pad *pad)
{
	void *key = pad->key;
	unsigned int i;

	/*
	 * A number fills its whole u64 slot; a text or a stack may not fill
	 * its own, and the key is compared and hashed whole: those slots
	 * are cleared first.
	 */
	for_each_hist_key(i, hd) {
		struct hist_field *hf = hd->fields[i];
		void *slot = key + hf->offset;
		u64 v;

		if (hf->kind == HK_STACK) {
			memset(slot, 0, hf->size);
			stack_trace_save(slot, HIST_STACK_DEPTH, HIST_STACK_SKIP);
			continue;
		}
		v = hist_field_value(hf, hit);
		if (hf->kind == HK_STACK_DYN) {
			u32 loc = *(u32 *)(hit->rec + hf->field->offset);

			memset(slot, 0, hf->size);
			memcpy(slot, (void *)(unsigned long)v,
			       min_t(u32, loc >> 16, HIST_STACK_SIZE));
		} else if (hf->flags & HF_STRING) {
			memset(slot, 0, hf->size);
			key_add_string(slot, hf, (const char *)(unsigned long)v,
				       hit->rec);
		} else {
			*(u64 *)slot = v;
		}
	}
	return key;
}

/*
 * Read the variables @hd's references name, for this key: the other
 * tables' before the hit (@self false), its own after it.  A variable
 * an expression reads is consumed.  False if one is not set.
 */
static bool resolve_refs(struct hist_data *hd, void *key,
			 struct hist_hit *hit, bool self)
{
	struct tracing_map_elt *elt;
	unsigned int i;

	for (i = 0; i < hd->n_var_refs; i++) {
		struct hist_field *ref = hd->var_refs[i];
		struct hist_data *vd = ref->ref_data;
		bool own = vd == hd;

		if (own != self)
			continue;
		elt = tracing_map_lookup(vd->hmap->map, key);
		if (!elt)
			return false;
		if (!self && ref->read_once) {
			if (!tracing_map_take_var(elt, ref->ref_var,
						  &hit->refs[i]))
				return false;
		} else {
			if (!tracing_map_var_is_set(elt, ref->ref_var))
				return false;
			hit->refs[i] = tracing_map_read_var(elt, ref->ref_var);
		}
	}
	return true;
}

/*
 * A string or stack variable's value kept in @room: the text, or the
 * stack's entries ending with a 0.  Returns the address of the copy.
 */
static u64 keep_in_elt(const struct hist_field *hf, char *room, u64 v,
		       struct hist_hit *hit)
{
	unsigned long *stack = (unsigned long *)room;
	unsigned int n, max = HIST_STR_VAR_LEN / sizeof(long) - 1;

	if (hf->kind == HK_STACK) {
		n = stack_trace_save(stack, min_t(unsigned int, max,
						  HIST_STACK_DEPTH),
				     HIST_STACK_SKIP);
		stack[n] = 0;
	} else if (hf->kind == HK_STACK_DYN) {
		u32 loc = *(u32 *)(hit->rec + hf->field->offset);

		n = min_t(unsigned int, (loc >> 16) / sizeof(long), max);
		memcpy(stack, (void *)(unsigned long)v, n * sizeof(long));
		stack[n] = 0;
	} else {
		strscpy(room, (const char *)(unsigned long)v, HIST_STR_VAR_LEN);
	}
	return (unsigned long)room;
}

static void update_elt(struct hist_data *hd, struct hist_hit *hit)
{
	struct tracing_map_elt *elt = hit->elt;
	struct hist_elt *he = elt->private_data;
	unsigned int i;

	for_each_hist_val(i, hd) {
		struct hist_field *hf = hd->fields[i];
		u64 v = hist_field_value(hf, hit);

		if (!(hf->flags & HF_VAR)) {
			tracing_map_add_sum(elt, hf->idx, v);
			continue;
		}
		if ((hf->flags & (HF_STRING | HF_STACKTRACE)) &&
		    !(hf->flags & HF_ALIAS) && he && he->strs) {
			/* The text goes with the element, not the record. */
			v = keep_in_elt(hf, he->strs[hf->str_idx], v, hit);
		}
		tracing_map_set_var(elt, hf->idx, v);
	}
}

static u64 hist_now(struct hist_data *hd, struct trace_buffer *buffer)
{
	struct trace_array *tr = hd->file->tr;
	u64 ts = ring_buffer_time_stamp(buffer ?: tr->buffer);

	if (hd->ts_in_usecs && trace_clock_in_ns_for(tr))
		ts = div_u64(ts + 500, NSEC_PER_USEC);
	return ts;
}

static void hist_fire(struct event_trigger *trigger, void *rec,
		      struct trace_buffer *buffer)
{
	struct hist_data *hd = trigger->data;
	struct hist_hit hit = { .rec = rec, .buffer = buffer };
	struct hist_pad *pad;
	void *key;

	if (unlikely(!rec))
		return;
	pad = pad_get();
	if (unlikely(!pad))
		goto out;
	hit.refs = pad->refs;
	hit.args = pad->args;
	if (hd->enable_timestamps)
		hit.ts = hist_now(hd, buffer);
	key = make_key(hd, &hit, pad);
	if (hd->n_var_refs && !resolve_refs(hd, key, &hit, false))
		goto out;
	hit.elt = tracing_map_insert(hd->hmap->map, key);
	if (!hit.elt)
		goto out;
	update_elt(hd, &hit);
	if (hd->n_actions && resolve_refs(hd, key, &hit, true))
		hist_actions_run(hd, &hit);
	hist_poll_wake();
out:
	pad_put();
}

/* ---- the command --------------------------------------------------------- */

/*
 * Split "params [if filter]" as 6.12 does: "if" with a blank on each
 * side.  Returns the filter or NULL; -EINVAL for an "if" with nothing
 * around it.
 */
static int split_filter(char *text, char **filter)
{
	char *p = text;
	size_t len = strlen(text);

	*filter = NULL;
	while ((p = strstr(p, "if"))) {
		if (p == text)
			return -EINVAL;
		if (p[-1] != ' ' && p[-1] != '\t') {
			p++;
			continue;
		}
		if (p >= text + len - 2 - 1)
			return -EINVAL;
		if (p[2] != ' ' && p[2] != '\t') {
			p++;
			continue;
		}
		p[-1] = '\0';
		*filter = strstrip(p + 2);
		return 0;
	}
	return 0;
}

/*
 * Set the session's clock for a table that reads common_timestamp.
 * Context: trace_types_lock held (the trigger file's writer).
 */
static int hist_set_clock(struct trace_array *tr, const char *name)
{
	int id = trace_clock_by_name(name);

	if (id < 0)
		return id;
	if (id == tr->clock_id)
		return 0;
	tr->clock_id = id;
	ring_buffer_set_clock(tr->buffer, trace_clock_func(id));
	tracing_reset_all(tr);
	if (tr->snapshot) {
		ring_buffer_set_clock(tr->snapshot, trace_clock_func(id));
		trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
		ring_buffer_reset(tr->snapshot);
		trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
	}
	return 0;
}

/*
 * Empty a table's map.  The map wants no inserter meanwhile: every
 * trigger counting into it is paused until the probes running it are
 * done.
 */
static void hist_clear(struct hist_map *hm)
{
	struct hist_data *th;
	bool paused[8];
	unsigned int n = 0;

	list_for_each_entry(th, &hm->tables, map_entry) {
		if (n < ARRAY_SIZE(paused))
			paused[n] = th->trigger->paused;
		n++;
		WRITE_ONCE(th->trigger->paused, true);
	}
	tracepoint_synchronize_unregister();
	tracing_map_clear(hm->map);
	n = 0;
	list_for_each_entry(th, &hm->tables, map_entry) {
		WRITE_ONCE(th->trigger->paused,
			   n < ARRAY_SIZE(paused) ? paused[n] : false);
		n++;
	}
}

/* pause, cont or clear on an existing trigger; false if none matches. */
static bool update_existing(struct hist_data *hd, const char *filter)
{
	struct hist_attrs *a = hd->attrs;
	struct event_trigger *t;

	if (!a->pause && !a->cont && !a->clear)
		return false;
	t = find_match(hd, filter);
	if (!t)
		return false;
	if (a->pause)
		WRITE_ONCE(t->paused, true);
	else if (a->cont)
		WRITE_ONCE(t->paused, false);
	else
		hist_clear(((struct hist_data *)t->data)->hmap);
	return true;
}

/* Take a table's trigger off its event, and the helpers it added. */
static void hist_remove_trigger(struct event_trigger *t)
{
	struct hist_helpers *helpers = hist_actions_take_helpers(t->data);

	event_trigger_del(t);
	/*
	 * Locks held: the synthetic events are let go of here, once no
	 * probe can be firing them (a released event may be deleted).
	 */
	tracepoint_synchronize_unregister();
	hist_actions_release(t->data);
	event_trigger_free(t);
	if (helpers)
		hist_actions_remove_helpers(helpers);
}

static int hist_remove(struct hist_data *hd, const char *filter)
{
	struct event_trigger *t = find_match(hd, filter);

	if (!t)
		return 0;
	if (((struct hist_data *)t->data)->users)
		return -EBUSY;
	hist_remove_trigger(t);
	return 0;
}

/* The first histogram of @file no other table reads, or NULL. */
static struct event_trigger *hist_first_free(const struct event_command *cmd,
					     struct trace_event_file *file)
{
	struct event_trigger *t;

	list_for_each_entry(t, &file->triggers, list)
		if (t->cmd == cmd && !((struct hist_data *)t->data)->users)
			return t;
	return NULL;
}

/*
 * O_TRUNC on @file's trigger file: every histogram goes as "!hist:..."
 * takes it, helpers included, unless a variable of one of them is read
 * by another table; then all of them stay, as in 6.12.
 */
static void hist_truncate(const struct event_command *cmd,
			  struct trace_event_file *file)
{
	struct event_trigger *t;
	bool locked = hist_lock();

	list_for_each_entry(t, &file->triggers, list)
		if (t->cmd == cmd && ((struct hist_data *)t->data)->users)
			goto out;
	while ((t = hist_first_free(cmd, file)))
		hist_remove_trigger(t);
out:
	hist_unlock(locked);
}

static int hist_add(const struct event_command *cmd, struct hist_data *hd,
		    const char *filter)
{
	struct trace_array *tr = hd->file->tr;
	struct hist_attrs *a = hd->attrs;
	struct event_trigger *t;
	struct hist_map *hm = NULL;
	int ret;

	ret = hist_actions_create(hd);
	if (ret)
		return ret;
	if (a->name) {
		hm = named_map(a->name + 5);
		if (hm && !named_compatible(hd, hm)) {
			hist_err(tr, HIST_ERR_NAMED_MISMATCH, a->name);
			return -EINVAL;
		}
	}
	if (find_match(hd, filter)) {
		hist_err(tr, HIST_ERR_TRIGGER_EEXIST, NULL);
		return -EEXIST;
	}
	if (a->cont || a->clear) {
		hist_err(tr, HIST_ERR_TRIGGER_ENOENT_CLEAR, NULL);
		return -ENOENT;
	}
	if (hm) {
		hm->refs++;
		hd->hmap = hm;
	} else {
		ret = hist_map_create(hd);
		if (ret)
			return ret;
	}
	if (hd->enable_timestamps && hist_set_clock(tr, a->clock)) {
		hist_err(tr, HIST_ERR_SET_CLOCK_FAIL, a->clock);
		return -EINVAL;
	}
	if (hm) {
		unsigned int i, s = 0;

		for_each_hist_val(i, hd)
			if (!(hd->fields[i]->flags & HF_VAR))
				hd->fields[i]->idx = s++;
	}
	t = event_trigger_alloc(cmd, hd->file, filter, hd);
	if (IS_ERR_OR_NULL(t))
		return t ? PTR_ERR(t) : -ENOMEM;
	t->paused = a->pause;
	hd->trigger = t;
	ret = event_trigger_add(t);
	if (ret) {
		hd->trigger = NULL;
		t->data = NULL;
		event_trigger_free(t);
		return ret;
	}
	if (hd->hmap->name && !hm)
		list_add_tail(&hd->hmap->list, &hist_named_maps);
	list_add_tail(&hd->map_entry, &hd->hmap->tables);
	hist_vars_publish(hd);
	return 0;
}

/*
 * Set while the histograms actions add on other events for their field
 * parameters are parsed, within the command being parsed (its error_log
 * context stays).
 */
static bool hist_nested;

static int hist_parse(const struct event_command *cmd,
		      struct trace_event_file *file, char *text, bool remove)
{
	struct hist_attrs *attrs;
	struct hist_data *hd;
	char *param, *filter, *s;
	bool locked;
	int ret;

	if (*text == '!')
		text++;
	text += strlen(cmd->name);
	if (*text != ':')
		return -EINVAL;
	param = text + 1;
	if (!hist_nested)
		hist_err_begin(file, param);
	if (!*param)
		return -EINVAL;
	ret = split_filter(param, &filter);
	if (ret)
		return ret;
	param = strstrip(param);
	/* ".sym-offset" would read as a minus: it is parsed as one word. */
	for (s = strstr(param, ".sym-offset"); s; s = strstr(s + 11, ".sym-offset"))
		s[4] = 'X';

	attrs = parse_attrs(file->tr, param);
	if (IS_ERR(attrs))
		return PTR_ERR(attrs);
	locked = hist_lock();
	hd = hist_data_create(attrs, file, remove);
	if (IS_ERR(hd)) {
		hist_unlock(locked);
		return PTR_ERR(hd);
	}

	if (remove)
		ret = hist_remove(hd, filter);
	else if (update_existing(hd, filter))
		ret = 0;
	else
		ret = hist_add(cmd, hd, filter);
	if (remove || ret || !hd->trigger) {
		/* A failed trigger's helper histograms go too. */
		struct hist_helpers *helpers = hist_actions_take_helpers(hd);

		hist_actions_release(hd);
		hist_data_free(hd);
		if (helpers)
			hist_actions_remove_helpers(helpers);
	}
	hist_unlock(locked);
	return ret;
}

static int hist_make(struct trace_event_file *file, char *text, bool remove)
{
	char *copy = kasprintf(GFP_KERNEL, "%s%s", remove ? "!" : "", text);
	int ret;

	if (!copy)
		return -ENOMEM;
	hist_nested = true;
	ret = hist_parse(&hist_cmd, file, copy, remove);
	hist_nested = false;
	kfree(copy);
	return ret;
}

/* Context: maybe no lock held (the trigger core's O_TRUNC). */
static void hist_free(struct event_trigger *trigger)
{
	struct hist_data *hd = trigger->data;
	bool locked;

	if (!hd)
		return;
	locked = hist_lock();
	hist_vars_unpublish(hd);
	hist_data_free(hd);
	hist_unlock(locked);
	trigger->data = NULL;
}

static struct event_command hist_cmd = {
	.name	= "hist",
	.flags	= EVENT_CMD_HIST | EVENT_CMD_APPEND,
	.parse	= hist_parse,
	.fire	= hist_fire,
	.print	= hist_trigger_print,
	.free	= hist_free,
	.truncate = hist_truncate,
};

/* ---- enable_hist and disable_hist ---------------------------------------- */

static void hist_enable_fire(struct event_trigger *trigger, bool on)
{
	struct trace_event_file *target = trigger->data;
	struct event_trigger *t;

	if (!event_trigger_take_count(trigger))
		return;
	list_for_each_entry_rcu(t, &target->triggers, list)
		if (t->cmd == &hist_cmd)
			WRITE_ONCE(t->paused, !on);
}

static void enable_hist_fire(struct event_trigger *trigger, void *rec,
			     struct trace_buffer *buffer)
{
	hist_enable_fire(trigger, true);
}

static void disable_hist_fire(struct event_trigger *trigger, void *rec,
			      struct trace_buffer *buffer)
{
	hist_enable_fire(trigger, false);
}

static struct event_command enable_hist_cmd = {
	.name	= "enable_hist",
	.flags	= EVENT_CMD_HIST | EVENT_CMD_SIMPLE | EVENT_CMD_TARGET |
		  EVENT_CMD_COUNT,
	.fire	= enable_hist_fire,
};

static struct event_command disable_hist_cmd = {
	.name	= "disable_hist",
	.flags	= EVENT_CMD_HIST | EVENT_CMD_SIMPLE | EVENT_CMD_TARGET |
		  EVENT_CMD_COUNT,
	.fire	= disable_hist_fire,
};

static int __init hist_init(void)
{
	int ret;

	hist_pads = alloc_percpu(struct hist_pads);
	if (!hist_pads)
		return -ENOMEM;
	hist_actions_set_maker(hist_make);
	ret = event_command_register(&hist_cmd);
	if (!ret)
		ret = event_command_register(&enable_hist_cmd);
	if (!ret)
		ret = event_command_register(&disable_hist_cmd);
	if (!ret)
		ret = hist_output_init();
	return ret;
}
core_initcall(hist_init);
