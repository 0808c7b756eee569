package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/prcomment/prtest"
	"gopkg.in/yaml.v3"
)

// The pull request's report, as examples/github-actions/sitemap-diff.yml
// gets it: its steps run as the runner runs them, on a Hugo project whose
// pull request deletes a post, renames another with a Hugo alias (a
// redirect stub), adds one and edits a lastmod. Its base branch and the
// pull request are built by the real hugo, their sitemaps by the action
// from the loopback release (TestAction), and the action's compare-with
// runs sitemapgen diff into the job summary file the runner gives
// (GITHUB_STEP_SUMMARY), and as the pull request's comment through a
// loopback server answering as GitHub's API (package prtest): created,
// then updated at the next run; refused (403), said in the summary, and
// the step does not fail.
func TestRecipeSitemapDiff(t *testing.T) {
	needTool(t, "hugo")
	needTool(t, "git")
	needTool(t, "bash")
	needTool(t, "curl")
	data, err := os.ReadFile(filepath.Join(examples, "github-actions", "sitemap-diff.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On   string
		Jobs map[string]struct {
			Steps []struct {
				Name, Uses, Run  string
				WorkingDirectory string `yaml:"working-directory"`
				With             map[string]any
			}
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	if wf.On != "pull_request" {
		t.Errorf("on: %q, want pull_request (pull_request_target would run the pull request's code with a write token)", wf.On)
	}
	job, ok := wf.Jobs["sitemap-diff"]
	if !ok {
		t.Fatal("no job sitemap-diff")
	}

	// The base branch, then the pull request.
	dir := recipeDir(t)
	git := "git -c user.name=t -c user.email=t@example.org "
	mustShell(t, dir, "git init -q && git add -A && "+git+"commit -q -m base")
	base := strings.TrimSpace(mustShell(t, dir, "git rev-parse HEAD"))
	posts := filepath.Join(dir, "content", "posts")
	os.Remove(filepath.Join(posts, "second.md"))
	os.Remove(filepath.Join(posts, "first.md"))
	write(t, filepath.Join(posts, "renamed.md"), "---\ntitle: First post\ndate: 2024-01-02T09:00:00Z\naliases: [/posts/first/]\n---\nHello.\n")
	write(t, filepath.Join(posts, "third.md"), "---\ntitle: Third post\ndate: 2024-02-06T09:00:00Z\n---\nAnd again.\n")
	about := filepath.Join(dir, "content", "about.md")
	write(t, about, strings.Replace(string(must(os.ReadFile(about))), "lastmod: 2024-03-01T10:00:00Z", "lastmod: 2024-05-01T10:00:00Z", 1))
	mustShell(t, dir, "git add -A && "+git+"commit -q -m 'the pull request'")

	api := prtest.New(t)
	runner := t.TempDir()
	summary, event := filepath.Join(runner, "step_summary"), filepath.Join(runner, "event.json")
	write(t, event, fmt.Sprintf(`{"number":%d,"pull_request":{"number":%[1]d,"base":{"sha":%q}}}`, prtest.PR, base))
	env := []string{"GITHUB_ACTIONS=true", "GITHUB_REPOSITORY=" + prtest.Repo, "GITHUB_SERVER_URL=https://github.com",
		"GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH=" + event, "GITHUB_API_URL=" + api.URL, "GITHUB_STEP_SUMMARY=" + summary}
	expand := strings.NewReplacer("${{ github.event.pull_request.base.sha }}", base)
	path := pathWithout(filepath.Dir(bin))
	var report func() actionRun // the last step, run again below
	for _, step := range job.Steps {
		switch {
		case strings.HasPrefix(step.Uses, "sitemapgen/sitemapgen@"):
			with := map[string]string{}
			for k, v := range step.With {
				with[k] = fmt.Sprint(v)
			}
			t.Logf("step %q", step.Name)
			run := func() actionRun {
				return runAction(t, dir, with, append(slices.Clone(env), "PATH="+path, "SITEMAPGEN_RELEASES_URL="+releaseServer(t, false))...)
			}
			r := run()
			if r.code != 0 {
				t.Fatalf("the action: exit %d\n%s", r.code, r.out)
			}
			noWarnings(t, r.out)
			path = r.path + string(os.PathListSeparator) + path
			if with["compare-with"] != "" {
				report = run
			}
		case strings.HasPrefix(step.Uses, "actions/checkout@"):
			// The first checkout is dir; another is the ref it names in its
			// path.
			if p, ok := step.With["path"].(string); ok {
				ref := expand.Replace(fmt.Sprint(step.With["ref"]))
				mustShell(t, dir, "git clone -q . "+shellQuote(p)+" && git -C "+shellQuote(p)+" checkout -q "+shellQuote(ref))
			}
		case step.Uses != "":
			t.Fatalf("step %q uses %s, which the test does not run", step.Name, step.Uses)
		case step.Name == "Install Hugo":
			// apt-get as root; the test has Debian's hugo already.
		default:
			t.Logf("step %q", step.Name)
			noWarnings(t, mustShell(t, filepath.Join(dir, step.WorkingDirectory), expand.Replace(step.Run), append(slices.Clone(env), "PATH="+path)...))
		}
	}
	if report == nil {
		t.Fatal("no step of the workflow uses the action with compare-with")
	}

	md := string(must(os.ReadFile(summary)))
	wantOutput(t, md,
		"<!-- sitemapgen diff -->\n### Sitemap changes\n",
		"| added | 2 |\n",
		"| removed, **no redirect** (a 404 for every link to them) | 1 |\n",
		"| moved (removed, a redirect answers) | 1 |\n",
		"| removed from the sitemap, still served | 0 |\n",
		"| `https://example.org/posts/renamed/` |\n| `https://example.org/posts/third/` |\n",
		"<details open><summary>Removed, no redirect (1)</summary>\n\n| URL |\n| --- |\n| `https://example.org/posts/second/` |\n",
		// Hugo's alias is a stub whose meta refresh says where.
		"| `https://example.org/posts/first/` | `https://example.org/posts/renamed/` |\n",
	)
	// about/'s lastmod, and those of the pages listing the posts.
	if !strings.Contains(md, "| lastmod changed | ") || strings.Contains(md, "| lastmod changed | 0 |") {
		t.Errorf("no lastmod change counted:\n%s", md)
	}
	comments := api.Comments()
	if len(comments) != 1 || comments[0].Body+"\n" != md {
		t.Fatalf("%d comments, want the summary's report:\n%+v", len(comments), comments)
	}
	if _, tokens := api.Requests(); len(tokens) == 0 || tokens[0] != "Bearer "+testToken {
		t.Errorf("the comment's token: %q", tokens)
	}

	// The next push: the comment updated, not another.
	r := report()
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.out)
	}
	wantOutput(t, r.out, "sitemapgen: the report updated on pull request #7")
	if comments := api.Comments(); len(comments) != 1 {
		t.Errorf("%d comments after two runs", len(comments))
	}
	// A token that may not write (a fork's): said in the summary; the step
	// passes.
	api.Refuse(true)
	os.Remove(summary)
	r = report()
	if r.code != 0 {
		t.Fatalf("exit %d on a 403\n%s", r.code, r.out)
	}
	wantOutput(t, r.out, "with 403: Resource not accessible by integration")
	wantOutput(t, string(must(os.ReadFile(summary))), "| added | 2 |", "GitHub refused the workflow's token (403). Give the workflow `permissions: pull-requests: write`")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
