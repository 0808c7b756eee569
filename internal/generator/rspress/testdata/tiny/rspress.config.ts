import { defineConfig } from '@rspress/core';

export default defineConfig({ root: 'docs', title: 'Tiny' });
