// The sitemapgen command npm installs: the binary's streams, exit status
// and signals.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { launcher, site } from "./project.js";

test("runs the binary with the arguments; its output and status", () => {
  const version = spawnSync(launcher, ["--version"], { encoding: "utf8" });
  assert.equal(version.status, 0);
  assert.match(version.stdout, /^sitemapgen /);

  const cwd = site({ "public/index.html": "<title>home</title>" });
  const build = spawnSync(launcher, ["public", "--base-url", "https://example.com/", "--json"], { cwd, encoding: "utf8" });
  assert.equal(build.status, 0, build.stderr);
  assert.equal(JSON.parse(build.stdout).urls, 1);
  assert.match(build.stderr, /^sitemapgen: 1 page found, 1 URL in 1 sitemap file written to public/);
  assert.ok(fs.existsSync(path.join(cwd, "public", "sitemap.xml")));

  const bad = spawnSync(launcher, ["public", "--colour"], { cwd, encoding: "utf8" });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^sitemapgen: flag provided but not defined: --colour/);
  const failed = spawnSync(launcher, ["nowhere", "--base-url", "https://example.com/"], { cwd, encoding: "utf8" });
  assert.equal(failed.status, 2);
});

test("a signal is passed on: watch stops and the launcher exits as it does", async () => {
  const cwd = site({ "public/index.html": "<title>home</title>" });
  const child = spawn(launcher, ["watch", "public", "--base-url", "https://example.com/"], { cwd, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  await new Promise((resolve, reject) => {
    child.stderr.on("data", (s) => {
      stderr += s;
      if (/watching public for changes/.test(stderr)) {
        resolve();
      }
    });
    child.on("exit", () => reject(new Error(`watch ended before it watched:\n${stderr}`)));
  });
  child.kill("SIGTERM");
  const [code, signal] = await new Promise((resolve) => child.on("exit", (code, signal) => resolve([code, signal])));
  // Without the launcher passing SIGTERM on, watch would run on and this
  // test would time out; killed itself, the launcher would end by the
  // signal, not exit 0.
  assert.deepEqual([code, signal], [0, null]);
});

test("the launcher's error when no binary fits, and its status", () => {
  const run = spawnSync(launcher, ["--version"], { encoding: "utf8", env: { ...process.env, SITEMAPGEN_BINARY_PATH: "/nonexistent/sitemapgen" } });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^sitemapgen: cannot run \/nonexistent\/sitemapgen: spawn \/nonexistent\/sitemapgen ENOENT/);
});
