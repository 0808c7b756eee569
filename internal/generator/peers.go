package generator

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/nextsitemap"
	"github.com/sitemapgen/sitemapgen/internal/peer/sscli"
)

// SitemapOptions returns the options of the sitemap tools sitemapgen
// replaces that the project in dir uses, as its files give them, read as
// Detect reads them (never run), for sitemapgen init: each found
// generator's peer, by its PeerReader (found are the generators Detect
// found in dir), then the peers of no generator that the project's files
// give, read here (next-sitemap's configuration, static-sitemap-cli's
// command line in a package.json script). A peer of a host's file
// (netlify.toml's) is internal/project's to read. A tool the project
// uses with no options is a Config without any.
func SitemapOptions(dir string, found []Detected, lim limits.Limits) []peer.Config {
	d := &Dir{dir: dir, env: OSEnv, lim: lim}
	d.pkg, _ = d.readPackageJSON() // Detect said what was wrong with it
	var out []peer.Config
	for _, p := range found {
		var cfgs []peer.Config
		if g, ok := p.Gen.(PeerReader); ok {
			cfgs = g.SitemapOptions(d, &p)
		}
		out = append(out, cfgs...)
	}
	out = append(out, d.nextSitemap()...)
	out = append(out, d.staticSitemapCLI()...)
	return out
}

// peerValue is jsconf.PeerValue.
var peerValue = jsconf.PeerValue

// nextSitemap: next-sitemap's configuration file, its exported object's
// keys.
func (d *Dir) nextSitemap() []peer.Config {
	name, data, note, err := d.NextSitemapConfig()
	if note != "" {
		return []peer.Config{{Tool: nextsitemap.Tool, File: "package.json", Notes: []string{note}}}
	}
	if err != nil || name == "" {
		return nil
	}
	r := jsconfig.NewReader(name, data, d.lim)
	opts := jsconf.Options(r, "")
	for i, o := range opts {
		// additionalPaths: async (config) => [await config.transform(config, '/shop')]
		if _, ok := o.Value.(peer.Func); ok && o.Name == "additionalPaths" {
			paths, _ := r.Returned(o.Name, "loc")
			opts[i].Value = peer.Func{Returns: paths}
		}
	}
	return []peer.Config{{Tool: nextsitemap.Tool, File: name, Options: opts, Notes: r.Notes()}}
}

// NextSitemapConfig returns the name and contents of next-sitemap's
// configuration file, as its command line finds it: the file a
// package.json script that runs next-sitemap names with --config FILE
// (or --config=FILE), relative to the project folder, read inside it
// through the one door; else the first of its default names. A --config
// that names no file of the project (out of it, or none there) gives
// no file and note, "package.json: …", saying so; so does a --config
// whose name holds a control character or a line break.
func (d *Dir) NextSitemapConfig() (name string, data []byte, note string, err error) {
	for _, script := range d.pkg.scriptNames() {
		args, ok := commandArgs(d.pkg.scripts[script], "next-sitemap")
		if !ok {
			continue
		}
		for i, a := range args {
			file, ok := strings.CutPrefix(a, "--config=")
			if a == "--config" && i+1 < len(args) {
				file, ok = args[i+1], true
			}
			if !ok {
				continue
			}
			if diag.NeedsQuote(file) {
				// A name init would carry into its steps and sitemap.yaml's
				// comments, where a line break adds lines (issue 89).
				return "", nil, fmt.Sprintf("package.json: the %s script's next-sitemap --config %s holds a control character or a line break: its options are not read", diag.Quote(script), diag.Quote(diag.Excerpt(file))), nil
			}
			rel := path.Clean(filepath.ToSlash(file))
			if file == "" || path.IsAbs(rel) || filepath.IsAbs(file) || rel == ".." || strings.HasPrefix(rel, "../") {
				return "", nil, fmt.Sprintf("package.json: the %s script's next-sitemap --config %s is out of the project folder: its options are not read", diag.Quote(script), diag.ShowPath(file)), nil
			}
			name, data, err := d.firstFile(rel)
			if err == nil && name == "" {
				note = fmt.Sprintf("package.json: the %s script's next-sitemap --config %s is no file of the project: its options are not read", diag.Quote(script), diag.ShowPath(file))
			}
			return name, data, note, err
		}
	}
	name, data, err = d.firstFile(nextSitemapConfigs...)
	return name, data, "", err
}

