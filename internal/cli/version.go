package cli

import (
	"context"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/config"
)

// runVersion runs "sitemapgen version". It prints the release's version,
// commit and date, or for a go build the module version and the
// checkout's commit.
func runVersion(_ context.Context, e *env, args []string) error {
	if ownFlag(e, args, versionUsage) {
		return nil
	}
	if len(args) > 0 {
		return usagef("version takes no arguments; got %s", strings.Join(args, " "))
	}
	printVersion(e)
	return nil
}

// versionUsage and helpUsage are the --help of version and help. Each
// says in a few lines what the command does.
const (
	versionUsage = `Usage:
  sitemapgen version

Prints sitemapgen's version: a release's version, commit and date, or, for
a go build or go install, the module's version and the checkout's commit.
'sitemapgen --version' prints the same.
`
	helpUsage = `Usage:
  sitemapgen help [COMMAND]

Prints the help of COMMAND (build, watch, validate, diff, audit, init,
submit), as 'sitemapgen COMMAND --help' does; without one, the manual of
the default command, build, which lists the commands.
`
)

// ownFlag answers the one flag that version and help take: --help,
// which prints usage, their own few lines, or --version. It reports
// whether args were that flag.
func ownFlag(e *env, args []string, usage string) bool {
	if len(args) != 1 {
		return false
	}
	switch args[0] {
	case "-h", "-help", "--help":
		fmt.Fprint(e.stdout, usage)
	case "-version", "--version":
		printVersion(e)
	default:
		return false
	}
	return true
}

// printVersion prints what "sitemapgen version" and --version print.
func printVersion(e *env) {
	fmt.Fprintln(e.stdout, "sitemapgen", version())
}

// runHelp runs "sitemapgen help [COMMAND]" and prints the command's
// --help. By default it prints build's, the manual of the default
// command, which also says what version and help do.
func runHelp(_ context.Context, e *env, args []string) error {
	help := map[string]func() string{
		"build":    buildUsage,
		"watch":    watchUsage,
		"validate": validateUsage,
		"diff":     diffUsage,
		"audit":    auditUsage,
		"init":     initUsage,
		"submit":   submitUsage,
		"version":  func() string { return versionUsage },
		"help":     func() string { return helpUsage },
	}
	switch {
	case ownFlag(e, args, helpUsage):
		return nil
	case len(args) == 0:
		fmt.Fprint(e.stdout, buildUsage())
		return nil
	case len(args) > 1:
		return usagef("help takes one command; got %s", strings.Join(args, " "))
	}
	text, ok := help[args[0]]
	if !ok {
		msg := fmt.Sprintf("help: unknown command %q", args[0])
		if s := config.Suggest(args[0], slices.Sorted(maps.Keys(help))); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return usagef("%s; the commands are %s", msg, strings.Join(slices.Sorted(maps.Keys(help)), ", "))
	}
	fmt.Fprint(e.stdout, text())
	return nil
}

// The release's version, commit and date. GoReleaser stamps them
// (.goreleaser.yaml's ldflags: -X with this package's path). They are
// empty in a go build or go install, whose build information says what
// it knows.
var (
	stampVersion string
	stampCommit  string
	stampDate    string
)

// version reports the release's version, commit and date when the build
// was stamped. Otherwise it reports the module version and, for a build
// from a checkout, the commit.
func version() string {
	if stampVersion != "" {
		v := stampVersion
		var about []string
		if stampCommit != "" {
			about = append(about, stampCommit[:min(len(stampCommit), 12)])
		}
		if stampDate != "" {
			about = append(about, stampDate)
		}
		if len(about) > 0 {
			v += " (" + strings.Join(about, ", ") + ")"
		}
		return v
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " (" + rev + modified + ")"
	}
	return v
}
