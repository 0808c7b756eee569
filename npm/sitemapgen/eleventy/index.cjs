// sitemapgen/eleventy for CommonJS: eleventyConfig.addPlugin(require("sitemapgen/eleventy")).
// require gives the plugin function itself, not the ES module's
// namespace, which the host would refuse.
"use strict";
const esm = require("./index.js");

function sitemapgenEleventy(...args) {
  return esm.default(...args);
}
module.exports = Object.assign(sitemapgenEleventy, { default: sitemapgenEleventy });
