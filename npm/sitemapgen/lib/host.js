// What the integrations share: running sitemapgen inside a host tool's
// build with what the host's configuration resolved to.
import sitemapgen from "./index.js";

// The variable through which sitemapgen takes the host's configuration
// (internal/config/hostproject.go): it stands where sitemapgen's own
// reading of the configuration file stands, below --base-url,
// SITEMAP_BASE_URL, sitemap.yaml and the platform's production URL.
const hostProjectEnv = "SITEMAPGEN_HOST_PROJECT";

/**
 * Runs sitemapgen for a host's build. project is what the host's
 * configuration says ({generator, title, publishDir, baseURL, from,
 * trailingSlash}; null for nothing), defaults the options the host
 * gives (dir, cwd, logger); the user's options pass through and win.
 */
export function runForHost(project, options = {}, defaults = {}) {
  const env = { ...options.env };
  if (project) {
    env[hostProjectEnv] = JSON.stringify(project);
  }
  return sitemapgen({ ...defaults, ...options, env });
}

/**
 * The host's logger as sitemapgen's JS API takes it: an object with
 * info, warn and error, each falling back to the console's.
 */
export function hostLogger(logger) {
  const pick = (name) =>
    logger && typeof logger[name] === "function" ? (msg) => logger[name](msg) : (msg) => console[name](msg);
  return { info: pick("info"), warn: pick("warn"), error: pick("error") };
}
