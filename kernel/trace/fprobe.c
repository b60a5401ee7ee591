// SPDX-License-Identifier: GPL-2.0
/*
 * fprobe: handlers at the entry and the exit of kernel functions.
 *
 * An fprobe is a &struct ftrace_ops of its own (with the complete
 * register set, FTRACE_OPS_FL_SAVE_REGS) whose filter names the probed
 * functions, and, when it has an exit handler, a &struct rethook whose
 * nodes carry the entry's address and the user's entry data to the
 * function's return:
 *
 *   entry:  fprobe_ftrace_entry()  takes a node from the rethook's pool,
 *           runs the entry handler, and hooks the return if the
 *           entry handler did not refuse it (non-zero);
 *   exit:   fprobe_rethook_exit()  runs the exit handler with the
 *           node's entry data; the node goes back to the pool.
 *
 * Recursion: the ftrace_ops sets FTRACE_OPS_FL_RECURSION and guards
 * both handlers itself with ftrace_test_recursion_trylock(), so that a
 * handler that calls a probed function is counted in @nmissed instead
 * of recursing.  An entry that finds the pool empty is counted there too.
 *
 * Documentation/trace/fprobe.rst describes the API.
 */
#include <linux/err.h>
#include <linux/fprobe.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/rethook.h>
#include <linux/slab.h>
#include <linux/sort.h>

/*
 * A call on its way back: the return hook taken at the entry, the probed
 * function's address and its caller's, and @fp's entry_data_size bytes.
 */
struct fprobe_pending {
	struct rethook_node	hook;
	unsigned long		func;
	unsigned long		caller;
	char			data[];
};

/* Pending returns per probed function and CPU, without nr_maxactive. */
#define FPROBE_NODES_PER_FUNC	2
/* For a filter string, whose number of functions is not known here. */
#define FPROBE_FILTER_FUNCS	16

static void fprobe_call_entry(struct fprobe *fp, unsigned long ip,
			      unsigned long parent_ip, struct pt_regs *regs)
{
	struct fprobe_pending *fpr;
	struct rethook_node *rh;
	void *data;

	if (!fp->exit_handler) {
		if (fp->entry_handler)
			fp->entry_handler(fp, ip, parent_ip, regs, NULL);
		return;
	}
	/* The exit needs a return hook, and the hook the call's registers. */
	rh = regs ? rethook_try_get(fp->rethook) : NULL;
	if (!rh) {
		fp->nmissed++;
		return;
	}
	fpr = container_of(rh, struct fprobe_pending, hook);
	fpr->func = ip;
	fpr->caller = parent_ip;
	data = fp->entry_data_size ? fpr->data : NULL;
	/* An entry handler that returns non-zero declines the exit. */
	if (fp->entry_handler &&
	    fp->entry_handler(fp, ip, parent_ip, regs, data))
		rethook_recycle(rh);
	else
		rethook_hook(rh, regs, true);
}

NOKPROBE_SYMBOL(fprobe_call_entry);

/*
 * The ftrace callback of every fprobe.  One whose handlers may run
 * kprobes' code (FPROBE_FL_KPROBE_SHARED) does not run while a kprobe
 * handler runs on this CPU, and marks kprobes busy while it runs.
 */
static void fprobe_ftrace_entry(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *ops,
				struct ftrace_regs *fregs)
{
	struct fprobe *fp = container_of(ops, struct fprobe, ops);
	bool shared = fprobe_shared_with_kprobes(fp);
	int bit;

	if (fprobe_disabled(fp))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0 || (shared && kprobe_running())) {
		fp->nmissed++;
	} else if (shared) {
		kprobe_busy_begin();
		fprobe_call_entry(fp, ip, parent_ip, ftrace_get_regs(fregs));
		kprobe_busy_end();
	} else {
		fprobe_call_entry(fp, ip, parent_ip, ftrace_get_regs(fregs));
	}
	if (bit >= 0)
		ftrace_test_recursion_unlock(bit);
}

