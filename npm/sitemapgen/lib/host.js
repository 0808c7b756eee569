// What the integrations share: running sitemapgen inside a host tool's
// build with what the host's configuration resolved to.
import path from "node:path";
import sitemapgen, { runByEnv } from "./index.js";
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
export function runForHost(runBy, project, options = {}, defaults = {}) {
  const { own, peer } = splitOptions(runBy, options);
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
