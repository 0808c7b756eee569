// Where the sitemapgen binary is: the platform package's (esbuild's
// pattern: one optional dependency per platform, the package manager
// installs the one whose os and cpu fit), or SITEMAPGEN_BINARY_PATH.

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
 * (default process.platform, process.arch), env (default process.env),
 * resolve (how a module's path is found, default require.resolve), from
 * (where the package was installed from, default what npm recorded:
 * installedFrom) and version (default this package's).
 */
export function binaryPath({
  platform = process.platform,
  arch = process.arch,
  env = process.env,
  resolve = require.resolve,
  from = installedFrom,
  version = ownVersion(),
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
    const local = fromTarball(name, platform, arch, version, from());
    if (local) {
      throw new Error(local);
    }
    throw new Error(
      `sitemapgen: the package ${name}, which holds the sitemapgen binary for ${platform}-${arch}, is not installed.\n` +
        "It is an optional dependency of sitemapgen, and the package manager skipped it: installed with" +
        " --omit=optional or --no-optional, or from a package-lock.json written on another platform" +
        " (npm's bug with optional dependencies, https://github.com/npm/cli/issues/4828).\n" +
        `To fix it, install without --omit=optional; with a lock file from another platform, remove node_modules and package-lock.json and run npm install again, or add the package: npm install ${name}@${version}.`,
    );
  }
  return path.join(path.dirname(manifest), "bin", platform === "win32" ? "sitemapgen.exe" : "sitemapgen");
}

/**
 * installedFrom returns where npm installed this package from, as its
 * project's node_modules/.package-lock.json records it ("resolved":
 * "file:../dist/npm/sitemapgen-1.2.3.tgz", relative to the project), the
 * project's folder, and the option of npm install that keeps sitemapgen
 * where the project's package.json lists it ("-D", "-O", "", or
 * "--no-save" when it lists it nowhere); {} when it cannot tell.
 */
function installedFrom() {
  const own = fileURLToPath(new URL("..", import.meta.url)); // node_modules/sitemapgen/
  const modules = path.dirname(path.resolve(own));
  if (path.basename(modules) !== "node_modules") {
    return {};
  }
  const project = path.dirname(modules);
  let lock;
  try {
    lock = JSON.parse(fs.readFileSync(path.join(modules, ".package-lock.json"), "utf8"));
  } catch {
    return {};
  }
  let save = "--no-save";
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8"));
    save = pkg.devDependencies?.sitemapgen ? "-D" : pkg.optionalDependencies?.sitemapgen ? "-O" : pkg.dependencies?.sitemapgen ? "" : save;
  } catch {
    // no package.json: npm saves nothing
  }
  return { resolved: lock.packages?.["node_modules/sitemapgen"]?.resolved ?? "", project, save };
}

/**
 * fromTarball returns what to say when this package came from a tarball
 * (a snapshot's dist/npm/sitemapgen-VERSION.tgz) or is a snapshot: its
 * platform packages are on no registry, and npm skipped the optional one
 * silently. The command it gives installs sitemapgen's tarball again with
 * this platform's beside it, saved as before: npm install of the platform
 * package alone would remove a sitemapgen installed with --no-save, which
 * package.json does not list. "" when it came from a registry.
 */
function fromTarball(name, platform, arch, v, { resolved = "", project = "", save = "" } = {}) {
  const mainName = `sitemapgen-${v}.tgz`;
  const fileName = `sitemapgen-${platform}-${arch}-${v}.tgz`;
  const missing = `sitemapgen: the package ${name}, which holds the sitemapgen binary for ${platform}-${arch}, is not installed.\n`;
  const binary = "Or set SITEMAPGEN_BINARY_PATH to a sitemapgen binary.";
  const command = (...files) => ["npm install", save, ...files.map(quoted)].filter(Boolean).join(" ");
  if (!resolved.startsWith("file:") || !resolved.endsWith(".tgz")) {
    if (!v.includes("-snapshot-")) {
      return "";
    }
    return (
      missing +
      `This sitemapgen ${v} is a snapshot, whose platform packages are on no registry: npm skipped the optional one.\n` +
      "Install this platform's tarball with sitemapgen's, from the folder the snapshot's tarballs are in (GoReleaser's dist/npm: docs/releasing.md):\n" +
      `  ${command(`DIR/${mainName}`, `DIR/${fileName}`)}\n` +
      binary
    );
  }
  const tarball = path.resolve(project, resolved.slice("file:".length));
  const beside = path.join(path.dirname(tarball), fileName);
  const head =
    missing +
    `sitemapgen was installed from the tarball ${shown(tarball)}, and ` +
    (v.includes("-snapshot-")
      ? "its platform packages are on no registry: npm skipped the optional one.\n"
      : "npm skipped its optional platform package (from a registry it could not reach, or with --omit=optional).\n");
  if (fs.existsSync(beside) && fs.existsSync(tarball)) {
    return head + `Install this platform's tarball, beside it, with it:\n  ${command(shown(tarball), shown(beside))}\n${binary}`;
  }
  return (
    head +
    `This platform's tarball, ${fileName}, is not beside it (in ${shown(path.dirname(tarball))}): install it with sitemapgen's, from the folder of a release's or a snapshot's tarballs (GoReleaser's dist/npm):\n` +
    `  ${command(`DIR/${mainName}`, `DIR/${fileName}`)}\n` +
    binary
  );
}

/**
 * shown is a path as the user types it where the command runs: relative
 * to the working folder (npm install reads a path so), "./" before one
 * below it.
 */
function shown(file) {
  const rel = path.relative(process.cwd(), file);
  if (rel === "" || rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
    return rel || ".";
  }
  return `.${path.sep}${rel}`;
}

/** quoted is a path quoted for the shell when it needs quotes (a space). */
function quoted(file) {
  if (process.platform === "win32") {
    return /^[\w@%+=:,.\\/-]+$/.test(file) ? file : `"${file}"`;
  }
  return /^[\w@%+=:,./-]+$/.test(file) ? file : `'${file.replaceAll("'", "'\\''")}'`;
}

/** ownVersion is this package's version, which its platform packages share. */
function ownVersion() {
  return require("../package.json").version;
}
