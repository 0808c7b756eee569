package cli

// The switch from a peer whose command a package.json script runs after
// the build (its Def's Steps.Script: next-sitemap's postbuild), beyond
// sitemap.yaml. init makes that script run sitemapgen. It edits that one
// JSON string and keeps the rest of the file byte for byte. Then it
// prints what is left to do as numbered steps. What a step says of the
// peer is its Def's; this file names no peer.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// scriptSwitch does what init can of the switch from pe, a Script peer
// (road), in the project folder. With edit, it makes package.json's
// script that runs the peer's command (Steps.Replace), or else one that
// runs the build (Steps.After), run sitemapgen. It adds
// --allow-commands when a step of the peer's notes (Steps.NoteStep)
// makes a hook that init could not carry over a command. Then it prints
// to w what it did and the numbered steps left. When the script was not
// edited, its line is one of them.
func scriptSwitch(w io.Writer, pe config.Peer, d *config.Findings, edit bool) {
	r, by := road(pe.Tool)
	hook := false
	pm, remove := packageManager()
	var steps []string
	if s, ok := installStep(pm, d, true); ok {
		steps = append(steps, s)
	}
	steps = append(steps, fmt.Sprintf("uninstall %s: %s %s %s", pe.Tool, pm, remove, pe.Tool))
	if pe.File != "package.json" { // its configuration, not read where --config names none of the project
		steps = append(steps, fmt.Sprintf("delete %s", diag.ShowPath(pe.File)))
	}
	for _, n := range pe.Result.Notes {
		if n.Honoured || r.NoteStep == nil {
			continue
		}
		if s, h := r.NoteStep(n, place(pe.File, n.Line)); s != "" {
			steps, hook = append(steps, s), hook || h
		}
	}
	run := "sitemapgen"
	if hook {
		run += " --allow-commands"
	}
	more, _ := buildScript(w, run, by, edit, func(why string) string {
		return fmt.Sprintf("in package.json's scripts, run sitemapgen %s (%s): \"postbuild\": %q", r.Where, why, run)
	})
	steps = append(steps, more...)
	if len(r.After) > 0 {
		steps = append(steps, fmt.Sprintf("build: %s, then sitemapgen (%s run build)", r.After[0], pm))
	}
	printSteps(w, pe.Tool, steps)
}

// buildScript makes package.json's script that by names run the
// command run, with edit, and says so on w (runScript). It returns the
// steps left: the script's line to write where it was not edited, or
// what to take out of it; fallback(why) where no script could be made
// to run it, and then no script's name. name is the script that runs
// run, or is to run it.
func buildScript(w io.Writer, run string, by runBy, edit bool, fallback func(why string) string) (steps []string, name string) {
	script, already, err := runScript(run, by, edit)
	switch {
	case err != nil:
		return []string{fallback(err.Error())}, ""
	case already:
		// init ran again (--force), or the user wrote the script by
		// hand. sitemapgen runs once a build, so leave it as it is.
		say(w, false, "package.json:%d: the %s script already runs sitemapgen: package.json left as it is", script.line, script.shownName())
		for _, c := range by.replace {
			if other, ok := scriptRunning(script.all, c); ok {
				steps = append(steps, fmt.Sprintf("in package.json (line %d), take %s out of the %s script", other.line, c, other.shownName()))
			}
		}
	case edit:
		say(w, false, "package.json:%d: the %s script runs %s, %s", script.line, script.shownName(), run, script.how)
	default:
		steps = append(steps, fmt.Sprintf("in package.json (line %d), make the %s script %s", script.line, script.shownName(), script.json()))
	}
	return steps, script.shownName()
}

// packageManager returns the project's package manager, as its lock
// file says (npm without one), and the command that removes a package.
func packageManager() (name, remove string) {
	for _, pm := range [][3]string{{"pnpm-lock.yaml", "pnpm", "remove"}, {"yarn.lock", "yarn", "remove"}} {
		if _, err := fsx.Lstat(".", pm[0]); err == nil {
			return pm[1], pm[2]
		}
	}
	return "npm", "uninstall"
}

// A script is an entry of package.json's scripts. It holds the name,
// the value as it is to be, the line, and where the bytes of its JSON
// string are in the file.
type script struct {
	name, value string
	line        int
	start, end  int
	// how says what runScript made it do: "where CMD ran" (a command
	// of runBy's replace), "after hexo generate".
	how string
	// all are package.json's scripts, this one among them.
	all []script
}

// shownName is the script's name as a message shows it: escaped and
// bounded (diag.Excerpt), as every value of the file is. Raw, a line
// break in it would write a line of its own ("::error::", which a CI log
// reads as its own), and ESC or BEL would reach the terminal.
func (s script) shownName() string { return diag.Excerpt(s.name) }

