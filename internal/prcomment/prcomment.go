package prcomment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// DefaultAPI is GitHub's REST API, when GITHUB_API_URL is not set.
const DefaultAPI = "https://api.github.com"

// MaxBody is the most characters GitHub takes in a comment's body.
const MaxBody = 65536

// maxPages bounds the pages of comments read to find the marked one
// (100 a page).
const maxPages = 50

// maxAnswer is the most bytes read of an answer of the API.
const maxAnswer = 8 << 20

// maxEvent is the most bytes read of the event file.
const maxEvent = 64 << 20

// Target is the pull request to comment on, and how.
type Target struct {
	// API is the REST API's address, without a final "/".
	API string
	// Repo is "owner/name".
	Repo string
	// PR is the pull request's number.
	PR int
	// Token is the workflow's token.
	Token string
}

// FromEnv returns the pull request the run is for, from the variables
// the runner sets: GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_EVENT_PATH
// (the event's payload, whose pull_request.number is the pull request's),
// and GITHUB_TOKEN, the token the step gives. Its error says why there
// is nothing to comment on: not a pull request's run, or no token.
func FromEnv(getenv func(string) string) (Target, error) {
	t := Target{API: strings.TrimSuffix(getenv("GITHUB_API_URL"), "/"), Repo: getenv("GITHUB_REPOSITORY"), Token: getenv("GITHUB_TOKEN")}
	if t.API == "" {
		t.API = DefaultAPI
	}
	owner, name, ok := strings.Cut(t.Repo, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return t, fmt.Errorf("GITHUB_REPOSITORY is %q, not owner/name: not a GitHub Actions run", diag.Excerpt(t.Repo))
	}
	event := getenv("GITHUB_EVENT_PATH")
	if event == "" {
		return t, errors.New("GITHUB_EVENT_PATH is not set: not a GitHub Actions run")
	}
	f, err := fsx.OpenNamed(event, maxEvent, "")
	if err != nil {
		return t, fmt.Errorf("the event file (GITHUB_EVENT_PATH): %w", err)
	}
	defer f.Close()
	var payload struct {
		PullRequest *struct {
			Number int `json:"number"`
		} `json:"pull_request"`
	}
	if err := json.NewDecoder(f).Decode(&payload); err != nil {
		return t, fmt.Errorf("the event file (GITHUB_EVENT_PATH): %v", diag.DecoderMessage(err.Error()))
	}
	if payload.PullRequest == nil || payload.PullRequest.Number <= 0 {
		return t, errors.New("the run is not for a pull request (GITHUB_EVENT_NAME " + strconv.Quote(getenv("GITHUB_EVENT_NAME")) + ")")
	}
	t.PR = payload.PullRequest.Number
	if t.Token == "" {
		return t, errors.New("no token: give the step GITHUB_TOKEN")
	}
	return t, nil
}

// StatusError is an answer of the API that is not a success.
type StatusError struct {
	Method, Path string
	Code         int
	// Message is the answer's "message", as an excerpt.
	Message string
}

