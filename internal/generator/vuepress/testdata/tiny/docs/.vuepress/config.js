import { defineUserConfig } from 'vuepress'

export default defineUserConfig({ title: 'Tiny' })
