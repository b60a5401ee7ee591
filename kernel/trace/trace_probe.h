/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probe-event core: what every kind of event defined at run time
 * (kprobe events, and the kinds that build on them) shares.
 *
 * A definition's arguments are parsed once into &struct probe_arg: a
 * base value, a chain of dereferences and a type.  At a hit the core
 * fetches each argument into the record, after a header the kind
 * chooses (the probed address, or the function and return address).
 * The event itself is an ordinary &struct trace_event_call whose
 * class's reg() attaches the kind's probe: it is enabled, filtered and
 * listed like any other event, in every session.
 *
 * Documentation/trace/kprobetrace.rst describes the language.
 */
#ifndef _KERNEL_TRACE_PROBE_H
#define _KERNEL_TRACE_PROBE_H

#include <linux/limits.h>
#include <linux/ptrace.h>
#include <linux/rculist.h>
#include <linux/trace_events.h>

#include "trace_dynevent.h"

/* Group and event names: 63 characters at most. */
#define PROBE_NAME_MAX		64
#define PROBE_MAX_ARGS		128
/* An argument's text after "name=", and its name. */
#define PROBE_ARG_TEXT_MAX	63
#define PROBE_ARG_NAME_MAX	32
/* Dereferences in one argument, an @symbol's included. */
#define PROBE_DEREF_MAX		14
#define PROBE_ARRAY_MAX		64
/* The longest string one argument records, NUL included. */
#define PROBE_STRING_MAX	PATH_MAX
/* What a string argument whose memory faulted prints. */
#define PROBE_FAULT_TEXT	"(fault)"

/*
 * The errors a definition can get in error_log, with 6.12's texts
 * (tools match them).  X(name, text).
 */
