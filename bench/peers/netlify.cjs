// netlify.cjs PUBLISH_DIR URL: runs @netlify/plugin-sitemap's onPostBuild
// as Netlify's build does after a build: constants.PUBLISH_DIR the
// absolute publish folder, inputs the defaults of the plugin's
// manifest.yml, utils.build.failBuild failing the build (here: the
// process), the site's URL in env.URL, the working directory the
// project's. bench/peers.sh copies it into its scratch folder, beside
// node_modules.
const fs = require('fs')
const path = require('path')
const yaml = require('js-yaml')

const dir = path.dirname(require.resolve('@netlify/plugin-sitemap/package.json'))
const manifest = yaml.load(fs.readFileSync(path.join(dir, 'manifest.yml'), 'utf8'))
const inputs = {}
for (const i of manifest.inputs || []) {
  if ('default' in i) inputs[i.name] = i.default
}
const [publishDir, url] = process.argv.slice(2)
process.env.URL = url
const utils = {
  build: {
    failBuild(message, { error } = {}) {
      throw new Error(`${message}: ${error}`)
    },
  },
}
require('@netlify/plugin-sitemap')
  .onPostBuild({ constants: { PUBLISH_DIR: path.resolve(publishDir) }, inputs, utils })
  .catch((err) => {
    console.error(err)
    process.exit(1)
  })