NOKPROBE_SYMBOL(fprobe_ftrace_entry);

static void fprobe_rethook_exit(struct rethook_node *rh, void *data,
				unsigned long ret_ip, struct pt_regs *regs)
{
	struct fprobe_pending *fpr;
	struct fprobe *fp = data;
	int bit;

	if (!fp || fprobe_disabled(fp))
		return;
	fpr = container_of(rh, struct fprobe_pending, hook);
	bit = ftrace_test_recursion_trylock(fpr->func, fpr->caller);
	if (bit < 0) {
		fp->nmissed++;
		return;
	}
	fp->exit_handler(fp, fpr->func, ret_ip, regs,
			 fp->entry_data_size ? fpr->data : NULL);
	ftrace_test_recursion_unlock(bit);
}

NOKPROBE_SYMBOL(fprobe_rethook_exit);

/* Reset @fp's state and point its ftrace_ops at the entry callback. */
static void fprobe_init(struct fprobe *fp)
{
	fp->nmissed = 0;
	fp->rethook = NULL;
	memset(&fp->ops, 0, sizeof(fp->ops));
	fp->ops.func = fprobe_ftrace_entry;
	fp->ops.flags = FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_RECURSION;
}

/* With an exit handler: a pool of @nfuncs functions' pending returns. */
static int fprobe_make_pool(struct fprobe *fp, int nfuncs)
{
	struct rethook *rh;
	int num;

	if (!fp->exit_handler)
		return 0;
	if (fp->entry_data_size > PAGE_SIZE)
		return -E2BIG;
	if (fp->nr_maxactive > 0)
		num = fp->nr_maxactive;
	else
		num = num_possible_cpus() * FPROBE_NODES_PER_FUNC *
		      max(nfuncs, 1);
	rh = rethook_alloc(fp, fprobe_rethook_exit,
			   sizeof(struct fprobe_pending) +
			   fp->entry_data_size, num);
	if (IS_ERR(rh))
		return PTR_ERR(rh);
	fp->rethook = rh;
	return 0;
}

/* Back to an unregistered fprobe: no pool, no filter, no callback. */
static void fprobe_undo(struct fprobe *fp)
{
	if (fp->rethook) {
		rethook_free(fp->rethook);
		fp->rethook = NULL;
	}
	ftrace_free_filter(&fp->ops);
	fp->ops.func = NULL;
}

/* The filter is set: make the return hooks and start the callback. */
static int fprobe_start(struct fprobe *fp, int nfuncs)
{
	int ret = fprobe_make_pool(fp, nfuncs) ?:
		  register_ftrace_function(&fp->ops);

	if (ret)
		fprobe_undo(fp);
	return ret;
}

static bool fprobe_valid(struct fprobe *fp)
{
	return fp && (fp->entry_handler || fp->exit_handler);
}

/**
 * register_fprobe() - probe the functions whose names match a filter
 * @fp: the fprobe, with its handlers set
 * @filter: the functions to probe: glob patterns separated by spaces,
 *	as set_ftrace_filter takes them
 * @notfilter: functions to leave out, the same way, or NULL
 *
 * Context: Process context, may sleep.
 * Return: 0, -EINVAL for an fprobe without handlers or a filter that
 * matches nothing, -EBUSY if @fp is registered, -ENOMEM.
 */
