// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoint core: attaching and detaching probes.
 *
 * A tracepoint's probes live in an array that readers never see change:
 * attaching or detaching a probe builds a new array, publishes it with
 * rcu_assign_pointer() and frees the old one after a grace period.  The
 * call site (trace_name() in <linux/tracepoint.h>) walks the array with
 * preemption disabled, which is an RCU read-side critical section, so a
 * walk that started on the old array finishes on it safely.
 *
 * All updates are serialised by one mutex.  The static key is turned on
 * after the first array is published and off before the last one is
 * withdrawn, so a call site that sees the key on finds an array or NULL,
 * and handles both.  The call site calls the only probe directly through
 * a static call, or the iterator when there are more (tp_replace()).
 *
 * Modules: the module loader gives each module its own table of
 * tracepoints.  Subscribers (the event tracer) learn of modules coming
 * and going through register_tracepoint_module_notifier(); when a module
 * goes, any probe still attached to one of its tracepoints is detached
 * here, so that nothing is left pointing into freed module memory.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/static_key.h>
#include <linux/tracepoint.h>
#include <linux/workqueue.h>

/* The table of vmlinux's tracepoints, from the linker script. */
extern tracepoint_ptr_t __start___tracepoints_ptrs[];
extern tracepoint_ptr_t __stop___tracepoints_ptrs[];

/* The callbacks of the for_each_*tracepoint*() walks. */
typedef void (*tp_fn)(struct tracepoint *tp, void *priv);
typedef void (*tp_mod_fn)(struct tracepoint *tp, struct module *mod,
			  void *priv);

/* Serialises every change of every tracepoint's probe array. */
static DEFINE_MUTEX(tracepoints_mutex);

/*
 * A probe array as allocated: the RCU head that frees it, a grace
 * period cookie, then the probes, highest priority first, ending with
 * a NULL @func.  tracepoint->funcs points at @probes.  Once @since has
 * completed, no caller holds an array whose first probe differs from
 * this one's.  A one-probe array whose call site still goes through
 * the iterator waits on tp_pending, with its tracepoint in @tp (see
 * tp_replace()).
 */
struct tp_probes {
	struct rcu_head		rcu;
	unsigned long		since;
	struct tracepoint	*tp;
	struct list_head	pending;
	struct tracepoint_func	probes[];
};

static struct tp_probes *tp_probes_alloc(int nr, gfp_t gfp)
{
	struct tp_probes *p;

	p = kzalloc(struct_size(p, probes, nr + 1), gfp);
	if (p)
		INIT_LIST_HEAD(&p->pending);
	return p;
}

static struct tp_probes *tp_probes_of(struct tracepoint_func *funcs)
{
	return container_of(funcs, struct tp_probes, probes[0]);
}

/* Called under tracepoints_mutex, as is everything that uses tp_pending. */
static void tp_probes_free(struct tracepoint_func *funcs)
{
	struct tp_probes *p;

	if (!funcs)
		return;
	p = tp_probes_of(funcs);
	list_del(&p->pending);
	kfree_rcu(p, rcu);
}

static struct tracepoint_func *tp_funcs(struct tracepoint *tp)
{
	return rcu_dereference_protected(tp->funcs,
					 lockdep_is_held(&tracepoints_mutex));
}

static int tp_count(const struct tracepoint_func *funcs)
{
	int nr = 0;

	while (funcs && funcs[nr].func)
		nr++;
	return nr;
}

/*
 * The call site's static call.  It points at the tracepoint's only
 * probe while exactly one is attached, and at the iterator otherwise.
 * The call site passes the data of the first probe of the array it
 * loaded, and the iterator ignores that data; so the rule that keeps
 * every probe on its own data is:
 *
 *   the call points at probe P only while no CPU can still hold an
 *   array whose first entry is not P with P's data.
 *
 * Moving to the iterator is always safe, and is done before an array
 * with a second probe is published.  Moving to a probe needs its
 * one-probe array published and a grace period that has ended every
 * caller that loaded an array with another first entry.  That grace
 * period is the array's @since cookie:
 *
 * - from two probes to one, it dates from the last change of the first
 *   entry, which is often long ago: the probe that stays is usually the
 *   one attached first;
 * - from none to one, it is when the last probe of any tracepoint went
 *   (tp_last_gone): older arrays of this tracepoint may still be held.
 *
 * Nothing waits for it.  If it has not completed yet, the call stays
 * on (or moves to) the iterator and the array goes on tp_pending;
 * tp_promote() moves the call to the probe once the grace period is
 * over, unless the array has been replaced meanwhile.  Attaching and
 * detaching never block on RCU.
 */
