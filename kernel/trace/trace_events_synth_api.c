// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's API to synthetic events (include/linux/trace_events.h):
 * a definition built as text in a &struct dynevent_cmd and run as
 * synthetic_events would run it, and the writes of an event held with
 * trace_get_event_file(): all its values at once (synth_event_trace(),
 * synth_event_trace_array()), or field by field into a reserved record
 * (synth_event_trace_start() ... synth_event_trace_end()).
 * kernel/trace/synth_event_gen_test.c shows them in use.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_tracers.h"
#include "trace_synth.h"

/* The record of field-by-field writes: the common fields, then slots. */
struct synth_trace_event {
	struct trace_entry	ent;
	u64			slot[];
};

/*
 * Whether a record written now is kept (or seen by triggers): the event
 * is enabled in the file's session and not soft disabled.
 */
static bool file_live(struct trace_event_file *file)
{
	unsigned long flags = READ_ONCE(file->flags);

	if (!(flags & EVENT_FILE_FL_ENABLED))
		return false;
	/* Its triggers are hooks: a hooked event's records are built. */
	return !(flags & EVENT_FILE_FL_SOFT_DISABLED) ||
	       (flags & EVENT_FILE_FL_HOOKED);
}

/* ---- the kernel API: defining (include/linux/trace_events.h) ------------ */

/* A definition built by synth_event_gen_cmd_start() and friends. */
static int synth_run_cmd(struct dynevent_cmd *cmd)
{
	return synth_event_run(cmd->seq.buffer, cmd->private_data);
}

/**
 * synth_event_cmd_init() - start a synthetic event's definition
 * @cmd: the definition
 * @buf: where its text goes (MAX_DYNEVENT_CMD_LEN is enough)
 * @maxlen: the size of @buf
 */
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dynevent_cmd_init(cmd, buf, maxlen, DYNEVENT_TYPE_SYNTH, synth_run_cmd);
}
EXPORT_SYMBOL_GPL(synth_event_cmd_init);

static int add_name(struct dynevent_cmd *cmd, const char *name,
		    struct module *mod)
{
	if (cmd->type != DYNEVENT_TYPE_SYNTH || !name)
		return -EINVAL;
	cmd->event_name = name;
	cmd->private_data = mod;
	return dynevent_cmd_add(cmd, "%s", name);
}

/**
 * synth_event_add_field() - add a field to a synthetic event's definition
 * @cmd: the definition
 * @type: the field's type, as synthetic_events takes it ("u64",
 *	"char[16]", "char[]", "unsigned long[]")
 * @name: the field's name
 *
 * Return: 0; -EINVAL for a type that is not one (a bad "[...]" is
 * refused when the event is made), or past SYNTH_FIELDS_MAX fields;
 * -E2BIG if the definition outgrows its buffer.
 */
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name)
{
	if (cmd->type != DYNEVENT_TYPE_SYNTH || !type || !name)
		return -EINVAL;
	if (!synth_type_valid(type))
		return -EINVAL;
	if (cmd->n_fields >= SYNTH_FIELDS_MAX)
		return -EINVAL;
	cmd->n_fields++;
	return dynevent_cmd_add(cmd, " %s %s;", type, name);
}
EXPORT_SYMBOL_GPL(synth_event_add_field);

/**
 * synth_event_add_field_str() - add a field to a synthetic event's
 *	definition, as text
 * @cmd: the definition
 * @type_name: the field as synthetic_events takes it ("u64 lat")
 *
 * Return: 0; -EINVAL past SYNTH_FIELDS_MAX fields; -E2BIG if the
 * definition outgrows its buffer.
 */
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name)
{
	if (cmd->type != DYNEVENT_TYPE_SYNTH || !type_name)
		return -EINVAL;
	if (cmd->n_fields >= SYNTH_FIELDS_MAX)
		return -EINVAL;
	cmd->n_fields++;
	return dynevent_cmd_add(cmd, " %s;", type_name);
}
EXPORT_SYMBOL_GPL(synth_event_add_field_str);

/**
 * synth_event_add_fields() - add fields to a synthetic event's definition
 * @cmd: the definition
 * @fields: the fields
 * @n_fields: how many
 *
 * Return: 0, or synth_event_add_field()'s error (-EINVAL for a field
 * without a type or a name).
 */
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields)
{
	struct synth_field_desc *end = fields + n_fields;
	int ret = 0;

	/* Stop at the first field refused, and hand its error back. */
	for (; !ret && fields < end; fields++)
		ret = synth_event_add_field(cmd, fields->type, fields->name);
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_add_fields);

