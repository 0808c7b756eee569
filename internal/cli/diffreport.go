package cli

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/prcomment"
	"github.com/sitemapgen/sitemapgen/internal/sitediff"
)

// reportMarker starts the Markdown report. It lets the pull request's
// comment be found and updated rather than written again. GitHub shows
// no HTML comment.
const reportMarker = "<!-- sitemapgen diff -->"

// reportRows is the most rows a list of the report shows; the others are
// counted ("and 12 more"). reportValueBytes is the most bytes of a URL or
// value that a row shows. reportBytes is the most bytes of rows the
// report holds; a row past it is counted too. So the report stays below
// a comment's 65,536 characters (TestDiffReportBounded) and the job
// summary's 1 MiB, whatever the values. Each byte of a value may be
// written as three (%7C).
const (
	reportRows       = 20
	reportValueBytes = 160
	reportBytes      = 60_000
)

// diffReport is the Markdown report of a diff: the counts, and the first
// reportRows changes of each list. A nil report takes nothing.
type diffReport struct {
	judged                              bool // removed URLs were judged (diff had a site)
	added, gone, moved, kept, removed   []sitediff.Change
	changed                             []sitediff.Change // changes of other values than lastmod
	nAdded, nGone, nMoved, nKept, nRmvd int
	nChanged, nLastmod                  int
}

func newDiffReport(judged bool) *diffReport { return &diffReport{judged: judged} }

// add takes a change, as sitediff.Compare hands it.
func (r *diffReport) add(c sitediff.Change) {
	if r == nil {
		return
	}
	keep := func(list *[]sitediff.Change, n *int) {
		if *n++; len(*list) < reportRows {
			*list = append(*list, c)
		}
	}
	switch c.Op {
	case sitediff.Added:
		keep(&r.added, &r.nAdded)
	case sitediff.Removed:
		switch {
		case !r.judged:
			keep(&r.removed, &r.nRmvd)
		case c.Gone:
			keep(&r.gone, &r.nGone)
		case c.To != "":
			keep(&r.moved, &r.nMoved)
		default:
			keep(&r.kept, &r.nKept)
		}
	case sitediff.Changed:
		if c.Fields[0].Name == "lastmod" {
			r.nLastmod++
		}
		if len(c.Fields) > 1 || c.Fields[0].Name != "lastmod" {
			keep(&r.changed, &r.nChanged)
		}
	}
}

// markdown returns the report: a heading, a table of the counts, and a
// list of each kind of change, each of at most reportRows rows. The list
// of URLs gone with no redirect is open. mdValue shows every URL and
// value as a code span, so nothing a sitemap holds leaves its table
// cell or becomes HTML, a link or a mention.
func (r *diffReport) markdown() []byte {
	var b bytes.Buffer
	b.WriteString(reportMarker + "\n### Sitemap changes\n\n")
	if r.nAdded+r.nGone+r.nMoved+r.nKept+r.nRmvd+r.nChanged+r.nLastmod == 0 {
		b.WriteString("No URL added, removed or changed.\n")
		return b.Bytes()
	}
	b.WriteString("| | URLs |\n| --- | ---: |\n")
	row := func(what string, n int) { fmt.Fprintf(&b, "| %s | %d |\n", what, n) }
	row("added", r.nAdded)
	if r.judged {
		row("removed, **no redirect** (a 404 for every link to them)", r.nGone)
		row("moved (removed, a redirect answers)", r.nMoved)
		row("removed from the sitemap, still served", r.nKept)
	} else {
		row("removed (redirects not checked: no site folder)", r.nRmvd)
	}
	row("lastmod changed", r.nLastmod)
	row("other values changed", r.nChanged)
	list := func(title string, open bool, n int, rows []sitediff.Change, head string, cells func(sitediff.Change) string) {
		if n == 0 {
			return
		}
		b.WriteString("\n<details")
		if open {
			b.WriteString(" open")
		}
		fmt.Fprintf(&b, "><summary>%s (%d)</summary>\n\n%s\n", title, n, head)
		shown := 0
		for _, c := range rows {
			row := "| " + cells(c) + " |\n"
			if b.Len()+len(row) > reportBytes {
				break
			}
			b.WriteString(row)
			shown++
		}
		if more := n - shown; more > 0 {
			fmt.Fprintf(&b, "\nand %d more\n", more)
		}
		b.WriteString("\n</details>\n")
	}
	url := func(c sitediff.Change) string { return mdValue(diffURL(c.URL)) }
	list("Added", false, r.nAdded, r.added, "| URL |\n| --- |", url)
	list("Removed, no redirect", true, r.nGone, r.gone, "| URL |\n| --- |", url)
	list("Moved", false, r.nMoved, r.moved, "| URL | redirects to |\n| --- | --- |",
		func(c sitediff.Change) string { return url(c) + " | " + mdValue(diffURL(c.To)) })
	list("Removed from the sitemap, still served", false, r.nKept, r.kept, "| URL |\n| --- |", url)
	list("Removed", false, r.nRmvd, r.removed, "| URL |\n| --- |", url)
	list("Other values changed", false, r.nChanged, r.changed, "| URL | old → new |\n| --- | --- |",
		func(c sitediff.Change) string {
			var s []string
			for _, f := range c.Fields {
				s = append(s, f.Name+" "+mdField(f.Name, f.Old)+" → "+mdField(f.Name, f.New))
			}
			return url(c) + " | " + strings.Join(s, "<br>")
		})
	return b.Bytes()
}