static unsigned long tp_last_gone;
static bool tp_any_gone;
static LIST_HEAD(tp_pending);

static void tp_promote(struct work_struct *work);
static DECLARE_DELAYED_WORK(tp_promote_work, tp_promote);

static void tp_retarget(struct tracepoint *tp, void *func)
{
	__static_call_update(tp->static_call_key, tp->static_call_tramp, func);
}

static void tp_promote(struct work_struct *work)
{
	struct tp_probes *p, *next;

	mutex_lock(&tracepoints_mutex);
	list_for_each_entry_safe(p, next, &tp_pending, pending) {
		if (!poll_state_synchronize_rcu(p->since))
			continue;
		tp_retarget(p->tp, p->probes[0].func);
		list_del_init(&p->pending);
	}
	if (!list_empty(&tp_pending))
		schedule_delayed_work(&tp_promote_work, 1);
	mutex_unlock(&tracepoints_mutex);
}

static bool tp_same_first(const struct tracepoint_func *a,
			  const struct tracepoint_func *b)
{
	return a->func == b->func && a->data == b->data;
}

/*
 * Publish @funcs (NULL when the last probe goes), retarget the static
 * call as the rule above says, and free the old array.
 */
static void tp_replace(struct tracepoint *tp, struct tracepoint_func *funcs)
{
	struct tracepoint_func *old = tp_funcs(tp);
	int was = tp_count(old), nr = tp_count(funcs);
	struct tp_probes *p;

	if (!nr) {
		static_key_disable(&tp->key);
		rcu_assign_pointer(tp->funcs, NULL);
		tp_last_gone = get_state_synchronize_rcu();
		tp_any_gone = true;
		if (tp->unregfunc)
			tp->unregfunc();
		tp_probes_free(old);
		return;
	}

	p = tp_probes_of(funcs);
	if (was == 1)
		tp_retarget(tp, tp->iterator);
	rcu_assign_pointer(tp->funcs, funcs);
	if (!was)
		p->since = tp_any_gone ? tp_last_gone :
			   get_completed_synchronize_rcu();
	else if (tp_same_first(old, funcs))
		p->since = tp_probes_of(old)->since;
	else
		p->since = get_state_synchronize_rcu();

	if (nr == 1 && poll_state_synchronize_rcu(p->since)) {
		tp_retarget(tp, funcs[0].func);
	} else if (nr == 1) {
		if (!was)
			tp_retarget(tp, tp->iterator);
		p->tp = tp;
		list_add_tail(&p->pending, &tp_pending);
		/* The cookies only read the clock: make the grace period start. */
		start_poll_synchronize_rcu();
		schedule_delayed_work(&tp_promote_work, 1);
	}
	if (!was)
		static_key_enable(&tp->key);
	tp_probes_free(old);
}