// json is the entry as package.json writes it, as a message shows it.
// Its name and value are bounded (diag.Excerpt), as every value of the
// file is.
func (s script) json() string {
	return diag.Excerpt(jsonString(s.name)) + ": " + diag.Excerpt(jsonString(s.value))
}

// A runBy says which of package.json's scripts is to run sitemapgen:
// the one that runs a command sitemapgen replaces, else one that runs
// the generator's build, after which sitemapgen then runs.
type runBy struct {
	// replace are the commands sitemapgen replaces (a peer's
	// Steps.Replace), each as the first word of a command.
	replace []string
	// after are the build's command lines, their first words (a peer's
	// Steps.After: "hexo generate", "hexo g").
	after []string
}

// runScript finds package.json's script that runs a command of by's
// replace, else one that runs by's build (the build script first). It
// returns the script with the value that runs cmd there instead, or
// after the build. With edit, it writes that value into package.json and
// keeps the other bytes as they were. When a script runs sitemapgen
// already (init ran again), already is true, nothing is edited, and that
// script is returned as it is. The error says why no script could be
// edited.
func runScript(cmd string, by runBy, edit bool) (s script, already bool, err error) {
	data, err := limits.Default.ReadFile(".", "package.json", "", limits.JSON)
	if err != nil {
		return script{}, false, fmt.Errorf("package.json not read: %s", diag.Excerpt(err.Error()))
	}
	scripts, ok := packageScripts(data)
	if !ok {
		return script{}, false, fmt.Errorf("package.json's scripts are not one object of strings")
	}
	if s, ok := scriptRunning(scripts, "sitemapgen"); ok {
		s.all = scripts
		return s, true, nil
	}
	var found *script
	for i := range scripts {
		for _, c := range by.replace {
			if v, ok := replaceCommand(scripts[i].value, c, cmd); ok && found == nil {
				scripts[i].value, scripts[i].how, found = v, "where "+c+" ran", &scripts[i]
			}
		}
	}
	// The build script first, then the others in their order.
	order := make([]int, 0, len(scripts))
	for i, s := range scripts {
		if s.name == "build" {
			order = append([]int{i}, order...)
		} else {
			order = append(order, i)
		}
	}
	for _, i := range order {
		if v, b, ok := runAfter(scripts[i].value, by.after, cmd); ok && found == nil {
			scripts[i].value, scripts[i].how, found = v, "after "+b, &scripts[i]
		}
	}
	if found == nil {
		return script{}, false, errors.New(noScript(by))
	}
	if edit {
		out := append(append(append([]byte{}, data[:found.start]...), jsonString(found.value)...), data[found.end:]...)
		info, err := fsx.Lstat(".", "package.json")
		if err == nil && !info.Mode().IsRegular() {
			// A link's mode is every permission. The user should edit
			// the file it points to.
			err = fmt.Errorf("%w (%s)", fsx.ErrNotRegular, fsx.Describe(info.Mode()))
		}
		if err == nil {
			err = atomicfile.Write("package.json", out, info.Mode().Perm())
		}
		if err != nil {
			return script{}, false, fmt.Errorf("package.json not written: %s", diag.Excerpt(err.Error()))
		}
	}
	return *found, false, nil
}

// noScript says that no script of package.json runs what by names, as
// runScript wants it.
func noScript(by runBy) string {
	var what []string
	if len(by.replace) > 0 {
		what = append(what, strings.Join(by.replace, " or ")+" alone between &&")
	}
	if len(by.after) > 0 {
		what = append(what, by.after[0]+" between &&")
	}
	return "no script runs " + strings.Join(what, ", nor ")
}

// runAfter returns the script v with cmd run after its command that is
// one of builds (a command line's first words: "hexo generate"), joined
// by &&, and that build. v must be commands joined by &&, as for
// replaceCommand.
func runAfter(v string, builds []string, cmd string) (string, string, bool) {
	parts, ok := andParts(v)
	if !ok {
		return "", "", false
	}
	for i, p := range parts {
		f := strings.Fields(p)
		if f[0] == "npx" && len(f) > 1 {
			f = f[1:]
		}
		for _, b := range builds {
			want := strings.Fields(b)
			if len(f) >= len(want) && (f[0] == want[0] || strings.HasSuffix(f[0], "/"+want[0])) && slices.Equal(f[1:len(want)], want[1:]) {
				trimmed := strings.TrimRight(p, " \t")
				parts[i] = trimmed + " && " + cmd + p[len(trimmed):]
				return strings.Join(parts, "&&"), b, true
			}
		}
	}
	return "", "", false
}

