/* SPDX-License-Identifier: GPL-2.0 */
/* What tracelab_direct.c and its trampolines share. */
#ifndef _TRACELAB_DIRECT_H
#define _TRACELAB_DIRECT_H

/* Calls each trampoline has had (tracelab_direct_tramp.S). */
extern unsigned long tracelab_direct_hits1;
extern unsigned long tracelab_direct_hits2;

void tracelab_direct_tramp1(void);
void tracelab_direct_tramp2(void);

#endif /* _TRACELAB_DIRECT_H */
