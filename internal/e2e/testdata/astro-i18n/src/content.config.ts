// Two collections without a loader (Astro 4's kind, which Astro 5 still
// builds): an entry's id is its file's path, lamp-oil.en.md.
import { defineCollection, z } from 'astro:content';

const guides = defineCollection({
  type: 'content',
  schema: z.object({
    title: z.string(),
    date: z.date(),
    updatedDate: z.date(),
    draft: z.boolean().default(false),
  }),
});

const notes = defineCollection({
  type: 'content',
  schema: z.object({ title: z.string(), lang: z.enum(['en', 'es']) }),
});

export const collections = { guides, notes };