static int tp_add(struct tracepoint *tp, struct tracepoint_func *new,
		  bool may_exist)
{
	struct tracepoint_func *old = tp_funcs(tp);
	struct tp_probes *p;
	int nr = tp_count(old), i, at = nr;
	int ret;

	for (i = 0; i < nr; i++) {
		if (old[i].func == new->func && old[i].data == new->data)
			return may_exist ? 0 : -EEXIST;
		/* After the probes of the same priority, before lower ones. */
		if (at == nr && old[i].prio < new->prio)
			at = i;
	}

	p = tp_probes_alloc(nr + 1, GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	if (!nr && tp->regfunc) {
		ret = tp->regfunc();
		if (ret < 0) {
			kfree(p);
			return ret;
		}
	}
	for (i = 0; i < at; i++)
		p->probes[i] = old[i];
	p->probes[at] = *new;
	for (i = at; i < nr; i++)
		p->probes[i + 1] = old[i];
	tp_replace(tp, p->probes);
	return 0;
}

static int tp_remove(struct tracepoint *tp, void *func, void *data)
{
	struct tracepoint_func *old = tp_funcs(tp);
	struct tp_probes *p;
	int nr = tp_count(old), i, j, at = -1;

	for (i = 0; i < nr; i++)
		if (old[i].func == func && old[i].data == data)
			at = i;
	if (at < 0)
		return -ENOENT;
	if (nr == 1) {
		tp_replace(tp, NULL);
		return 0;
	}
	/*
	 * Detaching must not fail: the caller is about to free what the
	 * probe uses.  The array is small, so wait for the memory.
	 */
	p = tp_probes_alloc(nr - 1, GFP_KERNEL | __GFP_NOFAIL);
	for (i = 0, j = 0; i < nr; i++)
		if (i != at)
			p->probes[j++] = old[i];
	tp_replace(tp, p->probes);
	return 0;
}

/**
 * tracepoint_probe_register_prio() - attach a probe with a priority
 * @tp: the tracepoint
 * @probe: the probe, of the tracepoint's probe type (see register_trace_*())
 * @data: passed to @probe as its first argument
 * @prio: probes of higher priority run first; equal ones in attach order
 *
 * The first probe of a tracepoint calls its regfunc, which may refuse.
 *
 * Return: 0, -EEXIST if @probe is attached with @data already, -ENOMEM,
 * or the regfunc's error.
 */
int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe,
				   void *data, int prio)
{
	struct tracepoint_func f = { .func = probe, .data = data, .prio = prio };
	int ret;

	if (!probe)
		return -EINVAL;
	mutex_lock(&tracepoints_mutex);
	ret = tp_add(tp, &f, false);
	mutex_unlock(&tracepoints_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio);

/**
 * tracepoint_probe_register_prio_may_exist() - attach a probe once
 * @tp: the tracepoint
 * @probe: the probe
 * @data: passed to @probe as its first argument
 * @prio: the probe's priority
 *
 * As tracepoint_probe_register_prio(), but a probe already attached
 * with @data is no error.
 *
 * Return: 0, -ENOMEM or the regfunc's error.
 */
int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp,
					     void *probe, void *data, int prio)
{
	struct tracepoint_func f = { .func = probe, .data = data, .prio = prio };
	int ret;

	if (!probe)
		return -EINVAL;
	mutex_lock(&tracepoints_mutex);
	ret = tp_add(tp, &f, true);
	mutex_unlock(&tracepoints_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio_may_exist);

/**
 * tracepoint_probe_register() - attach a probe at the default priority
 * @tp: the tracepoint
 * @probe: the probe
 * @data: passed to @probe as its first argument
 *
 * Return: as tracepoint_probe_register_prio().
 */
int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data)
{
	return tracepoint_probe_register_prio(tp, probe, data,
					      TRACEPOINT_DEFAULT_PRIO);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register);

