import { defineCollection, defineContentConfig } from '@nuxt/content';

// The guide's files are served under /guide, the rest at their paths.
export default defineContentConfig({
  collections: {
    guide: defineCollection({
      type: 'page',
      source: { include: 'docs/**/*.md', prefix: '/guide' },
    }),
    content: defineCollection({
      type: 'page',
      source: { include: '**/*.md', exclude: ['docs/**'] },
    }),
  },
});
