/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A Promela model of how the writers of one CPU buffer of
 * kernel/trace/ring_buffer/ (write.c) time their events: the snapshot
 * (the clock, then rb_prev_ts(), on the inline path; rb_prev_ts(), then
 * the clock, on the slow path), the claim with a cmpxchg of wpos, the
 * record of the time (rb_record_ts()), and discards that give an event
 * back (ring_buffer_discard_commit()).  The writers nest at every step:
 * task, irq, NMI, each at the depth its nesting gives it.
 *
 * Every event stores a delta to the time of the event before it, or an
 * absolute time when its writer cannot know that time.  Once the
 * writers are done, the buffer is read as a reader does (deltas added,
 * absolute times taken): the times must never go back, and each
 * event's rebuilt time must be the clock value its writer read.  The
 * clock counts up by one at each read.
 *
 * Left out, because ring_buffer.pml or the design document covers
 * them: sub-buffers and their crossing (the buffer is one flat array),
 * commits, readers running meanwhile, time extends (a delta here has no
 * limit), the absolute-time-stamp mode, and a discarded 12-byte event,
 * whose delta is lost (documented at rb_event_discard()).
 *
 * Run (tools/tracing/rbmodel/check.sh does): spin -a timestamps.pml;
 * gcc -O2 -DSAFETY pan.c -o pan && ./pan.  Variants:
 *	-DDISCARDS	the irq writer's events may be discarded
 *	-DTWO_WORDS	the time and its end in two words, stored in that
 *			order (write.c before the one-word record): fails
 *	-DNO_RECHECK	no second load of last_end: fails with -DDISCARDS
 *	-DNO_RESNAP	the inline path keeps a clock value that is behind
 *			the previous event's time (an interrupt wrote that
 *			event after the clock read) and takes an absolute
 *			time stamp with it: fails, time goes back
 */

#ifndef EV_TASK
#define EV_TASK	2
#endif
#ifndef EV_IRQ
#define EV_IRQ	2
#endif
#ifndef EV_NMI
#define EV_NMI	1
#endif
#define NEV	(EV_TASK + EV_IRQ + EV_NMI)
#define NW	3		/* writer processes */

#define L_TASK	0
#define L_IRQ	1
#define L_NMI	2

#define UNKNOWN	255		/* RB_END_UNKNOWN */
#define ABS	1		/* an absolute time stamp leads the event */
#define DELTA	2		/* the event's delta to the one before */

/* The buffer: one cell per event, its time part and its event id. */
byte kind[NEV];
byte val[NEV];
byte ev[NEV];			/* 0: discarded (its time part stays) */
byte wpos;			/* (writer) */
byte committing;		/* (writer) the nesting depth */

#ifdef TWO_WORDS
byte last_ts;
byte last_pos = UNKNOWN;
#else
byte last_end = UNKNOWN;	/* end * 4 + depth of its writer */
byte slot[4];			/* pending[depth].ts */
#endif

byte clk = 1;			/* the clock: one tick per read */
byte cur = L_TASK;		/* the context running on the CPU */
byte wdone;

byte truets[NEV + 1];		/* ghost: the clock value of each event */

#define W(s)	atomic { (cur == ME) -> s }
#define IRQ_ENTER()	atomic { cur < ME -> saved = cur; cur = ME }
#define IRQ_EXIT()	atomic { cur == ME -> cur = saved }

/* rb_prev_ts(): the time of the event that ends at pos, if known */
#ifdef TWO_WORDS
#define SNAP_PREV()							\
	W(known = (last_pos == pos));					\
	W(prev = last_ts)
#elif defined(NO_RECHECK)
#define SNAP_PREV()							\
	W(lw = last_end);						\
	if								\
	:: lw != UNKNOWN && lw / 4 == pos ->				\
		W(prev = slot[lw % 4]);					\
		known = 1						\
	:: else -> known = 0						\
	fi
