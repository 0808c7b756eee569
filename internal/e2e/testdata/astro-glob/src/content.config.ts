import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

// Dates as people write them: strings that Date reads ('11 Oct 2023').
const date = z.union([z.string(), z.date()]).transform((v) => new Date(v));

const post = defineCollection({
  loader: glob({ base: './src/content/post', pattern: '**/*.{md,mdx}' }),
  schema: z.object({
    title: z.string(),
    publishDate: date,
    updatedDate: date.optional(),
    draft: z.boolean().default(false),
  }),
});

export const collections = { post };
