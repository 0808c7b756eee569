// What the integrations share: running sitemapgen inside a host tool's
// build with what the host's configuration resolved to.
import path from "node:path";
import sitemapgen, { runByEnv, wholeList } from "./index.js";
import { peers } from "./peers.js";

// The variable through which sitemapgen takes the host's configuration
// (internal/project/hostproject.go): it stands where sitemapgen's own
// reading of the configuration file stands, below --base-url,
// SITEMAP_BASE_URL, sitemap.yaml and the platform's production URL.
const hostProjectEnv = "SITEMAPGEN_HOST_PROJECT";

// The variable through which sitemapgen takes the options of the plugin
// an integration replaces, with that plugin's meaning
// (internal/peer/env.go): the project's values, as the host's
// configuration is.
const peerEnv = "SITEMAPGEN_PEER_OPTIONS";

/**
 * Runs sitemapgen for a host's build. runBy names the host (netlify,
 * astro, eleventy, docusaurus: a flag a message names is then named as
 * the host's user gives the setting, [plugins.inputs] baseUrl); project is
 * what the host's configuration says ({generator, title, publishDir,
 * baseURL, from, trailingSlash}; null for nothing); defaults are the
 * options the host gives (dir, cwd, logger), dir given relative to cwd,
 * as messages show it; the user's options pass through and win.
 */
export function runForHost(runBy, project, options = {}, defaults = {}, context = {}) {
  const { own, peer } = splitOptions(runBy, options);
  const hook = peer && peerHooks[runBy]?.(peer.options, context);
  if (hook) {
    // The plugin's functions run as the per-URL hook, with the plugin's
    // meaning; they are marked so, not as functions sitemapgen cannot run.
    for (const name of hook.names) {
      peer.options[name] = hooked;
    }
    own.transform = chain(hook.fn, own.transform);
  }
  const env = { [runByEnv]: runBy, ...own.env };
  if (project) {
    env[hostProjectEnv] = JSON.stringify(project);
  }
  const given = { ...defaults };
  if (given.dir !== undefined && given.cwd !== undefined) {
    given.dir = path.relative(given.cwd, given.dir) || ".";
  }
  if (peer) {
    env[peerEnv] = peerJSON(peer.tool, peer.options, {
      publishDir: given.dir,
      basePath: project?.baseURL ? new URL(project.baseURL).pathname : undefined,
    });
  }
  return sitemapgen({ ...given, ...own, env });
}

/**
 * splitOptions parts the options an integration was given into
 * sitemapgen's own and those of the plugin it replaces (lib/peers.js):
 * a name of the plugin's has the plugin's meaning, even where sitemapgen
 * has a flag of that name (Netlify's exclude, Astro's changefreq).
 */
export function splitOptions(runBy, options = {}) {
  const names = peers[runBy]?.options ?? [];
  const own = {};
  const given = {};
  for (const [key, value] of Object.entries(options)) {
    if (names.includes(key)) {
      if (value !== undefined) {
        given[key] = value;
      }
    } else {
      own[key] = value;
    }
  }
  if (runBy === "netlify" && given.urlPrefix !== undefined && own.baseUrl !== undefined) {
    // @netlify/plugin-sitemap joins urlPrefix to baseUrl, an input of
    // sitemapgen/netlify's own too: given together, baseUrl goes with
    // the plugin's options, for the two to give the base URL as the
    // plugin (and init) did: https://example.com/en/.
    given.baseUrl = own.baseUrl;
    delete own.baseUrl;
  }
  const peer = Object.keys(given).length > 0 ? { tool: peers[runBy].tool, options: given } : null;
  return { own, peer };
}

/**
 * peerJSON is the value of SITEMAPGEN_PEER_OPTIONS: the plugin, its
 * options and where the site is. What JSON cannot carry is marked: a
 * function as {"$function": true}, a Date as {"$date": ISO}, a RegExp or
 * another object of a class as {"$expr": its text}.
 */
export function peerJSON(tool, options, { publishDir, basePath } = {}) {
  return JSON.stringify({ tool, options: marked(options), publishDir, basePath });
}

function marked(value) {
  if (value === hooked) {
    return { $hook: true };
  }
  if (typeof value === "function") {
    return { $function: true };
  }
  if (value instanceof Date) {
    return { $date: Number.isNaN(value.getTime()) ? String(value) : value.toISOString() };
  }
  if (Array.isArray(value)) {
    return value.map(marked);
  }
  if (value !== null && typeof value === "object") {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      return { $expr: String(value) };
    }
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) {
        out[k] = marked(v);
      }
    }
    return out;
  }
  return value;
}

// hooked stands, among the plugin's options, for a function the
// integration runs as the per-URL hook: {"$hook": true} to sitemapgen.
const hooked = Symbol("sitemapgen.hooked");

/**
 * peerHooks give, by integration, the transform function that runs the
 * functions of the plugin it replaces with that plugin's meaning, and
 * their names; null when none of them is given as a function.
 */
export const peerHooks = {
  astro: astroHook,
  docusaurus: docusaurusHook,
};

/**
 * astroHook: @astrojs/sitemap's filter(url) leaves out a URL for which
 * it is false, then serialize(item) edits the item ({url, lastmod,
 * changefreq, priority, links: [{url, lang}], img: [{url}]}) or, on
 * undefined, leaves the URL out; both may be async where the plugin's
 * may. As the plugin's, they see every URL: pages and customPages'.
 */
