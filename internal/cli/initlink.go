package cli

// Some peers put a <link rel="sitemap"> into every page's head
// (gatsby-plugin-sitemap's createLinkInHead, true by default;
// hexo-generator-sitemap's rel: true). sitemapgen edits no page. So init
// carries the link over with a file of the project that the generator's
// own head API reads at each build (Gatsby's gatsby-ssr.js, a script in
// Hexo's scripts/). The link names sitemapgen's entry file. init never
// writes over a file that exists; it prints the lines to add instead, as
// a step.
//
// init carries over a peer's robots.txt the same way (next-sitemap's).
// The peer wrote rules, a Host: line and Sitemap: lines there that
// sitemapgen does not write (its policies, a sitemap no index of ours
// can list: peer.Result.RobotsTxt). They go into the site's own
// robots.txt, its Def's RobotsFile (public/robots.txt, which Next.js
// copies into its export and serves), and --robots adds our Sitemap:
// lines there.

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/robots"
)

// A headLink is the file that carries a peer's link (or the rules of its
// robots.txt), and what became of that file.
type headLink struct {
	tool   peer.Tool
	option string // the peer's option (createLinkInHead, rel)
	// notePrefix begins the note of the option that the file carries
	// ("" for any note). keep says what the file carries, for the
	// messages.
	notePrefix, keep string
	// file is the file init writes. taken are the files of the project
	// that would hold the same thing (gatsby-ssr.tsx …), file among them.
	file  string
	taken []string
	// text is the file as init writes it. code is the lines of it to add
	// to a file of the project's own.
	text, code string
	// how says what puts the link and where it leads, for the messages;
	// addHow how code goes into a taken file that is there (LinkFile).
	how, addHow string
	// written says init wrote file. same says file is there as init
	// writes it. in is the project's file that is there ("" for none).
	// err says why file was not written.
	written, same bool
	in            string
	err           error
}

// entryName is the name of the entry file that the sitemap.yaml init
// writes gives. It is the first peer's filename setting, since peerBlock
// writes no key twice, else sitemapgen's default.
func entryName(peers []config.Peer) string {
	for _, pe := range peers {
		for _, s := range pe.Result.Settings {
			if name, ok := s.Value.(string); ok && s.Key == "filename" {
				return name
			}
		}
	}
	return "sitemap.xml"
}

// headLinks returns the files that carry the links of the peers of d and
// the rules of their robots.txt. The links name the entry file that the
// sitemap.yaml init writes gives.
func headLinks(d *config.Findings) []*headLink {
	name := entryName(d.Peers)
	var out []*headLink
	for _, pe := range d.Peers {
		d := peer.Find(pe.Tool)
		if d == nil {
			continue
		}
		if pe.Result.RobotsTxt != "" && d.RobotsFile != "" {
			// The option whose note says so: next-sitemap's
			// robotsTxtOptions, or generateRobotsTxt where that gave only
			// its default policies and its Host: line.
			option := "robots.txt"
			for _, n := range pe.Result.Notes {
				if strings.HasPrefix(n.Msg, peer.RobotsNote) {
					option = n.Option
				}
			}
			out = append(out, &headLink{tool: pe.Tool, option: option, notePrefix: peer.RobotsNote,
				keep: fmt.Sprintf("the rules and Sitemap: lines %s's %s wrote into robots.txt", pe.Tool, option),
				file: d.RobotsFile, taken: []string{d.RobotsFile}, text: pe.Result.RobotsTxt, code: pe.Result.RobotsTxt,
				how: "the site's own robots.txt, with its rules and Sitemap: lines, where --robots adds ours"})
		}
		if pe.Result.HeadLink == "" || d.HeadLink == nil {
			continue
		}
		l := &headLink{tool: pe.Tool, option: pe.Result.HeadLink, keep: fmt.Sprintf("the <link rel=\"sitemap\"> %s's %s put into every page's head", pe.Tool, pe.Result.HeadLink)}
		f := d.HeadLink(name)
		l.file, l.taken, l.how, l.code, l.text, l.addHow = f.File, f.Taken, f.How, f.Code, f.Text, f.AddHow
		out = append(out, l)
	}
	return out
}

