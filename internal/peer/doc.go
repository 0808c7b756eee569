// Package peer maps the options of the sitemap tools sitemapgen replaces,
// its peers, onto sitemapgen's settings: each option either gives a
// setting, with the same meaning, or a note that names it and says what
// to do instead. It holds no peer's table: each peer is one [Def] in a
// folder of its own, its generator's (internal/generator/NAME/peer.go)
// when it goes with one, else one below internal/peer (a peer read
// whatever the generator, or from a host's file). The list of them is
// internal/generator/registry's Peers, one line a peer that says where
// init reads its options; this comment names none, so that it never
// goes stale.
//
// # One definition a peer
//
// A [Def] is the whole of a peer: its rows, what is mapped once every
// option is read, init's steps to switch from it ([Steps]) and the file
// that carries its head link. The registry
// (internal/generator/registry's Peers) lists every Def and hands the
// list to [Register]. Map, Lookup and Names find a Def by its Tool;
// internal/cli loops over the Defs and names no peer; peertest checks
// each Def's parts and runs the cases of its folder's tests.
//
// # Two roads, one mapping
//
// An npm integration that replaces a plugin (sitemapgen/astro,
// sitemapgen/docusaurus, sitemapgen/netlify) takes the plugin's option
// names and hands the ones it was given to the binary in [Env], as JSON
// ([Decode]); internal/config lays the settings [Map] makes of them under
// the flags, the environment and sitemap.yaml, as the project's values,
// and says the notes as warnings. `sitemapgen init` reads the same options
// from the peer's configuration, statically (internal/generator,
// internal/host), and writes the settings Map makes of them into the
// sitemap.yaml it writes, the notes as comments.
//
// # Values
//
// An option's value is what encoding/json decodes (string, float64,
// bool, nil, []any, map[string]any), or one of [Func] (a function),
// [Leaves] (a function that filters by literal tests of the URL),
// [Date] (a JavaScript Date), [Expr] (an expression a static reading
// cannot take, such as process.env.X), [Unread] (a spread or a
// computed key, which may give any option) and [Undecoded] (a settings
// file's value that does not decode): the markers say what no literal
// can.
//
// # Notes
//
// The mappings the peers' rows share are mappings.go's; robots.txt's
// options are mapped in robots.go, the documentation generators'
// (VitePress, Rspress, VuePress) site URL in docsites.go.
// [Map] takes no value that holds a control character or a line break
// (diag.NeedsQuote): init would carry it into robots.txt and sitemap.yaml.
// init escapes every value it writes in a comment. [FromEnv] reads the
// variables that a replaced plugin read from the environment, which its
// integration reads (NETLIFY_PLUGIN_SITEMAP_BASEURL). An option given in
// another file than its tool's names that file (Given.File:
// static-sitemap-cli's .ssclirc, whose options override its script's);
// a setting that options of several places gave names each at its own
// (Setting.Parts).
// docs/migrating.md has a row for each option (the registry's
// TestPeers), and each test it cites exists (TestMigratingDoc).
package peer
