/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A Promela model of one CPU buffer of kernel/trace/ring_buffer/: the
 * writers of its CPU nesting at every step (task, softirq, irq, NMI),
 * sub-buffer crossing and overwriting, the consuming reader's take of
 * the reader page and its in-place reads, the mapped reader's hand-over
 * (with the seal on the writers' CPU), and the waiter handshake.
 *
 * Documentation/trace/ring-buffer-model.rst says what each step stands
 * for and what is left out; the rows O1, O2, O5, O6, O7 and O9 cited
 * below are those of the ordering table in
 * Documentation/trace/ring-buffer-design.rst ("Memory ordering").
 *
 * Run (tools/tracing/rbmodel/check.sh does all of this in a temp dir):
 *	spin -DRD_OPS=1 -a ring_buffer.pml
 *	gcc -O2 -DSAFETY -DHC4 pan.c -o pan && ./pan -m100000
 * A broken variant drops one row:
 *	spin -DRD_OPS=1 -DBROKEN_ROW=1 -a ring_buffer.pml   (or 2, 5, 6, 7)
 *
 * Memory model: the processes run sequentially consistently, except for
 * the writers' CPU's store buffer, which holds the last publish's commit
 * counts and cpos (nothing orders them before the writer's load of
 * waiters): cpos_r and commit[] are what the other CPU sees, cpos and
 * cval (with cpend) what the writers' CPU does.  A dropped row is
 * modelled by the reordering the hardware may then do.
 */

#ifndef BROKEN_ROW
#define BROKEN_ROW	0
#endif

/* Geometry: NR sub-buffers of CAP one-cell events, a spare, a user page. */
#define NR	2
#define CAP	2
#define SPAN	4		/* positions per sequence: offsets 0..CAP */
#define NP	(NR + 2)
#define NONE	255
#define PAD	254		/* a padding event: the rest is padding */

/* Writers: how many events each context writes. */
#ifndef EV_TASK
#define EV_TASK	2
#endif
#ifndef EV_SOFTIRQ
#define EV_SOFTIRQ 0
#endif
#ifndef EV_IRQ
#define EV_IRQ	1
#endif
#ifndef EV_NMI
#define EV_NMI	1
#endif
#define NEV	(EV_TASK + EV_SOFTIRQ + EV_IRQ + EV_NMI)
#define NW	4		/* writer processes */

/*
 * Reader operations before the final drain, each one of: consume one
 * event, the mapped reader's get_reader, wait for data.  RD_SCRIPT fixes
 * their order, two bits per operation from the lowest (1 consume,
 * 2 get_reader, 3 wait; 0, the default: any).
 */
#ifndef RD_OPS
#define RD_OPS	1
#endif
#ifndef RD_SCRIPT
#define RD_SCRIPT	0
#endif
#define OP(n, k)	(((RD_SCRIPT >> (2 * (n))) & 3) == 0 || \
			 ((RD_SCRIPT >> (2 * (n))) & 3) == (k))

#define SEQ(p)	((p) / SPAN)
#define OFF(p)	((p) % SPAN)
#define CELL(pg, off)	((pg) * CAP + (off))

/* Context levels on the writers' CPU. */
#define L_TASK		0
#define L_SOFTIRQ	1
#define L_IRQ		2	/* irq writer, IPIs, irq_work */
#define L_NMI		3

/* Waiter states (prepare_to_wait(), schedule(), wake_up()). */
#define RUNNING		0
#define WAITING		1
#define SLEEPING	2

/* ---- the CPU buffer (struct rb_cpu) ---- */
byte ring[NR];			/* slot -> sub-buffer (page id) */
byte cell[NP * CAP];		/* event headers: event id, PAD or stale */
byte pay[NP * CAP];		/* payloads: the event id once written */
byte commit[NP];		/* buffer_data_page.commit */
byte pentries[NP];		/* rb_page.entries */
byte wpos;			/* (writer) */
byte cpos;			/* (writer) as its own CPU sees it */
byte cpos_r;			/* cpos as the other CPUs see it */
byte committing;		/* (writer) */
bit crossing;			/* (writer) */
byte head;			/* (both) seq << 1 | RB_HEAD_READER */
byte overrun, commit_overrun, dropped;	/* (writer) loss counters */

