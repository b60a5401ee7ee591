// SPDX-License-Identifier: GPL-2.0
/*
 * Return hooks: run a handler when a hooked function returns.  kretprobes
 * (and, with the function tracer, fprobe exit handlers) are built on this.
 *
 * rethook_hook(), called at a function's entry, lets the architecture
 * swap the function's return address for arch_rethook_trampoline() (the
 * real one and the stack frame are kept in the node) and pushes the node
 * on the task's rethooks list.  The list works as a shadow stack: the
 * newest hook is first.  Several users may hook the same call; only the
 * first of them saw the real return address, the later ones saw the
 * trampoline.  So when the function returns into the trampoline, the
 * hooks of that call are the nodes from the top of the list down to the
 * first one holding a real address.
 *
 * Their handlers run while the nodes are still on the list, so that a
 * stack trace taken in a handler can still map trampoline addresses back
 * to real ones (rethook_find_ret_addr()); then the nodes come off.
 *
 * Nodes are preallocated in an objpool per struct rethook, so taking one
 * works in any context.  Freeing a rethook sets its handler to NULL: from
 * then on nodes coming back are not pushed into the pool any more but
 * dropped, after a grace period, and the pool (and the rethook with it)
 * goes when the last node has been dropped.
 */
#include <linux/kprobes.h>
#include <linux/preempt.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/slab.h>

/* NULL once the rethook is being freed. */
static rethook_handler_t rethook_handler(struct rethook *rh)
{
	return (rethook_handler_t)rcu_dereference_check(rh->handler,
							rcu_read_lock_any_held());
}

static int rethook_node_init(void *obj, void *context)
{
	struct rethook_node *node = obj;

	node->rethook = context;
	return 0;
}

/* The pool's last reference went: free the rethook that held it. */
static int rethook_pool_release(struct objpool_head *pool, void *context)
{
	kfree(context);
	return 0;
}

/**
 * rethook_alloc() - make a return hook with a pool of nodes
 * @data: passed to @handler
 * @handler: called when a hooked function returns; must not be NULL
 * @size: bytes per node: a &struct rethook_node, then the user's data
 * @num: how many nodes to preallocate (hooks that can be pending at once)
 *
 * Context: Process context, may sleep.
 * Return: the rethook, or ERR_PTR(-EINVAL) for bad arguments or
 * ERR_PTR(-ENOMEM).
 */
struct rethook *rethook_alloc(void *data, rethook_handler_t handler,
			      int size, int num)
{
	struct rethook *rh;

	if (!handler || num <= 0 || size < (int)sizeof(struct rethook_node))
		return ERR_PTR(-EINVAL);
	rh = kzalloc(sizeof(*rh), GFP_KERNEL);
	if (!rh)
		return ERR_PTR(-ENOMEM);
	rh->data = data;
	rcu_assign_pointer(rh->handler, handler);
	if (objpool_init(&rh->pool, num, size, GFP_KERNEL, rh,
			 rethook_node_init, rethook_pool_release)) {
		kfree(rh);
		return ERR_PTR(-ENOMEM);
	}
	return rh;
}

/**
 * rethook_stop() - stop calling the handler and handing out nodes
 * @rh: the rethook
 *
 * Handlers already running may finish; an RCU grace period after this
 * none is.  rethook_free() does this itself.
 */
void rethook_stop(struct rethook *rh)
{
	rcu_assign_pointer(rh->handler, NULL);
}

static void rethook_free_pool(struct rcu_head *head)
{
	struct rethook *rh = container_of(head, struct rethook, rcu);

	objpool_fini(&rh->pool);
}

/**
 * rethook_free() - free a rethook once its pending hooks are gone
 * @rh: the rethook; the caller must not use it afterwards
 *
 * Hooks still pending (functions that have not returned yet) keep the
 * rethook's memory until they return or their task exits; their handler
 * is not called.  @rh->data must stay valid until rethook_stop() and a
 * grace period have passed.
 */
void rethook_free(struct rethook *rh)
{
	rethook_stop(rh);
	call_rcu(&rh->rcu, rethook_free_pool);
}

static void rethook_drop_node(struct rcu_head *head)
{
	struct rethook_node *node = container_of(head, struct rethook_node, rcu);

	objpool_drop(node, &node->rethook->pool);
}

/**
 * rethook_recycle() - give a node back to its rethook
 * @node: a node taken with rethook_try_get() and not hooked, or unhooked
 *
 * Context: Preemption disabled.
 */
void rethook_recycle(struct rethook_node *node)
{
	if (likely(rethook_handler(node->rethook)))
		objpool_push(node, &node->rethook->pool);
	else
		call_rcu(&node->rcu, rethook_drop_node);
}

NOKPROBE_SYMBOL(rethook_recycle);

/**
 * rethook_try_get() - take a free node
 * @rh: the rethook
 *
 * Context: Preemption disabled.
 * Return: the node, or NULL if all are in use or @rh is being freed.
 */
struct rethook_node *rethook_try_get(struct rethook *rh)
{
	if (unlikely(!rethook_handler(rh)))
		return NULL;
	/*
	 * A node hooked where RCU does not watch could be recycled, and the
	 * rethook freed, without a grace period noticing it.
	 */
	if (unlikely(!rcu_is_watching()))
		return NULL;
	return objpool_pop(&rh->pool);
}

