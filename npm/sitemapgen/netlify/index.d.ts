/** sitemapgen's own settings, as the JS API takes them (baseUrl, exclude, gzip …). */
export type Options = NonNullable<Parameters<typeof import("../index.js").default>[0]>;

/** The inputs of netlify.toml's [plugins.inputs]: sitemapgen's settings and @netlify/plugin-sitemap's prettyURLs and failBuild. */
export type Inputs = Options & { prettyURLs?: boolean; failBuild?: boolean };

/** The Netlify build plugin's event: runs sitemapgen on the publish folder after the build. */
export function onPostBuild(args: {
  constants: { PUBLISH_DIR: string };
  inputs?: Inputs;
  utils: {
    build: { failBuild(message: string, opts?: { error?: Error }): never; failPlugin(message: string, opts?: { error?: Error }): never };
    status?: { show(opts: { title?: string; summary: string }): void };
  };
}): Promise<void>;
