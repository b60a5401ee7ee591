// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: what they show.  The trigger's line in the
 * trigger file, and each event's "hist" file (one block per histogram
 * trigger: the "# event histogram" header, the entries sorted as sort=
 * says, the totals) and "hist_debug" file, byte for byte as Linux 6.12
 * writes them.  poll() on "hist" wakes when a histogram of the event
 * counts a hit: EPOLLIN while the file has changed since it was last
 * read, EPOLLPRI once per change.
 */
#include <linux/irq_work.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/wait.h>

#include "trace_hist.h"
#include "trace_irq_work.h"

/* ---- the trigger line ---------------------------------------------------- */

static void print_key_spec(struct seq_file *m, const struct hist_field *hf)
{
	if (hf->flags & HF_STACKTRACE) {
		if (hf->field)
			seq_printf(m, "%s.stacktrace", hf->field->name);
		else
			seq_puts(m, "common_stacktrace");
	} else {
		hist_field_print(m, hf);
	}
}

/**
 * hist_trigger_print() - a histogram trigger's line in the trigger file
 * @m: where to
 * @trigger: the trigger
 *
 * Prints 6.12's "hist:[name=N:]keys=...:vals=...[:vars]:sort=...
 * :size=N[:clock=C][:nohitcount][actions][ if filter] [active]",
 * without the newline.
 */
void hist_trigger_print(struct seq_file *m, struct event_trigger *trigger)
{
	struct hist_data *hd = trigger->data;
	struct hist_attrs *a = hd->attrs;
	bool have_var = false, comma = false;
	unsigned int i, n = 0;

	seq_puts(m, "hist:");
	if (a->name)
		seq_printf(m, "%s:", a->name);
	seq_puts(m, "keys=");
	for_each_hist_key(i, hd) {
		if (i > hd->n_vals)
			seq_putc(m, ',');
		print_key_spec(m, hd->fields[i]);
	}
	seq_puts(m, ":vals=");
	for_each_hist_val(i, hd) {
		struct hist_field *hf = hd->fields[i];

		if (hf->flags & HF_VAR) {
			have_var = true;
			continue;
		}
		if (!i) {
			if (a->no_hitcount)
				continue;
			seq_puts(m, "hitcount");
		} else {
			if (comma)
				seq_putc(m, ',');
			hist_field_print(m, hf);
		}
		comma = true;
	}
	if (have_var) {
		seq_putc(m, ':');
		for_each_hist_val(i, hd) {
			if (!(hd->fields[i]->flags & HF_VAR))
				continue;
			if (n++)
				seq_putc(m, ',');
			hist_field_print(m, hd->fields[i]);
		}
	}
	seq_puts(m, ":sort=");
	for (i = 0; i < hd->n_sort_keys; i++) {
		const struct hist_sort_key *sk = &hd->sort_keys[i];

		if (i)
			seq_putc(m, ',');
		if (!sk->idx)
			seq_puts(m, "hitcount");
		else
			hist_field_print(m, sk->field);
		if (sk->descending)
			seq_puts(m, ".descending");
	}
	seq_printf(m, ":size=%u", 1U << hd->hmap->bits);
	if (hd->enable_timestamps)
		seq_printf(m, ":clock=%s", a->clock);
	if (a->no_hitcount)
		seq_puts(m, ":nohitcount");
	hist_actions_print_spec(m, hd);
	if (trigger->filter_text)
		seq_printf(m, " if %s", trigger->filter_text);
	seq_puts(m, READ_ONCE(trigger->paused) ? " [paused]" : " [active]");
}

/* ---- sorting ------------------------------------------------------------- */

static int cmp_u64(u64 a, u64 b)
{
	return a < b ? -1 : a > b;
}

static int cmp_field(const struct tracing_map_elt *a,
		     const struct tracing_map_elt *b,
		     const struct hist_field *hf)
{
	const void *ka, *kb;

	if (!(hf->flags & HF_KEY))
		return cmp_u64(tracing_map_read_sum(a, hf->idx),
			       tracing_map_read_sum(b, hf->idx));
	ka = a->key + hf->offset;
	kb = b->key + hf->offset;
	if (hf->flags & HF_STACKTRACE)
		return 0;
	if (hf->flags & HF_STRING)
		return strcmp(ka, kb);
	if (hf->is_signed) {
		s64 x = *(const s64 *)ka, y = *(const s64 *)kb;

		return x < y ? -1 : x > y;
	}
	return cmp_u64(*(const u64 *)ka, *(const u64 *)kb);
}