/**
 * __synth_event_gen_cmd_start() - start a synthetic event's definition
 *	with its name and fields
 * @cmd: the definition, from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module making it, or NULL: it stays loaded while the event
 *	is enabled
 * @...: type and name pairs, ending with NULL (synth_event_gen_cmd_start()
 *	adds it)
 *
 * Run the definition with synth_event_gen_cmd_end().
 *
 * Return: 0, or synth_event_add_field()'s error.
 */
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...)
{
	const char *type, *fname;
	va_list args;
	int ret;

	ret = add_name(cmd, name, mod);
	if (ret)
		return ret;
	va_start(args, mod);
	while (!ret && (type = va_arg(args, const char *)) &&
	       (fname = va_arg(args, const char *)))
		ret = synth_event_add_field(cmd, type, fname);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__synth_event_gen_cmd_start);

/**
 * synth_event_gen_cmd_array_start() - start a synthetic event's
 *	definition with its name and an array of fields
 * @cmd: the definition, from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module making it, or NULL
 * @fields: the fields
 * @n_fields: how many, at most SYNTH_FIELDS_MAX
 *
 * Return: 0, or -EINVAL or synth_event_add_field()'s error.
 */
int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd,
				    const char *name, struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields)
{
	int ret;

	if (n_fields > SYNTH_FIELDS_MAX)
		return -EINVAL;
	ret = add_name(cmd, name, mod);
	return ret ?: synth_event_add_fields(cmd, fields, n_fields);
}
EXPORT_SYMBOL_GPL(synth_event_gen_cmd_array_start);

/**
 * synth_event_create() - make a synthetic event
 * @name: its name
 * @fields: its fields
 * @n_fields: how many, at most SYNTH_FIELDS_MAX
 * @mod: the module making it, or NULL
 *
 * Return: 0, or the error the definition gives in synthetic_events
 * (-EEXIST: an event of that name exists; -EINVAL: a bad field, with
 * its error_log line).
 */
int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod)
{
	/* The text buffer is freed on every return below. */
	char *buf __free(kfree) = kzalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	struct dynevent_cmd cmd;
	int ret;

	if (!buf)
		return -ENOMEM;
	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = synth_event_gen_cmd_array_start(&cmd, name, mod, fields, n_fields);
	return ret ?: synth_event_gen_cmd_end(&cmd);
}
EXPORT_SYMBOL_GPL(synth_event_create);

/**
 * synth_event_delete() - remove a synthetic event
 * @name: its name
 *
 * Return: 0, -ENOENT (no such event) or -EBUSY (enabled, its files open,
 * held by kernel code or a histogram).
 */
int synth_event_delete(const char *name)
{
	char *cmd;
	int ret;

	if (!name || !*name || strpbrk(name, " \t;"))
		return -ENOENT;
	cmd = kasprintf(GFP_KERNEL, "!%s", name);
	if (!cmd)
		return -ENOMEM;
	ret = synth_event_run(cmd, NULL);
	kfree(cmd);
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_delete);

/* ---- the kernel API: writing ----------------------------------------------- */

/**
 * synth_event_trace_array() - write a synthetic event from an array
 * @file: the event in a session, from trace_get_event_file()
 * @vals: a value for each field: an integer, or a string's address
 * @n_vals: how many, the number of the event's fields
 *
 * Writes nothing, and returns 0, if the event is not enabled there.
 *
 * Return: 0, or -EINVAL (not a synthetic event, the wrong number of
 * values, or the record could not be reserved).
 */
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals)
{
	struct synth_event *se = synth_event_of_file(file);

	if (!se || n_vals != synth_event_n_fields(se))
		return -EINVAL;
	if (!file_live(file))
		return 0;
	return synth_event_write(se, file, vals);
}
EXPORT_SYMBOL_GPL(synth_event_trace_array);

/**
 * synth_event_trace() - write a synthetic event from arguments
 * @file: the event in a session, from trace_get_event_file()
 * @n_vals: the number of values, the number of the event's fields
 * @...: a u64 for each field: an integer, or a string's address
 *
 * Return: as synth_event_trace_array().
 */
int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...)
{
	u64 vals[SYNTH_FIELDS_MAX];
	unsigned int i;
	va_list args;

	if (n_vals > SYNTH_FIELDS_MAX)
		return -EINVAL;
	va_start(args, n_vals);
	for (i = 0; i < n_vals; i++)
		vals[i] = va_arg(args, u64);
	va_end(args);
	return synth_event_trace_array(file, vals, n_vals);
}
EXPORT_SYMBOL_GPL(synth_event_trace);