NOKPROBE_SYMBOL(rethook_try_get);

/**
 * rethook_hook() - hook the return of the function being entered
 * @node: a node from rethook_try_get()
 * @regs: the registers at the function's entry
 * @mcount: true when called from a function-tracer callback (the return
 *	address is then found differently than at a kprobe on the entry)
 *
 * Context: Preemption disabled, at the hooked function's entry.
 */
void rethook_hook(struct rethook_node *node, struct pt_regs *regs, bool mcount)
{
	arch_rethook_prepare(node, regs, mcount);
	__llist_add(&node->llist, &current->rethooks);
}

NOKPROBE_SYMBOL(rethook_hook);

/*
 * The next node after *@cur (the first if *@cur is NULL) on @tsk's list
 * that holds a real return address; *@cur is left on it.  Return that
 * address, or 0 at the end of the list.
 */
static unsigned long rethook_next_real(struct task_struct *tsk,
				       struct llist_node **cur)
{
	struct llist_node *pos = *cur ? (*cur)->next : tsk->rethooks.first;
	struct rethook_node *node;

	for (; pos; pos = pos->next) {
		node = container_of(pos, struct rethook_node, llist);
		if (node->ret_addr != (unsigned long)arch_rethook_trampoline) {
			*cur = pos;
			return node->ret_addr;
		}
	}
	return 0;
}

NOKPROBE_SYMBOL(rethook_next_real);

/**
 * rethook_find_ret_addr() - the real return address behind a trampoline
 * @tsk: current, or a task that is not running
 * @frame: the stack frame whose return address the unwinder found to be
 *	the trampoline
 * @cur: cursor for repeated calls down one stack; *@cur must be NULL on
 *	the first call
 *
 * Return: the address, or 0 if there is none for @frame.
 */
unsigned long rethook_find_ret_addr(struct task_struct *tsk, unsigned long frame,
				    struct llist_node **cur)
{
	unsigned long addr;

	if (WARN_ON_ONCE(!cur))
		return 0;
	if (tsk != current && task_is_running(tsk))
		return 0;
	while ((addr = rethook_next_real(tsk, cur))) {
		if (container_of(*cur, struct rethook_node, llist)->frame == frame)
			return addr;
	}
	return 0;
}

NOKPROBE_SYMBOL(rethook_find_ret_addr);

/**
 * arch_rethook_fixup_return() - put the real return address back
 * @regs: the registers the trampoline saved
 * @correct_ret_addr: the real return address
 *
 * For architectures whose trampoline leaves a trace of itself where a
 * stack unwinder looks; the default has nothing to fix.
 */
void __weak arch_rethook_fixup_return(struct pt_regs *regs,
				      unsigned long correct_ret_addr)
{
}

/**
 * rethook_trampoline_handler() - a hooked function has returned
 * @regs: the registers at its return, as the trampoline saved them
 * @frame: the stack frame it returned from
 *
 * Called by the architecture's trampoline.  Runs the handlers of every
 * hook on this return, newest first, then unhooks them.
 *
 * Return: the real return address (also set in @regs).
 */
unsigned long rethook_trampoline_handler(struct pt_regs *regs,
					 unsigned long frame)
{
	struct llist_node *last = NULL, *pos, *next;
	struct rethook_node *node;
	rethook_handler_t handler;
	unsigned long ret_addr;

	/* The oldest hook of this return is the one with the real address. */
	ret_addr = rethook_next_real(current, &last);
	if (!ret_addr)	/* the trampoline has nowhere to return to */
		panic("rethook: no return address for frame %lx\n", frame);
	instruction_pointer_set(regs, ret_addr);

	/* rethook_free() waits for this section before freeing nodes. */
	preempt_disable_notrace();
	for (pos = current->rethooks.first; pos; pos = pos->next) {
		node = container_of(pos, struct rethook_node, llist);
		if (WARN_ON_ONCE(node->frame != frame))
			break;
		handler = rethook_handler(node->rethook);
		if (handler)
			handler(node, node->rethook->data, ret_addr, regs);
		if (pos == last)
			break;
	}
	arch_rethook_fixup_return(regs, ret_addr);

	/* Unhook: cut the list below @last, then recycle the cut part. */
	pos = current->rethooks.first;
	current->rethooks.first = last->next;
	last->next = NULL;
	for (; pos; pos = next) {
		next = pos->next;
		rethook_recycle(container_of(pos, struct rethook_node, llist));
	}
	preempt_enable_notrace();
	return ret_addr;
}

NOKPROBE_SYMBOL(rethook_trampoline_handler);

/**
 * rethook_flush_task() - recycle the hooks of a dead task
 * @tk: the task, being freed
 *
 * Functions it hooked will never return; their nodes go back.
 */
void rethook_flush_task(struct task_struct *tk)
{
	struct llist_node *pos = __llist_del_all(&tk->rethooks), *next;

	for (; pos; pos = next) {
		next = pos->next;
		preempt_disable();
		rethook_recycle(container_of(pos, struct rethook_node, llist));
		preempt_enable();
	}
}
