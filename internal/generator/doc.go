// Package generator is the contract between sitemapgen and the static
// site generators it knows: what a project's files say of the site a
// generator builds there ([Detected], by a [Generator]'s Detect), and at
// which URL path the generator publishes each source file, with what
// else its configuration says of the project ([Preset], its [Rules] and
// each file's [FileRules]). Each generator is one folder below this one;
// package registry lists them. "The contract in a picture", below, draws
// the whole, and docs/development.md says how to add one.
//
// # What ok means
//
// URLPath reports ok when the generator publishes the file as a page that
// its own sitemap lists (Hugo's built-in sitemap template, the
// jekyll-sitemap plugin …). Bundle resources, files the generator skips,
// non-page files (.css, .png, a Jekyll feed.xml) and files of collections
// that are not output are not pages. Policy that depends on more than the
// path and the front matter values in [Page] (drafts, future dates,
// published: false, Hugo's build options, 404 pages, noindex) is the
// caller's.
//
// # Paths
//
// Paths are relative to the site's root URL: the path part of the base
// URL is not included, so that the caller adds it once. They are not
// percent-encoded ("/posts/a b/", "/ünïcode/").
//
// A path never climbs above the site's root, whatever the file's name,
// slug or title. A front matter url or permalink that cannot be a path
// on the site ([frontmatter.CheckURLPath]: another host, a backslash, a
// percent-encoded dot segment, ".." above the root) gives no page (ok
// false), where the generators would fail (Hugo, for a url with a scheme)
// or mangle it into some other path; [frontmatter.ReadSource] reports it
// as a problem on its line. Dot segments that stay below the root are
// resolved as the generator resolves them ("/a/../b/" is "/b/" in Hugo,
// "/a/b/" in Jekyll).
//
// # Versions
//
// Each generator's folder says which of its versions its rules were
// checked against, by building sites with them (its tests) and by reading
// its source.
//
// # Concurrency
//
// A preset's URLPath and FileRules may be called from several goroutines at
// once. Loading a configuration, reading the folder ([FolderReader]) and
// setting a preset's fields must happen before that.
//
// # The contract in a picture
//
//	registry.Generators ──► Generator ──Detect(*Dir)──► Detected          what the project's files say
//	                            │                          │               (read once, by project.Discover)
//	                            │ Loader.Load              │ Router.Routes
//	                            ▼                          ▼
//	                          Preset ── FolderReader.ReadFolder (once, the sources' folder)
//	                            │
//	                            ├── RulesOf ──► Rules   once a project     project discovery: Sources
//	                            │                │                         a build: Order, Output, Pages, Hooks
//	                            │                └── Hooks: FolderReader, Translator, Includer, Changer
//	                            └── FileRules(rel)      once a source file  the walk: how to read it, what its path says
//
// What the rest of sitemapgen knows of a generator comes through values
// the generator fills, which the rest reads as fields:
//
//   - Its [Info] (contract.go): what is fixed of it, with the rules only some
//     generators have as function fields (Sitemaps, Published, Marks).
//   - The [Detected] its Detect returns (detect.go, over a [Dir], the project
//     folder read once a file, with claims): the publish folder, the base
//     URL and what gave it, the URL form, the sources' folder, its
//     languages' folders and whether it is translated, its own sitemap's
//     name and plugin, a server build's folder. The generator's own facts
//     go in Own, a value of its folder's that only its hooks read.
//   - Its preset's [Rules] (rules.go): what the configuration says of the
//     project, by phase. Sources: the configuration read, the files it
//     names, where the sources are, language folders and their split, what
//     a generator that builds its project folder copies. Order: how it
//     dates a page. Output: whether its builds keep old pages and how to
//     build clean, its witness sitemaps, static folders, dev server, every
//     page's changefreq and priority. Pages: fallback pages and list pages
//     (shown, by section, by collection). Rules are values, and functions
//     where a rule needs an argument (a URL path, a file name).
//   - Its preset's [FileRules], once a source file, before it is read: what
//     of its front matter is read; its own form of metadata (Pelican's); its
//     zone; its front matter defaults (Jekyll's defaults:, Hugo's cascades);
//     the date in its name; whether it is held back until its date; its
//     drafts folder; its collection; and the front matter keys whose true
//     leaves its page out (ExcludeKeys, with ExcludeWhy and ExcludedBy to
//     name the template or theme that tests them).
//
// Hugo's cascades (hugo/cascade.go) pass down what the _index files above a
// file and the configuration's [[cascade]] say of sitemap, build or _build,
// and draft, nearest first. Each _index file is read once, found in the
// listing that tells a folder's sections from its bundles. Each folder is
// listed once: the walk at detection that reads every cascade, for its
// warnings, keeps what each folder it lists holds, for the pages' URLs.
// Changed forgets a cascade when one changes. The file's own front matter
// is read over them, key by key.
//
// A preset made of others hands each call to the preset of the file (Hugo's
// languages to the language folder's preset), so it cannot forget a rule.
// internal/generator/internal/conform's Wraps holds each such preset to
// every rule of what it wraps, a file's and the project's.
//
// # Hooks
//
// Hooks run code at a moment, and stay interfaces a preset implements:
//
//   - [FolderReader]: read the sources' folder once, before the rest is
//     asked (Hugo's bundles, Astro's collections, Eleventy's data, Gatsby's
//     and Next.js's routes over Markdown). What it read past, such as a
//     module over the bound across modules, it gives Folder.Warn, which
//     project discovery makes a warning.
//   - [Translator]: a source's language and translation key, as the walk
//     reads it.
//   - [Includer]: the files a page is built from, as the walk reads it.
//   - [Changer]: in watch mode, the sources that changed, before they are
//     read again.
//
// [RulesOf] is the one place that asks for them. The pipeline calls it once
// a build. Project discovery calls it once for a preset it loads or routes,
// and again once its folder is read ([Ready]). The rules of the sources it
// settles on go with them to the rest of Discover, and are not asked again
// (a Hugo site's split into its languages' folders is another preset,
// asked once).
//
// A generator's own hooks are interfaces too, each asked in one place (of
// this package, and registry.LoaderOf): [Claimer] (before any Detect),
// [Loader] (content mode's preset), [Router] (the preset of a generator that
// routes files), [ServerBuilder] (what a server build prerendered), and
// [PeerReader] (the options of the sitemap tool it replaces, for init).
// The package declares eleven interfaces in all. TestOnePlaceAsks fails on
// any other type assertion to one of them.
//
// A Dir (what Detect and a Loader's Load read, made by [OpenDir] and
// [NewDir]) carries the environment of the generator's build ([Env]: each
// variable with what set it, sitemapgen's own environment or the hosting
// platform's file and line). Project discovery gives it. A setting read
// from it (Hugo's HUGO_ENABLEGITINFO) says where it was set.
//
// The order a preset is used in is written at the top of rules.go: made
// (Load, Routes), its folder read, its rules taken, each source file read
// and mapped on the walk's goroutines, the built pages judged by its page
// rules after the walk, and in watch mode its Changer told of changes
// before the sources are read again.
//
// # The folders
//
// Each generator is one folder, which holds all its rules: detection,
// configuration, URL rules, date order, its sitemaps and fragments, where
// its base URL is set, its server build, its peer plugin's options:
//
//   - hugo: configuration, URL rules, cascades, languages and translations,
//     list membership, dates, zones, slugs, its sitemap's options.
//   - jekyll: configuration and defaults:, URL rules, drafts, the pages
//     that loop over posts, dates, zones.
//   - astro, with starlight (an astro.Integration that astro's Detect
//     asks).
//   - vitepress: its pages joined to their Markdown sources and dated by
//     lastUpdated (routes.go).
//   - rspress: its pages joined to their files by route (routes.go), its
//     URL form from route.cleanUrls.
//   - vuepress: its Markdown pages joined to their files (routes.go),
//     dated as its git plugin dates them.
//   - docusaurus, eleventy, gatsby, hexo, mkdocs, next, nuxt, pelican,
//     plain, sphinx, sveltekit, zola.
//
// What only generators share is in internal/generator/internal, each
// package named for its job:
//
//   - conffile: TOML, YAML and JSON configurations, with their lines.
//   - zone: time zones.
//   - siteurl, srcpath, jsconf, jsproject.
//   - jscode: a module's code read as tokens, never run. jscode.Modules
//     reads a project's modules once each, for the readers that follow
//     imports, within one bound all together; their tokens are let go once
//     read.
//   - serverbuild, pyconf.
//   - nextsitemap: next-sitemap's default files. Dir.NextSitemapConfig takes
//     the one that a package.json script's next-sitemap --config FILE names,
//     inside the project, for init and the base URL.
//   - gentest, conform, jsfuzz, buildtest: for tests.
//
// registry is the ordered list (Generators: detection order as data), with
// Detect, Lookup, Titles and ContentPresets, and the guards:
//
//   - TestConformance runs every entry on its tiny project, kept in the
//     generator's own folder (testdata/tiny) and found from its package: what
//     Detect fills, each road to its preset, every rule asked, and
//     URLPath's promises on hostile pages (a path from the root, never above
//     the site, never another host, the same answer each time). A fresh
//     preset is first asked from four goroutines at once, as the walk asks
//     it, and only then in sequence, so that -race (in CI) finds state it
//     writes unguarded. TestConformanceFixtures does the same for every
//     project with settings: each other folder of a generator's testdata,
//     and each end-to-end fixture, whatever generator Detect finds there.
//     TestURLPathProblems holds wrong presets to that check.
//   - TestAskOnly: no generator is named outside its folder in project,
//     pipeline or cli.
//   - TestOnePlaceAsks; TestREADMEGenerators (README's table names only
//     registered generators, and points to --help for the whole list).
//   - TestDocTables: the six tables of docs/ with a row for each generator
//     have one for every registered generator, and name no other;
//     TestDocFuzzRow and TestDocFolders hold docs/development.md's row of
//     FuzzProject targets and the list of folders above to the folders.
//
// Besides the lists these tests check, nothing lists the generators by
// hand: --help's Generators paragraph (checked against the registry by
// the help script's generators command), --preset's values, the fuzz
// target of every preset, and test.sh's npm fixtures and fuzz targets
// are all derived.
package generator
