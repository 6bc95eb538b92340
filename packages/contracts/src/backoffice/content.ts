import { z } from 'zod';
import { ContentItemSchema } from '../content.ts';

/** GET /api/backoffice/content/:kind — every item of the kind, on or off, any schedule, in the site's order. */
export const ContentListResponseSchema = z.object({ content: z.array(ContentItemSchema) });
export type ContentListResponse = z.infer<typeof ContentListResponseSchema>;