// staticSitemapCLI: a package.json script that runs static-sitemap-cli
// (sscli), its command line, under its settings file's options (package.json's
// "sscli", .ssclirc …), which override it; the settings file alone
// when no script runs it (npx sscli).
func (d *Dir) staticSitemapCLI() []peer.Config {
	rcFile, rcLine, rc, rcNotes := d.ssclirc()
	out := d.sscliScripts(rc, rcNotes)
	if rcFile != "" && len(out) == 0 {
		out = append(out, peer.Config{Tool: sscli.Tool, File: rcFile, Line: rcLine, Options: rc, Notes: rcNotes})
	}
	if rcFile != "" && rcFile != "package.json" {
		// A settings file of its own goes with the tool.
		for i := range out {
			out[i].NamedIn = []string{rcFile}
		}
	}
	return out
}

// sscliScripts: each package.json script that runs static-sitemap-cli,
// its command line's options under rc, its settings file's.
func (d *Dir) sscliScripts(rc []peer.Given, notes []string) []peer.Config {
	if d.pkg == nil {
		return nil
	}
	_, data, _ := d.firstFile("package.json")
	var out []peer.Config
	for _, name := range d.pkg.scriptNames() {
		script := d.pkg.scripts[name]
		for _, cmd := range []string{"static-sitemap-cli", "sscli"} {
			args, ok := commandArgs(script, cmd)
			if !ok {
				continue
			}
			line := 0
			if i := bytes.Index(data, []byte(fmt.Sprintf("%q", name))); i >= 0 {
				line = bytes.Count(data[:i], []byte("\n")) + 1
			}
			opts := withSSCLIrc(sscli.Args(args, line), rc)
			if file := stdoutFile(script, cmd); file != "" {
				// --stdout redirected to a file: the file is its sitemap.
				for i := range opts {
					if opts[i].Name == "stdout" && opts[i].Value == true {
						opts[i].Value = file
					}
				}
			}
			out = append(out, peer.Config{Tool: sscli.Tool, File: "package.json", Line: line, Options: opts, Notes: notes})
			break
		}
	}
	return out
}

// commandArgs returns the arguments the shell command line script gives
// the program cmd, as a shell splits them (quotes taken off), up to the
// end of its command (;, &, |, a redirection); ok is false when script
// runs no cmd. npx cmd and a path ending in /cmd run it too.
func commandArgs(script, cmd string) ([]string, bool) {
	words := shellWords(script)
	for i, w := range words {
		if w != cmd && !strings.HasSuffix(w, "/"+cmd) {
			continue
		}
		var args []string
		for _, a := range words[i+1:] {
			if a == ";" || a == "&&" || a == "||" || a == "|" || a == "&" || strings.HasPrefix(a, ">") || strings.HasPrefix(a, "<") {
				break
			}
			args = append(args, a)
		}
		return args, true
	}
	return nil, false
}

// stdoutFile returns the file the shell command line script redirects
// the standard output of the program cmd to (> FILE, >> FILE, 1>FILE),
// as written; "" for none.
func stdoutFile(script, cmd string) string {
	words := shellWords(script)
	i := slices.IndexFunc(words, func(w string) bool { return w == cmd || strings.HasSuffix(w, "/"+cmd) })
	if i < 0 {
		return ""
	}
	for j := i + 1; j < len(words); j++ {
		w := words[j]
		switch w {
		case ";", "&&", "||", "|", "&":
			return ""
		}
		rest, ok := strings.CutPrefix(strings.TrimPrefix(w, "1"), ">")
		if !ok {
			continue // an argument, or another stream's redirection (2>)
		}
		rest = strings.TrimPrefix(rest, ">")
		if rest == "" && j+1 < len(words) {
			rest = words[j+1]
		}
		if strings.HasPrefix(rest, "&") {
			return "" // >&2: another stream
		}
		return rest
	}
	return ""
}

// shellWords splits a command line as a shell does its words: at white
// space outside quotes, quotes taken off; ;, &&, ||, | and & words of
// their own.
func shellWords(s string) []string {
	var words []string
	var b strings.Builder
	in := false // a word is being read
	flush := func() {
		if in {
			words = append(words, b.String())
			b.Reset()
			in = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			in = true
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				b.WriteString(s[i+1:])
				i = len(s)
				continue
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '\\' && i+1 < len(s):
			in = true
			b.WriteByte(s[i+1])
			i++
		case c == ' ' || c == '\t' || c == '\n':
			flush()
		case c == ';' || c == '&' || c == '|':
			flush()
			op := string(c)
			if i+1 < len(s) && s[i+1] == c {
				op += string(c)
				i++
			}
			words = append(words, op)
		default:
			in = true
			b.WriteByte(c)
		}
	}
	flush()
	return words
}
