// The launcher's lookup of the binary: which package, and what it says
// when none fits. Platforms are given to binaryPath, never patched into
// process.

import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
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
    () => binaryPath({ platform: "darwin", arch: "arm64", env: {}, resolve: notFound, from: () => ({ resolved: "https://registry.example/sitemapgen/-/sitemapgen-1.0.0.tgz", save: "-D" }), version: "1.0.0" }),
    (err) => {
      assert.match(err.message, /^sitemapgen: the package @sitemapgen\/darwin-arm64, which holds the sitemapgen binary for darwin-arm64, is not installed\.\n/);
      assert.match(err.message, /--omit=optional or --no-optional/);
      assert.match(err.message, /package-lock\.json written on another platform/);
      assert.ok(err.message.endsWith("or add the package: npm install @sitemapgen/darwin-arm64@1.0.0."), err.message);
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

const temporary = [];
after(() => {
  for (const dir of temporary) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir(prefix = "sitemapgen-binary-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

// The message of a launcher installed from a tarball without its platform
// package, from the files of a snapshot's dist/npm made in a temporary
// folder (empty: only their names are read).
function fromTarball({ save = "-D", dir = tempDir(), files = [] } = {}) {
  const v = "1.2.4-snapshot-abc1234";
  const npm = path.join(dir, "dist", "npm");
  fs.mkdirSync(npm, { recursive: true });
  for (const file of files) {
    fs.writeFileSync(path.join(npm, file), "");
  }
  const from = () => ({ resolved: `file:../dist/npm/sitemapgen-${v}.tgz`, project: path.join(dir, "site"), save });
  try {
    binaryPath({ platform: "linux", arch: "x64", env: {}, resolve: notFound, from, version: v });
  } catch (err) {
    return { message: err.message, npm: path.relative(process.cwd(), npm) };
  }
  assert.fail("no error");
}

test("installed from a tarball: the platform's tarball beside it, installed with it, as the command to run", () => {
  const both = ["sitemapgen-1.2.4-snapshot-abc1234.tgz", "sitemapgen-linux-x64-1.2.4-snapshot-abc1234.tgz"];
  for (const [save, option] of [
    ["-D", "-D "],
    ["", ""],
    ["-O", "-O "],
    ["--no-save", "--no-save "],
  ]) {
    const { message, npm } = fromTarball({ save, files: both });
    const main = path.join(npm, both[0]);
    assert.match(message, /^sitemapgen: the package @sitemapgen\/linux-x64, which holds the sitemapgen binary for linux-x64, is not installed\.\n/);
    assert.ok(message.includes(`\nsitemapgen was installed from the tarball ${main}, and its platform packages are on no registry`), message);
    assert.ok(message.includes(`\n  npm install ${option}${main} ${path.join(npm, both[1])}\n`), message);
    assert.match(message, /SITEMAPGEN_BINARY_PATH/);
    assert.doesNotMatch(message, /npm install @sitemapgen/);
  }
});

test("a release's tarball: npm skipped its platform package, which a registry has", () => {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, "dist", "npm"), { recursive: true });
  for (const file of ["sitemapgen-1.2.4.tgz", "sitemapgen-linux-x64-1.2.4.tgz"]) {
    fs.writeFileSync(path.join(dir, "dist", "npm", file), "");
  }
  const from = () => ({ resolved: "file:../dist/npm/sitemapgen-1.2.4.tgz", project: path.join(dir, "site"), save: "" });
  assert.throws(
    () => binaryPath({ platform: "linux", arch: "x64", env: {}, resolve: notFound, from, version: "1.2.4" }),
    (err) => {
      assert.match(err.message, /, and npm skipped its optional platform package \(from a registry it could not reach, or with --omit=optional\)\.\n/);
      assert.doesNotMatch(err.message, /on no registry/);
      const npm = path.relative(process.cwd(), path.join(dir, "dist", "npm"));
      assert.ok(err.message.includes(`\n  npm install ${path.join(npm, "sitemapgen-1.2.4.tgz")} ${path.join(npm, "sitemapgen-linux-x64-1.2.4.tgz")}\n`), err.message);
      return true;
    },
  );
});

test("installed from a tarball the platform's is not beside: where to look, and the variable", () => {
  const { message, npm } = fromTarball({ files: ["sitemapgen-1.2.4-snapshot-abc1234.tgz"] });
  assert.ok(message.includes(`sitemapgen-linux-x64-1.2.4-snapshot-abc1234.tgz, is not beside it (in ${npm})`), message);
  assert.ok(message.includes("\n  npm install -D DIR/sitemapgen-1.2.4-snapshot-abc1234.tgz DIR/sitemapgen-linux-x64-1.2.4-snapshot-abc1234.tgz\n"), message);
  assert.match(message, /\nOr set SITEMAPGEN_BINARY_PATH to a sitemapgen binary\.$/);
  assert.doesNotMatch(message, /npm install @sitemapgen/);
});

test("a tarball's path that needs quotes is quoted", { skip: process.platform === "win32" }, () => {
  const dir = tempDir("sitemapgen binary's ");
  const both = ["sitemapgen-1.2.4-snapshot-abc1234.tgz", "sitemapgen-linux-x64-1.2.4-snapshot-abc1234.tgz"];
  const { message, npm } = fromTarball({ dir, files: both });
  const quote = (file) => `'${file.replaceAll("'", `'\\''`)}'`;
  assert.ok(message.includes(`\n  npm install -D ${quote(path.join(npm, both[0]))} ${quote(path.join(npm, both[1]))}\n`), message);
});

test("a snapshot, where npm recorded no tarball: its tarballs, not a registry", () => {
  assert.throws(
    () => binaryPath({ platform: "linux", arch: "arm64", env: {}, resolve: notFound, from: () => ({}), version: "0.0.1-snapshot-8ce7a96" }),
    (err) => {
      assert.match(err.message, /This sitemapgen 0\.0\.1-snapshot-8ce7a96 is a snapshot, whose platform packages are on no registry/);
      assert.ok(err.message.includes("\n  npm install DIR/sitemapgen-0.0.1-snapshot-8ce7a96.tgz DIR/sitemapgen-linux-arm64-0.0.1-snapshot-8ce7a96.tgz\n"), err.message);
      assert.match(err.message, /SITEMAPGEN_BINARY_PATH/);
      assert.doesNotMatch(err.message, /npm install @sitemapgen/);
      return true;
    },
  );
});