// mdValue returns a URL or value of a sitemap as a Markdown code span
// that is safe in a table cell. It keeps at most reportValueBytes of the
// value, cut at a character, with "… (N bytes)" after. It
// percent-encodes, as a URL writes it, each byte that could end the span
// or the cell or that does not print: a space or control character, a
// character that does not print (bidi and zero-width controls), a byte
// that is not UTF-8, "`", "|", "\", "<" and ">". None of them is a
// character of a URL, so the URL shown is the same one. In a code span
// nothing is HTML, a link or a mention (@name).
func mdValue(s string) string {
	n := len(s)
	if n > reportValueBytes {
		cut := reportValueBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
	}
	var b strings.Builder
	b.WriteByte('`')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || !unicode.IsPrint(r) || r == ' ' || strings.ContainsRune("`|\\<>", r) {
			for _, c := range []byte(s[i : i+size]) {
				fmt.Fprintf(&b, "%%%02X", c)
			}
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('`')
	if n > reportValueBytes {
		b.WriteString("… (" + strconv.Itoa(n) + " bytes)")
	}
	return b.String()
}

// mdField returns the value of a field as the report shows it. An empty
// value shows as "none". Each of the alternates' languages (+de -fr ~en)
// is a code span.
func mdField(name, s string) string {
	if s == "" {
		return "none"
	}
	if name != "alternates" {
		return mdValue(s)
	}
	langs := strings.Fields(s)
	if len(langs) > reportRows {
		langs = append(langs[:reportRows], "… ("+strconv.Itoa(len(langs))+")")
	}
	for i, l := range langs[:min(len(langs), reportRows)] {
		langs[i] = mdValue(l)
	}
	return strings.Join(langs, " ")
}

// writeReport writes the Markdown report md where diff's flags say: on
// standard output (--markdown), as the pull request's comment
// (--comment), and at the end of the summary file (--summary). When the
// comment cannot be written, a warning says so, in the summary too. The
// summary holds the report whatever the workflow's token may do.
func writeReport(ctx context.Context, e *env, v diffValues, md []byte) error {
	if v.markdown {
		if _, err := e.stdout.Write(md); err != nil {
			return err
		}
	}
	summary := md
	if v.comment {
		if note := postReport(ctx, e, md); note != "" {
			summary = append(slices.Clip(md), "\n> "+note+"\n"...)
		}
	}
	if v.summary == "" {
		return nil
	}
	if err := fsx.AppendNamed(v.summary, append(summary, '\n')); err != nil {
		return usage(&diag.Diagnostic{File: v.summary, Msg: "cannot write the summary (--summary): " + unwrapPath(err).Error()})
	}
	return nil
}

// reportClient writes the comment. The tests point it at a loopback
// server through GITHUB_API_URL, as the runner gives it.
var reportClient = &prcomment.Client{}

// postReport writes md as the pull request's comment. When the comment
// is not written, it returns what the summary says about that; it
// returns "" when the comment was written. On a 403, the note says that
// the workflow's token may not write to the pull request.
func postReport(ctx context.Context, e *env, md []byte) string {
	target, err := prcomment.FromEnv(e.getenv)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: no comment: %v\n", diag.Program, err)
		return ""
	}
	link, updated, err := reportClient.Post(ctx, target, reportMarker, string(md))
	switch {
	case prcomment.Forbidden(err):
		warnTo(e.stderr)(fmt.Errorf("the report is not written as a comment of pull request #%d: %v; give the workflow permissions: pull-requests: write (a pull request from a fork gets a read-only token): the job summary has it", target.PR, err))
		return "This report is not a comment of the pull request: GitHub refused the workflow's token (403). Give the workflow `permissions: pull-requests: write`; a pull request from a fork gets a read-only token."
	case err != nil:
		warnTo(e.stderr)(fmt.Errorf("the report is not written as a comment of pull request #%d: %v", target.PR, err))
		return "This report is not a comment of the pull request: writing it failed (the job's log says why)."
	case updated:
		fmt.Fprintf(e.stderr, "%s: the report updated on pull request #%d: %s\n", diag.Program, target.PR, diag.URL(link))
	default:
		fmt.Fprintf(e.stderr, "%s: the report written on pull request #%d: %s\n", diag.Program, target.PR, diag.URL(link))
	}
	return ""
}