#define PROBE_ERRORS							\
	X(BAD_MAXACT_TYPE,	"Maxactive is only for function exit")	\
	X(BAD_MAXACT,		"Invalid maxactive number")		\
	X(MAXACT_TOO_BIG,	"Maxactive is too big")			\
	X(BAD_PROBE_ADDR,	"Invalid probed address or symbol")	\
	X(NON_UNIQ_SYMBOL,	"The symbol is not unique")		\
	X(BAD_RETPROBE,		"Retprobe address must be an function entry") \
	X(BAD_ADDR_SUFFIX,	"Invalid probed address suffix")	\
	X(FILE_NOT_FOUND,	"Failed to find the given file")	\
	X(NO_REGULAR_FILE,	"Not a regular file")			\
	X(BAD_REFCNT,		"Invalid reference counter offset")	\
	X(REFCNT_OPEN_BRACE,	"Reference counter brace is not closed") \
	X(BAD_REFCNT_SUFFIX,	"Reference counter has wrong suffix")	\
	X(BAD_UPROBE_OFFS,	"Invalid uprobe offset")		\
	X(NO_GROUP_NAME,	"Group name is not specified")		\
	X(GROUP_TOO_LONG,	"Group name is too long")		\
	X(BAD_GROUP_NAME,	"Group name must follow the same rules as C identifiers") \
	X(NO_EVENT_NAME,	"Event name is not specified")		\
	X(EVENT_TOO_LONG,	"Event name is too long")		\
	X(BAD_EVENT_NAME,	"Event name must follow the same rules as C identifiers") \
	X(EVENT_EXIST,		"Given group/event name is already used by another event") \
	X(RETVAL_ON_PROBE,	"$retval is not available on probe")	\
	X(BAD_STACK_NUM,	"Invalid stack number")			\
	X(BAD_ARG_NUM,		"Invalid argument number")		\
	X(BAD_VAR,		"Invalid $-variable specified")		\
	X(BAD_REG_NAME,		"Invalid register name")		\
	X(BAD_MEM_ADDR,		"Invalid memory address")		\
	X(BAD_IMM,		"Invalid immediate value")		\
	X(IMMSTR_NO_CLOSE,	"String is not closed with '\"'")	\
	X(FILE_ON_KPROBE,	"File offset is not available with kprobe") \
	X(BAD_FILE_OFFS,	"Invalid file offset value")		\
	X(SYM_ON_UPROBE,	"Symbol is not available with uprobe")	\
	X(TOO_MANY_OPS,		"Dereference is too much nested")	\
	X(DEREF_NEED_BRACE,	"Dereference needs a brace")		\
	X(BAD_DEREF_OFFS,	"Invalid dereference offset")		\
	X(DEREF_OPEN_BRACE,	"Dereference brace is not closed")	\
	X(COMM_CANT_DEREF,	"$comm can not be dereferenced")	\
	X(BAD_FETCH_ARG,	"Invalid fetch argument")		\
	X(ARRAY_NO_CLOSE,	"Array is not closed")			\
	X(BAD_ARRAY_SUFFIX,	"Array has wrong suffix")		\
	X(BAD_ARRAY_NUM,	"Invalid array size")			\
	X(ARRAY_TOO_BIG,	"Array number is too big")		\
	X(BAD_TYPE,		"Unknown type is specified")		\
	X(BAD_STRING,		"String accepts only memory argument")	\
	X(BAD_SYMSTRING,	"Symbol String doesn't accept data/userdata") \
	X(BAD_BITFIELD,		"Invalid bitfield")			\
	X(ARG_NAME_TOO_LONG,	"Argument name is too long")		\
	X(NO_ARG_NAME,		"Argument name is not specified")	\
	X(BAD_ARG_NAME,		"Argument name must follow the same rules as C identifiers") \
	X(USED_ARG_NAME,	"This argument name is already used")	\
	X(ARG_TOO_LONG,		"Argument expression is too long")	\
	X(NO_ARG_BODY,		"No argument expression")		\
	X(BAD_INSN_BNDRY,	"Probe point is not an instruction boundary") \
	X(FAIL_REG_PROBE,	"Failed to register probe event")	\
	X(DIFF_PROBE_TYPE,	"Probe type is different from existing probe") \
	X(DIFF_ARG_TYPE,	"Argument type or name is different from existing probe") \
	X(SAME_PROBE,		"There is already the exact same probe event") \
	X(NOSUP_BTFARG,		"BTF is not available or not supported") \
	X(NO_BTFARG,		"This variable is not found at this probe point") \
	X(NO_BTF_ENTRY,		"No BTF entry for this probe point")	\
	X(BAD_VAR_ARGS,		"$arg* must be an independent parameter without name etc.") \
	X(NOFENTRY_ARGS,	"$arg* can be used only on function entry or exit") \
	X(DOUBLE_ARGS,		"$arg* can be used only once in the parameters") \
	X(ARGS_2LONG,		"$arg* failed because the argument list is too long") \
	X(ARGIDX_2BIG,		"$argN index is too big")		\
	X(NO_RETVAL,		"This function returns 'void' type")	\
	X(NO_PTR_STRCT,		"This is not a pointer to union/structure.") \
	X(NOSUP_DAT_ARG,	"Non pointer structure/union argument is not supported.") \
	X(BAD_HYPHEN,		"Failed to parse single hyphen. Forgot '>'?") \
	X(NO_BTF_FIELD,		"This field is not found.")		\
	X(BAD_BTF_TID,		"Failed to get BTF type info.")		\
	X(BAD_TYPE4STR,		"This type does not fit for string.")	\
	X(NEED_STRING_TYPE,	"$comm and immediate-string only accepts string type") \
	X(TOO_MANY_ARGS,	"Too many arguments")			\
	X(NO_TRACEPOINT,	"Tracepoint is not found")		\
	X(BAD_TP_NAME,		"Invalid character in tracepoint name")	\
	X(NO_EVENT_INFO,	"This requires both group and event name to attach") \
	X(BAD_ATTACH_EVENT,	"Attached event does not exist")	\
	X(BAD_ATTACH_ARG,	"Attached event does not have this field") \
	X(NO_EP_FILTER,		"No filter rule after 'if'")