int register_fprobe(struct fprobe *fp, const char *filter,
		    const char *notfilter)
{
	unsigned char *buf;
	int ret;

	if (!fprobe_valid(fp) || !filter)
		return -EINVAL;
	if (fprobe_is_registered(fp))
		return -EBUSY;
	fprobe_init(fp);
	buf = kstrdup(filter, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	ret = ftrace_set_filter(&fp->ops, buf, strlen(buf), 0);
	kfree(buf);
	if (!ret && notfilter) {
		buf = kstrdup(notfilter, GFP_KERNEL);
		if (!buf)
			ret = -ENOMEM;
		else
			ret = ftrace_set_notrace(&fp->ops, buf, strlen(buf), 0);
		kfree(buf);
	}
	if (ret) {
		fprobe_undo(fp);
		return ret;
	}
	return fprobe_start(fp, FPROBE_FILTER_FUNCS);
}
EXPORT_SYMBOL_GPL(register_fprobe);

/**
 * register_fprobe_ips() - probe functions given by their addresses
 * @fp: the fprobe, with its handlers set
 * @addrs: the functions' entry addresses (ftrace call sites)
 * @num: how many
 *
 * Context: Process context, may sleep.
 * Return: 0, -EINVAL for an fprobe without handlers or an address that
 * is not a traceable function, -EBUSY if @fp is registered, -ENOMEM.
 */
int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs, int num)
{
	int ret;

	if (!fprobe_valid(fp) || !addrs || num <= 0)
		return -EINVAL;
	if (fprobe_is_registered(fp))
		return -EBUSY;
	fprobe_init(fp);
	ret = ftrace_set_filter_ips(&fp->ops, addrs, num, 0, 0);
	if (ret) {
		fprobe_undo(fp);
		return ret;
	}
	return fprobe_start(fp, num);
}
EXPORT_SYMBOL_GPL(register_fprobe_ips);

static int fprobe_cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char **)a, *(const char **)b);
}

/**
 * register_fprobe_syms() - probe functions given by their names
 * @fp: the fprobe, with its handlers set
 * @syms: the functions' names, each naming one function
 * @num: how many
 *
 * Context: Process context, may sleep.
 * Return: 0, -ENOENT if a name is not a traceable function, -EINVAL
 * for an fprobe without handlers, -EBUSY if @fp is registered, -ENOMEM.
 */
int register_fprobe_syms(struct fprobe *fp, const char **syms, int num)
{
	const char **sorted;
	unsigned long *addrs;
	int ret;

	if (!fprobe_valid(fp) || !syms || num <= 0)
		return -EINVAL;
	sorted = kmemdup_array(syms, num, sizeof(*syms), GFP_KERNEL);
	addrs = kcalloc(num, sizeof(*addrs), GFP_KERNEL);
	ret = -ENOMEM;
	if (!sorted || !addrs)
		goto out;
	/* ftrace_lookup_symbols() wants the names in order. */
	sort(sorted, num, sizeof(*sorted), fprobe_cmp_name, NULL);
	ret = ftrace_lookup_symbols(sorted, num, addrs);
	if (!ret)
		ret = register_fprobe_ips(fp, addrs, num);
out:
	kfree(addrs);
	kfree(sorted);
	return ret;
}
EXPORT_SYMBOL_GPL(register_fprobe_syms);

/**
 * fprobe_is_registered() - whether an fprobe is registered
 * @fp: the fprobe, or NULL
 *
 * Return: true between a successful register_fprobe*() and
 * unregister_fprobe().
 */
bool fprobe_is_registered(struct fprobe *fp)
{
	return fp && fp->ops.func == fprobe_ftrace_entry;
}
EXPORT_SYMBOL_GPL(fprobe_is_registered);

/**
 * unregister_fprobe() - stop an fprobe
 * @fp: the fprobe, as registered
 *
 * On return no entry handler runs any more.  A function that was
 * entered before and has not returned yet returns normally, without
 * its exit handler; the return hooks' memory goes when the last of
 * them has returned, so @fp may be freed now.
 *
 * Context: Process context, may sleep.
 * Return: 0, or -EINVAL if @fp is not registered.
 */
int unregister_fprobe(struct fprobe *fp)
{
	int ret;

	if (!fprobe_is_registered(fp))
		return -EINVAL;
	/* No exit handler from here on, even for pending returns. */
	if (fp->rethook)
		rethook_stop(fp->rethook);
	ret = unregister_ftrace_function(&fp->ops);
	if (ret)
		return ret;
	fprobe_undo(fp);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_fprobe);