func (e *StatusError) Error() string {
	s := fmt.Sprintf("GitHub answered %s %s with %d", e.Method, e.Path, e.Code)
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Forbidden reports whether err is the API's 403: the token may not
// write to the pull request (the workflow's permissions lack
// pull-requests: write, or the pull request comes from a fork, whose
// runs get a read-only token).
func Forbidden(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Code == http.StatusForbidden
}

// Client writes the comment. HTTP nil is a client with a one-minute
// timeout.
type Client struct {
	HTTP *http.Client
}

// Post makes body the pull request's comment marked by marker: it
// updates the first comment of a bot whose body starts with marker, else
// creates one. body must start with marker. It returns the comment's
// address (html_url) and whether it was updated.
func (c *Client) Post(ctx context.Context, t Target, marker, body string) (link string, updated bool, err error) {
	if !strings.HasPrefix(body, marker) {
		return "", false, errors.New("the comment's body does not start with its marker")
	}
	if n := len([]rune(body)); n > MaxBody {
		return "", false, fmt.Errorf("the comment is %d characters, more than GitHub's %d", n, MaxBody)
	}
	api, err := url.Parse(t.API)
	if err != nil || api.Scheme != "https" && api.Scheme != "http" || api.Host == "" {
		return "", false, fmt.Errorf("GITHUB_API_URL %q is no http(s) address", diag.URL(t.API))
	}
	if api.User != nil {
		// The token is GITHUB_TOKEN's; one in the address would be
		// quoted by the HTTP client's errors.
		return "", false, fmt.Errorf("GITHUB_API_URL %s has a user name or password: give the token as GITHUB_TOKEN", diag.URL(t.API))
	}
	repo := "/repos/" + pathEscape(t.Repo)
	id, err := c.find(ctx, t, api, repo+"/issues/"+strconv.Itoa(t.PR)+"/comments?per_page=100", marker)
	if err != nil {
		return "", false, err
	}
	payload, _ := json.Marshal(map[string]string{"body": body})
	var answer struct {
		HTMLURL string `json:"html_url"`
	}
	if id != 0 {
		err = c.do(ctx, t, http.MethodPatch, t.API+repo+"/issues/comments/"+strconv.FormatInt(id, 10), payload, &answer, nil)
		return answer.HTMLURL, true, err
	}
	err = c.do(ctx, t, http.MethodPost, t.API+repo+"/issues/"+strconv.Itoa(t.PR)+"/comments", payload, &answer, nil)
	return answer.HTMLURL, false, err
}

// pathEscape escapes each segment of owner/name.
func pathEscape(repo string) string {
	owner, name, _ := strings.Cut(repo, "/")
	return url.PathEscape(owner) + "/" + url.PathEscape(name)
}

// find returns the id of the first comment a bot wrote whose body starts
// with marker, 0 for none, reading the pages of comments from first (a
// path below the API) while their Link header names a next page on the
// API's host.
func (c *Client) find(ctx context.Context, t Target, api *url.URL, first, marker string) (int64, error) {
	next := t.API + first
	for range maxPages {
		var comments []struct {
			ID   int64  `json:"id"`
			Body string `json:"body"`
			User struct {
				Type string `json:"type"`
			} `json:"user"`
		}
		var header http.Header
		if err := c.do(ctx, t, http.MethodGet, next, nil, &comments, &header); err != nil {
			return 0, err
		}
		for _, cm := range comments {
			if cm.User.Type == "Bot" && strings.HasPrefix(cm.Body, marker) {
				return cm.ID, nil
			}
		}
		next = nextPage(header.Get("Link"), api)
		if next == "" {
			return 0, nil
		}
	}
	return 0, nil
}

// nextPage returns the rel="next" address of a Link header when it is on
// the API's scheme and host; "" otherwise.
func nextPage(link string, api *url.URL) string {
	for _, part := range strings.Split(link, ",") {
		ref, params, ok := strings.Cut(strings.TrimSpace(part), ";")
		if !ok || !strings.HasPrefix(ref, "<") || !strings.HasSuffix(ref, ">") {
			continue
		}
		rel := false
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "rel="); ok && strings.Contains(" "+strings.Trim(v, `"`)+" ", " next ") {
				rel = true
			}
		}
		if !rel {
			continue
		}
		u, err := api.Parse(ref[1 : len(ref)-1])
		if err != nil || u.Scheme != api.Scheme || u.Host != api.Host {
			return ""
		}
		return u.String()
	}
	return ""
}

// do sends a request of the API with the token and decodes its JSON
// answer into out; header, when given, gets the answer's header.
func (c *Client) do(ctx context.Context, t Target, method, addr string, payload []byte, out any, header *http.Header) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, addr, body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("Authorization", "Bearer "+t.Token)
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	req.Header.Set("User-Agent", "sitemapgen")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	client := c.HTTP
	if client == nil {
		client = &http.Client{Timeout: time.Minute}
	}
	resp, err := client.Do(req)
	if err != nil {
		// The message names the request by its path: the client's error
		// quotes its URL whole, a user name given as a token included.
		if ue, ok := errors.AsType[*url.Error](err); ok {
			err = ue.Err
		}
		return fmt.Errorf("%s %s: %w", method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, req.URL.Path, err)
	}
	if resp.StatusCode/100 != 2 {
		var answer struct {
			Message string `json:"message"`
		}
		json.Unmarshal(data, &answer)
		return &StatusError{Method: method, Path: req.URL.Path, Code: resp.StatusCode, Message: diag.Excerpt(answer.Message)}
	}
	if header != nil {
		*header = resp.Header
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s %s: the answer is no JSON of the API: %v", method, req.URL.Path, diag.DecoderMessage(err.Error()))
	}
	return nil
}
