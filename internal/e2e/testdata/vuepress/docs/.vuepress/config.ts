import { viteBundler } from '@vuepress/bundler-vite'
import { defaultTheme } from '@vuepress/theme-default'
import { defineUserConfig } from 'vuepress'

export default defineUserConfig({
  base: '/lathe/',
  lang: 'en-US',
  title: 'Lathe',
  bundler: viteBundler(),
  theme: defaultTheme({ hostname: 'https://lathe-docs.net' }),
})
