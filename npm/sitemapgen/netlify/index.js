// sitemapgen/netlify: a Netlify build plugin that writes sitemapgen's
// sitemaps into the publish folder after the build, the replacement for
// @netlify/plugin-sitemap, whose inputs it takes with their meaning
// (sitemapgen maps them: internal/peer).
//
//   [[plugins]]
//   package = "./node_modules/sitemapgen/netlify"
//
// (Netlify refuses package = "sitemapgen/netlify": a package's name alone,
// or a local plugin's folder.)
import path from "node:path";
import { runForHost } from "../lib/host.js";

/**
 * Runs sitemapgen on the publish folder. Netlify's URL, CONTEXT and
 * DEPLOY_PRIME_URL reach it in the environment, as they reach plain
 * sitemapgen; so does @netlify/plugin-sitemap's
 * NETLIFY_PLUGIN_SITEMAP_BASEURL, which sitemapgen reads when it runs
 * as this plugin (SITEMAPGEN_RUN_BY=netlify). A failure fails the build with sitemapgen's message
 * (failBuild: false fails the plugin only).
 */
export async function onPostBuild({ constants, inputs = {}, utils }) {
  const { failBuild = true, ...settings } = inputs;
  const fail = failBuild === false ? utils.build.failPlugin : utils.build.failBuild;
  const cwd = process.cwd(); // the base directory, where netlify.toml is
  // @netlify/plugin-sitemap's buildDir names the site folder in the
  // publish folder's place (sitemapgen takes it, inside the project).
  const defaults = { cwd, logger: console };
  if (settings.buildDir === undefined || settings.dir !== undefined) {
    defaults.dir = path.resolve(cwd, constants.PUBLISH_DIR);
  }
  try {
    const summary = await runForHost("netlify", null, settings, defaults);
    // No sitemap by design (a deploy with X-Robots-Tag: noindex on every
    // page, a preview with previews: skip) says why.
    utils.status?.show({
      title: "sitemapgen",
      summary: summary.notWritten
        ? `no sitemap: ${summary.notWritten}`
        : `${summary.urls} URL${summary.urls === 1 ? "" : "s"} in ${summary.files.length} sitemap file${summary.files.length === 1 ? "" : "s"}`,
    });
  } catch (error) {
    // The message only: with { error }, Netlify prints it twice.
    return fail(error.message);
  }
}
