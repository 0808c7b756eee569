package config

// The commands a run may start: the per-URL hook (--transform), the
// robots.txt hook (--robots-transform) and the commands of extra URLs.
// Here too is the rule that a command named in the settings file runs
// only when the caller allows it.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/command"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/robots"
)

// ErrCommandNotAllowed is the error for a command named in the settings
// file (extra_urls_command:) when the caller did not allow commands. The
// settings file belongs to the repository, which a pull request
// changes. A build must not run the programs it names on the machine
// that builds it, unless the caller says so.
var ErrCommandNotAllowed = errors.New("a command of the settings file, not allowed")

// checkCommands refuses a command named in the settings file, unless
// the caller allowed commands (--allow-commands,
// SITEMAPGEN_ALLOW_COMMANDS). Neither is a key of the file, so the
// repository cannot allow itself. A command given on the command line
// is the user's own, and runs.
func checkCommands(l *layers, v *Values) error {
	for _, c := range []struct{ key, flag, line string }{
		{"extra_urls_command", "--extra-urls-command", v.ExtraCommand},
		{"transform", "--transform", v.Transform},
		{"robots_transform", "--robots-transform", v.RobotsHook},
	} {
		from := l.from[c.key]
		if c.line == "" || v.AllowCommands || from == c.flag {
			continue
		}
		d := &diag.Diagnostic{File: from, Err: ErrCommandNotAllowed,
			Msg: fmt.Sprintf("%s: %s not run: a command the settings file names runs only when the caller allows it, since a pull request can change this file", c.key, command.Show(c.line)),
			Hint: "to run it, give --allow-commands (or set " + AllowCommandsEnv + "=1 in the build's environment);\n" +
				"or give the command on the command line: " + c.flag + " CMD"}
		if l.file != nil && from == l.file.Name {
			d.Line = l.line(c.key)
		} else {
			d.File = "sitemapgen" // an integration's options
			d.Msg = fmt.Sprintf("%s %s (%s) not run: a command runs only when the caller allows it", c.key, command.Show(c.line), from)
		}
		return d
	}
	return nil
}

// transform returns the per-URL hook, or nil for none. The hook is the
// descriptors of a host that runs it itself (--transform-fds), else the
// command (--transform, transform:). Each is bounded as a command of
// extra URLs is, by limits.extra_urls_bytes and limits.command_seconds.
func transform(v *Values) *pipeline.Transform {
	lim := v.Limits.Or()
	o := command.Options{MaxBytes: int64(lim.ExtraURLsBytes), Key: limits.ExtraURLsBytesKey, Timeout: time.Duration(lim.CommandSeconds) * time.Second, TimeoutKey: limits.CommandSecondsKey}
	if fds := v.TransformFDs; fds != "" {
		in, out, _ := parseFDs(fds) // checked
		name := "the transform function"
		return &pipeline.Transform{Name: name, Start: func(ctx context.Context) (io.WriteCloser, io.ReadCloser, error) {
			return command.FDs(ctx, name, in, out, o)
		}}
	}
	if line := v.Transform; line != "" {
		return &pipeline.Transform{Name: "the transform " + command.Show(line), Start: func(ctx context.Context) (io.WriteCloser, io.ReadCloser, error) {
			return command.Pipe(ctx, line, o)
		}}
	}
	return nil
}

// robotsHook returns the robots hook (--robots-transform,
// robots_transform:), or nil for none. The command reads on its
// standard input the robots.txt a write would write. What it prints is
// written instead. Its output is bounded by limits.robots_bytes and
// limits.command_seconds, and must be UTF-8 text without a NUL byte, as
// robots.txt is.
func robotsHook(v *Values) func(context.Context, []byte) ([]byte, error) {
	line := v.RobotsHook
	if line == "" {
		return nil
	}
	lim := v.Limits.Or()
	o := command.Options{MaxBytes: int64(lim.RobotsBytes), Key: robots.LimitKey, Timeout: time.Duration(lim.CommandSeconds) * time.Second, TimeoutKey: limits.CommandSecondsKey}
	name := "the robots transform " + command.Show(line)
	return func(ctx context.Context, in []byte) ([]byte, error) {
		o := o
		o.Stdin = bytes.NewReader(in)
		p, err := command.Start(ctx, line, o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out, err := io.ReadAll(p)
		if cerr := p.Close(); cerr != nil {
			err = cerr
		}
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s: %w; robots.txt and the sitemaps not written", name, err)
		case !utf8.Valid(out) || bytes.IndexByte(out, 0) >= 0:
			return nil, fmt.Errorf("%s wrote no robots.txt: not UTF-8 text; robots.txt and the sitemaps not written", name)
		}
		return out, nil
	}
}

// parseFDs reads --transform-fds IN,OUT: two descriptors, each above 2.
func parseFDs(s string) (in, out int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if ok {
		in, err = strconv.Atoi(a)
		if err == nil {
			out, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || in < 3 || out < 3 || in == out {
		return 0, 0, errors.New("not two descriptors IN,OUT above 2 (3,4)")
	}
	return in, out, nil
}

// checkFDs checks --transform-fds.
func checkFDs(s string) error {
	if s == "" {
		return nil
	}
	_, _, err := parseFDs(s)
	return err
}