// writeHeadLinks finds which of each link's files (taken) are in the
// project folder. With write, it writes the link's file where none is
// there. It never writes over a file (O_EXCL), and never through a link
// out of the folder.
func writeHeadLinks(links []*headLink, write bool) {
	root, err := fsx.OpenRoot(".")
	if err != nil {
		for _, l := range links {
			l.err = err
		}
		return
	}
	defer root.Close()
	for _, l := range links {
		for _, f := range l.taken {
			if _, err := root.Lstat(f); err == nil {
				l.in = f
				break
			}
		}
		switch {
		case l.in == l.file && l.notePrefix == peer.RobotsNote:
			// The site's robots.txt may be the one the peer wrote there
			// (next-sitemap's). It carries the rules when it holds every line.
			data, err := root.ReadFile(l.file, robots.MaxBytes, "")
			l.same = err == nil && holdsLines(data, l.code)
		case l.in == l.file:
			data, err := root.ReadFile(l.file, len(l.text), "")
			l.same = err == nil && bytes.Equal(data, []byte(l.text))
		case l.in == "" && write:
			l.err = createFile(root, l.file, l.text)
			l.written = l.err == nil
		}
	}
}

// holdsLines reports whether each line of code is a line of data,
// ignoring the spaces around it. Blank lines and comments do not count.
func holdsLines(data []byte, code string) bool {
	have := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		have[strings.TrimSpace(line)] = true
	}
	for _, line := range strings.Split(code, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") && !have[line] {
			return false
		}
	}
	return true
}

// createFile writes the new file rel inside root, and makes its folder.
// It removes a file left half written.
func createFile(root *fsx.Root, rel, text string) error {
	if i := strings.LastIndexByte(rel, '/'); i > 0 {
		if err := root.MkdirAll(rel[:i], 0o755); err != nil {
			return err
		}
	}
	f, err := root.Create(rel, 0o644)
	if err != nil {
		return err
	}
	_, err = io.WriteString(f, text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = root.Remove(rel)
	}
	return err
}

// note makes the note of l's option in peers say what became of it.
func (l *headLink) note(peers []config.Peer) {
	for i := range peers {
		if peers[i].Tool != l.tool {
			continue
		}
		for j := range peers[i].Result.Notes {
			n := &peers[i].Result.Notes[j]
			if n.Option != l.option || !strings.HasPrefix(n.Msg, l.notePrefix) {
				continue
			}
			what := "put a <link rel=\"sitemap\"> into every page's head"
			if l.notePrefix != "" {
				what = l.notePrefix
			}
			switch {
			case l.written:
				n.Honoured, n.Msg = true, fmt.Sprintf("is carried over: init wrote %s, %s", l.file, l.how)
			case l.same:
				n.Honoured, n.Msg = true, fmt.Sprintf("is carried over by %s, which holds its lines already, %s", l.file, l.how)
			case l.in != "":
				n.Msg = fmt.Sprintf("%s; %s is there, and init edits no file of the project's: add the lines init printed to it", what, l.in)
			default:
				n.Msg = fmt.Sprintf("%s; init wrote no %s: write it with the lines init printed", what, l.file)
			}
		}
	}
}

// report tells w each file written. For each link not carried over, it
// prints the lines to add as a numbered step.
func (l *headLink) report(w io.Writer) {
	switch {
	case l.written:
		say(w, false, "wrote %s, %s (%s's %s)", l.file, l.how, l.tool, l.option)
		return
	case l.same:
		return
	}
	say(w, false, "to keep %s:", l.keep)
	step := fmt.Sprintf("write %s with these lines", l.file)
	switch {
	case l.in != "":
		step = fmt.Sprintf("%s is there, and init edits no file of the project's: add these lines to it", l.in)
		if l.addHow != "" {
			step += " (" + l.addHow + ")"
		}
	case l.err != nil:
		step = fmt.Sprintf("%s was not written (%s): write it with these lines", l.file, diag.Excerpt(l.err.Error()))
	}
	fmt.Fprintf(w, "  1. %s:\n", step)
	for _, line := range strings.Split(strings.TrimSuffix(l.code, "\n"), "\n") {
		if line != "" {
			line = "     " + line
		}
		fmt.Fprintln(w, line)
	}
}
