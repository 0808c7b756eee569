// sitemapgen/astro for CommonJS: integrations: [require("sitemapgen/astro")()].
// require gives the plugin function itself, not the ES module's
// namespace, which the host would refuse.
"use strict";
const esm = require("./index.js");

function sitemapgenAstro(...args) {
  return esm.default(...args);
}
module.exports = Object.assign(sitemapgenAstro, { default: sitemapgenAstro, astroProject: esm.astroProject });
