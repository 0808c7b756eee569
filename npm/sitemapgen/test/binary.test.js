// The launcher's lookup of the binary: which package, and what it says
// when none fits. Platforms are given to binaryPath, never patched into
// process.

import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { binaryPath, packageName, platforms } from "../lib/binary.js";

const notFound = () => {
  const err = new Error("Cannot find module");
  err.code = "MODULE_NOT_FOUND";
  throw err;
};

test("each platform's package", () => {
  for (const [platform, arch] of [
    ["linux", "x64"],
    ["linux", "arm64"],
    ["darwin", "x64"],
    ["darwin", "arm64"],
    ["win32", "x64"],
    ["win32", "arm64"],
  ]) {
    const asked = [];
    const resolve = (id) => {
      asked.push(id);
      return path.join("/p/node_modules", id);
    };
    const bin = binaryPath({ platform, arch, env: {}, resolve });
    assert.deepEqual(asked, [`@sitemapgen/${platform}-${arch}/package.json`]);
    const exe = platform === "win32" ? "sitemapgen.exe" : "sitemapgen";
    assert.equal(bin, path.join("/p/node_modules/@sitemapgen", `${platform}-${arch}`, "bin", exe));
  }
  assert.equal(platforms.length, 6);
  assert.equal(packageName("linux", "ia32"), "");
});

test("an unsupported platform is named, with what to do", () => {
  for (const [platform, arch] of [
    ["freebsd", "x64"],
    ["linux", "ia32"],
    ["aix", "ppc64"],
  ]) {
    assert.throws(
      () => binaryPath({ platform, arch, env: {}, resolve: notFound }),
      (err) => {
        assert.match(err.message, new RegExp(`^sitemapgen: no binary is published on npm for ${platform}-${arch} \\(there are linux-x64, `));
        assert.match(err.message, /go install \. in a clone of /);
        assert.match(err.message, /the releases have binaries for these platforms only\), then set SITEMAPGEN_BINARY_PATH to its path\.$/);
        return true;
      },
    );
  }
});

test("a platform package the package manager skipped", () => {
  assert.throws(
    () => binaryPath({ platform: "darwin", arch: "arm64", env: {}, resolve: notFound, from: () => ({ resolved: "https://registry.example/sitemapgen/-/sitemapgen-1.0.0.tgz" }) }),
    (err) => {
      assert.match(err.message, /^sitemapgen: the package @sitemapgen\/darwin-arm64, which holds the sitemapgen binary for darwin-arm64, is not installed\.\n/);
      assert.match(err.message, /--omit=optional or --no-optional/);
      assert.match(err.message, /package-lock\.json written on another platform/);
      assert.match(err.message, /npm install @sitemapgen\/darwin-arm64@\d+\.\d+\.\d+/);
      return true;
    },
  );
});

test("another error of the lookup is not taken for a missing package", () => {
  const broken = () => {
    throw new SyntaxError("bad package.json");
  };
  assert.throws(() => binaryPath({ platform: "linux", arch: "x64", env: {}, resolve: broken }), SyntaxError);
});

test("SITEMAPGEN_BINARY_PATH wins, on any platform", () => {
  const env = { SITEMAPGEN_BINARY_PATH: "/opt/sitemapgen" };
  assert.equal(binaryPath({ platform: "freebsd", arch: "x64", env, resolve: notFound }), "/opt/sitemapgen");
  assert.equal(binaryPath({ platform: "linux", arch: "x64", env, resolve: notFound }), "/opt/sitemapgen");
});

test("installed from a tarball: the platform's tarball beside it, as the command to run", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sitemapgen-binary-"));
  const v = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
  const from = () => ({ resolved: "file:../dist/npm/sitemapgen-" + v + ".tgz", project: path.join(dir, "site") });
  const beside = path.join(dir, "dist", "npm", `sitemapgen-linux-x64-${v}.tgz`);
  // Not there yet: where to find it, and the variable.
  assert.throws(
    () => binaryPath({ platform: "linux", arch: "x64", env: {}, resolve: notFound, from }),
    (err) => {
      assert.match(err.message, /^sitemapgen: the package @sitemapgen\/linux-x64, which holds the sitemapgen binary for linux-x64, is not installed\.\n/);
      assert.match(err.message, /installed from the tarball \.\.\/dist\/npm\/sitemapgen-/);
      assert.ok(err.message.includes(`sitemapgen-linux-x64-${v}.tgz, is not beside it (in ${path.dirname(beside)})`), err.message);
      assert.match(err.message, /SITEMAPGEN_BINARY_PATH/);
      assert.doesNotMatch(err.message, /npm install @sitemapgen/);
      return true;
    },
  );
  fs.mkdirSync(path.dirname(beside), { recursive: true });
  fs.writeFileSync(beside, "");
  assert.throws(
    () => binaryPath({ platform: "linux", arch: "x64", env: {}, resolve: notFound, from }),
    (err) => {
      assert.ok(err.message.includes(`\n  npm install ${path.relative(process.cwd(), beside)}\n`), err.message);
      return true;
    },
  );
});