static int hist_cmp(const struct tracing_map_elt *a,
		    const struct tracing_map_elt *b, const void *arg)
{
	const struct hist_data *hd = arg;
	unsigned int i;
	int r;

	for (i = 0; i < hd->n_sort_keys; i++) {
		const struct hist_sort_key *sk = &hd->sort_keys[i];

		r = cmp_field(a, b, sk->field);
		if (r)
			return sk->descending ? -r : r;
	}
	/* Equal by sort=: the key's bytes, so that two reads agree. */
	return memcmp(a->key, b->key, hd->key_size);
}

/* ---- the hist file ------------------------------------------------------- */

static void print_stack(struct seq_file *m, const unsigned long *stack)
{
	unsigned int i;

	for (i = 0; i < HIST_STACK_DEPTH && stack[i]; i++)
		seq_printf(m, "%*c%pS\n", 9, ' ', (void *)stack[i]);
}

static void print_key(struct seq_file *m, struct hist_data *hd, void *key,
		      const char *comm)
{
	bool multiline = false;
	const char *name, *sys;
	unsigned int i;
	u64 v;

	seq_puts(m, "{ ");
	for_each_hist_key(i, hd) {
		struct hist_field *hf = hd->fields[i];
		void *slot = key + hf->offset;

		if (i > hd->n_vals)
			seq_puts(m, ", ");
		name = hist_field_name(hf);
		v = *(u64 *)slot;
		if (hf->flags & HF_HEX) {
			seq_printf(m, "%s: %llx", name, v);
		} else if (hf->flags & HF_SYM) {
			seq_printf(m, "%s: [%llx] %-45ps", name, v,
				   (void *)(unsigned long)v);
		} else if (hf->flags & HF_SYM_OFFSET) {
			seq_printf(m, "%s: [%llx] %-55pS", name, v,
				   (void *)(unsigned long)v);
		} else if (hf->flags & HF_EXECNAME) {
			seq_printf(m, "%s: %-16s[%10llu]", name, comm, v);
		} else if (hf->flags & HF_SYSCALL) {
			sys = get_syscall_name(v);
			seq_printf(m, "%s: %-30s[%3llu]", name,
				   sys ?: "unknown_syscall", v);
		} else if (hf->flags & HF_STACKTRACE) {
			if (hf->field)
				seq_printf(m, "%s.stacktrace", hf->field->name);
			else
				seq_puts(m, "common_stacktrace:\n");
			print_stack(m, slot);
			multiline = true;
		} else if (hf->flags & HF_LOG2) {
			seq_printf(m, "%s: ~ 2^%-2llu", name, v);
		} else if (hf->flags & HF_BUCKET) {
			seq_printf(m, "%s: ~ %llu-%llu", name, v,
				   v + hf->buckets - 1);
		} else if (hf->flags & HF_STRING) {
			seq_printf(m, "%s: %-50s", name, (char *)slot);
		} else {
			seq_printf(m, "%s: %10llu", name, v);
		}
	}
	if (!multiline)
		seq_putc(m, ' ');
	seq_putc(m, '}');
}

struct hist_stat {
	u64	max;
	u64	total;
};

/* 100 times @val's share of @total, or UINT_MAX for none of nothing. */
static unsigned int share(u64 val, u64 total)
{
	if (!total)
		return val ? UINT_MAX : 0;
	if (val < U64_MAX / 10000)
		return div64_u64(val * 10000, total);
	total = div64_u64(total, 10000);
	if (!total)
		return UINT_MAX;
	return div64_u64(val, total);
}

static void print_val(struct seq_file *m, struct tracing_map_elt *elt,
		      const struct hist_field *hf, const char *name,
		      unsigned long flags, const struct hist_stat *st)
{
	u64 v = tracing_map_read_sum(elt, hf->idx);
	char bar[21];
	unsigned int pc, len, i;

	if (flags & HF_PERCENT) {
		pc = share(v, st->total);
		if (pc == UINT_MAX)
			seq_printf(m, " %s (%%):[ERROR]", name);
		else
			seq_printf(m, " %s (%%): %3u.%02u", name,
				   pc / 100, pc % 100);
	} else if (flags & HF_GRAPH) {
		pc = share(v, st->max);
		if (pc == UINT_MAX) {
			strscpy(bar, "[ERROR]", sizeof(bar));
		} else {
			len = pc * 20 / 10000;
			for (i = 0; i < 20; i++)
				bar[i] = i < len ? '#' : ' ';
			bar[20] = '\0';
		}
		seq_printf(m, " %s: %20s", name, bar);
	} else if (flags & HF_HEX) {
		seq_printf(m, " %s: %10llx", name, v);
	} else {
		seq_printf(m, " %s: %10llu", name, v);
	}
}

