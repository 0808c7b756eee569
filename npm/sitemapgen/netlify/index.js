// sitemapgen/netlify: a Netlify build plugin that writes sitemapgen's
// sitemaps into the publish folder after the build, the replacement for
// @netlify/plugin-sitemap.
//
//   [[plugins]]
//   package = "./node_modules/sitemapgen/netlify"
//
// (Netlify refuses package = "sitemapgen/netlify": a package's name alone,
// or a local plugin's folder.)
import path from "node:path";
import { runForHost } from "../lib/host.js";

// @netlify/plugin-sitemap's inputs that sitemapgen has no setting for, and
// what to do instead.
const notTaken = {
  changeFreq: "set changefreq in rules: in sitemap.yaml",
  priority: "set priority in rules: in sitemap.yaml",
  urlPrefix: "give the whole URL as baseUrl",
};

/**
 * Runs sitemapgen on the publish folder. Netlify's URL, CONTEXT and
 * DEPLOY_PRIME_URL reach it in the environment, as they reach plain
 * sitemapgen. A failure fails the build with sitemapgen's message
 * (failBuild: false fails the plugin only).
 */
export async function onPostBuild({ constants, inputs = {}, utils }) {
  const { failBuild = true, prettyURLs, ...settings } = inputs;
  const fail = failBuild === false ? utils.build.failPlugin : utils.build.failBuild;
  for (const [name, instead] of Object.entries(notTaken)) {
    if (name in settings) {
      return fail(`sitemapgen: the input ${name} of @netlify/plugin-sitemap is not taken: ${instead}`);
    }
  }
  if (prettyURLs !== undefined && settings.cleanUrls === undefined) {
    settings.cleanUrls = prettyURLs;
  }
  const cwd = process.cwd(); // the base directory, where netlify.toml is
  try {
    const summary = await runForHost("netlify", null, settings, { dir: path.resolve(cwd, constants.PUBLISH_DIR), cwd, logger: console });
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
