package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // the build, check, validation or submission failed
	exitUsage  = 2 // a usage or configuration error
)

// env is what a command runs with: where it prints, and its environment.
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
}

// commands are sitemapgen's commands by name; build is the default.
var commands = map[string]func(ctx context.Context, e *env, args []string) error{
	"build":    runBuild,
	"watch":    runWatch,
	"validate": runValidate,
	"diff":     runDiff,
	"audit":    runAudit,
	"init":     runInit,
	"submit":   runSubmit,
	"version":  runVersion,
	"help":     runHelp,
}

// Main runs the command line args (without the program's name) and
// returns the exit status. ctx ends watch mode and stops a submission.
// getenv reads the environment.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	name := "build"
	if len(args) > 0 {
		if _, ok := commands[args[0]]; ok {
			name, args = args[0], args[1:]
		} else if err := mistypedCommand(args[0]); err != nil {
			return exitStatus(stderr, err)
		}
	}
	if runBy := getenv(config.RunByEnv); config.RunBy[runBy] != nil {
		// Inside an integration, a message names a flag as the setting
		// its user gives ([plugins.inputs] baseUrl).
		stderr = &runByWriter{w: stderr, runBy: runBy}
	}
	e := &env{stdout: stdout, stderr: stderr, getenv: getenv}
	return exitStatus(stderr, commands[name](ctx, e, args))
}

// runByWriter writes to w what is written to it. It names each flag as
// the tool runBy names the setting (config.RenderFlags). Each Write
// holds whole lines of messages.
type runByWriter struct {
	w     io.Writer
	runBy string
}

func (r *runByWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(r.w, config.RenderFlags(string(p), r.runBy)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// mistypedCommand reports the first argument when it is close to a
// command's name and is not a flag, a file or a folder. An example is
// "sitemapgen buidl", which would otherwise be build's DIR.
func mistypedCommand(arg string) error {
	if strings.HasPrefix(arg, "-") {
		return nil
	}
	if _, err := fsx.LstatNamed(arg); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if s := config.Suggest(arg, slices.Sorted(maps.Keys(commands))); s != "" {
		return badCommandLine(diag.Program, fmt.Errorf("unknown command %q (did you mean %q?)", arg, s))
	}
	return nil
}

// exitStatus prints err, if any, on w and returns the exit status it
// means.
func exitStatus(w io.Writer, err error) int {
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(w, diag.Format(err, ""))
	var ue *usageError
	if !errors.As(err, &ue) {
		return exitFailed
	}
	if ue.help != "" {
		fmt.Fprintf(w, "Run '%s --help' for usage.\n", ue.help)
	}
	return exitUsage
}

// usageError is a problem with the command line or the configuration.
// Its exit status is 2.
type usageError struct {
	// help, when set, is the command whose --help to point to. It is
	// set for a command line that does not parse.
	help string
	err  error
}

func (e *usageError) Error() string { return e.err.Error() }

func (e *usageError) Unwrap() error { return e.err }

// usage makes err a usage or configuration error (exit status 2).
func usage(err error) error {
	if err == nil {
		return nil
	}
	return &usageError{err: err}
}

// usagef is usage(fmt.Errorf(format, args...)).
func usagef(format string, args ...any) error {
	return &usageError{err: fmt.Errorf(format, args...)}
}

// badCommandLine is a command line of command that does not parse. Its
// exit status is 2, and it points to the command's --help.
func badCommandLine(command string, err error) error {
	return &usageError{help: command, err: err}
}

// parse parses the command line args of command by its table. command
// is the name messages use ("sitemapgen watch"). A nil Line ends the
// command. The error is nil after --help, which prints help, or after
// --version, which prints the version. Otherwise it is the error of a
// command line that does not parse.
func parse[V any](e *env, t config.Table[V], command string, help func() string, args []string) (*config.Line[V], error) {
	name := strings.TrimPrefix(command, diag.Program+" ")
	if name == command {
		name = config.BuildCommand
	}
	line, err := t.Parse(name, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(e.stdout, help())
		return nil, nil
	case errors.Is(err, config.ErrVersion):
		printVersion(e)
		return nil, nil
	case err != nil:
		return nil, badCommandLine(command, err)
	}
	return line, nil
}

// say prints a line that starts with "sitemapgen: ", unless quiet.
func say(w io.Writer, quiet bool, format string, args ...any) {
	if !quiet {
		fmt.Fprintf(w, diag.Program+": "+format+"\n", args...)
	}
}

func plural(n int, word string) string {
	return strconv.Itoa(n) + " " + pluralWord(n, word)
}

// pluralWord is word, with an s unless n is 1.
func pluralWord(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
