// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: handlers and actions, Linux 6.12's
 *
 *   onmatch(sys.event).synth(params) / .trace(synth,params)
 *   onmax($var).save(fields) / .snapshot() / .trace(...) / .synth(...)
 *   onchange($var).save(fields) / .snapshot() / .trace(...) / .synth(...)
 *
 * onmatch() acts on every hit whose references to the other event's
 * variables resolved (the table does not count a hit otherwise);
 * onmax() and onchange() act when the variable they watch, read after
 * the hit updated the element, beats (or differs from) the value kept
 * for that element.  A parameter is a variable ($var, sys.event.$var:
 * of this table first, then of the onmatch() event's) or a field of
 * this event, read from the hit's record.
 *
 * Per element an action keeps its tracked value and what save() saved,
 * in &hist_elt.action: the u64 slots first, then the strings.  The
 * hist file prints them after the entry ("max:", "changed:") and, for
 * snapshot(), a "Snapshot taken" block.
 */
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "trace_hist.h"
#include "trace_synth.h"

enum hist_handler {
	HANDLER_ONMATCH = 1,
	HANDLER_ONMAX,
	HANDLER_ONCHANGE,
};

enum hist_act {
	ACT_TRACE = 1,
	ACT_SAVE,
	ACT_SNAPSHOT,
};

/**
 * struct hist_action - one handler with its action
 * @handler: &enum hist_handler
 * @action: &enum hist_act
 * @match_system: onmatch()'s event
 * @match_event: likewise
 * @track_str: onmax()/onchange()'s "$var" as written
 * @action_name: "save", "snapshot", "trace" or the synthetic event's
 * @synth_name: the synthetic event's name (trace() or its own name)
 * @params: the parameters as written
 * @n_params: their number
 * @args: what each parameter reads at a hit
 * @se: the synthetic event, held
 * @track: the watched variable (a reference of the table to itself)
 * @slot: the element's u64 slot for the tracked value
 * @save_slot: the first of its save() slots (one per parameter)
 * @str_slot: the first string slot of its string save() parameters
 * @helper_file: the events given a histogram for a field parameter
 * @helper_text: those histograms' triggers, to remove them with this one
 * @n_helpers: their number
 */
struct hist_action {
	enum hist_handler	handler;
	enum hist_act		action;
	char			*match_system;
	char			*match_event;
	char			*track_str;
	char			*action_name;
	char			*synth_name;
	char			*params[SYNTH_FIELDS_MAX];
	unsigned int		n_params;
	struct hist_field	*args[SYNTH_FIELDS_MAX];
	struct synth_event	*se;
	struct hist_field	*track;
	unsigned int		slot;
	unsigned int		save_slot;
	unsigned int		str_slot;
	struct trace_event_file	*helper_file[SYNTH_FIELDS_MAX];
	char			*helper_text[SYNTH_FIELDS_MAX];
	unsigned int		n_helpers;
};

/**
 * struct hist_actions_data - what a table's actions share
 * @n_u64: u64 slots each element keeps
 * @n_str: string slots each element keeps (after the u64 ones)
 * @snap: the snapshot() action, or NULL
 * @snap_taken: a snapshot was requested
 * @snap_val: the value that triggered it
 * @snap_comm: the task name of the element that triggered it
 * @snap_key: that element's key
 * @put_work: puts the synthetic events back when freeing cannot
 * @put_se: the events @put_work puts
 * @n_put: their number
 */
struct hist_actions_data {
	unsigned int		n_u64;
	unsigned int		n_str;
	struct hist_action	*snap;
	bool			snap_taken;
	u64			snap_val;
	char			snap_comm[TASK_COMM_LEN];
	u64			snap_key[HIST_KEY_SIZE_MAX / sizeof(u64)];
	struct work_struct	put_work;
	struct synth_event	*put_se[HIST_ACTIONS_MAX];
	unsigned int		n_put;
};

static struct hist_actions_data *adata(struct hist_data *hd)
{
	return hd->actions_data;
}

static u64 *elt_u64(struct tracing_map_elt *elt)
{
	struct hist_elt *he = elt->private_data;

	return he ? he->action : NULL;
}

static char *elt_str(struct hist_data *hd, struct tracing_map_elt *elt,
		     unsigned int i)
{
	u64 *slots = elt_u64(elt);

	return (char *)(slots + adata(hd)->n_u64) + i * HIST_STR_VAR_LEN;
}

/* ---- the words ------------------------------------------------------------ */

static void action_free(struct hist_action *a)
{
	unsigned int i;

	if (!a)
		return;
	for (i = 0; i < a->n_params; i++) {
		kfree(a->params[i]);
		hist_field_free(a->args[i]);
	}
	for (i = 0; i < a->n_helpers; i++)
		kfree(a->helper_text[i]);
	hist_field_free(a->track);
	kfree(a->match_system);
	kfree(a->match_event);
	kfree(a->track_str);
	kfree(a->action_name);
	kfree(a->synth_name);
	kfree(a);
}

/* "a,b,c)" of an action; trace() takes the event's name first. */
static int parse_params(struct trace_array *tr, char *params,
			struct hist_action *a, bool trace)
{
	char *p;

	while (params) {
		if (a->n_params >= SYNTH_FIELDS_MAX) {
			hist_err(tr, HIST_ERR_TOO_MANY_PARAMS, NULL);
			return -EINVAL;
		}
		p = strstrip(strsep(&params, ","));
		if (strlen(p) < 2) {
			hist_err(tr, HIST_ERR_INVALID_PARAM, p);
			return -EINVAL;
		}
		p = kstrdup(p, GFP_KERNEL);
		if (!p)
			return -ENOMEM;
		if (trace && !a->synth_name) {
			a->synth_name = p;
			continue;
		}
		a->params[a->n_params++] = p;
	}
	return 0;
}

/* ".name(params)" after the handler. */
static int parse_action(struct trace_array *tr, char *str,
			struct hist_action *a)
{
	char *name, *params;
	bool track = a->handler != HANDLER_ONMATCH;
	int ret;

	strsep(&str, ".");
	if (!str) {
		hist_err(tr, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	name = strsep(&str, "(");
	if (!name || !str) {
		hist_err(tr, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	if (str_has_prefix(name, "save")) {
		params = strsep(&str, ")");
		if (!params) {
			hist_err(tr, HIST_ERR_NO_SAVE_PARAMS, NULL);
			return -EINVAL;
		}
		ret = parse_params(tr, params, a, false);
		if (ret)
			return ret;
		if (!track) {
			hist_err(tr, HIST_ERR_ACTION_MISMATCH, name);
			return -EINVAL;
		}
		a->action = ACT_SAVE;
	} else if (str_has_prefix(name, "snapshot")) {
		params = strsep(&str, ")");
		if (!str) {
			hist_err(tr, HIST_ERR_NO_CLOSING_PAREN, params);
			return -EINVAL;
		}
		if (!track) {
			hist_err(tr, HIST_ERR_ACTION_MISMATCH, name);
			return -EINVAL;
		}
		a->action = ACT_SNAPSHOT;
	} else {
		bool trace = str_has_prefix(name, "trace");

		params = strsep(&str, ")");
		if (params) {
			ret = parse_params(tr, params, a, trace);
			if (ret)
				return ret;
		}
		if (!trace) {
			a->synth_name = kstrdup(name, GFP_KERNEL);
			if (!a->synth_name)
				return -ENOMEM;
		}
		a->action = ACT_TRACE;
	}
	a->action_name = kstrdup(name, GFP_KERNEL);
	return a->action_name ? 0 : -ENOMEM;
}

static struct hist_action *parse_onmatch(struct trace_array *tr, char *str)
{
	struct hist_action *a = kzalloc(sizeof(*a), GFP_KERNEL);
	char *event, *system;
	int ret = -EINVAL;

	if (!a)
		return ERR_PTR(-ENOMEM);
	a->handler = HANDLER_ONMATCH;
	event = strsep(&str, ")");
	if (!str) {
		hist_err(tr, HIST_ERR_NO_CLOSING_PAREN, event);
		goto fail;
	}
	system = strsep(&event, ".");
	if (!event) {
		hist_err(tr, HIST_ERR_SUBSYS_NOT_FOUND, system);
		goto fail;
	}
	if (!event_file_lookup(tr, system, event)) {
		hist_err(tr, HIST_ERR_INVALID_SUBSYS_EVENT, event);
		goto fail;
	}
	a->match_system = kstrdup(system, GFP_KERNEL);
	a->match_event = kstrdup(event, GFP_KERNEL);
	ret = -ENOMEM;
	if (!a->match_system || !a->match_event)
		goto fail;
	ret = parse_action(tr, str, a);
	if (ret)
		goto fail;
	return a;
fail:
	action_free(a);
	return ERR_PTR(ret);
}

static struct hist_action *parse_track(struct trace_array *tr, char *str,
				       enum hist_handler handler)
{
	struct hist_action *a = kzalloc(sizeof(*a), GFP_KERNEL);
	char *var;
	int ret = -EINVAL;

	if (!a)
		return ERR_PTR(-ENOMEM);
	a->handler = handler;
	var = strsep(&str, ")");
	if (!str)
		goto fail;
	ret = -ENOMEM;
	a->track_str = kstrdup(var, GFP_KERNEL);
	if (!a->track_str)
		goto fail;
	ret = parse_action(tr, str, a);
	if (ret)
		goto fail;
	return a;
fail:
	action_free(a);
	return ERR_PTR(ret);
}

/**
 * hist_actions_parse() - split a table's handler words into actions
 * @hd: the table; its words in &hist_attrs.actions
 *
 * The syntax only: what the actions name is looked up by
 * hist_actions_create().
 *
 * Return: 0, or a negative error with the error_log line written.
 */
int hist_actions_parse(struct hist_data *hd)
{
	struct trace_array *tr = hd->file->tr;
	struct hist_attrs *attrs = hd->attrs;
	struct hist_action *a;
	unsigned int i;
	char *s;

	for (i = 0; i < attrs->n_actions; i++) {
		s = kstrdup(attrs->actions[i], GFP_KERNEL);
		if (!s)
			return -ENOMEM;
		if (str_has_prefix(s, "onmatch("))
			a = parse_onmatch(tr, s + strlen("onmatch("));
		else if (str_has_prefix(s, "onmax("))
			a = parse_track(tr, s + strlen("onmax("), HANDLER_ONMAX);
		else if (str_has_prefix(s, "onchange("))
			a = parse_track(tr, s + strlen("onchange("),
					HANDLER_ONCHANGE);
		else
			a = ERR_PTR(-EINVAL);
		kfree(s);
		if (IS_ERR(a))
			return PTR_ERR(a);
		hd->actions[hd->n_actions++] = a;
		if (a->handler == HANDLER_ONMATCH) {
			hd->match_sys[hd->n_match] = a->match_system;
			hd->match_ev[hd->n_match++] = a->match_event;
		}
	}
	return 0;
}

/* ---- what the actions name ------------------------------------------------ */

/*
 * "[sys.event.]$var": this table's variable (the name must then be
 * this event's), else, for onmatch(), the matched event's.
 */
static struct hist_field *param_var(struct hist_data *hd,
				    struct hist_action *a, char *system,
				    char *event, char *var)
{
	struct trace_event_call *call = hd->file->call;
	struct hist_data *var_hd = NULL;
	struct hist_field *v = NULL;

	var++;
	if (!system || (!strcmp(system, event_system(call)) &&
			!strcmp(event, trace_event_name(call)))) {
		v = hist_data_var(hd, var);
		if (v)
			var_hd = hd;
	}
	if (!v) {
		if (!system && a->handler == HANDLER_ONMATCH) {
			system = a->match_system;
			event = a->match_event;
		}
		v = hist_lookup_var(hd, system, event, var, &var_hd);
	}
	if (!v) {
		hist_err(hd->file->tr, HIST_ERR_PARAM_NOT_FOUND, var);
		return NULL;
	}
	return hist_var_ref_new(hd, var_hd, v, system, event);
}

/* How histograms are added and removed (trace_events_hist.c's). */
static int (*hist_make)(struct trace_event_file *file, char *text,
			bool remove);

/**
 * hist_actions_set_maker() - how a field of another event is had
 * @make: adds (or with @remove, removes) the histogram trigger @text
 *	("hist:...") on @file, without an error_log context of its own
 */
void hist_actions_set_maker(int (*make)(struct trace_event_file *file,
					char *text, bool remove))
{
	hist_make = make;
}

/* A histogram on @file whose keys are like @hd's, or NULL. */
static struct event_trigger *compatible_hist(struct hist_data *hd,
					     struct trace_event_file *file)
{
	struct event_trigger *t;
	struct hist_data *th;
	unsigned int i;

	for_each_event_trigger(t, file) {
		if (strcmp(t->cmd->name, "hist"))
			continue;
		th = t->data;
		if (th->n_keys != hd->n_keys)
			continue;
		for (i = 0; i < hd->n_keys; i++) {
			struct hist_field *a = th->fields[th->n_vals + i];
			struct hist_field *b = hd->fields[hd->n_vals + i];

			if (strcmp(a->type ?: "", b->type ?: "") ||
			    a->size != b->size || a->is_signed != b->is_signed)
				break;
		}
		if (i == hd->n_keys)
			return t;
	}
	return NULL;
}

/*
 * A field of another event: as 6.12 does, a histogram keyed like one
 * already on that event saves it in "synthetic_<field>", which this
 * table references.  The histogram is removed with this trigger.  The
 * reference names the event only if the parameter did (@named).
 */
static struct hist_field *other_field(struct hist_data *hd,
				      struct hist_action *a, char *system,
				      char *event, char *field, bool named)
{
	struct trace_array *tr = hd->file->tr;
	struct trace_event_file *file;
	struct hist_data *var_hd;
	struct hist_field *v, *ref;
	struct event_trigger *t;
	struct seq_buf sb;
	char *text, *var;
	unsigned int i;

	file = event_file_lookup(tr, system, event);
	if (!file) {
		hist_err(tr, HIST_ERR_EVENT_FILE_NOT_FOUND, field);
		return NULL;
	}
	t = compatible_hist(hd, file);
	if (!t) {
		hist_err(tr, HIST_ERR_HIST_NOT_FOUND, field);
		return NULL;
	}
	text = kzalloc(MAX_FILTER_STR_VAL, GFP_KERNEL);
	var = kasprintf(GFP_KERNEL, "synthetic_%s", field);
	if (!text || !var)
		goto nomem;
	seq_buf_init(&sb, text, MAX_FILTER_STR_VAL);
	seq_buf_puts(&sb, "hist:keys=");
	for (i = 0; i < hd->n_keys; i++) {
		struct hist_data *th = t->data;

		seq_buf_printf(&sb, "%s%s", i ? "," : "",
			       hist_field_name(th->fields[th->n_vals + i]));
	}
	seq_buf_printf(&sb, ":%s=%s", var, field);
	if (t->filter_text)
		seq_buf_printf(&sb, " if %s", t->filter_text);
	if (seq_buf_has_overflowed(&sb) || a->n_helpers >= SYNTH_FIELDS_MAX ||
	    !hist_make || hist_make(file, text, false)) {
		hist_err(tr, HIST_ERR_HIST_CREATE_FAIL, field);
		goto fail;
	}
	a->helper_file[a->n_helpers] = file;
	a->helper_text[a->n_helpers++] = text;
	v = hist_lookup_var(hd, system, event, var, &var_hd);
	ref = v ? hist_var_ref_new(hd, var_hd, v, named ? system : NULL,
				   named ? event : NULL) : NULL;
	if (!ref)
		hist_err(tr, HIST_ERR_SYNTH_VAR_NOT_FOUND, field);
	kfree(var);
	return ref;
nomem:
	hist_err(tr, HIST_ERR_HIST_CREATE_FAIL, field);
fail:
	kfree(text);
	kfree(var);
	return NULL;
}

/*
 * "[sys.event.]field": of this event, read from the hit's record; else,
 * for onmatch() or when named, of the other event.
 */
static struct hist_field *param_field(struct hist_data *hd,
				      struct hist_action *a, char *system,
				      char *event, char *field)
{
	struct trace_event_call *call = hd->file->call;
	struct hist_field *hf;
	unsigned int n = 0;

	if (system && (strcmp(system, event_system(call)) ||
		       strcmp(event, trace_event_name(call))))
		return other_field(hd, a, system, event, field, true);
	if (!system && a->handler == HANDLER_ONMATCH &&
	    !event_field_find(call, field) && strcmp(field, "common_timestamp") &&
	    strcmp(field, "common_cpu"))
		return other_field(hd, a, a->match_system, a->match_event,
				   field, false);
	hf = hist_parse_expr(hd, field, 0, NULL, &n);
	if (IS_ERR(hf)) {
		hist_err(hd->file->tr, HIST_ERR_FIELD_VAR_CREATE_FAIL, field);
		return NULL;
	}
	return hf;
}

static struct hist_field *make_param(struct hist_data *hd,
				     struct hist_action *a, const char *text)
{
	char *copy = kstrdup(text, GFP_KERNEL), *p = copy;
	char *system = NULL, *event = NULL;
	struct hist_field *hf;

	if (!copy)
		return NULL;
	/* sys.event.name: two dots before the name. */
	if (strchr(p, '.') && strchr(strchr(p, '.') + 1, '.')) {
		system = strsep(&p, ".");
		event = strsep(&p, ".");
	}
	if (p[0] == '$')
		hf = param_var(hd, a, system, event, p);
	else
		hf = param_field(hd, a, system, event, p);
	kfree(copy);
	return hf;
}

/* Whether a parameter fits a synthetic event's field (6.12's rules). */
static bool param_fits(const struct synth_field *f,
		       const struct hist_field *hf)
{
	const char *type = hf->type ?: "";

	if (strstr(type, "char[") && f->is_string && f->is_dynamic)
		return true;
	if (!!(hf->flags & HF_STACKTRACE) != f->is_stack)
		return false;
	if (f->is_stack || !strcmp(f->type, type))
		return true;
	if (f->size != hf->size)
		return false;
	return f->is_string || f->is_signed == hf->is_signed;
}

static int create_trace(struct hist_data *hd, struct hist_action *a)
{
	struct trace_array *tr = hd->file->tr;
	struct synth_event *se;
	unsigned int i;

	se = synth_event_find(a->synth_name);
	if (!se) {
		hist_err(tr, HIST_ERR_SYNTH_EVENT_NOT_FOUND, a->synth_name);
		return -EINVAL;
	}
	for (i = 0; i < a->n_params; i++) {
		a->args[i] = make_param(hd, a, a->params[i]);
		if (!a->args[i])
			return -EINVAL;
		if (i >= synth_event_n_fields(se) ||
		    !param_fits(synth_event_field(se, i), a->args[i])) {
			char *name = strrchr(a->params[i], '.');

			hist_err(tr, HIST_ERR_SYNTH_TYPE_MISMATCH,
				 name ? name + 1 : a->params[i]);
			return -EINVAL;
		}
	}
	if (a->n_params != synth_event_n_fields(se)) {
		hist_err(tr, HIST_ERR_SYNTH_COUNT_MISMATCH, a->synth_name);
		return -EINVAL;
	}
	synth_event_get(se);
	a->se = se;
	return 0;
}

static int create_track(struct hist_data *hd, struct hist_action *a)
{
	struct trace_array *tr = hd->file->tr;
	struct hist_field *v;
	char *var = a->track_str;

	if (var[0] != '$') {
		hist_err(tr, HIST_ERR_ONX_NOT_VAR, var);
		return -EINVAL;
	}
	v = hist_data_var(hd, var + 1);
	if (!v) {
		hist_err(tr, HIST_ERR_ONX_VAR_NOT_FOUND, var + 1);
		return -EINVAL;
	}
	a->track = hist_var_ref_new(hd, hd, v, NULL, NULL);
	if (!a->track) {
		hist_err(tr, HIST_ERR_ONX_VAR_CREATE_FAIL, NULL);
		return -EINVAL;
	}
	a->slot = adata(hd)->n_u64++;
	return 0;
}

static int create_save(struct hist_data *hd, struct hist_action *a,
		       bool *have_save)
{
	struct hist_actions_data *ad = adata(hd);
	unsigned int i, n;

	if (*have_save) {
		hist_err(hd->file->tr, HIST_ERR_TOO_MANY_SAVE_ACTIONS, NULL);
		return -EEXIST;
	}
	*have_save = true;
	a->save_slot = ad->n_u64;
	ad->n_u64 += a->n_params;
	for (i = 0; i < a->n_params; i++) {
		char *p = kstrdup(a->params[i], GFP_KERNEL);

		if (!p)
			return -ENOMEM;
		n = 0;
		a->args[i] = hist_parse_expr(hd, p, 0, NULL, &n);
		kfree(p);
		if (IS_ERR(a->args[i])) {
			a->args[i] = NULL;
			hist_err(hd->file->tr, HIST_ERR_FIELD_VAR_CREATE_FAIL,
				 a->params[i]);
			return -EINVAL;
		}
	}
	a->str_slot = ad->n_str;
	for (i = 0; i < a->n_params; i++)
		if (a->args[i]->flags & HF_STRING)
			ad->n_str++;
	return 0;
}

/**
 * hist_actions_create() - look up what a table's actions name
 * @hd: the table, its fields made
 *
 * Synthetic events (held from now on), variables and fields of the
 * parameters, the watched variables, the snapshot buffer.
 * Context: dyn_event_mutex and trace_types_lock held.
 * Return: 0, or a negative error with the error_log line written.
 */
int hist_actions_create(struct hist_data *hd)
{
	struct hist_actions_data *ad;
	bool have_save = false;
	unsigned int i;
	int ret = 0;

	if (!hd->n_actions)
		return 0;
	ad = kzalloc(sizeof(*ad), GFP_KERNEL);
	if (!ad)
		return -ENOMEM;
	hd->actions_data = ad;
	for (i = 0; i < hd->n_actions && !ret; i++) {
		struct hist_action *a = hd->actions[i];

		if (a->handler != HANDLER_ONMATCH)
			ret = create_track(hd, a);
		if (ret)
			break;
		switch (a->action) {
		case ACT_TRACE:
			ret = create_trace(hd, a);
			break;
		case ACT_SAVE:
			ret = create_save(hd, a, &have_save);
			break;
		case ACT_SNAPSHOT:
			ret = trace_snapshot_alloc(hd->file->tr);
			if (!ret && !ad->snap)
				ad->snap = a;
			break;
		}
	}
	return ret;
}

/**
 * hist_actions_elt_size() - what each element keeps for the actions
 * @hd: the table, its actions made
 *
 * Return: bytes of &hist_elt.action, or 0 for none.
 */
unsigned int hist_actions_elt_size(struct hist_data *hd)
{
	struct hist_actions_data *ad = adata(hd);

	if (!ad)
		return 0;
	return ad->n_u64 * sizeof(u64) + ad->n_str * HIST_STR_VAR_LEN;
}

static void put_work_fn(struct work_struct *work)
{
	struct hist_actions_data *ad =
		container_of(work, struct hist_actions_data, put_work);
	unsigned int i;

	mutex_lock(&dyn_event_mutex);
	for (i = 0; i < ad->n_put; i++)
		synth_event_put(ad->put_se[i]);
	mutex_unlock(&dyn_event_mutex);
	kfree(ad);
}

/**
 * hist_actions_release() - let go of the synthetic events now
 * @hd: the table, going
 *
 * Context: dyn_event_mutex held.
 */
void hist_actions_release(struct hist_data *hd)
{
	unsigned int i;

	for (i = 0; i < hd->n_actions; i++) {
		if (hd->actions[i]->se)
			synth_event_put(hd->actions[i]->se);
		WRITE_ONCE(hd->actions[i]->se, NULL);
	}
}

/**
 * hist_actions_remove_helpers() - remove the histograms a table added
 * @helpers: what hist_actions_take_helpers() took, once the table is
 *	freed (its references to them dropped)
 *
 * Context: dyn_event_mutex and trace_types_lock held.
 */
void hist_actions_remove_helpers(struct hist_helpers *helpers)
{
	unsigned int i;

	for (i = 0; i < helpers->n; i++) {
		if (hist_make)
			hist_make(helpers->file[i], helpers->text[i], true);
		kfree(helpers->text[i]);
	}
	kfree(helpers);
}

/**
 * hist_actions_take_helpers() - take the histograms a table added
 * @hd: the table, about to go
 *
 * Return: them (hist_actions_remove_helpers() removes them once the
 * table is freed), or NULL for none or no memory (they stay).
 */
struct hist_helpers *hist_actions_take_helpers(struct hist_data *hd)
{
	struct hist_helpers *h;
	unsigned int i, j, n = 0;

	for (i = 0; i < hd->n_actions; i++)
		n += hd->actions[i]->n_helpers;
	if (!n)
		return NULL;
	h = kzalloc(struct_size(h, file, n) + n * sizeof(char *), GFP_KERNEL);
	if (!h)
		return NULL;
	h->text = (char **)&h->file[n];
	for (i = 0; i < hd->n_actions; i++) {
		struct hist_action *a = hd->actions[i];

		for (j = 0; j < a->n_helpers; j++) {
			h->file[h->n] = a->helper_file[j];
			h->text[h->n++] = a->helper_text[j];
		}
		a->n_helpers = 0;
	}
	return h;
}

/**
 * hist_actions_free() - free a table's actions
 * @hd: the table
 *
 * The synthetic events still held are let go of here if
 * dyn_event_mutex is free, else by a work item that takes it.
 */
void hist_actions_free(struct hist_data *hd)
{
	struct hist_actions_data *ad = adata(hd);
	unsigned int i, n = 0;
	bool locked;

	for (i = 0; i < hd->n_actions; i++)
		if (hd->actions[i]->se && ad)
			ad->put_se[n++] = hd->actions[i]->se;
	locked = n && mutex_trylock(&dyn_event_mutex);
	for (i = 0; i < hd->n_actions; i++) {
		if (locked && hd->actions[i]->se)
			synth_event_put(hd->actions[i]->se);
		action_free(hd->actions[i]);
		hd->actions[i] = NULL;
	}
	hd->n_actions = 0;
	hd->n_match = 0;
	hd->actions_data = NULL;
	if (locked)
		mutex_unlock(&dyn_event_mutex);
	if (n && !locked) {
		ad->n_put = n;
		INIT_WORK(&ad->put_work, put_work_fn);
		schedule_work(&ad->put_work);
		return;
	}
	kfree(ad);
}

/* ---- the hit path ---------------------------------------------------------- */

static void fire(struct hist_action *a, struct hist_hit *hit)
{
	/*
	 * hist_remove() waits for the probes before it releases the
	 * event; a table released otherwise fires nothing rather than
	 * a NULL event.
	 */
	struct synth_event *se = READ_ONCE(a->se);
	unsigned int i;

	if (!se)
		return;
	for (i = 0; i < a->n_params; i++)
		hit->args[i] = hist_field_value(a->args[i], hit);
	synth_event_fire(se, hit->args);
}

static void save(struct hist_data *hd, struct hist_action *a,
		 struct hist_hit *hit, u64 *slots)
{
	unsigned int i, s = a->str_slot;
	u64 v;

	for (i = 0; i < a->n_params; i++) {
		v = hist_field_value(a->args[i], hit);
		if (a->args[i]->flags & HF_STRING) {
			char *str = elt_str(hd, hit->elt, s++);

			strscpy(str, (const char *)(unsigned long)v,
				HIST_STR_VAR_LEN);
			v = (unsigned long)str;
		}
		slots[a->save_slot + i] = v;
	}
}

static void snapshot(struct hist_data *hd, struct hist_action *a,
		     struct hist_hit *hit, u64 v)
{
	struct hist_actions_data *ad = adata(hd);
	struct hist_elt *he = hit->elt->private_data;

	/* The last triggering value is the one the snapshot shows. */
	ad->snap_val = v;
	memcpy(ad->snap_key, hit->elt->key, hd->key_size);
	memcpy(ad->snap_comm, he->comm, TASK_COMM_LEN);
	WRITE_ONCE(ad->snap_taken, true);
	trace_snapshot_request(hd->file->tr);
}

/**
 * hist_actions_run() - run a table's actions for a hit
 * @hd: the table
 * @hit: the hit, its element updated and all references read
 *
 * Context: the event's probe; no allocation, no locks.
 */
void hist_actions_run(struct hist_data *hd, struct hist_hit *hit)
{
	u64 *slots = elt_u64(hit->elt);
	unsigned int i;
	u64 v = 0;

	for (i = 0; i < hd->n_actions; i++) {
		struct hist_action *a = hd->actions[i];

		if (a->handler != HANDLER_ONMATCH) {
			if (!slots)
				continue;
			v = hist_field_value(a->track, hit);
			if (a->handler == HANDLER_ONMAX ? v <= slots[a->slot] :
			    v == slots[a->slot])
				continue;
			slots[a->slot] = v;
		}
		switch (a->action) {
		case ACT_TRACE:
			fire(a, hit);
			break;
		case ACT_SAVE:
			save(hd, a, hit, slots);
			break;
		case ACT_SNAPSHOT:
			snapshot(hd, a, hit, v);
			break;
		}
	}
}

/* ---- text ------------------------------------------------------------------ */

/**
 * hist_actions_print_spec() - a table's actions in its trigger line
 * @m: where to
 * @hd: the table
 */
void hist_actions_print_spec(struct seq_file *m, struct hist_data *hd)
{
	unsigned int i, j;

	for (i = 0; i < hd->n_actions; i++) {
		struct hist_action *a = hd->actions[i];
		bool trace_kw = a->action == ACT_TRACE &&
				strcmp(a->action_name, a->synth_name);

		if (a->handler == HANDLER_ONMATCH)
			seq_printf(m, ":onmatch(%s.%s).", a->match_system,
				   a->match_event);
		else
			seq_printf(m, ":%s(%s).",
				   a->handler == HANDLER_ONMAX ? "onmax" : "onchange",
				   a->track_str);
		seq_printf(m, "%s(", a->action_name);
		if (trace_kw)
			seq_puts(m, a->synth_name);
		if (a->action != ACT_SNAPSHOT)
			for (j = 0; j < a->n_params; j++)
				seq_printf(m, "%s%s", j || trace_kw ? "," : "",
					   a->params[j]);
		seq_putc(m, ')');
	}
}

/**
 * hist_actions_print_elt() - what onmax()/onchange() keep for an entry
 * @m: where to
 * @hd: the table
 * @elt: the entry
 */
void hist_actions_print_elt(struct seq_file *m, struct hist_data *hd,
			    struct tracing_map_elt *elt)
{
	u64 *slots = elt_u64(elt);
	unsigned int i, j, s;

	if (!slots)
		return;
	for (i = 0; i < hd->n_actions; i++) {
		struct hist_action *a = hd->actions[i];

		if (a->handler == HANDLER_ONMATCH || a->action == ACT_SNAPSHOT)
			continue;
		seq_printf(m, "\n\t%s: %10llu",
			   a->handler == HANDLER_ONMAX ? "max" : "changed",
			   slots[a->slot]);
		if (a->action != ACT_SAVE)
			continue;
		for (j = 0, s = a->str_slot; j < a->n_params; j++) {
			const char *name = hist_field_name(a->args[j]);

			if (a->args[j]->flags & HF_STRING)
				seq_printf(m, "  %s: %-32s", name,
					   elt_str(hd, elt, s++));
			else
				seq_printf(m, "  %s: %10llu", name,
					   slots[a->save_slot + j]);
		}
	}
}

/**
 * hist_actions_print_snapshot() - the "Snapshot taken" block, if any
 * @m: where to
 * @hd: the table
 * @print_key: prints a key as the entries show it
 */
void hist_actions_print_snapshot(struct seq_file *m, struct hist_data *hd,
				 void (*print_key)(struct seq_file *m,
						   struct hist_data *hd,
						   void *key, const char *comm))
{
	struct hist_actions_data *ad = adata(hd);
	struct hist_action *a;

	if (!ad || !ad->snap || !READ_ONCE(ad->snap_taken))
		return;
	a = ad->snap;
	seq_puts(m, "\nSnapshot taken (see tracing/snapshot).  Details:\n");
	seq_printf(m, "\ttriggering value { %s(%s) }: %10llu",
		   a->handler == HANDLER_ONMAX ? "onmax" : "onchange",
		   a->track_str, ad->snap_val);
	seq_puts(m, "\ttriggered by event with key: ");
	print_key(m, hd, ad->snap_key, ad->snap_comm);
	seq_putc(m, '\n');
}

static const char *act_name(const struct hist_action *a)
{
	return a->action == ACT_TRACE ? a->synth_name : a->action_name;
}

/**
 * hist_actions_match() - whether two tables have the same actions
 * @x: one
 * @y: the other
 *
 * Return: true if they do.
 */
bool hist_actions_match(struct hist_data *x, struct hist_data *y)
{
	unsigned int i, j;

	if (x->n_actions != y->n_actions)
		return false;
	for (i = 0; i < x->n_actions; i++) {
		struct hist_action *a = x->actions[i], *b = y->actions[i];

		if (a->handler != b->handler || a->action != b->action ||
		    a->n_params != b->n_params ||
		    strcmp(act_name(a) ?: "", act_name(b) ?: ""))
			return false;
		for (j = 0; j < a->n_params; j++)
			if (strcmp(a->params[j], b->params[j]))
				return false;
		if (a->handler == HANDLER_ONMATCH &&
		    (strcmp(a->match_system, b->match_system) ||
		     strcmp(a->match_event, b->match_event)))
			return false;
		if (a->handler != HANDLER_ONMATCH &&
		    strcmp(a->track_str, b->track_str))
			return false;
	}
	return true;
}

#ifdef CONFIG_HIST_TRIGGERS_DEBUG
/*
 * hist_debug's view of the actions.  What 6.12 keeps in map variables
 * this table keeps in the element's action slots: a tracked value and
 * the save() values are shown as the variables 6.12 would have made,
 * numbered after the table's own variables in slot order (which is
 * 6.12's order of creation).  A trace() parameter that is a field of
 * this event is read from the record at the hit, not through a
 * variable, so it has no "field variables" entry: it is listed, with
 * the field it reads, under a heading of its own.
 */
static void debug_track(struct seq_file *m, struct hist_data *hd,
			const struct hist_action *a, int i)
{
	seq_printf(m, "\n    hist_data->actions[%d].track_data.var_ref:\n", i);
	hist_field_debug(m, a->track);
	seq_printf(m, "\n    hist_data->actions[%d].track_data.track_var:\n", i);
	seq_puts(m, "      flags:\n        HIST_FIELD_FL_VAR\n");
	seq_printf(m, "      var.name: %s\n",
		   a->handler == HANDLER_ONMAX ? "__max" : "__change");
	seq_printf(m, "      var.idx (into tracing_map_elt.vars[]): %u\n",
		   hd->n_vars + a->slot);
	seq_puts(m, "      type: u64\n      size: 8\n      is_signed: 0\n");
}

static void debug_save(struct seq_file *m, struct hist_data *hd,
		       const struct hist_action *a)
{
	const struct hist_field *val;
	unsigned int i;

	seq_puts(m, "\n  save action variables (save() params):\n");
	for (i = 0; i < a->n_params; i++) {
		val = a->args[i];
		seq_printf(m, "\n    hist_data->save_vars[%u]:\n", i);
		seq_printf(m, "\n      save_vars[%u].var:\n", i);
		seq_puts(m, "      flags:\n        HIST_FIELD_FL_VAR\n");
		seq_printf(m, "      var.name: %s\n", a->params[i]);
		seq_printf(m, "      var.idx (into tracing_map_elt.vars[]): %u\n",
			   hd->n_vars + a->save_slot + i);
		seq_printf(m, "\n      save_vars[%u].val:\n", i);
		if (val->field)
			seq_printf(m, "      ftrace_event_field name: %s\n",
				   val->field->name);
		seq_printf(m, "      type: %s\n", val->type ?: "");
		seq_printf(m, "      size: %u\n", val->size);
		seq_printf(m, "      is_signed: %u\n", val->is_signed);
	}
}

static void debug_record_params(struct seq_file *m, struct hist_data *hd)
{
	bool head = false;
	unsigned int i, j;

	for (i = 0; i < hd->n_actions; i++) {
		const struct hist_action *a = hd->actions[i];

		if (a->action != ACT_TRACE)
			continue;
		for (j = 0; j < a->n_params; j++) {
			if (a->args[j]->flags & HF_VAR_REF)
				continue;
			if (!head)
				seq_puts(m, "\n  action parameters read from the record (for trace()):\n");
			head = true;
			seq_printf(m, "\n    hist_data->actions[%u].params[%u]: %s\n",
				   i, j, a->params[j]);
			hist_field_debug(m, a->args[j]);
		}
	}
}

/**
 * hist_actions_debug() - the actions' part of a table's hist_debug
 * @m: the file
 * @hd: the table
 *
 * Context: trace_types_lock held (the table cannot change).
 */
void hist_actions_debug(struct seq_file *m, struct hist_data *hd)
{
	const struct hist_action *save = NULL;
	unsigned int i;

	debug_record_params(m, hd);
	if (hd->n_actions)
		seq_puts(m, "\n  action tracking variables (for onmax()/onchange()/onmatch()):\n");
	for (i = 0; i < hd->n_actions; i++) {
		const struct hist_action *a = hd->actions[i];

		if (a->handler == HANDLER_ONMATCH) {
			seq_printf(m, "\n    hist_data->actions[%u].match_data.event_system: %s\n",
				   i, a->match_system);
			seq_printf(m, "    hist_data->actions[%u].match_data.event: %s\n",
				   i, a->match_event);
		} else {
			debug_track(m, hd, a, i);
		}
		if (a->action == ACT_SAVE)
			save = a;
	}
	if (save)
		debug_save(m, hd, save);
}
#endif