static void print_entry(struct seq_file *m, struct hist_data *hd,
			struct tracing_map_elt *elt,
			const struct hist_stat *stats)
{
	struct hist_elt *he = elt->private_data;
	unsigned int i;

	print_key(m, hd, elt->key, he ? he->comm : "");
	if (!hd->attrs->no_hitcount)
		print_val(m, elt, hd->fields[0], "hitcount", 0, &stats[0]);
	for (i = 1; i < hd->n_vals; i++) {
		struct hist_field *hf = hd->fields[i];

		if (hf->flags & (HF_VAR | HF_EXPR))
			continue;
		seq_putc(m, ' ');
		print_val(m, elt, hf, hist_field_name(hf), hf->flags,
			  &stats[i]);
	}
	hist_actions_print_elt(m, hd, elt);
	seq_putc(m, '\n');
}

static int print_entries(struct seq_file *m, struct hist_data *hd)
{
	struct tracing_map_elt **elts;
	struct hist_stat *stats;
	int n, i;
	unsigned int j;

	stats = kcalloc(hd->n_vals, sizeof(*stats), GFP_KERNEL);
	if (!stats)
		return -ENOMEM;
	n = tracing_map_sort(hd->hmap->map, hist_cmp, hd, &elts);
	if (n < 0) {
		kfree(stats);
		return n;
	}
	for (j = 0; j < hd->n_vals; j++) {
		struct hist_field *hf = hd->fields[j];

		if (!(hf->flags & (HF_PERCENT | HF_GRAPH)))
			continue;
		for (i = 0; i < n; i++) {
			u64 v = tracing_map_read_sum(elts[i], hf->idx);

			stats[j].total += v;
			stats[j].max = max(stats[j].max, v);
		}
	}
	for (i = 0; i < n; i++)
		print_entry(m, hd, elts[i], stats);
	tracing_map_sort_free(elts);
	kfree(stats);
	return n;
}

static void print_header(struct seq_file *m, struct event_trigger *t, int n)
{
	if (n)
		seq_puts(m, "\n\n");
	seq_puts(m, "# event histogram\n#\n# trigger info: ");
	hist_trigger_print(m, t);
	seq_puts(m, "\n#\n\n");
}

static void hist_show_one(struct seq_file *m, struct event_trigger *t, int n)
{
	struct hist_data *hd = t->data;
	struct tracing_map *map = hd->hmap->map;
	int entries;

	print_header(m, t, n);
	entries = print_entries(m, hd);
	if (entries < 0)
		entries = 0;
	hist_actions_print_snapshot(m, hd, print_key);
	seq_printf(m, "\nTotals:\n    Hits: %llu\n    Entries: %u\n    Dropped: %llu\n",
		   tracing_map_hits(map), entries, tracing_map_drops(map));
}

static bool is_hist(const struct event_trigger *t)
{
	return !strcmp(t->cmd->name, "hist");
}

/* What a reader of "hist" has seen: the hits when it last read. */
struct hist_reader {
	struct trace_event_file	*file;
	u64			last_read;
	u64			last_act;
};

/* The hits counted by an event's histograms.  Context: trace_types_lock. */
static u64 hist_hits(struct trace_event_file *file)
{
	struct event_trigger *t;
	u64 hits = 0;

	for_each_event_trigger(t, file)
		if (is_hist(t))
			hits += tracing_map_hits(((struct hist_data *)t->data)->hmap->map);
	return hits;
}

static int hist_show(struct seq_file *m, void *v)
{
	struct hist_reader *r = m->private;
	struct event_trigger *t;
	int n = 0;

	mutex_lock(&trace_types_lock);
	for_each_event_trigger(t, r->file)
		if (is_hist(t))
			hist_show_one(m, t, n++);
	r->last_read = hist_hits(r->file);
	r->last_act = r->last_read;
	mutex_unlock(&trace_types_lock);
	return 0;
}

/* ---- poll() ---------------------------------------------------------------- */

static DECLARE_WAIT_QUEUE_HEAD(hist_poll_wq);

static void hist_poll_work_fn(struct irq_work *work)
{
	wake_up_all(&hist_poll_wq);
}

