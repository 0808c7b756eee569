// The API for CommonJS: const sitemapgen = require("sitemapgen"). The
// package is ES modules; Node's require loads them (engines: Node 20.19
// and later), and this gives require the function itself, as the ES
// module's default export is, not a module namespace.
"use strict";
const api = require("./index.js");

function sitemapgen(options) {
  return api.sitemapgen(options);
}
module.exports = Object.assign(sitemapgen, { sitemapgen, default: sitemapgen, args: api.args });
