/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Events defined at run time, of every kind, and the dynamic_events file
 * that lists them.  Each kind (kprobe events, ...) registers its
 * &struct dyn_event_ops; its events are &struct dyn_event on one list.
 */
#ifndef _KERNEL_TRACE_DYNEVENT_H
#define _KERNEL_TRACE_DYNEVENT_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/trace_events.h>

struct dyn_event;

/**
 * struct dyn_event_ops - a kind of event defined at run time
 * @list: entry in the list of kinds
 * @create: parse and add a definition; -ECANCELED if it is not of this
 *	kind.  @argv[0] is the kind's word ("p:grp/ev"); @pos[i] is the
 *	offset of @argv[i] in @line, for error_log.
 * @show: list an event as its definition
 * @is_busy: whether the event cannot be removed now
 * @free: remove the event
 * @match: whether a removal command names the event: @system may be
 *	NULL, @event empty ("-:group/": the whole group), @argc/@argv are
 *	the words after the name
 * @profile: print the event's line of the kind's profile file
 *	(kprobe_profile), or NULL if the kind has none
 */
struct dyn_event_ops {
	struct list_head	list;
	int	(*create)(const char *line, int argc, char **argv, int *pos);
	int	(*show)(struct seq_file *m, struct dyn_event *ev);
	bool	(*is_busy)(struct dyn_event *ev);
	int	(*free)(struct dyn_event *ev);
	bool	(*match)(const char *system, const char *event,
			 int argc, const char **argv, struct dyn_event *ev);
	int	(*profile)(struct seq_file *m, struct dyn_event *ev);
};

/**
 * struct dyn_event - an event defined at run time
 * @list: entry in the list of all of them (dyn_event_mutex)
 * @ops: its kind
 */
struct dyn_event {
	struct list_head	list;
	struct dyn_event_ops	*ops;
};

extern struct list_head dyn_event_list;
extern struct mutex dyn_event_mutex;

int dyn_event_register(struct dyn_event_ops *ops);
void dyn_event_add(struct dyn_event *ev, struct dyn_event_ops *ops);
void dyn_event_del(struct dyn_event *ev);
int dyn_events_run(const char *text, struct dyn_event_ops *only);
int dyn_events_release_all(struct dyn_event_ops *only);
void dyn_events_create_files(struct dyn_event_ops *ops, const char *events,
			     const char *profile);

ssize_t dyn_events_write_lines(const char __user *ubuf, size_t cnt,
			       int (*run)(const char *line, void *data),
			       void *data);

/* Definitions built by kernel code (include/linux/trace_events.h). */
void dynevent_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen,
		       enum dynevent_type type, dynevent_create_fn_t run_command);
__printf(2, 3) int dynevent_cmd_add(struct dynevent_cmd *cmd,
				    const char *fmt, ...);

#define for_each_dyn_event(pos)	list_for_each_entry(pos, &dyn_event_list, list)

#endif /* _KERNEL_TRACE_DYNEVENT_H */
