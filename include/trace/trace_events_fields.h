/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Forget the field macros of TP_STRUCT__entry(), so that the next pass
 * of <trace/trace_events.h> can give them its own meaning.  Included
 * once per pass: no include guard.
 */
#undef __field
#undef __field_ext
#undef __field_struct
#undef __field_struct_ext
#undef __array
#undef __dynamic_array
#undef __string
#undef __string_len
#undef __vstring
#undef __bitmask
#undef __cpumask
#undef __sockaddr
#undef __rel_dynamic_array
#undef __rel_string
#undef __rel_string_len
#undef __rel_bitmask
#undef __rel_cpumask
#undef __rel_sockaddr
