import * as path from 'node:path';
import { defineConfig } from '@rspress/core';
import { pluginSitemap } from '@rspress/plugin-sitemap';

export default defineConfig({
  root: path.join(__dirname, 'docs'),
  base: '/kiln/',
  title: 'Kiln',
  route: { cleanUrls: true },
  plugins: [pluginSitemap({ siteUrl: 'https://kiln-docs.net/kiln/' })],
});