#else
#define SNAP_PREV()							\
	W(lw = last_end);						\
	if								\
	:: lw != UNKNOWN && lw / 4 == pos ->				\
		W(prev = slot[lw % 4]);					\
		W(known = (last_end == lw))				\
	:: else -> known = 0						\
	fi
#endif

inline write_event(e)
{
	/* committing++: the writer's depth */
	W(dep = committing; committing++);
again:
	/*
	 * The inline path (ring_buffer_lock_reserve()): the clock, then
	 * wpos and the time before it.  Unless that time is known and not
	 * after the clock's, the slow path takes a snapshot of its own.
	 */
	W(ts = clk; clk++);
	W(pos = wpos);
	SNAP_PREV();
	if
	:: known && ts >= prev -> goto claim
#ifdef NO_RESNAP
	:: known && ts < prev -> goto claim
#endif
	:: else
	fi;
resnap:
	/* rb_snapshot(): wpos, the time before it if known, the clock */
	W(pos = wpos);
	SNAP_PREV();
	W(ts = clk; clk++);
	slow = 1;
claim:
	/*
	 * The cmpxchg of wpos, and the event's header with it: nothing
	 * reads a reserved cell before the writers are done.  A clock
	 * behind the previous time also takes an absolute time stamp.
	 */
	W(if
	  :: wpos == pos ->
		wpos = pos + 1;
		if
		:: known && ts >= prev -> kind[pos] = DELTA; val[pos] = ts - prev
		:: else -> kind[pos] = ABS; val[pos] = ts
		fi;
		ev[pos] = e; truets[e] = ts; ok = 1
	  :: else -> ok = 0
	  fi);
	if
	:: ok
	:: !ok && slow -> goto resnap
	:: !ok && !slow -> goto again
	fi;
	slow = 0;
	/* the record of its time */
#ifdef TWO_WORDS
	W(last_ts = ts);
	W(last_pos = pos + 1);
#else
	W(slot[dep] = ts);
	W(last_end = (pos + 1) * 4 + dep);
#endif
#ifdef DISCARDS
	/* ring_buffer_discard_commit(), for the irq writer's events */
	if
	:: ME == L_IRQ ->
		W(if
		  :: wpos == pos + 1 -> wpos = pos; ev[pos] = 0; ok = 1
		  :: else -> ev[pos] = 0; ok = 0	/* its time part stays */
		  fi);
		if
#ifdef TWO_WORDS
		:: ok -> W(last_pos = UNKNOWN)
#else
		:: ok -> W(last_end = UNKNOWN)
#endif
		:: else
		fi
	:: true
	fi;
#endif
	W(committing--)
}

proctype writer(byte ME; byte first; byte n)
{
	byte saved, e, dep, pos, lw, prev, ts;
	bit known, ok, slow;

	e = first;
	do
	:: e < first + n ->
		if
		:: ME != L_TASK -> IRQ_ENTER()
		:: else
		fi;
		write_event(e);
		if
		:: ME != L_TASK -> IRQ_EXIT()
		:: else
		fi;
		e++
	:: else -> break
	od;
	wdone++
}

/*
 * Once the writers are done: read the buffer as a reader does.  The
 * times never go back, and each event's is its writer's clock value.
 */
active proctype reader()
{
	byte i, t, last;

	wdone == NW;
	assert(committing == 0);
	do
	:: i < wpos ->
		if
		:: kind[i] == ABS -> t = val[i]
		:: kind[i] == DELTA -> t = t + val[i]
		fi;
		assert(t >= last);
		last = t;
		if
		:: ev[i] != 0 -> assert(t == truets[ev[i]])
		:: else
		fi;
		i++
	:: else -> break
	od
}

init
{
	atomic {
		run writer(L_TASK, 1, EV_TASK);
		run writer(L_IRQ, 1 + EV_TASK, EV_IRQ);
		run writer(L_NMI, 1 + EV_TASK + EV_IRQ, EV_NMI)
	}
}
