/** The largest PostgreSQL integer (int4): ids, counts and amounts on the wire stay within it. */
export const INT4_MAX = 2147483647;
