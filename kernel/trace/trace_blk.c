// SPDX-License-Identifier: GPL-2.0
/*
 * The "rwbs" text of the block layer's events: what a request does, one
 * letter each, as blktrace has always shown it (user ABI: tools parse
 * it).  The block events call blk_fill_rwbs() in their TP_fast_assign().
 */
#include <linux/blk_types.h>
#include <linux/blktrace_api.h>
#include <linux/export.h>

/* Letters for request flags, in the order they are shown after the op. */
static const struct {
	blk_opf_t	flag;
	char		letter;
} rwbs_flags[] = {
	{ REQ_FUA,	'F' },
	{ REQ_RAHEAD,	'A' },
	{ REQ_SYNC,	'S' },
	{ REQ_META,	'M' },
};

static const char *rwbs_op(blk_opf_t opf)
{
	switch (opf & REQ_OP_MASK) {
	case REQ_OP_READ:
		return "R";
	case REQ_OP_WRITE:
		return "W";
	case REQ_OP_FLUSH:
		return "F";
	case REQ_OP_DISCARD:
		return "D";
	case REQ_OP_SECURE_ERASE:
		return "DE";
	default:
		return "N";
	}
}

/**
 * blk_fill_rwbs() - describe a request's operation and flags in letters
 * @rwbs: at least RWBS_LEN bytes for the text
 * @opf: the operation and flags
 *
 * 'F' for a preflush, then the operation (R, W, F, D, DE or N), then F
 * (FUA), A (readahead), S (sync), M (metadata) for the flags set.
 */
void blk_fill_rwbs(char *rwbs, blk_opf_t opf)
{
	const char *op = rwbs_op(opf);
	int i;

	if (opf & REQ_PREFLUSH)
		*rwbs++ = 'F';
	while (*op)
		*rwbs++ = *op++;
	for (i = 0; i < ARRAY_SIZE(rwbs_flags); i++)
		if (opf & rwbs_flags[i].flag)
			*rwbs++ = rwbs_flags[i].letter;
	*rwbs = '\0';
}
EXPORT_SYMBOL_GPL(blk_fill_rwbs);
