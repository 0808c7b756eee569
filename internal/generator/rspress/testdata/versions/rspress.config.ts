import { defineConfig } from '@rspress/core';

export default defineConfig({
  root: 'docs',
  title: 'Versions',
  lang: 'en',
  locales: [{ lang: 'en' }, { lang: 'zh' }],
  multiVersion: { default: 'v2', versions: ['v1', 'v2'] },
  route: { cleanUrls: true },
});
