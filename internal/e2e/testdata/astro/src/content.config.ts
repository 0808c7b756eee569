// A content collection, as Astro's blog template defines it: the entries
// of src/content/blog, listed by src/pages/posts/[...slug].astro.
import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

const blog = defineCollection({
  loader: glob({ base: './src/content/blog', pattern: '**/*.{md,mdx}' }),
  schema: z.object({
    title: z.string(),
    pubDate: z.coerce.date(),
    updatedDate: z.coerce.date().optional(),
    description: z.string().optional(),
  }),
});

export const collections = { blog };
