// Package prcomment writes one comment on the pull request a GitHub
// Actions run is for, and updates it at the next run rather than add
// another: the comment is found by a marker its body starts with, among
// the comments a bot wrote (the workflow's token writes as
// github-actions[bot]), through GitHub's REST API with the workflow's
// token.
//
// Nothing is sent but to the API's address (GITHUB_API_URL): a page of
// comments whose "next" link names another host is not followed, so the
// token goes nowhere else.
//
// # What it does
//
// [FromEnv] finds the pull request a GitHub Actions run is for:
// GITHUB_REPOSITORY, the event file's pull_request.number, GITHUB_TOKEN
// and GITHUB_API_URL. [Client.Post] writes the one comment: the first
// comment of a bot whose body starts with the marker is updated, else one
// is created. A refusal is a [StatusError] (Forbidden for 403). Package
// prtest is the tests' helper: a loopback server that answers as GitHub's
// API does (list with pages, create, update, refuse).
package prcomment