function astroHook(options) {
  const { filter, serialize } = options;
  const names = ["filter", "serialize"].filter((n) => typeof options[n] === "function");
  if (names.length === 0) {
    return null;
  }
  const fn = async (record) => {
    if (typeof filter === "function" && !(await filter(record.loc))) {
      return null;
    }
    if (typeof serialize !== "function") {
      return record;
    }
    const item = await serialize(astroItem(record));
    return item ? fromAstroItem(item) : null;
  };
  return { names, fn };
}

/** astroItem is a record as @astrojs/sitemap's SitemapItem. */
export function astroItem(record) {
  const item = { url: record.loc };
  for (const k of ["lastmod", "changefreq", "priority"]) {
    if (record[k] !== undefined) {
      item[k] = record[k];
    }
  }
  if (record.alternates) {
    item.links = record.alternates.map((a) => ({ url: a.href, lang: a.hreflang }));
  }
  if (record.images) {
    item.img = record.images.map((i) => ({ url: i.loc }));
  }
  return item;
}

/** fromAstroItem is a SitemapItem as a record; video and news are not carried. */
export function fromAstroItem(item) {
  const record = { loc: String(item.url) };
  if (item.lastmod !== undefined && item.lastmod !== null) {
    record.lastmod = item.lastmod instanceof Date ? item.lastmod.toISOString() : String(item.lastmod);
  }
  if (item.changefreq) {
    record.changefreq = String(item.changefreq);
  }
  if (item.priority !== undefined && item.priority !== null) {
    record.priority = item.priority;
  }
  if (item.links?.length) {
    record.alternates = item.links.map((l) => ({ hreflang: l.lang, href: l.url }));
  }
  if (item.img?.length) {
    record.images = item.img.map((i) => ({ loc: i.url }));
  }
  return record;
}

/**
 * docusaurusHook: @docusaurus/plugin-sitemap's createSitemapItems takes
 * the whole list ({defaultCreateSitemapItems, siteConfig, routes, head,
 * options}) and returns the items to write ({url, lastmod, changefreq,
 * priority}). It is given every record at once: defaultCreateSitemapItems
 * resolves to them as items (what sitemapgen would write), routes and
 * head are empty (sitemapgen reads the built files, not the routes), and
 * what it returns is written.
 */
function docusaurusHook(options, { siteConfig } = {}) {
  const create = options.createSitemapItems;
  if (typeof create !== "function") {
    return null;
  }
  const { createSitemapItems, ...rest } = options;
  const fn = async (records) => {
    const items = records.map((r) => ({ url: r.loc, lastmod: r.lastmod ?? null, changefreq: r.changefreq ?? null, priority: r.priority ?? null }));
    const byURL = new Map(records.map((r) => [r.loc, r]));
    const out = await create({ defaultCreateSitemapItems: async () => items, siteConfig, routes: [], head: {}, options: rest });
    return (out ?? []).map((item) => {
      // Its alternates and images, which Docusaurus' items do not carry,
      // stay those of the record of its URL.
      const { alternates, images } = byURL.get(item.url) ?? {};
      const record = { loc: String(item.url), alternates, images };
      if (item.lastmod) {
        record.lastmod = item.lastmod instanceof Date ? item.lastmod.toISOString() : String(item.lastmod);
      }
      if (item.changefreq) {
        record.changefreq = item.changefreq;
      }
      if (item.priority !== undefined && item.priority !== null) {
        record.priority = item.priority;
      }
      return record;
    });
  };
  fn[wholeList] = true;
  return { names: ["createSitemapItems"], fn };
}

/**
 * chain runs the plugin's hook, then the user's own transform on what it
 * keeps; a string (a command line) cannot follow a function, and throws.
 */
function chain(first, then) {
  if (then === undefined || then === null) {
    return first;
  }
  if (typeof then !== "function") {
    throw Object.assign(new Error("sitemapgen: transform: a command line cannot follow the plugin's functions; give a function"), { exitCode: 2 });
  }
  if (first[wholeList]) {
    const fn = async (records) => {
      const out = [];
      for (const r of await first(records)) {
        const answer = await then(r);
        out.push(...(answer === null || answer === undefined ? [] : Array.isArray(answer) ? answer : [answer]));
      }
      return out;
    };
    fn[wholeList] = true;
    return fn;
  }
  return async (record) => {
    const kept = await first(record);
    if (kept === null || kept === undefined) {
      return kept;
    }
    const out = [];
    for (const r of Array.isArray(kept) ? kept : [kept]) {
      const answer = await then(r);
      out.push(...(answer === null || answer === undefined ? [] : Array.isArray(answer) ? answer : [answer]));
    }
    return out;
  };
}

/**
 * The host's logger as sitemapgen's JS API takes it: an object with
 * info, warn and error, each falling back to the console's. With
 * named, the host's logger names sitemapgen in front of each line
 * itself ([sitemapgen] with Astro's), and a line's own "sitemapgen: " is
 * left out.
 */
export function hostLogger(logger, { named = false } = {}) {
  const own = (msg) => (named ? msg.replace(/^sitemapgen: /gm, "") : msg);
  const pick = (name) =>
    logger && typeof logger[name] === "function" ? (msg) => logger[name](own(msg)) : (msg) => console[name](msg);
  return { info: pick("info"), warn: pick("warn"), error: pick("error") };
}