/**
 * synth_event_trace_start() - start writing a synthetic event field by field
 * @file: the event in a session, from trace_get_event_file()
 * @trace_state: the write's state, filled in
 *
 * Then synth_event_add_next_val() or synth_event_add_val() for the
 * fields (those left out are 0), and synth_event_trace_end(), without
 * sleeping in between.  If the event is not enabled the values are
 * dropped.
 *
 * Return: 0; -EINVAL (not a synthetic event, or the record could not be
 * reserved); -EOPNOTSUPP for an event with char[] or stack fields.
 */
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state)
{
	struct synth_event *se = synth_event_of_file(file);
	unsigned int i, size;
	u8 *rec;

	if (!trace_state || !se)
		return -EINVAL;
	memset(trace_state, 0, sizeof(*trace_state));
	trace_state->event = se;
	if (!file_live(file)) {
		trace_state->disabled = true;
		return 0;
	}
	for (i = 0; i < synth_event_n_fields(se); i++)
		if (synth_event_field(se, i)->is_dynamic)
			return -EOPNOTSUPP;
	size = synth_event_fixed_size(se);
	trace_state->buffer = file->tr->buffer;
	ring_buffer_nest_start(trace_state->buffer);
	rec = trace_event_buffer_reserve(&trace_state->fbuffer, file, size);
	if (!rec) {
		ring_buffer_nest_end(trace_state->buffer);
		trace_state->disabled = true;
		return -EINVAL;
	}
	/* The fields left out read 0. */
	memset(rec + sizeof(struct trace_entry), 0,
	       size - sizeof(struct trace_entry));
	trace_state->entry = (struct synth_trace_event *)rec;
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_start);

static int add_val(const char *name, u64 val,
		   struct synth_event_trace_state *state)
{
	const struct synth_field *f = NULL;
	struct synth_event *se;
	unsigned int i;

	if (!state)
		return -EINVAL;
	/* One way or the other in one record. */
	if (name ? state->add_next : state->add_name)
		return -EINVAL;
	if (name)
		state->add_name = true;
	else
		state->add_next = true;
	if (state->disabled)
		return 0;
	se = state->event;
	if (name) {
		for (i = 0; i < synth_event_n_fields(se) && !f; i++)
			if (!strcmp(synth_event_field(se, i)->name, name))
				f = synth_event_field(se, i);
	} else if (state->cur_field < synth_event_n_fields(se)) {
		f = synth_event_field(se, state->cur_field++);
	}
	if (!f)
		return -EINVAL;
	if (f->is_string) {
		if (!val)
			return -EINVAL;
		strscpy((char *)state->entry + f->offset,
			(const char *)(unsigned long)val, SYNTH_STR_MAX);
	} else {
		synth_slot_store((u8 *)state->entry + f->offset, f->size, val);
	}
	return 0;
}

/**
 * synth_event_add_next_val() - write the next field of a synthetic event
 * @val: its value: an integer, or a string's address
 * @trace_state: the write, from synth_event_trace_start()
 *
 * Return: 0, or -EINVAL (past the last field, or mixed with
 * synth_event_add_val()).
 */
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state)
{
	return add_val(NULL, val, trace_state);
}
EXPORT_SYMBOL_GPL(synth_event_add_next_val);

/**
 * synth_event_add_val() - write a field of a synthetic event by name
 * @field_name: the field
 * @val: its value: an integer, or a string's address
 * @trace_state: the write, from synth_event_trace_start()
 *
 * Return: 0, or -EINVAL (no such field, or mixed with
 * synth_event_add_next_val()).
 */
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state)
{
	if (!field_name)
		return -EINVAL;
	return add_val(field_name, val, trace_state);
}
EXPORT_SYMBOL_GPL(synth_event_add_val);

/**
 * synth_event_trace_end() - commit a synthetic event written field by field
 * @trace_state: the write, from synth_event_trace_start()
 *
 * Return: 0, or -EINVAL without a state.
 */
int synth_event_trace_end(struct synth_event_trace_state *trace_state)
{
	if (!trace_state)
		return -EINVAL;
	if (trace_state->disabled || !trace_state->entry)
		return 0;
	trace_event_buffer_commit(&trace_state->fbuffer);
	ring_buffer_nest_end(trace_state->buffer);
	trace_state->entry = NULL;
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_end);