#define X(name, text) PE_##name,
enum probe_error { PROBE_ERRORS };

/* Where an argument's value comes from. */
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
#undef X

/* Where a definition is parsed for (&struct probe_parse.flags). */
#define PROBE_F_KERNEL		BIT(0)	/* kernel memory and registers */
#define PROBE_F_RETURN		BIT(1)	/* at a function's return */
#define PROBE_F_ENTRY		BIT(2)	/* at a function's first instruction */
#define PROBE_F_USER		BIT(3)	/* a user task's registers and memory */
#define PROBE_F_NOREGS		BIT(4)	/* no %register (fprobe, tracepoint) */
#define PROBE_F_EVENT		BIT(5)	/* another event's record: $field */
#define PROBE_F_TPOINT		BIT(6)	/* a tracepoint's probe (with ENTRY) */

struct probe_btf;

/**
 * struct probe_parse - one definition being parsed
 * @loc: the error_log prefix ("trace_kprobe", ...)
 * @cmd: the definition as written, for error_log
 * @flags: PROBE_F_* bits
 * @entry_args: for a return probe: one more than the highest $argN used
 *	(the entry handler saves that many)
 * @err: the last error logged, as &enum probe_error + 1; 0 for none
 * @err_pos: where that error's caret points
 * @max_arg: the highest $argN the kind can fetch, or 0 for the default
 * @event: for PROBE_F_EVENT, the event whose record's fields $NAME names
 * @func: the probed function (or with PROBE_F_TPOINT the tracepoint),
 *	whose BTF names and types the arguments; NULL for none
 * @btf: what trace_probe_btf.c found of @func, while the arguments are
 *	parsed (probe_args_parse() drops it)
 */
struct probe_parse {
	const char	*loc;
	const char	*cmd;
	unsigned int	flags;
	unsigned int	entry_args;
	int		err;
	int		err_pos;
	unsigned int	max_arg;
	struct trace_event_call	*event;
	const char	*func;
	struct probe_btf	*btf;
};

void probe_log_err(struct probe_parse *pp, int pos, enum probe_error err);

struct probe_argtype;
struct probe_event;

/**
 * struct probe_arg - one argument of a probe event
 * @name: its field's name
 * @text: what followed "name=", as listed in the definition files
 * @type: how it is stored and printed
 * @ctype: its field's type in the format file
 * @count: the number of array elements, or 0 for one value
 * @offset: the offset of its field in the record
 * @base: where the value comes from (&enum probe_base)
 * @ndrf: dereferences applied to it
 * @udrf: bit i set: dereference i reads user memory
 * @bf_width: for a bitfield, its width in bits, else 0
 * @bf_shift: for a bitfield, its offset in its container
 * @fsize: for a field of another event's record, its size in bytes
 * @fsigned: and whether it is signed
 * @ftext: the field is text: a char array, or a string's location
 * @param: the register's offset, stack slot, argument number or value
 * @drf: the dereferences' offsets, innermost first
 * @str: an immediate string
 */
struct probe_arg {
	char			*name;
	char			*text;
	const struct probe_argtype	*type;
	char			*ctype;
	u16			count;
	u16			offset;
	u8			base;
	u8			ndrf;
	u16			udrf;
	u8			bf_width;
	u8			bf_shift;
	u8			fsize;
	bool			fsigned;
	bool			ftext;
	unsigned long		param;
	long			drf[PROBE_DEREF_MAX];
	char			*str;
};

/**
 * struct probe_args - what one probe point fetches
 * @nargs: the number of arguments
 * @size: the record's fixed part: header and arguments
 * @entry_args: for a return probe, the $argN saved at entry (highest N)
 * @strings: some argument is a string: the record has a dynamic part
 * @args: the arguments
 */
