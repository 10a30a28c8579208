import { z } from 'zod';

/**
 * The orders of the list: relevance (the default with `q`), newest (the default without),
 * price (free first, then rising) and duration (shortest first).
 */
export const sortOrderSchema = z.enum(['relevance', 'newest', 'price', 'duration']).meta({
  id: 'SortOrder',
  description: 'relevance (default with q), newest (default without), price (free first, then rising), duration (shortest first).',
});
export type SortOrder = z.infer<typeof sortOrderSchema>;