/* Reader side (reader_lock: one reader process). */
byte rpage = NONE;		/* cb->reader */
byte spare = NR;		/* cb->spare */
byte upage = NR + 1;		/* the mapped user page */
byte rseq, roff;
byte nread, inplace_read, read_overwritten;
bit waiters;			/* cb->waiters */
byte wstate = RUNNING;		/* the waiting task */

/* The writers' CPU: which context runs, and requests for it. */
byte cur = L_TASK;
byte wdone;			/* writer processes finished */
bit iw_pending;			/* irq_work_queue(&cb->wakeup_work) */
bit sync_req, sync_done;	/* rb_writer_sync() IPI */
bit seal_req, seal_done;	/* rb_map_seal_here() IPI */

/* Ghosts: where each event was reserved, whether it was read. */
byte evpos[NEV + 1];
bit evread[NEV + 1];

#if BROKEN_ROW == 1
/* O1 dropped: payload stores still in the writers' store buffer. */
bit paybuf[NP * CAP];
byte payval[NP * CAP];
byte pi;
#define DRAIN_PAY()	pi = 0; \
	do :: pi < NP * CAP -> \
		if :: paybuf[pi] -> pay[pi] = payval[pi]; paybuf[pi] = 0 \
		   :: else -> skip fi; pi++ \
	   :: else -> break od; pi = 0
#else
#define DRAIN_PAY()	skip
#endif

/*
 * The writers' CPU's store buffer: the commit counts and cpos of the
 * last publish, which no barrier follows (cpend/cval; cpos_r lags cpos).
 * They drain in order (O2: commit counts before cpos): at the next
 * publish's first barrier, at an smp_mb() run on the writers' CPU (the
 * O6 and O9 IPIs), or on their own, which the reader's loads model: a
 * load may find the buffer drained since, or not.  NP is 4.
 */
bit cpend[NP];
byte cval[NP];
#define DRAIN1(p)	if :: cpend[p] -> commit[p] = cval[p]; cpend[p] = 0 :: else fi
#define DRAIN_COMMITS()	DRAIN1(0); DRAIN1(1); DRAIN1(2); DRAIN1(3)
#define DRAIN_ALL()	DRAIN_PAY(); DRAIN_COMMITS(); cpos_r = cpos
#define SB_COMMIT(p, v)	cval[p] = v; cpend[p] = 1

/* The header (rb_set_data_event(), rb_pend()) at pos in page pg. */
/* A sub-buffer out of the ring (the reader's, the user page): never written */
#define HEADER(e)	assert(pg != rpage && pg != upage); \
		cell[CELL(pg, OFF(pos))] = e; evpos[e] = pos; pentries[pg]++

/* A step of the context at level ME: only the innermost one runs. */
#define W(s)	atomic { (cur == ME) -> s }

/* Enter/leave an interrupt: LIFO by construction. */
#define IRQ_ENTER(cond)	atomic { (cond) && cur < ME -> saved = cur; cur = ME }
#define IRQ_EXIT()	atomic { cur == ME -> cur = saved }

/*
 * rb_end_commit() / rb_finish() commit part: the nested writer's
 * decrement, or the outermost writer's publish (rb_commit_outer(),
 * rb_end_commit_outer(), rb_publish(), rb_commit_done()).
 */
inline end_commit()
{
	/* the read and the decrement: an interrupt in between restores it */
	W(d = committing;
	  if
	  :: d > 1 -> committing--
	  :: else
	  fi);
	if
	:: d > 1
	:: else ->
#if BROKEN_ROW == 1
		/* O1 dropped: the payloads may drain after the commit counts */
pub:		W(w = wpos; s = SEQ(cpos); DRAIN_COMMITS(); cpos_r = cpos);
#else
		/*
		 * O1: smp_wmb(): the events (and the previous publish), then
		 * the commit counts.
		 */
pub:		W(w = wpos; s = SEQ(cpos); DRAIN_ALL());
#endif
		do
		:: s < SEQ(w) -> W(SB_COMMIT(ring[s % NR], CAP); s++)
		:: else -> break
		od;
		W(SB_COMMIT(ring[SEQ(w) % NR], OFF(w)));
#if BROKEN_ROW == 2
		/* O2 dropped: cpos may drain before the commit counts */
		W(cpos = w; cpos_r = w);
#else
		/* O2: smp_wmb(): the commit counts drain before cpos */
		W(cpos = w);
#endif
		W(committing = 0);
		W(if
		  :: wpos == w -> d = 0
		  :: else -> committing++; d = 1
		  fi);
		if
		:: d -> goto pub
		:: else
		fi
	fi
}

