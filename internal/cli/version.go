package cli

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
)

// runVersion runs "sitemapgen version": the module version and, for a
// build from a checkout, the commit.
func runVersion(_ context.Context, e *env, args []string) error {
	if len(args) > 0 {
		return usagef("version takes no arguments; got %s", strings.Join(args, " "))
	}
	fmt.Fprintln(e.stdout, "sitemapgen", version())
	return nil
}

// runHelp runs "sitemapgen help": build's --help, the manual of the
// default command.
func runHelp(_ context.Context, e *env, args []string) error {
	if len(args) > 0 {
		return usagef("help takes no arguments; got %s", strings.Join(args, " "))
	}
	fmt.Fprint(e.stdout, buildUsage)
	return nil
}

// version reports the module version and, for a build from a checkout, the
// commit.
func version() string {
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
