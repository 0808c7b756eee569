// Package frontmatter reads the front matter of a site's source files: the
// metadata block at the top of a Markdown, HTML or AsciiDoc file that says
// a page's dates, whether it is a draft, its URL and its sitemap: values.
// It decides nothing: mapping applies the inclusion policy to what
// [Source] reports.
//
// [ReadSource] reads the YAML (--- … ---), TOML (+++ … +++) or JSON ({ … })
// block at the top of a Markdown, HTML or AsciiDoc source file, as Hugo,
// Jekyll, Eleventy and Astro write them, and with [Options.JavaScript]
// Eleventy's JavaScript front matter (---js … ---), whose literal values
// it reads without running the code (js.go). github.com/adrg/frontmatter finds
// the block; YAML is decoded with gopkg.in/yaml.v3, TOML with
// github.com/BurntSushi/toml and JSON with encoding/json, each into generic
// values from which [Source] picks the keys it knows, so that one value of
// the wrong type loses that key and no other. What is wrong becomes a
// [Problem] that names the line of the file; so does a url or permalink
// that cannot be a path on the site ([CheckURLPath]): one that names
// another host or climbs above the site's root.
//
// A Source can be kept, every field of it, and read back without the
// file ([AppendSource], [DecodeSource]), with the fingerprint of the
// [Options] that read it ([Options.Fingerprint]): a build's cache of
// front matter takes a kept Source only under the same options.
//
// Eleventy's ---js front matter is read with jsconfig's tokenizer, never
// run (js.go). Each key is read with its line. A key given twice takes its
// last value; a var in a block is computed, and gives nothing. [ParseDate]
// reads the dates that generators and pages write, in a fixed, documented
// list of forms (docs/lastmod.md, "Date forms", which TestDateFormsDoc
// reads). With [Options.RubyTimestamps] (Jekyll), a date that Ruby's YAML
// leaves text is read as Ruby's Time.parse reads it, for a date written
// year first (rubytime.go, which TestRubyTime holds to Ruby's own).
package frontmatter
