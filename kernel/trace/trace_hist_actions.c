// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: handlers and actions (onmatch(), onmax(),
 * onchange() with trace(), save() and snapshot()).
 */
#include <linux/slab.h>

#include "trace_hist.h"

/**
 * hist_actions_parse() - make a table's actions from its words
 * @hd: the table
 *
 * Return: 0, or a negative error with the error_log line written.
 */
int hist_actions_parse(struct hist_data *hd)
{
	return hd->attrs->n_actions ? -EINVAL : 0;
}

/**
 * hist_actions_free() - free a table's actions
 * @hd: the table
 */
void hist_actions_free(struct hist_data *hd)
{
}

/**
 * hist_actions_run() - run a table's actions for a hit
 * @hd: the table
 * @hit: the hit, its element found and its own variables read
 */
void hist_actions_run(struct hist_data *hd, struct hist_hit *hit)
{
}

/**
 * hist_actions_print_spec() - a table's actions in its trigger line
 * @m: where to
 * @hd: the table
 */
void hist_actions_print_spec(struct seq_file *m, struct hist_data *hd)
{
}

/**
 * hist_actions_print_elt() - what the actions keep for one entry
 * @m: where to
 * @hd: the table
 * @elt: the entry
 */
void hist_actions_print_elt(struct seq_file *m, struct hist_data *hd,
			    struct tracing_map_elt *elt)
{
}

/**
 * hist_actions_print_snapshot() - the "Snapshot taken" block, if any
 * @m: where to
 * @hd: the table
 */
void hist_actions_print_snapshot(struct seq_file *m, struct hist_data *hd)
{
}

/**
 * hist_actions_match() - whether two tables have the same actions
 * @a: one
 * @b: the other
 *
 * Return: true if they do.
 */
bool hist_actions_match(struct hist_data *a, struct hist_data *b)
{
	return true;
}
