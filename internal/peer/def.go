package peer

import (
	"slices"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// A Def is the whole of one peer, in one place: its options' rows, what
// is mapped once all are read, and init's steps to switch from it. A
// peer that goes with a generator (hexo-generator-sitemap with Hexo) is
// defined in the generator's folder (peer.go), one that goes with none
// in a folder of its own below internal/peer (sscli, nextsitemap,
// netlify); the registry (internal/generator/registry's Peers) lists
// each and hands the list to [Register]. Map, Lookup, Names and init's
// steps find a Def by its Tool, the name a Config and Env carry.
type Def struct {
	Tool Tool
	// Options are its rows, in the order of the peer's documentation,
	// each of Tool.
	Options []Option
	// Finish maps what is mapped once every option is read (a default
	// the peer had, kept); nil for none.
	Finish func(*Mapper)
	// FreeText are the options whose value sitemapgen never reads, which
	// may hold any text (a GraphQL query).
	FreeText []string
	// Own are the options its integration has too, with the same
	// meaning ([Option.Own]).
	Own []string
	// Env are the options its plugin read from the build's environment,
	// each a variable below an input, which its integration reads too
	// ([FromEnv]); their rows are named by the variables.
	Env []EnvOption
	// RunBy is the name the npm integration that replaces it runs
	// sitemapgen by (SITEMAPGEN_RUN_BY: "astro"), its folder of
	// npm/sitemapgen/; "" for none.
	RunBy string
	// Steps are init's steps to switch from it.
	Steps Steps
	// Empties says the peer's build empties the site folder, its
	// sitemaps' too: once the peer is gone, the names of its index's
	// parts are known only from the folder as its last build left it,
	// which init reads for it (Context.Sitemaps).
	Empties bool
	// HeadLink is the file init writes to carry the <link rel="sitemap">
	// the peer put into every page's head (Result.HeadLink), naming the
	// entry file entry; nil when the peer put none.
	HeadLink func(entry string) LinkFile
	// RobotsFile is the site's own robots.txt, relative to the project
	// folder, into which init writes the rules and Sitemap: lines the
	// peer wrote into robots.txt and sitemapgen does not (Result.RobotsTxt,
	// with a note that begins with RobotsNote): next-sitemap's
	// public/robots.txt, which Next.js copies into its build. "" for
	// none.
	RobotsFile string
	// Read reads the peer's options from the project folder dir, within
	// lim, for init, where no generator's PeerReader reads them: a
	// host's file (netlify.toml's [[plugins]]), which internal/project
	// reads by it. It returns a Config for the peer found, nil for none,
	// and the problems of a file it could not read. nil for a peer read
	// otherwise.
	Read func(dir string, lim limits.Limits) ([]Config, []error)
}

// Steps are what init's steps say to switch from a peer: the road that
// docs/migrating.md's "Switch:" line of the peer gives first.
type Steps struct {
	// Via is what runs sitemapgen inside the generator's build: the npm
	// integration that replaces the peer ("sitemapgen/astro"), or
	// Jekyll's plugin file; "" for none.
	Via string
	// After are the build's command lines that package.json's script
	// runs sitemapgen after, their first words ("hexo generate", "hexo
	// g"); Replace the commands it runs sitemapgen in place of ("sscli").
	After, Replace []string
	// Where says where sitemapgen runs, in the step that says it: "after
	// hexo generate".
	Where string
	// NPM says the peer is an npm package of its own name, which the
	// switch uninstalls where package.json depends on it.
	NPM bool
	// TurnOff returns the step that turns the peer off where the
	// project's configuration (c.File) turns it on; "" where
	// uninstalling it is enough, or nothing turns it off. nil for "".
	TurnOff func(c Config) string
	// Integrate returns the step that puts Via in the peer's place in
	// c.File; nil where sitemapgen runs after the build.
	Integrate func(c Config) string
	// Script says the switch edits package.json's script that runs the
	// peer's command (Replace) after the build (After: next-sitemap's
	// postbuild), else one that runs the build, to run sitemapgen: steps
	// of their own (uninstall the peer, delete its configuration file,
	// NoteStep's, build), in place of those of Via or Where.
	Script bool
	// NoteStep returns the step of a Script switch for a note of the
	// peer's Result (an option not carried over, at its place at,
	// FILE:LINE), "" for none; hook says the step makes a command that
	// the build runs, so that the script runs sitemapgen with
	// --allow-commands. nil for no such step.
	NoteStep func(n Note, at string) (step string, hook bool)
}

// A LinkFile is a file of the generator's own head API that init
// writes to put the <link rel="sitemap"> into every page's head.
type LinkFile struct {
	// File is the file written, relative to the project folder; Taken
	// the names that, when one exists, make init print the lines to add
	// instead.
	File  string
	Taken []string
	// How says what the file does, for the report; Code is the lines
	// that do it, Text the whole file (a comment, then Code).
	How, Code, Text string
	// AddHow says how the lines go into a file of Taken that exists;
	// "" for nothing more than adding them.
	AddHow string
}

// registered are the Defs the registry hands over, in its order.
var registered []*Def

// Register records defs, the peers, each defined in a folder of its
// own, for Map, Lookup, Names, Find and Defs; it returns defs. The registry calls
// it once with its list, the one place that lists them, when sitemapgen
// starts: it only keeps them (TestStartHeap), and the registry's
// TestPeers holds each peer to one Def.
func Register(defs ...*Def) []*Def {
	registered = append(registered, defs...)
	return defs
}

// Find returns the Def of tool, nil when tool is no peer.
func Find(tool Tool) *Def {
	for _, d := range Defs() {
		if d.Tool == tool {
			return d
		}
	}
	return nil
}

// Defs returns every peer, in the order registered.
func Defs() []*Def {
	return slices.Clip(registered)
}

// Tools returns every peer's Tool, in the order of Defs.
func Tools() []Tool {
	var out []Tool
	for _, d := range Defs() {
		out = append(out, d.Tool)
	}
	return out
}

// Lookup returns the row of d's option name, nil when d has no such
// option.
func (d *Def) Lookup(name string) *Option {
	for i := range d.Options {
		if d.Options[i].Name == name {
			return &d.Options[i]
		}
	}
	return nil
}