/*
 * rb_wake_readers(): load waiters after the commit, no barrier (O6: the
 * waiter pays for both sides).
 */
inline wake_readers()
{
	W(if :: waiters -> iw_pending = 1 :: else fi)
}

/*
 * One event: ring_buffer_lock_reserve() (rb_reserve(),
 * rb_reserve_cross(), rb_make_room()), the payload, then
 * ring_buffer_unlock_commit() (rb_finish()).
 */
inline write_event(e)
{
	/*
	 * committing++, then the snapshot.  One step: an interrupt between
	 * the two behaves as one after the snapshot (our cmpxchg fails and
	 * we take a new one).
	 */
	W(committing++; snap = wpos);
	goto have;
again:
	W(snap = wpos);
have:
	if
	:: OFF(snap) < CAP ->
		/* fits: the sub-buffer pointer is read before the cmpxchg */
		W(pg = ring[SEQ(snap) % NR]);
		/*
		 * The cmpxchg and the header store: one step, as nothing
		 * reads a reserved cell before its commit.
		 */
		W(if
		  :: wpos == snap -> wpos = snap + 1; ok = 1; pos = snap;
			HEADER(e)
		  :: else -> ok = 0
		  fi);
		if
		:: ok
		:: else -> goto again
		fi
	:: else ->
		/* rb_reserve_cross() */
		W(if
		  :: crossing == 0 -> crossing = 1; ok = 1
		  :: else -> dropped++; ok = 0
		  fi);
		if
		:: ok
		:: else -> goto refused
		fi;
		/*
		 * Re-read wpos, then check the commit sequence: one step, as
		 * no writer that interrupts here can move cpos (we are in
		 * committing) or cross (we hold crossing).
		 */
		W(pos = wpos;
		  if
		  :: SEQ(pos) != SEQ(snap) -> crossing = 0; ok = 0
		  :: SEQ(snap) + 1 - SEQ(cpos) >= NR ->
			commit_overrun++; crossing = 0; ok = 0; cnt = 1
		  :: else -> ok = 1
		  fi);
		if
		:: ok
		:: !ok && cnt -> cnt = 0; goto refused
		:: else -> goto again
		fi;
		/* rb_make_room(seq + 1), overwrite mode */
room:		/* O5: head read_acquire, then the slot */
		W(hv = head;
		  if
		  :: SEQ(snap) + 1 - hv / 2 < NR -> ok = 1; cnt = 1
#if BROKEN_ROW == 7
		  :: else -> ok = 1	/* O7 dropped: the claim ignored */
#else
		  :: SEQ(snap) + 1 - hv / 2 >= NR && (hv & 1) ->
			dropped++; crossing = 0; ok = 0	/* claimed: drop */
		  :: SEQ(snap) + 1 - hv / 2 >= NR && !(hv & 1) -> ok = 1
#endif
		  fi);
		if
		:: ok && cnt -> cnt = 0	/* room */
		:: ok && !cnt ->
			/* push head past the oldest sub-buffer */
			W(cnt = pentries[ring[(hv / 2) % NR]]);
			/* O7: cmpxchg from the unclaimed value only */
			W(if
#if BROKEN_ROW == 7
			  :: head / 2 == hv / 2 -> head = (hv / 2 + 1) * 2; ok = 1
#else
			  :: head == hv -> head = (hv / 2 + 1) * 2; ok = 1
#endif
			  :: else -> ok = 0
			  fi);
			if
			:: ok -> W(overrun = overrun + cnt; cnt = 0)
			:: else -> cnt = 0; goto room
			fi
		:: else -> goto refused
		fi;
		/* prepare sequence seq + 1 */
		W(pg = ring[(SEQ(snap) + 1) % NR]; pentries[pg] = 0);
xchg:		W(if
		  :: wpos == pos -> wpos = (SEQ(snap) + 1) * SPAN + 1; ok = 1
		  :: else -> pos = wpos; ok = 0
		  fi);
		if
		:: ok
		:: else -> goto xchg
		fi;
		W(crossing = 0);
		/* rb_pad_tail() of the old sub-buffer */
		W(if
		  :: OFF(pos) < CAP -> cell[CELL(ring[SEQ(snap) % NR], OFF(pos))] = PAD
		  :: else
		  fi);
		pos = (SEQ(snap) + 1) * SPAN;
		W(HEADER(e))
	fi;
	/* the payload, filled by the caller */
#if BROKEN_ROW == 1
	W(paybuf[CELL(pg, OFF(pos))] = 1; payval[CELL(pg, OFF(pos))] = e);
#else
	W(pay[CELL(pg, OFF(pos))] = e);
#endif
	ok = 1;
	goto finish;
refused:
	/* a refused reservation ends like a commit, and wakes readers too */
	ok = 0;
finish:
	end_commit();
#ifdef REFUSED_NOWAKE
	if
	:: ok -> wake_readers()
	:: else	/* as write.c had it: a lost wakeup */
	fi
#else
	wake_readers()
#endif
}