/**
 * tracepoint_probe_unregister() - detach a probe
 * @tp: the tracepoint
 * @probe: the probe
 * @data: the data it was attached with
 *
 * A CPU may still be running @probe when this returns; call
 * tracepoint_synchronize_unregister() before freeing what it uses.
 * Detaching the last probe calls the tracepoint's unregfunc.
 *
 * Return: 0, or -ENOENT if @probe is not attached with @data.
 */
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe,
				void *data)
{
	int ret;

	mutex_lock(&tracepoints_mutex);
	ret = tp_remove(tp, probe, data);
	mutex_unlock(&tracepoints_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(tracepoint_probe_unregister);

static void walk_tps(tracepoint_ptr_t *begin, tracepoint_ptr_t *end,
		     tp_fn fct, void *priv)
{
	tracepoint_ptr_t *p;

	for (p = begin; p < end; p++)
		fct(*p, priv);
}

/**
 * for_each_kernel_tracepoint() - call @fct for each tracepoint of vmlinux
 * @fct: the function
 * @priv: passed to @fct
 */
void for_each_kernel_tracepoint(tp_fn fct, void *priv)
{
	walk_tps(__start___tracepoints_ptrs, __stop___tracepoints_ptrs,
		 fct, priv);
}
EXPORT_SYMBOL_GPL(for_each_kernel_tracepoint);

#ifdef CONFIG_HAVE_SYSCALL_TRACEPOINTS
/*
 * sys_enter and sys_exit run from the syscall entry and exit work,
 * which a task does only with SYSCALL_WORK_SYSCALL_TRACEPOINT set: the
 * first probe sets it on every user task, the last clears it.  New
 * tasks inherit it from their parent.  Called under tracepoints_mutex.
 */
static int syscall_tp_users;

static void syscall_tp_work(bool on)
{
	struct task_struct *p, *t;

	read_lock(&tasklist_lock);
	for_each_process_thread(p, t) {
		if (t->flags & PF_KTHREAD)
			continue;
		if (on)
			set_task_syscall_work(t, SYSCALL_TRACEPOINT);
		else
			clear_task_syscall_work(t, SYSCALL_TRACEPOINT);
	}
	read_unlock(&tasklist_lock);
}

/**
 * syscall_regfunc() - the regfunc of the syscall tracepoints
 *
 * Return: 0.
 */
int syscall_regfunc(void)
{
	if (!syscall_tp_users++)
		syscall_tp_work(true);
	return 0;
}

/**
 * syscall_unregfunc() - the unregfunc of the syscall tracepoints
 */
void syscall_unregfunc(void)
{
	if (!--syscall_tp_users)
		syscall_tp_work(false);
}
#endif

#ifdef CONFIG_MODULES

/* The modules that have tracepoints, and who wants to hear of them. */
static LIST_HEAD(tp_modules);
static DEFINE_MUTEX(tp_modules_mutex);
static BLOCKING_NOTIFIER_HEAD(tp_module_notifiers);

/**
 * trace_module_has_bad_taint() - whether a module's tracepoints are ignored
 * @mod: the module
 *
 * Tracepoints of a module whose taint makes its layout untrustworthy
 * (anything but out-of-tree, unsigned, crap or livepatch) are ignored.
 *
 * Return: true to ignore them.
 */
bool trace_module_has_bad_taint(struct module *mod)
{
	unsigned long ok = BIT(TAINT_OOT_MODULE) | BIT(TAINT_CRAP) |
			   BIT(TAINT_UNSIGNED_MODULE) | BIT(TAINT_TEST) |
			   BIT(TAINT_LIVEPATCH);

	return mod->taints & ~ok;
}

/**
 * register_tracepoint_module_notifier() - hear of modules with tracepoints
 * @nb: the notifier, called with MODULE_STATE_COMING or MODULE_STATE_GOING
 *      and a &struct tp_module
 *
 * @nb is called at once for each module already loaded.
 *
 * Return: 0 or the notifier chain's error.
 */
int register_tracepoint_module_notifier(struct notifier_block *nb)
{
	struct tp_module *tpm;
	int ret;

	mutex_lock(&tp_modules_mutex);
	ret = blocking_notifier_chain_register(&tp_module_notifiers, nb);
	if (!ret)
		list_for_each_entry(tpm, &tp_modules, list)
			nb->notifier_call(nb, MODULE_STATE_COMING, tpm);
	mutex_unlock(&tp_modules_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(register_tracepoint_module_notifier);

/**
 * unregister_tracepoint_module_notifier() - stop hearing of modules
 * @nb: the notifier
 *
 * @nb is called with MODULE_STATE_GOING for each module still loaded.
 *
 * Return: 0 or the notifier chain's error.
 */
int unregister_tracepoint_module_notifier(struct notifier_block *nb)
{
	struct tp_module *tpm;
	int ret;

	mutex_lock(&tp_modules_mutex);
	ret = blocking_notifier_chain_unregister(&tp_module_notifiers, nb);
	if (!ret)
		list_for_each_entry(tpm, &tp_modules, list)
			nb->notifier_call(nb, MODULE_STATE_GOING, tpm);
	mutex_unlock(&tp_modules_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_tracepoint_module_notifier);

/*
 * The module is going: its call sites can no longer run, and its keys
 * and its tracepoints die with it.  Only the probe array is ours to free.
 */
static void tp_detach_all(struct tracepoint *tp, void *priv)
{
	struct tracepoint_func *old;

	mutex_lock(&tracepoints_mutex);
	old = tp_funcs(tp);
	RCU_INIT_POINTER(tp->funcs, NULL);
	/* Also takes it off tp_pending: its static call goes with it. */
	tp_probes_free(old);
	mutex_unlock(&tracepoints_mutex);
}

static void tp_module_coming(struct module *mod)
{
	struct tp_module *tpm;

	if (!mod->num_tracepoints || trace_module_has_bad_taint(mod))
		return;
	/* Failing to record the module costs only its events. */
	tpm = kmalloc(sizeof(*tpm), GFP_KERNEL);
	if (!tpm)
		return;
	tpm->mod = mod;
	mutex_lock(&tp_modules_mutex);
	list_add_tail(&tpm->list, &tp_modules);
	blocking_notifier_call_chain(&tp_module_notifiers,
				     MODULE_STATE_COMING, tpm);
	mutex_unlock(&tp_modules_mutex);
}

static void tp_module_going(struct module *mod)
{
	struct tp_module *tpm;

	mutex_lock(&tp_modules_mutex);
	list_for_each_entry(tpm, &tp_modules, list) {
		if (tpm->mod != mod)
			continue;
		blocking_notifier_call_chain(&tp_module_notifiers,
					     MODULE_STATE_GOING, tpm);
		list_del(&tpm->list);
		kfree(tpm);
		break;
	}
	mutex_unlock(&tp_modules_mutex);
	/*
	 * A probe left attached by code that did not listen to the
	 * notifier would leak its array: free what is left.
	 */
	walk_tps(mod->tracepoints_ptrs,
		 mod->tracepoints_ptrs + mod->num_tracepoints,
		 tp_detach_all, NULL);
}

static int tp_module_notify(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	struct module *mod = data;

	if (state == MODULE_STATE_COMING)
		tp_module_coming(mod);
	else if (state == MODULE_STATE_GOING)
		tp_module_going(mod);
	return NOTIFY_OK;
}

static struct notifier_block tp_module_nb = {
	.notifier_call = tp_module_notify,
	/* After the jump labels have seen a coming module. */
	.priority = 0,
};

/**
 * for_each_tracepoint_in_module() - call @fct for each tracepoint of @mod
 * @mod: the module
 * @fct: the function, called with the tracepoint, @mod and @priv
 * @priv: passed to @fct
 */
void for_each_tracepoint_in_module(struct module *mod, tp_mod_fn fct,
				   void *priv)
{
	unsigned int i;

	if (!mod->num_tracepoints || trace_module_has_bad_taint(mod))
		return;
	for (i = 0; i < mod->num_tracepoints; i++)
		fct(mod->tracepoints_ptrs[i], mod, priv);
}
EXPORT_SYMBOL_GPL(for_each_tracepoint_in_module);

/**
 * for_each_module_tracepoint() - call @fct for each tracepoint of each module
 * @fct: the function, called with the tracepoint, its module and @priv
 * @priv: passed to @fct
 */
void for_each_module_tracepoint(tp_mod_fn fct, void *priv)
{
	struct tp_module *tpm;

	mutex_lock(&tp_modules_mutex);
	list_for_each_entry(tpm, &tp_modules, list)
		for_each_tracepoint_in_module(tpm->mod, fct, priv);
	mutex_unlock(&tp_modules_mutex);
}
EXPORT_SYMBOL_GPL(for_each_module_tracepoint);

static int __init tracepoint_modules_init(void)
{
	return register_module_notifier(&tp_module_nb);
}
core_initcall(tracepoint_modules_init);

#endif /* CONFIG_MODULES */