struct probe_args {
	int			nargs;
	unsigned int		size;
	unsigned int		entry_args;
	bool			strings;
	struct probe_arg	*args;
};

/**
 * struct probe_event_kind - what a kind gives each of its events
 * @hdr: the header fields after &struct trace_entry, ending with a NULL
 *	name: each an unsigned long
 * @print_head: prints the header's part of a record's text, after
 *	"NAME: "
 * @reg: the class's reg(): attaches the kind's probes
 * @flags: TRACE_EVENT_FL_* bits of the kind
 */
struct probe_event_kind {
	const struct trace_event_fields	*hdr;
	void	(*print_head)(struct trace_seq *s, const struct probe_event *ev,
			      const unsigned long *hdr);
	int	(*reg)(struct trace_event_call *call, enum trace_reg type,
		       void *data);
	int	flags;
};

/**
 * struct probe_event - an event defined at run time
 * @call: the event, as the events layer knows it
 * @class: its own class: its fields and reg()
 * @funcs: its print functions
 * @files: &struct probe_link, one per session the event is enabled in
 *	(RCU; written under trace_types_lock)
 * @points: the kind's probe points recording the event (trace_types_lock
 *	and dyn_event_mutex to change)
 * @kind: its kind's header and callbacks
 * @hdr_size: the size of its header fields
 * @layout: the arguments as the format file shows them: every point
 *	records the same names and types
 * @fields: the header's and arguments' fields, for the format file
 * @group: the events/ directory it is in
 * @perf: perf events are open on it: its hits also go to perf, through
 *	&trace_event_call.perf_events (set and cleared by the kind's reg()
 *	under trace_types_lock, read at hits)
 */
struct probe_event {
	struct trace_event_call		call;
	struct trace_event_class	class;
	struct trace_event_functions	funcs;
	struct list_head		files;
	struct list_head		points;
	const struct probe_event_kind	*kind;
	unsigned int			hdr_size;
	struct probe_args		layout;
	struct trace_event_fields	*fields;
	char				*group;
	bool				perf;
};

/* A session the event is enabled in. */
struct probe_link {
	struct list_head	list;
	struct trace_event_file	*file;
	struct rcu_head		rcu;
};

/* ---- BTF-typed arguments (trace_probe_btf.c) ---- */

#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
int probe_btf_expand(struct probe_parse *pp, int *argc, char ***argv,
		     int **pos, void **mem);
int probe_btf_parse_name(struct probe_parse *pp, struct probe_arg *a,
			 char *s, int pos);
int probe_btf_arg_type(struct probe_parse *pp, struct probe_arg *a,
		       const char *type, int tpos, const char **tname);
void probe_btf_put(struct probe_parse *pp);
#else
static inline int probe_btf_expand(struct probe_parse *pp, int *argc,
				   char ***argv, int **pos, void **mem)
{
	*mem = NULL;
	return 0;
}

static inline int probe_btf_parse_name(struct probe_parse *pp,
				       struct probe_arg *a, char *s, int pos)
{
	probe_log_err(pp, pos, PE_NOSUP_BTFARG);
	return -EOPNOTSUPP;
}

static inline int probe_btf_arg_type(struct probe_parse *pp,
				     struct probe_arg *a, const char *type,
				     int tpos, const char **tname)
{
	return 0;
}

static inline void probe_btf_put(struct probe_parse *pp)
{
}
#endif

/* ---- types of arguments (trace_probe_args.c) ---- */

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

static inline bool kind_is_string(const struct probe_argtype *t)
{
	return t->kind >= PK_STRING;
}

/**
 * struct probe_point - what every kind's probe point starts with
 * @de: its entry in the list of events defined at run time
 * @event: the event it records (shared by appended points)
 * @node: entry in @event's points
 * @args: what it fetches
 */