proctype writer(byte ME; byte first; byte n)
{
	byte saved, snap, pos, pg, hv, cnt, w, s, d, e;
	bit ok;

	e = first;
	do
	:: e < first + n ->
		if
		:: ME != L_TASK -> IRQ_ENTER(1)
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

/* The wakeup irq_work (rb_wakeup_work()), run on the writers' CPU. */
active proctype irq_work()
{
	byte saved;
	byte ME = L_IRQ;
end:
	do
	:: IRQ_ENTER(iw_pending);
		W(iw_pending = 0; waiters = 0);
		W(if
		  :: wstate != RUNNING -> wstate = RUNNING
		  :: else
		  fi);
		IRQ_EXIT()
	od
}

/* rb_writer_sync(), the O6 IPI: smp_mb() drains the store buffer. */
active proctype writer_sync()
{
	byte saved;
	byte ME = L_IRQ;
end:
	do
	:: IRQ_ENTER(sync_req);
		W(DRAIN_ALL());
		IRQ_EXIT();
		/* the call's completion */
		atomic { sync_req = 0; sync_done = 1 }
	od
}

/*
 * rb_seal() on the writers' CPU (rb_map_seal_here()): a writer-like
 * step that pads out the sub-buffer being filled and moves wpos on.
 */
active proctype seal()
{
	byte saved, snap, pos, pg, hv, cnt, w, s, d;
	bit ok;
	byte ME = L_IRQ;
end:
	do
	:: IRQ_ENTER(seal_req);
		W(committing++);	/* an NMI may come in here */
		W(if
		  :: crossing == 0 -> crossing = 1; ok = 1
		  :: else -> ok = 0
		  fi);
		if
		:: !ok -> goto out
		:: else
		fi;
		W(pos = wpos; snap = pos;
		  if
		  :: OFF(pos) == 0 || SEQ(pos) + 1 - SEQ(cpos) >= NR -> ok = 0
		  :: else -> ok = 1
		  fi);
		if
		:: !ok -> goto uncross
		:: else
		fi;
sroom:		/* rb_make_room(): O5, O7 */
		W(hv = head;
		  if
		  :: SEQ(snap) + 1 - hv / 2 < NR -> ok = 1; cnt = 1
		  :: SEQ(snap) + 1 - hv / 2 >= NR && (hv & 1) -> ok = 0
		  :: SEQ(snap) + 1 - hv / 2 >= NR && !(hv & 1) -> ok = 1
		  fi);
		if
		:: ok && cnt -> cnt = 0
		:: ok && !cnt ->
			W(cnt = pentries[ring[(hv / 2) % NR]]);
			W(if
			  :: head == hv -> head = (hv / 2 + 1) * 2; ok = 1
			  :: else -> ok = 0
			  fi);
			if
			:: ok -> W(overrun = overrun + cnt; cnt = 0)
			:: else -> cnt = 0; goto sroom
			fi
		:: else -> goto uncross
		fi;
		W(pg = ring[(SEQ(snap) + 1) % NR]; pentries[pg] = 0);
sxchg:		/* an NMI may still reserve in the old sub-buffer: retry */
		W(if
		  :: wpos == pos -> wpos = (SEQ(snap) + 1) * SPAN; ok = 1
		  :: else -> pos = wpos; ok = 0
		  fi);
		if
		:: ok
		:: else -> goto sxchg
		fi;
		W(if
		  :: OFF(pos) < CAP -> cell[CELL(ring[SEQ(snap) % NR], OFF(pos))] = PAD
		  :: else
		  fi);
uncross:	W(crossing = 0);
out:		end_commit();
		/* O9: the seal's stores, then the call's completion */
		W(DRAIN_ALL());
		IRQ_EXIT();
		atomic { seal_req = 0; seal_done = 1; pg = 0; hv = 0; pos = 0;
			 snap = 0; w = 0; s = 0; d = 0; ok = 0 }
	od
}

/* ---- the reader (another CPU, holding reader_lock per call) ---- */

/*
 * The reader's load of cpos: the writers' store buffer may have drained
 * since, or not.  Only the reader looks at what the other CPU sees, so
 * draining just before its load is as good as draining at any time
 * before it.
 */
#define LOAD_CPOS()	atomic { if :: DRAIN_ALL() :: skip fi; c = cpos_r / SPAN }
/* The reader's load of a commit count of the ring: drained, or not. */
#define LOAD_COMMIT(x)	atomic { if :: DRAIN_COMMITS() :: skip fi; \
			 x = commit[ring[rseq % NR]] }