// andParts splits the script v into its commands joined by &&. Quotes
// may hold any text but a double quote's $, ` and \ (single quotes, or
// double quotes of literal text, as static-sitemap-cli's globs are
// given). It returns false for a script of any other shell syntax
// (;, ||, $, a redirection, a comment, a line break), where an edit
// could change what it does.
func andParts(v string) ([]string, bool) {
	if strings.ContainsAny(v, "\n\r") {
		return nil, false
	}
	var parts []string
	start, quote := 0, byte(0)
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case quote == '"':
			if c == '"' {
				quote = 0
			} else if strings.IndexByte("$`\\", c) >= 0 {
				return nil, false
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '&' && i+1 < len(v) && v[i+1] == '&':
			parts = append(parts, v[start:i])
			start = i + 2
			i++
		case strings.IndexByte("&$;|<>\\(){}`#", c) >= 0:
			return nil, false
		}
	}
	parts = append(parts, v[start:])
	for _, p := range parts {
		if len(strings.Fields(p)) == 0 {
			return nil, false
		}
	}
	return parts, quote == 0
}

// scriptRunning returns the first of scripts that runs the command cmd
// (npx cmd, node_modules/.bin/cmd) as one of the commands of its shell
// line, whatever joins them.
func scriptRunning(scripts []script, cmd string) (script, bool) {
	for _, s := range scripts {
		for _, f := range strings.FieldsFunc(s.value, func(r rune) bool { return strings.ContainsRune(" \t\n&|;()", r) }) {
			if f == cmd || strings.HasSuffix(f, "/"+cmd) {
				return s, true
			}
		}
	}
	return script{}, false
}

// jsonString is s as a JSON string, with & < > left as they are.
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// packageScripts returns the entries of the top-level scripts object of
// package.json's data, each with the bytes of its string. It returns
// false when the file is not one object, has scripts twice or a script
// twice, or has a script that is not a string.
func packageScripts(data []byte) ([]script, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var out []script
	seen := false
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, false
		}
		if k != "scripts" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return nil, false
			}
			continue
		}
		if t, err := dec.Token(); seen || err != nil || t != json.Delim('{') {
			return nil, false
		}
		seen = true
		names := map[string]bool{}
		for dec.More() {
			n, err := dec.Token()
			name, _ := n.(string)
			if err != nil || names[name] {
				return nil, false
			}
			names[name] = true
			after := int(dec.InputOffset())
			v, err := dec.Token()
			value, ok := v.(string)
			end := int(dec.InputOffset())
			if err != nil || !ok {
				return nil, false
			}
			q := bytes.IndexByte(data[after:end], '"')
			var check string
			if q < 0 || json.Unmarshal(data[after+q:end], &check) != nil || check != value {
				return nil, false
			}
			out = append(out, script{name: name, value: value, line: bytes.Count(data[:after], []byte("\n")) + 1, start: after + q, end: end})
		}
		if _, err := dec.Token(); err != nil {
			return nil, false
		}
	}
	return out, seen
}

// replaceCommand returns the script v with the command cmd and its
// arguments replaced by repl. v must be commands joined by &&, one of
// which runs cmd (npx cmd, node_modules/.bin/cmd). It returns false for
// a script of any other shell syntax, where an edit could change what
// it does.
func replaceCommand(v, cmd, repl string) (string, bool) {
	parts, ok := andParts(v)
	if !ok {
		return "", false
	}
	found := -1
	for i, p := range parts {
		f := strings.Fields(p)
		if f[0] == "npx" && len(f) > 1 {
			f = f[1:]
		}
		if f[0] == cmd || strings.HasSuffix(f[0], "/"+cmd) {
			if found >= 0 {
				return "", false
			}
			found = i
		}
	}
	if found < 0 {
		return "", false
	}
	p := parts[found]
	trimmed := strings.TrimSpace(p)
	at := strings.Index(p, trimmed)
	parts[found] = p[:at] + repl + p[at+len(trimmed):]
	return strings.Join(parts, "&&"), true
}

// scriptPeer returns the peer of peers whose switch is scriptSwitch
// (its Def's Steps.Script), if any.
func scriptPeer(peers []config.Peer) (config.Peer, bool) {
	for _, pe := range peers {
		if scripted(pe) {
			return pe, true
		}
	}
	return config.Peer{}, false
}

// scripted reports whether pe's switch is scriptSwitch, which edits the
// package.json script that ran it, in place of peerSteps: its Def's
// Steps.Script.
func scripted(pe config.Peer) bool {
	r, _ := road(pe.Tool)
	return r.Script
}
