// sitemapgen/netlify for CommonJS: the plugin's events, as
// require("sitemapgen/netlify") gives them.
"use strict";
const { onPostBuild } = require("./index.js");

module.exports = { onPostBuild };
