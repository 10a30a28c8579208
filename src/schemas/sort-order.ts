import { z } from 'zod';

/**
 * The orders of the list: relevance (the default with `q`), newest (the default without),
 * price (free first, then rising) and duration (shortest first).
 */
export const sortOrderSchema = z.enum(['relevance', 'newest', 'price', 'duration']);
export type SortOrder = z.infer<typeof sortOrderSchema>;