static DEFINE_IRQ_WORK(hist_poll_work, hist_poll_work_fn);

/**
 * hist_poll_wake() - a histogram changed: wake the pollers of hist files
 *
 * From any context (an irq_work does the waking).
 */
void hist_poll_wake(void)
{
	if (wq_has_sleeper(&hist_poll_wq))
		trace_irq_work_queue(&hist_poll_work);
}

static __poll_t hist_poll(struct file *filp, struct poll_table_struct *wait)
{
	struct seq_file *m = filp->private_data;
	struct hist_reader *r = m->private;
	__poll_t ret = 0;
	u64 hits;

	poll_wait(filp, &hist_poll_wq, wait);
	mutex_lock(&trace_types_lock);
	hits = hist_hits(r->file);
	if (hits != r->last_read)
		ret |= EPOLLIN | EPOLLRDNORM;
	if (hits != r->last_act) {
		r->last_act = hits;
		ret |= EPOLLPRI;
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}

static int hist_open_with(struct inode *inode, struct file *filp,
			  int (*show)(struct seq_file *, void *))
{
	struct hist_reader *r;
	int ret;

	ret = event_file_open(inode, filp);
	if (ret)
		return ret;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		event_file_release(inode, filp);
		return -ENOMEM;
	}
	r->file = filp->private_data;
	filp->private_data = NULL;
	ret = single_open(filp, show, r);
	if (ret) {
		filp->private_data = r->file;
		kfree(r);
		event_file_release(inode, filp);
	}
	return ret;
}

static int hist_release(struct inode *inode, struct file *filp)
{
	struct seq_file *m = filp->private_data;
	struct hist_reader *r = m->private;

	single_release(inode, filp);
	filp->private_data = r->file;
	kfree(r);
	return event_file_release(inode, filp);
}

static int hist_open(struct inode *inode, struct file *filp)
{
	return hist_open_with(inode, filp, hist_show);
}

static const struct file_operations hist_fops = {
	.open		= hist_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= hist_release,
	.poll		= hist_poll,
};

/* ---- hist_debug ------------------------------------------------------------ */

#ifdef CONFIG_HIST_TRIGGERS_DEBUG
static void hist_debug_one(struct seq_file *m, struct event_trigger *t, int n)
{
	struct hist_data *hd = t->data;
	unsigned int i;

	print_header(m, t, n);
	seq_printf(m, "hist_data: %p\n\n", hd);
	seq_printf(m, "  n_vals: %u\n", hd->n_vals);
	seq_printf(m, "  n_keys: %u\n", hd->n_keys);
	seq_printf(m, "  n_fields: %u\n", hd->n_fields);
	seq_puts(m, "\n  val fields:\n\n");
	for_each_hist_val(i, hd) {
		seq_printf(m, "%s    hist_data->fields[%u]:\n", i ? "\n" : "", i);
		hist_field_debug(m, hd->fields[i]);
	}
	seq_puts(m, "\n  key fields:\n");
	for_each_hist_key(i, hd) {
		seq_printf(m, "\n    hist_data->fields[%u]:\n", i);
		hist_field_debug(m, hd->fields[i]);
	}
	if (hd->n_var_refs)
		seq_puts(m, "\n  variable reference fields:\n");
	for (i = 0; i < hd->n_var_refs; i++) {
		seq_printf(m, "\n    hist_data->var_refs[%u]:\n", i);
		hist_field_debug(m, hd->var_refs[i]);
	}
	hist_actions_debug(m, hd);
}

static int hist_debug_show(struct seq_file *m, void *v)
{
	struct hist_reader *r = m->private;
	struct event_trigger *t;
	int n = 0;

	mutex_lock(&trace_types_lock);
	for_each_event_trigger(t, r->file)
		if (is_hist(t))
			hist_debug_one(m, t, n++);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int hist_debug_open(struct inode *inode, struct file *filp)
{
	return hist_open_with(inode, filp, hist_debug_show);
}

static const struct file_operations hist_debug_fops = {
	.open		= hist_debug_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= hist_release,
};

#define HIST_DEBUG_FOPS	(&hist_debug_fops)
#else
#define HIST_DEBUG_FOPS	NULL
#endif

/**
 * hist_output_init() - give every event directory its hist files
 *
 * Return: 0.
 */
int __init hist_output_init(void)
{
	event_dir_register_hist(&hist_fops, HIST_DEBUG_FOPS);
	return 0;
}