/*
 * Reader steps are atomic where they touch only what the reader owns
 * (its position, its sub-buffers out of the ring): one step per load or
 * store that a writer can see or race with.
 */

/* rb_claim(): claim head (O7: the cmpxchg_acquire loop as one step);
 * restart at head if it moved past rseq */
#define CLAIM()	atomic { hv = head; head = hv | 1; \
		if \
		:: hv / 2 != rseq -> \
			read_overwritten = read_overwritten + inplace_read; \
			inplace_read = 0; rseq = hv / 2; roff = 0 \
		:: else \
		fi }

/* rb_unclaim_head(): O7 set_release */
#define UNCLAIM()	head = rseq * 2

/* rb_take(): the spare into the slot, then head (O5) */
#define SWAP_SLOT()	atomic { pg = ring[rseq % NR]; \
		commit[spare] = 0; pentries[spare] = 0; \
		ring[rseq % NR] = spare; rpage = pg; spare = NONE; \
		inplace_read = 0; pg = 0 }
#if BROKEN_ROW == 5
/* O5 dropped: head is released before the spare is in the slot */
#define TAKE()	head = (rseq + 1) * 2; SWAP_SLOT()
#else
#define TAKE()	SWAP_SLOT(); head = (rseq + 1) * 2	/* O5: set_release */
#endif

/*
 * The event at offset roff of page pgx, below its commit count c: a
 * padding event (roff moves to c, ev = 0) or an event that is complete
 * (its payload written: not torn) and was reserved right there (not a
 * stale one from an earlier lap).
 */
#define READ_EVENT(pgx)	ev = cell[CELL(pgx, roff)]; \
		if \
		:: ev == PAD -> roff = c; ev = 0 \
		:: else -> \
			assert(ev >= 1 && ev <= NEV);	/* no garbage */ \
			assert(pay[CELL(pgx, roff)] == ev);	/* not torn */ \
			assert(evpos[ev] == rseq * SPAN + roff)	/* not stale */ \
		fi

/* rb_consume(): count it; each event is read once at most */
#define CONSUME()	assert(!evread[ev]); evread[ev] = 1; nread++; roff++

/*
 * rb_locate() with rb_consume() (consume) or without (the peek of
 * rb_wait_done()): found = 1 if there was an event.
 */
inline locate(consume)
{
	found = 0;
	do
	:: atomic {
		rpage != NONE ->	/* the reader page: the reader's alone */
		c = commit[rpage];
		if
		:: roff < c ->
			READ_EVENT(rpage);
			if
			:: ev != 0 ->
				found = 1;
				if
				:: consume -> CONSUME()
				:: else
				fi;
				break
			:: else	/* padding: roff is at the end now */
			fi
		:: else ->	/* done with it: it becomes the spare */
			spare = rpage; rpage = NONE; rseq++; roff = 0
		fi
	   }
	:: rpage == NONE ->
		CLAIM();
		LOAD_CPOS();		/* O2: smp_rmb() after */
		if
		:: rseq < c -> TAKE()
		:: else ->
			/* the commit sub-buffer, in place, under the claim */
			LOAD_COMMIT(c);		/* O1: smp_rmb() after */
			atomic {
				if
				:: roff < c ->
					READ_EVENT(ring[rseq % NR]);
					if
					:: ev != 0 ->
						found = 1;
						if
						:: consume -> CONSUME(); inplace_read++
						:: else
						fi
					:: else
					fi
				:: else
				fi
			};
			UNCLAIM();	/* after the copy to the bounce buffer */
			break
		fi
	od
}

