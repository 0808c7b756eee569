// What the integrations share: running sitemapgen inside a host tool's
// build with what the host's configuration resolved to.
import path from "node:path";
import sitemapgen, { runByEnv } from "./index.js";

// The variable through which sitemapgen takes the host's configuration
// (internal/project/hostproject.go): it stands where sitemapgen's own
// reading of the configuration file stands, below --base-url,
// SITEMAP_BASE_URL, sitemap.yaml and the platform's production URL.
const hostProjectEnv = "SITEMAPGEN_HOST_PROJECT";

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
  const env = { [runByEnv]: runBy, ...options.env };
  if (project) {
    env[hostProjectEnv] = JSON.stringify(project);
  }
  const given = { ...defaults };
  if (given.dir !== undefined && given.cwd !== undefined) {
    given.dir = path.relative(given.cwd, given.dir) || ".";
  }
  return sitemapgen({ ...given, ...options, env });
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