struct probe_point {
	struct dyn_event	de;
	struct probe_event	*event;
	struct list_head	node;
	struct probe_args	args;
};

/**
 * struct probe_point_kind - how one kind of probe point fills the definition
 *	skeleton, probe_point_create()
 * @loc: the error_log prefix ("trace_kprobe", ...)
 * @group: the group of an event defined without one
 * @ops: the kind's &struct dyn_event_ops
 * @size: the size of the kind's point, which starts with its &struct
 *	probe_point
 * @parse: parse the words into a zeroed point, its arguments included
 *	(probe_args_parse()); may set *@group and *@name
 * @event_kind: the event kind the point records as: a point appends only
 *	to an event of the same one
 * @default_name: the event's name when the definition gives none, at
 *	most PROBE_NAME_MAX bytes
 * @same_place: whether two points probe the same place (with the same
 *	arguments they are the same probe, which may not be defined twice)
 * @check: NULL, or a last check of the place, after the append check and
 *	before the event is made
 * @attach: register the point and add it to its event's points; armed at
 *	once if the event is enabled
 * @free: free a point that is not attached
 */
struct probe_point_kind {
	const char		*loc;
	const char		*group;
	struct dyn_event_ops	*ops;
	size_t			size;
	int	(*parse)(struct probe_parse *pp, struct probe_point *pt,
			 int argc, char **argv, int *pos, const char **group,
			 const char **name);
	const struct probe_event_kind *(*event_kind)(struct probe_point *pt);
	void	(*default_name)(struct probe_point *pt, char *buf);
	bool	(*same_place)(struct probe_point *a, struct probe_point *b);
	int	(*check)(struct probe_parse *pp, struct probe_point *pt,
			 int pos);
	int	(*attach)(struct probe_point *pt);
	void	(*free)(struct probe_point *pt);
};

int probe_point_create(const struct probe_point_kind *kind, const char *line,
		       int argc, char **argv, int *pos);
bool probe_point_busy(struct dyn_event *de);
int probe_args_parse(struct probe_parse *pp, struct probe_args *pa,
		     int argc, char **argv, int *pos,
		     const struct trace_event_fields *hdr);
int probe_args_alloc(struct probe_args *pa, int nargs);
void probe_args_free(struct probe_args *pa);
int probe_args_dup(struct probe_args *dst, const struct probe_args *src);
int probe_parse_arg(struct probe_parse *pp, struct probe_args *pa, int i,
		    char *tok, int pos);
void probe_args_layout(struct probe_args *pa, unsigned int hdr_size);
bool probe_args_same_layout(const struct probe_args *a,
			    const struct probe_args *b, int *diff);
bool probe_args_same(const struct probe_args *a, const struct probe_args *b);
void probe_show_args(struct seq_file *m, const struct probe_args *pa);
bool probe_args_match(const struct probe_args *pa, int argc,
		      const char **argv);
void probe_event_record_file(struct probe_event *ev,
			     struct trace_event_file *file,
			     const struct probe_args *pa, struct pt_regs *regs,
			     const unsigned long *edata,
			     const unsigned long *hdr);
void probe_event_record_perf(struct probe_event *ev,
			     const struct probe_args *pa,
			     const unsigned long *edata,
			     const unsigned long *hdr);
void probe_fetch_entry_args(const struct probe_args *pa,
			    struct pt_regs *regs, unsigned long *edata);
size_t probe_args_dynamic_size(const struct probe_args *pa,
			       struct pt_regs *regs,
			       const unsigned long *edata);
void probe_args_store(const struct probe_args *pa, struct pt_regs *regs,
		      const unsigned long *edata, u8 *rec, size_t dsize);
void probe_args_fault_in(const struct probe_args *pa, struct pt_regs *regs,
			 const unsigned long *edata);

struct probe_event *probe_event_create(const char *group, const char *name,
				       const struct probe_event_kind *kind,
				       const struct probe_args *pa);