/*
 * rb_map_next(): one attempt to hand the mapped reader the next
 * sub-buffer; sealit = 1 if sealing the commit sub-buffer would help.
 */
inline map_next()
{
	sealit = 0;
	atomic {
		if
		:: rpage != NONE && roff >= commit[rpage] ->
			spare = rpage; rpage = NONE; rseq++; roff = 0
		:: else
		fi
	};
	if
	:: rpage == NONE ->
		CLAIM();
		LOAD_CPOS();		/* O2 */
		if
		:: rseq < c -> TAKE()
		:: else ->
			LOAD_COMMIT(c);		/* O1 */
			sealit = c > roff;
			UNCLAIM()
		fi
	:: else
	fi;
	/*
	 * rb_map_hand_over(): the taken sub-buffer becomes the user page,
	 * what is left in it counts as read; the old user page becomes the
	 * spare.
	 */
	atomic {
		if
		:: rpage != NONE ->
			c = commit[rpage];
			do
			:: roff < c ->
				READ_EVENT(rpage);
				if
				:: ev != 0 -> CONSUME()
				:: else
				fi
			:: else -> break
			od;
			commit[upage] = 0; pentries[upage] = 0;
			spare = upage; upage = rpage; rpage = NONE;
			rseq++; roff = 0
		:: else
		fi
	}
}

active proctype reader()
{
	byte hv, pg, c, ev, ops;
	bit found, sealit;

	do
	:: ops < RD_OPS ->
		if
		:: OP(ops, 1) -> ops++;
			locate(1)	/* ring_buffer_consume() */
		:: OP(ops, 2) -> ops++;
			map_next();	/* ring_buffer_map_get_reader() */
			if
			:: sealit ->
				seal_req = 1;
				atomic { seal_done -> seal_done = 0 };	/* O9 */
				map_next()
			:: else
			fi
		:: OP(ops, 3) -> ops++;
			/* ring_buffer_wait(): prepare_to_wait(), rb_set_waiters() */
#if BROKEN_ROW != 6
			/* O6: smp_mb(), then rb_writer_sync() on the writers' CPU */
			atomic { wstate = WAITING; waiters = 1; sync_req = 1 };
			atomic { sync_done -> sync_done = 0 };
#else
			/* O6 dropped: no barrier on the writers' CPU */
			atomic { wstate = WAITING; waiters = 1 };
#endif
			locate(0);	/* rb_wait_done(): ring_buffer_empty_cpu() */
			if
			:: found -> wstate = RUNNING
			:: else ->
				/* schedule(): sleeps unless woken meanwhile */
				atomic {
					if
					:: wstate == WAITING -> wstate = SLEEPING
					:: else
					fi
				};
				if
				:: wstate == RUNNING	/* woken */
				:: timeout ->
					/*
					 * Nothing else can run: no wakeup is
					 * coming.  No lost wakeup: then there
					 * is nothing to read either (the
					 * store buffer has drained by now).
					 */
					atomic { DRAIN_ALL() };
					locate(0);
					assert(!found);
					wstate = RUNNING
				fi
			fi
		fi
	:: else -> break
	od;

	/* the writers are done and the store buffer drained: read the rest */
	atomic { wdone == NW && !iw_pending -> DRAIN_ALL() };
	do
	:: locate(1);
		if
		:: found
		:: else -> break
		fi
	od;
	/* no lost-without-count event: the books are exact */
	assert(NEV == nread + overrun - read_overwritten + dropped + commit_overrun);
	assert(committing == 0 && crossing == 0)
}

init
{
	atomic {
		ring[0] = 0; ring[1] = 1;
		run writer(L_TASK, 1, EV_TASK);
		run writer(L_SOFTIRQ, 1 + EV_TASK, EV_SOFTIRQ);
		run writer(L_IRQ, 1 + EV_TASK + EV_SOFTIRQ, EV_IRQ);
		run writer(L_NMI, 1 + EV_TASK + EV_SOFTIRQ + EV_IRQ, EV_NMI)
	}
}
