#!/usr/bin/env node
// The sitemapgen command: runs the binary of this platform's package with
// the arguments given, the standard streams shared, and exits as it does.
// A signal the launcher gets (Ctrl-C, a CI runner's SIGTERM) is passed on,
// so that watch mode stops cleanly.

import { spawn } from "node:child_process";
import { binaryPath } from "../lib/binary.js";

let bin;
try {
  bin = binaryPath();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const child = spawn(bin, process.argv.slice(2), { stdio: "inherit" });
const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
const forward = (sig) => child.kill(sig);
for (const sig of signals) {
  process.on(sig, forward);
}
child.on("error", (err) => {
  console.error(`sitemapgen: cannot run ${bin}: ${err.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  for (const sig of signals) {
    process.off(sig, forward);
  }
  if (signal) {
    // Die of the same signal, so that our parent sees what happened.
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code);
});
