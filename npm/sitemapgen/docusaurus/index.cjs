// sitemapgen/docusaurus for CommonJS: plugins: [require("sitemapgen/docusaurus")].
// require gives the plugin function itself, not the ES module's
// namespace, which the host would refuse.
"use strict";
const esm = require("./index.js");

function sitemapgenDocusaurus(...args) {
  return esm.default(...args);
}
module.exports = Object.assign(sitemapgenDocusaurus, { default: sitemapgenDocusaurus, docusaurusProject: esm.docusaurusProject });
