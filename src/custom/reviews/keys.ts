/** The query key under which the reviews page keeps its lists and averages (a change reloads them all). */
export const REVIEWS_KEY = ['reviews'] as const;
