// Where the sitemapgen binary is: the platform package's (esbuild's
// pattern: one optional dependency per platform, the package manager
// installs the one whose os and cpu fit), or SITEMAPGEN_BINARY_PATH.

import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The platforms a package is published for, as process.platform-process.arch. */
export const platforms = [
  "linux-x64",
  "linux-arm64",
  "darwin-x64",
  "darwin-arm64",
  "win32-x64",
  "win32-arm64",
];

/**
 * packageName returns the name of the package that holds the binary for
 * platform and arch ("@sitemapgen/linux-x64"), or "" when none is
 * published for them.
 */
export function packageName(platform = process.platform, arch = process.arch) {
  const key = `${platform}-${arch}`;
  return platforms.includes(key) ? `@sitemapgen/${key}` : "";
}

/**
 * binaryPath returns the path of the sitemapgen binary: SITEMAPGEN_BINARY_PATH
 * when it is set, else the binary of this platform's package. It throws an
 * Error that says what to do when no package fits the platform or the
 * package manager left it out. The options are for tests: platform and arch
 * (default process.platform, process.arch), env (default process.env) and
 * resolve (how a module's path is found, default require.resolve).
 */
export function binaryPath({
  platform = process.platform,
  arch = process.arch,
  env = process.env,
  resolve = require.resolve,
} = {}) {
  if (env.SITEMAPGEN_BINARY_PATH) {
    return env.SITEMAPGEN_BINARY_PATH;
  }
  const name = packageName(platform, arch);
  if (name === "") {
    throw new Error(
      `sitemapgen: no binary is published on npm for ${platform}-${arch} (there are ${platforms.join(", ")}).\n` +
        "Build sitemapgen with Go (go install . in a clone of https://github.com/sitemapgen/sitemapgen;" +
        " the releases have binaries for these platforms only), then set SITEMAPGEN_BINARY_PATH to its path.",
    );
  }
  let manifest;
  try {
    manifest = resolve(`${name}/package.json`);
  } catch (err) {
    if (err?.code !== "MODULE_NOT_FOUND") {
      throw err;
    }
    throw new Error(
      `sitemapgen: the package ${name}, which holds the sitemapgen binary for ${platform}-${arch}, is not installed.\n` +
        "It is an optional dependency of sitemapgen, and the package manager skipped it: installed with" +
        " --omit=optional or --no-optional, or from a package-lock.json written on another platform" +
        " (npm's bug with optional dependencies, https://github.com/npm/cli/issues/4828).\n" +
        `To fix it, install without --omit=optional; with a lock file from another platform, remove node_modules and package-lock.json and run npm install again, or add the package: npm install ${name}@${version()}.`,
    );
  }
  return path.join(path.dirname(manifest), "bin", platform === "win32" ? "sitemapgen.exe" : "sitemapgen");
}

/** version is this package's version, which its platform packages share. */
function version() {
  return require("../package.json").version;
}