struct probe_event *probe_event_create_local(const char *group,
					     const char *name,
					     const struct probe_event_kind *kind,
					     const struct probe_args *pa);
void probe_event_free_local(struct probe_event *ev);
void probe_event_set_perf(struct probe_event *ev, bool on);
int probe_event_destroy(struct probe_event *ev);
int probe_event_remove_point(struct probe_event *ev, struct list_head *node);
void probe_event_free(struct probe_event *ev);
bool probe_event_named(const struct probe_event *ev, const char *system,
		       const char *event);
int probe_event_link(struct probe_event *ev, struct trace_event_file *file);
bool probe_event_unlink(struct probe_event *ev,
			struct trace_event_file *file);
void probe_event_record(struct probe_event *ev, const struct probe_args *pa,
			struct pt_regs *regs, const unsigned long *edata,
			const unsigned long *hdr);
void probe_event_record_to(struct probe_event *ev, const struct probe_args *pa,
			   struct pt_regs *regs, const unsigned long *edata,
			   const unsigned long *hdr, bool to_perf);
bool probe_good_name(const char *name);
int probe_parse_name(struct probe_parse *pp, char *spec, int pos,
		     const char **group, const char **event);
unsigned int probe_hdr_size(const struct trace_event_fields *hdr);

/**
 * probe_event_enabled() - whether a probe event records anywhere
 * @ev: the event
 *
 * Return: true if at least one session has it enabled, or perf events
 * are open on it.
 */
static inline bool probe_event_enabled(struct probe_event *ev)
{
	return !list_empty(&ev->files) || READ_ONCE(ev->perf);
}

/**
 * probe_event_name() - a probe event's name
 * @ev: the event
 *
 * Return: the name, as in events/<group>/<name>.
 */
static inline const char *probe_event_name(const struct probe_event *ev)
{
	return ev->call.name;
}

#ifdef CONFIG_PERF_EVENTS
/*
 * The events perf's "kprobe" and "uprobe" PMUs make for one perf event
 * each: in no session's list, and gone with the perf event.
 */
struct trace_event_call *create_local_trace_kprobe(char *func, void *addr,
						   unsigned long offs,
						   bool is_return);
void destroy_local_trace_kprobe(struct trace_event_call *event_call);
struct trace_event_call *create_local_trace_uprobe(char *name,
						   unsigned long offs,
						   unsigned long ref_ctr_offset,
						   bool is_return);
void destroy_local_trace_uprobe(struct trace_event_call *event_call);
#endif

/*
 * For BPF's helper layer (kernel/trace/bpf_trace.c): what it asks of the
 * kprobe and uprobe events a program is attached to.
 */
struct perf_event;

/**
 * struct uprobe_dispatch_data - a uprobe hit, while its BPF programs run
 * @tu: unused (the series' uprobe events keep no such object); NULL
 * @bp_addr: the address of the probed instruction in the task
 *
 * current->utask->vaddr points to it for the programs' run, where
 * bpf_get_func_ip() finds @bp_addr.
 */
struct uprobe_dispatch_data {
	void		*tu;
	unsigned long	bp_addr;
};

#ifdef CONFIG_KPROBE_EVENTS
bool trace_kprobe_on_func_entry(struct trace_event_call *call);
bool trace_kprobe_error_injectable(struct trace_event_call *call);
int bpf_get_kprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **symbol, u64 *probe_offset,
			u64 *probe_addr, unsigned long *missed,
			bool perf_type_tracepoint);
#else
static inline bool trace_kprobe_on_func_entry(struct trace_event_call *call)
{
	return false;
}

static inline bool trace_kprobe_error_injectable(struct trace_event_call *call)
{
	return false;
}
#endif
#ifdef CONFIG_UPROBE_EVENTS
int bpf_get_uprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **filename, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint);
#endif

#endif /* _KERNEL_TRACE_PROBE_H */
