/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histogram triggers ("hist:" in an event's trigger file): what their
 * files share.  trace_hist_fields.c parses and evaluates the fields
 * (keys, values, variables, expressions, references to variables);
 * trace_events_hist.c parses a trigger, builds its table and runs it on
 * each record; trace_hist_output.c prints the trigger line and the
 * hist and hist_debug files; trace_hist_actions.c runs the handlers
 * (onmatch, onmax, onchange) and their actions.
 *
 * A trigger's &struct event_trigger.data is its &struct hist_data.
 * Triggers sharing a name= share the map (&struct hist_map), each with
 * its own fields parsed against its own event.
 */
#ifndef _KERNEL_TRACE_TRACE_HIST_H
#define _KERNEL_TRACE_TRACE_HIST_H

#include <linux/seq_file.h>

#include "trace_events_internal.h"
#include "tracing_map.h"

/* Linux 6.12's limits, as its error_log and tests see them. */
#define HIST_KEYS_MAX		3
#define HIST_VALS_MAX		3	/* hitcount and two more */
#define HIST_VARS_MAX		16
#define HIST_VAR_REFS_MAX	16
#define HIST_FIELDS_MAX		(HIST_KEYS_MAX + HIST_VALS_MAX + HIST_VARS_MAX)
#define HIST_SORT_KEYS_MAX	2
#define HIST_SUBEXPRS_MAX	3
#define HIST_ACTIONS_MAX	8
#define HIST_STACK_DEPTH	16
#define HIST_STACK_SIZE		(HIST_STACK_DEPTH * sizeof(unsigned long))
#define HIST_STACK_SKIP		5
#define HIST_KEY_SIZE_MAX	(MAX_FILTER_STR_VAL + HIST_STACK_SIZE)
/* A string variable's room in an element (6.12's STR_VAR_LEN_MAX). */
#define HIST_STR_VAR_LEN	MAX_FILTER_STR_VAL
#define HIST_STR_VARS_MAX	HIST_VARS_MAX

/* The error_log texts, in 6.12's order (hist_err_text[]). */
enum hist_err {
	HIST_ERR_NONE,
	HIST_ERR_DUPLICATE_VAR,
	HIST_ERR_VAR_NOT_UNIQUE,
	HIST_ERR_TOO_MANY_VARS,
	HIST_ERR_MALFORMED_ASSIGNMENT,
	HIST_ERR_NAMED_MISMATCH,
	HIST_ERR_TRIGGER_EEXIST,
	HIST_ERR_TRIGGER_ENOENT_CLEAR,
	HIST_ERR_SET_CLOCK_FAIL,
	HIST_ERR_BAD_FIELD_MODIFIER,
	HIST_ERR_TOO_MANY_SUBEXPR,
	HIST_ERR_TIMESTAMP_MISMATCH,
	HIST_ERR_TOO_MANY_FIELD_VARS,
	HIST_ERR_EVENT_FILE_NOT_FOUND,
	HIST_ERR_HIST_NOT_FOUND,
	HIST_ERR_HIST_CREATE_FAIL,
	HIST_ERR_SYNTH_VAR_NOT_FOUND,
	HIST_ERR_SYNTH_EVENT_NOT_FOUND,
	HIST_ERR_SYNTH_TYPE_MISMATCH,
	HIST_ERR_SYNTH_COUNT_MISMATCH,
	HIST_ERR_FIELD_VAR_PARSE_FAIL,
	HIST_ERR_VAR_CREATE_FIND_FAIL,
	HIST_ERR_ONX_NOT_VAR,
	HIST_ERR_ONX_VAR_NOT_FOUND,
	HIST_ERR_ONX_VAR_CREATE_FAIL,
	HIST_ERR_FIELD_VAR_CREATE_FAIL,
	HIST_ERR_TOO_MANY_PARAMS,
	HIST_ERR_PARAM_NOT_FOUND,
	HIST_ERR_INVALID_PARAM,
	HIST_ERR_ACTION_NOT_FOUND,
	HIST_ERR_NO_SAVE_PARAMS,
	HIST_ERR_TOO_MANY_SAVE_ACTIONS,
	HIST_ERR_ACTION_MISMATCH,
	HIST_ERR_NO_CLOSING_PAREN,
	HIST_ERR_SUBSYS_NOT_FOUND,
	HIST_ERR_INVALID_SUBSYS_EVENT,
	HIST_ERR_INVALID_REF_KEY,
	HIST_ERR_VAR_NOT_FOUND,
	HIST_ERR_FIELD_NOT_FOUND,
	HIST_ERR_EMPTY_ASSIGNMENT,
	HIST_ERR_INVALID_SORT_MODIFIER,
	HIST_ERR_EMPTY_SORT_FIELD,
	HIST_ERR_TOO_MANY_SORT_FIELDS,
	HIST_ERR_INVALID_SORT_FIELD,
	HIST_ERR_INVALID_STR_OPERAND,
	HIST_ERR_EXPECT_NUMBER,
	HIST_ERR_UNARY_MINUS_SUBEXPR,
	HIST_ERR_DIVISION_BY_ZERO,
	HIST_ERR_NEED_NOHC_VAL,
};

/*
 * What a field is, and how it prints (6.12's HIST_FIELD_FL_* meanings;
 * matching triggers compare these).
 */
enum {
	HF_HITCOUNT		= BIT(0),
	HF_KEY			= BIT(1),
	HF_STRING		= BIT(2),
	HF_HEX			= BIT(3),
	HF_SYM			= BIT(4),
	HF_SYM_OFFSET		= BIT(5),
	HF_EXECNAME		= BIT(6),
	HF_SYSCALL		= BIT(7),
	HF_STACKTRACE		= BIT(8),
	HF_LOG2			= BIT(9),
	HF_TIMESTAMP		= BIT(10),
	HF_TIMESTAMP_USECS	= BIT(11),
	HF_VAR			= BIT(12),
	HF_EXPR			= BIT(13),
	HF_VAR_REF		= BIT(14),
	HF_CPU			= BIT(15),
	HF_ALIAS		= BIT(16),
	HF_BUCKET		= BIT(17),
	HF_CONST		= BIT(18),
	HF_PERCENT		= BIT(19),
	HF_GRAPH		= BIT(20),
};

/* How a field's value is computed on the hit path. */
enum hist_kind {
	HK_NONE,
	HK_U8, HK_S8, HK_U16, HK_S16, HK_U32, HK_S32, HK_U64,
	HK_STR_STATIC,		/* char[N] in the record */
	HK_STR_DYN,		/* __data_loc char[] */
	HK_STR_REL,		/* __rel_loc char[] */
	HK_STACK_DYN,		/* __data_loc unsigned long[] (a stack) */
	HK_CONST,
	HK_HITCOUNT,
	HK_TIMESTAMP,
	HK_CPU,
	HK_COMM,		/* the current task's name, as a string */
	HK_STACK,		/* the stack at the hit */
	HK_VAR_REF,
	HK_LOG2,		/* of operands[0] */
	HK_BUCKET,		/* of operands[0] */
	HK_UMINUS,
	HK_PLUS,
	HK_MINUS,
	HK_MULT,
	HK_DIV,
};

struct hist_data;

/**
 * struct hist_field - a key, a value, a variable or a part of one
 * @flags: HF_* flags
 * @kind: &enum hist_kind
 * @is_signed: a signed integer
 * @field: the event's field, or NULL
 * @size: a value's size in bytes; a key's room in the key
 * @offset: a key's offset in the key
 * @idx: a value's sum, or a variable's index in the map's variables, or
 *	a reference's slot in the hit's resolved values
 * @str_idx: a string variable's slot in its element's strings
 * @buckets: .buckets=N
 * @constant: a constant's value
 * @operands: of an expression, .log2 or .buckets
 * @name: an expression's text, or a reference's variable name
 * @var_name: the variable this field assigns, or NULL
 * @type: the C type, for synthetic events' parameters
 * @ref_data: for a reference: the table holding the variable
 * @ref_var: for a reference: that variable's index in the map
 * @system: for a sys.event.$var reference: its system, else NULL
 * @event_name: and its event
 * @read_once: a reference that consumes the variable it reads
 */
struct hist_field {
	unsigned long		flags;
	enum hist_kind		kind;
	bool			is_signed;
	const struct trace_event_fields *field;
	unsigned int		size;
	unsigned int		offset;
	unsigned int		idx;
	unsigned int		str_idx;
	unsigned long		buckets;
	u64			constant;
	struct hist_field	*operands[2];
	char			*name;
	char			*var_name;
	const char		*type;
	struct hist_data	*ref_data;
	unsigned int		ref_var;
	char			*system;
	char			*event_name;
	bool			read_once;
};

/**
 * struct hist_attrs - a trigger's words, split
 * @keys: keys=
 * @vals: vals=
 * @sort: sort=
 * @name: name=
 * @clock: clock=, "global" by default
 * @map_bits: from size=, or 0
 * @assign: the name=expr words, in order
 * @n_assign: their number
 * @var_names: the variables they define, in order
 * @var_exprs: and their definitions
 * @n_vars: their number
 * @actions: the onmatch()/onmax()/onchange() words
 * @n_actions: their number
 * @pause: pause
 * @cont: cont or continue
 * @clear: clear
 * @no_hitcount: nohitcount or NOHC
 */
struct hist_attrs {
	char		*keys;
	char		*vals;
	char		*sort;
	char		*name;
	char		*clock;
	unsigned int	map_bits;
	char		*assign[HIST_VARS_MAX];
	unsigned int	n_assign;
	char		*var_names[HIST_VARS_MAX];
	char		*var_exprs[HIST_VARS_MAX];
	unsigned int	n_vars;
	char		*actions[HIST_ACTIONS_MAX];
	unsigned int	n_actions;
	bool		pause;
	bool		cont;
	bool		clear;
	bool		no_hitcount;
};

/**
 * struct hist_map - a tracing map and who shares it
 * @map: the map
 * @name: name= of a shared one, else NULL
 * @list: entry in the list of named maps
 * @refs: the tables using it
 * @tables: those of them that are triggers (&hist_data.map_entry)
 * @bits: its size as size= gave it
 * @n_str: string variables each element keeps
 * @action_size: bytes each element keeps for the actions
 */
struct hist_map {
	struct tracing_map	*map;
	char			*name;
	struct list_head	list;
	unsigned int		refs;
	struct list_head	tables;
	unsigned int		bits;
	unsigned int		n_str;
	unsigned int		action_size;
};

struct hist_action;

/**
 * struct hist_sort_key - one sort= field
 * @idx: 6.12's sort index: 0 hitcount, then the values, then the keys
 *	(variables are skipped)
 * @field: the field it sorts by
 * @descending: .descending
 */
struct hist_sort_key {
	unsigned int		idx;
	struct hist_field	*field;
	bool			descending;
};

/**
 * struct hist_data - one histogram trigger's table
 * @attrs: its words
 * @fields: values (hitcount first, then vals=, then the variables),
 *	then the keys
 * @n_vals: values and variables
 * @n_vars: variables
 * @n_keys: keys
 * @n_fields: all of them
 * @key_size: bytes of the key
 * @sort_keys: sort=
 * @n_sort_keys: their number
 * @var_refs: the references to variables its fields and actions read
 * @n_var_refs: their number
 * @n_str_vars: its string variables (each element keeps their text)
 * @hmap: its map (shared with the triggers of the same name=)
 * @file: the event it is on
 * @trigger: its trigger, once made
 * @enable_timestamps: it reads common_timestamp
 * @ts_in_usecs: ... in microseconds
 * @remove: made from "!hist:" to find the one to remove
 * @users: references to its variables from other tables
 * @refcnt: its trigger and the tables holding references to it
 * @var_list: entry in the tables whose variables others may reference
 * @map_entry: entry in &hist_map.tables, once its trigger is added
 * @actions: its handlers and actions (trace_hist_actions.c)
 * @n_actions: their number
 * @match_sys: the events its onmatch() handlers name, searched first
 *	for the variables its fields reference
 * @match_ev: likewise
 * @n_match: their number
 * @actions_data: what the actions keep (trace_hist_actions.c)
 */
struct hist_data {
	struct hist_attrs	*attrs;
	struct hist_field	*fields[HIST_FIELDS_MAX];
	unsigned int		n_vals;
	unsigned int		n_vars;
	unsigned int		n_keys;
	unsigned int		n_fields;
	unsigned int		key_size;
	struct hist_sort_key	sort_keys[HIST_SORT_KEYS_MAX];
	unsigned int		n_sort_keys;
	struct hist_field	*var_refs[HIST_VAR_REFS_MAX];
	unsigned int		n_var_refs;
	unsigned int		n_str_vars;
	struct hist_map		*hmap;
	struct trace_event_file	*file;
	struct event_trigger	*trigger;
	bool			enable_timestamps;
	bool			ts_in_usecs;
	bool			remove;
	unsigned int		users;
	unsigned int		refcnt;
	struct list_head	var_list;
	struct list_head	map_entry;
	struct hist_action	*actions[HIST_ACTIONS_MAX];
	unsigned int		n_actions;
	const char		*match_sys[HIST_ACTIONS_MAX];
	const char		*match_ev[HIST_ACTIONS_MAX];
	unsigned int		n_match;
	void			*actions_data;
};

#define for_each_hist_val(i, hd)	for ((i) = 0; (i) < (hd)->n_vals; (i)++)
#define for_each_hist_key(i, hd)	\
	for ((i) = (hd)->n_vals; (i) < (hd)->n_fields; (i)++)

/**
 * struct hist_elt - what each element of a histogram keeps besides the
 *	map's sums and variables
 * @comm: the task's name when the element was taken (.execname)
 * @strs: the text of the table's string variables
 * @action: what the actions keep per element (the onmax/onchange
 *	tracked value and saved fields), or NULL
 */
struct hist_elt {
	char	comm[TASK_COMM_LEN];
	char	(*strs)[HIST_STR_VAR_LEN];
	void	*action;
};

/**
 * struct hist_hit - one hit being counted
 * @rec: the event's record
 * @buffer: the ring buffer it goes to
 * @elt: the element, once found
 * @refs: the values of the table's references, by &hist_field.idx
 * @ts: the hit's time stamp, read once
 * @args: room for a synthetic event's values
 */
struct hist_hit {
	void			*rec;
	struct trace_buffer	*buffer;
	struct tracing_map_elt	*elt;
	u64			*refs;
	u64			ts;
	u64			*args;
};

/* trace_hist_fields.c */
bool hist_lock(void);
void hist_unlock(bool locked);
void hist_err_begin(struct trace_event_file *file, const char *text);
void hist_err(struct trace_array *tr, enum hist_err err, const char *at);
void hist_vars_publish(struct hist_data *hd);
void hist_vars_unpublish(struct hist_data *hd);
struct hist_field *hist_data_var(struct hist_data *hd, const char *name);
struct hist_field *hist_lookup_var(struct hist_data *hd, const char *system,
				   const char *event, const char *var,
				   struct hist_data **var_hd);
struct hist_field *hist_parse_expr(struct hist_data *hd, char *str,
				   unsigned long flags, char *var_name,
				   unsigned int *n_subexprs);
void hist_field_free(struct hist_field *hf);
u64 hist_field_value(const struct hist_field *hf, struct hist_hit *hit);
const char *hist_field_name(const struct hist_field *hf);
const char *hist_field_modifier(const struct hist_field *hf);
void hist_field_print(struct seq_file *m, const struct hist_field *hf);
bool hist_field_has_refs(const struct hist_field *hf);
struct hist_field *hist_var_ref_new(struct hist_data *hd,
				    struct hist_data *var_hd,
				    struct hist_field *var,
				    const char *system, const char *event);
void hist_field_drop_refs(struct hist_data *hd);
#ifdef CONFIG_HIST_TRIGGERS_DEBUG
void hist_field_debug(struct seq_file *m, const struct hist_field *hf);
#endif

/* trace_hist_output.c */
void hist_trigger_print(struct seq_file *m, struct event_trigger *trigger);
void hist_poll_wake(void);
int hist_output_init(void);

/**
 * struct hist_helpers - histograms a table added on other events
 * @n: their number
 * @text: their triggers ("hist:...")
 * @file: the events they are on
 */
struct hist_helpers {
	unsigned int		n;
	char			**text;
	struct trace_event_file	*file[];
};

/* trace_hist_actions.c */
void hist_actions_set_maker(int (*make)(struct trace_event_file *file,
					char *text, bool remove));
struct hist_helpers *hist_actions_take_helpers(struct hist_data *hd);
void hist_actions_remove_helpers(struct hist_helpers *helpers);
int hist_actions_parse(struct hist_data *hd);
int hist_actions_create(struct hist_data *hd);
unsigned int hist_actions_elt_size(struct hist_data *hd);
void hist_actions_release(struct hist_data *hd);
void hist_actions_free(struct hist_data *hd);
void hist_actions_run(struct hist_data *hd, struct hist_hit *hit);
void hist_actions_print_spec(struct seq_file *m, struct hist_data *hd);
void hist_actions_print_elt(struct seq_file *m, struct hist_data *hd,
			    struct tracing_map_elt *elt);
void hist_actions_print_snapshot(struct seq_file *m, struct hist_data *hd,
				 void (*print_key)(struct seq_file *m,
						   struct hist_data *hd,
						   void *key, const char *comm));
bool hist_actions_match(struct hist_data *a, struct hist_data *b);

#ifdef CONFIG_HIST_TRIGGERS_DEBUG
void hist_actions_debug(struct seq_file *m, struct hist_data *hd);
#endif

#endif /* _KERNEL_TRACE_TRACE_HIST_H */
