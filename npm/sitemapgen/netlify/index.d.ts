import type { Options as APIOptions } from "../index.js";

/**
 * The inputs of @netlify/plugin-sitemap, which the plugin takes with
 * their meaning: each maps to sitemapgen's setting, or is a warning that
 * says what to do instead (docs/migrating.md).
 */
export interface NetlifySitemapInputs {
  exclude?: string | string[];
  prettyURLs?: boolean;
  trailingSlash?: boolean;
  changeFreq?: string;
  priority?: number;
  buildDir?: string;
  urlPrefix?: string;
  filePath?: string;
}

/** sitemapgen's own settings, as the JS API takes them (baseUrl, exclude, gzip …). */
export type Options = APIOptions;

/** The inputs of netlify.toml's [plugins.inputs]: sitemapgen's settings, @netlify/plugin-sitemap's inputs, and failBuild. */
export type Inputs = Omit<Options, keyof NetlifySitemapInputs> & NetlifySitemapInputs & { failBuild?: boolean };

/** The Netlify build plugin's event: runs sitemapgen on the publish folder after the build. */
export function onPostBuild(args: {
  constants: { PUBLISH_DIR: string };
  inputs?: Inputs;
  utils: {
    build: { failBuild(message: string, opts?: { error?: Error }): never; failPlugin(message: string, opts?: { error?: Error }): never };
    status?: { show(opts: { title?: string; summary: string }): void };
  };
}): Promise<void>;
