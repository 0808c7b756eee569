// The JS API: await sitemapgen(options) runs the binary's build with the
// options as its flags and resolves to the summary --json prints.

import { spawn } from "node:child_process";
import { once } from "node:events";
import readline from "node:readline";
import { binaryPath } from "./binary.js";
import { flags } from "./flags.js";

// The line after a usage error, which points to --help.
const usageLine = /^Run '.*' for usage\.$/;

// The variable through which a tool that runs sitemapgen says how its
// user gives the settings (internal/config/runby.go): messages name them so.
export const runByEnv = "SITEMAPGEN_RUN_BY";

// The options that are not flags (transform is, when it is a command
// line, --transform).
const own = new Set(["dir", "cwd", "env", "logger", "args"]);

// The descriptors of the child through which a transform function gets
// the records (the child writes them to the first) and gives its
// answers (the child reads them from the second): --transform-fds.
const transformFds = [3, 4];

/**
 * args returns the command line of a build with options: "build", "--json",
 * a flag for each option that is one (camelCase: maxUrls is --max-urls),
 * options.args, then "--" and options.dir. An option that is no flag
 * throws, naming it.
 */
export function args(options = {}) {
  const out = ["build", "--json"];
  for (const [key, value] of Object.entries(options)) {
    if (own.has(key) || value === undefined || value === null) {
      continue;
    }
    if (key === "transform" && typeof value === "function") {
      out.push(`--transform-fds=${transformFds.join(",")}`);
      continue;
    }
    const flag = flags[key];
    if (!flag) {
      throw new Error(`sitemapgen: unknown option ${JSON.stringify(key)}; the options are ${[...own, ...Object.keys(flags)].join(", ")}`);
    }
    const [name, kind] = flag;
    if (kind === "bool") {
      if (typeof value !== "boolean") {
        throw new Error(`sitemapgen: option ${key}: want true or false, not ${JSON.stringify(value)}`);
      }
      out.push(value ? `--${name}` : `--${name}=false`);
    } else if (Array.isArray(value)) {
      if (kind === "value") {
        throw new Error(`sitemapgen: option ${key}: one value, not a list`);
      }
      if (kind === "split") {
        out.push(`--${name}=${value.join(",")}`);
      } else {
        for (const v of value) {
          out.push(`--${name}=${v}`);
        }
      }
    } else {
      out.push(`--${name}=${value}`);
    }
  }
  out.push(...(options.args ?? []));
  if (options.dir !== undefined && options.dir !== null) {
    out.push("--", String(options.dir));
  }
  return out;
}

/**
 * sitemapgen runs a build and resolves to its summary (see index.d.ts).
 * What sitemapgen prints goes to options.logger: warnings to warn, the rest
 * to info. A failed build rejects with an Error whose message is
 * sitemapgen's, and whose exitCode is its exit status.
 */
