// Package prtest is tests' helper: a loopback server that answers as
// GitHub's REST API does the requests package prcomment sends for the
// comments of one pull request, so that no test reaches GitHub.
package prtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
)

// Repo and PR are the repository and the pull request the server knows.
const (
	Repo = "octo/site"
	PR   = 7
)

// Comment is a comment as the API gives it.
type Comment struct {
	ID      int64  `json:"id"`
	Body    string `json:"body"`
	HTMLURL string `json:"html_url"`
	User    struct {
		Type string `json:"type"`
	} `json:"user"`
}

// Server lists the pull request's comments (100 a page, the next page in
// a Link header), creates and updates them; with Refuse, it answers a
// write 403, as GitHub answers a read-only token.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	comments []Comment
	refuse   bool
	requests []string // "METHOD path", in order
	tokens   []string // each request's Authorization
	nextID   int64
}

// New starts a Server, closed when the test ends.
func New(t *testing.T) *Server {
	s := &Server{nextID: 1000}
	base := "/repos/" + Repo
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+base+"/issues/"+strconv.Itoa(PR)+"/comments", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		page := 1
		fmt.Sscan(r.URL.Query().Get("page"), &page)
		from, to := min((page-1)*100, len(s.comments)), min(page*100, len(s.comments))
		if to < len(s.comments) {
			w.Header().Set("Link", fmt.Sprintf(`<%s%s/issues/%d/comments?per_page=100&page=%d>; rel="next", <%s/x>; rel="last"`, s.URL, base, PR, page+1, s.URL))
		}
		json.NewEncoder(w).Encode(s.comments[from:to])
	})
	mux.HandleFunc("POST "+base+"/issues/"+strconv.Itoa(PR)+"/comments", func(w http.ResponseWriter, r *http.Request) {
		s.write(w, r, func(body string) (Comment, bool) {
			c := Comment{ID: s.nextID, Body: body, HTMLURL: fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", Repo, PR, s.nextID)}
			c.User.Type = "Bot"
			s.nextID++
			s.comments = append(s.comments, c)
			return c, true
		})
	})
	mux.HandleFunc("PATCH "+base+"/issues/comments/{id}", func(w http.ResponseWriter, r *http.Request) {
		s.write(w, r, func(body string) (Comment, bool) {
			for i := range s.comments {
				if strconv.FormatInt(s.comments[i].ID, 10) == r.PathValue("id") {
					s.comments[i].Body = body
					return s.comments[i], true
				}
			}
			return Comment{}, false
		})
	})
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, r.Method+" "+r.URL.Path)
		s.tokens = append(s.tokens, r.Header.Get("Authorization"))
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// write answers a create or an update: 403 when refusing, else edit's
// comment, or 404 when edit finds none.
func (s *Server) write(w http.ResponseWriter, r *http.Request, edit func(body string) (Comment, bool)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuse {
		w.WriteHeader(http.StatusForbidden)
		io.WriteString(w, `{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest"}`)
		return
	}
	var req struct{ Body string }
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	c, ok := edit(req.Body)
	if !ok {
		http.NotFound(w, r)
		return
	}
	json.NewEncoder(w).Encode(c)
}

// Add adds a comment, as a person ("User") or a bot ("Bot") wrote it.
func (s *Server) Add(body, userType string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := Comment{ID: s.nextID, Body: body}
	c.User.Type = userType
	s.nextID++
	s.comments = append(s.comments, c)
}

// Comments returns the pull request's comments.
func (s *Server) Comments() []Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Comment(nil), s.comments...)
}

// Requests returns the requests since the last call, "METHOD path", and
// each one's Authorization header.
func (s *Server) Requests() (requests, tokens []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	requests, tokens = s.requests, s.tokens
	s.requests, s.tokens = nil, nil
	return requests, tokens
}

// Refuse makes the server answer writes 403 (true) or take them.
func (s *Server) Refuse(refuse bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = refuse
}
