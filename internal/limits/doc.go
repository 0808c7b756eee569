// Package limits bounds the settings files sitemapgen reads (sitemap.yaml,
// a generator's configuration, netlify.toml, vercel.json, package.json) and
// the front matter of pages before a recursive decoder sees them: a file
// larger than [MaxBytes], or nested deeper than [MaxDepth], is an error
// naming the file (and the line where the nesting goes too deep), found by
// a pre-scan linear in the file's size that keeps no more than a counter
// (and, for YAML, a stack of at most MaxDepth indents).
//
// The decoders it guards cannot be bounded themselves: BurntSushi/toml
// recurses once a nesting level, so a few MB of [[[[ overflow the stack
// (a fatal error no recover catches), and copies its key path at each
// level, so nested inline tables cost memory quadratic in their depth.
//
// The scan follows the syntax only as far as it must not count less
// than the decoder would see: it skips strings and comments, and counts
// every bracket and brace outside them (a bracket in a YAML plain scalar
// counts too: it may reject what the decoder would take, never the
// other way round, and only past MaxDepth).
//
// # Limits
//
// [Limits] holds the bounds on what a build reads besides its pages:
// settings files, front matter, heads' attributes and tags, host rule
// files, the state file. Each is a key under limits:, and a zero field
// means its default. The values go one way down, as the other settings
// do: config, then the project's detection, then pipeline.Options.Limits,
// then the stages. A Python configuration is pre-scanned too, and the scan
// gives the place of the first line that is too deep.
package limits