export async function sitemapgen(options = {}) {
  let argv, bin;
  const logger = options.logger ?? console;
  // A flag a message names is named as the API's option (baseUrl),
  // unless an integration says it runs sitemapgen (lib/host.js).
  const env = { [runByEnv]: "api", ...process.env, ...options.env };
  try {
    argv = args(options);
    bin = binaryPath({ env });
  } catch (err) {
    // The binary's statuses: 2 for a usage error, 1 for no binary.
    err.exitCode ??= argv ? 1 : 2;
    throw err;
  }
  const fn = typeof options.transform === "function" ? options.transform : null;
  const stdio = ["ignore", "pipe", "pipe"];
  if (fn) {
    // 3: the records, 4: the answers. On Windows the binary finds their
    // handles in the table of descriptors Node passes it, and reads them
    // within its time bound only when they are overlapped.
    const pipe = process.platform === "win32" ? "overlapped" : "pipe";
    stdio.push(pipe, pipe);
  }
  const child = spawn(bin, argv, { cwd: options.cwd ?? process.cwd(), env, stdio });
  // The function's failure: the build is stopped, and rejects with it.
  let failed = null;
  const hook = fn
    ? runTransform(fn, child.stdio[transformFds[0]], child.stdio[transformFds[1]], (err) => {
        // Killed before its answers end: it writes nothing.
        failed ??= err;
        child.kill("SIGTERM");
      })
    : null;

  let stdout = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (s) => (stdout += s));

  // A message is a line and the lines after it that continue it (a hint,
  // a note, an indented or parenthesized line, any line but a head:
  // every message begins "sitemapgen: " or "PLACE: "); each goes to the
  // logger once the next begins, so that the last, on a failure, becomes
  // the rejection's message instead.
  let pending = [];
  let partial = "";
  const log = (message) => {
    if (message.length === 0) {
      return;
    }
    const text = message.join("\n");
    if (/^[^\n]*warning: /.test(text)) {
      logger.warn(text);
    } else {
      logger.info(text);
    }
  };
  const line = (l) => {
    if ((/^(\s|hint: |note: |\()/.test(l) || !l.includes(": ") || usageLine.test(l)) && pending.length > 0) {
      pending.push(l);
      return;
    }
    log(pending);
    pending = [l];
  };
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (s) => {
    const lines = (partial + s).split("\n");
    partial = lines.pop();
    lines.forEach(line);
  });

  const [code, signal] = await new Promise((resolve, reject) => {
    child.on("error", (err) => reject(Object.assign(new Error(`sitemapgen: cannot run ${bin}: ${err.message}`, { cause: err }), { exitCode: 1 })));
    child.on("close", (code, signal) => resolve([code, signal]));
  });
  if (partial !== "") {
    line(partial);
  }
  await hook;
  if (failed) {
    const err = new Error(`sitemapgen: transform: ${failed?.message ?? failed}`, { cause: failed });
    err.exitCode = 1;
    throw err;
  }
  if (code === 0) {
    log(pending);
    return JSON.parse(stdout);
  }
  const message = pending.filter((l) => !usageLine.test(l)); // not the pointer to --help
  const err = new Error(message.join("\n") || `sitemapgen: ${signal ? `killed by ${signal}` : `exit status ${code}`}`);
  err.exitCode = code ?? 1;
  throw err;
}

/**
 * runTransform runs the function fn over the records the child writes to
 * input, one JSON line each, and writes its answers to output: a record
 * (the one given, edited, or another), null or undefined to drop it, or
 * a list of records (none, the one given, others: added). fn may be
 * async; one record at a time, in the order given. When fn throws, or
 * gives what is no record, stop is called with the error before output
 * is closed (the child must be ended first: answers that end look
 * complete); else output is ended after the last answer.
 */
export async function runTransform(fn, input, output, stop) {
  if (fn[wholeList]) {
    return runWhole(fn, input, output, stop);
  }
  // The child stopped reading (it failed, at a line of ours or its own
  // problem): its own error says why; the answers go nowhere.
  let gone = false;
  output.on("error", () => (gone = true));
  output.on("close", () => (gone = true));
  const write = async (record) => {
    if (record === null || typeof record !== "object" || Array.isArray(record)) {
      throw new Error(`the function returned ${JSON.stringify(record)}, not a record ({loc, …}), null or a list of records`);
    }
    if (!gone && !output.write(JSON.stringify(record) + "\n")) {
      await Promise.race([once(output, "drain"), once(output, "close")]).catch(() => {});
    }
  };
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line.trim() === "") {
        continue;
      }
      const answer = await fn(JSON.parse(line));
      if (answer === null || answer === undefined) {
        continue;
      }
      for (const record of Array.isArray(answer) ? answer : [answer]) {
        await write(record);
      }
    }
  } catch (err) {
    // Not output.destroy(): answers that end look complete, and the
    // child would write what it has. It is killed, and its ends close
    // with it.
    stop(err);
    input.resume();
    return;
  }
  output.end();
}

/**
 * wholeList marks a transform function that takes every record at once,
 * as a list, and returns the list to write (an integration's, for a
 * plugin whose function takes the whole list: Docusaurus'
 * createSitemapItems). The records are held in memory: such a site's.
 */
export const wholeList = Symbol("sitemapgen.wholeList");

async function runWhole(fn, input, output, stop) {
  output.on("error", () => {});
  const records = [];
  let answer;
  try {
    for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
      if (line.trim() !== "") {
        records.push(JSON.parse(line));
      }
    }
    answer = (await fn(records)) ?? [];
    if (!Array.isArray(answer) || answer.some((r) => r === null || typeof r !== "object" || Array.isArray(r))) {
      throw new Error("the function returned what is no list of records ({loc, …})");
    }
  } catch (err) {
    stop(err); // killed before its answers end, as above
    return;
  }
  for (const record of answer) {
    if (!output.write(JSON.stringify(record) + "\n")) {
      await Promise.race([once(output, "drain"), once(output, "close")]).catch(() => {});
    }
    if (output.destroyed) {
      break;
    }
  }
  output.end();
}

export default sitemapgen;
